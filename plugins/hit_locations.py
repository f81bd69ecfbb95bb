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
* Placed shots (aiming at a location at an OCV penalty) are not offered by this house rule:
  write ``[rules] hit_locations = true`` instead, the same rule as a rules option, with placed
  shots in the menu, the prompt and the AIs (the rule and its table live in
  ``core/hero/locations.py``; this plugin calls them). With that option on, this house rule
  steps aside, so a hit is never located twice.
* The location's STUNx is the killing multiplier whatever another house rule did to it (the
  ``fixed-stun-multiplier`` rule steps aside for a located hit).

A note says where each hit landed and what that did.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from fractions import Fraction

from slugfest import AttackResult, AttackStep, BattleView, DamageResult, hookimpl
from slugfest.core.hero import locations
from slugfest.hero import AttackContext, DamageOutcome, take_located

NAME = "hit-locations"
SLUGFEST_SYSTEMS = ("hero",)  # the rules systems this house rule is for
NOTE = "hit location"

TABLE = locations.TABLE


def location(total: int) -> tuple[str, int, Fraction, Fraction]:
    """Where a 3d6 total lands: (name, killing STUNx, normal STUNx, BODYx)."""
    loc = locations.location(total)
    return loc.name, loc.stun_x, loc.n_stun_x, loc.body_x


def located(ctx: AttackContext, outcome: DamageOutcome, faces: tuple[int, ...]) -> DamageOutcome:
    """The damage outcome of a hit that landed where ``faces`` say: taken again through the rules
    system's own located damage, which applies the multipliers after defenses and before Damage
    Reduction, Penetrating and the minimum STUN option (rules-powers §0 step 7)."""
    where = locations.location(sum(faces))
    roll, taken = take_located(ctx, outcome.roll, where)
    words = locations.effect_words(where, roll.kind, ctx.attack.stun_multiplier_bonus)
    note = f"{NOTE}: 3d6 rolled {sum(faces)} {list(faces)}, {where.name}: {words}"
    return replace(outcome, roll=roll, taken=taken, notes=(*outcome.notes, note), location=where.name)


@hookimpl(wrapper=True)
def slugfest_damage_step(battle: BattleView, attack: AttackStep,
                         hit: AttackResult) -> Generator[None, DamageResult, DamageResult]:
    outcome = yield
    if not (isinstance(attack, AttackContext) and isinstance(outcome, DamageOutcome)):
        return outcome
    if outcome.roll.kind not in ("normal", "killing"):
        return outcome
    if attack.options.hit_locations:
        return outcome  # the rules option located this hit already
    return located(attack, outcome, battle.dice.rolls(3, 6, "hit location"))
