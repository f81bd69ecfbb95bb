"""Figures derived from a combatant's frozen sheet, kept between the battles of a batch.

A rules system asks the same questions of a sheet on every attack and for every option an AI
weighs: its CV chains, its damage dice, its defenses, whether it has a power. The sheet and the
scenario's options are frozen, so the answers never change; a batch fights the same sheets
thousands of times. Hashing a sheet to look an answer up would cost about as much as working
it out, so the store is keyed by identity, and each entry keeps its sheet and options alive so
that an id is never reused while the entry exists.
"""

from __future__ import annotations

from typing import Any


class SheetMemos:
    """One dict of derived figures per (sheet, options) pair; a rules system owns one of these.

    The dict belongs to the rules system, not to a battle: every key must name whatever else
    the figure depends on (a maneuver, a range, a condition), never battle state.
    """

    def __init__(self, limit: int = 1024) -> None:
        self.limit = limit
        self._entries: dict[tuple[int, int], tuple[Any, Any, dict]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def for_sheet(self, sheet: Any, options: Any) -> dict:
        key = (id(sheet), id(options))
        entry = self._entries.get(key)
        if entry is None or entry[0] is not sheet or entry[1] is not options:
            if len(self._entries) >= self.limit:
                self._entries.clear()  # a long session of ever-new sheets: start over, stay bounded
            entry = self._entries[key] = (sheet, options, {})
        return entry[2]
