"""Area Of Effect (rules-powers §1.4): one attack roll against DCV 3 at the target cell (0 when
the cell is next to the attacker), the Range Modifier to a Radius's centre; everyone inside is
hit, friend or foe, with no roll of their own and no Dodge; an Explosion loses 1 DC for every
2 m from its centre; no hit location. Our readings (README): a Cone spreads 60 degrees, a Line
is one cell wide, a wall shelters what is behind it, each target rolls its own damage, a miss
hits nothing, an area is made from where its user stands."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.hero import areas
from slugfest.core.hero import events as ev
from slugfest.core.hero.pricing import end_of
from slugfest.core.hero.estimate import hit_chance
from slugfest.core.rules.grid import grid_for
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, drive, events_of, hero, phase_decision, scenario

from hero_script import fight

OPEN = grid_for(20, 12, frozenset())
FIREBALL = {"name": "Fireball", "dice": "6d6", "range": 40, "defense": "ED", "area": {"shape": "radius", "metres": 4}}


def caster(attack=None, pos=(0, 5), **keys):
    return hero("a", pos, attacks=[attack or FIREBALL], **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


_DEX = itertools.cycle(range(19, 1, -1))  # each its own DEX: no tie to roll off


def dummy(id, pos, **keys):
    return hero(id, pos, **{"SPD": 2, "DEX": next(_DEX) if "DEX" not in keys else keys.pop("DEX"), "DCV": 7, "PD": 0, "ED": 0, "STUN": 80, "BODY": 20, **keys})


def cells_of(shape, metres, origin, aim, grid=OPEN):
    return {(x, y) for x in range(grid.width) for y in range(grid.height)
            if areas.covers(grid, shape, metres, origin, aim, (x, y))}


# -- where an area reaches ---------------------------------------------------------------------

def test_a_radius_covers_the_cells_whose_centres_lie_within_it():
    # distances as the Range Modifier counts them (to the nearest metre, a half in the attacker's
    # favour): 4 m straight out, 2.8 m diagonally and 4.5 m a knight's move are in; 5.7 m is out
    covered = cells_of("radius", 4, (0, 0), (10, 5))
    square = {(x, y) for x in range(8, 13) for y in range(3, 8)}
    assert covered == square - {(8, 3), (12, 3), (8, 7), (12, 7)}


def test_a_wall_between_the_centre_and_a_cell_shelters_it():
    walled = grid_for(20, 12, frozenset({(11, 5)}))
    assert (12, 5) not in cells_of("radius", 4, (0, 0), (10, 5), walled)
    assert (12, 5) in cells_of("radius", 4, (0, 0), (10, 5))


def test_a_cone_spreads_thirty_degrees_either_side_of_its_aim_out_to_its_length():
    covered = cells_of("cone", 8, (0, 5), (4, 5))
    assert {(4, 5), (3, 6), (2, 4)} <= covered  # on the aim, 18.4 and 26.6 degrees off it
    assert (3, 7) not in covered  # 33.7 degrees off, 7 m away
    assert (5, 5) not in covered  # 10 m: past its length
    assert (0, 5) not in covered  # never its user


def test_a_line_is_one_cell_wide_along_the_grid_and_a_wall_ends_it():
    assert cells_of("line", 8, (0, 5), (3, 5)) == {(1, 5), (2, 5), (3, 5), (4, 5)}
    walled = grid_for(20, 12, frozenset({(3, 5)}))
    assert areas.line_cells(walled, 8, (0, 5), (9, 5)) == ((1, 5), (2, 5))


def test_the_roll_is_against_dcv_3_at_the_cell_and_0_next_to_the_attacker():
    assert areas.target_dcv("radius", (0, 5), (8, 5)).value == 3
    assert areas.target_dcv("radius", (0, 5), (1, 6)).value == 0
    assert areas.target_dcv("cone", (0, 5), (8, 5)).value == 0  # its first cell is next to its user


@pytest.mark.parametrize("metres, lost", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (6, 3), (9, 4)])
def test_an_explosion_loses_a_dc_for_every_full_two_metres(metres, lost):
    assert areas.explosion_dcs_lost(metres) == lost


@pytest.mark.parametrize("shape, metres, explosion, advantage", [
    ("radius", 2, False, "1/4"), ("radius", 4, False, "1/4"), ("radius", 8, False, "1/2"),
    ("radius", 16, False, "3/4"), ("radius", 8, True, "1/4"), ("radius", 4, True, "1/4"),
    ("cone", 8, False, "1/4"), ("cone", 16, False, "1/2"), ("line", 16, False, "1/4"), ("line", 32, False, "1/2")])
def test_an_areas_advantage_is_a_quarter_and_a_quarter_more_a_doubling(shape, metres, explosion, advantage):
    assert areas.area_advantage(shape, metres, explosion) == Fraction(advantage)


def test_the_area_prices_the_end():
    sc = scenario("hero", {"A": [caster({**FIREBALL, "area": {"shape": "radius", "metres": 8}})],
                           "B": [dummy("b", (8, 5))]})
    assert end_of(sc.combatants[0].sheet.attacks[0], 10, "superheroic", "") == 4  # 30 AP x 1½ = 45: 4 END


# -- a Radius in a fight -------------------------------------------------------------------------

def radius_fight(dice, rules=None, **keys):
    """a at (0, 5) aims at b at (8, 5): 16 m, -2 for range; 11 + 8 - 2 - DCV 3 = 14-. Inside: b at the
    centre, c 2 m away, a's friend f 4 m away; d 6 m away is outside."""
    sides = {"A": [caster(**keys), dummy("f", (8, 7))],
             "B": [dummy("b", (8, 5)), dummy("c", (9, 5)), dummy("d", (11, 5))]}
    plan = ("a", Action("attack", "Fireball", "b", "area", targets=("b", "c", "f")))
    return fight(sides, dice, plan, rules=rules or {"knockback": "off"}, turn_limit=1)


def test_one_roll_against_the_cells_dcv_hits_everyone_inside_nearest_first_each_with_its_own_damage():
    b = radius_fight([5, 3, 2,  # 10 on 14-
                      6, 6, 6, 6, 6, 6,  # b: 36 STUN
                      1, 1, 1, 1, 1, 1,  # c: 6
                      3, 3, 3, 3, 3, 3])  # f (a's own side): 18
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.needed, roll.dcv.value, roll.hit) == (14, 3, True)
    assert [(m.value, m.source) for m in roll.ocv.modifiers] == [(-2, "range 16 m")]
    (area,) = events_of(b, ev.AreaHit)
    assert (area.shape, area.metres, area.cell, area.inside) == ("radius", 4, (8, 5), ("b", "c", "f"))
    taken = [(e.target, e.stun_taken) for e in events_of(b, ev.DamageTakenEvent)]
    assert taken == [("b", 36), ("c", 6), ("f", 18)]
    assert "d" not in {e.target for e in events_of(b, ev.DamageRolled)}


def test_a_miss_hits_nothing():
    b = radius_fight([6, 5, 4])  # 15 on 14-
    assert not events_of(b, ev.AreaHit) and not events_of(b, ev.DamageRolled)


def test_nobody_dodges_an_area_but_each_one_inside_is_asked_to_dive_for_cover_before_the_roll():
    b = radius_fight([5, 3, 2] + [1] * 18)
    asked = [(d.actor, [a.kind for a in d.menu]) for d in b.script.decisions if d.kind == "abort"]
    assert asked == [("b", ["none", "dive"]), ("c", ["none", "dive"]), ("f", ["none", "dive"])]


def test_a_dive_for_cover_is_a_half_move_to_the_nearest_cell_clear_of_the_area_landing_prone_and_spends_a_phase():
    """rules §1.5 (Dive for Cover, an Abort) and rules-powers §1.4 (an area cannot be Dodged)."""
    sides = {"A": [caster(), dummy("f", (8, 7), DEX=8)],
             "B": [dummy("b", (8, 5), DEX=7), dummy("c", (9, 5), DEX=5), dummy("d", (11, 5), DEX=6)]}
    plan = ("a", Action("attack", "Fireball", "b", "area", targets=("b", "c", "f")))
    b = fight(sides, [5, 3, 2,  # 10 on 14-: a hit
                      6, 6, 6, 6, 6, 6,  # b: 36 STUN
                      3, 3, 3, 3, 3, 3],  # f: 18; c dove clear
              plan, aborts=(("c", Action("dive")),), rules={"knockback": "off"}, turn_limit=1)
    c = b.state.fighters["c"]
    # the corners of the 4 m Radius round (8, 5) lie outside it: (10, 3) is 2 steps from (9, 5),
    # the first such cell on the map (d stands in (11, 5))
    assert c.pos == (10, 3) and c.prone and c.aborted is False  # its aborted Phase came and went
    (area,) = events_of(b, ev.AreaHit)
    assert area.inside == ("b", "f")
    (aborted,) = events_of(b, ev.Aborted)
    assert (aborted.actor, aborted.to, aborted.against, aborted.uses_held) == ("c", "dive", "a", False)
    assert any(isinstance(e, ev.PhaseSkipped) and e.actor == "c" and "Aborting" in e.reason for e in b.events)
    assert "c is now prone: dove for cover" in "\n".join(TextLog().lines(b.events))


def test_one_a_half_move_cannot_take_clear_or_who_is_held_is_not_asked():
    from slugfest.core.hero.aborts import dive_path

    bt = battle_with(scenario("hero", {"A": [caster()], "B": [dummy("b", (8, 5), running=4)]}), dice=[])
    bt.start()
    g = bt.state.fighters["b"]
    big = lambda cell: areas.covers(bt.ctx.grid, "radius", 8, (0, 5), (8, 5), cell)  # noqa: E731
    assert dive_path(bt.ctx, g, big) is None  # a half move of 1 cell (Running 4 m), 8 m to go
    small = lambda cell: areas.covers(bt.ctx.grid, "radius", 2, (0, 5), (8, 5), cell)  # noqa: E731
    assert dive_path(bt.ctx, g, small) == [(7, 4)]  # 2 m round (8, 5): the diagonal is 2.8 m off
    from slugfest.core.hero.aborts import offer_dive

    g.held_by = "a"
    asked: list = []
    drive(offer_dive(bt.ctx, g, bt.state.fighters["a"], bt.state.fighters["a"].attack("Fireball"), small), asked=asked)
    assert asked == []


def test_a_holder_that_dives_lets_go_and_the_one_it_held_is_asked_in_turn():
    """Dive for Cover is asked nearest the centre first; one held cannot dive, but once its
    holder dives (letting go) it is asked too (core/hero/aborts.py: offer_dives)."""
    sides = {"A": [caster(), dummy("f", (1, 1), DEX=9)],
             "B": [dummy("b", (8, 5), DEX=7), dummy("c", (9, 5), DEX=6)]}
    plan = ("a", Action("attack", "Fireball", "b", "area", targets=("b", "c")))
    from hero_script import Script

    script = Script(plan, aborts=(("c", Action("dive")), ("b", Action("dive"))))
    b = battle_with(scenario("hero", sides, rules={"knockback": "off"}, turn_limit=1), dice=[6, 6, 6],  # a miss
                    plugins=[("script", script)])
    b.start()
    held, holder = b.state.fighters["b"], b.state.fighters["c"]
    holder.holding, held.held_by = "b", "c"
    b.run()
    asked = [d.actor for d in script.decisions if d.kind == "abort"]
    assert asked == ["c", "b"]  # b (nearer the centre) only once c had let go
    assert held.prone and holder.prone and holder.holding is None


def test_a_held_phase_is_what_a_dive_spends_and_one_stunned_is_not_asked():
    sides = {"A": [caster()], "B": [dummy("b", (8, 5), DEX=7), dummy("c", (9, 5), DEX=6)]}
    plan = ("a", Action("attack", "Fireball", "b", "area", targets=("b", "c")))
    from hero_script import Script

    script = Script(plan, aborts=(("b", Action("dive")),))
    b = battle_with(scenario("hero", sides, rules={"knockback": "off"}, turn_limit=1), dice=[6, 6, 6],
                    plugins=[("script", script)])
    b.start()
    b.state.fighters["b"].held = True
    b.state.fighters["c"].stunned = True
    b.run()
    (aborted,) = events_of(b, ev.Aborted)
    assert (aborted.actor, aborted.uses_held) == ("b", True)
    assert [d.actor for d in script.decisions if d.kind == "abort"] == ["b"]


@pytest.mark.parametrize("health, dives", [(0.2, True), (0.9, False)])
def test_the_default_ai_dives_for_cover_when_hurt_as_it_would_dodge(health, dives):
    from slugfest.core.engine.actions import Decision
    from slugfest.core.hero.aborts import ABORT_AREA

    bt = battle_with(scenario("hero", {"A": [caster()], "B": [dummy("b", (8, 5))]}), dice=[])
    bt.start()
    g = bt.state.fighters["b"]
    g.stun = round(g.ch.STUN * health)
    choice, _ = bt.decide(Decision("b", ABORT_AREA, "default", "abort", "an area"))
    assert (choice.action.kind == "dive") is dives


def test_an_explosion_is_a_dc_lighter_for_every_two_metres_from_its_centre():
    boom = {**FIREBALL, "area": {"shape": "radius", "metres": 4, "explosion": True}}
    b = radius_fight([5, 3, 2,
                      6, 6, 6, 6, 6, 6,  # b, at the centre: 6d6
                      6, 6, 6, 6, 6,  # c, 2 m: 5d6
                      6, 6, 6, 6], attack=boom)  # f, 4 m: 4d6
    assert [(e.target, e.stun) for e in events_of(b, ev.DamageRolled)] == [("b", 36), ("c", 30), ("f", 24)]
    falls = [(e.target, e.level, e.part) for e in events_of(b, ev.DamageModified) if e.modifier == "explosion"]
    assert falls == [("c", 1, "6d6 -> 5d6 (2 m from the centre)"), ("f", 2, "6d6 -> 4d6 (4 m from the centre)")]


def test_each_one_is_knocked_back_away_from_the_centre():
    sides = {"A": [caster()], "B": [dummy("b", (8, 5)), dummy("c", (8, 3))]}
    plan = ("a", Action("attack", "Fireball", "b", "area", targets=("b", "c")))
    b = fight(sides, [5, 3, 2,
                      1, 1, 1, 1, 1, 1,  # b, at the centre: no BODY, so no knockback
                      6, 6, 6, 6, 6, 6,  5, 5,  2],  # c: 12 BODY - 10: 4 m, north, away from the centre; lands 1d6
              plan, rules={}, turn_limit=1)
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert (kb.target, kb.metres, kb.start, kb.end) == ("c", 4, (8, 3), (8, 1))


def test_an_area_rolls_no_hit_location():
    b = radius_fight([5, 3, 2] + [2] * 18, rules={"knockback": "off", "hit_locations": True})
    assert all(not e.notes for e in events_of(b, ev.DamageRolled))


# -- Cones and Lines -----------------------------------------------------------------------------

def test_a_cone_starts_at_its_user_with_no_range_modifier_against_dcv_0():
    cone = {"name": "Flame Breath", "dice": "5d6", "defense": "ED", "area": {"shape": "cone", "metres": 8}}
    sides = {"A": [caster(cone)], "B": [dummy("b", (3, 5)), dummy("c", (3, 6)), dummy("d", (3, 8))]}
    plan = ("a", Action("attack", "Flame Breath", "b", "area", targets=("b", "c")))
    b = fight(sides, [6, 6, 5,  # 17 on 11 + 8 - 0 = 19-: hits
                      1, 1, 1, 1, 1,  2, 2, 2, 2, 2], plan, turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.needed, roll.ocv.modifiers, roll.dcv.value) == (19, (), 0)
    assert [e.target for e in events_of(b, ev.DamageTakenEvent)] == ["b", "c"]


# -- the menu, the estimate, the AI --------------------------------------------------------------

def started(sides, **kw):
    return battle_with(scenario("hero", sides, **kw), dice=[])


def test_the_menu_offers_a_cell_for_each_set_of_combatants_the_area_can_catch_naming_them():
    b = started({"A": [caster(), dummy("f", (8, 7))],
                 "B": [dummy("b", (8, 5)), dummy("c", (9, 5)), dummy("far", (19, 5)), dummy("gone", (0, 11))]},
                width=22)
    d = phase_decision(b, "a")
    offered = {(a.target, a.destination): a.targets for a in d.menu if a.maneuver == "area"}
    # far is 38 m away (in range); gone is 12 m away (in range); each alone in its area. At b's
    # cell (or c's: the same three, so offered once, at the foe's cell nearer) the Radius takes in
    # a's friend f 4 m away; the empty cell 7,4 takes in b (2.2 m) and c (2.8 m) but not f (4.2 m)
    assert offered == {("b", (8, 5)): ("b", "c", "f"), ("", (7, 4)): ("b", "c"), ("far", (19, 5)): ("far",),
                       ("gone", (0, 11)): ("gone",)}
    assert not [a for a in d.menu if a.attack == "Fireball" and a.maneuver != "area"]


def test_the_ai_aims_at_the_empty_cell_that_catches_both_foes_and_spares_the_friend():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    b = started({"A": [caster(), dummy("f", (8, 7))], "B": [dummy("b", (8, 5)), dummy("c", (9, 5))]})
    d = phase_decision(b, "a", controller="default")
    choice = choose(BattleView(b), d).action
    assert (choice.maneuver, choice.target, choice.destination, choice.targets) == ("area", "", (7, 4), ("b", "c"))
    # 16 m to the cell (-2), DCV 3: 14-, as at b's own cell
    assert d.picture.odds(choice).roll == "14- (11 + OCV 6 - the cell's DCV 3)"


def test_out_of_range_the_area_is_not_offered_and_the_refusal_says_why():
    b = started({"A": [caster()], "B": [dummy("b", (8, 5)), dummy("far", (21, 5))]}, width=22)
    d = phase_decision(b, "a")
    # far itself is out of reach, but a cell 40 m away catches it 2.2 m from the centre
    assert {(a.target, a.destination) for a in d.menu if a.maneuver == "area"} == {("b", (8, 5)), ("", (20, 4))}
    from slugfest.core.errors import IllegalAction
    with pytest.raises(IllegalAction, match="Fireball cannot be aimed there: 21,5 is 42 m away; it reaches 40 m"):
        b.system.check(b.ctx, d, Action("attack", "Fireball", "far", "area", targets=("far",)))
    with pytest.raises(IllegalAction, match="Fireball is an Area Of Effect: it is aimed at a cell"):
        b.system.check(b.ctx, d, Action("attack", "Fireball", "b", "strike"))


def test_the_estimate_weighs_each_foe_inside_less_each_friend():
    # Running 2 m: a half move of no cell, so nobody inside can dive clear (the next tests)
    b = started({"A": [caster(), dummy("f", (8, 7), running=2)],
                 "B": [dummy("b", (8, 5), running=2), dummy("c", (9, 5), running=2)]})
    d = phase_decision(b, "a")
    with_friend = next(a for a in d.menu if a.maneuver == "area" and a.target == "b")
    p = hit_chance(14)
    # 6d6: 21 STUN and 6 BODY on average, through ED 0; 80 STUN and 20 + 20 BODY each
    one = 21 / 80 + 2 * 6 / 40
    assert d.picture.harm(with_friend) == pytest.approx(p * (one + one - one))
    odds = d.picture.odds(with_friend)
    assert odds.roll == "14- (11 + OCV 6 - the cell's DCV 3)"  # OCV 8, -2 for 16 m to the centre
    assert (odds.chance, odds.damage) == (p, "~21 STUN, 6 BODY to B")
    assert odds.note == "hits 3 inside, friends too: F"


def test_one_inside_who_could_dive_clear_counts_no_more_than_the_dive_costs_it():
    """Rules §1.5 (Dive for Cover, an Abort: its next Phase) and rules-powers §1.4: our reading is
    the careful player's, who dives when staying is expected to cost it more than diving (a Phase,
    and half a Phase more to stand up from prone: 0.18 of a fight; 0.12 for one already prone)."""
    from slugfest.core.hero.estimate import dive_cost

    b = started({"A": [caster(), dummy("f", (8, 7))],
                 "B": [dummy("b", (8, 5)), dummy("c", (9, 5), running=2)]})
    b.start()
    fighters = b.state.fighters
    assert dive_cost(fighters["b"]) == pytest.approx(0.18)
    fighters["f"].prone = True
    assert dive_cost(fighters["f"]) == pytest.approx(0.12)
    d = phase_decision(b, "a")
    with_friend = next(a for a in d.menu if a.maneuver == "area" and a.target == "b")
    assert with_friend.targets == ("b", "c", "f")
    p = hit_chance(14)
    one = 21 / 80 + 2 * 6 / 40  # 0.5625 of a fight, times 14-'s 90.7%: 0.51 for one who stays
    # b dives (0.18 < 0.51); c's half move takes it nowhere (Running 2 m); the friend f, prone, dives too
    assert d.picture.harm(with_friend) == pytest.approx(0.18 + p * one - 0.12)


def test_its_user_one_held_or_one_stunned_cannot_dive():
    from slugfest.core.hero.aborts import escape_path

    b = started({"A": [caster()], "B": [dummy("b", (8, 5)), dummy("c", (9, 5))]})
    b.start()
    fighters = b.state.fighters
    a, g = fighters["a"], fighters["b"]
    covered = lambda cell: areas.covers(b.ctx.grid, "radius", 4, (0, 5), (8, 5), cell)  # noqa: E731
    # 2 steps to 6,3, 5.7 m from the centre: the first cell clear of the 4 m Radius on the map
    assert escape_path(b.ctx, g, a, covered) == [(7, 4), (6, 3)]
    assert escape_path(b.ctx, a, a, lambda cell: True) is None  # its user does not dive from its own area
    g.held_by = "c"
    assert escape_path(b.ctx, g, a, covered) is None
    g.held_by, g.stunned = None, True
    assert escape_path(b.ctx, g, a, covered) is None


def test_the_ai_throws_at_a_foe_who_cannot_dive_rather_than_at_two_who_can():
    """Issue 40: aimed at an empty cell, an area that catches two foes who can dive clear was
    worth two hits; each is now worth what diving costs it (0.18), less than one hit on a foe
    who cannot get clear (0.51)."""
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    b = started({"A": [caster()], "B": [dummy("b", (8, 5)), dummy("c", (9, 5)), dummy("d", (4, 10), running=2)]})
    d = phase_decision(b, "a", controller="default")
    pair = next(a for a in d.menu if a.maneuver == "area" and a.targets == ("b", "c"))
    alone = next(a for a in d.menu if a.maneuver == "area" and a.targets == ("d",))
    assert d.picture.harm(pair) == pytest.approx(2 * 0.18)
    assert d.picture.harm(alone) == pytest.approx(hit_chance(14) * (21 / 80 + 2 * 6 / 40))  # 0.51: 12 m, -2
    choice = choose(BattleView(b), d).action
    assert (choice.maneuver, choice.targets) == ("area", ("d",))


def test_the_default_ai_never_throws_an_area_that_would_hit_a_friend():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    # b, c and e together with a's friend f among them: an area at any of their cells hits f too
    # (worth two foes' harm, net); d stands alone (worth one); the empty cell 8,3 takes in e
    # (2 m), b (4 m) and c (4.5 m, rounded to 4) but not f (6 m): worth all three
    b = started({"A": [caster(), dummy("f", (8, 6))],
                 "B": [dummy("b", (8, 5)), dummy("c", (9, 5)), dummy("e", (9, 4)), dummy("d", (4, 10))]})
    d = phase_decision(b, "a", controller="default")
    hits_friend = [a for a in d.menu if a.maneuver == "area" and "f" in a.targets]
    assert hits_friend and max(d.picture.harm(a) for a in hits_friend) > d.picture.harm(
        next(a for a in d.menu if a.maneuver == "area" and a.target == "d"))
    choice = choose(BattleView(b), d).action
    assert (choice.maneuver, choice.destination, choice.targets) == ("area", (8, 3), ("e", "b", "c"))


def test_area_keys_are_checked_and_written_back():
    sc = scenario("hero", {"A": [caster({**FIREBALL, "area": {"shape": "radius", "metres": 8, "explosion": True}})],
                           "B": [dummy("b", (8, 5))]})
    atk = sc.combatants[0].sheet.attacks[0]
    assert (atk.area, atk.area_m, atk.explosion, atk.range_m) == ("radius", 8, True, 40)
    again = parse_scenario(dump_scenario(sc), "<again>").combatants[0].sheet.attacks[0]
    assert again == atk
    cone = scenario("hero", {"A": [caster({"name": "Breath", "dice": "4d6", "area": {"shape": "cone", "metres": 12}})],
                             "B": [dummy("b", (8, 5))]}).combatants[0].sheet.attacks[0]
    assert (cone.hth, cone.range_m, cone.defense) == (False, 12, "ED")


@pytest.mark.parametrize("attack, message", [
    ({"name": "Quake", "range": "hth", "area": {"shape": "radius", "metres": 4}},
     "area: expected dice for an area attack"),
    ({"name": "Nova", "dice": "6d6", "range": "hth", "adds_str": False, "area": {"shape": "radius", "metres": 4}},
     'range: expected a range in metres for a Radius'),
    ({"name": "Breath", "dice": "4d6", "range": 20, "area": {"shape": "cone", "metres": 8}},
     "range: expected no range for a Cone (it starts at its user and reaches its own length"),
    ({"name": "Ball", "dice": "4d6", "range": 20, "area": {"shape": "radius"}},
     "area.metres: expected the area's size in metres"),
    ({"name": "Ball", "dice": "4d6", "range": 20, "area": {"shape": "globe", "metres": 4}},
     "area.shape: expected one of 'radius', 'cone', 'line'"),
    ({"name": "Ball", "dice": "4d6", "range": 20, "area": "radius"}, "area: expected a table"),
    ({"name": "Floor", "dice": "4d6", "range": 20, "area": {"shape": "surface", "metres": 4}},
     "area.metres: expected cells for a Surface (it is sized in 2 m cells), got metres = 4"),
    ({"name": "Cloud", "dice": "4d6", "range": 20, "area": {"shape": "any area"}},
     "area.cells: expected the area's size in 2 m cells"),
    ({"name": "Cloud", "dice": "4d6", "range": 20, "area": {"shape": "any area", "cells": 4, "explosion": True}},
     "area.explosion: expected no explosion on an Any Area (6e sells the Explosion on a Radius, Cone or Line only)"),
    ({"name": "Ball", "dice": "4d6", "range": 20, "area": {"shape": "radius", "cells": 4}},
     "area.cells: expected metres for a Radius (it is sized in metres), got cells = 4"),
    ({"name": "Cloud", "dice": "4d6", "range": "hth", "adds_str": False, "area": {"shape": "any area", "cells": 4}},
     "range: expected a range in metres for an Any Area (it is placed on a cell within range"),
    ({"name": "Cloud", "dice": "4d6", "range": 20, "area": {"shape": "any area", "cells": 65}},
     "area.cells: expected"),
])
def test_an_area_that_cannot_be_is_refused_naming_the_key(attack, message):
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [caster(attack)], "B": [dummy("b", (8, 5))]})
    assert message in str(err.value)
