"""The benchmark's probes measure what they say. (The timings themselves are not tested: they
belong to the benchmark, run on demand; these run a couple of battles each.)"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def probe(load_script):
    return load_script("benchmarks/probe.py", "slugfest_probe")


@pytest.fixture(scope="module")
def m(probe):
    return probe.load(ROOT)


@pytest.mark.parametrize("name", ["hero-brawl", "marvel-brawl"])
@pytest.mark.parametrize("side", [1, 3, 16])
def test_a_roster_of_n_a_side_is_a_valid_scenario_of_copies_on_a_map_that_fits_them(probe, m, name, side):
    data = probe.roster_data(m, name, side)
    sc = m["scenario"].parse_scenario(data, f"{name} x{side}")
    assert [len(s.combatants) for s in sc.sides] == [side, side]
    cells = [c.position for c in sc.combatants]
    assert len(set(cells)) == len(cells) and not set(cells) & sc.map.obstacles
    original = m["scenario"].load_scenario(m["bundled"]()[name])
    assert sc.map.width >= original.map.width and sc.map.height >= original.map.height
    first = original.sides[0].combatants[0]
    assert sc.sides[0].combatants[0].sheet == first.sheet  # copies, sheet for sheet


def test_the_battles_probe_counts_attacks_and_phases(probe, m):
    sc = m["scenario"].load_scenario(m["bundled"]()["hero-duel"])
    got = probe.battles(m, sc, 2)
    assert got["attacks"] > 0 and got["phases"] >= got["attacks"] // 2 and got["battles_per_s"] > 0
    assert got["decisions"] >= got["phases"] and got["runs"] == 2


@pytest.mark.parametrize("name", ["hero-duel", "marvel-seed"])
def test_the_resolution_probe_times_every_attack_and_puts_the_rules_back(probe, m, name):
    sc = m["scenario"].load_scenario(m["bundled"]()[name])
    owner, attr = probe._resolvers(m, sc)[0]
    before = getattr(owner, attr)
    got = probe.resolution(m, sc, 2)
    plain = probe.battles(m, sc, 2)
    assert got["resolutions"] >= plain["attacks"] > 0 and got["us_per_resolution"] > 0
    assert getattr(owner, attr) is before


@pytest.mark.parametrize("name", ["hero-duel", "marvel-seed"])
def test_the_resolution_probe_splits_the_whole_into_the_ais_decisions_and_the_engines_phases(probe, m, name):
    """Every decision the battles log is timed once (a question's answer too), and the AIs'
    share is a part of the whole, not all of it; the battle's ``decide`` is put back."""
    sc = m["scenario"].load_scenario(m["bundled"]()[name])
    Battle = m["battle"].Battle
    before = Battle.decide
    got = probe.resolution(m, sc, 2)
    plain = probe.battles(m, sc, 2)
    assert got["ai_decisions"] == plain["decisions"]
    assert got["ai_decisions"] - got["ai_questions"] == plain["phases"]
    assert 0 < got["ai_share"] < 1 and got["us_per_ai_phase"] > 0 and got["us_engine_per_phase"] > 0
    assert Battle.decide is before


def test_the_roster_curve_says_what_each_combatant_added_a_side_adds(load_script):
    bench = load_script("benchmarks/bench.py", "slugfest_bench")
    assert bench.per_added(426.0, 548.0, 8, 16) == 15.25  # 8v8 to 16v16: 122 us over 8 more a side
    assert bench.per_added(126.0, 175.0, 1, 2) == 49.0


def test_same_battles_tells_a_battle_narrated_anew_from_another_battle(load_script):
    """A change of wording in the text log leaves the battles the same: the tool counts those
    apart from battles whose events differ."""
    from types import SimpleNamespace

    sb = load_script("benchmarks/same_battles.py", "slugfest_same_battles")
    mods = sb._modules(ROOT)
    sc = dict(sb.battles(mods, 1))["hero-duel/as-written"]
    (events, text), _ = sb.fight(mods, sc, 5)
    assert sb.fight(mods, sc, 5)[0] == [events, text]

    class Louder(mods["text"].TextLog):
        def lines(self, evs):
            return [line.upper() for line in super().lines(evs)]

    (events_again, text_again), _ = sb.fight({**mods, "text": SimpleNamespace(TextLog=Louder)}, sc, 5)
    assert events_again == events and text_again != text
    assert sb.fight(mods, sc, 6)[0][0] != events  # another seed: another battle


def test_same_battles_sorts_battles_into_differing_told_anew_and_fought_on_one_side_only(load_script):
    sb = load_script("benchmarks/same_battles.py", "slugfest_same_battles")
    mine = {"a/0": ["e1", "t1"], "b/0": ["e2", "t2"], "c/0": ["e3", "t3"], "new/0": ["e4", "t4"]}
    theirs = {"a/0": ["e1", "t1"], "b/0": ["e2", "tX"], "c/0": ["eX", "t3"], "gone/0": ["e5", "t5"]}
    assert sb.compare(mine, theirs) == (["c/0"], ["b/0"], ["new/0"], ["gone/0"])
