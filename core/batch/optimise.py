"""The best way to spend a budget on one sheet: builds enumerated from the best steps, raced on
common random numbers, the winner checked head to head against the unchanged sheet.

Why this shape: the builds within a budget are too many to play each to a tight interval (a
dozen steps and 25 points make hundreds), and most are plainly worse. So the search works in
three stages, each with its own battles (a build chosen on some dice is judged on others, so
the luck that picked it does not flatter it):

1. **Screen**: every step's worth (:mod:`.worth`) on a few battles; the ``keep`` best steps by
   win rate per point are kept (the rest are kept out of the builds, and the report says which).
2. **Race**: every build of the kept steps that spends the budget (none of them can take one
   step more) is enumerated (:func:`builds`), at most ``candidates`` of them by the screen's
   estimate, and raced by successive halving (:func:`race`): all play the same battles, the
   worse half drops out, the battles double, until two are left and play a last round.
3. **Verdict**: the winner against the runner-up and against the unchanged sheet (paired
   intervals on the race's last battles), then head to head against the unchanged sheet
   (:func:`head_to_head`: the one combatant against its twin on a mirrored map, both seatings).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from ..files.scenario import Scenario
from .mirror import mirrored, swap_sides
from .worth import Change, apply_build


def builds(steps: Sequence[tuple[Change, Fraction]], budget: Fraction) -> list[dict[Change, int]]:
    """Every build of ``steps`` (each with its price) whose price is at most ``budget`` and to
    which no step more fits: the ways to spend the budget, not to leave it lying. Prices are
    taken as adding up (a step's price does not depend on the others; :func:`.worth.make_variant`
    prices each build whole, and one over budget is dropped)."""
    usable = [(c, p) for c, p in steps if 0 < p <= budget]
    out: list[dict[Change, int]] = []
    cheapest = min((p for _, p in usable), default=None)

    def walk(i: int, left: Fraction, counts: dict[Change, int]) -> None:
        if i == len(usable):
            if cheapest is None or left < cheapest or not any(p <= left for _, p in usable):
                out.append({c: n for c, n in counts.items() if n})
            return
        change, price = usable[i]
        for n in range(int(left // price), -1, -1):
            counts[change] = n
            walk(i + 1, left - n * price, counts)
        counts[change] = 0

    walk(0, budget, {})
    return [b for b in out if b]


def estimate(build: Mapping[Change, int], gains: Mapping[Change, float]) -> float:
    """The screen's guess at a build's gain: its steps' gains added (good enough to choose which
    builds to race; the race itself measures them)."""
    return sum(gains.get(c, 0.0) * n for c, n in build.items())


@dataclass
class Entry:
    """A build in the race: its 0/1 series so far (battle by battle, from the race's first) and
    the round it dropped out in (None while it runs)."""

    key: int
    series: list[int | None] = field(default_factory=list)
    out_in: int | None = None

    @property
    def rate(self) -> float:
        played = [x for x in self.series if x is not None]
        return sum(played) / len(played) if played else 0.0


@dataclass
class Race:
    entries: list[Entry]
    rounds: list[tuple[int, int]] = field(default_factory=list)  # (builds in the round, battles each by its end)
    interrupted: bool = False

    @property
    def battles(self) -> int:
        return sum(1 for e in self.entries for x in e.series if x is not None)

    def standing(self) -> list[Entry]:
        """Those still in, best first, then the others by the round they left (latest first)."""
        return sorted(self.entries, key=lambda e: (e.out_in is not None, -(e.out_in or 0), -e.rate, e.key))


def race(n: int, first_runs: int, play: Callable[[list[int], int, int], tuple[list[list[int | None]], bool]]) -> Race:
    """Successive halving over ``n`` builds: every build still in plays battles up to
    ``first_runs`` x 2^round (the same battles for all), the worse half (by win rate over all
    their battles so far) drops out, until two are left; they play one more round.
    ``play(keys, start, count)`` plays battles ``start`` .. ``start + count - 1`` of those builds
    and gives their series and whether Ctrl-C stopped it. Ties go to the build listed first
    (the enumeration's order), so the result never depends on the order battles finish."""
    r = Race([Entry(k) for k in range(n)])
    alive = list(range(n))
    done, target, rnd = 0, first_runs, 0
    while True:
        got, stopped = play(alive, done, target - done)
        for k, s in zip(alive, got):
            r.entries[k].series.extend(s)
        r.rounds.append((len(alive), target))
        if stopped:
            r.interrupted = True
            return r
        if len(alive) <= 2 and rnd > 0 or len(alive) == 1:
            return r
        keep = max(2, (len(alive) + 1) // 2)
        ordered = sorted(alive, key=lambda k: (-r.entries[k].rate, k))
        for k in ordered[keep:]:
            r.entries[k].out_in = rnd
        alive = sorted(ordered[:keep])
        done, target, rnd = target, target * 2, rnd + 1


def head_to_head(data: dict[str, Any], scenario: Scenario, cid: str, build: Mapping[Change, int]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Scenario data for ``cid`` with ``build`` against its unchanged twin, alone on a mirrored
    map (:func:`.mirror.mirrored`), in both seatings (the sides listed one way and the other, so
    a seat effect cancels out); and the name of the build's side."""
    alone = copy.deepcopy(data)
    for side in alone["sides"]:
        side["combatants"] = [c for c in side["combatants"] if c.get("id") == cid]
    alone["sides"] = [s for s in alone["sides"] if s["combatants"]]
    twins = mirrored(alone, 0)
    built = apply_build(twins, scenario, cid, build)
    return built, swap_sides(built), built["sides"][0]["name"]


__all__ = ["Entry", "Race", "builds", "estimate", "head_to_head", "race"]
