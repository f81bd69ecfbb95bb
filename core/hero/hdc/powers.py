"""The mapping from Hero Designer parts to a Slugfest HERO sheet: one entry a part.

Each handler reads one kind of part (``ENERGYBLAST``, ``FORCEFIELD``, ``COMBAT_LEVELS``...)
into a :class:`Draft` of the sheet and returns the report line that says what it became.
:data:`HANDLERS` is the table; a part with no handler is reported as ignored, with the reason
kept in :data:`NOT_MODELLED` (or a general one), and counted as affecting a fight unless it
is known not to (:data:`OUTSIDE_A_FIGHT`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..combat import end_of, power_points
from ..dice import MAX_DICE, DamageDice, killing_dice_for_dc
from ..endurance import power_end
from ..sheet import _LIMITS as CHARACTERISTIC_LIMITS
from ..sheet import BASE_CHARACTERISTICS, HeroAttack
from . import costs
from .modifiers import COST_ONLY_WHY, modifier_entry, sort_modifiers, str_minimum, unmodelled, with_power
from .reading import Part
from .report import IGNORED, IMPORTED, IN_PART, Entry

MAX_ATTACKS = 16  # a sheet's attacks, as the scenario loader allows


@dataclass
class Draft:
    """The sheet being built, in the units of the scenario keys."""

    values: dict[str, int] = field(default_factory=lambda: dict(BASE_CHARACTERISTICS))
    rPD: int = 0
    rED: int = 0
    knockback_resistance: int = 0
    running: int = 12
    flight: int = 0
    csl: int = 0
    special: dict[str, int] = field(default_factory=dict)
    attacks: list[HeroAttack] = field(default_factory=list)
    hardened: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    impenetrable: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    reduction: list[int] = field(default_factory=lambda: [0, 0])
    reduction_kinds: set[bool] = field(default_factory=set)  # resistant or not, of each DR bought
    negation: list[int] = field(default_factory=lambda: [0, 0])
    martial_dcs: int = 0  # Extra DCs bought with Martial Arts, added to every martial strike
    resistant_share: list[int] = field(default_factory=lambda: [0, 0])  # PD, ED points made resistant
    pending: list[PendingLevels] = field(default_factory=list)  # levels for some attacks (apply_levels)

    def attack_name(self, wanted: str) -> str:
        base = wanted.strip()[:56] or "Attack"
        names = {a.name for a in self.attacks}
        name, n = base, 2
        while name in names:
            name, n = f"{base} {n}", n + 1
        return name


Handler = Callable[[Part, Draft], Entry]
HANDLERS: dict[str, Handler] = {}


def handles(*xmlids: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for x in xmlids:
            HANDLERS[x] = fn
        return fn
    return register


def _n(value: Fraction) -> int:
    return int(value)


def _count(value: Fraction) -> int:
    """Levels that cannot be negative (dice, defense points): a negative value counts as none."""
    return max(0, int(value))


# --- characteristics and movement ---------------------------------------------------------

def characteristic(p: Part, d: Draft) -> Entry:
    """A 6e characteristic: its starting value plus the levels bought (6e has no figured ones);
    bought as a power it adds to the same total."""
    name = p.xmlid
    lo, hi = CHARACTERISTIC_LIMITS.get(name, (-30, 300))
    before = d.values[name]
    d.values[name] = max(lo, min(hi, before + _n(p.levels)))
    into = f"{name} {d.values[name]}" + (f" ({before} {'+' if p.levels >= 0 else '-'} {abs(_n(p.levels))})"
                                          if p.levels else "")
    read = {}
    if name in ("PD", "ED") and p.modifier("RESISTANT") is not None:
        d.resistant_share[0 if name == "PD" else 1] += _count(p.levels)
        read["RESISTANT"] = f"{_n(p.levels)} of it resistant"
    if name in ("PD", "ED"):
        read.update(_hardening(p, d, (0,) if name == "PD" else (1,)))
    mods, dropped = sort_modifiers(p, read)
    clipped = before + _n(p.levels) != d.values[name]
    status = IN_PART if dropped or clipped else IMPORTED
    why = f"held to the engine's range {lo}..{hi}" if clipped else ""
    return Entry(p.label, "characteristic", status, into=into, why=why, combat=True, children=mods)


for _c in BASE_CHARACTERISTICS:
    HANDLERS[_c] = characteristic


@handles("RUNNING")
def running(p: Part, d: Draft) -> Entry:
    d.running += _n(p.levels)
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "movement", IN_PART if dropped else IMPORTED, into=f"running {d.running} m",
                 combat=True, children=mods)


@handles("FLIGHT")
def flight(p: Part, d: Draft) -> Entry:
    d.flight += _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "movement", IN_PART if dropped else IMPORTED, into=f"flying, {d.flight} m a Phase",
                 combat=True, children=mods)


@handles("SWIMMING", "LEAPING")
def swim_or_leap(p: Part, d: Draft) -> Entry:
    return Entry(p.label, "movement", IGNORED, why="the battle map has no water and no leaps: the character "
                 "moves by Running (or Flight)", combat=False, children=with_power(p))


# --- defenses ------------------------------------------------------------------------------

def _hardening(p: Part, d: Draft, slots: tuple[int, ...]) -> dict[str, str]:
    """Hardened / Impenetrable on a defense power: levels on each of the defenses it gives."""
    read = {}
    for xmlid, target in (("HARDENED", d.hardened), ("IMPENETRABLE", d.impenetrable)):
        m = p.modifier(xmlid)
        if m is not None:
            levels = max(1, _n(m.levels))
            for i in slots:
                target[i] = max(target[i], levels)
            read[xmlid] = f"{xmlid.lower()} {levels}"
    return read


def _coverage(p: Part) -> str:
    """Why armour covering only some hit locations is imported in part, or "": heroic armour
    notes its locations ("(Locations 5)": a helmet), and the engine counts a defense everywhere."""
    for text in (p.notes, *(m.attrs.get("COMMENTS", "") for m in p.modifiers)):
        if "location" in text.lower():
            return f"covers only some hit locations ({text[:60]}): counted everywhere"
    return ""


@handles("FORCEFIELD")
def resistant_protection(p: Part, d: Draft) -> Entry:
    """Resistant Protection (6e's ``FORCEFIELD``): resistant PD and ED, added to the rest
    (rules-powers §2.3); its Mental and Power Defense points are special defenses."""
    pd, ed = _count(p.number("PDLEVELS")), _count(p.number("EDLEVELS"))
    md, powd = _count(p.number("MDLEVELS")), _count(p.number("POWDLEVELS"))
    if not (pd or ed or md or powd) and p.levels:
        pd = ed = _count(p.levels) // 2  # a file without the split: Hero Designer's default halves
    d.rPD += pd
    d.rED += ed
    parts = [f"rPD +{pd}", f"rED +{ed}"]
    for amount, name in ((md, "Mental Defense"), (powd, "Power Defense")):
        if amount:
            d.special[name] = d.special.get(name, 0) + amount
            parts.append(f"{name} +{amount}")
    read = _hardening(p, d, (2, 3))
    mods, dropped = sort_modifiers(p, read)
    why = _coverage(p)
    return Entry(p.label, "defense", IN_PART if dropped or why else IMPORTED, into=", ".join(parts), why=why,
                 combat=True, children=mods)


def _defense_amounts(text: str) -> dict[str, int]:
    """ "for 45 PD/45 ED" (the points a Naked Advantage covers) -> {"PD": 45, "ED": 45}."""
    out = {}
    for amount, what in re.findall(r"(\d+)\s*(PD|ED|Mental Defense|Power Defense)", text or "", re.IGNORECASE):
        out[what.upper() if len(what) == 2 else what.title()] = int(amount)
    return out


@handles("NAKEDMODIFIER")
def naked_advantage(p: Part, d: Draft) -> Entry:
    """A Naked Advantage on defenses, the usual way a 6e brick makes PD and ED resistant
    (``RESISTANT``, ``INPUT="for 45 PD/45 ED"``) or Hardened: it changes how much of the PD and
    ED is resistant (taken from the PD and ED the character has), or their hardening."""
    amounts = _defense_amounts(p.input)
    read: dict[str, str] = {}
    parts = []
    if p.modifier("RESISTANT") is not None and ("PD" in amounts or "ED" in amounts):
        for i, key in enumerate(("PD", "ED")):
            d.resistant_share[i] += amounts.get(key, 0)
        read["RESISTANT"] = "resistant"
        parts.append(f"{amounts.get('PD', 0)} PD and {amounts.get('ED', 0)} ED resistant")
    if "PD" in amounts or "ED" in amounts:
        slots = tuple(i for i, key in enumerate(("PD", "ED")) if key in amounts)
        hardening = _hardening(p, d, slots)
        read.update(hardening)
        parts += list(hardening.values())
    mods, dropped = sort_modifiers(p, read)
    if not parts:
        return Entry(p.label, "power", IGNORED, why=f"a Naked Advantage on {p.input or 'an unnamed power'}: not "
                     f"modelled", combat=True, children=mods)
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=", ".join(parts), combat=True,
                 children=mods)


@handles("DAMAGERESISTANCE")
def damage_resistance(p: Part, d: Draft) -> Entry:
    """Damage Resistance: makes that many of the character's PD and ED points resistant."""
    pd, ed = _count(p.number("PDLEVELS")), _count(p.number("EDLEVELS"))
    d.resistant_share[0] += pd
    d.resistant_share[1] += ed
    read = _hardening(p, d, (0, 1))
    mods, dropped = sort_modifiers(p, read)
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f"{pd} PD and {ed} ED resistant",
                 combat=True, children=mods)


@handles("COMBAT_LUCK")
def combat_luck(p: Part, d: Draft) -> Entry:
    """Combat Luck: 3 resistant PD and ED a level."""
    n = 3 * max(1, _n(p.levels))
    d.rPD += n
    d.rED += n
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f"rPD +{n}, rED +{n}", combat=True,
                 children=mods)


@handles("DAMAGEREDUCTION")
def damage_reduction(p: Part, d: Draft) -> Entry:
    """Damage Reduction: 25/50/75%, resistant or not, against one type (the file's ``INPUT``:
    Physical, Energy or Mental; rules-powers §2.1). Several against one type: the highest."""
    option = p.option.upper()
    percent = next((v for v in (75, 50, 25) if str(v) in option), 0)
    resistant = "NONRESISTANT" not in option and "NORMAL" not in option  # LVL50NORMAL: not resistant
    kind = p.input.lower()
    mods, dropped = sort_modifiers(p, {})
    if kind.startswith("mental"):
        return Entry(p.label, "defense", IGNORED, why="against mental attacks, which the engine does not have yet",
                     combat=False, children=mods)
    slot = 0 if kind.startswith("phys") else 1 if kind.startswith("energ") else None
    if slot is None or not percent:
        return Entry(p.label, "defense", IGNORED, why=f"cannot tell the type or the percentage ({p.input!r}, "
                     f"{p.option!r})", combat=True, children=mods)
    d.reduction[slot] = max(d.reduction[slot], percent)
    d.reduction_kinds.add(resistant)
    status = IN_PART if dropped else IMPORTED
    why = ""
    if len(d.reduction_kinds) > 1:
        status, why = IN_PART, "resistant and non-resistant reduction on one sheet: the engine takes one kind"
    return Entry(p.label, "defense", status, into=f"damage reduction {percent}% {'physical' if slot == 0 else 'energy'}"
                 f"{'' if resistant else ' (not resistant)'}", why=why, combat=True, children=mods)


@handles("DAMAGENEGATION")
def damage_negation(p: Part, d: Draft) -> Entry:
    """Damage Negation: DCs off each attack of a type (rules-powers §2.2), bought as adders."""
    mods, dropped = sort_modifiers(p, {})
    parts, children = [], []
    for a in p.adders:
        levels = _count(a.levels)
        slot = {"PHYSICAL": 0, "ENERGY": 1}.get(a.xmlid)
        if not levels:
            children.append(Entry(a.label, "adder", IMPORTED, into="none bought", combat=False))
        elif slot is not None:
            d.negation[slot] += levels
            parts.append(f"{a.xmlid.lower()} -{levels} DC")
            children.append(Entry(a.label, "adder", IMPORTED, into=f"{a.xmlid.lower()} -{levels} DC", combat=True))
        else:
            children.append(Entry(a.label, "adder", IGNORED, why="no mental attacks in the engine yet", combat=False))
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED,
                 into="damage negation " + (", ".join(parts) or "of nothing"), combat=True, children=children + mods)


@handles("KBRESISTANCE")
def knockback_resistance(p: Part, d: Draft) -> Entry:
    d.knockback_resistance += _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED,
                 into=f"knockback resistance {d.knockback_resistance} m", combat=True, children=mods)


def _special(name: str) -> Handler:
    def read(p: Part, d: Draft) -> Entry:
        amount = max(1, _n(p.levels))
        d.special[name] = d.special.get(name, 0) + amount
        mods, dropped = sort_modifiers(p, {})
        return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f'special defense "{name}" {amount}',
                     combat=True, children=mods)
    read.__doc__ = f"{name}: a special defense that NND and AVLD attacks name (rules-powers §2.5)."
    return read


HANDLERS["FLASHDEFENSE"] = _special("Flash Defense")
HANDLERS["MENTALDEFENSE"] = _special("Mental Defense")
HANDLERS["POWERDEFENSE"] = _special("Power Defense")


@handles("LIFESUPPORT")
def life_support(p: Part, d: Draft) -> Entry:
    """Life Support: each adder (Self-Contained Breathing, an Immunity...) becomes a special
    defense of its own name, for an NND or AVLD that names it. The plain "Life Support" that the
    usual gas NND looks for comes only with Self-Contained Breathing: an immunity to diseases
    does not stop a knockout gas."""
    children = []
    names = []
    for a in p.adders:
        name = (a.option_alias if a.xmlid == "IMMUNITY" and a.option_alias else a.alias).strip().rstrip(":")[:60]
        name = name or a.xmlid
        if a.xmlid == "IMMUNITY" and not name.lower().startswith("immun"):
            name = f"Immunity: {name}"[:60]
        d.special[name] = 1
        names.append(name)
        children.append(Entry(a.label, "adder", IMPORTED, into=f'special defense "{name}"', combat=True))
    if p.adder("SELFCONTAINEDBREATHING") is not None:
        d.special["Life Support"] = 1
        names.insert(0, "Life Support")
    mods, dropped = sort_modifiers(p, {})
    into = ", ".join(f'"{n}"' for n in names) or "nothing (no adders)"
    return Entry(p.label, "defense", IN_PART if dropped else IMPORTED, into=f"special defenses {into}",
                 combat=True, children=children + mods)


# --- attacks -------------------------------------------------------------------------------

#: The attack powers the engine resolves: (kind, hand-to-hand, adds STR).
ATTACK_POWERS = {
    "ENERGYBLAST": ("normal", False, False),
    "HANDTOHANDATTACK": ("normal", True, True),
    "RKA": ("killing", False, False),
    "HKA": ("killing", True, True),
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
    if half and pip:  # "+½d6" and "+1 pip" together: the next full step
        half, pip, count = False, 0, count + 1
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


@handles(*ATTACK_POWERS)
def attack(p: Part, d: Draft) -> Entry:
    """Blast, Hand-to-Hand Attack and Killing Attacks (rules-powers §3.1), with the advantages
    and limitations the engine models read into the attack's keys."""
    if len(d.attacks) >= MAX_ATTACKS:
        return Entry(p.label, "power", IGNORED, why=f"the engine takes {MAX_ATTACKS} attacks a sheet",
                     combat=True, children=with_power(p))
    kind, hth, adds_str = ATTACK_POWERS[p.xmlid]
    dice, dice_lines = _dice(p)
    defense = "ED" if p.input.upper() == "ED" else "PD"
    read: dict[str, str] = {}
    notes: list[str] = []
    special, named, special_mod = _special_kind(p)
    if special:
        kind, defense = special, named
        read[special_mod.xmlid] = f"{special.upper()} against {named!r}"
    if p.modifier("NORANGE") and not hth:
        hth, adds_str = True, False
        read["NORANGE"] = "hand-to-hand, STR does not add"
    thrown = False
    if p.modifier("RANGED") and hth:
        hth, adds_str = False, False
        read["RANGED"] = "a ranged attack (STR does not add at range here)"
        if "STR" in p.modifier("RANGED").option.upper():
            thrown = True
            read["RANGED"] = "thrown: one throw (the engine has no picking it up again)"
            notes.append("its range follows from STR in the rules; here from its Active Points")
    fields_: dict[str, object] = {}
    for xmlid, key in (("ARMORPIERCING", "armor_piercing"), ("PENETRATING", "penetrating")):
        m = p.modifier(xmlid)
        if m is not None and kind in ("normal", "killing"):
            levels = max(1, min(4, _n(m.levels)))
            fields_[key] = levels
            read[xmlid] = f"{key.replace('_', ' ')} {levels}"
    m = p.modifier("REDUCEDEND")
    if m is not None:
        fields_["reduced_end"] = "zero" if "ZERO" in m.option.upper() else "half"
        read["REDUCEDEND"] = f"reduced END ({fields_['reduced_end']})"
    m = p.modifier("CHARGES")
    charges = None
    if m is not None:
        digits = "".join(ch for ch in m.option_alias if ch.isdigit())
        if digits:
            charges = max(1, min(250, int(digits)))
            fields_["charges"] = charges
            read["CHARGES"] = f"{charges} charges"
            if m.adder("BOOSTABLE") or m.adder("CONTINUING"):
                notes.append("boostable or continuing charges are spent as plain ones")
    for mod in p.modifiers:
        if mod.xmlid == "STRMINIMUM" and (value := str_minimum(mod)) is not None:
            fields_["str_min"] = min(value, 100)
            read["STRMINIMUM"] = f"STR minimum {fields_['str_min']}"
    if p.modifier("NOKB"):
        fields_["knockback"] = False
        read["NOKB"] = "no knockback"
    if p.modifier("DOUBLEKB"):
        fields_["knockback_multiplier"] = 2
        read["DOUBLEKB"] = "double knockback"
    for xmlid, sign in (("STUNMULTIPLIER", 1), ("INCREASEDSTUNMULTIPLIER", 1), ("DECREASEDSTUNMULTIPLIER", -1)):
        m = p.modifier(xmlid)
        if m is not None and kind == "killing":
            fields_["stun_multiplier_bonus"] = sign * max(1, min(5, _n(m.levels)))
            read[xmlid] = f"STUN multiplier {fields_['stun_multiplier_bonus']:+d}"
    if kind in ("nnd", "avld") and p.modifier("DOESBODY"):
        fields_["does_body"] = True
        read["DOESBODY"] = "does BODY"
    end_factor = 1
    m = p.modifier("INCREASEDEND")
    if m is not None:
        digits = "".join(ch for ch in m.option if ch.isdigit())
        end_factor = max(1, int(digits)) if digits else 2
        read["INCREASEDEND"] = f"x{end_factor} END"
    if thrown and "charges" not in fields_:
        fields_["charges"] = 1
        fields_.pop("reduced_end", None)  # a thrown weapon on one Charge costs no END anyway
    if p.modifier("COSTSEND"):
        read["COSTSEND"] = "costs END (as attacks do)"
    standard = p.flag("USESTANDARDEFFECT")
    if standard:
        fields_["standard_effect"] = True
    if dice == DamageDice() and not adds_str:
        return Entry(p.label, "power", IGNORED, why="no dice to roll", combat=True, children=dice_lines + with_power(p))
    ap = costs.active_points(p)
    points = max(1, min(1000, costs.rounded(ap)))  # the loader's bound on active_points
    name = d.attack_name(p.name or p.alias or p.xmlid)
    atk = HeroAttack(name=name, kind=kind, dice=dice, hth=hth, adds_str=adds_str, defense=defense,
                     range_m=0 if hth else max(1, min(2000, 10 * points)),
                     knockback=bool(fields_.get("knockback", kind in ("normal", "killing"))),
                     does_body=bool(fields_.get("does_body", kind in ("normal", "killing"))),
                     **{k: v for k, v in fields_.items() if k not in ("knockback", "does_body")})
    atk = _priced(atk, p, points, end_factor)
    d.attacks.append(atk)
    mods, dropped = sort_modifiers(p, read)
    dropped = dropped or any(c.status != IMPORTED for c in dice_lines if c.combat)
    if dice.count == MAX_DICE and p.levels > MAX_DICE:
        notes.append(f"held to the engine's {MAX_DICE} dice an attack")
    into = f'attack "{name}": {kind} {dice}' + (" + STR" if adds_str else "") + f" vs {defense}" + \
           (f", {atk.range_m} m" if not atk.hth else ", hand-to-hand") + f", {points} AP" + \
           (f", {atk.end} END" if atk.end is not None else "")
    status = IN_PART if dropped or notes else IMPORTED
    return Entry(p.label, "power", status, into=into, why="; ".join(notes), combat=True,
                 children=dice_lines + mods)


def _priced(atk: HeroAttack, p: Part, points: int, end_factor: int) -> HeroAttack:
    """Active Points and END as the file's power costs them, written on the attack only where
    the engine would work out something else from the keys alone (an advantage it does not
    model raised them, or Increased Endurance Cost multiplies them)."""
    if points != costs.rounded(power_points(atk)):
        atk = replace(atk, active_points=points)
    if atk.charges is not None:
        return atk
    without_re = costs.active_points(p, without=frozenset({"REDUCEDEND"}))
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


@dataclass
class PendingLevels:
    """Combat Skill Levels bought for some attacks only, applied once every attack is read."""

    entry: Entry
    levels: int
    scope: str  # "hth", "ranged" or "named"
    hint: str  # the file's words for the attacks (its option alias or input)
    targets: list[str] | None = None  # the attacks of the Compound Power it came in, if any


@handles("SKILL_LEVELS")
def skill_levels(p: Part, d: Draft) -> Entry:
    """Skill Levels: Overall levels serve as Combat Skill Levels with every attack (6e); the
    others are for skills, which a battle here never rolls."""
    if "OVERALL" not in p.option.upper():
        return Entry(p.label, "skill", IGNORED, why="skill levels: skills are not rolled in a battle here", combat=False,
                     children=with_power(p))
    return combat_levels(replace(p, option="ALL"), d)


@handles("COMBAT_LEVELS")
def combat_levels(p: Part, d: Draft) -> Entry:
    """Combat Skill Levels. Levels with every attack are the engine's pool (usable each Phase
    for OCV, DCV or, two at a time in heroic games, damage). Levels bought for fewer attacks
    (one weapon, hand-to-hand, ranged) become +OCV on those attacks alone, once every attack is
    read (:func:`apply_levels`): counting a sword's levels with a ranged blast would make the
    character better than the sheet."""
    option = p.option.upper()
    levels = _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    if "MENTAL" in option:
        return Entry(p.label, "combat levels", IGNORED, why="mental levels: the engine has no mental combat yet",
                     combat=False, children=mods)
    if option in ("ALL", "ALLCOMBAT", "OVERALL", "ALLATTACKS"):
        d.csl += levels
        return Entry(p.label, "combat levels", IN_PART if dropped else IMPORTED, into=f"csl +{levels}",
                     combat=True, children=mods)
    words = f"{p.option} {p.option_alias}".upper()
    scope = "hth" if "HTH" in words or "HAND" in words else "ranged" if "RANGED" in words else "named"
    entry = Entry(p.label, "combat levels", IN_PART, combat=True, children=mods)
    d.pending.append(PendingLevels(entry, levels, scope, p.input or p.option_alias))
    return entry


def apply_levels(d: Draft) -> None:
    """Levels for some attacks, as +OCV on the attacks they name (see :func:`combat_levels`)."""
    for pl in d.pending:
        targets = pl.targets or [a.name for a in d.attacks if _levels_fit(pl, a)]
        if not targets:
            pl.entry.status = IGNORED
            pl.entry.why = f"cannot tell which attack {pl.hint!r} means: the sheet's attacks are " + \
                           ", ".join(a.name for a in d.attacks)
            continue
        d.attacks = [replace(a, ocv=max(-10, min(10, a.ocv + pl.levels))) if a.name in targets else a
                     for a in d.attacks]
        pl.entry.into = f"+{pl.levels} OCV with {', '.join(targets)}"
        pl.entry.why = "levels for some attacks count here for OCV only (not DCV or damage)"


def _levels_fit(pl: PendingLevels, a: HeroAttack) -> bool:
    if pl.scope == "hth":
        return a.hth and not a.uses_str_only
    if pl.scope == "ranged":
        return not a.hth
    hint, name = pl.hint.lower().removeprefix("with ").strip(), a.name.lower()
    return bool(hint) and (hint in name or name in hint)


# --- Martial Arts --------------------------------------------------------------------------

_EFFECT_KIND = {"[NORMALDC]": "normal", "[KILLINGDC]": "killing"}


@handles("MANEUVER")
def martial_maneuver(p: Part, d: Draft) -> Entry:
    """A Martial Arts strike (rules-powers §4.3) as a hand-to-hand attack. Hero Designer writes
    each maneuver's OCV, DCV, DCs and effect on it (``EFFECT="[NORMALDC] Strike"``), so a custom
    one reads like a standard one. A normal strike is STR plus its DCs and the Extra DCs bought
    with Martial Arts (``martial_dcs``, added like a Haymaker's); a killing one is its own
    killing dice (Killing Strike: 2 DC, ½d6) plus STR, and the Extra DCs. Maneuvers cost no END
    of their own (only the STR used). Not modelled: a DCV bonus, an effect beyond the damage
    (the target falls, must follow a Block); maneuvers that are not strikes (Block, Dodge, Grab,
    Throw, NND strikes) and weapon maneuvers are ignored."""
    effect = p.attrs.get("EFFECT", "")
    kind = next((k for tag, k in _EFFECT_KIND.items() if effect.startswith(tag)), None)
    shown = p.attrs.get("DISPLAY", "") or effect
    if p.flag("USEWEAPON"):
        return Entry(p.label, "maneuver", IGNORED, why="a weapon maneuver: not modelled yet", combat=True)
    if kind is None:
        return Entry(p.label, "maneuver", IGNORED, why=f"not a damage strike ({shown}: {effect}): not modelled yet",
                     combat=True)
    if len(d.attacks) >= MAX_ATTACKS:
        return Entry(p.label, "maneuver", IGNORED, why=f"the engine takes {MAX_ATTACKS} attacks a sheet", combat=True)
    own = _count(p.number("DC"))
    extra = min(d.martial_dcs, 60)
    adds_str = p.flag("ADDSTR")
    if kind == "killing":
        if not own:
            return Entry(p.label, "maneuver", IGNORED, why="a killing maneuver with no damage of its own", combat=True)
        dice, added = killing_dice_for_dc(min(own, 3 * MAX_DICE)), extra
    elif adds_str:
        dice, added = DamageDice(), min(own + extra, 60)
    else:
        if not own + extra:
            return Entry(p.label, "maneuver", IGNORED, why="a strike with no damage (no DCs, no STR)", combat=True)
        dice, added = DamageDice(min(own + extra, MAX_DICE)), 0
    ocv = max(-10, min(10, _n(p.number("OCV"))))
    dcv = _n(p.number("DCV"))
    name = d.attack_name(p.name or p.alias or "Maneuver")
    atk = HeroAttack(name=name, kind=kind, dice=dice, hth=True, adds_str=adds_str, ocv=ocv, end=0, martial_dcs=added)
    d.attacks.append(atk)
    rest = re.sub(r"^\[[A-Z]+DC\]\s*(Strike)?[,\s]*", "", effect).strip()
    dropped = ([f"DCV {dcv:+d}"] if dcv else []) + ([rest.lower()] if rest else [])
    into = (f'attack "{name}": {kind} ' + (f"{dice} + " if dice != DamageDice() else "") + ("STR" if adds_str else "")
            + (f" +{added} DC" if added else "") + f", OCV {ocv:+d}, no END of its own")
    return Entry(p.label, "maneuver", IN_PART if dropped else IMPORTED, into=into.replace(" + ,", ","),
                 why="not modelled: " + ", ".join(dropped) if dropped else "", combat=True)


@handles("EXTRADC")
def extra_dcs(p: Part, d: Draft) -> Entry:
    """Extra Damage Classes bought with Martial Arts: added to each martial strike (the importer
    counts them before it reads the maneuvers). Ranged ones wait for ranged martial maneuvers."""
    if "RANGED" in p.alias.upper():
        return Entry(p.label, "maneuver", IGNORED, why="ranged martial DCs: ranged maneuvers are not modelled yet",
                     combat=True)
    return Entry(p.label, "maneuver", IMPORTED, into=f"+{_count(p.levels)} DC on each martial strike", combat=True)


# --- what is not modelled ------------------------------------------------------------------

#: Parts the engine does not model yet, with the reason the report gives.
NOT_MODELLED: dict[str, str] = {
    "EGOATTACK": "Mental Blast: the engine has no mental attacks yet",
    "DRAIN": "adjustment powers are not modelled yet", "AID": "adjustment powers are not modelled yet",
    "HEALING": "adjustment powers are not modelled yet", "TRANSFER": "adjustment powers are not modelled yet",
    "ABSORPTION": "Absorption is not modelled yet", "ENTANGLE": "Entangle is not modelled yet",
    "FLASH": "Flash is not modelled yet", "DARKNESS": "Darkness is not modelled yet",
    "TELEKINESIS": "Telekinesis is not modelled yet", "MINDCONTROL": "mental powers are not modelled yet",
    "TRANSFORM": "Transform is not modelled yet", "DEFLECTION": "Deflection is not modelled yet",
    "DESOLIDIFICATION": "Desolidification is not modelled yet", "INVISIBILITY": "Invisibility is not modelled yet",
    "TELEPORTATION": "the engine moves by Running and Flight only", "TUNNELING": "the engine moves by Running and Flight only",
    "SWINGING": "the engine moves by Running and Flight only", "DENSITYINCREASE": "Density Increase is not modelled yet",
    "GROWTH": "Growth is not modelled yet", "SHRINKING": "Shrinking is not modelled yet",
    "REGENERATION": "Regeneration is not modelled yet", "DAMAGESHIELD": "Damage Shield is not modelled yet",
    "CUSTOMPOWER": "a custom power: no rule to apply", "IMAGES": "sense-affecting powers are not modelled yet",
    "CHANGEENVIRONMENT": "Change Environment is left to the scenario (rules-powers §3.7)",
    "WEAPON_ELEMENT": "Martial Arts weapon elements go with the maneuvers, not modelled yet",
    "PENALTY_SKILL_LEVELS": "Penalty Skill Levels are not modelled yet",
    "DEADLYBLOW": "Deadly Blow's circumstance dice are not modelled yet",
    "WEAPON_MASTER": "Weapon Master's extra dice are not modelled yet",
    "LIGHTNING_REFLEXES": "Lightning Reflexes: the engine orders Phases by DEX alone",
    "DEFENSE_MANEUVER": "Defense Maneuver is not modelled yet",
    "TWO_WEAPON_FIGHTING_HTH": "not modelled yet", "TWO_WEAPON_FIGHTING_RANGED": "not modelled yet",
    "RAPID_ATTACK_HTH": "not modelled yet", "RAPID_ATTACK_RANGED": "not modelled yet",
    "MISSILEDEFLECTION": "Deflection is not modelled yet", "ENDURANCERESERVE": "an END Reserve is not modelled yet",
    "DUPLICATION": "Duplication is not modelled yet", "SUMMON": "Summon is not modelled yet",
    "AUTOMATON": "automaton powers are not modelled yet", "DOESNOTBLEED": "automaton powers are not modelled yet",
    "TAKESNOSTUN": "automaton powers are not modelled yet", "VPP": "a Variable Power Pool is out of scope "
    "(rules-powers §5.2)", "ELEMENTAL_CONTROL": "Elemental Control is 5th Edition only (rules-powers §5.3)",
}

#: Sections and parts that are known not to change a fight.
OUTSIDE_A_FIGHT_SECTIONS = {"SKILLS": "skills are not rolled in a battle here", "PERKS": "perks do not change a fight",
                            "DISADVANTAGES": "complications are for the story, not the fight"}
OUTSIDE_A_FIGHT = {
    "ENHANCEDPERCEPTION": "senses are not modelled (everyone sees the whole map)",
    "NIGHTVISION": "senses are not modelled (everyone sees the whole map)",
    "DETECT": "senses are not modelled (everyone sees the whole map)",
    "CLAIRSENTIENCE": "senses are not modelled (everyone sees the whole map)",
    "INFRAREDPERCEPTION": "senses are not modelled", "ULTRAVIOLETPERCEPTION": "senses are not modelled",
    "TELESCOPIC": "senses are not modelled", "MICROSCOPIC": "senses are not modelled",
    "RADIOPERCEPTION": "senses are not modelled", "MENTALAWARENESS": "senses are not modelled",
    "TELEPATHY": "not a fight power here", "MINDLINK": "not a fight power here",
    "EXTRADIMENSIONALMOVEMENT": "not a fight power here", "FTL": "not a fight power here",
    "SHAPESHIFT": "not a fight power here", "LANGUAGES": "a language", "LINGUIST": "languages",
}


#: Talents that do not change a fight (an unknown one is assumed to).
QUIET_TALENTS = frozenset({
    "ABSOLUTE_RANGE_SENSE", "ABSOLUTE_TIME_SENSE", "BUMP_OF_DIRECTION", "EIDETIC_MEMORY", "ENVIRONMENTAL_MOVEMENT",
    "LIGHTNING_CALCULATOR", "PERFECT_PITCH", "SPEED_READING", "UNIVERSAL_TRANSLATOR", "WELL_CONNECTED",
    "DOUBLE_JOINTED", "SIMULATE_DEATH", "RESISTANCE", "SPELL", "FAMILIARITY", "CUSTOMTALENT_NONCOMBAT",
    "ABSOLUTERANGESENSE", "ABSOLUTETIMESENSE", "BUMPOFDIRECTION", "EIDETICMEMORY", "LIGHTNINGCALCULATOR",
    "PERFECTPITCH", "SPEEDREADING", "UNIVERSALTRANSLATOR", "DOUBLEJOINTED", "SIMULATEDEATH",
})


def ignored(p: Part, section: str) -> Entry:
    """A part no handler reads: ignored, with the most specific reason known."""
    if p.xmlid in NOT_MODELLED:
        why, combat = NOT_MODELLED[p.xmlid], True
    elif p.xmlid in OUTSIDE_A_FIGHT:
        why, combat = OUTSIDE_A_FIGHT[p.xmlid], False
    elif section in OUTSIDE_A_FIGHT_SECTIONS and p.xmlid not in ("COMBAT_LEVELS",):
        why, combat = OUTSIDE_A_FIGHT_SECTIONS[section], False
    elif section == "TALENTS" and p.xmlid in QUIET_TALENTS:
        why, combat = "this talent does not change a fight", False
    elif section == "TALENTS":
        why, combat = "this talent is not modelled yet", True
    else:
        why, combat = "not modelled in a battle yet", True
    kind = {"SKILLS": "skill", "PERKS": "perk", "TALENTS": "talent", "MARTIALARTS": "maneuver",
            "DISADVANTAGES": "complication"}.get(section, "power")
    return Entry(p.label, kind, IGNORED, why=why, combat=combat, children=with_power(p))


__all__ = ["Draft", "HANDLERS", "MAX_ATTACKS", "apply_levels", "ignored"]
