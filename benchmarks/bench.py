"""Throughput and memory benchmark (run on demand, not in CI):

    .venv/bin/python benchmarks/bench.py            # default: 200 battles per measurement
    .venv/bin/python benchmarks/bench.py --runs 1000

Prints, for the bundled 4-vs-4 brawls of each rules system: battles per second in one process
and with all cores (and the scaling ratio), microseconds per attack resolved (the whole battle's
time divided by its attack rolls: menus, AI, hooks and events included), microseconds per
attack resolution alone (roll, modifiers, damage, effects, events and hooks, timed inside the
rules system's ``resolve_attack``), and peak memory. A last
measurement checks that memory stays flat as batches grow (aggregated statistics, nothing kept
per battle). All figures come from the same run, so compare them as ratios.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.battle import Battle  # noqa: E402
from core.plugins import get_plugin_manager  # noqa: E402
from core.scenario import load_scenario  # noqa: E402
from core.simulate import battle_seed, simulate  # noqa: E402
from scenarios import bundled  # noqa: E402

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


def attack_resolution(name: str, runs: int) -> tuple[float, int]:
    """Microseconds per attack resolved, and attacks counted: the time inside the rules
    system's ``resolve_attack`` (the Abort or reaction offer, END, the attack step, the damage
    step, the effects, the events and the hooks), less the time the AIs spent deciding
    inside it (an Abort or a reaction is a decision, not resolution), over whole battles."""
    sc = load_scenario(bundled()[name])
    host = get_plugin_manager(house_rules=sc.house_rules)
    cls = type(host.systems()[sc.system])
    original, original_ask = cls.resolve_attack, Battle.ask
    spent, asked, calls = [0.0], [0.0], [0]

    def timed_ask(self: Battle, decision: object) -> object:
        started = time.perf_counter()
        try:
            return original_ask(self, decision)  # type: ignore[arg-type]
        finally:
            asked[0] += time.perf_counter() - started

    def timed(self: object, battle: Battle, *args: object, **kwargs: object) -> object:
        before, started = asked[0], time.perf_counter()
        try:
            return original(self, battle, *args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - started - (asked[0] - before)
            calls[0] += 1

    cls.resolve_attack, Battle.ask = timed, timed_ask  # type: ignore[method-assign]
    try:
        for i in range(runs):
            Battle(sc, seed=battle_seed(1, i), host=host).run()
    finally:
        cls.resolve_attack, Battle.ask = original, original_ask  # type: ignore[method-assign]
    return spent[0] / max(calls[0], 1) * 1e6, calls[0]


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
        rate_j = parallel(name, args.runs, args.jobs)
        print(f"{name:14} 1 process: {rate1:8.1f} battles/s  {us_attack:8.1f} us/attack "
              f"({attacks / args.runs:.0f} attacks/battle)")
        print(f"{'':14} attack resolution alone: {us_resolve:6.1f} us/attack over {resolved} attacks "
              f"(AI decisions taken inside it excluded)")
        print(f"{'':14} {args.jobs} processes: {rate_j:8.1f} battles/s  scaling {rate_j / rate1:.2f}x "
              f"({rate_j / rate1 / args.jobs:.2f} of ideal)")
        small, large = peak_memory(name, max(args.runs // 4, 10))
        print(f"{'':14} traced peak memory: {small:.1f} MB for {max(args.runs // 4, 10)} battles, "
              f"{large:.1f} MB for 4x as many")
    print(f"max RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB")


if __name__ == "__main__":
    main()
