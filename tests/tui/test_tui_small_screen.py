"""Issue 37 at 80x24, where a play-tester tripped: the log 9 lines tall, names and the map's
title cut mid-word, the prompt over the footer, a saved file's path broken mid-name, a help
taller than the screen. Each promise is checked on the screen the app draws (``screen_text``)."""

from __future__ import annotations

import pytest
from helpers_tui import run, screen_text, settle, step, step_to_prompt

from slugfest.tui.app import make_app
from slugfest.tui.screens.files import short_path
from slugfest.tui.widgets import fit_name

SMALL = (80, 24)


def test_at_80_by_24_the_log_has_the_right_column_but_for_the_chart():
    """The map goes under the combatants, the turn chart over the log: 13 lines of log, where
    the map over it left 9; the map, the chart and the cards still show."""
    async def go():
        app = make_app("hero-brawl", seed=7)
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 6)
            screen = app.screen
            log = screen.query_one("#log")
            assert log.scrollable_content_region.height >= 13
            assert screen.query_one("#map-box").parent.id == "left"
            assert screen.query_one("#turn-box").parent.id == "right"
            text = screen_text(app)
            assert "Speed Chart" in text and "Map 32×20" in text and "1 cell = 2 m" in text
            assert "from B Bulwark" in text  # the distances under the map
            assert "▶B" in text  # the row of the one acting is in view in the chart

    run(go())


def test_growing_past_80_by_24_puts_the_map_back_over_the_log():
    async def go():
        app = make_app("marvel-seed", seed=3)
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 2)
            await pilot.resize_terminal(120, 40)
            await settle(app, pilot)
            screen = app.screen
            assert screen.query_one("#map-box").parent.id == "right"
            assert screen.query_one("#turn-box").parent.id == "left"
            assert "next: " in screen_text(app)  # the chart has its clock and "next" lines again
            await pilot.resize_terminal(*SMALL)
            await settle(app, pilot)
            assert screen.query_one("#map-box").parent.id == "left"
            assert "She-Hulk" in screen_text(app)

    run(go())


def test_names_are_shortened_a_word_at_a_time():
    assert fit_name("Hulkbuster (remote-piloted)", 26) == "Hulkbuster"
    assert fit_name("Red Mary Blackwood", 16) == "R. M. Blackwood"
    assert fit_name("Red Mary Blackwood", 18) == "Red Mary Blackwood"
    assert fit_name("Showdown on the George Washington Bridge", 30, initials=False) == "Showdown on the George…"
    assert fit_name("Supercalifragilistic", 8) == "Superca…"  # one word wider than the room: the only cut


def test_no_name_is_cut_mid_word_on_the_cards_or_in_the_initiative_at_80_by_24():
    """marvel-seed's long names ("Hulkbuster (remote-pilote…", "Spider-Man (Miles M…") read
    whole or shortened at a word."""
    async def go():
        app = make_app("marvel-seed", seed=3)
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 2)
            app.screen.query_one("#combatants").scroll_end(animate=False)
            await pilot.pause()
            text = screen_text(app)
            assert "…" not in text
            assert "U Hulkbuster" in text and "Spider-Man" in text
            assert "Map 24×16" in text and "1 cell = 1 space (1.5 m)" in text  # the title whole

    run(go())


def test_the_status_bar_cuts_a_long_scenario_name_at_a_word():
    async def go():
        app = make_app("marvel-powers", seed=3)  # "Showdown on the George Washington Bridge"
        async with app.run_test(size=(62, 24)) as pilot:
            await settle(app, pilot)
            status = screen_text(app).splitlines()[0]
            assert "Showdown" in status and "ound" in status
            shown = status.split("  ")[0].strip()
            assert shown.endswith("…") and "Showdown on the George Washington Bridge".startswith(shown[:-1])
            assert shown[:-1].split()[-1] in "Showdown on the George Washington Bridge".split()

    run(go())


def test_the_prompt_keeps_a_footer_of_its_keys_and_its_labels_whole_at_80_by_24():
    async def go():
        app = make_app("hero-brawl", seed=7, player_controlled=("bulwark",))
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await step_to_prompt(app, pilot, 8)
            from slugfest.tui.screens.prompt import PlayerPrompt

            assert isinstance(app.screen, PlayerPrompt)
            lines = screen_text(app).splitlines()
            assert "a AI decides" in lines[-1] and "^s Save" in lines[-1] and "esc Back" in lines[-1]
            text = "\n".join(lines)
            assert "Move to cell x,y (below)" in text and "Recover (take a Recovery)" in text
            assert "…" not in text

    run(go())


@pytest.mark.parametrize("path,shown", [
    ("/tmp/issue37-data/hero-brawl-save.toml", "/tmp/…/hero-brawl-save.toml"),
    ("/root/.local/share/slugfest/hero-duel-seed2026-2.html", "…/hero-duel-seed2026-2.html"),
    ("saves/duel.toml", "saves/duel.toml"),
    ("/a/" + "n" * 40 + ".toml", "…" + "n" * 24 + ".toml"),
])
def test_a_path_in_a_notice_loses_whole_folders_from_its_middle(path, shown):
    assert short_path(path) == shown and len(shown) <= 30


def test_the_saved_notice_shows_the_file_name_whole(tmp_path, monkeypatch):
    from textual.widgets._toast import Toast

    folder = tmp_path / "a-rather-long-folder-name" / "saves"
    folder.mkdir(parents=True)
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(folder))

    async def go():
        app = make_app("hero-brawl", seed=7)
        async with app.run_test(size=SMALL, notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("enter")
            await settle(app, pilot, rounds=4)
            await pilot.pause(0.2)
            notices = " ".join(str(t.render()) for t in app.screen.query(Toast))
            assert "hero-brawl-save.toml" in screen_text(app)
            assert f"saved to {short_path(str(folder / 'hero-brawl-save.toml'))}" in notices
            assert notices.endswith("…/hero-brawl-save.toml")

    run(go())


def test_the_help_fits_24_rows_and_scrolls_to_its_end():
    async def go():
        app = make_app("hero-brawl", seed=7)
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            dialog = app.screen.query_one("#help-dialog")
            assert dialog.region.y >= 0 and dialog.region.bottom <= 24
            text = screen_text(app)
            # the title, every key (in two columns) and the way out are on the first screen
            assert "Slugfest: keys" in text and "Rewind to log line" in text and "q      Quit" in text
            assert "PgDn scroll" in text
            body = app.screen.query_one("#help-body")
            assert body.max_scroll_y > 0 and app.focused is body
            await pilot.press("end")
            await pilot.pause()
            assert "the one you hold; the reaction" in screen_text(app)  # the last section's end
            assert "Slugfest: keys" in screen_text(app)  # the title stays

    run(go())


def test_the_distances_under_the_map_name_a_long_name_by_its_letter_rather_than_cut_it():
    """marvel-brawl at 80x24: "from C Captain America, in spac…" became "from C, in spaces:"."""
    async def go():
        app = make_app("marvel-brawl", seed=7)
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 3)
            legend = str(app.screen.query_one("#legend").render())
            assert legend.startswith("from C, in spaces: B 7  H 10") and "…" not in legend

    run(go())


def test_a_refused_action_reads_whole_in_the_list_at_80_by_24():
    async def go():
        app = make_app("hero-duel", seed=2026, player_controlled=("ironclad",))
        async with app.run_test(size=SMALL) as pilot:
            await settle(app, pilot)
            await step_to_prompt(app, pilot, 5)
            text = screen_text(app)
            assert "Punch: strike  (not now)" in text
            assert "…" not in text.split("\n", 1)[1]  # (the status bar cuts the scenario's name at a word)

    run(go())
