"""What a Marvel Multiverse sheet is worth, in rank-equivalents: the price list ``slugfest worth``
and ``slugfest optimise`` read for Marvel.

Marvel has no point-buy currency, but its build table gives one (rules-marvel §2.3): each rank
a character has buys 5 ability points and 4 powers. Our reading: one ability point is worth 1/5
of a rank and one power (or one level of a levelled power such as Mighty or Sturdy: each level is
bought as a power of its own) is worth 1/4 of a rank. So "+1 Melee" costs 0.2 rank-equivalents
and "Mighty 2 -> 3" 0.25, and a change's worth per rank-equivalent compares the two kinds of
spending on one scale. The rank itself is not priced: it is what the spending is measured in.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .sheet import MarvelSheet

ABILITY_POINTS_PER_RANK = 5
POWERS_PER_RANK = 4
ABILITIES = ("Melee", "Agility", "Resilience", "Vigilance", "Ego", "Logic")
#: What the bill says of the reading it uses.
READING = ("rank-equivalents: a rank buys 5 ability points and 4 powers (rules-marvel §2.3), so an "
           "ability point is 1/5 of a rank and a power, or a level of one, 1/4")


@dataclass(frozen=True)
class Bill:
    """A Marvel sheet's spending in rank-equivalents: ability points and power levels."""

    ability_points: int
    power_levels: int
    rank: int

    @property
    def total(self) -> Fraction:
        return Fraction(self.ability_points, ABILITY_POINTS_PER_RANK) + Fraction(self.power_levels, POWERS_PER_RANK)

    @property
    def allowance(self) -> tuple[int, int]:
        """The ability points and powers the rank allows (rules-marvel §2.3)."""
        return ABILITY_POINTS_PER_RANK * self.rank, POWERS_PER_RANK * self.rank


def bill(sheet: MarvelSheet) -> Bill:
    """The sheet's ability points (the scores summed) and power levels (each unlevelled power
    one; the other powers, which the engine does not model, are not counted)."""
    abilities = sum(sheet.ability(a) for a in ABILITIES)
    levels = sum(level or 1 for _, level in sheet.powers)
    return Bill(abilities, levels, sheet.rank)


def total(sheet: MarvelSheet) -> Fraction:
    return bill(sheet).total


__all__ = ["ABILITIES", "ABILITY_POINTS_PER_RANK", "Bill", "POWERS_PER_RANK", "READING", "bill", "total"]
