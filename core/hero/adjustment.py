"""Adjustment powers' arithmetic (rules-powers §3.4): how many points of a characteristic the
Active Points of a Drain or an Aid move, an Aid's ceiling, and the 5 AP a Turn they fade by.

Pure functions over numbers; :mod:`.powers` applies them to a fighter.

* The dice's total (counted like STUN; Standard Effect: 3 a die) is the Active Points of effect.
* Points = the AP / the characteristic's cost per point, truncated: the remainder is kept and
  completes a point later (6E1 p138 via rules-powers §3.4), so a fighter keeps its AP, not its
  points, and the points are worked out from the AP each time.
* A defensive characteristic (CON, DCV, DMCV, PD, ED, REC, END, BODY, STUN) takes double the AP
  for a point: the AP are halved first, to at least 1 (6E1 p135 via rules-powers §3.4).
* STUN, BODY and END are pools: a Drain's points come off the maximum and the value now alike,
  and come back to both as it returns; an Aid's add to both and fade from both (our reading:
  the sources say nothing of the value now).
* A Drain's AP come back, an Aid's fade, 5 AP a Turn (our reading of the moment: after Segment
  12, with the Recovery, rules-powers §3.4 leaves it unconfirmed).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

#: Character Points per point of each characteristic (6e, rules-powers §3.4's table).
COST_PER_POINT: dict[str, Fraction] = {
    "STR": Fraction(1), "DEX": Fraction(2), "CON": Fraction(1), "INT": Fraction(1), "EGO": Fraction(1),
    "PRE": Fraction(1), "OCV": Fraction(5), "DCV": Fraction(5), "OMCV": Fraction(3), "DMCV": Fraction(3),
    "SPD": Fraction(10), "PD": Fraction(1), "ED": Fraction(1), "REC": Fraction(1),
    "END": Fraction(1, 5), "BODY": Fraction(1), "STUN": Fraction(1, 2),
}
#: Defensive characteristics: the AP are halved before they buy points.
DEFENSIVE = frozenset({"CON", "DCV", "DMCV", "PD", "ED", "REC", "END", "BODY", "STUN"})
#: The pools: their points move the maximum and the value now alike (our reading).
POOLS = ("STUN", "BODY", "END")
#: AP a Drain returns, or an Aid fades, each Turn.
FADE_PER_TURN = 5
#: The least each characteristic may be drained to (our reading: 0, as kirby-combat floors every
#: adjusted value, rules-powers §3.4; SPD 1, since a fighter with no Phase could never act again
#: and the Speed Chart has no row 0; a STUN and BODY maximum 1, the least a sheet may have).
FLOOR: dict[str, int] = {"SPD": 1, "STUN": 1, "BODY": 1}


@lru_cache(maxsize=None)
def points(characteristic: str, ap: int) -> int:
    """Whole points of ``characteristic`` that ``ap`` Active Points move (0 for none). Kept once
    each (a few characteristics, AP in the tens): the AI's estimate asks it twice for every
    Drain and Aid it weighs (:func:`.powers._shift_worth`), and exact fractions are dear."""
    if ap <= 0:
        return 0
    effective = Fraction(ap)
    if characteristic in DEFENSIVE:
        effective = max(effective / 2, Fraction(1))
    return int(effective / COST_PER_POINT[characteristic])


def adjusted(characteristic: str, base: int, drained_ap: int, aided_ap: int) -> int:
    """The characteristic now: its value on the sheet, less what Drains took, plus what Aids
    gave, never below its floor."""
    value = base - points(characteristic, drained_ap) + points(characteristic, aided_ap)
    return max(value, min(FLOOR.get(characteristic, 0), base))


def aid_ceiling(dice_count: int, half: bool, pip: int) -> int:
    """The most AP an Aid may have given one characteristic at once: the highest its dice could
    roll (6 a die, 3 a half die, 1 a pip)."""
    return 6 * dice_count + (3 if half else 0) + max(pip, 0)


def faded(ap: int) -> int:
    """An adjustment's AP after one Turn's fading (never below 0)."""
    return max(ap - FADE_PER_TURN, 0)


__all__ = ["COST_PER_POINT", "DEFENSIVE", "POOLS", "FADE_PER_TURN", "adjusted", "aid_ceiling", "faded", "points"]
