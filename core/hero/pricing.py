"""What a power costs: its Active Points (the dice's, times one and its advantages) and the END
one use of it takes (rules-powers §1.1-1.10). Pure functions of the sheet's attack, read by the
resolver (:func:`.combat.attack_end` keeps each fighter's figure), the scenario checks and the
Hero Designer importer alike.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from . import areas
from .dice import active_points
from .endurance import power_end, str_end
from .sheet import HeroAttack


#: A Flash of a sense group other than Sight (a Nontargeting group) costs 3 CP a d6 where Sight's
#: costs 5 (rules-powers §3.3): its dice's Active Points at Sight's price, times this.
NONTARGETING_FLASH = Fraction(3, 5)

#: Images to the Sight Group: 10 Active Points, and 2 a level of minus to the PER rolls that see
#: through it (Hero Designer's 6e prices, as the Sample Character's Candle is costed: "Sight
#: Group Images, +/-4 to PER Rolls" 18 AP before its advantages).
IMAGES_BASE = Fraction(10)
IMAGES_PER_LEVEL = Fraction(2)

#: Darkness to the Sight Group (a Targeting group): 5 Active Points a metre of its radius (6e; the
#: HERO Foundry system's price too), or a 2 m cell of an Any Area (our reading).
DARKNESS_PER_SIZE = Fraction(5)


def end_of(atk: HeroAttack, strength: int, campaign: str, str_rule: str) -> int:
    """END for one use of ``atk``: its own plus the STR it adds. Its own is the sheet's ``end``,
    or 1 per 10 Active Points of the whole power, advantages included (rules-powers §1.1: the
    sheet's ``active_points``, or the dice's points x (1 + advantages)); Reduced Endurance makes
    that 1 per 20 (½ END, minimum 1) or none, and Charges cost none."""
    if atk.end is not None:
        own = atk.end
    elif atk.uses_str_only or atk.charges is not None or atk.reduced_end == "zero":
        own = 0  # Charges and 0 END (rules-powers §1.9, §1.10) cost none
    else:
        ap = power_points(atk, with_reduced_end=False)  # Reduced END never raises its own cost
        own = power_end(ap / 2) if atk.reduced_end == "half" else power_end(ap)
        if atk.reduced_end == "half" and own < 1:
            own = 1
    return own + str_end(strength if atk.adds_str else 0, campaign, str_rule)


#: The advantages that raise a power's Active Points, as its own fields say (6e costs, rules-powers
#: §1.2, §1.3, §1.5, §1.7, §1.9; Double Knockback's +3/4 is Foundry's, UNCONFIRMED for 6e).
def advantages(atk: HeroAttack, with_reduced_end: bool = True) -> Fraction:
    adv = Fraction(atk.armor_piercing, 4) + Fraction(atk.penetrating, 2)
    if atk.knockback_multiplier == 2:
        adv += Fraction(3, 4)
    if atk.autofire:
        adv += autofire_advantage(atk.autofire)
    if atk.area:
        adv += areas.area_advantage(atk.area, areas.size_of(atk), atk.explosion)
    if atk.reduced_end and with_reduced_end:
        adv += Fraction(1, 4) if atk.reduced_end == "half" else Fraction(1, 2)
    return adv


def autofire_advantage(shots: int) -> Fraction:
    """Autofire's advantage (rules-powers §1.5, Foundry's 6e data): +¼ for 2 or 3 shots, +½ for
    5, and +¼ more for each doubling of 5 (10 shots +¾, 20 +1...; our reading of "each doubling
    adder"). A count between the steps costs as the next step up (4 shots as 5)."""
    if shots <= 3:
        return Fraction(1, 4)
    adv, top = Fraction(1, 2), 5
    while shots > top:
        adv += Fraction(1, 4)
        top *= 2
    return adv


def power_points(atk: HeroAttack, with_reduced_end: bool = True) -> Fraction:
    """The power's Active Points: the sheet's, or its dice's x (1 + its advantages)."""
    if atk.active_points is not None:
        return Fraction(atk.active_points)
    if atk.kind == "flash" and atk.sense != "sight":  # a Nontargeting group: 3 CP a d6 (rules-powers §3.3)
        return NONTARGETING_FLASH * active_points(atk.dice, "flash") * (1 + advantages(atk, with_reduced_end))
    if atk.kind == "images":  # its area an advantage, as on an attack (the importer's files price it so)
        return (IMAGES_BASE + IMAGES_PER_LEVEL * atk.per) * (1 + advantages(atk, with_reduced_end))
    if atk.kind == "darkness":  # sized by its area alone, which is its own, not an advantage (6e)
        return DARKNESS_PER_SIZE * areas.size_of(atk) * (1 + advantages(replace(atk, area=""), with_reduced_end))
    return active_points(atk.dice, atk.kind) * (1 + advantages(atk, with_reduced_end))


__all__ = ["advantages", "autofire_advantage", "end_of", "power_points"]
