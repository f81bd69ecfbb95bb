"""Statistics over many battles: per-battle tallies, folded into totals that merge exactly.

A rules system turns one finished battle into a :class:`BattleTally` (who won, how long, and
per combatant what it did: attacks and hits, damage dealt and taken in each of the system's
pools, knock-outs caused and suffered, Phases or turns acted and lost, by attack too).
:class:`Aggregate` folds tallies in one at a time, so memory stays flat however many battles
run; nothing per battle is kept except errors and a few battles worth replaying.

Everything an aggregate holds is an integer sum, a count, a minimum or a maximum, chosen by
battle index where two battles tie. So :meth:`Aggregate.merge` is exact and order-free: any
split of a batch (processes, ``--shard`` files, cluster workers), merged in any order, gives
the same report key for key as the batch run whole. Means and spreads are worked out from the
sums only when the report is written. :meth:`Aggregate.state` and :meth:`Aggregate.from_state`
carry an aggregate through JSON without losing a digit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..engine.events import BattleEnded, PluginFailed
from .figures import Sums, rate, wilson  # noqa: F401 - the report's figures, re-exported

STATE_VERSION = 1


@dataclass
class AttackTally:
    """One attack's use by one combatant in one battle."""

    uses: int = 0
    hits: int = 0
    dealt: Counter = field(default_factory=Counter)  # by pool


@dataclass
class CombatantTally:
    id: str
    side: str
    attacks: int = 0
    hits: int = 0
    damage_dealt: int = 0  # in the system's main pool (its ``damage_unit``)
    damage_taken: int = 0
    knocked_out: bool = False
    killed: bool = False
    dealt: Counter = field(default_factory=Counter)  # by pool ("STUN", "BODY"; "Health", "Focus")
    taken: Counter = field(default_factory=Counter)
    knockouts: int = 0  # foes it knocked out (the last to hurt them)
    kills: int = 0
    counts: Counter = field(default_factory=Counter)  # the system's ``tally_counts``: Phases acted...
    by_attack: dict[str, AttackTally] = field(default_factory=dict)

    def attack(self, name: str) -> AttackTally:
        a = self.by_attack.get(name)
        if a is None:
            a = self.by_attack[name] = AttackTally()
        return a


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
    first_knockout: int | None = None  # the clock unit (turn, round) of the first knock-out


@dataclass
class BattleError:
    index: int
    seed: int
    error: str


def battle_end(events: list[Any]) -> BattleEnded:
    """The battle's ``BattleEnded``: the last one in its log, which is not always the last event
    (an observer failing in ``slugfest_battle_end`` logs its failure after it; taking the last
    event made every battle of such a batch count as failed, issue 36)."""
    return next(e for e in reversed(events) if isinstance(e, BattleEnded))


#: The coverage key's prefix for a plugin's contained failure: the battle went on (the next AI
#: decided, or the first legal action was taken), but its result is not the AI's it claims to
#: be, so the report must say so (hero-arsenal's default AI failed in 5 of 20 battles unseen).
FAILED = "plugin failed:"


def count_failure(count: Any, e: PluginFailed) -> None:
    """A ``PluginFailed`` event, counted under :data:`FAILED` in a system's tally's rules (the
    per-battle counter that merges, so every batch and every shard keeps them)."""
    count.rules[f"{FAILED}{e.plugin} in {e.hook}"] += 1


def widest_half_width(agg: Aggregate) -> float:
    """The half width of the widest win-rate interval of a batch: what ``--precision`` bounds."""
    return max((wilson(agg.wins[s], agg.n)[1] - wilson(agg.wins[s], agg.n)[0]) / 2 for s in agg.sides)


@dataclass
class AttackAggregate:
    uses: int = 0
    hits: int = 0
    battles: int = 0  # battles it was used in
    dealt: Counter = field(default_factory=Counter)


@dataclass
class CombatantAggregate:
    side: str
    attacks: int = 0
    hits: int = 0
    knocked_out: int = 0
    killed: int = 0
    knockouts: int = 0
    kills: int = 0
    dealt: dict[str, Sums] = field(default_factory=dict)  # by pool, one value per battle
    taken: dict[str, Sums] = field(default_factory=dict)
    dealt_won: Sums = field(default_factory=Sums)  # the main pool, in battles its side won / lost
    dealt_lost: Sums = field(default_factory=Sums)
    taken_won: Sums = field(default_factory=Sums)
    taken_lost: Sums = field(default_factory=Sums)
    counts: Counter = field(default_factory=Counter)
    by_attack: dict[str, AttackAggregate] = field(default_factory=dict)

    def merge(self, o: CombatantAggregate) -> None:
        for name in ("attacks", "hits", "knocked_out", "killed", "knockouts", "kills"):
            setattr(self, name, getattr(self, name) + getattr(o, name))
        for mine, theirs in ((self.dealt, o.dealt), (self.taken, o.taken)):
            for pool, s in theirs.items():
                mine.setdefault(pool, Sums()).merge(s)
        for name in ("dealt_won", "dealt_lost", "taken_won", "taken_lost"):
            getattr(self, name).merge(getattr(o, name))
        self.counts.update(o.counts)
        for name, a in o.by_attack.items():
            mine_a = self.by_attack.setdefault(name, AttackAggregate())
            mine_a.uses += a.uses
            mine_a.hits += a.hits
            mine_a.battles += a.battles
            mine_a.dealt.update(a.dealt)


def _earlier(a: BattleTally | None, b: BattleTally | None, key: Any) -> BattleTally | None:
    """Of two notable battles, the one ``key`` ranks first (ties go to the lower index)."""
    if a is None:
        return b
    if b is None:
        return a
    return a if (key(a), a.index) <= (key(b), b.index) else b


class Aggregate:
    """Everything the report needs, folded in one battle at a time, mergeable exactly."""

    def __init__(self, sides: Iterable[str], time_unit: str, damage_unit: str,
                 pools: Iterable[str] = (), counts: Iterable[str] = ()) -> None:
        self.sides = list(sides)
        self.time_unit = time_unit
        self.damage_unit = damage_unit
        self.pools = list(pools) or [damage_unit]
        self.count_names = list(counts)
        self.n = 0
        self.wins: Counter = Counter()
        self.draws = 0
        self.cut_off = 0
        self.length = Sums()
        self.first_knockout = Sums()  # over the battles with a knock-out
        self.histogram: Counter = Counter()
        self.combatants: dict[str, CombatantAggregate] = {}
        self.actions: Counter = Counter()
        self.rules: Counter = Counter()
        self.errors: list[BattleError] = []
        # Battles worth replaying: a few per batch, not one entry per battle. Each is chosen by
        # its length or outcome and then by index, so the choice does not depend on the split.
        self.shortest: BattleTally | None = None
        self.longest: BattleTally | None = None
        self.first_draw: BattleTally | None = None
        self.first_win: dict[str, BattleTally] = {}
        self.first_fired: dict[str, int] = {}

    @classmethod
    def for_system(cls, sides: Iterable[str], system: Any) -> Aggregate:
        return cls(sides, system.time_unit, getattr(system, "damage_unit", "damage"),
                   getattr(system, "damage_pools", ()), getattr(system, "tally_counts", ()))

    def add(self, t: BattleTally) -> None:
        self.n += 1
        slim = _slim(t)
        self.shortest = _earlier(self.shortest, slim, lambda b: b.rounds)
        self.longest = _earlier(self.longest, slim, lambda b: -b.rounds)
        for tag in (*t.actions, *t.rules):
            if tag not in self.first_fired or t.index < self.first_fired[tag]:
                self.first_fired[tag] = t.index
        if t.winner is None:
            self.draws += 1
            self.first_draw = _earlier(self.first_draw, slim, lambda b: 0)
        else:
            self.wins[t.winner] += 1
            self.first_win[t.winner] = _earlier(self.first_win.get(t.winner), slim, lambda b: 0)  # type: ignore[assignment]
        if t.cut_off:
            self.cut_off += 1
        self.length.add(t.rounds)
        if t.first_knockout is not None:
            self.first_knockout.add(t.first_knockout)
        self.histogram[t.rounds] += 1
        self.actions.update(t.actions)
        self.rules.update(t.rules)
        for cid, c in t.combatants.items():
            agg = self.combatants.get(cid)
            if agg is None:
                agg = self.combatants[cid] = CombatantAggregate(c.side)
            agg.attacks += c.attacks
            agg.hits += c.hits
            agg.knocked_out += c.knocked_out
            agg.killed += c.killed
            agg.knockouts += c.knockouts
            agg.kills += c.kills
            for pool in self.pools:
                agg.dealt.setdefault(pool, Sums()).add(c.dealt[pool])
                agg.taken.setdefault(pool, Sums()).add(c.taken[pool])
            agg.counts.update(c.counts)
            for name, a in c.by_attack.items():
                mine = agg.by_attack.get(name)
                if mine is None:
                    mine = agg.by_attack[name] = AttackAggregate()
                mine.uses += a.uses
                mine.hits += a.hits
                mine.battles += 1
                mine.dealt.update(a.dealt)
            if t.winner is not None:
                won = t.winner == c.side
                (agg.dealt_won if won else agg.dealt_lost).add(c.damage_dealt)
                (agg.taken_won if won else agg.taken_lost).add(c.damage_taken)

    def error(self, e: BattleError) -> None:
        self.errors.append(e)

    def merge(self, o: Aggregate) -> None:
        """Fold another aggregate of the same scenario in (disjoint battles): exact, any order."""
        self.n += o.n
        self.wins.update(o.wins)
        self.draws += o.draws
        self.cut_off += o.cut_off
        self.length.merge(o.length)
        self.first_knockout.merge(o.first_knockout)
        self.histogram.update(o.histogram)
        self.actions.update(o.actions)
        self.rules.update(o.rules)
        self.errors = sorted([*self.errors, *o.errors], key=lambda e: e.index)
        for cid, c in o.combatants.items():
            if cid in self.combatants:
                self.combatants[cid].merge(c)
            else:
                mine = self.combatants[cid] = CombatantAggregate(c.side)
                mine.merge(c)
        self.shortest = _earlier(self.shortest, o.shortest, lambda b: b.rounds)
        self.longest = _earlier(self.longest, o.longest, lambda b: -b.rounds)
        self.first_draw = _earlier(self.first_draw, o.first_draw, lambda b: 0)
        for side, b in o.first_win.items():
            self.first_win[side] = _earlier(self.first_win.get(side), b, lambda b: 0)  # type: ignore[assignment]
        for tag, i in o.first_fired.items():
            if tag not in self.first_fired or i < self.first_fired[tag]:
                self.first_fired[tag] = i

    # -- carried through JSON, exactly -----------------------------------------------------

    def state(self) -> dict[str, Any]:
        """Everything this aggregate holds, as JSON data (``from_state`` reads it back)."""
        return {
            "version": STATE_VERSION, "sides": self.sides, "time_unit": self.time_unit,
            "damage_unit": self.damage_unit, "pools": self.pools, "counts": self.count_names,
            "n": self.n, "wins": dict(self.wins), "draws": self.draws, "cut_off": self.cut_off,
            "length": self.length.state(), "first_knockout": self.first_knockout.state(),
            "histogram": [[k, v] for k, v in sorted(self.histogram.items())],
            "actions": dict(self.actions), "rules": dict(self.rules),
            "errors": [[e.index, e.seed, e.error] for e in self.errors],
            "notable": {"shortest": _battle_state(self.shortest), "longest": _battle_state(self.longest),
                        "first_draw": _battle_state(self.first_draw),
                        "first_win": {s: _battle_state(b) for s, b in self.first_win.items()}},
            "first_fired": self.first_fired,
            "combatants": {cid: _combatant_state(c) for cid, c in self.combatants.items()},
        }

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Aggregate:
        if s.get("version") != STATE_VERSION:
            raise ValueError(f"statistics of version {s.get('version')!r}; this Slugfest reads version {STATE_VERSION}")
        agg = cls(s["sides"], s["time_unit"], s["damage_unit"], s["pools"], s["counts"])
        agg.n, agg.draws, agg.cut_off = s["n"], s["draws"], s["cut_off"]
        agg.wins = Counter(s["wins"])
        agg.length = Sums.from_state(s["length"])
        agg.first_knockout = Sums.from_state(s["first_knockout"])
        agg.histogram = Counter({k: v for k, v in s["histogram"]})
        agg.actions, agg.rules = Counter(s["actions"]), Counter(s["rules"])
        agg.errors = [BattleError(*e) for e in s["errors"]]
        notable = s["notable"]
        agg.shortest, agg.longest = _battle_of(notable["shortest"]), _battle_of(notable["longest"])
        agg.first_draw = _battle_of(notable["first_draw"])
        agg.first_win = {side: b for side, st in notable["first_win"].items() if (b := _battle_of(st)) is not None}
        agg.first_fired = dict(s["first_fired"])
        agg.combatants = {cid: _combatant_of(c) for cid, c in s["combatants"].items()}
        return agg

    # -- the report ------------------------------------------------------------------------

    def as_dict(self, catalogue: Iterable[str] = ()) -> dict[str, Any]:
        n = self.n
        sides = {}
        for s in self.sides:
            lo, hi = wilson(self.wins[s], n)
            sides[s] = {"wins": self.wins[s], "rate": rate(self.wins[s], n), "ci95": [round(lo, 4), round(hi, 4)]}
        combatants = {}
        main = self.damage_unit
        for cid, a in self.combatants.items():
            empty = Sums()
            combatants[cid] = {
                "side": a.side, "attacks": a.attacks, "hits": a.hits, "hit_rate": rate(a.hits, a.attacks),
                "attacks_per_battle": round(a.attacks / n, 4) if n else None,
                "knocked_out": a.knocked_out, "ko_rate": rate(a.knocked_out, n),
                "killed": a.killed, "death_rate": rate(a.killed, n),
                "knockouts_caused": a.knockouts, "kills_caused": a.kills,
                "damage_dealt": a.dealt.get(main, empty).as_dict(), "damage_taken": a.taken.get(main, empty).as_dict(),
                "dealt": {p: a.dealt.get(p, empty).as_dict() for p in self.pools},
                "taken": {p: a.taken.get(p, empty).as_dict() for p in self.pools},
                "damage_dealt_when_won": a.dealt_won.as_dict(), "damage_dealt_when_lost": a.dealt_lost.as_dict(),
                "damage_taken_when_won": a.taken_won.as_dict(), "damage_taken_when_lost": a.taken_lost.as_dict(),
                "counts": {k: {"total": a.counts[k], "per_battle": round(a.counts[k] / n, 4) if n else None}
                           for k in self.count_names},
                "by_attack": {
                    name: {"uses": x.uses, "hits": x.hits, "hit_rate": rate(x.hits, x.uses), "battles": x.battles,
                           "dealt": {p: x.dealt[p] for p in self.pools},
                           "dealt_per_use": {p: round(x.dealt[p] / x.uses, 4) if x.uses else None
                                             for p in self.pools}}
                    for name, x in sorted(a.by_attack.items(), key=lambda kv: (-kv[1].uses, kv[0]))},
            }
        fired = set(self.actions) | set(self.rules)
        notable = {"shortest": _brief(self.shortest), "longest": _brief(self.longest),
                   "first_draw": _brief(self.first_draw),
                   "first_win": {s: _brief(self.first_win.get(s)) for s in self.sides}}
        first_ko = self.first_knockout
        return {
            "battles": n, "sides": sides, "draws": self.draws, "cut_off_at_limit": self.cut_off,
            "length": {"unit": self.time_unit, **self.length.as_dict(),
                       "histogram": {str(k): v for k, v in sorted(self.histogram.items())}},
            "first_knockout": {"unit": self.time_unit, "battles_with_one": first_ko.n, **first_ko.as_dict()},
            "damage_unit": self.damage_unit, "pools": self.pools, "count_names": self.count_names,
            "combatants": combatants,
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


def _battle_state(t: BattleTally | None) -> list[Any] | None:
    return None if t is None else [t.index, t.seed, t.winner, t.reason, t.rounds, t.cut_off]


def _battle_of(s: list[Any] | None) -> BattleTally | None:
    return None if s is None else BattleTally(*s, {})  # type: ignore[call-arg]


def _combatant_state(c: CombatantAggregate) -> dict[str, Any]:
    return {"side": c.side, "attacks": c.attacks, "hits": c.hits, "knocked_out": c.knocked_out, "killed": c.killed,
            "knockouts": c.knockouts, "kills": c.kills,
            "dealt": {p: s.state() for p, s in c.dealt.items()}, "taken": {p: s.state() for p, s in c.taken.items()},
            "won_lost": [c.dealt_won.state(), c.dealt_lost.state(), c.taken_won.state(), c.taken_lost.state()],
            "counts": dict(c.counts),
            "by_attack": {name: [a.uses, a.hits, a.battles, dict(a.dealt)] for name, a in c.by_attack.items()}}


def _combatant_of(s: dict[str, Any]) -> CombatantAggregate:
    c = CombatantAggregate(s["side"], s["attacks"], s["hits"], s["knocked_out"], s["killed"], s["knockouts"], s["kills"])
    c.dealt = {p: Sums.from_state(v) for p, v in s["dealt"].items()}
    c.taken = {p: Sums.from_state(v) for p, v in s["taken"].items()}
    c.dealt_won, c.dealt_lost, c.taken_won, c.taken_lost = (Sums.from_state(v) for v in s["won_lost"])
    c.counts = Counter(s["counts"])
    c.by_attack = {name: AttackAggregate(u, h, b, Counter(d)) for name, (u, h, b, d) in s["by_attack"].items()}
    return c
