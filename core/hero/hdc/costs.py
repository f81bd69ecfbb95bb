"""Active Points of a Hero Designer power, worked out from the file (which stores none).

6e costs (rules-powers §1, §3.1): a power's base cost is its levels at the power's cost per
level, plus its own base cost and the cost of its adders (``+½d6``, ``+1 pip`` and the like
carry their cost in the file); its Active Points are that base times one plus its advantages.
Limitations lower only the Real Cost, which a battle never needs, so they are not summed here.

A modifier's value is the file's own ``BASECOST`` plus its adders (and, for an advantage, the
modifiers nested in it), except where Hero Designer leaves the value to its own tables: levels
of Armor Piercing, Penetrating, Hardened and the like (a fixed step a level), and Area Of Effect,
whose value follows from its size (rules-powers §1.4).
"""

from __future__ import annotations

from fractions import Fraction

from ..areas import TABLE, size_value
from ..points import HDC_POWER_KINDS, POWER_COST_PER_DIE
from ..rounding import hero_round
from .reading import Part

#: Character Points per 1d6 of the 6e attack powers the importer prices (rules-powers §3.1):
#: their Active Points give their END and range. The prices live in :mod:`..points`, the one
#: home of Character Point costs; this name stays for the importer's callers.
COST_PER_LEVEL: dict[str, Fraction] = {xmlid: Fraction(POWER_COST_PER_DIE[kind])
                                       for xmlid, kind in HDC_POWER_KINDS.items()}

#: Where a 5th Edition file's power costs otherwise a die (its Active Points, and so its END
#: and range, as the 5e sheet had them): Aid 10 CP a die, Flash 10 (the Sight Group).
COST_PER_LEVEL_5E: dict[str, Fraction] = {"AID": Fraction(10), "FLASH": Fraction(10)}

#: Advantages whose value is a fixed step per level, when the file gives no cost of its own.
PER_LEVEL_VALUE: dict[str, Fraction] = {
    "ARMORPIERCING": Fraction(1, 4), "PENETRATING": Fraction(1, 2), "HARDENED": Fraction(1, 4),
    "IMPENETRABLE": Fraction(1, 4), "STUNMULTIPLIER": Fraction(1, 4), "INCREASEDSTUNMULTIPLIER": Fraction(1, 4),
}

#: The same in 5th Edition: Armor Piercing is +1/2 there.
PER_LEVEL_VALUE_5E: dict[str, Fraction] = {**PER_LEVEL_VALUE, "ARMORPIERCING": Fraction(1, 2)}

#: Area Of Effect: the smallest size (metres, or 2 m areas for Surface and Any Area) bought at
#: +1/4; each doubling adds +1/4 (rules-powers §1.4).
AOE_BASE_SIZE = {s.hdc: s.base for s in TABLE.values()}


def adder_cost(a: Part) -> Fraction:
    """An adder's cost: its base cost and, for a levelled one, ``LVLCOST`` per ``LVLVAL`` levels."""
    cost = a.basecost
    if a.lvlcost is not None and a.levels:
        cost += a.levels * a.lvlcost / (a.lvlval or 1)
    return cost + sum((adder_cost(x) for x in a.adders), Fraction(0))


def modifier_value(m: Part, *, edition: str = "6e") -> Fraction:
    """A modifier's value: positive for an advantage, negative for a limitation. In a 5th
    Edition file an Area Of Effect's value is the file's own (+1, or +1/2 for One Hex: 5e sizes
    the area from Active Points instead), and Armor Piercing is +1/2."""
    per_level = PER_LEVEL_VALUE_5E if edition == "5e" else PER_LEVEL_VALUE
    if m.xmlid == "AOE" and edition != "5e":
        own = _aoe_value(m)
    elif m.xmlid in per_level and not m.basecost and m.lvlcost is None:
        own = m.levels * per_level[m.xmlid]
    else:
        own = m.basecost + (m.levels * m.lvlcost / (m.lvlval or 1) if m.lvlcost is not None else 0)
    own += sum((adder_cost(a) for a in m.adders), Fraction(0))
    if own > 0:  # an advantage's nested modifiers are part of it; a limitation's only scale it
        own += sum((modifier_value(x, edition=edition) for x in m.modifiers), Fraction(0))
    return own


def _aoe_value(m: Part) -> Fraction:
    if m.basecost:  # a 5th Edition file prices its area itself (+1, One Hex +1/2); a 6e one writes 0 and a size
        return m.basecost
    return size_value(AOE_BASE_SIZE.get(m.option.upper(), 4), max(int(m.levels), 1))


def base_points(p: Part, *, edition: str = "6e") -> Fraction:
    """The power's cost before modifiers: levels at its cost per level, its own base cost, adders."""
    per = (COST_PER_LEVEL_5E.get(p.xmlid) if edition == "5e" else None) or COST_PER_LEVEL.get(p.xmlid, Fraction(0))
    if edition == "5e" and p.xmlid == "FLASH" and not p.option.upper().startswith("SIGHT"):
        per = Fraction(5)  # 5e: 5 CP a die against a sense group that does not target
    elif p.xmlid == "FLASH" and not p.option.upper().startswith("SIGHT"):
        per = Fraction(3)  # 6e: 3 CP a die against a Nontargeting group (rules-powers §3.3)
    return p.levels * per + p.basecost + sum((adder_cost(a) for a in p.adders), Fraction(0))


def advantages(p: Part, *, without: frozenset[str] = frozenset(), edition: str = "6e") -> Fraction:
    """The sum of the power's advantages (limitations do not change Active Points)."""
    total = Fraction(0)
    for m in p.modifiers:
        if m.xmlid in without:
            continue
        value = modifier_value(m, edition=edition)
        if value > 0:
            total += value
    return total


def active_points(p: Part, *, without: frozenset[str] = frozenset(), edition: str = "6e") -> Fraction:
    """Active Points: base x (1 + advantages), exact (round with :func:`rounded`); ``edition``
    "5e" prices a 5th Edition file's power at 5e costs."""
    return base_points(p, edition=edition) * (1 + advantages(p, without=without, edition=edition))


def rounded(points: Fraction) -> int:
    """Active Points as the sheet shows them (HERO rounding, .5 down: a cost)."""
    return hero_round(points, favour_up=False)


def fraction_text(value: Fraction) -> str:
    """A modifier value as players write it: ``+1/4``, ``-1 1/2``, ``+1``."""
    sign = "+" if value >= 0 else "-"
    v = abs(value)
    whole, rest = divmod(v.numerator, v.denominator)
    if not rest:
        return f"{sign}{whole}"
    part = f"{rest}/{v.denominator}"
    return f"{sign}{whole} {part}" if whole else f"{sign}{part}"
