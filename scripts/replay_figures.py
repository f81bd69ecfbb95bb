#!/usr/bin/env python3
"""The replay's figures on big battles: a 16-a-side HERO and Marvel battle (the bundled brawls,
each combatant cloned four times on a map grown to hold them), the replay's size, the time to
write it, the time to its first render in headless Chromium, and screenshots at 1280x800 and at
a phone's 390 px to look at.

    python scripts/replay_figures.py                  # into ./replay-figures/
    python scripts/replay_figures.py --out /tmp/figs --seed 3

Needs Debian's chromium and the playwright package (scripts/test.sh installs both).
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path

from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import MapSpec, Scenario, load_scenario
from slugfest.core.render.html import page
from slugfest.core.render.replay_input import battle_replay, started_header
from slugfest.scenarios import bundled

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def grown(scenario: Scenario, copies: int) -> Scenario:
    """``scenario`` with each combatant ``copies`` times: copy k of the map (obstacles too) sits
    in a grid of maps, two a row, and copy k of each combatant stands on it where the original stands."""
    w, h = scenario.map.width, scenario.map.height
    cols = 2 if copies > 1 else 1
    rows = -(-copies // cols)

    def at(k: int, cell: tuple[int, int]) -> tuple[int, int]:
        return (cell[0] + (k % cols) * w, cell[1] + (k // cols) * h)

    sides = []
    for side in scenario.sides:
        people = []
        for k in range(copies):
            for c in side.combatants:
                people.append(dataclasses.replace(c, id=f"{c.id}-{k + 1}" if k else c.id,
                                                  name=f"{c.name} {k + 1}" if k else c.name, position=at(k, c.position)))
        sides.append(dataclasses.replace(side, combatants=tuple(people)))
    walls = frozenset(at(k, cell) for k in range(copies) for cell in scenario.map.obstacles)
    return dataclasses.replace(scenario, name=f"{scenario.name} x{copies}", sides=tuple(sides),
                               map=MapSpec(w * cols, h * rows, walls))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="replay-figures", help="folder for the pages and screenshots")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS, timeout=30_000)
        for name in ("hero-brawl", "marvel-brawl"):
            base = load_scenario(bundled()[name])
            sc = grown(base, 16 // len(base.sides[0].combatants))
            battle = Battle(sc, seed=args.seed)
            opening = started_header(battle)
            start = time.perf_counter()
            battle.run()
            played = time.perf_counter() - start
            start = time.perf_counter()
            text = page(battle_replay(battle, opening))
            path = out / f"{name}-16v16.html"
            path.write_text(text, encoding="utf-8")
            written = time.perf_counter() - start
            renders = []
            for width, height, tag in ((1280, 800, "1280x800"), (390, 844, "390")):
                tab = browser.new_page(viewport={"width": width, "height": height})
                tab.goto(path.as_uri())
                tab.wait_for_selector("body[data-ready='1']", timeout=30_000)
                renders.append(int(tab.get_attribute("body", "data-ready-ms") or 0))
                tab.keyboard.press("End")
                for _ in range(30):
                    tab.keyboard.press("ArrowLeft")  # a moment before the end: the log's last lines in view
                # the wide page fits its screen (each panel scrolls); the phone's is one long column
                tab.screenshot(path=str(out / f"{name}-16v16-{tag}.png"), full_page=width < 900)
                tab.close()
            sizes = [len(s.combatants) for s in sc.sides]
            print(f"{name} {'v'.join(map(str, sizes))} seed {args.seed}: {len(battle.events):,} events; played in "
                  f"{played:.2f} s; replay {len(text.encode()) / 1024:,.0f} KB written in {written:.2f} s; first "
                  f"render {renders[0]} ms at 1280x800, {renders[1]} ms at 390 px; {path}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
