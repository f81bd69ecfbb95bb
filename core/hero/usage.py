"""One fighter's attack as it would make it now: the END it costs, the dice it rolls with a
maneuver, a push and velocity, the shots of a burst, a placed shot's OCV, and whether it may be
pushed. What follows from the sheet and the options alone is kept in the fighter's memo.

The resolver (:mod:`.combat`), the AI's estimate (:mod:`.estimate`), the player's odds
(:mod:`.tactics`) and the powers that strike with an attack (:mod:`.grabs`, :mod:`.powers`)
all read these, so what is rolled and what is foreseen cannot part. A maneuver is passed as its
entry of the table (:mod:`.maneuvers`), or None for an attack used as it is (a Strike's figures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .combat_values import Modifier
from .dice import damage_classes
from .endurance import in_whole_damage_classes
from .locations import placed_penalty
from .pricing import end_of
from .profile import DamageProfile, build_profile
from .rounding import hero_divide
from .sheet import HeroAttack, HeroOptions
from .state import Fighter

if TYPE_CHECKING:
    from .entry import Maneuver


def attack_end(f: Fighter, atk: HeroAttack, campaign: str, str_rule: str) -> int:
    """END for one use: the attack's own (given, or 1 per 10 Active Points) plus STR used
    (kept in the memo: it follows from the sheet and the options)."""
    key = ("end", atk.name, campaign, str_rule)
    end = f.memo.get(key)
    if end is None:
        end = f.memo[key] = end_of(atk, f.ch.STR, campaign, str_rule)
    return end


def damage_profile(opts: HeroOptions, f: Fighter, atk: HeroAttack, entry: Maneuver | None, levels: str, push: int,
                   velocity_m: int) -> DamageProfile:
    """The dice ``f`` rolls with ``atk`` used with ``entry``'s maneuver (see :func:`.profile.build_profile`),
    worked out once per sheet."""
    csl = f.sheet.csl if levels == "damage" else 0
    velocity = velocity_dcs(atk, entry, velocity_m) if velocity_m else 0
    key = ("profile", atk.name, entry.name if entry is not None else "strike", push // 5, csl, velocity)
    profile = f.memo.get(key)
    if profile is None:
        adds = (entry.title, entry.adds_dcs) if entry is not None and entry.adds_dcs else None
        profile = f.memo[key] = build_profile(atk, strength_used(f, entry), opts, maneuver=adds, push_dcs=push // 5,
                                              csl_for_damage=csl, velocity_dcs=velocity)
    return profile


def strength_used(f: Fighter, entry: Maneuver | None) -> int:
    """The STR ``f``'s blow rolls with ``entry``: its own, or half of it HERO-rounded for a
    maneuver that halves it (Move By's STR/2: STR 25 rolls as 13, 2½d6)."""
    if entry is not None and entry.halves_str:
        return hero_divide(f.ch.STR, 2)
    return f.ch.STR


def velocity_dcs(atk: HeroAttack, entry: Maneuver | None, velocity_m: int) -> int:
    """The DCs velocity adds: a maneuver's (Move Through +1 per 6 m, Move By +1 per 10 m), or
    a Martial Throw's +1 per 10 m (``velocity_per_dc``, rules-powers §4.3)."""
    if entry is not None and entry.velocity_per_dc:
        return velocity_m // entry.velocity_per_dc
    return velocity_m // atk.velocity_per_dc if atk.velocity_per_dc else 0


def shots_fired(f: Fighter, atk: HeroAttack) -> int:
    """The shots one use of ``atk`` fires: 1, or an Autofire attack's whole burst, as many as its
    Charges left allow (our reading: a burst is always fired whole; rules-powers §1.5 pays END
    and Charges per shot)."""
    if not atk.autofire:
        return 1
    left = f.charges_left(atk)
    return atk.autofire if left is None else max(1, min(atk.autofire, left))


def placed_shot(aim: str, g: Fighter) -> Modifier:
    """A placed shot's OCV (seed OCV checklist step 5, a combat modifier), halved against a
    Stunned or Knocked-Out target (the seed's Stunning and Knockout paragraphs)."""
    return Modifier(5, f"placed shot: {aim}", placed_penalty(aim, g.stunned or g.ko))


def can_push(f: Fighter, atk: HeroAttack, opts: HeroOptions) -> bool:
    """Only what costs END can be pushed (6e: pushing spends extra END): not a 0-END power, and
    not one on Charges (its STR may cost END, but the power is what a push pushes). Nor an
    Autofire burst (our reading: each shot would need its own push), nor a power that does no
    damage (Entangle, Flash, Drain, Aid, Healing: our reading, its dice are not Damage Classes)."""
    return (atk.charges is None and not atk.autofire and not atk.effect
            and attack_end(f, atk, opts.campaign, opts.str_end) > 0)


def planned_push(f: Fighter, atk: HeroAttack, opts: HeroOptions, push: int) -> int:
    """The push the AI and the prompt count before the roll: as if allowed, at most 10 points,
    in whole Damage Classes; none for what cannot be pushed (:func:`can_push`)."""
    return in_whole_damage_classes(min(push, 10)) if can_push(f, atk, opts) else 0


def counted_push(opts: HeroOptions, f: Fighter, atk: HeroAttack, entry: Maneuver | None, levels: str,
                 velocity_m: int, allowed: int) -> int:
    """The pushed points that add damage: a push the doubling cap swallows, wholly or in part,
    counts (and costs END) only for the Damage Classes it added (our reading of pushing in
    whole DCs)."""
    if allowed <= 0:
        return 0
    profile = damage_profile(opts, f, atk, entry, levels, allowed, velocity_m)
    plain = damage_profile(opts, f, atk, entry, levels, 0, velocity_m)
    added = damage_classes(profile.dice, atk.kind) - damage_classes(plain.dice, atk.kind)
    return min(allowed, 5 * int(added)) if added > 0 else 0


__all__ = ["attack_end", "can_push", "counted_push", "damage_profile", "placed_shot", "planned_push", "shots_fired",
           "strength_used", "velocity_dcs"]
