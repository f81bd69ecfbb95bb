"""The battle loop, shared by every rules system.

A :class:`Battle` owns the scenario, the dice, the plugin host, the event list and the rules
system's state. It asks the system who acts next (``next_decision``), asks the controllers
(AI plugins, or a player through the app) what to do, has the system check and carry out the
choice, and stops when the system reports an outcome. Nothing here knows which game is being
played.

The two boundaries are typed and one-way. The rules system gets a
:class:`~core.context.RulesContext` (state, dice, emitting events, the attack and damage
steps, questions to a controller) and never the battle. Plugins get a
:class:`~core.view.BattleView`, which reads through to the battle and refuses every change.

Use it whole (``run()``), one action at a time (``step()``), or, for a player-controlled
combatant, ``next_decision()`` then ``submit(decision, choice)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from .actions import Action, Choice, Decision
from .context import Outcome, RulesContext
from .dice import Dice, SeededDice
from .errors import PluginError
from .events import ActionChosen, BattleEnded, BattleStarted, Event, PluginFailed
from .grid import grid_for
from . import settings
from .plugins import PluginHost, get_plugin_manager
from .scenario import Scenario
from .view import BattleView
from .vitals import Vitals

__all__ = ["Battle", "BattleHalted", "Outcome"]

Listener = Callable[[Event], None]
_UNSET = object()


class BattleHalted(Exception):
    """Raised inside the loop when the user chose to stop at the first plugin error."""


class Battle:
    """One battle: scenario + seed + plugins => the same events, byte for byte."""

    def __init__(self, scenario: Scenario, *, seed: int | None = None, dice: Dice | None = None,
                 host: PluginHost | None = None, listeners: Iterable[Listener] = (),
                 on_plugin_error: str = "fallback", player_controlled: Iterable[str] = (),
                 plugin_timeout: float | None | object = _UNSET) -> None:
        self.scenario = scenario
        self.seed = scenario.seed if seed is None else seed
        self._dice: Dice = dice if dice is not None else SeededDice(self.seed)
        self.host = host if host is not None else get_plugin_manager(house_rules=scenario.house_rules)
        self.system = self.host.systems()[scenario.system]
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
        self.started = False
        self.halted: PluginFailed | None = None
        if plugin_timeout is _UNSET:
            plugin_timeout = settings.plugin_timeout()  # SLUGFEST_PLUGIN_TIMEOUT, checked
        self.plugin_timeout: float | None = plugin_timeout  # type: ignore[assignment]
        self._own_steps: dict[str, Any] = {}  # hook name -> the rules system's own step, or None
        self.disabled: set[str] = set()  # plugins switched off for this battle (they ran out of time)
        self.host.tracker.budget = self.plugin_timeout
        system = self.system
        self.ctx = RulesContext(
            scenario, self.grid, self._dice, system.time_unit, emit=self.events.append, ask=self.ask,
            attack_step=partial(self._step, "slugfest_attack_step", system.validate_attack_result),
            damage_step=partial(self._step, "slugfest_damage_step", system.validate_damage_result),
            for_player=lambda cid: cid in self.player_controlled)
        #: What every hook receives: the battle, read-only.
        self.view = BattleView(self)
        self._bind_emit()

    # -- what the battle holds (the rules system keeps it in the context) -------------------

    @property
    def dice(self) -> Dice:
        return self._dice

    @dice.setter
    def dice(self, dice: Dice) -> None:
        """Swap the dice (a test scripting the rest of a battle): the rules and the plugins roll
        the new ones from now on."""
        self._dice = dice
        self.ctx.dice = dice
        self.view._roll_with(dice)

    @property
    def state(self) -> Any:
        """The rules system's state (tests may read and set its figures directly)."""
        return self.ctx.state

    @property
    def rounds(self) -> int:
        return self.ctx.rounds

    @property
    def outcome(self) -> Outcome | None:
        return self.ctx.outcome

    # -- events -------------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record an event and hand it to every listener. With no listener, the context's
        ``emit`` is ``self.events.append`` itself (see :meth:`_bind_emit`): an attack emits half
        a dozen events, and most batch battles have no one listening."""
        self.events.append(event)
        for listener in self._listeners:
            listener(event)

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)
        self._bind_emit()

    def _bind_emit(self) -> None:
        self.ctx.emit = self.emit if self._listeners else self.events.append

    # -- asking the rules system (for the app, the session and tests) -----------------------

    def check(self, decision: Decision, action: Action) -> None:
        """Raise :class:`IllegalAction` if the rules refuse ``action`` for ``decision``."""
        self.system.check(self.ctx, decision, action)

    def snapshot(self) -> dict[str, Any]:
        return self.system.snapshot(self.ctx)

    def vitals(self, cid: str) -> Vitals:
        return self.system.vitals(self.ctx, cid)

    def estimate(self, actor: str, action: Action) -> float:
        return self.system.estimate(self.ctx, actor, action)

    def invariant_violations(self) -> list[str]:
        return self.system.invariant_violations(self.ctx)

    # -- the loop -----------------------------------------------------------------------

    def start(self) -> None:
        if self.started:
            return
        self.started = True
        sc = self.scenario
        self.ctx.emit(BattleStarted(
            scenario=sc.name, system=self.system.name, seed=self.seed,
            sides=tuple((s.name, tuple(c.id for c in s.combatants)) for s in sc.sides),
            options=tuple(sorted(self.system.dump_options(self.options).items())),
            house_rules=sc.house_rules,
        ))
        self.ctx.state = self.system.new_state(self.ctx)
        self._observe("slugfest_battle_start", battle=self.view)

    def next_decision(self) -> Decision | None:
        """Run time forward to the next decision; ``None`` when the battle is over."""
        self.start()
        if self.ctx.outcome is not None:
            return None
        decision = self.system.next_decision(self.ctx)
        if decision is None and self.ctx.outcome is not None:
            self._finish()
        return decision

    def decide(self, decision: Decision) -> tuple[Choice, str]:
        """Ask the decision's controller for a legal choice (see :mod:`core.choosing`)."""
        from .choosing import decide

        return decide(self, decision)

    def submit(self, decision: Decision, choice: Choice, chosen_by: str = "player", *,
               checked: bool = False) -> None:
        """Carry out a choice. Raises :class:`IllegalAction` (state untouched) if it is not
        legal; ``checked`` says the rules have already accepted it (as :meth:`decide` does)."""
        if not checked:
            self.system.check(self.ctx, decision, choice.action)
        a = choice.action
        self.ctx.emit(ActionChosen(decision.actor, a.label(), choice.reason, chosen_by, a.kind, a.maneuver,
                                   decision.kind))
        self.system.perform(self.ctx, decision, choice)

    def step(self) -> bool:
        """Resolve one decision with the plugins; ``False`` once the battle is over."""
        decision = self.next_decision()
        if decision is None:
            return False
        choice, who = self.decide(decision)
        self.submit(decision, choice, who, checked=True)
        return self.ctx.outcome is None

    def run(self, max_steps: int = 1_000_000) -> Outcome:
        """Play the battle to its end with the plugins choosing every action."""
        try:
            for _ in range(max_steps):
                if not self.step():
                    break
        except BattleHalted:
            self.ctx.conclude(None, f"stopped: plugin {self.halted.plugin!r} failed in {self.halted.hook}"
                              if self.halted else "stopped", self._standing())
            self._finish()
        assert self.ctx.outcome is not None, "battle did not finish within max_steps"
        return self.ctx.outcome

    def _standing(self) -> tuple[str, ...]:
        """Who is still able to fight (a battle stopped before it was decided names them)."""
        if self.ctx.state is None:
            return ()
        return tuple(c.id for c in self.scenario.combatants if self.system.vitals(self.ctx, c.id).able)

    # -- the doors the rules system uses (through its context) ------------------------------

    def ask(self, decision: Decision) -> Choice:
        """A decision taken in the middle of an action (e.g. whether to Abort): ``answer``
        gives the player's choice if it has one, otherwise the plugins decide."""
        given = self.answer(decision) if self.answer is not None else None
        if given is None:
            choice, who = self.decide(decision)
        else:
            self.system.check(self.ctx, decision, given.action)
            choice, who = given, "player"
        a = choice.action
        self.ctx.emit(ActionChosen(decision.actor, a.label(), choice.reason, who, a.kind, a.maneuver,
                                   decision.kind))
        return choice

    def _step(self, hook_name: str, validate: Callable[[Any], str], *args: Any) -> Any:
        """Call the attack or damage step; contain plugin failures and nonsense results.

        ``args`` are the hook's arguments after ``battle``, in the hookspec's order (``attack``,
        then ``hit`` for the damage step). ``validate(result)`` returns "" when the result is
        acceptable, otherwise why not. A failing or nonsensical plugin is reported and the step
        is run again without it, on the same dice. With no house rule in the step, the rules
        system's own implementation is called directly (see ``PluginHost.own_step``): no
        dispatch, no clock, no result check.
        """
        if not self.disabled:
            own = self._own_steps.get(hook_name, _UNSET)
            if own is _UNSET:
                own = self._own_steps[hook_name] = self.host.own_step(hook_name, self.system.name)
            if own is not None:  # no house rule in this step: the rules system's own, directly
                try:
                    result = own[1](self.view, *args)
                except Exception as exc:
                    raise PluginError(own[0], hook_name, exc) from exc
                if result is None:
                    raise RuntimeError(f"{hook_name}: the {self.system.name} rules gave no result")
                return result  # the rules system's own result: nothing to check it against
        from .choosing import call_step

        return call_step(self, hook_name, validate, args)

    # -- internals ---------------------------------------------------------------------

    def _finish(self) -> None:
        o = self.ctx.outcome
        assert o is not None
        self.ctx.emit(BattleEnded(o.winner, o.reason, o.rounds, self.system.time_unit, o.survivors))
        self._observe("slugfest_battle_end", battle=self.view, outcome=o)

    def _observe(self, hook_name: str, **kwargs: Any) -> None:
        excluded: list[str] = list(self.disabled)
        caller = self._caller(hook_name, excluded)
        while True:
            try:
                caller(**kwargs)
                return
            except PluginError as exc:
                self.plugin_failed(exc.plugin, exc.hook, exc.error, "ignored (an observer)")
                excluded.append(exc.plugin)
                caller = self.host.without(hook_name, excluded)

    def _caller(self, hook_name: str, excluded: list[str]) -> Any:
        return self.host.without(hook_name, excluded) if excluded else getattr(self.host.hook, hook_name)

    def plugin_failed(self, plugin: str, hook: str, error: Any, fallback: str) -> None:
        """Report a plugin that raised or returned nonsense (and stop, if the user asked to)."""
        if isinstance(error, str) and ("allowed" in error or "in time" in error) and self.plugin_timeout:
            self.disabled.add(plugin)  # too slow once is too slow: not asked again in this battle
            fallback += "; switched off for the rest of the battle"
        text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        event = PluginFailed(plugin, hook, text, fallback if self.on_plugin_error == "fallback" else "battle stopped")
        self.ctx.emit(event)
        if self.on_plugin_error == "stop":
            self.halted = event
            raise BattleHalted(text)
