"""``core.records.record``: a frozen slotted dataclass whose fast ``__init__`` changes nothing
but speed."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from core.records import fast_init, record


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


def test_a_record_stays_frozen_and_slotted():
    hit = Hit("a", (1,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.total = 5  # type: ignore[misc]
    assert not hasattr(hit, "__dict__")


def test_a_record_rejects_missing_and_unknown_arguments_as_a_dataclass_does():
    with pytest.raises(TypeError):
        Hit("a")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Hit("a", (1,), bogus=1)  # type: ignore[call-arg]


def test_classes_the_fast_init_cannot_serve_keep_their_own():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    generated = Checked.__init__
    fast_init(Checked)
    assert Checked.__init__ is generated

    @dataclasses.dataclass(frozen=True, slots=True)
    class Unchecked:  # the control: this one is replaced
        value: int

    generated = Unchecked.__init__
    fast_init(Unchecked)
    assert Unchecked.__init__ is not generated and Unchecked(-1).value == -1
    with pytest.raises(ValueError):
        Checked(-1)
