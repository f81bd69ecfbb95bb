"""The spread of a damage roll, for the AI's estimate: a few equal-chance slices of what the dice
can total, each at its mean.

Why not the mean roll alone: a defense takes the same amount off every roll, so the mean roll
through the defenses is not the mean damage through them. 10d6 (35 STUN on average) against 37
PD + rPD takes nothing at the mean, yet about a third of the rolls get past and take 4 STUN on
average when they do; an estimate of the mean roll called such a foe unhurtable and the AIs
Dodged beside it Phase after Phase (issue 34: 212 of the tactician's Dodges in 40 hero-brawl
battles, all beside Rampart). Each slice goes through the defenses on its own
(:func:`expected_taken`, which the estimate and the player's odds read) and the damage taken is
their mean.

A roll with few totals is its exact distribution (2d6: 11 totals); a wider one is cut into
:data:`SLICES` slices of equal chance, each counted at the mean of the totals in it (a total on a
cut is shared between the two slices by its chance). Pure functions of the dice, kept once each.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

from ..engine.context import RulesContext
from . import locations
from .damage import DamageRoll, standard_effect, stun_multiplier, take_damage
from .dice import DamageDice
from .effects import defenses
from .maneuvers import MANEUVERS
from .profile import fall_off, negate
from .sheet import HeroAttack, HeroOptions
from .state import Fighter
from .usage import damage_profile

#: Slices of a wide roll: the estimate's cost grows with them (one pass through the defenses
#: each), its error against the exact spread shrinks as 1/slices^2 beside a defense's threshold.
SLICES = 12

#: One slice: (its chance, the mean total in it, the mean Normal BODY of the rolls in it).
Slice = tuple[float, float, float]


def _normal_face(face: int) -> tuple[int, int]:
    """A full die of Normal damage: (STUN, BODY) - 0 BODY on a 1, 2 on a 6 (hero6e §3.1)."""
    return face, (0 if face == 1 else 2 if face == 6 else 1)


def _half_face(face: int) -> tuple[int, int]:
    """A half die of Normal damage: ceil(face/2) STUN, 1 BODY on a 4-6 (:func:`.dice.normal_sums`)."""
    return (face + 1) // 2, (1 if face >= 4 else 0)


def _killing_face(face: int) -> tuple[int, int]:
    return face, 0


def _killing_half(face: int) -> tuple[int, int]:
    return (face + 1) // 2, 0


@lru_cache(maxsize=None)
def normal_spread(dice: DamageDice) -> tuple[Slice, ...]:
    """Slices of a Normal roll's STUN total (pip included, never below 0, as the dice count it),
    each with the mean BODY of its rolls."""
    return _slices(_totals(dice, _normal_face, _half_face))


@lru_cache(maxsize=None)
def killing_spread(dice: DamageDice) -> tuple[Slice, ...]:
    """Slices of a Killing roll's BODY total (half die ceil(face/2), pip, never below 0:
    :func:`.dice.count_killing_body`); the third figure is 0."""
    return _slices(_totals(dice, _killing_face, _killing_half))


def _totals(dice: DamageDice, full, half) -> list[tuple[int, float, float]]:
    """(total, chance, chance x mean BODY) of every total the dice can roll, lowest first."""
    dist: dict[int, tuple[float, float]] = {0: (1.0, 0.0)}
    faces = [full] * dice.count + ([half] if dice.half else [])
    for count in faces:
        out: dict[int, tuple[float, float]] = {}
        for total, (p, pb) in dist.items():
            for face in range(1, 7):
                s, b = count(face)
                q, qb = out.get(total + s, (0.0, 0.0))
                out[total + s] = (q + p / 6, qb + (pb + p * b) / 6)
        dist = out
    floored: dict[int, tuple[float, float]] = {}
    for total, (p, pb) in dist.items():
        t = max(total + dice.pip, 0)
        q, qb = floored.get(t, (0.0, 0.0))
        floored[t] = (q + p, qb + pb)
    return [(t, p, pb) for t, (p, pb) in sorted(floored.items())]


def _slices(totals: list[tuple[int, float, float]]) -> tuple[Slice, ...]:
    if len(totals) <= SLICES:
        return tuple((p, float(t), pb / p) for t, p, pb in totals)
    size = 1.0 / SLICES
    out: list[Slice] = []
    mass = value = body = 0.0
    for t, p, pb in totals:
        b = pb / p
        while p > 1e-15:
            take = min(p, size - mass)
            if len(out) == SLICES - 1:
                take = p  # the last slice takes what is left (float rounding)
            mass += take
            value += take * t
            body += take * b
            p -= take
            if mass >= size - 1e-12 and len(out) < SLICES - 1:
                out.append((mass, value / mass, body / mass))
                mass = value = body = 0.0
    if mass > 0:
        out.append((mass, value / mass, body / mass))
    return tuple(out)


def expected_taken(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, levels: str,
                   push: int, moved: int, aim: str = "", fallen: int = 0) -> tuple[float, float]:
    """The STUN and BODY ``g`` is expected to take from a hit of the dice the attack would roll
    (with its maneuver, ``push`` and ``levels``), x2 STUN on a knocked-out target: each slice of
    the roll's spread (a Killing roll's with each STUN multiplier, :func:`_multipliers`) through
    :func:`.damage.take_damage` itself, so the estimate takes damage by the same rules, in the
    same order, as the hit would, and a roll that only sometimes beats the defenses counts what
    it does then (the mean roll alone called 10d6 harmless against 37 PD)."""
    opts = ctx.options
    profile = damage_profile(opts, f, atk, MANEUVERS.get(maneuver), levels, push, moved)
    defs = defenses(g, atk.defense)
    if defs.negation and atk.kind in ("normal", "killing"):
        profile = negate(profile, defs.negation, opts.killing_minus_one)
    if fallen:  # an Explosion's DCs lost to distance (rules-powers §1.4)
        profile = fall_off(profile, fallen, opts.killing_minus_one)
    if (defs.negation or fallen) and profile.dice == DamageDice() and not (profile.flat_stun or profile.flat_body):
        return 0.0, 0.0
    d = profile.dice
    # Strike, Set and Brace roll the same dice (and a push or a charge often the same DCs), and
    # every battle of a batch meets the same defenses: what the dice do through them is a figure
    # of the attack, the dice and ``g``'s sheet and characteristics alone, kept in ``g``'s memo
    # (shared by the battles of its sheet, :mod:`core.rules.memo`; a Drain or an Aid that
    # changes its characteristics gives it a memo of its own, :func:`.powers.readjust`)
    key = ("taken", atk, d, profile.flat_stun, profile.flat_body, aim, g.ko)
    kept = g.memo.get(key)
    if kept is not None:
        return kept
    killing = atk.kind == "killing"
    doubled = 2 if g.ko else 1
    if atk.standard_effect:  # no roll: one outcome
        stun_se, body_se, _ = standard_effect(d, atk.kind, atk.does_body)
        slices: tuple[Slice, ...] = ((1.0, float(body_se if killing else stun_se), float(body_se)),)
    else:
        slices = killing_spread(d) if killing else normal_spread(d)
    normal_body = d.count + (0.5 if d.half else 0) if killing else -1  # a normal die's mean BODY is 1, a half die's ½
    hits = _multipliers(opts, atk, aim)
    stun_sum = body_sum = 0.0
    for chance, total, body_mean in slices:
        if killing:
            body: float = total + profile.flat_body
            stun = 0.0
        else:
            stun = total + profile.flat_stun
            body = body_mean if atk.does_body else 0
        for weight, mult, scale in hits:
            if killing:
                stun = body * mult
            roll = DamageRoll(atk.kind, "", (), stun * doubled, body,  # type: ignore[arg-type]  # means
                              normal_body=normal_body)  # type: ignore[arg-type]
            taken = take_damage(roll, defs, atk.defense, opts.minimum_stun, armor_piercing=atk.armor_piercing,
                                penetrating=atk.penetrating, location=scale)
            stun_sum += chance * weight * taken.stun
            body_sum += chance * weight * taken.body
    g.memo[key] = (stun_sum, body_sum)
    return stun_sum, body_sum


#: How a hit's STUN is multiplied, each way by its chance: (chance, Killing STUN multiplier or 0,
#: the hit location's multipliers on STUN and BODY taken or None).
Multiplier = tuple[float, int, tuple[Fraction, Fraction] | None]


def _multipliers(opts: HeroOptions, atk: HeroAttack, aim: str) -> list[Multiplier]:
    """With hit locations (not for an area, which rolls none): the aimed location, or each
    weighted by the 3d6 rolls that land there; else a Killing roll's STUN multiplier die, each
    multiplier by its chance (1d6-1 is x1 on a 1 or a 2); else nothing to multiply."""
    if opts.hit_locations and atk.kind in ("normal", "killing") and not atk.area:
        places: tuple[tuple[locations.Location, int], ...] = ((locations.BY_NAME[aim], 1),) if aim else locations.WAYS
        ways_total = sum(w for _, w in places)
        return [(ways / ways_total, *locations.multipliers(where, atk.kind, atk.stun_multiplier_bonus))
                for where, ways in places]
    if atk.kind == "killing":
        faces = Counter(stun_multiplier(face, opts.stun_multiplier, atk.stun_multiplier_bonus) for face in range(1, 7))
        return [(ways / 6, mult, None) for mult, ways in sorted(faces.items())]
    return [(1.0, 0, None)]
