"""What a player trips over in the prompt (issue 37): the list in the order of play, the result
of their own last action shown first, and typing a cell saying what Enter will do."""

from __future__ import annotations

from helpers_tui import run, settle, step

from slugfest.core.engine.session import Session
from slugfest.scenarios import bundled
from slugfest.tui.app import make_app
from slugfest.tui.screens.prompt import PlayerPrompt
from slugfest.tui.screens.prompt_menu import PromptData, usable, whats


def _sparkwing_in_range() -> PromptData:
    s = Session.from_path(bundled()["hero-duel"], seed=2026)
    for _ in range(40):
        if s.pending.actor == "sparkwing" and any(a.kind == "attack" for a in s.pending.menu):
            break
        s.step()
    return PromptData(s.pending, s.pending.actor, s.battle.view.player_options(s.pending.actor), [])


def test_each_attack_comes_first_then_the_moves_and_defences_and_refused_rows_last():
    items = whats(_sparkwing_in_range())
    labels = [w.label for w in items]
    assert labels[:2] == ["Lightning Bolt: strike", "Arc Lance: strike"]  # each attack's first usable form
    # Move and Dodge a few presses down, not under twelve attack variants
    assert labels.index("Move toward") == 2 and labels.index("Dodge") < 6
    ok = [usable(w) for w in items]
    assert ok == sorted(ok, reverse=True)  # every line the rules refuse now comes after every usable one
    assert "Lightning Bolt: pull" in labels[ok.index(False):]


def test_the_recap_puts_the_players_own_last_result_first_with_its_verdict():
    """After Sparkwing's Lightning Bolt, Post-Segment-12 recoveries and a Segment heading had
    pushed its result out of the recap; the verdict joins the head line so it is never cut."""
    from slugfest.core.render.text import TextLog
    from slugfest.tui.recap import own_result

    s = Session.from_path(bundled()["hero-duel"], seed=2026, player_controlled={"sparkwing"})
    names = {c.id: c.name for side in s.scenario.sides for c in side.combatants}

    def to_the_players_turn() -> None:
        s.run()
        while s.question is not None:  # attacked: take it
            s.answer(s.question.menu[0])
            s.run()

    to_the_players_turn()
    assert own_result(s.events, TextLog(names, verbose=False), names) == ()  # nothing of its own yet
    for _ in range(10):  # the AI plays for the player until Ironclad is in reach
        bolt = next((a for a in s.pending.menu if a.kind == "attack" and a.attack == "Lightning Bolt"), None)
        if bolt is not None:
            break
        s.play(s.pending.menu[0])
        to_the_players_turn()
    assert bolt is not None
    s.play(bolt)
    to_the_players_turn()  # others act, Segments pass
    shown = own_result(s.events, TextLog(names, verbose=False), names)
    assert shown[0].startswith(f"You (Sparkwing): {bolt.maneuver} Lightning Bolt -> Ironclad: ")
    assert shown[0].endswith(("HIT", "miss"))
    assert all("Segment" not in line and "'s Phase" not in line for line in shown)
    if shown[0].endswith("HIT"):
        assert any(line.startswith("Ironclad takes") for line in shown[1:])


def test_typing_a_cell_from_the_list_says_that_enter_now_moves_there():
    async def go():
        app = make_app("hero-duel", seed=2026, player_controlled=("sparkwing",))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(5):  # Sparkwing acts first
                await settle(app, pilot)
                if isinstance(app.screen, PlayerPrompt):
                    break
                await step(app, pilot)
            prompt = app.screen
            assert isinstance(prompt, PlayerPrompt)
            await pilot.press("1", "8", ",", "6")
            await pilot.pause()
            assert "Enter moves to 18,6, not the action that was highlighted" in \
                str(prompt.query_one("#prompt-message").render())

    run(go())


def test_a_notice_never_covers_the_log():
    """Issue 37: "the battle is over" covered the result line ("=== Heroes win: l▌")."""
    from textual.widgets._toast import Toast

    async def go():
        app = make_app("hero-duel", seed=1)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            app.screen.notify("the battle is over: ← steps back, r restarts", timeout=30)
            await pilot.pause(0.2)
            toasts = list(app.screen.query(Toast))
            assert toasts, "no notice shown"
            log = app.screen.query_one("#log").region
            assert all(not t.region.overlaps(log) for t in toasts)

    run(go())
