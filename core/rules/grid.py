"""The battle map: a rectangle of square cells, some blocked by obstacles.

Every rules system shares it; each says what a cell is (its ``metres_per_cell`` and
``cell_unit``: 2 m for a hex-sized cell, one space...). Distance is counted in cells with diagonals costing one (Chebyshev),
the usual reading for square grids in both games' tabletop play. Movement paths avoid
obstacles and other combatants (the shortest walk, :mod:`.walks`, so a wall is walked around,
not through); knockback travels in a straight line until something stops it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import islice

from .cell import Cell as Cell  # (named here too: the map is where the rest of the code reads it)
from .reach import BitMap, Layers
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


def walk(a: Cell, b: Cell) -> Iterator[Cell]:
    """The cells on the straight line from ``a`` to ``b`` (Bresenham), ``a`` excluded, one at
    a time: :func:`line` keeps them, :func:`clear_line` stops at the first wall."""
    (x, y), (x1, y1) = a, b
    dx, dy = abs(x1 - x), -abs(y1 - y)
    sx = 1 if x < x1 else -1
    sy = 1 if y < y1 else -1
    err = dx + dy
    while x != x1 or y != y1:
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        yield x, y


def line(a: Cell, b: Cell, limit: int | None = None) -> list[Cell]:
    """The cells on the straight line from ``a`` to ``b`` (:func:`walk`), ``a`` excluded; at
    most ``limit`` of them when given."""
    return list(islice(walk(a, b), limit))


def clear_line(a: Cell, b: Cell, walls: frozenset[Cell]) -> bool:
    """Whether no cell of :func:`line` from ``a`` to ``b`` but ``b`` is in ``walls``, stopping
    at the first wall without making the list (a Marvel turn's firing spots draw a few hundred
    new lines a battle)."""
    return not any(c in walls and c != b for c in walk(a, b))


@lru_cache(maxsize=4096)
def _ray(dx: int, dy: int, cells: int) -> tuple[Cell, ...]:
    """The first ``cells`` steps of the straight line from (0, 0) on through (dx, dy), as
    offsets. A line's steps depend only on its direction, not on where it starts, so a
    knockback reads them from here instead of running the line again."""
    return tuple(line((0, 0), (dx * cells * 4, dy * cells * 4), cells))


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
        on the line, either end included. A veil is what blocks sight but not bodies or blows (a
        Darkness field): a wall hides what is behind it, a veil also what is inside it and
        everything seen from inside it. The line never leaves the rectangle the two span, so a
        rectangle with no wall in it needs no line drawn; the answers for the others are kept
        (the map never changes, a veil does: its lines are not kept), up to a bound."""
        if veil and (a in veil or b in veil or any(c in veil for c in line(a, b))):
            return False
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        if not self.walls_within(x0, y0, x1, y1):
            return True
        seen = self._sight
        found = seen.get((a, b))
        if found is None:
            if len(seen) >= 8192:
                seen.clear()
            found = seen[(a, b)] = not self._walled(a, b)
        return found

    @cached_property
    def _sight(self) -> dict[tuple[Cell, Cell], bool]:
        return {}

    def in_sight_of(self, cells: int, goal: Cell) -> int:
        """The cells of the mask ``cells`` (:attr:`bits`) from which ``goal`` is in line of sight
        (no veil), as a mask: what :meth:`line_of_sight` says of each.

        A Marvel turn asks it of the cells its actor might shoot each foe from, a step further at
        a time, and at 16 a side nine cells in ten it tried were behind a wall (whole rings of
        them: a fountain between the sides). So the map keeps, for each cell asked about as a
        ``goal``, the cells it has tested and those of them that see it, and draws a line only
        from a cell never tested: a foe that has not moved is seen from the same cells as before,
        and a ring of hidden cells costs a few mask operations, not a line per cell. The search
        for firing spots was a fifth of a turn at 16 a side; this takes a third off it (issue 35)."""
        if not self.obstacles:
            return cells
        known = self._seen.get(goal)
        if known is None:
            known = self._seen[goal] = [0, 0]  # the cells tested, those of them that see ``goal``
        tested, seeing = known
        fresh = cells & ~tested
        if fresh:
            sums, walled, bits = self._wall_sums, self._walled, self.bits
            gx, gy = goal
            for a in bits.cells(fresh):
                ax, ay = a
                x0, x1 = (ax, gx) if ax <= gx else (gx, ax)
                y0, y1 = (ay, gy) if ay <= gy else (gy, ay)
                # no wall in the rectangle the two span (:meth:`walls_within`), or none on the line
                if not sums[x1 + 1][y1 + 1] - sums[x0][y1 + 1] - sums[x1 + 1][y0] + sums[x0][y0] or not walled(a, goal):
                    seeing |= bits.bit(a)
            known[0], known[1] = tested | fresh, seeing
        return cells & seeing

    @cached_property
    def _seen(self) -> dict[Cell, list[int]]:
        """For each cell asked about as a goal (:meth:`in_sight_of`), the cells tested and those of
        them that see it, as masks: at most two masks per cell of the map."""
        return {}

    def _walled(self, a: Cell, b: Cell) -> bool:
        """Whether a wall stands on the line from ``a`` to ``b`` before ``b`` (``not``
        :func:`clear_line`), as one AND of two bit masks: the line's cells and the walls.

        A line's cells depend only on its direction (:func:`walk` reads nothing but the
        differences), so the map keeps one mask per (dx, dy), its cells counted from the corner of
        the rectangle the line spans, and shifts it to where the line starts: about a fifth of
        the time a drawn line takes. At 16 a side a Marvel turn's search for firing spots asks
        for lines from a few hundred cells to every foe, too many to keep (the map keeps 8192
        answers): drawing them was 5% of the turn (issue 35)."""
        (ax, ay), (bx, by) = a, b
        width, height = self.width, self.height
        if not (0 <= ax < width and 0 <= ay < height and 0 <= bx < width and 0 <= by < height):
            return not clear_line(a, b, self.obstacles)  # (no mask holds a cell off the map)
        dx, dy = bx - ax, by - ay
        row = self.bits.row
        shape = self._lines.get((dx, dy))
        if shape is None:  # the line's cells but its far end, counted from the corner
            x0, y0 = min(dx, 0), min(dy, 0)
            shape = 0
            for x, y in walk((0, 0), (dx, dy)):
                shape |= 1 << ((y - y0) * row + x - x0)
            shape = self._lines[(dx, dy)] = shape & ~(1 << ((dy - y0) * row + dx - x0))
        corner = (ay if dy >= 0 else by) * row + (ax if dx >= 0 else bx)
        return bool(shape << corner & self._walls)

    @cached_property
    def _lines(self) -> dict[Cell, int]:
        """Each line's mask by direction (:meth:`_walled`), as lines are asked for: at most one
        per difference between two cells of the map."""
        return {}

    @cached_property
    def _walls(self) -> int:
        """The walls on the map as a mask (:class:`~core.rules.reach.BitMap`'s bits)."""
        return self.bits.mask(c for c in self.obstacles if self.inside(c))

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
        for ox, oy in _ray(dx, dy, cells):
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
        ox, oy = _ray(dx, dy, cells)[travelled]
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
