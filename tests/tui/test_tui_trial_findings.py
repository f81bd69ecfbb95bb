"""Issue 37, the last new-user trial at 80x24 and 120x40: what a play-tester still tripped over
in the app. Each promise is checked on the screen the app draws, at both sizes where it matters."""

from __future__ import annotations

import pytest
from helpers_tui import run, screen_text, settle, step, step_to_prompt
from textual.widgets import Input

from slugfest.core.rules.grid import Grid
from slugfest.tui.app import make_app
from slugfest.tui.screens.battle import BattleScreen
from slugfest.tui.screens.files import PathDialog
from slugfest.tui.screens.prompt import PlayerPrompt
from slugfest.tui.screens.question import QuestionPrompt
from slugfest.tui.widgets.battlemap import EdgeMarks, edge_marks
from slugfest.tui.widgets.combat_log import CombatLog
from slugfest.tui.widgets.combatants import CardData, CombatantCard

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
BRIDGE = "Showdown on the George Washington Bridge"  # marvel-powers: the longest scenario name


async def _team_question(app, pilot) -> BattleScreen:
    """marvel-powers with the Invisible Woman (first in the initiative) the player's: as round 1
    starts, her side is asked whether to call its team maneuver."""
    await settle(app, pilot)
    battle = app.screen
    for _ in range(4):
        if isinstance(app.screen, QuestionPrompt):
            break
        await step(app, pilot)
    assert isinstance(app.screen, QuestionPrompt), "no team maneuver question was asked"
    return battle


def _name_shown(status: str) -> str:
    """The scenario's name as the status bar shows it ("" when it gave way)."""
    first = status.strip().split("  ")[0]
    return "" if first.startswith(("seed ", "Round ", "Bonus round", "action ", "◆")) else first


@pytest.mark.parametrize("width", [62, 80, 83, 85, 87, 100, 120])
def test_with_a_question_open_the_status_bar_shortens_the_scenario_name_only_at_a_word(width):
    """The question's longer state ("team maneuver, your answer: Invisible Woman") left room for
    "Showdo…": the name is whole, cut after a whole word, or gone, never cut mid-word."""
    async def go():
        app = make_app("marvel-powers", player_controlled=("invisible-woman",))
        async with app.run_test(size=(width, 24)) as pilot:
            battle = await _team_question(app, pilot)
            status = battle.query_one("#status").render().plain
            assert "team maneuver, your answer: Invisible Woman" in status
            shown = _name_shown(status)
            words = shown.rstrip("…").split()
            assert shown in ("", BRIDGE) or (shown.endswith("…") and words == BRIDGE.split()[:len(words)]), shown

    run(go())


def test_a_resize_with_a_question_open_fits_the_status_bar_again():
    """The status bar was fitted when a frame came, not when the terminal changed size: at a
    narrower width its end was clipped, at a wider one the name stayed short."""
    async def go():
        app = make_app("marvel-powers", player_controlled=("invisible-woman",))
        async with app.run_test(size=(120, 40)) as pilot:
            battle = await _team_question(app, pilot)
            assert _name_shown(battle.query_one("#status").render().plain) == BRIDGE
            await pilot.resize_terminal(85, 24)
            await pilot.pause()
            status = battle.query_one("#status").render().plain
            assert len(status) <= 85 - 2 and _name_shown(status) == "" and status.endswith("Invisible Woman")
            await pilot.resize_terminal(102, 30)
            await pilot.pause()
            assert _name_shown(battle.query_one("#status").render().plain) == "Showdown on the George…"

    run(go())


@SIZES
def test_the_team_maneuver_question_is_named_for_what_it_asks_and_says_what_each_answer_does(size):
    """It was labelled "attacked" and listed "Call Offensive 1" with nothing of what it does
    (rules/marvel.md §4.5: each level's effect and its Focus per member)."""
    async def go():
        app = make_app("marvel-powers", player_controlled=("invisible-woman",))
        async with app.run_test(size=size) as pilot:
            battle = await _team_question(app, pilot)
            assert "attacked" not in battle.query_one("#status").render().plain
            text = screen_text(app)
            assert "Invisible Woman may call a team maneuver" in text
            labels = [str(o.prompt) for o in app.screen.query_one("#answers").options]
            assert labels[0] == "No: keep the team maneuver for a later round (one a battle)"
            assert "Call Offensive 1, 5 Focus each: an edge on the team's attacks" in labels
            assert "Call Defensive 1, 5 Focus each: Health damage reduction 2 for the team" in labels
            assert "Call Rally 1, 5 Focus each: attacks against the team have trouble" in labels
            assert all(" Focus each: " in label for label in labels[1:])
            assert "its effect lasts this round" in text

    run(go())


@SIZES
def test_a_map_larger_than_its_panel_marks_each_side_where_it_goes_on(size):
    """At 80 columns the 32-wide map lost its last columns without a sign: ◂ ▸ on the column
    numbers' line and › down the right, ▴ over the first row, ▾ beside the last."""
    async def go():
        app = make_app("hero-brawl", seed=7)  # a 32x20 map
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 6)
            view = app.screen.query_one("#map")
            lines = view.render().plain.splitlines()
            wide = view.content_size.width >= view.label_width(view.data.grid) + 32  # one character a cell
            tall = view.content_size.height - 1 >= 20
            if size == (80, 24):
                assert not wide and lines[0].endswith("▸") and all(line.endswith("›") for line in lines[1:])
                assert not tall and lines[0].startswith("▴") and lines[-1].lstrip("0123456789").startswith("▾")
            else:  # the whole width shows: no side marks; the rows as they fit
                assert wide and not any(mark in view.render().plain for mark in "◂▸›")
                assert tall == ("▾" not in lines[-1])

    run(go())


def test_the_edge_marks_follow_the_window():
    grid = Grid(32, 20)
    assert edge_marks(grid, 0, 0, 32, 20) == EdgeMarks(False, False, False, False)
    assert not edge_marks(grid, 0, 0, 32, 20)
    assert edge_marks(grid, 3, 0, 29, 20) == EdgeMarks(True, False, False, False)
    assert edge_marks(grid, 0, 6, 28, 7) == EdgeMarks(False, True, True, True)


def test_the_speed_charts_segment_numbers_stay_when_its_rows_scroll():
    """hero-brawl's eight rows at 80x24 scroll in a third of the column: the Segments' numbers
    scrolled away with them."""
    async def go():
        app = make_app("hero-brawl", seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 2)
            box = app.screen.query_one("#turn-box")
            assert box.max_scroll_y > 0
            box.scroll_end(animate=False)
            await pilot.pause()
            head = app.screen.query_one("#turn-head")
            assert head.region.y == box.content_region.y  # docked at the top of the box
            numbers = "  1  2  3  4  5  6  7  8  9 10 11 12"
            assert numbers in head.render().plain and numbers in screen_text(app)

    run(go())


def test_at_120_by_40_the_chart_keeps_its_clock_next_and_numbers_over_the_rows():
    async def go():
        app = make_app("hero-brawl", seed=7)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 2)
            head = app.screen.query_one("#turn-head").render().plain.splitlines()
            assert head[0].startswith("Turn 1, Segment") and head[1].startswith("next: ")
            assert head[2].endswith("1 1 1") and head[3].endswith("0 1 2")  # two rows: tens over units
            rows = app.screen.query_one("#turn").render().plain.splitlines()
            assert len(rows) == 8 and all("●" in row or "·" in row for row in rows)

    run(go())


@SIZES
def test_l_puts_the_keyboard_in_the_log_and_the_footer_and_help_say_so(size):
    """Tab was the only way into the log, and nothing said so."""
    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 3)
            assert "l Log" in screen_text(app).splitlines()[-1]
            app.screen.query_one("#combatants").focus()
            await pilot.pause()
            log = app.screen.query_one("#log", CombatLog)
            assert not log.has_focus
            await pilot.press("l")
            await pilot.pause()
            assert log.has_focus and log.highlighted == log.option_count - 1  # reading back from the newest
            await pilot.press("question_mark")
            await pilot.pause()
            keys = app.screen.query_one("#help-keys").keys
            assert ("l", "Into the log (↑ ↓)") in keys
            assert "l (or Tab) puts the keyboard there" in str(app.screen.query_one("#help-panels").render())

    run(go())


@SIZES
def test_ctrl_o_on_an_unsaved_battle_warns_first_as_q_does(size, tmp_path, monkeypatch):
    """Opening a save replaced a battle under way without a word: the first ctrl+o says what
    would be lost, the second opens the dialog; a saved battle opens it at once."""
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path))

    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            battle = app.screen
            await step(app, pilot, 2)
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert app.screen is battle
            assert any("ctrl+o again to open another battle: this one is not saved" in n.message
                       for n in app._notifications)
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert isinstance(app.screen, PathDialog)
            await pilot.press("escape")
            await pilot.press("ctrl+s")
            await pilot.pause()
            app.screen.query_one(Input).value = str(tmp_path / "kept.toml")
            await pilot.press("enter")
            await settle(app, pilot)
            await pilot.press("ctrl+o")  # saved: nothing to lose
            await pilot.pause()
            assert isinstance(app.screen, PathDialog)

    run(go())


@SIZES
def test_the_log_names_the_target_of_an_action(size):
    async def go():
        app = make_app("hero-brawl", seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 12)
            text = app.screen.log_text()
            assert "-> Siren  (" in text and "-> siren" not in text

    run(go())


def test_a_demoralized_card_says_what_negative_focus_means():
    """Seed, "Effects of Damage": Focus 0 or below demoralizes (trouble on all actions; no Focus
    to spend, rules/marvel.md §5), minus its maximum shatters. The card said only "demoralized"."""
    card = CombatantCard("hulk")
    card.data = CardData({"id": "hulk", "name": "Hulk", "Health": [210, 210], "Focus": [-28, 90], "Karma": 5,
                          "conditions": ["demoralized"]}, "H", 0)
    lines = [line.plain for line in card.lines(34, dense=False)]
    assert lines[-4:] == ["  demoralized",
                          "    trouble on all actions, no",
                          "    Focus to spend, until Focus",
                          "    1; shattered at Focus -90"]
    assert all(len(line) <= 34 for line in lines)


def test_a_demoralized_fighter_s_card_in_the_app_says_when_it_shatters():
    async def go():
        app = make_app("marvel-brawl", seed=1)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            battle = app.screen
            battle.session.battle.state.fighters["hulk"].focus = -28
            battle.run_op("show")
            await settle(app, pilot)
            card = battle.query_one("#card-hulk", CombatantCard)
            card.scroll_visible(animate=False)
            await pilot.pause()
            text = " ".join(line.plain.strip() for line in card.lines(card.content_size.width, card.dense))
            assert "demoralized trouble on all actions, no Focus to spend, until Focus 1; shattered at Focus -90" \
                in text
            assert "shattered at Focus -90" in screen_text(app)

    run(go())


@SIZES
def test_a_notice_never_covers_an_open_prompt_nor_the_log(size):
    """"Wolverine: you choose its actions" sat on the prompt for its five seconds."""
    from textual.widgets._toast import Toast

    async def go():
        app = make_app("hero-duel", seed=2026, player_controlled=("ironclad",))
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            battle = app.screen
            await step_to_prompt(app, pilot, 5)
            assert isinstance(app.screen, PlayerPrompt)
            app.notify("a notice while the prompt is open", timeout=5)
            await pilot.pause(0.2)
            toasts = [t for t in app.screen.query(Toast)]
            assert toasts
            dialog = app.screen.query_one("#prompt").region
            log = battle.query_one("#log").region
            for toast in toasts:
                assert not toast.region.overlaps(dialog)
                assert not toast.region.overlaps(log)
            await pilot.press("escape")  # back to the battle: the notice there stays off the log
            await pilot.pause(0.2)
            app.notify("a notice on the battle screen", timeout=5)
            await pilot.pause(0.2)
            for toast in app.screen.query(Toast):
                assert not toast.region.overlaps(battle.query_one("#log").region)

    run(go())
