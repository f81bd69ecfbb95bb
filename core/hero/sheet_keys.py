"""A combatant's HERO keys (its characteristics, defenses, attacks, Martial Arts, Multipowers and
Lightning Reflexes), read from a scenario's TOML with every problem named by its key, and
written back as canonical TOML (:func:`dump_sheet`). An attack's own keys are :mod:`.attack_keys`'.
"""

from __future__ import annotations

from typing import Any

from ..files.schema import NOTHING, Table, did_you_mean, show, toml_type
from . import defense_keys
from .attack_keys import dump_attack, parse_attack
from .martial import NOT_MODELLED, TABLE, strike_attack
from .pricing import power_points
from .sheet import _LIMITS, BASE_CHARACTERISTICS, Characteristics, HeroAttack, HeroSheet, Multipower


def parse_sheet(t: Table) -> HeroSheet:
    """Read a combatant's HERO keys from its table (the generic keys were read by the loader)."""
    ct = t.table("characteristics")
    values = {}
    for name, base in BASE_CHARACTERISTICS.items():
        lo, hi = _LIMITS.get(name, (-30, 300))
        values[name] = ct.integer(name, base, lo=lo, hi=hi)
    ct.finish()
    dt = t.table("defenses")
    rpd = dt.integer("rPD", 0, lo=0, hi=200)
    red = dt.integer("rED", 0, lo=0, hi=200)
    kbr = dt.integer("knockback_resistance", 0, lo=0, hi=200)
    special_t = dt.table("special")
    special = []
    for key, value in special_t.data.items():
        special.append((key, special_t.integer(key, lo=0, hi=200)))
    special_t.finish()
    hardened = defense_keys.per_defense(dt, "hardened")
    impenetrable = defense_keys.per_defense(dt, "impenetrable")
    reduction, resistant = defense_keys.damage_reduction(dt)
    negation = defense_keys.per_type(dt, "damage_negation", "DCs", 0, 30)
    dt.finish()
    attacks = tuple(parse_attack(a) for a in t.tables("attacks", max_items=16))
    names = [a.name for a in attacks]
    for i, n in enumerate(names):
        if n and names.index(n) != i:
            t.problems.add(f"{t.path}.attacks[{i}].name", f"expected a name not used by another attack, got {n!r} twice")
    _weapons(t, attacks)
    martial, extra_dcs, strikes = _martial_arts(t, names)
    if not attacks:
        attacks = (HeroAttack("Punch"),)
    attacks += strikes
    multipowers = tuple(_multipower(mt, attacks) for mt in t.tables("multipowers", max_items=4))
    _one_framework_each(t, multipowers)
    sheet = HeroSheet(
        characteristics=Characteristics(**values),
        rPD=rpd, rED=red, knockback_resistance=kbr,
        running=t.integer("running", 12, lo=0, hi=500),
        flying=t.boolean("flying", False),
        csl=t.integer("csl", 0, lo=0, hi=20),
        lightning_reflexes=_lightning_reflexes(t),
        invisible=t.boolean("invisible", False),
        special_defenses=tuple(special),
        attacks=attacks,
        hardened=hardened,
        impenetrable=impenetrable,
        damage_reduction=reduction,
        damage_reduction_resistant=resistant,
        damage_negation=negation,
        martial_arts=martial,
        martial_extra_dcs=extra_dcs,
        multipowers=multipowers,
    )
    return sheet


def _weapons(t: Table, attacks: tuple[HeroAttack, ...]) -> None:
    """A weapon maneuver's ``weapon`` names another hand-to-hand attack of the sheet, itself no
    weapon maneuver: the one it is made with (a Disarm of it takes the maneuver too)."""
    by = {a.name: a for a in attacks}
    for i, a in enumerate(attacks):
        if not a.weapon:
            continue
        w = by.get(a.weapon)
        if w is None or w is a or w.weapon or not w.hth:
            fit = tuple(n for n, x in by.items() if x.hth and not x.weapon and x is not a)
            got = f"{a.weapon!r}" + ("" if w is None else " (itself)" if w is a else " (a weapon maneuver)"
                                     if w.weapon else " (not hand-to-hand)")
            t.problems.add(f"{t.path}.attacks[{i}].weapon", f"expected the name of another of its hand-to-hand "
                                                            f"attacks (the weapon the maneuver is made with), got "
                                                            f"{got}{did_you_mean(a.weapon, fit) if w is None else ''}")


def _lightning_reflexes(t: Table) -> int:
    """``lightning_reflexes = 3``: +3 DEX for the order within a Segment, with all actions
    (6e's Lightning Reflexes). The talent bought for listed actions only is not modelled: a table
    or list here is refused with that reason rather than read as something else."""
    raw = t.raw("lightning_reflexes", 0)
    if isinstance(raw, (dict, list)):
        t.problems.add(f"{t.path}.lightning_reflexes", f"expected an integer 0 to 30 (+DEX to act earlier with all "
                                                       f"actions; Lightning Reflexes for listed actions only are not "
                                                       f"modelled), got {toml_type(raw)} {show(raw)}")
        return 0
    return t.integer("lightning_reflexes", 0, lo=0, hi=30)


def _multipower(mt: Table, attacks: tuple[HeroAttack, ...]) -> Multipower:
    """``[[...multipowers]]`` ``name``, ``reserve``, ``slots`` (rules-powers §5.1): each slot an
    attack of the sheet whose Active Points fit in the reserve."""
    name = mt.text("name", max_len=60)
    reserve = mt.integer("reserve", lo=1, hi=1000)
    raw = mt.raw("slots", None)
    by = {a.name: a for a in attacks}
    slots: list[str] = []
    if not isinstance(raw, list) or len(raw) < 2 or not all(isinstance(x, str) for x in raw):
        got = NOTHING if raw is None else f"{toml_type(raw)} {show(raw)}"
        mt.problems.add(f"{mt.path}.slots", f"expected a list of two or more attack names (the Multipower's slots), "
                                            f"got {got}")
    else:
        for i, slot in enumerate(raw):
            path = f"{mt.path}.slots[{i}]"
            if slot not in by:
                mt.problems.add(path, f"expected the name of one of its attacks, got {slot!r}"
                                      f"{did_you_mean(slot, tuple(by))}")
            elif slot in slots:
                mt.problems.add(path, f"expected each slot once, got {slot!r} twice")
            else:
                ap = power_points(by[slot])
                if ap > reserve:
                    mt.problems.add(path, f"expected a slot that fits the reserve of {reserve} Active Points, got "
                                          f"{slot!r} at {float(ap):g}")
                slots.append(slot)
    mt.finish()
    return Multipower(name, reserve, tuple(slots))


def _one_framework_each(t: Table, multipowers: tuple[Multipower, ...]) -> None:
    seen: dict[str, str] = {}
    for i, m in enumerate(multipowers):
        if m.name in {x.name for x in multipowers[:i]}:
            t.problems.add(f"{t.path}.multipowers[{i}].name", f"expected a name not used by another Multipower, "
                                                              f"got {m.name!r} twice")
        for slot in m.slots:
            if slot in seen:
                t.problems.add(f"{t.path}.multipowers[{i}].slots", f"expected each attack in one Multipower, got "
                                                                   f"{slot!r} in {seen[slot]!r} and {m.name!r}")
            seen[slot] = m.name


def _martial_arts(t: Table, names: list[str]) -> tuple[tuple[str, ...], int, tuple[HeroAttack, ...]]:
    """``martial_arts = ["Martial Strike", ...]`` and ``martial_dcs`` (rules-powers §4.3): the
    maneuvers known, the Extra DCs, and the attacks the strikes among them give the sheet."""
    raw = t.raw("martial_arts", [])
    extra = t.integer("martial_dcs", 0, lo=0, hi=20)
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        t.problems.add(f"{t.path}.martial_arts", f"expected a list of maneuver names (e.g. [\"Martial Strike\", "
                                                 f"\"Martial Dodge\"]), got {toml_type(raw)} {show(raw)}")
        return (), extra, ()
    known: list[str] = []
    for i, name in enumerate(raw):
        path = f"{t.path}.martial_arts[{i}]"
        if name in NOT_MODELLED:
            t.problems.add(path, f"expected a modelled maneuver, got {name!r}: {NOT_MODELLED[name]}")
        elif name not in TABLE:
            t.problems.add(path, f"expected a Martial Arts maneuver (one of {', '.join(TABLE)}), got "
                                 f"{name!r}{did_you_mean(name, tuple(TABLE))}")
        elif name in known:
            t.problems.add(path, f"expected each maneuver once, got {name!r} twice")
        elif name in names:
            t.problems.add(path, f"expected no attack of the same name as the maneuver (the maneuver is an attack "
                                 f"of its own), got an attack named {name!r}")
        else:
            known.append(name)
    strikes = tuple(strike_attack(TABLE[n], extra) for n in known if TABLE[n].changes == "strike")
    if len(names) + len(strikes) > 16:
        t.problems.add(f"{t.path}.martial_arts", f"expected at most 16 attacks with the strikes, got "
                                                 f"{len(names)} attacks and {len(strikes)} strikes")
    return tuple(known), extra, strikes


def dump_sheet(s: HeroSheet) -> dict[str, Any]:
    out: dict[str, Any] = {}
    ch = {k: getattr(s.characteristics, k) for k in BASE_CHARACTERISTICS if getattr(s.characteristics, k) != BASE_CHARACTERISTICS[k]}
    if s.running != 12:
        out["running"] = s.running
    if s.flying:
        out["flying"] = True
    if s.csl:
        out["csl"] = s.csl
    if s.lightning_reflexes:
        out["lightning_reflexes"] = s.lightning_reflexes
    if s.invisible:
        out["invisible"] = True
    out["characteristics"] = ch
    d: dict[str, Any] = {}
    if s.rPD:
        d["rPD"] = s.rPD
    if s.rED:
        d["rED"] = s.rED
    if s.knockback_resistance:
        d["knockback_resistance"] = s.knockback_resistance
    if s.special_defenses:
        d["special"] = dict(s.special_defenses)
    defense_keys.dump_defenses(d, s.hardened, s.impenetrable, s.damage_reduction, s.damage_reduction_resistant,
                               s.damage_negation)
    if d:
        out["defenses"] = d
    if s.martial_arts:
        out["martial_arts"] = list(s.martial_arts)
    if s.martial_extra_dcs:
        out["martial_dcs"] = s.martial_extra_dcs
    out["attacks"] = [dump_attack(a) for a in s.attacks if a.name not in s.martial_arts]  # strikes come back
    if s.multipowers:
        out["multipowers"] = [{"name": m.name, "reserve": m.reserve, "slots": list(m.slots)} for m in s.multipowers]
    return out


__all__ = ["dump_sheet", "parse_sheet"]
