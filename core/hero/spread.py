"""The spread of a damage roll, for the AI's estimate: a few equal-chance slices of what the dice
can total, each at its mean.

Why not the mean roll alone: a defense takes the same amount off every roll, so the mean roll
through the defenses is not the mean damage through them. 10d6 (35 STUN on average) against 37
PD + rPD takes nothing at the mean, yet about a third of the rolls get past and take 4 STUN on
average when they do; an estimate of the mean roll called such a foe unhurtable and the AIs
Dodged beside it Phase after Phase (issue 34: 212 of the tactician's Dodges in 40 hero-brawl
battles, all beside Rampart). Each slice goes through the defenses on its own
(:func:`.estimate.expected_taken`) and the damage taken is their mean.

A roll with few totals is its exact distribution (2d6: 11 totals); a wider one is cut into
:data:`SLICES` slices of equal chance, each counted at the mean of the totals in it (a total on a
cut is shared between the two slices by its chance). Pure functions of the dice, kept once each.
"""

from __future__ import annotations

from functools import lru_cache

from .dice import DamageDice

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
