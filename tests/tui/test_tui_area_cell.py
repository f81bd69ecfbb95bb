"""The prompt's line for aiming a HERO area at any cell (issue 40): the player picks the area's
"at a cell" line, types x,y, and Enter aims it there; the rules say who is inside."""

from __future__ import annotations

import tomli_w

from helpers_tui import run, settle, step

from slugfest.core.engine.actions import Action
from slugfest.core.engine.session import Session
from slugfest.scenarios import bundled
from slugfest.tui.app import make_app
from slugfest.tui.screens.prompt import PlayerPrompt
from slugfest.tui.screens.prompt_menu import PromptData, whats


def _blastwave_with_the_bomb() -> PromptData:
    s = Session.from_path(bundled()["hero-arsenal"], seed=1)
    for _ in range(80):
        if s.pending.actor == "blastwave" and any(a.maneuver == "area" for a in s.pending.menu):
            break
        s.step()
    return PromptData(s.pending, s.pending.actor, s.battle.view.player_options(s.pending.actor), [])


def test_an_area_attack_has_a_line_to_aim_it_at_a_typed_cell():
    items = whats(_blastwave_with_the_bomb())
    (line,) = [w for w in items if w.cell and w.kind == "attack"]
    assert line.label == "Concussion Bomb: area at cell x,y (below)"
    assert line.build(cell=(9, 4), push=5) == Action("attack", "Concussion Bomb", "", "area", destination=(9, 4),
                                                     push=5)
    assert [w.label for w in items if w.cell and w.kind == "move"] == ["Move to cell x,y (below)"]


def test_typing_a_cell_on_the_area_line_aims_the_area_there(tmp_path):
    from slugfest.core.files.scenario import dump_scenario
    from slugfest.core.testing import hero, scenario

    bomb = {"name": "Fireball", "dice": "6d6", "range": 40, "defense": "ED", "area": {"shape": "radius", "metres": 4}}
    sc = scenario("hero", {"A": [hero("a", (0, 5), attacks=[bomb], SPD=2, DEX=20)],
                           "B": [hero("b", (8, 4), SPD=2, DEX=10), hero("c", (8, 6), SPD=2, DEX=9)]})
    path = tmp_path / "bomb.toml"
    path.write_text(tomli_w.dumps(dump_scenario(sc)))

    async def go():
        app = make_app(path, seed=1, player_controlled=("a",))
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(5):
                await settle(app, pilot)
                if isinstance(app.screen, PlayerPrompt):
                    break
                await step(app, pilot)
            prompt = app.screen
            assert isinstance(prompt, PlayerPrompt)
            chosen: list[Action] = []
            prompt.dismiss = chosen.append  # type: ignore[method-assign]
            index = next(i for i, w in enumerate(prompt.items) if w.cell and w.kind == "attack")
            prompt.query_one("#what").highlighted = index
            await pilot.pause()
            await pilot.press("8", ",", "5")
            await pilot.pause()
            assert "Enter aims Fireball at 8,5" in str(prompt.query_one("#prompt-message").render())
            await pilot.press("enter")
            await pilot.pause()
            assert chosen == [Action("attack", "Fireball", "", "area", destination=(8, 5))]

    run(go())


def test_each_area_line_of_the_menu_names_its_cell_and_who_it_catches():
    items = whats(_blastwave_with_the_bomb())
    lines = [w for w in items if w.action is not None and w.action.maneuver == "area"]
    assert lines and all(w.label.startswith("Concussion Bomb: area at ") and " → " in w.label for w in lines)
    x, y = lines[0].action.destination
    assert lines[0].label.startswith(f"Concussion Bomb: area at {x},{y} → ")


def test_an_images_has_a_line_for_each_cell_it_would_hide_its_own_side_at_and_the_cell_line():
    from slugfest.core.engine.session import Session as _Session
    from slugfest.core.files.scenario import dump_scenario
    from slugfest.core.testing import hero, scenario

    veil = {"name": "Veil", "kind": "images", "range": 30, "area": {"shape": "radius", "metres": 2}}
    sc = scenario("hero", {"A": [hero("a", (0, 5), attacks=[veil], SPD=2, DEX=20)],
                           "B": [hero("b", (8, 4), attacks=[{"name": "Bolt", "dice": "4d6", "range": 30}], SPD=2)]})
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "veil.toml"
        path.write_text(tomli_w.dumps(dump_scenario(sc)))
        s = _Session.from_path(path, seed=1)
        data = PromptData(s.pending, s.pending.actor, s.battle.view.player_options(s.pending.actor), [])
    items = whats(data)
    screens = [w for w in items if w.kind == "screen"]
    assert screens[0].label == "Veil: Images at 0,5 hiding itself"
    assert screens[0].action == Action("screen", "Veil", "a", "area", targets=("a",), destination=(0, 5))
    assert [w.label for w in items if w.cell and w.kind == "attack"] == ["Veil: area at cell x,y (below)"]


def test_a_fighter_that_cannot_see_a_foe_has_a_line_to_listen_for_it_and_one_to_drop_its_darkness():
    from slugfest.core.files.scenario import dump_scenario
    from slugfest.core.testing import hero, scenario

    shroud = {"name": "Shroud", "kind": "darkness", "range": 30, "area": {"shape": "radius", "metres": 2}}
    sc = scenario("hero", {"A": [hero("a", (0, 5), attacks=[shroud, {"name": "Bolt", "dice": "4d6", "range": 30}],
                                      SPD=2, DEX=20)],
                           "B": [hero("b", (8, 4), SPD=2, DEX=10, invisible=True)]})
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "dark.toml"
        path.write_text(tomli_w.dumps(dump_scenario(sc)))
        s = Session.from_path(path, seed=1)
        s.battle.ctx.state.darkness = {"a": frozenset({(7, 7)})}  # as if laid: a keeps it up
        s.battle.ctx.state.darkness_powers = {"a": "Shroud"}
        from slugfest.core.hero.clock import decision_for

        decision = decision_for(s.battle.ctx, s.battle.ctx.state.fighters["a"])
        data = PromptData(decision, "a", s.battle.view.player_options("a"), [])
    labels = [w.label for w in whats(data)]
    assert "Listen for b (a PER roll with Hearing; takes the Half Phase)" in labels  # b is invisible (no names given)
    assert "drop Shroud" in labels
