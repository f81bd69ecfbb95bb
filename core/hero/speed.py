"""The Speed Chart: which Segments of the 12-Segment Turn give a character a Phase."""

from __future__ import annotations

SPEED_CHART: dict[int, frozenset[int]] = {
    1: frozenset({7}),
    2: frozenset({6, 12}),
    3: frozenset({4, 8, 12}),
    4: frozenset({3, 6, 9, 12}),
    5: frozenset({3, 5, 8, 10, 12}),
    6: frozenset({2, 4, 6, 8, 10, 12}),
    7: frozenset({2, 4, 6, 7, 9, 11, 12}),
    8: frozenset({2, 3, 5, 6, 8, 9, 11, 12}),
    9: frozenset({2, 3, 4, 6, 7, 8, 10, 11, 12}),
    10: frozenset({2, 3, 4, 5, 6, 8, 9, 10, 11, 12}),
    11: frozenset(range(2, 13)),
    12: frozenset(range(1, 13)),
}


def has_phase(spd: int, segment: int) -> bool:
    """SPD is clamped to 12; SPD 0 or less has no Phases at all. SPD 1 acts only in Segment 7.
    (The clamp is a comparison, not ``min``: the AI's price of a lowered DCV asks for each foe and
    Segment; with :func:`.chains.true_metres`'s ``abs`` calls gone too, 0.6% of a hero-brawl
    battle's instructions, issue 35.)"""
    if spd <= 0:
        return False
    return segment in SPEED_CHART[spd if spd < 12 else 12]


def phases_in(spd: int, start: int, stop: int) -> int:
    """The Phases a character of ``spd`` has in the absolute Segments ``start`` to ``stop - 1``
    (:func:`has_phase` for each, the chart's row read once: the AI's price of a lowered DCV
    counts each foe's Phases before the actor's next, issue 35)."""
    if spd <= 0:
        return 0
    row = SPEED_CHART[spd if spd < 12 else 12]
    return sum(1 for a in range(start, stop) if (a - 1) % 12 + 1 in row)


def absolute(turn: int, segment: int) -> int:
    """A Segment counted from the start of Turn 1 (Turn 1 Segment 12 is 12)."""
    return (turn - 1) * 12 + segment


def next_phase_after(spd: int, abs_segment: int) -> int | None:
    """The first absolute Segment after ``abs_segment`` in which SPD has a Phase."""
    if spd <= 0:
        return None
    for a in range(abs_segment + 1, abs_segment + 13):
        if has_phase(spd, (a - 1) % 12 + 1):
            return a
    return None  # pragma: no cover - every SPD >= 1 has a Phase within 12 Segments


def spd_change_resume(old: int, new: int, abs_segment: int) -> int | None:
    """An involuntary SPD change mid-Turn: the character next acts in a Segment that is a Phase
    for both the old and the new SPD, so it never gains a double Phase or skips one. If the
    two share none (SPD 1, whose only Phase is Segment 7, shares none with SPD 2-6, 8 and 10),
    the character waits for the later of the two next Phases and then acts in the new SPD's first
    Phase at or after it: the result is always a Phase of the new SPD."""
    if new <= 0:
        return None
    for a in range(abs_segment + 1, abs_segment + 13):
        seg = (a - 1) % 12 + 1
        if has_phase(old, seg) and has_phase(new, seg):
            return a
    candidates = [x for x in (next_phase_after(old, abs_segment), next_phase_after(new, abs_segment)) if x]
    later = max(candidates)  # the new SPD (> 0) always has a next Phase, so this is never empty
    for a in range(later, later + 12):
        if has_phase(new, (a - 1) % 12 + 1):
            return a
    return None  # pragma: no cover - every SPD >= 1 has a Phase within 12 Segments
