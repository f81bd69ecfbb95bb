"""Events: what happened in a battle, as frozen data.

Every roll, modifier, damage step and state change is an event. The text log, the JSONL
log, the TUI and the batch statistics are renderers of the same stream, so an event holds
numbers and names, never preformatted prose. Events shared by every rules system live
here; each rules system adds its own in its own package.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, ClassVar

from ..rules.records import record


@record
class Event:
    """Base class. ``kind`` is the stable name used in the JSONL log."""

    kind: ClassVar[str] = "event"


_FIELDS: dict[type, tuple[str, ...]] = {}


def to_jsonable(value: Any) -> Any:
    """Turn an event (or anything inside one) into JSON-ready data, fields in declared order."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Enum):
        return value.value
    if type(value) is tuple or type(value) is list:
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):  # before the general tuple case: a record is a tuple
        cls = type(value)
        names = _FIELDS.get(cls)
        if names is None:
            names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
        out: dict[str, Any] = {}
        if isinstance(value, Event):
            out["event"] = value.kind
        for name in names:
            out[name] = to_jsonable(getattr(value, name))
        return out
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    return str(value)


@record
class BattleStarted(Event):
    kind: ClassVar[str] = "battle_started"
    scenario: str
    system: str
    seed: int
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    options: tuple[tuple[str, Any], ...]
    house_rules: tuple[str, ...]


@record
class ActionChosen(Event):
    """A controller's legal choice, as the log tells it: ``action`` its label, ``maneuver`` the
    maneuver that refines it or, for a Marvel ``power`` action, the power used (the log's one
    word for "what was used", kept as the JSONL log has always given it)."""

    kind: ClassVar[str] = "action_chosen"
    actor: str
    action: str
    reason: str
    chosen_by: str
    action_kind: str = ""
    maneuver: str = ""
    decision: str = "phase"


@record
class ActionRefused(Event):
    """A controller chose something that is not legal now; the engine refused it."""

    kind: ClassVar[str] = "action_refused"
    actor: str
    action: str
    why: str
    chosen_by: str


@record
class PluginFailed(Event):
    """A plugin raised or returned nonsense; the engine contained it (see ``fallback``)."""

    kind: ClassVar[str] = "plugin_failed"
    plugin: str
    hook: str
    error: str
    fallback: str


@record
class Moved(Event):
    kind: ClassVar[str] = "moved"
    actor: str
    start: tuple[int, int]
    end: tuple[int, int]
    distance: int
    unit: str
    why: str


@record
class Note(Event):
    """A line of explanation attached to the step it follows (e.g. from a house rule)."""

    kind: ClassVar[str] = "note"
    source: str
    text: str


@record
class BattleEnded(Event):
    kind: ClassVar[str] = "battle_ended"
    winner: str | None
    reason: str
    rounds: int
    unit: str
    survivors: tuple[str, ...]
