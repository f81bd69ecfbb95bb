"""Aborting (rules §1.5): a character about to be attacked may Abort its next Phase (or use the
Phase it holds) to a defensive maneuver of the table (:mod:`.maneuvers`: Dodge, Block), asked
with the odds a player at the table would weigh; about to be caught in an area, which nobody
Dodges, it may Dive for Cover out of it (:func:`offer_dive`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Asking, Decision
from ..engine.context import RulesContext
from ..rules.grid import Cell
from ..rules.odds import percent
from . import events as ev
from . import maneuvers
from .attack import block_roll_needed
from .chains import block_ocv_chain, dcv_chain, ocv_chain
from .combat_values import Modifier
from .sheet import HeroAttack
from .speed import next_phase_after
from .state import Fighter


def offer_abort(ctx: RulesContext, g: Fighter, f: Fighter, atk: HeroAttack, maneuver: str = "strike",
                levels: str = "", extra: tuple[Modifier, ...] = ()) -> Asking[None]:
    """Rules §1.5: a character about to be attacked may Abort its next Phase (or use its held
    one) to a defensive maneuver, if it could act and has no defence up already. The question
    says what the player at the table would weigh: the roll the attacker needs as things stand
    and with each defence, and the Phase the Abort gives up."""
    if not may_abort(ctx, g) or g.dodging or g.blocking:
        return
    if atk.mental:
        return  # a Dodge or a Block changes DCV, and a mental attack rolls against DMCV (rules-powers §3.5)
    menu = maneuvers.ABORT_HTH if atk.hth else maneuvers.ABORT_RANGED
    context = f"{f.name} attacks {g.name} with {atk.name}"
    if ctx.for_player(g.id):  # the odds are for a person to weigh; an AI reads the picture
        ocv = ocv_chain(f, atk, g, maneuver, levels, extra).value
        context += ": " + abort_odds(ctx, g, ocv, dcv_chain(g).value, atk.hth)
    choice = yield Decision(g.id, menu, g.ai, "abort", context)
    kind = choice.action.kind
    if kind == "none":
        return
    uses_held = _spend_phase(g)
    maneuvers.by_kind(kind).start(g)
    ctx.emit(ev.Aborted(g.id, kind, f.id, uses_held))  # the Dodge or Block is up before the event


def abort_odds(ctx: RulesContext, g: Fighter, ocv: int, dcv: int, hth: bool) -> str:
    """The odds an Abort question shows (rules §1.5, the Dodge's +3 DCV, the Block's roll-off of
    11 + OCV - OCV) and what it costs: the next Phase, or the Phase ``g`` holds."""
    from .estimate import hit_chance

    needed = 11 + ocv - dcv
    dodge = (maneuvers.MARTIAL_DODGE_DCV if "Martial Dodge" in g.sheet.martial_arts else maneuvers.DODGE.dcv)[0].value
    said = [f"it hits on {needed}- ({percent(hit_chance(needed))}) as you stand",
            f"{needed - dodge}- ({percent(hit_chance(needed - dodge))}) against a Dodge (+{dodge} DCV)"]
    if hth:
        block = block_roll_needed(block_ocv_chain(g).value, ocv, g.blocks_made)
        said.append(f"a Block stops it on {block}- ({percent(hit_chance(block))})")
    st = ctx.state
    if g.held:
        cost = "Aborting spends the Phase you hold"
    else:
        nxt = next_phase_after(g.spd, st.abs_segment)
        when = f" (Turn {(nxt - 1) // 12 + 1}, Segment {(nxt - 1) % 12 + 1})" if nxt is not None else ""
        cost = f"Aborting gives up your next Phase{when}"
    return "; ".join(said) + f". {cost}."


def may_abort(ctx: RulesContext, g: Fighter) -> bool:
    """Whether ``g`` could Abort now (rules §1.5): in the fight, not Stunned, its next Phase not
    spent already, no Haymaker winding up, and not standing down under a Mind Control (it takes
    no action: rules-powers §3.5)."""
    return not (g.out_of_fight(ctx.options) or g.stunned or g.aborted or g.haymaker or g.standing_down)


def _spend_phase(g: Fighter) -> bool:
    """An Abort spends the Phase ``g`` holds (True), else its next one (False)."""
    uses_held = g.held
    if uses_held:
        g.held = False
    else:
        g.aborted = True
    return uses_held


def dive_path(ctx: RulesContext, g: Fighter, covered: Callable[[Cell], bool]) -> list[Cell] | None:
    """The shortest walk of at most a half move (the Abort's half Phase) to a free cell the area
    does not cover, the nearest first (ties by the cell's place on the map); None if none."""
    from .movement import cells, occupied

    within = cells(g, False)
    if within <= 0:
        return None
    taken = occupied(ctx.state, g)
    reach = ctx.grid.layers(g.pos, taken).steps(within)
    outside = sorted((steps, cell[1], cell[0]) for cell, steps in reach.items() if steps and not covered(cell))
    if not outside:
        return None
    _, y, x = outside[0]
    return ctx.grid.path(g.pos, (x, y), taken, limit=within)


def offer_dive(ctx: RulesContext, g: Fighter, f: Fighter, atk: HeroAttack,
               covered: Callable[[Cell], bool]) -> Asking[bool]:
    """Dive for Cover (rules §1.5; rules-powers §1.4: an area cannot be Dodged, one may dive out
    of it), asked of ``g`` inside ``f``'s area before its roll, if it could Abort and a half move
    takes it clear; whether it was asked. Our readings: no roll is needed; it lands prone in the
    nearest cell clear of the area (one already prone dives too, with its whole half move: a
    dive is a fall, it need not stand first); a Grab it holds is let go (it moves), and one
    holding it or an Entangle keeps it from diving."""
    from .effects import release
    from .movement import move

    if g is f or not may_abort(ctx, g) or g.held_by is not None or g.entangle is not None:
        return False
    path = dive_path(ctx, g, covered)
    if not path:
        return False
    context = (f"{f.name}'s {atk.name} is about to cover {g.name}'s cell; a Dive for Cover takes it {len(path)} "
               "cells clear, landing prone")
    if ctx.for_player(g.id):
        context += ": Aborting gives up " + ("the Phase you hold" if g.held else "your next Phase")
    choice = yield Decision(g.id, maneuvers.ABORT_AREA, g.ai, "abort", context)
    if choice.action.kind != "dive":
        return True
    ctx.emit(ev.Aborted(g.id, "dive", f.id, _spend_phase(g)))
    release(ctx, g, f"{g.name} dives for cover")
    move(ctx, g, path, f"dives for cover from {atk.name}")
    if not g.prone and not g.out_of_fight(ctx.options):  # paying END it lacks may have knocked it out
        g.prone = True
        ctx.emit(ev.StatusChanged(g.id, "prone", True, "dove for cover"))
    return True


def offer_dives(ctx: RulesContext, f: Fighter, atk: HeroAttack, origin: Cell, aim: Cell) -> Asking[None]:
    """Before an area's roll, each one inside it is asked (:func:`offer_dive`), nearest the
    centre first; and once more anyone not yet asked after anyone was: a dive lets go of a Grab,
    and the one it held may dive too."""
    from . import areas

    grid = ctx.grid
    fighters = ctx.state.fighters

    def covered(cell: Cell) -> bool:
        return areas.covers(grid, atk.area, atk.area_m, origin, aim, cell)

    inside = areas.affected(grid, atk.area, atk.area_m, origin, aim,
                            [(g.id, g.pos) for g in fighters.values() if not g.dead])
    asked: set[str] = set()
    while True:
        new = []
        for gid in inside:
            if gid not in asked and (yield from offer_dive(ctx, fighters[gid], f, atk, covered)):
                new.append(gid)
        if not new:
            return
        asked.update(new)


__all__ = ["abort_odds", "dive_path", "may_abort", "offer_abort", "offer_dive", "offer_dives"]
