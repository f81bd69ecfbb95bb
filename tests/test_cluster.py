"""Batches on a Dask cluster (issue 16): a two-worker local cluster gives exactly the local
run's statistics; a killed worker's battles are run again, or reported with their seeds."""

import json
import os
import sys

import pytest

distributed = pytest.importorskip("distributed")

from slugfest import cli  # noqa: E402
from slugfest.core.batch import simulate as sim  # noqa: E402
from slugfest.core.batch.cluster import ClusterError, connect, run_span, simulate_on_cluster  # noqa: E402
from slugfest.core.files.scenario import load_scenario  # noqa: E402
from slugfest.scenarios import bundled  # noqa: E402


@pytest.fixture(scope="module")
def client():
    import cloudpickle
    import dask

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test file
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=50)
        c = distributed.Client(cluster)
        yield c
        c.close()
        cluster.close()


@pytest.fixture(scope="module")
def duel():
    return load_scenario(bundled()["hero-duel"])


def test_a_two_worker_cluster_gives_the_local_runs_statistics_key_for_key(client, duel):
    seen = []
    ran = simulate_on_cluster(duel, 60, 11, "", client=client, span=7, on_progress=seen.append)
    local, _ = sim.simulate(duel, 60, 11)
    assert ran.lost_spans == 0 and not ran.interrupted
    assert ran.aggregate.as_dict() == local.as_dict()
    # a span a report, each saying the two workers play a span each at once (the pace waits a round)
    assert [p.done for p in seen] == sorted(p.done for p in seen) and seen[-1].done == 60
    assert {p.under_way for p in seen} == {2 * 7}


def test_a_shard_on_the_cluster_is_the_same_shard_run_here(client, duel):
    ran = simulate_on_cluster(duel, 20, 11, "", client=client, span=6, first=40)
    local, _ = sim.simulate(duel, 20, 11, first=40)
    assert ran.aggregate.as_dict() == local.as_dict()


def dies_once(scenario, first, count, *rest, marker=""):
    """A task whose worker process dies the first time it runs the span from battle 10."""
    if first == 10 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return run_span(scenario, first, count, *rest)


def always_dies(scenario, first, count, *rest):
    if first == 10:
        os._exit(1)
    return run_span(scenario, first, count, *rest)


def test_a_killed_workers_battles_are_run_again_and_nothing_changes(client, duel, tmp_path):
    import functools

    task = functools.partial(dies_once, marker=str(tmp_path / "died"))
    ran = simulate_on_cluster(duel, 30, 3, "", client=client, span=10, task=task)
    local, _ = sim.simulate(duel, 30, 3)
    assert (tmp_path / "died").exists()  # it did die once
    assert ran.lost_spans == 0 and ran.aggregate.as_dict() == local.as_dict()


def test_a_span_that_keeps_killing_workers_is_reported_with_its_seeds(client, duel):
    ran = simulate_on_cluster(duel, 30, 3, "", client=client, span=10, task=always_dies)
    agg = ran.aggregate
    assert ran.lost_spans == 1 and agg.n == 20
    assert [e.index for e in agg.errors] == list(range(10, 20))
    assert all(e.seed == sim.battle_seed(3, e.index) and "cluster task failed" in e.error for e in agg.errors)


@pytest.mark.parametrize("address", ["local:x", "local:0", "local:00"])
def test_a_local_cluster_is_local_or_local_and_a_number(address):
    with pytest.raises(ClusterError, match="local or local:N"):
        connect(address)


def test_the_command_line_runs_on_a_cluster_and_reports_as_a_local_run(tmp_path, client, monkeypatch):
    import slugfest.core.batch.cluster as cl

    monkeypatch.setattr(cl, "connect", lambda address: (distributed.Client(client.scheduler.address), None))
    assert cli.main(["simulate", "hero-duel", "--runs", "40", "--cluster", "tcp://shared", "--json",
                     str(tmp_path / "c.json"), "--no-progress"]) == 0
    assert cli.main(["simulate", "hero-duel", "--runs", "40", "--jobs", "1", "--json", str(tmp_path / "l.json"),
                     "--no-progress"]) == 0
    assert json.loads((tmp_path / "c.json").read_text()) == json.loads((tmp_path / "l.json").read_text())


def test_precision_is_refused_on_a_cluster(capsys):
    assert cli.main(["simulate", "hero-duel", "--precision", "5%", "--cluster", "local:2"]) == 2
    assert "give --runs with --cluster" in capsys.readouterr().err


def test_a_cluster_address_that_cannot_be_one_is_a_clear_error():
    with pytest.raises(ClusterError, match="tcp://10.0.0.5:8786"):
        connect("bogus")
