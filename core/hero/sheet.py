"""A HERO character sheet and the scenario options, read from a scenario's TOML tables.

Everything here is frozen data: the sheet a scenario describes. What changes during a
battle (current STUN, position, conditions) lives in :mod:`core.hero.state`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..records import record
from ..schema import NOTHING, Table, did_you_mean, show, toml_type
from . import defense_keys
from .dice import MAX_DICE, DamageDice, parse_dice

#: 6e starting values. 6e has no figured characteristics: each is bought on its own.
BASE_CHARACTERISTICS: dict[str, int] = {
    "STR": 10, "DEX": 10, "CON": 10, "INT": 10, "EGO": 10, "PRE": 10,
    "OCV": 3, "DCV": 3, "OMCV": 3, "DMCV": 3, "SPD": 2,
    "PD": 2, "ED": 2, "REC": 4, "END": 20, "BODY": 10, "STUN": 20,
}

_LIMITS: dict[str, tuple[int, int]] = {"SPD": (1, 12), "BODY": (1, 500), "STUN": (1, 1000), "END": (0, 1000)}

#: Powers whose hit does something other than damage (rules-powers §3.2-3.4; their rules are in
#: :mod:`.powers`): Entangle, Flash and Drain are rolled at a foe; Aid and Healing touch a friend.
EFFECT_KINDS = ("entangle", "flash", "drain", "aid", "healing")
#: A Presence Attack (rules-powers §3.6): PRE's dice (and any extra ``dice``) against each foe's PRE.
ATTACK_KINDS = ("normal", "killing", "nnd", "avld", "mental", *EFFECT_KINDS, "presence")
#: The characteristics a Drain or an Aid may change (6E1 p135 via rules-powers §3.4). STUN, BODY
#: and END are pools: the points move the maximum and the value now alike (:func:`.powers.readjust`).
ADJUSTABLE = ("STR", "DEX", "CON", "INT", "EGO", "PRE", "OCV", "DCV", "OMCV", "DMCV", "SPD", "PD", "ED", "REC",
              "END", "BODY", "STUN")
FLASH_DEFENSE = "Flash Defense"
POWER_DEFENSE = "Power Defense"
#: The special defense each effect power meets ("": none).
EFFECT_DEFENSE = {"entangle": "", "flash": FLASH_DEFENSE, "drain": POWER_DEFENSE, "aid": "", "healing": ""}
#: A Mental Blast reaches anyone in line of sight, with no Range Modifier (rules-powers §3.5):
#: as far as any map goes.
LINE_OF_SIGHT_M = 2000
MENTAL_DEFENSE = "Mental Defense"
CAMPAIGNS = ("superheroic", "heroic")


@record
class Characteristics:
    STR: int = 10
    DEX: int = 10
    CON: int = 10
    INT: int = 10
    EGO: int = 10
    PRE: int = 10
    OCV: int = 3
    DCV: int = 3
    OMCV: int = 3
    DMCV: int = 3
    SPD: int = 2
    PD: int = 2
    ED: int = 2
    REC: int = 4
    END: int = 20
    BODY: int = 10
    STUN: int = 20


@record
class HeroAttack:
    """One attack on a sheet.

    ``dice`` is the attack's own damage (a punch has none: its damage is STR).
    ``hth`` attacks reach an adjacent cell and add STR when ``adds_str``; ranged ones reach
    ``range_m`` metres. ``defense`` is PD or ED for Normal and Killing attacks and the named
    special defense for NND and AVLD.
    """

    name: str
    kind: str = "normal"
    dice: DamageDice = DamageDice()
    hth: bool = True
    adds_str: bool = True
    range_m: int = 0
    defense: str = "PD"
    end: int | None = None
    ocv: int = 0
    str_min: int = 0
    knockback: bool = True
    does_body: bool = True
    stun_multiplier_bonus: int = 0
    active_points: int | None = None
    armor_piercing: int = 0  # levels: each defense not Hardened as high counts half
    penetrating: int = 0  # levels: a floor on the damage taken
    knockback_multiplier: int = 1  # 2 with Double Knockback (``knockback = "double"``)
    reduced_end: str = ""  # "half" (½ END, minimum 1) or "zero"
    charges: int | None = None  # uses in the battle, none of them costing END
    standard_effect: bool = False  # no dice rolled: 3 a die (rules-powers §4.7)
    martial_dcs: int | None = None  # a Martial Arts maneuver: the DCs it adds (rules-powers §4.3)
    autofire: int = 0  # shots a burst fires (rules-powers §1.5); 0: not an Autofire attack
    characteristic: str = ""  # what a Drain or an Aid changes (rules-powers §3.4)
    entangle_defense: int = 0  # an Entangle's rPD and rED beyond 1 a die (rules-powers §3.2)
    dcv: int = 0  # DCV its user has until its next Phase (a Martial Arts maneuver's, rules-powers §4.3)
    falls: bool = False  # its target falls (is knocked prone) on a hit (Legsweep, Martial Throw)
    focus: str = ""  # a Focus: "OAF" or "IAF" can be knocked away by a Disarm (rules-powers §4.2)
    area: str = ""  # Area Of Effect (rules-powers §1.4): "radius", "cone" or "line"; "": none
    area_m: int = 0  # the area's size: a Radius's radius, a Cone's or Line's length, in metres
    explosion: bool = False  # the area's damage falls off from its centre (1 DC per 2 m)

    @property
    def mental(self) -> bool:
        """A Mental Blast (rules-powers §3.5): 11 + OMCV - DMCV, line of sight, STUN only, no
        knockback, Mental Defense off the STUN."""
        return self.kind == "mental"

    @property
    def presence(self) -> bool:
        """A Presence Attack (rules-powers §3.6): a Zero-Phase action against every foe in sight."""
        return self.kind == "presence"

    @property
    def effect(self) -> bool:
        """A power whose hit does no damage but something else (:data:`EFFECT_KINDS`)."""
        return self.kind in EFFECT_KINDS

    @property
    def helps(self) -> bool:
        """A power used on a friend (Aid, Healing): touch, and no roll against a willing target."""
        return self.kind in ("aid", "healing")

    @property
    def spreads(self) -> bool:
        """A Cone or a Line: an area that starts at its user and reaches its own length."""
        return self.area in ("cone", "line")

    @property
    def uses_str_only(self) -> bool:
        return self.dice == DamageDice() and self.adds_str


@record
class Multipower:
    """A Multipower (rules-powers §5.1): a reserve of Active Points and the attacks that are its
    slots, one in use at a time."""

    name: str
    reserve: int
    slots: tuple[str, ...]


@record
class HeroSheet:
    characteristics: Characteristics
    rPD: int = 0
    rED: int = 0
    knockback_resistance: int = 0
    running: int = 12
    flying: bool = False
    csl: int = 0
    special_defenses: tuple[tuple[str, int], ...] = ()
    attacks: tuple[HeroAttack, ...] = ()
    hardened: tuple[int, int, int, int] = (0, 0, 0, 0)  # levels on PD, ED, rPD, rED
    impenetrable: tuple[int, int, int, int] = (0, 0, 0, 0)
    damage_reduction: tuple[int, int] = (0, 0)  # percent against physical (PD) and energy (ED) attacks
    damage_reduction_resistant: bool = True
    damage_negation: tuple[int, int] = (0, 0)  # DCs off physical and energy attacks
    martial_arts: tuple[str, ...] = ()  # the Martial Arts maneuvers it knows (:mod:`.martial`)
    martial_extra_dcs: int = 0  # Extra DCs bought with Martial Arts: added to each martial strike
    multipowers: tuple[Multipower, ...] = ()

    def multipower_of(self, attack: str) -> Multipower | None:
        """The Multipower ``attack`` is a slot of, if any."""
        return next((m for m in self.multipowers if attack in m.slots), None)

    def special(self) -> dict[str, int]:
        return dict(self.special_defenses)


@record
class HeroOptions:
    """Scenario ``[rules]`` for HERO. Defaults follow the seed; the other readings are options."""

    campaign: str = "superheroic"
    stun_multiplier: str = "1d6-1"  # seed; "half-d6" is the other 6e reading
    doubling_cap: bool = True  # seed: never more than double the base attack
    knockout: str = "below-zero"  # seed: STUN taken > current STUN; "zero": at 0 or less
    minimum_stun: bool = False  # seed (Taking Damage 2d); true: 6e's STUN taken never less than BODY taken
    knockback: str = "full"  # "full", "knockdown" (heroic option), "off"
    str_end: str = ""  # "" = by campaign (heroic 1 per 5 STR, superheroic 1 per 10)
    killing_minus_one: bool = False  # write 2-DC killing steps as 1d6-1 instead of ½d6
    deep_ko: str = "never"  # recovery below -30 STUN: "never" or "once-a-minute"
    dying_can_act: bool = False
    push_roll_superheroic: bool = False
    stun_recovery_slips: bool = True  # rules §4.6: hurt again while Stunned, the recovery waits a Phase
    hit_locations: bool = False  # 6e optional rule (hero6e.md §7.3), with placed shots


def parse_options(t: Table) -> HeroOptions:
    opts = HeroOptions(
        campaign=t.choice("campaign", CAMPAIGNS, "superheroic"),
        stun_multiplier=t.choice("stun_multiplier", ("1d6-1", "half-d6"), "1d6-1"),
        doubling_cap=t.boolean("doubling_cap", True),
        knockout=t.choice("knockout", ("below-zero", "zero"), "below-zero"),
        minimum_stun=t.boolean("minimum_stun", False),
        knockback=t.choice("knockback", ("full", "knockdown", "off"), "full"),
        str_end=t.choice("str_end", ("", "per-5", "per-10"), ""),
        killing_minus_one=t.boolean("killing_minus_one", False),
        deep_ko=t.choice("deep_ko", ("never", "once-a-minute"), "never"),
        dying_can_act=t.boolean("dying_can_act", False),
        push_roll_superheroic=t.boolean("push_roll_superheroic", False),
        stun_recovery_slips=t.boolean("stun_recovery_slips", True),
        hit_locations=t.boolean("hit_locations", False),
    )
    t.finish()
    return opts


def dump_options(o: HeroOptions) -> dict[str, Any]:
    default = HeroOptions()
    return {f.name: getattr(o, f.name) for f in fields(o) if getattr(o, f.name) != getattr(default, f.name)}


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
    name = t.text("name", max_len=60)
    kind = t.choice("kind", ATTACK_KINDS, "normal")
    dice = t.custom("dice", _dice, 'HERO dice such as "12d6", "1d6-1" or "2½d6"', DamageDice())
    area, area_m, explosion = _parse_area(t)
    if area in ("cone", "line"):  # it starts at its user and reaches its own length
        if t.has("range"):
            t.problems.add(f"{t.path}.range", f"expected no range for a {area.title()} (it starts at its user and "
                                              f"reaches its own length, area.metres = {area_m}), got "
                                              f"{toml_type(t.raw('range'))} {show(t.raw('range'))}")
        hth, range_m = False, area_m
    else:
        hth, range_m = _parse_range(t, kind)
    default_defense = "PD" if kind in ("normal", "killing") and hth else ("ED" if kind in ("normal", "killing") else "")
    kind_known = t.data.get("kind", "normal") in ATTACK_KINDS  # else one mistake, not a second about defense
    if kind in ("normal", "killing") and kind_known:
        defense = t.choice("defense", ("PD", "ED"), default_defense)
    elif kind == "mental":
        defense = t.choice("defense", (MENTAL_DEFENSE,), MENTAL_DEFENSE)
    elif kind in EFFECT_KINDS:
        defense = _effect_defense(t, kind)
    elif kind == "presence":
        defense = t.choice("defense", ("PRE",), "PRE")  # its foes' PRE stands against it
    elif t.has("defense"):
        defense = t.text("defense", max_len=60)
    elif kind_known:
        defense = ""
        t.problems.add(f"{t.path}.defense", f"expected the name of the special defense that stops this {kind.upper()} "
                                            f'(e.g. "Life Support" or "Flash Defense"), got {NOTHING}')
    else:
        defense = default_defense
    adds_str = t.boolean("adds_str", hth and kind not in EFFECT_KINDS)
    if adds_str and not hth:
        t.problems.add(f"{t.path}.adds_str", "expected false for a ranged attack (STR adds only to hand-to-hand "
                                             "attacks), got true")
    elif adds_str and kind in EFFECT_KINDS:
        t.problems.add(f"{t.path}.adds_str", f"expected false for {_A[kind]} (STR adds damage, which it does not do), "
                                             "got true")
    if dice == DamageDice() and not adds_str and kind != "presence":  # a Presence Attack rolls PRE's dice
        if not t.has("dice"):
            t.problems.add(f"{t.path}.dice", f"expected dice for an attack that does not use STR, got {NOTHING}")
        elif _no_dice(t.data["dice"]):
            t.problems.add(f"{t.path}.dice", f"expected some dice for an attack that does not use STR, "
                                             f"got {show(t.data['dice'])}")
    atk = HeroAttack(
        name=name, kind=kind, dice=dice, hth=hth, adds_str=adds_str, range_m=range_m, defense=defense,
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
        area=area, area_m=area_m, explosion=explosion,
        characteristic=_characteristic(t, kind),
        entangle_defense=t.integer("entangle_defense", 0, lo=0, hi=30) if kind == "entangle" else 0,
        dcv=t.integer("dcv", 0, lo=-5, hi=10),
        falls=t.boolean("falls", False),
        focus=t.choice("focus", FOCI, "") if t.has("focus") else "",
    )
    _check_modifiers(t, atk)
    t.finish()
    return atk


def _parse_range(t: Table, kind: str) -> tuple[bool, int]:
    """(hand-to-hand?, metres) from ``range``: "hth" or metres; a Mental Blast's is line of sight."""
    rng = t.raw("range", "los" if kind in ("mental", "presence") else "hth")
    if kind in ("mental", "presence"):
        if rng != "los":
            what = "a Mental Blast" if kind == "mental" else "a Presence Attack"
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


AREA_SHAPES = ("radius", "cone", "line")


def _parse_area(t: Table) -> tuple[str, int, bool]:
    """``area = { shape = "radius", metres = 8, explosion = true }`` (rules-powers §1.4): the
    shape, its size in metres (a Radius's radius, a Cone's or Line's length) and whether its
    damage falls off from the centre."""
    if not t.has("area"):
        return "", 0, False
    at = t.table("area")
    if not isinstance(t.data.get("area"), dict):
        return "", 0, False  # already said: expected a table
    shape = at.choice("shape", AREA_SHAPES, "radius")
    metres = at.integer("metres", 2, lo=2, hi=200)
    explosion = at.boolean("explosion", False)
    if not at.has("shape"):
        at.problems.add(f"{at.path}.shape", f"expected one of {', '.join(repr(s) for s in AREA_SHAPES)}, got {NOTHING}")
    if not at.has("metres"):
        at.problems.add(f"{at.path}.metres", "expected the area's size in metres (a Radius's radius, a Cone's or "
                                             f"Line's length: an integer from 2 to 200), got {NOTHING}")
    at.finish()
    return shape, metres, explosion


#: A Focus (6e): Obvious or Inobvious, Accessible or Inaccessible. An Accessible one (OAF, IAF)
#: can be knocked away by a Disarm.
FOCI = ("OAF", "IAF", "OIF", "IIF")
ACCESSIBLE = ("OAF", "IAF")
_NO_DAMAGE = ("mental", *EFFECT_KINDS, "presence")
#: How the errors name each kind that fixes its own knockback, BODY and defense.
_A = {"mental": "a Mental Blast", "entangle": "an Entangle", "flash": "a Flash", "drain": "a Drain", "aid": "an Aid",
      "healing": "a Healing", "presence": "a Presence Attack"}
_WHY = {"mental": "STUN only, no knockback: rules-powers §3.5",
        **dict.fromkeys(EFFECT_KINDS, "it does no damage and no knockback: rules-powers §1.7, §3.2-3.4"),
        "presence": "it does no damage: rules-powers §3.6"}


def _never(t: Table, key: str, kind: str) -> bool:
    """A Mental Blast does STUN only and no knockback (rules-powers §3.5), the effect powers no
    damage at all: the key may only say so."""
    value = t.raw(key, False)  # read, so no "unknown key" besides
    if value is not False:
        t.problems.add(f"{t.path}.{key}", f"expected false or nothing for {_A[kind]} ({_WHY[kind]}), "
                                          f"got {toml_type(value)} {show(value)}")
    return False


def _effect_defense(t: Table, kind: str) -> str:
    """The special defense an effect power meets is the rules' own (Flash Defense, Power Defense;
    an Entangle, an Aid and a Healing meet none): the key may only name it."""
    own = EFFECT_DEFENSE[kind]
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
    if atk.martial_dcs is not None and not atk.hth:
        t.problems.add(f"{t.path}.martial_dcs", f"expected a hand-to-hand attack for a Martial Arts maneuver, got "
                                                f"range {atk.range_m}")
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
    for key, value in (("area", atk.area), ("autofire", atk.autofire), ("martial_dcs", atk.martial_dcs),
                       ("stun_multiplier_bonus", atk.stun_multiplier_bonus)):
        if value:
            t.problems.add(f"{t.path}.{key}", f"expected no {key} on {a} (not modelled for the effect powers), "
                                              f"got {show(value)}")


def _check_area(t: Table, atk: HeroAttack) -> None:
    """What an Area Of Effect cannot be here: a STR blow, a Mental Blast, a burst, a maneuver, or
    a Radius with no range to be placed at."""
    path = f"{t.path}.area"
    if atk.uses_str_only:
        t.problems.add(path, "expected dice for an area attack (an area is a power's, not a STR blow's), got none")
    elif atk.mental:
        t.problems.add(path, "expected no area on a Mental Blast (mental areas are not modelled), got "
                             f"a {atk.area.title()}")
    elif atk.autofire:
        t.problems.add(path, f"expected an area or autofire, not both (Area Of Effect Autofire is not modelled), "
                             f"got a {atk.area.title()} with autofire = {atk.autofire}")
    elif atk.martial_dcs is not None:
        t.problems.add(path, "expected no area on a Martial Arts maneuver (a maneuver is one blow), got "
                             f"a {atk.area.title()}")
    elif atk.area == "radius" and atk.hth:
        t.problems.add(f"{t.path}.range", "expected a range in metres for a Radius (it is centred on a cell within "
                                          'range; write range = 40, say), got "hth"')


def dump_attack(a: HeroAttack) -> dict[str, Any]:
    out: dict[str, Any] = {"name": a.name, "kind": a.kind}
    if a.dice != DamageDice():
        out["dice"] = str(a.dice)
    if a.area:
        out["area"] = {"shape": a.area, "metres": a.area_m, **({"explosion": True} if a.explosion else {})}
    if not a.mental and not a.presence and not a.spreads:  # the rules fix their range; a Cone's or Line's its length
        out["range"] = "hth" if a.hth else a.range_m
        if a.kind in ("nnd", "avld") or (not a.effect and not a.presence and a.defense != ("PD" if a.hth else "ED")):
            out["defense"] = a.defense
    if a.adds_str != (a.hth and not a.effect):
        out["adds_str"] = a.adds_str
    for key, default in (("end", None), ("ocv", 0), ("str_min", 0), ("stun_multiplier_bonus", 0), ("active_points", None),
                         ("armor_piercing", 0), ("penetrating", 0), ("reduced_end", ""), ("charges", None),
                         ("standard_effect", False), ("martial_dcs", None), ("autofire", 0),
                         ("characteristic", ""), ("entangle_defense", 0), ("dcv", 0), ("falls", False), ("focus", "")):
        if getattr(a, key) != default:
            out[key] = getattr(a, key)
    if a.knockback_multiplier == 2:
        out["knockback"] = "double"
    elif a.knockback != (a.kind in ("normal", "killing")) and a.kind not in _NO_DAMAGE:
        out["knockback"] = a.knockback
    if a.does_body != (a.kind in ("normal", "killing")) and a.kind not in _NO_DAMAGE:
        out["does_body"] = a.does_body
    return out


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


def _multipower(mt: Table, attacks: tuple[HeroAttack, ...]) -> Multipower:
    """``[[...multipowers]]`` ``name``, ``reserve``, ``slots`` (rules-powers §5.1): each slot an
    attack of the sheet whose Active Points fit in the reserve."""
    from .combat import power_points

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
    from .martial import NOT_MODELLED, TABLE, strike_attack

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


__all__ = [
    "BASE_CHARACTERISTICS",
    "MAX_DICE",
    "Characteristics",
    "HeroAttack",
    "HeroOptions",
    "HeroSheet",
    "dump_options",
    "dump_sheet",
    "parse_options",
    "parse_sheet",
]
