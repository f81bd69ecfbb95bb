"""Checking logs against the event schema (docs/events.md): one compiled validator per event
kind, so a line is checked against the one shape its ``event`` names and no other.

The suite checks a slice of seeds (tests/test_event_schema.py); ``scripts/event_schema.py
--validate 50`` checks every bundled scenario over 50 seeds on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from ..engine.battle import Battle
from ..engine.events import to_jsonable
from ..files.scenario import load_scenario
from ..render.event_schema import load_schema
from ..render.replay_input import started_header
from slugfest.scenarios import bundled


@cache
def _validators() -> dict[str, Draft202012Validator]:
    schema = load_schema()  # checked against the metaschema by the tests, not here: that costs seconds
    defs = schema["$defs"]
    return {name.removeprefix("event."): Draft202012Validator({"$defs": defs, "$ref": f"#/$defs/{name}"})
            for name in defs if name == "header" or name.startswith("event.")}


#: The shapes of event lines found valid (see :func:`shape`): a battle's thousand lines have a
#: few dozen shapes, and checking each once makes checking many seeds cheap.
_VALID_SHAPES: set[Any] = set()
#: The only event fields whose string values the schema constrains beyond their type.
_KEPT_STRINGS = frozenset({"event", "factor"})


def shape(value: Any, key: str = "") -> Any:
    """What the schema can tell apart in an event line: its keys in order and each value's JSON
    type, with the value itself only where the schema looks at it (the kind, a fraction). The
    event schemas set no bounds on numbers, so two lines of one shape are valid or invalid together."""
    if isinstance(value, dict):
        return tuple((k, shape(v, k)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(shape(v) for v in value)
    if isinstance(value, str):
        return value if key in _KEPT_STRINGS else str
    return type(value)


def problems(line: dict[str, Any]) -> list[str]:
    """What is wrong with one line of a log (empty: it is valid), each naming the key."""
    kind = line.get("event")
    validator = _validators().get(kind) if isinstance(kind, str) else None
    if validator is None:
        return [f"event: expected one of the schema's kinds, got {kind!r}"]
    key = shape(line) if kind != "header" else None  # a header's numbers have bounds: always checked whole
    if key is not None and key in _VALID_SHAPES:
        return []
    found = [f"{kind}: {'.'.join(str(p) for p in e.absolute_path) or '(the line)'}: {e.message}"
             for e in validator.iter_errors(line)]
    if not found and key is not None:
        _VALID_SHAPES.add(key)
    return found


def battle_lines(scenario: Any, seed: int) -> list[dict[str, Any]]:
    """The log of one battle as the JSONL writer writes it, line by line (as data)."""
    battle = Battle(scenario, seed=seed)
    head = started_header(battle)
    battle.run()
    return [head, *(to_jsonable(e) for e in battle.events)]


def validate_bundled(seeds: Iterable[int], names: Iterable[str] | None = None,
                     progress: Callable[[str, int], None] | None = None) -> dict[str, int]:
    """Play each bundled scenario (or those ``names``) with each seed and validate every line;
    raises AssertionError naming the scenario, seed and line at the first invalid one.
    Returns the number of lines checked per scenario."""
    found = bundled()
    done: dict[str, int] = {}
    seeds = list(seeds)
    for name in (sorted(found) if names is None else names):
        scenario = load_scenario(found[name])
        count = 0
        for seed in seeds:
            for number, line in enumerate(battle_lines(scenario, seed), start=1):
                wrong = problems(line)
                if wrong:
                    raise AssertionError(f"{name} seed {seed} line {number}: {'; '.join(wrong)}")
                count += 1
        done[name] = count
        if progress is not None:
            progress(name, count)
    return done
