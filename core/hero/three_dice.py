"""The odds of a 3d6 roll (every HERO attack roll and characteristic roll): summed once, as the
AI asks for them for every option it weighs."""

from __future__ import annotations

_3D6 = [0] * 19
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            _3D6[_a + _b + _c] += 1

#: P(3d6 <= n) for n = 0..18, summed once (the AI asks for every option it weighs).
AT_MOST_3D6 = tuple(sum(_3D6[3:n + 1]) / 216 for n in range(19))


def hit_chance(needed: int) -> float:
    """P(3d6 <= needed), with a 3 always hitting and an 18 always missing."""
    return AT_MOST_3D6[3 if needed < 3 else 17 if needed > 17 else needed]


__all__ = ["AT_MOST_3D6", "hit_chance"]
