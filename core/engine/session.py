"""A battle in progress, as something a person drives: step it, rewind it, save it, reload it.

A :class:`Session` wraps one :class:`core.engine.battle.Battle` and never imports a user interface,
so the Textual app, tests and scripts share it. It rests on one fact: a battle is
deterministic given its scenario, its seed and the decisions taken. The session therefore
records every decision it takes (who acted, what, and who chose) and the player's inputs: a
:class:`~core.engine.actions.Choice` by *decision index* (the i-th Phase or turn decision of the battle,
counted from 0), and an answer by *question number* (the n-th question the battle asked, counted
from 0, whoever it was asked of). Rewinding builds a fresh battle and replays the first N
decisions: AI decisions are asked again (the AI is deterministic too, so it answers the same,
refusals and plugin failures included) and the player's are given from the record. The result
is the same event list, event for event, as the first time.

A *question* is a decision asked in the middle of an action: whether to Abort to a Dodge when
attacked (HERO), whether to use a reaction (Marvel). The battle waits on a question for a
combatant the player controls (``Battle.player_controlled``) and the session shows it
(``question``); the action it came from stays suspended in the battle until :meth:`answer`
resumes it. Questions to the AI's combatants the battle puts to the plugins at once. While a
question waits in the middle of an action, ``pending`` is the decision whose action it is.

The session always looks one decision ahead (``pending``): after each action it runs time
forward to the next decision, so a UI can show whose Phase comes next and prompt the player
before anything else happens. ``Battle.step()`` takes the same calls in the same order, so the
events are the same as a headless run.

Saves (:mod:`core.files.saves`) hold the scenario, the seed and the player's inputs, and are replayed
on loading (:meth:`Session.restore`), checked against a digest of the event log.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from ..files import saves
from .actions import Action, Choice, Decision
from .battle import Battle, Outcome
from ..errors import IllegalAction
from .events import Event
from ..files.atomic import write_text_atomic
from ..rules.records import record
from ..render import jsonl
from ..files.saves import (
    PLAYER_REASON, SAVE_FORMAT, LegacyKey, ReplayMismatch, Saved, SaveError, action_from_data, action_to_data,
    events_digest, is_save_file)
from ..files.scenario import Scenario, load_scenario

__all__ = ["Session", "Taken", "SaveError", "ReplayMismatch", "SAVE_FORMAT", "action_to_data", "action_from_data",
           "events_digest", "is_save_file"]

PLAYER = "player"


@record
class Taken:
    """One decision taken: its index, the actor, what it did, who chose, and the events it made.

    ``first_event`` is the index in ``battle.events`` of the decision's first event (its
    ``ActionChosen``, or an AI's refused choice before it); ``end_event`` is one past the last
    event before the next decision (the look-ahead to the next Phase is included).
    ``first_question`` is the number of the first question asked after it was chosen."""

    index: int
    actor: str
    action: Action
    chosen_by: str
    first_event: int
    end_event: int
    first_question: int = 0


@dataclass
class _InFlight:
    """A decision chosen whose action a question for the player has suspended."""

    index: int
    actor: str
    action: Action
    chosen_by: str
    first_event: int
    first_question: int


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
        #: The player's choices, by decision index.
        self.choices: dict[int, Choice] = {}
        #: The player's answers, by question number (see the module's docstring): who was asked, and the answer.
        self.answers: dict[int, tuple[str, Choice]] = {}
        #: Answers read from a save of format 1, by its keys (matched as its questions are asked again).
        self.legacy_answers: dict[LegacyKey, Choice | None] = {}
        #: A question waiting for the player, in the middle of an action or of the clock.
        self.question: Decision | None = None
        self.history: list[Taken] = []
        self.pending: Decision | None = None
        self._in_flight: _InFlight | None = None
        self._past = 0  # questions numbered below this were asked before: never the player's to answer again
        self._replaying = False
        self.battle: Battle = self._new_battle()
        self._run()

    # -- building ------------------------------------------------------------------------

    @classmethod
    def from_path(cls, path: str | os.PathLike[str], *, seed: int | None = None,
                  player_controlled: Iterable[str] = ()) -> Session:
        """A new session over a scenario file (raises :class:`core.files.scenario.ScenarioError`)."""
        return cls(load_scenario(path), seed=seed, player_controlled=player_controlled, scenario_path=str(path))

    def _new_battle(self) -> Battle:
        return self._factory(self.scenario, self.seed, frozenset(self.player_controlled))

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
    def in_flight(self) -> bool:
        """Whether ``pending`` has been chosen and its action waits on ``question``."""
        return self._in_flight is not None

    @property
    def question_number(self) -> int | None:
        """The waiting question's number (the n-th the battle asked, from 0), or None."""
        return self.battle.questions - 1 if self.question is not None else None

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
        """Give a combatant to the player (prompted on its turn) or back to its AI (which then
        answers a question of its that is waiting)."""
        if cid not in {c.id for c in self.scenario.combatants}:
            raise KeyError(cid)
        if controlled:
            self.player_controlled.add(cid)
        else:
            self.player_controlled.discard(cid)
        self.battle.player_controlled = frozenset(self.player_controlled)
        if not controlled and self.question is not None and self.question.actor == cid:
            self.question = None
            self._run()

    def step(self) -> bool:
        """Take one decision with the AI. Returns ``False`` (and does nothing) when the battle
        is over or the next decision is the player's; then use :meth:`play`."""
        if self.pending is None or self.waiting_for_player:
            return False
        self._take_ai()
        return True

    def ai_step(self) -> bool:
        """Take the next decision (or answer the waiting question) with the AI even if the
        player controls the actor: the player's "let the AI decide". It replays as the AI's."""
        if self.question is not None:
            question, self.question = self.question, None
            with self._rolled_back_on_failure():
                choice, who = self.battle.decide(question)
                self.battle.submit(question, choice, who, checked=True)
                self._run()
            return True
        if self.pending is None:
            return False
        self._take_ai()
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
        self.choices[len(self.history)] = choice
        self._take(choice, PLAYER, len(self.battle.events))

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
        self.battle.check(question, choice.action)
        with self._rolled_back_on_failure():
            self.answers[self.battle.questions - 1] = (question.actor, choice)
            self.question = None
            self.battle.submit(question, choice, PLAYER, checked=True)
            self._run()

    def run(self, max_steps: int = 1_000_000, stop: Callable[[], bool] | None = None) -> int:
        """Step with the AI until the end, the player's turn, ``stop()`` or ``max_steps``."""
        n = 0
        while n < max_steps and (stop is None or not stop()) and self.step():
            n += 1
        return n

    # -- carrying the battle on ------------------------------------------------------------

    def _take_ai(self) -> None:
        decision = self.pending
        assert decision is not None
        first = len(self.battle.events)  # a refused AI choice is part of this decision's events
        choice, who = self.battle.decide(decision)
        self._take(choice, who, first, checked=True)

    def _take(self, choice: Choice, who: str, first_event: int, checked: bool = True) -> None:
        """Carry out the pending decision's choice, then run on to the next stop (:meth:`_run`)."""
        decision = self.pending
        assert decision is not None
        b = self.battle
        with self._rolled_back_on_failure():
            self._in_flight = _InFlight(len(self.history), decision.actor, choice.action, who, first_event,
                                        b.questions)
            b.submit(decision, choice, who, checked=checked)
            self._run()

    @contextmanager
    def _rolled_back_on_failure(self) -> Iterator[None]:
        """A failure while the battle runs (a bug, Ctrl-C) leaves it halfway through an action:
        the session goes back to the decision that action came from (or the one waiting), as a
        replay, with the player's inputs from there on forgotten."""
        if self._replaying:  # a replay that fails is reported as it is (ReplayMismatch, or the bug)
            yield
            return
        decisions = len(self.history)
        questions = (self._in_flight.first_question if self._in_flight is not None
                     else self.battle.questions - (self.question is not None))
        try:
            yield
        except BaseException:
            self.choices = {i: c for i, c in self.choices.items() if i < decisions}
            self.answers = {n: a for n, a in self.answers.items() if n < questions}
            self._replay(decisions, questions)
            raise

    def _run(self) -> None:
        """Carry the battle on to where the session waits: the next Phase or turn decision, a
        question for the player, or the end. A question asked before (on a replay) is answered
        from the record, or by the AI; so is any the player does not answer."""
        b = self.battle
        while True:
            if b.pending is None and self._in_flight is not None:  # the action in flight is over
                f, self._in_flight = self._in_flight, None
                self.history.append(Taken(f.index, f.actor, f.action, f.chosen_by, f.first_event, len(b.events),
                                          f.first_question))
            decision = b.advance()
            if decision is not None and b.asking:
                number = b.questions - 1
                given = self._recorded(number, decision)
                if given is not None:
                    b.submit(decision, given, PLAYER)
                    continue
                if number < self._past or decision.actor not in self.player_controlled:
                    choice, who = b.decide(decision)
                    b.submit(decision, choice, who, checked=True)
                    continue
                self.question = decision
                if self._in_flight is None:
                    self.pending = None
                return
            if self.history and self.history[-1].end_event != len(b.events):
                self.history[-1] = replace(self.history[-1], end_event=len(b.events))
            self.pending = decision
            return

    def _recorded(self, number: int, decision: Decision) -> Choice | None:
        """The player's recorded answer to question ``number``, if any."""
        found = self.answers.get(number)
        if found is not None:
            return found[1]
        if not self.legacy_answers:
            return None
        # Format 1 numbered a question within the decision in flight, or within the decision whose
        # look-ahead asked it (the first decision's for the look-ahead before it), from its choice.
        if self._in_flight is not None:
            index, since = self._in_flight.index, self._in_flight.first_question
        elif self.history:
            index, since = len(self.history) - 1, self.history[-1].first_question
        else:
            index, since = 0, 0
        given = self.legacy_answers.get((index, number - since, decision.actor))
        if given is not None:
            self.answers[number] = (decision.actor, given)
        return given

    # -- rewinding -----------------------------------------------------------------------

    def rewind(self, decisions: int) -> None:
        """Go back to the moment after ``decisions`` decisions (0 = the start of the battle):
        a fresh battle replays them. Player choices after that point are forgotten."""
        if not 0 <= decisions <= len(self.history):
            raise ValueError(f"can rewind to 0..{len(self.history)} decisions, not {decisions}")
        if decisions < len(self.history):
            questions = self.history[decisions].first_question
        elif self._in_flight is not None:
            questions = self._in_flight.first_question
        else:
            questions = self.battle.questions - (self.question is not None)
        self.choices = {i: c for i, c in self.choices.items() if i < decisions}
        self.answers = {n: c for n, c in self.answers.items() if n < questions}
        self._replay(decisions, questions)

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
        self.legacy_answers = {}
        self._replay(0, 0)

    def restore(self, decisions: int, questions: int | None, *, actors: list[str] | None = None) -> None:
        """Replay a fresh battle to a saved point (:mod:`core.files.saves`): ``decisions`` decisions
        taken (each by its actor in ``actors``, when given) and the questions numbered below
        ``questions`` answered (from the record, else by the AI; None: every question those
        decisions ask). Raises :class:`ReplayMismatch` when the record does not fit the battle
        the replay gives."""
        self._replay(decisions, questions, actors)

    def resume_to_question(self) -> None:
        """Take the next decision from the record (the player's choice, else the AI's) up to the
        question that waited in it when the save was made (:mod:`core.files.saves`)."""
        if self.pending is None:
            raise ReplayMismatch(f"the battle ended after {len(self.history)} decisions, but a question was waiting")
        self._take_recorded(len(self.history))
        if self.question is None:
            raise ReplayMismatch("the question waiting in the save is not asked again")

    def _replay(self, decisions: int, questions: int | None, actors: list[str] | None = None) -> None:
        self.history = []
        self.pending = self.question = None
        self._in_flight = None
        self._past = questions if questions is not None else 1 << 62
        self.battle = self._new_battle()
        self._replaying = True
        try:
            self._replay_decisions(decisions, actors)
        finally:
            self._replaying = False
        if questions is None:
            self._past = self.battle.questions

    def _replay_decisions(self, decisions: int, actors: list[str] | None) -> None:
        self._run()
        for index in range(decisions):
            if self.pending is None:
                raise ReplayMismatch(f"the battle ended after {index} decisions, but {decisions} were recorded")
            if self.question is not None:
                raise ReplayMismatch(f"a question to {self.question.actor!r} before decision {index} has no "
                                     "recorded answer")
            if actors is not None and self.pending.actor != actors[index]:
                raise ReplayMismatch(f"decision {index} belongs to {self.pending.actor!r}, but the record has "
                                     f"{actors[index]!r}")
            self._take_recorded(index)

    def _take_recorded(self, index: int) -> None:
        choice = self.choices.get(index)
        if choice is None:
            self._take_ai()
            return
        try:
            self.battle.check(self.pending, choice.action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            raise ReplayMismatch(f"the player's choice at decision {index} ({choice.action.label()}) is refused "
                                 f"on replay: {exc}") from None
        self._take(choice, PLAYER, len(self.battle.events))

    # -- saving and loading (the format: core/files/saves.py) -----------------------------

    def to_data(self) -> dict[str, Any]:
        """The save as TOML-ready data."""
        b = self.battle
        saved = Saved(self.scenario, self.seed, len(self.history),
                      b.questions - (self.question is not None),  # the one waiting is asked again on loading
                      sorted(self.player_controlled), [t.actor for t in self.history], self.choices, self.answers,
                      in_flight=self.in_flight, scenario_path=str(self.scenario_path or ""))
        waiting = self.pending.actor if self.in_flight and self.pending is not None else ""
        return saves.to_data(saved, b.events, waiting)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the save atomically: a failure mid-write leaves any previous save intact."""
        saves.write(self.to_data(), path)

    @classmethod
    def from_data(cls, data: dict[str, Any], file: str = "<save>", *, verify: bool = True,
                  battle_factory: Callable[[Scenario, int, frozenset[str]], Battle] | None = None) -> Session:
        """The session a save's data describes (:func:`core.files.saves.read`), replayed to where
        it was saved and checked against the events it recorded (unless ``verify`` is false).
        Raises :class:`SaveError` (:class:`ReplayMismatch` when the replay differs), naming ``file``."""
        saved = saves.read(data, file)
        session = cls(saved.scenario, seed=saved.seed, player_controlled=saved.player_controlled,
                      scenario_path=saved.scenario_path, battle_factory=battle_factory)
        session.choices, session.answers, session.legacy_answers = saved.choices, saved.answers, saved.legacy_answers
        # format 1 counted the events before the decision a question interrupted
        counted_early = saved.in_flight and saved.format == 1
        try:
            session.restore(saved.decisions, saved.questions, actors=saved.actors)
            if counted_early and verify:
                saves.check_replay(saved, session.battle.events)
            if saved.in_flight:
                session.resume_to_question()
            if not counted_early and verify:
                saves.check_replay(saved, session.battle.events)
        except ReplayMismatch as exc:
            raise ReplayMismatch(f"{file}: {exc}") from None
        return session

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, verify: bool = True,
             battle_factory: Callable[[Scenario, int, frozenset[str]], Battle] | None = None) -> Session:
        """Reopen a save: the same battle, at the same point, with the same player control."""
        return cls.from_data(saves.read_file(path), str(path), verify=verify, battle_factory=battle_factory)

    def export_jsonl(self, path: str | os.PathLike[str]) -> int:
        """Write the event log so far as JSONL, atomically; returns the number of events."""
        out = io.StringIO()
        jsonl.write(self.battle.events, out)
        write_text_atomic(out.getvalue(), path)
        return len(self.battle.events)


def _default_battle(scenario: Scenario, seed: int, player_controlled: frozenset[str]) -> Battle:
    return Battle(scenario, seed=seed, player_controlled=player_controlled)
