"""Straight lines on the map's cells: the cells a line from one cell to another crosses
(Bresenham), which line of sight (:mod:`.sight`), knockback and an area's reach all walk."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import islice

from .cell import Cell


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
def ray(dx: int, dy: int, cells: int) -> tuple[Cell, ...]:
    """The first ``cells`` steps of the straight line from (0, 0) on through (dx, dy), as
    offsets. A line's steps depend only on its direction, not on where it starts, so a
    knockback reads them from here instead of running the line again."""
    return tuple(line((0, 0), (dx * cells * 4, dy * cells * 4), cells))
