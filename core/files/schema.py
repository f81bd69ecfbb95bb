"""Reading hand-written TOML tables with every problem reported at once.

A :class:`Table` wraps one TOML table and its dotted key path. Its readers (``integer``,
``text``, ``choice``...) return a value or a default and record a :class:`Problem` instead
of raising, so a scenario with five mistakes gets five lines, not one traceback at a time.
``finish()`` reports keys nobody read: an unknown key is an error, with a "did you mean".

Every message reads ``expected X, got Y`` (``got nothing`` for a missing key), with a
``(did you mean Z?)`` when a known word is close to what was written.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T")

_MISSING: Any = object()

#: What a problem says it got when the key is not there at all.
NOTHING = "nothing (the key is missing)"

TOML_TYPE = {
    bool: "a boolean",
    int: "an integer",
    float: "a float",
    str: "a string",
    list: "an array",
    dict: "a table",
}


def toml_type(value: Any) -> str:
    """The TOML word for a value's type, as a user wrote it."""
    for py, word in TOML_TYPE.items():
        if type(value) is py:
            return word
    return type(value).__name__


def show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "a table"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Problem:
    path: str
    message: str
    line: int | None = None

    def render(self, file: str) -> str:
        where = f"{file}:{self.line}" if self.line else file
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


@dataclass
class Problems:
    items: list[Problem] = field(default_factory=list)

    def add(self, path: str, message: str) -> None:
        self.items.append(Problem(path, message))

    def __bool__(self) -> bool:
        return bool(self.items)


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Table:
    """One TOML table being read; records problems under its dotted ``path``."""

    def __init__(self, data: Any, path: str, problems: Problems) -> None:
        self.path = path
        self.problems = problems
        if not isinstance(data, dict):
            problems.add(path, f"expected a table, got {toml_type(data)} {show(data)}")
            data = {}
        self.data: dict[str, Any] = data
        self._read: set[str] = set()

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        self._read.add(key)
        return self.data.get(key, default)

    def _get(self, key: str, default: Any, expected: str) -> Any:
        self._read.add(key)
        if key not in self.data:
            if default is _MISSING:
                self.problems.add(join(self.path, key), f"expected {expected}, got {NOTHING}")
            return _MISSING
        return self.data[key]

    def _bad(self, key: str, expected: str, value: Any) -> None:
        self.problems.add(join(self.path, key), f"expected {expected}, got {toml_type(value)} {show(value)}")

    def integer(self, key: str, default: Any = _MISSING, *, lo: int | None = None, hi: int | None = None) -> int:
        expected = _range_words("an integer", lo, hi)
        value = self._get(key, default, expected)
        if value is _MISSING:
            return default if default is not _MISSING else (lo if lo is not None else 0)
        if type(value) is not int or (lo is not None and value < lo) or (hi is not None and value > hi):
            if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
                self.problems.add(join(self.path, key), f"expected {expected}, got a string {show(value)}"
                                  f" (write the number without quotes: {value.strip()})")
            else:
                self._bad(key, expected, value)
            return default if default is not _MISSING else (lo if lo is not None else 0)
        return value

    def boolean(self, key: str, default: Any = _MISSING) -> bool:
        value = self._get(key, default, "a boolean (true or false)")
        if value is _MISSING:
            return bool(default) if default is not _MISSING else False
        if type(value) is not bool:
            self._bad(key, "a boolean (true or false)", value)
            return bool(default) if default is not _MISSING else False
        return value

    def text(self, key: str, default: Any = _MISSING, *, max_len: int = 200, nonempty: bool = True) -> str:
        expected = "a non-empty string" if nonempty else "a string"
        value = self._get(key, default, expected)
        if value is _MISSING:
            return default if default is not _MISSING else ""
        if type(value) is not str or (nonempty and not value.strip()) or len(value) > max_len:
            extra = f" of at most {max_len} characters" if isinstance(value, str) and len(value) > max_len else ""
            self._bad(key, expected + extra, value)
            return default if default is not _MISSING else ""
        return value

    def choice(self, key: str, options: Iterable[str], default: Any = _MISSING) -> str:
        options = tuple(options)
        expected = "one of " + ", ".join(repr(o) for o in options)
        value = self._get(key, default, expected)
        if value is _MISSING:
            return default if default is not _MISSING else options[0]
        if value not in options:
            hint = did_you_mean(value, options) if isinstance(value, str) else ""
            self.problems.add(join(self.path, key), f"expected {expected}, got {toml_type(value)} {show(value)}{hint}")
            return default if default is not _MISSING else options[0]
        return value

    def meant(self, key: str, options: Iterable[str], default: Any = _MISSING) -> str:
        """:meth:`choice`, but a misspelt value (reported, with its "did you mean") is read as the
        option it most likely means: for a key that decides which other keys belong (an attack's
        ``kind``, an area's ``shape``), so that those are checked in the same pass, as that
        option's, rather than wrongly called unknown or let through until the first is fixed."""
        options = tuple(options)
        picked = self.choice(key, options, default)
        value = self.data.get(key)
        if isinstance(value, str) and value not in options:
            return closest(value, options) or picked
        return picked

    def cell(self, key: str, width: int, height: int, default: Any = _MISSING) -> tuple[int, int]:
        expected = f"an array [x, y] of two integers inside the {width}x{height} map"
        value = self._get(key, default, expected)
        if value is _MISSING:
            return default if default is not _MISSING else (0, 0)
        if (not isinstance(value, list) or len(value) != 2 or any(type(v) is not int for v in value)
                or not (0 <= value[0] < width and 0 <= value[1] < height)):
            self._bad(key, expected, value)
            return default if default is not _MISSING else (0, 0)
        return (value[0], value[1])

    def strings(self, key: str, default: Any = _MISSING, *, max_items: int = 64) -> tuple[str, ...]:
        expected = "an array of strings"
        value = self._get(key, default, expected)
        if value is _MISSING:
            return tuple(default) if default is not _MISSING else ()
        if not isinstance(value, list) or any(type(v) is not str for v in value) or len(value) > max_items:
            self._bad(key, expected + f" (at most {max_items})", value)
            return tuple(default) if default is not _MISSING else ()
        return tuple(value)

    def table(self, key: str, required: bool = False) -> "Table":
        self._read.add(key)
        if key not in self.data:
            if required:
                self.problems.add(join(self.path, key), f"expected a table ([{join(self.path, key)}]), got {NOTHING}")
            return Table({}, join(self.path, key), self.problems)
        return Table(self.data[key], join(self.path, key), self.problems)

    def tables(self, key: str, *, required: bool = False, max_items: int = 1000) -> list["Table"]:
        """An array of tables (``[[key]]``)."""
        self._read.add(key)
        path = join(self.path, key)
        if key not in self.data:
            if required:
                self.problems.add(path, f"expected an array of tables ([[{path}]]), got {NOTHING}")
            return []
        value = self.data[key]
        if not isinstance(value, list) or any(not isinstance(v, dict) for v in value):
            self.problems.add(path, f"expected an array of tables ([[{path}]]), got {toml_type(value)}")
            return []
        if len(value) > max_items:
            self.problems.add(path, f"expected at most {max_items} entries, got {len(value)}")
            value = value[:max_items]
        return [Table(v, join(path, i), self.problems) for i, v in enumerate(value)]

    def custom(self, key: str, parse: Callable[[Any], T], expected: str, default: Any = _MISSING) -> T:
        """Read with a parser that raises ``ValueError`` (its message becomes the problem)."""
        value = self._get(key, default, expected)
        if value is _MISSING:
            return default if default is not _MISSING else None  # type: ignore[return-value]
        try:
            return parse(value)
        except (ValueError, TypeError) as exc:
            detail = str(exc)
            self.problems.add(join(self.path, key), f"expected {expected}, got {toml_type(value)} {show(value)}"
                              + (f" ({detail})" if detail else ""))
            return default if default is not _MISSING else None  # type: ignore[return-value]

    def skip(self) -> None:
        """Accept every remaining key unread (they cannot be checked, e.g. without a valid system)."""
        self._read.update(self.data)

    def finish(self) -> None:
        """Report every key that no reader asked for (a misspelling, usually)."""
        known = sorted(self._read)
        for key in self.data:
            if key not in self._read:
                hint = did_you_mean(key, known)
                expected = "a known key" if hint or not known else "one of the keys " + ", ".join(known)
                self.problems.add(join(self.path, key), f"expected {expected}, got unknown key {key!r}{hint}")


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """" (did you mean 'X'?)" for the option ``word`` most likely means, or "". Case and spaces
    count for nothing first ("Sturdy2" is "Sturdy 2", not "sturdy"), then spelling."""
    found = closest(word, options)
    return f" (did you mean {found!r}?)" if found else ""


def closest(word: str, options: Iterable[str]) -> str | None:
    """The option ``word`` most likely means (see :func:`did_you_mean`), or None."""
    options = list(options)
    squashed = {"".join(o.lower().split()): o for o in options}
    key = "".join(str(word).lower().split())
    if key in squashed:
        return squashed[key]
    close = difflib.get_close_matches(key, list(squashed), n=1, cutoff=0.6)
    return squashed[close[0]] if close else None


def _range_words(what: str, lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{what} from {lo} to {hi}"
    if lo is not None:
        return f"{what} of at least {lo}"
    if hi is not None:
        return f"{what} of at most {hi}"
    return what
