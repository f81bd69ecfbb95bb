"""The AI's reading of a Haymaker's wind-up (:mod:`slugfest.core.hero.windup`, issue 18): the
chance a blow knocks its target out of its cell, worked from the dice, and the two ways a
Haymaker is spoiled before it lands (rules §5.2: it lands at the end of the next Segment, on a
target still in reach)."""

from __future__ import annotations

from itertools import product

import pytest

from slugfest.core.hero.estimate import exposure_cost
from slugfest.core.hero.harm import estimate_one
from slugfest.core.hero.dice import DamageDice, count_killing_body, normal_sums
from slugfest.core.hero.knockback import knockback, moved_chance
from slugfest.core.hero.state import PendingHaymaker
from slugfest.core.hero.three_dice import hit_chance
from slugfest.core.testing import battle_with, hero, phase_decision, scenario

PUNCH = [{"name": "Punch", "kind": "normal", "range": "hth"}]


def by_enumeration(dice: DamageDice, killing: bool, kb_dice: int, resistance_m: int, times: int = 1) -> float:
    """The share of every way the damage and knockback dice can fall in which the knockback rule
    itself (:func:`knockback`) moves the target."""
    n = dice.count + (1 if dice.half else 0)
    moved = total = 0
    for faces in product(range(1, 7), repeat=n + kb_dice):
        hit, kb = faces[:n], faces[n:]
        body = count_killing_body(dice, hit) if killing else normal_sums(dice, hit)[1]
        total += 1
        moved += body > 0 and knockback(body * times, kb, resistance_m).outcome == "knockback"
    return moved / total


@pytest.mark.parametrize("dice, killing, kb_dice, resistance, times", [
    (DamageDice(3), False, 2, 0, 1),             # a 3d6 punch against the 2d6 knockback dice
    (DamageDice(2, True), False, 2, 0, 1),       # 2½d6: the half die shows BODY on a 4-6
    (DamageDice(2, True), True, 3, 0, 1),        # a 2½d6 Killing attack: +1d6 to the knockback dice
    (DamageDice(1, False, 1), True, 3, 4, 1),    # 1d6+1 Killing against 4 m of Knockback Resistance
    (DamageDice(3), False, 1, 3, 2),             # Double Knockback, a flier's 1d6, 3 m of resistance
    (DamageDice(1), False, 2, 0, 1),             # one die's 2 BODY never beats 2d6
])
def test_the_chance_a_blow_moves_its_target_is_the_knockback_rule_over_every_roll(dice, killing, kb_dice,
                                                                                 resistance, times):
    """hero6e.md §6: BODY rolled less the knockback dice, 2 m a point, less the resistance."""
    got = moved_chance(dice.count, dice.half, dice.pip, killing, kb_dice, resistance, times)
    assert got == pytest.approx(by_enumeration(dice, killing, kb_dice, resistance, times), abs=1e-12)


def test_a_twelve_dice_blow_moves_a_target_nine_times_in_ten_and_twenty_metres_of_resistance_holds_it():
    assert moved_chance(12, False, 0, False, 2, 0) == pytest.approx(0.9232, abs=1e-4)
    assert moved_chance(12, False, 0, False, 2, 20) == pytest.approx(0.0386, abs=1e-4)


def position(a_side, b_side):
    b = battle_with(scenario("hero", {"A": a_side, "B": b_side}, width=30, height=12), seed=1)
    b.start()
    return b


def fighter(fid, pos, **keys):
    """A 6d6 puncher (STR 30) with OCV and DCV 5, SPD 4 (Phases in Segments 3, 6, 9 and 12)."""
    return hero(fid, pos, **{"attacks": PUNCH, "STR": 30, "DEX": 20, "SPD": 4, "END": 40, "STUN": 40, "OCV": 5,
                             "DCV": 5, **keys})


def menu_action(b, actor, label):
    return next(a for a in phase_decision(b, actor).menu if a.label() == label)


def test_a_blow_at_the_foe_a_friends_haymaker_is_winding_up_on_costs_the_haymaker_it_may_spoil():
    """49 of 80 fizzled Haymakers in hero-brawl were knocked out of reach by the thrower's own
    side. With a friend's wind-up on B, A's punch at B is worth its harm less the chance it
    moves B (6d6 against 2d6: 30%) times the Haymaker's, so a punch at C comes to be worth more."""
    b = position([fighter("a", (5, 5)), fighter("d", (5, 4))], [fighter("b", (6, 5)), fighter("c", (4, 5))])
    b.state.fighters["b"].stun = 30  # the weaker foe: the one to hit, all else equal
    strike_b, strike_c = menu_action(b, "a", "strike Punch -> b"), menu_action(b, "a", "strike Punch -> c")
    assert b.estimate("a", strike_b) > b.estimate("a", strike_c)

    a, d, foe = (b.state.fighters[x] for x in "adb")
    b.state.fighters["d"].haymaker = PendingHaymaker("b", "Punch", b.state.abs_segment + 1)
    p, harm = estimate_one(b.ctx, a, foe, a.attack("Punch"), "strike", "")
    ph, haymaker = estimate_one(b.ctx, d, foe, d.attack("Punch"), "haymaker", "")
    assert moved_chance(6, False, 0, False, 2, 0) == pytest.approx(0.3028, abs=1e-4)
    spoils = moved_chance(6, False, 0, False, 2, 0) * ph * haymaker
    assert b.estimate("a", strike_b) == pytest.approx(p * (harm - spoils))
    decision = phase_decision(b, "a")
    assert decision.picture.harm(strike_b) == pytest.approx(p * (harm - spoils))  # the Phase's picture agrees
    assert decision.picture.harm(strike_b) < decision.picture.harm(strike_c)


def test_a_haymaker_is_worth_its_harm_times_the_chance_no_foe_acting_before_it_lands_knocks_the_thrower_away():
    """31 of the 80 were the thrower knocked away by a foe. C stands next to A and acts before
    the blow lands: it is counted as punching A at A's DCV 5 - 5 (11 + 5 - 0: a 16-, 98.1%),
    moving it 30% of the time."""
    b = position([fighter("a", (5, 5))], [fighter("b", (6, 5)), fighter("c", (4, 5))])
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    haymaker = menu_action(b, "a", "haymaker Punch -> b")
    p, harm = estimate_one(b.ctx, a, foe, a.attack("Punch"), "haymaker", "")
    b.state.queue = ["c"]  # C's Phase in this Segment is still to come, B's is over
    assert hit_chance(16) == pytest.approx(0.9815, abs=1e-4)
    assert b.estimate("a", haymaker) == pytest.approx(p * harm * (1 - hit_chance(16) * moved_chance(6, False, 0, False,
                                                                                                    2, 0)))
    b.state.queue = []  # neither acts before it lands: the whole of it
    assert b.estimate("a", haymaker) == pytest.approx(p * harm)
    b.state.queue = ["b"]  # B itself can step away: nothing
    assert b.estimate("a", haymaker) == 0.0
    assert exposure_cost(b.ctx, a, haymaker) == 0.0  # its -5 DCV: weighed through the knock-away (PRICED_DCV)


def test_an_attack_costs_the_mean_stun_its_end_would_take_beyond_what_is_left():
    """Rules §6: END not there is paid 1d6 STUN per 2 END (or fraction). A 6d6 punch costs 3 END
    (STR 30); with 1 left the 2 short cost 1d6, a mean 3.5 STUN of A's 40: 8.75% of its fight."""
    b = position([fighter("a", (5, 5))], [fighter("b", (6, 5))])
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    strike = menu_action(b, "a", "strike Punch -> b")
    p, harm = estimate_one(b.ctx, a, foe, a.attack("Punch"), "strike", "")
    assert b.estimate("a", strike) == pytest.approx(p * harm)
    a.end = 1
    assert b.estimate("a", strike) == pytest.approx(p * harm - 3.5 / 40)
    a.end = -4  # already overdrawn: all 3 short, 2d6
    assert b.estimate("a", strike) == pytest.approx(p * harm - 7 / 40)


def test_with_its_end_spent_and_its_stun_low_the_default_ai_recovers_rather_than_pay_stun_for_a_punch():
    b = position([fighter("a", (5, 5), ai="default")], [fighter("b", (6, 5))])
    a = b.state.fighters["a"]
    assert b.decide(phase_decision(b, "a"))[0].action.label() == "strike Punch -> b"
    a.end, a.stun = 0, 8  # 2d6 STUN (7 of its 8) for a punch: worth less than nothing
    choice, _ = b.decide(phase_decision(b, "a"))
    assert (choice.action.label(), choice.reason) == (
        "recover", "stamina spent (0% left): no attack is worth what it would cost: takes a Recovery")


def test_a_hold_is_worth_the_haymaker_it_allows_once_the_foe_next_to_it_has_acted():
    """Issue 18's tempo: A (DEX 20) acts before B (DEX 10) in this Segment and neither has a
    Phase in the next (SPD 4). A Haymaker now is worth nothing (B may step away); Held until B
    has acted, it is worth its harm times the chance B's own punch (11 + 5 - 5: an 11-, 62.5%)
    does not knock A from its cell (30%). That beats a plain punch now, so A Holds."""
    b = position([fighter("a", (5, 5), ai="default")], [fighter("b", (6, 5), DEX=10)])
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    b.state.queue = ["b"]  # A's Phase is under way; B's is still to come
    hold = menu_action(b, "a", "hold")
    p, harm = estimate_one(b.ctx, a, foe, a.attack("Punch"), "haymaker", "")
    worth = p * harm * (1 - hit_chance(11) * moved_chance(6, False, 0, False, 2, 0))
    assert b.estimate("a", hold) == pytest.approx(worth)
    assert b.estimate("a", menu_action(b, "a", "haymaker Punch -> b")) == 0.0
    strike = b.estimate("a", menu_action(b, "a", "strike Punch -> b"))
    assert strike < worth
    choice, _ = b.decide(phase_decision(b, "a"))
    assert (choice.action.label(), choice.reason) == (
        "hold", f"holds its Phase: a Haymaker once the foe next to it has acted (worth {worth:.0%}) "
                f"beats the best blow now ({strike:.0%})")


def test_a_hold_is_worth_nothing_once_the_foe_has_acted_or_when_it_acts_again_next_segment():
    b = position([fighter("a", (5, 5))], [fighter("b", (6, 5), DEX=10)])
    hold = menu_action(b, "a", "hold")
    b.state.queue = []  # B has acted: a Haymaker now is as good
    assert b.estimate("a", hold) == 0.0
    assert b.estimate("a", menu_action(b, "a", "haymaker Punch -> b")) > 0.0
    quick = position([fighter("a", (5, 5))], [fighter("b", (6, 5), DEX=10, SPD=12)])
    quick.state.queue = ["b"]  # B acts in every Segment: it could step away before it lands anyway
    assert quick.estimate("a", menu_action(quick, "a", "hold")) == 0.0


def test_a_hold_counts_only_a_haymaker_the_menu_would_offer():
    """A baton whose Charges are spent is no Haymaker later: the Hold is worth nothing then."""
    baton = [{"name": "Baton", "kind": "normal", "dice": "8d6", "range": "hth", "charges": 2}]
    b = position([fighter("a", (5, 5), attacks=baton)], [fighter("b", (6, 5), DEX=10)])
    b.state.queue = ["b"]
    hold = menu_action(b, "a", "hold")
    assert b.estimate("a", hold) > 0.0
    b.state.fighters["a"].charges_used = {"Baton": 2}
    assert b.estimate("a", hold) == 0.0


def test_a_stunned_friends_haymaker_fizzles_anyway_so_a_blow_at_its_target_costs_nothing_for_it():
    b = position([fighter("a", (5, 5)), fighter("d", (5, 4))], [fighter("b", (6, 5))])
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    b.state.fighters["d"].haymaker = PendingHaymaker("b", "Punch", b.state.abs_segment + 1)
    strike = menu_action(b, "a", "strike Punch -> b")
    p, harm = estimate_one(b.ctx, a, foe, a.attack("Punch"), "strike", "")
    assert b.estimate("a", strike) < p * harm
    b.state.fighters["d"].stunned = True  # land_haymaker fizzles a Stunned thrower's blow
    assert b.estimate("a", strike) == pytest.approx(p * harm)


BLAST = [{"name": "Blast", "kind": "normal", "dice": "6d6", "range": 60, "defense": "ED"}]


def test_a_brace_costs_the_harm_its_half_dcv_lets_in_before_the_shooters_next_phase():
    """Issue 34: 63% of HERO attack rolls were Braced, its ½ DCV free. A and B trade 6d6 Blasts
    at 12 m (Range Modifier -2). A's Brace buys back the -2 (11 + 5 - 5: 62.5% against 37.5%), but
    B, still to act this Segment, then shoots at DCV 3 (13-, 62.5%) rather than 5 (11-, 37.5%):
    the 25 points of chance times its 0.875 of A's fight a hit cost exactly what the Brace gains,
    so A Sets (+1 OCV, 50%, no DCV given up). Once B has acted (no Phase of B's before A's next)
    the Brace is free, and taken."""
    b = position([fighter("a", (5, 5), attacks=BLAST, ai="default")], [fighter("b", (11, 5), attacks=BLAST, DEX=10)])
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    brace, strike = menu_action(b, "a", "brace Blast -> b"), menu_action(b, "a", "strike Blast -> b")
    assert estimate_one(b.ctx, a, foe, a.attack("Blast"), "brace", "") == (pytest.approx(0.625), pytest.approx(0.875))
    assert estimate_one(b.ctx, a, foe, a.attack("Blast"), "strike", "") == (pytest.approx(0.375), pytest.approx(0.875))
    b.state.queue = ["b"]
    assert exposure_cost(b.ctx, a, strike) == 0.0
    assert exposure_cost(b.ctx, a, brace) == pytest.approx((0.625 - 0.375) * 0.875)
    assert b.estimate("a", brace) == pytest.approx(0.625 * 0.875 - 0.25 * 0.875) == b.estimate("a", strike)
    set_ = menu_action(b, "a", "set Blast -> b")
    assert b.estimate("a", set_) == pytest.approx(0.5 * 0.875) and b.decide(phase_decision(b, "a"))[0].action == set_
    b.state.queue = []
    assert exposure_cost(b.ctx, a, brace) == 0.0 and b.estimate("a", brace) == pytest.approx(0.625 * 0.875)
    assert b.decide(phase_decision(b, "a"))[0].action == brace
