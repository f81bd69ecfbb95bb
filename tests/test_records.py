"""``core.rules.records.record``: a frozen dataclass stored as a tuple, which changes nothing but
the cost of building one."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import ClassVar

import pytest

from slugfest.core.rules.records import record


@record
class Base:
    kind: ClassVar[str] = "base"


@record
class Hit(Base):
    kind: ClassVar[str] = "hit"
    who: str
    faces: tuple[int, ...]
    total: int = 0
    notes: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class PlainHit:
    who: str
    faces: tuple[int, ...]
    total: int = 0
    notes: tuple[str, ...] = ()


def test_a_record_is_built_like_the_dataclass_it_replaces():
    fast = Hit("a", (1, 2), 3)
    plain = PlainHit("a", (1, 2), 3)
    assert [getattr(fast, f.name) for f in dataclasses.fields(fast)] == list(dataclasses.astuple(plain))
    assert Hit(who="a", faces=(1, 2)) == Hit("a", (1, 2), 0, ())
    assert repr(Hit("a", (1,))) == "Hit(who='a', faces=(1,), total=0, notes=())"
    assert hash(Hit("a", (1,))) == hash(Hit("a", (1,)))
    assert Hit("a", (1,)) != Hit("b", (1,))
    assert dataclasses.replace(fast, total=9) == Hit("a", (1, 2), 9)
    assert Hit.kind == "hit" and isinstance(fast, Base)


def test_a_record_equals_only_records_of_its_own_class():
    assert Hit("a", (1,)) != ("a", (1,), 0, ()) and ("a", (1,), 0, ()) != Hit("a", (1,))
    assert not (Hit("a", (1,)) == ("a", (1,), 0, ()))

    @record
    class Miss(Base):
        who: str
        faces: tuple[int, ...]
        total: int = 0
        notes: tuple[str, ...] = ()

    assert Miss("a", (1,)) != Hit("a", (1,))
    assert len({Miss("a", (1,)), Hit("a", (1,)), Hit("a", (1,))}) == 2


def test_a_record_survives_pickling_and_copying():
    hit = Hit("a", (1, 2), 3, ("x",))
    assert pickle.loads(pickle.dumps(hit)) == hit
    assert copy.copy(hit) == hit
    assert copy.deepcopy(hit) is hit  # nothing mutable inside: its own copy, as with a tuple

    @record
    class Holder:
        items: list

    held = Holder([1, 2])
    deep = copy.deepcopy(held)
    assert deep == held and deep is not held and deep.items is not held.items


def test_a_record_stays_frozen_and_slotted():
    hit = Hit("a", (1,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.total = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.extra = 5  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del hit.total
    assert not hasattr(hit, "__dict__")


def test_classes_the_tuple_layout_cannot_serve_stay_slotted_dataclasses():
    @record
    class WithFactory:
        value: int
        seen: list = dataclasses.field(default_factory=list, compare=False)

    w = WithFactory(1)
    assert not isinstance(w, tuple) and w.seen == [] and WithFactory(1, [2]) == w
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.value = 2  # type: ignore[misc]


def test_a_record_rejects_missing_and_unknown_arguments_as_a_dataclass_does():
    with pytest.raises(TypeError):
        Hit("a")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Hit("a", (1,), bogus=1)  # type: ignore[call-arg]


def test_a_record_is_a_named_tuple_underneath_and_an_event_keeps_its_base():
    """Built on collections.namedtuple: the standard library's fast constructor and field
    accessors, no code of our own generated; a record that extends another is still one."""
    hit = Hit("a", (1, 2), 3)
    assert tuple(hit) == ("a", (1, 2), 3, ()) and len(hit) == 4
    assert Hit._fields == ("who", "faces", "total", "notes") and isinstance(hit, Base)
    assert type(hit).__qualname__ == "Hit" and type(hit).__module__ == __name__
