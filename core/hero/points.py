"""What a HERO sheet costs in Character Points: the one home of the 6e price list.

Characteristics are bought from their 6e base at a price per point (rules-6e §2.1); powers cost
their Real Points, the Active Points :func:`.pricing.power_points` works out (the dice at
:data:`POWER_COST_PER_DIE` times one plus the advantages) divided by one plus the limitations
the sheet records (a Focus, Charges). The Hero Designer importer reads its per-die prices from
here too (:data:`HDC_POWER_KINDS`), so a character costs the same whichever way it came in.

Why a whole-sheet bill rather than a price per change: the cost of *any* change (+1 SPD, +1d6
on a Blast, a build of several) is the difference of two bills, so ``slugfest worth`` and
``slugfest optimise`` price a change exactly as ``slugfest check --costs`` prices a sheet, and
a change whose price depends on the rest of the sheet (dice under an advantage) is priced right.

Where the sources give no 6e price, the reading is named in :data:`READINGS` and the bill says
so; parts of a sheet with no price at all are listed as unpriced, never silently counted as 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .dice import AP_PER_DIE, DamageDice
from .pricing import power_points
from .sheet import BASE_CHARACTERISTICS, FIELD_KINDS, HeroAttack, HeroSheet

#: Character Points per point of a characteristic above its base (rules-6e §2.1): END is 1 per 5,
#: STUN 1 per 2. A characteristic below its base gives the points back at the same price.
CHARACTERISTIC_COST: dict[str, Fraction] = {
    "STR": Fraction(1), "DEX": Fraction(2), "CON": Fraction(1), "INT": Fraction(1), "EGO": Fraction(1),
    "PRE": Fraction(1), "OCV": Fraction(5), "DCV": Fraction(5), "OMCV": Fraction(3), "DMCV": Fraction(3),
    "SPD": Fraction(10), "PD": Fraction(1), "ED": Fraction(1), "REC": Fraction(1), "END": Fraction(1, 5),
    "BODY": Fraction(1), "STUN": Fraction(1, 2),
}

#: Character Points per 1d6 of each attack kind the engine models (rules-powers §3.1-3.5): the
#: dice's own table (:data:`.dice.AP_PER_DIE`), named here as a price.
POWER_COST_PER_DIE: dict[str, int] = dict(AP_PER_DIE)

#: The Hero Designer power (its XMLID) each attack kind is bought as: the importer prices a power
#: by its levels at this kind's cost per die.
HDC_POWER_KINDS: dict[str, str] = {
    "ENERGYBLAST": "normal", "HANDTOHANDATTACK": "normal", "RKA": "killing", "HKA": "killing",
    "EGOATTACK": "mental", "MINDCONTROL": "mind_control", "MENTALILLUSIONS": "mental_illusions",
    "ENTANGLE": "entangle", "FLASH": "flash", "DRAIN": "drain", "AID": "aid", "HEALING": "healing",
}

#: The 6e prices of the rest of a sheet (rules-powers §2.3-2.5 where they give one).
RESISTANT_PER_POINT = Fraction(3, 2)  # Resistant Protection: 3 CP per 2 points of rPD or rED
KNOCKBACK_RESISTANCE_PER_M = Fraction(1)  # rules-powers §2.4
RUNNING_PER_M = Fraction(1)  # 6e Running: 1 CP per metre above the base 12 m
BASE_RUNNING_M = 12
FLIGHT_PER_M = Fraction(1)  # 6e Flight: 1 CP per metre; a flier flies its combat movement
SPECIAL_DEFENSE_PER_POINT = Fraction(1)  # Flash, Mental and Power Defense (rules-powers §2.5)
CSL_PER_LEVEL = Fraction(5)  # a Combat Skill Level with every attack the sheet has (see READINGS)
MARTIAL_EXTRA_DC = Fraction(4)  # 6e: an Extra Damage Class with Martial Arts
DAMAGE_NEGATION_PER_DC = Fraction(5)  # 6e: -1 DC against one type (physical or energy)
#: Damage Reduction against one type (6e): 25% 10 CP, 50% 20, 75% 40; Resistant is +1/2.
DAMAGE_REDUCTION = {25: Fraction(10), 50: Fraction(20), 75: Fraction(40)}
#: Lightning Reflexes with all actions: 1 CP for each +1 DEX to act earlier (6e's talent; the
#: HERO Foundry system's price too).
LIGHTNING_REFLEXES_PER_DEX = Fraction(1)
#: Invisibility to the Sight Group, with its fringe: 20 CP (6e; the HERO Foundry system's price too).
INVISIBILITY = Fraction(20)
HARDENED_PER_LEVEL = Fraction(1, 4)  # an advantage on the defense it hardens (rules-powers §2.3)

#: The Martial Arts maneuvers' prices (rules-powers §4.3).
MARTIAL_COST: dict[str, int] = {
    "Martial Strike": 4, "Offensive Strike": 5, "Defensive Strike": 5, "Fast Strike": 4, "Killing Strike": 4,
    "Nerve Strike": 4, "Martial Block": 4, "Martial Dodge": 4, "Martial Throw": 3, "Martial Grab": 3,
    "Martial Disarm": 4, "Martial Escape": 4, "Legsweep": 3, "Choke Hold": 4, "Crush": 4, "Killing Throw": 5,
}

#: Limitations a sheet records, as values (a Focus: 6e's -1 for an OAF, -1/2 for an IAF or OIF,
#: -1/4 for an IIF).
FOCUS_LIMITATION: dict[str, Fraction] = {"OAF": Fraction(-1), "IAF": Fraction(-1, 2), "OIF": Fraction(-1, 2),
                                         "IIF": Fraction(-1, 4)}

#: Our readings where the sources give no 6e price, shown with every bill that uses one.
READINGS: dict[str, str] = {
    "csl": "Combat Skill Levels priced at 5 CP a level (6e's price for a level with a large group of "
           "attacks: the sheet's levels work with all of its attacks)",
    "special": "a named special defense priced at 1 CP a point (Flash, Mental and Power Defense's price; "
               "Life Support and the like are priced the same, UNCONFIRMED)",
    "charges": "Charges priced as 6e's limitation table (1 -2, 2 -1 1/2, 3 -1 1/4, 4 -1, 5-6 -3/4, 7-8 -1/2, "
               "9-12 -1/4; 13 or more are priced as no limitation, though 6e makes 17 or more an advantage), UNCONFIRMED",
    "multipower": "a Multipower: its reserve (1 CP a point) and each slot at a tenth of its Real Points "
                  "(a fixed slot, rules-powers §5.1)",
    "flight": "a flier's Flight priced at 1 CP a metre of its combat movement (its running metres)",
}


def charges_value(charges: int) -> Fraction:
    """Charges' value as a modifier (6e's table; see :data:`READINGS`)."""
    for most, value in ((1, Fraction(-2)), (2, Fraction(-3, 2)), (3, Fraction(-5, 4)), (4, Fraction(-1)),
                        (6, Fraction(-3, 4)), (8, Fraction(-1, 2)), (12, Fraction(-1, 4))):
        if charges <= most:
            return value
    return Fraction(0)


def characteristic_points(name: str, value: int) -> Fraction:
    """What ``value`` of characteristic ``name`` costs above (or gives back below) its 6e base."""
    return (value - BASE_CHARACTERISTICS[name]) * CHARACTERISTIC_COST[name]


def limitations(atk: HeroAttack) -> Fraction:
    """The sum of the limitations the sheet records on ``atk`` (a negative number, or 0)."""
    total = FOCUS_LIMITATION.get(atk.focus, Fraction(0))
    if atk.charges is not None:
        total += charges_value(atk.charges)
    return total


def active_points(atk: HeroAttack) -> Fraction:
    """The power's Active Points: :func:`.pricing.power_points`, the one reckoning of them."""
    return power_points(atk)


def real_points(atk: HeroAttack) -> Fraction:
    """The power's Real Points: its Active Points / (1 + the limitations' sizes)."""
    return active_points(atk) / (1 - limitations(atk))


def attack_points(atk: HeroAttack) -> Fraction:
    """What an attack on a sheet costs: nothing for a STR blow (the STR is bought as a
    characteristic) or a Presence Attack (PRE is), else its Real Points. Martial maneuvers are
    priced by :func:`bill`."""
    if atk.martial_dcs is not None or atk.uses_str_only or (atk.kind not in POWER_COST_PER_DIE
                                                             and atk.kind not in FIELD_KINDS):
        return Fraction(0)
    return real_points(atk)


@dataclass(frozen=True)
class Line:
    """One priced part of a sheet: what it is, what it costs, and the reading used ("" if none)."""

    what: str
    points: Fraction
    reading: str = ""


@dataclass(frozen=True)
class Bill:
    """A sheet's price, line by line, and what on it has no price (never counted as 0 unsaid)."""

    lines: tuple[Line, ...]
    unpriced: tuple[str, ...] = ()

    @property
    def total(self) -> Fraction:
        return sum((line.points for line in self.lines), Fraction(0))

    @property
    def characteristics(self) -> Fraction:
        return sum((line.points for line in self.lines if line.what in CHARACTERISTIC_COST), Fraction(0))

    @property
    def readings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(READINGS[line.reading] for line in self.lines if line.reading))


def shown(points: Fraction) -> str:
    """Points as a sheet shows them: whole, or to one decimal place when a fraction is left."""
    return f"{int(points)}" if points.denominator == 1 else f"{float(points):.1f}"


def bill(sheet: HeroSheet) -> Bill:
    """Every priced part of ``sheet``: characteristics off their base, defenses, movement, skill
    levels, Martial Arts and each power (its Real Points; a Multipower's slots as READINGS says)."""
    lines: list[Line] = []
    unpriced: list[str] = []
    ch = sheet.characteristics
    for name in CHARACTERISTIC_COST:
        pts = characteristic_points(name, getattr(ch, name))
        if pts:
            lines.append(Line(name, pts))
    for key, value in (("rPD", sheet.rPD), ("rED", sheet.rED)):
        if value:
            lines.append(Line(key, value * RESISTANT_PER_POINT))
    if sheet.knockback_resistance:
        lines.append(Line("Knockback Resistance", sheet.knockback_resistance * KNOCKBACK_RESISTANCE_PER_M))
    if sheet.running != BASE_RUNNING_M:
        lines.append(Line("Running", (sheet.running - BASE_RUNNING_M) * RUNNING_PER_M))
    if sheet.flying:
        lines.append(Line("Flight", sheet.running * FLIGHT_PER_M, "flight"))
    if sheet.csl:
        lines.append(Line("Combat Skill Levels", sheet.csl * CSL_PER_LEVEL, "csl"))
    if sheet.lightning_reflexes:
        lines.append(Line("Lightning Reflexes", sheet.lightning_reflexes * LIGHTNING_REFLEXES_PER_DEX))
    if sheet.invisible:
        lines.append(Line("Invisibility (Sight Group)", INVISIBILITY))
    for name, value in sheet.special_defenses:
        if value:
            lines.append(Line(name, value * SPECIAL_DEFENSE_PER_POINT, "special"))
    for kind, (phys, energy) in (("Damage Reduction", sheet.damage_reduction),
                                 ("Damage Negation", sheet.damage_negation)):
        for what, v in (("physical", phys), ("energy", energy)):
            if not v:
                continue
            if kind == "Damage Negation":
                lines.append(Line(f"{kind} ({what})", v * DAMAGE_NEGATION_PER_DC))
            elif v in DAMAGE_REDUCTION:
                price = DAMAGE_REDUCTION[v] * (Fraction(3, 2) if sheet.damage_reduction_resistant else 1)
                lines.append(Line(f"{kind} ({what})", price))
            else:
                unpriced.append(f"{kind} {v}% ({what})")
    _defense_advantages(sheet, lines)
    for m in sheet.martial_arts:
        lines.append(Line(f"Martial Arts: {m}", Fraction(MARTIAL_COST[m])))
    if sheet.martial_extra_dcs:
        lines.append(Line("Martial Arts: Extra DCs", sheet.martial_extra_dcs * MARTIAL_EXTRA_DC))
    in_multipower = {slot for m in sheet.multipowers for slot in m.slots}
    for mp in sheet.multipowers:
        lines.append(Line(f"Multipower: {mp.name} (reserve)", Fraction(mp.reserve), "multipower"))
    for atk in sheet.attacks:
        if atk.martial_dcs is not None or atk.uses_str_only:
            continue
        if atk.kind not in POWER_COST_PER_DIE and atk.kind not in FIELD_KINDS:  # a Presence Attack's extra dice: no 6e price we know
            if atk.dice != DamageDice():
                unpriced.append(f"{atk.name} ({atk.kind} {atk.dice})")
            continue
        pts = attack_points(atk)
        reading = "charges" if atk.charges is not None else ""
        if atk.name in in_multipower:
            lines.append(Line(f"{atk.name} (Multipower slot)", pts / 10, "multipower"))
        else:
            lines.append(Line(atk.name, pts, reading))
    return Bill(tuple(lines), tuple(unpriced))


def _defense_advantages(sheet: HeroSheet, lines: list[Line]) -> None:
    """Hardened and Impenetrable: +1/4 a level on the defense's own price (PD, ED, rPD, rED)."""
    prices = (characteristic_points("PD", sheet.characteristics.PD), characteristic_points("ED", sheet.characteristics.ED),
              sheet.rPD * RESISTANT_PER_POINT, sheet.rED * RESISTANT_PER_POINT)
    for kind, levels in (("Hardened", sheet.hardened), ("Impenetrable", sheet.impenetrable)):
        for name, price, n in zip(("PD", "ED", "rPD", "rED"), prices, levels):
            if n and price > 0:
                lines.append(Line(f"{kind} x{n} on {name}", price * n * HARDENED_PER_LEVEL))


def total(sheet: HeroSheet) -> Fraction:
    """The sheet's whole price in Character Points."""
    return bill(sheet).total


__all__ = ["BASE_RUNNING_M", "Bill", "CHARACTERISTIC_COST", "HDC_POWER_KINDS", "Line", "MARTIAL_COST",
           "POWER_COST_PER_DIE", "READINGS", "active_points", "attack_points", "bill", "characteristic_points",
           "charges_value", "limitations", "real_points", "shown", "total"]
