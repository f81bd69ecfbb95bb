"""d616 action checks: the Marvel die, Fantastic results, 6-M-6, edges and troubles."""

import pytest

from slugfest.core.rules.dice import ScriptedDice
from slugfest.core.marvel.d616 import apply_rerolls, distribution, roll_d616
from slugfest.core.marvel.resolve import judge

from marvel_kit import LOGO, M, ctx, roll


def test_marvel_die_m_counts_6_in_the_total_and_as_the_damage_die():
    r = roll_d616(ScriptedDice([4, LOGO, 3]))
    assert r.faces == (4, 1, 3)
    assert r.dice_total == 13 and r.marvel == 6 and r.fantastic


def test_marvel_die_is_the_middle_die_rolled_for_the_marvel_purpose():
    dice = ScriptedDice([2, M(5), 6])
    r = roll_d616(dice)
    assert [p for _, _, p in dice.log] == ["d616", "marvel", "d616"]
    assert r.marvel == 5 and not r.fantastic and r.dice_total == 13


def test_fantastic_success_is_an_m_on_a_total_that_meets_the_tn():
    res = judge(ctx(score=5, tn=18), roll((4, 1, 3)))  # 13 + 5 = 18
    assert res.hit and res.fantastic and res.total == 18


def test_fantastic_failure_an_m_on_a_total_below_the_tn_is_a_miss():
    res = judge(ctx(score=5, tn=19), roll((4, 1, 3)))  # 18 < 19
    assert not res.hit and not res.fantastic and res.roll.fantastic


def test_total_meets_or_beats_the_tn():
    assert judge(ctx(score=0, tn=12), roll((3, 5, 4))).hit
    assert not judge(ctx(score=0, tn=13), roll((3, 5, 4))).hit


def test_ability_score_and_flat_bonuses_add_to_the_check():
    res = judge(ctx(score=5, modifiers=(("size", 2), ("cover", -1)), tn=18), roll((3, 5, 4)))
    assert res.total == 12 + 5 + 2 - 1 and res.hit


def test_ultimate_fantastic_6_m_6_succeeds_whatever_the_tn():
    res = judge(ctx(score=0, tn=40), roll((6, 1, 6)))
    assert res.hit and res.fantastic and res.automatic == "6-M-6"


def test_ultimate_fantastic_6_m_6_ignores_trouble_no_die_is_rerolled():
    dice = ScriptedDice([6, LOGO, 6])
    r = roll_d616(dice, troubles=("demoralized", "dodging"))
    assert r.faces == (6, 1, 6) and r.rerolls == () and r.ultimate
    assert "ignores trouble" in r.note and dice.remaining == 0


def test_edge_rerolls_the_lowest_die_and_keeps_the_better():
    r = roll_d616(ScriptedDice([2, M(5), 4, 6]), edges=("Blazing Fast Fists",))
    assert [(x.position, x.old, x.new, x.kept) for x in r.rerolls] == [(0, 2, 6, 6)]
    assert r.faces == (6, 5, 4) and r.dice_total == 15


def test_edge_keeps_the_old_face_when_the_reroll_is_worse():
    r = roll_d616(ScriptedDice([2, M(5), 4, 1]), edges=("x",))
    assert r.faces == (2, 5, 4)


def test_edge_prefers_an_ordinary_die_over_the_marvel_die_on_ties():
    r = roll_d616(ScriptedDice([5, M(3), 3, 4]), edges=("x",))
    assert r.rerolls[0].position == 2 and r.faces == (5, 3, 4)


def test_edge_on_the_marvel_die_recomputes_fantastic_and_the_damage_die():
    r = roll_d616(ScriptedDice([5, M(2), 6, LOGO]), edges=("x",))
    assert r.rerolls[0].position == 1
    assert r.faces == (5, 1, 6) and r.fantastic and r.marvel == 6 and r.dice_total == 17


def test_edge_never_rerolls_an_m_and_a_marvel_6_may_turn_into_m():
    r = roll_d616(ScriptedDice([6, M(6), 6, LOGO]), edges=("x",))
    assert r.rerolls[0].position == 1 and r.faces == (6, 1, 6) and r.ultimate
    r = roll_d616(ScriptedDice([6, LOGO, 5, 6]), edges=("x",))
    assert r.rerolls[0].position == 2 and r.faces == (6, 1, 6)


def test_edge_with_nothing_to_improve_is_not_used():
    dice = ScriptedDice([6, LOGO, 6])
    r = roll_d616(dice, edges=("x",))
    assert r.rerolls == () and dice.remaining == 0


def test_trouble_rerolls_the_m_first_it_counts_highest_and_keeps_the_worse():
    r = roll_d616(ScriptedDice([5, LOGO, 6, M(3)]), troubles=("demoralized",))
    assert [(x.position, x.old, x.new, x.kept) for x in r.rerolls] == [(1, 1, 3, 3)]
    assert not r.fantastic and r.marvel == 3 and r.dice_total == 14


def test_trouble_keeps_a_6_rather_than_an_m_on_the_marvel_die():
    r = roll_d616(ScriptedDice([2, LOGO, 3, M(6)]), troubles=("x",))
    assert r.faces == (2, 6, 3) and not r.fantastic and r.marvel == 6
    r = roll_d616(ScriptedDice([2, M(6), 3, LOGO]), troubles=("x",))
    assert r.faces == (2, 6, 3) and not r.fantastic


def test_trouble_rerolls_the_highest_die_marvel_die_first_on_ties():
    r = roll_d616(ScriptedDice([2, M(3), 5, 1]), troubles=("x",))
    assert r.rerolls[0].position == 2 and r.faces == (2, 3, 1)
    r = roll_d616(ScriptedDice([6, M(6), 2, M(4)]), troubles=("x",))
    assert r.rerolls[0].position == 1 and r.faces == (6, 4, 2)


def test_trouble_keeps_the_old_face_when_the_reroll_is_higher():
    r = roll_d616(ScriptedDice([2, M(3), 5, 6]), troubles=("x",))
    assert r.faces == (2, 3, 5)


def test_edges_and_troubles_cancel_one_for_one_two_edges_three_troubles_is_one_trouble():
    dice = ScriptedDice([2, M(3), 5, 1])
    r = roll_d616(dice, edges=("a", "b"), troubles=("c", "d", "e"))
    assert r.net == -1 and len(r.rerolls) == 1 and r.rerolls[0].kind == "trouble"
    assert dice.remaining == 0


def test_equal_edges_and_troubles_roll_nothing_more():
    dice = ScriptedDice([2, M(3), 5])
    r = roll_d616(dice, edges=("a",), troubles=("b",))
    assert r.rerolls == () and dice.remaining == 0


def test_double_trouble_repicks_the_highest_die_each_time_by_default():
    r = roll_d616(ScriptedDice([6, M(2), 1, 5, 4]), troubles=("a", "b"))
    assert [(x.position, x.old, x.kept) for x in r.rerolls] == [(0, 6, 5), (0, 5, 4)]


def test_double_trouble_distinct_option_rerolls_a_different_die():
    r = roll_d616(ScriptedDice([6, M(2), 1, 5, M(6)]), troubles=("a", "b"), stacked="distinct")
    assert [(x.position, x.old, x.kept) for x in r.rerolls] == [(0, 6, 5), (1, 2, 2)]


def test_double_edge_rerolls_twice_and_recomputes_after_each():
    r = roll_d616(ScriptedDice([1, M(4), 2, 6, 1]), edges=("a", "b"))
    # first edge: the first die's 1 (lowest) -> 6; second edge: the lowest is now the second die's 2
    assert [(x.position, x.old, x.new, x.kept) for x in r.rerolls] == [(0, 1, 6, 6), (2, 2, 1, 2)]
    assert r.faces == (6, 4, 2)


def test_apply_rerolls_uses_the_given_roller():
    faces, rerolls, note = apply_rerolls((3, 4, 5), 1, lambda pos: 6)
    assert faces == (6, 4, 5) and len(rerolls) == 1 and note == ""


@pytest.mark.parametrize("net", [-2, -1, 0, 1, 2])
def test_exact_distribution_sums_to_one(net):
    assert sum(distribution(net).values()) == pytest.approx(1.0)


def test_exact_distribution_fantastic_one_in_six_and_edges_help():
    d0 = distribution(0)
    assert sum(p for (_, m, _), p in d0.items() if m == 1) == pytest.approx(1 / 6)
    assert sum(p for (_, _, u), p in d0.items() if u) == pytest.approx(1 / 216)
    mean = {n: sum(t * p for (t, _, _), p in distribution(n).items()) for n in (-1, 0, 1)}
    assert mean[-1] < mean[0] < mean[1]
    assert mean[0] == pytest.approx(3.5 + 3.5 + (2 + 3 + 4 + 5 + 6 + 6) / 6)
