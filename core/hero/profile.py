"""Adding Damage: the dice an attack actually rolls once STR, CSLs, a maneuver (Haymaker),
pushing and velocity are added, capped at double the base attack (the seed's "no more than
double"). What a maneuver adds is its entry's in the maneuver table (:mod:`.maneuvers`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from ..rules.records import record
from .dice import (
    DamageDice,
    add_damage_classes,
    capped_added_dcs,
    damage_classes,
    killing_dc,
    killing_dice_for_dc,
    str_dice,
)
from .sheet import HeroAttack, HeroOptions


@record
class DamageProfile:
    kind: str
    base_dice: DamageDice
    dice: DamageDice
    base_dc: Fraction
    added: tuple[tuple[str, int], ...]  # (source, DCs) as wanted
    capped: bool
    flat_stun: int = 0  # superheroic CSLs on a Normal attack: +3 STUN per 2 levels
    flat_body: int = 0  # superheroic CSLs on a Killing attack: +1 BODY per 2 levels
    negated: int = 0  # DCs the target's Damage Negation took off (rules-powers §2.2)
    negated_flat: int = 0  # of them, DCs taken off the superheroic CSL bonus

    @property
    def flat(self) -> tuple[tuple[str, int], ...]:
        if not (self.flat_stun or self.flat_body):
            return ()
        out = []
        if self.flat_stun:
            out.append(("STUN from combat skill levels", self.flat_stun))
        if self.flat_body:
            out.append(("BODY from combat skill levels", self.flat_body))
        return tuple(out)


def str_damage_dcs(strength: int, attack: HeroAttack, campaign: str) -> int:
    """DCs STR adds to a hand-to-hand attack: +1 per full 5 STR; with a weapon's STR Minimum
    only the STR above the minimum counts (the seed's heroic rule, applied to any STR Min)."""
    if not attack.adds_str or strength <= 0:
        return 0
    usable = strength - attack.str_min if attack.str_min else strength
    return max(usable // 5, 0)


@lru_cache(maxsize=4096)
def build_profile(attack: HeroAttack, strength: int, options: HeroOptions, *,
                  maneuver: tuple[str, int] | None = None, push_dcs: int = 0, csl_for_damage: int = 0,
                  velocity_dcs: int = 0) -> DamageProfile:
    """The rolled dice for one attack.

    ``maneuver`` is (its name, the DCs it adds), e.g. ``("Haymaker", 4)``; ``velocity_dcs`` the
    DCs a Move Through's velocity adds. A Martial Arts maneuver's DCs (``martial_dcs``) are added
    DCs too: a Martial Strike is STR +2 DC, under the doubling cap like every added DC (hero6e.md
    §3.2; whether extra martial DCs may pass the cap is UNCONFIRMED, and ``doubling_cap = false``
    lifts it). A pure STR attack (a punch) has STR as its base; any
    other hand-to-hand attack adds STR.
    Heroic campaigns: 2 CSLs add +1 DC to a HTH attack. Superheroic: 2 CSLs add +3 STUN
    (Normal) or +1 BODY (Killing) instead, each pair counted as one DC against the cap.
    """
    kind = attack.kind
    if attack.uses_str_only:
        base = str_dice(strength)
        wanted: list[tuple[str, int]] = []
    else:
        base = attack.dice
        wanted = []
        sdc = str_damage_dcs(strength, attack, options.campaign)
        if sdc:
            wanted.append(("STR", sdc))
    if attack.martial_dcs:
        wanted.append(("martial arts", attack.martial_dcs))
    if velocity_dcs:
        wanted.append(("velocity", velocity_dcs))
    if maneuver is not None:
        wanted.append(maneuver)
    if push_dcs:
        wanted.append(("pushing", push_dcs))
    flat_stun = flat_body = 0
    pairs = csl_for_damage // 2
    if pairs:
        if options.campaign == "heroic":
            if attack.hth:
                wanted.append(("combat skill levels", pairs))
        elif kind == "killing":
            flat_body = pairs
        elif kind == "normal":
            flat_stun = 3 * pairs
    base_dc = damage_classes(base, kind if kind in ("normal", "killing", "nnd", "avld", "mental") else "normal")
    total_wanted = sum(n for _, n in wanted) + (pairs if (flat_stun or flat_body) else 0)
    allowed = capped_added_dcs(base_dc, total_wanted, options.doubling_cap)
    capped = allowed < total_wanted
    # When the cap bites, the flat CSL bonus is cut first: dice sources keep their DCs.
    dice_wanted = sum(n for _, n in wanted)
    dice_allowed = min(max(allowed, 0), dice_wanted)
    flat_allowed = max(allowed - dice_allowed, 0)
    if flat_stun:
        flat_stun = 3 * min(flat_allowed, pairs)
    if flat_body:
        flat_body = min(flat_allowed, pairs)
    dice = add_damage_classes(base, kind, max(dice_allowed, 0), options.killing_minus_one)
    return DamageProfile(kind, base, dice, base_dc, tuple(wanted), capped, flat_stun, flat_body)


def negate(profile: DamageProfile, levels: int, minus_one_form: bool = False) -> DamageProfile:
    """Damage Negation (rules-powers §2.2): ``levels`` DCs come off the attack before it is rolled,
    from the dice as finally built (added DCs with them), then from a superheroic CSL bonus
    (+3 STUN or +1 BODY, one DC each, as the doubling cap counts them). With every DC gone,
    nothing is left: no STUN, no BODY, no knockback."""
    if levels <= 0:
        return profile
    kind = profile.kind
    dice = remove_damage_classes(profile.dice, kind, levels, minus_one_form)
    left = levels - int(damage_classes(profile.dice, kind))  # DCs the dice could not absorb
    flat_stun, flat_body, flat_gone = profile.flat_stun, profile.flat_body, 0
    if left > 0 and (flat_stun or flat_body):
        pairs = flat_stun // 3 if flat_stun else flat_body
        flat_gone = min(left, pairs)
        flat_stun = 3 * (pairs - flat_gone) if flat_stun else 0
        flat_body = pairs - flat_gone if flat_body else 0
    return replace(profile, dice=dice, negated=levels, flat_stun=flat_stun, flat_body=flat_body,
                   negated_flat=flat_gone)


def fall_off(profile: DamageProfile, levels: int, minus_one_form: bool = False) -> DamageProfile:
    """An Explosion's profile ``levels`` DCs from full (rules-powers §1.4): DCs come off as Damage
    Negation takes them (the dice, then a superheroic CSL bonus), after any Negation did."""
    if levels <= 0:
        return profile
    fallen = negate(profile, levels, minus_one_form)
    return replace(fallen, negated=profile.negated, negated_flat=profile.negated_flat)


def remove_damage_classes(dice: DamageDice, kind: str, levels: int, minus_one_form: bool = False) -> DamageDice:
    """Dice with ``levels`` DCs taken off: the killing ladder; 1d6 a DC for Normal (a half die or
    a pip is the last DC to go); a half die a DC for 10-point powers."""
    if kind == "killing":
        return killing_dice_for_dc(max(killing_dc(dice) - levels, 0), minus_one_form)
    if kind == "normal":
        count = dice.count - levels
        if count >= 0:
            return DamageDice(count, dice.half, dice.pip) if (count or dice.half or dice.pip > 0) else DamageDice()
        return DamageDice()
    return add_damage_classes(dice, kind, -levels)
