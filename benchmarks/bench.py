"""Whole-program speed, measured as ratios in one run (on demand, not in CI):

    .venv/bin/python benchmarks/bench.py                          # this checkout
    git worktree add /tmp/before d332da4                          # an earlier commit, once
    .venv/bin/python benchmarks/bench.py --against /tmp/before    # side by side with it

For the bundled 4-vs-4 brawls of each rules system it prints:

1. **battles per second** in one process, as a batch runs them, and with ``--against`` the same
   battles fought by the other checkout, the two timed in alternation (best of ``--rounds``)
   so that the machine's mood is shared; the speed-up is their ratio;
2. **the decision path against the rules**: whole-battle microseconds per attack roll (the turn
   loop, menus, AIs, hooks, events and resolution: everything) against the microseconds one
   attack's resolution takes, timed inside the same battles; their ratio says how much the
   deciding costs beside the rules it drives. Then the whole split in two: the AIs'
   microseconds a Phase or turn decision (and a question) and the engine's a Phase or turn,
   since two checkouts whose AIs play differently fight battles of different lengths;
3. **the cost curve as rosters grow**: microseconds per Phase (HERO) or turn (Marvel) with
   1, 2, 4, 8 and 16 a side, copies of the brawl's combatants on a map enlarged to fit them,
   16v16's cost as a multiple of 1 vs 1, and what each combatant added a side adds;
4. battles per second on every core (``--jobs``) and the scaling, and traced peak memory for a
   batch and one four times as long (it must stay flat);
5. what ``Battle.fork()`` costs, at a Phase or turn decision and at a question in the middle of
   an action, beside what one Phase or turn costs.

Each measurement runs in a fresh process of its checkout (``probe.py``), so a checkout's
caches, its plugins and its import layout never leak into the other's figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).resolve().parent / "probe.py"
SCENARIOS = ("hero-brawl", "marvel-brawl")
ROSTER = (1, 2, 4, 8, 16)


def probe(root: Path, what: str, name: str, runs: int, *extra: Any) -> dict[str, Any]:
    cmd = [sys.executable, str(PROBE), str(root), what, name, str(runs), *map(str, extra)]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=str(root))
    return json.loads(done.stdout)


def best_of(rounds: int, roots: dict[str, Path], what: str, name: str, runs: int, *extra: Any
            ) -> dict[str, dict[str, Any]]:
    """Each root's measurement, taken ``rounds`` times in alternation; the fastest kept."""
    best: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for label, root in roots.items():
            if not (root / "scenarios" / f"{name}.toml").exists():
                continue  # a scenario the other checkout does not have: this one's figures only
            got = probe(root, what, name, runs, *extra)
            key = "us_per_attack" if what == "resolution" else "us_per_phase"  # the least disturbed whole
            if label not in best or got[key] < best[label][key]:
                best[label] = got
    return best


def speed(roots: dict[str, Path], runs: int, rounds: int, names: tuple[str, ...] = SCENARIOS
          ) -> dict[str, dict[str, dict[str, Any]]]:
    print(f"\n1. Battles per second, one process ({runs} battles, best of {rounds}, alternating)")
    out = {}
    for name in names:
        got = best_of(rounds, roots, "battles", name, runs)
        out[name] = got
        for label, r in got.items():
            print(f"   {name:13} {label:8} {r['battles_per_s']:8.1f} battles/s  {r['us_per_attack']:7.1f} us/attack  "
                  f"{r['us_per_phase']:7.1f} us/Phase or turn ({r['attacks'] / runs:.0f} attacks, "
                  f"{r['phases'] / runs:.0f} Phases or turns a battle)")
        if "before" in got:
            print(f"   {name:13} speed-up {got['here']['battles_per_s'] / got['before']['battles_per_s']:.2f}x "
                  f"battles/s, {got['before']['us_per_attack'] / got['here']['us_per_attack']:.2f}x per attack")
    return out


def decision_path(roots: dict[str, Path], runs: int, rounds: int, names: tuple[str, ...] = SCENARIOS) -> None:
    """The decision path against the rules it drives, and the whole split into the AIs' part
    (microseconds a Phase or turn decision, and a question's answer) and the engine's (a Phase
    or turn: the clock, menus, rules and events; the expected harm an AI asks of the picture
    is the AIs'). Two checkouts whose AIs play differently fight different battles, of
    different lengths, so battles per second mixes how fast the code is with how long the
    battles last; the split compares like with like."""
    print("\n2. The decision path against the rules it drives (microseconds per attack), and the whole split\n"
          "   into the AIs' part (a Phase or turn decision; a question) and the engine's (a Phase or turn:\n"
          "   clock, menus, rules, events; the expected harm an AI asks of the picture counts as the AIs')")
    for name in names:
        got = best_of(rounds, roots, "resolution", name, runs)
        for label, r in got.items():
            per_attack = r["us_per_attack"]  # the whole on the same (wall) clock as its part
            print(f"   {name:13} {label:8} whole battle {per_attack:7.1f}, resolution {r['us_per_resolution']:6.1f} "
                  f"timed inside the same battles: {per_attack / r['us_per_resolution']:5.1f}x")
        for label, r in got.items():
            print(f"   {name:13} {label:8} AIs {r['us_per_ai_phase']:7.1f} us a Phase or turn decision, "
                  f"{r['us_per_ai_question']:6.1f} a question ({r['ai_share']:.0%} of the whole); "
                  f"engine {r['us_engine_per_phase']:7.1f} us a Phase or turn")
        if {"here", "before"} <= got.keys():
            here, before = got["here"], got["before"]
            print(f"   {name:13} speed-up: AIs {before['us_per_ai_phase'] / here['us_per_ai_phase']:.2f}x "
                  f"a Phase or turn decision, engine {before['us_engine_per_phase'] / here['us_engine_per_phase']:.2f}x "
                  f"a Phase or turn")


def roster(roots: dict[str, Path], runs: int, rounds: int, names: tuple[str, ...] = SCENARIOS) -> None:
    print(f"\n3. Cost per Phase (HERO) or turn (Marvel) as rosters grow (best of {rounds})")
    for name in names:
        for label in roots:
            if not (roots[label] / "scenarios" / f"{name}.toml").exists():
                continue
            costs = []
            for side in ROSTER:
                n = max(runs // side, 3)
                costs.append(best_of(rounds, {label: roots[label]}, "roster", name, n, side)[label]["us_per_phase"])
            curve = "  ".join(f"{s}v{s} {c:6.1f}" for s, c in zip(ROSTER, costs))
            print(f"   {name:13} {label:8} {curve} us;  16v16 = {costs[-1] / costs[0]:.2f}x 1v1")
            print(f"   {name:13} {label:8} each combatant added a side: " + "  ".join(
                f"{a}->{b} {per_added(ca, cb, a, b):+6.1f}" for (a, ca), (b, cb) in
                zip(zip(ROSTER, costs), zip(ROSTER[1:], costs[1:]))) + " us a Phase or turn")


def per_added(before: float, after: float, side: int, bigger: int) -> float:
    """What each combatant added to a side adds to a Phase or turn, between two roster sizes:
    an AI that weighs every foe costs more a decision with more foes by design, so the cost
    per added combatant (and whether it falls as rosters grow) says more than 16v16 over 1v1,
    whose 1v1 figure is a handful of short battles."""
    return (after - before) / (bigger - side)


def forks(runs: int, names: tuple[str, ...] = SCENARIOS) -> None:
    """What a fork costs beside a Phase (issue 33's goal: a HERO 4v4 fork under 5% of one Phase)."""
    print("\n5. Battle.fork(): microseconds a copy costs, beside one Phase or turn (this checkout)")
    for name in names:
        r = probe(HERE, "forks", name, max(runs // 4, 10))
        phase = r["us_per_phase"]
        print(f"   {name:13} a Phase or turn {phase:7.1f} us; a fork at one {r['us_per_fork_at_phase']:6.1f} us "
              f"({r['us_per_fork_at_phase'] / phase:.1%} of it); at a question in the middle of an action "
              f"{r['us_per_fork_at_question']:6.1f} us ({r['forks']} forks)")


def parallel(runs: int, jobs: int, names: tuple[str, ...] = SCENARIOS) -> None:
    from slugfest.core.files.scenario import load_scenario
    from slugfest.core.batch.simulate import simulate
    from slugfest.scenarios import bundled

    print(f"\n4. Batches on {jobs} processes, and memory (this checkout)")
    for name in names:
        sc = load_scenario(bundled()[name])
        rates = []
        for j in (1, jobs):
            started = time.perf_counter()
            simulate(sc, runs, 1, j)
            rates.append(runs / (time.perf_counter() - started))
        print(f"   {name:13} {rates[0]:7.1f} battles/s on 1 process, {rates[1]:7.1f} on {jobs}: "
              f"{rates[1] / rates[0] / jobs:.2f} of ideal")
        own, one, many = machinery(sc, runs, jobs)
        print(f"   {'':13} batch machinery (tallies, aggregation, report, JSON; for {jobs} processes also the pool "
              f"and its messages), CPU beside the battles' own: {one:+.1%} on 1 process, {many:+.1%} on {jobs} "
              f"(the battles alone: {own * 1e3 / runs:.2f} ms CPU each)")
        tracemalloc.start()
        kept = []
        for n in (max(runs // 4, 10), max(runs // 4, 10) * 4, max(runs // 4, 10) * 16):
            tracemalloc.reset_peak()
            simulate(sc, n, 1, 1)
            current, peak = tracemalloc.get_traced_memory()
            kept.append(f"{n} battles: {current / 1e6:.1f} MB kept, peak {peak / 1e6:.1f} MB")
        tracemalloc.stop()
        print(f"   {'':13} memory traced after batches of growing size (the caches fill, then stay): "
              + "; ".join(kept))


def machinery(sc: Any, runs: int, jobs: int, rounds: int = 3) -> tuple[float, float, float]:
    """CPU seconds of the battles played bare, and the batch's extra CPU on 1 and on ``jobs``
    processes as a share of them (best of ``rounds``, taken in alternation; CPU of the worker
    processes counted once they have exited)."""
    import json
    import resource

    from slugfest.core.engine.battle import Battle
    from slugfest.core.engine.plugins import get_plugin_manager
    from slugfest.core.batch.simulate import battle_seed, simulate

    def cpu() -> float:
        me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    host = get_plugin_manager(house_rules=sc.house_rules)

    def bare() -> None:  # the battles alone, with the one plugin host a batch builds too
        for i in range(runs):
            Battle(sc, seed=battle_seed(1, i), host=host).run()

    def batch(j: int) -> None:
        agg, _ = simulate(sc, runs, 1, j)
        json.dumps(agg.as_dict())

    batch(1)  # warm: the first batch fills the caches the others then find full
    best = [float("inf")] * 3
    for _ in range(rounds):
        for k, work in enumerate((bare, lambda: batch(1), lambda: batch(jobs))):
            started = cpu()
            work()
            best[k] = min(best[k], cpu() - started)
    own = best[0]
    return own, best[1] / own - 1, best[2] / own - 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=200, help="battles per measurement (default 200)")
    p.add_argument("--rounds", type=int, default=3, help="times each measurement is taken (default 3)")
    p.add_argument("--against", type=Path, help="another checkout to time side by side (e.g. a git worktree)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the batch measurement")
    p.add_argument("--only", choices=("speed", "roster", "parallel", "forks"), help="take one measurement only")
    p.add_argument("--scenarios", default=",".join(SCENARIOS),
                   help="bundled scenarios to measure, comma-separated (default hero-brawl,marvel-brawl; "
                        "hero-arsenal's areas, bursts and powers measure issue 19's rules)")
    args = p.parse_args(argv)
    names = tuple(n.strip() for n in args.scenarios.split(",") if n.strip())
    roots = {"here": HERE}
    if args.against:
        roots["before"] = args.against.resolve()
    print(f"{args.runs} battles per measurement; here = {HERE}" +
          (f", before = {roots['before']}" if "before" in roots else ""))
    if args.only in (None, "speed"):
        speed(roots, args.runs, args.rounds, names)
        decision_path(roots, args.runs, args.rounds, names)
    if args.only in (None, "roster"):
        roster(roots, args.runs, args.rounds, names)
    if args.only in (None, "parallel"):
        parallel(args.runs, args.jobs, names)
    if args.only in (None, "forks"):
        forks(args.runs, names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
