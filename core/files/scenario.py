"""Scenario files: TOML a person writes by hand, validated into frozen data.

The loader reads the parts every system shares (``[battle]``, ``[map]``, ``[[sides]]`` and
each combatant's id, name, position and AI) and hands the rest of each combatant's table,
and the ``[rules]`` table, to the rules system named by ``battle.system``. Every problem in
the file is collected and reported at once, as ``file:line: key.path: expected X, got Y``.

Scenarios come from other people: a scenario names plugins only by their registered name,
never by module or path, and sizes are bounded (map, roster, dice per attack, turn limit).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from ..engine.catalog import catalog, installed_plugin_names
from ..engine.plugins import rules_systems
from ..errors import SlugfestError
from ..render.words import plural
from .bounds import UnreadableToml, parse_toml, read_limited
from .locate import KeyLines
from .schema import NOTHING, Problem, Problems, Table, closest, did_you_mean, show, toml_type

MAX_MAP = 200
MAX_COMBATANTS = 64
MAX_TURNS = 1000
MAX_FILE_BYTES = 1_000_000
#: The longest name an ``ai`` key (or a command's ``--ai``) may give: a plugin's name (``_PLUGIN_NAME``).
LONGEST_AI = 60
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_PLUGIN_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")


@dataclass(frozen=True)
class MapSpec:
    width: int = 24
    height: int = 16
    obstacles: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class CombatantSpec:
    id: str
    name: str
    side: str
    position: tuple[int, int]
    ai: str
    sheet: Any


@dataclass(frozen=True)
class SideSpec:
    name: str
    combatants: tuple[CombatantSpec, ...]


@dataclass(frozen=True)
class Scenario:
    name: str
    system: str
    sides: tuple[SideSpec, ...]
    options: Any
    map: MapSpec = MapSpec()
    description: str = ""
    seed: int = 1
    turn_limit: int = 20
    house_rules: tuple[str, ...] = ()
    path: str = field(default="", compare=False)  # where it was read from, not part of its content
    extra: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def combatants(self) -> tuple[CombatantSpec, ...]:
        """Every combatant, side by side, in the file's order (worked out once: asked often)."""
        return tuple(c for s in self.sides for c in s.combatants)

    def combatant(self, cid: str) -> CombatantSpec:
        for c in self.combatants:
            if c.id == cid:
                return c
        raise KeyError(cid)


class ScenarioError(SlugfestError):
    """A scenario file is unreadable or invalid. ``problems`` lists every problem found."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.file = file
        self.problems = problems
        super().__init__(self.render())

    #: At most this many problems are printed (a hostile or garbled file can have thousands).
    SHOWN = 100

    def render(self) -> str:
        n = len(self.problems)
        head = f"{self.file}: {plural(n, 'problem')} in this scenario:"
        lines = [head] + ["  " + p.render(self.file) for p in self.problems[:self.SHOWN]]
        if n > self.SHOWN:
            lines.append(f"  ... and {n - self.SHOWN} more")
        return "\n".join(lines)


def load_scenario(path: str | os.PathLike[str], systems: Mapping[str, Any] | None = None,
                  known_plugins: Mapping[str, Any] | None = None) -> Scenario:
    """Read and validate a scenario file; raises :class:`ScenarioError` listing every problem."""
    p = Path(path)
    file = str(path)
    try:
        raw = read_limited(p, MAX_FILE_BYTES)
    except UnreadableToml as exc:
        raise ScenarioError(file, [Problem("", exc.message.replace("a file", "a scenario file"))]) from None
    except FileNotFoundError:
        raise ScenarioError(file, [Problem("", "expected a scenario file, got no such file")]) from None
    except IsADirectoryError:
        raise ScenarioError(file, [Problem("", "expected a .toml file, got a directory")]) from None
    except OSError as exc:
        raise ScenarioError(file, [Problem("", f"expected a readable file, got an error reading it: {exc.strerror}")]) from None
    return parse_scenario_text(raw, file, systems, known_plugins)


def parse_scenario_text(raw: bytes, file: str = "<scenario>", systems: Mapping[str, Any] | None = None,
                        known_plugins: Mapping[str, Any] | None = None) -> Scenario:
    """Parse and validate a scenario's bytes (bounded: see :mod:`core.files.bounds`)."""
    try:
        data = parse_toml(raw, MAX_FILE_BYTES)
    except UnreadableToml as exc:
        raise ScenarioError(file, [Problem("", exc.message, exc.line)]) from None
    return parse_scenario(data, file, systems, known_plugins, raw.decode("utf-8"))


def parse_scenario(data: dict[str, Any], file: str = "<scenario>", systems: Mapping[str, Any] | None = None,
                   known_plugins: Mapping[str, Any] | None = None, text: str | None = None) -> Scenario:
    """Validate already-parsed TOML data. ``systems`` maps names to rules systems and
    ``known_plugins`` the installed plugin names (both default to the installed ones); ``text``,
    the file's source, gives the problems their line numbers."""
    if systems is None or known_plugins is None:
        systems = systems if systems is not None else rules_systems()
        known_plugins = known_plugins if known_plugins is not None else installed_plugin_names()
    problems = Problems()
    root = Table(data, "", problems)
    battle = _battle(root, systems, known_plugins)
    named = battle["system"] or battle["checked_as"]
    system = systems.get(named) if named else None
    rt = root.table("rules")
    if system is None:
        rt.skip()  # without a valid system its own keys cannot be checked: report the system alone
    options = system.parse_options(rt) if system else None
    spec = _map(root)
    sides = _sides(root, system, spec, known_plugins)
    root.finish()
    if problems:
        where = KeyLines(text).locate if text else (lambda path: None)
        located = [Problem(p.path, p.message, p.line or where(p.path)) for p in problems.items]
        # In file order (problems without a line, about the whole file, first); stable otherwise.
        located.sort(key=lambda p: p.line or 0)
        raise ScenarioError(file, located)
    return Scenario(
        name=battle["name"], system=battle["system"] or "", sides=sides, options=options, map=spec,
        description=battle["description"], seed=battle["seed"], turn_limit=battle["turn_limit"],
        house_rules=battle["house_rules"], path=file,
    )


def _battle(root: Table, systems: Mapping[str, Any], known: Mapping[str, Any]) -> dict[str, Any]:
    """``[battle]``: the name, the rules system, the seed, the limit, the house rules."""
    problems = root.problems
    bt = root.table("battle", required=True)
    out: dict[str, Any] = {"name": bt.text("name", max_len=120),
                           "description": bt.text("description", "", max_len=2000, nonempty=False)}
    blocked = os.environ.get("SLUGFEST_BLOCK_PLUGINS", "")
    wanted = bt.raw("system") if bt.has("system") else None
    if isinstance(wanted, str) and wanted not in systems and blocked:
        problems.add("battle.system", f"expected an installed rules system ({', '.join(map(repr, systems)) or 'none is'}"
                                      f"), got {show(bt.raw('system'))}: SLUGFEST_BLOCK_PLUGINS={blocked!r} may block "
                                      "the plugin that provides it")
        system_name = None
    else:
        system_name = bt.choice("system", tuple(systems), None) if bt.has("system") else None
    if system_name is None and not bt.has("system"):
        problems.add("battle.system", "expected one of " + ", ".join(repr(s) for s in systems) + f", got {NOTHING}")
    out["system"] = system_name
    # A misspelt system ("heros") is reported; the rest of the file is still checked against the
    # system it most likely means, so one slip does not hide every other mistake.
    out["checked_as"] = (closest(wanted, systems) if system_name is None and isinstance(wanted, str) and not blocked
                         else None)
    out["seed"] = bt.integer("seed", 1, lo=0, hi=2**63 - 1)
    out["turn_limit"] = bt.integer("turn_limit", 20, lo=1, hi=MAX_TURNS)
    house_rules = out["house_rules"] = bt.strings("house_rules", ())
    _check_plugin_names(house_rules, "battle.house_rules", problems, known, role="house rule")
    bt.finish()
    for i, n in enumerate(house_rules):
        fits = getattr(known.get(n), "systems", ())
        if system_name and fits and system_name not in fits:
            problems.add(f"battle.house_rules[{i}]", f"expected a house rule for {system_name!r} battles, got {n!r}, "
                                                     f"which is for {', '.join(repr(f) for f in fits)} battles only")
    return out


def _map(root: Table) -> MapSpec:
    """``[map]``: its size, obstacles and walls. When a side of the map is itself wrong, cells are
    checked against the largest map allowed, so one mistake does not turn every position into
    a second one."""
    problems = root.problems
    mt = root.table("map")
    before = len(problems.items)
    width = mt.integer("width", 24, lo=4, hi=MAX_MAP)
    if len(problems.items) > before:
        width = MAX_MAP
    before = len(problems.items)
    height = mt.integer("height", 16, lo=4, hi=MAX_MAP)
    if len(problems.items) > before:
        height = MAX_MAP
    obstacles: set[tuple[int, int]] = set()
    raw_obs = mt.raw("obstacles", [])
    if not isinstance(raw_obs, list):
        problems.add("map.obstacles", f"expected an array of [x, y] cells, got {toml_type(raw_obs)} {show(raw_obs)}")
        raw_obs = []
    for i, cell in enumerate(raw_obs):
        if (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)
                and 0 <= cell[0] < width and 0 <= cell[1] < height):
            obstacles.add((cell[0], cell[1]))
        else:
            problems.add(f"map.obstacles[{i}]", f"expected [x, y] inside the {width}x{height} map, got {toml_type(cell)} {show(cell)}")
    for wt in mt.tables("walls", max_items=200):
        x = wt.integer("x", lo=0, hi=width - 1)
        y = wt.integer("y", lo=0, hi=height - 1)
        w = wt.integer("width", 1, lo=1, hi=width)
        h = wt.integer("height", 1, lo=1, hi=height)
        wt.finish()
        obstacles.update((cx, cy) for cx in range(x, min(x + w, width)) for cy in range(y, min(y + h, height)))
    mt.finish()
    return MapSpec(width, height, frozenset(obstacles))


def _sides(root: Table, system: Any, spec: MapSpec, known: Mapping[str, Any]) -> tuple[SideSpec, ...]:
    """``[[sides]]`` and their ``[[sides.combatants]]``: unique names, ids and cells."""
    problems = root.problems
    sides: list[SideSpec] = []
    seen_ids: dict[str, str] = {}
    seen_cells: dict[tuple[int, int], str] = {}
    side_tables = root.tables("sides", required=True, max_items=8)
    if len(side_tables) == 1:
        problems.add("sides", "expected at least two sides, got one")
    total = 0
    side_names: set[str] = set()
    for st in side_tables:
        side_name = st.text("name", max_len=60)
        if side_name in side_names:
            problems.add(f"{st.path}.name", f"expected a side name not used twice, got {side_name!r} again")
        side_names.add(side_name)
        ctables = st.tables("combatants", required=True, max_items=MAX_COMBATANTS)
        members = [_combatant(ct, side_name, system, spec, known, seen_ids, seen_cells) for ct in ctables]
        total += len(members)
        st.finish()
        sides.append(SideSpec(side_name, tuple(members)))
    limit = system.max_combatants() if system else MAX_COMBATANTS
    if total > limit:
        problems.add("sides", f"expected at most {limit} combatants in all, got {total}")
    return tuple(sides)


def _combatant(ct: Table, side: str, system: Any, spec: MapSpec, known: Mapping[str, Any],
               seen_ids: dict[str, str], seen_cells: dict[tuple[int, int], str]) -> CombatantSpec:
    """One combatant: the keys every system shares, then its sheet, read by its rules system."""
    problems = ct.problems
    cid = ct.text("id", max_len=40)
    if cid and not _ID.match(cid):
        problems.add(f"{ct.path}.id", f"expected lowercase letters, digits, '-' or '_' (an id used in logs), got {cid!r}")
    if cid and cid in seen_ids:
        problems.add(f"{ct.path}.id", f"expected a unique id, got {cid!r} (already used at {seen_ids[cid]})")
    seen_ids.setdefault(cid, ct.path)
    cname = ct.text("name", cid or "?", max_len=60)
    before = len(problems.items)
    pos = ct.cell("position", spec.width, spec.height)
    if len(problems.items) == before:  # a real cell, not the stand-in for a bad or missing one
        if pos in spec.obstacles:
            problems.add(f"{ct.path}.position", f"expected an open cell, got {list(pos)} (an obstacle)")
        elif pos in seen_cells:
            problems.add(f"{ct.path}.position", f"expected a free cell, got {list(pos)} (taken by {seen_cells[pos]!r})")
        seen_cells.setdefault(pos, cid)
    ai = ct.text("ai", "default", max_len=LONGEST_AI)
    _check_plugin_names((ai,), f"{ct.path}.ai", problems, known, single=True, role="AI")
    if system is None:
        ct.skip()
    sheet = system.parse_sheet(ct) if system else None
    ct.finish()
    return CombatantSpec(cid, cname, side, pos, ai, sheet)


#: What a plugin must implement to serve in each role a scenario can name it for.
_ROLE_HOOKS = {
    "AI": frozenset({"slugfest_choose_action"}),
    "house rule": frozenset({"slugfest_attack_step", "slugfest_damage_step"}),
}


def _fits(info: Any, role: str) -> bool | None:
    """Whether a catalogued plugin can serve in ``role``; ``None`` when the catalogue entry
    does not say (a plain mapping of names, as tests pass)."""
    hooks = getattr(info, "hooks", None)
    if hooks is None:
        return None
    if getattr(info, "kind", "") == "rules":
        return False  # a rules system's default steps are always on; it is never an AI or a house rule
    return bool(_ROLE_HOOKS[role] & set(hooks))


def _broken(name: str) -> str:
    """Why an installed plugin of this name failed to load ("" if there is none such)."""
    info = catalog().get(name)
    return info.description if info is not None and info.kind == "broken" else ""


def _check_plugin_names(names: tuple[str, ...], path: str, problems: Problems, known: Mapping[str, Any],
                        single: bool = False, role: str = "AI") -> None:
    """Plugins are named only by registered name: never a module, a dotted path or a file."""
    fitting = sorted(n for n, info in known.items() if _fits(info, role) is not False)
    for i, n in enumerate(names):
        where = path if single else f"{path}[{i}]"
        if not _PLUGIN_NAME.match(n):
            problems.add(where, f"expected the registered name of an installed {role} plugin (lowercase letters, "
                                f"digits, '-' or '_': scenarios never import modules or paths), got {n!r}"
                                f"{did_you_mean(n, fitting)}")
        elif n not in known and _broken(n):
            problems.add(where, f"expected an installed {role} plugin, got {n!r}, which is installed but "
                                f"{_broken(n)}")
        elif n not in known:
            problems.add(where, f"expected an installed {role} plugin, got {n!r}{did_you_mean(n, fitting)}"
                                f" (installed: {', '.join(fitting) or 'none'}; `slugfest plugins` lists them)")
        elif _fits(known[n], role) is False:
            problems.add(where, f"expected an installed {role} plugin, got {n!r}, which is a "
                                f"{getattr(known[n], 'kind', '?')} plugin (installed {role} plugins: "
                                f"{', '.join(fitting) or 'none'})")


def ai_names(known_plugins: Mapping[str, Any] | None = None) -> list[str]:
    """The installed plugins that can play a combatant, sorted: what a scenario's ``ai`` key and
    ``--ai`` accept (a plugin that also changes a step is filed as a house rule, and still plays)."""
    known = known_plugins if known_plugins is not None else installed_plugin_names()
    return sorted(n for n, info in known.items() if _fits(info, "AI") is not False)


def ai_problem(name: str, known_plugins: Mapping[str, Any] | None = None) -> str | None:
    """Why ``name`` cannot play a combatant (what the scenario's ``ai`` key would be told: not an
    installed AI plugin, with the nearest names), or None when it can. For the commands that
    hand every combatant to one AI (``--ai``): one message rather than one per combatant."""
    if len(name) > LONGEST_AI:  # as the scenario's own ``ai`` key is bounded (and a message stays a line)
        return f"expected the registered name of an installed AI plugin, got {len(name):,} characters (at most {LONGEST_AI})"
    problems = Problems()
    known = known_plugins if known_plugins is not None else installed_plugin_names()
    _check_plugin_names((name,), "ai", problems, known, single=True, role="AI")
    return problems.items[0].message if problems else None


# -- writing -------------------------------------------------------------------------------

def dump_scenario(s: Scenario, systems: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Scenario back to TOML data: load -> dump -> load gives an equal scenario."""
    if systems is None:
        systems = rules_systems()
    system = systems[s.system]
    battle: dict[str, Any] = {"name": s.name, "system": s.system, "seed": s.seed, "turn_limit": s.turn_limit}
    if s.description:
        battle["description"] = s.description
    if s.house_rules:
        battle["house_rules"] = list(s.house_rules)
    out: dict[str, Any] = {"battle": battle}
    opts = system.dump_options(s.options)
    if opts:
        out["rules"] = opts
    out["map"] = {"width": s.map.width, "height": s.map.height}
    if s.map.obstacles:
        out["map"]["obstacles"] = [list(c) for c in sorted(s.map.obstacles)]
    out["sides"] = []
    for side in s.sides:
        combatants = []
        for c in side.combatants:
            entry: dict[str, Any] = {"id": c.id, "name": c.name, "position": list(c.position), "ai": c.ai}
            entry.update(system.dump_sheet(c.sheet))
            combatants.append(entry)
        out["sides"].append({"name": side.name, "combatants": combatants})
    return out
