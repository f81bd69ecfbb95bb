"""The sheet an import builds, and the table of handlers that build it.

Each handler reads one kind of part (``ENERGYBLAST``, ``FORCEFIELD``, ``COMBAT_LEVELS``...)
into a :class:`Draft` of the sheet and returns the report line that says what it became; the
handlers live by kind in :mod:`.powers` (characteristics, movement, levels, what is not
modelled), :mod:`.defenses` and :mod:`.attacks`, and register themselves in :data:`HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from ..sheet import BASE_CHARACTERISTICS, HeroAttack
from .reading import Part
from .report import Entry

MAX_ATTACKS = 16  # a sheet's attacks, as the scenario loader allows


@dataclass
class PendingLevels:
    """Combat Skill Levels bought for some attacks only, applied once every attack is read."""

    entry: Entry
    levels: int
    scope: str  # "hth", "ranged", "physical" (both), "martial" or "named"
    hint: str  # the file's words for the attacks (its option alias or input)
    targets: list[str] | None = None  # the attacks of the Compound Power it came in, if any
    names: list[str] = field(default_factory=list)  # the attacks the file names for them (its adders)



@dataclass
class WeaponManeuver:
    """A Martial Arts maneuver bought for use with weapons, waiting for the sheet's weapons
    (:func:`.martial.apply_weapon_maneuvers`): its report entry, name, DCs, OCV, DCV, whether its
    target falls, and the rest of its effect (not modelled)."""

    entry: Entry
    name: str
    dcs: int
    ocv: int
    dcv: int
    falls: bool
    rest: str


@dataclass
class Draft:
    """The sheet being built, in the units of the scenario keys."""

    values: dict[str, int] = field(default_factory=lambda: dict(BASE_CHARACTERISTICS))
    rPD: int = 0
    rED: int = 0
    knockback_resistance: int = 0
    running: int = 12
    flight: int = 0
    csl: int = 0
    lightning_reflexes: int = 0  # +DEX for the order within a Segment, with all actions
    invisible: bool = False  # Invisibility to the Sight Group (:mod:`.senses`)
    special: dict[str, int] = field(default_factory=dict)
    attacks: list[HeroAttack] = field(default_factory=list)
    hardened: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    impenetrable: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    reduction: list[int] = field(default_factory=lambda: [0, 0])
    reduction_kinds: set[bool] = field(default_factory=set)  # resistant or not, of each DR bought
    negation: list[int] = field(default_factory=lambda: [0, 0])
    martial_dcs: int = 0  # Extra DCs bought with Martial Arts, added to every martial strike
    martial_arts: list[str] = field(default_factory=list)  # the maneuvers that change a basic one (Martial Dodge...)
    #: Multipowers met: by the framework's id, (name, reserve, the attacks its slots became).
    multipowers: dict[str, tuple[str, int, list[str]]] = field(default_factory=dict)
    resistant_share: list[int] = field(default_factory=lambda: [0, 0])  # PD, ED points made resistant
    pending: list[PendingLevels] = field(default_factory=list)  # levels for some attacks (apply_levels)
    weapon_maneuvers: list[WeaponManeuver] = field(default_factory=list)  # (martial.apply_weapon_maneuvers)
    groups: dict[str, list[str]] = field(default_factory=dict)  # a list's or framework's name -> its attacks
    edition: str = "6e"  # "5e": a 5th Edition file, converted as it is read (:mod:`.fifth`)
    primaries: dict[str, int] = field(default_factory=dict)  # 5e: the primaries figured ones are worked from
    figured: dict[str, str] = field(default_factory=dict)  # 5e: how each figured characteristic was worked out
    conversions: list[str] = field(default_factory=list)  # 5e: each conversion, one report line

    def attack_name(self, wanted: str) -> str:
        base = wanted.strip()[:56] or "Attack"
        names = {a.name for a in self.attacks}
        name, n = base, 2
        while name in names:
            name, n = f"{base} {n}", n + 1
        return name


Handler = Callable[[Part, Draft], Entry]
HANDLERS: dict[str, Handler] = {}


def handles(*xmlids: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for x in xmlids:
            HANDLERS[x] = fn
        return fn
    return register


def _n(value: Fraction) -> int:
    return int(value)


def _count(value: Fraction) -> int:
    """Levels that cannot be negative (dice, defense points): a negative value counts as none."""
    return max(0, int(value))
