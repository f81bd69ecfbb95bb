"""Mirrored rosters: one side of a scenario against an exact copy of itself, on a map made
symmetric, so that any edge one side wins by is the AI's or the engine's, not the characters'.

The balancer's check of the AIs (issue 18): with the twin on the mirrored cell of each fighter,
the twins listed second, and the map's obstacles mirrored too, a fair engine and a fair AI give
each side half of the decided battles. ``swap_sides`` lists them the other way round, to measure
what being listed first is worth; play each listing on seeds of its own (issue 34): on the same
seeds the two listings are mirror images of one another, so pooling them gives each side 50% by
construction and counts every battle twice. Everything here works on scenario data (what
``dump_scenario`` gives), so the result is loaded and checked like any scenario.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any, Callable

from ..files.scenario import parse_scenario
from ..hero.sheet import Characteristics  # the one list of HERO characteristics

TWIN = "-twin"


def mirror_cell(cell: list[int] | tuple[int, int], width: int) -> list[int]:
    return [width - 1 - int(cell[0]), int(cell[1])]


def mirrored(data: dict[str, Any], side: int = 0, *, ai: str | None = None, twin_ai: str | None = None) -> dict[str, Any]:
    """Scenario data with side ``side`` of ``data`` against its twin: each combatant copied onto
    the mirrored cell (x -> width - 1 - x) of a map whose obstacles are mirrored as well (the
    union of both halves). ``ai`` and ``twin_ai`` give every combatant of a side that AI (else
    each keeps its own). A map of odd width gains a column, so no fighter stands on the axis."""
    out = copy.deepcopy(data)
    width = int(out["map"]["width"])
    if width % 2:
        width += 1
    out["map"]["width"] = width
    cells = {tuple(c) for c in out["map"].get("obstacles", [])}
    cells |= {tuple(mirror_cell(c, width)) for c in cells}
    original = copy.deepcopy(out["sides"][side])
    members = original["combatants"]
    taken = {tuple(c["position"]) for c in members}
    cells -= taken | {tuple(mirror_cell(c["position"], width)) for c in members}  # the fighters' cells stay open
    out["map"]["obstacles"] = sorted(list(c) for c in cells)
    twins = []
    for c in members:
        t = copy.deepcopy(c)
        t["id"] = f"{c['id']}{TWIN}"[:40]
        t["name"] = f"{c['name']} (twin)"[:60]
        t["position"] = mirror_cell(c["position"], width)
        twins.append(t)
    clash = {tuple(t["position"]) for t in twins} & taken
    if clash:
        raise ValueError(f"side {original['name']!r} stands on both halves of the map (cells {sorted(clash)} "
                         f"would hold a fighter and a twin); mirror another side")
    if ai is not None:
        for c in members:
            c["ai"] = ai
    if twin_ai is not None:
        for t in twins:
            t["ai"] = twin_ai
    twin_side = {"name": f"{original['name']} (twin)"[:60], "combatants": twins}
    out["sides"] = [original, twin_side]
    out["battle"]["name"] = f"{out['battle']['name']} (mirrored)"[:120]
    return out


def swap_sides(data: dict[str, Any]) -> dict[str, Any]:
    """The same scenario with its sides listed the other way round (pooled with the first
    listing, on seeds of its own, a seat effect cancels out; see the module's docstring)."""
    out = copy.deepcopy(data)
    out["sides"] = list(reversed(out["sides"]))
    return out


def adjust_side(data: dict[str, Any], side_name: str, key: str, delta: int) -> dict[str, Any]:
    """``data`` with ``key`` of every combatant on ``side_name`` moved by ``delta``: a HERO
    characteristic (``DEX`` +1 wins every DEX tie: the higher DEX acts first in a Segment,
    rules/hero6e.md §1.3) or Marvel's ``initiative`` modifier (+1 on every initiative check,
    d616 + the modifier: rules/marvel.md §3.2). The value moved is the one the loaded sheet has,
    so a key the file leaves to its default moves from that default; see :func:`adjustable`."""
    out = copy.deepcopy(data)
    system = str(out["battle"]["system"])
    path, read = adjustable(system, key)
    loaded = {c.id: c.sheet for s in parse_scenario(data, "<adjust_side>").sides for c in s.combatants}
    for s in out["sides"]:
        if s["name"] != side_name:
            continue
        for c in s["combatants"]:
            where = c
            for step in path[:-1]:
                where = where.setdefault(step, {})
            where[path[-1]] = read(loaded[str(c["id"])]) + delta
    return out


def adjustable(system: str, key: str) -> tuple[tuple[str, ...], Callable[[Any], int]]:
    """Where ``key`` sits in a combatant's scenario data, and how to read its value now off the
    loaded sheet (a file may leave it to its default). HERO: any characteristic, under
    ``characteristics`` (DEX is 10 unless given). Marvel: ``initiative``, the combatant's own key;
    left out, the modifier is Vigilance (rules/marvel.md §3.2), so +1 sets it to Vigilance + 1 and
    leaves Vigilance, and what else it feeds (Focus, a defense, the tie-break), alone."""
    if system == "hero":
        if key not in {f.name for f in fields(Characteristics)}:
            raise ValueError(f"HERO: expected a characteristic to adjust, got {key!r}")
        return ("characteristics", key), lambda sheet: int(getattr(sheet.characteristics, key))
    if system == "marvel" and key == "initiative":
        return ("initiative",), lambda sheet: int(sheet.initiative_modifier)
    raise ValueError(f"{system}: expected a value adjust_side knows (HERO: a characteristic; Marvel: "
                     f"initiative), got {key!r}")


def mirror_first_fitting(data: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """``data`` mirrored on the first of its sides that fits one half of the map."""
    for side in range(len(data["sides"])):
        try:
            return mirrored(data, side, **kw)
        except ValueError:
            continue
    raise ValueError(f"{data['battle']['name']}: every side stands on both halves of the map, so none can be "
                     "mirrored; move one side into one half")
