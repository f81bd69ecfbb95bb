"""Character files from other tools, imported into a new scenario, whatever the rules system.

A rules system that reads such files says so with ``character_files`` (suffix -> what the file
is) and ``import_characters(paths)``; the app's picker asks here rather than naming a system,
so it stays as system-neutral as the rest of ``tui/``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.plugins import rules_systems
from ..errors import SlugfestError
from .atomic import write_text_atomic


@dataclass(frozen=True)
class ImportedScenario:
    """A scenario made from character files: its data, its text for a given file name (a header
    of comments, then TOML, checked by the loader), who is in it, and each file's report."""

    data: dict[str, Any]
    text: Callable[[str], str]
    names: list[str]
    reports: list[str]
    stems: list[str]  # each character's name as a file name's part


def importable_suffixes(systems: dict[str, Any] | None = None) -> dict[str, tuple[str, str]]:
    """Suffix -> (rules system, what the file is), for every installed system that imports files."""
    if systems is None:
        systems = rules_systems()
    out: dict[str, tuple[str, str]] = {}
    for name, system in systems.items():
        for suffix, what in getattr(system, "character_files", {}).items():
            out.setdefault(suffix.lower(), (name, what))
    return out


def import_into_folder(paths: Sequence[str | os.PathLike[str]], folder: Path, *, seed: int = 1) -> tuple[Path, ImportedScenario]:
    """Import ``paths`` (all of one kind) into a new scenario written to ``folder``, named after
    the characters (``-2``, ``-3``... rather than replacing a file). Raises ``ValueError`` with a
    message to show the player."""
    systems = rules_systems()
    kinds = importable_suffixes(systems)
    if len(paths) < 2:
        raise ValueError("give two or more character files: each character is on a side of its own")
    if len(paths) > 8:
        raise ValueError(f"a scenario has at most 8 sides, got {len(paths)} files")
    suffixes = {Path(p).suffix.lower() for p in paths}
    unknown = sorted(suffixes - set(kinds))
    if unknown:
        known = ", ".join(f"{s} ({what})" for s, (_, what) in sorted(kinds.items())) or "none"
        raise ValueError(f"cannot import {', '.join(unknown) or 'files without a suffix'} files; importable: {known}")
    if len({kinds[s][0] for s in suffixes}) > 1:
        raise ValueError("the files are for different rules systems; import one system's characters at a time")
    system = systems[kinds[suffixes.pop()][0]]
    try:
        made = system.import_characters([Path(p).expanduser() for p in paths], seed=seed)
    except SlugfestError as exc:
        raise ValueError(str(exc)) from None
    stem = "-vs-".join(made.stems)[:80]
    path, n = folder / f"{stem}.toml", 2
    while path.exists():
        path, n = folder / f"{stem}-{n}.toml", n + 1
    try:
        text = made.text(str(path))
    except SlugfestError as exc:  # what the import made does not load: say so, never write it
        raise ValueError(f"the imported scenario would not load (please report it with the files): {exc}") from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(text, path)
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path, made
