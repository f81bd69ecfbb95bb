"""Which line of a TOML text a key path is on, for the messages that point at a mistake.

The TOML parser does not say where a value came from, so line numbers are found again in the
text: a small scanner walks the file's table headers, keys and the items of arrays (strings and
comments skipped) and records the concrete path of each with its line, so
``sides[1].combatants[0].characteristics.SPD`` is found under the second ``[[sides]]``'s first
``[[sides.combatants]]``. Best effort: the longest recorded path that begins the wanted one
gives the line (a missing key points at its table's header).

The text is scanned once (:class:`KeyLines`) however many problems it has; each lookup then
tries the wanted path's prefixes, longest first, so checking a file is linear in its size.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_INDEX = re.compile(r"\[(\d+)\]")


class KeyLines:
    """Every key path of a TOML text with its line, scanned once."""

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple[str, ...], int] = {}
        for have, lineno in _key_lines(text):
            self.lines[have] = lineno  # a path recorded twice (an array's header): the later line

    def locate(self, path: str) -> int | None:
        """Line number (1-based) of a key path such as
        ``sides[0].combatants[1].characteristics.SPD``, or of the nearest enclosing table or
        array item the text shows; ``None`` when it cannot tell."""
        if not path:
            return None
        want = tuple(p for p in path.replace("[", ".#").replace("]", "").split(".") if p)
        lines = self.lines
        for n in range(len(want), 0, -1):
            found = lines.get(want[:n])
            if found is not None:
                return found
        return None


def locate(text: str, path: str) -> int | None:
    """:meth:`KeyLines.locate` for one path (scan the text once for many)."""
    return KeyLines(text).locate(path)


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
