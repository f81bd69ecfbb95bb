"""Glancing blows: an attack that misses by exactly 1 still hits, for half damage (HERO and Marvel).

The rules it changes, in both systems:

* HERO (rules/hero6e.md §5.1, the Attack Roll 3d6 <= 11 + OCV - DCV): a roll of exactly one more
  than needed (and not an 18, which always misses) is a glancing blow: it hits, and the STUN and
  BODY the target takes, after defenses, are halved, HERO-style with the half in the target's
  favour (down).
* Marvel (rules/marvel.md §1.1, a hit meets the target number): a total of exactly one less
  than the TN is a glancing blow: it hits, never as a Fantastic success (an M on it is not
  Fantastic), and the damage taken is half the damage figured, rounded up (as Marvel halves
  split damage), before holding back.

The attack step turns the near miss into a hit with a note; the damage step halves what the
target takes (it is the outermost wrapper: it halves what every other house rule made).
Everything else is left alone. Knockback (which counts the BODY rolled) is not halved.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from slugfest import AttackResult, AttackStep, BattleView, DamageResult, hookimpl
from slugfest.hero import AttackRoll, DamageOutcome
from slugfest.marvel import MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome, held

NAME = "glancing-blows"
NOTE = "glancing blow"


def near_miss(hit: AttackResult) -> str:
    """How a roll missed by exactly 1 ("" when it did not): rolled one over what was needed
    (HERO, not an automatic miss), or one short of the TN (Marvel)."""
    if hit.hit:
        return ""
    if isinstance(hit, AttackRoll) and not hit.automatic and hit.total == hit.needed + 1:
        return f"rolled {hit.total}, needed {hit.needed}-"
    if isinstance(hit, MarvelAttackResult) and not hit.automatic and hit.total == hit.tn - 1:
        return f"total {hit.total} vs TN {hit.tn}"
    return ""


@hookimpl(wrapper=True, tryfirst=True)
def slugfest_attack_step(battle: BattleView, attack: AttackStep) -> Generator[None, AttackResult, AttackResult]:
    hit = yield
    by = near_miss(hit)
    if not by or not isinstance(hit, (AttackRoll, MarvelAttackResult)):
        return hit
    return replace(hit, hit=True, notes=(*hit.notes, f"{NOTE}: missed by 1 ({by}): hits for half damage"))


@hookimpl(wrapper=True, tryfirst=True)
def slugfest_damage_step(battle: BattleView, attack: AttackStep,
                         hit: AttackResult) -> Generator[None, DamageResult, DamageResult]:
    outcome = yield
    if not any(n.startswith(NOTE) for n in hit.notes):
        return outcome
    if isinstance(outcome, DamageOutcome):
        t = outcome.taken
        taken = replace(t, stun=t.stun // 2, body=t.body // 2)
        note = f"{NOTE}: takes half of {t.stun} STUN, {t.body} BODY"
        return replace(outcome, taken=taken, notes=(*outcome.notes, note))
    if isinstance(attack, MarvelAttackContext) and isinstance(outcome, MarvelDamageOutcome):
        full = outcome.calc.total
        half = -(-full // 2)
        lost = held(attack, half)[0] if outcome.held_back else half
        return replace(outcome, taken=lost, notes=(*outcome.notes, f"{NOTE}: half of {full} = {half}"))
    return outcome
