"""A HERO character sheet and the scenario options: what a sheet is, as frozen records, and the
``[rules]`` options read from a scenario's TOML.

Everything here is frozen data: the sheet a scenario describes. What changes during a battle
(current STUN, position, conditions) lives in :mod:`core.hero.state`. A sheet's keys are read
and written back by :mod:`.sheet_keys` (the combatant's) and :mod:`.attack_keys` (an attack's).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..files.schema import Table
from ..rules.records import record
from .dice import MAX_DICE, DamageDice

#: 6e starting values. 6e has no figured characteristics: each is bought on its own.
BASE_CHARACTERISTICS: dict[str, int] = {
    "STR": 10, "DEX": 10, "CON": 10, "INT": 10, "EGO": 10, "PRE": 10,
    "OCV": 3, "DCV": 3, "OMCV": 3, "DMCV": 3, "SPD": 2,
    "PD": 2, "ED": 2, "REC": 4, "END": 20, "BODY": 10, "STUN": 20,
}

_LIMITS: dict[str, tuple[int, int]] = {"SPD": (1, 12), "BODY": (1, 500), "STUN": (1, 1000), "END": (0, 1000)}

#: Powers whose hit does something other than damage (rules-powers §3.2-3.5; their rules are in
#: :mod:`.powers` and :mod:`.mind_control`): Entangle, Flash, Drain, Mind Control and Mental
#: Illusions are rolled at a foe; Aid and Healing touch a friend.
#: The most combatants a HERO scenario holds, so a hostile file cannot exhaust the machine.
MAX_COMBATANTS = 32

EFFECT_KINDS = ("entangle", "flash", "drain", "aid", "healing", "mind_control", "mental_illusions", "darkness",
                "images")
#: The effect powers that fill cells rather than hit whoever is inside (:mod:`.senses`): Darkness
#: and Images, always an area, rolling no dice.
FIELD_KINDS = ("darkness", "images")
#: The attacks rolled 11 + OMCV - DMCV, reaching by line of sight (rules-powers §3.5): a Mental
#: Blast, Mind Control and Mental Illusions.
MENTAL_KINDS = ("mental", "mind_control", "mental_illusions")
#: A Presence Attack (rules-powers §3.6): PRE's dice (and any extra ``dice``) against each foe's PRE.
ATTACK_KINDS = ("normal", "killing", "nnd", "avld", "mental", *EFFECT_KINDS, "presence")
#: The characteristics a Drain or an Aid may change (6E1 p135 via rules-powers §3.4). STUN, BODY
#: and END are pools: the points move the maximum and the value now alike (:func:`.powers.readjust`).
ADJUSTABLE = ("STR", "DEX", "CON", "INT", "EGO", "PRE", "OCV", "DCV", "OMCV", "DMCV", "SPD", "PD", "ED", "REC",
              "END", "BODY", "STUN")
FLASH_DEFENSE = "Flash Defense"
#: The sense groups a Flash may strike, as 6e names them (rules-powers §3.3 prices the Sight Group,
#: a Targeting group, apart from the others). Sight is the one Targeting Sense a fight here uses
#: (:mod:`.senses`): a Flash of another group leaves OCV and DCV as they were.
SENSE_GROUPS = {"sight": "Sight", "hearing": "Hearing", "mental": "Mental", "radio": "Radio",
                "smell": "Smell/Taste", "touch": "Touch"}
#: What a combatant does with each group, as the log says it ("cannot hear").
SENSE_VERBS = {"sight": "see", "hearing": "hear", "mental": "use its Mental senses", "radio": "use its Radio senses",
               "smell": "smell or taste", "touch": "feel"}


def flash_defense(sense: str) -> str:
    """The special defense a Flash of ``sense`` meets (rules-powers §2.5: Flash Defense is bought
    for one sense group): "Flash Defense" for Sight, as sheets have always named it, else the
    group's own ("Hearing Flash Defense")."""
    return FLASH_DEFENSE if sense == "sight" else f"{SENSE_GROUPS[sense]} {FLASH_DEFENSE}"


POWER_DEFENSE = "Power Defense"
MENTAL_DEFENSE = "Mental Defense"
#: The special defense each effect power meets ("": none).
EFFECT_DEFENSE = {"entangle": "", "flash": FLASH_DEFENSE, "drain": POWER_DEFENSE, "aid": "", "healing": "",
                  "mind_control": MENTAL_DEFENSE, "mental_illusions": MENTAL_DEFENSE, "darkness": "",
                  "images": ""}


#: A Focus (6e): Obvious or Inobvious, Accessible or Inaccessible. An Accessible one (OAF, IAF)
#: can be knocked away by a Disarm.
FOCI = ("OAF", "IAF", "OIF", "IIF")
ACCESSIBLE = ("OAF", "IAF")
#: A Mental Blast reaches anyone in line of sight, with no Range Modifier (rules-powers §3.5):
#: as far as any map goes.
LINE_OF_SIGHT_M = 2000
CAMPAIGNS = ("superheroic", "heroic")


@record
class Characteristics:
    STR: int = 10
    DEX: int = 10
    CON: int = 10
    INT: int = 10
    EGO: int = 10
    PRE: int = 10
    OCV: int = 3
    DCV: int = 3
    OMCV: int = 3
    DMCV: int = 3
    SPD: int = 2
    PD: int = 2
    ED: int = 2
    REC: int = 4
    END: int = 20
    BODY: int = 10
    STUN: int = 20


@record
class HeroAttack:
    """One attack on a sheet.

    ``dice`` is the attack's own damage (a punch has none: its damage is STR).
    ``hth`` attacks reach an adjacent cell and add STR when ``adds_str``; ranged ones reach
    ``range_m`` metres. ``defense`` is PD or ED for Normal and Killing attacks and the named
    special defense for NND and AVLD.
    """

    name: str
    kind: str = "normal"
    dice: DamageDice = DamageDice()
    hth: bool = True
    adds_str: bool = True
    range_m: int = 0
    defense: str = "PD"
    end: int | None = None
    ocv: int = 0
    str_min: int = 0
    knockback: bool = True
    does_body: bool = True
    stun_multiplier_bonus: int = 0
    active_points: int | None = None
    armor_piercing: int = 0  # levels: each defense not Hardened as high counts half
    penetrating: int = 0  # levels: a floor on the damage taken
    knockback_multiplier: int = 1  # 2 with Double Knockback (``knockback = "double"``)
    reduced_end: str = ""  # "half" (½ END, minimum 1) or "zero"
    charges: int | None = None  # uses in the battle, none of them costing END
    standard_effect: bool = False  # no dice rolled: 3 a die (rules-powers §4.7)
    martial_dcs: int | None = None  # a Martial Arts maneuver: the DCs it adds (rules-powers §4.3)
    autofire: int = 0  # shots a burst fires (rules-powers §1.5); 0: not an Autofire attack
    characteristic: str = ""  # what a Drain or an Aid changes (rules-powers §3.4)
    sense: str = "sight"  # the sense group a Flash strikes (:data:`SENSE_GROUPS`, rules-powers §3.3)
    per: int = 0  # Images: the minus to the PER rolls that see through it (:mod:`.senses`)
    entangle_defense: int = 0  # an Entangle's rPD and rED beyond 1 a die (rules-powers §3.2)
    dcv: int = 0  # DCV its user has until its next Phase (a Martial Arts maneuver's, rules-powers §4.3)
    falls: bool = False  # its target falls (is knocked prone) on a hit (Legsweep, Martial Throw)
    velocity_per_dc: int = 0  # +1 DC per this many metres moved first (Martial Throw's +v/10); 0: none
    focus: str = ""  # a Focus: "OAF" or "IAF" can be knocked away by a Disarm (rules-powers §4.2)
    #: A Martial Arts maneuver made with a weapon (6e's weapon maneuvers): the name of that attack
    #: of the sheet, whose dice, STR and Focus it has (plus ``martial_dcs``); it goes when a Disarm
    #: knocks the weapon away. "": none
    weapon: str = ""
    area: str = ""  # Area Of Effect (rules-powers §1.4): a shape of :data:`.areas.TABLE`; "": none
    area_m: int = 0  # a Radius's radius, a Cone's or Line's length, in metres
    area_cells: int = 0  # a Surface's or an Any Area's size: how many 2 m cells it lays
    explosion: bool = False  # the area's damage falls off from its centre (1 DC per 2 m)

    @property
    def mental(self) -> bool:
        """A mental power (rules-powers §3.5): rolled 11 + OMCV - DMCV, reaching by line of sight
        with no Range Modifier, a plain Strike. A Mental Blast's hit is STUN only, no knockback,
        Mental Defense off the STUN; Mind Control's is an effect (:mod:`.mind_control`)."""
        return self.kind in MENTAL_KINDS

    @property
    def presence(self) -> bool:
        """A Presence Attack (rules-powers §3.6): a Zero-Phase action against every foe in sight."""
        return self.kind == "presence"

    @property
    def effect(self) -> bool:
        """A power whose hit does no damage but something else (:data:`EFFECT_KINDS`)."""
        return self.kind in EFFECT_KINDS

    @property
    def helps(self) -> bool:
        """A power used on a friend (Aid, Healing): touch, and no roll against a willing target."""
        return self.kind in ("aid", "healing")

    @property
    def spreads(self) -> bool:
        """A Cone or a Line: an area that starts at its user and reaches its own length."""
        return self.area in ("cone", "line")

    @property
    def uses_str_only(self) -> bool:
        return self.dice == DamageDice() and self.adds_str


@record
class Multipower:
    """A Multipower (rules-powers §5.1): a reserve of Active Points and the attacks that are its
    slots, one in use at a time."""

    name: str
    reserve: int
    slots: tuple[str, ...]


@record
class HeroSheet:
    characteristics: Characteristics
    rPD: int = 0
    rED: int = 0
    knockback_resistance: int = 0
    running: int = 12
    flying: bool = False
    csl: int = 0
    special_defenses: tuple[tuple[str, int], ...] = ()
    attacks: tuple[HeroAttack, ...] = ()
    hardened: tuple[int, int, int, int] = (0, 0, 0, 0)  # levels on PD, ED, rPD, rED
    impenetrable: tuple[int, int, int, int] = (0, 0, 0, 0)
    damage_reduction: tuple[int, int] = (0, 0)  # percent against physical (PD) and energy (ED) attacks
    damage_reduction_resistant: bool = True
    damage_negation: tuple[int, int] = (0, 0)  # DCs off physical and energy attacks
    martial_arts: tuple[str, ...] = ()  # the Martial Arts maneuvers it knows (:mod:`.martial`)
    martial_extra_dcs: int = 0  # Extra DCs bought with Martial Arts: added to each martial strike
    lightning_reflexes: int = 0  # +DEX for the order within a Segment, with all actions (:func:`.clock.order_dex`)
    invisible: bool = False  # Invisibility to the Sight Group, with its fringe (:mod:`.senses`)
    multipowers: tuple[Multipower, ...] = ()

    def multipower_of(self, attack: str) -> Multipower | None:
        """The Multipower ``attack`` is a slot of, if any."""
        return next((m for m in self.multipowers if attack in m.slots), None)

    def special(self) -> dict[str, int]:
        return dict(self.special_defenses)


@record
class HeroOptions:
    """Scenario ``[rules]`` for HERO. Defaults follow the seed; the other readings are options."""

    campaign: str = "superheroic"
    stun_multiplier: str = "1d6-1"  # seed; "half-d6" is the other 6e reading
    doubling_cap: bool = True  # seed: never more than double the base attack
    knockout: str = "below-zero"  # seed: STUN taken > current STUN; "zero": at 0 or less
    minimum_stun: bool = False  # seed (Taking Damage 2d); true: 6e's STUN taken never less than BODY taken
    knockback: str = "full"  # "full", "knockdown" (heroic option), "off"
    str_end: str = ""  # "" = by campaign (heroic 1 per 5 STR, superheroic 1 per 10)
    killing_minus_one: bool = False  # write 2-DC killing steps as 1d6-1 instead of ½d6
    deep_ko: str = "never"  # recovery below -30 STUN: "never" or "once-a-minute"
    dying_can_act: bool = False
    push_roll_superheroic: bool = False
    stun_recovery_slips: bool = True  # rules §4.6: hurt again while Stunned, the recovery waits a Phase
    hit_locations: bool = False  # 6e optional rule (hero6e.md §7.3), with placed shots


def parse_options(t: Table) -> HeroOptions:
    opts = HeroOptions(
        campaign=t.choice("campaign", CAMPAIGNS, "superheroic"),
        stun_multiplier=t.choice("stun_multiplier", ("1d6-1", "half-d6"), "1d6-1"),
        doubling_cap=t.boolean("doubling_cap", True),
        knockout=t.choice("knockout", ("below-zero", "zero"), "below-zero"),
        minimum_stun=t.boolean("minimum_stun", False),
        knockback=t.choice("knockback", ("full", "knockdown", "off"), "full"),
        str_end=t.choice("str_end", ("", "per-5", "per-10"), ""),
        killing_minus_one=t.boolean("killing_minus_one", False),
        deep_ko=t.choice("deep_ko", ("never", "once-a-minute"), "never"),
        dying_can_act=t.boolean("dying_can_act", False),
        push_roll_superheroic=t.boolean("push_roll_superheroic", False),
        stun_recovery_slips=t.boolean("stun_recovery_slips", True),
        hit_locations=t.boolean("hit_locations", False),
    )
    t.finish()
    return opts


def dump_options(o: HeroOptions) -> dict[str, Any]:
    default = HeroOptions()
    return {f.name: getattr(o, f.name) for f in fields(o) if getattr(o, f.name) != getattr(default, f.name)}


__all__ = [
    "ACCESSIBLE",
    "ADJUSTABLE",
    "ATTACK_KINDS",
    "BASE_CHARACTERISTICS",
    "EFFECT_DEFENSE",
    "EFFECT_KINDS",
    "MENTAL_KINDS",
    "FOCI",
    "MAX_DICE",
    "Characteristics",
    "HeroAttack",
    "HeroOptions",
    "HeroSheet",
    "Multipower",
    "dump_options",
    "parse_options",
]
