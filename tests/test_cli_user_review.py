"""CLI behaviours a new user ran into: no silent overwrite on export, saves refused by battle
and check with a pointer to `play`, house rules checked against the system, the version, and
tables that keep their columns."""

import re

import pytest

from slugfest import cli
from slugfest.core.engine.session import Session
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import bundled


def test_export_refuses_to_replace_a_file_without_force(tmp_path, capsys):
    target = tmp_path / "mine.toml"
    target.write_text("# my own scenario\n")
    assert cli.main(["export", "hero-duel", "--out", str(target)]) == 2
    assert "already exists" in capsys.readouterr().err and target.read_text() == "# my own scenario\n"
    assert cli.main(["export", "hero-duel", "--out", str(target), "--force"]) == 0
    assert "[battle]" in target.read_text()


def test_export_to_dash_prints_the_scenario(capsys):
    assert cli.main(["export", "hero-duel", "--out", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("[battle]") and 'system = "hero"' in out


def test_battle_and_check_on_a_save_file_point_to_play(tmp_path, capsys):
    save = tmp_path / "fight-save.toml"
    s = Session(load_scenario(bundled()["hero-duel"]))
    s.step()
    s.save(save)
    for command in ("battle", "check"):
        assert cli.main([command, str(save)]) == 2
        err = capsys.readouterr().err
        assert "saved battle" in err and "slugfest play" in err


def test_the_rules_line_writes_options_as_toml_does(capsys):
    assert cli.main(["battle", "marvel-hydra", "--seed", "1"]) == 0
    rules = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("rules:"))
    assert "True" not in rules and "False" not in rules


def test_version_is_printed(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(r"slugfest (\d+\.\d+\.\d+\S*|\(not installed\))\n", capsys.readouterr().out)


def test_the_sweep_table_keeps_its_columns_under_their_headings(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,6", "--runs", "10",
                     "--jobs", "1", "--no-progress"]) == 0
    table = capsys.readouterr().out.split("\n\n")[0].splitlines()[1:]  # the outcomes' table
    header, rows = table[-3], table[-2:]  # the headings' last line, then a row per value

    def right_ends(line):  # columns are two or more spaces apart; a cell may hold single spaces
        return [m.end() for m in re.finditer(r"\S+(?: \S+)*", line)]

    assert len(rows) == 2
    for row in rows:
        assert right_ends(row) == right_ends(header), row


def test_a_report_without_draws_does_not_explain_them(capsys):
    assert cli.main(["simulate", "hero-duel", "--runs", "3", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Duel at the Docks: 3 battles (hero)" in out
    draws = next(line for line in out.splitlines() if line.startswith("draws"))
    assert draws.split() == ["draws", "0", "0.0%"]
