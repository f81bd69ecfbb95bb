"""Critical hits: a natural 3 (HERO) does maximum damage; a 6-M-6 (Marvel) does triple damage.

The rules it changes, in both systems:

* HERO (rules/hero6e.md §5.1: "a natural 3 always hits"): an Attack Roll of 3 is a critical
  hit. The attack step notes it; the damage step counts every damage die as rolled at its
  maximum (6, or 3 for a half die) instead of the faces rolled, with everything else as the
  rules system has it: added damage classes, the Killing STUN multiplier rolled (not
  maximised), x2 STUN against a Knocked-Out target, then defenses.
* Marvel (rules/marvel.md §1.1: "6-M-6 ... succeeds automatically"): an Ultimate Fantastic
  attack is a critical hit. Its damage is tripled (instead of doubled for a Fantastic close
  attack, or not multiplied at all for another), before holding back.

Any other roll is left alone. The damage step runs before other house rules' (it is the
innermost wrapper), so hit locations, a fixed STUN multiplier or a glancing blow apply to the
critical damage. Notes mark the critical at the attack roll and say what it did to the damage.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from slugfest import AttackResult, AttackStep, BattleView, DamageResult, hookimpl
from slugfest.hero import AttackContext, AttackRoll, DamageOutcome, retake, roll_profile
from slugfest.marvel import MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome, held

NAME = "criticals"


class _Maximum:
    """Dice that show their maximum for damage and replay the multiplier face already rolled."""

    def __init__(self, multiplier_face: int) -> None:
        self.multiplier_face = multiplier_face

    def roll(self, sides: int, purpose: str = "") -> int:
        return self.multiplier_face if purpose == "stun multiplier" else sides

    def rolls(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        return tuple(self.roll(sides, purpose) for _ in range(count))


def critical(hit: AttackResult) -> bool:
    """A natural 3 (HERO) or a 6-M-6 (Marvel)."""
    if isinstance(hit, AttackRoll):
        return hit.total == 3
    if isinstance(hit, MarvelAttackResult):
        return hit.roll.ultimate
    return False


@hookimpl(wrapper=True)
def slugfest_attack_step(battle: BattleView, attack: AttackStep) -> Generator[None, AttackResult, AttackResult]:
    hit = yield
    if not critical(hit) or not hit.hit:
        return hit
    if isinstance(hit, AttackRoll):
        return replace(hit, notes=(*hit.notes, "critical hit: a natural 3, maximum damage"))
    if isinstance(hit, MarvelAttackResult):
        return replace(hit, notes=(*hit.notes, "critical hit: 6-M-6, triple damage"))
    return hit


@hookimpl(wrapper=True, trylast=True)
def slugfest_damage_step(battle: BattleView, attack: AttackStep,
                         hit: AttackResult) -> Generator[None, DamageResult, DamageResult]:
    outcome = yield
    if not critical(hit):
        return outcome
    if isinstance(attack, AttackContext) and isinstance(outcome, DamageOutcome):
        roll = roll_profile(_Maximum(outcome.roll.multiplier_face or 1), attack)
        roll, taken = retake(attack, roll, outcome.location)  # at the hit's location, if it has one
        note = (f"critical hit: dice at their maximum {list(roll.faces)} instead of {list(outcome.roll.faces)}: "
                f"{roll.stun} STUN, {roll.body} BODY")
        return replace(outcome, roll=roll, taken=taken, notes=(*outcome.notes, note))
    if isinstance(attack, MarvelAttackContext) and isinstance(outcome, MarvelDamageOutcome):
        calc = outcome.calc
        total = calc.regular * 3
        calc = replace(calc, total=total, doubled="6-M-6 critical hit: x3 instead")
        lost, why = held(attack, total)
        return replace(outcome, calc=calc, taken=lost, held_back=why,
                       notes=(*outcome.notes, f"critical hit: {calc.regular} x3 = {total}"))
    return outcome
