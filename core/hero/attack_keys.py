"""An attack's keys on a HERO sheet (``[[sides.combatants.attacks]]``): read from a scenario's
TOML with every problem named by its key, checked against each other (which advantages and
powers cannot go together), and written back as canonical TOML (:func:`dump_attack`).
"""

from __future__ import annotations

from typing import Any

from ..files.schema import NOTHING, Table, did_you_mean, show, toml_type
from .areas import SHAPES as AREA_SHAPES
from .areas import TABLE as AREA_TABLE
from .dice import DamageDice, parse_dice
from .sheet import (
    ADJUSTABLE, ATTACK_KINDS, EFFECT_DEFENSE, EFFECT_KINDS, FIELD_KINDS, FOCI, LINE_OF_SIGHT_M, MENTAL_DEFENSE,
    MENTAL_KINDS, SENSE_GROUPS, HeroAttack, flash_defense)


def _dice(value: Any) -> DamageDice:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError("dice are a string such as \"6d6\"")
    if isinstance(value, str) and value.strip().startswith("-"):
        raise ValueError("a number of dice cannot be negative")
    return parse_dice(value)


def _no_dice(value: Any) -> bool:
    """A dice value that parses, to nothing at all ("0d6")."""
    try:
        return _dice(value) == DamageDice()
    except (ValueError, TypeError):
        return False  # already reported as bad dice


def parse_attack(t: Table) -> HeroAttack:
    """One attack's keys (README, "Writing a scenario" and "Powers on a sheet"), each problem
    recorded under its key."""
    name = t.text("name", max_len=60)
    kind = t.meant("kind", ATTACK_KINDS, "normal")  # a misspelt kind checked as the one it most likely means
    dice = t.custom("dice", _dice, 'HERO dice such as "12d6", "1d6-1" or "2½d6"', DamageDice())
    area, area_m, area_cells, explosion = _parse_area(t)
    if area and AREA_TABLE[area].spreads:  # it starts at its user and reaches its own length
        if t.has("range"):
            t.problems.add(f"{t.path}.range", f"expected no range for a {area.title()} (it starts at its user and "
                                              f"reaches its own length, area.metres = {area_m}), got "
                                              f"{toml_type(t.raw('range'))} {show(t.raw('range'))}")
        hth, range_m = False, area_m
    else:
        hth, range_m = _parse_range(t, kind)
    sense = _sense(t, kind)
    defense = _defense(t, kind, hth, sense)
    adds_str = _adds_str(t, kind, hth)
    if kind in FIELD_KINDS:
        _check_field(t, kind, dice, area, hth)
    elif dice == DamageDice() and not adds_str and kind != "presence":  # a Presence Attack rolls PRE's dice
        if not t.has("dice"):
            t.problems.add(f"{t.path}.dice", f"expected dice for an attack that does not use STR, got {NOTHING}")
        elif _no_dice(t.data["dice"]):
            t.problems.add(f"{t.path}.dice", f"expected some dice for an attack that does not use STR, "
                                             f"got {show(t.data['dice'])}")
    atk = HeroAttack(name=name, kind=kind, dice=dice, hth=hth, adds_str=adds_str, range_m=range_m, defense=defense,
                     area=area, area_m=area_m, area_cells=area_cells, explosion=explosion, sense=sense,
                     **_other_keys(t, kind))
    _check_modifiers(t, atk)
    t.finish()
    return atk


def _check_field(t: Table, kind: str, dice: DamageDice, area: str, hth: bool) -> None:
    """A Darkness is an area placed at range and rolls no dice (6e sizes it by its area alone,
    and it is Ranged by nature)."""
    if hth and area and not AREA_TABLE[area].spreads:
        t.problems.add(f"{t.path}.range", f"expected a range in metres for {_A[kind]} (it is placed on a cell "
                                          f"within range; write range = 40, say), got {show(t.raw('range', 'hth'))}")
    if t.has("dice") and dice != DamageDice():
        t.problems.add(f"{t.path}.dice", f"expected no dice for {_A[kind]} (it is sized by its area, not "
                                         f"rolled), got {show(t.data['dice'])}")
    if not area and not t.has("area"):
        t.problems.add(f"{t.path}.area", f'expected an area for {_A[kind]} (a field of cells: write area = '
                                         f'{{ shape = "radius", metres = 4 }}, say), got {NOTHING}')


def _sense(t: Table, kind: str) -> str:
    """The sense group a Flash strikes (rules-powers §3.3): one of :data:`SENSE_GROUPS`, Sight
    unless written; refused on any other power."""
    if kind == "flash":
        return t.choice("sense", tuple(SENSE_GROUPS), "sight")
    if t.has("sense"):
        t.raw("sense")
        t.problems.add(f"{t.path}.sense", f"expected a sense group only on a Flash (the one power here that strikes "
                                          f"one: a Darkness and Invisibility are of the Sight Group), got one on a "
                                          f"{kind} attack")
    return "sight"


def _defense(t: Table, kind: str, hth: bool, sense: str = "sight") -> str:
    """PD or ED for Normal and Killing attacks; the rules' own for a Mental Blast, the effect powers
    and a Presence Attack; the special defense an NND or AVLD names."""
    default_defense = "PD" if kind in ("normal", "killing") and hth else ("ED" if kind in ("normal", "killing") else "")
    kind_known = t.data.get("kind", "normal") in ATTACK_KINDS  # else ``kind`` is a guess (``Table.meant``)
    if kind in ("normal", "killing"):
        return t.choice("defense", ("PD", "ED"), default_defense)
    if kind == "mental":
        return t.choice("defense", (MENTAL_DEFENSE,), MENTAL_DEFENSE)
    if kind in EFFECT_KINDS:
        return _effect_defense(t, kind, sense)
    if kind == "presence":
        return t.choice("defense", ("PRE",), "PRE")  # its foes' PRE stands against it
    if t.has("defense"):
        return t.text("defense", max_len=60)
    if kind_known:
        t.problems.add(f"{t.path}.defense", f"expected the name of the special defense that stops this {kind.upper()} "
                                            f'(e.g. "Life Support" or "Flash Defense"), got {NOTHING}')
        return ""
    return default_defense


def _adds_str(t: Table, kind: str, hth: bool) -> bool:
    adds_str = t.boolean("adds_str", hth and kind not in EFFECT_KINDS)
    if adds_str and not hth:
        t.problems.add(f"{t.path}.adds_str", "expected false for a ranged attack (STR adds only to hand-to-hand "
                                             "attacks), got true")
    elif adds_str and kind in EFFECT_KINDS:
        t.problems.add(f"{t.path}.adds_str", f"expected false for {_A[kind]} (STR adds damage, which it does not do), "
                                             "got true")
    return adds_str


def _other_keys(t: Table, kind: str) -> dict[str, Any]:
    """The attack's keys beyond its kind, dice, range and defense: END, OCV, the advantages, the
    powers' and maneuvers' own keys."""
    return dict(
        end=t.integer("end", None, lo=0, hi=100) if t.has("end") else None,
        ocv=t.integer("ocv", 0, lo=-10, hi=10),
        str_min=t.integer("str_min", 0, lo=0, hi=100),
        knockback=t.custom("knockback", _knockback, 'true, false or "double" (Double Knockback)',
                           kind in ("normal", "killing")) if kind not in _NO_DAMAGE else _never(t, "knockback", kind),
        does_body=(t.boolean("does_body", kind in ("normal", "killing")) if kind not in _NO_DAMAGE
                   else _never(t, "does_body", kind)),
        stun_multiplier_bonus=t.integer("stun_multiplier_bonus", 0, lo=-5, hi=5),
        active_points=t.integer("active_points", None, lo=1, hi=1000) if t.has("active_points") else None,
        armor_piercing=t.integer("armor_piercing", 0, lo=0, hi=4),
        penetrating=t.integer("penetrating", 0, lo=0, hi=4),
        knockback_multiplier=2 if t.data.get("knockback") == "double" else 1,
        reduced_end=t.choice("reduced_end", ("half", "zero"), "") if t.has("reduced_end") else "",
        charges=t.integer("charges", None, lo=1, hi=250) if t.has("charges") else None,
        standard_effect=t.boolean("standard_effect", False),
        martial_dcs=t.integer("martial_dcs", None, lo=0, hi=60) if t.has("martial_dcs") else None,
        autofire=t.integer("autofire", 0, lo=2, hi=64) if t.has("autofire") else 0,
        characteristic=_characteristic(t, kind),
        entangle_defense=t.integer("entangle_defense", 0, lo=0, hi=30) if kind == "entangle" else 0,
        dcv=t.integer("dcv", 0, lo=-5, hi=10),
        falls=t.boolean("falls", False),
        velocity_per_dc=t.integer("velocity_per_dc", 0, lo=2, hi=100) if t.has("velocity_per_dc") else 0,
        focus=t.choice("focus", FOCI, "") if t.has("focus") else "",
        weapon=t.text("weapon", max_len=60) if t.has("weapon") else "",
        per=_per(t, kind),
    )


def _per(t: Table, kind: str) -> int:
    """An Images' minus to the PER rolls that see through it (0 to 10); refused on any other power."""
    if kind == "images":
        return t.integer("per", 0, lo=0, hi=10)
    if t.has("per"):
        t.raw("per")
        t.problems.add(f"{t.path}.per", f"expected a PER modifier only on an Images (it makes its PER rolls harder), "
                                        f"got one on a {kind} attack")
    return 0


def _parse_range(t: Table, kind: str) -> tuple[bool, int]:
    """(hand-to-hand?, metres) from ``range``: "hth" or metres; a mental power's and a Presence
    Attack's is line of sight."""
    by_sight = (*MENTAL_KINDS, "presence")
    rng = t.raw("range", "los" if kind in by_sight else "hth")
    if kind in by_sight:
        if rng != "los":
            what = _A[kind]
            t.problems.add(f"{t.path}.range", f'expected "los" or no range for {what} (it reaches anyone in '
                                              f"line of sight, rules-powers §3.5-3.6), got {toml_type(rng)} {show(rng)}")
        return False, LINE_OF_SIGHT_M
    if rng == "hth":
        return True, 0
    if type(rng) is int and 1 <= rng <= 2000:
        return False, rng
    hint = did_you_mean(rng, ("hth",)) if isinstance(rng, str) else ""
    t.problems.add(f"{t.path}.range", f'expected "hth" or a range in metres (an integer from 1 to 2000), '
                                      f'got {toml_type(rng)} {show(rng)}{hint}')
    return True, 0


def _parse_area(t: Table) -> tuple[str, int, int, bool]:
    """``area = { shape = "radius", metres = 8, explosion = true }`` or ``area = { shape = "any area",
    cells = 4 }`` (rules-powers §1.4): the shape, its size in its unit (:data:`.areas.TABLE`: a
    Radius's radius, a Cone's or Line's length in metres; a Surface's or an Any Area's count of
    2 m cells) and whether its damage falls off from the centre (a Radius, Cone or Line only)."""
    if not t.has("area"):
        return "", 0, 0, False
    at = t.table("area")
    if not isinstance(t.data.get("area"), dict):
        return "", 0, 0, False  # already said: expected a table
    shape = at.meant("shape", AREA_SHAPES, "radius")
    table = AREA_TABLE.get(shape, AREA_TABLE["radius"])
    metres = at.integer("metres", 2, lo=2, hi=200) if table.unit == "m" else 0
    cells = at.integer("cells", 1, lo=1, hi=64) if table.unit == "cells" else 0
    explosion = at.boolean("explosion", False)
    if not at.has("shape"):
        at.problems.add(f"{at.path}.shape", f"expected one of {', '.join(repr(s) for s in AREA_SHAPES)}, got {NOTHING}")
    wrong = "cells" if table.unit == "m" else "metres"
    if at.has(wrong):
        at.problems.add(f"{at.path}.{wrong}", f"expected {table.key} for {table.a} (it is sized in "
                                              f"{'metres' if table.unit == 'm' else '2 m cells'}), got {wrong} = "
                                              f"{show(at.raw(wrong))}")
    elif not at.has(table.key):
        at.problems.add(f"{at.path}.{table.key}", "expected the area's size in metres (a Radius's radius, a Cone's or "
                        f"Line's length: an integer from 2 to 200), got {NOTHING}" if table.unit == "m" else
                        "expected the area's size in 2 m cells (a Surface's or an Any Area's: an integer from 1 to "
                        f"64), got {NOTHING}")
    if explosion and not table.explodes:
        at.problems.add(f"{at.path}.explosion", f"expected no explosion on {table.a} (6e sells the Explosion "
                                                "on a Radius, Cone or Line only), got true")
    at.finish()
    return shape, metres, cells, explosion


_NO_DAMAGE = ("mental", *EFFECT_KINDS, "presence")
#: How the errors name each kind that fixes its own knockback, BODY and defense.
_A = {"mental": "a Mental Blast", "entangle": "an Entangle", "flash": "a Flash", "drain": "a Drain", "aid": "an Aid",
      "healing": "a Healing", "mind_control": "a Mind Control", "mental_illusions": "a Mental Illusions",
      "darkness": "a Darkness", "images": "an Images",
      "presence": "a Presence Attack"}
_WHY = {"mental": "STUN only, no knockback: rules-powers §3.5",
        **dict.fromkeys(EFFECT_KINDS, "it does no damage and no knockback: rules-powers §1.7, §3.2-3.5"),
        "presence": "it does no damage: rules-powers §3.6"}


def _never(t: Table, key: str, kind: str) -> bool:
    """A Mental Blast does STUN only and no knockback (rules-powers §3.5), the effect powers no
    damage at all: the key may only say so."""
    value = t.raw(key, False)  # read, so no "unknown key" besides
    if value is not False:
        t.problems.add(f"{t.path}.{key}", f"expected false or nothing for {_A[kind]} ({_WHY[kind]}), "
                                          f"got {toml_type(value)} {show(value)}")
    return False


def _effect_defense(t: Table, kind: str, sense: str = "sight") -> str:
    """The special defense an effect power meets is the rules' own (Flash Defense of the group a
    Flash strikes, Power Defense; an Entangle, an Aid and a Healing meet none): the key may only
    name it."""
    own = flash_defense(sense) if kind == "flash" else EFFECT_DEFENSE[kind]
    if t.has("defense") and t.raw("defense") != own:
        value = t.raw("defense")
        meets = f'"{own}" or nothing' if own else "nothing"
        t.problems.add(f"{t.path}.defense", f"expected {meets} for {_A[kind]} (the rules name what stops it: "
                                            f"rules-powers §2.5, §3.2-3.4), got {toml_type(value)} {show(value)}")
    return own


def _characteristic(t: Table, kind: str) -> str:
    """What a Drain or an Aid changes: one of :data:`ADJUSTABLE`, required for them, refused on the rest."""
    if kind in ("drain", "aid"):
        if not t.has("characteristic"):
            t.problems.add(f"{t.path}.characteristic", f"expected the characteristic {_A[kind]} changes (one of "
                                                       f"{', '.join(ADJUSTABLE)}), got {NOTHING}")
            return ""
        return t.choice("characteristic", ADJUSTABLE, "")
    if t.has("characteristic"):
        t.raw("characteristic")
        t.problems.add(f"{t.path}.characteristic", "expected a characteristic only on a Drain or an Aid (Healing "
                                                   f"heals STUN and BODY), got one on a {kind} attack")
    return ""


def _knockback(value: Any) -> bool:
    if value is True or value is False:
        return value
    if value == "double":
        return True
    raise ValueError("")


def _check_modifiers(t: Table, atk: HeroAttack) -> None:
    """Advantages that say something about each other: which combinations cannot be written."""
    physical = atk.kind in ("normal", "killing")
    for key in ("armor_piercing", "penetrating"):
        if getattr(atk, key) and not physical:
            t.problems.add(f"{t.path}.{key}", f"expected 0 on an {atk.kind.upper()} attack (it meets only its named "
                                              f"defense), got {getattr(atk, key)}")
    if atk.end is not None and (atk.reduced_end or atk.charges is not None):
        what = "reduced_end" if atk.reduced_end else "charges"
        t.problems.add(f"{t.path}.end", f"expected end or {what}, not both (the END of an attack with {what} "
                                        f"follows from it), got end = {atk.end}")
    if atk.reduced_end and atk.charges is not None:
        t.problems.add(f"{t.path}.reduced_end", "expected reduced_end or charges, not both (an attack on charges "
                                                "costs no END), got both")
    if atk.charges is not None and atk.uses_str_only:
        t.problems.add(f"{t.path}.charges", "expected dice for an attack on Charges (a STR attack has no charges "
                                            "to spend), got none")
    if atk.velocity_per_dc and not atk.hth:
        t.problems.add(f"{t.path}.velocity_per_dc", f"expected a hand-to-hand attack for a velocity bonus (a "
                                                    f"Martial Throw's +v/10), got range {atk.range_m}")
    if atk.martial_dcs is not None and not atk.hth:
        t.problems.add(f"{t.path}.martial_dcs", f"expected a hand-to-hand attack for a Martial Arts maneuver, got "
                                                f"range {atk.range_m}")
    if atk.weapon and atk.martial_dcs is None:
        t.problems.add(f"{t.path}.weapon", "expected martial_dcs with weapon (a weapon maneuver is a Martial Arts "
                                           f"maneuver made with the weapon), got weapon = {atk.weapon!r} alone")
    if atk.autofire and atk.uses_str_only:
        t.problems.add(f"{t.path}.autofire", "expected dice for an Autofire attack (a burst is a power's, not a "
                                             "STR blow's), got none")
    if atk.autofire and atk.martial_dcs is not None:
        t.problems.add(f"{t.path}.autofire", "expected no autofire on a Martial Arts maneuver (a maneuver is one "
                                             f"blow), got {atk.autofire}")
    if atk.area:
        _check_area(t, atk)
    if atk.effect or atk.presence:
        _check_effect(t, atk)
    if atk.standard_effect and atk.uses_str_only:
        t.problems.add(f"{t.path}.standard_effect", "expected dice for a Standard Effect attack (a STR attack rolls "
                                                    "its STR), got none")


def _check_effect(t: Table, atk: HeroAttack) -> None:
    """What the effect powers cannot be here: an Aid or a Healing at range (they are touches), or
    any of them with an area, a burst or a STUN multiplier (not modelled, or meaningless)."""
    a = _A[atk.kind]
    if atk.presence:
        for key in ("charges", "reduced_end", "end", "ocv"):
            if getattr(atk, key):
                t.problems.add(f"{t.path}.{key}", f"expected no {key} on a Presence Attack (it takes no time and no "
                                                  f"END, and rolls no OCV: rules-powers §3.6), got {show(getattr(atk, key))}")
    if atk.helps and not atk.hth:
        t.problems.add(f"{t.path}.range", f'expected "hth" or no range for {a} (it is used by touch: '
                                          f"rules-powers §3.4), got {atk.range_m}")
    for key, value in (("area", atk.area if atk.kind not in FIELD_KINDS else ""), ("autofire", atk.autofire), ("martial_dcs", atk.martial_dcs),
                       ("stun_multiplier_bonus", atk.stun_multiplier_bonus), ("velocity_per_dc", atk.velocity_per_dc)):
        if value:
            t.problems.add(f"{t.path}.{key}", f"expected no {key} on {a} (not modelled for the effect powers), "
                                              f"got {show(value)}")


def _check_area(t: Table, atk: HeroAttack) -> None:
    """What an Area Of Effect cannot be here: a STR blow, a Mental Blast, a burst, a maneuver, or
    a Radius with no range to be placed at."""
    path = f"{t.path}.area"
    if atk.uses_str_only:
        t.problems.add(path, "expected dice for an area attack (an area is a power's, not a STR blow's), got none")
    elif atk.effect:
        return  # _check_effect names it
    elif atk.mental:
        t.problems.add(path, "expected no area on a Mental Blast (mental areas are not modelled), got "
                             f"{AREA_TABLE[atk.area].a}")
    elif atk.martial_dcs is not None:
        t.problems.add(path, "expected no area on a Martial Arts maneuver (a maneuver is one blow), got "
                             f"{AREA_TABLE[atk.area].a}")
    elif not AREA_TABLE[atk.area].spreads and atk.hth:
        t.problems.add(f"{t.path}.range", f"expected a range in metres for {AREA_TABLE[atk.area].a} (it is placed on a cell within "
                                          'range; write range = 40, say), got "hth"')


def dump_attack(a: HeroAttack) -> dict[str, Any]:
    out: dict[str, Any] = {"name": a.name, "kind": a.kind}
    if a.dice != DamageDice():
        out["dice"] = str(a.dice)
    if a.area:
        size = {"metres": a.area_m} if AREA_TABLE[a.area].unit == "m" else {"cells": a.area_cells}
        out["area"] = {"shape": a.area, **size, **({"explosion": True} if a.explosion else {})}
    if not a.mental and not a.presence and not a.spreads:  # the rules fix their range; a Cone's or Line's its length
        out["range"] = "hth" if a.hth else a.range_m
        if a.kind in ("nnd", "avld") or (not a.effect and not a.presence and a.defense != ("PD" if a.hth else "ED")):
            out["defense"] = a.defense
    if a.adds_str != (a.hth and not a.effect):
        out["adds_str"] = a.adds_str
    for key, default in (("end", None), ("ocv", 0), ("str_min", 0), ("stun_multiplier_bonus", 0), ("active_points", None),
                         ("armor_piercing", 0), ("penetrating", 0), ("reduced_end", ""), ("charges", None),
                         ("standard_effect", False), ("martial_dcs", None), ("autofire", 0),
                         ("characteristic", ""), ("sense", "sight"), ("entangle_defense", 0), ("dcv", 0), ("falls", False),
                         ("focus", ""), ("per", 0),
                         ("velocity_per_dc", 0), ("weapon", "")):
        if getattr(a, key) != default:
            out[key] = getattr(a, key)
    if a.knockback_multiplier == 2:
        out["knockback"] = "double"
    elif a.knockback != (a.kind in ("normal", "killing")) and a.kind not in _NO_DAMAGE:
        out["knockback"] = a.knockback
    if a.does_body != (a.kind in ("normal", "killing")) and a.kind not in _NO_DAMAGE:
        out["does_body"] = a.does_body
    return out


__all__ = ["dump_attack", "parse_attack"]
