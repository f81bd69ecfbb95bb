"""The Martial Arts maneuvers (rules-powers §4.3, 6e values), one entry each: a sheet names the
ones its character knows (``martial_arts = ["Martial Strike", "Martial Dodge"]``).

A strike becomes an attack of the sheet, named for the maneuver (:func:`strike_attack`): STR
and the maneuver's Damage Classes (plus the Extra DCs bought with Martial Arts, ``martial_dcs``
on the sheet), its OCV, the DCV it gives its user until the next Phase, and whether its target
falls. The others change a basic maneuver for the one who knows them: Martial Dodge (+5 DCV, not
+3), Martial Block (+2 OCV to the Block roll, +2 DCV), Martial Grab (-1 DCV, not -2; +10 STR to
hold), Martial Escape (+15 STR to break a Grab), Martial Disarm (-1 OCV, +1 DCV, +10 STR) and
Crush (the holder's Squeeze at STR +4 DC). Choke Hold is a maneuver of its own beside the Grab
(``choke``, :mod:`.grab_maneuvers`): a Grab at -2 OCV, +0 DCV whose hit and whose later
Squeezes do its 2d6 NND (4 DC, and the Extra DCs) instead of STR damage.

Martial maneuvers add 1d6 to the knockback dice (:func:`.knockback.knockback_dice`). A Martial
Throw adds +1 DC for every full 10 m its user moved this Phase before it (6e's +v/10; our reading
of the velocity: the half move that brings it next to its target).
"""

from __future__ import annotations

from ..rules.records import record
from .dice import DamageDice, killing_dice_for_dc
from .sheet import HeroAttack


@record
class Martial:
    name: str
    ocv: int
    dcv: int
    #: "strike" (an attack of the sheet), or the basic maneuver it changes
    #: ("dodge", "block", "grab", "escape", "disarm", "squeeze"), or "choke" (a Grab of its own).
    changes: str
    dcs: int = 0  # Damage Classes added to STR (a strike)
    kind: str = "normal"  # "killing": HKA dice of its own; "nnd": dice of its own, no STR
    falls: bool = False  # the target falls (is knocked prone) on a hit
    defense: str = ""  # an NND's: the special defense that stops it
    velocity: int = 0  # +1 DC for every this many metres its user moved first (Martial Throw: 10)


#: Every Martial Arts maneuver, by name (rules-powers §4.3; CP costs are not needed in a fight).
TABLE: dict[str, Martial] = {m.name: m for m in (
    Martial("Martial Strike", 0, 2, "strike", 2),
    Martial("Offensive Strike", -2, 1, "strike", 4),
    Martial("Defensive Strike", 1, 3, "strike", 0),
    Martial("Fast Strike", 2, 0, "strike", 2),
    Martial("Killing Strike", -2, 0, "strike", 2, "killing"),
    Martial("Nerve Strike", -1, 1, "strike", 4, "nnd", defense="Rigid Armor"),
    Martial("Legsweep", 2, -1, "strike", 1, falls=True),
    Martial("Martial Throw", 0, 1, "strike", 0, falls=True, velocity=10),
    Martial("Killing Throw", -2, 0, "strike", 2, "killing", falls=True),
    Martial("Martial Block", 2, 2, "block"),
    Martial("Martial Dodge", 0, 5, "dodge"),
    Martial("Martial Grab", -1, -1, "grab"),
    Martial("Martial Escape", 0, 0, "escape"),
    Martial("Martial Disarm", -1, 1, "disarm"),
    Martial("Crush", 0, 0, "squeeze", 4),
    # Our reading of what stops its NND: a breath held for it (Life Support: Self-Contained Breathing)
    Martial("Choke Hold", -2, 0, "choke", 4, "nnd", defense="Life Support"),
)}
#: Known to the sources but not modelled, with the reason a scenario's error gives (none now;
#: the check stays for the next one the sources name).
NOT_MODELLED: dict[str, str] = {}
#: The special defense that stops a Nerve Strike (6e: rigid armour).
NERVE_STRIKE_DEFENSE = TABLE["Nerve Strike"].defense


def strike_attack(m: Martial, extra_dcs: int) -> HeroAttack:
    """The attack a strike maneuver gives a sheet: STR + its DCs and the Extra DCs (a killing
    one: its own HKA dice + STR; a Nerve Strike: its own NND dice, STR not added); no END of its
    own (only the STR's)."""
    if m.kind == "killing":
        return HeroAttack(m.name, "killing", killing_dice_for_dc(m.dcs), ocv=m.ocv, dcv=m.dcv, end=0,
                          martial_dcs=extra_dcs, falls=m.falls)
    if m.kind == "nnd":  # 10 Active Points a die: 2 DC a d6
        return HeroAttack(m.name, "nnd", DamageDice(m.dcs // 2, bool(m.dcs % 2)), adds_str=False, ocv=m.ocv,
                          dcv=m.dcv, end=0, defense=m.defense, knockback=False, does_body=False,
                          martial_dcs=extra_dcs)
    return HeroAttack(m.name, ocv=m.ocv, dcv=m.dcv, end=0, martial_dcs=m.dcs + extra_dcs, falls=m.falls,
                      velocity_per_dc=m.velocity)


def knows(sheet: object, name: str) -> bool:
    return name in getattr(sheet, "martial_arts", ())


__all__ = ["Martial", "NERVE_STRIKE_DEFENSE", "NOT_MODELLED", "TABLE", "knows", "strike_attack"]
