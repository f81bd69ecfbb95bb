"""HERO System 6th Edition rules: the Speed Chart turn and the default attack and damage steps.

This built-in plugin provides the ``hero`` rules system and implements the attack and damage
steps ``trylast``, so house-rule plugins can wrap or replace them through the same hooks a
third-party package uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.plugins import hookimpl
from . import narration  # noqa: F401  (registers the text-log lines for HERO events)
from .attack import AttackRoll
from .resolve import AttackContext, DamageOutcome, default_attack_step, default_damage_step
from .system import HeroSystem

if TYPE_CHECKING:
    from ..engine.view import BattleView

SYSTEM = HeroSystem()


@hookimpl
def slugfest_rules_systems() -> list[HeroSystem]:
    return [SYSTEM]


@hookimpl(trylast=True)
def slugfest_attack_step(battle: BattleView, attack: object) -> AttackRoll | None:
    if not isinstance(attack, AttackContext):
        return None
    return default_attack_step(battle.dice, attack)


@hookimpl(trylast=True)
def slugfest_damage_step(battle: BattleView, attack: object, hit: object) -> DamageOutcome | None:
    if not isinstance(attack, AttackContext):
        return None
    return default_damage_step(battle.dice, attack)
