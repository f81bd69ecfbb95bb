"""HERO 6e battle engine, the Combat Maneuvers as the engine resolves them in play: Strike,
Haymaker, Block, Dodge, Set, Brace, Move Through, Multiple Attack, Holding and Aborting.

Rules: the seed's Attack Roll (11 + OCV - DCV); rules/hero6e.md §1.4 (maneuver modifiers last
until the next Phase), §1.5 (Holding, Aborting), §5.2 (the maneuver table and its notes), §5.3
(Range Modifier). Every battle runs on scripted dice and must use each face.
"""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.hero import events as ev
from slugfest.core.hero.combat_values import Modifier, build_cv
from slugfest.core.testing import battle_with, events_of, hero, scenario
from slugfest.core.hero.chains import dcv_chain, ocv_chain, true_metres
from slugfest.core.hero.maneuvers import MANEUVERS
from slugfest.core.hero.menu import menu_for

from hero_script import NO_KB, decisions_for, fight
from hero_script import timeline as script_timeline
BLAST = {"name": "Blast", "dice": "4d6", "range": 100, "knockback": False}
HAYMAKER_DCV = Modifier(4, "Haymaker", -5)


def timeline(b, cls, actor=None):
    return script_timeline(b, cls, actor, role="attacker")


def strike(who, target, maneuver="strike", attack="Punch"):
    return (who, Action("attack", attack, target, maneuver))


def pair(a=None, b=None):
    return {"A": [hero("a", position=(0, 0), **(a or {}))], "B": [hero("b", position=(1, 0), **(b or {}))]}


# -- Strike: the seed's Attack Roll ----------------------------------------------------------

def test_strike_hits_on_11_plus_ocv_minus_dcv_or_less():
    sides = pair(a=dict(SPD=2, DEX=15, OCV=5), b=dict(SPD=2, DEX=10, DCV=4))
    b = fight(sides, [4, 4, 4,  1, 1,  5, 4, 4], strike("a", "b"), strike("a", "b"))
    first, second = events_of(b, ev.AttackRolled)
    assert (first.needed, first.total, first.hit) == (12, 12, True)
    assert (second.needed, second.total, second.hit) == (12, 13, False)
    assert first.ocv.modifiers == () and first.dcv.modifiers == ()  # a Strike is +0/+0
    assert [e.faces for e in events_of(b, ev.DamageRolled)] == [(1, 1)]  # STR 10: 2d6


# -- Haymaker (rules §5.2 note) -------------------------------------------------------------

def test_haymaker_adds_4_dc_takes_5_dcv_at_once_and_lands_at_the_end_of_the_next_segment():
    sides = pair(a=dict(SPD=4, DEX=15, STR=20), b=dict(SPD=2, DEX=10))
    dice = [5, 5, 4,  1, 1,          # T1/12, b strikes a: 14 hits only against DCV 3 - 5
            3, 3, 3,  *[1] * 8]      # end of T2/1: the Haymaker lands with 4d6 + 4 DC = 8d6
    b = fight(sides, dice, strike("a", "b", "haymaker"), strike("b", "a"))
    (windup,) = events_of(b, ev.HaymakerWindup)
    assert (windup.lands_turn, windup.lands_segment) == (2, 1)
    b_on_a, a_on_b = events_of(b, ev.AttackRolled)
    assert b_on_a.dcv == build_cv("DCV", 3, [HAYMAKER_DCV])
    assert b_on_a.needed == 11 + 3 - b_on_a.dcv.value and b_on_a.hit
    landed = [(t, s) for t, s, e in timeline(b, ev.AttackRolled, "a")]
    assert landed == [(2, 1)] and a_on_b.maneuver == "haymaker"
    dmg = [e for e in events_of(b, ev.DamageRolled) if e.attacker == "a"][0]
    assert (dmg.base_dice, dmg.dice, dmg.added) == ("4d6", "8d6", (("Haymaker", 4),))
    # END is paid when the blow lands, not when it is declared.
    assert [(t, s, e.amount) for t, s, e in timeline(b, ev.EnduranceSpent, "a")] == [(2, 1, 2)]
    # SPD 4's next Phase (Segment 3) comes after the landing: nothing is lost.
    assert decisions_for(b, "a") == [(1, 12), (2, 3), (2, 6), (2, 9), (2, 12)]


def test_twin_haymakers_landing_in_one_segment_land_in_dex_order_with_a_roll_off_not_roster_order():
    """Issue 18: simultaneous end-of-Segment events follow the Segment's order (DEX, then a
    1d6 roll-off), never the scenario's listing. Twins wind up at each other in Turn 1,
    Segment 12; both blows are due at the end of Turn 2, Segment 1, where neither has a Phase,
    so a roll-off is rolled then: b (listed second) wins it, lands first and knocks a out,
    and a's blow never lands."""
    twin = dict(SPD=2, DEX=15)
    sides = pair(a=twin, b=twin)
    dice = [2, 5,            # T1/12: the DEX tie, b acts first
            1, 6,            # end of T2/1: the landing roll-off, b's blow first
            1, 1, 1,         # b's Haymaker hits
            *[6] * 4]        # 2d6 + 4 DC, capped at double: 4d6, 24 STUN - 2 PD on STUN 20 knocks a out
    b = fight(sides, dice, strike("a", "b", "haymaker"), strike("b", "a", "haymaker"))
    assert [e.attacker for e in events_of(b, ev.AttackRolled)] == ["b"]
    (fizzled,) = events_of(b, ev.HaymakerFizzled)
    assert fizzled.actor == "a" and fizzled.why == "A was knocked out before it landed"


def test_a_phase_before_the_haymaker_lands_is_lost_and_the_minus_5_dcv_holds_through_it():
    # SPD 12 has a Phase in Segment 1, before the end of Segment 1 when the Haymaker lands.
    sides = pair(a=dict(SPD=12, DEX=15, STR=20), b=dict(SPD=12, DEX=10))
    dice = [6, 4, 4,  1, 1,   # T2/1, after a's lost Phase: b strikes a, 14 hits only against DCV 3 - 5
            6, 6, 6]          # end of T2/1: the Haymaker misses
    b = fight(sides, dice, strike("a", "b", "haymaker"), ("b", Action("dodge")), strike("b", "a"))
    skipped = [(t, s, e.reason) for t, s, e in timeline(b, ev.PhaseSkipped, "a")]
    assert skipped == [(2, 1, "still winding up a Haymaker")]
    assert (2, 1) not in decisions_for(b, "a")
    assert decisions_for(b, "a")[:3] == [(1, 12), (2, 2), (2, 3)]
    b_on_a = [e for t, s, e in timeline(b, ev.AttackRolled, "b")][0]
    assert b_on_a.dcv == build_cv("DCV", 3, [HAYMAKER_DCV]) and b_on_a.hit  # -5 DCV until it lands
    assert [(t, s) for t, s, e in timeline(b, ev.AttackRolled, "a")] == [(2, 1)]


def test_haymaker_fizzles_if_the_target_moved_out_of_reach():
    sides = pair(a=dict(SPD=3, DEX=15), b=dict(SPD=2, DEX=10))
    b = fight(sides, [], strike("a", "b", "haymaker"), ("b", Action("retreat", target="a")))
    (fizzle,) = events_of(b, ev.HaymakerFizzled)
    assert "out of reach" in fizzle.why
    assert [(t, s) for t, s, e in timeline(b, ev.HaymakerFizzled)] == [(2, 1)]
    assert events_of(b, ev.AttackRolled) == []
    assert [e.what for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"] == []  # no END for a blow not thrown


def test_a_stunned_attacker_loses_its_haymaker_and_only_the_one_phase_spent_recovering():
    sides = pair(a=dict(SPD=12, DEX=15), b=dict(SPD=12, DEX=10, STR=30))
    dice = [3, 3, 3,  3, 3, 3, 3, 3, 3]  # T1/12: b hits a; 18 - PD 2 = 16 STUN > CON 10
    b = fight(sides, dice, strike("a", "b", "haymaker"), strike("b", "a"))
    assert [(t, s, e.why) for t, s, e in timeline(b, ev.HaymakerFizzled)] == [(1, 12, "A was Stunned before it landed")]
    assert [e for e in events_of(b, ev.AttackRolled) if e.attacker == "a"] == []
    stun = [(t, s, e.active) for t, s, e in timeline(b, ev.StatusChanged, "a") if e.status == "stunned"]
    assert stun == [(1, 12, True), (2, 1, False)]  # its Phase in Segment 1 is the one spent recovering
    assert decisions_for(b, "a")[:2] == [(1, 12), (2, 2)]


# -- Block (rules §5.2 note) --------------------------------------------------------------------

def test_block_rolls_11_plus_blocker_ocv_minus_attacker_ocv_and_each_later_block_is_at_minus_2():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=10), hero("c", position=(2, 0), SPD=2, DEX=8)],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=15, OCV=5)]}
    dice = [4, 4, 5,          # a's Punch: block roll 13 <= 11 + 5 - 3 = 13, stopped
            4, 4, 4,          # c's Punch: second block at -2: 12 > 11, fails
            3, 3, 3,  1, 1]   # so c rolls to hit as usual
    b = fight(sides, dice, ("b", Action("block")), strike("a", "b"), strike("c", "b"), turn_limit=1)
    blocks = [(e.blocker, e.attacker, e.needed, e.success) for e in events_of(b, ev.BlockRolled)]
    assert blocks == [("b", "a", 13, True), ("b", "c", 11, False)]
    assert [e.attacker for e in events_of(b, ev.AttackRolled)] == ["c"]  # a's blocked attack is never rolled
    assert [e.actor for e in events_of(b, ev.EnduranceSpent)] == ["a", "c"]  # a still paid for its swing
    assert decisions_for(b, "b", "abort") == []  # already blocking: nothing to Abort to


def test_block_compares_the_ocv_checklists_not_the_bare_characteristics_seed_ocv_checklist():
    # a: OCV 3 + 4 CSLs + a club's +1 OCV = 8; b: OCV 5 + 3 CSLs it has not put into DCV = 8
    club = {"name": "Club", "dice": "2d6", "ocv": 1, "adds_str": False}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=10, csl=4, attacks=[club])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=15, OCV=5, csl=3)]}
    # 12 > 11 + 8 - 8 = 11: the Block fails (bare OCVs, 11 + 5 - 3 = 13, would have stopped it)
    b = fight(sides, [4, 4, 4, 3, 3, 3, 1, 1], ("b", Action("block")), strike("a", "b", attack="Club"), turn_limit=1)
    (block,) = events_of(b, ev.BlockRolled)
    assert (block.blocker_ocv.value, block.attacker_ocv.value, block.needed, block.success) == (8, 8, 11, False)
    from slugfest.core.render.text import TextLog

    assert "needs 11- (11 + blocker's OCV 8 - attacker's OCV 8)" in "\n".join(TextLog().lines(b.events))
    b = fight(sides, [4, 4, 3], ("b", Action("block")), strike("a", "b", attack="Club"), turn_limit=1)
    (block,) = events_of(b, ev.BlockRolled)
    assert (block.needed, block.success) == (11, True)  # 11 <= 11
    from slugfest.core.hero.report import event_details

    details = event_details(block)
    assert details[0].strip() == "roll: 3d6 [4, 4, 3] = 11; needs 11 + OCV 8 - OCV 8 (-2 per earlier Block) = 11 or less -> blocked"
    assert any("blocker's OCV 5" in ln for ln in details) and any("attacker's OCV 3" in ln for ln in details)


@pytest.mark.parametrize("strength, status", [(60, "knocked out"), (30, "stunned")])
def test_a_knocked_out_or_stunned_blocker_blocks_nothing_more(strength, status):
    # The seed: a Stunned character "can take no Action"; a Knocked-Out one has no CVs at all.
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=10, STR=strength), hero("c", position=(2, 0), SPD=2, DEX=8)],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=15), hero("d", position=(15, 9), SPD=2, DEX=5)]}
    dice = [6, 6, 5,                      # a's blow: block roll 17 fails
            3, 3, 3,  *[3] * (strength // 5),  # 36 STUN - 2 knocks b out; 18 - 2 = 16 > CON 10 Stuns it
            3, 3, 3,  1, 1]               # c's blow: no block roll, it just hits
    b = fight(sides, dice, ("b", Action("block")), strike("a", "b"), strike("c", "b"), turn_limit=1)
    assert [(e.status, e.active) for e in events_of(b, ev.StatusChanged) if e.actor == "b"][0] == (status, True)
    assert [(e.attacker, e.success) for e in events_of(b, ev.BlockRolled)] == [("a", False)]
    assert [e.attacker for e in events_of(b, ev.AttackRolled)] == ["a", "c"]


# -- Dodge ------------------------------------------------------------------------------------------

def test_dodge_gives_plus_3_dcv_until_the_dodgers_next_phase():
    sides = pair(a=dict(SPD=3, DEX=10), b=dict(SPD=2, DEX=15))
    b = fight(sides, [6, 6, 6] * 3, ("b", Action("dodge")), ("b", Action("move", destination=(1, 1))),
              strike("a", "b"), strike("a", "b"), strike("a", "b"))
    dcvs = [(t, s, e.dcv.value) for t, s, e in timeline(b, ev.AttackRolled, "a")]
    assert dcvs == [(1, 12, 6), (2, 4, 6), (2, 8, 3)]  # b's Phase in T2/6 ended the Dodge
    assert events_of(b, ev.AttackRolled)[0].dcv.modifiers == (Modifier(4, "Dodge", 3),)


# -- Set and Brace (ranged) -------------------------------------------------------------------------

def test_set_is_plus_1_ocv_for_a_full_phase_ranged_attack():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[BLAST])], "B": [hero("b", position=(3, 0))]}
    b = fight(sides, [6, 6, 6], strike("a", "b", "set", "Blast"), turn_limit=1)
    (atk,) = events_of(b, ev.AttackRolled)
    assert atk.maneuver == "set" and atk.ocv.modifiers == (Modifier(4, "Set", 1),) and atk.ocv.value == 4
    menu = b.script.timed[0][2].menu
    assert Action("attack", "Blast", "b", "set") in menu
    punch_only = fight(pair(a=dict(SPD=2, DEX=15)), [], turn_limit=1)
    assert not any(x.maneuver == "set" for x in punch_only.script.timed[0][2].menu)  # not for HTH


def test_brace_offsets_the_range_modifier_by_up_to_2_and_halves_dcv():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[BLAST])],
             "B": [hero("b", position=(10, 0), SPD=2, DEX=10, attacks=[BLAST])]}
    b = fight(sides, [6, 6, 6,  6, 6, 6], strike("a", "b", "brace", "Blast"), strike("b", "a", "strike", "Blast"),
              turn_limit=1)
    braced, reply = events_of(b, ev.AttackRolled)
    assert braced.ocv.modifiers == (Modifier(6, "range 20 m", -4), Modifier(6, "Brace", 2))
    assert braced.ocv.value == 1
    assert reply.dcv.value == 2 and [m.source for m in reply.dcv.modifiers] == ["Brace"]  # 3 x ½, rounded up
    # Brace only offsets the Range Modifier: +2 at most, and nothing at point-blank range.
    fa, fb = b.state.fighters["a"], b.state.fighters["b"]
    blast = fa.attack("Blast")
    for cells, mods in [(6, [("range 12 m", -2), ("Brace", 2)]), (4, [])]:
        fb.pos = (cells, 0)
        chain = ocv_chain(fa, blast, fb, MANEUVERS["brace"], "")
        assert [(m.source, m.value) for m in chain.modifiers] == mods


# -- Move Through (rules §5.2) --------------------------------------------------------------------

def move_through(kb_faces):
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15)], "B": [hero("b", position=(6, 0), SPD=2, DEX=10)]}
    # 5 cells = 10 m: -1 OCV (10 m / 10), +1 DC (10 m / 6) on STR 10's 2d6.
    dice = [3, 3, 3,  6, 6, 6,  *kb_faces]
    return fight(sides, dice, ("a", Action("move-through", "Punch", "b", "move through")), rules={}, turn_limit=1)


def test_move_through_is_minus_v_over_10_ocv_minus_3_dcv_plus_v_over_6_dc_and_half_damage_back_if_knocked_back():
    b = move_through([1, 1,  1, 1])  # KB: 6 BODY - 2 = 4 -> 8 m back; landing 8 m / 4 = 2d6
    (moved,) = [e for e in b.events if type(e).__name__ == "Moved"]
    assert (moved.start, moved.end, moved.distance) == ((0, 0), (5, 0), 10)
    (atk,) = events_of(b, ev.AttackRolled)
    assert atk.ocv.modifiers == (Modifier(4, "Move Through at 10 m", -1),) and atk.needed == 10
    first = events_of(b, ev.DamageRolled)[0]
    assert (first.dice, first.added, first.stun, first.body) == ("3d6", (("velocity", 1),), 18, 6)
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert (kb.outcome, kb.metres, kb.end) == ("knockback", 8, (10, 0))
    back = [e for e in events_of(b, ev.DamageTakenEvent) if e.target == "a"]
    assert [(e.stun_rolled, e.body_rolled, e.stun_taken, e.body_taken) for e in back] == [(9, 3, 7, 1)]
    fa = b.state.fighters["a"]
    dcv = dcv_chain(fa)
    assert dcv.value == 0 and Modifier(4, "Move Through", -3) in dcv.modifiers


def test_move_through_a_target_that_does_not_budge_hits_the_attacker_with_all_of_it():
    b = move_through([6, 6])  # KB: 6 - 12 < 0, no knockback
    back = [e for e in events_of(b, ev.DamageTakenEvent) if e.target == "a"]
    assert [(e.stun_rolled, e.body_rolled) for e in back] == [(18, 6)]


# -- Multiple Attack (rules §5.2; Foundry #4476) -------------------------------------------------

def multiple(dice):
    sides = {"A": [hero("a", position=(1, 1), SPD=2, DEX=15)],
             "B": [hero("b", position=(0, 1), SPD=2, DEX=10), hero("c", position=(2, 1), SPD=2, DEX=9)]}
    act = Action("multiple-attack", attacks=("Punch", "Punch"), targets=("b", "c"), maneuver="multiple attack")
    return fight(sides, dice, ("a", act), turn_limit=1)


def test_multiple_attack_takes_minus_2_ocv_per_attack_after_the_first_and_halves_dcv():
    b = multiple([3, 3, 3,  1, 1,  3, 3, 3,  1, 1])
    first, second = events_of(b, ev.AttackRolled)
    assert (first.target, first.ocv.modifiers, first.needed) == ("b", (), 11)  # not on the first
    assert (second.target, second.ocv.modifiers, second.needed) == ("c", (Modifier(4, "Multiple Attack", -2),), 9)
    assert dcv_chain(b.state.fighters["a"]).value == 2  # 3 x ½, rounded up


def test_a_multiple_attack_sequence_stops_at_the_first_miss():
    b = multiple([6, 6, 6])
    assert [e.target for e in events_of(b, ev.AttackRolled)] == ["b"]
    assert [e.reason for e in events_of(b, ev.PhaseSkipped)] == ["Multiple Attack sequence ends at the first miss"]
    assert len([e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]) == 1


# -- Holding a Phase (rules §1.5) -----------------------------------------------------------------

def test_a_held_phase_acts_later_in_the_segment():
    b = fight(pair(a=dict(SPD=2, DEX=15), b=dict(SPD=2, DEX=10)), [3, 3, 3, 1, 1],
              ("a", Action("hold")), strike("a", "b"), turn_limit=1)
    starts = [(e.actor, e.held) for e in events_of(b, ev.PhaseStarted)]
    assert starts == [("a", False), ("b", False), ("a", True)]
    assert [e.attacker for e in events_of(b, ev.AttackRolled)] == ["a"]
    assert events_of(b, ev.AttackRolled)[0] == [e for t, s, e in timeline(b, ev.AttackRolled)][0]


def test_a_held_phase_carries_into_later_segments_and_is_lost_when_the_next_phase_arrives():
    # Held, a is asked at its DEX in every Segment and, if it holds on, once more at the Segment's end.
    holds = [("a", Action("hold"))] * 12  # T1/12 natural and held, then twice in each of T2/1 to T2/5
    b = fight(pair(a=dict(SPD=2, DEX=15), b=dict(SPD=2, DEX=10)), [], *holds)
    held = [(t, s, d.context.endswith("(held Phase)")) for t, s, d in b.script.timed if d.actor == "a"]
    assert held == [(1, 12, False), (1, 12, True)] + [(2, s, True) for s in (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)] + [
        (2, 6, False), (2, 12, False)]
    lost = [(t, s, e.why) for t, s, e in timeline(b, ev.StatusChanged, "a") if e.status == "holding" and not e.active]
    assert [(t, s) for t, s, _ in lost] == [(2, 6)] and "lost" in lost[0][2]
    assert [(t, s) for t, s, e in timeline(b, ev.PhaseStarted, "a") if (t, s) == (2, 6)] == [(2, 6)]  # once, not twice


# -- Aborting (rules §1.5) ------------------------------------------------------------------------

def test_aborting_to_dodge_consumes_the_next_phase():
    sides = pair(a=dict(SPD=2, DEX=15), b=dict(SPD=2, DEX=10))
    b = fight(sides, [6, 6, 6], strike("a", "b"), aborts=[("b", Action("dodge"))])
    (ab,) = events_of(b, ev.Aborted)
    assert (ab.actor, ab.to, ab.against, ab.uses_held) == ("b", "dodge", "a", False)
    assert events_of(b, ev.AttackRolled)[0].dcv.value == 6
    assert [(t, s, e.reason) for t, s, e in timeline(b, ev.PhaseSkipped, "b")] == [
        (1, 12, "this Phase was spent earlier by Aborting")]
    assert decisions_for(b, "b") == [(2, 6), (2, 12)]


def test_an_aborted_dodge_lasts_to_the_end_of_the_segment_of_the_phase_it_spent():
    """Rules §1.5: the abort clears once the Segment of the spent Phase ends. b Aborts to Dodge
    against a at T1/12, spending its own Phase later in that Segment; c, slower than b, attacks
    after that spent Phase, still in Segment 12, and meets the Dodge too."""
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15), hero("c", position=(0, 1), SPD=2, DEX=5)],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    b = fight(sides, [6, 6, 6,  6, 6, 6], strike("a", "b"), strike("c", "b"),
              aborts=[("b", Action("dodge"))], turn_limit=1)
    first, second = [(t, s, e) for t, s, e in timeline(b, ev.AttackRolled) if e.target == "b"]
    (skipped,) = timeline(b, ev.PhaseSkipped, "b")
    assert (first[:2], skipped[:2], second[:2]) == ((1, 12), (1, 12), (1, 12))
    assert b.events.index(skipped[2]) < b.events.index(second[2])  # c attacks after the spent Phase
    assert first[2].dcv.value == second[2].dcv.value == 6  # DCV 3 + Dodge 3, both times


def test_a_second_abort_lasts_to_the_end_of_the_segment_of_the_phase_it_spends_not_the_first_ones():
    """Rules §1.5, each Abort on its own: b's first Abort spent its Phase in this Segment, so that
    Dodge lapses as the Segment ends. Knocked out and woken since (the Dodge no longer stands),
    b Aborts again: that Dodge spends its next Phase, a Segment later, and lasts to the end of
    that one, not to the end of this (until issue 33 it lapsed with the first, here)."""
    from slugfest.core.hero.aborts import DODGE, offer_abort
    from slugfest.core.hero.clock import end_segment
    from slugfest.core.hero.state import InForce
    from slugfest.core.testing import battle_with, drive, scenario

    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15)], "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    bt = battle_with(scenario("hero", sides), dice=[])
    bt.start()
    a, g, st = bt.state.fighters["a"], bt.state.fighters["b"], bt.state
    now = st.abs_segment
    g.in_force = InForce(DODGE, DODGE, lapses_at=now, stands=False)  # the first Dodge, its Phase spent here
    drive(offer_abort(bt.ctx, g, a, a.attack("Punch")), lambda q: Action("dodge"))
    assert g.dodging and g.aborted and g.in_force.lapses_at == -1  # the second: its Phase is still to come
    drive(end_segment(bt.ctx))
    assert g.dodging, "the second Dodge outlasts the Segment the first one's Phase was spent in"


def test_aborting_to_block_stops_a_hand_to_hand_attack_and_consumes_the_next_phase():
    sides = pair(a=dict(SPD=2, DEX=15), b=dict(SPD=2, DEX=10))
    b = fight(sides, [3, 4, 4], strike("a", "b"), aborts=[("b", Action("block"))], turn_limit=1)
    assert [(e.to, e.uses_held) for e in events_of(b, ev.Aborted)] == [("block", False)]
    assert [(e.needed, e.success) for e in events_of(b, ev.BlockRolled)] == [(11, True)]
    assert events_of(b, ev.AttackRolled) == []
    assert [e.actor for e in events_of(b, ev.PhaseSkipped)] == ["b"]


def test_an_abort_against_a_ranged_attack_offers_dodge_but_not_block():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[BLAST])], "B": [hero("b", position=(4, 0))]}
    b = fight(sides, [6, 6, 6], strike("a", "b", "strike", "Blast"), turn_limit=1)
    (abort,) = [d for _, _, d in b.script.timed if d.kind == "abort"]
    assert [x.kind for x in abort.menu] == ["none", "dodge"]


def test_an_abort_uses_a_held_phase_instead_of_the_next_one():
    sides = pair(a=dict(SPD=2, DEX=10), b=dict(SPD=2, DEX=15))
    b = fight(sides, [6, 6, 6], ("b", Action("hold")), strike("a", "b"), aborts=[("b", Action("dodge"))])
    assert [(e.to, e.uses_held) for e in events_of(b, ev.Aborted)] == [("dodge", True)]
    assert events_of(b, ev.PhaseSkipped) == []
    assert decisions_for(b, "b") == [(1, 12), (2, 6), (2, 12)]  # the held Phase was spent; the next is whole


def test_a_stunned_character_may_not_abort():
    sides = pair(a=dict(SPD=3, DEX=15, STR=30), b=dict(SPD=1, DEX=10))
    dice = [3, 3, 3,  *[3] * 6,  6, 6, 6]  # T1/12 stuns b; T2/4 attacks it again (and misses)
    b = fight(sides, dice, strike("a", "b"), strike("a", "b"), aborts=[("b", Action("none")), ("b", Action("dodge"))])
    assert decisions_for(b, "b", "abort") == [(1, 12)]
    assert events_of(b, ev.Aborted) == []


def test_a_martial_strike_in_battle_adds_its_dcs_to_str_and_rolls_3d6_knockback():
    strike_sheet = {"name": "Martial Strike", "kind": "normal", "range": "hth", "end": 0, "martial_dcs": 2}
    sides = pair(a=dict(SPD=2, DEX=15, STR=20, attacks=[strike_sheet]), b=dict(SPD=2, DEX=10, DCV=0))
    dice = [3, 3, 3,                 # T1/12: a's Martial Strike hits
            *[6] * 6,                # STR 20 (4d6) + 2 DC = 6d6: 36 STUN, 12 BODY
            6, 6, 6]                 # knockback: 12 BODY - 3d6 (a martial maneuver) = none
    b = fight(sides, dice, ("a", Action("attack", "Martial Strike", "b", "strike")), rules={}, turn_limit=1)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.base_dice, dmg.dice) == ("4d6", "6d6")
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert len(kb.faces) == 3
    assert [e.amount for e in events_of(b, ev.EnduranceSpent)] == [2]  # STR 20's END only


def test_a_crowd_in_reach_is_offered_the_first_24_multiple_attacks_in_menu_order():
    """Eight foes round a fighter with two attacks: two attacks on one foe (eight, by foe),
    then one attack on two foes, Punch's pairs first; only the first 24 of the 64 are offered."""
    ring = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    sides = {"A": [hero("a", position=(1, 1), SPD=2, DEX=15, attacks=[{"name": "Punch"}, {"name": "Kick"}])],
             "B": [hero(f"b{i}", position=cell, SPD=2, DEX=10) for i, cell in enumerate(ring)]}
    b = battle_with(scenario("hero", sides, rules=NO_KB), dice=[])
    b.start()
    offered = [a for a in menu_for(b.ctx, b.state.fighters["a"]) if a.kind == "multiple-attack"]
    assert len(offered) == 24
    assert [(a.attacks, a.targets) for a in offered[:9]] == (
        [(("Punch", "Kick"), (f"b{i}", f"b{i}")) for i in range(8)] + [(("Punch", "Punch"), ("b0", "b1"))])
    assert (offered[-1].attacks, offered[-1].targets) == (("Punch", "Punch"), ("b2", "b5"))


def test_true_metres_is_the_straight_line_between_cell_centres_whatever_the_direction():
    """Rules §5.3: the Range Modifier reads the straight line (a 16-by-16 offset is 45 m), the
    same from either end and in every quadrant."""
    for a, b, metres in (((0, 0), (16, 16), 45), ((3, 4), (3, 4), 0), ((5, 5), (2, 1), 10), ((0, 0), (1, 1), 3)):
        assert true_metres(a, b) == true_metres(b, a) == metres
        assert true_metres((-a[0], a[1]), (-b[0], b[1])) == metres
