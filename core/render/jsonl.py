"""The JSONL log: a header line, then one JSON object per event, keys in a fixed order, so the
same battle gives the same bytes. Its shape is :mod:`.event_schema` (docs/events.md)."""

from __future__ import annotations

import json
from typing import IO, Any, Iterable

from ..engine.events import Event, to_jsonable


def dumps(event: Event) -> str:
    return json.dumps(to_jsonable(event), ensure_ascii=False, separators=(",", ":"))


def dumps_header(header: dict[str, Any]) -> str:
    """The header line (:func:`core.render.header.header`), written like an event."""
    return json.dumps(header, ensure_ascii=False, separators=(",", ":"))


def write(events: Iterable[Event], out: IO[str]) -> None:
    for e in events:
        out.write(dumps(e))
        out.write("\n")
