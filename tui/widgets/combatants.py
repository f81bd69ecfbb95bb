"""Every combatant's vital figures as bars and numbers, grouped by side."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from .. import systems
from . import fit_name, side_style


def bar_style(fraction: float) -> str:
    if fraction > 0.5:
        return "$success"
    if fraction > 0.25:
        return "$warning"
    return "$error"


def bar(label: str, current: float, maximum: float, width: int, label_width: int) -> Content:
    """``STUN ██████░░░░  45/60``: the filled part coloured by how much is left."""
    numbers = f"{_num(current)}/{_num(maximum)}"
    numbers_width = max(len(numbers), 7)
    cells = max(width - label_width - numbers_width - 2, 4)
    fraction = max(min(current / maximum, 1.0), 0.0) if maximum else 0.0
    filled = round(fraction * cells)
    if current > 0 and filled == 0:
        filled = 1
    num_style = "$text-error bold" if current <= 0 else ""
    return Content.assemble(
        (f"{label:<{label_width}} ", "$text-muted"),
        ("█" * filled, bar_style(fraction)),
        ("░" * (cells - filled), "$text-disabled"),
        " ",
        (f"{numbers:>{numbers_width}}", num_style),
    )


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


@dataclass
class CardData:
    combatant: dict[str, Any]
    letter: str
    side_index: int
    extras: list[tuple[str, str]] = field(default_factory=list)
    player: bool = False
    active: bool = False
    selected: bool = False


class CombatantCard(Widget):
    """One combatant: name, map letter, who controls it, figures, bars, conditions."""

    class Clicked(Message):
        def __init__(self, cid: str) -> None:
            super().__init__()
            self.cid = cid

    def __init__(self, cid: str, **kw: Any) -> None:
        super().__init__(id=f"card-{cid}", classes="card", **kw)
        self.cid = cid
        self.data: CardData | None = None
        self.dense = False  # set by the panel when the full cards would not all fit

    def set_data(self, data: CardData) -> None:
        old = self.data
        self.data = data
        self.set_class(data.selected, "-selected")
        self.set_class(data.active, "-active")
        self.set_class(systems.is_out(data.combatant), "-out")
        # Only a change in the number of lines needs a new layout (conditions came or went).
        relayout = old is None or bool(systems.conditions(old.combatant)) != bool(systems.conditions(data.combatant))
        self.refresh(layout=relayout)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """The card's lines at the width it is measured at. Textual's own measure wraps what
        :meth:`render` drew for the width the card had before: lines drawn for a wider column
        each took two rows, and a dense card on the 80x24 layout showed two blank lines."""
        return len(self.lines(max(width, 20), self.dense)) if self.data is not None else 0

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.cid))

    def render(self) -> Content:
        if self.data is None:
            return Content("")
        return Content("\n").join(self.lines(max(self.content_size.width, 20), self.dense))

    def head(self, width: int = 10**6) -> Content:
        """``▶ B Bulwark [you]``: a name too long for ``width`` is shortened a word at a time
        (:func:`fit_name`: "Hulkbuster (remote-piloted)" reads "Hulkbuster"), never what follows it."""
        d = self.data
        assert d is not None
        c = d.combatant
        name_style = "bold $text-disabled strike" if "dead" in systems.conditions(c) else (
            "bold $text-muted" if systems.is_out(c) else "bold")
        you = " [you]" if d.player else ""
        room = width - 4 - len(you)
        name = Content.styled(fit_name(str(c.get("name", c.get("id", "?"))), max(room, 1)), name_style)
        head = Content.assemble(("▶ " if d.active else "  ", "bold $text-accent"),
                                (d.letter, f"bold {side_style(d.side_index)}"), " ", name)
        return head + Content.styled(you, "bold $text-accent") if you else head

    def figures(self) -> list[str]:
        d = self.data
        assert d is not None
        return [f"{k} {v}" for k, v in (*systems.figures(d.combatant), *d.extras)]

    def fitting_figures(self, width: int) -> int:
        """How many of the figures fit beside the name on a dense card's first line."""
        head, figs = self.head(width), self.figures()
        while figs and head.cell_length + 2 + len(" ".join(figs)) > width:
            figs.pop()
        return len(figs)

    def lines(self, width: int, dense: bool) -> list[Content]:
        """The card's lines at ``width``: in full, a bar per pool; ``dense`` (when the full cards
        would not all fit the panel), two lines: the name with what figures fit, then each pool as
        numbers coloured like its bar would be, so eight combatants fit a 40-line terminal."""
        d = self.data
        assert d is not None
        c = d.combatant
        head, figs = self.head(width), self.figures()
        lines = [head]
        compact = self.screen.has_class("-short") if self.is_attached else False
        if dense:
            # The least important figures go first, as many as on most cards, so they line up;
            # a card with a longer name (or "[you]") shows fewer.
            panel = self.parent
            cap = panel.dense_cap(width) if isinstance(panel, CombatantPanel) else len(figs)
            shown = figs[:min(cap, self.fitting_figures(width))]
            if not shown and figs and d.player:
                # The player's own card keeps its first figure (Marvel: the Karma a question asks
                # about): "[you]" left it no room, so the name gives way, a word at a time.
                head, shown = self.head(width - 1 - len(figs[0])), figs[:1]
            lines[0] = beside(head, shown, width)
        elif figs:
            if width - head.cell_length - len("  ".join(figs)) >= 2:
                lines[0] = beside(head, figs, width, "  ")
            elif compact:  # a short terminal: the bars matter more than the figures
                lines[0] = beside(head, figs[:self.fitting_figures(width)], width)
            else:
                while len(figs) > 1 and 4 + len(" ".join(figs)) > width:
                    figs.pop()
                fig_text = "  ".join(figs) if 4 + len("  ".join(figs)) <= width else " ".join(figs)
                lines.append(Content.styled("    " + fig_text, "$text-muted"))
        rows = systems.bars(c)
        if dense:
            if rows:
                lines.append(pool_line(rows, width - 2).pad_left(2))
        else:
            label_width = max((len(k) for k, _, _ in rows), default=4)
            for key, cur, mx in rows:
                lines.append(Content("  ") + bar(key, cur, mx, width - 2, label_width))
        words = systems.conditions(c)
        if words:
            parts: list[Content | str] = ["  "]
            for i, w in enumerate(words):
                if i:
                    parts.append(Content.styled(" · ", "$text-muted"))
                style = ("bold $text-error" if w in systems.OUT_WORDS else
                         "bold $text-warning" if w in systems.HURT_WORDS else "$text-secondary")
                parts.append(Content.styled(w, style))
            lines.append(Content.assemble(*parts))
            notes = systems.condition_notes(c)  # what a negative Focus means, wrapped to the card
            for note in notes if len(notes) > 1 else [n.split(": ", 1)[1] for n in notes]:  # one: its word is above
                lines.extend(Content.styled(piece, "$text-muted")
                             for piece in textwrap.wrap(note, max(width - 2, 10), initial_indent="    ",
                                                        subsequent_indent="    "))
        return lines


def beside(head: Content, figs: list[str], width: int, sep: str = " ") -> Content:
    """``head`` with ``figs`` right-aligned after it on a line of ``width`` (as it is if none)."""
    if not figs:
        return head
    text = sep.join(figs)
    return head + Content.styled(" " * (width - head.cell_length - len(text)) + text, "$text-muted")


def pool_line(rows: list[tuple[str, float, float]], width: int) -> Content:
    """``STUN 45/60  BODY 12/12  END 40/50``, each number coloured by how much of the pool is left;
    narrower spacing, then the maxima, go when ``width`` is short, never the current values."""
    def assemble(sep: str, maxima: bool) -> Content:
        parts: list[Content] = []
        for key, cur, mx in rows:
            fraction = max(min(cur / mx, 1.0), 0.0) if mx else 0.0
            style = "$text-error bold" if cur <= 0 else bar_style(fraction)
            numbers = f"{_num(cur)}/{_num(mx)}" if maxima else _num(cur)
            parts.append(Content.assemble((key, "$text-muted"), " ", (numbers, style)))
        return Content(sep).join(parts)

    for sep, maxima in (("  ", True), (" ", True), ("  ", False), (" ", False)):
        line = assemble(sep, maxima)
        if line.cell_length <= width:
            return line
    return line


class CombatantPanel(VerticalScroll):
    """The roster: a heading per side, a card per combatant. When the full cards would not all
    fit, every card goes dense (two lines); when even those do not fit, the panel scrolls."""

    def __init__(self, sides: list[tuple[str, list[str]]], **kw: Any) -> None:
        super().__init__(**kw)
        self.sides = sides
        self._caps: dict[int, int] = {}  # dense_cap by width, for the cards as they are now

    def compose(self):
        for i, (name, members) in enumerate(self.sides):
            yield Static(Content.styled(name, f"bold {side_style(i)}"), classes="side-heading")
            for cid in members:
                yield CombatantCard(cid)

    def update_cards(self, cards: dict[str, CardData]) -> None:
        for cid, data in cards.items():
            try:
                card = self.query_one(f"#card-{cid}", CombatantCard)
            except Exception:
                continue
            card.set_data(data)
        self._choose_density()

    def on_resize(self) -> None:
        self._choose_density()

    def _choose_density(self) -> None:
        cards = [card for card in self.query(CombatantCard) if card.data is not None]
        if not cards:
            return
        # The cards' width without a scrollbar: the full cards are measured as if they all fit.
        width = max(self.content_region.width - 1, 20)  # less the card's left border
        needed = len(self.sides) + sum(len(card.lines(width, False)) for card in cards)
        dense = needed > self.content_region.height
        self.set_class(dense, "-dense")
        self._caps.clear()
        changed = False
        for card in cards:
            if card.dense != dense:
                card.dense, changed = dense, True
                card.refresh(layout=True)
            elif dense:
                card.refresh()  # another card's name or "[you]" may change how many figures fit
        if changed:  # the cards' new heights are laid out by the panel holding them
            self.refresh(layout=True)

    def dense_cap(self, width: int) -> int:
        """How many figures dense cards of ``width`` show: as many as most cards have room for,
        so they line up; if most have room for none (long names), what fits of the first few.
        Worked out at the width the cards are drawn at, once per width."""
        found = self._caps.get(width)
        if found is None:
            fitting = sorted(card.fitting_figures(width) for card in self.query(CombatantCard) if card.data is not None)
            found = self._caps[width] = (fitting[(len(fitting) - 1) // 2] or fitting[-1]) if fitting else 0
        return found
