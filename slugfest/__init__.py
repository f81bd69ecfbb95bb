"""Slugfest: tabletop superhero combats that play themselves out, rule by rule.

This package is what a plugin author imports. Installed, everything lives under it:
``slugfest.core`` (the rules and the battle loop), ``slugfest.plugins`` (the built-in AI
behaviours and house rules), ``slugfest.tui`` (the terminal app), ``slugfest.scenarios`` (the
bundled scenarios) and ``slugfest.cli`` (the ``slugfest`` command; ``python -m slugfest``).

    from slugfest import hookimpl, Choice

    @hookimpl
    def slugfest_choose_action(battle, decision):
        ...

The HERO and Marvel attack and damage step types are importable from here too (their names do
not clash: Marvel's carry a ``Marvel`` prefix, and ``DamageCalc`` is Marvel's alone)::

    from slugfest import AttackRoll, DamageOutcome, MarvelAttackResult

The helpers that take a hit again (``retake``, ``take_hit``, ``held``...) stay with their system:
``slugfest.hero`` and ``slugfest.marvel``, both also reachable as ``slugfest.hero`` after
``import slugfest``.

See ``docs/plugins.md`` for every hook and the types named here.
"""

from __future__ import annotations

from slugfest.core.engine.actions import Action, Choice, Decision
from slugfest.core.engine.context import Outcome
from slugfest.core.engine.events import Event, Note
from slugfest.core.engine.hookspecs import AttackResult, AttackStep, DamageResult
from slugfest.core.engine.plugins import answers_for, hookimpl
from slugfest.core.engine.system import PlayerOptions
from slugfest.core.engine.view import BattleView, ReadOnlyBattle, SystemInfo
from slugfest.core.rules.vitals import Vitals
from slugfest import hero, marvel
from slugfest.hero import AttackContext, AttackRoll, DamageOutcome, DamageRoll, DamageTaken
from slugfest.marvel import DamageCalc, MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome

__all__ = ["Action", "AttackContext", "AttackResult", "AttackRoll", "AttackStep", "BattleView", "Choice", "DamageCalc",
           "DamageOutcome", "DamageResult", "DamageRoll", "DamageTaken", "Decision", "Event", "MarvelAttackContext",
           "MarvelAttackResult", "MarvelDamageOutcome", "Note", "Outcome", "PlayerOptions", "ReadOnlyBattle",
           "SystemInfo", "Vitals", "answers_for", "hero", "hookimpl", "marvel"]
