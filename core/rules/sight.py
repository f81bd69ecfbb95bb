"""What sees what on the map: line of sight between two cells past the walls (and a veil,
such as a Darkness), and the cells from which a goal is seen, with what the map keeps of the
answers. The map never changes in a battle, so its answers are kept (up to a bound); a veil
does change, so lines through one are not.

One :class:`Sight` belongs to each map (:attr:`core.rules.grid.Grid.line_of_sight` and
:meth:`~core.rules.grid.Grid.in_sight_of` hand their questions here); the lines themselves are
:mod:`.lines`'."""

from __future__ import annotations

from .cell import Cell
from .lines import clear_line, line, walk
from .reach import BitMap


class Sight:
    """Line of sight on one map (``width`` x ``height``, its ``obstacles``, its ``bits`` and the
    prefix sums of its walls, ``wall_sums[x][y]``: the walls with x' < x and y' < y), and the
    answers it keeps."""

    __slots__ = ("width", "height", "obstacles", "bits", "wall_sums", "_sight", "_seen", "_lines", "_walls")

    def __init__(self, width: int, height: int, obstacles: frozenset[Cell], bits: BitMap,
                 wall_sums: list[list[int]]) -> None:
        self.width, self.height, self.obstacles, self.bits, self.wall_sums = width, height, obstacles, bits, wall_sums
        self._sight: dict[tuple[Cell, Cell], bool] = {}  # lines drawn, up to a bound
        # for each cell asked about as a goal (:meth:`in_sight_of`), the cells tested and those of
        # them that see it, as masks: at most two masks per cell of the map
        self._seen: dict[Cell, list[int]] = {}
        # each line's mask by direction (:meth:`_walled`), as lines are asked for: at most one per
        # difference between two cells of the map
        self._lines: dict[Cell, int] = {}
        self._walls = bits.mask(c for c in obstacles if 0 <= c[0] < width and 0 <= c[1] < height)

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
        s = self.wall_sums
        if not self.obstacles or not s[x1 + 1][y1 + 1] - s[x0][y1 + 1] - s[x1 + 1][y0] + s[x0][y0]:
            return True
        seen = self._sight
        found = seen.get((a, b))
        if found is None:
            if len(seen) >= 8192:
                seen.clear()
            found = seen[(a, b)] = not self._walled(a, b)
        return found

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
            sums, walled, bits = self.wall_sums, self._walled, self.bits
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
