"""Saves: a battle in progress as a TOML file, and back.

A save holds the scenario itself (dumped, so a save is self-contained), the seed, the player's
choices and answers (see :mod:`core.engine.session`), which combatants the player controls, how many
decisions were taken, and a digest of the event log, so a reload that would not replay the same
battle (a changed plugin, say) is refused instead of silently diverging. It is written with
tomli-w, atomically; every way it can be malformed is reported by file and key.

This module is the format alone: a :class:`Saved` record to TOML data and back, checked key by
key. Replaying one is the session's work (:meth:`core.engine.session.Session.from_data`), so the
format never imports the session that writes it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action, Choice
from .bounds import UnreadableToml, parse_toml, read_limited
from ..errors import SlugfestError
from ..engine.events import Event
from .atomic import write_toml_atomic
from ..engine.events import to_jsonable
from ..render import jsonl
from ..render.event_schema import SCHEMA_VERSION, as_of
from .scenario import Scenario, dump_scenario, parse_scenario

#: Format 2 numbers the player's answers by the order the battle asked its questions; format 1
#: (read, no longer written) numbered them within each decision.
SAVE_FORMAT = 2
READABLE_FORMATS = (1, 2)
#: A save holds its scenario (at most 1 MB) and the player's choices: 10 MB is far beyond any.
MAX_SAVE_BYTES = 10_000_000
PLAYER_REASON = "player's choice"
#: An answer recorded by a save of format 1: (decision index, question number within it, who is asked).
LegacyKey = tuple[int, int, str]


class SaveError(SlugfestError):
    """A save file is unreadable, invalid, or does not replay the battle it recorded."""


class ReplayMismatch(SaveError):
    """Replaying the recorded decisions did not give the recorded battle."""


# -- actions as TOML data --------------------------------------------------------------------

_TEXT_FIELDS = ("attack", "target", "maneuver", "levels", "aim", "ally", "weapon", "slot", "power")
#: Saves written before each of these kinds had a field of its own kept it in another: the ally
#: thrown, the weapon disarmed and the Multipower slot in ``attack``, the Marvel power in
#: ``maneuver``. Such a save is read with the value moved to its own field.
_OLD_HOMES = {"fastball": ("attack", "ally"), "disarm": ("attack", "weapon"), "switch": ("attack", "slot"),
              "power": ("maneuver", "power")}
#: The keys a saved choice or answer holds beside its action's.
_CHOICE_KEYS = ("index", "actor", "reason")
_ANSWER_KEYS = ("question", "actor", "reason")
_LEGACY_ANSWER_KEYS = ("decision", "question", "actor", "reason")


def action_to_data(a: Action) -> dict[str, Any]:
    """An :class:`Action` as TOML-ready data (only the fields that are set)."""
    out: dict[str, Any] = {"kind": a.kind}
    for name in _TEXT_FIELDS:
        value = getattr(a, name)
        if value:
            out[name] = value
    if a.targets:
        out["targets"] = list(a.targets)
    if a.attacks:
        out["attacks"] = list(a.attacks)
    if a.destination is not None:
        out["destination"] = list(a.destination)
    if a.push:
        out["push"] = a.push
    return out


def action_from_data(data: Any, where: str, beside: Iterable[str] = _CHOICE_KEYS) -> Action:
    """An :class:`Action` from save data; ``beside`` names the other keys its table may hold."""
    if not isinstance(data, dict):
        raise SaveError(f"{where}: expected a table, got {type(data).__name__}")
    known = {"kind", "push", "targets", "attacks", "destination", *_TEXT_FIELDS}
    unknown = sorted(set(data) - known - set(beside))
    if unknown:
        raise SaveError(f"{where}: unknown key {unknown[0]!r}")
    kind = data.get("kind")
    if not isinstance(kind, str) or not kind:
        raise SaveError(f"{where}.kind: expected a string, got {kind!r}")
    kw: dict[str, Any] = {}
    for name in _TEXT_FIELDS:
        value = data.get(name, "")
        if not isinstance(value, str):
            raise SaveError(f"{where}.{name}: expected a string, got {value!r}")
        kw[name] = value
    for name in ("targets", "attacks"):
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SaveError(f"{where}.{name}: expected an array of strings, got {value!r}")
        kw[name] = tuple(value)
    dest = data.get("destination")
    if dest is not None:
        if not (isinstance(dest, list) and len(dest) == 2 and all(type(v) is int for v in dest)):
            raise SaveError(f"{where}.destination: expected [x, y], got {dest!r}")
        kw["destination"] = (dest[0], dest[1])
    push = data.get("push", 0)
    if type(push) is not int:
        raise SaveError(f"{where}.push: expected an integer, got {push!r}")
    moved = _OLD_HOMES.get(kind)
    if moved is not None and moved[1] not in data:
        old, new = moved
        kw[new], kw[old] = kw[old], ""
    return Action(kind, push=push, **kw)


def events_digest(events: Iterable[Event], schema: int | None = None) -> str:
    """SHA-256 of the JSONL log: equal digests mean byte-identical battles. ``schema``: the log as
    that older version of the event schema wrote it (the digest a save written then recorded:
    the same battle, less the fields added since, such as a Recovery's REC in version 3)."""
    h = hashlib.sha256()
    for e in events:
        line = jsonl.dumps(e) if schema is None else \
            json.dumps(as_of(to_jsonable(e), schema), ensure_ascii=False, separators=(",", ":"))
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()


# -- a save as data ----------------------------------------------------------------------

@dataclass(frozen=True)
class Saved:
    """What a save holds: the battle (its scenario and seed), how far it went (``decisions``
    taken, each by its actor in ``actors``, and the questions numbered below ``questions``
    asked; None for a format 1 save, which did not count them), whose side the player drives,
    and the player's inputs. ``in_flight``: the next decision was chosen and a question in its
    action waits (format 1 called it ``question_waiting``).

    What only a save read from a file has: its ``format``, the answers of a format 1 save
    (``legacy_answers``), and the event log's length and SHA-256 as saved (``events``,
    ``digest``), which a replay must give again. :func:`to_data` writes format 2 and takes
    the log itself, so it reads none of them."""

    scenario: Scenario
    seed: int
    decisions: int
    questions: int | None
    player_controlled: list[str]
    actors: list[str]
    choices: dict[int, Choice] = field(default_factory=dict)
    answers: dict[int, tuple[str, Choice]] = field(default_factory=dict)
    legacy_answers: dict[LegacyKey, Choice | None] = field(default_factory=dict)
    in_flight: bool = False
    format: int = SAVE_FORMAT
    scenario_path: str = ""
    events: Any = None
    digest: Any = None


def to_data(saved: Saved, events: Sequence[Event], in_flight_actor: str = "") -> dict[str, Any]:
    """The save as TOML-ready data (format 2: the player's answers by question number), with the
    length and digest of ``events``, the log so far; ``in_flight_actor``: whose decision is in
    flight (its choice is saved too)."""
    save: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "seed": saved.seed,
        "decisions": saved.decisions,
        "questions": saved.questions,
        "player_controlled": sorted(saved.player_controlled),
        "events": len(events),
        "digest": events_digest(events),
        "actors": list(saved.actors),
    }
    if saved.scenario_path:
        save["scenario_path"] = saved.scenario_path
    if saved.in_flight:
        save["in_flight"] = True  # the next decision was chosen; a question in its action waits
    actors = list(saved.actors) + ([in_flight_actor] if saved.in_flight and in_flight_actor else [])
    questions = saved.questions or 0
    choices = [{"index": index, "actor": actors[index], **_choice_to_data(saved.choices[index])}
               for index in sorted(saved.choices) if index < len(actors)]
    answers = [{"question": number, "actor": actor, **_choice_to_data(choice)}
               for number, (actor, choice) in sorted(saved.answers.items()) if number < questions]
    data = {"save": save, "choices": choices, "scenario": dump_scenario(saved.scenario)}
    if answers:
        data["answers"] = answers
    return data


def write(data: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write the save atomically: a failure mid-write leaves any previous save intact."""
    write_toml_atomic(data, path)


def read(data: dict[str, Any], file: str = "<save>") -> Saved:
    """What a save's data holds, every key checked (a save of format 1, whose answers were
    numbered within each decision, is read too). Raises :class:`SaveError` naming the file and
    the key."""
    save_table, scenario, fmt = _header(data, file)
    seed, decisions, players, actors = _figures(save_table, scenario, file)
    ids = {c.id for c in scenario.combatants}
    if fmt == 1:
        waiting = _flag(save_table, "question_waiting", file)
        questions = None
        legacy = _legacy_answers(data, file, decisions, ids)
        answers = {}
    else:
        waiting = _flag(save_table, "in_flight", file)
        questions = save_table.get("questions")
        if type(questions) is not int or questions < 0:
            raise SaveError(f"{file}: save.questions: expected a non-negative integer, got {questions!r}")
        answers = _answers(data, file, questions, ids)
        legacy = {}
    choices = _choices(data, file, decisions, actors, waiting)
    path = save_table.get("scenario_path", "")
    return Saved(scenario, seed, decisions, questions, players, actors, choices, answers, legacy, waiting, fmt,
                 path if isinstance(path, str) else "", save_table.get("events"), save_table.get("digest"))


def check_replay(saved: Saved, events: Sequence[Event]) -> None:
    """Refuse a replay that does not give the events the save recorded (their number and
    digest): :class:`ReplayMismatch`, for the caller to prefix with the file."""
    want = (saved.events, saved.digest)
    got = (len(events), events_digest(events))
    if want != got and want[0] == got[0]:  # a save written before the events gained fields
        older = (events_digest(events, v) for v in range(SCHEMA_VERSION - 1, 0, -1))
        got = (got[0], next((d for d in older if d == want[1]), got[1]))
    if want != got:
        raise ReplayMismatch(f"replaying the save gives a different battle ({got[0]} events instead of "
                             f"{want[0]}); the rules or plugins have changed")


def _header(data: dict[str, Any], file: str) -> tuple[dict[str, Any], Scenario, int]:
    save_table = data.get("save")
    if not isinstance(save_table, dict):
        raise SaveError(f"{file}: not a Slugfest save (no [save] table)")
    fmt = save_table.get("format")
    if type(fmt) is not int or fmt not in READABLE_FORMATS:  # 1.0 is not the format 1: the version is exact
        raise SaveError(f"{file}: save.format: expected {' or '.join(map(str, READABLE_FORMATS))}, got {fmt!r}")
    scenario_data = data.get("scenario")
    if not isinstance(scenario_data, dict):
        raise SaveError(f"{file}: expected a [scenario] table")
    try:
        return save_table, parse_scenario(scenario_data, f"{file} [scenario]"), fmt
    except SlugfestError as exc:
        raise SaveError(str(exc)) from None


def _flag(save_table: dict[str, Any], key: str, file: str) -> bool:
    value = save_table.get(key, False)
    if type(value) is not bool:
        raise SaveError(f"{file}: save.{key}: expected true or false, got {value!r}")
    return value


def _figures(save_table: dict[str, Any], scenario: Scenario, file: str) -> tuple[int, int, list[str], list[str]]:
    seed = save_table.get("seed")
    decisions = save_table.get("decisions")
    players = save_table.get("player_controlled", [])
    actors = save_table.get("actors", [])
    if type(seed) is not int or seed < 0:
        raise SaveError(f"{file}: save.seed: expected a non-negative integer, got {seed!r}")
    if type(decisions) is not int or decisions < 0:
        raise SaveError(f"{file}: save.decisions: expected a non-negative integer, got {decisions!r}")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveError(f"{file}: save.player_controlled: expected an array of combatant ids")
    if not isinstance(actors, list) or len(actors) != decisions or not all(isinstance(a, str) for a in actors):
        raise SaveError(f"{file}: save.actors: expected {decisions} combatant ids")
    ids = {c.id for c in scenario.combatants}
    for p in players:
        if p not in ids:
            raise SaveError(f"{file}: save.player_controlled: no combatant {p!r} in the scenario")
    return seed, decisions, players, actors


def _choices(data: dict[str, Any], file: str, decisions: int, actors: list[str], in_flight: bool
             ) -> dict[int, Choice]:
    """The player's choices by decision index (the one in flight too, when a question waited in it)."""
    choices: dict[int, Choice] = {}
    last = decisions if in_flight else decisions - 1
    for where, entry in _tables(data, "choices", file):
        index = entry.get("index")
        if type(index) is not int or not 0 <= index <= last:
            raise SaveError(f"{where}.index: expected 0..{last}, got {index!r}" if last >= 0 else
                            f"{where}: no decision was taken, so no choice belongs here")
        if index < decisions and entry.get("actor") != actors[index]:
            raise SaveError(f"{where}.actor: expected {actors[index]!r}, got {entry.get('actor')!r}")
        if not isinstance(entry.get("actor"), str):
            raise SaveError(f"{where}.actor: expected a combatant id, got {entry.get('actor')!r}")
        choices[index] = _choice_from_data(entry, where, _CHOICE_KEYS)
    return choices


def _answers(data: dict[str, Any], file: str, questions: int, ids: set[str]) -> dict[int, tuple[str, Choice]]:
    """Format 2: the player's answers by question number (below ``questions``)."""
    answers: dict[int, tuple[str, Choice]] = {}
    for where, entry in _tables(data, "answers", file):
        number, actor = entry.get("question"), entry.get("actor")
        if type(number) is not int or not 0 <= number < questions:
            raise SaveError(f"{where}.question: expected 0..{questions - 1}, got {number!r}" if questions else
                            f"{where}: no question was asked, so no answer belongs here")
        if actor not in ids:
            raise SaveError(f"{where}.actor: expected a combatant id of the scenario, got {actor!r}")
        answers[number] = (actor, _choice_from_data(entry, where, _ANSWER_KEYS))
    return answers


def _legacy_answers(data: dict[str, Any], file: str, decisions: int, ids: set[str]) -> dict[LegacyKey, Choice | None]:
    """Format 1: the player's answers by (decision index, question number within it, who is asked)."""
    answers: dict[LegacyKey, Choice | None] = {}
    for where, entry in _tables(data, "answers", file):
        index, number, actor = entry.get("decision"), entry.get("question"), entry.get("actor")
        if type(index) is not int or not 0 <= index <= decisions:
            raise SaveError(f"{where}.decision: expected 0..{decisions}, got {index!r}")
        if type(number) is not int or number < 0:
            raise SaveError(f"{where}.question: expected a non-negative integer, got {number!r}")
        if actor not in ids:
            raise SaveError(f"{where}.actor: expected a combatant id of the scenario, got {actor!r}")
        if entry.get("ai", False) is not False:
            if entry["ai"] is not True or set(entry) - {"decision", "question", "actor", "ai"}:
                raise SaveError(f"{where}: expected only decision, question, actor and ai = true (the AI answered)")
            continue  # the AI answers what has no recorded answer anyway
        answers[(index, number, actor)] = _choice_from_data(entry, where, _LEGACY_ANSWER_KEYS)
    return answers


def read_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A save file's TOML data (at most :data:`MAX_SAVE_BYTES`), or :class:`SaveError` saying why
    it cannot be read."""
    file = str(path)
    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
        return parse_toml(raw, MAX_SAVE_BYTES)
    except OSError as exc:
        raise SaveError(f"{file}: cannot read the save ({exc.strerror or exc})") from None
    except UnreadableToml as exc:
        at = f":{exc.line}" if exc.line else ""
        raise SaveError(f"{file}{at}: not a readable TOML save: {exc.message}") from None


def _tables(data: dict[str, Any], key: str, file: str) -> Iterable[tuple[str, dict[str, Any]]]:
    """The tables of a save's array ``key`` (none if it is absent), each with where it is."""
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise SaveError(f"{file}: {key}: expected an array of tables")
    for i, entry in enumerate(raw):
        where = f"{file}: {key}[{i}]"
        if not isinstance(entry, dict):
            raise SaveError(f"{where}: expected a table")
        yield where, entry


def _choice_to_data(choice: Choice) -> dict[str, Any]:
    entry = action_to_data(choice.action)
    if choice.reason and choice.reason != PLAYER_REASON:
        entry["reason"] = choice.reason
    return entry


def _choice_from_data(entry: dict[str, Any], where: str, beside: Iterable[str]) -> Choice:
    reason = entry.get("reason", PLAYER_REASON)
    if not isinstance(reason, str):
        raise SaveError(f"{where}.reason: expected a string")
    return Choice(action_from_data(entry, where, beside), reason)


def is_save_file(path: str | os.PathLike[str]) -> bool:
    """Whether a TOML file is a session save (it has a ``[save]`` table) rather than a scenario."""
    try:
        data = parse_toml(read_limited(path, MAX_SAVE_BYTES), MAX_SAVE_BYTES)
    except (OSError, UnreadableToml):
        return False
    return isinstance(data.get("save"), dict)
