"""END: what actions cost, running out (STUN for END) and pushing."""

from __future__ import annotations

import math
from fractions import Fraction

from ..rules.records import record
from .rounding import hero_divide


def power_end(active_points: Fraction | int) -> int:
    """1 END per 10 Active Points, HERO-rounded with .5 rounding down (a cost), minimum 1."""
    if active_points <= 0:
        return 0
    ap = Fraction(active_points)
    return max(hero_divide(ap.numerator, ap.denominator * 10, favour_up=False), 1)


def str_end(strength_used: int, campaign: str, rule: str = "") -> int:
    """END for STR used in an attack.

    Heroic (seed): 1 END per 5 STR. Superheroic default: 1 END per 10 STR (the 6e rule);
    ``rule`` (``per-5`` / ``per-10``) overrides either. HERO-rounded, .5 down, minimum 1.
    """
    if strength_used <= 0:
        return 0
    per = 5 if (rule or ("per-5" if campaign == "heroic" else "per-10")) == "per-5" else 10
    return max(hero_divide(strength_used, per, favour_up=False), 1)


def movement_end(metres: int) -> int:
    """1 END per 10 m moved, or fraction."""
    return math.ceil(metres / 10) if metres > 0 else 0


def stun_for_end_dice(cost: int, end_left: int) -> int:
    """Spending END you do not have: 1d6 STUN (no defense) per 2 END, or fraction, beyond what is left."""
    overdraw = cost - max(end_left, 0)
    return math.ceil(overdraw / 2) if overdraw > 0 else 0


@record
class PushResult:
    allowed: int  # Character Points actually pushed
    roll: tuple[int, ...]
    needed: int
    made_by: int
    success: bool


def push_heroic(wanted: int, faces: tuple[int, int, int], ego_roll: int) -> PushResult:
    """Heroic pushing (seed): an EGO roll; success allows 5 CP +1 per point the roll is made by."""
    total = sum(faces)
    made_by = ego_roll - total
    if made_by < 0 or total == 18:  # like any skill roll, an 18 always fails
        return PushResult(0, faces, ego_roll, made_by, False)
    return PushResult(min(wanted, 5 + made_by), faces, ego_roll, made_by, True)


def in_whole_damage_classes(points: int) -> int:
    """The Character Points of a push that count: whole Damage Classes of 5 (our reading).

    The seed lets a heroic push allow 5 CP +1 per point the EGO roll is made by, but damage is
    added in Damage Classes (5 points each) and END is paid per point pushed. Rather than charge
    END for points that add nothing, a push counts in whole DCs: 8 points allowed push 5 (+1 DC,
    5 END) and 3 points push nothing. The menu asks for pushes in fives for the same reason.
    """
    return points - points % 5 if points > 0 else 0


def push_superheroic(wanted: int, power_points: int) -> PushResult:
    """Superheroic pushing (6e, beyond the seed): up to 10 CP and never more than the power's own points."""
    allowed = max(min(wanted, 10, power_points), 0)
    return PushResult(allowed, (), 0, 0, True)
