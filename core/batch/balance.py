"""Finding the value of one parameter that makes a matchup even (or gives a target win rate).

The search is a bisection over whole values (a characteristic, a rank, a number of dice),
each probe a batch of battles on the same seeds as every other probe (common random numbers:
two values differ by the change, not by luck, so the rates step the same way the value does,
and far fewer battles tell two values apart than independent batches would need). It assumes
the win rate rises or falls with the value, which is what a balancing knob is; if the target
lies outside the rates of the range's ends, it says so rather than inventing a value.

The measure is a side's share of the *decided* battles (draws left out), so "even" means the
side wins as often as it loses. The answer is whichever of the two values the bisection ends
between (a step apart, one each side of the target) has the rate nearer the target, with its
interval, the crossing point estimated between them, and the battles the search used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import SlugfestError
from .stats import wilson


class BalanceError(SlugfestError):
    pass


@dataclass(frozen=True)
class Knob:
    """A range of whole values, maybe with a fixed suffix (``6d6..14d6`` varies the 6..14)."""

    low: int
    high: int
    suffix: str = ""

    def value(self, n: int) -> Any:
        return f"{n}{self.suffix}" if self.suffix else n


def parse_range(text: str) -> Knob:
    """``2..8`` or ``6d6..14d6``: two whole values (with the same suffix), low first."""
    m = re.fullmatch(r"\s*(\d+)([^.\s]*)\s*\.\.\s*(\d+)([^.\s]*)\s*", text)
    if not m or m.group(2) != m.group(4):
        raise BalanceError(f"--range expects LOW..HIGH of whole values, such as 2..8 or 6d6..14d6, got {text!r}")
    low, high = int(m.group(1)), int(m.group(3))
    if high - low < 1:
        raise BalanceError(f"--range {text}: the high end must be above the low end")
    return Knob(low, high, m.group(2))


@dataclass
class Probe:
    value: int
    wins: int
    decided: int
    battles: int

    @property
    def rate(self) -> float | None:
        return self.wins / self.decided if self.decided else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.decided)


@dataclass
class Found:
    target: float
    probes: list[Probe] = field(default_factory=list)
    best: Probe | None = None
    crossing: float | None = None  # where the rate crosses the target, between two whole values
    outside: str = ""  # why no value in the range reaches the target ("" when one does)

    @property
    def battles(self) -> int:
        return sum(p.battles for p in self.probes)

    @property
    def within(self) -> bool:
        """Whether the target lies inside the best value's interval."""
        if self.best is None or not self.best.decided:
            return False
        lo, hi = self.best.interval
        return lo <= self.target <= hi


def _widening(knob: Knob, upward: bool, legal: Callable[[int], bool] | None) -> str:
    """What to do when the target lies beyond the range's rates and the ``upward`` (or the
    lower) end would have to move: widen it if the next value is legal, else say why not."""
    step = knob.high + 1 if upward else knob.low - 1
    edge = knob.value(knob.high if upward else knob.low)
    way = "above" if upward else "below"
    if step >= 0 and (legal is None or legal(step)):
        return f"widen the range {way} {edge}"
    if step < 0:
        return "a range starts at 0 at the lowest, so this parameter alone cannot reach the target: change another one as well"
    return (f"the scenario allows no value {way} {edge}, so this parameter alone cannot reach the target: change "
            "another one as well")


def search(knob: Knob, target: float, measure: Callable[[int], tuple[int, int, int]],
           on_probe: Callable[[Probe], None] | None = None, legal: Callable[[int], bool] | None = None) -> Found:
    """Bisect ``knob`` for ``target``; ``measure(value)`` gives (wins, decided, battles).

    ``legal(value)`` says whether the scenario accepts a value: when the target lies beyond
    the range's rates, the advice is to widen the range only if the value one step past the end
    that would need to move is legal; at the edge of what the rules allow, it says this
    parameter alone cannot reach the target."""
    found = Found(target)
    seen: dict[int, Probe] = {}

    def probe(v: int) -> Probe:
        if v not in seen:
            seen[v] = Probe(v, *measure(v))
            found.probes.append(seen[v])
            if on_probe is not None:
                on_probe(seen[v])
        return seen[v]

    lo, hi = probe(knob.low), probe(knob.high)
    if lo.rate is None or hi.rate is None:
        found.outside = "no battle was decided at one end of the range (all draws): nothing to balance on"
        found.best = lo if lo.rate is not None else hi
        return found
    rising = hi.rate >= lo.rate
    below, above = (lo, hi) if rising else (hi, lo)  # the end under the target, the end over it
    if not below.rate <= target <= above.rate:  # type: ignore[operator]
        side = "above" if target > max(lo.rate, hi.rate) else "below"
        advice = _widening(knob, (side == "above") == rising, legal)
        found.outside = (f"the target {target:.0%} is {side} every rate in the range ({lo.rate:.1%} at {knob.value(lo.value)}, "
                         f"{hi.rate:.1%} at {knob.value(hi.value)}): {advice}")
        found.best = min((lo, hi), key=lambda p: abs(p.rate - target))  # type: ignore[operator]
        return found
    a, b = knob.low, knob.high  # the target lies between the rates at a and at b
    while b - a > 1:
        mid = (a + b) // 2
        m = probe(mid)
        if m.rate is None:
            found.outside = (f"no battle was decided at {knob.value(mid)} (all draws), between {knob.value(a)} and "
                             f"{knob.value(b)}: the search cannot tell which way to go; raise --runs or the turn limit")
            found.best = min((seen[a], seen[b]), key=lambda p: abs(p.rate - target))  # type: ignore[operator]
            return found
        if (m.rate < target) == rising:
            a = mid
        else:
            b = mid
    pa, pb = seen[a], seen[b]
    found.best = min((pa, pb), key=lambda p: (abs(p.rate - target), p.value))  # type: ignore[operator]
    if pa.rate != pb.rate:
        found.crossing = a + (target - pa.rate) / (pb.rate - pa.rate) * (b - a)  # type: ignore[operator]
    return found
