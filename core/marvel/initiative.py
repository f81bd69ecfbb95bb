"""Initiative: one d616 + the initiative modifier (Vigilance unless the sheet says otherwise),
rolled once when the battle starts and kept for the whole fight.

Order: highest total first. Ties: a Fantastic roll first, then the higher Vigilance, then a
seeded 1d6 roll-off (highest first, rolled again among those still tied). Everyone whose roll
was Fantastic acts once, in that order, in a bonus round before round 1.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.records import record
from .d616 import D616


@record
class InitiativeEntry:
    id: str
    roll: D616
    modifier: int
    total: int
    vigilance: int

    @property
    def fantastic(self) -> bool:
        return self.roll.fantastic


def initiative_order(entries: list[InitiativeEntry], roll_off: Callable[[str], int]
                     ) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """The turn order and the tie-break rolls made (``roll_off(id)`` rolls 1d6 for one combatant)."""
    groups: dict[tuple[int, int, int], list[InitiativeEntry]] = {}
    for e in entries:
        groups.setdefault((-e.total, 0 if e.fantastic else 1, -e.vigilance), []).append(e)
    order: list[str] = []
    ties: list[tuple[str, int]] = []
    for key in sorted(groups):
        group = [e.id for e in groups[key]]
        order.extend(group if len(group) == 1 else _roll_off(group, roll_off, ties))
    return tuple(order), tuple(ties)


def _roll_off(group: list[str], roll_off: Callable[[str], int], ties: list[tuple[str, int]]) -> list[str]:
    rolls = {}
    for cid in group:
        rolls[cid] = roll_off(cid)
        ties.append((cid, rolls[cid]))
    out: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        same = [c for c in group if rolls[c] == value]
        out.extend(same if len(same) == 1 else _roll_off(same, roll_off, ties))
    return out


def bonus_round(entries: list[InitiativeEntry], order: tuple[str, ...]) -> tuple[str, ...]:
    """Who acts in the bonus round: a Fantastic initiative roll, in initiative order."""
    fantastic = {e.id for e in entries if e.fantastic}
    return tuple(c for c in order if c in fantastic)
