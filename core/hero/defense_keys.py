"""The defenses a HERO sheet may add beyond PD, ED and their resistant parts (rules-powers §2):
Hardened and Impenetrable levels, Damage Reduction and Damage Negation, read from a combatant's
``[defenses]`` table with clear errors for each value, and written back the same way."""

from __future__ import annotations

from typing import Any

from ..files.schema import Table, show, toml_type

DEFENSE_NAMES = ("PD", "ED", "rPD", "rED")


def per_defense(dt: Table, key: str) -> tuple[int, int, int, int]:
    """Hardened or Impenetrable levels: one integer for every defense, or a table by defense
    (``hardened = { rPD = 1, rED = 1 }``: a Hardened Resistant Protection)."""
    if not dt.has(key):
        return (0, 0, 0, 0)
    value = dt.raw(key)
    if type(value) is int:
        n = dt.integer(key, 0, lo=0, hi=4)
        return (n, n, n, n)
    if not isinstance(value, dict):
        dt.problems.add(f"{dt.path}.{key}", f"expected levels from 0 to 4, for every defense (an integer) or by "
                                            f"defense (a table of PD, ED, rPD, rED), got {toml_type(value)} {show(value)}")
        return (0, 0, 0, 0)
    sub = dt.table(key)
    levels = tuple(sub.integer(name, 0, lo=0, hi=4) for name in DEFENSE_NAMES)
    sub.finish()
    return levels  # type: ignore[return-value]


def per_type(dt: Table, key: str, what: str, lo: int, hi: int) -> tuple[int, int]:
    """A value against physical (PD) and energy (ED) attacks: ``{ physical = 3, energy = 2 }``."""
    if not dt.has(key):
        return (0, 0)
    sub = dt.table(key)
    out = (sub.integer("physical", 0, lo=lo, hi=hi), sub.integer("energy", 0, lo=lo, hi=hi))
    sub.finish()
    return out


def _percent(value: Any) -> int:
    if type(value) is not int or value not in (0, 25, 50, 75):
        raise ValueError("")
    return value


def damage_reduction(dt: Table) -> tuple[tuple[int, int], bool]:
    """``damage_reduction = { physical = 50, energy = 25, resistant = true }``: percentages of 25,
    50 or 75 after defenses; ``resistant`` (the default) also lowers killing BODY."""
    if not dt.has("damage_reduction"):
        return (0, 0), True
    sub = dt.table("damage_reduction")
    pct = tuple(sub.custom(k, _percent, "25, 50 or 75 (percent)", 0) for k in ("physical", "energy"))
    resistant = sub.boolean("resistant", True)
    sub.finish()
    return pct, resistant  # type: ignore[return-value]


def dump_defenses(d: dict[str, Any], hardened: tuple[int, int, int, int], impenetrable: tuple[int, int, int, int],
                  reduction: tuple[int, int], resistant: bool, negation: tuple[int, int]) -> None:
    """Write the keys :func:`per_defense`, :func:`damage_reduction` and :func:`per_type` read
    into ``d`` (a ``[defenses]`` table), only those that differ from nothing."""
    for key, levels in (("hardened", hardened), ("impenetrable", impenetrable)):
        if any(levels):
            d[key] = levels[0] if len(set(levels)) == 1 else {n: v for n, v in zip(DEFENSE_NAMES, levels) if v}
    if any(reduction) or not resistant:
        d["damage_reduction"] = {k: v for k, v in zip(("physical", "energy"), reduction) if v}
        if not resistant:
            d["damage_reduction"]["resistant"] = False
    if any(negation):
        d["damage_negation"] = {k: v for k, v in zip(("physical", "energy"), negation) if v}
