"""Hit locations (HERO 6e optional rule): a 3d6 location roll scales each hit's STUN and BODY by where it lands.

The rule it changes: rules/hero6e.md §7.3 (the optional Hit Location table) in place of the
plain damage step (§3.4), for Normal and Killing attacks in HERO battles. Marvel battles, and
NND and AVLD attacks (which roll no location), are left exactly as the rules system made them.

After the rules system's damage step, 3d6 are rolled from ``battle.dice`` (purpose
``"hit location"``), one roll per hit:

| 3d6 | Location | STUNx (killing) | N-STUNx (normal) | BODYx |
|---|---|---|---|---|
| 3-5 | Head | 5 | 2 | 2 |
| 6 | Hand | 1 | ½ | ½ |
| 7-8 | Arm | 2 | ½ | ½ |
| 9 | Shoulder | 3 | 1 | 1 |
| 10-11 | Chest | 3 | 1 | 1 |
| 12 | Stomach | 4 | 1½ | 1 |
| 13 | Vitals | 4 | 1½ | 2 |
| 14 | Thigh | 2 | 1 | 1 |
| 15-16 | Leg | 2 | ½ | ½ |
| 17-18 | Foot | 1 | ½ | ½ |

* Killing: the location's STUNx replaces the STUN multiplier (plus any Increased STUN
  Multiplier levels; the system's multiplier die is still rolled, and ignored): STUN = BODY
  rolled x STUNx (x2 against a Knocked-Out target, as without the rule); defenses come off as
  usual; then the BODY taken is multiplied by BODYx.
* Normal: the STUN and BODY taken after defenses are multiplied by N-STUNx and BODYx.
* Fractions round HERO-style with the half in the target's favour (down). If the scenario keeps
  "STUN taken is never less than BODY taken", that is applied after the multipliers.
* Knockback still counts the BODY rolled, before defenses and locations.
* Placed shots (aiming at a location at an OCV penalty) are not offered.
* The location's STUNx is the killing multiplier whatever another house rule did to it (the
  ``fixed-stun-multiplier`` rule steps aside for a located hit).

A note says where each hit landed and what that did.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from slugfest.core.hero.damage import DamageRoll
from slugfest.core.hero.resolve import take_hit
from slugfest.core.hero.rounding import hero_round
from slugfest import hookimpl

NAME = "hit-locations"
SLUGFEST_SYSTEMS = ("hero",)  # the rules systems this house rule is for
NOTE = "hit location"
HALF = Fraction(1, 2)

#: (highest 3d6 total, location, killing STUNx, normal STUNx, BODYx)
TABLE: tuple[tuple[int, str, int, Fraction, Fraction], ...] = (
    (5, "Head", 5, Fraction(2), Fraction(2)),
    (6, "Hand", 1, HALF, HALF),
    (8, "Arm", 2, HALF, HALF),
    (9, "Shoulder", 3, Fraction(1), Fraction(1)),
    (11, "Chest", 3, Fraction(1), Fraction(1)),
    (12, "Stomach", 4, Fraction(3, 2), Fraction(1)),
    (13, "Vitals", 4, Fraction(3, 2), Fraction(2)),
    (14, "Thigh", 2, Fraction(1), Fraction(1)),
    (16, "Leg", 2, HALF, HALF),
    (18, "Foot", 1, HALF, HALF),
)


def location(total: int) -> tuple[str, int, Fraction, Fraction]:
    for top, name, stun_x, n_stun_x, body_x in TABLE:
        if total <= top:
            return name, stun_x, n_stun_x, body_x
    raise ValueError(f"3d6 cannot total {total}")


def times(value: int, factor: Fraction) -> int:
    return hero_round(value * factor, favour_up=False)


def show(x: Fraction | int) -> str:
    return {Fraction(1, 2): "½", Fraction(3, 2): "1½"}.get(Fraction(x), str(x))


def located(ctx: Any, outcome: Any, faces: tuple[int, ...]) -> Any:
    """The damage outcome of a hit that landed where ``faces`` say: taken again through
    ``take_hit`` with the location's multipliers, which apply after defenses and before Damage
    Reduction, Penetrating and the minimum STUN option (rules-powers §0 step 7)."""
    where, stun_x, n_stun_x, body_x = location(sum(faces))
    roll: DamageRoll = outcome.roll
    if roll.kind == "killing":
        mult = max(stun_x + ctx.attack.stun_multiplier_bonus, 1)  # levels, then the floor of 1 (§1.6)
        stun = roll.body * mult * (2 if roll.doubled else 1)
        roll = replace(roll, stun=stun, multiplier=mult)
        taken = take_hit(ctx, roll, location=(Fraction(1), body_x))
        what = f"STUN x{mult} instead of the rolled multiplier, BODY taken x{show(body_x)}"
    else:
        taken = take_hit(ctx, roll, location=(n_stun_x, body_x))
        what = f"STUN taken x{show(n_stun_x)}, BODY taken x{show(body_x)}"
    note = f"{NOTE}: 3d6 rolled {sum(faces)} {list(faces)}, {where}: {what}"
    return replace(outcome, roll=roll, taken=taken, notes=outcome.notes + (note,))


@hookimpl(wrapper=True)
def slugfest_damage_step(battle: Any, attack: Any, hit: Any) -> Any:
    outcome = yield
    if getattr(attack, "system", "") != "hero" or outcome.roll.kind not in ("normal", "killing"):
        return outcome
    return located(attack, outcome, battle.dice.rolls(3, 6, "hit location"))
