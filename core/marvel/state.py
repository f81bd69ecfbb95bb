"""Mutable Marvel battle state: each fighter's Health, Focus, Karma, position and conditions,
the initiative order kept for the whole fight, and the round clock."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..rules.grid import Cell
from ..rules.statecopy import copier
from . import conditions as cond
from .initiative import InitiativeEntry
from .powers import CATALOGUE
from .sheet import MarvelAttack, MarvelOptions, MarvelSheet


@dataclass(slots=True)
class Fighter:
    """One fighter's figures and conditions now. Every field holds a value, a frozen record or a
    frozenset, or a mapping that a change replaces, never edits: so a forked battle shares them
    all (:mod:`core.engine.forking`) and a copy is one constructor call. Only ``memo``, a cache of what
    follows from the sheet, is edited in place."""

    id: str
    name: str
    side: str
    ai: str
    sheet: MarvelSheet
    pos: Cell
    health_max: int
    focus_max: int
    health: int
    focus: int
    karma: int
    reactions_per_round: int = 1
    reactions: int = 1
    dodging: bool = False
    initiative: InitiativeEntry | None = None
    turns: int = 0
    #: Powers in use that last (a round, or while it concentrates): name -> level.
    active: Mapping[str, int] = field(default_factory=dict)
    #: Conditions that come and go (stunned, prone, bleeding, ablaze: :data:`.conditions.TIMED`),
    #: each with what gave it.
    timed: Mapping[str, str] = field(default_factory=dict)
    stood_up: bool = False  # stood up this turn: its movement action is spent
    expiring: tuple = ()  # conditions that last through this turn and end with it (one round's)
    for_a_round: frozenset = frozenset()  # conditions inflicted for a round that otherwise last (Iron's pin)
    held_by: str = ""  # who holds it (grabbed, pinned): rules/marvel.md §5
    holding: str = ""  # whom it holds
    spent_once: frozenset = frozenset()  # the powers it has used that work once a battle (Combat Trickery)
    #: What follows from the sheet and the options alone (defenses, edges, bonuses), worked
    #: out once and shared between battles of the same combatant (see :mod:`core.rules.memo`).
    memo: dict = field(default_factory=dict, repr=False, compare=False)
    #: Its last vitals, with the state they were worked out from (:func:`.report.vitals`, which
    #: says what makes them stale), or None: a cache, replaced, never edited.
    shown: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def unconscious(self) -> bool:
        return cond.unconscious(self.health) and not self.killed

    @property
    def killed(self) -> bool:
        return cond.killed(self.health, self.health_max)

    @property
    def demoralized(self) -> bool:
        return cond.demoralized(self.focus) and not self.shattered

    @property
    def shattered(self) -> bool:
        return cond.shattered(self.focus, self.focus_max)

    @property
    def out(self) -> bool:
        """Unconscious, killed or shattered: cannot act, no longer counts for its side."""
        return cond.out_of_fight(self.health, self.health_max, self.focus, self.focus_max)

    def conditions(self) -> tuple[str, ...]:
        out = list(cond.conditions(self.health, self.health_max, self.focus, self.focus_max))
        if self.dodging and not self.out:
            out.append("dodging")
        out.extend(self.timed)
        if self.holding:
            out.append("holding")
        out.extend(f"{name} {level}" if CATALOGUE[name].levels else name for name, level in self.active.items())
        return tuple(out)

    def pool(self, name: str) -> int:
        return self.health if name == "Health" else self.focus

    def pool_max(self, name: str) -> int:
        return self.health_max if name == "Health" else self.focus_max

    def attack(self, name: str) -> MarvelAttack:
        return self.sheet.attack(name)


@dataclass(slots=True)
class MarvelState:
    fighters: dict[str, Fighter]
    options: MarvelOptions
    order: tuple[str, ...] = ()
    bonus: tuple[str, ...] = ()
    round: int = 1  # 0 while the bonus round lasts
    queue: list[str] | None = None
    acting: str = ""  # whose turn was last opened: it ends when the battle asks for the next one
    team: dict = field(default_factory=dict)  # side -> its team maneuver in effect this round (:mod:`.team`)
    team_used: set = field(default_factory=set)  # the sides that have called their one team maneuver

    def copy(self) -> MarvelState:
        """A copy sharing nothing the rules change in place (a forked battle's, :mod:`core.engine.forking`)."""
        twin = _copy_state(self)
        twin.fighters = {fid: _copy_fighter(f) for fid, f in self.fighters.items()}
        return twin


#: ``memo`` is a cache a change replaces, never edits: a copy may share it.
_copy_fighter = copier(Fighter, shared=("memo",))
_copy_state = copier(MarvelState, shared=("fighters",))
