"""Bundled scenarios, found the same way from a checkout or an installed wheel."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DEFAULT = "hero-duel"


def bundled() -> dict[str, Path]:
    """Bundled scenario files by name (file stem), sorted."""
    root = resources.files(__name__)
    out = {}
    for entry in root.iterdir():
        if entry.name.endswith(".toml"):
            out[entry.name[:-5]] = Path(str(entry))
    return dict(sorted(out.items()))


def find(name_or_path: str) -> Path:
    """A path as given if it exists, else the bundled scenario of that name."""
    p = Path(name_or_path)
    if p.exists() or p.suffix == ".toml" or "/" in name_or_path:
        return p
    table = bundled()
    if name_or_path in table:
        return table[name_or_path]
    return p
