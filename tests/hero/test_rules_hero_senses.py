"""Sense powers in combat (issue 40, item 3): Darkness and Invisibility to the Sight Group, and
the rule of rules-powers §3.3 they share with a Flash: a combatant that cannot perceive its target
is at ½ OCV hand to hand and OCV 0 at range; one that cannot perceive its attacker is at ½ DCV.
What "perceive" means has one home, :func:`core.hero.senses.unseen`; our readings are in its
docstring and the README ("Senses")."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.hero import events as ev
from slugfest.core.hero import senses
from slugfest.core.hero.menu import menu_for
from slugfest.core.hero.points import bill
from slugfest.core.hero.tactics import Picture
from slugfest.core.render.text import TextLog
from slugfest.core.rules.grid import grid_for
from slugfest.core.testing import events_of, hero, scenario

from hero_script import fight

SHROUD = {"name": "Shroud", "kind": "darkness", "range": 30, "area": {"shape": "radius", "metres": 4}}
BOLT = {"name": "Bolt", "dice": "4d6", "range": 30}


def user(*attacks, pos=(0, 5), **keys):
    return hero("a", pos, attacks=list(attacks), **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


def foe(id="b", pos=(6, 5), **keys):
    return hero(id, pos, **{"SPD": 2, "DEX": 10, "DCV": 5, "OCV": 6, "STUN": 40, **keys})


def shroud_at(cell, who="a"):
    return (who, Action("attack", "Shroud", "", "area", destination=cell))


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


# -- line of sight: walls and veils --------------------------------------------------------------

def test_a_veil_blocks_the_line_through_it_and_at_either_end_a_wall_only_between():
    grid = grid_for(10, 10, frozenset({(5, 0)}))
    veil = frozenset({(4, 5)})
    assert grid.line_of_sight((0, 5), (8, 5))
    assert not grid.line_of_sight((0, 5), (8, 5), veil=veil)  # through it
    assert not grid.line_of_sight((4, 5), (8, 5), veil=veil)  # out of it
    assert not grid.line_of_sight((0, 5), (4, 5), veil=veil)  # into it
    assert grid.line_of_sight((0, 0), (0, 9), veil=veil)  # past it
    assert not grid.line_of_sight((0, 0), (9, 0))  # the wall, with no veil at all


# -- Darkness ----------------------------------------------------------------------------------

def test_a_darkness_rolled_against_its_cell_fills_its_radius_and_hides_all_inside():
    # OCV 8, -2 for the 12 m to the cell, against the cell's DCV 3: 14-; rolled 10
    b = fight({"A": [user(SHROUD)], "B": [foe(), foe("c", (6, 9), DEX=9)]}, [4, 3, 3], shroud_at((6, 5)), turn_limit=1)
    (hit,) = events_of(b, ev.AttackRolled)
    assert (hit.ocv.value, hit.dcv.value, hit.needed, hit.hit) == (6, 3, 14, True)
    (laid,) = events_of(b, ev.DarknessLaid)
    assert (laid.actor, laid.cell, laid.inside, laid.replaced) == ("a", (6, 5), ("b",), False)
    st = b.state
    cells = st.darkness["a"]
    assert len(cells) == laid.cells == 21  # the centres within 4 m of 6,5: a 5 x 5 square less its corners
    assert (6, 5) in cells and (8, 5) in cells and (8, 7) not in cells
    a, bb, c = (st.fighters[x] for x in "abc")
    assert senses.unseen(b.ctx, a, bb) == senses.unseen(b.ctx, bb, a) == "in Darkness"  # into it; out of it
    assert senses.unseen(b.ctx, bb, c) == "in Darkness"
    assert senses.sees(b.ctx, a, c) and senses.sees(b.ctx, c, a)  # outside, past it
    assert not events_of(b, ev.DamageRolled)  # it does no damage
    assert "Shroud: Darkness over 21 cells around 6,5: no one sees into, out of or through it; inside: b" in text(b)


def test_an_attack_on_a_foe_in_darkness_is_at_ocv_0_at_range_and_the_foe_at_half_dcv():
    b = fight({"A": [user(SHROUD, BOLT)], "B": [foe()]},
              [4, 3, 3,  # Turn 1: the Darkness, 10 on 14-
               6, 6, 5],  # Turn 2: the Bolt, OCV 0 against DCV 3 (5 halved): 8-, rolled 17
              shroud_at((6, 5)), ("a", Action("attack", "Bolt", "b", "strike")))
    _, bolt = events_of(b, ev.AttackRolled)
    assert (bolt.ocv.value, bolt.dcv.value, bolt.needed, bolt.hit) == (0, 3, 8, False)
    assert bolt.ocv.text() == "OCV 8 -2 range 12 m x0 cannot see the target: in Darkness = 0"
    assert bolt.dcv.text() == "DCV 5 x½ cannot see the attacker: in Darkness = 3"


def test_the_picture_the_menu_and_the_odds_read_the_same_perception():
    b = fight({"A": [user(SHROUD, BOLT)], "B": [foe()]}, [4, 3, 3], shroud_at((6, 5)), turn_limit=1)
    a, bb = b.state.fighters["a"], b.state.fighters["b"]
    pic = Picture(b.ctx, a)
    assert (pic.unseen(bb), pic.unseen_by(bb), pic.dcv(bb)) == ("in Darkness", "in Darkness", 3)
    odds = pic.odds(Action("attack", "Bolt", "b"))
    assert odds.roll == "8- (11 + OCV 0 - DCV 3)"
    assert odds.note == ("cannot see B (in Darkness): OCV 0; B cannot see A (in Darkness): half DCV; "
                         "OCV 8 -2 range 12 m x0 cannot see the target: in Darkness = 0")  # the chain, with its range
    from_inside = Picture(b.ctx, bb)
    assert from_inside.unseen(a) == "in Darkness"


def test_a_second_darkness_replaces_the_users_first_and_the_field_lasts_while_its_user_is_up():
    b = fight({"A": [user(SHROUD)], "B": [foe()]}, [4, 3, 3, 4, 3, 3],
              shroud_at((6, 5)), shroud_at((6, 1)))
    first, second = events_of(b, ev.DarknessLaid)
    assert (first.replaced, second.replaced, second.inside) == (False, True, ())
    st = b.state
    assert (6, 5) not in senses.dark_cells(st) and (6, 1) in senses.dark_cells(st)
    st.fighters["a"].body = -1  # a Constant power: its user out of the fight (dying), it hides nothing
    assert senses.dark_cells(st) == frozenset()


def test_a_darkness_is_gone_when_its_user_is_knocked_out_and_the_log_says_so():
    blast = {"name": "Blast", "dice": "4d6", "range": 30}
    b = fight({"A": [user(SHROUD, STUN=10, CON=5, PD=0, ED=0)], "B": [foe(attacks=[blast], OCV=12, DEX=9)]},
              [4, 3, 3,  # the Darkness over b: 10 on 14-
               1, 1, 1,  # b's Blast from inside: OCV 12 -2, x0 unseen, against a's DCV 3 halved: 9-; rolled 3
               6, 6, 6, 6],  # 24 STUN, 8 BODY: a is knocked out
              shroud_at((6, 5)), ("b", Action("attack", "Blast", "a", "strike")), turn_limit=1)
    (gone,) = [e for e in events_of(b, ev.StatusChanged) if e.status == "keeping a Darkness up"]
    assert (gone.actor, gone.active, gone.why) == ("a", False, "knocked out")
    assert b.state.darkness == {}
    assert "* a is no longer keeping a Darkness up: knocked out" in text(b)


def test_the_ai_weighs_a_darkness_over_foes_with_ranged_attacks_and_not_over_those_already_in_one():
    b = fight({"A": [user(SHROUD, {"name": "Blade", "dice": "2d6", "kind": "killing"})],
               "B": [foe(attacks=[BOLT])]}, [4, 3, 3], shroud_at((6, 5)), turn_limit=1)
    a = b.state.fighters["a"]
    lay = next(x for x in menu_for(b.ctx, a) if x.attack == "Shroud" and "b" in x.targets)
    b.state.darkness = {}
    pic = Picture(b.ctx, a)
    # 14- (91%) times two Phases lost (0.12 each) by a foe with a ranged attack, the user striking hand to hand
    assert pic.harm(lay) == pytest.approx(0.9074 * 2 * 0.12, abs=1e-3)
    b.state.darkness = {"a": frozenset({(6, 5)})}
    assert Picture(b.ctx, a).harm(lay) == 0.0


@pytest.mark.parametrize("keys, says", [
    ({"dice": "2d6"}, "attacks[0].dice: expected no dice for a Darkness (it is sized by its area, not rolled)"),
    ({"area": None}, "attacks[0].area: expected an area for a Darkness (a field of cells"),
    ({"range": "hth"}, "attacks[0].range: expected a range in metres for a Darkness (it is placed on a cell"),
])
def test_a_darkness_is_an_area_placed_at_range_with_no_dice(keys, says):
    attack = {k: v for k, v in {**SHROUD, **keys}.items() if v is not None}
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [user(attack)], "B": [foe()]})
    assert says in str(err.value)


def test_a_darkness_and_invisibility_round_trip_and_are_priced_by_radius_and_as_a_power():
    sc = scenario("hero", {"A": [user(SHROUD, invisible=True)], "B": [foe()]})
    again = parse_scenario(dump_scenario(sc), "<again>")
    assert again.combatants[0].sheet == sc.combatants[0].sheet
    sheet = sc.combatants[0].sheet
    lines = {line.what: line.points for line in bill(sheet).lines}
    assert lines["Shroud"] == 20 and lines["Invisibility (Sight Group)"] == 20  # 5 CP a metre of radius; 20 CP


# -- Invisibility ------------------------------------------------------------------------------

def ghost(pos=(0, 5), **keys):
    return hero("g", pos, attacks=[BOLT, {"name": "Punch"}], invisible=True,
                **{"SPD": 2, "DEX": 20, "OCV": 8, "DCV": 6, **keys})


def test_a_ranged_attack_on_an_invisible_foe_is_at_ocv_0_and_the_foe_it_shoots_at_half_dcv():
    # b shoots at the ghost 6 cells away: OCV 6, -2 for 12 m, x0 unseen; the ghost's DCV 6 (it sees b)
    # the ghost shoots back: OCV 8 -2 = 6 against b's DCV 5 halved (3): 14-
    b = fight({"A": [ghost()], "B": [foe(attacks=[BOLT])]},
              [6, 6, 6,  # the ghost's Bolt: 18 always misses
               3, 4, 4],  # b's Bolt: needs 5- (11 + 0 - 6), rolled 11
              ("g", Action("attack", "Bolt", "b", "strike")), ("b", Action("attack", "Bolt", "g", "strike")), turn_limit=1)
    mine, theirs = events_of(b, ev.AttackRolled)
    assert mine.dcv.text() == "DCV 5 x½ cannot see the attacker: invisible = 3" and mine.needed == 14
    assert theirs.ocv.text() == "OCV 6 -2 range 12 m x0 cannot see the target: invisible = 0"
    assert (theirs.dcv.value, theirs.needed, theirs.hit) == (6, 5, False)


def test_a_foe_in_the_next_cell_perceives_the_fringe_and_strikes_at_full_ocv():
    b = fight({"A": [ghost()], "B": [foe(pos=(1, 5))]}, [6, 6, 6], ("b", Action("attack", "Punch", "g", "strike")),
              turn_limit=1)
    (punch,) = events_of(b, ev.AttackRolled)
    assert punch.ocv.text() == "OCV 6 = 6" and punch.dcv.text() == "DCV 6 = 6"
    ctx, st = b.ctx, b.state
    assert senses.sees(ctx, st.fighters["b"], st.fighters["g"])
    st.fighters["b"].pos = (2, 5)
    assert senses.unseen(ctx, st.fighters["b"], st.fighters["g"]) == "invisible"


def test_a_flashed_fighter_sees_no_one_and_its_chain_names_the_flash_not_the_invisibility():
    b = fight({"A": [ghost()], "B": [foe(attacks=[BOLT])]}, turn_limit=1)
    st = b.state
    blind, g = st.fighters["b"], st.fighters["g"]
    blind.blind_until = 30
    assert senses.unseen(b.ctx, blind, g) == "flashed"
    pic = Picture(b.ctx, blind)
    odds = pic.odds(Action("attack", "Bolt", "g"))
    assert odds.roll == "5- (11 + OCV 0 - DCV 6)" and odds.note == "OCV 6 -2 range 12 m x0 flashed: cannot see = 0"


def test_an_area_is_aimed_at_a_place_seen_past_an_invisible_foe_but_not_into_darkness():
    carpet = {"name": "Carpet", "dice": "4d6", "range": 40, "defense": "ED", "area": {"shape": "any area", "cells": 2}}
    b = fight({"A": [user(SHROUD, carpet)], "B": [foe(), foe("c", (6, 9), DEX=9, invisible=True)]}, [4, 3, 3],
              shroud_at((6, 5)), turn_limit=1)
    st = b.state
    a = st.fighters["a"]
    assert senses.unseen_cell(b.ctx, a, (6, 9)) == ""  # c's cell is seen, c is not
    assert senses.unseen_cell(b.ctx, a, (6, 5)) == "in Darkness"
    pic = Picture(b.ctx, a)
    into = pic.odds(Action("attack", "Carpet", "b", "area", targets=("b",), destination=(6, 5)))
    past = pic.odds(Action("attack", "Carpet", "c", "area", targets=("c",), destination=(6, 9)))
    assert into.roll == "8- (11 + OCV 0 - the cell's DCV 3)"  # OCV 8 -2 for 12 m, x0: the cell is unseen
    assert past.roll == "14- (11 + OCV 6 - the cell's DCV 3)"  # OCV 8 -2 for the 14 m to 6,9


def test_the_roster_and_the_vitals_say_who_is_invisible_and_who_stands_in_darkness():
    b = fight({"A": [user(SHROUD)], "B": [foe(), foe("c", (6, 9), DEX=9, invisible=True)]}, [4, 3, 3],
              shroud_at((6, 5)), turn_limit=1)
    status = {c["id"]: c["status"] for c in b.snapshot()["combatants"]}
    assert status == {"a": [], "b": ["in Darkness"], "c": ["invisible"]}
    assert b.vitals("b").conditions == ("in Darkness",)


# -- a Darkness kept up: END each Phase, dropped, turned off (rules §4.1, §4.4, §4.6) ------------

def keeps(b, actor="a"):
    """(turn, segment, amount) of every END ``actor`` paid to keep its Darkness up."""
    when, out = (0, 0), []
    for e in b.events:
        if isinstance(e, ev.SegmentStarted):
            when = (e.turn, e.segment)
        if isinstance(e, ev.EnduranceSpent) and e.actor == actor and e.what == "keeping Shroud up":
            out.append((*when, e.amount))
    return out


def test_a_darkness_kept_up_costs_its_end_again_at_the_start_of_each_of_its_users_phases():
    b = fight({"A": [user(SHROUD)], "B": [foe(attacks=[BOLT])]}, [4, 3, 3], shroud_at((6, 5)))
    # laid in Turn 1, Segment 12 (2 END: 20 Active Points); kept in Turn 2's Segments 6 and 12
    assert keeps(b) == [(2, 6, 2), (2, 12, 2)]
    spent = next(e for e in b.events if isinstance(e, ev.EnduranceSpent) and e.what == "keeping Shroud up")
    assert isinstance(b.events[b.events.index(spent) + 1], ev.PhaseStarted)  # paid as the Phase starts
    # its Phases' END: 20; 20 - 2 laid + 2 Post-12 (REC 4, up to 20) - 2 kept; 18 - 2 kept
    assert [e.end for e in events_of(b, ev.PhaseStarted) if e.actor == "a"] == [20, 18, 16]
    assert "a spends 2 END on keeping Shroud up -> END 18" in "\n".join(TextLog(verbose=True).lines(b.events))


def test_dropping_a_darkness_takes_no_time_and_ends_its_end():
    b = fight({"A": [user(SHROUD, BOLT)], "B": [foe(attacks=[BOLT])]},
              [4, 3, 3,  # Turn 1: the Darkness, 10 on 14-
               3, 3, 3,  4, 4, 4, 4],  # Turn 2: dropped, then the Bolt in the same Phase: 12- rolled 9; 16 STUN
              shroud_at((6, 5)), ("a", Action("drop", "Shroud")), ("a", Action("attack", "Bolt", "b", "strike")))
    (gone,) = [e for e in events_of(b, ev.StatusChanged) if e.status == senses.KEEPING_DARKNESS]
    assert (gone.actor, gone.active, gone.why) == ("a", False, "dropped by its user")
    assert b.state.darkness == {} and b.state.darkness_powers == {}
    (_, bolt) = events_of(b, ev.AttackRolled)
    assert (bolt.ocv.text(), bolt.dcv.text(), bolt.needed) == ("OCV 8 -2 range 12 m = 6", "DCV 5 = 5", 12)  # seen
    assert keeps(b) == [(2, 6, 2)]  # paid as Turn 2, Segment 6 started; none in Segment 12
    assert "* a is no longer keeping a Darkness up: dropped by its user" in text(b)


def test_a_stunned_user_loses_its_darkness_at_the_end_of_the_segment():
    blast = {"name": "Blast", "dice": "4d6", "range": 30}
    b = fight({"A": [user(SHROUD, STUN=40, CON=5, PD=0, ED=0)], "B": [foe(attacks=[blast], OCV=12, DEX=9)]},
              [4, 3, 3,  # the Darkness over b: 10 on 14-
               1, 1, 1,  # b's Blast from inside, at OCV 0 against a's DCV 3 halved: 9-; rolled 3
               3, 3, 3, 3],  # 12 STUN, more than CON 5: a is Stunned
              shroud_at((6, 5)), ("b", Action("attack", "Blast", "a", "strike")), turn_limit=1)
    (gone,) = [e for e in events_of(b, ev.StatusChanged) if e.status == senses.KEEPING_DARKNESS]
    assert gone.why == "Stunned: a power not Persistent turns off at the end of the Segment"
    stunned = next(e for e in events_of(b, ev.StatusChanged) if e.status == "stunned")
    assert b.events.index(stunned) < b.events.index(gone) < b.events.index(next(iter(events_of(b, ev.PostSegment12))))
    assert b.state.darkness == {}


def test_taking_a_recovery_turns_a_darkness_off_after_its_end_is_paid():
    b = fight({"A": [user(SHROUD)], "B": [foe(attacks=[BOLT])]}, [4, 3, 3], shroud_at((6, 5)),
              ("a", Action("recover")))
    (gone,) = [e for e in events_of(b, ev.StatusChanged) if e.status == senses.KEEPING_DARKNESS]
    assert gone.why == "taking a Recovery: it cannot keep a power up while recovering (rules §4.4)"
    assert keeps(b) == [(2, 6, 2)]


def drop_value(b):
    a = b.state.fighters["a"]
    return Picture(b.ctx, a).harm(Action("drop", "Shroud"))


def test_the_ai_keeps_a_darkness_while_the_foes_inside_are_worth_its_end_and_drops_it_after():
    blade = {"name": "Blade", "dice": "2d6", "kind": "killing"}
    b = fight({"A": [user(SHROUD, blade)], "B": [foe(attacks=[BOLT])]}, [4, 3, 3], shroud_at((6, 5)), turn_limit=1)
    # the END it saves: 2 END of REC 4, half a Recovery's Phase (0.12): 0.06; a foe with a ranged
    # attack inside, its user striking hand to hand: one of the two Phases a Darkness is worth, 0.12
    assert drop_value(b) == pytest.approx(0.06 - 0.12)
    b.state.fighters["b"].pos = (6, 9)  # walked out: nobody it blinds
    assert drop_value(b) == pytest.approx(0.06)
    b.state.fighters["a"].end = 1  # and the END it lacks would cost 1d6 STUN of its 20
    assert drop_value(b) == pytest.approx(0.06 + 3.5 / 20)
    from slugfest.plugins._choosing import free_first

    decision = b.system.decision_for(b.ctx, "a")
    choice = free_first(decision, b, decision.picture.harm, 0.0)
    assert choice.action == Action("drop", "Shroud")
    assert choice.reason.startswith("drops Shroud: the END it costs each Phase is worth more than the field does now")


def test_the_snapshot_gives_the_map_the_cells_a_darkness_covers_and_no_key_without_one():
    b = fight({"A": [user(SHROUD)], "B": [foe()]}, [4, 3, 3], shroud_at((6, 5)), turn_limit=1)
    fields = b.snapshot()["fields"]
    assert set(fields) == {"darkness"} and len(fields["darkness"]) == 21 and [6, 5] in fields["darkness"]
    b.state.darkness = {}
    assert "fields" not in b.snapshot()
