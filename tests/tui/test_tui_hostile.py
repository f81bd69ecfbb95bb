"""The app against hostile input. Third-party plugins run in the battle's worker thread: a call
far past its limit is stopped and the battle goes on without the plugin; one that catches the
stop is a runaway, and the battle is abandoned with the plugin named while the app stays usable.
Files nested too deep are listed as invalid and refused with a message, never a crash."""

from __future__ import annotations

import asyncio
import threading
import time

from helpers_tui import run, screen_text

from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import PluginFailed
from slugfest.core.engine.plugins import get_plugin_manager, hookimpl
from slugfest.scenarios import bundled
from slugfest.tui.app import make_app
from slugfest.tui.screens.battle import BattleScreen
from slugfest.tui.screens.picker import PickerScreen

SIZE = (110, 34)
DUEL = bundled()["hero-duel"]


class Spins:
    """Loops in its first decision; ``swallow`` catches every stop. ``release`` ends it (the
    test's own way out: nothing in the program can)."""

    def __init__(self, swallow: bool) -> None:
        self.swallow = swallow
        self.release = threading.Event()
        self.calls = 0

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        self.calls += 1
        if self.calls > 1:
            return None
        while not self.release.is_set():
            try:
                while not self.release.is_set():
                    pass
            except BaseException:
                if not self.swallow:
                    raise
        return None


def app_with(plugin):
    def factory(scenario, seed, player_controlled):
        host = get_plugin_manager(house_rules=scenario.house_rules, extra=[("spinner", plugin)])
        return Battle(scenario, seed=seed, player_controlled=player_controlled, host=host, plugin_timeout=0.1)
    return make_app(str(DUEL), battle_factory=factory)


async def wait_until(pilot, done, seconds=15.0):
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.05)
        await pilot.pause()


def test_a_plugin_looping_in_the_apps_thread_is_stopped_and_the_battle_goes_on_without_it():
    plugin = Spins(swallow=False)

    async def go():
        app = app_with(plugin)
        async with app.run_test(size=SIZE) as pilot:
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            await pilot.press("right")
            await wait_until(pilot, lambda: any(isinstance(e, PluginFailed) for e in screen.session.events))
            failure = next(e for e in screen.session.events if isinstance(e, PluginFailed))
            assert failure.plugin == "spinner" and "did not finish in time" in failure.error
            assert not screen.abandoned
            await wait_until(pilot, lambda: screen.session.decisions >= 1)
            await pilot.press("right")
            await wait_until(pilot, lambda: screen.session.decisions >= 2)

    try:
        run(go())
    finally:
        plugin.release.set()


def test_a_plugin_that_catches_the_stop_abandons_the_battle_by_name_and_the_app_stays_usable():
    plugin = Spins(swallow=True)

    async def go():
        app = app_with(plugin)
        async with app.run_test(size=SIZE) as pilot:
            try:
                await abandon(app, pilot)
            finally:
                plugin.release.set()  # or the app's exit would wait for the thread for ever

    async def abandon(app, pilot):
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await pilot.press("right")
        await wait_until(pilot, lambda: bool(screen.abandoned))
        assert "Plugin 'spinner' would not stop (slugfest_choose_action" in screen.abandoned
        assert "SLUGFEST_BLOCK_PLUGINS=spinner" in screen.abandoned
        await pilot.pause()
        assert "abandoned: a plugin would not stop" in screen_text(app)
        decisions = screen.session.decisions
        screen.action_toggle_play()  # refused with the reason, not queued behind the stuck thread
        assert not screen.playing and screen.session.decisions == decisions
        await pilot.press("escape")  # leaves at once: there is nothing to save
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        assert "hero-duel" in screen_text(app)

    run(go())


def test_a_file_nested_too_deep_is_listed_as_invalid_and_opening_it_is_an_error_not_a_crash(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text(DUEL.read_text() + "\n[extra]\nx = " + "[" * 500 + "]" * 500 + "\n")
    save_like = tmp_path / "deep-save.toml"
    save_like.write_text("[save]\nformat = 1\nx = " + "{a = " * 300 + "1" + "}" * 300 + "\n")

    async def go():
        app = make_app(scenarios_dir=tmp_path, include_bundled=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, PickerScreen)
            assert {item.key for item in picker.items} >= {"deep"}
            assert "invalid" in screen_text(app)
            for path in (deep, save_like):
                assert app.open_path(path) is False
                await pilot.pause()
                assert isinstance(app.screen, PickerScreen)
            notes = [n.message for n in app._notifications]
            assert any("nested at most" in n and "deep.toml" in n for n in notes)

    run(go())
