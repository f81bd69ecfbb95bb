"""Soak run (on demand): seeded battles over every bundled scenario and AI behaviour, with
invariants checked after every event.

    .venv/bin/python scripts/soak.py --battles 100000
    .venv/bin/python scripts/soak.py --battles 20000 --extreme 40   # with 40 sheets at the edges

``--extreme N`` adds N generated scenarios whose sheets sit at the edges of what the validator
accepts (END 0 and 1, BODY 1, SPD 1 and 12, defenses of 200, negative REC; Marvel rank 1 and 6,
Health 1, abilities -5 and 30...), from core/extremes.py, played under every AI like the others.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time


from slugfest.cli import positive_int
from slugfest.core.testing.extremes import extreme_hero, extreme_marvel
from slugfest.core.engine.catalog import installed_plugin_names
from slugfest.core.files.scenario import load_scenario, parse_scenario
from slugfest.core.testing.soak import soak
from slugfest.scenarios import bundled


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--battles", type=positive_int, default=1000,
                   help="battles in all, spread over every scenario and AI (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    p.add_argument("--extreme", type=int, default=0, metavar="N",
                   help="also N scenarios of extreme legal sheets, HERO and Marvel in turn (default 0)")
    cores = os.cpu_count() or 1
    p.add_argument("--jobs", type=positive_int, default=cores, help=f"worker processes (default: all {cores} cores)")
    args = p.parse_args()
    scenarios = [(n, load_scenario(path)) for n, path in bundled().items()]
    for k in range(args.extreme):
        rng = random.Random(args.seed + k)
        data = (extreme_hero if k % 2 == 0 else extreme_marvel)(rng)
        scenarios.append((f"extreme-{k}", parse_scenario(data, f"extreme-{k}")))
    ais = sorted(n for n, i in installed_plugin_names().items() if i.kind == "ai")
    start = time.monotonic()

    def progress(done: int, total: int) -> None:
        if done % 200 == 0 or done == total:
            rate = done / (time.monotonic() - start)
            print(f"\r{done}/{total} battles, {rate:.0f}/s", end="", file=sys.stderr, flush=True)

    report = soak(scenarios, ais, args.battles, args.seed, progress, jobs=args.jobs)
    print(file=sys.stderr)
    print(f"{report.battles} battles ({len(scenarios)} scenarios x {len(ais)} AIs: {', '.join(ais)}), "
          f"{report.events} events checked, {len(report.problems)} problems, "
          f"{time.monotonic() - start:.0f} s")
    rss = [kb for kb in report.rss_kb if kb]
    if rss:
        tenth = max(len(rss) // 10, 1)
        print(f"memory of the battle processes (resident, after each chunk of 200 battles): at most "
              f"{max(rss[:tenth]) / 1024:.1f} MB over the first {tenth} chunks, "
              f"{max(rss[-tenth:]) / 1024:.1f} MB over the last {tenth}")
    for line in report.problems[:50]:
        print("  " + line)
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
