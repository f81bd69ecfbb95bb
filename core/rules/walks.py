"""The map's shortest walks: A* over its cells, and the walks it has already found.

A walk depends only on the map, its two ends, who stands where and how far the walker may go,
and one Phase asks the same one again and again (the menu for each ranged attack at a foe, then
the move that carries the pick out; a fork's rollouts ask the very walks of the battle they
copy), so each map keeps the walks it has found, up to a bound, as it keeps its lines of sight.
This is the map's dearest loop a move runs (issue 35), so it numbers the cells and reads lists
by number rather than hashing (x, y) tuples; the walks and their tie-breaks are those of a plain
search on cells (tests/test_grid.py pins them). :mod:`core.rules.grid` hands its walks here;
:mod:`core.rules.reach` answers "how many steps to each cell" for every foe at once.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping

from .cell import Cell

#: Walks kept per map before the memo starts again.
KEPT = 4096


class Walks:
    """The shortest walks on one map (``width`` x ``height``; ``adjacent``: each open cell's open
    neighbours, as the map has them)."""

    __slots__ = ("width", "height", "adjacent", "_found", "_numbers")

    def __init__(self, width: int, height: int, adjacent: Mapping[Cell, tuple[Cell, ...]]) -> None:
        self.width, self.height, self.adjacent = width, height, adjacent
        self._found: dict[tuple, tuple[Cell, ...] | None] = {}
        # each cell's open neighbours as (number, x, y), its number x * height + y (which orders
        # cells as their (x, y) do), filled in as the searches reach the cell: a map a battle
        # searches little need not number them all
        self._numbers: list[tuple[tuple[int, int, int], ...] | None] = [None] * (width * height)

    def find(self, start: Cell, goal: Cell, occupied: Iterable[Cell], stop_adjacent: bool,
             limit: int | None) -> list[Cell] | None:
        """The shortest walk from ``start`` to ``goal`` (next to it with ``stop_adjacent``) around
        walls and ``occupied`` cells, within ``limit`` steps: the cells stepped through, ``start``
        excluded; None when there is none. A copy is handed out, since callers cut and extend what
        they get."""
        blocked = frozenset(occupied)
        key = (start, goal, blocked, stop_adjacent, limit)
        found_walks = self._found
        if key in found_walks:
            found = found_walks[key]
        else:
            if len(found_walks) >= KEPT:
                found_walks.clear()
            found = found_walks[key] = self._search(start, goal, blocked, stop_adjacent, limit)
        return None if found is None else list(found)

    def _search(self, start: Cell, goal: Cell, occupied: frozenset[Cell], stop_adjacent: bool,
                limit: int | None) -> tuple[Cell, ...] | None:
        # A* with the Chebyshev distance: it never overestimates on this grid, so the walk is as
        # short as a breadth-first one, and with a limit whole regions beyond it are never opened.
        # Ties go to the cell nearer the goal as the crow flies, so walks look straight, then to
        # the lower cell (the lower number).
        gx, gy = goal
        reach = 1 if stop_adjacent else 0
        if max(abs(start[0] - gx), abs(start[1] - gy)) <= reach:
            return ()
        if not stop_adjacent and goal not in self.adjacent:  # a wall or off the map
            return None
        h0 = max(abs(start[0] - gx), abs(start[1] - gy)) - reach
        bound = (1 << 30) if limit is None else limit
        if h0 > bound or not (0 <= start[0] < self.width and 0 <= start[1] < self.height):
            return None  # (a walker off the map has no open neighbour)
        height = self.height
        numbers = self._numbers
        blocked = self._blocked(start, goal, occupied, stop_adjacent)
        s = start[0] * height + start[1]
        far = 1 << 30
        best = [far] * len(numbers)
        best[s] = 0
        prev = {s: s}
        heap = [(h0, 0, 0, s)]
        push, pop = heapq.heappush, heapq.heappop
        while heap:
            _, _, cost, cell = pop(heap)
            if cost > best[cell]:
                continue
            dx, dy = cell // height - gx, cell % height - gy
            if -reach <= dx <= reach and -reach <= dy <= reach:
                walk = [cell]
                while walk[-1] != s:
                    walk.append(prev[walk[-1]])
                return tuple(divmod(i, height) for i in reversed(walk[:-1]))
            c = cost + 1
            around = numbers[cell]
            if around is None:
                around = numbers[cell] = tuple((x * height + y, x, y)
                                               for x, y in self.adjacent.get(divmod(cell, height), ()))
            for n, nx, ny in around:
                if blocked[n] or c >= best[n]:
                    continue
                nx, ny = nx - gx, ny - gy
                h = nx if nx >= 0 else -nx
                hy = ny if ny >= 0 else -ny
                f = c + (h if h >= hy else hy) - reach
                if f > bound:
                    continue
                best[n] = c
                prev[n] = cell
                push(heap, (f, nx * nx + ny * ny, c, n))
        return None

    def _blocked(self, start: Cell, goal: Cell, occupied: frozenset[Cell], stop_adjacent: bool) -> bytearray:
        """The cells a walk from ``start`` may not enter, by number (1: taken): the ``occupied``
        ones on the map but never the walker's own, and the goal itself when the walk stops next
        to it."""
        width, height = self.width, self.height
        blocked = bytearray(width * height)
        for x, y in occupied:
            if 0 <= x < width and 0 <= y < height:
                blocked[x * height + y] = 1
        blocked[start[0] * height + start[1]] = 0
        if 0 <= goal[0] < width and 0 <= goal[1] < height:
            blocked[goal[0] * height + goal[1]] = 1 if stop_adjacent else 0
        return blocked
