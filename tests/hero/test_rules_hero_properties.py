"""Property tests over the pure HERO rules: invariants that hold for every roll."""

from hypothesis import given, settings
from hypothesis import strategies as st

from slugfest.core.rules.dice import ScriptedDice
from slugfest.core.hero.damage import Defenses, roll_killing, roll_normal, stun_multiplier, take_damage
from slugfest.core.hero.dice import MAX_DICE, DamageDice, killing_dc, killing_dice_for_dc, parse_dice

SETTINGS = settings(max_examples=150, deadline=None)

face = st.integers(min_value=1, max_value=6)


@st.composite
def dice_expressions(draw):
    """Any dice expression HERO writes: n d6 with an optional half die or a +1 / -1 pip (not
    both); a bare pip (+N, no dice) is the 1-DC killing form."""
    count = draw(st.integers(min_value=0, max_value=MAX_DICE - 1))
    half = draw(st.booleans())
    if half:
        pip = 0
    else:
        pip = draw(st.sampled_from([0, 1] + ([-1] if count >= 1 else [2, 3])))
    return DamageDice(count, half, pip)


@st.composite
def dice_and_faces(draw, max_count=20):
    count = draw(st.integers(min_value=0, max_value=max_count))
    half = draw(st.booleans())
    dice = DamageDice(count, half, 0)
    faces = tuple(draw(st.lists(face, min_size=dice.dice_rolled, max_size=dice.dice_rolled)))
    return dice, faces


defenses = st.builds(
    lambda n, r, has, v: Defenses(n, r, {"Power Defense": v} if has else {}),
    st.integers(0, 60), st.integers(0, 40), st.booleans(), st.integers(0, 40),
)


@SETTINGS
@given(dice_expressions())
def test_dice_written_out_parse_back_to_the_same_dice(dice):
    assert parse_dice(str(dice)) == dice


@SETTINGS
@given(dice_and_faces())
def test_normal_body_is_0_to_2_per_full_die_and_0_to_1_for_a_half_die(df):
    dice, faces = df
    r = roll_normal(dice, faces)
    assert 0 <= r.body <= 2 * dice.count + (1 if dice.half else 0)


@SETTINGS
@given(st.integers(min_value=1, max_value=30).flatmap(lambda n: st.lists(face, min_size=n, max_size=n)))
def test_normal_stun_is_at_least_the_number_of_full_dice_and_at_most_six_times(faces):
    r = roll_normal(DamageDice(len(faces)), tuple(faces))
    assert len(faces) <= r.stun <= 6 * len(faces)
    assert r.stun == sum(faces)


@SETTINGS
@given(dice_and_faces(max_count=10), face, st.sampled_from(["1d6-1", "half-d6"]), st.integers(-5, 5))
def test_killing_stun_is_body_times_the_multiplier_before_defenses(df, mult_face, rule, bonus):
    dice, faces = df
    r = roll_killing(dice, faces, mult_face, rule, bonus)
    assert r.multiplier == stun_multiplier(mult_face, rule, bonus) >= max(1, bonus)
    assert r.stun == r.body * r.multiplier


@SETTINGS
@given(
    dice_and_faces(max_count=15),
    face,
    st.sampled_from(["normal", "killing", "nnd", "avld"]),
    defenses,
    st.booleans(),
)
def test_damage_taken_is_never_negative_and_never_more_than_rolled(df, mult_face, kind, defense, minimum):
    dice, faces = df
    if kind == "killing":
        roll = roll_killing(dice, faces, mult_face)
    else:
        roll = roll_normal(dice, faces, kind)
    t = take_damage(roll, defense, "Power Defense", minimum_stun_equals_body=minimum)
    assert t.stun >= 0 and t.body >= 0
    assert t.body <= roll.body
    assert t.stun <= max(roll.stun, roll.body)
    if minimum:
        assert t.stun >= t.body


@SETTINGS
@given(st.integers(min_value=0, max_value=3 * MAX_DICE), st.booleans())
def test_killing_dc_ladder_round_trips(dc, minus_one):
    assert killing_dc(killing_dice_for_dc(dc, minus_one)) == dc


@SETTINGS
@given(st.lists(face, min_size=1, max_size=40))
def test_scripted_dice_give_back_exactly_the_script(faces):
    d = ScriptedDice(faces)
    assert d.rolls(len(faces)) == tuple(faces)
    assert d.remaining == 0
