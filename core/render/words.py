"""Counting in words: the one place that decides between ``1 battle`` and ``2 battles``."""

from __future__ import annotations


def plural(n: int, word: str, grouped: bool = False) -> str:
    """``n`` and ``word``, with an ``s`` unless there is exactly one (``grouped``: 1,000)."""
    count = f"{n:,}" if grouped else str(n)
    return f"{count} {word}" if n == 1 else f"{count} {word}s"


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a plural (Heroes', Claws', Magnetic Bonds'): a name ending in
    an ``s`` that is not ``ss``, ``us`` or ``is`` reads as a plural, so "Heroes's" never prints,
    while Enchantress's, Colossus's and Solaris's keep theirs."""
    if name.endswith("s") and not name.endswith(("ss", "us", "is")):
        return f"{name}'"
    return f"{name}'s"
