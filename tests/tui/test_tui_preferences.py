"""What the app remembers between runs (issue 21): theme, autoplay speed and recent saves, in
preferences.toml in the data folder; a file that cannot be used is a note, never a crash."""

from __future__ import annotations

from helpers_tui import run, settle, step
from textual.widgets import Input, OptionList

from slugfest.tui import preferences
from slugfest.tui.app import make_app
from slugfest.tui.screens.battle import BattleScreen, DEFAULT_SPEED
from slugfest.tui.screens.files import PathDialog

SIZE = (100, 32)


def test_the_speed_and_theme_chosen_are_there_at_the_next_run():
    async def first():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.screen.speed == DEFAULT_SPEED
            await pilot.press("plus", "plus")
            await pilot.pause()
            app.theme = "textual-light"
            await pilot.pause()

    async def second():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.screen.speed == DEFAULT_SPEED + 2 and app.theme == "textual-light"

    run(first())
    prefs, note = preferences.load()
    assert note == "" and prefs.speed == DEFAULT_SPEED + 2 and prefs.theme == "textual-light"
    run(second())


def test_a_preferences_file_that_cannot_be_read_is_a_note_and_the_defaults():
    preferences.path().parent.mkdir(parents=True, exist_ok=True)
    preferences.path().write_text('speed = "fast"\ntheme = 3\n')
    prefs, note = preferences.load()
    assert prefs.speed is None and prefs.theme is None
    assert "speed: expected a whole number from 0, got 'fast'" in note and "theme: expected" in note
    preferences.path().write_text("this is [not toml")

    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            assert app.screen.speed == DEFAULT_SPEED
            assert any("not TOML" in n.message for n in app._notifications)
            await pilot.press("plus")  # the next change rewrites it whole
            await pilot.pause()

    run(go())
    assert preferences.load() == (preferences.Preferences(speed=DEFAULT_SPEED + 1), "")


def test_ctrl_o_lists_the_saves_written_lately_and_opens_the_one_chosen(tmp_path):
    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 2)
            for name in ("first.toml", "second.toml"):
                await pilot.press("ctrl+s")
                await pilot.pause()
                app.screen.query_one(Input).value = str(tmp_path / name)
                await pilot.press("enter")
                await settle(app, pilot)
                await step(app, pilot, 1)
            await pilot.press("ctrl+o")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, PathDialog)
            recent = dialog.query_one("#recent", OptionList)
            assert [recent.get_option_at_index(i).prompt for i in range(recent.option_count)] == \
                [str(tmp_path / "second.toml"), str(tmp_path / "first.toml")]
            await pilot.press("down")
            await pilot.pause()
            assert recent.has_focus
            await pilot.press("down", "enter")  # the older one
            await settle(app, pilot)
            assert isinstance(app.screen, BattleScreen) and app.screen.session.decisions == 2

    run(go())
