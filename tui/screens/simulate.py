"""The simulation screen: many AI-vs-AI battles of the open scenario, and what they add up to.

The batch runs in a thread worker calling :func:`core.batch.simulate.simulate` (over ``jobs``
processes). Its progress callback only keeps the latest report (:attr:`SimulateScreen.latest`);
the screen reads it every ``PROGRESS_INTERVAL`` seconds. A chunk of battles is folded in a
burst a millisecond long, so a message sent at most every interval would carry the burst's
first battle and drop the rest ("26 / 200" for 50 done) until the next chunk. The summary
(``Aggregate.as_dict``, as the ``slugfest simulate`` command builds it) arrives as
:class:`SimulateScreen.Finished`, and :mod:`.stats_report` lays it out. Stop sets a flag that
the worker's progress callback checks after each battle: it raises ``KeyboardInterrupt`` there,
which ``simulate`` turns into ``interrupted=True`` with the finished battles kept. Messages are
posted (never blocking), as on the battle screen, so a worker cannot hang on a UI that has
gone. The battle screen installs this screen and keeps it: leaving and coming back finds the
last report and the numbers typed.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, ProgressBar, Select, Static
from textual.worker import get_current_worker

from slugfest.core.engine.plugins import get_plugin_manager
from slugfest.core.files.scenario import Scenario, ai_names
from slugfest.core.batch.report import render_report
from slugfest.core.batch.pace import Pace, Progress
from slugfest.core.batch.simulate import simulate, workers
from slugfest.core.batch.sweep import played_by
from slugfest.core.engine.catalog import catalog

from ..widgets import assign_letters
from .stats_report import report_content

DEFAULT_RUNS = 200
MAX_RUNS = 1_000_000
#: How often (seconds) the screen shows the batch's latest progress report.
PROGRESS_INTERVAL = 0.1
#: The AI picker's first line: every combatant played by the AI its scenario names.
AS_WRITTEN = ""


def ai_choices() -> list[tuple[str, str]]:
    """The AI picker's lines: the scenario's own AIs, then every installed plugin that can play a
    combatant, by name (what ``--ai NAME`` accepts: :func:`core.files.scenario.ai_names`)."""
    return [("the scenario's own", AS_WRITTEN)] + [(name, name) for name in ai_names()]


def ai_note(ai: str) -> str:
    """What the picked AI does, in its plugin's own words (its docstring's first sentence, its
    name dropped): the line beside the picker."""
    if ai == AS_WRITTEN:
        return "each combatant by the AI its scenario names"
    info = catalog().get(ai)
    words = info.description if info is not None else ""
    _, colon, rest = words.partition(": ")
    return (rest if colon else words).split("\n")[0]


class NumberInput(Input):
    """A whole-number input that leaves the keys it would refuse (letters, ``?``) to the screen's
    bindings, so ``s``, ``x`` and ``?`` work while a number is being typed."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character in "+-")


class SimulateScreen(Screen[None]):
    """Run ``runs`` battles of ``scenario`` from a base seed and show the report."""

    BINDINGS = [
        Binding("escape", "leave", "Back to the battle"),
        Binding("q", "app.quit", "Quit", priority=True),
        # Priority, so they reach the screen while a number is being typed (see NumberInput).
        Binding("s", "start", "Start", priority=True),
        Binding("x", "stop", "Stop", priority=True),
        Binding("p", "pick_ai", "Played by", tooltip="pick the AI that plays every combatant", priority=True),
        Binding("question_mark", "help", "Keys", key_display="?", priority=True),
    ]

    #: Worker processes for a batch; a test sets 1 (the batch then runs in the worker thread).
    jobs: int = os.cpu_count() or 1
    #: The clock the time left is read by (a test gives one it moves itself).
    clock = staticmethod(time.monotonic)

    class Finished(Message):
        """The batch ended: its summary (``None`` if it failed), whether it was stopped early."""

        def __init__(self, summary: dict[str, Any] | None, interrupted: bool, elapsed: float,
                     error: str = "") -> None:
            super().__init__()
            self.summary = summary
            self.interrupted = interrupted
            self.elapsed = elapsed
            self.error = error

    def __init__(self, scenario: Scenario, *, scenario_path: str | None = None, runs: int = DEFAULT_RUNS,
                 seed: int | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.scenario = scenario
        self.scenario_path = scenario_path
        self.default_runs = runs
        self.default_seed = scenario.seed if seed is None else seed
        self.running = False
        self.latest: Progress | None = None  # the batch's last progress report (the worker writes it)
        self._shown_done = -1
        self._ticker: Any = None
        self.ai: str | None = None  # the AI the last batch was played by (None: the scenario's own)
        self.pace = Pace(self.clock)
        self.batch_jobs = 1
        self.stop_requested = threading.Event()
        self.summary: dict[str, Any] | None = None
        self.interrupted = False
        self.elapsed = 0.0
        self.names = {c.id: c.name for c in scenario.combatants}
        self.letters = assign_letters([(c.id, c.name) for c in scenario.combatants])
        self.side_index = {s.name: i for i, s in enumerate(scenario.sides)}
        system = get_plugin_manager(house_rules=scenario.house_rules).systems()[scenario.system]
        self.catalogue = tuple(getattr(system, "catalogue", ()))
        self.system_title = getattr(system, "title", scenario.system)

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="sim-status")
        with Horizontal(id="sim-bar"):
            yield Label("Battles")
            yield NumberInput(str(self.default_runs), id="sim-runs", type="integer", compact=True)
            yield Label("Base seed")
            yield NumberInput(str(self.default_seed), id="sim-seed", type="integer", compact=True)
            yield Button("Start", id="sim-start", variant="primary", compact=True)
            yield Button("Stop", id="sim-stop", variant="error", compact=True, disabled=True)
        with Horizontal(id="sim-ai-row"):
            yield Label("Played by")
            yield Select(ai_choices(), value=AS_WRITTEN, allow_blank=False, compact=True, id="sim-ai")
            yield Static(id="sim-ai-note")
        with Horizontal(id="sim-progress-row"):
            yield ProgressBar(total=self.default_runs, show_eta=False, id="sim-progress")
            yield Static(id="sim-count")
        with VerticalScroll(id="sim-report"):
            yield Static(id="sim-report-body")
        yield Footer(show_command_palette=False)  # ctrl+p is in the help (?), not worth a footer slot

    def on_mount(self) -> None:
        self.query_one("#sim-report").border_title = "Report"
        self._status()
        self._count(Content.styled("Enter or s starts the battles; x stops them early", "$text-muted"))
        self.query_one("#sim-report-body", Static).update(self._intro())
        self.query_one("#sim-runs", Input).focus()

    @on(Select.Changed, "#sim-ai")
    def _ai_picked(self, event: Select.Changed) -> None:
        self.query_one("#sim-ai-note", Static).update(
            Content.styled(ai_note(event.value if isinstance(event.value, str) else AS_WRITTEN), "$text-muted"))

    def on_resize(self) -> None:
        self._status()
        if self.summary is not None:
            self._show_report()

    def _status(self) -> None:
        sc = self.scenario
        sides = " vs ".join(s.name for s in sc.sides)
        line = Content.assemble(("Simulate  ", "bold $text-accent"), (sc.name, "bold"), ("  ", ""),
                                (sides, "$text-muted"))
        room = self.size.width - 2
        if line.cell_length + len(self.system_title) + 3 <= room:
            line = line + Content.styled(" " * (room - line.cell_length - len(self.system_title)) + self.system_title,
                                         "$text-muted")
        self.query_one("#sim-status", Static).update(line)

    def _intro(self) -> Content:
        return Content.assemble(
            ("AI-vs-AI battles of this scenario", "bold"), "\n\n",
            ("Every combatant is played by the AI its scenario names, or every one by the AI picked under "
             "\"Played by\" (a win rate depends on how well both sides play: one AI for everyone asks about "
             "the characters; the README's \"Which to use\" compares the AIs). Battle i gets a seed made from "
             "the base seed and i, so a batch gives the same figures every time, on any number of processes.\n\n"),
            (("The report gives each side's win rate with its 95% confidence interval, how long the "
              "battles lasted, and what each combatant dealt and took."), "$text-muted"))

    def _count(self, content: Content) -> None:
        self.query_one("#sim-count", Static).update(content)

    # -- running ---------------------------------------------------------------------------

    def _read(self, wid: str, low: int, high: int | None, what: str) -> int | None:
        text = self.query_one(wid, Input).value.strip()
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            bound = f"from {low} to {high:,}" if high is not None else f"at least {low}"
            self._count(Content.styled(f"{what}: a whole number {bound}, please", "bold $text-error"))
            self.query_one(wid, Input).focus()
            return None
        return value

    def action_start(self) -> None:
        if self.running:
            return
        runs = self._read("#sim-runs", 1, MAX_RUNS, "battles")
        if runs is None:
            return
        seed = self._read("#sim-seed", -(2 ** 62), 2 ** 62, "base seed")
        if seed is None:
            return
        ai = self.query_one("#sim-ai", Select).value
        self.ai = ai if isinstance(ai, str) and ai != AS_WRITTEN else None
        self.batch_jobs = workers(runs, self.jobs) if self.jobs > 1 else 1
        self.running = True
        self.stop_requested.clear()
        self.summary = None
        self.query_one("#sim-progress", ProgressBar).update(total=runs, progress=0)
        self.pace = Pace(self.clock)
        starting = f" · starting {self.batch_jobs} processes…" if self.batch_jobs > 1 else ""
        self._count(Content.styled(f"0 / {runs:,} battles{starting}", "$text-muted"))
        self.query_one("#sim-report-body", Static).update(Content.styled("running…", "$text-muted"))
        self._set_running(True)
        self.latest, self._shown_done = None, -1
        self._ticker = self.set_interval(PROGRESS_INTERVAL, self._show_progress)
        self.run_batch(runs, seed, self.jobs, self.ai)

    def action_stop(self) -> None:
        if not self.running or self.stop_requested.is_set():
            return
        self.stop_requested.set()
        self._count(Content.styled("stopping after the battles under way…", "bold $text-warning"))

    def _set_running(self, running: bool) -> None:
        self.running = running
        self.query_one("#sim-start", Button).disabled = running
        self.query_one("#sim-stop", Button).disabled = not running
        for wid in ("#sim-runs", "#sim-seed"):
            self.query_one(wid, Input).disabled = running
        self.query_one("#sim-ai", Select).disabled = running
        if running:
            self.query_one("#sim-stop", Button).focus()
        self.refresh_bindings()

    def action_pick_ai(self) -> None:
        """Open the "Played by" list (it sits after Start in the Tab order)."""
        picker = self.query_one("#sim-ai", Select)
        if self.running or picker.expanded:
            return
        picker.focus()
        picker.action_show_overlay()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick_ai":
            return None if self.running else True
        if action == "start":
            return None if self.running else True
        if action == "stop":
            return True if self.running else None
        return True

    @work(thread=True, exclusive=True, group="simulate", exit_on_error=False)
    def run_batch(self, runs: int, seed: int, jobs: int, ai: str | None = None) -> None:
        worker = get_current_worker()
        started = time.monotonic()

        def on_progress(p: Progress) -> None:
            if self.stop_requested.is_set() or worker.is_cancelled:
                raise KeyboardInterrupt  # simulate keeps the battles already folded in
            self.latest = p  # one reference written: the screen's timer reads it (_show_progress)

        try:
            scenario = self.scenario if ai is None else played_by(self.scenario, ai)
            agg, interrupted = simulate(scenario, runs, seed, jobs, on_progress)
            summary = agg.as_dict(self.catalogue)
            summary.update({"scenario": self.scenario.name, "system": self.scenario.system, "base_seed": seed,
                            "runs_requested": runs, "interrupted": interrupted, "ai": ai})
            self.post_message(self.Finished(summary, interrupted, time.monotonic() - started))
        except Exception as exc:  # a bug: say so and keep the app alive
            self.post_message(self.Finished(None, False, time.monotonic() - started,
                                            f"{type(exc).__name__}: {exc}"))

    def _show_progress(self) -> None:
        """The batch's latest progress on the bar and the count line, with the time left."""
        p = self.latest
        if not self.running or p is None or p.done == self._shown_done:
            return
        self._shown_done = p.done
        self.query_one("#sim-progress", ProgressBar).update(progress=p.done)
        if self.stop_requested.is_set():
            return
        parts: list[tuple[str, str] | str] = [(f"{p.done:,}", "bold"), (f" / {p.total:,} battles", "$text-muted")]
        if p.errors:
            parts.append((f" · {p.errors} failed", "bold $text-error"))
        _, left = self.pace.update(p.done, p.total, p.under_way)
        if left is not None and p.done < p.total:
            parts.append((f" · about {left:.0f} s left" if left < 120 else f" · about {left / 60:.0f} min left",
                          "$text-muted"))
        parts.append((self._jobs_note(), "$text-muted"))
        self._count(Content.assemble(*parts))

    def _jobs_note(self) -> str:
        return f" · {self.batch_jobs} processes" if self.batch_jobs > 1 else ""

    @on(Finished)
    def _finished(self, message: Finished) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if not self.is_attached:
            return
        self._set_running(False)
        self.elapsed = message.elapsed
        if message.summary is None:
            self._count(Content.styled("the batch failed", "bold $text-error"))
            self.query_one("#sim-report-body", Static).update(
                Content.styled(f"internal error: {message.error}", "$text-error"))
            self.query_one("#sim-start", Button).focus()
            return
        self.summary = message.summary
        self.interrupted = message.interrupted
        n, asked = self.summary["battles"], self.summary["runs_requested"]
        done = n + len(self.summary["errors"])
        self.query_one("#sim-progress", ProgressBar).update(progress=done)
        rate = f" · {done / message.elapsed:,.0f}/s" if message.elapsed > 0 and done else ""
        if message.interrupted:
            text = Content.assemble(("stopped", "bold $text-warning"),
                                    (f": {done:,} of {asked:,} battles in {message.elapsed:.1f} s", "$text-muted"))
        else:
            text = Content.assemble(("done", "bold $text-success"),
                                    (f": {done:,} battles in {message.elapsed:.1f} s{rate}", "$text-muted"))
        self._count(text)
        self._show_report()
        report = self.query_one("#sim-report", VerticalScroll)
        report.scroll_home(animate=False)
        report.focus()

    # -- the report ------------------------------------------------------------------------

    def _show_report(self) -> None:
        if self.summary is None:
            return
        width = max(self.size.width - 5, 60)  # less the border, the padding and the scrollbar
        body = self.query_one("#sim-report-body", Static)
        body.add_class("-report")  # lines are not wrapped: a narrower box scrolls sideways
        body.update(report_content(self.summary, self.scenario, width, self.letters, self.names, self.side_index,
                                   self.scenario_path))

    def report_text(self) -> str:
        """The report as ``slugfest simulate`` prints it (empty before the first batch ends)."""
        return render_report(self.summary, self.scenario) if self.summary is not None else ""

    # -- buttons, keys -----------------------------------------------------------------------

    @on(Button.Pressed, "#sim-start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#sim-stop")
    def _stop_pressed(self) -> None:
        self.action_stop()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def action_leave(self) -> None:
        """Back to the battle; during a batch, Escape stops it first (keeping the battles that
        finished, as Stop does) and a second Escape leaves. The battle screen keeps this screen,
        so its report and its numbers are there when it is opened again."""
        if self.running and not self.stop_requested.is_set():
            self.action_stop()
            self.notify("Stopping the batch; Escape again goes back to the battle.", timeout=3)
            return
        self.dismiss()  # a batch still stopping reports to this screen when it ends: it is kept

    def action_help(self) -> None:
        """The game's own help for this screen (not the toolkit's list of an input's cursor keys)."""
        from .help import REPORT, HelpScreen, key_rows

        if isinstance(self.app.screen, HelpScreen):
            return
        self.app.push_screen(HelpScreen(key_rows(self.BINDINGS), None, self.scenario.system,
                                        sections=(("The statistics screen", REPORT),)))
