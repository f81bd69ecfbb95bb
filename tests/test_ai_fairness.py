"""Mirrored rosters (core.batch.mirror) and a bounded slice of benchmarks/ai_fairness.py (issue 18's
measurements; the full campaign is run on demand)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from slugfest.core.batch.mirror import adjust_side, mirror_cell, mirror_first_fitting, mirrored, swap_sides
from slugfest.core.files.scenario import dump_scenario, load_scenario, parse_scenario
from slugfest.scenarios import bundled



def brawl():
    return dump_scenario(load_scenario(bundled()["hero-brawl"]))


def test_a_mirrored_roster_is_one_side_against_its_twin_on_a_symmetric_map():
    data = brawl()
    m = mirrored(data, 0, ai="tactician", twin_ai="random")
    sc = parse_scenario(m, "<mirror>")  # it loads like any scenario
    a, b = sc.sides
    width = sc.map.width
    assert width % 2 == 0 and [c.id + "-twin" for c in a.combatants] == [c.id for c in b.combatants]
    for c, t in zip(a.combatants, b.combatants):
        assert t.position == tuple(mirror_cell(c.position, width)) and t.sheet == c.sheet
        assert (c.ai, t.ai) == ("tactician", "random")
    assert all(tuple(mirror_cell(o, width)) in sc.map.obstacles for o in sc.map.obstacles)


def test_swapping_lists_the_sides_the_other_way_and_adjusting_moves_one_side_only():
    m = mirrored(brawl(), 0)
    assert [s["name"] for s in swap_sides(m)["sides"]] == [s["name"] for s in reversed(m["sides"])]
    a = m["sides"][0]["name"]
    plus = parse_scenario(adjust_side(m, a, "DEX", 1), "<dex>")
    before = parse_scenario(m, "<m>")
    assert [c.sheet.characteristics.DEX for c in plus.sides[0].combatants] == \
           [c.sheet.characteristics.DEX + 1 for c in before.sides[0].combatants]
    assert [c.sheet for c in plus.sides[1].combatants] == [c.sheet for c in before.sides[1].combatants]


def test_plus_one_dex_moves_a_dex_the_file_leaves_to_its_default_of_10():
    m = mirrored(brawl(), 0)
    side = m["sides"][0]
    del side["combatants"][0]["characteristics"]["DEX"]
    plus = parse_scenario(adjust_side(m, side["name"], "DEX", 1), "<dex>")
    assert plus.sides[0].combatants[0].sheet.characteristics.DEX == 11


def test_plus_one_initiative_raises_the_marvel_initiative_modifier_from_vigilance_and_nothing_else():
    """rules/marvel.md §3.2: initiative is d616 + the initiative modifier, which is Vigilance
    unless the sheet gives one; +1 gives one (Vigilance + 1) and leaves Vigilance itself, and
    the defense, Focus and tie-break it feeds, alone."""
    m = mirror_first_fitting(dump_scenario(load_scenario(bundled()["marvel-xmen"])))
    a = m["sides"][0]["name"]
    before = parse_scenario(m, "<m>")
    plus = parse_scenario(adjust_side(m, a, "initiative", 1), "<init>")
    assert [c.sheet.initiative for c in before.sides[0].combatants] == [None] * 4
    assert [c.sheet.initiative_modifier for c in plus.sides[0].combatants] == \
           [c.sheet.abilities.Vigilance + 1 for c in before.sides[0].combatants] == [5, 3, 3, 4]
    assert [replace(c.sheet, initiative=None) for c in plus.sides[0].combatants] == \
           [c.sheet for c in before.sides[0].combatants]
    assert [c.sheet for c in plus.sides[1].combatants] == [c.sheet for c in before.sides[1].combatants]
    again = parse_scenario(adjust_side(adjust_side(m, a, "initiative", 1), a, "initiative", 1), "<init>")
    assert [c.sheet.initiative for c in again.sides[0].combatants] == [6, 4, 4, 5]  # moves from the value given


def test_adjusting_what_a_system_does_not_have_is_refused():
    with pytest.raises(ValueError, match="HERO: expected a characteristic to adjust, got 'initiative'"):
        adjust_side(mirrored(brawl(), 0), "Vanguard", "initiative", 1)
    m = mirror_first_fitting(dump_scenario(load_scenario(bundled()["marvel-xmen"])))
    with pytest.raises(ValueError, match="marvel: expected a value adjust_side knows"):
        adjust_side(m, "X-Men", "DEX", 1)


def test_a_side_on_both_halves_cannot_be_mirrored():
    data = brawl()
    side = data["sides"][0]["combatants"]
    side[1]["position"] = mirror_cell(side[0]["position"], data["map"]["width"] + data["map"]["width"] % 2)
    with pytest.raises(ValueError, match="stands on both halves of the map"):
        mirrored(data, 0)


@pytest.fixture(scope="module")
def fairness(load_script):
    return load_script("benchmarks/ai_fairness.py", "slugfest_fairness")


SLICE = ["--scenarios", "hero-duel,marvel-seed", "--runs", "2", "--ladder-runs", "1", "--waste-runs", "1",
         "--no-progress"]


def test_each_section_prints_every_figure_with_its_verdict(fairness, capsys):
    c = fairness.Campaign()
    assert fairness.main(SLICE, c) == 0
    out = capsys.readouterr().out
    for head in ("seat:", "dex:", "ladder:", "waste:"):
        assert f"\n{head}" in "\n" + out
    assert "hero-duel     listed first" in out and "marvel-seed   listed first" in out
    assert "+1 DEX" in out and "+1 initiative" in out and "tactician vs default" in out
    assert "strike at a foe already down" in out and "3- with an 8- at hand" in out and "Haymaker into a Dodge" in out
    verdicts = [line for line in out.splitlines() if "meets the goal" in line or "MISSES the goal" in line]
    assert len(verdicts) == len(c.rows) == 2 * 2 + 2 + 2 + 2  # seat: 2 a scenario; dex, ladder, waste: 1


def test_every_variant_fights_battles_of_its_own_and_each_is_counted_once(fairness):
    """Issue 34: both listing orders of a mirror on the same seeds are mirror images of each
    other, so pooling them counted every battle twice and gave side A 50% by construction."""
    c = fairness.Campaign()
    assert fairness.main(SLICE + ["--only", "seat,dex,ladder"], c) == 0
    seeds = [s for v in c.played.values() for s in v]
    assert len(c.played) == 2 * (2 + 4 + 2) and len(seeds) == 2 * (2 * 2 + 4 * 2 + 2 * 1)
    assert len(set(seeds)) == len(seeds)  # no battle fought by two variants
    for row in c.rows:
        fought = sum(len(c.played[v]) for v in row.variants)
        assert row.battles == fought and row.decided <= fought  # each battle counted once
    assert fairness.variant_seed(0, "seat/x") == fairness.variant_seed(0, "seat/x") != fairness.variant_seed(1, "seat/x")


def test_the_planners_cost_is_timed_on_the_very_battles_it_would_fight(fairness, monkeypatch):
    """The metered stand-ins change nothing: the battle's log is the same as without them."""
    from slugfest.core.engine.battle import Battle
    from slugfest.core.engine.events import to_jsonable
    from slugfest.core.engine.plugins import get_plugin_manager

    for var, value in (("CANDIDATES", "2"), ("ROLLOUTS", "1"), ("DEPTH", "1")):
        monkeypatch.setenv(f"SLUGFEST_PLANNER_{var}", value)
    data = dump_scenario(load_scenario(bundled()["hero-duel"]))
    data["sides"][0]["combatants"][0]["ai"], data["sides"][1]["combatants"][0]["ai"] = "planner", "tactician"
    sc = parse_scenario(data, "<duel>")
    meters = [fairness.Metered("planner"), fairness.Metered("tactician")]
    timed = Battle(sc, seed=5, host=get_plugin_manager(extra=[(m.name, m) for m in meters]), plugin_timeout=None)
    timed.run()
    plain = Battle(sc, seed=5)
    plain.run()
    assert [to_jsonable(e) for e in timed.events] == [to_jsonable(e) for e in plain.events]
    chosen = [e.chosen_by for e in plain.events if type(e).__name__ == "ActionChosen"]
    assert [m.decisions for m in meters] == [chosen.count("planner"), chosen.count("tactician")]
    assert all(m.decisions > 0 and m.seconds > 0 for m in meters)


def test_a_strike_at_a_foe_down_when_chosen_and_a_haymaker_into_a_standing_dodge_are_wasted(fairness):
    """A Dodge stands until the dodger's next Phase (6E1 maneuver table); a Haymaker that lands
    on a foe felled after it was thrown was thrown while the foe stood, and is not counted."""
    from collections import Counter

    from slugfest.core.engine.events import ActionChosen
    from slugfest.core.hero.combat_values import CVChain, Modifier
    from slugfest.core.hero.events import AttackRolled, StatusChanged

    def chose(actor: str, kind: str, maneuver: str = "") -> ActionChosen:
        return ActionChosen(actor=actor, action=f"{maneuver or kind}", reason="", chosen_by="default",
                            action_kind=kind, maneuver=maneuver)

    def rolled(target: str, maneuver: str, dodging: bool = False) -> AttackRolled:
        mods = (Modifier(4, "Dodge", 3),) if dodging else ()
        return AttackRolled(attacker="a", target=target, attack="Punch", maneuver=maneuver,
                            ocv=CVChain("OCV", 5, (), 5), dcv=CVChain("DCV", 5, mods, 5 + 3 * dodging),
                            faces=(3, 3, 3), total=9, needed=11 - 3 * dodging, hit=True, dcv_hit=5, automatic="")

    events = [chose("b", "dodge"), chose("a", "attack", "haymaker"), rolled("b", "haymaker", dodging=True),
              StatusChanged(actor="c", status="knocked out", active=True, why="STUN below 0"),
              chose("a", "attack", "strike"), rolled("c", "strike"),
              chose("a", "attack", "haymaker"), StatusChanged(actor="d", status="knocked out", active=True, why=""),
              rolled("d", "haymaker"),
              chose("b", "recover"), chose("a", "attack", "haymaker"), rolled("b", "haymaker")]
    counts: Counter = Counter()
    fairness.count_waste(events, counts, free_reactions=False)
    assert (counts["decisions"], counts["haymakers"]) == (6, 3)
    assert (counts["haymaker into dodge"], counts["strike at the fallen"]) == (1, 1)


def test_the_help_teaches_the_sections_the_goals_and_why_each_variant_has_seeds_of_its_own(fairness, capsys):
    with pytest.raises(SystemExit) as done:
        fairness.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for words in ("seat ", "dex ", "ladder ", "waste ", "+1 initiative", "mirror images", "--jobs", "--ais",
                  "--ladder-runs", "--waste-runs", "--cost-runs"):
        assert words in out
