"""The battle screen: combatants, turn structure, map and log, with play / step / back controls.

The battle lives in a :class:`core.engine.session.Session`. Everything that changes it (a step, an
autoplay run, a rewind, a restart, the player's choice) runs in a thread worker, holding the
session lock; the worker then builds a :class:`Frame` (the snapshot, the new events, who acts
next) and posts it to the screen as a :class:`BattleScreen.FrameReady` message. Widgets only
ever render frames, so the interface stays responsive however long the battle runs.

``post_message`` is Textual's thread-safe hand-over that never blocks: frames are posted while
the lock is held, so they arrive in order, and a worker can never hang waiting for a UI that
is shutting down (a blocking ``call_from_thread`` could, on quitting mid-autoplay).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from slugfest.core.engine.actions import Action, Decision
from slugfest.core.engine.battle import Outcome
from slugfest.core.errors import IllegalAction, SlugfestError
from slugfest.core.engine.events import Event
from slugfest.core.rules.grid import Grid, distance
from slugfest.core.engine.guard import ThreadWatch
from slugfest.core.files.atomic import write_text_atomic
from slugfest.core.render.html import page
from slugfest.core.render.replay_input import session_log, session_replay
from slugfest.core.render.text import TextLog
from slugfest.core.engine.session import Session
from slugfest.core.settings import data_dir

from .. import systems
from ..widgets import assign_letters, fit_name
from ..recap import AI_REASON, CLOCK_KINDS, own_result
from ..widgets.battlemap import BattleMap, Legend, MapData, fields_of, knockback_path
from ..widgets.combat_log import CombatLog
from ..widgets.combatants import CardData, CombatantCard, CombatantPanel
from ..widgets.turn import TurnHead, TurnTracker
from .files import PathDialog, short_path
from .prompt import PlayerPrompt
from .prompt_menu import PromptData
from .question import QuestionPrompt, question_words
from .simulate import SimulateScreen

#: Pause between autoplayed actions, slowest to fastest (seconds).
SPEEDS: tuple[float, ...] = (2.0, 1.0, 0.5, 0.25, 0.1, 0.03, 0.0)
DEFAULT_SPEED = 3
#: At the fastest speeds, send the screen a frame at most this often.
FRAME_INTERVAL = 0.05


#: The app's breakpoints (tui/app.py): from this width the map and the log stand side by side...
VERY_WIDE = 150
#: ...below this width and this height the screen is "compact" (80x24): see :func:`_compact`.
WIDE, SHORT = 100, 30


def _compact(width: int, height: int) -> bool:
    """A small terminal (80x24): the map goes under the combatants and the turn chart over the
    log, so the log has the whole right column but for the chart (a play-tester at 80x24 read
    the log through 9 lines beside a map that left it half the column)."""
    return width < WIDE and height < SHORT


#: Lines of the log the player's prompts repeat (they cover the log).
RECAP_LINES = 4


def free_name(path: Path) -> str:
    """``path``, or the first of ``name-2``, ``name-3``... not taken: an export's suggested name
    never points at an earlier export (the same scenario and seed suggest the same name)."""
    n, candidate = 2, path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return str(candidate)


def _make_data_dir(path: str) -> None:
    """Create the data folder the first time something is written there (only that folder: a
    path the player typed elsewhere must already exist)."""
    target = Path(path).expanduser().parent
    if target == data_dir():
        target.mkdir(parents=True, exist_ok=True)


#: Seconds within which a second Escape leaves an unsaved battle.
LEAVE_WINDOW = 3.0


def _fights_for(c: dict[str, Any]) -> str:
    """The side a combatant of the snapshot fights for now (HERO: a fighter turned by a Mind
    Control, its controller's), which tells the prompt's friends from its foes."""
    return str(c.get("fights_for", c.get("side", "")))


@dataclass
class Frame:
    """What the screen shows after an operation, built in the worker under the session lock."""

    snapshot: dict[str, Any]
    events: list[Event]  # the new events (all of them when ``reset``)
    first_index: int
    reset: bool
    decisions: int
    pending: Decision | None
    waiting: bool
    outcome: Outcome | None
    seed: int
    players: frozenset[str]
    extras: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    prompt: PromptData | None = None
    question: Decision | None = None  # a question to one of the player's combatants, mid-action
    error: str = ""
    note: str = ""


class BattleScreen(Screen[None]):
    BINDINGS = [
        Binding("space", "toggle_play", "Play"),  # or pause: the status bar shows which
        Binding("right,n", "step", "Step", key_display="→"),
        Binding("left,b", "back", "Back", key_display="←"),
        # Bindings with show=False stay out of the footer (it must fit 100 columns) but are in
        # the ? help (screens/help.py).
        Binding("plus,equals_sign", "faster", "Faster", key_display="+", show=False),
        Binding("minus", "slower", "Slower", key_display="-", show=False),
        Binding("p", "toggle_player", "You/AI"),
        Binding("s", "select_next", "Select next", show=False),
        Binding("r", "restart", "Reseed"),
        # the footer's word is short (every key fits 80 columns); the ? help says the tooltip
        Binding("m", "simulate", "Stats", tooltip="Simulate: statistics"),
        # Tab was the only way into the log (to read back, open a roll, rewind): a key of its own
        Binding("l", "focus_log", "Log", tooltip="Into the log (↑ ↓)"),
        Binding("v", "verbose", "Verbose log", show=False),
        Binding("g", "rewind_here", "Rewind to log line", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load save", show=False),
        Binding("e", "export", "Export log", show=False),
        Binding("h", "export_html", "Export HTML replay", show=False),
        Binding("escape", "leave", "Scenarios", show=False),
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    class FrameReady(Message):
        """A worker finished an operation: here is what to show."""

        def __init__(self, frame: Frame) -> None:
            super().__init__()
            self.frame = frame

    class AutoplayStopped(Message):
        """Autoplay run ``generation`` ran to the end of the battle or to the player's turn."""

        def __init__(self, generation: int) -> None:
            super().__init__()
            self.generation = generation

    class Notice(Message):
        def __init__(self, text: str, severity: str = "information") -> None:
            super().__init__()
            self.text = text
            self.severity = severity

    def __init__(self, session: Session, *, speed: int = DEFAULT_SPEED, rng: random.Random | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.session = session
        self.session_lock = threading.Lock()
        self.rng = rng or random.Random()
        self.speed = speed
        self.playing = False
        self.sent = 0  # events already handed to the screen
        sc = session.scenario
        self.names = {c.id: c.name for c in sc.combatants}
        self.recap = TextLog(self.names, verbose=False)  # what just happened, for the prompts
        self.letters = assign_letters([(c.id, c.name) for c in sc.combatants])
        self.side_index = {c.id: i for i, s in enumerate(sc.sides) for c in s.combatants}
        self.prices = systems.price_figures(sc)  # each sheet's price, shown on its card (`slugfest check --costs`)
        self.grid: Grid = session.battle.grid
        system = session.battle.view.system
        self.metres_per_cell = system.metres_per_cell
        self.cell_unit = system.cell_unit
        self.time_unit = system.time_unit
        self.system_title = system.title
        self.selected: str | None = sc.combatants[0].id if sc.combatants else None
        self.frame: Frame | None = None
        self.all_events: list[Event] = []
        self.prompt_open = False
        self.generation = 0  # which autoplay run is the current one
        self.simulation: SimulateScreen | None = None  # kept, so its last report survives leaving it
        self.saved_at = -1  # how many decisions the battle had when it was last saved
        self.reprompt_after_save = False  # ctrl+s came from a prompt: reopen it after the save dialog
        self._leave_asked = -LEAVE_WINDOW  # when Escape last warned that the battle is not saved
        self._quit_asked = -LEAVE_WINDOW  # when q last warned
        self._load_asked = -LEAVE_WINDOW  # when ctrl+o last warned
        #: The hard stop for third-party plugins, which run in the battle's worker thread here.
        self.plugin_watch = ThreadWatch(session.battle.plugin_timeout)
        self.op_thread: int | None = None  # the thread playing the battle right now
        self.abandoned = ""  # why the battle cannot go on (a plugin that would not stop)
        self.map_data: MapData | None = None  # what the map shows now, kept to fit its legend on a resize
        self.compact = False  # the small screen's arrangement (:func:`_compact`), set in compose
        self._arranging = asyncio.Lock()  # one rearrangement at a time, however fast the resizes

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        sc = self.session.scenario
        self.compact = _compact(self.app.size.width, self.app.size.height)
        yield Static(id="status")
        with Vertical(id="left"):
            yield CombatantPanel([(s.name, [c.id for c in s.combatants]) for s in sc.sides], id="combatants")
            yield self._map_box() if self.compact else self._turn_box()
        with Vertical(id="right"):
            yield self._turn_box() if self.compact else self._map_box()
            yield CombatLog(self.names, self.session.battle.system, id="log")
        yield Footer(show_command_palette=False)  # ctrl+p is in the help (?), not worth a footer slot

    def _turn_box(self) -> VerticalScroll:
        tracker = TurnTracker(id="turn")
        box = VerticalScroll(TurnHead(tracker, id="turn-head"), tracker, id="turn-box")
        box.border_title = "Turn"
        return box

    def _map_box(self) -> Vertical:
        box = Vertical(BattleMap(id="map"), Legend(id="legend"), id="map-box")
        size, cell = f"Map {self.grid.width}×{self.grid.height}", systems.cell_text(self.metres_per_cell, self.cell_unit)
        if self.compact:  # the left column's width: the cell's size under the map, not cut off
            box.border_title, box.border_subtitle = size, cell
        else:
            box.border_title = f"{size}, {cell}"
        return box

    def on_mount(self) -> None:
        self.query_one("#combatants").border_title = "Combatants"
        log = self.query_one("#log", CombatLog)
        log.border_title = "Log"
        log.hint = log.border_subtitle = "Enter on a ▸ line shows its full roll"
        log.focus()
        self.query_one(Footer).compact = self.size.width < 100
        self._fit_map()
        self.set_interval(0.25, self._watchdog)
        self.run_op("show")

    async def on_resize(self) -> None:
        await self._arrange()
        self._fit_map()
        self._show_legend()
        self._status()  # fitted to the new width (a dialog open or not), never left to be clipped
        # Below 100 columns the footer's keys are packed closer, so all of them still show.
        self.query_one(Footer).compact = self.size.width < 100

    async def _arrange(self) -> None:
        """Put the map and the turn chart in the columns this size wants (:func:`_compact`):
        Textual moves no widget between containers, so the two are built anew where they go,
        and shown the frame they showed."""
        async with self._arranging:
            compact = _compact(*self.size)
            if compact == self.compact:
                return
            self.compact = compact
            await self.query_one("#map-box").remove()
            await self.query_one("#turn-box").remove()
            left, right = self.query_one("#left"), self.query_one("#right")
            log = self.query_one("#log")
            await left.mount(self._map_box() if compact else self._turn_box())
            await right.mount(self._turn_box() if compact else self._map_box(), before=log)
        self._render_state()

    def _fit_map(self) -> None:
        """The map takes the room it needs, up to a share of its column's height, leaving the
        rest to the log (beside a wide map, or under it) or, on a small screen, to the cards."""
        width, height = self.size
        box = self.query_one("#map-box")
        if width >= VERY_WIDE:
            box.styles.height = "1fr"
            return
        available = max(height - 2, 8)  # less the status line and the footer
        wanted = self.grid.height + 1 + 2 + 2  # the column numbers, the border and two legend lines
        share = int(available * (0.5 if height < SHORT else 0.62))
        if self.compact and self._cards_height(dense=False) > available - share:
            # under the cards, which go dense: the rows a small roster's dense cards leave are the map's too
            share = max(share, available - self._cards_height(dense=True))
        box.styles.height = max(min(wanted, share), 6)

    def _cards_height(self, dense: bool) -> int:
        """Rows the combatants' panel needs for every card, in full or dense (its border included)."""
        panel = self.query_one("#combatants", CombatantPanel)
        cards = [card for card in panel.query(CombatantCard) if card.data is not None]
        if not cards:
            return 10**6
        width = max(panel.content_region.width - 1, 20)
        return len(panel.sides) + sum(len(card.lines(width, dense)) for card in cards) + 2

    # -- workers -------------------------------------------------------------------------

    def _build_frame(self, reset: bool, error: str = "", note: str = "") -> Frame:
        """Called with the lock held, in a worker."""
        s = self.session
        if reset:
            self.sent = 0
        events = list(s.events[self.sent:])
        first = self.sent
        self.sent = len(s.events)
        prompt = None
        asking = s.question or s.pending
        if s.waiting_for_player and asking is not None:
            prompt = self._prompt_data(asking)
        return Frame(s.snapshot(), events, first, reset, s.decisions, s.pending, s.waiting_for_player, s.outcome,
                     s.seed, frozenset(s.player_controlled), s.battle.view.figures(), prompt, s.question,
                     error, note)

    def _prompt_data(self, decision: Decision) -> PromptData:
        s = self.session
        snap = s.snapshot()
        me = next((c for c in snap["combatants"] if c["id"] == decision.actor), None)
        others = []
        for c in snap["combatants"]:
            if c["id"] == decision.actor:
                continue
            d = distance(tuple(me["position"]), tuple(c["position"])) if me and "position" in c else 0
            others.append({"id": c["id"], "name": c.get("name", c["id"]), "side_index": self.side_index.get(c["id"], 0),
                           "letter": self.letters.get(c["id"], "?"), "out": systems.is_out(c),
                           "distance": systems.distance_text(d, self.metres_per_cell, self.cell_unit),
                           "foe": me is not None and _fights_for(c) != _fights_for(me)})
        others.sort(key=lambda o: (not o["foe"], o["out"]))
        return PromptData(decision, self.names.get(decision.actor, decision.actor),
                          s.battle.view.player_options(decision.actor), others, self._recent(), self._own_result())

    def _recent(self, most: int = RECAP_LINES) -> tuple[str, ...]:
        """The last lines of the log, for the prompt that covers it: the action just taken, so
        the player sees what it did (the hit they chose not to dodge) before choosing. The
        clock's own lines (a Segment's heading, a Phase's or turn's opening figures) say less
        than what happened, and the dialog and the status bar say them already."""
        s = self.session
        if not s.history:
            return ()  # the first decision: the log holds only the battle's heading
        start = s.history[-1].first_event
        events = [e for e in s.events[start:] if e.kind not in CLOCK_KINDS]
        # an AI's reason ("  (best expected harm: ...)") is the log's to keep: here it pushes out results
        lines = [AI_REASON.sub("", line.strip()) for line in self.recap.lines(events) if line.strip()]
        return tuple(lines[-most:])

    def _own_result(self, most: int = 3) -> tuple[str, ...]:
        """What the player's own last action did, for the recap's first lines (:mod:`..recap`)."""
        return own_result(self.session.events, self.recap, self.names, most)

    def _send(self, frame: Frame) -> None:
        """Hand a frame to the UI thread (call with the lock held, so frames keep their order)."""
        self.post_message(self.FrameReady(frame))

    def run_op(self, op: str, arg: Any = None) -> None:
        """One operation on the session, in a worker thread (refused once the battle is abandoned)."""
        if self._refuse_if_abandoned():
            return
        self._run_op(op, arg)

    def _refuse_if_abandoned(self) -> bool:
        if self.abandoned:
            self.notify(self.abandoned, severity="error", timeout=10)
        return bool(self.abandoned)

    @work(thread=True, group="battle", exit_on_error=False)
    def _run_op(self, op: str, arg: Any = None) -> None:
        """One operation on the session (never while another holds the lock)."""
        error = note = ""
        with self.session_lock:
            self.op_thread = threading.get_ident()
            reset = op in ("show", "back", "rewind", "rewind_event", "restart")
            try:
                s = self.session
                if op == "step":
                    if not s.step() and not s.over and not s.waiting_for_player:
                        error = "nothing to step"
                elif op == "back":
                    if s.decisions == 0:
                        note = "already at the start"
                    s.back(arg or 1)
                elif op == "rewind":
                    s.rewind(arg)
                    note = f"rewound to action {arg}"
                elif op == "rewind_event":
                    to = s.decision_of_event(arg)
                    s.rewind(to)
                    note = f"rewound to action {to}"
                elif op == "restart":
                    s.restart(arg)
                    note = f"restarted with seed {s.seed}"
                elif op == "play":
                    s.play(arg)
                elif op == "ai":
                    s.ai_step()
                elif op == "player":
                    cid, on_ = arg
                    s.set_player(cid, on_)
                    note = f"{self.names.get(cid, cid)}: {'you choose its actions' if on_ else 'its AI plays it'}"
            except IllegalAction as exc:
                error = f"Not allowed: {exc}"
            except SlugfestError as exc:
                error = str(exc)
            except Exception as exc:  # a bug: keep the app alive and say so
                error = f"internal error: {type(exc).__name__}: {exc}"
            finally:
                self.op_thread = None
            self._send(self._build_frame(reset, error, note))

    def _still_playing(self, generation: int) -> bool:
        return self.playing and generation == self.generation

    @work(thread=True, exclusive=True, group="autoplay", exit_on_error=False)
    def autoplay(self, generation: int) -> None:
        worker = get_current_worker()
        last_sent = 0.0
        error = ""
        while True:
            with self.session_lock:
                if worker.is_cancelled or not self._still_playing(generation):
                    break
                self.op_thread = threading.get_ident()
                try:
                    stepped = self.session.step()
                except Exception as exc:
                    stepped, error = False, f"internal error: {type(exc).__name__}: {exc}"
                finally:
                    self.op_thread = None
                delay = SPEEDS[self.speed]
                now = time.monotonic()
                if not stepped or delay >= FRAME_INTERVAL or now - last_sent >= FRAME_INTERVAL:
                    self._send(self._build_frame(False, error))
                    last_sent = now
            if not stepped:
                break
            end = time.monotonic() + delay
            while not worker.is_cancelled and self._still_playing(generation) and time.monotonic() < end:
                time.sleep(min(0.02, max(end - time.monotonic(), 0)))
        with self.session_lock:  # a frame for the steps taken since the last one sent
            if self.sent != len(self.session.events):
                self._send(self._build_frame(False))
        self.post_message(self.AutoplayStopped(generation))

    def _watchdog(self) -> None:
        """Stop a third-party plugin call that runs far past its limit; abandon the battle when
        the plugin will not stop (its thread cannot be killed, and holds the battle)."""
        runaway = self.plugin_watch.check(self.op_thread)
        if runaway is None or self.abandoned:
            return
        plugin, hook = runaway
        self.abandoned = (f"Plugin {plugin!r} would not stop ({hook} ran past its time limit and caught the stop): "
                          "this battle cannot go on. Esc returns to the scenarios; to play without it, start "
                          f"with SLUGFEST_BLOCK_PLUGINS={plugin}.")
        self.playing = False
        self.generation += 1
        self.notify(self.abandoned, title="Battle abandoned", severity="error", timeout=30)
        self._status()

    @on(AutoplayStopped)
    def _stopped_playing(self, message: AutoplayStopped) -> None:
        if message.generation == self.generation:
            self.playing = False
            self._status()

    @on(FrameReady)
    def _frame_ready(self, message: FrameReady) -> None:
        self._apply(message.frame)

    @on(Notice)
    def _notice(self, message: Notice) -> None:
        self.notify(message.text, severity=message.severity, timeout=5)  # type: ignore[arg-type]

    # -- applying a frame (UI thread) ---------------------------------------------------------

    def _apply(self, frame: Frame) -> None:
        if not self.is_attached:
            return
        self.frame = frame
        log = self.query_one("#log", CombatLog)
        if frame.reset:
            self.all_events = list(frame.events)
            log.reset(frame.events)
        else:
            self.all_events.extend(frame.events)
            log.add_events(frame.events, frame.first_index)
        self._render_state()
        if frame.error:
            self.notify(frame.error, severity="error", timeout=6)
        elif frame.note:
            self.notify(frame.note, timeout=3)
        if frame.waiting and frame.prompt is not None and not self.prompt_open:
            self.playing = False
            self._status()
            self._open_prompt(frame.prompt)

    def _render_state(self) -> None:
        f = self.frame
        if f is None or self._arranging.locked():  # the map and the chart are being moved: shown after
            return
        active = f.pending.actor if f.pending is not None else None  # an attacker whose target is asked, too
        cards = {}
        for c in f.snapshot.get("combatants", []):
            cid = c["id"]
            cards[cid] = CardData(c, self.letters.get(cid, "?"), self.side_index.get(cid, 0), [*f.extras.get(cid, []), *self.prices.get(cid, [])],
                                  cid in f.players, cid == active, cid == self.selected)
        self.query_one("#combatants", CombatantPanel).update_cards(cards)
        if self.compact:
            self._fit_map()  # conditions come and go on the cards: the map takes what they leave
        turn = self.query_one("#turn", TurnTracker)
        turn.brief = self.compact
        turn.set_data(f.snapshot, self.letters, self.side_index, active, self.time_unit)
        self.query_one("#turn-head", TurnHead).refresh(layout=True)
        box = self.query_one("#turn-box", VerticalScroll)
        box.border_title = turn.chart_title
        if self.compact:  # a third of the column: the row of the one acting kept in view
            self.call_after_refresh(self._chart_to, active)
        # on the player's turn the map keeps the one choosing in view
        data = MapData(self.grid, f.snapshot.get("combatants", []), self.letters, self.side_index, self.selected,
                       active, knockback_path(self.all_events), self.metres_per_cell, self.cell_unit,
                       centre=(f.question.actor if f.question is not None else active) if f.waiting else None,
                       fields=fields_of(f.snapshot))
        self.query_one("#map", BattleMap).set_data(data)
        self.map_data = data
        self._show_legend()
        self._status()

    def _chart_to(self, cid: str | None) -> None:
        row = self.query_one("#turn", TurnTracker).row_of(cid) if not self._arranging.locked() else None
        if row is not None:  # from the top (the Segments' numbers in view) while the row is on the first page
            box = self.query_one("#turn-box", VerticalScroll)
            page = box.scrollable_content_region.height - self.query_one("#turn-head").outer_size.height
            box.scroll_to(y=0 if row < page else row - page + 1, animate=False)

    def _show_legend(self) -> None:
        if self.map_data is not None and not self._arranging.locked():
            self.query_one("#legend", Legend).show(self.map_data, 2 if self.has_class("-short") else 3)

    def _status(self) -> None:
        f = self.frame
        sc = self.session.scenario
        state: list[tuple[str, str]] = []
        speed = [(f" · {_speed_text(SPEEDS[self.speed])}", "$text-muted")]
        if f is not None:
            if f.outcome is not None:
                o = f.outcome
                result = f"{o.winner} win" if o.winner else "Draw"
                state, speed = [("■ ", "$text-success"), (f"{result}: {o.reason}", "bold $text-success")], []
            elif f.waiting and f.question is not None:
                state, speed = [(f"◆ {question_words(f.question)[1]}, your answer: ", "$text-accent"),
                                (self.names.get(f.question.actor, "?"), "bold $text-accent")], []
            elif f.waiting:
                state, speed = [("◆ your turn: ", "$text-accent"), (self.names.get(f.pending.actor, "?") if f.pending
                                                                    else "", "bold $text-accent")], []
            elif self.abandoned:
                state, speed = [("✖ abandoned: a plugin would not stop", "bold $text-error")], []
            elif self.playing:
                state = [("▶ playing", "bold $text-success")]
            else:
                state = [("‖ paused", "bold $text-warning")]
        room = self.size.width - 2

        def build(name: str, with_speed: bool, with_seed: bool = True, with_action: bool = True) -> Content:
            groups: list[list[tuple[str, str]]] = [[(name, "bold")]] if name else []
            if f is not None:
                if with_seed:
                    groups.append([("seed ", "$text-muted"), (str(f.seed), "bold")])
                groups.append([(systems.clock(f.snapshot, self.time_unit), "bold")])
                if with_action:
                    groups.append([("action ", "$text-muted"), (str(f.decisions), "bold")])
                groups.append([*state, *(speed if with_speed else [])])
            return Content("  ").join(Content.assemble(*g) for g in groups)

        # What gives way on a narrow terminal, in order: the speed, the scenario's name (cut,
        # then gone), the action count, the seed; the state (whose turn, who won) always shows.
        name = sc.name
        tries: list[Callable[[], Content]] = [lambda: build(name, True), lambda: build(name, False)]
        # whole words only: with a question's longer state, "Showdo…" had been tried before no name
        cuts = dict.fromkeys(fit_name(name, n, initials=False, cut_word=False) for n in range(len(name) - 1, 3, -1))
        tries += [partial(build, cut, False) for cut in cuts if cut]
        tries += [lambda: build("", False), lambda: build("", False, with_action=False),
                  lambda: build("", False, with_seed=False, with_action=False)]
        for attempt in tries:
            line = attempt()
            if line.cell_length <= room:
                break
        else:  # not even the state fits: its name gives way, a word at a time
            bare = build("", False, with_seed=False, with_action=False)
            who = state[-1][0] if len(state) > 1 else ""
            if who and bare.cell_length > room:
                state[-1] = (fit_name(who, max(len(who) - (bare.cell_length - room), 4)), state[-1][1])
                line = build("", False, with_seed=False, with_action=False)
        if line.cell_length + len(self.system_title) + 3 <= room:
            line = line + Content.styled(" " * (room - line.cell_length - len(self.system_title)) + self.system_title,
                                         "$text-muted")
        self.query_one("#status", Static).update(line)

    # -- the player's turn -------------------------------------------------------------------

    def _open_prompt(self, data: PromptData) -> None:
        self.prompt_open = True
        if data.decision.kind == "abort":  # a question asked mid-action: answer it from its menu
            self.app.push_screen(QuestionPrompt(data), self._prompt_done)
        else:
            self.app.push_screen(PlayerPrompt(data, self._check), self._prompt_done)

    def _check(self, action: Action) -> str | None:
        """Would the rules accept this for the pending decision? (UI thread; quick.)"""
        if not self.session_lock.acquire(timeout=2):
            return "the battle is busy; try again"
        try:
            s = self.session
            if s.pending is None:
                return "no decision is waiting"
            try:
                s.battle.check(s.pending, action)
            except IllegalAction as exc:
                return str(exc)
            return None
        finally:
            self.session_lock.release()

    def _prompt_done(self, result: Any) -> None:
        self.prompt_open = False
        if result is None:
            self.notify("the decision waits: → or space to choose", timeout=3)
            return
        if result == "ai":
            self.run_op("ai")
        elif result == "save":
            self.reprompt_after_save = True  # the question or the turn is asked again once saved
            self.action_save()
        else:
            self.run_op("play", result)

    # -- actions -------------------------------------------------------------------------

    def _reopen_prompt_if_waiting(self) -> bool:
        f = self.frame
        if f is not None and f.waiting and f.prompt is not None:
            if not self.prompt_open:
                self._open_prompt(f.prompt)
            return True
        return False

    def _pause(self) -> None:
        if self.playing:
            self.playing = False
            self._status()

    def action_toggle_play(self) -> None:
        if self.playing:
            self._pause()
            return
        if self._reopen_prompt_if_waiting():
            return
        if self.frame is not None and self.frame.outcome is not None:
            self.notify("the battle is over: ← steps back, r restarts", timeout=3)
            return
        if self._refuse_if_abandoned():
            return
        self.playing = True
        self.generation += 1
        self._status()
        self.autoplay(self.generation)

    def action_step(self) -> None:
        self._pause()
        if self._reopen_prompt_if_waiting():
            return
        self.run_op("step")

    def action_back(self) -> None:
        self._pause()
        self.run_op("back", 1)

    def action_rewind_here(self) -> None:
        index = self.query_one("#log", CombatLog).highlighted_event()
        if index is None:
            self.notify("highlight a line of the log first (↑↓ in the log)", timeout=3)
            return
        self._pause()
        self.run_op("rewind_event", index)

    def action_faster(self) -> None:
        self.speed = min(self.speed + 1, len(SPEEDS) - 1)
        self._speed_changed()

    def action_slower(self) -> None:
        self.speed = max(self.speed - 1, 0)
        self._speed_changed()

    def _speed_changed(self) -> None:
        self._status()
        remember = getattr(self.app, "remember_speed", None)
        if remember is not None:  # remembered for the next battle and the next run
            remember(self.speed)

    def action_restart(self) -> None:
        self._pause()
        self.run_op("restart", self.rng.randrange(1, 1_000_000))

    def action_verbose(self) -> None:
        log = self.query_one("#log", CombatLog)
        log.set_expand_all(not log.expand_all)

    def action_select_next(self) -> None:
        ids = list(self.names)
        if not ids:
            return
        i = ids.index(self.selected) if self.selected in ids else -1
        self.select(ids[(i + 1) % len(ids)])

    def select(self, cid: str) -> None:
        self.selected = cid
        self._render_state()
        for card in self.query(CombatantCard):
            if card.cid == cid:
                card.scroll_visible(animate=False)

    @on(CombatantCard.Clicked)
    def _card_clicked(self, event: CombatantCard.Clicked) -> None:
        self.select(event.cid)

    def action_toggle_player(self) -> None:
        if self.selected is None:
            return
        on_ = self.selected not in (self.frame.players if self.frame else frozenset())
        self._pause()
        self.run_op("player", (self.selected, on_))

    def action_save(self) -> None:
        self._pause()
        if self._refuse_if_abandoned():  # the stuck plugin's thread holds the battle
            return
        default = self.app.save_path_for(self.session.scenario_path)  # type: ignore[attr-defined]
        self.app.push_screen(PathDialog("Save this battle to", default, "TOML; written whole, atomically"), self._save_to)

    def _save_to(self, path: str | None) -> None:
        if path:
            self.app.remember_save(path, self.session.scenario_path)  # type: ignore[attr-defined]
            self._file_op(lambda: self._save(path), f"saved to {short_path(path)}")
        if self.reprompt_after_save:  # saved (or not) from a prompt: back to it
            self.reprompt_after_save = False
            self._reopen_prompt_if_waiting()

    def _save(self, path: str) -> None:
        _make_data_dir(path)
        self.session.save(path)
        self.saved_at = self.session.decisions

    def action_export(self) -> None:
        """The event log so far as JSONL, header first (what `slugfest replay` reads)."""
        self._export("jsonl", "Export the event log (JSONL) to", "", lambda: session_log(self.session),
                     "event log written to {path}")

    def action_export_html(self) -> None:
        """The battle so far as one HTML page (`slugfest replay`'s), in the data folder by default:
        a battle to show someone who has no terminal."""
        self._export("html", "Write the HTML replay (opens in any browser) to",
                     "the battle so far; one self-contained file", lambda: page(session_replay(self.session)),
                     "replay written to {path}: open it in a browser")

    def _export(self, suffix: str, title: str, hint: str, text: Callable[[], str], done: str) -> None:
        """Ask where (a free name in the data folder suggested), then write ``text()`` there,
        never over a file already there."""
        self._pause()
        if self._refuse_if_abandoned():  # the stuck plugin's thread holds the battle
            return
        stem = Path(self.session.scenario_path or "battle").stem
        seed = self.frame.seed if self.frame is not None else self.session.seed
        default = free_name(data_dir() / f"{stem}-seed{seed}.{suffix}")

        def write_to(path: str | None) -> None:
            if path and not self._refused_existing(path):
                def export() -> None:
                    _make_data_dir(path)
                    write_text_atomic(text(), path)
                self._file_op(export, done.format(path=short_path(path)))

        self.app.push_screen(PathDialog(title, default, hint), write_to)

    def _refused_existing(self, path: str) -> bool:
        """An export never replaces a file already there (the command line's rule without
        --force): the player is told, and picks another name."""
        if not Path(path).expanduser().exists():
            return False
        self.post_message(self.Notice(f"{short_path(path)} already exists: not replaced (export again and name "
                                      "another file)", "warning"))
        return True

    @work(thread=True, group="files", exit_on_error=False)
    def _file_op(self, fn: Callable[[], Any], done: str) -> None:
        with self.session_lock:
            try:
                fn()
                message, severity = done, "information"
            except (OSError, SlugfestError) as exc:
                message, severity = f"could not write: {exc}", "error"
            except Exception as exc:  # a bug: say so rather than fail silently in the worker
                message, severity = f"internal error: {type(exc).__name__}: {exc}", "error"
        self.post_message(self.Notice(message, severity))

    def action_load(self) -> None:
        """Open a saved battle, which replaces this one. Like q, the first ctrl+o on an unsaved
        battle only says what would be lost; a second one within a few seconds opens the dialog."""
        self._pause()
        now = time.monotonic()
        if self.unsaved and now - self._load_asked > LEAVE_WINDOW:
            self._load_asked = now
            self.notify("ctrl+o again to open another battle: this one is not saved and would be replaced "
                        "(ctrl+s saves it)", timeout=LEAVE_WINDOW)
            return
        self.app.action_load_save()  # type: ignore[attr-defined]

    def action_focus_log(self) -> None:
        """The keyboard to the log: ↑ ↓ read back, Enter opens a roll, g rewinds there, End follows."""
        log = self.query_one("#log", CombatLog)
        if log.highlighted is None and log.option_count:
            log.highlighted = log.option_count - 1  # reading back starts from the newest line
        log.focus()

    @property
    def unsaved(self) -> bool:
        """A battle under way with moves made since it was last saved (or never saved)."""
        f = self.frame
        return (f is not None and f.outcome is None and f.decisions > 0 and f.decisions != self.saved_at
                and not self.abandoned)

    def action_quit(self) -> None:
        """Quit the game. Like Escape, the first q on an unsaved battle only says what would be
        lost; a second one within a few seconds quits."""
        now = time.monotonic()
        if self.unsaved and now - self._quit_asked > LEAVE_WINDOW:
            self._pause()
            self._quit_asked = now
            self.notify("q again to quit: this battle is not saved (ctrl+s saves it)", timeout=LEAVE_WINDOW)
            return
        self.app.exit()

    def action_leave(self) -> None:
        """Back to the scenarios. A battle under way that is not saved is lost that way, so the
        first Escape only says so; a second one within a few seconds leaves."""
        self._pause()
        unsaved = self.unsaved
        now = time.monotonic()
        if unsaved and now - self._leave_asked > LEAVE_WINDOW:
            self._leave_asked = now
            self.notify("Esc again to leave this battle: it is not saved (ctrl+s saves it)", timeout=LEAVE_WINDOW)
            return
        self.workers.cancel_node(self)
        self.dismiss()

    def action_simulate(self) -> None:
        """Many AI-vs-AI battles of this scenario, on their own screen (the battle waits)."""
        self._pause()
        if self.simulation is None:
            self.simulation = SimulateScreen(self.session.scenario, scenario_path=self.session.scenario_path)
            self.app.install_screen(self.simulation, f"simulate-{id(self)}")
        self.app.push_screen(self.simulation)

    def on_unmount(self) -> None:
        """This battle is closed: so is its simulation screen (and a batch still stopping)."""
        sim, self.simulation = self.simulation, None
        if sim is None:
            return
        sim.stop_requested.set()
        sim.workers.cancel_node(sim)
        if sim not in self.app.screen_stack:  # on the way out of the app, Textual clears it itself
            self.app.uninstall_screen(sim)
            sim.remove()

    def action_help(self) -> None:
        """The game's own help (:mod:`.help`): keys, panels, the rules options in force."""
        from .help import HelpScreen, key_rows

        self._pause()
        started = next((e for e in self.session.events if getattr(e, "kind", "") == "battle_started"), None)
        options = list(getattr(started, "options", ()) or ())
        keys = [*key_rows(self.BINDINGS), ("^p", "Commands, by name")]
        self.app.push_screen(HelpScreen(keys, options, self.session.scenario.system))

    # -- for tests and scripts -----------------------------------------------------------------

    def log_text(self) -> str:
        return self.query_one("#log", CombatLog).text()


def _speed_text(delay: float) -> str:
    return "full speed" if delay == 0 else f"{delay:g} s/action"
