"""What each Hero Designer modifier means for a battle: the ones the engine models (read into
a sheet key by the power that carries them), the ones that only change a power's cost or
matter outside a fight as Slugfest plays it, and, by default, the ones it does not model.

An unknown modifier counts as one that changes the fight: the importer would rather say "in
part" of a power than claim it was imported whole.
"""

from __future__ import annotations

from .costs import fraction_text, modifier_value
from .reading import Part
from .report import IGNORED, IMPORTED, Entry

#: Modifiers (by XMLID, or by the alias of a custom ``MODIFIER``) that change nothing in a
#: battle as the engine plays it: who may take the power away, how it looks, what it costs to
#: build, how the story treats it.
COST_ONLY = frozenset({
    "FOCUS", "GESTURES", "INCANTATIONS", "REALWEAPON", "REALARMOR", "MASS", "VISIBLE", "INVISIBLE",
    "REQUIREDHANDS", "RESTRAINABLE", "BEAM", "INHERENT", "PERSISTENT", "ALWAYSON", "RECOVERABLE", "FUEL",
    "HANDTOHANDATTACK", "ONEDEFENSE", "NOKBALT", "DIFFICULTTODISPEL", "REAL WEAPON", "REAL ARMOR",
    "CONCEALABILITY", "BREAKABILITY", "EXPENDABILITY", "DURABILITY", "STR MIN",
})

#: Why each of those costs only points (said once in the report line).
COST_ONLY_WHY = "cost only: it plays no part in a battle as modelled"


def cost_only(m: Part) -> bool:
    """A modifier that changes nothing in a battle. A custom one named like a STR Minimum
    ("STR Min: 13") is a label Hero Designer does not apply to the damage either (it shows the
    weapon's full STR bonus), so neither does the import; a real ``STRMINIMUM`` is applied."""
    if m.xmlid in COST_ONLY:
        return True
    alias = m.alias.strip().upper()
    return m.xmlid in ("MODIFIER", "GENERIC_OBJECT") and (alias in COST_ONLY or alias.replace(" ", "").startswith("STRMIN"))


def str_minimum(m: Part) -> int | None:
    """A STR Minimum: Hero Designer's ``STRMINIMUM``, its value in the option alias ("6")."""
    text = m.option_alias or m.input if m.xmlid == "STRMINIMUM" else ""
    digits = "".join(ch if ch.isdigit() else " " for ch in text).split()
    return int(digits[-1]) if digits else None


def value_text(m: Part) -> str:
    v = modifier_value(m)
    return f" ({fraction_text(v)})" if v else ""


def modifier_entry(m: Part, status: str, *, into: str = "", why: str = "", combat: bool) -> Entry:
    """The report line of a modifier (its adders and nested modifiers under it, sharing its fate)."""
    e = Entry(m.label + value_text(m), "modifier", status, into=into, why=why, combat=combat)
    for a in m.adders:
        e.children.append(Entry(a.label, "adder", status, why=f"part of {m.alias or m.xmlid}", combat=False))
    for x in m.modifiers:
        e.children.append(Entry(x.label + value_text(x), "modifier", status, why=f"part of {m.alias or m.xmlid}",
                                combat=False))
    return e


def unmodelled(m: Part, what: str = "not modelled in a battle yet") -> Entry:
    """A modifier the engine does not model: ignored, and its power imported only in part."""
    return modifier_entry(m, IGNORED, why=what, combat=True)


def sort_modifiers(p: Part, modelled: dict[str, str]) -> tuple[list[Entry], bool]:
    """Report lines for ``p``'s modifiers given those its handler read (XMLID -> what it became);
    and whether any that changes a fight was dropped (the power is then "in part")."""
    entries = []
    dropped = False
    for m in p.modifiers:
        if m.xmlid in modelled:
            entries.append(modifier_entry(m, IMPORTED, into=modelled[m.xmlid], combat=True))
        elif cost_only(m):
            entries.append(modifier_entry(m, IGNORED, why=COST_ONLY_WHY, combat=False))
        else:
            entries.append(unmodelled(m))
            dropped = True
    return entries, dropped


def with_power(p: Part) -> list[Entry]:
    """The lines of the modifiers and adders of a power that was ignored whole (an adder's own
    adders under it: a Weapon Familiarity's "Bows" under its "Common Missile Weapons")."""
    out = [modifier_entry(m, IGNORED, why="with its power", combat=False) for m in p.modifiers]
    out += [Entry(a.label, "adder", IGNORED, why="with its power", children=with_power(a)) for a in p.adders]
    out += [Entry(c.label, "power", IGNORED, why="with its power", children=with_power(c)) for c in p.children]
    return out
