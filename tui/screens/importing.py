"""Importing Hero Designer characters from the picker: the files asked for in a path dialog,
the scenario written to the data folder, and the import report shown before the battle opens
(what ``slugfest import`` prints, so a play-tester sees what the battle will not model)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

HINT = ("two or more character files (Hero Designer .hdc; 5th Edition ones converted), separated by spaces, "
        "each on a side of its own; "
        "quote a path that has spaces · Enter imports, Escape cancels")


def imports_folder() -> Path:
    """Where the picker's i writes the scenarios it imports: ``imports/`` in the data folder
    (the picker lists what is there)."""
    from slugfest.core.settings import data_dir

    return data_dir() / "imports"


def import_characters(text: str) -> tuple[Path, list[str], list[str]]:
    """Import the files named in ``text`` into a new scenario in the data folder (``imports/``):
    the path written, who is in it, and each file's report. Raises ``ValueError`` with a message
    to show."""
    from slugfest.core.files.importing import import_into_folder

    try:
        paths = shlex.split(text)
    except ValueError as exc:
        raise ValueError(f"cannot read the paths: {exc}") from None
    path, made = import_into_folder(paths, imports_folder())
    return path, made.names, made.reports


class ImportReport(ModalScreen[bool]):
    """The reports of the characters just imported; Enter plays the battle, Escape goes back."""

    BINDINGS = [Binding("enter", "play", "Play it"), Binding("escape", "close", "Back to the list")]

    def __init__(self, path: Path, reports: list[str], **kw: Any) -> None:
        super().__init__(**kw)
        self.path = path
        self.reports = reports

    def compose(self) -> ComposeResult:
        with Vertical(id="import-dialog", classes="dialog"):
            yield Static(Content.assemble(("Imported", "bold"), (f"  wrote {self.path}", "$text-muted")),
                         classes="dialog-title")
            with VerticalScroll(id="import-report"):
                yield Static(Content("\n\n".join(self.reports)))
            yield Static(Content.styled("Enter: play this battle · Escape: back to the list (it is listed there) "
                                        "· ↑↓ PgUp PgDn: scroll the report", "$text-muted"))

    def on_mount(self) -> None:
        self.query_one("#import-report", VerticalScroll).focus()

    def action_play(self) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)
