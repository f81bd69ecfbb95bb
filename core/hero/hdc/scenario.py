"""Imported characters into scenario TOML: a new scenario with them on opposing sides, or more
combatants on a side of an existing one. Either way the result is checked by the scenario
loader before anyone writes it, so what ``slugfest import`` writes always passes ``slugfest check``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...files.atomic import toml_text
from ...files.scenario import Scenario, dump_scenario, parse_scenario
from ..sheet import MAX_COMBATANTS
from .importer import Imported, combatant_id

MAP_WIDTH, MAP_HEIGHT = 24, 16


def side_name(members: Sequence[Imported], taken: set[str]) -> str:
    names = [m.name for m in members]
    base = (names[0] if len(names) == 1 else " & ".join(names) if len(names) <= 3 else f"{names[0]} and company")[:60]
    name, n = base, 2
    while name in taken:
        name, n = f"{base[:55]} ({n})", n + 1
    return name


def new_scenario(teams: Sequence[Sequence[Imported]], *, seed: int = 1) -> dict[str, Any]:
    """A scenario with each team on its own side, facing each other across an open map."""
    everyone = [m for team in teams for m in team]
    campaigns = {m.campaign for m in everyone}
    title = " vs ".join(side for side in (" & ".join(m.name for m in team) for team in teams))[:120]
    files = ", ".join(dict.fromkeys(Path(m.report.file).name for m in everyone))  # in the order given
    data: dict[str, Any] = {
        "battle": {"name": title or "Imported characters", "system": "hero", "seed": seed, "turn_limit": 20,
                   "description": f"Imported from {files}"[:2000]},
    }
    if campaigns == {"heroic"}:
        data["rules"] = {"campaign": "heroic"}
    if len(campaigns) > 1:
        for m in everyone:
            m.report.notes.append("the characters come from heroic and superheroic templates: the battle plays "
                                  "superheroic rules (STR END, pushing); set [rules] campaign = \"heroic\" to change it")
    data["map"] = {"width": MAP_WIDTH, "height": MAP_HEIGHT}
    taken_ids: set[str] = set()
    taken_sides: set[str] = set()
    teams = _named_apart(teams)
    data["sides"] = []
    columns = _columns(len(teams))
    for team, x in zip(teams, columns):
        name = side_name(team, taken_sides)
        taken_sides.add(name)
        rows = _rows(len(team))
        combatants = [_combatant(m, (x, y), taken_ids) for m, y in zip(team, rows)]
        data["sides"].append({"name": name, "combatants": combatants})
    return data


def _named_apart(teams: Sequence[Sequence[Imported]]) -> list[list[Imported]]:
    """The same character twice (a mirror match) as "Name" and "Name 2", so the log tells them
    apart (and a "Name 2" already there stays the only one)."""
    taken = {m.name for team in teams for m in team}
    used: set[str] = set()
    out = []
    for team in teams:
        renamed = []
        for m in team:
            name, n = m.name, 2
            while name in used or (name != m.name and name in taken):  # a taken name stays its owner's
                name, n = f"{m.name[:56]} {n}", n + 1
            used.add(name)
            renamed.append(m if name == m.name else replace(m, name=name))
        out.append(renamed)
    return out


def _columns(n: int) -> list[int]:
    if n == 1:
        return [2]
    return [2 + i * (MAP_WIDTH - 5) // (n - 1) for i in range(n)]


def _rows(n: int) -> list[int]:
    step = 2 if n <= (MAP_HEIGHT - 2) // 2 else 1
    top = max(1, (MAP_HEIGHT - step * (n - 1)) // 2)
    return [top + i * step for i in range(n)]


def _combatant(m: Imported, pos: tuple[int, int], taken_ids: set[str]) -> dict[str, Any]:
    cid = combatant_id(m.name, taken_ids)
    taken_ids.add(cid)
    entry: dict[str, Any] = {"id": cid, "name": m.name, "position": list(pos), "ai": "default"}
    entry.update(m.sheet)
    return entry


def add_to(scenario: Scenario, side: str, members: Sequence[Imported]) -> dict[str, Any]:
    """``scenario`` with ``members`` added to its side ``side`` (a new side if it has none of that
    name), each on the free open cell nearest the side's others."""
    if scenario.system != "hero":
        raise ValueError(f"is a {scenario.system} scenario; Hero Designer characters go into a HERO one")
    data = dump_scenario(scenario)
    sides = data["sides"]
    target = next((s for s in sides if s["name"] == side), None)
    if target is None:
        target = {"name": side, "combatants": []}
        sides.append(target)
    limit = MAX_COMBATANTS
    count = sum(len(s["combatants"]) for s in sides)
    if count + len(members) > limit:
        raise ValueError(f"has {count} combatants; with {len(members)} more it would pass the {limit} a HERO "
                         f"scenario holds")
    taken_ids = {c["id"] for s in sides for c in s["combatants"]}
    taken_cells = {tuple(c["position"]) for s in sides for c in s["combatants"]}
    blocked = set(scenario.map.obstacles)
    start = tuple(target["combatants"][0]["position"]) if target["combatants"] else (scenario.map.width - 3, 1)
    for m in members:
        cell = nearest_free(start, scenario.map.width, scenario.map.height, blocked | taken_cells)
        if cell is None:
            raise ValueError(f"has no free cell left on its {scenario.map.width}x{scenario.map.height} map")
        taken_cells.add(cell)
        target["combatants"].append(_combatant(m, cell, taken_ids))
    return data


def nearest_free(start: tuple[int, int], width: int, height: int, taken: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The open cell nearest ``start`` (breadth first, so the closest ring is tried first)."""
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        if (x, y) not in taken:
            return x, y
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            nxt = (x + dx, y + dy)
            if 0 <= nxt[0] < width and 0 <= nxt[1] < height and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return None


def scenario_text(data: dict[str, Any], members: Sequence[Imported], file: str) -> str:
    """The file to write: the comment header and the TOML, once the scenario loader has read
    ``data`` as ``slugfest check`` would (a :class:`~core.files.scenario.ScenarioError` here is a bug
    in the importer, raised instead of written)."""
    parse_scenario(data, file)
    return header(members) + toml_text(data)


def header(members: Sequence[Imported]) -> str:
    """Comment lines for the top of the written file: where each character came from, and what
    of it that changes a fight the battle does not model (the whole report is what the command
    printed)."""
    lines = ["# Written by `slugfest import` from Hero Designer files. What the battle models of each",
             "# character, element by element, is in the report that command printed (run it again",
             "# to see it, or add --json for a machine-readable copy)."]
    for m in members:
        lines.append(f"#   {m.name} ({Path(m.report.file).name}): {m.report.summary()}")
        lines += [f"#   note: {n}" for n in m.report.notes]
        lines += [f"#   5e -> 6e: {c}" for c in m.report.conversions]
        for e in m.report.strict_failures():
            lines.append(f"#     {e.status}: {e.label}" + (f" ({e.gap})" if e.gap else ""))
    return "\n".join(lines) + "\n\n"


__all__ = ["add_to", "header", "new_scenario", "nearest_free", "scenario_text"]
