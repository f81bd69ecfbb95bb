"""What the app remembers between runs: the theme, the autoplay speed, the saves opened lately.

A small TOML file, ``preferences.toml``, in the per-user data folder (``SLUGFEST_DATA_DIR``
overrides it, so the tests never touch a player's). It is written whole and atomically after
each change; one that cannot be read is set aside with a note rather than stopping the app, and
rewritten at the next change.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from slugfest.core.files.bounds import UnreadableFile, parse_toml, read_limited
from slugfest.core.files.paths import is_file, path_problem, resolved

FILE = "preferences.toml"
MOST_RECENT = 8
#: The largest preferences file read (the app writes a few hundred bytes).
MAX_BYTES = 64 * 1024


@dataclass
class Preferences:
    theme: str | None = None
    speed: int | None = None
    recent: list[str] = field(default_factory=list)  # save files, most recent first

    def remember(self, path: str) -> None:
        """A save written or opened: first in the list, once. A path that cannot be resolved
        (a loop of links on the way) is kept as it was typed, made absolute."""
        full = str(resolved(path) or os.path.abspath(os.path.expanduser(path)))
        self.recent = [full, *(p for p in self.recent if p != full)][:MOST_RECENT]

    def existing_recent(self) -> list[str]:
        """The remembered saves that are still files (one too long or looping is not)."""
        return [p for p in self.recent if is_file(p)]


def path() -> Path:
    from slugfest.core.settings import data_dir

    return data_dir() / FILE


def load() -> tuple[Preferences, str]:
    """The preferences, and a note if the file was there but could not be used ("" if fine).

    It is read as every file the program reads is (a regular file of at most 64 KB, nested a
    few levels deep), so a FIFO, a link to ``/dev/zero`` or a file nested 100,000 deep is set
    aside with a note instead of hanging or crashing the app at start."""
    where = path()
    problem = path_problem(where)
    if problem:
        return Preferences(), f"{where}: {problem}; using the defaults"
    try:
        data: dict[str, Any] = parse_toml(read_limited(where, MAX_BYTES), MAX_BYTES)
    except FileNotFoundError:
        return Preferences(), ""
    except OSError as exc:
        return Preferences(), f"{where}: cannot read it ({exc.strerror or exc}); using the defaults"
    except UnreadableFile as exc:
        at = f" (line {exc.line})" if exc.line else ""
        return Preferences(), f"{where}{at}: {exc.message}; using the defaults, and it is rewritten at the next change"
    prefs = Preferences()
    problems = []
    theme = data.get("theme")
    if isinstance(theme, str) and len(theme) <= 100:
        prefs.theme = theme
    elif theme is not None:
        problems.append(f"theme: expected a theme's name, got {_shown(theme)}")
    speed = data.get("speed")
    if isinstance(speed, int) and not isinstance(speed, bool) and 0 <= speed <= 100:
        prefs.speed = speed
    elif speed is not None:
        problems.append(f"speed: expected a whole number from 0 to 100, got {_shown(speed)}")
    recent = data.get("recent", [])
    if isinstance(recent, list) and all(isinstance(p, str) for p in recent):
        usable = [p for p in recent if not path_problem(p)]
        prefs.recent = usable[:MOST_RECENT]
        if len(usable) < len(recent):
            problems.append(f"recent: {len(recent) - len(usable)} entries are not paths this system can open "
                            "(too long, or a NUL in them)")
    else:
        problems.append("recent: expected a list of file paths")
    note = f"{where}: {'; '.join(problems)}; those keys are ignored" if problems else ""
    return prefs, note


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def save(prefs: Preferences) -> str:
    """Write the preferences; "" or why they could not be written (never raised: the app goes on)."""
    from slugfest.core.files.atomic import write_toml_atomic

    data: dict[str, Any] = {"recent": prefs.recent}
    if prefs.theme is not None:
        data["theme"] = prefs.theme
    if prefs.speed is not None:
        data["speed"] = prefs.speed
    where = path()
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        write_toml_atomic(data, where)
    except OSError as exc:
        return f"{where}: cannot write the preferences ({exc.strerror or exc})"
    return ""
