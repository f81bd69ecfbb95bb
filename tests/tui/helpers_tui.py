"""Shared helpers for the Textual tests: run a coroutine, wait for the battle workers, read screens."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
FASTEST = 6  # index of the 0-second pause in tui.screens.battle.SPEEDS


def run(coro: Any) -> Any:
    """pytest-asyncio is not a dependency: each test drives its own event loop."""
    return asyncio.run(coro)


async def settle(app: Any, pilot: Any, rounds: int = 2) -> None:
    """Let the battle workers finish and their frames reach the screen."""
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()


def screen_text(app: Any) -> str:
    """What the terminal shows now, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def step(app: Any, pilot: Any, times: int = 1) -> None:
    for _ in range(times):
        await pilot.press("right")
        await settle(app, pilot)


async def step_to_prompt(app: Any, pilot: Any, tries: int = 5) -> None:
    """Step the battle until the player's prompt opens (at most ``tries`` actions)."""
    from slugfest.tui.screens.prompt import PlayerPrompt

    for _ in range(tries):
        if isinstance(app.screen, PlayerPrompt):
            return
        await step(app, pilot)


async def answer_prompt(app: Any, pilot: Any, key: str, chosen_by: str) -> None:
    """Press ``key`` in the open player prompt and check that exactly one decision was taken,
    by ``chosen_by`` (``"player"``, or the AI's name when it was asked to decide)."""
    from slugfest.tui.screens.prompt import PlayerPrompt

    assert isinstance(app.screen, PlayerPrompt)
    screen = app.screen_stack[-2]  # the battle screen under the prompt
    decisions = screen.session.decisions
    await pilot.press(key)
    await settle(app, pilot)
    assert screen.session.decisions == decisions + 1
    assert screen.session.history[-1].chosen_by == chosen_by
