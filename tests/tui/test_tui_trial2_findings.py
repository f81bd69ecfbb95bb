"""Issue 37, the second new-user trial (tmux at 80x24 and 120x40): what still hid a figure, cut a
line or said two things at once. Each is checked on the screen the app draws, at the size it happened."""

from __future__ import annotations

from helpers_tui import run, settle

from slugfest.tui.app import make_app
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
