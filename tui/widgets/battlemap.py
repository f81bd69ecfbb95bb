"""The battle map: the grid, its obstacles, every combatant by letter in its side's colour, the
selected combatant highlighted, the last knockback path traced, a HERO Darkness or Images shaded
over the cells it covers; and a legend below it with the range from the selected combatant to
everyone else (and what the shading is).

A map larger than the widget is shown through a window centred on ``MapData.centre`` (the
combatant whose turn the player is choosing), else on the selected combatant (or, with none,
on the middle of everyone), clamped to the map's edges. A map narrow enough is drawn two
characters per cell so cells look square. Column numbers run along the top and row numbers
down the left, every 5 cells (counting from 0, as a typed cell ``x,y`` does).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.content import Content
from textual.widget import Widget

from slugfest.core.rules.grid import Grid, distance, line

from .. import systems
from . import side_style


@dataclass
class MapData:
    grid: Grid
    combatants: list[dict[str, Any]]
    letters: dict[str, str]
    sides: dict[str, int]
    selected: str | None = None
    active: str | None = None
    knockback: list[tuple[int, int]] = field(default_factory=list)
    metres_per_cell: float = 1
    cell_unit: str = ""
    centre: str | None = None  # the combatant to keep in view, before the selected one
    #: Cells a field covers (a HERO Darkness or Images), by kind: shaded where no one stands.
    fields: dict[tuple[int, int], str] = field(default_factory=dict)


#: How a field's empty cell is drawn, and its word in the legend.
FIELD_MARKS = {"darkness": ("░", "Darkness"), "images": ("▒", "Images")}


def fields_of(snapshot: dict[str, Any]) -> dict[tuple[int, int], str]:
    """The cells each field of a snapshot covers (its ``fields``: kind -> cells), by cell; a
    Darkness over an Images shows as the Darkness."""
    out: dict[tuple[int, int], str] = {}
    for kind in ("images", "darkness"):
        for x, y in snapshot.get("fields", {}).get(kind, ()):
            out[(x, y)] = kind
    return out


#: Label every this many columns and rows.
AXIS_STEP = 5


def knockback_path(events: list[Any]) -> list[tuple[int, int]]:
    """Cells of the most recent knockback that moved someone (its start included)."""
    for e in reversed(events):
        if getattr(e, "kind", "") == "knockback" and getattr(e, "outcome", "") == "knockback":
            start, end = tuple(e.start), tuple(e.end)
            return [start, *line(start, end)] if start != end else [start]
    return []


def window(size: int, view: int, centre: int) -> int:
    """First visible index of a ``view``-long window on ``size`` cells, around ``centre``."""
    if size <= view:
        return 0
    return max(0, min(centre - view // 2, size - view))


class BattleMap(Widget):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.data: MapData | None = None

    def set_data(self, data: MapData) -> None:
        relayout = self.data is None or self.data.grid != data.grid
        self.data = data
        self.refresh(layout=relayout)

    @staticmethod
    def label_width(grid: Grid) -> int:
        """Columns the row numbers take (the widest number and a space)."""
        return len(str(max(grid.height - 1, 0))) + 1

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self.data.grid.height + 1 if self.data else 1

    def get_content_width(self, container: Any, viewport: Any) -> int:
        if not self.data:
            return 1
        return self.label_width(self.data.grid) + self.data.grid.width * 2

    def render(self) -> Content:
        d = self.data
        if d is None:
            return Content("")
        g = d.grid
        gutter = self.label_width(g)
        width = max(self.content_size.width - gutter, 1)
        height = max(self.content_size.height - 1, 1)
        cw = 2 if g.width * 2 <= width else 1
        if g.width * cw > width:  # cropped: a column on the right for its mark (see :func:`edge_marks`)
            width = max(width - 1, 1)
        cols, rows = max(min(g.width, width // cw), 1), min(g.height, height)
        where = {tuple(c["position"]): c for c in d.combatants if "position" in c}
        focus = None
        for cid in (d.centre, d.selected):
            if cid and focus is None:
                focus = next((tuple(c["position"]) for c in d.combatants
                              if c.get("id") == cid and "position" in c), None)
        if focus is None and where:
            xs = [p[0] for p in where]
            ys = [p[1] for p in where]
            focus = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
        focus = focus or (g.width // 2, g.height // 2)
        x0, y0 = window(g.width, cols, focus[0]), window(g.height, rows, focus[1])
        kb = set(d.knockback)
        pad = " " if cw == 2 else ""
        marks = edge_marks(g, x0, y0, cols, rows)
        head = list(" " * gutter + column_labels(x0, cols, cw).ljust(cols * cw) + (" " if marks.right else ""))
        if marks.up:
            head[0] = "▴"
        if marks.left:
            head[gutter - 1] = "◂"
        if marks.right:
            head[-1] = "▸"
        lines = [Content.assemble(*[(ch, "bold $text-warning" if ch in "▴◂▸" else "$text-muted")
                                    for ch in "".join(head).rstrip()])]
        for y in range(y0, y0 + rows):
            label = (str(y) if y % AXIS_STEP == 0 else "").rjust(gutter - 1) + " "
            parts: list[tuple[str, str] | str] = []
            if marks.down and y == y0 + rows - 1:  # "more below", where the row's number leaves room
                at = 0 if label[0] == " " else gutter - 1
                parts += [(label[:at], "$text-muted"), ("▾", "bold $text-warning"), (label[at + 1:], "$text-muted")]
            else:
                parts.append((label, "$text-muted"))
            for x in range(x0, x0 + cols):
                cell = (x, y)
                c = where.get(cell)
                if c is not None:
                    cid = c.get("id", "")
                    letter = d.letters.get(cid, "?")
                    style = f"bold {side_style(d.sides.get(cid, 0))}"
                    if systems.is_out(c):
                        letter, style = letter.lower(), "$text-disabled"
                    if cid == d.selected:
                        style += " reverse"
                    if cid == d.active:
                        style += " underline"
                    parts.append((letter + pad, style))
                elif cell in g.obstacles:
                    parts.append(("█" * cw, "$text-muted"))
                elif cell in kb:
                    parts.append(("•" + pad, "bold $text-warning"))
                elif cell in d.fields:
                    parts.append((FIELD_MARKS[d.fields[cell]][0] * cw, "$text-muted"))
                else:
                    parts.append(("·" + pad, "$text-disabled"))
            if marks.right:
                parts.append(("›", "$text-warning"))
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)


@dataclass(frozen=True)
class EdgeMarks:
    """Which edges of a map window hide more map (each gets a mark)."""

    left: bool
    right: bool
    up: bool
    down: bool

    def __bool__(self) -> bool:
        return self.left or self.right or self.up or self.down


def edge_marks(grid: Grid, x0: int, y0: int, cols: int, rows: int) -> EdgeMarks:
    """Where the window of ``cols`` x ``rows`` cells from ``x0, y0`` crops the map: at 80 columns
    a 32-wide map lost its last columns without a sign. The map marks each such edge: ◂ ▸ on the
    column numbers' line (and › down the right), ▴ over the first row, ▾ beside the last."""
    return EdgeMarks(x0 > 0, x0 + cols < grid.width, y0 > 0, y0 + rows < grid.height)


def column_labels(x0: int, cols: int, cw: int) -> str:
    """The column numbers over a window of ``cols`` columns from ``x0``, ``cw`` characters each."""
    chars = [" "] * (cols * cw)
    for i in range(cols):
        x = x0 + i
        if x % AXIS_STEP:
            continue
        text, at = str(x), i * cw
        if at + len(text) > len(chars) or (at and chars[at - 1] != " "):
            continue
        chars[at:at + len(text)] = list(text)
    return "".join(chars).rstrip()


def legend(d: MapData, width: int, max_lines: int = 3) -> Content:
    """Who is who on the map, and the range from the selected combatant to each other one
    (nearest first), in at most ``max_lines`` lines of ``width``: entries never break across
    lines, and those that do not fit are counted ("+5 more") rather than cut off. When the
    names crowd the distances out (80x24 showed "from S She-Hulk:" and "+4 more"), the
    distances come by letter alone, the unit said once: the letters are the combatants list's."""
    full = _legend(d, width, max_lines, compact=False)
    if not full[1]:
        return full[0]
    compact = _legend(d, width, max_lines, compact=True)
    return compact[0] if compact[1] < full[1] else full[0]


def _legend(d: MapData, width: int, max_lines: int, compact: bool) -> tuple[Content, int]:
    """The legend, and how many entries it had to count as "+N more" rather than show."""
    by_id = {c.get("id"): c for c in d.combatants}
    sel = by_id.get(d.selected) if d.selected else None

    def tag(c: dict[str, Any], short: bool = False) -> Content:
        cid = c.get("id", "")
        style = side_style(d.sides.get(cid, 0))
        if systems.is_out(c):
            style = "$text-disabled"
        if short:
            return Content.styled(d.letters.get(cid, "?"), f"bold {style}")
        return Content.assemble((d.letters.get(cid, "?"), f"bold {style}"), " ", str(c.get("name", cid)))

    others = [c for c in d.combatants if sel is None or c.get("id") != d.selected]
    ranged = sel is not None and "position" in sel
    if ranged:
        assert sel is not None
        here = tuple(sel["position"])
        others.sort(key=lambda c: distance(here, tuple(c["position"])) if "position" in c else 10**6)
    parts: list[Content] = []
    unit = ""
    for c in others:
        short = compact and ranged and "position" in c
        entry = tag(c, short)
        if ranged and "position" in c:
            cells = distance(here, tuple(c["position"]))
            far = systems.distance_text(cells, d.metres_per_cell, d.cell_unit)
            if short:
                number, _, unit = far.partition(" ")
                far = number
            entry = entry + Content.styled(" " + far, "$text-accent")
        parts.append(entry)
    for kind in sorted(set(d.fields.values())):  # what the shaded cells are
        mark, word = FIELD_MARKS[kind]
        parts.append(Content.styled(f"{mark} {word}", "$text-muted"))
    if d.knockback and len(d.knockback) > 1:  # last, as it is also traced on the map
        a, b = d.knockback[0], d.knockback[-1]
        parts.append(Content.assemble(("•", "bold $text-warning"), (f" knockback {a[0]},{a[1]}→{b[0]},{b[1]}",
                                                                      "$text-muted")))
    if compact and unit:
        unit = {"space": "spaces", "cell": "cells"}.get(unit, unit)
    prefix = (Content.assemble(("from ", "$text-muted"), tag(sel), (f", in {unit}:" if compact and unit else ":",
                                                                      "$text-muted"))
              if sel is not None else None)
    rows: list[list[Content]] = [[]]  # the entries on each line

    def text(row: list[Content], first: bool) -> Content:
        line = Content("  ").join(row)
        if first and prefix is not None:
            line = prefix + Content(" ") + line if row else prefix
        return line

    def more(k: int) -> Content:
        return Content.styled(f"+{k} more", "$text-muted")

    if prefix is not None and prefix.cell_length > width and sel is not None:  # by letter, not cut mid-word
        prefix = Content.assemble(("from ", "$text-muted"), tag(sel, short=True),
                                  (f", in {unit}:" if compact and unit else ":", "$text-muted"))
    if prefix is not None and prefix.cell_length > width:
        prefix = prefix.truncate(width, ellipsis=True)
    shown = 0
    for entry in parts:
        if entry.cell_length > width:  # a 60-letter name is cut, not left to hide everyone after it
            entry = entry.truncate(width, ellipsis=True)
        row = rows[-1]
        if text([*row, entry], len(rows) == 1).cell_length <= width:
            row.append(entry)
        elif len(rows) < max_lines and entry.cell_length <= width:
            rows.append([entry])
        else:
            break
        shown += 1
    while shown < len(parts):  # room for the count: on the last line, else a line of its own
        row, first = rows[-1], len(rows) == 1
        if text([*row, more(len(parts) - shown)], first).cell_length <= width:
            row.append(more(len(parts) - shown))
            break
        if len(rows) < max_lines:
            rows.append([more(len(parts) - shown)])
            break
        if not row:
            break  # not even the count fits
        row.pop()
        shown -= 1
    return Content("\n").join(text(row, i == 0) for i, row in enumerate(rows)), len(parts) - shown


class Legend(Widget):
    """The map's :func:`legend`, laid out at the width the widget has when drawn: one fitted when
    the map's data came would keep that moment's width (at marvel-brawl's first action at 80x24,
    a wider one: "from C Captain America, in spaces:" wrapped and its distances were cut off)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.data: MapData | None = None
        self.max_lines = 3

    def show(self, data: MapData, max_lines: int) -> None:
        self.data, self.max_lines = data, max_lines
        self.refresh(layout=True)

    def content(self, width: int) -> Content:
        return legend(self.data, max(width, 20), self.max_lines) if self.data is not None else Content("")

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return str(self.content(width)).count("\n") + 1 if self.data is not None else 0

    def render(self) -> Content:
        return self.content(self.content_size.width)
