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

from slugfest.core.actions import Action, Choice, Decision
from slugfest.core.context import Outcome
from slugfest.core.events import Event, Note
from slugfest.core.hookspecs import AttackResult, AttackStep, DamageResult
from slugfest.core.plugins import answers_for, hookimpl
from slugfest.core.system import PlayerOptions
from slugfest.core.view import BattleView, ReadOnlyBattle, SystemInfo
from slugfest.core.vitals import Vitals

__all__ = ["Action", "AttackResult", "AttackStep", "BattleView", "Choice", "DamageResult", "Decision", "Event",
           "Note", "Outcome", "PlayerOptions", "ReadOnlyBattle", "SystemInfo", "Vitals", "answers_for", "hookimpl"]
