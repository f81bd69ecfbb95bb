"""Snapshots of the main screens at a fixed terminal size and seed (pytest-textual-snapshot).

A change to the layout, or to what the rules engine logs for these seeds, changes the SVGs:
look at the report, then accept with ``pytest tests/tui --snapshot-update``.
"""

from __future__ import annotations

from helpers_tui import DATA, FASTEST, settle, step

from slugfest.tui.app import make_app
from slugfest.tui.screens.prompt import PlayerPrompt

SIZE = (100, 32)


def test_picker(snap_compare):
    # Only the test folder's scenarios, so a newly bundled scenario does not change the picture.
    assert snap_compare(make_app(scenarios_dir=DATA, include_bundled=False), terminal_size=SIZE)


def test_hero_duel_after_four_actions(snap_compare):
    async def before(pilot):
        await settle(pilot.app, pilot)
        await step(pilot.app, pilot, 4)

    assert snap_compare(make_app("hero-duel", seed=2026), terminal_size=SIZE, run_before=before)


def test_hero_duel_finished(snap_compare):
    async def before(pilot):
        await settle(pilot.app, pilot)
        await pilot.press("space")
        await settle(pilot.app, pilot)
        assert pilot.app.screen.session.over

    assert snap_compare(make_app("hero-duel", seed=2026, speed=FASTEST), terminal_size=SIZE, run_before=before)


def test_hero_duel_player_prompt(snap_compare):
    async def before(pilot):
        await settle(pilot.app, pilot)
        for _ in range(5):
            if isinstance(pilot.app.screen, PlayerPrompt):
                break
            await step(pilot.app, pilot)
        assert isinstance(pilot.app.screen, PlayerPrompt)

    app = make_app("hero-duel", seed=2026, player_controlled=("ironclad",))
    assert snap_compare(app, terminal_size=SIZE, run_before=before)


def test_hero_duel_in_80_by_24_light_theme(snap_compare):
    async def before(pilot):
        pilot.app.theme = "textual-light"
        await settle(pilot.app, pilot)
        await step(pilot.app, pilot, 4)

    assert snap_compare(make_app("hero-duel", seed=2026), terminal_size=(80, 24), run_before=before)


def test_marvel_seed_after_three_actions(snap_compare):
    async def before(pilot):
        await settle(pilot.app, pilot)
        await step(pilot.app, pilot, 3)

    assert snap_compare(make_app("marvel-seed", seed=616), terminal_size=SIZE, run_before=before)


def test_marvel_seed_player_prompt(snap_compare):
    """She-Hulk's turn: foes only as targets, no push field, the map numbered and on her."""
    async def before(pilot):
        await settle(pilot.app, pilot)
        pilot.app.screen.select("she-hulk")
        await pilot.press("p")
        await settle(pilot.app, pilot)
        await pilot.press("space")
        await settle(pilot.app, pilot)
        assert isinstance(pilot.app.screen, PlayerPrompt)
        # "She-Hulk: you choose its actions" is a toast that leaves after 3 s of the clock: on a
        # loaded machine the autoplay to her turn took longer and the picture lost it. The
        # picture is of the app's state, so the toasts go before it is taken.
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(make_app("marvel-seed", seed=616, speed=FASTEST), terminal_size=SIZE, run_before=before)
