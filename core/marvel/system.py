"""The Marvel Multiverse RPG as a rules system: the interface the battle loop drives
(:class:`core.engine.system.RulesSystem`), each part answered by the module that holds its rules.

* the clock (initiative, the bonus round, rounds): :mod:`.clock`
* what is legal now and why not: :mod:`.menu`, over the turn's picture (:mod:`.tactics`)
* the kinds of turn, one entry each: :mod:`.actions`
* one attack, step by step, and the AI's estimate: :mod:`.combat`; damage and conditions:
  :mod:`.effects`; moving: :mod:`.movement`; what the battle shows: :mod:`.report`
* pure rules: :mod:`.d616`, :mod:`.damage`, :mod:`.conditions`, :mod:`.initiative`,
  :mod:`.resolve` (the default attack and damage steps); the sheet and options: :mod:`.sheet`
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action, Asking, Choice, Decision
from ..engine.context import RulesContext
from ..engine.events import Event
from ..engine.system import PlayerOptions
from ..rules.memo import SheetMemos
from . import clock, menu, report, stats
from .actions import TURNS
from .combat import expected
from .conditions import pool_max
from .resolve import validate_attack_result, validate_damage_result
from .sheet import dump_options, dump_sheet, parse_options, parse_sheet
from .state import Fighter, MarvelState
from .tactics import ESTIMATES, Picture
from .team import COST, MANEUVERS

#: What each team maneuver costs each member and does (rules/marvel.md §4.5), for the player's
#: question (:attr:`PlayerOptions.answers`).
TEAM_ANSWERS = tuple((name, f"{COST[m.level]} Focus each: {m.does}") for name, m in MANEUVERS.items())


class MarvelSystem:
    name = "marvel"
    title = "Marvel Multiverse Role-Playing Game"
    time_unit = "round"
    metres_per_cell = 1.5  # one space is 5 feet
    cell_unit = "space"
    damage_unit = "Health"
    damage_pools = stats.POOLS
    tally_counts = stats.COUNTS
    catalogue = stats.CATALOGUE
    tally = staticmethod(stats.tally)

    parse_options = staticmethod(parse_options)
    dump_options = staticmethod(dump_options)
    parse_sheet = staticmethod(parse_sheet)
    dump_sheet = staticmethod(dump_sheet)
    validate_attack_result = staticmethod(validate_attack_result)
    validate_damage_result = staticmethod(validate_damage_result)

    next_decision = staticmethod(clock.next_decision)
    check = staticmethod(menu.check)
    snapshot = staticmethod(report.snapshot)
    vitals = staticmethod(report.vitals)
    invariant_violations = staticmethod(report.invariant_violations)

    def __init__(self) -> None:
        self._memos = SheetMemos()

    def max_combatants(self) -> int:
        return 32

    def new_state(self, ctx: RulesContext) -> MarvelState:
        opts = ctx.options
        fighters: dict[str, Fighter] = {}
        for c in ctx.scenario.combatants:
            s = c.sheet
            hmax = pool_max(s.abilities.Resilience, s.health, opts.minimum_pools)
            fmax = pool_max(s.abilities.Vigilance, s.focus, opts.minimum_pools)
            reactions = 1 + sum(p.extra_reactions for p, _ in s.always_on())
            fighters[c.id] = Fighter(c.id, c.name, c.side, c.ai, s, c.position, hmax, fmax, hmax, fmax,
                                     s.starting_karma, reactions, reactions,
                                     memo=self._memos.for_sheet(s, opts))
        st = MarvelState(fighters, opts)
        clock.roll_initiative(ctx, st)
        return st

    def perform(self, ctx: RulesContext, decision: Decision, choice: Choice) -> Asking[None]:
        """Carry out a checked choice: the turn's entry does it (asking the questions it raises)."""
        f = ctx.state.fighters[decision.actor]
        a = choice.action
        entry = TURNS.get(a.kind)
        if entry is not None:
            pic = decision.picture
            if pic is None or pic.f is not f:  # a decision made up outside a turn (a test, a tool)
                pic = Picture(ctx, f)
            asking = entry.perform(ctx, f, a, pic)
            if asking is not None:
                yield from asking

    def copy_state(self, state: Any) -> Any:
        """A copy of the battle state for a fork (:mod:`core.engine.forking`)."""
        return state.copy()

    def rebind(self, ctx: RulesContext, decision: Decision) -> Decision:
        """``decision``, waiting in a battle just forked, over the fork's ``ctx``: the same menu,
        its picture reading the fork's state."""
        if decision.picture is None:
            return decision
        d = decision
        return Decision(d.actor, d.menu, d.controller, d.kind, d.context, d.picture.rebind(ctx), d.free)

    def decision_for(self, ctx: RulesContext, actor: str) -> Decision:
        """The Phase (turn) decision ``actor`` would face now, nothing changed (tests, tools)."""
        return clock.decision_for(ctx, ctx.state.fighters[actor])

    def estimate(self, ctx: RulesContext, actor: str, action: Action) -> float:
        """The expected harm of ``action`` (see :func:`.combat.expected`; a maneuver with an
        estimate of its own, such as a Ram, by that)."""
        f = ctx.state.fighters[actor]
        own = ESTIMATES.get(action.kind)
        return own(ctx, f, action) if own is not None else expected(ctx, f, action)

    def figures(self, ctx: RulesContext) -> dict[str, list[tuple[str, str]]]:
        return {}

    def player_options(self, ctx: RulesContext, actor: str) -> PlayerOptions:
        f = ctx.state.fighters[actor]
        return PlayerOptions(tuple((a.name, ()) for a in f.sheet.attacks), answers=TEAM_ANSWERS)

    def event_details(self, event: Event) -> list[str]:
        return []
