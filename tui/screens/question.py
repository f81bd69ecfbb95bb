"""A question asked in the middle of another combatant's action, for a combatant the player
controls (HERO: Abort to a Dodge or a Block? Marvel: use a reaction, step in for an ally, spend
Karma, call a team maneuver?): its dialog, and how each answer and each question reads."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from slugfest.core.engine.actions import Action, Decision

from .prompt import quit_from_prompt, recap
from .prompt_menu import PromptData


#: How an answer to a question reads in the dialog (see :func:`answer_label`).
_ANSWER_NAMES = {"none": "No reaction: take the attack", "dodge": "Abort to a Dodge", "block": "Abort to a Block"}

#: What a question asked mid-action is about, read off its menu's kinds (first match): the
#: dialog's title and the status bar's word. Not every question is about being attacked
#: (the team maneuver's was labelled "attacked" in the status bar).
_QUESTIONS = (("interpose", "may step in", "an ally attacked"), ("help", "may help", "a teammate's roll"),
              ("karma", "may spend Karma", "Karma"), ("escape", "is held", "held"),
              ("team", "may call a team maneuver", "team maneuver"), ("attack", "may strike as it lands", "landing"))


def question_words(decision: Decision) -> tuple[str, str]:
    """(the dialog's title after the name, the status bar's word) for a question."""
    kinds = {a.kind for a in decision.menu}
    return next(((title, word) for kind, title, word in _QUESTIONS if kind in kinds), ("is attacked", "attacked"))


def answer_label(action: Action, names: dict[str, str] | None = None, team: bool = False,
                 does: dict[str, str] | None = None) -> str:
    """An answer as the question dialog lists it. The log calls declining "no reaction" in both
    games, so the dialog does too; a HERO Abort says so, a Marvel reaction is its power's name.
    A team maneuver says what it costs and does, as the rules system tells (``does``, from
    :attr:`PlayerOptions.answers`: "Call Offensive 1" said nothing of it); ``team``: declining
    one says it keeps it."""
    if action.kind == "karma":
        return "Spend 1 Karma: " + ("an edge on the roll" if action.maneuver.endswith("edge") else "trouble on the hit")
    if action.kind == "team":
        who = (names or {}).get(action.target, action.target)
        said = (does or {}).get(action.maneuver, "")
        return f"Call {action.maneuver}" + (f", bring back {who}" if action.target else "") + (f", {said}" if said else "")
    if action.kind == "none" and action.maneuver == "declines":
        return "No: keep the team maneuver for a later round (one a battle)" if team else "No"
    if action.kind == "attack" and action.attack:
        return f"{action.attack} ({action.maneuver}, a reaction)" if action.maneuver else action.attack
    if action.kind != "none" and (action.maneuver or action.power):
        return f"{action.maneuver or action.power} (reaction)"
    return _ANSWER_NAMES.get(action.kind, action.label())


class QuestionPrompt(ModalScreen[Any]):
    """A question asked in the middle of another combatant's action (HERO: Abort to a Dodge or
    a Block? Marvel: use a reaction?), for a combatant the player controls. The attacker's
    action is on hold until it is answered; it dismisses as :class:`.prompt.PlayerPrompt` does."""

    BINDINGS = [
        Binding("a", "ai", "AI decides"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "back", "Back / pause"),
        Binding("q", "quit", "Quit"),
    ]

    def action_quit(self) -> None:
        quit_from_prompt(self)

    def __init__(self, data: PromptData, **kw: Any) -> None:
        super().__init__(**kw)
        self.data = data

    def compose(self) -> ComposeResult:
        d = self.data.decision
        # not every question is about being attacked: stepping in for an ally, helping one, Karma
        title, _ = question_words(d)
        team = any(a.kind == "team" for a in d.menu)
        with Vertical(id="question", classes="dialog"):
            yield Static(Content.assemble((f"{self.data.actor_name} {title}", "bold $text-accent"),
                                          (f"  {d.context}" if d.context else "", "$text-muted")),
                         classes="dialog-title")
            if self.data.recent or self.data.own:
                yield recap(self.data)
            names = {o["id"]: o["name"] for o in self.data.others}
            does = dict(self.data.options.answers)
            yield OptionList(*[Option(answer_label(a, names, team, does)) for a in d.menu], id="answers")
            hint = "Enter: answer · its effect lasts this round" if team else "Enter: answer"
            yield Static(Content.styled(hint, "$text-muted"), id="question-help")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#answers", OptionList).focus()

    @on(OptionList.OptionSelected, "#answers")
    def _answered(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.data.decision.menu[event.option_index])

    def action_back(self) -> None:
        self.dismiss(None)

    def action_ai(self) -> None:
        self.dismiss("ai")

    def action_save(self) -> None:
        self.dismiss("save")
