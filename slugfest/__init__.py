"""Slugfest: tabletop superhero combats that play themselves out, rule by rule.

This package is what a plugin author imports. Installed, everything lives under it:
``slugfest.core`` (the rules and the battle loop), ``slugfest.plugins`` (the built-in AI
behaviours and house rules), ``slugfest.tui`` (the terminal app), ``slugfest.scenarios`` (the
bundled scenarios) and ``slugfest.cli`` (the ``slugfest`` command; ``python -m slugfest``).

    from slugfest import hookimpl, Choice

    @hookimpl
    def slugfest_choose_action(battle, decision):
        ...

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

__all__ = ["Action", "AttackResult", "AttackStep", "BattleView", "Choice", "DamageResult", "Decision", "Event",
           "Note", "Outcome", "PlayerOptions", "ReadOnlyBattle", "SystemInfo", "Vitals", "answers_for", "hookimpl"]
