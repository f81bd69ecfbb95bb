"""Bounds on untrusted files and text, checked before they are read or parsed.

Every file the program reads (scenario, save, batch part, character file, preferences) is opened
here, by :func:`read_limited`: only a regular file, and only so many bytes, so a FIFO, a device
or a file that never ends is refused with a message rather than waited on for ever.

Scenario and save files come from other people. The TOML parser, and everything that walks its
result, recurses into nested arrays and inline tables: a value nested a few hundred levels deep
ends in a ``RecursionError`` far from the file that caused it. :func:`nesting_problem` finds the
first place the text goes deeper than any real file needs (strings and comments skipped), in one
pass, so the loaders can refuse it with the line, as any other mistake in the file.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
import tomllib
from fractions import Fraction
from typing import Any

#: How deep arrays and inline tables may nest (a real scenario needs 3: [[x, y], ...] in a table).
MAX_NESTING = 20


_MARKS = re.compile(r"[\[\]{}\"'#\n]")


def nesting_problem(text: str, limit: int = MAX_NESTING) -> tuple[int, str] | None:
    """(line, message) where ``text`` nests arrays or inline tables deeper than ``limit``; None
    when it does not. Brackets inside strings and comments do not count. (It jumps from one
    bracket, quote, comment or line end to the next: a megabyte takes a few hundredths of a
    second.)"""
    depth = 0
    line = 1
    i = 0
    find = _MARKS.search
    while True:
        m = find(text, i)
        if m is None:
            return None
        i = m.start()
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "#":
            end = text.find("\n", i)
            if end < 0:
                return None
            i = end
            continue
        elif c in "\"'":
            i, line = _skip_string(text, i, c, text.startswith(c * 3, i), line)
            continue
        elif c in "[{":
            depth += 1
            if depth > limit:
                return line, (f"expected arrays and inline tables nested at most {limit} deep, "
                              "got deeper here")
        else:  # ] or }
            depth = max(depth - 1, 0)
        i += 1


def _skip_string(text: str, i: int, quote: str, triple: bool, line: int) -> tuple[int, int]:
    """The index just past the string that starts at ``i``, and the line it ends on."""
    n = len(text)
    close = quote * 3 if triple else quote
    j = i + len(close)
    while j < n:
        c = text[j]
        if c == "\\" and quote == '"':
            j += 2
            continue
        if c == "\n":
            line += 1
            if not triple:
                return j, line - 1  # an unclosed one-line string: the parser will say so
        if text.startswith(close, j):
            return j + len(close), line
        j += 1
    return n, line


class UnreadableFile(Exception):
    """A file or text a loader cannot read: not a regular file, too big, not UTF-8, nested too
    deep, or a syntax error. ``line`` is where, when known; the message says what was expected."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


#: The name the TOML loaders catch it by (one family: a file read here is refused the same way).
UnreadableToml = UnreadableFile


def read_limited(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path``, if it holds at most ``max_bytes``.

    Reads at most ``max_bytes + 1`` bytes whatever the file says its size is, and only from a
    regular file: a name that leads to ``/dev/zero`` would never end and a FIFO would wait for
    ever (it is opened without waiting, then refused). Raises :class:`UnreadableFile` for those
    and for a file too big, ``IsADirectoryError`` for a folder, and ``OSError`` as it comes."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                 | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        if not stat.S_ISREG(mode):
            kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
                else "a socket" if stat.S_ISSOCK(mode) else "something else"
            raise UnreadableFile(f"expected a regular file, got {kind}")
        if info.st_size > max_bytes:
            raise UnreadableFile(f"expected a file of at most {max_bytes} bytes, got {info.st_size}")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > max_bytes:
        raise UnreadableFile(f"expected a file of at most {max_bytes} bytes, got more")
    return b"".join(chunks)


def parse_toml(raw: bytes | str, max_bytes: int) -> dict[str, Any]:
    """``raw`` parsed as TOML, within the bounds above (raises :class:`UnreadableToml`)."""
    size = len(raw)
    if size > max_bytes:
        raise UnreadableToml(f"expected a file of at most {max_bytes} bytes, got {size}")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnreadableToml(f"expected UTF-8 text, got an undecodable byte at offset {exc.start}") from None
    else:
        text = raw
    deep = nesting_problem(text)
    if deep is not None:
        raise UnreadableToml(deep[1], deep[0])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(m.group(1)) if m else None
        if m is None and "end of document" in str(exc):
            line = max(text.count("\n") + (0 if text.endswith("\n") else 1), 1)
        msg = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "", str(exc))
        hint = " (a string left open? close it with a quote on the same line)" if "Illegal character '\\n'" in msg else ""
        where = f" at column {m.group(2)}" if m else ""
        raise UnreadableToml(f"expected valid TOML, got a syntax error{where}: {msg}{hint}", line) from None
    except ValueError as exc:  # an integer of more digits than Python converts (4300)
        m = re.search(r"value has (\d+) digits", str(exc))
        got = f"one of {m.group(1)} digits" if m else "a longer one"
        raise UnreadableToml(f"expected whole numbers of at most {_max_digits()} digits, got {got}") from None
    except RecursionError:  # pragma: no cover - the nesting bound comes first; a last line of defence
        raise UnreadableToml("expected TOML nested a few levels deep, got too deep a structure") from None


def _max_digits() -> int:
    return sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300


def parse_json(raw: bytes, max_bytes: int) -> Any:
    """``raw`` parsed as JSON, within the same bounds as TOML: at most ``max_bytes``, UTF-8,
    arrays and objects nested at most :data:`MAX_NESTING` deep (the parser recurses, so a
    deeper one would end in a ``RecursionError``), whole numbers of at most 4300 digits.
    Raises :class:`UnreadableFile`."""
    if len(raw) > max_bytes:
        raise UnreadableFile(f"expected a file of at most {max_bytes} bytes, got {len(raw)}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(f"expected UTF-8 text, got an undecodable byte at offset {exc.start}") from None
    deep = nesting_problem(text)
    if deep is not None:
        raise UnreadableFile(deep[1].replace("inline tables", "objects"), deep[0])
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableFile(f"expected JSON, got {exc.msg.lower()} at column {exc.colno}", exc.lineno) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise UnreadableFile(f"expected whole numbers of at most {_max_digits()} digits, got {exc}"[:200]) from None
    except RecursionError:  # pragma: no cover - the nesting bound comes first
        raise UnreadableFile("expected JSON nested a few levels deep, got too deep a structure") from None


#: A decimal number as people and Hero Designer write one: digits, a point, an exponent.
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def bounded_fraction(text: str, most_digits: int = 30, most_exponent: int = 30) -> Fraction:
    """``text`` as an exact number, its size checked *before* it is computed.

    ``Fraction("1e-1000000000")`` works out ten to the billionth power before anyone can ask
    whether the number is sensible, and never finishes; so the digits and the exponent are
    bounded first. Raises ``ValueError`` for anything else than a plain decimal (or a ratio
    such as ``1/2``) within those bounds."""
    s = text.strip()
    num, slash, den = s.partition("/")
    for part in (num, den) if slash else (num,):
        m = _DECIMAL.fullmatch(part.strip())
        if m is None:
            raise ValueError(f"not a number: {text[:40]!r}")
        digits = len(re.sub(r"\D", "", m.group(1)))
        exponent = (m.group(3) or "e0")[1:].lstrip("+-").lstrip("0")
        if digits > most_digits or len(exponent) > 6 or int(exponent or 0) > most_exponent:
            raise ValueError(f"a number of more than {most_digits} digits or an exponent beyond "
                             f"{most_exponent}: {text[:40]!r}")
    return Fraction(s)
