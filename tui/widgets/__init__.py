"""Widgets of the battle screen. Each renders data handed to it (snapshot dicts, events); none
reads or changes the battle itself."""

from __future__ import annotations

import re

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


def fit_name(name: str, width: int, initials: bool = True, cut_word: bool = True) -> str:
    """``name`` in at most ``width`` columns, shortened a whole word at a time, never cut
    mid-word: "Hulkbuster (remote-piloted)" reads "Hulkbuster", "Red Mary Blackwood" "R. M.
    Blackwood", then the words that fit and "…" ("Showdown on the…"). The map letter beside
    it tells two shortened names apart (``initials=False`` for a title: no "S. o. t." steps).
    Only a single word wider than ``width`` is cut (``cut_word=False``: "" instead, for a
    title that had better go than read "Showdo…")."""
    if len(name) <= width:
        return name
    plain = re.sub(r"\s*\([^)]*\)", "", name).strip() or name  # the part in brackets goes first
    if len(plain) <= width:
        return plain
    words = plain.split()
    for keep in range(len(words) - 1, 0, -1) if initials else ():  # then the first words, to initials
        short = " ".join([w[0] + "." for w in words[:len(words) - keep]] + words[len(words) - keep:])
        if len(short) <= width:
            return short
    for n in range(len(words) - 1, 0, -1):  # then as many whole words as fit, and "…"
        short = " ".join(words[:n]).rstrip(",:;") + "…"
        if len(short) <= width:
            return short
    return plain[:max(width - 1, 0)] + "…" if width > 0 and cut_word else ""
