"""HERO rounding and characteristic rolls (6E1: fractions of .5 round in the character's favour)."""

from __future__ import annotations

from fractions import Fraction


def hero_round(value: Fraction | float, favour_up: bool = True) -> int:
    """Round HERO-style: below .5 toward zero, above .5 away, exactly .5 in the character's favour.

    ``favour_up`` says which way .5 helps the character: up for a roll or a halved DCV,
    down for a cost such as END (so END 2.5 costs 2).
    """
    if isinstance(value, int):
        return value
    v = value if isinstance(value, Fraction) else Fraction(value)
    return hero_divide(v.numerator, v.denominator, favour_up)


def hero_divide(numerator: int, denominator: int, favour_up: bool = True) -> int:
    """``hero_round(numerator / denominator)`` in integers (the attack path calls it for END
    and CVs on every attack, where building a Fraction would cost more than the rule)."""
    whole, rest = divmod(numerator, denominator)  # 0 <= rest < denominator for denominator > 0
    twice = 2 * rest
    if twice > denominator:
        return whole + 1
    if twice < denominator:
        return whole
    return whole + 1 if favour_up else whole


def characteristic_roll(value: int) -> int:
    """The 3d6 target for a characteristic roll: 9 + CHAR/5, HERO-rounded (13 -> 12-, 7 -> 10-)."""
    return 9 + hero_divide(value, 5)
