"""The Attack Roll (seed): 3d6 <= 11 + OCV - DCV; a 3 always hits, an 18 always misses.

The same roll also tells which DCV the attack would have hit: 11 + OCV - roll (the seed's
"mathematically identical" form, for a GM who keeps the target's DCV secret).
"""

from __future__ import annotations

from ..rules.records import record


@record
class AttackRoll:
    faces: tuple[int, int, int]
    total: int
    needed: int
    hit: bool
    dcv_hit: int
    automatic: str = ""  # "hit" on a 3, "miss" on an 18
    notes: tuple[str, ...] = ()  # explanations added by house rules


def attack_roll(faces: tuple[int, int, int], ocv: int, dcv: int) -> AttackRoll:
    total = sum(faces)
    needed = 11 + ocv - dcv
    dcv_hit = 11 + ocv - total
    if total == 3:
        return AttackRoll(faces, total, needed, True, dcv_hit, "hit")
    if total == 18:
        return AttackRoll(faces, total, needed, False, dcv_hit, "miss")
    return AttackRoll(faces, total, needed, total <= needed, dcv_hit)


def autofire_hits(roll: AttackRoll, shots: int) -> int:
    """Autofire (rules-powers §1.5, 6E2's modifiers table): one roll for the burst; a hit is one
    shot home plus one more for every 2 points the roll was made by, never more than the shots
    fired. A 3 that hits only because a 3 always hits is made by nothing: one shot."""
    if not roll.hit:
        return 0
    made_by = max(roll.needed - roll.total, 0)
    return min(shots, 1 + made_by // 2)


#: The 6e Range Modifier bands (metres, inclusive upper bound -> OCV).
RANGE_BANDS: tuple[tuple[int, int], ...] = (
    (8, 0), (16, -2), (32, -4), (64, -6), (125, -8), (250, -10), (500, -12), (1000, -14),
)


def range_modifier(metres: int) -> int:
    """-2 OCV per doubling of distance beyond 8 m, by the book's bands (125/250/500 m rows)."""
    for upper, mod in RANGE_BANDS:
        if metres <= upper:
            return mod
    doublings = 7  # the 501-1000 m row is the 7th doubling of 8 m (-14)
    upper = 1000
    while metres > upper:
        upper *= 2
        doublings += 1
    return -2 * doublings


def block_roll_needed(blocker_ocv: int, attacker_ocv: int, earlier_blocks: int) -> int:
    """Block: 11 + blocker OCV - attacker OCV, at -2 for each Block already made this Phase."""
    return 11 + blocker_ocv - attacker_ocv - 2 * earlier_blocks
