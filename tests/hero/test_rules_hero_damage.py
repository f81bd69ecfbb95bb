"""Rolling damage, taking damage and its effects, pinned to exact numbers with scripted dice.

Sources: the seed excerpt (Normal Damage, Killing Damage, Taking Damage cases 1-4, Stunning,
Knockout, Death) and rules/hero6e.md §3.3-3.4 (half dice, minimum STUN) and §0 (options).
"""

import pytest

from slugfest.core.rules.dice import Face, ScriptedDice
from slugfest.core.hero.sheet import HeroOptions
from slugfest.core.hero.damage import (
    Defenses, double_stun, is_dead, is_dying, is_knocked_out, is_stunned, roll_killing, roll_normal, stun_multiplier,
    take_damage)
from slugfest.core.hero.dice import count_killing_body, count_normal, parse_dice


def _roll(dice_text, faces, purpose="damage"):
    """Roll an attack's dice from a script and check the script was used exactly."""
    dice = parse_dice(dice_text)
    d = ScriptedDice(faces)
    got = d.rolls(dice.dice_rolled, 6, purpose)
    assert d.remaining == 0
    return dice, got


def _defenses(normal=0, resistant=0, **special):
    return Defenses(normal=normal, resistant=resistant, special=special)


# --------------------------------------------------------------------------------------
# Rolling Normal Damage (seed)
# --------------------------------------------------------------------------------------


def test_normal_damage_6d6_rolling_6_5_4_4_2_1_does_22_stun_6_body_seed_example():
    dice, faces = _roll("6d6", [6, 5, 4, 4, 2, 1])
    r = roll_normal(dice, faces)
    assert (r.stun, r.body) == (22, 6)


@pytest.mark.parametrize("face, body", [(1, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2)])
def test_normal_damage_body_per_die_is_0_on_a_1_1_on_2_to_5_2_on_a_6_seed(face, body):
    r = roll_normal(parse_dice("1d6"), (face,))
    assert (r.stun, r.body) == (face, body)


def test_normal_damage_all_ones_does_stun_but_no_body_seed():
    dice, faces = _roll("5d6", [1, 1, 1, 1, 1])
    r = roll_normal(dice, faces)
    assert (r.stun, r.body) == (5, 0)


def test_normal_damage_all_sixes_does_two_body_a_die_seed():
    dice, faces = _roll("4d6", [6, 6, 6, 6])
    r = roll_normal(dice, faces)
    assert (r.stun, r.body) == (24, 8)


@pytest.mark.parametrize("face, stun, body", [(1, 1, 0), (2, 1, 0), (3, 2, 0), (4, 2, 1), (5, 3, 1), (6, 3, 1)])
def test_normal_half_die_counts_half_the_face_rounded_up_as_stun_and_1_body_on_4_to_6(face, stun, body):
    r = roll_normal(parse_dice("½d6"), (face,))
    assert (r.stun, r.body) == (stun, body)


def test_normal_2_and_a_half_d6_counts_full_dice_first_then_the_half_die():
    dice, faces = _roll("2½d6", [6, 1, 4])
    r = roll_normal(dice, faces)
    assert (r.stun, r.body) == (6 + 1 + 2, 2 + 0 + 1)


def test_normal_plus_one_pip_adds_stun_but_no_body():
    r = roll_normal(parse_dice("1d6+1"), (6,))
    assert (r.stun, r.body) == (7, 2)


def test_nnd_dice_do_stun_only_unless_bought_to_do_body():
    dice, faces = _roll("4d6", [6, 5, 4, 3])
    r = roll_normal(dice, faces, "nnd", does_body=False)
    assert (r.stun, r.body) == (18, 0)
    assert roll_normal(dice, faces, "nnd", does_body=True).body == 5


# --------------------------------------------------------------------------------------
# Rolling Killing Damage (seed)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("face, mult", [(1, 1), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_killing_stun_multiplier_is_1d6_minus_1_minimum_1_seed(face, mult):
    assert stun_multiplier(face, "1d6-1") == mult


@pytest.mark.parametrize("face, mult", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_killing_stun_multiplier_half_d6_option_gives_1_to_3(face, mult):
    assert stun_multiplier(face, "half-d6") == mult


def test_increased_stun_multiplier_adds_one_per_level_on_either_rule():
    assert stun_multiplier(4, "1d6-1", levels=1) == 4
    assert stun_multiplier(6, "half-d6", levels=1) == 4


def test_stun_multiplier_levels_are_added_before_the_floor_of_1_powers_1_6():
    # 1d6-1 rolling 1 is 0 before the floor: +1 level makes x1 (not x2), +2 levels x2
    assert stun_multiplier(1, "1d6-1", levels=1) == 1
    assert stun_multiplier(1, "1d6-1", levels=2) == 2
    assert stun_multiplier(2, "1d6-1", levels=1) == 2


@pytest.mark.parametrize("face, levels, mult", [(6, -2, 3), (6, -4, 1), (6, -5, 1), (3, -1, 1), (6, -1, 2)])
def test_decreased_stun_multiplier_lowers_the_roll_never_below_1_powers_1_6(face, levels, mult):
    rule = "1d6-1" if face != 6 or levels != -1 else "half-d6"
    assert stun_multiplier(face, rule, levels=levels) == mult


def test_killing_2d6_rolling_5_and_4_with_multiplier_die_4_does_9_body_27_stun_seed():
    dice, faces = _roll("2d6", [5, 4])
    mult_face = ScriptedDice([Face(4, "stun multiplier")]).roll(6, "stun multiplier")
    r = roll_killing(dice, faces, mult_face)
    assert (r.body, r.multiplier, r.stun) == (9, 3, 27)


def test_killing_stun_is_body_times_multiplier_with_the_half_d6_option():
    r = roll_killing(parse_dice("3d6"), (6, 6, 2), multiplier_face=6, rule="half-d6")
    assert (r.body, r.multiplier, r.stun) == (14, 3, 42)


def test_killing_stun_multiplier_bonus_reaches_the_stun_rolled():
    r = roll_killing(parse_dice("1d6"), (5,), multiplier_face=2, bonus=1)
    assert (r.body, r.multiplier, r.stun) == (5, 2, 10)


@pytest.mark.parametrize(
    "text, faces, body",
    [
        ("1d6-1", (1,), 0), ("1d6-1", (6,), 5), ("1d6+1", (3,), 4), ("+1", (), 1),
        ("½d6", (5,), 3), ("½d6", (1,), 1), ("2½d6", (6, 5, 3), 13),
    ],
)
def test_killing_body_is_the_total_of_the_dice_with_half_dice_rounded_up(text, faces, body):
    assert count_killing_body(parse_dice(text), faces) == body


def test_double_stun_against_a_knocked_out_target_doubles_stun_rolled_not_body():
    r = double_stun(roll_normal(parse_dice("3d6"), (6, 5, 1)), "target knocked out")
    assert (r.stun, r.body, r.doubled) == (24, 3, "target knocked out")


def test_counting_3d6_normal_rolling_6_2_1_gives_9_stun_3_body():
    n = count_normal(parse_dice("3d6"), (6, 2, 1))
    assert (n.stun, n.body) == (9, 3)


# --------------------------------------------------------------------------------------
# Taking damage: the seed's four cases
# --------------------------------------------------------------------------------------


def test_normal_damage_total_defense_pd_plus_rpd_comes_off_stun_and_body_seed_case_1():
    r = roll_normal(*_roll("6d6", [6, 5, 4, 4, 2, 1]))  # 22 STUN, 6 BODY
    t = take_damage(r, _defenses(normal=8, resistant=2))
    assert (t.stun, t.body) == (12, 0)
    assert (t.stun_defense, t.body_defense) == (10, 10)


def test_normal_damage_that_gets_through_on_both_stun_and_body_seed_case_1():
    r = roll_normal(*_roll("10d6", [6, 6, 6, 5, 5, 4, 3, 2, 2, 1]))  # 40 STUN, 12 BODY
    assert (r.stun, r.body) == (40, 12)
    t = take_damage(r, _defenses(normal=5, resistant=3))
    assert (t.stun, t.body) == (32, 4)


def test_killing_damage_resistant_defense_alone_comes_off_body_total_defense_off_stun_seed_case_2():
    r = roll_killing(parse_dice("2d6"), (5, 4), multiplier_face=4)  # 9 BODY, x3 = 27 STUN
    t = take_damage(r, _defenses(normal=6, resistant=4))
    assert (t.body, t.stun) == (9 - 4, 27 - 10)
    assert (t.body_defense, t.stun_defense) == (4, 10)


def test_killing_damage_normal_pd_never_reduces_the_body_seed_case_2b_i():
    r = roll_killing(parse_dice("2d6"), (5, 4), multiplier_face=4)  # 9 BODY, 27 STUN
    with_pd = take_damage(r, _defenses(normal=20, resistant=1))
    assert with_pd.body == 8  # only the 1 rPD counts against BODY


def test_killing_damage_with_no_resistant_defense_takes_all_the_stun_and_body_seed_case_2c():
    r = roll_killing(parse_dice("2d6"), (5, 4), multiplier_face=4)  # 9 BODY, 27 STUN
    t = take_damage(r, _defenses(normal=10, resistant=0))
    assert (t.body, t.stun) == (9, 27)
    assert (t.body_defense, t.stun_defense) == (0, 0)


def test_nnd_with_the_applicable_defense_does_nothing_at_all_seed_case_3a():
    r = roll_normal(parse_dice("4d6"), (6, 5, 4, 3), "nnd", does_body=False)
    t = take_damage(r, _defenses(normal=0, resistant=0, **{"Life Support": 1}), "Life Support")
    assert (t.stun, t.body) == (0, 0)


def test_nnd_without_the_applicable_defense_takes_it_all_and_pd_does_not_help_seed_case_3b():
    r = roll_normal(parse_dice("4d6"), (6, 5, 4, 3), "nnd", does_body=False)
    t = take_damage(r, _defenses(normal=15, resistant=10, **{"Power Defense": 5}), "Life Support")
    assert (t.stun, t.body) == (18, 0)


def test_avld_with_the_applicable_defense_subtracts_it_like_normal_damage_seed_case_4a():
    r = roll_normal(parse_dice("6d6"), (6, 6, 5, 4, 3, 2), "avld")  # 26 STUN, 8 BODY
    assert (r.stun, r.body) == (26, 8)
    t = take_damage(r, _defenses(normal=10, resistant=5, **{"Power Defense": 5}), "Power Defense")
    assert (t.stun, t.body) == (21, 3)  # only the Power Defense counts, not PD/rPD


def test_avld_without_the_applicable_defense_takes_all_the_damage_seed_case_4b():
    r = roll_normal(parse_dice("6d6"), (6, 6, 5, 4, 3, 2), "avld")
    t = take_damage(r, _defenses(normal=10, resistant=5), "Power Defense")
    assert (t.stun, t.body) == (26, 8)


def test_minimum_stun_option_raises_stun_taken_to_the_body_taken():
    r = roll_killing(parse_dice("2d6"), (5, 4), multiplier_face=1)  # 9 BODY, x1 = 9 STUN
    t = take_damage(r, _defenses(normal=20, resistant=2), minimum_stun_equals_body=True)
    assert (t.body, t.stun) == (7, 7)


def test_seed_case_2d_killing_stun_stopped_by_defenses_is_zero_whatever_body_gets_through():
    r = roll_killing(parse_dice("2d6"), (5, 4), multiplier_face=1)
    t = take_damage(r, _defenses(normal=20, resistant=2))
    assert (t.body, t.stun) == (7, 0)


def test_seed_case_2d_the_issues_cross_check_10_body_10_stun_against_pd_8_rpd_2():
    r = roll_killing(parse_dice("3d6"), (4, 3, 3), multiplier_face=1)  # 10 BODY, x1 = 10 STUN
    assert (r.body, r.stun) == (10, 10)
    seed = take_damage(r, _defenses(normal=8, resistant=2))
    assert (seed.stun, seed.body) == (0, 8)  # 10 - (8 + 2) STUN; 10 - 2 BODY
    sixth = take_damage(r, _defenses(normal=8, resistant=2), minimum_stun_equals_body=True)
    assert (sixth.stun, sixth.body) == (8, 8)


def test_minimum_stun_is_off_unless_the_scenario_asks():
    assert HeroOptions().minimum_stun is False


def test_defense_bigger_than_the_damage_leaves_zero_never_negative():
    r = roll_normal(parse_dice("2d6"), (2, 1))
    t = take_damage(r, _defenses(normal=30, resistant=30))
    assert (t.stun, t.body) == (0, 0)


# --------------------------------------------------------------------------------------
# Effects of damage (seed)
# --------------------------------------------------------------------------------------


def test_stunned_when_stun_taken_from_one_attack_is_greater_than_con_seed_stunning():
    assert is_stunned(21, con=20)
    assert not is_stunned(20, con=20)  # equal is not greater
    assert not is_stunned(5, con=20)


def test_knocked_out_when_stun_goes_below_zero_seed_knockout():
    assert is_knocked_out(-1)
    assert not is_knocked_out(0)  # exactly 0 STUN is still conscious
    assert not is_knocked_out(3)


def test_knocked_out_at_zero_stun_with_the_zero_option():
    assert is_knocked_out(0, "zero")
    assert is_knocked_out(-4, "zero")
    assert not is_knocked_out(1, "zero")


def test_dying_at_or_below_zero_body_seed_death():
    assert is_dying(0) and is_dying(-3)
    assert not is_dying(1)


def test_dead_at_the_negative_of_starting_body_seed_death():
    assert is_dead(-10, max_body=10)
    assert is_dead(-11, max_body=10)
    assert not is_dead(-9, max_body=10)
    assert not is_dead(0, max_body=10)
