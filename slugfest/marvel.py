"""The Marvel Multiverse RPG's attack and damage steps, as a house rule reads and changes them.

    from slugfest.marvel import MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome

``slugfest_attack_step`` gets a :class:`MarvelAttackContext` and answers a
:class:`MarvelAttackResult`; ``slugfest_damage_step`` answers a :class:`MarvelDamageOutcome` (its
:class:`DamageCalc`, the damage taken, and why it was held back). All are frozen: a house rule
returns a changed copy (``dataclasses.replace``). :func:`held` applies holding back to a damage
figure as the rules do. See docs/plugins.md.
"""

from __future__ import annotations

from slugfest.core.marvel.damage import DamageCalc
from slugfest.core.marvel.resolve import MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome, held

__all__ = ["DamageCalc", "MarvelAttackContext", "MarvelAttackResult", "MarvelDamageOutcome", "held"]
