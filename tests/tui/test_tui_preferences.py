"""What the app remembers between runs (issue 21): theme, autoplay speed and recent saves, in
preferences.toml in the data folder; a file that cannot be used is a note, never a crash."""

from __future__ import annotations

import json
import os
import random

import pytest
from helpers_tui import run, settle, step
from textual.widgets import Input, OptionList

from slugfest.core.testing import surfaces
from slugfest.tui import preferences
from slugfest.tui.app import default_save_path, make_app
from slugfest.tui.screens.battle import BattleScreen, DEFAULT_SPEED
from slugfest.tui.screens.files import RECENT_WIDTH, PathDialog, short_path

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
    assert "speed: expected a whole number from 0 to 100, got 'fast'" in note and "theme: expected" in note
    preferences.path().write_text("this is [not toml")

    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            assert app.screen.speed == DEFAULT_SPEED
            assert any("expected valid TOML" in n.message for n in app._notifications)
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
            await pilot.press("ctrl+o", "ctrl+o")  # twice: a step since the save, so it warns first
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, PathDialog)
            recent = dialog.query_one("#recent", OptionList)
            shown = [str(recent.get_option_at_index(i).prompt) for i in range(recent.option_count)]
            assert shown == [short_path(str(tmp_path / "second.toml"), RECENT_WIDTH),
                             short_path(str(tmp_path / "first.toml"), RECENT_WIDTH)]
            # whole names within the dialog's width, never wrapped mid-name (a new-user trial)
            assert all(len(line) <= RECENT_WIDTH and line.endswith(("/second.toml", "/first.toml")) for line in shown)
            await pilot.press("down")
            await pilot.pause()
            assert recent.has_focus
            await pilot.press("down", "enter")  # the older one
            await settle(app, pilot)
            assert isinstance(app.screen, BattleScreen) and app.screen.session.decisions == 2

    run(go())


# -- hostile preferences and data folders (issue 36): a note, never a hang or a crash ----------

def _prefs_as(kind: str, tmp_path) -> None:
    where = preferences.path()
    where.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(where)
    elif kind == "zero":
        where.symlink_to("/dev/zero")
    elif kind == "deep":
        where.write_text("recent = " + "[" * 30_000 + "]" * 30_000 + "\n")
    else:
        where.write_text(f"recent = [{json.dumps('/tmp/' + 'x' * 300)}, {json.dumps(str(tmp_path / 'ok.toml'))}]\n")


@pytest.mark.parametrize("kind, said", [("fifo", "expected a regular file, got a FIFO"),
                                        ("zero", "expected a regular file, got a device"),
                                        ("deep", "expected arrays and inline tables nested at most"),
                                        ("long", "recent: 1 entries are not paths this system can open")])
def test_a_hostile_preferences_file_is_set_aside_with_a_note(tmp_path, kind, said):
    _prefs_as(kind, tmp_path)
    prefs, note = preferences.load()
    assert said in note and str(preferences.path()) in note
    assert prefs.recent == ([str(tmp_path / "ok.toml")] if kind == "long" else [])


def test_a_recent_entry_too_long_for_the_system_is_not_offered_by_ctrl_o(tmp_path):
    """Written before the loader refused such entries: Path.is_file() raised on it, and ctrl+o
    with it."""
    ok = tmp_path / "ok.toml"
    ok.write_text("")
    prefs = preferences.Preferences(recent=["/tmp/" + "x" * 300, "/tmp/" + "y/" * 3000, str(ok)])
    assert prefs.existing_recent() == [str(ok)]
    prefs.remember("/tmp/" + "z" * 300)  # remembered as typed, not resolved (that raised too)
    assert prefs.recent[0] == "/tmp/" + "z" * 300


def test_a_data_folder_that_is_a_loop_of_links_is_a_note_when_saving(tmp_path, monkeypatch):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(loop))
    assert "a loop of symbolic links" in preferences.load()[1]

    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("enter")
            await settle(app, pilot)
            assert any("could not write" in n.message for n in app._notifications)
            assert isinstance(app.screen, BattleScreen)

    run(go())


@pytest.mark.parametrize("kind", surfaces.DATA_FOLDER_KINDS)
def test_every_kind_of_hostile_data_folder_is_read_remembered_and_written_without_a_crash(tmp_path, monkeypatch,
                                                                                           kind):
    """The app's start (load), ctrl+o (the recent saves), and a save's remembering (save): each
    goes on, with a note where something could not be used (scripts/fuzz.py plays these in the
    app itself)."""
    monkeypatch.chdir(tmp_path)
    _, value = surfaces.hostile_data_folder(random.Random(kind), tmp_path, kind)
    monkeypatch.setenv("SLUGFEST_DATA_DIR", value)
    prefs, note = preferences.load()
    assert isinstance(note, str) and "Traceback" not in note
    prefs.existing_recent()
    prefs.remember(default_save_path("hero-duel"))
    assert isinstance(preferences.save(prefs), str)
