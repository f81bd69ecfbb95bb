"""Rolling damage and taking it: the seed's Normal, Killing, NND and AVLD rules.

Rolling (``roll_*``) turns faces into STUN and BODY; taking (``take_damage``) subtracts the
right defenses. Both are pure: the dice faces come in, numbers come out.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..rules.records import record
from .dice import DamageDice, count_killing_body, normal_sums
from .rounding import hero_divide, hero_round


@record
class DamageRoll:
    """What the dice did, before any defense."""

    kind: str
    dice: str
    faces: tuple[int, ...]
    stun: int
    body: int
    multiplier: int = 0  # Killing STUN multiplier (0 for other kinds)
    multiplier_face: int = 0
    doubled: str = ""  # why STUN was doubled, e.g. "target knocked out"
    normal_body: int = -1  # Killing: the BODY the dice would count as Normal damage (Penetrating's floor)
    steps: tuple[DamageStep, ...] = ()  # what modified the roll (Standard Effect), for the log


@record
class DamageStep:
    """One modifier at work in taking a hit, as the log shows it: ``modifier`` at ``level``
    (Armor Piercing levels, a Damage Reduction percentage...) turned ``part`` from ``before``
    into ``after`` (rPD 12 -> 6; STUN taken 20 -> 10)."""

    modifier: str
    level: int
    part: str
    before: int
    after: int


def roll_normal(dice: DamageDice, faces: tuple[int, ...], kind: str = "normal", does_body: bool = True) -> DamageRoll:
    """Normal damage (also NND/AVLD dice): the total is STUN; BODY 0/1/2 per die (1 / 2-5 / 6).

    NND and AVLD attacks do STUN only unless bought to do BODY (``does_body``).
    """
    stun, body = normal_sums(dice, faces)
    return DamageRoll(kind, str(dice), faces, stun, body if does_body else 0)


def stun_multiplier(face: int, rule: str, levels: int = 0) -> int:
    """Killing STUN multiplier. Seed: 1d6-1, minimum 1. Option ``half-d6``: ½d6 (1-3).

    ``levels`` are Increased (+1 each, at most +5) or Decreased (-1 each) STUN Multiplier
    levels, added to the roll before the floor of 1 (hero6e-powers.md §1.6): 1d6-1 rolling a 1
    with +1 level is x1, not x2, and -2 levels on a 6 is x3.
    """
    base = (face + 1) // 2 if rule == "half-d6" else face - 1
    total = base + levels
    return total if total > 1 else 1


def roll_killing(dice: DamageDice, faces: tuple[int, ...], multiplier_face: int, rule: str = "1d6-1",
                 bonus: int = 0) -> DamageRoll:
    """Killing damage: the total is BODY; STUN = BODY x the STUN multiplier."""
    body = count_killing_body(dice, faces)
    mult = stun_multiplier(multiplier_face, rule, bonus)
    return DamageRoll("killing", str(dice), faces, body * mult, body, mult, multiplier_face,
                      normal_body=normal_sums(dice, faces)[1])


def standard_effect(dice: DamageDice, kind: str, does_body: bool = True) -> tuple[int, int, DamageStep]:
    """Standard Effect (rules-powers §4.7): no dice rolled. Normal: 3 STUN and 1 BODY a die, 1 STUN
    and no BODY for a half die, a pip adds STUN. Killing: 3 BODY a die, 1 for a half die, the pip
    adds or takes 1 (the STUN multiplier is still rolled). (STUN or BODY, the step for the log.)"""
    value = 3 * dice.count + (1 if dice.half else 0) + dice.pip
    value = value if value > 0 else 0
    if kind == "killing":
        return 0, value, DamageStep("standard effect", 3, "BODY", 0, value)
    body = dice.count if does_body else 0
    return value, body, DamageStep("standard effect", 3, "STUN", 0, value)


def double_stun(roll: DamageRoll, why: str) -> DamageRoll:
    """A Knocked-Out target takes x2 STUN from hits: the STUN rolled doubles, before defenses."""
    return DamageRoll(roll.kind, roll.dice, roll.faces, roll.stun * 2, roll.body, roll.multiplier,
                      roll.multiplier_face, why, roll.normal_body, roll.steps)


@record
class Defenses:
    """The target's defenses against one attack."""

    normal: int  # PD or ED
    resistant: int  # rPD or rED
    special: Mapping[str, int]  # named defenses for NND/AVLD (e.g. "Life Support": 1)
    names: tuple[str, str] = ("PD", "rPD")  # what the log calls the two
    hardened: tuple[int, int] = (0, 0)  # Hardened levels of the normal and the resistant defense
    impenetrable: tuple[int, int] = (0, 0)  # Impenetrable levels of the two
    reduction: int = 0  # Damage Reduction, percent (25, 50, 75)
    reduction_resistant: bool = True  # resistant DR also lowers a killing attack's BODY
    negation: int = 0  # Damage Negation: DCs taken off the attack before it is rolled


@record
class DamageTaken:
    stun: int
    body: int
    stun_defense: int
    body_defense: int
    rule: str  # which taking-damage case applied, for the log
    steps: tuple[DamageStep, ...] = ()  # the modifiers at work, in the order they applied
    defense: str = ""  # the normal defense's name ("PD", "ED"; its resistant part is "r" + it), for the log


def take_damage(roll: DamageRoll, defenses: Defenses, special_defense: str = "",
                minimum_stun_equals_body: bool = False, *, armor_piercing: int = 0, penetrating: int = 0,
                location: tuple[Fraction, Fraction] | None = None) -> DamageTaken:
    """Take a hit, in the order rules-powers §0 gives (steps 6-10):

    1. Armor Piercing halves each defense not Hardened to at least its level (:func:`pierce`).
    2. The seed's Taking Damage cases 1-4:
       1 Normal: normal + resistant defense comes off STUN and BODY.
       2 Killing: resistant defense comes off BODY (normal defense never does); STUN is taken
         whole if the target has no resistant defense, else minus normal + resistant.
       3 NND: the applicable defense stops it all; without it, everything goes through.
       4 AVLD: the applicable defense is subtracted as for Normal damage; without it, all of it.
    3. Hit-location multipliers on STUN and BODY taken, when a house rule passes ``location``.
    4. Damage Reduction (:func:`reduce`), 5. the Penetrating floor (:func:`penetrate`).
    6. Only with the ``minimum_stun`` option (6e beyond the seed, hero6e.md §3.4 step 6), a
       target never takes less STUN than BODY; last, as Foundry learnt (rules-powers §6.2).
    The seed's case 2d is the default: a killing hit whose STUN the defenses stop leaves 0 STUN
    whatever BODY gets through. Armor Piercing, Damage Reduction and Penetrating work on Normal
    and Killing attacks; an NND or AVLD meets only its named defense.
    """
    steps: list[DamageStep] = []
    physical = roll.kind in ("normal", "killing")
    normal, resistant = defenses.normal, defenses.resistant
    if armor_piercing and physical:
        normal, resistant = pierce(defenses, armor_piercing, steps)
    case = _case(roll, defenses, special_defense, normal, resistant)
    if isinstance(case, DamageTaken):
        return case  # an NND its defense stops
    stun, body, sd, bd, rule = case
    stun, body = (stun if stun > 0 else 0), (body if body > 0 else 0)
    if location is not None:
        stun, body = hero_round(stun * location[0], False), hero_round(body * location[1], False)
    if defenses.reduction and physical:
        stun, body = reduce(stun, body, roll.kind, defenses, steps)
    if penetrating and physical:
        stun, body = penetrate(stun, body, roll, defenses, penetrating, steps)
    if minimum_stun_equals_body and stun < body:
        stun = body
    return DamageTaken(stun, body, sd, bd, rule, tuple(steps), defenses.names[0] if physical else "")


def _case(roll: DamageRoll, defenses: Defenses, special_defense: str, normal: int, resistant: int
          ) -> tuple[int, int, int, int, str] | DamageTaken:
    """The seed's Taking Damage case for the roll's kind (and a Mental Blast's, rules-powers
    §3.5): (STUN, BODY before the floor at 0, STUN and BODY the defenses took, the rule), or
    the whole result when an NND's defense stops it."""
    total = normal + resistant
    if roll.kind == "normal":
        return roll.stun - total, roll.body - total, total, total, "normal"
    if roll.kind == "killing":
        if resistant <= 0:
            return roll.stun, roll.body - resistant, 0, resistant, "killing, no resistant defense"
        return roll.stun - total, roll.body - resistant, total, resistant, "killing"
    value = defenses.special.get(special_defense, 0)
    if roll.kind == "nnd":
        if value > 0:
            return DamageTaken(0, 0, roll.stun, roll.body, f"NND stopped by {special_defense}")
        return roll.stun, roll.body, 0, 0, f"NND, no {special_defense}"
    if roll.kind == "avld":
        if value > 0:
            return roll.stun - value, roll.body - value, value, value, f"AVLD vs {special_defense}"
        return roll.stun, roll.body, 0, 0, f"AVLD, no {special_defense}"
    if roll.kind == "mental":  # STUN only, less Mental Defense
        if value > 0:
            return roll.stun - value, 0, value, 0, f"mental, {special_defense} {value}"
        return roll.stun, 0, 0, 0, f"mental, no {special_defense}"
    raise ValueError(f"unknown damage kind {roll.kind!r}")  # pragma: no cover - the schema admits only these


def pierce(defenses: Defenses, levels: int, steps: list[DamageStep]) -> tuple[int, int]:
    """Armor Piercing (rules-powers §1.2): each defense counts half, rounded in the defender's
    favour, unless it is Hardened to at least the Armor Piercing levels. Halved one by one, not
    summed first (the pitfall §1.2 names: 7 and 7 halve to 4 + 4, not to 7)."""
    out = []
    for value, hard, name in zip((defenses.normal, defenses.resistant), defenses.hardened, defenses.names):
        if value <= 0:
            out.append(value)
        elif hard >= levels:
            steps.append(DamageStep("hardened", hard, name, value, value))
            out.append(value)
        else:
            half = hero_divide(value, 2, favour_up=True)
            steps.append(DamageStep("armor piercing", levels, name, value, half))
            out.append(half)
    return out[0], out[1]


def reduce(stun: int, body: int, kind: str, defenses: Defenses, steps: list[DamageStep]) -> tuple[int, int]:
    """Damage Reduction (rules-powers §2.1): after defenses, the STUN and BODY taken lose the
    percentage, rounded in the defender's favour. Non-resistant Damage Reduction does not lower
    a killing attack's BODY (our reading: as normal defenses never do, seed case 2b-i)."""
    pct = defenses.reduction
    keep = 100 - pct
    new_stun = hero_round(Fraction(stun * keep, 100) if isinstance(stun, int) else stun * keep / 100, False)
    new_body = body
    if kind != "killing" or defenses.reduction_resistant:
        new_body = hero_round(Fraction(body * keep, 100) if isinstance(body, int) else body * keep / 100, False)
    if new_stun != stun:
        steps.append(DamageStep("damage reduction", pct, "STUN", stun, new_stun))
    if new_body != body:
        steps.append(DamageStep("damage reduction", pct, "BODY", body, new_body))
    return new_stun, new_body


def penetrate(stun: int, body: int, roll: DamageRoll, defenses: Defenses, levels: int,
              steps: list[DamageStep]) -> tuple[int, int]:
    """Penetrating (rules-powers §1.3): a Normal hit does at least its BODY rolled as STUN; a
    Killing hit at least the BODY its dice would count as Normal damage. Each defense Impenetrable
    to at least the Penetrating levels takes its value off that floor (for a Killing hit only the
    resistant one: normal defense never stops killing BODY)."""
    if roll.kind == "killing":
        floor = roll.normal_body if roll.normal_body >= 0 else roll.body
        stopping: tuple[tuple[int, int, str], ...] = ((defenses.resistant, defenses.impenetrable[1], defenses.names[1]),)
    else:
        floor = roll.body
        stopping = tuple(zip((defenses.normal, defenses.resistant), defenses.impenetrable, defenses.names))
    for value, imp, name in stopping:
        if imp >= levels and value > 0:
            lower = floor - value if floor - value > 0 else 0
            steps.append(DamageStep("impenetrable", imp, name, floor, lower))
            floor = lower
    if roll.kind == "killing":
        if body < floor:
            steps.append(DamageStep("penetrating", levels, "BODY", body, floor))
            return stun, floor
    elif stun < floor:
        steps.append(DamageStep("penetrating", levels, "STUN", stun, floor))
        return floor, body
    return stun, body


def is_stunned(stun_taken: int, con: int) -> bool:
    """Stunned when the STUN taken from a single attack (after defenses) is greater than CON."""
    return stun_taken > con


def is_knocked_out(stun_after: int, rule: str = "below-zero") -> bool:
    """Knocked Out (seed): STUN taken greater than current STUN, i.e. STUN below 0 afterwards.

    Option ``zero``: knocked out at 0 STUN or less, as some implementations do.
    """
    return stun_after < 0 if rule == "below-zero" else stun_after <= 0


def is_dying(body: int) -> bool:
    """At or below 0 BODY a character is dying."""
    return body <= 0


def is_dead(body: int, max_body: int) -> bool:
    """Dead once BODY reaches the negative of the starting BODY (lost twice the original)."""
    return body <= -max_body
