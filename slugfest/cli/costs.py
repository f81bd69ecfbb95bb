"""``slugfest check --costs``: each sheet's price, part by part, from the one price list."""

from __future__ import annotations

import textwrap
from typing import Any


def cost_lines(scenario: Any) -> list[str]:
    """The sheets of ``scenario`` priced: a line per combatant with its total, then its parts
    (and any reading of the rules a price rests on, once per file)."""
    if scenario.system == "hero":
        return _hero(scenario)
    if scenario.system == "marvel":
        return _marvel(scenario)
    return [f"  (no price list for the {scenario.system} system)"]


def _hero(scenario: Any) -> list[str]:
    from slugfest.core.hero.points import bill, shown

    out, readings = [], []
    for c in scenario.combatants:
        b = bill(c.sheet)
        powers = b.total - b.characteristics
        out.append(f"  {c.id}: {shown(b.total)} CP ({shown(b.characteristics)} characteristics, {shown(powers)} "
                   f"powers, defenses and the rest)")
        parts = ", ".join(f"{line.what} {shown(line.points)}" for line in b.lines)
        out += textwrap.wrap(parts, 100, initial_indent="    ", subsequent_indent="    ")
        if b.unpriced:
            out.append(f"    not priced (no 6e price known): {', '.join(b.unpriced)}")
        readings += [r for r in b.readings if r not in readings]
    out += [f"  reading: {r}" for r in readings]
    return out


def _marvel(scenario: Any) -> list[str]:
    from slugfest.core.marvel.points import READING, bill

    out = []
    for c in scenario.combatants:
        b = bill(c.sheet)
        points, powers = b.allowance
        t = b.total
        out.append(f"  {c.id}: {float(t):.2f} rank-equivalents (rank {b.rank}: {b.ability_points} ability points of "
                   f"{points}, {b.power_levels} power levels of {powers})")
    out.append(f"  reading: {READING}")
    return out
