"""Move By and Grab By (6E1's maneuver table; rules/hero6e.md §5.2): a full move up to the target
and a blow, or a Grab, in passing. Scripted dice throughout.

Move By: -2 OCV, -2 DCV; (STR/2 + v/10)d6, v the metres moved; the attacker takes a third of
the STUN and BODY it rolled. Grab By: -3 OCV, -4 DCV; a Grab, with +v/10 to STR for the hold.
"""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.engine.events import Moved
from slugfest.core.hero import events as ev
from slugfest.core.hero.chains import dcv_chain
from slugfest.core.hero.combat_values import Modifier
from slugfest.core.hero.estimate import estimate, recoil_share
from slugfest.core.hero.harm import estimate_one
from slugfest.core.hero.maneuvers import MANEUVERS
from slugfest.core.hero.menu import menu_for
from slugfest.core.hero.three_dice import hit_chance
from slugfest.core.hero.usage import damage_profile, strength_used
from slugfest.core.testing import battle_with, events_of, hero, phase_decision, scenario

from hero_script import fight

BLAST = {"name": "Blast", "dice": "4d6", "range": 100, "knockback": False}


def apart(a=None, b=None, gap=11):
    """``a`` at (0, 0) with 24 m of running (12 cells), ``b`` ``gap`` cells east: a pass up to
    ``b`` is ``gap - 1`` cells, 20 m by default."""
    return {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, running=24, **(a or {}))],
            "B": [hero("b", position=(gap, 0), SPD=2, DEX=10, **(b or {}))]}


def move_by(dice, a=None, b=None):
    return fight(apart(a, b), dice, ("a", Action("attack", "Punch", "b", "move by")), turn_limit=1)


# -- Move By ------------------------------------------------------------------------------------

def test_move_by_is_half_str_plus_1_dc_per_10_m_at_minus_2_ocv_and_the_attacker_takes_a_third_back():
    # STR 30 halved is 15 (3d6), +2 DC for 20 m: 5d6. OCV 5 - 2 against DCV 3: 11- needed.
    b = move_by([3, 3, 3,  5, 4, 3, 2, 6], a=dict(STR=30, OCV=5, PD=2))
    (moved,) = events_of(b, Moved)
    assert (moved.start, moved.end, moved.distance) == ((0, 0), (10, 0), 20)
    assert moved.why == "moves by B (STR 30 halved to 15 for the blow)"
    (atk,) = events_of(b, ev.AttackRolled)
    assert atk.ocv.modifiers == (Modifier(4, "Move By", -2),) and (atk.needed, atk.hit) == (11, True)
    blow, back = events_of(b, ev.DamageRolled)
    assert (blow.base_dice, blow.dice, blow.added) == ("3d6", "5d6", (("velocity", 2),))
    assert (blow.stun, blow.body) == (20, 6)
    # a third of 20 STUN is 6.67 -> 7, of 6 BODY 2; against the attacker's own PD 2
    assert (back.target, back.stun, back.body) == ("a", 7, 2)
    (taken,) = [e for e in events_of(b, ev.DamageTakenEvent) if e.target == "a"]
    assert (taken.stun_taken, taken.body_taken) == (5, 0)


def test_move_by_leaves_its_user_at_minus_2_dcv_until_its_next_phase():
    b = move_by([3, 3, 3,  1, 1, 1, 1, 1], a=dict(STR=30, OCV=5))
    fa = b.state.fighters["a"]
    chain = dcv_chain(fa)
    assert Modifier(4, "Move By", -2) in chain.modifiers and chain.value == 1


def test_a_move_by_that_misses_hands_nothing_back():
    b = move_by([6, 6, 6], a=dict(STR=30))
    assert not events_of(b, ev.DamageRolled)
    assert not [e for e in events_of(b, ev.DamageTakenEvent) if e.target == "a"]


def test_move_by_halves_str_hero_rounded_so_str_25_rolls_as_13():
    b = battle_with(scenario("hero", apart(a=dict(STR=25)), turn_limit=1), dice=[])
    b.start()
    fa = b.state.fighters["a"]
    entry = MANEUVERS["move by"]
    assert strength_used(fa, entry) == 13 and strength_used(fa, MANEUVERS["strike"]) == 25
    profile = damage_profile(b.ctx.options, fa, fa.attack("Punch"), entry, "", 0, 10)
    assert (str(profile.base_dice), str(profile.dice)) == ("2½d6", "3½d6")  # +1 DC for 10 m


def test_move_by_is_offered_with_a_punch_at_a_foe_a_full_move_away_not_with_a_blast_nor_next_to_it():
    sides = apart(a=dict(attacks=[{"name": "Punch"}, BLAST]))
    b = battle_with(scenario("hero", sides, turn_limit=1), dice=[])
    menu = phase_decision(b, "a").menu
    passes = [x for x in menu if x.maneuver == "move by"]
    assert passes == [Action("attack", "Punch", "b", "move by")]
    b.state.fighters["b"].pos = (1, 0)  # next to it: nothing to move by
    assert not [x for x in menu_for(b.ctx, b.state.fighters["a"]) if x.maneuver == "move by"]


def test_the_ai_worth_of_a_move_by_is_its_harm_less_the_third_it_takes_back():
    b = battle_with(scenario("hero", apart(a=dict(STR=30, OCV=5)), turn_limit=1), dice=[])
    b.start()
    fa, fb = b.state.fighters["a"], b.state.fighters["b"]
    action = Action("attack", "Punch", "b", "move by")
    p, harm = estimate_one(b.ctx, fa, fb, fa.attack("Punch"), "move by", "")
    back = recoil_share(b.ctx, fa, fb, fa.attack("Punch"), "move by", "", 0)
    assert back > 0
    assert estimate(b.ctx, fa, action) == p * (harm - back)


def test_the_ai_prices_a_move_by_at_the_metres_of_this_pass_a_dc_per_10_m():
    """18 m and 20 m of pass are +1 and +2 DCs: a figure kept for the one must not stand for the
    other (the estimate once keyed the distance by 6 m, Move Through's step)."""
    def harm_at(gap, first=None):
        b = battle_with(scenario("hero", apart(a=dict(STR=30, OCV=5), gap=first or gap), turn_limit=1), dice=[])
        b.start()
        fa, fb = b.state.fighters["a"], b.state.fighters["b"]
        if first:
            estimate_one(b.ctx, fa, fb, fa.attack("Punch"), "move by", "")  # kept at the first distance
            fb.pos = (gap, 0)
        return estimate_one(b.ctx, fa, fb, fa.attack("Punch"), "move by", "")[1]

    assert harm_at(9) < harm_at(10)                                       # 18 m: 4d6; 20 m: 5d6
    assert harm_at(9, first=10) == harm_at(9)


# -- Grab By ------------------------------------------------------------------------------------

def test_grab_by_is_a_grab_at_minus_3_ocv_minus_4_dcv_after_a_full_move_with_v_over_10_str_to_hold():
    # a: OCV 5 - 3 against DCV 3: 10- needed; 20 m moved: +2 STR to the hold (STR 11 -> 13: 2½d6).
    # b (STR 10, 2d6) tries to break free in its own Phase: 2 BODY against the holder's 4 (6, 3 and a
    # half die's 4: 2 + 1 + 1).
    b = fight(apart(a=dict(STR=11, OCV=5)), [3, 3, 4,  3, 3,  6, 3, 4],
              ("a", Action("grab-by", target="b")), ("b", Action("escape", target="a")), turn_limit=1)
    (moved,) = events_of(b, Moved)
    assert (moved.end, moved.distance, moved.why) == ((10, 0), 20, "swoops on B")
    (roll,) = events_of(b, ev.AttackRolled)
    assert roll.maneuver == "grab by" and roll.ocv.modifiers == (Modifier(4, "Grab By", -3),)
    assert (roll.needed, roll.hit) == (10, True)
    holding = [e for e in events_of(b, ev.StatusChanged) if e.status == "grabbing" and e.active]
    assert holding[0].why == "holds B: half DCV, +2 STR to hold (Grab By's velocity)"
    (escape,) = events_of(b, ev.EscapeRolled)
    assert (escape.strength, escape.body) == (10, 2)
    assert (escape.holder_strength, escape.holder_faces, escape.holder_body, escape.freed) == (13, (6, 3, 4), 4, False)
    fa = b.state.fighters["a"]
    assert Modifier(4, "Grab By", -4) in dcv_chain(fa).modifiers


def test_the_velocity_str_goes_with_the_hold_when_it_ends():
    b = fight(apart(a=dict(STR=11, OCV=5)), [3, 3, 4,  6, 6,  1, 1, 1],
              ("a", Action("grab-by", target="b")), ("b", Action("escape", target="a")), turn_limit=1)
    (escape,) = events_of(b, ev.EscapeRolled)
    assert escape.freed and escape.holder_strength == 13
    assert b.state.fighters["a"].holding is None and b.state.fighters["a"].grip == 0


def test_grab_by_is_offered_for_a_foe_a_full_move_away_in_a_whole_phase_not_for_one_next_to_it():
    b = battle_with(scenario("hero", apart(), turn_limit=1), dice=[])
    menu = phase_decision(b, "a").menu
    assert [x for x in menu if x.kind == "grab-by"] == [Action("grab-by", target="b")]
    b.state.fighters["b"].pos = (1, 0)
    assert not [x for x in menu_for(b.ctx, b.state.fighters["a"]) if x.kind == "grab-by"]
    b.state.fighters["b"].pos = (20, 0)  # beyond its 12 cells
    assert not [x for x in menu_for(b.ctx, b.state.fighters["a"]) if x.kind == "grab-by"]


# -- what a DCV penalty gives up (the AI's estimate; core/hero/exposure.py) --------------------

CUTLASS = {"name": "Cutlass", "kind": "killing", "dice": "1d6+1", "range": "hth", "str_min": 12, "end": 0}


def boarding(guard: bool):
    """a (SPD 3: its next Phase is Segment 4) with a cutlass and no bare-handed blow, b a full move
    away (SPD 2: nothing before Segment 6); with ``guard``, c beside b (SPD 4: a Phase in Segment
    3, before a's). Heroic, as hero-heroic, where the default AI took Grab By 37 times in 20
    battles while nothing priced its -4 DCV."""
    fighter = dict(attacks=[CUTLASS], STR=15, OCV=5, STUN=30, BODY=12, PD=6)
    sides = {"A": [hero("a", position=(0, 0), SPD=3, DEX=15, running=24, DCV=5, **fighter)],
             "B": [hero("b", position=(11, 0), SPD=2, DEX=10, DCV=4, **fighter)]
             + ([hero("c", position=(12, 1), SPD=4, DEX=12, DCV=4, **fighter)] if guard else [])}
    return battle_with(scenario("hero", sides, rules={"campaign": "heroic"}), dice=[])


def test_a_dcv_penalty_is_the_entrys_modifiers_on_the_dcv_floored_at_0():
    from slugfest.core.hero.exposure import lowered_dcv
    from slugfest.core.hero.grab_maneuvers import GRAB_BY, MARTIAL_GRAB

    assert (lowered_dcv(5, GRAB_BY), lowered_dcv(3, GRAB_BY), lowered_dcv(5, MARTIAL_GRAB)) == (1, 0, 4)
    assert (lowered_dcv(7, MANEUVERS["brace"]), lowered_dcv(7, MANEUVERS["strike"])) == (4, 7)  # ½, rounded up


def test_the_foes_who_strike_before_the_dcv_lapses_are_those_with_a_phase_before_the_users_next():
    from slugfest.core.hero.exposure import phases_before

    b = boarding(guard=True)
    b.start()
    fa, fb, fc = (b.state.fighters[x] for x in "abc")
    assert b.state.abs_segment == 12  # a's next Phase: Segment 4 (SPD 3)
    assert (phases_before(b.ctx, fb, fa), phases_before(b.ctx, fc, fa)) == (0, 1)  # b: Segment 6; c: 3
    fb.held = True
    assert phases_before(b.ctx, fb, fa) == 1  # the Phase it holds
    fc.stunned = True
    assert phases_before(b.ctx, fc, fa) == 0  # its Phase goes to recovering


def test_a_grab_by_costs_the_harm_its_minus_4_dcv_lets_in_so_the_ai_closes_in_rather_than_swoop():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    b = boarding(guard=True)
    d = phase_decision(b, "a", controller="default")
    fa, fc = b.state.fighters["a"], b.state.fighters["c"]
    swoop, close = Action("grab-by", target="b"), Action("move", target="b")
    # the Grab By: 9- (OCV 5 - 3 against DCV 4), 37.5%, times half a Squeeze's share of b's 30 STUN:
    # 3d6 past PD 6 takes 4.5 on average, and the 15 of 216 rolls under 6 that take nothing add 15/216
    gain = 0.375 * 0.5 * (4.5 + 15 / 216) / 30
    # c's Cutlass at a: 11- against DCV 5, 15- against DCV 1, 0.775 of a's fight a hit
    p, blow = estimate_one(b.ctx, fc, fa, fc.attack("Cutlass"), "strike", "", dcv=lambda _: 5)
    assert (p, blow) == (pytest.approx(0.625), pytest.approx(0.775))
    price = (hit_chance(15) - hit_chance(11)) * blow
    assert d.picture.harm(swoop) == pytest.approx(gain - price)  # 0.029 - 0.255 = -0.226
    assert d.picture.harm(swoop) < d.picture.harm(close) == 0.0
    assert choose(BattleView(b), d).action.kind == "move"


def test_a_grab_by_no_foe_can_punish_before_the_grabbers_next_phase_still_pays_and_is_taken():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    b = boarding(guard=False)
    d = phase_decision(b, "a", controller="default")
    assert d.picture.harm(Action("grab-by", target="b")) == pytest.approx(0.375 * 0.5 * (4.5 + 15 / 216) / 30)
    assert choose(BattleView(b), d).action == Action("grab-by", target="b")
