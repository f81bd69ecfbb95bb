"""The turn structure, shaped by what the snapshot holds.

* A snapshot with a ``segment`` and combatants with their ``phases`` (HERO: the Segments the
  Speed Chart gives their SPD) gets the Speed Chart of the current Turn: a column per Segment,
  a row per combatant, a dot where it has a Phase, the current Segment highlighted, and who
  acts next.
* A snapshot with a ``round`` (Marvel) gets the round and the initiative order (from an
  ``initiative``/``order`` list of ids, or each combatant's ``initiative`` figure).
* Anything else: the clock line and who acts next.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widget import Widget

from .. import systems
from . import fit_name, side_style


class TurnTracker(Widget):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.snapshot: dict[str, Any] = {}
        self.letters: dict[str, str] = {}
        self.sides: dict[str, int] = {}
        self.next_actor: str | None = None
        self.time_unit = "turn"

    def set_data(self, snapshot: dict[str, Any], letters: dict[str, str], sides: dict[str, int],
                 next_actor: str | None, time_unit: str) -> None:
        relayout = len(snapshot.get("combatants", ())) != len(self.snapshot.get("combatants", ())) or \
            (next_actor is None) != (self.next_actor is None)
        self.snapshot, self.letters, self.sides = snapshot, letters, sides
        self.next_actor, self.time_unit = next_actor, time_unit
        self.refresh(layout=relayout)

    def _display_name(self, cid: str | None) -> str:
        for c in self.snapshot.get("combatants", ()):
            if c.get("id") == cid:
                return str(c.get("name", cid))
        return cid or ""

    #: Leave out the clock and "next:" lines (the 80x24 layout: the status bar says the clock,
    #: ▶ marks who acts next here and on the cards).
    brief = False

    #: The heading lines (the clock, "next:", the Segments' numbers) are drawn by a
    #: :class:`TurnHead` docked over the chart, so they stay in view when the rows scroll (the
    #: Speed Chart's numbers scrolled away with a big roster); False: this widget draws them.
    headless = False

    def render(self) -> Content:
        return Content("\n").join(self.body(self.content_size.width) if self.headless else
                                   self.lines(self.content_size.width))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """The lines drawn for the width measured (Textual's own measure would wrap the lines
        drawn for the width the chart had before)."""
        return len(self.body(width) if self.headless else self.lines(width))

    def lines(self, width: int) -> list[Content]:
        """Everything: the heading (:meth:`head`), then a row per combatant (:meth:`body`)."""
        if not self.snapshot:
            return [Content("")]
        return self.head(width) + self.body(width)

    def head(self, width: int) -> list[Content]:
        """The clock and who acts next (not when ``brief``), and the Speed Chart's Segments."""
        snap = self.snapshot
        if not snap:
            return []
        nxt = self._display_name(self.next_actor)
        head = [] if self.brief else [
            Content.styled(systems.clock(snap, self.time_unit), "bold"),
            Content.assemble(("next: ", "$text-muted"), (fit_name(nxt, max(width - 6, 1)), "bold $text-accent"))
            if nxt else Content.styled("no one acts: the battle is over", "$text-muted")]
        if self.is_speed_chart(snap):
            head += self._chart_header(int(snap["segment"]), width)
        return head

    def body(self, width: int) -> list[Content]:
        """A row per combatant: the Speed Chart's, or the initiative order."""
        snap = self.snapshot
        if not snap:
            return [Content("")]
        combatants = snap.get("combatants", [])
        if self.is_speed_chart(snap):
            return self._chart(snap, combatants, width)
        return self._initiative(snap, combatants, width) or [Content("")]

    def row_of(self, cid: str | None) -> int | None:
        """The line of ``cid``'s row (to keep the one acting in view when the chart scrolls)."""
        snap = self.snapshot
        combatants = snap.get("combatants", [])
        ids = [c.get("id") for c in (combatants if self.is_speed_chart(snap) else self._ranked(snap, combatants))]
        if cid not in ids:
            return None
        top = 0 if self.headless else len(self.head(self.content_size.width))
        return top + ids.index(cid)

    @staticmethod
    def is_speed_chart(snap: dict[str, Any]) -> bool:
        combatants = snap.get("combatants", [])
        return bool("segment" in snap and combatants and all("phases" in c for c in combatants))

    @property
    def chart_title(self) -> str:
        return "Speed Chart" if self.is_speed_chart(self.snapshot) else "Initiative"

    def _row_head(self, c: dict[str, Any]) -> Content:
        cid = c.get("id", "")
        marker = "▶" if cid == self.next_actor else " "
        style = side_style(self.sides.get(cid, 0))
        if systems.is_out(c):
            style = "$text-disabled"
        return Content.assemble((marker, "bold $text-accent"), (self.letters.get(cid, "?"), f"bold {style}"))

    @staticmethod
    def _cell_width(width: int) -> int:
        """Three characters a Segment when there is room, else two with the tens above the units."""
        return 3 if width >= 5 + 3 * 12 else 2

    def _chart_header(self, seg: int, width: int) -> list[Content]:
        cw = self._cell_width(width)
        lines: list[Content] = []
        rows = [[f"{s:>{cw}}" for s in range(1, 13)]] if cw == 3 else \
            [[(" " * (cw - 1) + (str(s // 10) if s >= 10 else " ")) for s in range(1, 13)],
             [" " * (cw - 1) + str(s % 10) for s in range(1, 13)]]
        for cells in rows:
            header: list[Content | tuple[str, str] | str] = ["     "]
            for s, text in enumerate(cells, 1):
                header.append((text, "bold reverse" if s == seg else "$text-muted"))
            lines.append(Content.assemble(*header))
        return lines

    def _chart(self, snap: dict[str, Any], combatants: list[dict[str, Any]], width: int) -> list[Content]:
        seg = int(snap["segment"])
        cw = self._cell_width(width)
        lines: list[Content] = []
        for c in combatants:
            spd = int(c.get("SPD", 0))
            phases = set(c.get("phases", ()))
            out = systems.is_out(c)
            parts: list[Content | tuple[str, str] | str] = [self._row_head(c), (f" {spd:>2} ", "$text-muted")]
            for s in range(1, 13):
                mark = " " * (cw - 1) + ("●" if s in phases else "·")
                if s == seg:
                    style = "bold reverse"
                elif out or s < seg:
                    style = "$text-disabled"
                else:
                    style = side_style(self.sides.get(c.get("id", ""), 0)) if s in phases else "$text-disabled"
                parts.append((mark, style))
            lines.append(Content.assemble(*parts))
        return lines

    @staticmethod
    def _ranked(snap: dict[str, Any], combatants: list[dict[str, Any]]) -> list[dict[str, Any]]:
        by_id = {c.get("id"): c for c in combatants}
        order = snap.get("initiative") or snap.get("order")
        if isinstance(order, list) and all(isinstance(x, str) for x in order):
            return [by_id[x] for x in order if x in by_id]
        if combatants and all(isinstance(c.get("initiative"), (int, float)) for c in combatants):
            return sorted(combatants, key=lambda c: -c["initiative"])
        return list(combatants)

    def _initiative(self, snap: dict[str, Any], combatants: list[dict[str, Any]], width: int) -> list[Content]:
        lines: list[Content] = []
        width = max(width, 20)
        for i, c in enumerate(self._ranked(snap, combatants), 1):
            init = c.get("initiative")
            extra = f" {init:>3}" if isinstance(init, (int, float)) else ""
            style = "$text-disabled" if systems.is_out(c) else ""
            room = width - 2 - 5 - len(extra)
            name = fit_name(str(c.get("name", c.get("id"))), room)
            lines.append(Content.assemble(self._row_head(c), (f" {i:>2}. {name:<{room}}", style), (extra, "$text-muted")))
        return lines


class TurnHead(Widget):
    """The heading of the :class:`TurnTracker` beside it (the clock, "next:", the Segments'
    numbers), docked over the chart so that it never scrolls away with the rows."""

    def __init__(self, tracker: TurnTracker, **kw: Any) -> None:
        super().__init__(**kw)
        self.tracker = tracker
        tracker.headless = True

    def _width(self, width: int) -> int:
        """The chart's own width (a scrollbar beside the rows narrows them, not the docked head):
        the Segments' numbers are laid out as the rows' dots are, two or three columns each."""
        return self.tracker.content_size.width or width

    def render(self) -> Content:
        return Content("\n").join(self.tracker.head(self._width(self.content_size.width)))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.tracker.head(self._width(width)))
