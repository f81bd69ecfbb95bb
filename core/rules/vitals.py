"""System-neutral facts about a combatant, for AI behaviours that play any rules system."""

from __future__ import annotations

from .grid import Cell
from .records import record


@record
class Vitals:
    id: str
    name: str
    side: str  # the side it fights for now (HERO: a fighter turned by a Mind Control fights for its controller's)
    position: Cell
    able: bool  # can still fight (not knocked out, unconscious, dying or dead)
    alive: bool
    health: float  # 0..1: how much fight is left (HERO: the lower of STUN and BODY fractions)
    stamina: float  # 0..1: HERO END, Marvel Focus
    disabled: bool  # cannot act right now (Stunned, say) although still in the fight
    conditions: tuple[str, ...]
    reach: int  # cells this combatant can move in one action
    strikes_within: int = 1  # cells its longest attack reaches without moving (1: hand-to-hand only)
