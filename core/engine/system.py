"""The interface every rules system implements, so one battle loop drives them all.

A rules system is an object registered through the ``slugfest_rules_systems`` hook. The
scenario loader asks it to read its own parts of a scenario; the battle loop hands it a
:class:`~core.engine.context.RulesContext` and asks who acts next, what is legal, and to carry out a
chosen action; the app and the renderers ask it what to show. Shared code never names a
particular system: each is a package of its own behind this one interface, and everything the
app shows of a system comes from here (no ``system.name ==`` anywhere in ``tui/``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..rules.records import record

if TYPE_CHECKING:
    from .actions import Action, Asking, Choice, Decision
    from .context import RulesContext
    from .events import Event
    from ..files.schema import Table
    from ..batch.stats import BattleTally
    from ..rules.vitals import Vitals


@record
class PlayerOptions:
    """What the player's prompt may offer beside the menu, for one combatant.

    ``attacks``: each attack's name with the maneuvers one may try with it (the rules say which
    are legal now); ``push``: the most Character Points an attack may be pushed (0: the system
    has no pushing); ``levels``: Combat Skill Levels to assign and ``level_uses`` where they may
    go (none: the system has none); ``aims``: the hit locations a placed shot may aim at, each
    with its OCV (none: the rule is off, or the system has none); ``answers``: what an answer to
    a question does, by its maneuver word, for a question whose answers say nothing of it by
    their names (Marvel's team maneuvers: "Offensive 1" -> "5 Focus each: an edge on the
    team's attacks"), so the app explains them without knowing the system.
    """

    attacks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    push: int = 0
    levels: int = 0
    level_uses: tuple[str, ...] = ()
    aims: tuple[tuple[str, int], ...] = ()
    answers: tuple[tuple[str, str], ...] = ()


class RulesSystem(Protocol):
    name: str
    """Short key used in scenario files (``system = "..."``)."""
    title: str
    """Human name shown in logs and the app."""
    time_unit: str
    """What the battle counts for its limit and statistics (e.g. ``"turn"``, ``"round"``)."""
    metres_per_cell: float
    cell_unit: str
    damage_unit: str
    """The pool batch statistics count damage in (e.g. ``"STUN"``, ``"Health"``)."""
    damage_pools: tuple[str, ...]
    """Every pool the statistics count damage dealt and taken in, ``damage_unit`` first
    (``("STUN", "BODY")``, ``("Health", "Focus")``)."""
    tally_counts: tuple[str, ...]
    """What the statistics count per combatant besides attacks and damage: the names its
    tallies' ``counts`` use, each a column of the report (``"Phases acted"``...)."""
    catalogue: tuple[str, ...]
    """Every action and rule a coverage report should look for (``"action:..."``, ``"rule:..."``)."""

    # -- reading scenarios ----------------------------------------------------------------

    def parse_options(self, table: Table) -> Any:
        """Read the scenario's ``[rules]`` table into a typed options object."""

    def dump_options(self, options: Any) -> dict[str, Any]:
        """Options back to TOML data (only what differs from the defaults)."""

    def parse_sheet(self, table: Table) -> Any:
        """Read a combatant's system-specific keys into a typed sheet."""

    def dump_sheet(self, sheet: Any) -> dict[str, Any]:
        """A sheet back to TOML data."""

    def max_combatants(self) -> int:
        """A bound on roster size, so a hostile file cannot exhaust the machine."""

    # -- running a battle -----------------------------------------------------------------

    def new_state(self, ctx: RulesContext) -> Any:
        """Build the mutable battle state from ``ctx.scenario`` (and roll anything rolled at start)."""

    def next_decision(self, ctx: RulesContext) -> Asking[Decision | None]:
        """Advance time until an actor must choose, and return that decision; ``None`` once the
        battle has ended (after the system has concluded it, ``ctx.conclude`` or ``ctx.settle``).
        A generator: it yields the questions the clock raises on the way (a Haymaker landing at
        the end of a Segment asks its target whether to Abort) and is sent each answer."""

    def decision_for(self, ctx: RulesContext, actor: str) -> Decision:
        """The decision ``actor`` would face if its Phase or turn began now, changing nothing:
        its tactical picture and the menu read off it (for tests and tools)."""

    def check(self, ctx: RulesContext, decision: Decision, action: Action) -> None:
        """Raise :class:`core.errors.IllegalAction` if ``action`` is not legal for the decision."""

    def perform(self, ctx: RulesContext, decision: Decision, choice: Choice) -> Asking[None]:
        """Carry out a legal choice, emitting events. A generator: it yields each question the
        action raises (an Abort, a reaction) and is sent the answer (:data:`core.engine.actions.Asking`)."""

    def copy_state(self, state: Any) -> Any:
        """A copy of the state sharing nothing the rules change in place (a fork's: :mod:`core.engine.forking`)."""

    def rebind(self, ctx: RulesContext, decision: Decision) -> Decision:
        """``decision``, as it waits in a battle just forked, over the fork's ``ctx`` (the same
        menu; anything it holds that reads the state reads the fork's)."""

    def validate_attack_result(self, result: object) -> str:
        """Why an attack step's result is unusable ("" when it is fine)."""

    def validate_damage_result(self, result: object) -> str:
        """Why a damage step's result is unusable ("" when it is fine)."""

    # -- what it shows ----------------------------------------------------------------------

    def snapshot(self, ctx: RulesContext) -> dict[str, Any]:
        """A JSON-ready summary of every combatant's vital figures (for renderers and checks):
        ``[current, max]`` pairs become bars, numbers figures, ``status``/``conditions`` words."""

    def invariant_violations(self, ctx: RulesContext) -> list[str]:
        """Figures out of range in the current state (empty when all is well); the soak run
        checks this after every event."""

    def vitals(self, ctx: RulesContext, combatant_id: str) -> Vitals:
        """System-neutral figures an AI can reason with (see :class:`core.rules.vitals.Vitals`)."""

    def estimate(self, ctx: RulesContext, actor: str, action: Action) -> float:
        """Expected harm ``action`` does, as a fraction of its targets' remaining fight
        (chance to hit included). AIs rank attacks with it; 0 for non-attacks."""

    def tally(self, battle: Any, index: int = 0) -> BattleTally:
        """A finished battle (its ``events``, ``scenario`` and ``seed``) as system-neutral figures."""

    def figures(self, ctx: RulesContext) -> dict[str, list[tuple[str, str]]]:
        """Figures the snapshot lacks, per combatant id, as (label, text) (HERO: the DCV now)."""

    def player_options(self, ctx: RulesContext, actor: str) -> PlayerOptions:
        """What the player's prompt may offer ``actor`` beside its menu."""

    def event_details(self, event: Event) -> list[str]:
        """Extra lines for an expanded log entry (the full modifier chain of a roll)."""
