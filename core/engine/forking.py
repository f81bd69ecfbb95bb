"""Forking a battle: a copy of it as it stands, to play forward apart from it.

A planning AI weighs its options by playing each out on a copy; a player's "what if" does the
same. :meth:`core.engine.battle.Battle.fork` (and ``BattleView.fork()`` for a plugin) makes the copy:

* **Between actions, or waiting on a Phase or turn decision**, nothing is suspended: the copy is
  the rules system's state copied (``RulesSystem.copy_state``: what changes is copied, what
  never changes, the sheets and what follows from them, is shared), the dice at the same place
  in the same stream (or a stream of its own), the event list, and the decision waiting, rebuilt
  over the copy (``RulesSystem.rebind``: the menu is kept, the tactical picture reads the copy).
* **Waiting on a question in the middle of an action** (an Abort, a reaction), the rules are a
  suspended generator, which Python cannot copy. The copy is made the other way round: from the
  last :class:`Checkpoint` (a copy of the state taken between two actions) the rules are run
  again, every decision since answered as it was (the :class:`Answered` journal: the answer's
  ``ActionChosen`` event, the dice as the rules went on, the plugins switched off then), until
  they stop at the same question. The events the plugins' choosing made on the way (a refused
  choice, a plugin's failure) are copied, not made again, so no plugin is asked anything twice.

A battle takes a checkpoint at the start of every 32nd look-ahead, and at every one once it has
been forked in the middle of an action (a planner that weighs its Aborts does so at every
attack): a checkpoint costs one copy of the state. The copy calls no observer hook
(``slugfest_battle_start``/``_end``): it is no battle of its own.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..rules.dice import Dice, SeededDice

if TYPE_CHECKING:
    from .battle import Battle
    from .context import Outcome


class Checkpoint(NamedTuple):
    """The battle between two actions, to replay a fork from. ``state`` is a copy no rule
    changes: a replay copies it again."""

    state: Any
    dice: object  # the dice's state (Dice.getstate)
    rounds: int
    outcome: Outcome | None
    events: int  # how many events there were
    questions: int  # how many questions had been asked
    disabled: frozenset[str]  # the plugins switched off then


class Answered(NamedTuple):
    """One decision answered since the last checkpoint (one per decision: kept small)."""

    choice: Any  # the Choice made
    event: int  # the index of its ActionChosen event
    dice: object  # the dice's state as the rules went on with the answer
    disabled: frozenset[str]  # the plugins switched off then


class ForkError(RuntimeError):
    """A fork in the middle of an action did not replay to the same question: a plugin in the
    attack or damage steps that does not give the same result on the same dice."""


def fork(b: Battle, *, seed: int | None = None, dice: Dice | None = None, ai: str = "",
         player_controlled: Iterable[str] | None = None) -> Battle:
    """See :meth:`core.engine.battle.Battle.fork`."""
    if b._rules is not None:
        twin = _replayed(b)
        b.checkpoint_every = twin.checkpoint_every = 1  # forked mid-action once: likely again
    else:
        twin = _shell(b, b.system.copy_state(b.ctx.state) if b.ctx.state is not None else None,
                      copy_dice(b.dice), list(b.events))
        twin.ctx.rounds, twin.ctx.outcome, twin.questions = b.ctx.rounds, b.ctx.outcome, b.questions
        if b.pending is not None:
            twin.pending = b.system.rebind(twin.ctx, b.pending)
        twin._checkpoint, twin._journal, twin._since_checkpoint = b._checkpoint, list(b._journal), b._since_checkpoint
    if seed is not None:
        twin.dice = SeededDice(seed)
    elif dice is not None:
        twin.dice = dice
    twin.controller = ai
    if player_controlled is not None:
        twin.player_controlled = frozenset(player_controlled)
    return twin


def copy_dice(dice: Dice) -> Dice:
    """The dice's own copy, or, for dice that have none, a deep copy at the same place."""
    own = getattr(dice, "copy", None)
    if own is not None:
        return own()  # type: ignore[no-any-return]

    return copy.deepcopy(dice)


def _shell(b: Battle, state: Any, dice: Dice, events: list[Any]) -> Battle:
    """A battle over ``b``'s scenario and plugins holding ``state``, ``dice`` and ``events``.

    Built without ``Battle.__init__``: what never changes in a battle (the scenario, the plugin
    host, the rules system, the map, the sheets the view hands out) is shared, and what the loop
    changes is made anew here (tests/test_fork.py checks that the two lists cover every attribute)."""
    twin = object.__new__(type(b))
    twin.scenario, twin.seed, twin.host, twin.system = b.scenario, b.seed, b.host, b.system
    twin.options, twin.grid, twin.plugin_timeout = b.options, b.grid, b.plugin_timeout
    twin.on_plugin_error, twin.player_controlled, twin.controller = b.on_plugin_error, b.player_controlled, b.controller
    twin._own_steps = b._own_steps  # a cache of the host's own steps by hook name: the same host
    twin._dice, twin.events, twin._listeners = dice, events, []
    twin.started, twin.halted, twin.is_fork = b.started, None, True
    twin.disabled = set(b.disabled)
    twin.pending, twin._rules, twin._ahead, twin.questions = None, None, False, 0
    twin.checkpoint_every, twin._checkpoint, twin._journal, twin._since_checkpoint = b.checkpoint_every, None, [], 0
    twin.ctx = twin._context()
    twin.ctx.state = state
    twin.view = b.view._of(twin)
    return twin


def _replayed(b: Battle) -> Battle:
    """``b`` suspended at a question, made again from its last checkpoint (see the module's docstring)."""
    cp = b._checkpoint
    assert cp is not None, "a battle suspended in an action has a checkpoint from before it"
    dice = copy_dice(b.dice)
    dice.setstate(cp.dice)
    twin = _shell(b, b.system.copy_state(cp.state), dice, b.events[:cp.events])
    twin.ctx.rounds, twin.ctx.outcome, twin.questions = cp.rounds, cp.outcome, cp.questions
    twin.disabled = set(cp.disabled)
    twin._checkpoint, twin._since_checkpoint = cp, b._since_checkpoint
    for answered in b._journal:
        if twin.pending is None and twin.ctx.outcome is None:
            twin._look_ahead()  # an action was over: the original ran time on to its next decision
        decision = twin.pending
        if decision is None:
            raise ForkError("the replay ended before the question it was to reach")
        twin.events.extend(b.events[len(twin.events):answered.event])  # what choosing it emitted
        twin.disabled = set(answered.disabled)
        choice = answered.choice
        twin.events.append(b.events[answered.event])
        twin._journal.append(answered)
        dice.setstate(answered.dice)
        twin._carry_out(decision, choice)
    if twin.pending is None and twin.ctx.outcome is None:
        twin._look_ahead()
    twin.disabled = set(b.disabled)
    if (twin.pending is None or twin.pending.actor != b.pending.actor  # type: ignore[union-attr]
            or twin.pending.menu != b.pending.menu or twin.events[cp.events:] != b.events[cp.events:]):  # type: ignore[union-attr]
        raise ForkError("replaying the action did not stop at the same question: a plugin in the attack or "
                        "damage steps gave another result on the same dice")
    return twin

