"""The game's own help: its keys, what each panel shows, and the rules options in force.

Textual's stock help panel lists every binding in reach, the toolkit's own ("Copy selected
text", "Focus Next") among them; a play-tester wants the game's keys and what the screen is
telling them, so this modal is built from the battle screen's bindings and the battle itself.
"""

from __future__ import annotations

from typing import Any, Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

PANELS = (
    ("Combatants", "each fighter's side, letter, STUN / BODY / END (HERO) or Health / Focus (Marvel), "
                   "CVs or defenses, conditions, Charges left; ▶ marks who acts next"),
    ("Map", "the letters on the grid (cells are 2 m in HERO), obstacles as blocks, distances from the "
            "selected fighter under it (s selects the next)"),
    ("Log", "every roll and modifier as it happens; a ▸ line opens its full roll (the OCV and DCV "
            "checklists, the dice) with Enter; v shows END and other quiet lines"),
    ("Speed Chart / rounds", "HERO: which Segments each fighter acts in, this Turn; Marvel: the round's "
                             "initiative order"),
    ("Status bar", "the scenario, seed, the Turn and Segment (or round), the action number, and whether "
                   "autoplay runs"),
)


_KEY_NAMES = {"escape": "Esc", "question_mark": "?", "space": "space"}


def key_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) for each binding with a description, keys as the footer writes them."""
    rows = []
    for b in bindings:
        if not b.description:
            continue
        keys = b.key_display or " / ".join(_KEY_NAMES.get(k, k.replace("ctrl+", "^")) for k in b.key.split(","))
        rows.append((keys, b.description))
    return rows


class HelpScreen(ModalScreen[None]):
    """The game's keys, its panels, and the rules options of the battle on screen."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, keys: list[tuple[str, str]], options: list[tuple[str, Any]], system: str,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.keys = keys
        self.options = options
        self.system = system

    def compose(self) -> ComposeResult:
        width = max((len(k) for k, _ in self.keys), default=4)
        keys = "\n".join(f"  {k:<{width}}  {what}" for k, what in self.keys)
        panels = "\n".join(f"  {name}: {what}" for name, what in PANELS)
        if self.options:
            rules = "\n".join(f"  {name} = {value!r}".replace("'", '"').replace("True", "true").replace("False", "false")
                              for name, value in self.options)
            rules = f"{rules}\n  (every other option at its default: README, \"{self.system.upper()} rules options\")"
        else:
            rules = f"  every option at its default (README, \"{self.system.upper()} rules options\")"
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Static(Content.styled("Slugfest: keys", "bold"), classes="dialog-title")
            yield Static(keys, id="help-keys")
            yield Static(Content.styled("Rules options in force", "bold"))
            yield Static(rules, id="help-rules")
            yield Static(Content.styled("What the panels show", "bold"))
            yield Static(panels, id="help-panels")
            yield Static(Content.styled("Esc or ? closes this", "$text-muted"))

    def action_close(self) -> None:
        self.dismiss(None)
