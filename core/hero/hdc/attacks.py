"""Attacks from a Hero Designer file: Blast, Hand-to-Hand Attack, Killing Attacks (with NND and
AVLD built from their modifiers), Mental Blast, and the powers whose hit is not damage (Martial
Arts strikes are :mod:`.martial`'s), with the advantages and limitations
the engine models read into the attack's keys, and Active Points and END priced from the file
(rules-powers §1, §3.1, §4.3)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..pricing import end_of, power_points
from ..dice import MAX_DICE, DamageDice
from ..endurance import power_end
from ..areas import TABLE as AREA_TABLE
from ..sheet import (ADJUSTABLE, EFFECT_DEFENSE, EFFECT_KINDS, LINE_OF_SIGHT_M, MENTAL_DEFENSE, MENTAL_KINDS,
                     SENSE_GROUPS, HeroAttack, flash_defense)
from . import costs
from .draft import MAX_ATTACKS, Draft, _count, _n, handles
from .modifiers import sort_modifiers, str_minimum, with_power
from .senses import sense_group
from .reading import Part
from .report import IGNORED, IMPORTED, IN_PART, Entry


ATTACK_POWERS = {
    "ENERGYBLAST": ("normal", False, False),
    "HANDTOHANDATTACK": ("normal", True, True),
    "RKA": ("killing", False, False),
    "HKA": ("killing", True, True),
    "EGOATTACK": ("mental", False, False),  # Mental Blast (6e's name; Hero Designer keeps 5e's XMLID)
    "MINDCONTROL": ("mind_control", False, False),  # rules-powers §3.5: an effect rolled against EGO
    "MENTALILLUSIONS": ("mental_illusions", False, False),
    # the powers whose hit is not damage (rules-powers §3.2-3.4): Aid and Healing are touches
    "ENTANGLE": ("entangle", False, False), "FLASH": ("flash", False, False), "DRAIN": ("drain", False, False),
    "AID": ("aid", True, False), "HEALING": ("healing", True, False),
}

#: Adders that change an attack's dice.
DICE_ADDERS = {"PLUSONEHALFDIE": (0, True, 0), "PLUSONEPIP": (0, False, 1), "MINUSONEPIP": (1, False, -1)}


def _dice(p: Part) -> tuple[DamageDice, list[Entry]]:
    count, half, pip = _count(p.levels), False, 0
    children = []
    for a in p.adders:
        step = DICE_ADDERS.get(a.xmlid)
        if step is not None:
            count, half, pip = count + step[0], half or step[1], pip + step[2]
            children.append(Entry(a.label, "adder", IMPORTED, into="the dice", combat=True))
        else:
            children.append(Entry(a.label, "adder", IGNORED, why="not modelled in a battle yet", combat=True))
    # Dice grow a step of 5 Active Points at a time (rules §1: d6, d6+1, 1½d6, 2d6): a pip is one
    # step, a half die two, a die three. Adders that sum past one pip ("+½d6" and "+1 pip", or a
    # pip bought twice) fold into the dice those steps make, so the sheet never says 1d6+2.
    # (A "-1 pip" die, 3d6-1, is a step short of its dice and stays as it is.)
    if pip > 0:
        count, rest = divmod(3 * count + 2 * half + pip, 3)
        half, pip = rest == 2, int(rest == 1)
    if count + half > MAX_DICE:
        count, half, pip = MAX_DICE, False, 0
    return DamageDice(count, half, pip), children


def _special_kind(p: Part) -> tuple[str, str, Part | None]:
    """NND / AVLD built from their modifiers: (kind, defense named, the modifier)."""
    for xmlid in ("NND", "AVAD", "AVLD"):
        m = p.modifier(xmlid)
        if m is None:
            continue
        text = f"{m.option} {m.option_alias}".upper()
        kind = "nnd" if xmlid == "NND" or "NND" in text or "NO NORMAL" in text else "avld"
        defense = (m.input or next((a.option_alias or a.alias for a in m.adders if a.option_alias or a.alias), "")
                   or ("Life Support" if kind == "nnd" else "Power Defense"))
        return kind, defense.strip()[:60], m
    return "", "", None


@dataclass
class Keys:
    """An attack's keys as its power and modifiers set them (read by :data:`READERS`)."""

    kind: str
    hth: bool
    adds_str: bool
    defense: str
    fields: dict[str, Any] = field(default_factory=dict)  # HeroAttack's keyword arguments, of their own types
    end_factor: int = 1
    thrown: bool = False
    notes: list[str] = field(default_factory=list)


def _no_range(m: Part, k: Keys) -> str | None:
    if k.hth or k.kind in MENTAL_KINDS:  # a mental power reaches by line of sight: the rules fix its range
        return None
    k.hth, k.adds_str = True, False
    return "hand-to-hand, STR does not add"


def _ranged(m: Part, k: Keys) -> str | None:
    if not k.hth or k.kind in (*MENTAL_KINDS, "aid", "healing"):  # a ranged Aid or Healing is not modelled
        return None
    k.hth, k.adds_str = False, False
    if "STR" not in m.option.upper():
        return "a ranged attack (STR does not add at range here)"
    k.thrown = True
    k.notes.append("its range follows from STR in the rules; here from its Active Points")
    return "thrown: one throw (the engine has no picking it up again)"


def _levels_of(key: str) -> Callable[[Part, Keys], str | None]:
    def read(m: Part, k: Keys) -> str | None:
        if k.kind not in ("normal", "killing"):
            return None
        k.fields[key] = max(1, min(4, _n(m.levels)))
        return f"{key.replace('_', ' ')} {k.fields[key]}"
    return read


def _reduced_end(m: Part, k: Keys) -> str | None:
    k.fields["reduced_end"] = "zero" if "ZERO" in m.option.upper() else "half"
    return f"reduced END ({k.fields['reduced_end']})"


def _charges(m: Part, k: Keys) -> str | None:
    digits = "".join(ch for ch in m.option_alias if ch.isdigit())
    if not digits:
        return None
    k.fields["charges"] = max(1, min(250, int(digits)))
    if m.adder("BOOSTABLE") or m.adder("CONTINUING"):
        k.notes.append("boostable or continuing charges are spent as plain ones")
    return f"{k.fields['charges']} charges"


def _str_min(m: Part, k: Keys) -> str | None:
    value = str_minimum(m)
    if value is None:
        return None
    k.fields["str_min"] = min(value, 100)
    return f"STR minimum {k.fields['str_min']}"


def _set(key: str, value: object, what: str) -> Callable[[Part, Keys], str | None]:
    def read(m: Part, k: Keys) -> str | None:
        k.fields[key] = value
        return what
    return read


def _knockback_set(key: str, value: object, what: str) -> Callable[[Part, Keys], str | None]:
    """No / Double Knockback, which a Mental Blast (no knockback at all) cannot take."""
    def read(m: Part, k: Keys) -> str | None:
        if k.kind == "mental":
            return None
        k.fields[key] = value
        return what
    return read


def _stun_multiplier(sign: int) -> Callable[[Part, Keys], str | None]:
    def read(m: Part, k: Keys) -> str | None:
        if k.kind != "killing":
            return None
        k.fields["stun_multiplier_bonus"] = sign * max(1, min(5, _n(m.levels)))
        return f"STUN multiplier {k.fields['stun_multiplier_bonus']:+d}"
    return read


def _does_body(m: Part, k: Keys) -> str | None:
    if k.kind not in ("nnd", "avld"):
        return None
    k.fields["does_body"] = True
    return "does BODY"


def _increased_end(m: Part, k: Keys) -> str | None:
    digits = "".join(ch for ch in m.option if ch.isdigit())
    k.end_factor = max(1, int(digits)) if digits else 2
    return f"x{k.end_factor} END"


_SHOT_WORDS = {"TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "TEN": 10, "TWENTY": 20, "FORTY": 40, "EIGHTY": 80}


def _autofire(m: Part, k: Keys) -> str | None:
    """Autofire: the shots from the option ("5 Shots", or its id ``FIVE``), held to the loader's 2-64."""
    digits = "".join(ch for ch in m.option_alias if ch.isdigit())
    shots = int(digits) if digits else _SHOT_WORDS.get(m.option.upper(), 0)
    if shots < 2 or k.kind in EFFECT_KINDS:  # an effect's burst: not modelled
        return None
    k.fields["autofire"] = min(shots, 64)
    if shots > 64:
        k.notes.append(f"autofire held to the engine's 64 shots (the file has {shots})")
    return f"autofire, {k.fields['autofire']} shots"


_AREA_BY_OPTION = {s.hdc: s for s in AREA_TABLE.values()}


def _area(m: Part, k: Keys) -> str | None:
    """Area Of Effect (rules-powers §1.4): a shape of :data:`.areas.TABLE` by its Hero Designer
    option (Radius, Cone, Line; Surface and Any Area, ``ANY``), of the size bought (its levels:
    metres, or 2 m areas for a Surface or an Any Area; none written, the shape's smallest),
    with an Explosion adder on a shape that takes one. A Radius, a Surface and an Any Area need
    a ranged power to be placed; One Hex (5th Edition's) is not modelled."""
    shape = _AREA_BY_OPTION.get(m.option.upper())
    if shape is None or k.kind in MENTAL_KINDS or k.kind in EFFECT_KINDS or (not shape.spreads and k.hth):
        return None
    k.fields["area"] = shape.name
    if shape.unit == "m":
        size = k.fields["area_m"] = max(2, min(200, _n(m.levels) or shape.base))
    else:
        size = k.fields["area_cells"] = max(1, min(64, _n(m.levels) or shape.base))
    if shape.spreads:
        k.hth, k.adds_str = False, False
    what = shape.sized(size)
    if m.adder("EXPLOSION") is not None and shape.explodes:
        k.fields["explosion"] = True
        what += ", explosion"
    elif m.adder("EXPLOSION") is not None:
        k.notes.append(f"the Explosion on {shape.a} is not modelled (6e sells it on a Radius, Cone or Line)")
    return what


#: The modifiers the engine models on an attack, one entry each: what it sets, and what the
#: report says it became (None: it does not apply to this attack, so it is reported as dropped).
READERS: dict[str, Callable[[Part, Keys], str | None]] = {
    "NORANGE": _no_range, "RANGED": _ranged,
    "ARMORPIERCING": _levels_of("armor_piercing"), "PENETRATING": _levels_of("penetrating"),
    "REDUCEDEND": _reduced_end, "CHARGES": _charges, "STRMINIMUM": _str_min,
    "NOKB": _knockback_set("knockback", False, "no knockback"),
    "DOUBLEKB": _knockback_set("knockback_multiplier", 2, "double knockback"),
    "STUNMULTIPLIER": _stun_multiplier(1), "INCREASEDSTUNMULTIPLIER": _stun_multiplier(1),
    "DECREASEDSTUNMULTIPLIER": _stun_multiplier(-1), "DOESBODY": _does_body, "INCREASEDEND": _increased_end,
    "COSTSEND": lambda m, k: "costs END (as attacks do)", "AUTOFIRE": _autofire, "AOE": _area,
}


def _keys(p: Part) -> tuple[Keys, dict[str, str]]:
    """The attack's keys from its power and modifiers (NND or AVLD first: the others depend on
    the kind), and what each modelled modifier became."""
    kind, hth, adds_str = ATTACK_POWERS[p.xmlid]
    k = Keys(kind, hth, adds_str, MENTAL_DEFENSE if kind == "mental" else "ED" if p.input.upper() == "ED" else "PD")
    read: dict[str, str] = {}
    special, named, special_mod = _special_kind(p)
    if special_mod is not None and kind != "mental":
        k.kind, k.defense = special, named
        read[special_mod.xmlid] = f"{special.upper()} against {named!r}"
    for m in p.modifiers:
        reader = READERS.get(m.xmlid)
        what = reader(m, k) if reader is not None else None
        if what:
            read[m.xmlid] = what
    area = k.fields.get("area")
    if area and not AREA_TABLE[area].spreads and k.hth:  # No Range read after the area: nowhere to place it
        for key in ("area", "area_m", "area_cells", "explosion"):
            k.fields.pop(key, None)
        read.pop("AOE", None)
        k.notes.append(f"its {AREA_TABLE[area].title} is not modelled with No Range (an area centred on its user "
                       "is not modelled): it hits one target")
    if k.thrown and "charges" not in k.fields:
        k.fields["charges"] = 1
        k.fields.pop("reduced_end", None)  # a thrown weapon on one Charge costs no END anyway
    if p.flag("USESTANDARDEFFECT"):
        k.fields["standard_effect"] = True
    return k, read


@handles(*ATTACK_POWERS)
def attack(p: Part, d: Draft) -> Entry:
    """Blast, Hand-to-Hand Attack and Killing Attacks (rules-powers §3.1), with the advantages
    and limitations the engine models read into the attack's keys (:data:`READERS`), and the
    Active Points, range and END the file's costs give (:func:`_priced`)."""
    if len(d.attacks) >= MAX_ATTACKS:
        return Entry(p.label, "power", IGNORED, why=f"the engine takes {MAX_ATTACKS} attacks a sheet",
                     combat=True, children=with_power(p))
    dice, dice_lines = _dice(p)
    k, read = _keys(p)
    why_not = _effect_keys(p, k) if k.kind in EFFECT_KINDS else ""
    if why_not:
        return Entry(p.label, "power", IGNORED, why=why_not, combat=True, children=dice_lines + _modifiers_with(p))
    if dice == DamageDice() and not k.adds_str:
        return Entry(p.label, "power", IGNORED, why="no dice to roll", combat=True,
                     children=dice_lines + _modifiers_with(p))
    points = max(1, min(1000, costs.rounded(costs.active_points(p, edition=d.edition))))  # the loader's bound on active_points
    dice_only = costs.rounded(costs.base_points(replace(p, adders=(), basecost=0 * p.basecost), edition=d.edition))
    if points < dice_only:  # a custom adder of negative cost: Hero Designer's way of paying for it elsewhere
        k.notes.append(f"the file's adders bring it to {points} Active Points, below its dice's {dice_only}: its range "
                       "and END follow the file")
    name = d.attack_name(p.name or p.alias or p.xmlid)
    physical = k.kind in ("normal", "killing")
    mental = k.kind in MENTAL_KINDS  # line of sight, no knockback (rules-powers §3.5)
    atk = HeroAttack(name=name, kind=k.kind, dice=dice, hth=k.hth, adds_str=k.adds_str, defense=k.defense,
                     range_m=0 if k.hth else LINE_OF_SIGHT_M if mental else max(1, min(2000, 10 * points)),
                     knockback=bool(k.fields.get("knockback", physical)) and not mental,
                     does_body=bool(k.fields.get("does_body", physical)) and not mental,
                     **{key: v for key, v in k.fields.items() if key not in ("knockback", "does_body")})
    if atk.spreads:  # a Cone or Line reaches its own length
        atk = replace(atk, range_m=atk.area_m)
    atk = _priced(atk, p, points, k.end_factor, d.edition)
    d.attacks.append(atk)
    mods, dropped = sort_modifiers(p, read)
    dropped = dropped or any(c.status != IMPORTED for c in dice_lines if c.combat)
    if dice.count == MAX_DICE and p.levels > MAX_DICE:
        k.notes.append(f"held to the engine's {MAX_DICE} dice an attack")
    of = (f" of {atk.characteristic}" if atk.characteristic
          else f" of the {SENSE_GROUPS[atk.sense]} Group" if atk.sense != "sight" else "")
    into = (f'attack "{name}": {k.kind}{of} {dice}' + (" + STR" if k.adds_str else "")
            + (f" vs {k.defense}" if k.defense else "")
            + (", line of sight" if mental else f", {atk.range_m} m" if not atk.hth else ", hand-to-hand")
            + f", {points} AP"
            + (f", {atk.end} END" if atk.end is not None else ""))
    return Entry(p.label, "power", IN_PART if dropped or k.notes else IMPORTED, into=into, why="; ".join(k.notes),
                 combat=True, children=dice_lines + mods)


def _modifiers_with(p: Part) -> list[Entry]:
    """The lines of an ignored power's modifiers (its adders are already :func:`_dice`'s lines)."""
    return with_power(replace(p, adders=()))


def _effect_keys(p: Part, k: Keys) -> str:
    """The keys of a power whose hit is not damage (rules-powers §3.2-3.4): what a Drain or an Aid
    changes (the first characteristic Hero Designer names), an Entangle's extra defense, and that
    only a Flash of the Sight Group counts; the reason it is not imported, or ""."""
    k.defense = EFFECT_DEFENSE[k.kind]
    for key in ("knockback", "does_body", "knockback_multiplier"):
        k.fields.pop(key, None)
    if k.kind == "flash":
        group = sense_group(p.option)
        if not group:
            return (f"a Flash of the {p.option_alias or p.option or 'unnamed'} sense: only whole sense groups are "
                    "modelled (Sight, Hearing, Mental, Radio, Smell/Taste, Touch)")
        if group != "sight":
            k.fields["sense"] = group  # its target still sees: OCV and DCV as they were (:mod:`..senses`)
            k.defense = flash_defense(group)
    elif k.kind in ("drain", "aid"):
        named = [c.strip().upper() for c in p.input.replace("/", ",").split(",") if c.strip()]
        known = [c for c in named if c in ADJUSTABLE]
        if not known:
            return f"{k.kind.title()} of {p.input or 'nothing named'}: not a characteristic the engine adjusts"
        k.fields["characteristic"] = known[0]
        if len(named) > 1:
            k.notes.append(f"only {known[0]} is adjusted (the file names {', '.join(named)})")
    elif k.kind == "entangle":
        extra = {a.xmlid: _n(a.levels) for a in p.adders if a.xmlid in ("ADDITIONALPD", "ADDITIONALED")}
        if extra:
            k.fields["entangle_defense"] = max(0, min(30, min(extra.values())))
            if len(set(extra.values())) > 1 or len(extra) == 1:
                k.notes.append("its rPD and rED are one figure here: the lower extra is taken for both")
    elif k.kind == "healing" and p.input:
        k.notes.append(f"simplified Healing: it heals STUN and BODY alike (the file says {p.input})")
    return ""


def _priced(atk: HeroAttack, p: Part, points: int, end_factor: int, edition: str = "6e") -> HeroAttack:
    """Active Points and END as the file's power costs them, written on the attack only where
    the engine would work out something else from the keys alone (an advantage it does not
    model raised them, or Increased Endurance Cost multiplies them)."""
    if points != costs.rounded(power_points(atk)):
        atk = replace(atk, active_points=points)
    if atk.charges is not None:
        return atk
    without_re = costs.active_points(p, without=frozenset({"REDUCEDEND"}), edition=edition)
    if atk.reduced_end == "zero":
        own = 0
    elif atk.reduced_end == "half":
        own = max(1, power_end(without_re / 2))
    else:
        own = power_end(without_re)
    own *= end_factor
    if own != end_of(atk, 0, "superheroic", ""):
        atk = replace(atk, end=min(own, 100), reduced_end="")
    return atk
