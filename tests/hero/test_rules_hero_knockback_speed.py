"""Knockback and the Speed Chart.

Sources: rules/hero6e.md §6 (6e Knockback: dice, result, 2 m per point, impact damage) and
§1.1 / §1.6 (the Speed Chart, SPD clamping, involuntary SPD changes mid-Turn).
"""

import pytest

from slugfest.core.rules.dice import ScriptedDice
from slugfest.core.hero.knockback import impact_dice, knockback, knockback_dice
from slugfest.core.hero.speed import SPEED_CHART, absolute, has_phase, next_phase_after, phases_in, spd_change_resume

# --------------------------------------------------------------------------------------
# Knockback (rules §6)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "killing, flying, martial, dice",
    [
        (False, False, False, 2),
        (True, False, False, 3),
        (False, True, False, 1),
        (True, True, False, 2),
        (False, False, True, 3),
        (True, False, True, 4),
    ],
)
def test_knockback_dice_are_2d6_plus_1_killing_plus_1_martial_minus_1_in_the_air(killing, flying, martial, dice):
    assert knockback_dice(killing, flying, martial) == dice


def test_knockback_body_rolled_minus_dice_above_zero_is_2_m_per_point():
    faces = ScriptedDice([3, 2]).rolls(2, 6, "knockback")
    kb = knockback(body_rolled=8, faces=faces)
    assert (kb.points, kb.metres, kb.outcome) == (3, 6, "knockback")


def test_knockback_result_of_exactly_zero_is_a_knockdown():
    kb = knockback(body_rolled=5, faces=(3, 2))
    assert (kb.points, kb.metres, kb.outcome) == (0, 0, "knockdown")


def test_knockback_result_below_zero_is_no_knockback():
    kb = knockback(body_rolled=4, faces=(3, 2))
    assert (kb.points, kb.metres, kb.outcome) == (-1, 0, "none")


def test_knockback_resistance_in_metres_comes_off_the_distance():
    kb = knockback(body_rolled=8, faces=(3, 2), resistance_m=4)
    assert (kb.metres, kb.outcome) == (2, "knockback")


def test_knockback_resistance_can_stop_all_the_distance():
    kb = knockback(body_rolled=8, faces=(3, 2), resistance_m=6)
    assert kb.metres == 0 and kb.outcome != "knockback"


def test_killing_knockback_rolls_three_dice_against_the_killing_body():
    kb = knockback(body_rolled=12, faces=(1, 2, 3))
    assert (kb.points, kb.metres) == (6, 12)


@pytest.mark.parametrize("metres, wall, ground", [(2, 1, 0), (4, 2, 1), (6, 3, 1), (8, 4, 2), (12, 6, 3), (0, 0, 0)])
def test_knockback_impact_is_1d6_per_2_m_into_a_wall_1d6_per_4_m_onto_the_ground(metres, wall, ground):
    assert impact_dice(metres, hit_wall=True) == wall
    assert impact_dice(metres, hit_wall=False) == ground


# --------------------------------------------------------------------------------------
# Speed Chart (rules §1.1)
# --------------------------------------------------------------------------------------

CHART_ROWS = {
    1: {7},
    2: {6, 12},
    3: {4, 8, 12},
    4: {3, 6, 9, 12},
    5: {3, 5, 8, 10, 12},
    6: {2, 4, 6, 8, 10, 12},
    7: {2, 4, 6, 7, 9, 11, 12},
    8: {2, 3, 5, 6, 8, 9, 11, 12},
    9: {2, 3, 4, 6, 7, 8, 10, 11, 12},
    10: {2, 3, 4, 5, 6, 8, 9, 10, 11, 12},
    11: set(range(2, 13)),
    12: set(range(1, 13)),
}


@pytest.mark.parametrize("spd", sorted(CHART_ROWS))
def test_speed_chart_row_gives_exactly_the_listed_phases(spd):
    assert {s for s in range(1, 13) if has_phase(spd, s)} == CHART_ROWS[spd]
    assert len(CHART_ROWS[spd]) == spd
    assert set(SPEED_CHART[spd]) == CHART_ROWS[spd]


def test_spd_1_acts_only_in_segment_7_not_segment_12():
    assert has_phase(1, 7)
    assert not has_phase(1, 12)


@pytest.mark.parametrize("spd", [0, -1, -5])
def test_spd_zero_or_less_has_no_phases(spd):
    assert not any(has_phase(spd, s) for s in range(1, 13))
    assert next_phase_after(spd, 12) is None


@pytest.mark.parametrize("spd", [13, 20])
def test_spd_above_12_is_clamped_to_12(spd):
    assert all(has_phase(spd, s) for s in range(1, 13))


def test_absolute_segment_counts_from_turn_1():
    assert absolute(1, 12) == 12
    assert absolute(2, 1) == 13
    assert absolute(3, 7) == 31


def test_next_phase_after_wraps_into_the_next_turn():
    assert next_phase_after(2, absolute(1, 12)) == absolute(2, 6)
    assert next_phase_after(1, absolute(2, 7)) == absolute(3, 7)
    assert next_phase_after(4, absolute(1, 3)) == absolute(1, 6)


def test_spd_drop_from_4_to_2_waits_for_a_segment_shared_by_both():
    # After acting in Segment 3 at SPD 4, drained to SPD 2: next shared Phase is Segment 6.
    assert spd_change_resume(4, 2, absolute(2, 3)) == absolute(2, 6)


def test_spd_rise_from_2_to_6_does_not_give_an_early_phase():
    # After Segment 6 at SPD 2, raised to SPD 6: Segment 8 is SPD 6's but not SPD 2's; wait for 12.
    assert spd_change_resume(2, 6, absolute(2, 6)) == absolute(2, 12)


def test_spd_change_from_1_to_2_lands_on_a_phase_of_spd_2():
    # SPD 1 (Segment 7 only) shares nothing with SPD 2: wait past Segment 7, then SPD 2's Segment 12.
    assert spd_change_resume(1, 2, absolute(2, 1)) == absolute(2, 12)


def test_spd_change_from_2_to_1_waits_for_segment_7():
    assert spd_change_resume(2, 1, absolute(2, 1)) == absolute(2, 7)


def test_spd_drained_to_zero_never_resumes():
    assert spd_change_resume(4, 0, absolute(2, 3)) is None


def _seg(a):
    return (a - 1) % 12 + 1


@pytest.mark.parametrize("old", range(0, 14))
def test_spd_change_resume_never_gives_a_double_or_skipped_phase_for_any_old_new_pair_and_segment(old):
    for new in range(1, 14):
        for now in range(12, 37):  # Turn 1 Segment 12 to Turn 3 Segment 12
            r = spd_change_resume(old, new, now)
            assert r is not None and now < r <= now + 24, (old, new, now, r)
            # always a Phase of the new SPD
            assert has_phase(new, _seg(r)), (old, new, now, r)
            shared = [a for a in range(now + 1, now + 13) if has_phase(old, _seg(a)) and has_phase(new, _seg(a))]
            if shared:
                # a Phase of the old SPD too, and the first such: nothing shared is skipped
                assert has_phase(old, _seg(r)) and r == shared[0], (old, new, now, r)
            else:
                # no double Phase: never earlier than either SPD's own next Phase
                for spd in (old, new):
                    nxt = next_phase_after(spd, now)
                    if nxt is not None:
                        assert r >= nxt, (old, new, now, r)


def test_a_martial_maneuver_rolls_one_more_knockback_die():
    from slugfest.core.hero.knockback import knockback_dice

    assert knockback_dice(killing=False, target_flying=False, martial=True) == 3
    assert knockback_dice(killing=True, target_flying=True, martial=True) == 3


def test_the_phases_in_a_stretch_of_segments_are_those_the_chart_gives_each_segment_of_it():
    """Across Turns (absolute Segments 1 to 30), and with SPD 0 (none) and above 12 (clamped)."""
    for spd in range(0, 15):
        for start in range(1, 20):
            for stop in range(start, 31):
                assert phases_in(spd, start, stop) == sum(has_phase(spd, (a - 1) % 12 + 1) for a in range(start, stop))
    assert phases_in(3, 1, 25) == 6  # Segments 4, 8, 12 of two Turns
