"""How the app answers during full-speed autoplay of the largest battle (issue 21's goals).

Builds a 16-vs-16 HERO battle, runs the app under Textual's Pilot at 120x40 on the fastest
autoplay speed, and prints how long a key (space: pause) takes to be answered while the battle
plays, and how many frames the screen shows in 2.4 s. Run on demand; not a timed test:

    .venv/bin/python benchmarks/tui_latency.py [--trials 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import tomli_w

from slugfest.core.files.scenario import dump_scenario
from slugfest.core.testing import hero, scenario
from slugfest.tui.app import make_app

ATTACKS = [{"name": "Punch"}, {"name": "Blast", "dice": "6d6", "range": 60, "end": 3}]


def big_battle(folder: Path) -> Path:
    """16 a side, SPD 4, on a 30x10 map: the roster limit the rules allow is 32 combatants."""
    sides = {"A": [hero(f"a{i}", position=(1 + i % 4, 1 + i // 4 * 2), SPD=4, attacks=ATTACKS) for i in range(16)],
             "B": [hero(f"b{i}", position=(25 + i % 4, 1 + i // 4 * 2), SPD=4, attacks=ATTACKS) for i in range(16)]}
    path = folder / "sixteen-a-side.toml"
    path.write_bytes(tomli_w.dumps(dump_scenario(scenario("hero", sides, turn_limit=20, width=30, height=10))).encode())
    return path


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def measure(path: Path, trials: int, watch: float = 2.4) -> tuple[list[float], int, int]:
    """(each key's answer time, frames shown in the first ``watch`` seconds, actions played)."""
    from slugfest.tui.screens import battle as screen_module

    applied: list[float] = []
    real = screen_module.BattleScreen._apply

    def counting(self, frame):  # type: ignore[no-untyped-def]
        applied.append(time.monotonic())
        return real(self, frame)

    screen_module.BattleScreen._apply = counting  # type: ignore[method-assign]
    app = make_app(str(path), seed=1, speed=len(screen_module.SPEEDS) - 1)
    waits = []
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            applied.clear()
            started = time.monotonic()
            await pilot.press("space")
            await asyncio.sleep(watch)
            frames = len([t for t in applied if t - started <= watch])
            await pilot.press("space")
            actions = screen.session.decisions
            for _ in range(trials):
                await pilot.press("space")
                await asyncio.sleep(min(0.5, watch))
                t = time.monotonic()
                await pilot.press("space")
                waits.append(time.monotonic() - t)
                assert not screen.playing
                await asyncio.sleep(0.2)
    finally:
        screen_module.BattleScreen._apply = real  # type: ignore[method-assign]
    return waits, frames, actions


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--trials", type=int, default=5, help="keys pressed during autoplay (default 5)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        waits, frames, actions = asyncio.run(measure(big_battle(Path(folder)), args.trials))
    ms = [round(w * 1000) for w in waits]
    print(f"16 v 16 at the fastest autoplay, 120x40: {frames} frames shown in 2.4 s ({actions} actions played)")
    print(f"a key answered in {statistics.median(ms)} ms (median; each: {ms}); goal: within 100 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
