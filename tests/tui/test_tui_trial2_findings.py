"""Issue 37, the second new-user trial (tmux at 80x24 and 120x40): what still hid a figure, cut a
line or said two things at once. Each is checked on the screen the app draws, at the size it happened."""

from __future__ import annotations

from helpers_tui import run, screen_text, settle, step, step_to_prompt
from textual.widgets import Input, OptionList

from slugfest.tui.app import make_app
from slugfest.tui.screens.prompt import PlayerPrompt, Recap
from slugfest.tui.screens.question import QuestionPrompt
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


def test_at_80x24_a_team_maneuvers_recap_starts_with_who_called_it():
    """marvel-brawl, Captain America the player's: the question after the Masters of Evil call
    Offensive 2 showed "each of the team's attacks rolled twice, the better kept (paid: ..." (the
    line's end, kept for a roll's verdict), not who called it. A line with no roll keeps its start."""
    async def go():
        app = make_app("marvel-brawl", player_controlled=("captain-america",))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for _ in range(6):
                screen = app.screen
                if isinstance(screen, QuestionPrompt) and any("call a team maneuver" in line
                                                              for line in screen.data.recent):
                    break
                if isinstance(screen, (PlayerPrompt, QuestionPrompt)):
                    await pilot.press("a")  # the AI answers for the player
                    await settle(app, pilot)
                else:
                    await step(app, pilot)
            assert isinstance(app.screen, QuestionPrompt)
            shown = str(app.screen.query_one(Recap).render()).split("\n")
            assert shown[0] == "Masters of Evil call a team maneuver, Offensive 2, until the round ends:", shown
            assert shown[1].strip().startswith("each of the team's attacks rolled twice")
            assert shown[-1].endswith("…") and shown[0] in screen_text(app)

    run(go())


def test_on_first_opening_the_hero_action_list_no_down_press_is_lost_and_the_list_wraps():
    """hero-brawl as Bulwark: 12 Down presses left "Move toward" highlighted. The list has 12
    entries: 11 presses reach the last one, the 12th wraps to the first (no key was lost)."""
    async def go():
        app = make_app("hero-brawl", player_controlled=("bulwark",))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await step_to_prompt(app, pilot, tries=10)
            prompt = app.screen
            assert isinstance(prompt, PlayerPrompt)
            what = prompt.query_one("#what", OptionList)
            assert what.has_focus and what.highlighted == 0 and what.option_count == len(prompt.items) == 12
            await pilot.press(*["down"] * 11)
            assert what.highlighted == 11
            await pilot.press("down")
            assert what.highlighted == 0 and prompt.items[0].label == "Move toward"

    run(go())
