"""Area Of Effect on the map (rules-powers §1.4): the shapes an area takes, which cells each
covers, the DCV its attack roll is made against, and an Explosion's fall-off with distance.

Each shape is one entry of :data:`TABLE` (its smallest size at +¼, the unit it is sized in,
whether it starts at its user, Hero Designer's name for it, and which cells it covers), read by
the scenario keys, the pricing, the importer, the menu, the AI's estimate and the resolver.
Pure geometry over cells (2 m each) and the grid's walls; :func:`.combat.resolve_area` rolls
and applies the damage, :mod:`.tactics` offers where to aim. Distances are the Range
Modifier's straight line between cell centres (:func:`.chains.true_metres`), so a 4 m Radius
covers the cells whose centres lie within 4 m of its centre: a plus-shaped blot two cells out,
not a square.

Our readings where the sources leave a choice (docs/rules.md, "Readings we chose (HERO)"):

* a Radius, a Surface and an Any Area are placed on any open cell the attacker has in range and
  line of sight; a Cone and a Line start at the attacker and point at any cell;
* a Cone spreads 30 degrees either side of its aim (60 in all) out to its length; a Line is one
  cell (2 m) wide, its length along the straight line of the grid;
* a Surface or an Any Area of N cells is N connected cells (2 m each) the attacker shapes as
  it likes (rules-powers §1.4's table sizes them in 2 m areas); we lay them for it, from the
  cell aimed at along the shortest open paths to the foes standing nearest that cell, one after
  another while the cells last, never through a friend's cell (:func:`lay`). On our one-level
  map the two differ only in price and name (6e's Surface clings to a surface, an Any Area may
  fill a volume);
* a wall between the area's origin (a Radius's centre, a Cone's or Line's attacker) and a cell
  shelters that cell; a laid area runs over open cells only;
* the roll is against DCV 3 at the target cell, or DCV 0 when that cell is next to the
  attacker (rules-powers §1.4 and the 6E2 table quoted there); a Cone's and a Line's target
  cell is the first one of the area, next to the attacker;
* an Explosion (Radius, Cone and Line only, as 6e sells it) loses 1 DC for every full 2 m from
  the centre (kirby-combat's figure; Foundry's proportional reading is the other one), each
  target rolling its own damage at what is left.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from ..rules.grid import Cell, Grid, distance, line
from .chains import true_metres
from .combat_values import CVChain, build_cv

if TYPE_CHECKING:
    from ..engine.actions import Action
    from .sheet import HeroAttack
    from .state import Fighter

#: A Cone's half-angle: 60 degrees in all (our reading).
CONE_HALF_ANGLE = math.radians(30)
#: An Explosion loses 1 DC per this many metres from its centre (our reading, rules-powers §1.4).
EXPLOSION_METRES_PER_DC = 2
METRES_PER_CELL = 2

#: Who a laid area (Surface, Any Area) reaches for and steers clear of: the cells of the foes to
#: take in, and of the friends to spare (the attacker's among them).
Layout = tuple[tuple[Cell, ...], frozenset[Cell]]
NO_LAYOUT: Layout = ((), frozenset())


def _radius(grid: Grid, size: int, origin: Cell, aim: Cell, cell: Cell, layout: Layout) -> bool:
    return true_metres(aim, cell) <= size and (cell == aim or grid.line_of_sight(aim, cell))


def _cone(grid: Grid, size: int, origin: Cell, aim: Cell, cell: Cell, layout: Layout) -> bool:
    if cell == origin or true_metres(origin, cell) > size:
        return False  # a Cone leaves its user
    ax, ay = aim[0] - origin[0], aim[1] - origin[1]
    cx, cy = cell[0] - origin[0], cell[1] - origin[1]
    between = abs(math.atan2(ax * cy - ay * cx, ax * cx + ay * cy))
    return between <= CONE_HALF_ANGLE + 1e-9 and grid.line_of_sight(origin, cell)


def _line(grid: Grid, size: int, origin: Cell, aim: Cell, cell: Cell, layout: Layout) -> bool:
    return cell != origin and cell in line_cells(grid, size, origin, aim)


def _laid(grid: Grid, size: int, origin: Cell, aim: Cell, cell: Cell, layout: Layout) -> bool:
    return cell in lay(grid, size, aim, *layout)


@dataclass(frozen=True)
class Shape:
    """One Area Of Effect shape (rules-powers §1.4's table)."""

    name: str  #: the scenario's ``area.shape``
    title: str  #: as the log and the menu name it
    base: int  #: the largest size bought at +¼; each doubling past it adds +¼
    unit: str  #: "m" (a Radius's radius, a Cone's or Line's length) or "cells" (2 m cells laid)
    spreads: bool  #: starts at its user and reaches its own length (no range of its own)
    hdc: str  #: Hero Designer's OPTION for it
    explodes: bool  #: may take the Explosion adder
    covers: Callable[[Grid, int, Cell, Cell, Cell, Layout], bool]

    @property
    def key(self) -> str:
        """The scenario key its size is written under: ``metres`` or ``cells``."""
        return "metres" if self.unit == "m" else "cells"

    @property
    def a(self) -> str:
        """Its title with its article: ``a Radius``, ``an Any Area``."""
        return ("an " if self.title[0] in "AEIOU" else "a ") + self.title

    def sized(self, size: int) -> str:
        """Its size and name as the log says them: ``8 m Radius``, ``4 cells Any Area``."""
        return f"{size} m {self.title}" if self.unit == "m" else f"{size}-cell {self.title}"


TABLE: dict[str, Shape] = {s.name: s for s in (
    Shape("radius", "Radius", 4, "m", False, "RADIUS", True, _radius),
    Shape("cone", "Cone", 8, "m", True, "CONE", True, _cone),
    Shape("line", "Line", 16, "m", True, "LINE", True, _line),
    Shape("surface", "Surface", 2, "cells", False, "SURFACE", False, _laid),
    Shape("any area", "Any Area", 2, "cells", False, "ANY", False, _laid),
)}
SHAPES = tuple(TABLE)
#: The smallest area each shape buys at +¼ (metres or cells); each doubling adds +¼ more (rules-powers §1.4).
BASE_M = {s.name: s.base for s in TABLE.values()}


def size_of(atk: HeroAttack) -> int:
    """An area attack's size in its shape's unit (metres, or cells for a laid area)."""
    return atk.area_cells if TABLE[atk.area].unit == "cells" else atk.area_m


def reach_of(atk: HeroAttack) -> int:
    """How far from its user an area may be aimed, in metres: a Cone's or Line's own length, a
    placed area's range."""
    return atk.area_m if TABLE[atk.area].spreads else atk.range_m


def refusal(grid: Grid, shape: str, reach_m: int, origin: Cell, cell: Cell) -> str:
    """Why an area of ``shape`` cannot be aimed at ``cell`` from ``origin`` ("" when it can): a
    placed area goes on an open cell, a Cone or Line points away from its user; the cell within
    ``reach_m`` (counted as the menu counts range: cells, diagonals one) and in line of sight."""
    x, y = cell
    if not grid.inside(cell):
        return f"{x},{y} is off the map"
    if TABLE[shape].spreads and cell == origin:
        return f"a {TABLE[shape].title} points away from its user, not at its own cell"
    if not TABLE[shape].spreads and not grid.open(cell):
        return f"{x},{y} is a wall, not an open cell"
    d = distance(origin, cell) * METRES_PER_CELL
    if d > reach_m:
        return f"{x},{y} is {d} m away; it reaches {reach_m} m"
    if not grid.line_of_sight(origin, cell):
        return f"an obstacle blocks the line of sight to {x},{y}"
    return ""


def aim_of(action: Action, fighters: Mapping[str, Fighter]) -> Cell:
    """The cell an area action is aimed at: its ``destination``, or (an action written before
    areas took any cell) where its ``target`` stands."""
    if action.destination is not None:
        return action.destination
    return fighters[action.target].pos


def layout_for(f: Fighter, fighters: Iterable[Fighter]) -> Layout:
    """What ``f`` shapes a laid area around: the cells of the foes still standing to take in,
    the cells of its own side (itself too) to spare."""
    seek = tuple(g.pos for g in fighters if g.allegiance != f.allegiance and not (g.dead or g.ko))
    spare = frozenset(g.pos for g in fighters if g.allegiance == f.allegiance and not g.dead)
    return seek, spare


@lru_cache(maxsize=4096)
def lay(grid: Grid, cells: int, aim: Cell, seek: tuple[Cell, ...], spare: frozenset[Cell]) -> frozenset[Cell]:
    """A Surface's or an Any Area's ``cells`` connected cells, laid from ``aim``: the foes in
    ``seek`` nearest the aim first (ties by their place on the map), each joined by the
    shortest open path from what is laid so far that fits in the cells left and crosses no cell
    of ``spare``; a foe out of reach is passed over. Nothing when ``aim`` is not open."""
    if not grid.open(aim) or cells < 1:
        return frozenset()
    laid = {aim}
    left = cells - 1
    for goal in sorted(set(seek), key=lambda c: (true_metres(aim, c), c[1], c[0])):
        if goal in laid or left <= 0:
            continue
        path = _join(grid, laid, goal, spare, left)
        if path is not None:
            laid.update(path)
            left -= len(path)
    return frozenset(laid)


def _join(grid: Grid, laid: set[Cell], goal: Cell, spare: frozenset[Cell], most: int) -> list[Cell] | None:
    """The shortest path of new cells (``goal`` last, at most ``most``) from ``laid`` to
    ``goal`` over open cells, none of ``spare``; breadth first, neighbours in the grid's order."""
    came: dict[Cell, Cell | None] = {c: None for c in sorted(laid, key=lambda c: (c[1], c[0]))}
    frontier = list(came)
    for _ in range(most):
        nxt: list[Cell] = []
        for c in frontier:
            for n in grid.adjacent.get(c, ()):
                if n in came or n in spare:
                    continue
                came[n] = c
                if n == goal:
                    path = [n]
                    back: Cell | None = c
                    while back is not None and back not in laid:
                        path.append(back)
                        back = came[back]
                    return path[::-1]
                nxt.append(n)
        frontier = nxt
    return None


def covers(grid: Grid, shape: str, size: int, origin: Cell, aim: Cell, cell: Cell,
           layout: Layout = NO_LAYOUT) -> bool:
    """Whether an area of ``shape`` and ``size`` (its unit), from ``origin`` toward ``aim`` (a
    Radius: centred on ``aim``; a laid area: laid from ``aim`` by ``layout``), covers ``cell``."""
    return TABLE[shape].covers(grid, size, origin, aim, cell, layout)


def cells_of(grid: Grid, shape: str, size: int, origin: Cell, aim: Cell,
             layout: Layout = NO_LAYOUT) -> frozenset[Cell]:
    """Every open cell the area covers (:func:`covers`): what a Darkness fills (:mod:`.senses`)."""
    return frozenset(c for c in grid.adjacent if covers(grid, shape, size, origin, aim, c, layout))


def line_cells(grid: Grid, size_m: int, origin: Cell, aim: Cell) -> tuple[Cell, ...]:
    """A Line's cells: the grid's straight line from ``origin`` through ``aim``, ``size_m``
    metres long, stopped by the first wall or the map's edge."""
    cells = size_m // METRES_PER_CELL
    dx, dy = aim[0] - origin[0], aim[1] - origin[1]
    far = (origin[0] + dx * cells * 4, origin[1] + dy * cells * 4)
    out: list[Cell] = []
    for c in line(origin, far, cells):
        if not grid.open(c):
            break
        out.append(c)
    return tuple(out)


def affected(grid: Grid, shape: str, size: int, origin: Cell, aim: Cell,
             positions: Iterable[tuple[str, Cell]], layout: Layout = NO_LAYOUT) -> tuple[str, ...]:
    """The ids, among ``positions``, that stand in the area, nearest its centre (a Radius's or
    a laid area's aim, a Cone's or Line's user) first, then by id."""
    centre = centre_of(shape, origin, aim)
    inside = [(true_metres(centre, pos), cid) for cid, pos in positions
              if covers(grid, shape, size, origin, aim, pos, layout)]
    return tuple(cid for _, cid in sorted(inside))


def target_cell(shape: str, origin: Cell, aim: Cell) -> Cell:
    """The cell the attack roll is made at: the aim of a placed area; a Cone's or Line's first cell."""
    if not TABLE[shape].spreads:
        return aim
    first = line(origin, aim, 1)
    return first[0] if first else aim


def target_dcv(shape: str, origin: Cell, aim: Cell) -> CVChain:
    """DCV 3 at the target cell, 0 when the cell is next to the attacker (rules-powers §1.4)."""
    cell = target_cell(shape, origin, aim)
    return _ADJACENT if distance(origin, cell) <= 1 else _CELL


_CELL = build_cv("DCV", 3, [])
_ADJACENT = build_cv("DCV", 0, [])


def explosion_dcs_lost(metres: int) -> int:
    """DCs an Explosion has lost ``metres`` from its centre: 1 per full 2 m."""
    return metres // EXPLOSION_METRES_PER_DC


#: An Explosion's adder (our reading: 6e prices the fall-off as -¼ on the area's value; UNCONFIRMED).
EXPLOSION_ADDER = Fraction(-1, 4)


def size_value(base: int, size: int) -> Fraction:
    """+¼ for an area up to ``base``, +¼ more for each doubling past it (a size between two
    steps costs as the next step up)."""
    doublings = max(0, math.ceil(math.log2(size / base))) if size > base else 0
    return Fraction(1, 4) * (1 + doublings)


def area_advantage(shape: str, size: int, explosion: bool) -> Fraction:
    """The Area Of Effect advantage on a power: its size's value, less an Explosion's ¼, never
    below +¼ (an area is never cheaper than the smallest one)."""
    value = size_value(TABLE[shape].base, size) + (EXPLOSION_ADDER if explosion else 0)
    return max(value, Fraction(1, 4))


def centre_of(shape: str, origin: Cell, aim: Cell) -> Cell:
    """Where distances in the area are measured from: the aim of a placed area, else the attacker."""
    return origin if TABLE[shape].spreads else aim


__all__ = ["BASE_M", "NO_LAYOUT", "SHAPES", "TABLE", "Layout", "Shape", "affected", "aim_of", "area_advantage", "centre_of",
           "covers", "explosion_dcs_lost", "lay", "layout_for", "line_cells", "reach_of", "refusal", "size_of", "size_value", "target_cell",
           "target_dcv"]
