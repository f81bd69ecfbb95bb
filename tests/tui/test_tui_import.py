"""Importing Hero Designer characters from the picker (i): the report, then the battle."""

from __future__ import annotations

import sys
from pathlib import Path

from helpers_tui import run, screen_text, settle

sys.path.insert(0, str(Path(__file__).parents[1] / "hero"))
from hdc_files import character, power, write  # noqa: E402

from slugfest.tui.app import make_app  # noqa: E402
from slugfest.tui.screens.battle import BattleScreen  # noqa: E402
from slugfest.tui.screens.files import PathDialog  # noqa: E402
from slugfest.tui.screens.importing import ImportReport  # noqa: E402
from slugfest.tui.screens.picker import PickerScreen  # noqa: E402
from textual.widgets import Input  # noqa: E402

SIZE = (110, 36)


async def import_from_picker(app, pilot, paths: str) -> None:
    """Press i in the picker, type ``paths`` and Enter."""
    await pilot.press("i")
    await pilot.pause()
    app.screen.query_one("#path", Input).value = paths
    await pilot.press("enter")
    await pilot.pause()


def files(tmp_path):
    a = write(tmp_path / "a b.hdc", character("Alpha", powers=(power("ENERGYBLAST", NAME="Bolt", LEVELS=8),)))
    b = write(tmp_path / "b.hdc", character("Beta", levels={"STR": 15}), "utf-8")
    return a, b


def test_i_imports_two_files_shows_the_report_and_enter_plays_them(tmp_path, monkeypatch):
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path / "data"))
    a, b = files(tmp_path)

    async def go():
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(app.screen, PathDialog)
            await pilot.press("escape")
            await pilot.pause()
            await import_from_picker(app, pilot, f"'{a}' {b}")
            assert isinstance(app.screen, ImportReport)
            await pilot.pause()
            text = screen_text(app)
            assert "Alpha  (" in text and "21 elements: 19 imported, 0 in part, 2 ignored" in text
            assert 'attack "Bolt": normal 8d6 vs PD, 400 m, 40 AP' in app.screen.reports[0]
            written = tmp_path / "data" / "imports" / "alpha-vs-beta.toml"
            assert written.exists() and app.screen.path == written
            title = str(app.screen.query_one(".dialog-title").render())
            assert title == f"Imported  wrote {written}"  # the screen may wrap a long path: read the title
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, BattleScreen)
            assert "Alpha vs Beta" in screen_text(app)

    run(go())


def test_a_refused_file_is_explained_in_the_picker_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path / "data"))
    a, _ = files(tmp_path)
    bare = character("Oldie").replace(' TEMPLATE="builtIn.Superheroic6E.hdt"', "")
    old = write(tmp_path / "old.hdc", bare.split("<CHARACTERISTICS>")[0] + "</CHARACTER>")  # no edition to read

    async def go():
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await import_from_picker(app, pilot, f"'{a}' {old}")
            assert isinstance(app.screen, PickerScreen)
            await pilot.pause()
            shown = " ".join(screen_text(app).split())
            assert "nothing imported: see the note" in shown
            assert [n.message for n in app._notifications][-1].endswith(
                "has no TEMPLATE and no characteristic that tells the edition (OCV is 6th Edition's, COM 5th's), so "
                "its figured characteristics cannot be worked out; Hero Designer writes "
                "TEMPLATE=\"builtIn.Superheroic6E.hdt\" (6e) or TEMPLATE=\"builtIn.Superheroic.hdt\" (5e): open the "
                "file in Hero Designer and save it again")
            assert not (tmp_path / "data" / "imports").exists()
            # Escape from the report leaves the imported battle listed in the picker
            await import_from_picker(app, pilot, f"'{a}' '{a}'")
            await pilot.press("escape")
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, PickerScreen)
            assert picker.items[-1].key == "alpha-vs-alpha" and picker.items[-1].scenario is not None

    run(go())


def test_the_picker_lists_what_was_imported_before_and_offers_a_refused_path_again(tmp_path, monkeypatch):
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path / "data"))
    a, b = files(tmp_path)
    from slugfest.tui.screens.importing import import_characters

    path, _, _ = import_characters(f"'{a}' {b}")  # an earlier session's import

    async def go():
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            picker = app.screen
            assert [i.key for i in picker.items if i.origin == "imported"] == ["alpha-vs-beta"]
            await import_from_picker(app, pilot, f"{tmp_path / 'missing.hdc'} {b}")
            await pilot.press("i")
            await pilot.pause()
            assert app.screen.query_one("#path", Input).value == f"{tmp_path / 'missing.hdc'} {b}"

    run(go())
