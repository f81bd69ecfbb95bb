"""What a hit does to its target once its damage is figured, besides the damage itself
(rules/marvel.md §4.3-4.4): a protection in use that absorbs it (Elemental Protection), and a
Mighty attacker's knockback, which Immovable shortens and which ends a hold."""

from __future__ import annotations

from ..engine.context import RulesContext
from . import events as ev
from .damage import knockback_spaces
from .effects import end_powers, let_go, release
from .powers import CATALOGUE
from .reactions import can_react
from .state import Fighter


def protected(ctx: RulesContext, g: Fighter, pool: str, taken: int) -> int:
    """What a Health hit leaves after a protection ``g`` has in use (Elemental Protection: a hit
    up to its level's threshold is absorbed; a bigger one breaks it, and the rest goes through:
    our reading of a point the sources differ on, rules/marvel.md §4.3)."""
    for name, level in list(g.active.items()):
        p = CATALOGUE[name]
        if not p.absorbs or pool != "Health" or taken <= 0:
            continue
        limit = p.absorbs[min(level, len(p.absorbs)) - 1]
        if taken <= limit:
            ctx.emit(ev.Absorbed(actor=g.id, power=name, absorbed=taken, left=0,
                                 how=f"{name} {level} absorbs hits up to {limit}"))
            return 0
        end_powers(ctx, g, lambda q: q.name == name, f"a hit of {taken} breaks it (over {limit})")
        ctx.emit(ev.Absorbed(actor=g.id, power=name, absorbed=limit, left=taken - limit,
                             how=f"{name} {level} absorbs {limit}; the rest goes through"))
        taken -= limit
    return taken


def knock_back(ctx: RulesContext, f: Fighter, g: Fighter, multiplier: int) -> None:
    """5 spaces per multiplier straight away from the attacker; no extra damage on impact.
    Immovable (rules/marvel.md §4.3) takes 1 space off per point of the target's Melee defense,
    spending its reaction (our reading: used whenever it has one left)."""
    spaces = knockback_spaces(multiplier)
    steady = next((p for p, _ in g.sheet.always_on() if p.steadies), None)
    if steady is not None and can_react(g):
        g.reactions -= 1
        cut = min(spaces, g.sheet.defense("Melee"))
        ctx.emit(ev.ReactionUsed(actor=g.id, reaction=steady.name, against=f.id,
                                 effect=f"knockback {spaces} spaces less {cut} (its Melee defense)",
                                 reactions_left=g.reactions))
        spaces -= cut
        if spaces <= 0:
            return
    start = g.pos
    taken = {h.pos for h in ctx.state.fighters.values() if h.id != g.id and not h.killed}
    path, stopped = ctx.grid.push_line(g.pos, f.pos, spaces, taken)
    if path:
        if g.holding:
            release(ctx, g, f"{g.name} is knocked away: the hold ends")
        if g.held_by:
            let_go(ctx, g, "knocked out of the hold")
        g.pos = path[-1]
    ctx.emit(ev.KnockedBack(target=g.id, attacker=f.id, multiplier=multiplier, spaces=spaces, travelled=len(path),
                            start=start, end=g.pos, stopped=stopped))
