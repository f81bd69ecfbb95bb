"""The JSONL log's shape as a JSON Schema, read off the event classes themselves.

A tool author needs a contract for the log that does not drift from the code: so the schema is
not written by hand but derived from each event's declared field types (the same declarations
:func:`core.engine.events.to_jsonable` walks when it writes a line). The derived schema is kept
as a file in the package (``events.schema.json``, shipped with it) and in ``docs/``; a test
derives it again and fails when the two differ, so changing an event means regenerating the
file (``python scripts/event_schema.py``) and bumping :data:`SCHEMA_VERSION` with a note in
``docs/events.md`` (the test checks that too, by the schema's fingerprint).

The same walk reads a line back (:func:`from_jsonable`), so a replay made from a JSONL log
narrates it with the terminal log's own formatters, not a second wording.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
import types
import typing
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.events import Event
from ..hero import events as _hero_events  # noqa: F401  (imported for its event classes)
from ..marvel import events as _marvel_events  # noqa: F401  (imported for its event classes)

#: Bumped on any change to the schema (a field added, removed or retyped; an event kind added):
#: docs/events.md says what each version changed, and the test of the schema checks it does.
SCHEMA_VERSION = 6

#: The fields each version added to a kind of event, so a line can be put as an older version
#: wrote it (:func:`as_of`): a save records the digest of its log as written then.
ADDED: dict[int, dict[str, tuple[str, ...]]] = {
    3: {"recovered": ("rec", "stun_max", "end_max"), "healed": ("stun_max", "body_max")},
    5: {"flash_rolled": ("sense",)},
    6: {"knockback": ("stopped_by",), "damage_applied": ("terms",), "damage_taken": ("defense",)},
}


def as_of(line: dict[str, Any], version: int) -> dict[str, Any]:
    """``line`` (a JSONL line as data) as schema ``version`` wrote it: the fields added since left out."""
    kind = line.get("event")
    drop = {name for v, kinds in ADDED.items() if v > version for name in kinds.get(kind, ())}  # type: ignore[arg-type]
    return {k: v for k, v in line.items() if k not in drop} if drop else line


#: The file shipped in the package; docs/events.schema.json is the same text.
SCHEMA_FILE = Path(__file__).with_name("events.schema.json")

#: The first line of a JSONL log: what battle this is, so a reader can set the scene (the map,
#: who stands where, each pool's maximum) and a person can play it again.
HEADER_KIND = "header"


def event_classes() -> dict[str, type[Event]]:
    """Every event class of the shared engine and both rules systems, by its ``kind``."""
    found: dict[str, type[Event]] = {}
    todo = list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        kind = cls.__dict__.get("kind")
        # ``@record`` rebuilds a class; the first build is still a subclass: the module's name is the real one
        if getattr(sys.modules.get(cls.__module__), cls.__qualname__, None) is not cls:
            continue
        if isinstance(kind, str) and kind != Event.kind:
            if kind in found and found[kind] is not cls:
                raise TypeError(f"two event classes share the kind {kind!r}: {found[kind].__qualname__} "
                                f"and {cls.__qualname__}")
            found[kind] = cls
    return dict(sorted(found.items()))


@cache
def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def _type_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a value of declared type ``tp`` as ``to_jsonable`` writes it."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return {}
    if tp is str:
        return {"type": "string"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is type(None):
        return {"type": "null"}
    if tp is Fraction:
        return {"type": "string", "pattern": r"^-?[0-9]+(/[0-9]+)?$", "description": "a fraction, as 1/2"}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(a, defs) for a in typing.get_args(tp)]}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0], defs)}
        return {"type": "array", "prefixItems": [_type_schema(a, defs) for a in args], "items": False,
                "minItems": len(args)}
    if origin is frozenset or origin is list:
        return {"type": "array", "items": _type_schema(typing.get_args(tp)[0], defs)}
    if isinstance(tp, type) and hasattr(tp, "__dataclass_fields__"):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder first: a record that holds itself ends here
            defs[name] = _record_schema(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for the declared type {tp!r}")


def _record_schema(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {}
    if issubclass(cls, Event):
        props["event"] = {"const": cls.kind}
    for name, tp in _hints(cls).items():
        props[name] = _type_schema(tp, defs)
    out: dict[str, Any] = {"type": "object", "properties": props, "required": list(props),
                           "additionalProperties": False}
    doc = (cls.__doc__ or "").strip()
    if doc and not doc.startswith(cls.__name__ + "("):  # the dataclass's generated signature says nothing
        out = {"description": " ".join(doc.split()), **out}
    return out


def header_schema() -> dict[str, Any]:
    """The header line (see :mod:`core.render.header`): written by hand, as nothing declares it."""
    pools = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}], "items": False,
             "minItems": 2, "description": "[now, maximum]"}
    combatant = {
        "type": "object",
        "description": "One combatant as the battle starts: the rules system's snapshot (HERO: STUN, BODY, "
                       "END as [now, maximum], SPD, phases; Marvel: Health, Focus as [now, maximum], Karma, "
                       "initiative, conditions). Keys beyond those listed are the system's own.",
        "required": ["id", "name", "side", "position"],
        "properties": {
            "id": {"type": "string"}, "name": {"type": "string"}, "side": {"type": "string"},
            "position": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                         "items": False, "minItems": 2},
            "STUN": pools, "BODY": pools, "END": pools, "Health": pools, "Focus": pools,
            "SPD": {"type": "integer"}, "Karma": {"type": "integer"},
            "phases": {"type": "array", "items": {"type": "integer"}},
        },
    }
    return {
        "description": "The first line of a log: which battle, played by which version with which plugins, "
                       "and the scene as it starts (the map, every combatant's place and pools).",
        "type": "object",
        "additionalProperties": False,
        "required": ["event", "schema", "slugfest", "scenario", "system", "seed", "plugins", "map", "combatants"],
        "properties": {
            "event": {"const": HEADER_KIND},
            "schema": {"type": "integer", "minimum": 1, "description": "this schema's version"},
            "slugfest": {"type": "string", "description": "the version of Slugfest that played the battle"},
            "scenario": {"type": "string", "description": "the scenario's name"},
            "system": {"type": "string", "enum": ["hero", "marvel"]},
            "seed": {"type": "integer", "minimum": 0},
            "plugins": {"type": "array", "description": "the plugins the battle uses: its rules system, "
                                                        "each combatant's AI, its house rules",
                        "items": {"type": "object", "additionalProperties": False,
                                  "required": ["name", "kind", "version", "source"],
                                  "properties": {"name": {"type": "string"}, "kind": {"type": "string"},
                                                 "version": {"type": "string"}, "source": {"type": "string"}}}},
            "map": {"type": "object", "additionalProperties": False, "required": ["width", "height", "obstacles"],
                    "properties": {"width": {"type": "integer", "minimum": 1},
                                   "height": {"type": "integer", "minimum": 1},
                                   "obstacles": {"type": "array", "items": {
                                       "type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                                       "items": False, "minItems": 2}}}},
            "combatants": {"type": "array", "items": combatant},
        },
    }


def build_schema() -> dict[str, Any]:
    """The whole schema: a line is the header or one event, told apart by its ``event`` key."""
    defs: dict[str, Any] = {"header": header_schema()}
    kinds = event_classes()
    for kind, cls in kinds.items():
        defs[f"event.{kind}"] = _record_schema(cls, defs)
    body: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"slugfest-events-v{SCHEMA_VERSION}.schema.json",
        "title": "Slugfest battle log: one JSON object a line",
        "description": "Each line of a JSONL log (slugfest battle --log jsonl) is one object: the first the "
                       "header, then one event each, in the order they happened. The 'event' key names the "
                       "kind; every field is always written, in the order listed.",
        "version": SCHEMA_VERSION,
        "type": "object",
        "required": ["event"],
        "properties": {"event": {"enum": [HEADER_KIND, *kinds]}},
        # one cheap test of the kind per line, then the one shape it names (a oneOf would try them all)
        "allOf": [{"if": {"properties": {"event": {"const": name.removeprefix("event.")}}},
                   "then": {"$ref": f"#/$defs/{name}"}} for name in defs if name == "header" or name.startswith("event.")],
        "$defs": dict(sorted(defs.items())),
    }
    return body


def schema_text(schema: dict[str, Any] | None = None) -> str:
    """The schema as it is written to its files (sorted nowhere: the fields keep their order)."""
    return json.dumps(build_schema() if schema is None else schema, indent=1, ensure_ascii=False) + "\n"


def fingerprint(schema: dict[str, Any]) -> str:
    """What a version note pins: the schema's shape, without its own version number and without
    the descriptions (a docstring reworded changes the file, not what a line may hold)."""
    shape = _shape({k: v for k, v in schema.items() if k not in ("version", "$id")})
    return hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()[:16]


def _shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return value


def load_schema() -> dict[str, Any]:
    """The schema shipped in the package."""
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return loaded


# --- reading a line back ---------------------------------------------------------------------------

class UnknownKind(ValueError):
    """A line whose ``event`` names no event class here (a newer log, or a third party's event)."""


def from_jsonable(data: dict[str, Any]) -> Event:
    """The event a JSONL line was written from (``to_jsonable``'s inverse): the text log can
    narrate it as it narrated the battle."""
    kind = data.get("event")
    cls = _classes().get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise UnknownKind(f"no event of kind {kind!r}")
    return _value(cls, data)


@cache
def _classes() -> dict[str, type[Event]]:
    return event_classes()


def _value(tp: Any, v: Any) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return _frozen(v)
    if tp is Fraction:
        return Fraction(v)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if v is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        return _value(others[0], v) if len(others) == 1 else _frozen(v)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], x) for x in v)
        return tuple(_value(a, x) for a, x in zip(args, v))
    if origin is frozenset:
        return frozenset(_value(typing.get_args(tp)[0], x) for x in v)
    if isinstance(tp, type) and hasattr(tp, "__dataclass_fields__"):
        # a field added since (a newer schema version) is absent from an older log: its default
        fields = {f.name: f for f in dataclasses.fields(tp)}
        return tp(**{name: _value(ftp, v[name]) for name, ftp in _hints(tp).items()
                     if name in v or not _has_default(fields.get(name))})
    return v


def _has_default(f: Any) -> bool:
    return f is not None and (f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)


def _frozen(v: Any) -> Any:
    """A value of undeclared type (a rules option): JSON lists back to tuples."""
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return {k: _frozen(x) for k, x in v.items()}
    return v


__all__ = ["SCHEMA_VERSION", "SCHEMA_FILE", "HEADER_KIND", "event_classes", "build_schema",
           "schema_text", "fingerprint", "load_schema", "from_jsonable", "UnknownKind", "header_schema"]
