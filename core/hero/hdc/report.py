"""The understood / ignored report: what became of each element of a Hero Designer file.

Every characteristic, power, skill, talent, perk, maneuver, complication, modifier and adder
in the file gets one :class:`Entry`: **imported** (and into what), **in part** (and what was
dropped), or **ignored** (and why), so a player knows what the battle will and will not model.
``combat`` marks the elements that change a fight (a characteristic, movement, a defense, an
attack, Combat Skill Levels, a framework slot, a modifier that alters one of them): ``--strict``
refuses a file in which any of those was not imported whole.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

IMPORTED = "imported"
IN_PART = "in part"
IGNORED = "ignored"
STATUSES = (IMPORTED, IN_PART, IGNORED)


@dataclass
class Entry:
    """One element of the file and what became of it (children: its modifiers and adders)."""

    label: str
    kind: str
    status: str
    into: str = ""
    why: str = ""
    combat: bool = False
    children: list[Entry] = field(default_factory=list)

    def walk(self) -> Iterator[Entry]:
        yield self
        for c in self.children:
            yield from c.walk()

    @property
    def strict_failure(self) -> bool:
        """Whether this element changes a fight and was not imported whole."""
        return self.combat and self.status != IMPORTED

    @property
    def gap(self) -> str:
        """Why it was not imported whole: its own reason, else the parts of it that were dropped."""
        dropped = [c.label for c in self.children if c.strict_failure]
        reasons = ([self.why] if self.why else []) + ([f"not modelled: {', '.join(dropped)}"] if dropped else [])
        return "; ".join(reasons)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"element": self.label, "kind": self.kind, "status": self.status}
        if self.into:
            out["into"] = self.into
        if self.why:
            out["why"] = self.why
        out["affects_combat"] = self.combat
        if self.children:
            out["parts"] = [c.as_json() for c in self.children]
        return out


@dataclass
class Report:
    """The report for one character file."""

    file: str
    character: str
    template: str
    entries: list[Entry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    edition: str = "6e"
    #: A 5th Edition file: each value converted to 6e, and how (figured characteristics, inches,
    #: 5e costs...), one line each (:mod:`.fifth`).
    conversions: list[str] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(e.status for top in self.entries for e in top.walk())

    def strict_failures(self) -> list[Entry]:
        """The characteristics, powers, defenses, attacks, levels and slots (not their modifiers,
        which show in their power's reason) that change a fight and were not imported whole:
        what ``--strict`` refuses, what the report lists first, what the written file's header says."""
        return [e for top in self.entries for e in top.walk() if e.strict_failure and e.kind not in ("modifier", "adder")]

    def summary(self) -> str:
        c = self.counts()
        total = sum(c.values())
        return (f"{total} elements: {c[IMPORTED]} imported, {c[IN_PART]} in part, {c[IGNORED]} ignored")

    def text(self) -> str:
        """The report as the terminal shows it: the summary and what a fight will miss first,
        then every element, one a line, its modifiers and adders indented under it."""
        lines = [f"{self.character}  ({self.file}, {self.template or 'no template'})", f"  {self.summary()}"]
        lines += [f"  note: {n}" for n in self.notes]
        if self.conversions:
            lines.append(f"  converted from 5th Edition ({len(self.conversions)}):")
            lines += [f"    {c}" for c in self.conversions]
        gaps = self.strict_failures()
        if gaps:
            lines.append(f"  changes a fight but is not modelled whole ({len(gaps)}; --strict refuses these):")
            lines += [f"    {e.status:9} {e.label}" + (f"  ({e.gap})" if e.gap else "") for e in gaps]
        lines.append("  element by element:")
        for top in self.entries:
            lines += _lines(top, 2)
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        c = self.counts()
        return {"file": self.file, "character": self.character, "template": self.template,
                "edition": self.edition, "counts": {s: c[s] for s in STATUSES}, "notes": list(self.notes),
                "conversions": list(self.conversions),
                "elements": [e.as_json() for e in self.entries]}


def _lines(e: Entry, depth: int) -> list[str]:
    pad = "  " * depth
    head = f"{pad}{e.status:9} {e.label}"
    tail = f" -> {e.into}" if e.into else ""
    why = f"  ({e.why})" if e.why else ""
    out = [head + tail + why]
    for c in e.children:
        out += _lines(c, depth + 1)
    return out
