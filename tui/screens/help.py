"""The game's own help: its keys, what each panel shows, and the rules options in force.

Textual's stock help panel lists every binding in reach, the toolkit's own ("Copy selected
text", "Focus Next") among them; a play-tester wants the game's keys and what the screen is
telling them, so this modal is built from the battle screen's bindings and the battle itself.
"""

from __future__ import annotations

from typing import Any, Iterable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

PANELS = (
    ("Combatants", "each fighter's side, letter, STUN / BODY / END (HERO) or Health / Focus (Marvel), "
                   "CVs or defenses, conditions, Charges left; ▶ marks who acts next"),
    ("Map", "the letters on the grid (cells are 2 m in HERO; a lowercase letter is a fighter out of the "
            "fight), obstacles as blocks, • the last knockback's path, distances from the selected fighter "
            "under it, nearest first (s selects the next); a map larger than the panel shows the part "
            "around the one acting, and ◂ ▸ ▴ ▾ (› down the right edge) mark the sides where it goes on"),
    ("Log", "every roll and modifier as it happens; l (or Tab) puts the keyboard there: ↑ ↓ read back, a ▸ "
            "line opens its full roll (the OCV and DCV checklists, the dice) with Enter, g rewinds to the "
            "highlighted line, End follows the battle again; v shows END and other quiet lines"),
    ("Speed Chart / rounds", "HERO: which Segments each fighter acts in, this Turn; Marvel: the round's "
                             "initiative order"),
    ("Status bar", "the scenario, seed, the Turn and Segment (or round), the action number, and whether "
                   "autoplay runs"),
)


#: The player's turn, and the question asked mid-attack: what a play-tester reads there.
PROMPT = (
    ("Actions (left)", "↑ ↓ choose one; Enter does it to the highlighted target; an action greyed "
                       "\"(not now)\" cannot be used now (its targets say why)"),
    ("Targets (right)", "→ goes there; under each: the chance to hit and the roll needed, a hit's "
                        "expected damage, the END it costs (and the STUN when END is short); ✗ and the "
                        "reason for one the rules refuse, whole on the line below the lists"),
    ("Fields", "push: extra END spent for damage (HERO, up to 10); CSL to: where Combat Skill Levels go; "
               "move to cell x,y: column then row, as numbered on the map's edges; Tab moves between them "
               "(the one with the keyboard is lit)"),
    ("Keys", "a: the AI decides this once; ctrl+s: save, then choose; Esc: back to the battle, paused"),
    ("Attacked", "a HERO Abort or a Marvel reaction: the roll the attacker needs as you stand and against "
                 "each defence, and what answering costs (your next Phase or the one you hold; the reaction)"),
)

#: The player's turn in Marvel: the same lists, its own costs, powers and questions.
PROMPT_MARVEL = (
    PROMPT[0],
    ("Targets (right)", "→ goes there; under each: the chance to hit and the TN, a hit's expected Health or "
                        "Focus, the Focus an attack power costs (\"Bow: Headshot\"); ✗ and the reason for one "
                        "the rules refuse, whole on the line below the lists"),
    ("Powers", "Use <power>: a standard action, its Focus paid; \"... and move toward\": a power that lasts "
               "while you concentrate, with a single move; an attack power is a line of its own under its attack"),
    ("Holds", "Grab: Melee against the target's Melee defense, moving first if you must; it cannot move, and "
              "is pinned too on a Fantastic. Break free: Melee against your holder's Melee defense"),
    ("Fields", "move to cell x,y: column then row, as numbered on the map's edges; Tab moves between fields"),
    PROMPT[3],
    ("Questions", "attacked: a reaction power (Spider-Dodge, Blur, Shield); an ally in your reach attacked: "
                  "Interpose; a teammate's miss: Help Teammate; a roll: 1 Karma for an edge on your miss or "
                  "trouble on a hit against you; grabbed: break free at once. A reaction costs no turn, one a round (two with Combat Reflexes)"),
)

#: The statistics screen.
REPORT = (
    ("Fields", "battles to run and the base seed (the scenario's own by default); s starts, x stops "
               "(the battles already finished are kept)"),
    ("Played by", "p opens it: the AIs the scenario names, or one AI for every combatant on both sides (as "
                  "--ai NAME on the command line), to ask about the characters rather than the AIs"),
    ("Stopping", "x or Esc stops a batch under way (the battles finished are kept); Esc again goes back"),
    ("Report", "each side's wins with a 95% interval, draws, battle length, the first knock-out, per "
               "combatant damage and fate, what each did, per attack, notable battles (with the command "
               "that replays one), and what fired; Tab then ↑ ↓ / PageUp PageDown scroll it"),
)

_KEY_NAMES = {"escape": "Esc", "question_mark": "?", "space": "space", "equals_sign": "=", "plus": "+",
              "minus": "-", "right": "→", "left": "←", "up": "↑", "down": "↓", "enter": "Enter"}


def key_rows(bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """(keys, what they do) for each binding with a description, keys as the footer writes them;
    what they do in the binding's tooltip's words when it has one (the footer's word is short)."""
    rows = []
    for b in (b if isinstance(b, Binding) else Binding(*b) for b in bindings):
        if not b.description:
            continue
        names = [_KEY_NAMES.get(k, k.replace("ctrl+", "^")) for k in b.key.split(",")]
        if b.key_display:  # the footer's name for the first key; the others are said too (→ / n)
            names[0] = b.key_display
        keys = " / ".join(dict.fromkeys(names))
        rows.append((keys, b.tooltip or b.description))
    return rows


class KeyTable(Widget):
    """The keys and what they do, in two columns when the dialog is wide enough for both."""

    #: Columns between the two halves.
    GAP = 2

    def __init__(self, keys: list[tuple[str, str]], **kw: Any) -> None:
        super().__init__(**kw)
        self.keys = keys

    def rows(self, width: int) -> list[str]:
        key_width = max((len(k) for k, _ in self.keys), default=4)
        cells = [f"  {k:<{key_width}}  {what}" for k, what in self.keys]
        half = (len(cells) + 1) // 2
        left, right = cells[:half], cells[half:]
        left_width = max((len(c) for c in left), default=0) + self.GAP
        if len(cells) < 6 or left_width + max((len(c) for c in right), default=0) > width:
            return cells
        return [f"{a:<{left_width}}{b}".rstrip() for a, b in zip(left, [*right, ""])]

    def render(self) -> Content:
        return Content("\n".join(self.rows(self.content_size.width)))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.rows(width))


class HelpScreen(ModalScreen[None]):
    """The game's keys, its panels, and the rules options of the battle on screen (or, from the
    statistics screen, its own keys and what its report holds)."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, keys: list[tuple[str, str]], options: list[tuple[str, Any]] | None, system: str,
                 sections: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.keys = keys
        self.options = options
        self.system = system
        self.sections = sections if sections is not None else (
            ("What the panels show", PANELS), ("Your turn", PROMPT_MARVEL if system == "marvel" else PROMPT))

    def compose(self) -> ComposeResult:
        # The title and the way out stay put; what is between scrolls (with the keyboard: it
        # has the focus). At 80x24 the whole help is some 60 lines: the keys go in two columns.
        with Vertical(id="help-dialog", classes="dialog"):
            yield Static(Content.assemble(("Slugfest: keys", "bold"), ("   Esc or ? closes this", "$text-muted")),
                         classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield KeyTable(self.keys, id="help-keys")
                if self.options is not None:
                    yield Static(Content.styled("Rules options in force", "bold"))
                    yield Static(self._rules(), id="help-rules")
                for i, (title, rows) in enumerate(self.sections):
                    yield Static(Content.styled(title, "bold"))
                    yield Static("\n".join(f"  {name}: {what}" for name, what in rows),
                                 id="help-panels" if i == 0 else None)
            yield Static(Content.styled("↑ ↓ PgUp PgDn scroll · Esc or ? closes this", "$text-muted"),
                         id="help-hint")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def _rules(self) -> str:
        if self.options:
            rules = "\n".join(f"  {name} = {value!r}".replace("'", '"').replace("True", "true").replace("False", "false")
                              for name, value in self.options)
            return f"{rules}\n  (every other option at its default: docs/rules.md, \"{self.system.upper()} rules options\")"
        return f"  every option at its default (docs/rules.md, \"{self.system.upper()} rules options\")"

    def action_close(self) -> None:
        self.dismiss(None)
