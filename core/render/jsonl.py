"""The JSONL log: one JSON object per event, keys in a fixed order, so the same battle gives
the same bytes."""

from __future__ import annotations

import json
from typing import IO, Iterable

from ..engine.events import Event, to_jsonable


def dumps(event: Event) -> str:
    return json.dumps(to_jsonable(event), ensure_ascii=False, separators=(",", ":"))


def write(events: Iterable[Event], out: IO[str]) -> None:
    for e in events:
        out.write(dumps(e))
        out.write("\n")
