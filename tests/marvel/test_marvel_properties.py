"""Properties of the damage and d616 rules, over every input hypothesis can think of."""

from hypothesis import given, settings
from hypothesis import strategies as st

from slugfest.core.marvel.d616 import apply_rerolls, dice_total, is_fantastic, marvel_value
from slugfest.core.marvel.damage import figure_damage, hold_back

faces = st.integers(1, 6)
ranks = st.integers(1, 6)
bonus = st.lists(st.tuples(st.sampled_from(["Mighty", "Club", "Sword", "Accuracy"]), st.integers(0, 10)), max_size=3)
ability = st.integers(-5, 30)
pools = st.sampled_from(["Health", "Focus"])
FAST = settings(max_examples=300, deadline=None)


@FAST
@given(pools, faces, ranks, bonus, bonus, ability, st.booleans())
def test_damage_is_never_negative(pool, face, rank, bonuses, reductions, ab, fantastic):
    c = figure_damage(pool, face, rank, bonuses, reductions, "Melee", ab, "Fantastic close" if fantastic else "")
    assert c.total >= 0 and c.regular >= 0
    if c.multiplier < 1:
        assert c.total == 0


@FAST
@given(pools, faces, ranks, bonus, st.integers(0, 10), st.integers(0, 10), ability, st.booleans())
def test_more_damage_reduction_never_increases_damage(pool, face, rank, bonuses, r1, r2, ab, fantastic):
    lo, hi = sorted((r1, r2))
    why = "Fantastic close" if fantastic else ""
    a = figure_damage(pool, face, rank, bonuses, [("Sturdy", lo)], "Melee", ab, why)
    b = figure_damage(pool, face, rank, bonuses, [("Sturdy", hi)], "Melee", ab, why)
    none = figure_damage(pool, face, rank, bonuses, [], "Melee", ab, why)
    assert b.total <= a.total <= none.total


@FAST
@given(pools, faces, ranks, bonus, bonus, ability)
def test_a_fantastic_result_never_lowers_damage(pool, face, rank, bonuses, reductions, ab):
    plain = figure_damage(pool, face, rank, bonuses, reductions, "Melee", ab)
    fant = figure_damage(pool, face, rank, bonuses, reductions, "Melee", ab, "Fantastic close")
    assert fant.total >= plain.total and fant.total in (plain.total, 2 * plain.total)


@FAST
@given(pools, faces, ranks, bonus, ability)
def test_bonuses_never_stack_only_the_largest_counts(pool, face, rank, bonuses, ab):
    c = figure_damage(pool, face, rank, bonuses, [], "Melee", ab)
    assert c.bonus == max([v for _, v in bonuses] + [0])


@FAST
@given(st.integers(-200, 200), st.integers(0, 1000), st.integers(1, 300))
def test_holding_back_never_adds_damage_and_never_reaches_the_threshold(current, damage, maximum):
    taken = hold_back(current, damage, maximum)
    assert 0 <= taken <= damage
    if current > -maximum:
        assert current - taken > -maximum


@FAST
@given(st.tuples(faces, faces, faces), st.integers(1, 3), st.lists(faces, min_size=3, max_size=3),
       st.sampled_from(["repick", "distinct"]))
def test_edges_never_lower_and_troubles_never_raise_the_roll(rolled, n, new, stacked):
    it = iter(new)
    up, _, _ = apply_rerolls(rolled, n, lambda pos: next(it), stacked)
    it = iter(new)
    down, _, _ = apply_rerolls(rolled, -n, lambda pos: next(it), stacked)
    assert dice_total(up) >= dice_total(rolled) >= dice_total(down)
    assert marvel_value(up) >= marvel_value(rolled) >= marvel_value(down)
    assert is_fantastic(down) <= is_fantastic(rolled) <= is_fantastic(up)  # an edge never loses an M, trouble never gains one
