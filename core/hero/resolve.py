"""The attack step and the damage step for HERO: their inputs, results and default rules.

The engine builds an :class:`AttackContext`, calls the ``slugfest_attack_step`` hook (whose
default, :func:`default_attack_step`, rolls 3d6 against 11 + OCV - DCV), and on a hit the
``slugfest_damage_step`` hook (default :func:`default_damage_step`: roll the profile's dice,
double STUN against a Knocked-Out target, subtract defenses). House rules wrap either hook.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..rules.records import record
from ..rules.validate import notes_problem, whole
from .attack import AttackRoll, attack_roll
from . import locations
from .combat_values import CVChain
from .damage import (
    DamageRoll, DamageStep, DamageTaken, Defenses, double_stun, roll_killing, roll_normal, standard_effect,
    stun_multiplier, take_damage)
from .dice import DamageDice
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
    aim: str = ""  # a placed shot's location (hit locations on), or ""
    area: str = ""  # an Area Of Effect's shape ("radius", "cone", "line"): its hits roll no location


@record
class DamageOutcome:
    roll: DamageRoll
    taken: DamageTaken
    notes: tuple[str, ...] = ()
    location: str = ""  # where a located hit landed (hit locations on), for house rules that retake it


def default_attack_step(dice, ctx: AttackContext) -> AttackRoll:
    return attack_roll(dice.rolls(3, 6, "attack"), ctx.ocv.value, ctx.dcv.value)


def roll_profile(dice, ctx: AttackContext) -> DamageRoll:
    """The profile's dice rolled (or, with Standard Effect, counted at 3 a die), then x2 STUN on a
    knocked-out target. An attack Damage Negation stripped of every DC rolls nothing and does
    nothing (rules-powers §2.2)."""
    p = ctx.profile
    atk = ctx.attack
    if p.negated and p.dice == DamageDice() and not (p.flat_stun or p.flat_body):
        return DamageRoll(p.kind, str(p.dice), (), 0, 0)
    if p.kind == "killing":
        if atk.standard_effect:
            _, body, step = standard_effect(p.dice, p.kind)
            mface = dice.roll(6, "stun multiplier")
            mult = stun_multiplier(mface, ctx.options.stun_multiplier, atk.stun_multiplier_bonus)
            roll = DamageRoll("killing", str(p.dice), (), body * mult, body, mult, mface, normal_body=p.dice.count,
                              steps=(step,))
        else:
            faces = dice.rolls(p.dice.dice_rolled, 6, "damage")
            mface = dice.roll(6, "stun multiplier")
            roll = roll_killing(p.dice, faces, mface, ctx.options.stun_multiplier, atk.stun_multiplier_bonus)
        if p.flat_body:
            roll = replace(roll, stun=(roll.body + p.flat_body) * roll.multiplier, body=roll.body + p.flat_body)
    else:
        if atk.standard_effect:
            stun, body, step = standard_effect(p.dice, p.kind, atk.does_body)
            roll = DamageRoll(p.kind, str(p.dice), (), stun, body, steps=(step,))
        else:
            roll = roll_normal(p.dice, dice.rolls(p.dice.dice_rolled, 6, "damage"), p.kind, atk.does_body)
        if p.flat_stun:
            roll = replace(roll, stun=roll.stun + p.flat_stun)
    if ctx.maneuver == "pull" and roll.body:  # Pulling a Punch: half the BODY rolled (rules-powers §4.5)
        roll = replace(roll, body=roll.body // 2,
                       steps=(*roll.steps, DamageStep("pulled punch", 0, "BODY", roll.body, roll.body // 2)))
    if ctx.target_knocked_out:
        roll = double_stun(roll, "target knocked out: x2 STUN")
    return roll


def take_hit(ctx: AttackContext, roll: DamageRoll, location: tuple[Fraction, Fraction] | None = None) -> DamageTaken:
    """The damage ``roll`` does to the attack's target: :func:`.damage.take_damage` with the
    attack's Armor Piercing and Penetrating, the target's defenses and the scenario's options.
    House rules that re-roll or rescale a hit call this rather than ``take_damage`` so that the
    advantages and defenses still apply, in their order (``location``: hit-location multipliers
    on STUN and BODY taken)."""
    atk = ctx.attack
    return take_damage(roll, ctx.defenses, atk.defense, ctx.options.minimum_stun,
                       armor_piercing=atk.armor_piercing, penetrating=atk.penetrating, location=location)


def default_damage_step(dice, ctx: AttackContext) -> DamageOutcome:
    roll = roll_profile(dice, ctx)
    if ctx.options.hit_locations and roll.kind in ("normal", "killing") and not ctx.area:  # rules-powers §1.4
        return located(ctx, roll, dice)
    return DamageOutcome(roll, take_hit(ctx, roll))


def located(ctx: AttackContext, roll: DamageRoll, dice) -> DamageOutcome:
    """A hit under the hit-location rule (:mod:`.locations`): where it was aimed, or where 3d6
    (rolled after the damage, purpose ``"hit location"``) say; the note names the place."""
    if ctx.aim:
        where = locations.BY_NAME[ctx.aim]
        how = f"placed shot at the {where.name}"
    else:
        faces = dice.rolls(3, 6, "hit location")
        where = locations.location(sum(faces))
        how = f"3d6 rolled {sum(faces)} {list(faces)}, {where.name}"
    roll, taken = take_located(ctx, roll, where)
    words = locations.effect_words(where, roll.kind, ctx.attack.stun_multiplier_bonus)
    return DamageOutcome(roll, taken, (f"hit location: {how}: {words}",), where.name)


def retake(ctx: AttackContext, roll: DamageRoll, location: str = "") -> tuple[DamageRoll, DamageTaken]:
    """A house rule's new roll taken as the hit was: at the same hit location if it had one
    (``DamageOutcome.location``), else through :func:`take_hit`."""
    if location:
        return take_located(ctx, roll, locations.BY_NAME[location])
    return roll, take_hit(ctx, roll)


def take_located(ctx: AttackContext, roll: DamageRoll, where: locations.Location) -> tuple[DamageRoll, DamageTaken]:
    """The roll as the location changes it (a killing hit's STUN multiplier) and the damage taken."""
    mult, scale = locations.multipliers(where, roll.kind, ctx.attack.stun_multiplier_bonus)
    if roll.kind == "killing":
        roll = replace(roll, stun=roll.body * mult * (2 if roll.doubled else 1), multiplier=mult)
    return roll, take_hit(ctx, roll, location=scale)


def validate_attack_result(result: object) -> str:
    """Why an attack step's result cannot go into the state and the log ("" if it can): every
    field of the type it must have (no NaN, no number where a word goes), the dice real dice."""
    if not isinstance(result, AttackRoll):
        return f"expected an AttackRoll, got {type(result).__name__}"
    if not isinstance(result.hit, bool):
        return "hit must be true or false"
    if not (isinstance(result.faces, tuple) and len(result.faces) == 3
            and all(whole(v) and 1 <= v <= 6 for v in result.faces)):
        return f"faces must be three d6 faces, got {result.faces!r}"
    for name in ("total", "needed", "dcv_hit"):
        v = getattr(result, name)
        if not whole(v) or abs(v) > 10_000:
            return f"{name} must be a whole number, got {v!r}"
    if not isinstance(result.automatic, str):
        return f"automatic must be text, got {result.automatic!r}"
    return notes_problem(result.notes)


def validate_damage_result(result: object) -> str:
    """Why a damage step's result cannot go into the state and the log ("" if it can)."""
    if not isinstance(result, DamageOutcome):
        return f"expected a DamageOutcome, got {type(result).__name__}"
    t, r = result.taken, result.roll
    if not isinstance(t, DamageTaken) or not isinstance(r, DamageRoll):
        return f"expected a DamageRoll and a DamageTaken, got {type(r).__name__} and {type(t).__name__}"
    for name in ("stun", "body", "stun_defense", "body_defense"):
        v = getattr(t, name)
        if not whole(v):
            return f"{name} taken must be an integer, got {v!r}"
    if t.stun < 0 or t.body < 0:
        return f"damage taken is negative ({t.stun} STUN, {t.body} BODY)"
    if t.body > 10_000 or t.stun > 100_000:
        return "damage beyond any dice the attack could roll"
    for name in ("stun", "body", "multiplier", "multiplier_face"):
        v = getattr(r, name)
        if not whole(v) or abs(v) > 1_000_000:
            return f"the roll's {name} must be a whole number, got {v!r}"
    if not isinstance(r.faces, tuple) or not all(whole(v) for v in r.faces):
        return f"the roll's faces must be whole numbers, got {r.faces!r}"
    if not all(isinstance(getattr(x, n), str) for x, n in ((r, "kind"), (r, "dice"), (r, "doubled"), (t, "rule"))):
        return "the roll's kind, dice and reasons must be text"
    return notes_problem(result.notes)
