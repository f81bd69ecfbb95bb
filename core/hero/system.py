"""HERO System 6th Edition as a rules system: the interface the battle loop drives
(:class:`core.engine.system.RulesSystem`), each part answered by the module that holds its rules.

* the clock (Speed Chart, Segments, Post-Segment 12): :mod:`.clock`
* what is legal now and why not: :mod:`.menu`, over the Phase's picture (:mod:`.tactics`)
* the maneuvers and actions, one entry each: :mod:`.maneuvers`
* one attack, step by step: :mod:`.combat`; damage and conditions: :mod:`.effects`
* the AI's estimate: :mod:`.estimate`; what the battle shows: :mod:`.report`
* pure rules: :mod:`.attack`, :mod:`.combat_values`, :mod:`.chains`, :mod:`.damage`,
  :mod:`.dice`, :mod:`.profile`, :mod:`.endurance`, :mod:`.knockback`, :mod:`.recovery`,
  :mod:`.speed`, :mod:`.rounding`; the sheet and options: :mod:`.sheet`
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action, Asking, Choice, Decision
from ..engine.context import RulesContext
from ..engine.system import PlayerOptions
from ..rules.memo import SheetMemos
from . import checks, clock, locations, menu, report, stats
from .effects import release
from .estimate import estimate
from .maneuvers import MANEUVERS, entry_for, fitting_pull
from .resolve import validate_attack_result, validate_damage_result
from .sheet import MAX_COMBATANTS, dump_options, parse_options
from .sheet_keys import dump_sheet, parse_sheet
from .state import Fighter, HeroState

#: What a holder may do and keep its Grab (our reading of rules-powers §4.1): keeping a hold takes
#: no action, but moving, attacking, blocking or using a power or its hands lets go.
KEEPS_HOLD = ("squeeze", "throw", "hold", "dodge", "recover")

#: What a player may try with an attack, by kind of attack (the rules say which are legal now).
_HTH_MANEUVERS = tuple(m.name for m in MANEUVERS.values() if m.attacks in ("any", "hth"))
_RANGED_MANEUVERS = tuple(m.name for m in MANEUVERS.values() if m.attacks in ("any", "ranged"))


class HeroSystem:
    name = "hero"
    title = "HERO System 6th Edition"
    time_unit = "turn"
    metres_per_cell = 2
    cell_unit = "m"
    damage_unit = "STUN"
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
    figures = staticmethod(report.figures)
    event_details = staticmethod(report.event_details)

    def __init__(self) -> None:
        self._memos = SheetMemos()

    def max_combatants(self) -> int:
        return MAX_COMBATANTS

    def new_state(self, ctx: RulesContext) -> HeroState:
        fighters: dict[str, Fighter] = {}
        for c in ctx.scenario.combatants:
            ch = c.sheet.characteristics
            fighters[c.id] = Fighter(c.id, c.name, c.side, c.ai, c.sheet, c.position, ch.STUN, ch.BODY, ch.END, ch.SPD,
                                     memo=self._memos.for_sheet(c.sheet, ctx.options),
                                     slots={m.name: m.slots[0] for m in c.sheet.multipowers})
        ctx.rounds = 1
        return HeroState(fighters, ctx.options)

    def perform(self, ctx: RulesContext, decision: Decision, choice: Choice) -> Asking[None]:
        """Carry out a checked choice: the maneuver's entry does it (asking the questions it raises)."""
        f = ctx.state.fighters[decision.actor]
        a = choice.action
        if a.kind != "hold":
            f.held = False
        staying = a.kind == "move" and a.destination == f.pos  # a move to where it stands goes nowhere
        if f.holding is not None and a.kind not in KEEPS_HOLD and not staying:  # rules-powers §4.1 (our reading)
            release(ctx, f, f"{f.name} lets go to {entry_for(a).title.lower()}")
        if a.levels == "dcv":
            f.csl_dcv = f.sheet.csl
        entry = entry_for(a)
        asking = entry.perform(ctx, f, a)
        if asking is not None:
            yield from asking
        if entry.zero_phase and not f.out_of_fight(ctx.options) and ctx.state.queue is not None:
            f.free_done = f.free_done | {entry.name}  # once a Phase; the same Phase goes on (clock.open_phase)
            f.continues = True
            ctx.state.queue.insert(0, f.id)

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
        """P(hit) x mean STUN taken / the target's STUN left, less what it costs (see :mod:`.estimate`)."""
        return estimate(ctx, ctx.state.fighters[actor], action)

    #: Character files from other tools this system imports (``slugfest import``, the picker's i).
    character_files = {".hdc": "Hero Designer character"}

    def import_characters(self, paths: Any, seed: int = 1) -> Any:
        """A new scenario with each file's character on a side of its own (see :mod:`.hdc`):
        an :class:`~core.files.importing.ImportedScenario`. Raises :class:`~.hdc.HdcError`."""
        # Imported here: Hero Designer support (an XML reader among it) costs ~60 ms to import,
        # which only an import of a character file should pay, not every battle.
        from ..files.importing import ImportedScenario
        from .hdc import import_file
        from .hdc.importer import slug
        from .hdc.scenario import new_scenario, scenario_text

        imported = [import_file(p) for p in paths]
        data = new_scenario([[m] for m in imported], seed=seed)
        return ImportedScenario(data, lambda file: scenario_text(data, imported, file), [m.name for m in imported],
                                [m.report.text() for m in imported], [slug(m.name) for m in imported])

    def warnings(self, scenario: Any) -> list[tuple[str, str]]:
        """Mistakes the schema cannot refuse (``slugfest check`` prints them): see :mod:`.checks`."""
        return checks.special_defense_warnings(scenario)

    def player_options(self, ctx: RulesContext, actor: str) -> PlayerOptions:
        f = ctx.state.fighters[actor]
        found = f.memo.get("player options")  # it follows from the sheet and the options: the AIs ask each Phase
        if found is None:
            attacks = tuple((a.name, () if a.area else (*(_HTH_MANEUVERS if a.hth else _RANGED_MANEUVERS),
                                                        *(("pull",) if fitting_pull(a) else ())))
                            for a in f.sheet.attacks)  # an area: aimed by the menu's own lines
            aims = tuple((loc.name, loc.placed_ocv) for loc in locations.TABLE) if ctx.options.hit_locations else ()
            found = f.memo["player options"] = PlayerOptions(attacks, push=menu.MAX_PUSH, levels=f.sheet.csl,
                                                             level_uses=menu.LEVEL_USES, aims=aims)
        return found
