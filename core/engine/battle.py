"""The battle loop, shared by every rules system.

A :class:`Battle` owns the scenario, the dice, the plugin host, the event list and the rules
system's state. It asks the system who acts next, asks the controllers (AI plugins, or a player
through the app) what to do, has the system check and carry out the choice, and stops when the
system reports an outcome. Nothing here knows which game is being played.

**Decisions are values the battle waits on.** The rules run as generators (see
:data:`core.engine.actions.Asking`): the clock's look-ahead yields a question when the end of a
Segment or the start of a round needs one answered and returns the next Phase or turn decision;
an action yields each question it raises (an Abort, a reaction) and is sent the answer. The
battle keeps the suspended rules and the decision they wait on as :attr:`Battle.pending`. A
question for a combatant in ``player_controlled`` waits there until :meth:`submit` answers it;
any other question the plugins answer at once, as the rules asked it. Nothing lives on the call
stack between two calls, so a battle waiting on a question can be answered later, saved, or
forked (:meth:`fork`, :mod:`core.engine.forking`).

The two boundaries are typed and one-way. The rules system gets a
:class:`~core.engine.context.RulesContext` (state, dice, emitting events, the attack and damage steps)
and never the battle. Plugins get a :class:`~core.engine.view.BattleView`, which reads through to the
battle and refuses every change; ``BattleView.fork()`` hands them a battle of their own.

Use it whole (``run()``), one Phase or turn at a time (``step()``), or drive it:
``advance()`` runs time forward to the next decision, ``submit(decision, choice)`` answers it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from .. import settings
from ..errors import IllegalAction, PluginError
from ..files.scenario import Scenario
from ..rules.dice import Dice, SeededDice
from ..rules.grid import grid_for
from ..rules.vitals import Vitals
from . import forking
from .actions import Action, Asking, Choice, Decision
from .choosing import call_step, decide
from .context import Outcome, RulesContext
from .events import ActionChosen, BattleEnded, BattleStarted, Event, PluginFailed
from .forking import Answered, Checkpoint
from .plugins import PluginHost, get_plugin_manager
from .system import RulesSystem
from .view import BattleView

__all__ = ["Battle", "BattleHalted", "Outcome"]

Listener = Callable[[Event], None]
_UNSET = object()

#: Phase or turn decisions between two checkpoints a fork made in the middle of an action
#: replays from (:mod:`core.engine.forking`): a checkpoint is a copy of the state, so taking one at
#: every decision would cost a batch a few per cent for forks it never makes. Once a battle has
#: been forked in the middle of an action, it takes one at every decision.
CHECKPOINT_EVERY = 32


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
        self.system: RulesSystem = self.host.systems()[scenario.system]
        self.options = scenario.options
        self.grid = grid_for(scenario.map.width, scenario.map.height, scenario.map.obstacles)
        self.events: list[Event] = []
        self._listeners: list[Listener] = list(listeners)
        self.on_plugin_error = on_plugin_error
        #: Whose questions wait for :meth:`submit` instead of going to the plugins (a session's
        #: player, a test, a planner's fork); every Phase or turn decision waits for whoever drives.
        self.player_controlled = frozenset(player_controlled)
        #: The AI every decision goes to instead of the scenario's (a fork's rollout), or "".
        self.controller = ""
        self.started = False
        self.halted: PluginFailed | None = None
        #: A copy made by :meth:`fork`: a lookahead, no battle of its own, so the plugins'
        #: ``slugfest_battle_start``/``_end`` are not called for it.
        self.is_fork = False
        if plugin_timeout is _UNSET:
            plugin_timeout = settings.plugin_timeout()  # SLUGFEST_PLUGIN_TIMEOUT, checked
        self.plugin_timeout: float | None = plugin_timeout  # type: ignore[assignment]
        self._own_steps: dict[str, Any] = {}  # hook name -> the rules system's own step, or None
        self.disabled: set[str] = set()  # plugins switched off for this battle (they ran out of time)
        self.host.tracker.budget = self.plugin_timeout
        #: The decision the battle waits on: a Phase or turn, or a question (then the rules that
        #: asked it are suspended in ``_rules``); None between actions and once it is over.
        self.pending: Decision | None = None
        self._rules: Asking[Any] | None = None
        self._ahead = False  # ``_rules`` is the clock's look-ahead (it returns the next decision), not an action
        #: Questions asked so far, in the order asked (a session keys the player's answers by it).
        self.questions = 0
        # What a fork in the middle of an action replays from (core.engine.forking).
        self.checkpoint_every = CHECKPOINT_EVERY
        self._checkpoint: Checkpoint | None = None
        self._journal: list[Answered] = []
        self._since_checkpoint = 0
        self.ctx = self._context()
        #: What every hook receives: the battle, read-only.
        self.view = BattleView(self)
        self._bind_emit()

    def _context(self) -> RulesContext:
        system = self.system
        return RulesContext(
            self.scenario, self.grid, self._dice, system.time_unit, emit=self.events.append,
            attack_step=partial(self._step, "slugfest_attack_step", system.validate_attack_result),
            damage_step=partial(self._step, "slugfest_damage_step", system.validate_damage_result),
            for_player=lambda cid: cid in self.player_controlled)

    # -- what the battle holds (the rules system keeps it in the context) -------------------

    @property
    def dice(self) -> Dice:
        return self._dice

    @dice.setter
    def dice(self, dice: Dice) -> None:
        """Swap the dice (a test scripting the rest of a battle, a fork's own stream): the rules
        and the plugins roll the new ones from now on."""
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

    @property
    def asking(self) -> bool:
        """Whether :attr:`pending` is a question in the middle of an action or of the clock
        (rather than a Phase or turn decision)."""
        return self._rules is not None and self.pending is not None

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

    def advance(self) -> Decision | None:
        """Run time forward until a decision waits, and return it (the same one until it is
        answered): a Phase or turn, or a question for a combatant in ``player_controlled``
        (the plugins answer the rest on the way). ``None`` once the battle is over."""
        if self.pending is not None:
            return self.pending
        self.start()
        if self.ctx.outcome is not None:
            return None
        self._take_checkpoint()
        self._look_ahead()
        self._answer_inline()
        if self.pending is None and self.ctx.outcome is not None:
            self._finish()
        return self.pending

    #: The name the loop had before decisions became values; it does the same.
    next_decision = advance

    def decide(self, decision: Decision) -> tuple[Choice, str]:
        """Ask the decision's controller for a legal choice (see :mod:`core.engine.choosing`)."""
        if self.controller and decision.controller != self.controller:
            decision = replace(decision, controller=self.controller)
        return decide(self, decision)

    def submit(self, decision: Decision, choice: Choice, chosen_by: str = "player", *,
               checked: bool = False) -> None:
        """Answer the decision waiting (:attr:`pending`) and go on until the action is over or
        another question waits. Raises :class:`IllegalAction` (nothing changes) if ``decision``
        is not the one waiting or the rules refuse the choice; ``checked`` says the rules have
        already accepted it (as :meth:`decide` does)."""
        if decision is not self.pending or decision is None:
            raise IllegalAction("that decision is not the one the battle waits on"
                                if self.pending is not None else "no decision is waiting")
        if not checked:
            self.system.check(self.ctx, decision, choice.action)
        self._chosen(decision, choice, chosen_by)
        self._answer_inline()

    def step(self) -> bool:
        """Resolve the next Phase or turn with the plugins choosing everything in it, questions
        to player-controlled combatants included; ``False`` once the battle is over."""
        if self.advance() is None:
            return False
        while (d := self.pending) is not None:
            choice, who = self.decide(d)
            self.submit(d, choice, who, checked=True)
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

    def play_out(self, decisions: int) -> int:
        """Play at most ``decisions`` Phase or turn decisions with the plugins (a rollout on a
        fork); the number played. Stops early at the end of the battle."""
        played = 0
        while played < decisions and self.step():
            played += 1
        return played

    def fork(self, *, seed: int | None = None, dice: Dice | None = None, ai: str = "",
             player_controlled: Iterable[str] | None = None) -> Battle:
        """A copy of this battle as it stands, to play forward without touching this one.

        It waits on the same decision, a question in the middle of an action included, and
        rolls the same dice from here unless given ``seed`` (a new stream) or ``dice``. ``ai``
        sends every decision of the copy to that AI instead of the scenario's (a rollout by the
        default AI: ``fork(ai="default")``); ``player_controlled``: whose questions wait in it
        (default: this battle's). It shares what never changes (the scenario, the map, the
        plugins) and calls no observer hooks. See :mod:`core.engine.forking` for what it costs.
        """
        return forking.fork(self, seed=seed, dice=dice, ai=ai, player_controlled=player_controlled)

    def _standing(self) -> tuple[str, ...]:
        """Who is still able to fight (a battle stopped before it was decided names them)."""
        if self.ctx.state is None:
            return ()
        return tuple(c.id for c in self.scenario.combatants if self.system.vitals(self.ctx, c.id).able)

    # -- driving the rules ---------------------------------------------------------------

    def _look_ahead(self) -> None:
        """Start the clock's look-ahead and run it to its first question or the decision it returns."""
        self._rules, self._ahead = self.system.next_decision(self.ctx), True
        self._resume(None)

    def _resume(self, answer: Choice | None) -> None:
        """Send ``answer`` into the suspended rules and run them to their next question (it
        waits as ``pending``) or their end (an action: nothing waits; the look-ahead: the
        decision it returned waits)."""
        rules = self._rules
        assert rules is not None
        try:
            asked = rules.send(answer)  # type: ignore[arg-type]
        except StopIteration as done:
            self.pending = done.value if self._ahead else None
            self._rules, self._ahead = None, False
            return
        except BaseException:
            self._rules, self.pending = None, None
            raise
        self.questions += 1
        self.pending = asked

    def _answer_inline(self) -> None:
        """The plugins answer each question for a combatant no one outside drives, while the
        rules wait on it (so a plugin that forks the battle then sees it waiting)."""
        while self._rules is not None and (q := self.pending) is not None and q.actor not in self.player_controlled:
            choice, who = self.decide(q)
            self._chosen(q, choice, who)

    def _chosen(self, decision: Decision, choice: Choice, who: str) -> None:
        """Record a legal choice and carry it out: a question's answer resumes the rules that
        asked it; a Phase or turn's choice starts the system's action."""
        a = choice.action
        self.ctx.emit(ActionChosen(actor=decision.actor, action=a.label(), reason=choice.reason, chosen_by=who,
                                   action_kind=a.kind, maneuver=a.maneuver or a.power, decision=decision.kind))
        self._journal.append(Answered(choice, len(self.events) - 1, self._dice.getstate(), frozenset(self.disabled)))
        self._carry_out(decision, choice)

    def _carry_out(self, decision: Decision, choice: Choice) -> None:
        """The rules go on with ``choice``: a question's answer resumes the rules that asked it;
        a Phase or turn's choice starts the system's action (a fork's replay does the same)."""
        self.pending = None
        if self._rules is None:
            self._rules, self._ahead = self.system.perform(self.ctx, decision, choice), False
            self._resume(None)
        else:
            self._resume(choice)

    def _take_checkpoint(self) -> None:
        """At the start of a look-ahead (nothing suspended), a copy to replay a fork from, if due."""
        self._since_checkpoint += 1
        if self._checkpoint is None or self._since_checkpoint >= self.checkpoint_every:
            self._since_checkpoint = 0
            self._checkpoint = Checkpoint(self.system.copy_state(self.ctx.state), self._dice.getstate(),
                                          self.ctx.rounds, self.ctx.outcome, len(self.events), self.questions,
                                          frozenset(self.disabled))
            self._journal = []

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

        return call_step(self, hook_name, validate, args)

    # -- internals ---------------------------------------------------------------------

    def _finish(self) -> None:
        o = self.ctx.outcome
        assert o is not None
        self.ctx.emit(BattleEnded(winner=o.winner, reason=o.reason, rounds=o.rounds, unit=self.system.time_unit,
                                  survivors=o.survivors))
        self._observe("slugfest_battle_end", battle=self.view, outcome=o)

    def _observe(self, hook_name: str, **kwargs: Any) -> None:
        if self.is_fork:
            return
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
        event = PluginFailed(plugin=plugin, hook=hook, error=text,
                             fallback=fallback if self.on_plugin_error == "fallback" else "battle stopped")
        self.ctx.emit(event)
        if self.on_plugin_error == "stop":
            self.halted = event
            raise BattleHalted(text)

