"""Recovery, END, pushing and characteristic rolls.

Sources: the seed excerpt (Recovery Time table; Endurance and Pushing, heroic) and
rules/hero6e.md §2.2 (characteristic rolls, HERO rounding), §4.1-4.5 (END costs, STUN for
END, superheroic pushing, taking a Recovery, waking from a knockout).
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slugfest.core.hero.endurance import (
    movement_end, power_end, push_heroic, push_superheroic, str_end, stun_for_end_dice)
from slugfest.core.hero.recovery import (
    EVERY_PHASE, GM_OPTION, ONCE_A_MINUTE, POST_12_ONLY, may_recover, recover, recovery_band)
from slugfest.core.hero.rounding import characteristic_roll, hero_divide, hero_round

# --------------------------------------------------------------------------------------
# Recovery Time table (seed)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stun, band",
    [
        (5, EVERY_PHASE), (0, EVERY_PHASE), (-1, EVERY_PHASE), (-10, EVERY_PHASE),
        (-11, POST_12_ONLY), (-20, POST_12_ONLY),
        (-21, ONCE_A_MINUTE), (-30, ONCE_A_MINUTE),
        (-31, GM_OPTION), (-200, GM_OPTION),
    ],
)
def test_recovery_time_table_bands_seed(stun, band):
    assert recovery_band(stun) == band


@pytest.mark.parametrize("stun", [0, -10])
def test_zero_to_minus_10_recovers_every_phase_and_post_segment_12_seed(stun):
    assert may_recover(stun, "phase", turn=3)
    assert may_recover(stun, "post-12", turn=3)


@pytest.mark.parametrize("stun", [-11, -20])
def test_minus_11_to_minus_20_recovers_post_segment_12_only_seed(stun):
    assert not may_recover(stun, "phase", turn=3)
    assert may_recover(stun, "post-12", turn=3)


@pytest.mark.parametrize("stun", [-21, -30])
def test_minus_21_to_minus_30_recovers_once_a_minute_every_fifth_turn_seed(stun):
    assert [t for t in range(1, 16) if may_recover(stun, "post-12", turn=t)] == [5, 10, 15]
    assert not any(may_recover(stun, "phase", turn=t) for t in range(1, 16))


def test_minus_31_or_worse_never_recovers_in_a_battle_by_default_seed_gms_option():
    assert not any(may_recover(-31, occ, turn=t) for occ in ("phase", "post-12") for t in range(1, 21))


def test_minus_31_or_worse_recovers_once_a_minute_with_the_deep_ko_option():
    got = [t for t in range(1, 21) if may_recover(-31, "post-12", turn=t, deep_ko="once-a-minute")]
    assert got == [5, 10, 15, 20]
    assert not may_recover(-31, "phase", turn=5, deep_ko="once-a-minute")


def test_a_recovery_adds_rec_to_stun_and_end():
    r = recover(stun=10, end=12, rec=6, max_stun=30, max_end=40)
    assert (r.stun, r.end, r.woke) == (16, 18, False)


def test_a_recovery_never_goes_above_the_maximum():
    r = recover(stun=27, end=38, rec=6, max_stun=30, max_end=40)
    assert (r.stun, r.end) == (30, 40)


def test_a_recovery_leaves_a_value_already_above_maximum_alone():
    r = recover(stun=35, end=50, rec=6, max_stun=30, max_end=40)
    assert (r.stun, r.end) == (35, 50)


def test_a_negative_rec_recovers_nothing():
    r = recover(stun=10, end=12, rec=-3, max_stun=30, max_end=40)
    assert (r.stun, r.end) == (10, 12)


def test_a_knocked_out_character_wakes_when_stun_rises_above_zero_with_end_equal_to_stun():
    r = recover(stun=-3, end=25, rec=8, max_stun=30, max_end=40, knocked_out=True)
    assert (r.stun, r.end, r.woke) == (5, 5, True)


def test_a_knocked_out_character_brought_to_exactly_zero_stun_stays_out():
    r = recover(stun=-8, end=25, rec=8, max_stun=30, max_end=40, knocked_out=True)
    assert (r.stun, r.woke) == (0, False)
    assert r.end == 0  # while out, END cannot exceed STUN


def test_a_knocked_out_character_still_below_zero_stays_out():
    r = recover(stun=-15, end=3, rec=6, max_stun=30, max_end=40, knocked_out=True)
    assert (r.stun, r.woke) == (-9, False)


# --------------------------------------------------------------------------------------
# END costs (seed heroic rule; rules §4.1)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ap, end",
    [(5, 1), (10, 1), (14, 1), (15, 1), (16, 2), (25, 2), (35, 3), (36, 4), (60, 6), (0, 0)],
)
def test_powers_cost_1_end_per_10_active_points_half_rounds_down_minimum_1(ap, end):
    assert power_end(ap) == end


def test_power_end_accepts_fractional_active_points():
    assert power_end(Fraction(13)) == 1
    assert power_end(Fraction(51, 2)) == 3  # 2.55 rounds up: only exactly .5 rounds down


@pytest.mark.parametrize("strength, end", [(5, 1), (10, 2), (12, 2), (13, 3), (15, 3), (2, 1), (0, 0)])
def test_heroic_str_costs_1_end_per_5_str_seed(strength, end):
    assert str_end(strength, "heroic") == end


@pytest.mark.parametrize("strength, end", [(5, 1), (10, 1), (15, 1), (16, 2), (25, 2), (30, 3), (60, 6)])
def test_superheroic_str_costs_1_end_per_10_str(strength, end):
    assert str_end(strength, "superheroic") == end


def test_str_end_rule_option_overrides_the_campaign():
    assert str_end(30, "superheroic", "per-5") == 6
    assert str_end(30, "heroic", "per-10") == 3


@pytest.mark.parametrize("metres, end", [(0, 0), (1, 1), (10, 1), (11, 2), (24, 3)])
def test_movement_costs_1_end_per_10_m_or_fraction(metres, end):
    assert movement_end(metres) == end


@pytest.mark.parametrize(
    "cost, end_left, dice",
    [(5, 5, 0), (5, 10, 0), (5, 4, 1), (5, 3, 1), (5, 2, 2), (3, 0, 2), (4, 0, 2), (5, 0, 3), (5, -3, 3)],
)
def test_spending_end_you_lack_costs_1d6_stun_per_2_end_or_fraction(cost, end_left, dice):
    assert stun_for_end_dice(cost, end_left) == dice


# --------------------------------------------------------------------------------------
# Pushing (seed heroic; rules §4.3 superheroic)
# --------------------------------------------------------------------------------------


def test_heroic_push_made_exactly_allows_5_character_points_seed():
    r = push_heroic(wanted=10, faces=(4, 4, 4), ego_roll=12)
    assert (r.success, r.made_by, r.allowed) == (True, 0, 5)


def test_heroic_push_allows_1_more_point_per_point_the_ego_roll_is_made_by_seed():
    r = push_heroic(wanted=10, faces=(3, 4, 2), ego_roll=12)
    assert (r.success, r.made_by, r.allowed) == (True, 3, 8)


def test_heroic_push_never_gives_more_than_wanted():
    assert push_heroic(wanted=4, faces=(1, 1, 2), ego_roll=12).allowed == 4


def test_heroic_push_failed_ego_roll_allows_nothing_seed():
    r = push_heroic(wanted=10, faces=(5, 4, 4), ego_roll=12)
    assert (r.success, r.allowed) == (False, 0)


@pytest.mark.parametrize("wanted, power_points, allowed", [(15, 60, 10), (8, 6, 6), (5, 60, 5), (0, 60, 0)])
def test_superheroic_push_is_capped_at_10_and_at_the_powers_own_points(wanted, power_points, allowed):
    r = push_superheroic(wanted, power_points)
    assert r.allowed == allowed


# --------------------------------------------------------------------------------------
# HERO rounding and characteristic rolls (rules §2.2)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "char, roll",
    [(3, 10), (7, 10), (8, 11), (10, 11), (12, 11), (13, 12), (17, 12), (18, 13), (22, 13), (23, 14), (27, 14)],
)
def test_characteristic_roll_is_9_plus_char_over_5_hero_rounded(char, roll):
    assert characteristic_roll(char) == roll


@pytest.mark.parametrize(
    "value, up, down",
    [
        (Fraction(5, 2), 3, 2), (Fraction(7, 2), 4, 3), (Fraction(12, 5), 2, 2),
        (Fraction(13, 5), 3, 3), (Fraction(4), 4, 4), (Fraction(-12, 5), -2, -2), (Fraction(-13, 5), -3, -3),
    ],
)
def test_hero_rounding_below_half_toward_zero_above_away_half_in_the_characters_favour(value, up, down):
    assert hero_round(value, favour_up=True) == up
    assert hero_round(value, favour_up=False) == down


@given(st.integers(-500, 500), st.integers(1, 60), st.booleans())
def test_hero_divide_in_integers_rounds_exactly_as_the_fraction_does(numerator, denominator, up):
    exact = Fraction(numerator, denominator)
    floor = exact.numerator // exact.denominator
    rest = exact - floor
    expected = floor + (1 if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and up) else 0)
    assert hero_divide(numerator, denominator, up) == expected == hero_round(exact, favour_up=up)


def test_waking_sets_end_equal_to_stun_but_never_above_the_maximum_end():
    """A sheet with END 1 wakes with END 1, not with its STUN (the figure stays in range)."""
    r = recover(stun=-3, end=0, rec=20, max_stun=30, max_end=1, knocked_out=True)
    assert (r.stun, r.end, r.woke) == (17, 1, True)
    r = recover(stun=-3, end=0, rec=20, max_stun=30, max_end=0, knocked_out=True)
    assert (r.stun, r.end, r.woke) == (17, 0, True)
