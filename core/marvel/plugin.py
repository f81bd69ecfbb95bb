"""Marvel Multiverse RPG rules: initiative, rounds of turns and the default attack and damage steps.

This built-in plugin provides the ``marvel`` rules system and implements the attack and damage
steps ``trylast`` (returning None for any other system's attack), so house-rule plugins can
wrap or replace them through the same hooks a third-party package uses.
"""

from __future__ import annotations

from typing import Any

from ..engine.plugins import hookimpl
from . import narration  # noqa: F401  (registers the text-log lines for Marvel events)
from .system import MarvelSystem
from .resolve import MarvelAttackContext, default_attack_step, default_damage_step

SYSTEM = MarvelSystem()


@hookimpl
def slugfest_rules_systems() -> list[Any]:
    return [SYSTEM]


@hookimpl(trylast=True)
def slugfest_attack_step(battle: Any, attack: Any) -> Any:
    if not isinstance(attack, MarvelAttackContext):
        return None
    return default_attack_step(battle.dice, attack)


@hookimpl(trylast=True)
def slugfest_damage_step(battle: Any, attack: Any, hit: Any) -> Any:
    if not isinstance(attack, MarvelAttackContext):
        return None
    return default_damage_step(battle.dice, attack, hit)
