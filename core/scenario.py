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
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .errors import SlugfestError
from .schema import Problem, Problems, Table, did_you_mean

MAX_MAP = 200
MAX_COMBATANTS = 64
MAX_TURNS = 1000
MAX_FILE_BYTES = 1_000_000
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
    path: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def combatants(self) -> tuple[CombatantSpec, ...]:
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

    def render(self) -> str:
        n = len(self.problems)
        head = f"{self.file}: {n} problem{'s' if n != 1 else ''} in this scenario:"
        return "\n".join([head] + ["  " + p.render(self.file) for p in self.problems])


def load_scenario(path: str | os.PathLike[str], systems: Mapping[str, Any] | None = None,
                  known_plugins: Mapping[str, Any] | None = None) -> Scenario:
    """Read and validate a scenario file; raises :class:`ScenarioError` listing every problem."""
    p = Path(path)
    file = str(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError(file, [Problem("", f"expected a scenario file of at most {MAX_FILE_BYTES} bytes, got {size}")])
        raw = p.read_bytes()
    except FileNotFoundError:
        raise ScenarioError(file, [Problem("", "no such file")]) from None
    except IsADirectoryError:
        raise ScenarioError(file, [Problem("", "expected a .toml file, got a directory")]) from None
    except OSError as exc:
        raise ScenarioError(file, [Problem("", f"cannot read the file ({exc.strerror})")]) from None
    return parse_scenario_text(raw, file, systems, known_plugins)


def parse_scenario_text(raw: bytes, file: str = "<scenario>", systems: Mapping[str, Any] | None = None,
                        known_plugins: Mapping[str, Any] | None = None) -> Scenario:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(file, [Problem("", f"expected UTF-8 text, got an undecodable byte at offset {exc.start}")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(m.group(1)) if m else None
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise ScenarioError(file, [Problem("", f"TOML syntax error: {msg}" + (f" (column {m.group(2)})" if m else ""), line)]) from None
    return parse_scenario(data, file, systems, known_plugins, text)


def parse_scenario(data: dict[str, Any], file: str = "<scenario>", systems: Mapping[str, Any] | None = None,
                   known_plugins: Mapping[str, Any] | None = None, text: str | None = None) -> Scenario:
    """Validate already-parsed TOML data. ``systems`` maps names to rules systems and
    ``known_plugins`` the installed plugin names (both default to the installed ones)."""
    if systems is None or known_plugins is None:
        from .plugins import installed_plugin_names, rules_systems

        systems = systems if systems is not None else rules_systems()
        known_plugins = known_plugins if known_plugins is not None else installed_plugin_names()
    problems = Problems()
    root = Table(data, "", problems)
    bt = root.table("battle", required=True)
    name = bt.text("name", max_len=120)
    description = bt.text("description", "", max_len=2000, nonempty=False)
    system_name = bt.choice("system", tuple(systems), None) if bt.has("system") else None
    if system_name is None and not bt.has("system"):
        problems.add("battle.system", "missing: expected one of " + ", ".join(repr(s) for s in systems))
    seed = bt.integer("seed", 1, lo=0, hi=2**63 - 1)
    turn_limit = bt.integer("turn_limit", 20, lo=1, hi=MAX_TURNS)
    house_rules = bt.strings("house_rules", ())
    _check_plugin_names(house_rules, "battle.house_rules", problems, known_plugins)
    bt.finish()

    system = systems.get(system_name) if system_name else None
    rt = root.table("rules")
    options = system.parse_options(rt) if system else None

    mt = root.table("map")
    width = mt.integer("width", 24, lo=4, hi=MAX_MAP)
    height = mt.integer("height", 16, lo=4, hi=MAX_MAP)
    obstacles: set[tuple[int, int]] = set()
    raw_obs = mt.raw("obstacles", [])
    if not isinstance(raw_obs, list):
        problems.add("map.obstacles", f"expected an array of [x, y] cells, got {raw_obs!r}")
        raw_obs = []
    for i, cell in enumerate(raw_obs):
        if (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)
                and 0 <= cell[0] < width and 0 <= cell[1] < height):
            obstacles.add((cell[0], cell[1]))
        else:
            problems.add(f"map.obstacles[{i}]", f"expected [x, y] inside the {width}x{height} map, got {cell!r}")
    for wt in mt.tables("walls", max_items=200):
        x = wt.integer("x", lo=0, hi=width - 1)
        y = wt.integer("y", lo=0, hi=height - 1)
        w = wt.integer("width", 1, lo=1, hi=width)
        h = wt.integer("height", 1, lo=1, hi=height)
        wt.finish()
        obstacles.update((cx, cy) for cx in range(x, min(x + w, width)) for cy in range(y, min(y + h, height)))
    mt.finish()

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
        members: list[CombatantSpec] = []
        ctables = st.tables("combatants", required=True, max_items=MAX_COMBATANTS)
        for ct in ctables:
            total += 1
            cid = ct.text("id", max_len=40)
            if cid and not _ID.match(cid):
                problems.add(f"{ct.path}.id", f"expected lowercase letters, digits, '-' or '_' (an id used in logs), got {cid!r}")
            if cid in seen_ids:
                problems.add(f"{ct.path}.id", f"expected a unique id, got {cid!r} (already used at {seen_ids[cid]})")
            seen_ids[cid] = ct.path
            cname = ct.text("name", cid or "?", max_len=60)
            pos = ct.cell("position", width, height)
            if pos in obstacles and ct.has("position"):
                problems.add(f"{ct.path}.position", f"expected an open cell, got {list(pos)} (an obstacle)")
            elif pos in seen_cells and ct.has("position"):
                problems.add(f"{ct.path}.position", f"expected a free cell, got {list(pos)} (taken by {seen_cells[pos]!r})")
            seen_cells[pos] = cid
            ai = ct.text("ai", "default", max_len=60)
            _check_plugin_names((ai,), f"{ct.path}.ai", problems, known_plugins, single=True)
            sheet = system.parse_sheet(ct) if system else None
            ct.finish()
            members.append(CombatantSpec(cid, cname, side_name, pos, ai, sheet))
        st.finish()
        sides.append(SideSpec(side_name, tuple(members)))
    limit = system.max_combatants() if system else MAX_COMBATANTS
    if total > limit:
        problems.add("sides", f"expected at most {limit} combatants in all, got {total}")
    root.finish()
    if problems:
        located = [Problem(p.path, p.message, p.line or (locate(text, p.path) if text else None)) for p in problems.items]
        raise ScenarioError(file, located)
    return Scenario(
        name=name, system=system_name or "", sides=tuple(sides), options=options,
        map=MapSpec(width, height, frozenset(obstacles)), description=description, seed=seed,
        turn_limit=turn_limit, house_rules=house_rules, path=file,
    )


def _check_plugin_names(names: tuple[str, ...], path: str, problems: Problems, known: Mapping[str, Any],
                        single: bool = False) -> None:
    for i, n in enumerate(names):
        where = path if single else f"{path}[{i}]"
        if not _PLUGIN_NAME.match(n):
            problems.add(where, f"expected a registered plugin name (lowercase, no dots or slashes: scenarios "
                                f"never import modules or paths), got {n!r}")
        elif n not in known:
            problems.add(where, f"expected an installed plugin, got {n!r}{did_you_mean(n, known)}"
                                f" (installed: {', '.join(sorted(known))}; `slugfest plugins` lists them)")


# -- writing -------------------------------------------------------------------------------

def dump_scenario(s: Scenario, systems: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Scenario back to TOML data: load -> dump -> load gives an equal scenario."""
    if systems is None:
        from .plugins import rules_systems

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


def write_toml_atomic(data: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write machine-owned TOML to a temp file beside ``path``, then rename it into place, so
    a crash mid-write never leaves a half-written file (nor loses the previous one)."""
    import tomli_w

    target = Path(path)
    encoded = tomli_w.dumps(data).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(encoded)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- locating a key path in the source, for line numbers -----------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEYLINE = re.compile(r"^\s*([A-Za-z0-9_\-\"'.\s]+?)\s*=")


def _norm_key(k: str) -> str:
    return ".".join(part.strip().strip('"\'') for part in k.split("."))


def locate(text: str, path: str) -> int | None:
    """Best-effort line number of a dotted key path such as ``sides[0].combatants[1].SPD``.

    Tracks table headers (counting ``[[array]]`` entries) and ``key =`` lines; a problem inside
    an inline value points at the line of its key. Returns ``None`` when it cannot tell.
    """
    if not path:
        return None
    want = re.sub(r"\[(\d+)\]", r".#\1", path)
    counters: dict[str, int] = {}
    current = ""
    best: tuple[int, int] | None = None  # (matched length, line)
    for lineno, line in enumerate(text.splitlines(), start=1):
        m = _HEADER.match(line)
        if m:
            name = _norm_key(m.group(2))
            if m.group(1) == "[[":
                # index relative to the enclosing concrete path
                parent_prefix = _concrete_parent(name, counters)
                key = parent_prefix + name.split(".")[-1]
                idx = counters.get(key, -1) + 1
                counters[key] = idx
                current = f"{key}.#{idx}"
                # forget nested arrays of the previous element
                for k in [k for k in counters if k.startswith(current.rsplit('.#', 1)[0] + ".#") and k != key]:
                    if not k.startswith(current):
                        del counters[k]
            else:
                current = _concrete_parent(name, counters) + name.split(".")[-1]
            best = _better(best, current, want, lineno)
            continue
        m = _KEYLINE.match(line)
        if m and not line.lstrip().startswith("#"):
            full = (current + "." if current else "") + _norm_key(m.group(1))
            best = _better(best, full, want, lineno)
    return best[1] if best else None


def _concrete_parent(name: str, counters: dict[str, int]) -> str:
    parts = name.split(".")
    prefix = ""
    for part in parts[:-1]:
        key = prefix + part
        prefix = f"{key}.#{counters[key]}." if key in counters else key + "."
    return prefix


def _better(best: tuple[int, int] | None, have: str, want: str, lineno: int) -> tuple[int, int] | None:
    if want == have or want.startswith(have + ".") or want.startswith(have + "#"):
        score = len(have)
        if best is None or score >= best[0]:
            return (score, lineno)
    return best
