"""The interface every rules system implements, so one battle loop drives them all.

A rules system is an object registered through the ``slugfest_rules_systems`` hook. The
scenario loader asks it to read its own parts of a scenario; the battle loop asks it who
acts next, what is legal, and to carry out a chosen action. Shared code never names a
particular system: each is a package of its own behind this one interface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .vitals import Vitals
    from .actions import Action, Choice, Decision
    from .battle import Battle
    from .schema import Table


class RulesSystem(Protocol):
    name: str
    """Short key used in scenario files (``system = "..."``)."""
    title: str
    """Human name shown in logs and the TUI."""
    time_unit: str
    """What the battle counts for its limit and statistics (e.g. ``"turn"``, ``"round"``)."""
    metres_per_cell: float
    cell_unit: str
    damage_unit: str
    """The pool batch statistics count damage in (e.g. ``"STUN"``, ``"Health"``)."""
    catalogue: tuple[str, ...]
    """Every action and rule a coverage report should look for (``"action:..."``, ``"rule:..."``)."""

    def invariant_violations(self, battle: "Battle") -> list[str]:
        """Figures out of range in the current state (empty when all is well); the soak run
        checks this after every event."""

    def tally(self, battle: "Battle", index: int = 0) -> Any:
        """A finished battle as a :class:`core.stats.BattleTally` (system-neutral figures)."""

    def parse_options(self, table: "Table") -> Any:
        """Read the scenario's ``[rules]`` table into a typed options object."""

    def dump_options(self, options: Any) -> dict[str, Any]:
        """Options back to TOML data (only what differs from the defaults)."""

    def parse_sheet(self, table: "Table") -> Any:
        """Read a combatant's system-specific keys into a typed sheet."""

    def dump_sheet(self, sheet: Any) -> dict[str, Any]:
        """A sheet back to TOML data."""

    def max_combatants(self) -> int:
        """A bound on roster size, so a hostile file cannot exhaust the machine."""

    def new_state(self, battle: "Battle") -> Any:
        """Build the mutable battle state from ``battle.scenario`` (and roll anything rolled at start)."""

    def next_decision(self, battle: "Battle") -> "Decision | None":
        """Advance time until an actor must choose; ``None`` once the battle has ended
        (after the system has set ``battle.outcome``)."""

    def check(self, battle: "Battle", decision: "Decision", action: "Action") -> None:
        """Raise :class:`core.errors.IllegalAction` if ``action`` is not legal for the decision."""

    def perform(self, battle: "Battle", decision: "Decision", choice: "Choice") -> None:
        """Carry out a legal choice, emitting events."""

    def snapshot(self, battle: "Battle") -> dict[str, Any]:
        """A JSON-ready summary of every combatant's vital figures (for renderers and checks)."""

    def combatant_view(self, battle: "Battle", combatant_id: str) -> Any:
        """The state object of one combatant (read-only by convention)."""

    def vitals(self, battle: "Battle", combatant_id: str) -> "Vitals":
        """System-neutral figures an AI can reason with (see :class:`core.vitals.Vitals`)."""

    def estimate(self, battle: "Battle", actor: str, action: "Action") -> float:
        """Expected harm ``action`` does, as a fraction of its targets' remaining fight
        (chance to hit included). AIs rank attacks with it; 0 for non-attacks."""

