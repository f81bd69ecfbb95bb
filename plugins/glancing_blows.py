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

from dataclasses import replace
from typing import Any

from slugfest import hookimpl

NAME = "glancing-blows"
NOTE = "glancing blow"


def near_miss(attack: Any, hit: Any) -> bool:
    if hit.hit or hit.automatic:
        return False
    if attack.system == "hero":
        return hit.total == hit.needed + 1
    if attack.system == "marvel":
        return hit.total == hit.tn - 1
    return False


@hookimpl(wrapper=True, tryfirst=True)
def slugfest_attack_step(battle: Any, attack: Any) -> Any:
    hit = yield
    if not near_miss(attack, hit):
        return hit
    by = f"rolled {hit.total}, needed {hit.needed}-" if attack.system == "hero" else f"total {hit.total} vs TN {hit.tn}"
    return replace(hit, hit=True, notes=hit.notes + (f"{NOTE}: missed by 1 ({by}): hits for half damage",))


@hookimpl(wrapper=True, tryfirst=True)
def slugfest_damage_step(battle: Any, attack: Any, hit: Any) -> Any:
    outcome = yield
    if not any(n.startswith(NOTE) for n in hit.notes):
        return outcome
    if attack.system == "hero":
        t = outcome.taken
        taken = replace(t, stun=t.stun // 2, body=t.body // 2)
        note = f"{NOTE}: takes half of {t.stun} STUN, {t.body} BODY"
        return replace(outcome, taken=taken, notes=outcome.notes + (note,))
    if attack.system == "marvel":
        from slugfest.core.marvel.resolve import held

        full = outcome.calc.total
        half = -(-full // 2)
        taken = held(attack, half)[0] if outcome.held_back else half
        note = f"{NOTE}: half of {full} = {half}"
        return replace(outcome, taken=taken, notes=outcome.notes + (note,))
    return outcome
