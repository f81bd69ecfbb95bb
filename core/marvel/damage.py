"""Damage from an action check, exactly as the seed excerpt says.

* multiplier = rank + the **largest** applicable bonus (Mighty for Melee, Accuracy for Agility,
  Discipline for Ego, Brilliance for Logic, a weapon's bonus...): bonuses never stack;
* minus the **largest** damage reduction for the damage's pool (Sturdy for Health, Uncanny for
  Focus): reductions never stack either; reduction is applied before any Fantastic increase;
* a multiplier below 1 does no damage at all, not even the ability bonus;
* otherwise damage = Marvel die x multiplier + the ability used for the check (never below 0);
* a Fantastic success on a close attack doubles the total (option: every attack);
* knockback (Mighty characters, Fantastic close attack): 5 spaces per multiplier after reduction;
* holding back (Heroic tag): a blow that would kill leaves the target 1 point from dying
  (Health = -max + 1); one that would shatter leaves Focus = -max + 1.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.records import record

Named = tuple[str, int]


def largest(values: Iterable[Named]) -> Named:
    """The single largest positive bonus (the first listed on a tie), or ``("", 0)``."""
    best: Named = ("", 0)
    for name, value in values:
        if value > best[1]:
            best = (name, value)
    return best


@record
class DamageCalc:
    pool: str  # "Health" or "Focus"
    marvel_face: int  # the Marvel die's face (1 = M)
    marvel: int  # its value (M counts 6)
    rank: int
    bonus_name: str
    bonus: int
    ignored_bonuses: tuple[Named, ...]  # bonuses that applied but do not stack
    reduction_name: str
    reduction: int
    ignored_reductions: tuple[Named, ...]
    multiplier: int  # rank + bonus - reduction (may be below 1)
    ability_name: str
    ability: int
    regular: int  # before doubling
    doubled: str  # why the damage was doubled, or ""
    total: int
    ability_times: int = 1  # the ability added this many times (Attack Stance: twice)
    times: int = 2  # what ``doubled`` multiplies by (an attack power's triple: 3)
    halved: str = ""  # the split or area power whose half this is (rounded up), or ""
    flat: tuple[Named, ...] = ()  # flat damage added to ``regular``, by source (Smash, Anger)


def figure_damage(pool: str, marvel_face: int, rank: int, bonuses: Iterable[Named], reductions: Iterable[Named],
                  ability_name: str, ability: int, doubled: str = "", ability_times: int = 1,
                  times: int = 2, halved: str = "", flat: tuple[Named, ...] = ()) -> DamageCalc:
    """The seed's damage: ``doubled`` names the reason when the result is doubled (a Fantastic
    success; an attack power's own multiple, ``times``); ``ability_times`` adds the ability more
    than once (Attack Stance: twice); ``halved`` names the split or area power that halves it
    (rounded up, once, at the end)."""
    bonuses = tuple([(n, v) for n, v in bonuses if v > 0]) if bonuses else ()
    reductions = tuple([(n, v) for n, v in reductions if v > 0]) if reductions else ()
    b_name, b = largest(bonuses)
    r_name, r = largest(reductions)
    marvel = 6 if marvel_face == 1 else marvel_face
    mult = rank + b - r
    if mult < 1:
        regular, doubled, total = 0, "", 0
    else:
        regular = max(marvel * mult + ability * ability_times + sum(v for _, v in flat), 0)
        total = regular * times if doubled else -(-regular // 2) if halved else regular
    # With one bonus (or reduction) or none, nothing is left out: skip the sweep.
    ignored_b = tuple([x for x in bonuses if x != (b_name, b)]) if len(bonuses) > 1 else ()
    ignored_r = tuple([x for x in reductions if x != (r_name, r)]) if len(reductions) > 1 else ()
    return DamageCalc(pool, marvel_face, marvel, rank, b_name, b, ignored_b, r_name, r, ignored_r, mult,
                      ability_name, ability, regular, doubled, total, ability_times, times, halved if mult >= 1 else "",
                      flat)


def fantastic_doubles(fantastic: bool, close: bool, which: str = "close") -> str:
    """Why a hit's damage is doubled, or "". Seed: a Fantastic *close* attack; option ``"all"``."""
    if not fantastic:
        return ""
    if close:
        return "Fantastic close"
    return "Fantastic" if which == "all" else ""


def multiplied(fantastic: bool, close: bool, which: str, power: str, power_times: tuple[int, int]) -> tuple[str, int]:
    """Why a hit's damage is multiplied, and by what: an attack power's own multiples (Headshot:
    double, triple on a Fantastic) replace the seed's Fantastic doubling; otherwise
    :func:`fantastic_doubles`."""
    if power_times != (1, 1):
        times = power_times[1] if fantastic else power_times[0]
        return (f"{power}, Fantastic" if fantastic else power) if times > 1 else "", times
    return fantastic_doubles(fantastic, close, which), 2


def knockback_spaces(multiplier: int) -> int:
    """5 spaces for every damage multiplier left after reduction."""
    return 5 * max(multiplier, 0)


def hold_back(current: int, damage: int, maximum: int) -> int:
    """Damage that stops 1 short of ``-maximum`` (killed or shattered) if it would reach it."""
    if current - damage > -maximum:
        return damage
    return max(current - (1 - maximum), 0)


def named_value(name: str, value: int) -> str:
    """A bonus or reduction as the log names it, "Mighty 4": once, where its name already says
    its level ("Sturdy 2", not "Sturdy 2 2")."""
    return name if name.endswith(f" {value}") else f"{name} {value}"
