"""Slugfest's hook specifications: the one public plugin API.

Built-in AI behaviours, house rules and the rules systems themselves are plugins written
against these hooks, exactly as a third-party package would be (entry-point group
``slugfest``). Hook implementations are marked with ``slugfest.hookimpl`` (an AI's choosing
hook with ``slugfest.answers_for(name)``). Every hook receives the battle as a
:class:`~core.engine.view.BattleView`: it reads the live battle and refuses every change (an attempt is
reported as the plugin's failure).

Order of hooks in a battle (the "protocol", in the manner of pytest's
``pytest_runtest_protocol``):

1. ``slugfest_rules_systems`` once, when the plugin manager is built.
2. ``slugfest_battle_start(battle)`` after the first events are emitted.
3. Every time the rules system lets a combatant act:
   ``slugfest_choose_action(battle, decision)`` (first non-None result wins). Also asked with
   ``decision.kind == "abort"`` for a question in the middle of an action: a character about to
   be attacked may Abort (HERO) or use a reaction (Marvel); a Marvel ally may Interpose or Help,
   and Karma may be spent on the roll (``decision.free``: it costs no action of its own). A decision goes to the AI the scenario gave the combatant (an
   implementation marked ``answers_for`` another AI is not asked), then to the built-in
   ``default`` AI, which answers for everyone last.
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

# mypy: disable-error-code="empty-body"
# (a hookspec is a signature: pluggy never runs its body)
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pluggy

if TYPE_CHECKING:
    from .actions import Choice, Decision
    from .context import Outcome
    from .system import RulesSystem
    from .view import BattleView

hookspec = pluggy.HookspecMarker("slugfest")


class AttackStep(Protocol):
    """What every rules system's attack context has (HERO: ``core.hero.resolve.AttackContext``;
    Marvel: ``core.marvel.resolve.MarvelAttackContext``; both importable from ``slugfest.hero``
    and ``slugfest.marvel``). Frozen: a house rule reads it, and tells the systems apart with
    ``isinstance``."""

    @property
    def system(self) -> str:
        """Which rules system's attack this is: "hero", "marvel"."""

    @property
    def attacker(self) -> str: ...

    @property
    def target(self) -> str: ...


class AttackResult(Protocol):
    """What every attack step's result has (HERO: ``core.hero.attack.AttackRoll``; Marvel:
    ``core.marvel.resolve.MarvelAttackResult``). Frozen: a house rule returns a changed copy
    (``dataclasses.replace``), adding a line to ``notes``."""

    @property
    def hit(self) -> bool: ...

    @property
    def notes(self) -> tuple[str, ...]: ...


class DamageResult(Protocol):
    """What every damage step's result has (HERO: ``core.hero.resolve.DamageOutcome``; Marvel:
    ``core.marvel.resolve.MarvelDamageOutcome``). Frozen, as above."""

    @property
    def notes(self) -> tuple[str, ...]: ...


@hookspec
def slugfest_rules_systems() -> list[RulesSystem]:
    """Return the rules systems this plugin provides (objects implementing
    :class:`core.engine.system.RulesSystem`). Called once when the plugin manager is built.

    :return: a list of rules-system objects; their ``name`` is what scenarios write in
        ``battle.system``.
    """


@hookspec
def slugfest_battle_start(battle: BattleView) -> None:
    """Observe the start of a battle, after the ``battle_started`` event and the initial
    state exist.

    :param battle: the battle, read-only.
    :return: nothing (a value returned is ignored).
    """


@hookspec(firstresult=True)
def slugfest_choose_action(battle: BattleView, decision: Decision) -> Choice | None:
    """Choose what an actor does. Stops at the first non-None result.

    An AI behaviour answers for the combatants whose ``decision.controller`` is its registered
    name: mark the implementation ``@answers_for(NAME)`` and it is asked about no one else. An
    unmarked implementation is asked about every decision (a scripted controller in a test).
    The built-in ``default`` AI is ``trylast`` and answers for everyone, so it is both the
    default and the fallback.

    :param battle: the battle, read-only.
    :param decision: a :class:`core.engine.actions.Decision`: the actor, the legal ``menu``, the kind
        of decision (``"phase"`` or ``"abort"``) and, for a Phase or turn, the rules system's
        tactical ``picture`` (``picture.harm(action)``: the expected harm of an option).
    :return: a :class:`core.engine.actions.Choice` whose action is legal now, with a one-line
        ``reason`` the log shows; or ``None`` to let the next plugin decide. An illegal
        choice is refused (an ``action_refused`` event) and the next AI decides instead.
    """


@hookspec(firstresult=True)
def slugfest_attack_step(battle: BattleView, attack: AttackStep) -> AttackResult | None:
    """Resolve whether an attack hits. Stops at the first non-None result.

    The active rules system implements this ``trylast`` and returns its own result type. House
    rules wrap it (``wrapper=True``) to see or change the result, e.g. to turn a natural 3 into
    a critical.

    :param battle: the battle, read-only; ``battle.dice`` is the dice source a house rule must
        use if it rolls anything.
    :param attack: the system's attack context (attacker, target, the attack, and whatever
        the system needs to resolve it); a system's own implementation ignores contexts of
        other systems by returning ``None``.
    :return: the attack result, of the system's own type (see :class:`AttackResult`).
    """


@hookspec(firstresult=True)
def slugfest_damage_step(battle: BattleView, attack: AttackStep, hit: AttackResult) -> DamageResult | None:
    """Work out the damage a hit does to its target, before it is applied. Stops at the first
    non-None result.

    The active rules system implements this ``trylast``; house rules wrap it to change the
    result (hit locations, a fixed STUN multiplier, bleeding...). Returned values are
    checked: negative damage is refused and reported.

    :param battle: the battle, read-only; use ``battle.dice`` for any roll.
    :param attack: the same context the attack step saw.
    :param hit: the attack step's result.
    :return: the damage result, of the system's own type (see :class:`DamageResult`).
    """


@hookspec
def slugfest_battle_end(battle: BattleView, outcome: Outcome) -> None:
    """Observe the end of a battle, after the ``battle_ended`` event.

    :param battle: the finished battle, read-only.
    :param outcome: a :class:`core.engine.context.Outcome`.
    :return: nothing (a value returned is ignored).
    """
