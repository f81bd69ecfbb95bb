"""The batch report's arithmetic: a proportion's interval, a rate that knows when there is
nothing to count, and exact integer sums a mean and a spread are read from."""

from __future__ import annotations

import math
from typing import Any


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default). With no trials nothing is
    known, so the interval is the whole range, (0, 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(k: int, n: int) -> float | None:
    """``k / n`` to four places, or None when there were no trials (shown as a dash, never 0%)."""
    return round(k / n, 4) if n else None


class Sums:
    """Count, sum, sum of squares, least and greatest of integer values: the mean and spread
    follow exactly, and two of these merge by adding (unlike a running mean, which would round
    differently for every way a batch was split)."""

    __slots__ = ("n", "total", "squares", "lo", "hi")

    def __init__(self, n: int = 0, total: int = 0, squares: int = 0, lo: int | None = None,
                 hi: int | None = None) -> None:
        self.n, self.total, self.squares, self.lo, self.hi = n, total, squares, lo, hi

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x
        self.lo = x if self.lo is None or x < self.lo else self.lo
        self.hi = x if self.hi is None or x > self.hi else self.hi

    def merge(self, other: Sums) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        if other.lo is not None:
            self.lo = other.lo if self.lo is None else min(self.lo, other.lo)
            self.hi = other.hi if self.hi is None else max(self.hi, other.hi)  # type: ignore[type-var]

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation, from the integer sums (no rounding until the root)."""
        if self.n < 2:
            return 0.0
        return math.sqrt(max(0, self.n * self.squares - self.total * self.total) / (self.n * (self.n - 1)))

    def as_dict(self) -> dict[str, float]:
        return {"n": self.n, "mean": round(self.mean, 4), "stdev": round(self.stdev, 4),
                "min": self.lo if self.lo is not None else 0, "max": self.hi if self.hi is not None else 0}

    def state(self) -> list[Any]:
        return [self.n, self.total, self.squares, self.lo, self.hi]

    @classmethod
    def from_state(cls, s: list[Any]) -> Sums:
        return cls(*s)
