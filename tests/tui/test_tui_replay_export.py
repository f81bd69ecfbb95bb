"""Issue 38: from the app, h (or the palette's "Export an HTML replay") writes the battle so far
as the replay page, in the data folder unless the player names another file."""

from __future__ import annotations

from helpers_tui import run, settle, step

from slugfest.core.render.html import data_of, page
from slugfest.core.render.replay_input import session_replay
from slugfest.tui.app import make_app
from slugfest.tui.screens.files import PathDialog

SIZE = (100, 32)


def test_h_writes_the_battle_so_far_as_a_replay_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path / "data"))

    async def go():
        app = make_app("hero-duel", seed=2026, rng_seed=1)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            await step(app, pilot, 3)
            titles = [c.title for c in app.get_system_commands(screen)]
            assert "Export an HTML replay" in titles
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, PathDialog)
            await pilot.press("enter")  # the default: the data folder
            await settle(app, pilot)
            return page(session_replay(screen.session)), len(screen.session.events)

    expected, events = run(go())
    written = tmp_path / "data" / "hero-duel-seed2026.html"
    assert written.read_text(encoding="utf-8") == expected
    steps = data_of(expected)["steps"]
    assert steps[0][0].startswith("=== Duel at the Docks") and 0 < len(steps) <= events
