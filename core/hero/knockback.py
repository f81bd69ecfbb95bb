"""6e Knockback: BODY rolled minus the Knockback dice, 2 m per point, damage on impact."""

from __future__ import annotations

from ..records import record


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
