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
from .schema import NOTHING, Problem, Problems, Table, did_you_mean, show, toml_type
from .words import plural

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
    path: str = field(default="", compare=False)  # where it was read from, not part of its content
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
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError(file, [Problem("", f"expected a scenario file of at most {MAX_FILE_BYTES} bytes, got {size}")])
        raw = p.read_bytes()
    except FileNotFoundError:
        raise ScenarioError(file, [Problem("", "expected a scenario file, got no such file")]) from None
    except IsADirectoryError:
        raise ScenarioError(file, [Problem("", "expected a .toml file, got a directory")]) from None
    except OSError as exc:
        raise ScenarioError(file, [Problem("", f"expected a readable file, got an error reading it: {exc.strerror}")]) from None
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
        if m is None and "end of document" in str(exc):
            line = max(text.count("\n") + (0 if text.endswith("\n") else 1), 1)
        msg = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "", str(exc))
        hint = " (a string left open? close it with a quote on the same line)" if "Illegal character '\\n'" in msg else ""
        where = f" at column {m.group(2)}" if m else ""
        raise ScenarioError(file, [Problem("", f"expected valid TOML, got a syntax error{where}: {msg}{hint}", line)]) from None
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
        problems.add("battle.system", "expected one of " + ", ".join(repr(s) for s in systems) + f", got {NOTHING}")
    seed = bt.integer("seed", 1, lo=0, hi=2**63 - 1)
    turn_limit = bt.integer("turn_limit", 20, lo=1, hi=MAX_TURNS)
    house_rules = bt.strings("house_rules", ())
    _check_plugin_names(house_rules, "battle.house_rules", problems, known_plugins, role="house rule")
    bt.finish()

    system = systems.get(system_name) if system_name else None
    for i, n in enumerate(house_rules):
        fits = getattr(known_plugins.get(n), "systems", ())
        if system_name and fits and system_name not in fits:
            problems.add(f"battle.house_rules[{i}]", f"expected a house rule for {system_name!r} battles, got {n!r}, "
                                                     f"which is for {', '.join(repr(f) for f in fits)} battles only")
    rt = root.table("rules")
    if system is None:
        rt.skip()  # without a valid system its own keys cannot be checked: report the system alone
    options = system.parse_options(rt) if system else None

    mt = root.table("map")
    # When a side of the map is itself wrong, cells are checked against the largest map allowed,
    # so one mistake does not turn every position into a second one.
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
            if cid and cid in seen_ids:
                problems.add(f"{ct.path}.id", f"expected a unique id, got {cid!r} (already used at {seen_ids[cid]})")
            seen_ids.setdefault(cid, ct.path)
            cname = ct.text("name", cid or "?", max_len=60)
            before = len(problems.items)
            pos = ct.cell("position", width, height)
            if len(problems.items) == before:  # a real cell, not the stand-in for a bad or missing one
                if pos in obstacles:
                    problems.add(f"{ct.path}.position", f"expected an open cell, got {list(pos)} (an obstacle)")
                elif pos in seen_cells:
                    problems.add(f"{ct.path}.position", f"expected a free cell, got {list(pos)} (taken by {seen_cells[pos]!r})")
                seen_cells.setdefault(pos, cid)
            ai = ct.text("ai", "default", max_len=60)
            _check_plugin_names((ai,), f"{ct.path}.ai", problems, known_plugins, single=True, role="AI")
            if system is None:
                ct.skip()
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
        # In file order (problems without a line, about the whole file, first); stable otherwise.
        located.sort(key=lambda p: p.line or 0)
        raise ScenarioError(file, located)
    return Scenario(
        name=name, system=system_name or "", sides=tuple(sides), options=options,
        map=MapSpec(width, height, frozenset(obstacles)), description=description, seed=seed,
        turn_limit=turn_limit, house_rules=house_rules, path=file,
    )


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
    from .plugins import catalog

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
    """Write machine-owned TOML atomically (see :func:`write_text_atomic`)."""
    import tomli_w

    write_text_atomic(tomli_w.dumps(data), path)


def names_a_descriptor(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` reaches a file through an open descriptor (``/dev/stdout``, ``/dev/fd/3``,
    ``/proc/self/fd/1``): links are followed one at a time, since the last one already names
    the file the descriptor is open on, and that file is not this program's to replace."""
    current = os.path.abspath(path)
    for _ in range(40):  # as many links as the system itself follows
        current = os.path.join(os.path.realpath(os.path.dirname(current)), os.path.basename(current))
        if current.startswith("/proc/"):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    return False


def written_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether :func:`write_text_atomic` appends to ``path`` where it is rather than renaming a
    new file over it: a path reached through a descriptor, or anything not a plain file."""
    real = os.path.realpath(path)
    return names_a_descriptor(path) or (os.path.exists(real) and not os.path.isfile(real))


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> None:
    """Write ``text`` (UTF-8) to a temp file beside ``path``, flush it to disk, then rename it
    into place: a crash or an error mid-write never leaves a half-written file, never loses the
    previous one, and leaves no temp file behind. The file gets the permissions a plain
    ``open(path, "w")`` would give (an existing file keeps its own).

    A symbolic link is followed (the file it points to is replaced, the link stays). A path that
    is not a plain file is appended to in place: a device or a named pipe, and a descriptor named
    through ``/proc`` (``/dev/fd/3`` resolves to ``/proc/PID/fd/3``). Renaming over those would
    replace the device, or the file the descriptor is open on, and truncating could empty a file
    a shell opened with ``>>``."""
    encoded = text.encode("utf-8")
    if written_in_place(path):
        with open(path, "ab") as fh:
            fh.write(encoded)
        return
    target = Path(os.path.realpath(path))
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(encoded)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- locating a key path in the source, for line numbers -----------------------------------
#
# The TOML parser does not say where a value came from, so line numbers are found again in
# the text: a small scanner walks the file's table headers, keys and the items of arrays
# (strings and comments skipped) and records the concrete path of each with its line, so
# ``sides[1].combatants[0].characteristics.SPD`` is found under the second ``[[sides]]``'s
# first ``[[sides.combatants]]``. Best effort: the longest recorded path that begins the
# wanted one gives the line (a missing key points at its table's header).

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_INDEX = re.compile(r"\[(\d+)\]")


def locate(text: str, path: str) -> int | None:
    """Line number (1-based) of a key path such as ``sides[0].combatants[1].characteristics.SPD``,
    or of the nearest enclosing table or array item the text shows; ``None`` when it cannot tell."""
    if not path:
        return None
    want = tuple(p for p in _INDEX.sub(r".#\1", path).split(".") if p)
    best: tuple[int, int] | None = None  # (matched length, line)
    for have, lineno in _key_lines(text):
        if want[:len(have)] == have and (best is None or len(have) >= best[0]):
            best = (len(have), lineno)
    return best[1] if best else None


def _key_lines(text: str) -> list[tuple[tuple[str, ...], int]]:
    """(concrete path, line) of every table header, key and array item, in file order.
    Array elements appear as ``#n`` parts: ``("sides", "#1", "combatants", "#0", "id")``."""
    marks: list[tuple[tuple[str, ...], int]] = []
    counters: dict[tuple[str, ...], int] = {}  # array-of-tables path -> index of its last element
    current: tuple[str, ...] = ()
    scan = _ValueScanner()
    for lineno, line in enumerate(text.splitlines(), start=1):
        if scan.busy:  # inside a multi-line string or array that began on an earlier line
            scan.feed(line, 0, lineno, marks)
            continue
        i = _skip_ws(line, 0)
        if i >= len(line) or line[i] == "#":
            continue
        if line[i] == "[":
            is_array = line.startswith("[[", i)
            parsed = _parse_key(line, i + (2 if is_array else 1))
            if parsed is None:
                continue
            parts, _ = parsed
            prefix: tuple[str, ...] = ()
            for part in parts[:-1]:
                prefix += (part,)
                if prefix in counters:
                    prefix += (f"#{counters[prefix]}",)
            table = prefix + (parts[-1],)
            if is_array:
                if table not in counters:
                    marks.append((table, lineno))  # the array as a whole: its first element
                counters[table] = counters.get(table, -1) + 1
                current = table + (f"#{counters[table]}",)
            else:
                current = table
            marks.append((current, lineno))
            continue
        parsed = _parse_key(line, i)
        if parsed is None:
            continue
        parts, j = parsed
        j = _skip_ws(line, j)
        if j >= len(line) or line[j] != "=":
            continue
        key = current + tuple(parts)
        marks.append((key, lineno))
        scan.path = key
        scan.feed(line, j + 1, lineno, marks)
    return marks


def _skip_ws(line: str, i: int) -> int:
    while i < len(line) and line[i] in " \t\r":
        i += 1
    return i


def _parse_key(line: str, i: int) -> tuple[list[str], int] | None:
    """A (dotted, possibly quoted) key starting at ``line[i]``: its parts and where it ends."""
    parts: list[str] = []
    while True:
        i = _skip_ws(line, i)
        if i >= len(line):
            return None
        if line[i] == '"':
            end = _end_of_basic_string(line, i + 1)
            raw = line[i:end]
            try:
                parts.append(tomllib.loads(f"k = {raw}")["k"])
            except tomllib.TOMLDecodeError:
                parts.append(raw.strip('"'))
            i = end
        elif line[i] == "'":
            end = line.find("'", i + 1)
            if end < 0:
                return None
            parts.append(line[i + 1:end])
            i = end + 1
        else:
            m = _BARE_KEY.match(line, i)
            if not m:
                return None
            parts.append(m.group())
            i = m.end()
        i = _skip_ws(line, i)
        if i < len(line) and line[i] == ".":
            i += 1
            continue
        return parts, i


def _end_of_basic_string(line: str, i: int) -> int:
    """Index just past the closing quote of a "basic string" whose body starts at ``i``."""
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] == '"':
            return i + 1
        i += 1
    return len(line)


class _ValueScanner:
    """Walks a value that may span lines: multi-line strings, nested arrays (recording each
    item's path and line), single-line inline tables, comments."""

    def __init__(self) -> None:
        self.path: tuple[str, ...] = ()
        self.multiline: str | None = None  # the closing delimiter of an open multi-line string
        self.stack: list[list[Any]] = []  # per open array: [its path, last item index, expecting an item]

    @property
    def busy(self) -> bool:
        return self.multiline is not None or bool(self.stack)

    def feed(self, line: str, i: int, lineno: int, marks: list[tuple[tuple[str, ...], int]]) -> None:
        n = len(line)
        while i < n:
            if self.multiline is not None:
                end = line.find(self.multiline, i)
                if end < 0:
                    return
                if self.multiline == '"""':
                    # an escaped quote (\") does not close the string
                    slashes = len(line[i:end]) - len(line[i:end].rstrip("\\"))
                    if slashes % 2:
                        i = end + 1
                        continue
                i = end + 3
                while i < n and line[i] == self.multiline[0]:  # up to two quotes may end the body
                    i += 1
                self.multiline = None
                continue
            c = line[i]
            if c in " \t\r":
                i += 1
                continue
            if c == "#":
                return
            if self.stack and self.stack[-1][2] and c not in ",]":
                top = self.stack[-1]
                top[1] += 1
                top[2] = False
                marks.append((top[0] + (f"#{top[1]}",), lineno))
            if line.startswith('"""', i) or line.startswith("'''", i):
                self.multiline = line[i:i + 3]
                i += 3
            elif c == '"':
                i = _end_of_basic_string(line, i + 1)
            elif c == "'":
                end = line.find("'", i + 1)
                i = n if end < 0 else end + 1
            elif c == "[":
                item = self.stack[-1][0] + (f"#{self.stack[-1][1]}",) if self.stack else self.path
                self.stack.append([item, -1, True])
                i += 1
            elif c == "]":
                if self.stack:
                    self.stack.pop()
                i += 1
            elif c == ",":
                if self.stack:
                    self.stack[-1][2] = True
                i += 1
            elif c == "{":
                i = _end_of_inline_table(line, i + 1)
            else:
                i += 1


def _end_of_inline_table(line: str, i: int) -> int:
    depth = 1
    while i < len(line):
        c = line[i]
        if c == '"':
            i = _end_of_basic_string(line, i + 1)
            continue
        if c == "'":
            end = line.find("'", i + 1)
            i = len(line) if end < 0 else end + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(line)
