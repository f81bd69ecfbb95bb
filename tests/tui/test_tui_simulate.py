"""The simulation screen driven by Pilot: many AI-vs-AI battles of the open scenario, the
report, stopping early, leaving."""

from __future__ import annotations

import asyncio
import re
import threading
import time

from helpers_tui import run, screen_text, settle
from textual.widgets import Button, Input, Select

import slugfest.tui.screens.simulate as sim_screen
import slugfest.tui.screens.stats_report as stats_report
from slugfest.core.engine.plugins import get_plugin_manager
from slugfest.core.files.scenario import load_scenario
from slugfest.core.batch.report import render_report
from slugfest.core.batch.pace import Progress
from slugfest.core.batch.simulate import simulate
from slugfest.core.batch.sweep import played_by
from slugfest.scenarios import bundled
from slugfest.tui.app import make_app
from slugfest.tui.screens.battle import BattleScreen
from slugfest.tui.screens.simulate import SimulateScreen, ai_choices

SIZE = (100, 32)
DUEL = load_scenario(bundled()["hero-duel"])


def direct(runs: int, seed: int, scenario=DUEL) -> dict:
    """What ``slugfest simulate`` would aggregate for these battles."""
    agg, interrupted = simulate(scenario, runs, seed, 1)
    assert not interrupted
    system = get_plugin_manager(house_rules=DUEL.house_rules).systems()[DUEL.system]
    return agg.as_dict(getattr(system, "catalogue", ()))


def figures(summary: dict) -> dict:
    """The summary without what the screen adds about the request."""
    return {k: v for k, v in summary.items() if k not in ("scenario", "system", "base_seed", "runs_requested",
                                                          "interrupted", "ai")}


async def open_simulation(app, pilot) -> SimulateScreen:
    await settle(app, pilot)
    battle = app.screen
    assert isinstance(battle, BattleScreen)
    assert battle.active_bindings["m"].binding.description == "Stats"
    await pilot.press("m")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SimulateScreen)
    screen.jobs = 1  # no process pool under test
    return screen


async def wait_until(pilot, condition, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        await pilot.pause(0.01)


def test_simulate_screen_runs_the_batch_and_shows_the_report():
    async def go():
        app = make_app("hero-duel", seed=99)
        async with app.run_test(size=SIZE) as pilot:
            # the key is offered on the battle screen, in the footer and in the ? help
            await settle(app, pilot)
            assert "m Stats" in screen_text(app)
            await pilot.press("question_mark")
            await pilot.pause()
            assert re.search(r"█\s+m\s+Simulate: statistics\s", screen_text(app))  # in the game's help
            await pilot.press("question_mark")
            screen = await open_simulation(app, pilot)
            runs = screen.query_one("#sim-runs", Input)
            seed = screen.query_one("#sim-seed", Input)
            assert runs.value == "200"
            assert seed.value == str(DUEL.seed)  # the scenario's seed, not the battle's
            assert "Duel at the Docks" in screen_text(app)
            runs.value = "6"
            await pilot.click("#sim-start")
            await settle(app, pilot)
            assert not screen.running
            summary = screen.summary
            assert summary is not None and not summary["interrupted"]
            expected = direct(6, DUEL.seed)
            assert figures(summary) == expected
            assert summary["base_seed"] == DUEL.seed and summary["runs_requested"] == 6
            # what the screen shows: both sides and the draws, adding up to the 6 battles
            text = screen_text(app)
            assert "6 battles" in text and "done" in text
            shown = {}
            for line in text.splitlines():
                cells = line.strip("│ ").split()
                if cells and cells[0] in ("Heroes", "Villains", "draws") and len(cells) >= 3:
                    shown[cells[0]] = (int(cells[1]), cells[2])
            assert set(shown) == {"Heroes", "Villains", "draws"}
            for side in ("Heroes", "Villains"):
                s = expected["sides"][side]
                assert shown[side] == (s["wins"], f"{s['rate']:.1%}")
                lo, hi = s["ci95"]
                assert f"{lo:.1%} – {hi:.1%}" in text
            assert sum(w for w, _ in shown.values()) == 6
            assert shown["draws"][0] == expected["draws"]
            assert "Battle length (turns)" in text and "Per combatant" in text
            box = screen.query_one("#sim-report")
            assert box.max_scroll_x == 0  # the tables fit the box: their headings wrap instead
            report = str(screen.query_one("#sim-report-body").render())
            assert "Ironclad" in report and "Sparkwing" in report
            assert screen.report_text() == render_report(summary, DUEL)
            # Escape goes back to the battle, which is as it was
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, BattleScreen)
            assert app.screen.session.seed == 99

    run(go())


def test_the_ai_picked_plays_every_combatant_as_simulate_ai_does_and_the_report_names_it():
    """Balancers ask about the characters with one AI on both sides: the picker is ``--ai``."""
    async def go():
        app = make_app("hero-duel", seed=99)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_simulation(app, pilot)
            picker = screen.query_one("#sim-ai", Select)
            assert picker.value == "" and "AI its scenario names" in str(screen.query_one("#sim-ai-note").render())
            assert {"default", "tactician", "planner"} <= {value for _, value in ai_choices()}
            await pilot.press("p")  # from the Battles field, where the keyboard starts: the list opens
            await pilot.pause()
            assert picker.expanded and picker.has_focus_within
            await pilot.press("escape")  # closes the list, not the screen
            await pilot.pause()
            assert not picker.expanded and app.screen is screen
            picker.value = "tactician"
            await pilot.pause()
            assert str(screen.query_one("#sim-ai-note").render()).startswith("focus fire with its allies")
            screen.query_one("#sim-runs", Input).value = "4"
            await pilot.click("#sim-start")
            await settle(app, pilot)
            summary = screen.summary
            assert summary is not None and summary["ai"] == "tactician"
            assert figures(summary) == direct(4, DUEL.seed, played_by(DUEL, "tactician"))
            assert figures(summary) != direct(4, DUEL.seed)  # the scenario's own AIs fight other battles
            assert "every combatant played by the tactician AI" in screen_text(app)
            body = str(screen.query_one("#sim-report-body").render())
            assert f"--seed {DUEL.seed} --ai tactician --play-by-play K" in " ".join(body.split())
            assert screen.report_text().splitlines()[0].endswith("every combatant played by the tactician AI")
            # back to the scenario's own: the next batch says nothing of an AI
            picker.value = ""
            await pilot.click("#sim-start")
            await settle(app, pilot)
            assert screen.summary["ai"] is None and figures(screen.summary) == direct(4, DUEL.seed)
            assert "played by" not in screen.report_text().splitlines()[0]

    run(go())


def gate_simulation(monkeypatch, hold_at=None):
    """Make the screen's batch wait at a progress report (the ``hold_at``-th battle, or every
    one) until the test sets ``proceed``; ``reached`` is set when it waits. Returns
    (reached, proceed, the progress counts seen)."""
    reached, proceed = threading.Event(), threading.Event()
    seen: list[int] = []
    real = sim_screen.simulate

    def gated(scenario, runs, base_seed, jobs=1, on_progress=None):
        def progress(p):
            seen.append(p.done)
            if hold_at is None or p.done == hold_at:
                reached.set()
                proceed.wait(10)
            on_progress(p)
        return real(scenario, runs, base_seed, jobs, progress)

    monkeypatch.setattr(sim_screen, "simulate", gated)
    return reached, proceed, seen


def test_stop_keeps_the_battles_already_finished(monkeypatch):
    reached, proceed, _ = gate_simulation(monkeypatch, hold_at=3)  # held until Stop is pressed

    async def go():
        app = make_app("hero-duel")
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_simulation(app, pilot)
            screen.query_one("#sim-runs", Input).value = "50"
            screen.query_one("#sim-seed", Input).value = "5"
            screen.query_one("#sim-seed", Input).focus()
            await pilot.press("enter")  # Enter in an input starts too
            await wait_until(pilot, reached.is_set)
            assert screen.running
            assert not screen.query_one("#sim-stop", Button).disabled
            assert screen.query_one("#sim-start", Button).disabled
            assert screen.query_one("#sim-ai", Select).disabled  # the batch under way keeps its AI
            await pilot.press("x")
            await pilot.pause()
            assert "stopping" in screen_text(app)
            proceed.set()
            await settle(app, pilot)
            summary = screen.summary
            assert summary is not None and summary["interrupted"]
            assert summary["battles"] == 3 and summary["runs_requested"] == 50
            assert figures(summary) == direct(3, 5)
            text = screen_text(app)
            assert "stopped" in text and "3 of 50" in text
            assert not screen.query_one("#sim-start", Button).disabled
            assert screen.query_one("#sim-stop", Button).disabled
            assert not screen.query_one("#sim-ai", Select).disabled

    run(go())


def test_the_count_shows_a_whole_chunk_folded_at_once_and_the_time_left_waits_a_round(monkeypatch):
    """A process pool's chunk of 25 battles is folded in a millisecond: the count shows the
    whole chunk (a message per interval would carry its first battle, "1 / 100", and drop the
    rest). Two processes play 50 battles at once: the second chunk, 0.6 s after the first, is
    the same round and promises nothing; the next round gives the time left."""
    now = [100.0]
    steps = [(threading.Event(), threading.Event()) for _ in range(3)]
    real = sim_screen.simulate

    def pool(scenario, runs, base_seed, jobs=1, on_progress=None):
        for k, (reached, proceed) in enumerate(steps):
            now[0] += (0.0, 0.6, 10.0)[k]
            for done in range(25 * k + 1, 25 * k + 26):
                on_progress(Progress(done, 100, 0, under_way=50))
            reached.set()
            proceed.wait(10)
        return real(scenario, 2, base_seed, 1)

    monkeypatch.setattr(sim_screen, "simulate", pool)

    async def go():
        app = make_app("hero-duel")
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_simulation(app, pilot)
            screen.clock = lambda: now[0]
            screen.query_one("#sim-runs", Input).value = "100"
            await pilot.press("s")
            for k, (reached, proceed) in enumerate(steps):
                await wait_until(pilot, reached.is_set)
                await wait_until(pilot, lambda: f"{25 * (k + 1)} / 100 battles" in screen_text(app))
                if k < 2:
                    assert "left" not in screen_text(app)
                else:  # 50 battles in the 10.6 s since the first chunk: 4.7 a second, 25 to go
                    assert "about 5 s left" in screen_text(app)
                proceed.set()
            await settle(app, pilot)
            await wait_until(pilot, lambda: not screen.running)

    run(go())


def test_bad_input_is_explained_and_escape_mid_run_stops_the_batch(monkeypatch):
    started, proceed, seen = gate_simulation(monkeypatch)

    async def go():
        app = make_app("hero-duel")
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_simulation(app, pilot)
            screen.query_one("#sim-runs", Input).value = "0"
            await pilot.press("s")
            await pilot.pause()
            assert not screen.running and "a whole number" in screen_text(app)
            screen.query_one("#sim-runs", Input).value = "500"
            await pilot.press("s")
            await wait_until(pilot, started.is_set)
            await pilot.press("escape")  # during a batch: stops it, keeps what finished, stays
            await pilot.pause()
            assert app.screen is screen and "stopping" in screen_text(app)
            await pilot.press("escape")  # while it is still stopping: back to the battle at once
            await pilot.pause()
            assert isinstance(app.screen, BattleScreen)
            proceed.set()
            await settle(app, pilot)
            await asyncio.sleep(0.3)  # time enough for dozens of battles, had it gone on
            assert seen == [1]  # the batch stopped as the first battle was reported
            await wait_until(pilot, lambda: not screen.running)
            again = await open_simulation(app, pilot)  # the stopped batch reported to the kept screen
            assert again is screen and screen.summary is not None and screen.summary["battles"] == 1

    run(go())


def test_the_last_report_is_there_when_the_screen_is_opened_again():
    async def go():
        app = make_app("hero-duel")
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_simulation(app, pilot)
            screen.query_one("#sim-runs", Input).value = "4"
            await pilot.press("s")
            await settle(app, pilot)
            await wait_until(pilot, lambda: not screen.running)
            report = screen.report_text()
            assert report and "4 battles" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            again = await open_simulation(app, pilot)
            assert again is screen and again.report_text() == report
            assert again.query_one("#sim-runs", Input).value == "4"
            assert "4 battles" in screen_text(app)
            assert app.return_code is None
            await pilot.press("q")  # quits from here too, as everywhere else
            assert app.return_code == 0

    run(go())


def test_the_report_names_the_notable_battles_and_how_to_replay_one():
    summary = {**direct(8, 3), "base_seed": 3, "runs_requested": 8, "interrupted": False}
    notable = summary["notable_battles"]
    text = stats_report.report_content(summary, DUEL, 100, {}, {}, {}, "duel.toml").plain
    assert "replay one: slugfest simulate duel.toml --runs 8 --seed 3 --play-by-play K" in text
    shortest = next(line for line in text.splitlines() if line.strip().startswith("shortest"))
    assert f"#{notable['shortest']['index']} " in shortest and f"{notable['shortest']['length']} turns" in shortest
    for side, b in notable["first_win"].items():
        line = next(line for line in text.splitlines() if line.strip().startswith(f"first {side} win"))
        assert (f"#{b['index']} " in line) if b else line.strip().endswith("none")


def test_the_replay_command_names_the_scenario_as_one_would_type_it(tmp_path, monkeypatch):
    summary = {**direct(2, 3), "base_seed": 3, "runs_requested": 2, "interrupted": False}

    def hint(path):
        text = stats_report.report_content(summary, DUEL, 100, {}, {}, {}, path).plain
        return next(line.strip() for line in text.splitlines() if "replay one" in line)

    assert hint(str(bundled()["hero-duel"])) == "replay one: slugfest simulate hero-duel --runs 2 --seed 3 --play-by-play K"
    mine = tmp_path / "mine" / "duel.toml"
    monkeypatch.chdir(tmp_path)
    assert "slugfest simulate mine/duel.toml --runs" in hint(str(mine))
    assert "slugfest simulate /elsewhere/duel.toml --runs" in hint("/elsewhere/duel.toml")


def test_the_coverage_block_names_the_first_battle_each_action_and_rule_fired_in():
    """As the terminal report does: a rule that fired is one replay away (``--play-by-play K``)."""
    summary = {**direct(8, 3), "base_seed": 3, "runs_requested": 8, "interrupted": False}
    first = summary["coverage"]["first_battle"]
    assert first, "the batch fired some rules"
    lines = stats_report.report_content(summary, DUEL, 100, {}, {}, {}, "duel.toml").plain.splitlines()
    coverage = "\n".join(lines[next(i for i, line in enumerate(lines) if line.startswith("Coverage")) + 1:])
    counts = {**summary["coverage"]["actions"], **summary["coverage"]["rules"]}
    for tag, index in first.items():
        assert re.search(rf"(^|  ){re.escape(tag)} +{counts[tag]:,} #{index}\b", coverage, re.M), tag


def test_the_report_fits_an_80_column_screen_without_scrolling_sideways():
    """Issue 21: at 80 columns the wide tables come in parts, each naming its rows."""
    async def go():
        app = make_app("hero-brawl", seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            screen = await open_simulation(app, pilot)
            screen.query_one("#sim-runs", Input).value = "4"
            await pilot.click("#sim-start")
            await settle(app, pilot)
            assert screen.summary is not None
            await pilot.pause()
            assert screen.query_one("#sim-report").max_scroll_x == 0
            report = str(screen.query_one("#sim-report-body").render())
            assert report.count("combatant") >= 3  # the per-combatant table came in parts
    run(go())
