"""`slugfest worth --cluster` and `slugfest optimise --cluster` (issue 39): on a Dask cluster the
price table and the search are the local run's, figure for figure, because every battle keeps
its seed and every span of battles lands at its own place in the paired series.

Dask distributed is an optional extra (``slugfest[cluster]``): without it these tests skip and
say so."""

import json
import sys

import pytest

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed is not installed (the optional extra slugfest[cluster]): "
                          "worth and optimise on a cluster are not tested")

from slugfest import cli  # noqa: E402
from slugfest.core.batch.cluster import run_wins, wins_on_cluster  # noqa: E402
from slugfest.core.files.scenario import load_scenario  # noqa: E402
from slugfest.scenarios import find  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test file
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                     silence_logs=50)
    client = distributed.Client(local)
    yield client
    client.close()
    local.close()


def test_spans_finishing_in_any_order_land_at_their_own_battles(cluster):
    duel = load_scenario(find("hero-duel"))
    series, stopped, lost = wins_on_cluster([duel], 9, 5, "Heroes", cluster, first=3, span=2)
    here = run_wins(duel, 3, 9, 5, "Heroes")
    assert not stopped and lost == 0 and series == [here]


def fails_from_battle_4(scenario, first, count, base_seed, side):
    if first == 4:
        raise RuntimeError("this span's worker is gone")
    return run_wins(scenario, first, count, base_seed, side)


def test_a_span_the_cluster_cannot_run_is_left_out_of_the_pairs_and_counted(cluster):
    duel = load_scenario(find("hero-duel"))
    series, _, lost = wins_on_cluster([duel], 6, 5, "Heroes", cluster, span=2, task=fails_from_battle_4)
    here = run_wins(duel, 0, 6, 5, "Heroes")
    assert lost == 1 and series[0][4:] == [None, None] and series[0][:4] == here[:4]


def test_worth_on_a_cluster_gives_the_local_table_round_for_round(cluster, tmp_path, capsys):
    argv = ["worth", "hero-duel", "--combatant", "ironclad", "--changes", "+5 ED,+1 OCV,+5 PD,+4 m Running",
            "--runs", "6", "--max-runs", "12", "--seed", "3", "--no-progress"]
    assert cli.main(argv + ["--cluster", cluster.scheduler.address, "--json", str(tmp_path / "c.json")]) == 0
    assert cli.main(argv + ["--jobs", "1", "--json", str(tmp_path / "l.json")]) == 0
    on_cluster, here = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("c", "l"))
    assert on_cluster == here and len(here["rounds"]) > 1  # a sequential table, not one round
    assert "could not be run on the cluster" not in capsys.readouterr().out


def test_optimise_on_a_cluster_finds_the_local_build_with_the_local_figures(cluster, tmp_path):
    argv = ["optimise", "hero-duel", "--combatant", "ironclad", "--budget", "10", "--screen-runs", "2", "--steps",
            "2", "--race-runs", "1", "--candidates", "3", "--duel-runs", "4", "--no-progress"]
    assert cli.main(argv + ["--cluster", cluster.scheduler.address, "--json", str(tmp_path / "c.json")]) == 0
    assert cli.main(argv + ["--jobs", "1", "--json", str(tmp_path / "l.json")]) == 0
    on_cluster, here = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("c", "l"))
    assert on_cluster == here and here["head_to_head"]["battles"] == 4


@pytest.mark.parametrize("command", [["worth"], ["optimise", "--budget", "10"]])
def test_a_cluster_address_that_cannot_be_one_is_said_before_any_report(capsys, command):
    code = cli.main([*command, "hero-duel", "--combatant", "ironclad", "--cluster", "local:x", "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "--cluster local:x: expected local or local:N" in err
