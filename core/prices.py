"""A sheet's price in its own system's unit, whichever system it belongs to: HERO's Character
Points (:mod:`core.hero.points`) or Marvel's rank-equivalents (:mod:`core.marvel.points`).

One lookup for everyone who shows or compares prices without knowing the system (``slugfest
worth`` and ``optimise``, the app's combatant cards), so a new system's price list is added here
once."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from .hero import points as hero_points
from .marvel import points as marvel_points

#: The unit each system's prices are in, as tables and cards label it.
UNITS: dict[str, str] = {"hero": "CP", "marvel": "rank-eq"}
PRICERS: dict[str, Callable[[Any], Fraction]] = {"hero": hero_points.total, "marvel": marvel_points.total}


def price(system: str, sheet: Any) -> Fraction | None:
    """``sheet``'s price, or None for a system with no price list."""
    pricer = PRICERS.get(system)
    return None if pricer is None else pricer(sheet)


def shown(system: str, points: Fraction) -> str:
    """A price as a card or a table shows it: whole CP (to a tenth when a fraction is left),
    rank-equivalents to two places."""
    if system == "hero":
        return hero_points.shown(points)
    return f"{float(points):.2f}"


__all__ = ["PRICERS", "UNITS", "price", "shown"]
