"""The battle map: a rectangle of square cells, some blocked by obstacles.

Every rules system shares it; each says what a cell is (its ``metres_per_cell`` and
``cell_unit``: 2 m for a hex-sized cell, one space...). Distance is counted in cells with diagonals costing one (Chebyshev),
the usual reading for square grids in both games' tabletop play. Movement paths avoid
obstacles and other combatants (the shortest walk, :mod:`.walks`, so a wall is walked around,
not through); knockback travels in a straight line until something stops it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from .cell import Cell as Cell  # (named here too: the map is where the rest of the code reads it)
from .lines import clear_line as clear_line, line as line, ray, walk as walk  # (read from here too)
from .reach import BitMap, Layers
from .sight import Sight
from .walks import Walks


_STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def distance(a: Cell, b: Cell) -> int:
    """Cells between ``a`` and ``b``, diagonals counting one. (Comparisons, not ``max`` and
    ``abs``: the menu, the AIs and the rules ask it thousands of times a battle, and the three
    built-in calls were 0.4% of a hero-brawl battle's instructions, issue 35.)"""
    dx, dy = a[0] - b[0], a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


@dataclass(frozen=True)
class Grid:
    width: int
    height: int
    obstacles: frozenset[Cell] = field(default_factory=frozenset)

    def __getstate__(self) -> dict:
        """Only the map travels to another process: what is kept of it (neighbours, lines of
        sight, walks) is worked out again there, as asked."""
        return {"width": self.width, "height": self.height, "obstacles": self.obstacles}

    @cached_property
    def adjacent(self) -> dict[Cell, tuple[Cell, ...]]:
        """Open neighbours of every open cell, computed once per map."""
        out: dict[Cell, tuple[Cell, ...]] = {}
        for x in range(self.width):
            for y in range(self.height):
                if (x, y) in self.obstacles:
                    continue
                out[(x, y)] = tuple((x + dx, y + dy) for dx, dy in _STEPS if self.open((x + dx, y + dy)))
        return out

    @cached_property
    def regions(self) -> dict[Cell, int]:
        """Which connected region of open ground each open cell is in (walls only, not people)."""
        region: dict[Cell, int] = {}
        for cell in self.adjacent:
            if cell in region:
                continue
            rid = len(set(region.values()))
            stack = [cell]
            region[cell] = rid
            while stack:
                c = stack.pop()
                for n in self.adjacent[c]:
                    if n not in region:
                        region[n] = rid
                        stack.append(n)
        return region

    def connected(self, a: Cell, b: Cell) -> bool:
        """True when open ground links ``a`` to a cell next to ``b`` (ignoring combatants)."""
        ra = self.regions.get(a)
        if ra is None:
            return False
        near = self._regions_near.get(b)
        if near is None:
            regions = self.regions
            near = self._regions_near[b] = frozenset(regions.get(n) for n in self.adjacent.get(b, ()))
        return ra in near

    @cached_property
    def _regions_near(self) -> dict[Cell, frozenset[int | None]]:
        """The regions of each cell's open neighbours, filled in as cells are asked about."""
        return {}

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def open(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.obstacles

    def line_of_sight(self, a: Cell, b: Cell, veil: frozenset[Cell] = frozenset()) -> bool:
        """True when no obstacle stands strictly between ``a`` and ``b`` and no ``veil`` cell is
        on the line (:meth:`core.rules.sight.Sight.line_of_sight`)."""
        return self._sights.line_of_sight(a, b, veil)

    def in_sight_of(self, cells: int, goal: Cell) -> int:
        """The cells of the mask ``cells`` from which ``goal`` is in line of sight, as a mask
        (:meth:`core.rules.sight.Sight.in_sight_of`)."""
        return self._sights.in_sight_of(cells, goal)

    @cached_property
    def _sights(self) -> Sight:
        """What sees what on this map, and the answers kept so far (:class:`core.rules.sight.Sight`)."""
        return Sight(self.width, self.height, self.obstacles, self.bits, self._wall_sums)

    def path(self, start: Cell, goal: Cell, occupied: Iterable[Cell] = (), stop_adjacent: bool = False,
             limit: int | None = None) -> list[Cell] | None:
        """Shortest walk from ``start`` toward ``goal`` avoiding obstacles and occupied cells.

        With ``stop_adjacent`` the walk ends next to ``goal`` (to strike someone standing
        there). Returns the cells stepped through (``start`` excluded), ``[]`` if already
        there, ``None`` if no route exists within ``limit`` steps.
        """
        return self._walks.find(start, goal, occupied, stop_adjacent, limit)

    def steps_next_to(self, start: Cell, goal: Cell, occupied: Iterable[Cell] = (),
                      limit: int | None = None) -> int | None:
        """How many steps the walk :meth:`path` would take to end next to ``goal`` (``None`` when
        there is none within ``limit``), without searching when nothing stands in the way.

        When the rectangle spanned by ``start`` and ``goal`` holds no wall and no one else, the
        straight Chebyshev walk (diagonal steps, then straight ones) stays inside it and takes
        ``distance - 1`` steps, which no walk can beat; only otherwise is the search run. An
        action menu asks this for every foe on every Phase and needs the length, not the cells.
        """
        d = distance(start, goal)
        if d <= 1:
            return 0
        if limit is not None and d - 1 > limit:
            return None
        if self.clear_between(start, goal, occupied):
            return d - 1
        walk = self._walks.find(start, goal, occupied, True, limit)
        return None if walk is None else len(walk)

    def clear_between(self, start: Cell, goal: Cell, occupied: Iterable[Cell]) -> bool:
        """Whether the rectangle ``start`` and ``goal`` span holds no wall and no one else: then
        the straight walk between them is a shortest one."""
        x0, x1 = (start[0], goal[0]) if start[0] <= goal[0] else (goal[0], start[0])
        y0, y1 = (start[1], goal[1]) if start[1] <= goal[1] else (goal[1], start[1])
        return not self.walls_within(x0, y0, x1, y1) and not any(
            x0 <= c[0] <= x1 and y0 <= c[1] <= y1 and c != start and c != goal for c in occupied)

    @cached_property
    def bits(self) -> BitMap:
        """The map as bit masks, for searches that answer every foe at once (:mod:`core.rules.reach`)."""
        return BitMap(self.width, self.height, self.obstacles)

    def layers(self, start: Cell, occupied: Iterable[Cell] = ()) -> Layers:
        """One breadth-first search from ``start`` (around walls and ``occupied`` cells) that
        tells the steps to anywhere (see :class:`core.rules.reach.Layers`)."""
        return Layers(self.bits, start, occupied)

    @cached_property
    def _wall_sums(self) -> list[list[int]]:
        """2-D prefix sums of the walls: ``[x][y]`` counts walls with x' < x and y' < y."""
        sums = [[0] * (self.height + 1) for _ in range(self.width + 1)]
        for x in range(self.width):
            column, above = sums[x + 1], sums[x]
            for y in range(self.height):
                column[y + 1] = column[y] + above[y + 1] - above[y] + ((x, y) in self.obstacles)
        return sums

    def walls_within(self, x0: int, y0: int, x1: int, y1: int) -> int:
        """Walls in the rectangle x0..x1, y0..y1 (inclusive, on the map), in constant time."""
        if not self.obstacles:
            return 0
        s = self._wall_sums
        return s[x1 + 1][y1 + 1] - s[x0][y1 + 1] - s[x1 + 1][y0] + s[x0][y0]

    def route(self, start: Cell, goal: Cell, occupied: Iterable[Cell] = ()) -> list[Cell] | None:
        """Shortest walk ending next to ``goal``, however long."""
        return self._walks.find(start, goal, occupied, True, None)

    @cached_property
    def _walks(self) -> Walks:
        """The shortest walks on this map, and those found so far (:class:`core.rules.walks.Walks`)."""
        return Walks(self.width, self.height, self.adjacent)

    def flood(self, start: Cell, occupied: Iterable[Cell] = (), limit: int | None = None) -> Reach:
        """Every cell reachable from ``start`` within ``limit`` steps (breadth first), with the
        way back: one search answers "how far to reach X" for every X at once."""
        blocked = set(occupied)
        blocked.discard(start)
        prev: dict[Cell, Cell] = {start: start}
        steps: dict[Cell, int] = {start: 0}
        frontier = [start]
        depth = 0
        adjacent = self.adjacent
        while frontier and (limit is None or depth < limit):
            depth += 1
            nxt_frontier = []
            for c in frontier:
                for n in adjacent.get(c, ()):
                    if n in steps or n in blocked:
                        continue
                    steps[n] = depth
                    prev[n] = c
                    nxt_frontier.append(n)
            frontier = nxt_frontier
        return Reach(start, steps, prev)

    def step_away(self, start: Cell, threat: Cell, steps: int, occupied: Iterable[Cell] = ()) -> list[Cell]:
        """Greedy retreat: each step to the open neighbour farthest from ``threat`` (the first
        such in the fixed order of the eight directions)."""
        blocked = occupied if isinstance(occupied, (set, frozenset)) else set(occupied)
        adjacent = self.adjacent
        out: list[Cell] = []
        cell = start
        for _ in range(steps):
            best = None
            best_d = distance(cell, threat)
            for nxt in adjacent.get(cell, ()):
                if nxt not in blocked:
                    d = distance(nxt, threat)
                    if d > best_d:
                        best, best_d = nxt, d
            if best is None:
                break
            out.append(best)
            cell = best
        return out

    def can_step_away(self, start: Cell, threat: Cell, occupied: Iterable[Cell] = ()) -> bool:
        """Whether :meth:`step_away` would take at least one step."""
        d = distance(start, threat)
        return any(nxt not in occupied and distance(nxt, threat) > d for nxt in self.adjacent.get(start, ()))

    def push_line(self, start: Cell, away_from: Cell, cells: int, occupied: Iterable[Cell] = ()) -> tuple[list[Cell], bool]:
        """Knockback: move ``cells`` straight away from ``away_from``.

        Returns the cells travelled and whether something stopped the flight early: an
        obstacle, another combatant or the map edge (the edge counts as a wall).
        """
        if cells <= 0:
            return [], False
        dx, dy = start[0] - away_from[0], start[1] - away_from[1]
        if dx == 0 and dy == 0:
            dx = 1
        blocked = occupied if isinstance(occupied, (set, frozenset)) else set(occupied)
        width, height, obstacles = self.width, self.height, self.obstacles
        x0, y0 = start
        travelled: list[Cell] = []
        for ox, oy in ray(dx, dy, cells):
            x, y = x0 + ox, y0 + oy
            cell = (x, y)
            if not (0 <= x < width and 0 <= y < height) or cell in obstacles or cell in blocked:
                return travelled, True
            travelled.append(cell)
        return travelled, False

    def push_stopper(self, start: Cell, away_from: Cell, cells: int, travelled: int) -> Cell:
        """The cell that stopped a :meth:`push_line` flight of ``cells`` after ``travelled`` of
        them: the next on its line (off the map when the map's edge stopped it)."""
        dx, dy = start[0] - away_from[0], start[1] - away_from[1]
        if dx == 0 and dy == 0:
            dx = 1
        ox, oy = ray(dx, dy, cells)[travelled]
        return start[0] + ox, start[1] + oy


@dataclass(frozen=True)
class Reach:
    """The result of :meth:`Grid.flood`."""

    start: Cell
    steps: dict[Cell, int]
    prev: dict[Cell, Cell]

    def path_to(self, cell: Cell) -> list[Cell] | None:
        if cell not in self.steps:
            return None
        return _unwind(self.prev, self.start, cell) if cell != self.start else []

    def path_next_to(self, goal: Cell) -> list[Cell] | None:
        """Shortest path ending adjacent to ``goal`` ([] if already adjacent, None if unreachable).
        Ties go to the neighbour first in a fixed scan order, so results are reproducible."""
        if distance(self.start, goal) <= 1:
            return []
        best: Cell | None = None
        best_steps = 0
        gx, gy = goal
        for dx, dy in _STEPS:
            c = (gx + dx, gy + dy)
            s = self.steps.get(c)
            if s is not None and (best is None or s < best_steps):
                best, best_steps = c, s
        return None if best is None else _unwind(self.prev, self.start, best)


@lru_cache(maxsize=64)
def grid_for(width: int, height: int, obstacles: frozenset[Cell]) -> Grid:
    """One Grid per map, shared by every battle on it (its neighbour tables are computed once)."""
    return Grid(width, height, obstacles)


def _unwind(prev: dict[Cell, Cell], start: Cell, end: Cell) -> list[Cell]:
    out = [end]
    while out[-1] != start:
        out.append(prev[out[-1]])
    out.pop()
    out.reverse()
    return out
