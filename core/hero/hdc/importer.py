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

from ..pricing import power_points
from ..sheet import Characteristics, HeroAttack, HeroSheet, Multipower
from ..sheet_keys import dump_sheet
from .modifiers import sort_modifiers, with_power
from . import fifth
from .draft import Handler
from .martial import apply_weapon_maneuvers
from .powers import HANDLERS, MAX_ATTACKS, Draft, apply_levels, ignored
from .reading import Character, HdcError, Part, read_character
from .report import IGNORED, IMPORTED, IN_PART, Entry, Report

#: Why a Multipower's slot that is not an attack is only in part: the engine switches between
#: attack slots (rules-powers §5.1); a defense or a movement in a slot is counted as always on.
FRAMEWORK_SLOT = "a Multipower slot that is not an attack: counted as always on (only attack slots are switched)"


@dataclass(frozen=True)
class Imported:
    """A character read from a file: its combatant keys (as a scenario writes them) and report."""

    name: str
    campaign: str
    sheet: dict[str, Any]
    report: Report


def edition_error(c: Character) -> str | None:
    """Why a file will not import (nothing in it says its edition), or None. A 5th Edition file
    imports, converted (:mod:`.fifth`)."""
    if c.edition:
        return None
    return ("has no TEMPLATE and no characteristic that tells the edition (OCV is 6th Edition's, COM 5th's), "
            "so its figured characteristics cannot be worked out; Hero Designer writes "
            "TEMPLATE=\"builtIn.Superheroic6E.hdt\" (6e) or TEMPLATE=\"builtIn.Superheroic.hdt\" (5e): open the file "
            "in Hero Designer and save it again")


def import_file(path: str | Path) -> Imported:
    """Read and map one ``.hdc`` file (a 5th Edition one converted to 6e values). Raises
    :class:`HdcError` for an unreadable file or one whose edition is unknown."""
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
    d = Draft()
    report = Report(file=c.file, character=name, template=c.template, edition=c.edition or "6e")
    handlers = HANDLERS
    if c.edition == fifth.EDITION:
        fifth.prepare(c, d, report)
        handlers = fifth.handlers()
    d.martial_dcs = sum(max(0, int(p.levels)) for p in c.sections.get("MARTIALARTS", ()) if p.xmlid == "EXTRADC"
                        and "RANGED" not in p.alias.upper())
    for section, parts in c.sections.items():
        by_id = {p.id: p for p in parts if p.id}
        for p in parts:
            report.entries.append(_entry(p, section, d, by_id, handlers))
    apply_levels(d)
    apply_weapon_maneuvers(d)
    if c.edition == fifth.EDITION:
        fifth.finish(d, report)
    if not any(a.uses_str_only and a.martial_dcs is None for a in d.attacks):
        if len(d.attacks) < MAX_ATTACKS:
            d.attacks.insert(0, HeroAttack(d.attack_name("Punch")))
            report.notes.append("added a plain STR strike (Punch), which every character has")
        else:
            report.notes.append(f"no plain STR strike (Punch) added: the sheet has the engine's {MAX_ATTACKS} attacks")
    sheet = _sheet(d, report)
    if d.flight:
        report.notes.append(f"has Flight: counted as flying all battle (knockback -1d6), moving {sheet.running} m")
    return Imported(name, "heroic" if heroic else "superheroic", dump_sheet(sheet), report)


_SECTION_OF_TAG = {"SKILL": "SKILLS", "PERK": "PERKS", "TALENT": "TALENTS", "DISAD": "DISADVANTAGES",
                   "MANEUVER": "MARTIALARTS"}

#: The sections whose parts a handler may read (a skill only when it is a kind of levels).
_READ_IN = {"CHARACTERISTICS", "POWERS", "EQUIPMENT", "TALENTS", "SKILLS", "MARTIALARTS"}
_SKILLS_READ = {"COMBAT_LEVELS", "SKILL_LEVELS"}


def _entry(p: Part, section: str, d: Draft, by_id: dict[str, Part], handlers: dict[str, Handler]) -> Entry:
    parent = by_id.get(p.parent_id)
    if parent is not None and parent.tag == "VPP":
        return Entry(p.label, "framework slot", IGNORED, why="in a Variable Power Pool, out of scope (rules-powers §5.2)",
                     combat=True, children=with_power(p))
    if p.tag in ("MULTIPOWER", "VPP", "LIST", "ELEMENTAL_CONTROL") or p.xmlid == "COMPOUNDPOWER":
        entry = _framework(p, section, d, by_id, handlers)
    else:
        section = _SECTION_OF_TAG.get(p.tag, section)  # a skill or talent kept with the equipment is still one
        handler = handlers.get(p.xmlid)
        readable = section in _READ_IN and (section != "SKILLS" or p.xmlid in _SKILLS_READ)
        before = len(d.attacks)
        entry = _read(handler, p, d) if handler is not None and readable else ignored(p, section)
        made = [a.name for a in d.attacks[before:]]
        for group in (parent, by_id.get(parent.parent_id) if parent is not None else None):
            if group is not None and (group.name or group.alias):  # levels "with Sentient Pistol" name its folder
                d.groups.setdefault((group.name or group.alias).lower(), []).extend(made)
        if parent is not None and parent.tag == "MULTIPOWER":
            d.multipowers.setdefault(parent.id, (parent.name or parent.alias or "Multipower", _reserve(parent), []))
            d.multipowers[parent.id][2].extend(made)
            if made:
                entry.kind = "framework slot"
                entry.into += f" (a slot of {parent.name or parent.alias or 'the Multipower'})"
                return entry
    if parent is not None and parent.tag == "ELEMENTAL_CONTROL":
        # rules-powers §5.3: a 6e engine loads a (5e) Elemental Control as independent powers; the
        # framework only lowered their cost, and all of them could be used at once anyway
        entry.kind = "framework slot"
        if entry.into:
            entry.into += f" (a slot of {parent.name or parent.alias or 'an Elemental Control'}: an independent power)"
        return entry
    if parent is not None and parent.tag == "MULTIPOWER":
        entry.kind = "framework slot"
        for e in entry.walk():  # a Compound Power in a slot: each of its parts is a slot's part
            if e.status == IMPORTED and e.combat:
                e.status, e.why = IN_PART, FRAMEWORK_SLOT
        if entry.status == IMPORTED:
            entry.status, entry.why = IN_PART, FRAMEWORK_SLOT
    return entry


def _read(handler: Handler, p: Part, d: Draft) -> Entry:
    """One part through its handler. A value the handler cannot read (an OCV of "--", a word
    where a number goes) costs that part alone, named in the report, not the whole character."""
    try:
        return handler(p, d)
    except HdcError as exc:
        return Entry(p.label, "power", IGNORED, why=f"unreadable: {exc.message}", combat=True, children=with_power(p))


def _reserve(p: Part) -> int:
    return int(p.levels or p.basecost)


def _framework(p: Part, section: str, d: Draft, by_id: dict[str, Part], handlers: dict[str, Handler]) -> Entry:
    mods, dropped = sort_modifiers(p, {})
    if p.xmlid == "COMPOUNDPOWER":
        # an unnamed part takes the compound's name ("Bronze Battle Axe", not "Killing Attack"); levels in
        # it are for its attacks (a magic sword's +2 to hit)
        attacks_before, pending_before = len(d.attacks), len(d.pending)
        children = [_entry(c if c.name else replace(c, name=p.name), section, d, by_id, handlers) for c in p.children]
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
        reserve = _reserve(p)
        return Entry(p.label, "framework", IMPORTED, into=f"a Multipower of {reserve} Active Points: its attack slots, "
                     "one in use at a time", combat=True, children=mods)
    if p.tag == "ELEMENTAL_CONTROL":
        return Entry(p.label, "framework", IMPORTED, into="its slots, each an independent power (an Elemental Control "
                     "only lowered their cost; rules-powers §5.3)", combat=False, children=mods)
    return Entry(p.label, "framework", IGNORED, why="a Variable Power Pool is out of scope (rules-powers §5.2)",
                 combat=True, children=with_power(p))


#: The engine's bounds on the keys a sheet is built from (core/hero/sheet.py's loader).
_BOUNDS = {"rPD": 200, "rED": 200, "knockback_resistance": 200, "csl": 20, "running": 500, "lightning_reflexes": 30}


def _sheet(d: Draft, report: Report) -> HeroSheet:
    """The sheet the draft makes, held to the loader's bounds (each bound that bit is noted)."""
    resistant = all(d.reduction_kinds) if d.reduction_kinds else True
    # Resistant PD and ED points move from the plain defense to the resistant one, at most all of
    # it (a sheet's rPD counts on top of its PD: README, "Writing a scenario"); hardening on the
    # defense goes with the points (a Hardened, Resistant PD is a Hardened rPD)
    for i, key in enumerate(("PD", "ED")):
        moved = max(0, min(d.resistant_share[i], d.values[key]))
        d.values[key] -= moved
        if i == 0:
            d.rPD += moved
        else:
            d.rED += moved
        if moved:
            d.hardened[2 + i] = max(d.hardened[2 + i], d.hardened[i])
            d.impenetrable[2 + i] = max(d.impenetrable[2 + i], d.impenetrable[i])
    wanted = {"rPD": d.rPD, "rED": d.rED, "knockback_resistance": d.knockback_resistance, "csl": d.csl,
              "running": max(d.running, d.flight), "lightning_reflexes": d.lightning_reflexes}
    held = {k: max(0, min(v, _BOUNDS[k])) for k, v in wanted.items()}
    for k, v in wanted.items():
        if v != held[k]:
            report.notes.append(f"{k} held to the engine's range: {v} -> {held[k]}")
    negation = (max(0, min(d.negation[0], 30)), max(0, min(d.negation[1], 30)))
    if negation != tuple(d.negation):
        report.notes.append(f"damage negation held to the engine's 30 DCs: {tuple(d.negation)} -> {negation}")
    return HeroSheet(
        characteristics=Characteristics(**d.values),
        rPD=held["rPD"], rED=held["rED"], knockback_resistance=held["knockback_resistance"],
        running=held["running"], flying=d.flight > 0, csl=held["csl"], lightning_reflexes=held["lightning_reflexes"],
        invisible=d.invisible,
        special_defenses=tuple((k, min(v, 200)) for k, v in sorted(d.special.items())),
        attacks=tuple(d.attacks),
        hardened=(d.hardened[0], d.hardened[1], d.hardened[2], d.hardened[3]),
        impenetrable=(d.impenetrable[0], d.impenetrable[1], d.impenetrable[2], d.impenetrable[3]),
        damage_reduction=(d.reduction[0], d.reduction[1]), damage_reduction_resistant=resistant,
        damage_negation=negation,
        martial_arts=tuple(d.martial_arts),
        multipowers=_multipowers(d, report),
    )


def _multipowers(d: Draft, report: Report) -> tuple[Multipower, ...]:
    """Each Multipower with two attack slots or more (with one, the slot is simply an attack);
    a reserve below a slot's Active Points as the engine works them out is raised to it (noted)."""
    by = {a.name: a for a in d.attacks}
    out = []
    for name, reserve, slots in d.multipowers.values():
        if len(slots) < 2:
            continue
        need = max(int(-(-power_points(by[s]) // 1)) for s in slots)
        if need > reserve:
            report.notes.append(f"{name}: reserve {reserve} raised to {need}, the largest slot's Active Points here")
            reserve = need
        out.append(Multipower(name[:60], min(reserve, 1000), tuple(slots)))
    return tuple(out[:4])


def slug(text: str, limit: int = 40) -> str:
    """Lowercase letters, digits and '-': an id for logs, or a file name's stem."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:limit].strip("-") or "imported"


def combatant_id(name: str, taken: set[str]) -> str:
    """A log id from a character's name (the loader takes up to 40 characters), unique."""
    base = slug(name, 36)
    cid, n = base, 2
    while cid in taken:
        cid, n = f"{base}-{n}", n + 1
    return cid


__all__ = ["Imported", "combatant_id", "edition_error", "import_character", "import_file", "slug"]
