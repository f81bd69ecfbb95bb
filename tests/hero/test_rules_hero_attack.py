"""The Attack Roll, the OCV/DCV checklists and the Range Modifier.

Sources: the seed excerpt (Attack Roll, the "DCV hit" form, the OCV and DCV checklists) and
rules/hero6e.md §5.1 (3 always hits, 18 always misses) and §5.3 (Range Modifier bands).
"""

from fractions import Fraction

import pytest

from slugfest.core.rules.dice import ScriptedDice
from slugfest.core.hero.attack import attack_roll, block_roll_needed, range_modifier
from slugfest.core.hero.combat_values import DCV_FRACTION_STEP, OCV_FRACTION_STEP, Modifier, build_cv

HALF = Fraction(1, 2)

# --------------------------------------------------------------------------------------
# Attack Roll (seed)
# --------------------------------------------------------------------------------------


def test_attack_hits_on_11_plus_ocv_minus_dcv_or_less_exact_boundary_seed_attack_roll():
    # OCV 7 vs DCV 5: 13 or less hits.
    at_needed = attack_roll((5, 4, 4), ocv=7, dcv=5)
    assert at_needed.needed == 13 and at_needed.total == 13 and at_needed.hit
    one_over = attack_roll((5, 5, 4), ocv=7, dcv=5)
    assert one_over.total == 14 and not one_over.hit


def test_attack_roll_uses_three_scripted_dice():
    d = ScriptedDice([2, 3, 6])
    faces = d.rolls(3, 6, "attack")
    r = attack_roll(faces, ocv=5, dcv=5)
    assert (r.total, r.needed, r.hit) == (11, 11, True)
    assert d.remaining == 0


def test_a_roll_of_3_always_hits_even_when_11_plus_ocv_minus_dcv_is_below_3():
    r = attack_roll((1, 1, 1), ocv=0, dcv=12)
    assert r.needed == -1
    assert r.hit and r.automatic == "hit"


def test_a_roll_of_4_does_not_get_the_automatic_hit():
    assert not attack_roll((1, 1, 2), ocv=0, dcv=12).hit


def test_a_roll_of_18_always_misses_even_when_18_or_more_is_needed():
    r = attack_roll((6, 6, 6), ocv=15, dcv=2)
    assert r.needed == 24
    assert not r.hit and r.automatic == "miss"


def test_a_roll_of_17_hits_when_17_or_more_is_needed():
    assert attack_roll((6, 6, 5), ocv=15, dcv=2).hit


@pytest.mark.parametrize("faces, ocv, dcv_hit", [((3, 3, 4), 6, 7), ((6, 6, 2), 4, 1), ((5, 5, 5), 2, -2)])
def test_dcv_hit_is_11_plus_ocv_minus_the_roll_seed_secret_dcv_form(faces, ocv, dcv_hit):
    assert attack_roll(faces, ocv=ocv, dcv=0).dcv_hit == dcv_hit


def _three_faces(total):
    a = min(6, total - 2)
    b = min(6, total - 1 - a)
    return (a, b, total - a - b)


def test_the_dcv_hit_form_agrees_with_the_attack_roll_form_seed():
    for ocv in range(0, 9):
        for dcv in range(0, 9):
            for total in range(4, 18):  # away from the automatic 3 and 18
                faces = _three_faces(total)
                assert sum(faces) == total and all(1 <= f <= 6 for f in faces)
                r = attack_roll(faces, ocv=ocv, dcv=dcv)
                assert r.hit == (r.dcv_hit >= dcv), (ocv, dcv, total)


def test_block_is_11_plus_blocker_ocv_minus_attacker_ocv_at_minus_2_per_earlier_block():
    assert block_roll_needed(6, 8, 0) == 9
    assert block_roll_needed(6, 8, 2) == 5


# --------------------------------------------------------------------------------------
# OCV / DCV checklists (seed), halving reading (combat_values docstring)
# --------------------------------------------------------------------------------------


def test_checklist_fractions_are_applied_after_every_addition_whatever_the_input_order_seed_dcv_step_7():
    # DCV 8, Stunned (x½) listed first, then a +3 Dodge: (8 + 3) / 2 = 5.5 -> 6, not 8/2 + 3 = 7.
    cv = build_cv("DCV", 8, [Modifier(DCV_FRACTION_STEP, "Stunned", factor=HALF), Modifier(4, "Dodge", 3)])
    assert cv.value == 6


def test_checklist_modifiers_are_kept_in_checklist_step_order_seed_ocv_checklist():
    mods = [
        Modifier(OCV_FRACTION_STEP, "half", factor=HALF),
        Modifier(6, "range 20 m", -4),
        Modifier(2, "combat skill levels", 3),
        Modifier(4, "Set", 1),
        Modifier(3, "sword", 1),
    ]
    cv = build_cv("OCV", 7, mods)
    assert [m.step for m in cv.modifiers] == [2, 3, 4, 6, 8]
    assert cv.value == 4  # 7 + 3 + 1 + 1 - 4 = 8, halved


def test_same_total_whatever_order_the_additions_come_in():
    a = [Modifier(2, "levels", 2), Modifier(5, "cover", -1), Modifier(4, "Haymaker", -5)]
    assert build_cv("DCV", 7, a).value == build_cv("DCV", 7, list(reversed(a))).value == 3


def test_halved_cv_rounds_a_half_up_in_the_characters_favour():
    assert build_cv("DCV", 7, [Modifier(7, "Stunned", factor=HALF)]).value == 4
    assert build_cv("DCV", 9, [Modifier(7, "prone", factor=HALF)]).value == 5
    assert build_cv("DCV", 6, [Modifier(7, "prone", factor=HALF)]).value == 3


def test_knocked_out_zero_factor_makes_the_cv_zero_whatever_else_applies():
    mods = [Modifier(4, "Dodge", 3), Modifier(7, "Stunned", factor=HALF), Modifier(7, "knocked out", factor=Fraction(0))]
    assert build_cv("DCV", 10, mods).value == 0


def test_two_halving_conditions_do_not_compound_only_the_smallest_factor_applies():
    # Documented reading: one "halve" step, so Stunned and prone together still halve once.
    mods = [Modifier(7, "Stunned", factor=HALF), Modifier(7, "prone", factor=HALF)]
    assert build_cv("DCV", 8, mods).value == 4
    third = [Modifier(7, "a half", factor=HALF), Modifier(7, "a third", factor=Fraction(1, 3))]
    assert build_cv("DCV", 9, third).value == 3


def test_cv_with_no_modifiers_is_its_base():
    cv = build_cv("OCV", 6, [])
    assert cv.value == 6 and cv.modifiers == ()


# --------------------------------------------------------------------------------------
# Range Modifier (rules §5.3)
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "metres, mod",
    [
        (0, 0), (1, 0), (8, 0),
        (9, -2), (16, -2),
        (17, -4), (32, -4),
        (33, -6), (64, -6),
        (65, -8), (125, -8),
        (126, -10), (250, -10),
        (251, -12), (500, -12),  # rows the rules page marks as extrapolated
        (501, -14), (1000, -14),
    ],
)
def test_range_modifier_bands_minus_2_per_doubling_beyond_8_m(metres, mod):
    assert range_modifier(metres) == mod


def test_range_modifier_keeps_doubling_past_the_table():
    assert range_modifier(1001) == -16
    assert range_modifier(2000) == -16
    assert range_modifier(2001) == -18


@pytest.mark.parametrize("needed, chance", [(-4, 1 / 216), (3, 1 / 216), (10, 108 / 216), (11, 135 / 216),
                                            (14, 196 / 216), (17, 215 / 216), (25, 215 / 216)])
def test_hit_chance_is_p_3d6_at_most_the_roll_needed_a_3_always_hits_an_18_always_misses(needed, chance):
    from slugfest.core.hero.estimate import hit_chance

    assert hit_chance(needed) == pytest.approx(chance)
