"""A battle as the HTML replay shows it: the opening scene, then one step per event, each with
the terminal log's words and what it changed on the board.

The page is a reader, not a second rules engine: everything it shows comes from here. Each step
carries the text log's brief line (``TextLog(verbose=False)``, as ``battle --brief`` prints it)
and, when it differs, the full one (``verbose=True``: every CV chain, every END spent), so the
replay and the terminal say the same thing in the same words. What a step changed (a place on
the map, a pool, a status, who acts, the time) is read off the event's own "after" figures,
which every event that changes a pool carries: a replay from a JSONL log, with no battle to ask,
is as exact as one made from a battle in memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.events import Event, to_jsonable
from ..hero import narration as _hero_narration  # noqa: F401  (imported for its formatters)
from ..hero.speed import SPEED_CHART
from ..marvel import narration as _marvel_narration  # noqa: F401  (imported for its formatters)
from .event_schema import HEADER_KIND, UnknownKind, from_jsonable
from .text import TextLog

#: The pools each system's snapshot gives as [now, maximum], in the order the page draws them.
POOLS = {"hero": ("STUN", "BODY", "END"), "marvel": ("Health", "Focus")}

#: Events that set a combatant's pools: kind -> (the field naming whom, {pool: field with its value after}).
#: HERO's Phase and Marvel's turn restate every pool, so any drift would last one Phase at most.
POOL_AFTER: dict[str, tuple[str, dict[str, str]]] = {
    "phase_started": ("actor", {"STUN": "stun", "BODY": "body", "END": "end"}),
    "damage_taken": ("target", {"STUN": "stun_after", "BODY": "body_after"}),
    "recovered": ("actor", {"STUN": "stun", "END": "end"}),
    "endurance_spent": ("actor", {"END": "end_after"}),
    "stun_for_end": ("actor", {"STUN": "stun_after"}),
    "body_lost": ("actor", {"BODY": "body_after"}),
    "healed": ("target", {"STUN": "stun", "BODY": "body"}),
    "turn_started": ("actor", {"Health": "health", "Focus": "focus", "Karma": "karma"}),
    "power_used": ("actor", {"Focus": "focus_after"}),
    "karma_spent": ("actor", {"Karma": "karma_left"}),
}
#: Marvel events naming the pool they change in a field of their own: kind -> (whom, pool field, value field).
NAMED_POOL_AFTER = {
    "damage_applied": ("target", "pool", "after"),
    "karma_recovery": ("actor", "pool", "after"),
    "regained": ("actor", "pool", "after"),
}
#: Events that put someone somewhere else: kind -> the field naming whom (each has an ``end`` cell).
MOVES = {"moved": "actor", "knockback": "target", "knocked_back": "target"}
#: Events that switch a status on or off: kind -> (whom, which status, the on/off field).
STATUS = {"status_changed": ("actor", "status", "active"), "condition_changed": ("actor", "condition", "active")}


@dataclass(frozen=True)
class Step:
    """One event as the page shows it: the brief line (None: the brief log skips it), the full
    one when it says more, and the changes it made, as ``(combatant index or -1, key, value)``."""

    brief: str | None
    full: str | None
    changes: tuple[tuple[int, str, Any], ...]


def replay_data(header: dict[str, Any], events: Iterable[Event | dict[str, Any]]) -> dict[str, Any]:
    """The page's data: the header, the pools to draw, the steps, and where each Turn or round starts.

    ``events`` are events, or JSONL lines of kinds this version does not know (shown by their
    fields, as the text log shows an event with no formatter)."""
    people = header["combatants"]
    index = {c["id"]: i for i, c in enumerate(people)}
    names = {c["id"]: c["name"] for c in people}
    brief_log, full_log = TextLog(names, verbose=False), TextLog(names, verbose=True)
    steps: list[list[Any]] = []
    turns: list[tuple[str, int]] = []
    statuses = {c["id"]: list(c.get("status", c.get("conditions", []))) for c in people}
    pending: list[list[Any]] = []  # the changes of silent events, shown with the next step
    turn: object = None
    for e in events:
        if isinstance(e, Event):
            data = to_jsonable(e)
            brief, full = brief_log.line(e), full_log.line(e)
        else:
            data = e
            body = {k: v for k, v in e.items() if k != "event"}
            brief = full = f"[{e.get('event')}] " + ", ".join(f"{k}={v}" for k, v in body.items())
        pending += _changes(data, index, statuses)
        now = _turn_of(data)
        if now is not None and now != turn:
            turn = now
            turns.append((now, len(steps)))  # the step the next line shown will be
        if brief is None and full is None:
            continue
        steps.append([brief, full if full != brief else 0, pending])
        pending = []
    if pending and steps:
        steps[-1][2].extend(pending)
    return {"header": header, "pools": list(POOLS.get(header["system"], ())), "steps": steps, "turns": turns}


def _changes(data: dict[str, Any], index: dict[str, int], statuses: dict[str, list[str]]) -> list[list[Any]]:
    kind = data.get("event", "")
    out: list[list[Any]] = []
    if kind in POOL_AFTER:
        who, pools = POOL_AFTER[kind]
        i = index.get(data.get(who, ""), -1)
        out += [[i, pool, data[field]] for pool, field in pools.items() if i >= 0]
    elif kind in NAMED_POOL_AFTER:
        who, pool_field, value_field = NAMED_POOL_AFTER[kind]
        i = index.get(data.get(who, ""), -1)
        if i >= 0:
            out.append([i, str(data[pool_field]).title(), data[value_field]])
            if kind == "karma_recovery":
                out.append([i, "Karma", data["karma_left"]])
    if kind in MOVES:
        i = index.get(data.get(MOVES[kind], ""), -1)
        if i >= 0:
            out.append([i, "pos", list(data["end"])])
    if kind in STATUS:
        who, which, on = STATUS[kind]
        cid = data.get(who, "")
        if cid in statuses:
            now = [s for s in statuses[cid] if s != data[which]] + ([data[which]] if data[on] else [])
            statuses[cid] = now
            out.append([index[cid], "status", list(now)])
    if kind == "spd_changed" and data.get("actor") in index:
        out.append([index[data["actor"]], "phases", sorted(SPEED_CHART[min(max(data["new"], 1), 12)])
                    if data["new"] > 0 else []])
    if kind in ("phase_started", "turn_started") and data.get("actor") in index:
        out.append([-1, "actor", index[data["actor"]]])
    if kind == "segment_started":
        out.append([-1, "time", f"Turn {data['turn']}, Segment {data['segment']}"])
        out.append([-1, "segment", data["segment"]])
    elif kind == "round_started":
        out.append([-1, "time", "Bonus round" if data.get("bonus") else f"Round {data['round']}"])
    if kind in ("initiative_order", "round_started"):
        out.append([-1, "order", [index[c] for c in data["order"] if c in index]])
    return out


def _turn_of(data: dict[str, Any]) -> str | None:
    """The Turn (HERO, which starts in Segment 12 of Turn 1) or round (Marvel) an event opens."""
    kind = data.get("event")
    if kind == "segment_started":
        return f"Turn {data['turn']}"
    if kind == "round_started":
        return "Bonus round" if data.get("bonus") else f"Round {data['round']}"
    return None


def replay_of_lines(lines: Sequence[dict[str, Any]], where: str) -> dict[str, Any]:
    """The page's data from a JSONL log already parsed (header first). ``where`` names the file
    in errors."""
    if not lines or lines[0].get("event") != HEADER_KIND:
        raise ReplayInputError(f"{where}: line 1: expected the log's header (a JSON object with \"event\": "
                               f"\"header\", as `slugfest battle --log jsonl` writes first), got "
                               f"{_said(lines[0]) if lines else 'an empty file'}")
    events: list[Event | dict[str, Any]] = []
    for number, data in enumerate(lines[1:], start=2):
        try:
            events.append(from_jsonable(data))
        except UnknownKind:
            events.append(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayInputError(f"{where}: line {number}: expected a {data.get('event')!r} event as "
                                   f"docs/events.md gives it, got a line it cannot read ({_why(exc)})") from None
    return replay_data(lines[0], events)


def _said(data: dict[str, Any]) -> str:
    kind = data.get("event")
    return f"an event of kind {kind!r} (a log written before logs had headers?)" if kind else "an object with no \"event\" key"


def _why(exc: Exception) -> str:
    return f"missing the key {exc}" if isinstance(exc, KeyError) else str(exc)


class ReplayInputError(ValueError):
    """A file that cannot be made into a replay; the message names the file, the line and what was expected."""
