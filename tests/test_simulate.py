"""Batch battles: reproducible whatever the number of processes, aggregated as they come,
failures reported with their seeds, Ctrl-C keeps what finished; sweeps share dice streams."""

import json

import pytest

from core import cli, simulate as sim
from core.battle import Battle
from core.scenario import load_scenario
from core.stats import Running, wilson
from core.sweep import SweepError, parse_value, read_data, set_parameter
from scenarios import bundled


@pytest.fixture(scope="module")
def duel():
    return load_scenario(bundled()["hero-duel"])


def test_wilson_interval_matches_published_values():
    # 8 successes out of 10 -> 0.4902 to 0.9433 (Wilson 1927; e.g. Newcombe 1998, table I).
    lo, hi = wilson(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (0.0, 0.0)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and round(hi, 4) == 0.1611


def test_running_mean_and_spread_match_the_textbook_formulas():
    r = Running()
    for x in [2, 4, 4, 4, 5, 5, 7, 9]:
        r.add(x)
    assert r.mean == 5 and round(r.stdev, 4) == 2.1381 and (r.lo, r.hi) == (2, 9)


def test_battle_seeds_depend_only_on_the_base_seed_and_the_index():
    assert sim.battle_seed(7, 3) == sim.battle_seed(7, 3)
    assert len({sim.battle_seed(7, i) for i in range(1000)}) == 1000
    assert sim.battle_seed(7, 3) != sim.battle_seed(8, 3)


def test_the_same_batch_gives_the_same_statistics_whatever_the_number_of_processes(duel):
    one, _ = sim.simulate(duel, 30, 5, jobs=1)
    two, _ = sim.simulate(duel, 30, 5, jobs=2)
    assert one.as_dict() == two.as_dict()
    assert one.n == 30 and sum(one.wins.values()) + one.draws == 30


def test_the_tally_adds_up_with_the_battle_log(duel):
    b = Battle(duel, seed=sim.battle_seed(5, 0))
    b.run()
    t = b.system.tally(b, 0)
    from core.hero.events import AttackRolled, DamageTakenEvent

    attacks = [e for e in b.events if isinstance(e, AttackRolled)]
    assert sum(c.attacks for c in t.combatants.values()) == len(attacks)
    assert sum(c.hits for c in t.combatants.values()) == sum(e.hit for e in attacks)
    taken = sum(e.stun_taken for e in b.events if isinstance(e, DamageTakenEvent))
    assert sum(c.damage_taken for c in t.combatants.values()) == taken
    assert t.winner == b.outcome.winner and t.rounds == b.outcome.rounds


def test_a_battle_that_raises_becomes_an_error_with_its_seed_and_the_batch_goes_on(duel, monkeypatch):
    real = sim.tally_of

    def flaky(battle, index):
        if index == 3:
            raise ValueError("broken tally")
        return real(battle, index)

    monkeypatch.setattr(sim, "tally_of", flaky)
    agg, _ = sim.simulate(duel, 6, 1, jobs=1)
    assert agg.n == 5 and len(agg.errors) == 1
    e = agg.errors[0]
    assert e.index == 3 and e.seed == sim.battle_seed(1, 3) and "broken tally" in e.error


def test_a_crashed_worker_loses_only_its_own_battles(duel, monkeypatch):
    import os

    real = sim._run_chunk

    def dying(start, stop, base_seed):
        if start == 5:
            os._exit(1)  # the worker process dies outright, taking the chunks in flight with it
        return real(start, stop, base_seed)

    monkeypatch.setattr(sim, "_run_chunk", dying)  # forked workers inherit the patch
    monkeypatch.setattr(sim, "CHUNK", 5)
    agg, _ = sim.simulate(duel, 20, 1, jobs=2)
    crashed = sorted(e.index for e in agg.errors if e.error == "worker process crashed")
    assert crashed == [5, 6, 7, 8, 9]  # only the chunk that kills a worker on its own
    assert agg.n == 15
    assert all(e.seed == sim.battle_seed(1, e.index) for e in agg.errors)


def test_ctrl_c_keeps_the_battles_that_finished(duel):
    def interrupt(progress):
        if progress.done == 4:
            raise KeyboardInterrupt

    agg, interrupted = sim.simulate(duel, 50, 1, jobs=1, on_progress=interrupt)
    assert interrupted and agg.n == 4


def test_memory_stays_flat_the_aggregate_keeps_no_battle(duel):
    agg, _ = sim.simulate(duel, 20, 1, jobs=1)
    sizes = {k: len(v) for k, v in vars(agg).items() if isinstance(v, (list, dict))}
    assert sizes["errors"] == 0 and sizes["combatants"] == 2  # per combatant, not per battle


def test_simulate_command_prints_the_report_and_writes_json(tmp_path, capsys):
    out = tmp_path / "stats.json"
    assert cli.main(["simulate", "hero-duel", "--runs", "12", "--jobs", "1", "--seed", "3",
                     "--json", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "95% CI (Wilson)" in text and "battle length" in text and "never fired" in text
    data = json.loads(out.read_text())
    assert data["battles"] == 12 and set(data["sides"]) == {"Heroes", "Villains"}
    assert data["base_seed"] == 3 and "coverage" in data


def test_play_by_play_replays_one_battle_of_the_batch(duel, capsys):
    assert cli.main(["simulate", "hero-duel", "--runs", "10", "--seed", "3", "--play-by-play", "4"]) == 0
    text = capsys.readouterr().out
    b = sim.replay(duel, 4, 3)
    assert f"seed {sim.battle_seed(3, 4)}" in text
    assert text.strip().splitlines()[-1].startswith("===") and str(b.outcome.rounds) in text.splitlines()[-1]


def test_sweep_parameters_by_combatant_and_by_path():
    data = read_data(bundled()["hero-duel"])
    a = set_parameter(data, "ironclad.SPD", 6)
    assert a["sides"][0]["combatants"][0]["characteristics"]["SPD"] == 6
    assert data["sides"][0]["combatants"][0]["characteristics"]["SPD"] == 4  # the original is untouched
    b = set_parameter(data, "sparkwing.attacks.Lightning Bolt.dice", "8d6")
    assert b["sides"][1]["combatants"][0]["attacks"][0]["dice"] == "8d6"
    c = set_parameter(data, "battle.turn_limit", 3)
    assert c["battle"]["turn_limit"] == 3
    with pytest.raises(SweepError):
        set_parameter(data, "sparkwing.attacks.Nope.dice", "1d6")
    assert parse_value("7") == 7 and parse_value("12d6") == "12d6" and parse_value("true") is True


def test_a_sweep_uses_the_same_dice_streams_for_every_value(capsys):
    """Common random numbers: the baseline value gives exactly the batch's own results."""
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "4,6", "--runs", "8",
                     "--jobs", "1", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    agg, _ = sim.simulate(load_scenario(bundled()["hero-duel"]), 8, 2, jobs=1)
    rate = agg.wins["Heroes"] / 8
    row = next(line for line in text.splitlines() if line.strip().startswith("4 "))
    assert f"{rate:.1%}" in row


def test_an_invalid_sweep_value_is_reported_as_bad_input(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "0", "--runs", "2"]) == 2
    assert "SPD" in capsys.readouterr().err
