"""What a player trips over in the prompt (issue 37): the list in the order of play, the result
of their own last action shown first, and typing a cell saying what Enter will do."""

from __future__ import annotations

from helpers_tui import run, settle, step

from slugfest.core.engine.session import Session
from slugfest.scenarios import bundled
from slugfest.tui.app import make_app
from slugfest.tui.screens.battle import BattleScreen
from slugfest.tui.screens.prompt import PlayerPrompt, PromptData, QuestionPrompt, usable, whats


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


def test_the_prompt_shows_the_players_own_last_result_first_and_what_typing_a_cell_does():
    async def go():
        app = make_app("hero-duel", seed=2026, player_controlled=("sparkwing",))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            battle = next(screen for screen in app.screen_stack if isinstance(screen, BattleScreen))
            for _ in range(30):  # to a prompt where Sparkwing can shoot
                if isinstance(app.screen, PlayerPrompt):
                    if app.screen.items[0].label == "Lightning Bolt: strike" and app.screen.items[0].legal_targets:
                        break
                    await pilot.press("a")
                    await settle(app, pilot)
                elif isinstance(app.screen, QuestionPrompt):
                    await pilot.press("a")
                    await settle(app, pilot)
                else:
                    await step(app, pilot)
            prompt = app.screen
            assert isinstance(prompt, PlayerPrompt)
            # typing a cell from the list: the message says Enter now moves, before it does
            await pilot.press("1", "8", ",", "6")
            await pilot.pause()
            assert "Enter moves to 18,6, not the action that was highlighted" in \
                str(prompt.query_one("#prompt-message").render())
            await pilot.press("escape")  # back to the list
            prompt.query_one("#what").highlighted = 0
            await pilot.pause()
            await pilot.press("enter")  # Lightning Bolt at the highlighted target
            await settle(app, pilot)
            for _ in range(30):  # the next prompt or question, whichever comes first, shows it
                if isinstance(app.screen, (PlayerPrompt, QuestionPrompt)):
                    break
                await step(app, pilot)
            assert isinstance(app.screen, (PlayerPrompt, QuestionPrompt)) and battle.session.history
            shown = app.screen.query_one(".recap").render().plain.splitlines()
            assert shown[0].startswith("You (Sparkwing): strike Lightning Bolt -> Ironclad")
            assert shown[0].endswith(": HIT") or shown[0].endswith(": miss")  # the verdict, never cut off
            assert any("Ironclad takes" in line for line in shown[1:]) or shown[0].endswith("miss")

    run(go())


def test_a_notice_never_covers_the_log():
    """Issue 37: "the battle is over" covered the result line ("=== Heroes win: l▌")."""
    from textual.widgets._toast import Toast

    from helpers_tui import FASTEST

    async def go():
        app = make_app("hero-duel", seed=1, speed=FASTEST)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            battle = app.screen
            await pilot.press("space")
            for _ in range(50):
                await settle(app, pilot)
                if battle.session.over:
                    break
            await pilot.press("space")  # at the end: a notice says the battle is over
            await pilot.pause(0.2)
            assert any("the battle is over" in n.message for n in app._notifications)
            toasts = list(app.screen.query(Toast))
            assert toasts, "no notice shown"
            log = app.screen.query_one("#log").region
            assert all(not t.region.overlaps(log) for t in toasts)

    run(go())
