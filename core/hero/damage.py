"""Rolling damage and taking it: the seed's Normal, Killing, NND and AVLD rules.

Rolling (``roll_*``) turns faces into STUN and BODY; taking (``take_damage``) subtracts the
right defenses. Both are pure: the dice faces come in, numbers come out.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..records import record
from .dice import DamageDice, count_killing_body, normal_sums


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
    return DamageRoll("killing", str(dice), faces, body * mult, body, mult, multiplier_face)


def double_stun(roll: DamageRoll, why: str) -> DamageRoll:
    """A Knocked-Out target takes x2 STUN from hits: the STUN rolled doubles, before defenses."""
    return DamageRoll(roll.kind, roll.dice, roll.faces, roll.stun * 2, roll.body, roll.multiplier,
                      roll.multiplier_face, why)


@record
class Defenses:
    """The target's defenses against one attack."""

    normal: int  # PD or ED
    resistant: int  # rPD or rED
    special: Mapping[str, int]  # named defenses for NND/AVLD (e.g. "Life Support": 1)


@record
class DamageTaken:
    stun: int
    body: int
    stun_defense: int
    body_defense: int
    rule: str  # which taking-damage case applied, for the log


def take_damage(roll: DamageRoll, defenses: Defenses, special_defense: str = "",
                minimum_stun_equals_body: bool = False) -> DamageTaken:
    """Apply defenses by the seed's Taking Damage cases 1-4.

    1 Normal: normal + resistant defense comes off STUN and BODY.
    2 Killing: resistant defense comes off BODY (normal defense never does); STUN is taken
      whole if the target has no resistant defense, else minus normal + resistant.
    3 NND: the applicable defense stops it all; without it, everything goes through.
    4 AVLD: the applicable defense is subtracted as for Normal damage; without it, all of it.
    Then, only with the ``minimum_stun`` option (6e beyond the seed, hero6e.md §3.4 step 6), a
    target never takes less STUN than BODY. The seed's case 2d is the default: a killing hit whose
    STUN the defenses stop leaves 0 STUN whatever BODY gets through.
    """
    total = defenses.normal + defenses.resistant
    if roll.kind == "normal":
        stun, body, sd, bd, rule = roll.stun - total, roll.body - total, total, total, "normal"
    elif roll.kind == "killing":
        body = roll.body - defenses.resistant
        bd = defenses.resistant
        if defenses.resistant <= 0:
            stun, sd, rule = roll.stun, 0, "killing, no resistant defense"
        else:
            stun, sd, rule = roll.stun - total, total, "killing"
    elif roll.kind == "nnd":
        has = defenses.special.get(special_defense, 0) > 0
        if has:
            return DamageTaken(0, 0, roll.stun, roll.body, f"NND stopped by {special_defense}")
        stun, body, sd, bd, rule = roll.stun, roll.body, 0, 0, f"NND, no {special_defense}"
    elif roll.kind == "avld":
        value = defenses.special.get(special_defense, 0)
        if value > 0:
            stun, body, sd, bd, rule = roll.stun - value, roll.body - value, value, value, f"AVLD vs {special_defense}"
        else:
            stun, body, sd, bd, rule = roll.stun, roll.body, 0, 0, f"AVLD, no {special_defense}"
    else:  # pragma: no cover - the scenario schema admits only the four kinds
        raise ValueError(f"unknown damage kind {roll.kind!r}")
    stun, body = (stun if stun > 0 else 0), (body if body > 0 else 0)
    if minimum_stun_equals_body and stun < body:
        stun = body
    return DamageTaken(stun, body, sd, bd, rule)


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
