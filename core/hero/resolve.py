"""The attack step and the damage step for HERO: their inputs, results and default rules.

The engine builds an :class:`AttackContext`, calls the ``slugfest_attack_step`` hook (whose
default, :func:`default_attack_step`, rolls 3d6 against 11 + OCV - DCV), and on a hit the
``slugfest_damage_step`` hook (default :func:`default_damage_step`: roll the profile's dice,
double STUN against a Knocked-Out target, subtract defenses). House rules wrap either hook.
"""

from __future__ import annotations

from ..records import record
from .attack import AttackRoll, attack_roll
from .combat_values import CVChain
from .damage import (
    DamageRoll,
    DamageTaken,
    Defenses,
    double_stun,
    roll_killing,
    roll_normal,
    take_damage,
)
from .profile import DamageProfile
from .sheet import HeroAttack, HeroOptions


@record
class AttackContext:
    """Everything an attack step needs, frozen so a plugin cannot change it under the engine."""

    system: str
    attacker: str
    target: str
    attack: HeroAttack
    maneuver: str
    ocv: CVChain
    dcv: CVChain
    profile: DamageProfile
    defenses: Defenses
    target_knocked_out: bool
    options: HeroOptions


@record
class DamageOutcome:
    roll: DamageRoll
    taken: DamageTaken
    notes: tuple[str, ...] = ()


def default_attack_step(dice, ctx: AttackContext) -> AttackRoll:
    return attack_roll(dice.rolls(3, 6, "attack"), ctx.ocv.value, ctx.dcv.value)  # type: ignore[arg-type]


def roll_profile(dice, ctx: AttackContext) -> DamageRoll:
    p = ctx.profile
    faces = dice.rolls(p.dice.dice_rolled, 6, "damage")
    if p.kind == "killing":
        mface = dice.roll(6, "stun multiplier")
        roll = roll_killing(p.dice, faces, mface, ctx.options.stun_multiplier, ctx.attack.stun_multiplier_bonus)
        if p.flat_body:
            roll = DamageRoll(roll.kind, roll.dice, roll.faces, (roll.body + p.flat_body) * roll.multiplier,
                              roll.body + p.flat_body, roll.multiplier, roll.multiplier_face)
    else:
        roll = roll_normal(p.dice, faces, p.kind, ctx.attack.does_body)
        if p.flat_stun:
            roll = DamageRoll(roll.kind, roll.dice, roll.faces, roll.stun + p.flat_stun, roll.body)
    if ctx.target_knocked_out:
        roll = double_stun(roll, "target knocked out: x2 STUN")
    return roll


def default_damage_step(dice, ctx: AttackContext) -> DamageOutcome:
    roll = roll_profile(dice, ctx)
    taken = take_damage(roll, ctx.defenses, ctx.attack.defense, ctx.options.minimum_stun)
    return DamageOutcome(roll, taken)


def validate_attack_result(result: object) -> str:
    if not isinstance(result, AttackRoll):
        return f"expected an AttackRoll, got {type(result).__name__}"
    if not isinstance(result.hit, bool):
        return "hit must be true or false"
    return ""


def validate_damage_result(result: object) -> str:
    if not isinstance(result, DamageOutcome):
        return f"expected a DamageOutcome, got {type(result).__name__}"
    t = result.taken
    for name in ("stun", "body"):
        v = getattr(t, name)
        if not isinstance(v, int) or isinstance(v, bool):
            return f"{name} taken must be an integer, got {v!r}"
        if v < 0:
            return f"{name} taken is negative ({v})"
    if t.body > 10_000 or t.stun > 100_000:
        return "damage beyond any dice the attack could roll"
    return ""
