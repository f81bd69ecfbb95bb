"""Throughput and memory benchmark (run on demand, not in CI):

    .venv/bin/python benchmarks/bench.py            # default: 200 battles per measurement
    .venv/bin/python benchmarks/bench.py --runs 1000

Prints, for the bundled 4-vs-4 brawls of each rules system: battles per second in one process
and with all cores (and the scaling ratio), microseconds per attack resolved (the whole battle's
time divided by its attack rolls: menus, AI, hooks and events included), microseconds per
attack resolution alone (roll, modifiers, damage, effects, events and hooks: the rules
system's ``resolve_attack``), and peak memory. A last measurement checks that memory stays
flat as batches grow (aggregated statistics, nothing kept per battle). All figures come from
the same run, so compare them as ratios.

Attack resolution is measured two ways. The headline figure replays every attack of the
battles from a copy of the state just before it (the AIs' answers to an Abort or a reaction
replayed, not asked again), timed as a whole, best of five passes, with the collector paused
as ``timeit`` does; each replay is checked to emit exactly the events the original did. The
second figure puts a clock around each attack inside the running battles, which also counts
the clock itself and the caches the AIs' work left cold.
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import resource
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from slugfest.core.battle import Battle
from slugfest.core.plugins import get_plugin_manager
from slugfest.core.scenario import load_scenario
from slugfest.core.simulate import battle_seed, simulate
from slugfest.scenarios import bundled

SCENARIOS = ("hero-brawl", "marvel-brawl")
ATTACK_EVENTS = {"attack_rolled", "attack_check"}


def single(name: str, runs: int) -> tuple[float, float, int]:
    sc = load_scenario(bundled()[name])
    host = get_plugin_manager(house_rules=sc.house_rules)
    attacks = 0
    start = time.perf_counter()
    for i in range(runs):
        b = Battle(sc, seed=battle_seed(1, i), host=host)
        b.run()
        attacks += sum(1 for e in b.events if e.kind in ATTACK_EVENTS)
    elapsed = time.perf_counter() - start
    return runs / elapsed, elapsed / max(attacks, 1) * 1e6, attacks


def _battles_with(name: str, runs: int, wrap_resolve: Any, wrap_ask: Any) -> Any:
    """Run ``runs`` battles of a bundled scenario with the rules system's ``resolve_attack``
    and ``Battle.ask`` replaced by ``wrap_resolve(original)`` and ``wrap_ask(original)``
    (put back afterwards); returns the rules system's class."""
    sc = load_scenario(bundled()[name])
    host = get_plugin_manager(house_rules=sc.house_rules)
    cls = type(host.systems()[sc.system])
    original, original_ask = cls.resolve_attack, Battle.ask
    cls.resolve_attack, Battle.ask = wrap_resolve(original), wrap_ask(original_ask)  # type: ignore[method-assign]
    try:
        for i in range(runs):
            Battle(sc, seed=battle_seed(1, i), host=host).run()
    finally:
        cls.resolve_attack, Battle.ask = original, original_ask  # type: ignore[method-assign]
    return cls


def attack_resolution_in_battle(name: str, runs: int) -> tuple[float, int]:
    """The same figure timed inside whole battles: a clock around every ``resolve_attack``,
    less the time the AIs spent deciding inside it. Each attack then runs with whatever the
    turn loop and the AIs left in the processor's caches, and pays for two clock reads, so
    this reads higher than the replayed figure; both are printed."""
    spent, asked, calls = [0.0], [0.0], [0]

    def timed_ask(original_ask: Any) -> Any:
        def ask(self: Battle, decision: object) -> object:
            started = time.perf_counter()
            try:
                return original_ask(self, decision)
            finally:
                asked[0] += time.perf_counter() - started
        return ask

    def timed(original: Any) -> Any:
        def resolve(self: object, battle: Battle, *args: object, **kwargs: object) -> object:
            before, started = asked[0], time.perf_counter()
            try:
                return original(self, battle, *args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - started - (asked[0] - before)
                calls[0] += 1
        return resolve

    _battles_with(name, runs, timed, timed_ask)
    return spent[0] / max(calls[0], 1) * 1e6, calls[0]


@dataclass
class Situation:
    """One attack as it arose in a battle, kept to be resolved again: a copy of the battle's
    state and dice just before it, the call's arguments, and the answers the AIs gave to the
    questions asked inside it (an Abort or a reaction), so a replay takes the same path."""

    battle: Battle
    state: Any
    dice: object
    args: tuple  # (attacker, target, ...) as passed: a replay finds the fighters by id in its copy
    kwargs: dict
    answers: list
    events: list  # what the original emitted, to check that a replay takes the same path


def _shared(battle: Battle, state: Any) -> dict[int, object]:
    """What a deep copy of battle state must share, not copy (a ``deepcopy`` memo): sheets,
    options, the map and the per-sheet memo stores (copying them would also make every
    replay's lookups miss)."""
    keep: list[object] = [battle.options, battle.grid, battle.scenario]
    for f in state.fighters.values():
        keep += [f.sheet, getattr(f, "memo", None)]
    return {id(o): o for o in keep if o is not None}


def capture(name: str, runs: int) -> tuple[Any, list[Situation]]:
    """Run ``runs`` battles of a bundled scenario and keep every attack they resolved."""
    kept: list[Situation] = []
    answers: list[list] = []
    asked: set[int] = set()

    def recording_ask(original_ask: Any) -> Any:
        def ask(self: Battle, decision: Any) -> Any:
            before = len(self.events)
            choice = original_ask(self, decision)
            if answers:
                answers[-1].append(choice)
                asked.update(map(id, self.events[before:]))  # the choice's own events: a replay skips them
            return choice
        return ask

    def recording(original: Any) -> Any:
        def resolve(self: Any, battle: Battle, *args: Any, **kwargs: Any) -> Any:
            state = copy.deepcopy(battle.state, _shared(battle, battle.state))
            dice = copy.deepcopy(battle.dice)
            answers.append([])
            before = len(battle.events)
            try:
                return original(self, battle, *args, **kwargs)
            finally:
                kept.append(Situation(battle, state, dice, args, kwargs, answers.pop(),
                                      [e for e in battle.events[before:] if id(e) not in asked]))
        return resolve

    cls = _battles_with(name, runs, recording, recording_ask)
    return cls, kept


def stage(s: Situation) -> tuple[Battle, tuple]:
    """A battle standing just before the attack (the original's plugins and map, a fresh copy
    of its state and dice, an empty event list, the AIs' recorded answers) and the arguments
    for ``resolve_attack`` on it, its own copies of the attacker and the target in them."""
    b = copy.copy(s.battle)
    b.state = copy.deepcopy(s.state, _shared(s.battle, s.state))
    b.dice = copy.deepcopy(s.dice)
    b.events = []
    b.emit = b.events.append  # type: ignore[method-assign]
    answers = iter(s.answers)
    b.ask = lambda decision: next(answers)  # type: ignore[method-assign]
    attacker, target, *rest = s.args
    fighters = b.state.fighters
    return b, (b.system, b, fighters[attacker.id], fighters[target.id], *rest)


def attack_resolution(name: str, runs: int, repeats: int = 5) -> tuple[float, int]:
    """Microseconds per attack resolved, and attacks counted.

    Every attack of ``runs`` battles is captured just before the rules system's
    ``resolve_attack`` (the Abort or reaction offer, END, the attack step, the damage step,
    the effects, the events and the hooks) and resolved again from a fresh copy, the AIs'
    answers replayed rather than asked for (a decision is not resolution). The copies are made
    before the clock starts and the whole set is timed at once, so no timer runs per attack;
    the best of ``repeats`` passes is kept, which is what the machine can do when nothing
    else takes it away."""
    cls, kept = capture(name, runs)
    resolve = cls.resolve_attack
    best = float("inf")
    for _ in range(repeats):
        staged = [(*stage(s), s.kwargs) for s in kept]
        gc.collect()  # the copies just made are not the attacks' garbage: collect them off the clock
        gc.disable()  # as timeit does: whole battles spend under 1% of their time collecting
        try:
            started = time.perf_counter()
            for _battle, args, kwargs in staged:
                resolve(*args, **kwargs)
            best = min(best, time.perf_counter() - started)
        finally:
            gc.enable()
        strays = sum(1 for (b, *_), s in zip(staged, kept) if b.events != s.events)
        if strays:
            raise RuntimeError(f"{strays} of {len(kept)} replayed attacks did not repeat the original's events")
    return best / max(len(kept), 1) * 1e6, len(kept)


def parallel(name: str, runs: int, jobs: int) -> float:
    sc = load_scenario(bundled()[name])
    start = time.perf_counter()
    simulate(sc, runs, 1, jobs)
    return runs / (time.perf_counter() - start)


def peak_memory(name: str, runs: int) -> tuple[float, float]:
    sc = load_scenario(bundled()[name])
    tracemalloc.start()
    simulate(sc, runs, 1, 1)
    _, small = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    simulate(sc, runs * 4, 1, 1)
    _, large = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return small / 1e6, large / 1e6


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args()
    print(f"{args.runs} battles per measurement, {args.jobs} cores")
    for name in SCENARIOS:
        rate1, us_attack, attacks = single(name, args.runs)
        us_resolve, resolved = attack_resolution(name, args.runs)
        us_in_battle, _ = attack_resolution_in_battle(name, args.runs)
        rate_j = parallel(name, args.runs, args.jobs)
        print(f"{name:14} 1 process: {rate1:8.1f} battles/s  {us_attack:8.1f} us/attack "
              f"({attacks / args.runs:.0f} attacks/battle)")
        print(f"{'':14} attack resolution alone: {us_resolve:6.1f} us/attack, {resolved} attacks replayed "
              f"(best of 5 passes); {us_in_battle:.1f} us timed inside the battles")
        print(f"{'':14} {args.jobs} processes: {rate_j:8.1f} battles/s  scaling {rate_j / rate1:.2f}x "
              f"({rate_j / rate1 / args.jobs:.2f} of ideal)")
        small, large = peak_memory(name, max(args.runs // 4, 10))
        print(f"{'':14} traced peak memory: {small:.1f} MB for {max(args.runs // 4, 10)} battles, "
              f"{large:.1f} MB for 4x as many")
    print(f"max RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB "
          "(it holds a copy of the state before every replayed attack)")


if __name__ == "__main__":
    main()
