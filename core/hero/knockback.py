"""6e Knockback: BODY rolled minus the Knockback dice, 2 m per point, damage on impact."""

from __future__ import annotations

from functools import lru_cache

from ..rules.records import record


def knockback_dice(killing: bool, target_flying: bool, martial: bool = False) -> int:
    """2d6, +1d6 for a Killing attack (or a Martial Maneuver), -1d6 if the target is in the air."""
    return max(2 + (1 if killing else 0) + (1 if martial else 0) - (1 if target_flying else 0), 0)


@record
class KnockbackResult:
    body: int
    faces: tuple[int, ...]
    points: int
    resistance: int
    metres: int
    outcome: str  # "none", "resisted", "knockdown", "knockback"


def knockback(body_rolled: int, faces: tuple[int, ...], resistance_m: int = 0) -> KnockbackResult:
    """Result = BODY rolled (before defenses) - the dice. Below 0: none; 0: knocked down (prone
    where it stands); above 0: 2 m per point, less Knockback Resistance in metres."""
    points = body_rolled - sum(faces)
    if points < 0:
        return KnockbackResult(body_rolled, faces, points, resistance_m, 0, "none")
    if points == 0:
        return KnockbackResult(body_rolled, faces, points, resistance_m, 0, "knockdown")
    metres = 2 * points - max(resistance_m, 0)
    if metres <= 0:
        return KnockbackResult(body_rolled, faces, points, resistance_m, 0, "resisted")
    return KnockbackResult(body_rolled, faces, points, resistance_m, metres, "knockback")


def impact_dice(metres: int, hit_wall: bool) -> int:
    """Damage on landing: 1d6 per 2 m of Knockback when it slams into a wall (or an obstacle, or
    the map's edge, which this game treats as a wall), 1d6 per 4 m when it just hits the ground."""
    return metres // 2 if hit_wall else metres // 4


def _convolve(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The distribution of the sum of a draw of ``a`` and one of ``b`` (values 0, 1, ...)."""
    out = [0.0] * (len(a) + len(b) - 1)
    for x, px in enumerate(a):
        for y, py in enumerate(b):
            out[x + y] += px * py
    return tuple(out)


def _sum_pmf(pmf: tuple[float, ...], times: int) -> tuple[float, ...]:
    """The distribution of the sum of ``times`` draws of ``pmf``."""
    out: tuple[float, ...] = (1.0,)
    for _ in range(times):
        out = _convolve(out, pmf)
    return out


#: BODY a die shows: a Normal die 0 / 1 / 2 (on 1 / 2-5 / 6), its half die 0 or 1 (1-3 / 4-6);
#: a Killing die its face, its half die ceil(face / 2).
_NORMAL_DIE = (1 / 6, 4 / 6, 1 / 6)
_NORMAL_HALF = (1 / 2, 1 / 2)
_KILLING_DIE = (0.0, *(1 / 6,) * 6)
_KILLING_HALF = (0.0, 1 / 3, 1 / 3, 1 / 3)


@lru_cache(maxsize=2048)
def moved_chance(count: int, half: bool, pip: int, killing: bool, kb_dice: int, resistance_m: int,
                 times: int = 1) -> float:
    """P(a hit knocks its target out of its cell): the BODY rolled by ``count`` dice (and a half
    die; a Killing attack's pip adds to it) times ``times`` (Double Knockback) less ``kb_dice``
    d6 must leave more points than half the Knockback Resistance in metres (2 m a point, as
    :func:`knockback` reads them). The AI's figure for a blow that may spoil a Haymaker."""
    body = _sum_pmf(_KILLING_DIE if killing else _NORMAL_DIE, count)
    if half:
        body = _convolve(body, _KILLING_HALF if killing else _NORMAL_HALF)
    kb = _sum_pmf(_KILLING_DIE, kb_dice)  # the knockback dice: plain d6 totals
    need = resistance_m // 2 + 1  # points that carry it past its resistance
    chance = 0.0
    for b, pb in enumerate(body):
        total = (b + (pip if killing else 0)) * times
        if pb and total > 0:
            chance += pb * sum(pk for k, pk in enumerate(kb) if total - k >= need)
    return chance
