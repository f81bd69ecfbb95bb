"""The AI's estimate counts a blow no further than what finishes its target (issue 34): STUN
past the knockout, or BODY past death, is overkill and worth nothing more."""

from __future__ import annotations

import pytest

from slugfest.core.hero.estimate import expected_taken
from slugfest.core.hero.harm import FINISHES_BODY, FINISHES_STUN, estimate_one, share_of_fight
from slugfest.core.testing import phase_decision

from test_windup import fighter, position


def test_a_blow_counts_at_most_one_knockout_of_stun_and_one_death_of_body():
    b = position([fighter("a", (5, 5))], [fighter("b", (6, 5))])
    foe = b.state.fighters["b"]  # STUN 40, BODY 10 of 10
    assert share_of_fight(foe, 20, 5) == pytest.approx(20 / 40 + 2 * 5 / 20)
    foe.stun = 3
    assert share_of_fight(foe, 20, 5) == pytest.approx(FINISHES_STUN + 2 * 5 / 20)  # not 20 / 3
    foe.body = -8  # 2 BODY from death at -10
    assert share_of_fight(foe, 20, 5) == FINISHES_STUN + FINISHES_BODY  # not 1 + 2 * 5 / 2


def test_a_long_shot_at_a_nearly_beaten_foe_no_longer_outscores_a_sure_hit_on_a_fresh_one():
    """A's 6d6 punch (mean 21 STUN, 6 BODY; 19 and 4 through PD 2 and 2) at B, 3 STUN left and
    DCV 9 (7- to hit: 35 in 216), or at C, fresh and DCV 0 (16-: 212 in 216). Uncapped, B was
    worth 35/216 x (19/3 + 8/20) = 1.09 against C's 0.86, and the default AI took the long shot."""
    b = position([fighter("a", (5, 5))], [fighter("b", (6, 5), DCV=9), fighter("c", (4, 5), DCV=0)])
    a, weak, fresh = (b.state.fighters[x] for x in "abc")
    weak.stun = 3
    punch = a.attack("Punch")
    assert expected_taken(b.ctx, a, weak, punch, "strike", "", 0, 0) == (19.0, 4)
    assert estimate_one(b.ctx, a, weak, punch, "strike", "") == pytest.approx((35 / 216, 1 + 8 / 20))
    assert estimate_one(b.ctx, a, fresh, punch, "strike", "") == pytest.approx((212 / 216, 19 / 40 + 8 / 20))
    choice, _ = b.decide(phase_decision(b, "a"))
    assert (choice.action.attack, choice.action.target) == ("Punch", "c")


def test_a_foe_at_or_below_zero_stun_or_body_is_shared_out_of_one_so_any_blow_finishes_it():
    """What is left is counted as at least 1: a foe knocked out below 0 STUN (or down to its
    negative BODY) is finished by any blow, never by a negative or infinite share."""
    b = position([fighter("a", (5, 5))], [fighter("b", (6, 5))])
    foe = b.state.fighters["b"]  # STUN 40, BODY 10 of 10
    foe.stun = 0
    assert share_of_fight(foe, 0.5, 0) == pytest.approx(0.5)  # 0.5 / 1
    foe.stun = -5
    assert share_of_fight(foe, 0.5, 0) == pytest.approx(0.5)
    assert share_of_fight(foe, 20, 0) == FINISHES_STUN
    foe.body = -10  # at its negative BODY: nothing left, counted as 1
    assert share_of_fight(foe, 0, 0.25) == pytest.approx(0.5)  # 2 x 0.25 / 1
    assert share_of_fight(foe, 0, 3) == FINISHES_BODY
