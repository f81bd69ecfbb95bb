"""HERO 6e dice: the dice sources, dice notation, Damage Classes and STR damage.

Sources: the seed excerpt (Adding Damage, the dagger example, the DC table note on 10-point
powers) and rules/hero6e.md §3.1-3.2 (the killing DC ladder and STR dice).
"""

import random
from fractions import Fraction

import pytest

from slugfest.core.rules.dice import DiceError, Face, ScriptedDice, SeededDice
from slugfest.core.hero.dice import (
    MAX_DICE, DamageDice, active_points, add_damage_classes, capped_added_dcs, damage_classes, killing_dc,
    killing_dice_for_dc, parse_dice, str_dice)

# --------------------------------------------------------------------------------------
# Dice sources
# --------------------------------------------------------------------------------------


def test_scripted_dice_replay_the_script_in_order_and_log_each_die():
    d = ScriptedDice([6, 5, 4, 4, 2, 1])
    assert d.rolls(6, 6, "damage") == (6, 5, 4, 4, 2, 1)
    assert d.remaining == 0
    assert [v for _, v, _ in d.log] == [6, 5, 4, 4, 2, 1]
    assert all(sides == 6 and purpose == "damage" for sides, _, purpose in d.log)


def test_scripted_dice_fail_loudly_when_the_script_runs_out():
    d = ScriptedDice([3, 4])
    d.roll(6)
    d.roll(6)
    with pytest.raises(DiceError, match="ran out"):
        d.roll(6)


def test_scripted_dice_reject_a_7_on_a_d6():
    d = ScriptedDice([7])
    with pytest.raises(DiceError):
        d.roll(6)
    assert d.remaining == 1  # the bad face was not silently consumed


def test_scripted_dice_reject_a_0_face():
    with pytest.raises(DiceError):
        ScriptedDice([0]).roll(6)


def test_scripted_dice_reject_a_face_that_is_not_a_whole_number():
    with pytest.raises(DiceError):
        ScriptedDice([2.5]).roll(6)  # type: ignore[list-item]


def test_scripted_dice_accept_a_7_on_a_die_that_has_seven_faces():
    assert ScriptedDice([7]).roll(8) == 7


def test_scripted_face_for_one_purpose_refuses_a_die_rolled_for_another():
    d = ScriptedDice([Face(4, "stun multiplier")])
    with pytest.raises(DiceError, match="stun multiplier"):
        d.roll(6, "damage")


def test_scripted_face_is_given_to_the_die_of_its_own_purpose():
    d = ScriptedDice([2, Face(4, "stun multiplier")])
    assert d.roll(6, "damage") == 2
    assert d.roll(6, "stun multiplier") == 4


def test_seeded_dice_give_the_same_faces_for_the_same_seed():
    a, b = SeededDice(1234), SeededDice(1234)
    assert a.rolls(50) == b.rolls(50)
    assert [a.roll(20) for _ in range(20)] == [b.roll(20) for _ in range(20)]


def test_seeded_dice_differ_between_seeds_and_stay_on_the_die():
    faces_1 = SeededDice(1).rolls(60)
    faces_2 = SeededDice(2).rolls(60)
    assert faces_1 != faces_2
    assert set(faces_1) <= set(range(1, 7))


def test_seeded_dice_state_can_be_saved_and_replayed():
    d = SeededDice(99)
    d.rolls(7)
    state = d.getstate()
    after = d.rolls(10)
    d.setstate(state)
    assert d.rolls(10) == after


def test_seeded_dice_read_d6_faces_off_random_bytes_below_252():
    """The stream, pinned: Random(seed).randbytes, bytes 252-255 dropped (they would favour
    faces 1-4), each other byte b read as b % 6 + 1, across block boundaries too."""
    raw = random.Random(7).randbytes(3 * SeededDice.BLOCK)
    expected = [b % 6 + 1 for b in raw if b < 252]
    d = SeededDice(7)
    got = []
    while len(got) < len(expected) - 10:
        got.extend(d.rolls(7))
        got.append(d.roll(6))
    assert got == expected[: len(got)]


def test_other_dice_read_base_6_digits_off_the_same_stream_and_redraw_past_a_whole_multiple():
    """A d20 reads two d6 faces as a number 0..35 and keeps it below 20; 20..35 is read again."""
    faces = SeededDice(11).rolls(40)
    d20 = SeededDice(11)
    expected, i = [], 0
    while i + 1 < len(faces) and len(expected) < 10:
        value = (faces[i] - 1) * 6 + faces[i + 1] - 1
        i += 2
        if value < 20:
            expected.append(value % 20 + 1)
    assert [d20.roll(20) for _ in range(len(expected))] == expected
    assert SeededDice(1).roll(1) == 1


def test_seeded_dice_state_replays_across_a_block_boundary():
    d = SeededDice(5)
    d.rolls(SeededDice.BLOCK - 3)
    state = d.getstate()
    after = d.rolls(SeededDice.BLOCK * 2 + 5)  # spans two refills
    d.setstate(state)
    assert d.rolls(SeededDice.BLOCK * 2 + 5) == after
    fresh = SeededDice(5)
    state = fresh.getstate()  # before the first block is drawn
    first = fresh.rolls(10)
    fresh.setstate(state)
    assert fresh.rolls(10) == first


# --------------------------------------------------------------------------------------
# Dice notation
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("12d6", DamageDice(12)),
        ("1d6-1", DamageDice(1, False, -1)),
        ("1d6+1", DamageDice(1, False, 1)),
        ("½d6", DamageDice(0, True)),
        ("2½d6", DamageDice(2, True)),
        ("2.5d6", DamageDice(2, True)),
        ("2 1/2d6", DamageDice(2, True)),
        ("+1", DamageDice(0, False, 1)),
        ("d6", DamageDice(1)),
        ("0d6", DamageDice(0)),
        (" 3d6 ", DamageDice(3)),
    ],
)
def test_dice_notation_parses_the_forms_hero_writes(text, expected):
    assert parse_dice(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "-2d6",  # negative dice
        "1d6-2",  # the only negative pip HERO uses is -1
        "-2",  # a bare negative pip
        "+0",  # a bare pip must add something
        "0d6-1",  # -1 with no die to take it from
        "1½d6+1",  # half die and pip together
        "2d6+2",  # at most one pip: the next step is a half die
        "1d6+1000000",  # no absurd pips
        "1000000d6",  # a million dice
        f"{MAX_DICE + 1}d6",
        "abc",
        "",
        "2d8",
        "1d6+1+1",
    ],
)
def test_dice_notation_rejects_what_hero_cannot_roll(text):
    with pytest.raises(ValueError):
        parse_dice(text)


def test_dice_notation_rejects_a_non_string():
    with pytest.raises(ValueError):
        parse_dice(12)  # type: ignore[arg-type]


def test_dice_notation_allows_exactly_the_dice_cap():
    assert parse_dice(f"{MAX_DICE}d6").count == MAX_DICE


@pytest.mark.parametrize("text", ["12d6", "1d6-1", "1d6+1", "½d6", "2½d6", "+1", "0d6"])
def test_dice_written_back_out_read_the_same(text):
    assert str(parse_dice(text)) == text


# --------------------------------------------------------------------------------------
# Damage Classes (rules §3.1; seed DC table note)
# --------------------------------------------------------------------------------------

KILLING_LADDER = {
    1: "+1", 2: "½d6", 3: "1d6", 4: "1d6+1", 5: "1½d6", 6: "2d6",
    7: "2d6+1", 8: "2½d6", 9: "3d6", 10: "3d6+1", 11: "3½d6", 12: "4d6",
    13: "4d6+1", 14: "4½d6", 15: "5d6", 16: "5d6+1", 17: "5½d6", 18: "6d6",
}


@pytest.mark.parametrize("dc, written", sorted(KILLING_LADDER.items()))
def test_killing_damage_class_ladder_one_dc_per_step(dc, written):
    assert str(killing_dice_for_dc(dc)) == written
    assert killing_dc(parse_dice(written)) == dc
    assert damage_classes(parse_dice(written), "killing") == dc


@pytest.mark.parametrize("dc, written", [(2, "1d6-1"), (5, "2d6-1"), (8, "3d6-1"), (11, "4d6-1")])
def test_killing_half_die_steps_can_be_written_in_the_minus_one_form(dc, written):
    assert str(killing_dice_for_dc(dc, minus_one_form=True)) == written
    assert killing_dc(parse_dice(written)) == dc


def test_dagger_hka_1d6_minus_1_is_two_damage_classes_seed_adding_damage():
    assert killing_dc(parse_dice("1d6-1")) == 2


def test_zero_or_fewer_killing_dcs_roll_nothing():
    assert killing_dice_for_dc(0) == DamageDice(0)
    assert killing_dice_for_dc(-3) == DamageDice(0)


@pytest.mark.parametrize("n", [1, 2, 5, 6, 12, 20])
def test_normal_damage_n_damage_classes_is_n_d6(n):
    assert damage_classes(DamageDice(n), "normal") == n
    assert add_damage_classes(DamageDice(0), "normal", n) == DamageDice(n)


@pytest.mark.parametrize("text, dcs", [("½d6", 1), ("1d6", 2), ("1½d6", 3), ("3d6", 6), ("4d6", 8)])
def test_nnd_powers_cost_10_active_points_per_d6_so_1d6_is_2_dc_seed_dc_table_note(text, dcs):
    assert active_points(parse_dice(text), "nnd") == 5 * dcs
    assert damage_classes(parse_dice(text), "nnd") == dcs


def test_adding_one_dc_to_a_10_point_per_die_power_adds_half_a_die():
    assert add_damage_classes(parse_dice("2d6"), "nnd", 1) == parse_dice("2½d6")
    assert add_damage_classes(parse_dice("2½d6"), "nnd", 1) == parse_dice("3d6")


def test_normal_half_die_costs_3_active_points_and_a_pip_2():
    assert active_points(parse_dice("2½d6"), "normal") == 13
    assert active_points(parse_dice("1d6+1"), "normal") == 7


def test_adding_two_dcs_to_the_dagger_gives_1d6_plus_1_seed_adding_damage():
    assert add_damage_classes(parse_dice("1d6-1"), "killing", 2) == parse_dice("1d6+1")


def test_doubling_cap_lets_added_dcs_reach_but_not_pass_the_base_dcs():
    assert capped_added_dcs(Fraction(2), 2, cap=True) == 2
    assert capped_added_dcs(Fraction(2), 3, cap=True) == 2
    assert capped_added_dcs(Fraction(2), 3, cap=False) == 3
    # 2½d6 normal is 2.6 DC: only whole DCs can be added, so 2 (3 would pass double the AP)
    assert capped_added_dcs(Fraction(13, 5), 5, cap=True) == 2


# --------------------------------------------------------------------------------------
# STR damage (rules §3.2)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "strength, written",
    [(13, "2½d6"), (12, "2d6"), (3, "½d6"), (8, "1½d6"), (10, "2d6"), (15, "3d6"), (2, "0d6"), (0, "0d6"),
     (-5, "0d6"), (60, "12d6")],
)
def test_str_does_1d6_per_5_points_and_half_a_die_for_3_or_4_left_over(strength, written):
    assert str(str_dice(strength)) == written
