"""What the app remembers between runs: the theme, the autoplay speed, the saves opened lately.

A small TOML file, ``preferences.toml``, in the per-user data folder (``SLUGFEST_DATA_DIR``
overrides it, so the tests never touch a player's). It is written whole and atomically after
each change; one that cannot be read is set aside with a note rather than stopping the app, and
rewritten at the next change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE = "preferences.toml"
MOST_RECENT = 8


@dataclass
class Preferences:
    theme: str | None = None
    speed: int | None = None
    recent: list[str] = field(default_factory=list)  # save files, most recent first

    def remember(self, path: str) -> None:
        """A save written or opened: first in the list, once."""
        full = str(Path(path).expanduser().resolve())
        self.recent = [full, *(p for p in self.recent if p != full)][:MOST_RECENT]

    def existing_recent(self) -> list[str]:
        return [p for p in self.recent if Path(p).is_file()]


def path() -> Path:
    from slugfest.core.settings import data_dir

    return data_dir() / FILE


def load() -> tuple[Preferences, str]:
    """The preferences, and a note if the file was there but could not be used ("" if fine)."""
    import tomllib

    where = path()
    try:
        raw = where.read_bytes()
    except FileNotFoundError:
        return Preferences(), ""
    except OSError as exc:
        return Preferences(), f"{where}: cannot read it ({exc.strerror or exc}); using the defaults"
    try:
        data: dict[str, Any] = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Preferences(), f"{where}: not TOML ({exc}); using the defaults, and it is rewritten at the next change"
    prefs = Preferences()
    problems = []
    theme = data.get("theme")
    if isinstance(theme, str):
        prefs.theme = theme
    elif theme is not None:
        problems.append(f"theme: expected a theme's name, got {theme!r}")
    speed = data.get("speed")
    if isinstance(speed, int) and not isinstance(speed, bool) and speed >= 0:
        prefs.speed = speed
    elif speed is not None:
        problems.append(f"speed: expected a whole number from 0, got {speed!r}")
    recent = data.get("recent", [])
    if isinstance(recent, list) and all(isinstance(p, str) for p in recent):
        prefs.recent = recent[:MOST_RECENT]
    else:
        problems.append("recent: expected a list of file paths")
    note = f"{where}: {'; '.join(problems)}; those keys are ignored" if problems else ""
    return prefs, note


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
