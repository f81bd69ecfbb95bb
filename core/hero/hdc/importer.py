"""One Hero Designer character into one Slugfest HERO combatant, with its report.

The walk: the characteristics first, then skills, perks, talents, martial arts, powers,
complications and equipment in the file's order. Frameworks are read for what a fight sees:
a Compound Power's parts are powers of their own; a Multipower's slots become separate attacks
and defenses, reported "in part" (the reserve that stops them all being used at once is not
modelled yet); a list is only a folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..sheet import Characteristics, HeroAttack, HeroSheet, dump_sheet
from .modifiers import sort_modifiers, with_power
from .powers import HANDLERS, Draft, apply_levels, ignored
from .reading import Character, HdcError, Part, read_character
from .report import IGNORED, IMPORTED, IN_PART, Entry, Report

FRAMEWORK_SLOT = "a Multipower slot, imported on its own: the reserve that limits the slots used together is not modelled yet"


@dataclass(frozen=True)
class Imported:
    """A character read from a file: its combatant keys (as a scenario writes them) and report."""

    name: str
    campaign: str
    sheet: dict[str, Any]
    report: Report


def edition_error(c: Character) -> str | None:
    """Why a file will not import (5th Edition, or no template at all), or None."""
    if c.sixth_edition:
        return None
    if not c.template:
        return ("has no TEMPLATE, so its edition is unknown; Slugfest imports 6th Edition characters "
                "(Hero Designer writes TEMPLATE=\"builtIn.Superheroic6E.hdt\" or another *6E.hdt)")
    return (f"is a 5th Edition character (TEMPLATE {c.template}); Slugfest plays HERO 6th Edition and does not "
            f"convert 5e sheets (figured characteristics, costs and maneuvers differ). In Hero Designer, build the "
            f"character on a 6E template (File > New, a *6E.hdt template) and import that file")


def import_file(path: str | Path) -> Imported:
    """Read and map one ``.hdc`` file. Raises :class:`HdcError` for an unreadable file or one
    of another edition."""
    c = read_character(path)
    why = edition_error(c)
    if why:
        raise HdcError(c.file, why)
    try:
        return import_character(c)
    except HdcError as exc:
        raise HdcError(c.file, exc.message) from None


def import_character(c: Character) -> Imported:
    name = (c.name or Path(c.file).stem.replace("_", " ")).strip()[:60] or "Imported"
    heroic = "heroic" in c.template.lower() and "superheroic" not in c.template.lower()
    d = Draft(heroic=heroic)
    report = Report(file=c.file, character=name, template=c.template)
    d.martial_dcs = sum(max(0, int(p.levels)) for p in c.sections.get("MARTIALARTS", ()) if p.xmlid == "EXTRADC"
                        and "RANGED" not in p.alias.upper())
    for section, parts in c.sections.items():
        by_id = {p.id: p for p in parts if p.id}
        for p in parts:
            report.entries.append(_entry(p, section, d, by_id))
    apply_levels(d)
    if not any(a.uses_str_only and a.martial_dcs is None for a in d.attacks):
        d.attacks.insert(0, HeroAttack(d.attack_name("Punch")))
        report.notes.append("added a plain STR strike (Punch), which every character has")
    d.attacks = d.attacks[:16]
    sheet = _sheet(d)
    if d.flight > d.running:
        report.notes.append(f"moves by Flight ({d.flight} m), counted as flying all battle")
    return Imported(name, "heroic" if heroic else "superheroic", dump_sheet(sheet), report)


_SECTION_OF_TAG = {"SKILL": "SKILLS", "PERK": "PERKS", "TALENT": "TALENTS", "DISAD": "DISADVANTAGES",
                   "MANEUVER": "MARTIALARTS"}

#: The sections whose parts a handler may read (a skill only when it is Combat Skill Levels).
_READ_IN = {"CHARACTERISTICS", "POWERS", "EQUIPMENT", "TALENTS", "SKILLS", "MARTIALARTS"}


def _entry(p: Part, section: str, d: Draft, by_id: dict[str, Part]) -> Entry:
    parent = by_id.get(p.parent_id)
    if p.tag in ("MULTIPOWER", "VPP", "LIST", "ELEMENTAL_CONTROL") or p.xmlid == "COMPOUNDPOWER":
        return _framework(p, section, d, by_id)
    if parent is not None and parent.tag in ("VPP", "ELEMENTAL_CONTROL"):
        why = ("in a Variable Power Pool, out of scope (rules-powers §5.2)" if parent.tag == "VPP"
               else "in an Elemental Control, 5th Edition only")
        return Entry(p.label, "framework slot", IGNORED, why=why, combat=True, children=with_power(p, why))
    section = _SECTION_OF_TAG.get(p.tag, section)  # a skill or talent kept with the equipment is still one
    handler = HANDLERS.get(p.xmlid)
    readable = section in _READ_IN and (section != "SKILLS" or p.xmlid == "COMBAT_LEVELS")
    entry = handler(p, d) if handler is not None and readable else ignored(p, section)
    if parent is not None and parent.tag == "MULTIPOWER":
        entry.kind = "framework slot"
        if entry.status == IMPORTED:
            entry.status, entry.why = IN_PART, FRAMEWORK_SLOT
    return entry


def _framework(p: Part, section: str, d: Draft, by_id: dict[str, Part]) -> Entry:
    mods, dropped = sort_modifiers(p, {})
    if p.xmlid == "COMPOUNDPOWER":
        # an unnamed part takes the compound's name ("Bronze Battle Axe", not "Killing Attack"); levels in
        # it are for its attacks (a magic sword's +2 to hit)
        attacks_before, pending_before = len(d.attacks), len(d.pending)
        children = [_entry(c if c.name else replace(c, name=p.name), section, d, by_id) for c in p.children]
        own = [a.name for a in d.attacks[attacks_before:]]
        for pl in d.pending[pending_before:]:
            if own and pl.targets is None:
                pl.targets = own
        return Entry(p.label, "framework", IMPORTED, into="its parts, each on its own", combat=False,
                     children=children + mods)
    if p.tag == "LIST":
        return Entry(p.label, "list", IMPORTED, into="a folder: its contents are listed on their own", combat=False,
                     children=mods)
    if p.tag == "MULTIPOWER":
        reserve = int(p.levels or p.basecost)
        return Entry(p.label, "framework", IN_PART, into=f"its slots, as separate powers (reserve {reserve})",
                     why="the reserve that limits the slots used together is not modelled yet", combat=True,
                     children=mods)
    return Entry(p.label, "framework", IGNORED, why="a Variable Power Pool is out of scope (rules-powers §5.2)"
                 if p.tag == "VPP" else "Elemental Control is 5th Edition only", combat=True,
                 children=with_power(p, ""))


def _sheet(d: Draft) -> HeroSheet:
    resistant = all(d.reduction_kinds) if d.reduction_kinds else True
    # Resistant PD and ED points move from the plain defense to the resistant one, at most all of
    # it (a sheet's rPD counts on top of its PD: README, "Writing a scenario")
    for i, key in enumerate(("PD", "ED")):
        moved = max(0, min(d.resistant_share[i], d.values[key]))
        d.values[key] -= moved
        if i == 0:
            d.rPD += moved
        else:
            d.rED += moved
    return HeroSheet(
        characteristics=Characteristics(**d.values),
        rPD=min(d.rPD, 200), rED=min(d.rED, 200), knockback_resistance=min(d.knockback_resistance, 200),
        running=max(0, min(500, max(d.running, d.flight))), flying=d.flight > 0, csl=min(d.csl, 20),
        special_defenses=tuple((k, min(v, 200)) for k, v in sorted(d.special.items())),
        attacks=tuple(d.attacks),
        hardened=tuple(d.hardened), impenetrable=tuple(d.impenetrable),
        damage_reduction=tuple(d.reduction), damage_reduction_resistant=resistant,
        damage_negation=tuple(min(n, 30) for n in d.negation),
    )


def combatant_id(name: str, taken: set[str]) -> str:
    """A log id from a character's name: lowercase letters, digits and '-', unique."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:32] or "imported"
    cid, n = base, 2
    while cid in taken:
        cid, n = f"{base}-{n}", n + 1
    return cid


__all__ = ["Imported", "edition_error", "import_character", "import_file", "combatant_id", "replace"]
