"""Write docs/app.svg, the README's picture of the app: hero-duel at 120x40, a dozen actions in,
a roll expanded in the log. Textual's own screenshot (an SVG of the terminal),
so the picture is the app as it is; run it again after changing the battle screen:

    .venv/bin/python scripts/screenshot.py            # writes docs/app.svg
    .venv/bin/python scripts/screenshot.py out.svg    # somewhere else
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from slugfest.tui.app import make_app

ROOT = Path(__file__).resolve().parent.parent
SIZE = (120, 40)


async def shoot(out: Path) -> None:
    app = make_app("hero-duel", seed=2026)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("right")
        await app.workers.wait_for_complete()
        await pilot.pause(0.3)
        out.write_text(app.export_screenshot(title="Slugfest: hero-duel, a dozen actions in"), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    asyncio.run(shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "app.svg"))
