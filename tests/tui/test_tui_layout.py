"""The battle screen's layout at the sizes issue 21 names: 8 combatants whole at 120x40, nothing
cut at 80x24 (panels scroll instead), and the 32 combatants the rules allow still reachable.

The snapshots pin how it looks (accept a deliberate change with ``pytest tests/tui
--snapshot-update``); the other tests pin the promise itself, whatever the look.
"""

from __future__ import annotations

import re

import pytest
from helpers_tui import run, screen_text, settle, step

from slugfest.core.rules.grid import Grid
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import find
from slugfest.tui.app import make_app
from slugfest.tui.widgets.battlemap import MapData, legend
from slugfest.tui.widgets.combatants import CombatantCard, CombatantPanel

EIGHT = ["hero-brawl", "marvel-brawl"]  # the bundled four-a-side battles, one per system


def names(scenario: str) -> list[str]:
    return [c.name for s in load_scenario(find(scenario)).sides for c in s.combatants]


def card_lines_fit(app) -> bool:
    """No card has a line wider than the card: nothing is cut off at the right."""
    return all(line.cell_length <= card.content_size.width
               for card in app.screen.query(CombatantCard)
               for line in card.lines(card.content_size.width, card.dense))


@pytest.mark.parametrize("scenario", EIGHT)
def test_eight_combatants_show_whole_at_120_by_40_without_scrolling(scenario):
    async def go():
        app = make_app(scenario, seed=7)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await step(app, pilot, 3)
            panel = app.screen.query_one("#combatants", CombatantPanel)
            assert panel.max_scroll_y == 0  # every card is in view at once
            assert panel.has_class("-dense")  # two lines a card: the full cards would not fit
            text = screen_text(app)
            assert all(name in text for name in names(scenario))
            assert card_lines_fit(app)
    run(go())


@pytest.mark.parametrize("scenario", EIGHT)
def test_eight_combatants_at_80_by_24_scroll_rather_than_being_cut(scenario):
    async def go():
        app = make_app(scenario, seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            panel = app.screen.query_one("#combatants", CombatantPanel)
            assert panel.max_scroll_y > 0
            assert card_lines_fit(app)
            panel.scroll_end(animate=False)
            await pilot.pause()
            assert names(scenario)[-1] in screen_text(app)  # the last card can be brought into view
            legend_box = app.screen.query_one("#legend")
            assert len(str(legend_box.render()).splitlines()) <= 2  # a short screen gives it two lines
    run(go())


def test_a_duel_keeps_the_full_cards_with_a_bar_per_pool():
    async def go():
        app = make_app("hero-duel", seed=7)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            assert not app.screen.query_one("#combatants", CombatantPanel).has_class("-dense")
            assert "█" * 10 in screen_text(app)
    run(go())


def test_thirty_two_combatants_stay_reachable_by_scrolling(tmp_path, load_script):
    latency = load_script("benchmarks/tui_latency.py", "slugfest_tui_latency")
    path = latency.big_battle(tmp_path)

    async def go():
        app = make_app(str(path), seed=7)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            panel = app.screen.query_one("#combatants", CombatantPanel)
            chart = app.screen.query_one("#turn-box")
            assert panel.has_class("-dense") and panel.max_scroll_y > 0 and chart.max_scroll_y > 0
            assert card_lines_fit(app)
            # the chart and the cards share the column: neither squeezes the other out
            assert panel.outer_size.height >= chart.outer_size.height - 1
            panel.scroll_end(animate=False)
            await pilot.pause()
            assert "B15" in screen_text(app)
            shown = str(app.screen.query_one("#legend").render())
            # by letter, every one of the 31 others fits in the legend's three lines
            assert len(shown.splitlines()) <= 3 and len(re.findall(r"\S \d+\b", shown)) == 31
    run(go())


def test_the_legend_lists_the_nearest_first_and_counts_what_does_not_fit():
    grid = Grid(40, 10)
    people = [{"id": f"c{i}", "name": f"Fighter {i}", "position": [i * 3, 0]} for i in range(12)]
    data = MapData(grid, people, {f"c{i}": chr(65 + i) for i in range(12)}, {f"c{i}": i % 2 for i in range(12)},
                   "c5", None, [], 2, "m")
    assert str(legend(data, 400, 1)).startswith("from F Fighter 5: E Fighter 4 6 m  G Fighter 6 6 m  D Fighter 3 12 m")
    # where the names crowd the distances out (80x24: "from S She-Hulk:" then "+4 more"), the
    # distances come by letter, nearest first, the unit said once
    lines = str(legend(data, 60, 2)).splitlines()
    assert lines == ["from F Fighter 5, in m: E 6  G 6  D 12  H 12  C 18  I 18", "B 24  J 24  A 30  K 30  L 36"]
    # one short line: entries give way to the count, which always shows
    one = str(legend(data, 44, 1))
    assert "\n" not in one and len(one) <= 44 and one.endswith("more")
    shown = len(re.findall(r" \d+\b", one.split(":", 1)[1]))
    assert one.endswith(f"+{11 - shown} more")
    # a name longer than the line is cut, and the others still show
    long = MapData(grid, [{"id": "x", "name": "A" * 40, "position": [0, 0]}, {"id": "y", "name": "Bob", "position": [1, 0]},
                          {"id": "z", "name": "Cy", "position": [2, 0]}], {"x": "X", "y": "Y", "z": "Z"},
                   {"x": 0, "y": 1, "z": 1})
    lines = str(legend(long, 20, 3)).splitlines()
    assert all(len(line) <= 20 for line in lines) and "Y Bob" in "\n".join(lines) and "Z Cy" in "\n".join(lines)
    # with room for everyone, no count
    assert "more" not in str(legend(data, 400, 1))


@pytest.mark.parametrize("scenario", EIGHT)
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_eight_combatant_layout_snapshot(snap_compare, scenario, size):
    async def before(pilot):
        await settle(pilot.app, pilot)
        await step(pilot.app, pilot, 3)

    assert snap_compare(make_app(scenario, seed=7), terminal_size=size, run_before=before)

