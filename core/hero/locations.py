"""Hit locations, 6e's optional rule (hero6e.md §7.3), and placed shots at them (rules-powers §4.6).

With ``[rules] hit_locations = true`` every Normal or Killing hit lands somewhere: where a 3d6
location roll says, or where the attacker aimed (a placed shot, at that location's OCV penalty,
halved against a Stunned or Knocked-Out target: the seed's Stunning and Knockout paragraphs).
The location scales the damage:

* Killing: the location's STUNx replaces the rolled STUN multiplier (plus any STUN Multiplier
  levels, floored at 1, rules-powers §1.6): STUN = BODY rolled x STUNx (x2 against a
  Knocked-Out target); then the BODY taken after defenses is multiplied by BODYx.
* Normal: the STUN and BODY taken after defenses are multiplied by N-STUNx and BODYx.
* The multipliers come after defenses and before Damage Reduction, Penetrating and the minimum
  STUN option (rules-powers §0 step 7); fractions round in the target's favour.
* NND and AVLD attacks roll no location; knockback counts the BODY rolled, before locations.

The ``hit-locations`` house rule plays the same rule without placed shots, for scenarios that
name it; this module is the one home of the table for both.
"""

from __future__ import annotations

from fractions import Fraction

from ..rules.records import record

HALF = Fraction(1, 2)


@record
class Location:
    name: str
    top: int  # highest 3d6 total that lands here
    stun_x: int  # killing STUNx
    n_stun_x: Fraction  # normal STUN multiplier
    body_x: Fraction
    placed_ocv: int  # OCV of a placed shot at it


#: The long-standing HERO table (hero6e.md §7.3), in 3d6 order.
TABLE: tuple[Location, ...] = (
    Location("Head", 5, 5, Fraction(2), Fraction(2), -8),
    Location("Hand", 6, 1, HALF, HALF, -6),
    Location("Arm", 8, 2, HALF, HALF, -5),
    Location("Shoulder", 9, 3, Fraction(1), Fraction(1), -5),
    Location("Chest", 11, 3, Fraction(1), Fraction(1), -3),
    Location("Stomach", 12, 4, Fraction(3, 2), Fraction(1), -7),
    Location("Vitals", 13, 4, Fraction(3, 2), Fraction(2), -8),
    Location("Thigh", 14, 2, Fraction(1), Fraction(1), -4),
    Location("Leg", 16, 2, HALF, HALF, -6),
    Location("Foot", 18, 1, HALF, HALF, -8),
)
BY_NAME = {loc.name: loc for loc in TABLE}
NAMES = tuple(loc.name for loc in TABLE)

#: How many of the 216 3d6 rolls land on each location (for the AI's estimate of an unaimed hit).
_3D6 = [0] * 19
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            _3D6[_a + _b + _c] += 1
WAYS: tuple[tuple[Location, int], ...] = tuple(
    (loc, sum(_3D6[lo:loc.top + 1])) for loc, lo in zip(TABLE, (3, *(t.top + 1 for t in TABLE[:-1]))))


def location(total: int) -> Location:
    """Where a 3d6 location roll of ``total`` lands."""
    for loc in TABLE:
        if total <= loc.top:
            return loc
    raise ValueError(f"3d6 cannot total {total}")


def placed_penalty(name: str, target_stunned_or_out: bool) -> int:
    """A placed shot's OCV: the location's, halved (rounded toward 0) against a Stunned or
    Knocked-Out target (the seed: placed-shot modifiers against them are halved)."""
    ocv = BY_NAME[name].placed_ocv
    return -((-ocv) // 2) if target_stunned_or_out else ocv


def multipliers(loc: Location, kind: str, levels: int) -> tuple[int, tuple[Fraction, Fraction]]:
    """(the killing STUN multiplier, or 0 for Normal damage; the multipliers on STUN and BODY taken)."""
    if kind == "killing":
        mult = loc.stun_x + levels
        return (mult if mult > 1 else 1), (Fraction(1), loc.body_x)
    return 0, (loc.n_stun_x, loc.body_x)


def show(x: Fraction | int) -> str:
    return {Fraction(1, 2): "½", Fraction(3, 2): "1½"}.get(Fraction(x), str(x))


def effect_words(loc: Location, kind: str, levels: int) -> str:
    """What the location does, for the log's note."""
    mult, (stun_x, body_x) = multipliers(loc, kind, levels)
    if kind == "killing":
        return f"STUN x{mult} instead of the rolled multiplier, BODY taken x{show(body_x)}"
    return f"STUN taken x{show(stun_x)}, BODY taken x{show(body_x)}"
