"""Lethal (Marvel): no holding back: Heroic characters' blows may kill, and Focus attacks shatter.

The rule it changes: Holding Back (rules/marvel.md §0 "Nonlethal" and §4.1 step 7; the seed's
Heroic tag): a Heroic attacker whose blow would kill (Health at or below -max) or shatter
(Focus at or below -max) normally stops 1 short. Under this house rule the full damage is taken.

Attacks that are nonlethal by nature (``nonlethal = true``: a stun baton, an intimidation) still
stop short: only the Heroic restraint is lifted. HERO battles are left as they were (HERO has
no holding back: it already kills at -BODY). A note says what the blow would have left.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from slugfest import AttackResult, AttackStep, BattleView, DamageResult, hookimpl
from slugfest.marvel import MarvelAttackContext, MarvelDamageOutcome

NAME = "lethal"
SLUGFEST_SYSTEMS = ("marvel",)  # the rules systems this house rule is for


@hookimpl(wrapper=True)
def slugfest_damage_step(battle: BattleView, attack: AttackStep,
                         hit: AttackResult) -> Generator[None, DamageResult, DamageResult]:
    outcome = yield
    if not (isinstance(attack, MarvelAttackContext) and isinstance(outcome, MarvelDamageOutcome)):
        return outcome
    if not outcome.held_back or attack.attack.nonlethal:
        return outcome
    full = outcome.calc.total
    kept = attack.target_pool - outcome.taken
    note = (f"lethal: no holding back, takes all {full} (held back it would have left "
            f"{attack.pool} at {kept})")
    return replace(outcome, taken=full, held_back="", notes=(*outcome.notes, note))
