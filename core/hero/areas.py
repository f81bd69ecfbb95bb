"""Area Of Effect on the map (rules-powers §1.4): which cells a Radius, Cone or Line covers, the
DCV its attack roll is made against, and an Explosion's fall-off with distance.

Pure geometry over cells (2 m each) and the grid's walls; :func:`.combat.resolve_area` rolls
and applies the damage, :mod:`.menu` offers where to aim. Distances are the Range Modifier's
straight line between cell centres (:func:`.chains.true_metres`), so a 4 m Radius covers the
cells whose centres lie within 4 m of its centre: a plus-shaped blot two cells out, not a square.

Our readings where the sources leave a choice (README, "Readings we chose"):

* a Radius is centred on a cell the attacker has in range and line of sight (the menu offers
  each foe's cell); a Cone and a Line start at the attacker and point at a cell;
* a Cone spreads 30 degrees either side of its aim (60 in all) out to its length; a Line is one
  cell (2 m) wide, its length along the straight line of the grid;
* a wall between the area's origin (a Radius's centre, a Cone's or Line's attacker) and a cell
  shelters that cell;
* the roll is against DCV 3 at the target cell, or DCV 0 when that cell is next to the
  attacker (rules-powers §1.4 and the 6E2 table quoted there); a Cone's and a Line's target
  cell is the first one of the area, next to the attacker;
* an Explosion loses 1 DC for every full 2 m from the centre (kirby-combat's figure; Foundry's
  proportional reading is the other one), each target rolling its own damage at what is left.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from ..rules.grid import Cell, Grid, distance, line
from .chains import true_metres
from .combat_values import CVChain, build_cv

SHAPES = ("radius", "cone", "line")
#: A Cone's half-angle: 60 degrees in all (our reading).
CONE_HALF_ANGLE = math.radians(30)
#: An Explosion loses 1 DC per this many metres from its centre (our reading, rules-powers §1.4).
EXPLOSION_METRES_PER_DC = 2
METRES_PER_CELL = 2


def covers(grid: Grid, shape: str, size_m: int, origin: Cell, aim: Cell, cell: Cell) -> bool:
    """Whether an area of ``shape`` and ``size_m`` metres, from ``origin`` toward ``aim`` (a
    Radius: centred on ``aim``), covers ``cell``."""
    if shape == "radius":
        return true_metres(aim, cell) <= size_m and (cell == aim or grid.line_of_sight(aim, cell))
    if cell == origin:
        return False  # a Cone or a Line leaves its user
    if shape == "cone":
        if true_metres(origin, cell) > size_m:
            return False
        ax, ay = aim[0] - origin[0], aim[1] - origin[1]
        cx, cy = cell[0] - origin[0], cell[1] - origin[1]
        between = abs(math.atan2(ax * cy - ay * cx, ax * cx + ay * cy))
        return between <= CONE_HALF_ANGLE + 1e-9 and grid.line_of_sight(origin, cell)
    return cell in line_cells(grid, size_m, origin, aim)


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


def affected(grid: Grid, shape: str, size_m: int, origin: Cell, aim: Cell,
             positions: Iterable[tuple[str, Cell]]) -> tuple[str, ...]:
    """The ids, among ``positions``, that stand in the area, nearest its centre (a Radius's
    centre, a Cone's or Line's user) first, then by id."""
    centre = aim if shape == "radius" else origin
    inside = [(true_metres(centre, pos), cid) for cid, pos in positions
              if covers(grid, shape, size_m, origin, aim, pos)]
    return tuple(cid for _, cid in sorted(inside))


def target_cell(shape: str, origin: Cell, aim: Cell) -> Cell:
    """The cell the attack roll is made at: a Radius's centre; a Cone's or Line's first cell."""
    if shape == "radius":
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


#: The smallest area each shape buys at +¼; each doubling of the size adds +¼ more (rules-powers §1.4).
BASE_M = {"radius": 4, "cone": 8, "line": 16}
#: An Explosion's adder (our reading: 6e prices the fall-off as -¼ on the area's value; UNCONFIRMED).
EXPLOSION_ADDER = Fraction(-1, 4)


def size_value(base: int, size: int) -> Fraction:
    """+¼ for an area up to ``base``, +¼ more for each doubling past it (a size between two
    steps costs as the next step up)."""
    doublings = max(0, math.ceil(math.log2(size / base))) if size > base else 0
    return Fraction(1, 4) * (1 + doublings)


def area_advantage(shape: str, size_m: int, explosion: bool) -> Fraction:
    """The Area Of Effect advantage on a power: its size's value, less an Explosion's ¼, never
    below +¼ (an area is never cheaper than the smallest one)."""
    value = size_value(BASE_M[shape], size_m) + (EXPLOSION_ADDER if explosion else 0)
    return max(value, Fraction(1, 4))


def centre_of(shape: str, origin: Cell, aim: Cell) -> Cell:
    """Where distances in the area are measured from: a Radius's centre, else the attacker."""
    return aim if shape == "radius" else origin


__all__ = ["SHAPES", "BASE_M", "affected", "area_advantage", "size_value", "covers", "explosion_dcs_lost", "line_cells", "target_cell", "target_dcv",
           "centre_of"]
