"""Statistics over many battles: per-battle tallies, aggregated as they arrive.

A rules system turns one finished battle into a :class:`BattleTally` (system-neutral figures:
who won, how long, damage dealt and taken in the system's main pool, hits, knockouts, what
actions and rules fired). :class:`Aggregate` folds tallies in one at a time, so memory stays
flat however many battles run; nothing per battle is kept except errors.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable


@dataclass
class CombatantTally:
    id: str
    side: str
    attacks: int = 0
    hits: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    knocked_out: bool = False
    killed: bool = False


@dataclass
class BattleTally:
    index: int
    seed: int
    winner: str | None
    reason: str
    rounds: int
    cut_off: bool
    combatants: dict[str, CombatantTally]
    actions: Counter = field(default_factory=Counter)
    rules: Counter = field(default_factory=Counter)


@dataclass
class BattleError:
    index: int
    seed: int
    error: str


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


class Running:
    """Mean and spread, updated one value at a time (Welford)."""

    __slots__ = ("n", "mean", "_m2", "lo", "hi")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self._m2 = 0.0
        self.lo = math.inf
        self.hi = -math.inf

    def add(self, x: float) -> None:
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self._m2 += d * (x - self.mean)
        self.lo = min(self.lo, x)
        self.hi = max(self.hi, x)

    @property
    def stdev(self) -> float:
        return math.sqrt(self._m2 / (self.n - 1)) if self.n > 1 else 0.0

    def as_dict(self) -> dict[str, float]:
        return {"n": self.n, "mean": round(self.mean, 4), "stdev": round(self.stdev, 4),
                "min": self.lo if self.n else 0, "max": self.hi if self.n else 0}


@dataclass
class CombatantAggregate:
    side: str
    attacks: int = 0
    hits: int = 0
    knocked_out: int = 0
    killed: int = 0
    dealt: Running = field(default_factory=Running)
    taken: Running = field(default_factory=Running)
    dealt_won: Running = field(default_factory=Running)
    dealt_lost: Running = field(default_factory=Running)
    taken_won: Running = field(default_factory=Running)
    taken_lost: Running = field(default_factory=Running)


class Aggregate:
    """Everything the report needs, folded in one battle at a time."""

    def __init__(self, sides: Iterable[str], time_unit: str, damage_unit: str) -> None:
        self.sides = list(sides)
        self.time_unit = time_unit
        self.damage_unit = damage_unit
        self.n = 0
        self.wins: Counter = Counter()
        self.draws = 0
        self.cut_off = 0
        self.length = Running()
        self.histogram: Counter = Counter()
        self.combatants: dict[str, CombatantAggregate] = {}
        self.actions: Counter = Counter()
        self.rules: Counter = Counter()
        self.errors: list[BattleError] = []
        # Battles worth replaying, by index (battles fold in index order, so "first" does not
        # depend on --jobs): a few per batch, not one entry per battle.
        self.shortest: BattleTally | None = None
        self.longest: BattleTally | None = None
        self.first_draw: BattleTally | None = None
        self.first_win: dict[str, BattleTally] = {}
        self.first_fired: dict[str, int] = {}

    def add(self, t: BattleTally) -> None:
        self.n += 1
        if self.shortest is None or t.rounds < self.shortest.rounds:
            self.shortest = _slim(t)
        if self.longest is None or t.rounds > self.longest.rounds:
            self.longest = _slim(t)
        for tag in (*t.actions, *t.rules):
            self.first_fired.setdefault(tag, t.index)
        if t.winner is None:
            self.draws += 1
            if self.first_draw is None:
                self.first_draw = _slim(t)
        else:
            self.wins[t.winner] += 1
            if t.winner not in self.first_win:
                self.first_win[t.winner] = _slim(t)
        if t.cut_off:
            self.cut_off += 1
        self.length.add(t.rounds)
        self.histogram[t.rounds] += 1
        self.actions.update(t.actions)
        self.rules.update(t.rules)
        for cid, c in t.combatants.items():
            agg = self.combatants.setdefault(cid, CombatantAggregate(c.side))
            agg.attacks += c.attacks
            agg.hits += c.hits
            agg.knocked_out += c.knocked_out
            agg.killed += c.killed
            agg.dealt.add(c.damage_dealt)
            agg.taken.add(c.damage_taken)
            if t.winner is not None:
                won = t.winner == c.side
                (agg.dealt_won if won else agg.dealt_lost).add(c.damage_dealt)
                (agg.taken_won if won else agg.taken_lost).add(c.damage_taken)

    def error(self, e: BattleError) -> None:
        self.errors.append(e)

    def as_dict(self, catalogue: Iterable[str] = ()) -> dict[str, Any]:
        sides = {}
        for s in self.sides:
            lo, hi = wilson(self.wins[s], self.n)
            sides[s] = {"wins": self.wins[s], "rate": round(self.wins[s] / self.n, 4) if self.n else 0.0,
                        "ci95": [round(lo, 4), round(hi, 4)]}
        combatants = {}
        for cid, a in self.combatants.items():
            combatants[cid] = {
                "side": a.side, "attacks": a.attacks, "hits": a.hits,
                "hit_rate": round(a.hits / a.attacks, 4) if a.attacks else 0.0,
                "ko_rate": round(a.knocked_out / self.n, 4) if self.n else 0.0,
                "death_rate": round(a.killed / self.n, 4) if self.n else 0.0,
                "damage_dealt": a.dealt.as_dict(), "damage_taken": a.taken.as_dict(),
                "damage_dealt_when_won": a.dealt_won.as_dict(), "damage_dealt_when_lost": a.dealt_lost.as_dict(),
                "damage_taken_when_won": a.taken_won.as_dict(), "damage_taken_when_lost": a.taken_lost.as_dict(),
            }
        fired = set(self.actions) | set(self.rules)
        notable = {"shortest": _brief(self.shortest), "longest": _brief(self.longest),
                   "first_draw": _brief(self.first_draw),
                   "first_win": {s: _brief(self.first_win.get(s)) for s in self.sides}}
        return {
            "battles": self.n, "sides": sides, "draws": self.draws, "cut_off_at_limit": self.cut_off,
            "length": {"unit": self.time_unit, **self.length.as_dict(),
                       "histogram": {str(k): v for k, v in sorted(self.histogram.items())}},
            "damage_unit": self.damage_unit, "combatants": combatants,
            "coverage": {"actions": dict(sorted(self.actions.items())), "rules": dict(sorted(self.rules.items())),
                         "never_fired": sorted(set(catalogue) - fired),
                         "first_battle": dict(sorted(self.first_fired.items()))},
            "notable_battles": notable,
            "errors": [{"index": e.index, "seed": e.seed, "error": e.error} for e in self.errors],
        }


def _slim(t: BattleTally) -> BattleTally:
    """What a notable battle needs kept: not its per-combatant tallies."""
    return BattleTally(t.index, t.seed, t.winner, t.reason, t.rounds, t.cut_off, {})


def _brief(t: BattleTally | None) -> dict[str, Any] | None:
    if t is None:
        return None
    return {"index": t.index, "seed": t.seed, "winner": t.winner, "length": t.rounds, "reason": t.reason}
