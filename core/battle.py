"""The battle loop, shared by every rules system.

A :class:`Battle` owns the scenario, the dice, the plugin host, the event list and the
rules system's state. It asks the system who acts next (``next_decision``), asks the
controllers (plugins, or a player through the TUI) what to do, has the system check and
carry out the choice, and stops when the system reports an outcome. Nothing here knows
which game is being played.

Use it whole (``run()``), one action at a time (``step()``), or, for a player-controlled
combatant, ``next_decision()`` then ``submit(decision, choice)``.
"""

from __future__ import annotations

import _signal  # signal.getsignal without its enum conversion (see _HardLimit)
import os
import signal
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .actions import Action, Choice, Decision
from .dice import Dice, SeededDice
from .errors import IllegalAction, PluginError
from .events import (
    ActionChosen,
    ActionRefused,
    BattleEnded,
    BattleStarted,
    Event,
    PluginFailed,
)
from .grid import grid_for
from .plugins import PluginHost, PluginTimeout, get_plugin_manager
from .scenario import Scenario

Listener = Callable[[Event], None]


def _timeout_from_env() -> float | None:
    raw = os.environ.get("SLUGFEST_PLUGIN_TIMEOUT", "5")
    try:
        value = float(raw)
    except ValueError:
        return 5.0
    return value if value > 0 else None


#: Seconds one plugin hook call may take (``SLUGFEST_PLUGIN_TIMEOUT``; 0 turns the limit off).
#: A slower call is reported and its result discarded; in the main thread a call still running
#: at twice the limit is stopped. Timing depends on the machine, so a battle whose plugins hit
#: the limit is no longer guaranteed to replay identically: the report says so by name.
DEFAULT_PLUGIN_TIMEOUT = _timeout_from_env()


def _on_alarm(signum: int, frame: Any) -> None:
    raise PluginTimeout()


class _HardLimit:
    """Stop a hook call that runs far past its limit (main thread, POSIX only).

    A class rather than a generator-based context manager, and the handler checked through
    ``_signal`` (no enum conversion): this wraps every hook call, so it must cost about two
    ``setitimer`` system calls and nothing more.
    """

    __slots__ = ("_armed", "seconds")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._armed = False

    def __enter__(self) -> None:
        seconds = self.seconds
        if seconds is None or not _HAS_ITIMER or threading.current_thread() is not _MAIN_THREAD:
            self._armed = False
            return
        if _signal.getsignal(signal.SIGALRM) is not _on_alarm:
            signal.signal(signal.SIGALRM, _on_alarm)  # harmless between calls: the timer is off then
        signal.setitimer(signal.ITIMER_REAL, 2 * seconds)
        self._armed = True

    def __exit__(self, *exc: object) -> None:
        if self._armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._armed = False


_HAS_ITIMER = hasattr(signal, "setitimer")
_MAIN_THREAD = threading.main_thread()


@dataclass(frozen=True)
class Outcome:
    winner: str | None  # the winning side's name, or None for a draw
    reason: str
    rounds: int  # units of the system's clock begun (its ``time_unit``)
    survivors: tuple[str, ...]


_UNSET = object()


class BattleHalted(Exception):
    """Raised inside the loop when the user chose to stop at the first plugin error."""


class Battle:
    """One battle: scenario + seed + plugins => the same events, byte for byte."""

    def __init__(self, scenario: Scenario, *, seed: int | None = None, dice: Dice | None = None,
                 host: PluginHost | None = None, listeners: Iterable[Listener] = (),
                 on_plugin_error: str = "fallback", player_controlled: Iterable[str] = (),
                 plugin_timeout: float | None = DEFAULT_PLUGIN_TIMEOUT) -> None:
        self.scenario = scenario
        self.seed = scenario.seed if seed is None else seed
        self.dice: Dice = dice if dice is not None else SeededDice(self.seed)
        self.host = host if host is not None else get_plugin_manager(house_rules=scenario.house_rules)
        systems = self.host.systems()
        self.system = systems[scenario.system]
        self.options = scenario.options
        self.grid = grid_for(scenario.map.width, scenario.map.height, scenario.map.obstacles)
        self.events: list[Event] = []
        self._listeners: list[Listener] = list(listeners)
        self.on_plugin_error = on_plugin_error
        self.player_controlled = frozenset(player_controlled)
        #: Answers a question asked in the middle of an action (:meth:`ask`) before any AI is
        #: asked: a Choice, or None to let the AI answer. A :class:`core.session.Session` sets
        #: it so the player answers for the combatants they control.
        self.answer: Callable[[Decision], Choice | None] | None = None
        self.outcome: Outcome | None = None
        self.rounds = 0
        self.state: Any = None
        self.started = False
        self.halted: PluginFailed | None = None
        self.plugin_timeout = plugin_timeout
        self._limit = _HardLimit(plugin_timeout)
        self._own_steps: dict[str, Any] = {}  # hook name -> the rules system's own step, or None
        self.disabled: set[str] = set()  # plugins switched off for this battle (they ran out of time)
        self.host.tracker.budget = plugin_timeout
        self._bind_emit()

    # -- events -------------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record an event and hand it to every listener. With no listener, a battle binds
        ``emit`` straight to ``self.events.append`` (see :meth:`_bind_emit`): an attack
        emits half a dozen events, and most batch battles have no one listening."""
        self.events.append(event)
        for listener in self._listeners:
            listener(event)

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)
        self._bind_emit()

    def _bind_emit(self) -> None:
        if self._listeners:
            self.__dict__.pop("emit", None)  # back to the method, which also calls the listeners
        else:
            self.emit = self.events.append  # type: ignore[method-assign]

    # -- the loop -----------------------------------------------------------------------

    def start(self) -> None:
        if self.started:
            return
        self.started = True
        sc = self.scenario
        self.emit(BattleStarted(
            scenario=sc.name, system=self.system.name, seed=self.seed,
            sides=tuple((s.name, tuple(c.id for c in s.combatants)) for s in sc.sides),
            options=tuple(sorted(self.system.dump_options(self.options).items())),
            house_rules=sc.house_rules,
        ))
        self.state = self.system.new_state(self)
        self._observe("slugfest_battle_start", battle=self)

    def next_decision(self) -> Decision | None:
        """Run time forward to the next decision; ``None`` when the battle is over."""
        self.start()
        if self.outcome is not None:
            return None
        decision = self.system.next_decision(self)
        if decision is None and self.outcome is not None:
            self._finish()
        return decision

    def decide(self, decision: Decision) -> tuple[Choice, str]:
        """Ask the plugins for a choice; refuse illegal ones and fall back to the default AI."""
        excluded: list[str] = list(self.disabled)
        caller = self._caller("slugfest_choose_action", excluded)
        dice_state = self.dice.getstate()
        while True:
            if excluded:
                self.dice.setstate(dice_state)
            try:
                self.host.tracker.answered = ""
                with self._limit:
                    choice = caller(battle=self, decision=decision)
            except PluginError as exc:
                self._plugin_failed(exc.plugin, exc.hook, exc.error, "the next AI decides")
                excluded.append(exc.plugin)
                caller = self.host.without("slugfest_choose_action", excluded)
                continue
            who = self.host.tracker.answered or "?"
            if choice is None:
                return Choice(decision.menu[0], "no AI answered; first legal action"), "engine"
            if not isinstance(choice, Choice) or not isinstance(choice.action, Action):
                self._plugin_failed(who, "slugfest_choose_action",
                                    f"returned {type(choice).__name__}, expected a Choice", "the next AI decides")
                excluded.append(who)
                caller = self.host.without("slugfest_choose_action", excluded)
                continue
            try:
                self.system.check(self, decision, choice.action)
            except IllegalAction as exc:
                self.emit(ActionRefused(decision.actor, choice.action.label(), str(exc), who))
                excluded.append(who)
                caller = self.host.without("slugfest_choose_action", excluded)
                continue
            return choice, who

    def submit(self, decision: Decision, choice: Choice, chosen_by: str = "player") -> None:
        """Carry out a choice. Raises :class:`IllegalAction` (state untouched) if it is not legal."""
        self.system.check(self, decision, choice.action)
        self.emit(ActionChosen(decision.actor, choice.action.label(), choice.reason, chosen_by,
                               choice.action.kind, choice.action.maneuver, decision.kind))
        self.system.perform(self, decision, choice)

    def step(self) -> bool:
        """Resolve one decision with the plugins; ``False`` once the battle is over."""
        decision = self.next_decision()
        if decision is None:
            return False
        choice, who = self.decide(decision)
        self.submit(decision, choice, who)
        return self.outcome is None

    def run(self, max_steps: int = 1_000_000) -> Outcome:
        """Play the battle to its end with the plugins choosing every action."""
        try:
            for _ in range(max_steps):
                if not self.step():
                    break
        except BattleHalted:
            self.conclude(None, f"stopped: plugin {self.halted.plugin!r} failed in {self.halted.hook}" if self.halted else "stopped")
            self._finish()
        assert self.outcome is not None, "battle did not finish within max_steps"
        return self.outcome

    # -- used by rules systems -------------------------------------------------------------

    def ask(self, decision: Decision) -> Choice:
        """A decision taken in the middle of an action (e.g. whether to Abort): ``answer``
        gives the player's choice if it has one, otherwise the plugins decide."""
        given = self.answer(decision) if self.answer is not None else None
        if given is None:
            choice, who = self.decide(decision)
        else:
            self.system.check(self, decision, given.action)
            choice, who = given, "player"
        self.emit(ActionChosen(decision.actor, choice.action.label(), choice.reason, who,
                               choice.action.kind, choice.action.maneuver, decision.kind))
        return choice

    def call_step(self, hook_name: str, validate: Callable[[Any], str], *args: Any) -> Any:
        """Call the attack or damage step; contain plugin failures and nonsense results.

        ``args`` are the hook's arguments after ``battle``, in the hookspec's order (``attack``,
        then ``hit`` for the damage step): positional, since this runs for every attack.
        ``validate(result)`` returns "" when the result is acceptable, otherwise why not.
        A failing or nonsensical plugin is reported and the step is run again without it.
        With no house rule in the step, the rules system's own implementation is called
        directly (see ``PluginHost.own_step``): no dispatch, no clock, no result check.
        """
        if not self.disabled:
            own = self._own_steps.get(hook_name, _UNSET)
            if own is _UNSET:
                own = self._own_steps[hook_name] = self.host.own_step(hook_name, self.system.name)
            if own is not None:  # no house rule in this step: the rules system's own, directly
                try:
                    result = own[1](self, *args)
                except Exception as exc:
                    raise PluginError(own[0], hook_name, exc) from exc
                if result is None:
                    raise RuntimeError(f"{hook_name}: the {self.system.name} rules gave no result")
                return result  # the rules system's own result: nothing to check it against
        names = getattr(self.host.hook, hook_name).spec.argnames[1:]  # after ``battle``
        kwargs = dict(zip(names, args, strict=True))
        excluded: list[str] = list(self.disabled)
        caller = self._caller(hook_name, excluded)
        dice_state = self.dice.getstate()
        while True:
            self.host.tracker.modified = ""
            if excluded:
                self.dice.setstate(dice_state)  # the re-run sees the dice the failed run saw
            try:
                with self._limit:
                    result = caller(battle=self, **kwargs)
            except PluginError as exc:
                if exc.plugin in excluded or hasattr(self.host.pm.get_plugin(exc.plugin), "slugfest_rules_systems"):
                    raise  # the rules system itself failed: a bug, not a plugin to route around
                self._plugin_failed(exc.plugin, exc.hook, exc.error, f"{hook_name} re-run without it")
                excluded.append(exc.plugin)
                caller = self.host.without(hook_name, excluded)
                continue
            problem = "no plugin returned a result" if result is None else validate(result)
            if not problem:
                return result
            culprit = self.host.tracker.modified or self.host.tracker.answered or "?"
            if culprit in excluded or culprit == "?":
                raise RuntimeError(f"{hook_name}: {problem}")
            self._plugin_failed(culprit, hook_name, f"returned nonsense: {problem}", f"{hook_name} re-run without it")
            excluded.append(culprit)
            caller = self.host.without(hook_name, excluded)

    def conclude(self, winner: str | None, reason: str, survivors: tuple[str, ...] = ()) -> None:
        if self.outcome is None:
            self.outcome = Outcome(winner, reason, self.rounds, survivors)

    def check_end(self, able: Callable[[str], bool]) -> bool:
        """Decide the outcome if at most one side still has someone able to fight."""
        if self.outcome is not None:
            return True
        standing = [s for s in self.scenario.sides if any(able(c.id) for c in s.combatants)]
        if len(standing) <= 1:
            survivors = tuple(c.id for s in standing for c in s.combatants if able(c.id))
            if standing:
                self.conclude(standing[0].name, "last side standing", survivors)
            else:
                self.conclude(None, "no one left standing", ())
            return True
        if self.rounds > self.scenario.turn_limit:
            self.rounds = self.scenario.turn_limit
            survivors = tuple(c.id for c in self.scenario.combatants if able(c.id))
            self.conclude(None, f"{self.system.time_unit} limit reached ({self.scenario.turn_limit})", survivors)
            return True
        return False

    # -- internals ---------------------------------------------------------------------

    def _finish(self) -> None:
        o = self.outcome
        assert o is not None
        self.emit(BattleEnded(o.winner, o.reason, o.rounds, self.system.time_unit, o.survivors))
        self._observe("slugfest_battle_end", battle=self, outcome=o)

    def _observe(self, hook_name: str, **kwargs: Any) -> None:
        excluded: list[str] = list(self.disabled)
        caller = self._caller(hook_name, excluded)
        while True:
            try:
                with self._limit:
                    caller(**kwargs)
                return
            except PluginError as exc:
                self._plugin_failed(exc.plugin, exc.hook, exc.error, "ignored (an observer)")
                excluded.append(exc.plugin)
                caller = self.host.without(hook_name, excluded)

    def _caller(self, hook_name: str, excluded: list[str]) -> Any:
        return self.host.without(hook_name, excluded) if excluded else getattr(self.host.hook, hook_name)

    def _plugin_failed(self, plugin: str, hook: str, error: Any, fallback: str) -> None:
        if isinstance(error, str) and ("allowed" in error or "in time" in error) and self.plugin_timeout:
            self.disabled.add(plugin)  # too slow once is too slow: not asked again in this battle
            fallback += "; switched off for the rest of the battle"
        text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        event = PluginFailed(plugin, hook, text, fallback if self.on_plugin_error == "fallback" else "battle stopped")
        self.emit(event)
        if self.on_plugin_error == "stop":
            self.halted = event
            raise BattleHalted(text)
