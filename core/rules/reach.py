"""How far one walker gets: every cell it can stand on after 0, 1, 2... steps, found by one
breadth-first search and kept as bit masks.

A Phase (or a Marvel turn) asks, for every foe, how many steps the actor must walk to stand next
to it, and an AI asks which cells it could move to. Asking the map for a walk per foe costs a
search per foe; :class:`Layers` answers all of them from one search. The map is a bit mask with
one bit per cell (a row is the map's width plus one always-blocked guard column, so a step off
one edge never lands on the other), and a step is a few shifts of the whole mask at once: layer
``k + 1`` is layer ``k`` and every cell next to it (the 3 x 3 square round each cell: a row's
three, then the rows above and below), less walls and other combatants. Steps are
counted exactly as the map's walks count them (eight neighbours, diagonals one step), so the
number of steps to a cell is the length of the shortest walk there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .cell import Cell


class BitMap:
    """A map's cells as bit positions, and the masks that depend on the map alone."""

    __slots__ = ("width", "height", "row", "open", "_rings", "_boxes")

    def __init__(self, width: int, height: int, obstacles: frozenset[Cell]) -> None:
        self.width, self.height = width, height
        self.row = width + 1  # one guard column a row
        mask = 0
        for x in range(width):
            for y in range(height):
                if (x, y) not in obstacles:
                    mask |= 1 << (y * self.row + x)
        self.open = mask
        self._rings: dict[Cell, int] = {}
        self._boxes: dict[tuple[Cell, int], int] = {}

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[1] * self.row + cell[0])

    def mask(self, cells: Iterable[Cell]) -> int:
        row, out = self.row, 0
        for x, y in cells:
            out |= 1 << (y * row + x)
        return out

    def ring(self, cell: Cell) -> int:
        """The (up to) eight cells next to ``cell`` that are on the map."""
        found = self._rings.get(cell)
        if found is None:
            x0, y0 = cell
            found = 0
            for x in range(x0 - 1, x0 + 2):
                for y in range(y0 - 1, y0 + 2):
                    if (x, y) != cell and 0 <= x < self.width and 0 <= y < self.height:
                        found |= 1 << (y * self.row + x)
            self._rings[cell] = found
        return found

    def box(self, center: Cell, radius: int) -> int:
        """The cells within ``radius`` of ``center`` (diagonals counting one), on the map."""
        key = (center, radius)
        found = self._boxes.get(key)
        if found is None:
            cx, cy = center
            x0, x1 = max(cx - radius, 0), min(cx + radius, self.width - 1)
            y0, y1 = max(cy - radius, 0), min(cy + radius, self.height - 1)
            found = 0
            if x0 <= x1:
                row_bits = ((1 << (x1 - x0 + 1)) - 1) << x0
                for y in range(y0, y1 + 1):
                    found |= row_bits << (y * self.row)
            self._boxes[key] = found
        return found

    def cells(self, mask: int) -> Iterator[Cell]:
        """The cells of ``mask``, in bit order."""
        row = self.row
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            yield (i % row, i // row)
            mask ^= low


class Layers:
    """The cells a walker at ``start`` can stand on after each number of steps, avoiding walls
    and ``occupied`` cells, computed a layer at a time as far as anyone asks."""

    __slots__ = ("map", "free", "masks", "done")

    def __init__(self, bitmap: BitMap, start: Cell, occupied: Iterable[Cell]) -> None:
        self.map = bitmap
        self.free = bitmap.open & ~bitmap.mask(occupied)
        self.masks = [bitmap.bit(start)]  # masks[k]: every cell within k steps
        self.done = False  # no more cells can be reached

    def within(self, steps: int) -> int:
        """The mask of every cell within ``steps`` steps."""
        masks = self.masks
        if steps < len(masks):
            return masks[steps]
        row, free = self.map.row, self.free
        m = masks[-1]
        while len(masks) <= steps:
            if self.done:
                masks.append(m)
                continue
            wide = m | m << 1 | m >> 1  # the eight neighbours are a 3 x 3 square: a row's three, then
            grown = (wide | wide << row | wide >> row) & free | m  # those a row up and down (guard bits drop)
            self.done = grown == m
            masks.append(grown)
            m = grown
        return m

    def steps_next_to(self, goal: Cell, limit: int) -> int | None:
        """The fewest steps that end next to ``goal`` (0 if the walker already is), at most
        ``limit``; None if no walk gets there."""
        ring = self.map.ring(goal)
        masks = self.masks
        # The layers only grow, so the first one that touches the ring is the answer: read the
        # layers already made in order, then make more one at a time. (A gallop and a halving
        # back asked for a layer about twice as often as this scan reads one: a menu asks for
        # every foe, and the answer is a few steps.)
        k = 0
        for m in masks:
            if m & ring:
                return k
            if k >= limit:
                return None
            k += 1
        while not self.done:
            if self.within(k) & ring:
                return k
            if k >= limit:
                return None
            k += 1
        return None

    def reaches_next_to(self, goal: Cell, limit: int) -> bool:
        """Whether some walk of at most ``limit`` steps ends next to ``goal`` (0 if the walker
        already is): :meth:`steps_next_to` is not None, answered by one mask (the layers only
        grow) rather than a layer at a time (a Marvel menu asks it of every foe, issue 35)."""
        ring, masks = self.map.ring(goal), self.masks
        if masks[min(limit, len(masks) - 1)] & ring:  # the layers made so far already tell
            return True
        k = len(masks)
        while k <= limit and not self.done:  # more, one at a time, only as far as the answer
            if self.within(k) & ring:
                return True
            k += 1
        return False

    def steps(self, limit: int) -> dict[Cell, int]:
        """Every cell within ``limit`` steps, with the fewest steps that reach it."""
        out: dict[Cell, int] = {}
        seen = 0
        for k in range(limit + 1):
            layer = self.within(k)
            for cell in self.map.cells(layer & ~seen):
                out[cell] = k
            seen = layer
        return out

    def nearest(self, goal: Cell, limit: int, nearer_than: int,
                keep_out: Iterable[tuple[Cell, int]] = ()) -> dict[Cell, int]:
        """The cells within ``limit`` steps, outside every ``keep_out`` square (a cell and a
        radius, diagonals counting one), that lie as near ``goal`` as any such cell does and
        nearer than ``nearer_than``; with the fewest steps to each. Empty if there are none.

        An AI closing on a foe while staying out of everyone's reach asks exactly this; as masks
        it is a few dozen whole-map operations instead of every reachable cell tested against
        every foe (that loop was an eighth of a HERO battle's time, issue 35)."""
        bits = self.map
        allowed = self.within(limit)
        for cell, radius in keep_out:
            allowed &= ~bits.box(cell, radius)
        found = 0
        for d in range(nearer_than if allowed else 0):
            found = allowed & bits.box(goal, d)
            if found:
                break
        out: dict[Cell, int] = {}
        seen, k = 0, 0
        while seen != found:
            layer = self.within(k) & found
            for cell in bits.cells(layer & ~seen):
                out[cell] = k
            seen, k = layer, k + 1
        return out
