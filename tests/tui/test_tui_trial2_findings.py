"""Issue 37, the second new-user trial (tmux at 80x24 and 120x40): what still hid a figure, cut a
line or said two things at once. Each is checked on the screen the app draws, at the size it happened."""

from __future__ import annotations

from helpers_tui import run, screen_text, settle, step_to_prompt
from textual.widgets import Input, OptionList

from slugfest.tui.app import make_app
from slugfest.tui.screens.prompt import PlayerPrompt
from slugfest.tui.widgets.combatants import CombatantCard


def test_at_80x24_the_players_own_card_shows_its_karma_beside_you():
    """"C Captain America [you]" left no room for "Karma 4" while Thor's card read "Karma 5": the
    Karma question then came with the player's Karma nowhere on screen. The name gives way."""
    async def go():
        app = make_app("marvel-brawl", player_controlled=("captain-america",))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            card = app.screen.query_one("#card-captain-america", CombatantCard)
            assert card.dense
            first = card.render().plain.split("\n")[0]
            assert "[you]" in first and "Karma 4" in first, first
            assert "C. America" in first, first

    run(go())


def test_at_80x24_the_first_actions_map_distances_are_shortened_from_the_start():
    """marvel-brawl's first action showed "from C Captain America, in spaces:" wrapped, its
    distances cut off (fitted to a width the legend no longer had); later turns read "from C, in
    spaces: T 3 ...". The legend is laid out at the width it is drawn at."""
    async def go():
        app = make_app("marvel-brawl")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            shown = str(app.screen.query_one("#legend").render())
            assert shown.startswith("from C, in spaces: T 3  B 6"), shown
            assert "Captain America" not in shown
            assert all(len(line) <= app.screen.query_one("#legend").content_size.width for line in shown.split("\n"))

    run(go())


def test_a_typed_cell_changes_the_help_line_and_esc_clears_it_and_restores_the_highlight():
    """HERO, an attack highlighted, "18,6" typed: the line above said Enter moves there while the
    help line still read "Enter: do it to the highlighted target"; after Esc the field kept 18,6
    and the highlight stayed on "Move to cell x,y". The help line follows; Esc undoes the typing."""
    async def go():
        app = make_app("hero-duel", seed=2026, player_controlled=("sparkwing",))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await step_to_prompt(app, pilot)
            prompt = app.screen
            assert isinstance(prompt, PlayerPrompt)
            what = prompt.query_one("#what", OptionList)
            attack = next(i for i, w in enumerate(prompt.items) if w.kind == "attack" and not w.cell)
            what.highlighted = attack
            await pilot.pause()
            help_line = prompt.query_one("#prompt-help")
            assert str(help_line.render()).startswith("Enter: do it to the highlighted target")
            await pilot.press("1", "8", ",", "6")
            await pilot.pause()
            label = prompt.items[attack].label
            assert str(help_line.render()) == f"Enter: move to 18,6 · Esc: clear it, back to {label}"
            assert "Enter moves to 18,6" in screen_text(app) and "highlighted target" not in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert what.has_focus and what.highlighted == attack
            assert prompt.query_one("#cell", Input).value == ""
            assert str(help_line.render()).startswith("Enter: do it to the highlighted target")

    run(go())
