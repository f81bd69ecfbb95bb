"""The player's turn: choose what to do, then whom to do it to.

The left list holds what the combatant could try (its attacks with each maneuver, moving,
the defensive actions, a Multiple Attack, moving to a typed cell); the right list holds the
foes (and anyone else the rules allow for the highlighted action) with their distance and a
mark for whether the action may target them now. Enter does the highlighted action to the
highlighted target at once; → goes to the target list to pick another. Typing numbers goes
to the cell field. The rules decide: a choice they refuse (out of reach, too much pushing, a
maneuver that needs a full Phase...) is explained in the dialog and not taken. ``a`` lets
the AI decide this one; Escape leaves the decision waiting (the battle pauses). The push
field is shown only for a system that has pushing (HERO), and the Combat Skill Levels
choice (to OCV, DCV or damage) only for a combatant that has levels.

The dialog dismisses with an :class:`~core.engine.actions.Action`, the string ``"ai"`` (let the AI
decide), ``"save"`` (ctrl+s: save the battle; the decision waits) or ``None``.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from slugfest.core.engine.actions import Action
from slugfest.core.rules.odds import percent

from ..widgets import side_style
from slugfest.core.render.words import possessive
from .prompt_menu import LEVEL_NAMES, PromptData, What, parse_cell, whats

def quit_from_prompt(screen: ModalScreen) -> None:
    """q in a prompt: the battle underneath decides (it warns first if the battle is not saved):
    the first screen under the dialogs that can quit (the battle screen, which opens every
    prompt; read by what it can do, as the battle screen imports this module); with none, the
    app ends."""
    below = next((s for s in reversed(screen.app.screen_stack) if not isinstance(s, ModalScreen)), None)
    quit_battle = getattr(below, "action_quit", None)
    if quit_battle is None:
        screen.app.exit()
        return
    quit_battle()


#: A roll's verdict in a log line (its end is kept when the line is cut: see :class:`Recap`).
ROLL_VERDICT = re.compile(r"\b(HIT|miss|vs TN \d+)\b")


class Recap(Widget):
    """The player's own last action and how it came out, first, then the last lines of the log
    under a prompt's title (the prompt covers the log): wrapped to the width, and the newest
    kept when they do not all fit (a cut last line lost the roll's result: "... = 13 vs" and no
    HIT or miss)."""

    ROWS = 4  # a short terminal: 3

    def __init__(self, lines: list[str], own: list[str] | None = None, **kw: Any) -> None:
        super().__init__(classes="recap", **kw)
        self.own = own or []
        self.lines = [line for line in lines if line not in self.own]  # said once, in the player's part

    def render(self) -> Content:
        width = max(self.content_size.width, 20)
        rows = 3 if self.is_attached and self.screen.has_class("-short") else self.ROWS

        def wrap(lines: list[str]) -> list[str]:
            return [piece for line in lines for piece in (textwrap.wrap(line, width, subsequent_indent="  ") or [""])]

        def newest(lines: list[str], room: int) -> list[str]:
            """The newest whole lines that fit (no "left))" cut from an older one); a newest line
            too long by itself keeps its start, who did what, and its end, where the roll's result
            is, "…" between (at 80x24 a team maneuver's recap began mid-sentence, "each of the
            team's attacks rolled twice...", without who had called it)."""
            kept: list[str] = []
            for line in reversed(lines):
                pieces = wrap([line])
                if len(kept) + len(pieces) > room:
                    return kept or ([] if self.own else ends(line, room))  # no fragment under the player's part
                kept = pieces + kept
            return kept

        def ends(line: str, room: int) -> list[str]:
            """``line`` in ``room`` rows: a roll's line, its first row and its last ``room - 1``
            (the verdict), "…" where the middle went; any other, its first rows, "…" at the end."""
            if room <= 1 or not ROLL_VERDICT.search(line):
                return textwrap.wrap(line, width, subsequent_indent="  ", max_lines=room, placeholder=" …") if room else []
            first = textwrap.wrap(line, width - 2)[0] + " …"
            rest = line[len(first) - 2:].strip()
            tail = textwrap.wrap(rest, width, initial_indent="  ", subsequent_indent="  ")
            return [first, *tail[-(room - 1):]]

        own = wrap(self.own)[:rows]  # the head and the result first, then what room is left
        rest = newest(self.lines, rows - len(own)) if rows > len(own) else []
        parts = [Content.styled("\n".join(own), "$text")] if own else []
        if rest:
            parts.append(Content.styled("\n".join(rest), "$text-muted"))
        return Content("\n").join(parts)


def recap(data: PromptData) -> Recap:
    return Recap(list(data.recent), list(data.own))


class PlayerPrompt(ModalScreen[Any]):
    """The player's turn. Its keys are in a footer of its own under the dialog: at 80x24 the
    dialog covered the battle's footer, and with it every key hint."""

    BINDINGS = [
        Binding("right", "to_targets", "Other target", show=False),
        Binding("a", "ai", "AI decides"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "back", "Back / pause"),
        Binding("q", "quit", "Quit"),
        Binding("left", "to_what", "Back to the actions", show=False),
    ]

    def action_quit(self) -> None:
        quit_from_prompt(self)

    def __init__(self, data: PromptData, check: Callable[[Action], str | None], **kw: Any) -> None:
        super().__init__(**kw)
        self.data = data
        self.check = check
        self.items = whats(data)
        self.push_allowed = data.options.push > 0
        self._typing_cell = False  # keys typed from the lists are going to the cell field
        self._before_cell: int | None = None  # the entry highlighted before typing a cell moved it, for Esc

    def compose(self) -> ComposeResult:
        d = self.data.decision
        with Vertical(id="prompt", classes="dialog"):
            yield Static(Content.assemble((f"{possessive(self.data.actor_name)} turn", "bold $text-accent"),
                                          (f"  {d.context}" if d.context else "", "$text-muted")), classes="dialog-title")
            if self.data.recent or self.data.own:
                yield recap(self.data)
            with Horizontal(id="prompt-lists"):
                yield OptionList(*[Option(self._what_label(w)) for w in self.items], id="what")
                yield OptionList(id="targets")
            with Horizontal(id="prompt-inputs"):
                if self.push_allowed:
                    yield Label("push")
                    yield Input(value="0", id="push", type="integer", compact=True)
                if self.data.levels:
                    yield Label(f"{self.data.levels} CSL to")
                    uses = self.data.options.level_uses
                    yield Select([(LEVEL_NAMES.get(u, u), u) for u in uses], value=uses[0],
                                 allow_blank=False, compact=True, id="levels")
                if self.data.options.aims:
                    yield Label("aim at")
                    yield Select([("no placed shot", "")] + [(f"{a} ({ocv:+d} OCV)", a)
                                                             for a, ocv in self.data.options.aims],
                                 value="", allow_blank=False, compact=True, id="aim")
                yield Label("move to cell x,y")
                yield Input(placeholder="e.g. 10,7", id="cell", compact=True, select_on_focus=False)
                yield Static(Content.styled("column,row: the numbers on the map's edges", "$text-muted"),
                             id="cell-hint")
            yield Static(id="prompt-message")
            yield Static(Content.styled(_LIST_HELP, "$text-muted"), id="prompt-help")
        yield Footer(compact=True, show_command_palette=False)

    def _what_label(self, w: What) -> Content:
        if w.action is not None or w.cell:
            return Content(w.label)
        if w.legal_targets:
            return Content(w.label)
        # short, as the list wraps at 80 columns: the targets beside it say why, under each
        return Content.assemble((w.label, "$text-muted"), ("  (not now)", "$text-disabled"))

    def on_mount(self) -> None:
        what = self.query_one("#what", OptionList)
        first = next((i for i, w in enumerate(self.items) if w.legal_targets or w.action is not None), 0)
        what.highlighted = first
        what.focus()
        self._fill_targets(first)

    # -- the two lists -------------------------------------------------------------------

    def _current(self) -> What | None:
        i = self.query_one("#what", OptionList).highlighted
        return self.items[i] if i is not None and 0 <= i < len(self.items) else None

    def _targets_for(self, w: What) -> list[dict[str, Any]]:
        """Whom the list offers: the foes, and anyone else the rules allow for this action."""
        return [o for o in self.data.others if o.get("foe", True) or o["id"] in w.legal_targets]

    def _fill_targets(self, index: int) -> None:
        targets = self.query_one("#targets", OptionList)
        targets.clear_options()
        w = self.items[index] if 0 <= index < len(self.items) else None
        if w is None:
            return
        if not w.needs_target:
            hint = ("type the cell below, then Enter" if w.cell else "no target to choose: Enter does it")
            targets.add_option(Option(Content.styled(hint, "$text-muted"), disabled=True))
            return
        shown = self._targets_for(w)
        if not shown:
            targets.add_option(Option(Content.styled("no one to target", "$text-muted"), disabled=True))
            return
        for o in shown:
            ok = o["id"] in w.legal_targets
            out = bool(o.get("out"))
            letter = o["letter"].lower() if out else o["letter"]
            label = Content.assemble(
                ("✓ " if ok else "✗ ", "$text-success" if ok else "$text-error"),
                (letter, "bold $text-disabled" if out else f"bold {side_style(o['side_index'])}"), " ",
                (o["name"], "" if ok and not out else "$text-muted"),
                (" · out" if out else "", "$text-disabled"),
                (f"  {o['distance']}", "$text-muted"),
                *self._second_line(w, o["id"], ok),
            )
            targets.add_option(Option(label, id=o["id"]))
        legal = [i for i, o in enumerate(shown) if o["id"] in w.legal_targets]
        targets.highlighted = legal[0] if legal else 0

    def _second_line(self, w: What, target: str, ok: bool) -> tuple[tuple[str, str], ...]:
        """Under a target: the odds of the action on it (the roll needed, the chance, a hit's
        expected damage, the cost: the rules system's own figures, from its tactical picture),
        or why the rules refuse it, before Enter is pressed."""
        push = self._push()
        action = w.build(target, push=max(push, 0), levels=self._levels(), aim=self._aim())
        if not ok or push:  # a push the rules refuse (not whole Damage Classes...) is said here too
            why = self.check(w.build(target, push=push, levels=self._levels(), aim=self._aim()))
            if why or not ok:
                return (("\n    " + why, "$text-error"),) if why else ()
        picture = self.data.decision.picture
        odds = picture.odds(action) if picture is not None and hasattr(picture, "odds") else None
        if odds is None:
            return ()
        return (("\n    " + odds.line(), "$text-muted"),)

    @on(OptionList.OptionHighlighted, "#targets")
    def _target_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The whole of the highlighted target's odds, with how the roll is made up, on the
        dialog's message line (the list beside it has room for the short form only)."""
        w = self._current()
        target = event.option.id
        if w is None or not target:
            return
        if target not in w.legal_targets or self._push():
            # the list has room for the refusal's start only: the whole of it goes here
            why = self.check(w.build(target, push=self._push(), levels=self._levels(), aim=self._aim()))
            if why or target not in w.legal_targets:
                self._say(why or "the rules do not allow this target", error=True)
                return
        picture = self.data.decision.picture
        action = w.build(target, push=max(self._push(), 0), levels=self._levels(), aim=self._aim())
        odds = picture.odds(action) if picture is not None and hasattr(picture, "odds") else None
        if odds is not None:
            parts = [f"{odds.roll}: {percent(odds.chance)} to hit", f"a hit: {odds.damage}", odds.cost, odds.note]
            self._say(" · ".join(p for p in parts if p))

    def _highlighted_target(self) -> str | None:
        targets = self.query_one("#targets", OptionList)
        if targets.highlighted is None or targets.option_count == 0:
            return None
        option = targets.get_option_at_index(targets.highlighted)
        return None if option.disabled else option.id

    @on(OptionList.OptionHighlighted, "#what")
    def _what_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._fill_targets(event.option_index)
        w = self.items[event.option_index] if 0 <= event.option_index < len(self.items) else None
        # a Multiple Attack's whole label (its list entry is cut on a narrow screen)
        self._say(w.label if w is not None and w.action is not None and w.kind == "multiple-attack" else "")

    @on(OptionList.OptionSelected, "#what")
    def _what_selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(self.items[event.option_index])

    def _choose(self, w: What) -> None:
        """Enter on an entry: do it (to the highlighted target), or go to the cell field."""
        if w.cell:
            self._focus_cell()
        elif w.needs_target:
            target = self._highlighted_target()
            if target is None:
                self._say("no one to target with this", error=True)
                return
            hint = ("" if target in w.legal_targets else " (→ to choose another target)" if w.legal_targets
                    else " (no target allows it now: choose another action)")
            self._try(w.build(target, push=self._push(), levels=self._levels(), aim=self._aim()), hint=hint)
        else:
            self._try(w.build(push=self._push(), levels=self._levels(), aim=self._aim()))

    @on(OptionList.OptionSelected, "#targets")
    def _target_selected(self, event: OptionList.OptionSelected) -> None:
        w = self._current()
        if w is None or not w.needs_target or event.option.id is None:
            return
        self._try(w.build(event.option.id, push=self._push(), levels=self._levels(), aim=self._aim()))

    def _focus_cell(self, text: str | None = None) -> None:
        """Put the keyboard in the cell field (with ``text`` typed, or its old text selected)."""
        cell = self.query_one("#cell", Input)
        what = self.query_one("#what", OptionList)
        current = self._current()
        index = (what.highlighted if current is not None and current.cell else  # an area's cell line stays
                 next((i for i, w in enumerate(self.items) if w.cell and w.kind == "move"), None))
        if index is not None and what.highlighted != index:
            if self._before_cell is None:
                self._before_cell = what.highlighted
            what.highlighted = index
        if text is not None:
            # keys typed before the focus arrives add up (the first one replaces the old text)
            cell.value = cell.value + text if self._typing_cell else text
            cell.cursor_position = len(cell.value)
            self._typing_cell = True
        else:
            cell.select_all()
        cell.focus()

    def on_key(self, event: events.Key) -> None:
        """Typing a cell's numbers anywhere but in a field types them into the cell field."""
        if isinstance(self.focused, Input) or not event.character:
            return
        if event.character.isdigit() or (event.character in ",-(" and self._current_is_cell()):
            event.stop()
            event.prevent_default()
            self._focus_cell(event.character)

    @on(Input.Blurred, "#cell")
    def _cell_left(self) -> None:
        self._typing_cell = False

    def _current_is_cell(self) -> bool:
        w = self._current()
        return w is not None and w.cell

    @on(Input.Submitted, "#cell")
    def _cell_entered(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:  # nothing typed: Enter does what the list has highlighted
            w = self._current()
            if w is None or w.cell:
                self._say("type the cell as x,y: column, then row, as numbered on the map's edges", error=True)
                return
            self._choose(w)
            return
        cell = parse_cell(text)
        if cell is None:
            self._say(f"a cell is two whole numbers, x,y (got {event.value!r})", error=True)
            self._focus_cell()
            return
        w = self._current()
        if w is not None and w.cell and w.kind == "attack":  # a HERO area's cell line: aim it there
            action = w.build(cell=cell, push=self._push(), levels=self._levels())
        else:
            action = Action("move", destination=cell)
        if self._try(action) is False:
            self._focus_cell()

    @on(Input.Changed)
    def _field_changed(self, event: Input.Changed) -> None:
        """A field edited: the refusal of what it said before no longer applies, and the odds
        under the targets follow a new push."""
        self._say("")
        if event.input.id == "cell" and event.value.strip():
            # keys typed from the lists land here: say what Enter does now, before it does it
            cell = parse_cell(event.value)
            w = self._current()
            verb = f"aims {w.attack} at" if w is not None and w.cell and w.kind == "attack" else "moves to"
            where = f"{verb} {cell[0]},{cell[1]}" if cell else f"{verb} the cell typed (x,y)"
            self._say(f"Enter {where}, not the action that was highlighted · Esc: back to the list")
        if event.input.id == "cell":
            self._cell_help()
        if event.input.id == "push":
            current = self.query_one("#what", OptionList).highlighted
            if current is not None:
                self._fill_targets(current)

    @on(Input.Submitted, "#push")
    def _push_entered(self) -> None:
        self.query_one("#what", OptionList).focus()

    def _aim(self) -> str:
        """The placed shot's location ("" when none is chosen, or the rule is off)."""
        if not self.data.options.aims:
            return ""
        value = self.query_one("#aim", Select).value
        return value if isinstance(value, str) else ""

    def _levels(self) -> str:
        """Where the Combat Skill Levels go ("" when the actor has none: the rules' default)."""
        if not self.data.levels:
            return ""
        value = self.query_one("#levels", Select).value
        return value if isinstance(value, str) else ""

    def _push(self) -> int:
        if not self.push_allowed:
            return 0
        text = self.query_one("#push", Input).value.strip()
        try:
            return int(text) if text else 0
        except ValueError:
            return -1  # the rules explain what pushing allows

    # -- choosing ------------------------------------------------------------------------

    def _try(self, action: Action, hint: str = "") -> bool:
        problem = self.check(action)
        if problem:
            self._say(f"Not allowed: {problem}{hint}", error=True)
            return False
        self.dismiss(action)
        return True

    def _say(self, text: str, error: bool = False) -> None:
        self.query_one("#prompt-message", Static).update(Content.styled(text, "bold $text-error" if error else ""))

    def action_to_targets(self) -> None:
        w = self._current()
        if w is None:
            return
        if w.cell:
            self._focus_cell()
        elif w.needs_target:
            self.query_one("#targets", OptionList).focus()

    def action_to_what(self) -> None:
        self.query_one("#what", OptionList).focus()

    def _cell_help(self) -> None:
        """The help line under the dialog says what Enter and Esc do in the cell field: it read
        "Enter: do it to the highlighted target" while the line above said Enter now moves."""
        text = self.query_one("#cell", Input).value.strip()
        if not self.query_one("#cell", Input).has_focus or not text:
            self.query_one("#prompt-help", Static).update(Content.styled(_LIST_HELP, "$text-muted"))
            return
        cell = parse_cell(text)
        w = self._current()
        verb = f"aim {w.attack} at" if w is not None and w.cell and w.kind == "attack" else "move to"
        back = self.items[self._before_cell].label if self._before_cell is not None else "the list"
        self.query_one("#prompt-help", Static).update(Content.styled(
            f"Enter: {verb} {f'{cell[0]},{cell[1]}' if cell else 'the cell typed'} · Esc: clear it, back to {back}",
            "$text-muted"))

    def action_back(self) -> None:
        what = self.query_one("#what", OptionList)
        if not what.has_focus:
            cell = self.query_one("#cell", Input)
            if cell.has_focus:  # Esc in the cell field: the typed cell goes, the list is as it was
                cell.value = ""
                if self._before_cell is not None:
                    what.highlighted = self._before_cell
                self._before_cell = None
                self._say("")
            what.focus()
            self._cell_help()
            return
        self.dismiss(None)

    def action_ai(self) -> None:
        if isinstance(self.focused, Input):
            return
        self.dismiss("ai")

    def action_save(self) -> None:
        self.dismiss("save")  # the battle screen saves; the decision waits


#: The dialog's help line while the keyboard is in the lists.
_LIST_HELP = "Enter: do it to the highlighted target · →: the targets"
