"""Defenses from a Hero Designer file: Resistant Protection, resistant PD and ED (a Naked
Advantage, a Resistant PD row, Damage Resistance), Combat Luck, Damage Reduction and Negation,
Knockback Resistance, and the special defenses NND and AVLD attacks name (rules-powers §2)."""

from __future__ import annotations

import re

from .draft import Draft, Handler, HANDLERS, _count, _n, handles
from .modifiers import sort_modifiers, with_power
from ..sheet import flash_defense
from .reading import Part
from .senses import sense_group
from .report import IGNORED, IMPORTED, IN_PART, Entry


def _hardening(p: Part, d: Draft, slots: tuple[int, ...]) -> dict[str, str]:
    """Hardened / Impenetrable on a defense power: levels on each of the defenses it gives."""
    read = {}
    for xmlid, target in (("HARDENED", d.hardened), ("IMPENETRABLE", d.impenetrable)):
        m = p.modifier(xmlid)
        if m is not None:
            levels = max(1, _n(m.levels))
            for i in slots:
                target[i] = max(target[i], levels)
            read[xmlid] = f"{xmlid.lower()} {levels}"
    return read


def _coverage(p: Part) -> str:
    """Why armour covering only some hit locations is imported in part, or "": heroic armour
    notes its locations ("(Locations 5)": a helmet), and the engine counts a defense everywhere."""
    for text in (p.notes, *(m.attrs.get("COMMENTS", "") for m in p.modifiers)):
        if "location" in text.lower():
            return f"covers only some hit locations ({text.strip('() ')[:60]}): counted everywhere"
    return ""


@handles("FORCEFIELD")
def resistant_protection(p: Part, d: Draft) -> Entry:
    """Resistant Protection (6e's ``FORCEFIELD``): resistant PD and ED, added to the rest
    (rules-powers §2.3); its Mental and Power Defense points are special defenses."""
    pd, ed = _count(p.number("PDLEVELS")), _count(p.number("EDLEVELS"))
    md, powd = _count(p.number("MDLEVELS")), _count(p.number("POWDLEVELS"))
    if not (pd or ed or md or powd) and p.levels:
        pd = ed = _count(p.levels) // 2  # a file without the split: Hero Designer's default halves
    d.rPD += pd
    d.rED += ed
    parts = [f"rPD +{pd}", f"rED +{ed}"]
    for amount, name in ((md, "Mental Defense"), (powd, "Power Defense")):
        if amount:
            d.special[name] = d.special.get(name, 0) + amount
            parts.append(f"{name} +{amount}")
    read = _hardening(p, d, (2, 3))
    mods, dropped = sort_modifiers(p, read)
    why = _coverage(p)
    return Entry(p.label, "defense", IN_PART if dropped or why else IMPORTED, into=", ".join(parts), why=why,
                 combat=True, children=mods)


def _defense_amounts(text: str) -> dict[str, int]:
    """ "for 45 PD/45 ED" (the points a Naked Advantage covers) -> {"PD": 45, "ED": 45}."""
    out = {}
    for amount, what in re.findall(r"(\d+)\s*(PD|ED|Mental Defense|Power Defense)", text or "", re.IGNORECASE):
        out[what.upper() if len(what) == 2 else what.title()] = int(amount)
    return out


@handles("NAKEDMODIFIER")
def naked_advantage(p: Part, d: Draft) -> Entry:
    """A Naked Advantage on defenses, the usual way a 6e brick makes PD and ED resistant
    (``RESISTANT``, ``INPUT="for 45 PD/45 ED"``) or Hardened: it changes how much of the PD and
    ED is resistant (taken from the PD and ED the character has), or their hardening."""
    amounts = _defense_amounts(p.input)
    read: dict[str, str] = {}
    parts = []
    if p.modifier("RESISTANT") is not None and ("PD" in amounts or "ED" in amounts):
        for i, key in enumerate(("PD", "ED")):
            d.resistant_share[i] += amounts.get(key, 0)
        read["RESISTANT"] = "resistant"
        parts.append(f"{amounts.get('PD', 0)} PD and {amounts.get('ED', 0)} ED resistant")
    if "PD" in amounts or "ED" in amounts:
        slots = tuple(i for i, key in enumerate(("PD", "ED")) if key in amounts)
        hardening = _hardening(p, d, slots)
        read.update(hardening)
        parts += list(hardening.values())
    mods, dropped = sort_modifiers(p, read)
    if not parts:
        return Entry(p.label, "power", IGNORED, why=f"a Naked Advantage on {p.input or 'an unnamed power'}: not "
                     f"modelled", combat=True, children=mods)
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=", ".join(parts), combat=True,
                 children=mods)


@handles("DAMAGERESISTANCE")
def damage_resistance(p: Part, d: Draft) -> Entry:
    """Damage Resistance: makes that many of the character's PD and ED points resistant."""
    pd, ed = _count(p.number("PDLEVELS")), _count(p.number("EDLEVELS"))
    d.resistant_share[0] += pd
    d.resistant_share[1] += ed
    read = _hardening(p, d, (0, 1))
    mods, dropped = sort_modifiers(p, read)
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f"{pd} PD and {ed} ED resistant",
                 combat=True, children=mods)


@handles("COMBAT_LUCK")
def combat_luck(p: Part, d: Draft) -> Entry:
    """Combat Luck: 3 resistant PD and ED a level."""
    n = 3 * max(1, _n(p.levels))
    d.rPD += n
    d.rED += n
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f"rPD +{n}, rED +{n}", combat=True,
                 children=mods)


@handles("DAMAGEREDUCTION")
def damage_reduction(p: Part, d: Draft) -> Entry:
    """Damage Reduction: 25/50/75%, resistant or not, against one type (the file's ``INPUT``:
    Physical, Energy or Mental; rules-powers §2.1). Several against one type: the highest."""
    option = p.option.upper()
    percent = next((v for v in (75, 50, 25) if str(v) in option), 0)
    resistant = "NONRESISTANT" not in option and "NORMAL" not in option  # LVL50NORMAL: not resistant
    kind = p.input.lower()
    mods, dropped = sort_modifiers(p, {})
    if kind.startswith("mental"):
        return Entry(p.label, "defense", IGNORED, why="against mental attacks, which the engine does not have yet",
                     combat=False, children=mods)
    slot = 0 if kind.startswith("phys") else 1 if kind.startswith("energ") else None
    if slot is None or not percent:
        return Entry(p.label, "defense", IGNORED, why=f"cannot tell the type or the percentage ({p.input!r}, "
                     f"{p.option!r})", combat=True, children=mods)
    d.reduction[slot] = max(d.reduction[slot], percent)
    d.reduction_kinds.add(resistant)
    status = IN_PART if dropped else IMPORTED
    why = ""
    if len(d.reduction_kinds) > 1:
        status, why = IN_PART, "resistant and non-resistant reduction on one sheet: the engine takes one kind"
    return Entry(p.label, "defense", status, into=f"damage reduction {percent}% {'physical' if slot == 0 else 'energy'}"
                 f"{'' if resistant else ' (not resistant)'}", why=why, combat=True, children=mods)


@handles("DAMAGENEGATION")
def damage_negation(p: Part, d: Draft) -> Entry:
    """Damage Negation: DCs off each attack of a type (rules-powers §2.2), bought as adders."""
    mods, dropped = sort_modifiers(p, {})
    parts, children = [], []
    for a in p.adders:
        levels = _count(a.levels)
        slot = {"PHYSICAL": 0, "ENERGY": 1}.get(a.xmlid)
        if not levels:
            children.append(Entry(a.label, "adder", IMPORTED, into="none bought", combat=False))
        elif slot is not None:
            d.negation[slot] += levels
            parts.append(f"{a.xmlid.lower()} -{levels} DC")
            children.append(Entry(a.label, "adder", IMPORTED, into=f"{a.xmlid.lower()} -{levels} DC", combat=True))
        else:
            children.append(Entry(a.label, "adder", IGNORED, why="no mental attacks in the engine yet", combat=False))
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED,
                 into="damage negation " + (", ".join(parts) or "of nothing"), combat=True, children=children + mods)


@handles("KBRESISTANCE")
def knockback_resistance(p: Part, d: Draft) -> Entry:
    d.knockback_resistance += _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED,
                 into=f"knockback resistance {d.knockback_resistance} m", combat=True, children=mods)


def _special(name: str) -> Handler:
    def read(p: Part, d: Draft) -> Entry:
        amount = max(1, _n(p.levels))
        d.special[name] = d.special.get(name, 0) + amount
        mods, dropped = sort_modifiers(p, {})
        return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f'special defense "{name}" {amount}',
                     combat=True, children=mods)
    read.__doc__ = f"{name}: a special defense that NND and AVLD attacks name (rules-powers §2.5)."
    return read


def _flash_defense(p: Part, d: Draft) -> Entry:
    """Flash Defense: bought for one sense group (rules-powers §2.5), the special defense a Flash of
    that group meets (:func:`..sheet.flash_defense`: "Flash Defense" for Sight, "Hearing Flash
    Defense" for Hearing); a single sense's is refused by name."""
    group = sense_group(p.option) if p.option else "sight"
    if not group:
        return Entry(p.label, "defense", IGNORED, why=f"Flash Defense of the {p.option_alias or p.option} sense: only "
                                                      "whole sense groups are modelled", combat=True,
                     children=with_power(p))
    return _special(flash_defense(group))(p, d)


HANDLERS["FLASHDEFENSE"] = _flash_defense
HANDLERS["MENTALDEFENSE"] = _special("Mental Defense")
HANDLERS["POWERDEFENSE"] = _special("Power Defense")


@handles("LIFESUPPORT")
def life_support(p: Part, d: Draft) -> Entry:
    """Life Support: each adder (Self-Contained Breathing, an Immunity...) becomes a special
    defense of its own name, for an NND or AVLD that names it. The plain "Life Support" that the
    usual gas NND looks for comes only with Self-Contained Breathing: an immunity to diseases
    does not stop a knockout gas."""
    children = []
    names = []
    for a in p.adders:
        name = (a.option_alias if a.xmlid == "IMMUNITY" and a.option_alias else a.alias).strip().rstrip(":")[:60]
        name = name or a.xmlid
        if a.xmlid == "IMMUNITY" and not name.lower().startswith("immun"):
            name = f"Immunity: {name}"[:60]
        d.special[name] = 1
        names.append(name)
        children.append(Entry(a.label, "adder", IMPORTED, into=f'special defense "{name}"', combat=True))
    if p.adder("SELFCONTAINEDBREATHING") is not None:
        d.special["Life Support"] = 1
        names.insert(0, "Life Support")
    mods, dropped = sort_modifiers(p, {})
    into = ", ".join(f'"{n}"' for n in names) or "nothing (no adders)"
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f"special defenses {into}",
                 combat=True, children=children + mods)
