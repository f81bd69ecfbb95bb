"""Putting a question to the plugins and living with their answers.

:func:`decide` asks for a decision's choice. The decision goes to the implementations of
``slugfest_choose_action`` that may answer it (``PluginHost.choosers``: an AI marked with
``answers_for`` is asked only about its own combatants), in pluggy's order, and the first
answer wins. A plugin that raises, answers with something that is not a
:class:`~core.engine.actions.Choice` or chooses what the rules refuse is reported (``plugin_failed`` or
``action_refused``) and the question is put again without it, on the same dice, exactly as if
it had never been asked. The built-in ``default`` AI answers last for everyone, so there is
always an answer. Third-party plugins are called under the watchdog (``core.engine.guard``); the
built-ins are not timed.

:func:`call_step` runs an attack or damage step through its house rules the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import Action, Choice, Decision
from ..errors import IllegalAction, PluginError
from .events import ActionRefused

if TYPE_CHECKING:
    from .battle import Battle


#: The longest reason a choice may give (it is one line of the log).
MAX_REASON = 500


def decide(battle: Battle, decision: Decision) -> tuple[Choice, str]:
    """A legal choice for ``decision`` and the name of who chose it."""
    chain = battle.host.choosers(decision.controller)
    if chain is None:
        return _decide_through_pluggy(battle, decision)
    view = battle.view
    excluded = battle.disabled
    dice = battle.dice
    dice_state = dice.getstate()
    retried = bool(excluded)
    while True:
        if retried:
            dice.setstate(dice_state)
        choice: Any = None
        who = ""
        try:
            for c in chain:
                if c.plugin in excluded:
                    continue
                choice = c.call(view, decision)  # a third-party one times itself (core.engine.guard)
                if choice is not None:
                    who = c.plugin
                    break
        except PluginError as exc:
            battle.plugin_failed(exc.plugin, exc.hook, exc.error, "the next AI decides")
            excluded = excluded | {exc.plugin}
            retried = True
            continue
        if choice is None:
            return Choice(decision.menu[0], "no AI answered; first legal action"), "engine"
        problem = _refused(battle, decision, choice, who)
        if problem is None:
            return choice, who
        excluded = excluded | {who}
        retried = True


def _refused(battle: Battle, decision: Decision, choice: Any, who: str) -> str | None:
    """None if the choice is legal; otherwise report why not (and return it)."""
    if not isinstance(choice, Choice) or not isinstance(choice.action, Action):
        why = f"returned {type(choice).__name__}, expected a Choice"
        battle.plugin_failed(who, "slugfest_choose_action", why, "the next AI decides")
        return why
    if not isinstance(choice.reason, str) or len(choice.reason) > MAX_REASON:
        why = f"the choice's reason must be text of at most {MAX_REASON} characters, got {choice.reason!r}"[:300]
        battle.plugin_failed(who, "slugfest_choose_action", why, "the next AI decides")
        return why
    try:
        battle.system.check(battle.ctx, decision, choice.action)
    except IllegalAction as exc:
        battle.ctx.emit(ActionRefused(actor=decision.actor, action=choice.action.label(), why=str(exc), chosen_by=who))
        return str(exc)
    return None


def _decide_through_pluggy(battle: Battle, decision: Decision) -> tuple[Choice, str]:
    """:func:`decide` when a wrapper sits on ``slugfest_choose_action``: every call goes through
    pluggy, which alone runs wrappers, minus the plugins that failed."""
    host = battle.host
    excluded: list[str] = list(battle.disabled)
    caller = battle._caller("slugfest_choose_action", excluded)
    dice_state = battle.dice.getstate()
    while True:
        if excluded:
            battle.dice.setstate(dice_state)
        try:
            host.tracker.answered = ""
            choice = caller(battle=battle.view, decision=decision)
        except PluginError as exc:
            battle.plugin_failed(exc.plugin, exc.hook, exc.error, "the next AI decides")
            excluded.append(exc.plugin)
            caller = host.without("slugfest_choose_action", excluded)
            continue
        who = host.tracker.answered or "?"
        if choice is None:
            return Choice(decision.menu[0], "no AI answered; first legal action"), "engine"
        if _refused(battle, decision, choice, who) is None:
            return choice, who
        excluded.append(who)
        caller = host.without("slugfest_choose_action", excluded)


def call_step(battle: Battle, hook_name: str, validate: Callable[[Any], str], args: tuple[Any, ...]) -> Any:
    """Run a step hook through its house rules, containing failures (see ``Battle._step``)."""
    host = battle.host
    names = getattr(host.hook, hook_name).spec.argnames[1:]  # after ``battle``
    kwargs = dict(zip(names, args, strict=True))
    excluded: list[str] = list(battle.disabled)
    caller = battle._caller(hook_name, excluded)
    dice_state = battle.dice.getstate()
    while True:
        host.tracker.modified = ""
        if excluded:
            battle.dice.setstate(dice_state)  # the re-run sees the dice the failed run saw
        try:
            result = caller(battle=battle.view, **kwargs)
        except PluginError as exc:
            if exc.plugin in excluded or hasattr(host.pm.get_plugin(exc.plugin), "slugfest_rules_systems"):
                raise  # the rules system itself failed: a bug, not a plugin to route around
            battle.plugin_failed(exc.plugin, exc.hook, exc.error, f"{hook_name} re-run without it")
            excluded.append(exc.plugin)
            caller = host.without(hook_name, excluded)
            continue
        problem = "no plugin returned a result" if result is None else validate(result)
        if not problem:
            return result
        culprit = host.tracker.modified or host.tracker.answered or "?"
        if culprit in excluded or culprit == "?":
            raise RuntimeError(f"{hook_name}: {problem}")
        battle.plugin_failed(culprit, hook_name, f"returned nonsense: {problem}", f"{hook_name} re-run without it")
        excluded.append(culprit)
        caller = host.without(hook_name, excluded)
