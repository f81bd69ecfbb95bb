"""The HERO System's attack and damage steps, as a house rule reads and changes them.

    from slugfest.hero import AttackContext, AttackRoll, DamageOutcome

``slugfest_attack_step`` gets an :class:`AttackContext` and answers an :class:`AttackRoll`;
``slugfest_damage_step`` answers a :class:`DamageOutcome` (a :class:`DamageRoll` and the
:class:`DamageTaken`). All are frozen: a house rule returns a changed copy
(``dataclasses.replace``). A house rule that changes the dice takes the damage again through the
rules' own pipeline: :func:`take_hit` (defenses, Armor Piercing, Damage Reduction...),
:func:`retake` (a roll made again, at the hit's location) or :func:`roll_profile` (the attack's
dice rolled from the dice given). See docs/plugins.md.
"""

from __future__ import annotations

from slugfest.core.hero.attack import AttackRoll
from slugfest.core.hero.damage import DamageRoll, DamageTaken
from slugfest.core.hero.resolve import AttackContext, DamageOutcome, retake, roll_profile, take_hit, take_located

__all__ = ["AttackContext", "AttackRoll", "DamageOutcome", "DamageRoll", "DamageTaken", "retake", "roll_profile",
           "take_hit", "take_located"]
