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


def test_the_fairness_script_prints_each_section_with_its_verdict(fairness, capsys):
    assert fairness.main(["--only", "seat,dex,waste", "--runs", "4", "--waste-runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "hero    hero-brawl" in out and "marvel  marvel-brawl" in out and "+1 DEX" in out
    assert "hero-duel" in out and "decisions: Haymaker out of reach" in out
    assert out.count("the goal") >= 3
