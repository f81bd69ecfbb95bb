"""Widgets of the battle screen. Each renders data handed to it (snapshot dicts, events); none
reads or changes the battle itself."""

from __future__ import annotations

SIDE_STYLES = ("$text-primary", "$text-error", "$text-success", "$text-warning", "$text-accent", "$text-secondary")
"""One colour per side, from the theme, so light and dark themes both read well."""


def side_style(index: int) -> str:
    return SIDE_STYLES[index % len(SIDE_STYLES)]


def assign_letters(names: list[tuple[str, str]]) -> dict[str, str]:
    """A distinct map letter per combatant ``(id, name)``: its initial if free, else another
    letter of its name, else the first free letter of the alphabet (then digits)."""
    used: set[str] = set()
    out: dict[str, str] = {}
    pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    for cid, name in names:
        letter = next((ch for ch in name.upper() if ch.isalnum() and ch not in used), None)
        if letter is None:
            letter = next((ch for ch in pool if ch not in used), "?")
        used.add(letter)
        out[cid] = letter
    return out
