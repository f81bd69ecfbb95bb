"""Areas aimed at any cell, the Surface and Any Area shapes, and area Autofire (rules-powers
§1.4 and §1.5; issue 40). The attack roll of an area is made against the cell (DCV 3, 0 next to
the attacker), so any open cell in range and sight will do, empty or not. Our readings (README,
core/hero/areas.py): a Surface or an Any Area of N cells is laid from the cell aimed at along
the shortest open paths to the foes nearest it, never through a friend's cell; an Autofire area
hits the area once and once more for every 2 points the roll is made by, each hit on everyone
inside; END is paid for every shot."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.errors import IllegalAction
from slugfest.core.files.scenario import dump_scenario, parse_scenario
from slugfest.core.hero import areas
from slugfest.core.hero import events as ev
from slugfest.core.render.text import TextLog
from slugfest.core.rules.grid import grid_for
from slugfest.core.testing import battle_with, events_of, hero, phase_decision, scenario

from hero_script import fight

OPEN = grid_for(20, 12, frozenset())
FIREBALL = {"name": "Fireball", "dice": "6d6", "range": 40, "defense": "ED", "area": {"shape": "radius", "metres": 4}}
CLOUD = {"name": "Choking Cloud", "dice": "4d6", "range": 30, "defense": "ED", "area": {"shape": "any area", "cells": 4}}
STORM = {"name": "Needle Storm", "dice": "2d6", "range": 40, "defense": "ED", "autofire": 5,
         "area": {"shape": "radius", "metres": 4}}


def caster(attack=None, pos=(0, 5), **keys):
    return hero("a", pos, attacks=[attack or FIREBALL], **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


def dummy(id, pos, dex, **keys):
    return hero(id, pos, **{"SPD": 2, "DEX": dex, "DCV": 7, "PD": 0, "ED": 0, "STUN": 80, "BODY": 20, **keys})


# -- the table ---------------------------------------------------------------------------------

def test_each_shape_is_one_entry_of_the_table_and_the_sheet_agrees_which_spread_from_their_user():
    assert areas.SHAPES == ("radius", "cone", "line", "surface", "any area")
    from slugfest.core.hero.sheet import HeroAttack
    for shape in areas.TABLE.values():
        atk = HeroAttack(name="x", area=shape.name)
        assert atk.spreads is shape.spreads
    assert [s.key for s in areas.TABLE.values()] == ["metres", "metres", "metres", "cells", "cells"]


@pytest.mark.parametrize("shape, cells, advantage", [
    ("surface", 1, "1/4"), ("surface", 2, "1/4"), ("any area", 4, "1/2"), ("any area", 8, "3/4"),
    ("any area", 16, "1"), ("surface", 5, "3/4")])
def test_a_surface_or_any_area_is_a_quarter_for_two_cells_and_a_quarter_more_a_doubling(shape, cells, advantage):
    assert areas.area_advantage(shape, cells, False) == Fraction(advantage)


# -- laying a Surface or an Any Area -------------------------------------------------------------

def test_a_laid_area_joins_the_nearest_foe_first_by_the_shortest_path_round_a_friend():
    # aimed at 5,5; a friend at 6,5 stands between it and the foe at 7,5: the path goes round,
    # through 6,6; the foe at 5,8 needs 2 cells more and only 1 is left
    laid = areas.lay(OPEN, 4, (5, 5), ((7, 5), (5, 8)), frozenset({(6, 5), (0, 5)}))
    assert laid == {(5, 5), (6, 6), (7, 5)}
    bigger = areas.lay(OPEN, 8, (5, 5), ((7, 5), (5, 8)), frozenset({(6, 5), (0, 5)}))
    assert bigger == {(5, 5), (6, 6), (7, 5), (6, 7), (5, 8)}


def test_a_laid_area_runs_over_open_cells_only_and_passes_over_a_foe_it_cannot_reach():
    walled = grid_for(20, 12, frozenset({(6, 4), (6, 5), (6, 6)}))
    # round the wall to 7,5 is 4 new cells: 4 in all leaves 3, so the foe is passed over
    assert areas.lay(walled, 4, (5, 5), ((7, 5),), frozenset()) == {(5, 5)}
    assert areas.lay(walled, 5, (5, 5), ((7, 5),), frozenset()) == {(5, 5), (5, 6), (6, 7), (7, 6), (7, 5)}
    assert areas.lay(walled, 4, (6, 5), ((7, 5),), frozenset()) == frozenset()  # a wall is no place for it


# -- aiming at any cell ----------------------------------------------------------------------------

def two_foes(dice, *plan_action, rules=None, **keys):
    """a at (0, 5) with a Fireball; foes b at (8, 4) and c at (8, 6), 2 m either side of the empty
    cell 8,5, which is 16 m away: -2 for range, 11 + 8 - 2 - DCV 3 = 14-."""
    sides = {"A": [caster(**keys)], "B": [dummy("b", (8, 4), 12), dummy("c", (8, 6), 11)]}
    plan = ("a", plan_action[0] if plan_action else Action("attack", "Fireball", "", "area", destination=(8, 5)))
    return fight(sides, dice, plan, rules=rules or {"knockback": "off"}, turn_limit=1)


def test_an_area_aimed_at_an_empty_cell_rolls_against_the_cells_dcv_and_hits_everyone_inside():
    b = two_foes([5, 3, 2,  # 10 on 14-
                  6, 6, 6, 6, 6, 6,  # b: 36 STUN
                  1, 1, 1, 1, 1, 1])  # c: 6
    (aimed,) = events_of(b, ev.AreaAimed)
    assert (aimed.shape, aimed.size, aimed.cell, aimed.target) == ("radius", 4, (8, 5), "")
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.target, roll.needed, roll.dcv.value, roll.hit) == ("", 14, 3, True)
    assert [(m.value, m.source) for m in roll.ocv.modifiers] == [(-2, "range 16 m")]
    (area,) = events_of(b, ev.AreaHit)
    assert (area.cell, area.inside) == ((8, 5), ("b", "c"))
    assert [(e.target, e.stun_taken) for e in events_of(b, ev.DamageTakenEvent)] == [("b", 36), ("c", 6)]
    log = "\n".join(TextLog().lines(b.events))
    assert "a aims Fireball (4 m Radius) at the empty cell 8,5" in log
    assert "a attacks the cell with Fireball (Area Of Effect): needs 14- (11 + OCV 6 - DCV 3), rolled 10 [5, 3, 2]: HIT" in log
    assert "4 m Radius centred on 8,5: hits everyone inside: b, c" in log


def test_aimed_at_a_foes_cell_the_log_names_the_foe_and_its_cell():
    b = two_foes([6, 6, 6], Action("attack", "Fireball", "b", "area", destination=(8, 4)))  # 18 always misses
    log = "\n".join(TextLog().lines(b.events))
    assert "a aims Fireball (4 m Radius) at b's cell 8,4" in log
    assert "a attacks b with Fireball (Area Of Effect): needs 14-" in log
    assert not events_of(b, ev.AreaHit)


@pytest.mark.parametrize("action, message", [
    (Action("attack", "Fireball", "", "area", destination=(21, 5)), "Fireball cannot be aimed there: 21,5 is 42 m away; it reaches 40 m"),
    (Action("attack", "Fireball", "", "area", destination=(2, 7)), "Fireball cannot be aimed there: 2,7 is a wall"),
    (Action("attack", "Fireball", "", "area", destination=(4, 9)), "Fireball cannot be aimed there: an obstacle blocks the line of sight to 4,9"),
    (Action("attack", "Fireball", "", "area", destination=(30, 5)), "Fireball cannot be aimed there: 30,5 is off the map"),
    (Action("attack", "Fireball", "b", "area", destination=(8, 5)), "b does not stand at 8,5"),
    (Action("attack", "Fireball", "", "area", targets=("b",), destination=(8, 5)),
     "Fireball aimed at 8,5 would hit b, c, not b"),
    (Action("attack", "Fireball", "", "area"), "aim Fireball at a cell (x,y)"),
])
def test_a_cell_out_of_reach_or_sight_a_wall_or_the_wrong_list_of_who_it_hits_is_refused_saying_why(action, message):
    b = battle_with(scenario("hero", {"A": [caster()], "B": [dummy("b", (8, 4), 12), dummy("c", (8, 6), 11)]},
                             width=22, obstacles=[(2, 7)]), dice=[])
    d = phase_decision(b, "a")
    with pytest.raises(IllegalAction, match=re.escape(message)):
        b.system.check(b.ctx, d, action)


def test_any_cell_in_reach_is_accepted_even_one_the_menu_does_not_list():
    b = battle_with(scenario("hero", {"A": [caster()], "B": [dummy("b", (8, 4), 12)]}), dice=[])
    d = phase_decision(b, "a")
    empty = Action("attack", "Fireball", "", "area", destination=(14, 10))
    assert empty not in d.menu
    b.system.check(b.ctx, d, empty)  # nobody inside: a waste, but the rules allow it
    b.system.check(b.ctx, d, Action("attack", "Fireball", "", "area", targets=("b",), destination=(8, 5)))


# -- Surface and Any Area in a fight -------------------------------------------------------------

@pytest.mark.parametrize("shape, title", [("any area", "Any Area"), ("surface", "Surface")])
def test_a_laid_area_takes_in_both_foes_round_the_friend_between_them(shape, title):
    # aimed at b's cell 8,5 (16 m: -2; 14-); c at 10,5 is joined round a's friend f at 9,5
    cloud = {**CLOUD, "area": {"shape": shape, "cells": 4}}
    sides = {"A": [caster(cloud), dummy("f", (9, 5), 13)], "B": [dummy("b", (8, 5), 12), dummy("c", (10, 5), 11)]}
    b = fight(sides, [4, 4, 4,  # 12 on 14-
                      6, 6, 6, 6,  # b: 24 STUN
                      2, 2, 2, 2],  # c: 8
              ("a", Action("attack", "Choking Cloud", "b", "area", destination=(8, 5))), turn_limit=1)
    (area,) = events_of(b, ev.AreaHit)
    assert (area.shape, area.cells, area.inside, area.friends) == (shape, 4, ("b", "c"), ())
    assert [(e.target, e.stun_taken) for e in events_of(b, ev.DamageTakenEvent)] == [("b", 24), ("c", 8)]
    assert f"4-cell {title} laid from 8,5: hits everyone inside: b, c" in "\n".join(TextLog().lines(b.events))


def test_the_menu_and_the_ai_lay_an_any_area_round_the_friend():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    b = battle_with(scenario("hero", {"A": [caster(CLOUD), dummy("f", (9, 5), 13)],
                                      "B": [dummy("b", (8, 5), 12), dummy("c", (10, 5), 11)]}), dice=[])
    d = phase_decision(b, "a", controller="default")
    offered = {a.destination: a.targets for a in d.menu if a.maneuver == "area"}
    assert offered == {(8, 5): ("b", "c"), (9, 5): ("f", "b", "c")}  # aimed at f's own cell, f is in it
    choice = choose(BattleView(b), d).action
    assert (choice.maneuver, choice.target, choice.destination, choice.targets) == ("area", "b", (8, 5), ("b", "c"))


def test_surface_and_any_area_keys_are_written_back():
    sc = scenario("hero", {"A": [caster(CLOUD)], "B": [dummy("b", (8, 5), 12)]})
    atk = sc.combatants[0].sheet.attacks[0]
    assert (atk.area, atk.area_cells, atk.area_m, atk.range_m) == ("any area", 4, 0, 30)
    assert parse_scenario(dump_scenario(sc), "<again>").combatants[0].sheet.attacks[0] == atk


# -- Area Autofire ---------------------------------------------------------------------------------

def test_an_autofire_area_hits_everyone_inside_once_and_once_more_for_every_two_points_made_by():
    b = two_foes([3, 3, 3,  # 9 on 14-: made by 5, 3 of the 5 shots hit
                  6, 6,  5, 5,  4, 4,  # b: three 2d6 hits, 12, 10 and 8 STUN
                  1, 1,  1, 1,  1, 2],  # c: 2, 2 and 3
                 Action("attack", "Needle Storm", "", "area", destination=(8, 5)), attack=STORM)
    (spent,) = [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]
    assert (spent.amount, spent.what) == (10, "Needle Storm, 5 shots")  # 2 END a shot x 5 fired
    (burst,) = events_of(b, ev.AutofireHits)
    assert (burst.target, burst.shots, burst.made_by, burst.hits) == ("", 5, 5, 3)
    assert [(e.target, e.stun_taken) for e in events_of(b, ev.DamageTakenEvent)] == [
        ("b", 12), ("b", 10), ("b", 8), ("c", 2), ("c", 2), ("c", 3)]


def test_an_autofire_area_is_a_scenario_key_and_the_estimate_counts_its_shots():
    from slugfest.core.hero.harm import expected_hits
    sc = scenario("hero", {"A": [caster(STORM)], "B": [dummy("b", (8, 4), 12), dummy("c", (8, 6), 11)]})
    atk = sc.combatants[0].sheet.attacks[0]
    assert (atk.autofire, atk.area, atk.area_m) == (5, "radius", 4)
    b = battle_with(sc, dice=[])
    d = phase_decision(b, "a")
    both = next(a for a in d.menu if a.maneuver == "area" and a.targets == ("b", "c"))
    odds = d.picture.odds(both)
    assert odds.note == f"hits 2 inside; ~{expected_hits(14, 5):.1f} of 5 shots hit each"
    assert odds.cost == "END 10"


def test_the_coverage_counts_an_area_at_an_empty_cell_and_a_laid_area():
    from slugfest.core.hero import stats
    from slugfest.core.hero.stats import CATALOGUE

    assert {"rule:area at an empty cell", "rule:surface or any area"} <= set(CATALOGUE)
    empty = two_foes([5, 3, 2] + [6] * 6 + [1] * 6)
    cloud = {**CLOUD, "area": {"shape": "surface", "cells": 4}}
    laid = fight({"A": [caster(cloud)], "B": [dummy("b", (8, 5), 12)]}, [4, 4, 4, 6, 6, 6, 6],
                 ("a", Action("attack", "Choking Cloud", "b", "area", destination=(8, 5))), turn_limit=1)
    assert stats.tally(empty).rules["rule:area at an empty cell"] == 1
    assert stats.tally(laid).rules["rule:surface or any area"] == 1
    assert stats.tally(laid).rules["rule:area at an empty cell"] == 0  # aimed at b's cell
