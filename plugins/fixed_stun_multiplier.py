"""Fixed STUN multiplier (HERO): no "STUN lotto": a Killing attack's STUN is its BODY times the average multiplier.

The rule it changes: the Killing damage STUN multiplier (the seed's 1d6-1, minimum 1; or ½d6,
the ``stun_multiplier = "half-d6"`` option; rules/hero6e.md §0 and pitfall 1). With this house
rule the multiplier is no longer rolled luck but fixed at the rounded average of the die the
scenario uses:

* ``1d6-1`` (the default): faces give 1, 1, 2, 3, 4, 5, an average of 2.67: fixed at **x3**;
* ``half-d6``: faces give 1, 1, 2, 2, 3, 3, an average of 2: fixed at **x2**;

plus any Increased STUN Multiplier levels of the attack, and doubled against a Knocked-Out
target as usual. The system's multiplier die is still rolled (so the rest of the battle's dice
stay where they were) and ignored. STUN taken is worked out again with the usual defenses.

HERO only: Marvel battles, and Normal, NND and AVLD attacks, are left as they were. A hit
whose STUN multiplier was set by the ``hit-locations`` rule (the location's STUNx) is left to it.
A note gives the rolled and the fixed multiplier.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from slugfest import AttackResult, AttackStep, BattleView, DamageResult, hookimpl
from slugfest.hero import AttackContext, DamageOutcome, take_hit

NAME = "fixed-stun-multiplier"
SLUGFEST_SYSTEMS = ("hero",)  # the rules systems this house rule is for

FIXED = {"1d6-1": 3, "half-d6": 2}


@hookimpl(wrapper=True)
def slugfest_damage_step(battle: BattleView, attack: AttackStep,
                         hit: AttackResult) -> Generator[None, DamageResult, DamageResult]:
    outcome = yield
    if not (isinstance(attack, AttackContext) and isinstance(outcome, DamageOutcome)):
        return outcome
    if outcome.roll.kind != "killing" or any(n.startswith("hit location") for n in outcome.notes):
        return outcome
    roll = outcome.roll
    mult = max(FIXED[attack.options.stun_multiplier] + attack.attack.stun_multiplier_bonus, 1)  # floored after levels
    if mult == roll.multiplier:
        note = f"fixed STUN multiplier: x{mult}, as rolled"
        return replace(outcome, notes=(*outcome.notes, note))
    roll = replace(roll, stun=roll.body * mult * (2 if roll.doubled else 1), multiplier=mult)
    taken = take_hit(attack, roll)
    note = f"fixed STUN multiplier: x{mult} instead of the rolled x{outcome.roll.multiplier}"
    return replace(outcome, roll=roll, taken=taken, notes=(*outcome.notes, note))
