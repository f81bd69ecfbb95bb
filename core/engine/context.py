"""What the battle loop hands a rules system: one typed context instead of the whole battle.

A rules system runs a battle through a :class:`RulesContext` and nothing else: the scenario and
its options, the map, the dice, its own state, and three doors back into the loop, each a plain
callable so a rule pays one call for it:

* ``emit(event)`` records an event (and hands it to the listeners);
* ``attack_step(attack)`` and ``damage_step(attack, hit)`` run the attack and damage steps:
  the rules system's own implementation wrapped by the house rules, with a misbehaving plugin
  contained and its result checked before it is returned.

A question to a controller in the middle of an action (an Abort, a reaction) is no door: the
rule yields it and is sent the answer (:data:`core.engine.actions.Asking`).

The system keeps the clock in ``rounds`` (Turns or rounds begun) and ends the battle with
:meth:`settle` or :meth:`conclude`. It never sees the plugin host, the listeners or the
controllers: that is the loop's business (:mod:`core.engine.battle`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules.dice import Dice
    from .events import Event
    from ..rules.grid import Grid
    from ..files.scenario import Scenario


@dataclass(frozen=True)
class Outcome:
    """How a battle ended: the winning side (None for a draw), why, the clock, who stood."""

    winner: str | None
    reason: str
    rounds: int  # units of the system's clock begun (its ``time_unit``)
    survivors: tuple[str, ...]


class RulesContext:
    """One battle as its rules system sees it (see the module's docstring)."""

    __slots__ = ("scenario", "options", "grid", "dice", "time_unit", "state", "rounds", "outcome",
                 "emit", "attack_step", "damage_step", "for_player")

    def __init__(self, scenario: Scenario, grid: Grid, dice: Dice, time_unit: str, *, emit: Callable[[Event], None],
                 attack_step: Callable[[Any], Any],
                 damage_step: Callable[[Any, Any], Any], for_player: Callable[[str], bool] = lambda cid: False) -> None:
        self.scenario = scenario
        self.options: Any = scenario.options
        self.grid = grid
        self.dice = dice
        self.time_unit = time_unit  # what ``rounds`` counts ("turn", "round")
        #: The rules system's own mutable state (its ``new_state`` builds it).
        self.state: Any = None
        #: Units of the system's clock begun; the system keeps it up to date.
        self.rounds = 0
        self.outcome: Outcome | None = None
        self.emit = emit
        self.attack_step = attack_step
        self.damage_step = damage_step
        #: Whether a person answers for this combatant: a question's odds (what the player at the
        #: table weighs) are worked out only then, not on every attack of an AI-vs-AI batch.
        self.for_player = for_player

    def conclude(self, winner: str | None, reason: str, survivors: tuple[str, ...] = ()) -> None:
        """End the battle (the first conclusion stands)."""
        if self.outcome is None:
            self.outcome = Outcome(winner, reason, self.rounds, survivors)

    def settle(self, able: Callable[[str], bool]) -> bool:
        """Whether the battle is over: decided now if at most one side still has someone
        ``able`` to fight, or the clock has run past the scenario's limit (a draw). (It runs
        before every Phase or turn: it stops looking once two sides have someone standing.)"""
        if self.outcome is not None:
            return True
        standing = []
        for side in self.scenario.sides:
            for c in side.combatants:
                if able(c.id):
                    standing.append(side)
                    break
            if len(standing) > 1:
                break
        if len(standing) <= 1:
            if standing:
                survivors = tuple(c.id for c in standing[0].combatants if able(c.id))
                self.conclude(standing[0].name, "last side standing", survivors)
            else:
                self.conclude(None, "no one left standing", ())
            return True
        limit = self.scenario.turn_limit
        if self.rounds > limit:
            self.rounds = limit
            survivors = tuple(c.id for c in self.scenario.combatants if able(c.id))
            self.conclude(None, f"{self.time_unit} limit reached ({limit})", survivors)
            return True
        return False
