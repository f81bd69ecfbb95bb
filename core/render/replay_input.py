"""Where a replay comes from: a battle played now, a session (the app's, or a save reopened), or
a JSONL log on disk; each gives the same page data (:func:`core.render.replay.replay_data`).

A battle's opening scene is taken as it starts, before any choice: a session or a save, already
under way, gets it from a fresh battle of the same scenario and seed started beside it, which
rolls the same opening dice (initiative included), so its header is the one its own log had.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..engine.battle import Battle
from ..engine.session import Session
from ..files.bounds import UnreadableToml, read_limited
from ..files.saves import SaveError, is_save_file
from ..files.scenario import Scenario
from . import jsonl
from .header import header
from .replay import ReplayInputError, replay_data, replay_of_lines

#: A JSONL log of the longest battle is a few MB; far beyond that is not a log.
MAX_LOG_BYTES = 200_000_000


def opening_header(scenario: Scenario, seed: int) -> dict[str, Any]:
    """The header of the battle ``scenario`` and ``seed`` give, as it starts."""
    fresh = Battle(scenario, seed=seed)
    fresh.start()
    return header(fresh)


def started_header(battle: Battle) -> dict[str, Any]:
    """Start ``battle`` (its first events are rolled now) and return its header."""
    battle.start()
    return header(battle)


def battle_replay(battle: Battle, opening: dict[str, Any]) -> dict[str, Any]:
    """The page data of ``battle`` (played as far as it has been), its header ``opening``."""
    return replay_data(opening, battle.events)


def session_replay(session: Session) -> dict[str, Any]:
    """The page data of a session so far (the app's battle, or a save reopened)."""
    return replay_data(opening_header(session.scenario, session.seed), session.events)


def session_log(session: Session) -> str:
    """A session's JSONL log so far, header first, as ``battle --log jsonl`` writes one (the
    app's export: a log `slugfest replay` and any reader of docs/events.md can take)."""
    lines = [jsonl.dumps_header(opening_header(session.scenario, session.seed))]
    lines += [jsonl.dumps(e) for e in session.events]
    return "\n".join(lines) + "\n"


def replay_from_file(path: str | os.PathLike[str], play_out: bool = False) -> dict[str, Any]:
    """The page data of a save file or a JSONL log (told apart by their content). A save shows
    the battle as far as it was saved, or to its end with ``play_out`` (the AIs playing on)."""
    p = Path(path)
    if not p.exists():
        raise ReplayInputError(f"{p}: expected a save file or a JSONL log, got no such file")
    if p.is_dir():
        raise ReplayInputError(f"{p}: expected a save file or a JSONL log, got a directory")
    if is_save_file(p):
        try:
            session = Session.load(p)
        except SaveError as exc:
            raise ReplayInputError(str(exc)) from None
        if play_out:
            for cid in sorted(session.player_controlled):
                session.set_player(cid, False)
            session.run()
        return session_replay(session)
    return replay_of_lines(read_log(p), str(p))


def read_log(path: Path) -> list[dict[str, Any]]:
    """The lines of a JSONL log, each an object; a line that is not names its number."""
    try:
        raw = read_limited(path, MAX_LOG_BYTES)
    except OSError as exc:
        raise ReplayInputError(f"{path}: expected a readable file, got an error reading it: {exc.strerror}") from None
    except UnreadableToml as exc:  # too big, a FIFO, a device: what it is in words
        raise ReplayInputError(f"{path}: expected a JSONL log, got {exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayInputError(f"{path}: expected a save file (TOML) or a JSONL log (UTF-8 text), got binary data") from None
    out: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            what = "a save file (TOML) or a JSONL log" if number == 1 else "one JSON object"
            raise ReplayInputError(f"{path}: line {number}: expected {what}, got text that is not JSON "
                                   f"({exc.msg} at column {exc.colno})") from None
        if not isinstance(data, dict):
            raise ReplayInputError(f"{path}: line {number}: expected a JSON object, got {type(data).__name__}")
        out.append(data)
    return out
