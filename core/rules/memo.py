"""Figures derived from a combatant's frozen sheet, kept between the battles of a batch.

A rules system asks the same questions of a sheet on every attack and for every option an AI
weighs: its CV chains, its damage dice, its defenses, whether it has a power. The sheet and the
scenario's options are frozen, so the answers never change; a batch fights the same sheets
thousands of times. The store is keyed by the sheet and the options themselves (frozen records,
hashed once per combatant when a battle starts, never per lookup): a batch's worker processes
each receive their own copy of the scenario with every chunk of battles, and equal copies must
share one dict, or the store would fill with copies of the same figures.
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
        self._entries: dict[Any, dict] = {}
        self._unhashable: dict[tuple[int, int], tuple[Any, Any, dict]] = {}

    def __len__(self) -> int:
        return len(self._entries) + len(self._unhashable)

    def for_sheet(self, sheet: Any, options: Any) -> dict:
        if len(self) >= self.limit:
            self._entries.clear()  # a long session of ever-new sheets: start over, stay bounded
            self._unhashable.clear()
        try:
            entry = self._entries.get((sheet, options))
        except TypeError:  # a sheet holding something mutable: by identity, kept alive by the entry
            return self._by_identity(sheet, options)
        if entry is None:
            entry = self._entries[(sheet, options)] = {}
        return entry

    def _by_identity(self, sheet: Any, options: Any) -> dict:
        key = (id(sheet), id(options))
        found = self._unhashable.get(key)
        if found is None or found[0] is not sheet or found[1] is not options:
            found = self._unhashable[key] = (sheet, options, {})
        return found[2]
