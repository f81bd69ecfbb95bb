"""The app driven by Textual's Pilot: pick, step, autoplay, play a turn, save/reload, step back."""

from __future__ import annotations

import json

from helpers_tui import DATA, FASTEST, run, screen_text, settle, step

from core.events import ActionChosen
from core.session import Session
from scenarios import bundled
from textual.widgets import Input, OptionList
from tui.app import SlugfestApp, make_app
from tui.screens.battle import BattleScreen
from tui.screens.files import PathDialog
from tui.screens.picker import PickerScreen
from tui.screens.prompt import PlayerPrompt
from tui.widgets.combat_log import CombatLog

SIZE = (100, 32)
DUEL = bundled()["hero-duel"]


def test_make_app_and_run_are_the_entry_points():
    import tui.app

    app = make_app()
    assert isinstance(app, SlugfestApp)
    assert callable(tui.app.run)


def test_picker_lists_scenarios_and_opens_the_chosen_one():
    async def go():
        app = make_app(scenarios_dir=DATA)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, PickerScreen)
            keys = [item.key for item in picker.items]
            assert "hero-duel" in keys and "docks-duel" in keys and "broken" in keys
            text = screen_text(app)
            assert "hero-duel" in text and "invalid" in text
            # the invalid one explains itself and does not open
            ol = app.screen.query_one("#scenarios", OptionList)
            ol.highlighted = keys.index("broken")
            await pilot.pause()
            assert "problems" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)
            # a seed, then the duel
            ol.highlighted = keys.index("hero-duel")
            await pilot.pause()
            assert "Duel at the Docks" in screen_text(app)
            app.screen.query_one("#seed", Input).value = "77"
            await pilot.click("#scenarios")  # focus back on the list without moving it
            ol.highlighted = keys.index("hero-duel")
            await pilot.press("enter")
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            assert screen.session.seed == 77
            assert "seed 77" in screen_text(app)
            # Escape goes back to the picker
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)

    run(go())


def test_step_shows_the_action_and_updates_the_state():
    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            assert screen.session.decisions == 0
            text = screen_text(app)
            assert "Ironclad" in text and "Sparkwing" in text and "STUN" in text and "BODY" in text
            assert "Speed Chart" in text and "Turn 1, Segment 12" in text
            await step(app, pilot)
            assert screen.session.decisions == 1
            actor = screen.session.history[0].actor
            name = screen.names[actor]
            assert f"{name} -> " in screen.log_text()
            assert "action 1" in screen_text(app)
            # the log line of the AI's choice carries its reason
            chosen = [e for e in screen.session.events if isinstance(e, ActionChosen)]
            assert chosen[0].reason and chosen[0].reason in screen.log_text()
            # speed keys, and the selected combatant whose ranges the map legend gives
            speed = screen.speed
            await pilot.press("plus")
            assert screen.speed == speed + 1
            await pilot.press("minus", "minus")
            assert screen.speed == speed - 1
            assert screen.selected == "ironclad"
            assert "from I Ironclad: S Sparkwing" in screen_text(app)
            await pilot.press("s")
            await pilot.pause()
            assert screen.selected == "sparkwing"
            assert "from S Sparkwing: I Ironclad" in screen_text(app)

    run(go())


def test_autoplay_runs_to_the_end_off_the_ui_thread():
    async def go():
        app = make_app("hero-duel", seed=2026, speed=FASTEST)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            await pilot.press("space")
            await settle(app, pilot)
            assert screen.session.over
            outcome = screen.session.outcome
            assert not screen.playing
            text = screen_text(app)
            assert f"{outcome.winner} win" in text
            assert "===" in screen.log_text()
            # the screen shows the final state: the loser is out of the fight
            assert "knocked out" in text or "dead" in text or "dying" in text
            # space at the end does not restart anything
            await pilot.press("space")
            await settle(app, pilot)
            assert screen.session.over and not screen.playing
            # a roll's log entry expands to its full modifier chain, and folds back
            log = screen.query_one("#log", CombatLog)
            i = next(i for i, en in enumerate(log.entries) if en.kind == "attack_rolled")
            brief = log.get_option_at_index(i).prompt.plain
            assert brief.startswith("▸") and "needs" in brief and "OCV" in brief
            assert "(base)" not in brief
            log.focus()
            log.highlighted = i
            await pilot.press("enter")
            await pilot.pause()
            expanded = log.get_option_at_index(i).prompt.plain
            assert expanded.startswith("▾")
            assert "(base)" in expanded and "= " in expanded and "roll: 3d6" in expanded
            await pilot.press("enter")
            await pilot.pause()
            assert log.get_option_at_index(i).prompt.plain == brief
            await pilot.press("v")  # everything verbose
            await pilot.pause()
            assert all(en.expanded for en in log.entries if en.expandable)

    run(go())


def test_pause_stops_autoplay():
    async def go():
        app = make_app(DUEL, seed=3, speed=0)  # 2 s between actions: pausing catches it mid-battle
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            await pilot.press("space")
            await pilot.pause(0.1)
            await pilot.press("space")
            await settle(app, pilot)
            assert not screen.playing
            assert not screen.session.over
            assert screen.session.decisions <= 1

    run(go())


def test_player_turn_with_a_chosen_target_and_an_illegal_choice_explained():
    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert screen.selected == "ironclad"
            await pilot.press("p")  # Ironclad is now the player's
            await settle(app, pilot)
            assert screen.session.player_controlled == {"ironclad"}
            assert "[you]" in screen_text(app)
            for _ in range(5):
                if isinstance(app.screen, PlayerPrompt):
                    break
                await step(app, pilot)
            prompt = app.screen
            assert isinstance(prompt, PlayerPrompt)
            assert prompt.data.decision.actor == "ironclad"
            assert "Ironclad's turn" in screen_text(app)
            labels = [w.label for w in prompt.items]
            what = prompt.query_one("#what", OptionList)
            # Punch at Sparkwing, far away: refused with the rules' reason, the prompt stays
            what.highlighted = labels.index("Punch: strike")
            await pilot.pause()
            await pilot.press("enter")  # to the target list
            await pilot.pause()
            targets = prompt.query_one("#targets", OptionList)
            assert targets.has_focus
            assert targets.get_option_at_index(targets.highlighted).id == "sparkwing"
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is prompt
            assert "Not allowed" in screen_text(app) and "away" in screen_text(app)
            assert screen.session.choices == {}
            # back to the list, move toward Sparkwing: accepted
            await pilot.press("escape")
            what.highlighted = labels.index("Move toward")
            await pilot.pause()
            await pilot.press("enter", "enter")
            await settle(app, pilot)
            assert not isinstance(app.screen, PlayerPrompt)
            (index, choice), = screen.session.choices.items()
            assert choice.action.kind == "move" and choice.action.target == "sparkwing"
            assert screen.session.history[index].chosen_by == "player"
            assert "Ironclad -> move -> sparkwing  (player's choice)" in screen.log_text()

    run(go())


def test_player_prompt_can_let_the_ai_decide_or_wait():
    async def go():
        app = make_app("hero-duel", seed=2026, player_controlled=("ironclad",))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            for _ in range(5):
                if isinstance(app.screen, PlayerPrompt):
                    break
                await step(app, pilot)
            assert isinstance(app.screen, PlayerPrompt)
            await pilot.press("escape")  # leave it waiting
            await pilot.pause()
            assert app.screen is screen and screen.session.waiting_for_player
            assert "your turn" in screen_text(app)
            await pilot.press("right")  # reopens the prompt
            await pilot.pause()
            assert isinstance(app.screen, PlayerPrompt)
            decisions = screen.session.decisions
            await pilot.press("a")
            await settle(app, pilot)
            assert screen.session.decisions == decisions + 1
            assert screen.session.history[-1].chosen_by == "default"

    run(go())


def test_save_and_reload_continue_identically(tmp_path):
    save = tmp_path / "duel-save.toml"

    async def play_and_save():
        app = make_app("hero-duel", seed=5, player_controlled=("ironclad",))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            while screen.session.decisions < 4:
                if isinstance(app.screen, PlayerPrompt):
                    await pilot.press("enter", "enter")  # the first legal choice and target
                    await settle(app, pilot)
                else:
                    await step(app, pilot)
            assert screen.session.choices
            if isinstance(app.screen, PlayerPrompt):
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, PathDialog)
            app.screen.query_one(Input).value = str(save)
            await pilot.press("enter")
            await settle(app, pilot)
            assert save.exists()
            return list(screen.session.events), screen.session, screen.log_text()

    events, original, log_text = run(play_and_save())

    async def reopen():
        app = make_app(save)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, PlayerPrompt):
                screen = app.screen_stack[-2]
            assert isinstance(screen, BattleScreen)
            assert screen.session.events == events
            assert screen.session.player_controlled == {"ironclad"}
            assert screen.log_text() == log_text
            return screen.session

    reopened = run(reopen())
    _finish(original)
    _finish(reopened)
    assert reopened.events == original.events


def _finish(session: Session) -> None:
    while not session.over:
        if session.waiting_for_player:
            session.play(session.pending.menu[0])
        else:
            session.step()


def test_step_back_then_forward_gives_the_same_events():
    async def go():
        app = make_app("hero-duel", seed=2026)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            await step(app, pilot, 4)
            after_four = list(screen.session.events)
            log_after_four = screen.log_text()
            await pilot.press("left")
            await settle(app, pilot)
            assert screen.session.decisions == 3
            assert len(screen.session.events) < len(after_four)
            assert "action 3" in screen_text(app)
            await step(app, pilot)
            assert screen.session.events == after_four
            assert screen.log_text() == log_after_four
            # rewind to a highlighted log line, then play on
            log = screen.query_one("#log", CombatLog)
            log.focus()
            chosen = [i for i, en in enumerate(log.entries) if en.kind == "action_chosen"]
            log.highlighted = chosen[1]  # the second action of the battle
            expected = screen.session.decision_of_event(log.entries[chosen[1]].event_index)
            assert expected == 1
            await pilot.press("g")
            await settle(app, pilot)
            assert screen.session.decisions == 1
            await step(app, pilot, 3)
            assert screen.session.events == after_four

    run(go())


def test_restart_with_a_new_seed_and_export(tmp_path):
    out = tmp_path / "log.jsonl"

    async def go():
        app = make_app("hero-duel", seed=2026, rng_seed=1)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            await step(app, pilot, 2)
            await pilot.press("r")
            await settle(app, pilot)
            assert screen.session.seed != 2026
            assert screen.session.decisions == 0
            assert f"seed {screen.session.seed}" in screen_text(app)
            await step(app, pilot)
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, PathDialog)
            app.screen.query_one(Input).value = str(out)
            await pilot.press("enter")
            await settle(app, pilot)
            return list(screen.session.events)

    events = run(go())
    lines = out.read_text().splitlines()
    assert len(lines) == len(events)
    assert json.loads(lines[0])["event"] == "battle_started"


def test_marvel_battle_renders_generically():
    async def go():
        app = make_app("marvel-seed", speed=FASTEST)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            text = screen_text(app)
            assert "Health" in text and "Focus" in text and "Round 1" in text
            await pilot.press("space")
            await settle(app, pilot)
            assert screen.session.over
            assert f"{screen.session.outcome.winner} win" in screen_text(app)

    run(go())


def test_prompt_offers_each_systems_menu():
    """The player's list is built from the decision's menu, for HERO maneuvers and Marvel's plain attacks."""
    from tui import systems
    from tui.screens.prompt import PromptData, whats

    for name in ("hero-duel", "marvel-seed"):
        s = Session.from_path(bundled()[name])
        while True:
            attacks = [a for a in s.pending.menu if a.kind == "attack"]
            if attacks:
                break
            s.step()
        data = PromptData(s.pending, s.pending.actor, s.scenario.system, systems.attacks_of(s.battle, s.pending.actor), [])
        items = whats(data)
        built = {w.build(t) for w in items if w.needs_target for t in w.legal_targets}
        built |= {w.build() for w in items if w.action is not None}
        legal = {a for a in s.pending.menu if a.kind != "move" or a.target}
        assert legal <= built, f"{name}: the prompt cannot reach {legal - built}"


def test_a_bad_scenario_path_is_reported_not_raised(tmp_path):
    async def go():
        app = make_app(DATA / "broken.toml")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)
            assert any("Cannot open" in (n.title or "") for n in app._notifications)

    run(go())
