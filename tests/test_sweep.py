"""`slugfest sweep` (issue 16): values compared on the same battles, with paired intervals, a
grid of two parameters, CSV, a plot, and one pool of processes for the whole sweep."""

import csv
import io
import json

import pytest

from slugfest import cli
from slugfest.core.batch import simulate as sim
from slugfest.core.batch.sweep import paired_difference


def test_a_paired_difference_is_the_mean_of_the_battle_by_battle_differences():
    now = [1, 1, 0, 1, 0, 1, 1, 1]
    base = [0, 1, 0, 0, 0, 1, 1, 0]
    mean, lo, hi, n = paired_difference(now, base)
    # differences 1,0,0,1,0,0,0,1: mean 3/8, sample sd 0.5175, half width 1.96 * 0.5175 / sqrt(8)
    assert (n, mean) == (8, 0.375)
    assert (round(lo, 4), round(hi, 4)) == (0.0164, 0.7336)


def test_a_paired_difference_leaves_out_battles_that_failed_in_either():
    mean, _, _, n = paired_difference([1, None, 1], [0, 1, None])
    assert (mean, n) == (1.0, 1)


def test_a_value_identical_to_the_baseline_differs_by_nothing_with_no_spread():
    assert paired_difference([1, 0, 1, 1], [1, 0, 1, 1])[:3] == (0.0, 0.0, 0.0)


def test_each_row_carries_its_whole_report_and_the_paired_difference(tmp_path):
    out = tmp_path / "sweep.json"
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,6", "--runs", "30",
                     "--jobs", "1", "--json", str(out), "--no-progress"]) == 0
    rows = json.loads(out.read_text())["rows"]
    low, high = rows
    assert set(high["report"]["combatants"]) == {"ironclad", "sparkwing"}
    assert "BODY" in high["report"]["combatants"]["ironclad"]["dealt"]
    # no battle failed, so the mean of the differences is the difference of the rates (each
    # figure rounded to 4 places in the JSON: 0.9333 - 0.3667 is 0.5666, the difference 0.5667)
    assert high["vs_first_value"]["difference"] == pytest.approx(high["sides"]["Heroes"]["rate"]
                                                                 - low["sides"]["Heroes"]["rate"], abs=2e-4)
    assert high["vs_first_value"]["paired_battles"] == 30 and low["vs_first_value"]["difference"] == 0


def test_a_whole_sweep_runs_in_one_pool_of_processes(monkeypatch):
    started = []
    real = sim.ProcessPoolExecutor

    def counting(max_workers, **kwargs):
        started.append(max_workers)
        return real(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", counting)
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,4,5", "--runs", "30",
                     "--jobs", "2", "--no-progress"]) == 0
    assert started == [2]


def test_the_sweep_gives_the_same_rows_whatever_the_number_of_processes(tmp_path):
    for jobs in ("1", "2"):
        assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,5", "--runs", "30",
                         "--jobs", jobs, "--json", str(tmp_path / f"{jobs}.json"), "--no-progress"]) == 0
    assert (tmp_path / "1.json").read_text() == (tmp_path / "2.json").read_text()


def test_two_parameters_make_a_grid_of_every_pair_with_a_csv_row_each(tmp_path, capsys):
    out = tmp_path / "grid.csv"
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,5", "--param2", "sparkwing.SPD",
                     "--values2", "4,6", "--runs", "10", "--jobs", "1", "--csv", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "Heroes win rate: rows ironclad.SPD, columns sparkwing.SPD" in text
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [(r["ironclad.SPD"], r["sparkwing.SPD"]) for r in rows] == [("3", "4"), ("3", "6"), ("5", "4"), ("5", "6")]
    assert all(r["battles"] == "10" for r in rows)


def test_a_second_parameter_needs_its_values(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,5", "--param2",
                     "sparkwing.SPD", "--runs", "2"]) == 2
    assert "--param2 and --values2 go together" in capsys.readouterr().err


def test_the_plot_is_plain_text_when_not_on_a_terminal(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,6", "--runs", "10",
                     "--jobs", "1", "--plot", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "Heroes win rate by ironclad.SPD (%)" in text and "\x1b[" not in text


def test_a_precise_sweep_stops_when_every_value_is_precise_enough(tmp_path):
    out = tmp_path / "sweep.json"
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,6", "--precision", "9%",
                     "--runs", "2000", "--jobs", "1", "--json", str(out), "--no-progress"]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert rows[0]["battles"] == rows[1]["battles"] and rows[0]["battles"] % 100 == 0
    assert all(r["widest_half_width"] <= 0.09 for r in rows)


def test_a_failed_battle_leaves_only_its_own_pair_out_of_the_paired_interval(tmp_path, tally_fails_at):
    tally_fails_at(0)
    out = tmp_path / "sweep.json"
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,6", "--runs", "10",
                     "--jobs", "1", "--json", str(out), "--no-progress"]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert [(r["battles"], r["vs_first_value"]["paired_battles"]) for r in rows] == [(9, 9), (9, 9)]


@pytest.mark.parametrize("argv,said", [
    (["--values", "3,4", "--param2", "ironclad.SPD", "--values2", "4,5"], "a grid needs two different parameters"),
    (["--values", "3,3"], "gives 3 more than once"),
])
def test_a_sweep_that_would_repeat_itself_is_refused(argv, said, capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--runs", "2", *argv]) == 2
    assert said in capsys.readouterr().err


def test_a_key_wrong_whatever_its_value_is_said_once_and_values_out_of_range_each_their_own(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPX", "--values", "3,4,5", "--runs", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("expected a known key, got unknown key 'SPX' (did you mean 'SPD'?)") == 1
    assert err.splitlines()[-1] == "slugfest: the same with every value of ironclad.SPX"
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,0,99", "--runs", "2"]) == 2
    err = capsys.readouterr().err
    assert "SPD = 0:" in err and "SPD = 99:" in err and "got an integer 0" in err and "got an integer 99" in err
    assert "the same with every value" not in err
