"""Paths that come from elsewhere (the preferences, the environment, a command line), looked at
without crashing.

``Path.is_file()`` raises on a name longer than the system allows, ``Path.resolve()`` raises
``RuntimeError`` on a loop of symbolic links, and ``os.stat`` raises ``ValueError`` on a name
with a NUL in it. A path the program did not make itself may be any of those, so each question
asked of one goes through here and gets an answer (or a note to show), never an exception.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Errors a path itself can cause: too long, a loop, a NUL, not a folder on the way, permission.
PATH_ERRORS = (OSError, ValueError, RuntimeError)


def path_problem(path: str | os.PathLike[str]) -> str:
    """Why ``path`` cannot name a file here ("" when it can): empty, a NUL byte, a name or a
    path longer than the system allows, or a loop of symbolic links on the way."""
    text = os.fspath(path)
    if not text:
        return "expected a path, got an empty one"
    if "\x00" in text:
        return "expected a path, got one with a NUL byte in it"
    limit = _limit("PC_PATH_MAX", 4096)
    if len(os.fsencode(text)) >= limit:
        return f"expected a path of fewer than {limit} bytes, got {len(os.fsencode(text))}"
    longest = _limit("PC_NAME_MAX", 255)
    too_long = next((part for part in text.split(os.sep) if len(os.fsencode(part)) > longest), None)
    if too_long is not None:
        return f"expected names of at most {longest} bytes between the slashes, got one of {len(os.fsencode(too_long))}"
    try:
        os.stat(text)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "expected a path, got a loop of symbolic links"
        return ""  # permission and the like: the caller's own open says so in its own words
    return ""


def _limit(name: str, default: int) -> int:
    try:
        return int(os.pathconf("/", name))
    except (OSError, ValueError, AttributeError):
        return default


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a regular file now (False, not an exception, for any path that
    cannot be one: too long, a loop, a NUL)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except PATH_ERRORS:
        return False


def is_dir(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a folder now (False for any path that cannot be one)."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except PATH_ERRORS:
        return False


def resolved(path: str | os.PathLike[str]) -> Path | None:
    """``path`` made absolute with its links followed, or None when that cannot be done (a
    loop of links, a name too long)."""
    try:
        return Path(path).expanduser().resolve()
    except PATH_ERRORS:
        return None


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name one existing file (through links, ``..`` or hard links)."""
    try:
        return os.path.samefile(a, b)
    except PATH_ERRORS:
        return False
