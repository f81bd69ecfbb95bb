"""A battle in progress, as something a person drives: step it, rewind it, save it, reload it.

A :class:`Session` wraps one :class:`core.battle.Battle` and never imports a user interface,
so the Textual app, tests and scripts share it. It rests on one fact: a battle is
deterministic given its scenario, its seed and the decisions taken. The session therefore
records every decision it takes (who acted, what, and who chose) and, for combatants the
player controls, the player's :class:`~core.actions.Choice` by *decision index*. Rewinding
builds a fresh battle and replays the first N decisions: AI decisions are asked again (the
AI is deterministic too, so it answers the same, refusals and plugin failures included) and
player decisions are submitted from the record. The result is the same event list, event
for event, as the first time.

Decision index ``i`` is the i-th Phase (HERO) or turn (Marvel) decision of the battle,
counted from 0. A *question* is a decision asked in the middle of an action: whether to Abort
to a Dodge when attacked (HERO), whether to use a reaction (Marvel). A combatant's AI answers
its questions unless the player controls it. Then the session cannot simply wait, because the
rules system is halfway through the attacker's action. It stops the action, rebuilds the
battle to just before the decision (the replay rewinding uses), and shows the question
(``question``). Once the player answers it (:meth:`answer`), the decision is carried out
again from the start, and this time the answer is there. Answers are recorded by (decision
index, question number within the decision, who is asked), so they replay like every other
choice. A question can also come in the look-ahead after a decision (a Haymaker that lands at
the end of the Segment): it belongs to that decision, which is carried out again the same way.

The session always looks one decision ahead (``pending``): after each action it runs time
forward to the next decision, so a UI can show whose Phase comes next and prompt the player
before anything else happens. ``Battle.step()`` does the same three calls in the same order
(``next_decision``, ``decide``, ``submit``), so the events are the same as a headless run.

Saves are TOML (tomli-w, written atomically): the scenario itself (dumped, so a save is
self-contained), the seed, the player's choices and answers, which combatants the player controls, how
many decisions were taken, and a digest of the event log so a reload that would not replay
the same battle (a changed plugin, say) is refused instead of silently diverging.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable
from typing import Any

from . import saves
from .actions import Action, Choice, Decision
from .battle import Battle, Outcome
from .errors import IllegalAction
from .events import Event
from .files import write_text_atomic
from .records import record
from .render import jsonl
from .saves import (PLAYER_REASON, SAVE_FORMAT, ReplayMismatch, SaveError, action_from_data, action_to_data,
                    events_digest, is_save_file)
from .scenario import Scenario, load_scenario

__all__ = ["Session", "Taken", "SaveError", "ReplayMismatch", "SAVE_FORMAT", "action_to_data", "action_from_data",
           "events_digest", "is_save_file"]

PLAYER = "player"


#: Which question an answer is for: (decision index, question number in it, who is asked).
AnswerKey = tuple[int, int, str]


class _QuestionForPlayer(BaseException):
    """Stops an action at a question the player must answer. A BaseException: it is not an
    error, and it must pass through every ``except Exception`` between the question and the
    session (a plugin's, the engine's) untouched."""

    def __init__(self, decision: Decision, key: AnswerKey) -> None:
        super().__init__(decision.actor)
        self.decision = decision
        self.key = key


@record
class Taken:
    """One decision taken: its index, the actor, what it did, who chose, and the events it made.

    ``first_event`` is the index in ``battle.events`` of the decision's first event (its
    ``ActionChosen``, or an AI's refused choice before it); ``end_event`` is one past the last event before the next
    decision (the look-ahead to the next Phase is included)."""

    index: int
    actor: str
    action: Action
    chosen_by: str
    first_event: int
    end_event: int


# -- the session -------------------------------------------------------------------------

class Session:
    """One battle being watched or played: step, rewind, restart, save and load.

    ``battle_factory(scenario, seed, player_controlled)`` builds each battle (tests inject
    scripted dice or extra plugins through it); the default is a plain :class:`Battle`.
    """

    def __init__(self, scenario: Scenario, *, seed: int | None = None, player_controlled: Iterable[str] = (),
                 scenario_path: str | None = None,
                 battle_factory: Callable[[Scenario, int, frozenset[str]], Battle] | None = None) -> None:
        self.scenario = scenario
        self.seed = scenario.seed if seed is None else seed
        self.scenario_path = scenario_path if scenario_path is not None else (scenario.path or "")
        ids = {c.id for c in scenario.combatants}
        wanted = set(player_controlled)
        if wanted - ids:
            raise ValueError(f"no combatant {sorted(wanted - ids)[0]!r} in {scenario.name!r}")
        self.player_controlled: set[str] = wanted
        self._factory = battle_factory or _default_battle
        self.choices: dict[int, Choice] = {}
        #: The player's answers to questions (see :data:`AnswerKey`): the choice, or None for
        #: "let the AI answer this one".
        self.answers: dict[AnswerKey, Choice | None] = {}
        #: A question waiting for the player (see the module's docstring), and its key.
        self.question: Decision | None = None
        self._question_key: AnswerKey | None = None
        self._asked = 0  # questions asked so far in the decision being carried out
        self._live = False  # carrying out a new decision (not replaying a recorded one)
        self.history: list[Taken] = []
        self.pending: Decision | None = None
        self.battle: Battle = self._new_battle()
        self._look_ahead()

    # -- building ------------------------------------------------------------------------

    @classmethod
    def from_path(cls, path: str | os.PathLike[str], *, seed: int | None = None,
                  player_controlled: Iterable[str] = ()) -> Session:
        """A new session over a scenario file (raises :class:`core.scenario.ScenarioError`)."""
        return cls(load_scenario(path), seed=seed, player_controlled=player_controlled, scenario_path=str(path))

    def _new_battle(self) -> Battle:
        battle = self._factory(self.scenario, self.seed, frozenset(self.player_controlled))
        battle.answer = self._answer
        return battle

    def _answer(self, decision: Decision) -> Choice | None:
        """``Battle.answer``: the recorded answer; else, for a live question to a combatant
        the player controls, stop the action and ask the player; else the AI answers."""
        key = (len(self.history), self._asked, decision.actor)
        self._asked += 1
        if key in self.answers:
            return self.answers[key]
        if self._live and decision.actor in self.player_controlled:
            raise _QuestionForPlayer(decision, key)
        return None

    def _look_ahead(self) -> None:
        """Run time forward to the next decision (or the end) and remember it."""
        if self.pending is None and self.battle.outcome is None:
            self.pending = self.battle.next_decision()

    # -- what the UI reads ---------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        return self.battle.events

    @property
    def decisions(self) -> int:
        """How many decisions have been taken so far (the rewind cursor)."""
        return len(self.history)

    @property
    def outcome(self) -> Outcome | None:
        return self.battle.outcome

    @property
    def over(self) -> bool:
        return self.battle.outcome is not None

    @property
    def waiting_for_player(self) -> bool:
        """The player must choose next: the next decision belongs to a combatant they control,
        or a question to one of theirs is waiting (``question``)."""
        return self.question is not None or (self.pending is not None and self.pending.actor in self.player_controlled)

    def snapshot(self) -> dict[str, Any]:
        return self.battle.snapshot()

    def decision_of_event(self, position: int) -> int:
        """The index of the decision whose events include event ``position`` (0 for the events
        before the first decision): ``rewind(decision_of_event(p))`` goes back to just before it."""
        lo, hi = 0, len(self.history)
        while lo < hi:  # first decision whose events start after ``position``
            mid = (lo + hi) // 2
            if self.history[mid].first_event <= position:
                lo = mid + 1
            else:
                hi = mid
        return max(lo - 1, 0)

    # -- control -------------------------------------------------------------------------

    def set_player(self, cid: str, controlled: bool) -> None:
        """Give a combatant to the player (prompted on its turn) or back to its AI."""
        if cid not in {c.id for c in self.scenario.combatants}:
            raise KeyError(cid)
        if controlled:
            self.player_controlled.add(cid)
        else:
            self.player_controlled.discard(cid)
            if self.question is not None and self.question.actor == cid:
                self.question = self._question_key = None  # its AI answers when the decision is carried out
        self.battle.player_controlled = frozenset(self.player_controlled)

    def step(self) -> bool:
        """Take one decision with the AI. Returns ``False`` (and does nothing) when the battle
        is over or the next decision is the player's; then use :meth:`play`."""
        if self.pending is None or self.waiting_for_player:
            return False
        self._carry_out()
        return True

    def ai_step(self) -> bool:
        """Take the next decision (or answer the waiting question) with the AI even if the
        player controls the actor: the player's "let the AI decide". It replays as the AI's."""
        if self.pending is None:
            return False
        if self.question is not None:
            return self._answered(None)
        self._choose_anew()  # a choice left from before a dropped question: the AI's turn now
        self._carry_out()
        return True

    def play(self, action: Action | Choice, reason: str = PLAYER_REASON) -> None:
        """Carry out the player's choice for the pending decision (or answer the waiting
        question). Raises :class:`~core.errors.IllegalAction` (nothing changes) if the rules
        refuse it."""
        if self.question is not None:
            self.answer(action, reason)
            return
        if self.pending is None:
            raise IllegalAction("the battle is over" if self.over else "no decision is waiting")
        choice = action if isinstance(action, Choice) else Choice(action, reason)
        self.battle.check(self.pending, choice.action)  # before any change
        self._choose_anew()
        self.choices[len(self.history)] = choice
        self._carry_out()

    def _choose_anew(self) -> None:
        """The pending decision is chosen again: what was recorded for it before (a choice, and
        the answers to the questions it raised) belonged to another action."""
        index = len(self.history)
        self.choices.pop(index, None)
        self.answers = {k: a for k, a in self.answers.items() if k[0] != index}

    def answer(self, action: Action | Choice, reason: str = PLAYER_REASON) -> None:
        """The player's answer to the waiting question: one of its menu's actions. Raises
        :class:`~core.errors.IllegalAction` (nothing changes) for anything else."""
        question = self.question
        if question is None:
            raise IllegalAction("no question is waiting")
        choice = action if isinstance(action, Choice) else Choice(action, reason)
        if choice.action not in question.menu:
            raise IllegalAction(f"{choice.action.label()} is not an answer to this; the answers are "
                                + ", ".join(a.label() for a in question.menu))
        self._answered(choice)

    def _answered(self, choice: Choice | None) -> bool:
        assert self._question_key is not None
        self.answers[self._question_key] = choice
        self.question = self._question_key = None
        self._carry_out()
        return True

    def run(self, max_steps: int = 1_000_000, stop: Callable[[], bool] | None = None) -> int:
        """Step with the AI until the end, the player's turn, ``stop()`` or ``max_steps``."""
        n = 0
        while n < max_steps and (stop is None or not stop()) and self.step():
            n += 1
        return n

    def _carry_out(self, live: bool = True) -> None:
        """Carry out the pending decision: the player's recorded choice, or the AI's. Live, a
        question for the player stops it; the battle is then rebuilt to just before it and
        the question waits (see the module's docstring)."""
        decision = self.pending
        assert decision is not None
        index = len(self.history)
        start = len(self.battle.events)  # a refused AI choice is part of this decision's events
        self._asked, self._live = 0, live
        try:
            choice = self.choices.get(index)
            if choice is not None:
                who = PLAYER
                self.battle.submit(decision, choice, PLAYER)
            else:
                choice, who = self.battle.decide(decision)
                self.battle.submit(decision, choice, who, checked=True)
            self._taken(decision, choice.action, who, start)  # its look-ahead may ask too (a Haymaker lands)
        except _QuestionForPlayer as stop:
            self._rebuild(index)
            self.question, self._question_key = stop.decision, stop.key
        except BaseException:
            if live and len(self.battle.events) != start:
                self._rebuild(index)  # stopped mid-action: back to the decision as it was
            raise
        finally:
            self._live = False

    def _rebuild(self, decisions: int) -> None:
        """The battle again, from its seed, up to just before decision ``decisions``."""
        self._live = False
        self._replay([(t.index, t.actor) for t in self.history[:decisions]])

    def _taken(self, decision: Decision, action: Action, who: str, start: int) -> None:
        self.pending = None
        self._look_ahead()
        self.history.append(Taken(len(self.history), decision.actor, action, who, start, len(self.battle.events)))

    # -- rewinding -----------------------------------------------------------------------

    def rewind(self, decisions: int) -> None:
        """Go back to the moment after ``decisions`` decisions (0 = the start of the battle):
        a fresh battle replays them. Player choices after that point are forgotten."""
        if not 0 <= decisions <= len(self.history):
            raise ValueError(f"can rewind to 0..{len(self.history)} decisions, not {decisions}")
        history = self.history[:decisions]
        self.choices = {i: c for i, c in self.choices.items() if i < decisions}
        self.answers = {k: a for k, a in self.answers.items() if k[0] < decisions}
        self._replay([(t.index, t.actor) for t in history])

    def back(self, steps: int = 1) -> int:
        """Undo the last ``steps`` decisions; returns the new decision count."""
        target = max(len(self.history) - steps, 0)
        self.rewind(target)
        return target

    def restart(self, seed: int | None = None) -> None:
        """Start the battle again (with another seed if given); every recorded choice is dropped."""
        if seed is not None:
            self.seed = seed
        self.choices = {}
        self.answers = {}
        self._replay([])

    def _replay(self, expected: list[tuple[int, str]]) -> None:
        self.history = []
        self.pending = None
        self.question = self._question_key = None
        self._asked = 0
        self.battle = self._new_battle()
        self._look_ahead()
        for index, actor in expected:
            if self.pending is None:
                raise ReplayMismatch(f"the battle ended after {index} decisions, but {len(expected)} were recorded")
            if self.pending.actor != actor:
                raise ReplayMismatch(f"decision {index} belongs to {self.pending.actor!r}, but the record has {actor!r}")
            try:
                self._carry_out(live=False)
            except IllegalAction as exc:
                choice = self.choices.get(index)
                what = f"the player's choice at decision {index} ({choice.action.label()})" if choice else \
                    f"a recorded answer in decision {index}"
                raise ReplayMismatch(f"{what} is refused on replay: {exc}") from None

    # -- saving and loading (the format: core/saves.py) -----------------------------------

    def to_data(self) -> dict[str, Any]:
        """The save as TOML-ready data."""
        return saves.to_data(self)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the save atomically: a failure mid-write leaves any previous save intact."""
        saves.save(self, path)

    @classmethod
    def from_data(cls, data: dict[str, Any], file: str = "<save>", *, verify: bool = True,
                  battle_factory: Callable[[Scenario, int, frozenset[str]], Battle] | None = None) -> Session:
        """The session a save's data describes, replayed to where it was saved and checked."""
        return saves.from_data(cls, data, file, verify=verify, battle_factory=battle_factory)

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, verify: bool = True,
             battle_factory: Callable[[Scenario, int, frozenset[str]], Battle] | None = None) -> Session:
        """Reopen a save: the same battle, at the same point, with the same player control."""
        return saves.load(cls, path, verify=verify, battle_factory=battle_factory)

    def export_jsonl(self, path: str | os.PathLike[str]) -> int:
        """Write the event log so far as JSONL, atomically; returns the number of events."""
        out = io.StringIO()
        jsonl.write(self.battle.events, out)
        write_text_atomic(out.getvalue(), path)
        return len(self.battle.events)


def _default_battle(scenario: Scenario, seed: int, player_controlled: frozenset[str]) -> Battle:
    return Battle(scenario, seed=seed, player_controlled=player_controlled)

