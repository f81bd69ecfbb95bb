"""A small dialog asking for a file path (save, load, export), with the files used lately."""

from __future__ import annotations

import os
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option


#: Columns of text in a notice (the toast is the left column's 34 wide, less its edge and padding).
NOTICE_WIDTH = 30
#: Columns a recent file's line has in the open dialog at 80 columns.
RECENT_WIDTH = 40


def short_path(path: str, width: int = NOTICE_WIDTH) -> str:
    """``path`` in at most ``width`` columns, whole folder and file names only: the folders in
    the middle give way to "…" ("/tmp/…/hero-brawl-save.toml"), the file name last. A notice
    wrapped a long path mid-name ("hero-brawl-sa" / "ve.toml"). Only a file name wider than
    ``width`` by itself loses its start, keeping the end that tells files apart."""
    if len(path) <= width:
        return path
    sep = os.sep if os.sep in path else "/"
    parts = path.split(sep)
    head, name = parts[0] + sep if parts[0] else sep, parts[-1]
    if parts[0] == "" and len(parts) > 2:
        head = sep + parts[1] + sep  # "/tmp/": the root and the first folder say where it is
        middle = parts[2:-1]
    else:
        middle = parts[1:-1]
    for lead in (head, ""):  # the first folder too, if it fits; then only the folders near the file
        for keep in range(len(middle), -1, -1):
            tail = sep.join([*middle[len(middle) - keep:], name])
            shown = f"{lead}…{sep}{tail}"
            if len(shown) <= width:
                return shown
    return "…" + name[-(width - 1):] if width > 1 else "…"


class PathDialog(ModalScreen[str | None]):
    """Ask for a path; Enter accepts, Escape cancels. Dismisses with the path or ``None``.
    ``recent`` files (the saves opened or written lately) are listed under the field: ↓ goes to
    them, Enter on one opens it."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, default: str = "", hint: str = "", recent: list[str] | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.title_text = title
        self.default = default
        self.hint = hint
        self.recent = recent or []

    def compose(self) -> ComposeResult:
        with Vertical(id="path-dialog", classes="dialog"):
            yield Static(Content.styled(self.title_text, "bold"), classes="dialog-title")
            yield Input(value=self.default, id="path")
            keys = "Enter to confirm, Escape to cancel"  # said even under a hint of the dialog's own
            yield Static(Content.styled(f"{self.hint} · {keys}" if self.hint else keys, "$text-muted"),
                         id="path-hint")
            if self.recent:
                yield Static(Content.styled("recent (↓ to choose, Enter opens):", "$text-muted"))
                yield OptionList(*[Option(short_path(p, RECENT_WIDTH), id=str(i)) for i, p in enumerate(self.recent)],
                                 id="recent")  # whole names: a long path wrapped mid-name (a new-user trial)

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Input.Submitted, "#path")
    def _submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if not value:
            self.query_one("#path-hint", Static).update(Content.styled("a file path, please", "$text-error"))
            return
        self.dismiss(value)

    def on_key(self, event: Any) -> None:
        if event.key == "down" and self.recent and self.query_one("#path", Input).has_focus:
            event.stop()
            self.query_one("#recent", OptionList).focus()

    @on(OptionList.OptionSelected, "#recent")
    def _recent_chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.recent[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)
