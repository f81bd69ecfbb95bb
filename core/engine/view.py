"""The battle as plugins and the app see it: everything to read, nothing to change.

Every hook receives a :class:`BattleView`, never the :class:`~core.engine.battle.Battle` itself. It
reads through to the live battle (so it is always current and costs nothing to hand out) but
offers no way to change it: assigning or deleting any attribute raises :class:`ReadOnlyBattle`
at once, which the plugin guard reports as that plugin's failure, by name. What it hands out is
immutable too: the scenario, sheets, options and map are frozen records, the event log is a
read-only sequence, the figures are :class:`~core.rules.vitals.Vitals` records, and the dice can be
rolled (a house rule rolls the battle's own dice, so the battle replays from its seed) but not
rewound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from ..rules.records import record

if TYPE_CHECKING:
    from .actions import Action
    from .battle import Battle
    from .context import Outcome
    from .events import Event
    from ..rules.grid import Grid
    from ..files.scenario import Scenario
    from .system import PlayerOptions
    from ..rules.vitals import Vitals


class ReadOnlyBattle(AttributeError):
    """A plugin tried to change the battle through its view."""


@record
class SystemInfo:
    """What a rules system is, as a plugin may read it (its methods stay the engine's)."""

    name: str  # the key scenarios write in ``battle.system``: "hero", "marvel"
    title: str
    time_unit: str  # what the clock counts: "turn", "round"
    metres_per_cell: float
    cell_unit: str  # "m" (HERO counts metres), "space" (Marvel)
    damage_unit: str  # the pool statistics count damage in: "STUN", "Health"


def system_info(system: Any) -> SystemInfo:
    return SystemInfo(system.name, system.title, system.time_unit, system.metres_per_cell,
                      system.cell_unit, getattr(system, "damage_unit", "damage"))


class EventLog(Sequence["Event"]):
    """The battle's events so far, in order, readable and not writable."""

    __slots__ = ("_events",)
    _events: list[Event]

    def __init__(self, events: list[Event]) -> None:
        object.__setattr__(self, "_events", events)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return tuple(self._events[index])
        return self._events[index]

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __reversed__(self) -> Iterator[Event]:
        return reversed(self._events)

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyBattle(f"the battle's events are read-only (cannot set {name!r})")


class RollingDice:
    """The battle's dice, to roll and nothing else (no ``setstate``: the stream cannot be
    rewound). Its two methods are the dice's own bound methods, so a roll costs what it costs."""

    __slots__ = ("roll", "rolls")
    roll: Callable[..., int]  #: (sides, purpose="") -> one die
    rolls: Callable[..., tuple[int, ...]]  #: (count, sides=6, purpose="") -> that many dice

    def __init__(self, dice: Any) -> None:
        object.__setattr__(self, "roll", dice.roll)
        object.__setattr__(self, "rolls", dice.rolls)

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyBattle(f"the battle's dice can be rolled, not changed (cannot set {name!r})")


class BattleView:
    """A read-only window on one battle (see the module's docstring)."""

    #: ``scenario``, ``grid``, ``dice`` and ``events`` never change for the view's life (the
    #: battle's dice can be swapped, and the view is told): they are plain slots, the cheapest
    #: attributes to read, since the rules' own attack and damage steps read ``battle.dice``.
    __slots__ = ("_battle", "_info", "_sheets", "scenario", "grid", "dice", "events")

    scenario: Scenario
    grid: Grid
    dice: RollingDice
    events: EventLog
    _battle: Battle
    _info: SystemInfo
    _sheets: dict[str, Any]

    def __init__(self, battle: Battle) -> None:
        set_ = object.__setattr__
        set_(self, "_battle", battle)
        set_(self, "_info", system_info(battle.system))
        set_(self, "events", EventLog(battle.events))
        set_(self, "dice", RollingDice(battle.dice))
        set_(self, "scenario", battle.scenario)
        set_(self, "grid", battle.grid)
        set_(self, "_sheets", {c.id: c.sheet for c in battle.scenario.combatants})

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyBattle(f"the battle is read-only to plugins (cannot set battle.{name})")

    def _of(self, battle: Battle) -> BattleView:
        """The view of a fork of this view's battle: what never changes is shared."""
        twin = object.__new__(BattleView)
        set_ = object.__setattr__
        for name in ("_info", "_sheets", "scenario", "grid"):
            set_(twin, name, getattr(self, name))
        set_(twin, "_battle", battle)
        set_(twin, "events", EventLog(battle.events))
        set_(twin, "dice", RollingDice(battle.dice))
        return twin

    def _roll_with(self, dice: Any) -> None:
        """The battle's dice were swapped (by the battle itself, never a plugin)."""
        object.__setattr__(self, "dice", RollingDice(dice))

    def __delattr__(self, name: str) -> None:
        raise ReadOnlyBattle(f"the battle is read-only to plugins (cannot delete battle.{name})")

    # -- what the battle is -----------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self._battle.seed

    @property
    def is_fork(self) -> bool:
        """Whether this battle is a fork (:meth:`fork`): a lookahead, not the battle being played."""
        return self._battle.is_fork

    @property
    def system(self) -> SystemInfo:
        return self._info

    @property
    def options(self) -> Any:
        """The scenario's ``[rules]`` options, as the rules system read them (frozen)."""
        return self._battle.scenario.options

    # -- where it stands --------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """Units of the system's clock begun (its ``time_unit``)."""
        return self._battle.rounds

    @property
    def outcome(self) -> Outcome | None:
        return self._battle.outcome

    def sheet(self, cid: str) -> Any:
        """A combatant's sheet, as the scenario gives it (frozen; a battle never changes it)."""
        return self._sheets[cid]

    def vitals(self, cid: str) -> Vitals:
        """System-neutral figures of one combatant now."""
        b = self._battle
        return b.system.vitals(b.ctx, cid)

    def estimate(self, actor: str, action: Action) -> float:
        """The rules system's expected harm of ``action`` (see ``RulesSystem.estimate``)."""
        b = self._battle
        return b.system.estimate(b.ctx, actor, action)

    def figures(self) -> dict[str, list[tuple[str, str]]]:
        """Figures the snapshot lacks, per combatant id (HERO: OCV, the DCV now, DEX)."""
        b = self._battle
        return b.system.figures(b.ctx) if b.started else {}

    def player_options(self, cid: str) -> PlayerOptions:
        """What the player's prompt may offer ``cid`` beside its menu (attacks and their
        maneuvers, pushing, Combat Skill Levels): the AI may use the same."""
        b = self._battle
        return b.system.player_options(b.ctx, cid)

    def fork(self, *, seed: int | None = None, ai: str = "", player_controlled: Iterable[str] | None = None) -> Battle:
        """A copy of the battle as it stands, yours to play forward: the real battle is not
        touched, whatever you do with it. It waits on the same decision (a question in the
        middle of an action included) and rolls the same dice from here, unless given ``seed``
        (a stream of its own). ``ai`` sends every decision in it to that AI (a rollout by the
        default AI: ``ai="default"``, so your own AI is not asked again inside its own
        lookahead). Drive it with ``advance()``/``submit()``, ``step()`` or ``play_out(n)``,
        and read it like the real one (``fork.view``, ``fork.outcome``). See
        :meth:`core.engine.battle.Battle.fork` and docs/plugins.md."""
        return self._battle.fork(seed=seed, ai=ai, player_controlled=player_controlled)

    def snapshot(self) -> dict[str, Any]:
        """A JSON-ready summary of every combatant's vital figures (a fresh copy each call)."""
        b = self._battle
        return b.system.snapshot(b.ctx)
