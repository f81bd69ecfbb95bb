"""Defending: Dodge, Block and Dive for Cover, one entry each of the maneuver table, and Aborting
to them (rules §1.5). A character about to be attacked may Abort its next Phase (or use the
Phase it holds) to a Dodge or a Block, asked with the odds a player at the table would weigh
(:func:`offer_abort`); about to be caught in an area, which nobody Dodges, it may Dive for Cover
out of it (:func:`offer_dive`). The attacking entries (:mod:`.maneuvers`, :mod:`.grab_maneuvers`)
make these offers before their roll; the resolver (:mod:`.combat`) asks nothing itself.

Dodge and Block are also taken in a Phase of one's own. What either leaves on its user is the
:class:`.state.InForce` record: a Block's roll is its entry's ``stops``, and what ends either
sooner (a Block once its user is Stunned) its entry's ``ends``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..engine.actions import Action, Asking, Decision
from ..engine.context import RulesContext
from ..rules.grid import Cell
from ..rules.odds import percent
from . import areas, martial, senses
from . import events as ev
from .attack import block_roll_needed
from .chains import block_ocv_chain, dcv_chain, ocv_chain
from .combat_values import CVChain, Modifier
from .effects import release
from .entry import Maneuver, always, put_in_force
from .movement import cells, move, occupied
from .sheet import HeroAttack
from .speed import next_phase_after
from .state import Fighter
from .three_dice import hit_chance
from ..render.words import possessive

# -- the entries -----------------------------------------------------------------------------

def _defend(label: str) -> Callable[[RulesContext, Fighter, Action], None]:
    """A Dodge or a Block taken in a Phase of one's own."""
    def perform(ctx: RulesContext, f: Fighter, a: Action) -> None:
        _by_kind[a.kind].start(f)
        ctx.emit(ev.DefenseTaken(actor=f.id, maneuver=label, dcv=dcv_chain(f).value))
    return perform


def _start_dodge(f: Fighter) -> None:
    put_in_force(f, DODGE, MARTIAL_DODGE if martial.knows(f.sheet, "Martial Dodge") else DODGE)


def _start_block(f: Fighter) -> None:
    if martial.knows(f.sheet, "Martial Block"):
        put_in_force(f, BLOCK, MARTIAL_BLOCK)
    else:
        put_in_force(f, BLOCK)  # a plain Block has no DCV of its own: what was in force stays


def _block_roll(ctx: RulesContext, g: Fighter, f: Fighter, atk: HeroAttack, attacker_ocv: CVChain) -> bool:
    """A Block in force meets each hand-to-hand attack with 3d6 against 11 + its OCV - the
    attacker's OCV, -2 for each Block already made this Phase; made, the attack never lands.
    Both OCVs are the checklists' (seed OCV checklist): the attacker's with its levels, weapon,
    STR Minimum and maneuver, the blocker's with the levels it has not put into DCV."""
    held = g.in_force
    if held is None or not atk.hth:
        return False
    own = block_ocv_chain(g)
    needed = block_roll_needed(own.value, attacker_ocv.value, held.blocks)
    faces = ctx.dice.rolls(3, 6, "block")
    ok = sum(faces) <= needed
    g.in_force = replace(held, blocks=held.blocks + 1)
    ctx.emit(ev.BlockRolled(blocker=g.id, attacker=f.id, faces=faces, needed=needed, success=ok, blocker_ocv=own,
                            attacker_ocv=attacker_ocv))
    return ok


DODGE = Maneuver("dodge", "dodge", "Dodge", "6E1 maneuver table: Dodge, +3 DCV against every attack until its "
                 "next Phase", _defend("dodge"), dcv=(Modifier(4, "Dodge", 3),), abort="any",
                 offer=always("dodge"), start=_start_dodge, ends=frozenset({"knocked out", "dead"}))

BLOCK = Maneuver("block", "block", "Block", "6E1 maneuver table: Block, stops hand-to-hand attacks on a roll "
                 "until its next Phase", _defend("block"), abort="hth", offer=always("block"),
                 start=_start_block, stops=_block_roll, ends=frozenset({"stunned", "knocked out", "dead"}))

#: Martial Dodge and Martial Block (rules-powers §4.3): a Dodge at +5 DCV; a Block with +2 OCV to
#: its roll (:func:`.chains.block_ocv_chain`) and +2 DCV. The forms a Dodge or Block takes in
#: force for one who knows them; the table offers the plain ones.
MARTIAL_DODGE = replace(DODGE, name="martial dodge", title="Martial Dodge", dcv=(Modifier(4, "Martial Dodge", 5),))
MARTIAL_BLOCK = replace(BLOCK, name="martial block", title="Martial Block", dcv=(Modifier(4, "Martial Block", 2),))


def _abort_only(ctx: RulesContext, f: Fighter, a: Action) -> None:
    """Taken only as an Abort (:func:`offer_dive`): no Phase menu offers it."""
    raise RuntimeError("Dive for Cover is taken as an Abort, not in a Phase")


DIVE = Maneuver("dive", "dive", "Dive for Cover", "rules §1.5 and rules-powers §1.4: Dive for Cover, an Abort "
                "out of an area about to be attacked: a half move clear of it, landing prone", _abort_only,
                abort="area", phase=False)

_by_kind = {m.kind: m for m in (DODGE, BLOCK, DIVE)}

#: What a character about to be attacked may answer: go on, or Abort to a defensive maneuver.
NO_ABORT = Action("none")
ABORT_RANGED = (NO_ABORT, *(Action(m.kind) for m in (DODGE, BLOCK, DIVE) if m.abort == "any"))
ABORT_HTH = (NO_ABORT, *(Action(m.kind) for m in (DODGE, BLOCK, DIVE) if m.abort in ("any", "hth")))
ABORT_AREA = (NO_ABORT, *(Action(m.kind) for m in (DODGE, BLOCK, DIVE) if m.abort == "area"))  # no Dodging an area


# -- Aborting ----------------------------------------------------------------------------------

def offer_abort(ctx: RulesContext, g: Fighter, f: Fighter, atk: HeroAttack, entry: Maneuver | None = None,
                levels: str = "", extra: tuple[Modifier, ...] = ()) -> Asking[None]:
    """Rules §1.5: a character about to be attacked may Abort its next Phase (or use its held
    one) to a defensive maneuver, if it could act and has no defence up already. The question
    says what the player at the table would weigh: the roll the attacker needs as things stand
    (with ``entry``'s maneuver, ``levels`` and the ``extra`` modifiers) and with each defence,
    and the Phase the Abort gives up."""
    if not may_abort(ctx, g) or g.dodging or g.blocking:
        return
    if atk.mental:
        return  # a Dodge or a Block changes DCV, and a mental attack rolls against DMCV (rules-powers §3.5)
    menu = ABORT_HTH if atk.hth else ABORT_RANGED
    context = f"{f.name} attacks {g.name} with {atk.name}"
    if ctx.for_player(g.id):  # the odds are for a person to weigh; an AI reads the picture
        ocv = ocv_chain(f, atk, g, entry, levels, extra, unseen=senses.unseen(ctx, f, g)).value
        context += ": " + abort_odds(ctx, g, ocv, dcv_chain(g, senses.unseen(ctx, g, f)).value, atk.hth)
    choice = yield Decision(g.id, menu, g.ai, "abort", context)
    kind = choice.action.kind
    if kind == "none":
        return
    uses_held = _spend_phase(g)
    _by_kind[kind].start(g)
    # the Dodge or Block is up before the event
    ctx.emit(ev.Aborted(actor=g.id, to=kind, against=f.id, uses_held=uses_held))


def abort_odds(ctx: RulesContext, g: Fighter, ocv: int, dcv: int, hth: bool) -> str:
    """The odds an Abort question shows (rules §1.5, the Dodge's +3 DCV, the Block's roll-off of
    11 + OCV - OCV) and what it costs: the next Phase, or the Phase ``g`` holds."""
    needed = 11 + ocv - dcv
    dodge = (MARTIAL_DODGE if martial.knows(g.sheet, "Martial Dodge") else DODGE).dcv[0].value
    said = [f"it hits on {needed}- ({percent(hit_chance(needed))}) as you stand",
            f"{needed - dodge}- ({percent(hit_chance(needed - dodge))}) against a Dodge (+{dodge} DCV)"]
    if hth:
        blocks = g.in_force.blocks if g.in_force is not None else 0
        block = block_roll_needed(block_ocv_chain(g).value, ocv, blocks)
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


# -- Dive for Cover ----------------------------------------------------------------------------

def dive_path(ctx: RulesContext, g: Fighter, covered: Callable[[Cell], bool]) -> list[Cell] | None:
    """The shortest walk of at most a half move (the Abort's half Phase) to a free cell the area
    does not cover, the nearest first (ties by the cell's place on the map); None if none."""
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


def escape_path(ctx: RulesContext, g: Fighter, f: Fighter, covered: Callable[[Cell], bool]) -> list[Cell] | None:
    """The walk by which ``g`` could Dive for Cover out of ``f``'s area (:func:`dive_path`), or
    None if it cannot (rules §1.5): the area's user does not dive from its own area, nor does one
    who could not Abort now (:func:`may_abort`); one held by a Grab or an Entangle cannot move
    (our reading). Read by :func:`offer_dive` and by the AI's estimate of an area, which counts
    the foes who may dive out of it (:func:`.estimate.estimate_area`)."""
    if g is f or not may_abort(ctx, g) or g.held_by is not None or g.entangle is not None:
        return None
    return dive_path(ctx, g, covered)


def offer_dive(ctx: RulesContext, g: Fighter, f: Fighter, atk: HeroAttack,
               covered: Callable[[Cell], bool]) -> Asking[bool]:
    """Dive for Cover (rules §1.5; rules-powers §1.4: an area cannot be Dodged, one may dive out
    of it), asked of ``g`` inside ``f``'s area before its roll, if it could Abort and a half move
    takes it clear; whether it was asked. Our readings: no roll is needed; it lands prone in the
    nearest cell clear of the area (one already prone dives too, with its whole half move: a
    dive is a fall, it need not stand first); a Grab it holds is let go (it moves), and one
    holding it or an Entangle keeps it from diving."""
    path = escape_path(ctx, g, f, covered)
    if not path:
        return False
    context = (f"{possessive(f.name)} {atk.name} is about to cover {possessive(g.name)} cell; a Dive for Cover takes it {len(path)} "
               "cells clear, landing prone")
    if ctx.for_player(g.id):
        context += ": Aborting gives up " + ("the Phase you hold" if g.held else "your next Phase")
    choice = yield Decision(g.id, ABORT_AREA, g.ai, "abort", context)
    if choice.action.kind != "dive":
        return True
    ctx.emit(ev.Aborted(actor=g.id, to="dive", against=f.id, uses_held=_spend_phase(g)))
    release(ctx, g, f"{g.name} dives for cover")
    move(ctx, g, path, f"dives for cover from {atk.name}")
    if not g.prone and not g.out_of_fight(ctx.options):  # paying END it lacks may have knocked it out
        g.prone = True
        ctx.emit(ev.StatusChanged(actor=g.id, status="prone", active=True, why="dove for cover"))
    return True


def offer_dives(ctx: RulesContext, f: Fighter, atk: HeroAttack, origin: Cell, aim: Cell,
                layout: areas.Layout = areas.NO_LAYOUT) -> Asking[None]:
    """Before an area's roll, each one inside it is asked (:func:`offer_dive`), nearest the
    centre first; and once more anyone not yet asked after anyone was: a dive lets go of a Grab,
    and the one it held may dive too. A laid area (Surface, Any Area) stays where ``layout``
    laid it: a dive does not reshape it."""
    grid = ctx.grid
    fighters = ctx.state.fighters
    size = areas.size_of(atk)

    def covered(cell: Cell) -> bool:
        return areas.covers(grid, atk.area, size, origin, aim, cell, layout)

    inside = areas.affected(grid, atk.area, size, origin, aim,
                            [(g.id, g.pos) for g in fighters.values() if not g.dead], layout)
    asked: set[str] = set()
    while True:
        new = []
        for gid in inside:
            if gid not in asked and (yield from offer_dive(ctx, fighters[gid], f, atk, covered)):
                new.append(gid)
        if not new:
            return
        asked.update(new)


__all__ = ["ABORT_AREA", "ABORT_HTH", "ABORT_RANGED", "BLOCK", "DIVE", "DODGE", "MARTIAL_BLOCK", "MARTIAL_DODGE",
           "NO_ABORT", "abort_odds", "dive_path", "escape_path", "may_abort", "offer_abort", "offer_dive", "offer_dives"]
