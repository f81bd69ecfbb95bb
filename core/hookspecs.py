"""Slugfest's hook specifications: the one public plugin API.

Built-in AI behaviours, house rules and the rules systems themselves are plugins written
against these hooks, exactly as a third-party package would be (entry-point group
``slugfest``). Hook implementations are marked with :data:`core.plugins.hookimpl`.

Order of hooks in a battle (the "protocol", in the manner of pytest's
``pytest_runtest_protocol``):

1. ``slugfest_rules_systems`` once, when the plugin manager is built.
2. ``slugfest_battle_start(battle)`` after the first events are emitted.
3. Every time the rules system lets a combatant act:
   ``slugfest_choose_action(battle, decision)`` (first non-None result wins). Also asked with
   ``decision.kind == "abort"`` when a character about to be attacked may Abort.
4. For every attack the chosen action makes:
   ``slugfest_attack_step(battle, attack)`` -> the attack roll's result, then, if it hit,
   ``slugfest_damage_step(battle, attack, hit)`` -> the damage the target takes.
   The rules system's own implementation is ``trylast``; house rules wrap it with
   ``wrapper=True`` (``result = yield``, adjust, ``return result``). The engine applies
   the final result to the battle state only after the hook returns, so a failing plugin
   never leaves the state half-changed.
5. ``slugfest_battle_end(battle, outcome)`` once, after the outcome is decided.

A plugin that raises is reported as a ``PluginFailed`` event naming the plugin and the hook;
the engine then goes on without that plugin for that call.
"""

from __future__ import annotations

from typing import Any

import pluggy

hookspec = pluggy.HookspecMarker("slugfest")


@hookspec
def slugfest_rules_systems() -> list[Any]:
    """Return the rules systems this plugin provides (objects implementing
    :class:`core.system.RulesSystem`). Called once when the plugin manager is built.

    :return: a list of rules-system objects; their ``name`` is what scenarios write in
        ``battle.system``.
    """


@hookspec
def slugfest_battle_start(battle: Any) -> None:
    """Observe the start of a battle, after the ``battle_started`` event and the initial
    state exist. Return value ignored.

    :param battle: the :class:`core.battle.Battle` (treat as read-only).
    """


@hookspec(firstresult=True)
def slugfest_choose_action(battle: Any, decision: Any) -> Any:
    """Choose what an actor does. Stops at the first non-None result.

    AI behaviours answer only for decisions whose ``decision.controller`` is their own
    registered name and return ``None`` otherwise; the built-in ``default`` AI is ``trylast``
    and answers for everyone else, so it is both the default and the fallback.

    :param battle: the battle (read-only by convention).
    :param decision: a :class:`core.actions.Decision`: the actor, the legal ``menu`` and the
        kind of decision (``"phase"`` or ``"abort"``).
    :return: a :class:`core.actions.Choice` whose action is legal now, with a one-line
        ``reason`` the log shows; or ``None`` to let the next plugin decide. An illegal
        choice is refused (an ``action_refused`` event) and the default AI decides instead.
    """


@hookspec(firstresult=True)
def slugfest_attack_step(battle: Any, attack: Any) -> Any:
    """Resolve whether an attack hits. Stops at the first non-None result.

    The active rules system implements this ``trylast`` and returns its own result type
    (documented per system in ``docs/plugins.md``). House rules wrap it (``wrapper=True``) to see
    or change the result, e.g. to turn a natural 3 into a critical.

    :param battle: the battle (read-only by convention); ``battle.dice`` is the dice source
        a house rule must use if it rolls anything.
    :param attack: the system's attack context (attacker, target, the attack, and whatever
        the system needs to resolve it); a system's own implementation ignores contexts of
        other systems by returning ``None``.
    :return: the attack result (same type as the system's).
    """


@hookspec(firstresult=True)
def slugfest_damage_step(battle: Any, attack: Any, hit: Any) -> Any:
    """Work out the damage a hit does to its target, before it is applied. Stops at the first
    non-None result.

    The active rules system implements this ``trylast``; house rules wrap it to change the
    result (hit locations, a fixed STUN multiplier, bleeding...). Returned values are
    checked: negative damage is refused and reported.

    :param battle: the battle; use ``battle.dice`` for any roll.
    :param attack: the same context the attack step saw.
    :param hit: the attack step's result.
    :return: the damage result, of the system's own type.
    """


@hookspec
def slugfest_battle_end(battle: Any, outcome: Any) -> None:
    """Observe the end of a battle, after the ``battle_ended`` event. Return value ignored.

    :param battle: the finished battle.
    :param outcome: a :class:`core.battle.Outcome`.
    """
