"""What a player at the table asks before choosing an attack, as system-neutral data.

A rules system's tactical picture answers ``picture.odds(action)`` with an :class:`Odds` (or
None for an action that rolls nothing): the roll needed and how it is made up, the chance to
hit, the damage a hit is expected to do, and what the action costs. The player's prompt shows
it beside each target; it is worked out from the same chains, dice and defenses the AI's
estimate and the resolver use (never a second time in the app).
"""

from __future__ import annotations

from .records import record


@record
class Odds:
    roll: str  # the roll needed, with its sum: "9- (11 + OCV 6 - DCV 8)", "TN 14 (Melee +5, 1 edge)"
    chance: float  # the chance to hit, 0..1
    damage: str  # HERO: the mean of what each roll does through the defenses ("~21 STUN, 2 BODY": the AI's
    # own figure, so a defense above the average roll still shows what the high rolls get through);
    # Marvel: the exact mean over every d616 outcome that hits ("~24 Health")
    cost: str = ""  # what it costs: "END 4", "END 4 (has 2: ~3.5 STUN for the rest)"
    note: str = ""  # anything else the player should weigh ("it can step away before it lands")

    def line(self) -> str:
        """One line for a menu: ``62% (9-) · ~21 STUN, 2 BODY · END 4``."""
        parts = [f"{percent(self.chance)} ({self.roll.split(' (')[0]})", self.damage]
        if self.cost:
            parts.append(self.cost)
        if self.note:
            parts.append(self.note)
        return " · ".join(parts)


def percent(p: float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not (">99%", "<1%")."""
    return ">99%" if 0.995 <= p < 1 else "<1%" if 0 < p < 0.005 else f"{p:.0%}"
