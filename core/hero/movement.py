"""Moving on the map in HERO: how far a Phase's movement goes, the walks it takes, and the END
it costs (1 per 10 m).

Cells are 2 m. A full Phase's combat movement is the sheet's running; a half move (to strike
in the same Phase) half of it. Walks go around walls and other combatants (the map's A*
search); a move toward someone that people block goes as far as it can.
"""

from __future__ import annotations

from ..engine.context import RulesContext
from ..engine.events import Moved
from ..rules.grid import Cell, distance
from .effects import spend_end
from .endurance import movement_end
from .sheet import HeroAttack
from .state import Fighter, HeroState

METRES_PER_CELL = 2


def cells(f: Fighter, full: bool) -> int:
    """Cells ``f`` may move in a full Phase (``full``) or in the half Phase before a strike (none
    while an Entangle holds it, rules-powers §3.2)."""
    if f.entangle is not None or f.held_by is not None:  # held: it cannot move (rules-powers §3.2, §4.1)
        return 0
    m = f.sheet.running if full else f.sheet.running // 2
    return m // METRES_PER_CELL


def phase_cells(f: Fighter) -> int:
    """Cells of movement left in this Phase (a half move once standing up took the other half)."""
    return cells(f, not f.half_used)


def occupied(st: HeroState, f: Fighter) -> set[Cell]:
    """Cells others stand in (the dead do not block)."""
    return {g.pos for g in st.fighters.values() if g is not f and not g.dead}


def walk_next_to(ctx: RulesContext, f: Fighter, g: Fighter, within: int) -> list[Cell] | None:
    """The walk that ends next to ``g`` in at most ``within`` cells: ``[]`` if already
    adjacent, None if out of reach."""
    d = distance(f.pos, g.pos)
    if d <= 1:
        return []
    if within <= 0 or d > within + 1:
        return None
    path = ctx.grid.path(f.pos, g.pos, occupied(ctx.state, f), stop_adjacent=True, limit=cells(f, True))
    if path is None or len(path) > within:
        return None
    return path


def walk_into_range(ctx: RulesContext, f: Fighter, g: Fighter, range_m: int, within: int,
                    taken: set[Cell] | None = None) -> list[Cell] | None:
    """The walk toward ``g`` of at most ``within`` cells after which a ranged attack of
    ``range_m`` metres reaches it in line of sight (the seed: a half move, then the attack):
    ``[]`` if it does from here, None if no such walk. The walk is the way :func:`toward` goes,
    cut at the first cell that serves. ``taken``: the cells others stand in, when the caller
    has them (:func:`occupied`)."""
    grid = ctx.grid
    d = distance(f.pos, g.pos)
    if d * METRES_PER_CELL <= range_m and grid.line_of_sight(f.pos, g.pos):
        return []
    if within <= 0 or range_m < METRES_PER_CELL or (d - within) * METRES_PER_CELL > range_m:
        return None  # (under a cell's reach it never reaches anyone in another cell)
    if taken is None:
        taken = occupied(ctx.state, f)
    if grid.clear_between(f.pos, g.pos, taken):
        # open ground between them: the straight walk closes a cell a step, in sight all the way
        steps = d - range_m // METRES_PER_CELL
        (x, y), (gx, gy) = f.pos, g.pos
        walk = []
        for _ in range(steps):
            x += (gx > x) - (gx < x)
            y += (gy > y) - (gy < y)
            walk.append((x, y))
        return walk
    route = toward(ctx, f, g, taken)[:within]
    for i, c in enumerate(route):
        if distance(c, g.pos) * METRES_PER_CELL <= range_m and grid.line_of_sight(c, g.pos):
            return route[:i + 1]
    return None


def toward(ctx: RulesContext, f: Fighter, g: Fighter, taken: set[Cell] | None = None) -> list[Cell]:
    """The way toward ``g``: around people if possible, else up to the first one in the way
    (``taken``: the cells others stand in, when the caller has them)."""
    if taken is None:
        taken = occupied(ctx.state, f)
    path = ctx.grid.route(f.pos, g.pos, taken)
    if path is None:
        around = ctx.grid.route(f.pos, g.pos) or []
        path = []
        for c in around:
            if c in taken:
                break
            path.append(c)
    return path


def move(ctx: RulesContext, f: Fighter, path: list[Cell], why: str) -> int:
    """Walk ``path`` (the cells stepped through), paying its END; the metres moved."""
    if not path:
        return 0
    start = f.pos
    f.pos = path[-1]
    m = len(path) * METRES_PER_CELL
    ctx.emit(Moved(actor=f.id, start=start, end=f.pos, distance=m, unit="m", why=why))
    spend_end(ctx, f, movement_end(m), "movement")
    return m


def close_in(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack) -> int:
    """The half move before a blow (the seed: half a Phase's movement, then the attack): next
    to a hand-to-hand target, or into range and sight of a ranged one. The metres moved."""
    within = 0 if f.half_used else cells(f, False)
    if atk.hth:
        path = walk_next_to(ctx, f, g, within) or []
        return move(ctx, f, path, f"closes in on {g.name}")
    path = walk_into_range(ctx, f, g, atk.range_m, within) or []
    in_range = distance(f.pos, g.pos) * METRES_PER_CELL <= atk.range_m
    return move(ctx, f, path, f"moves into {'line of sight' if in_range else 'range'} of {g.name}")
