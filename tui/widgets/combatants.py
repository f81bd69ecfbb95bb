"""Every combatant's vital figures as bars and numbers, grouped by side."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from .. import systems
from . import side_style


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

    def set_data(self, data: CardData) -> None:
        old = self.data
        self.data = data
        self.set_class(data.selected, "-selected")
        self.set_class(data.active, "-active")
        self.set_class(systems.is_out(data.combatant), "-out")
        # Only a change in the number of lines needs a new layout (conditions came or went).
        relayout = old is None or bool(systems.conditions(old.combatant)) != bool(systems.conditions(data.combatant))
        self.refresh(layout=relayout)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.cid))

    def render(self) -> Content:
        d = self.data
        if d is None:
            return Content("")
        c = d.combatant
        width = max(self.content_size.width, 20)
        out = systems.is_out(c)
        name_style = "bold $text-disabled strike" if "dead" in systems.conditions(c) else (
            "bold $text-muted" if out else "bold")
        head = Content.assemble(
            ("▶ " if d.active else "  ", "bold $text-accent"),
            (d.letter, f"bold {side_style(d.side_index)}"),
            " ",
            (str(c.get("name", c.get("id", "?"))), name_style),
        )
        if d.player:
            head = head + Content.styled(" [you]", "bold $text-accent")
        figs = [f"{k} {v}" for k, v in (*systems.figures(c), *d.extras)]
        lines = [head]
        compact = self.screen.has_class("-short") if self.is_attached else False
        if figs:
            fig_text = "  ".join(figs)
            gap = width - head.cell_length - len(fig_text)
            if gap >= 2:
                lines[0] = head + Content.styled(" " * gap + fig_text, "$text-muted")
            elif compact:
                pass  # a short terminal: the bars matter more than the figures
            else:
                while len(figs) > 1 and 4 + len(" ".join(figs)) > width:
                    figs.pop()  # the least important figures go first when there is no room
                fig_text = "  ".join(figs) if 4 + len("  ".join(figs)) <= width else " ".join(figs)
                lines.append(Content.styled("    " + fig_text, "$text-muted"))
        rows = systems.bars(c)
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
        return Content("\n").join(lines)


class CombatantPanel(VerticalScroll):
    """The roster: a heading per side, a card per combatant."""

    def __init__(self, sides: list[tuple[str, list[str]]], **kw: Any) -> None:
        super().__init__(**kw)
        self.sides = sides

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
