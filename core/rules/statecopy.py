"""Copying a rules system's mutable state, for a forked battle (:mod:`core.engine.forking`).

A fork must be cheap (a planning AI makes dozens a Phase) and must share nothing the rules change
in place. The state classes are slotted dataclasses whose fields hold values (numbers, strings,
tuples), frozen records (a sheet, a Haymaker winding up: a change replaces them) or mutable
containers (a set of disarmed weapons, a dict of Charges spent). :func:`copier` reads which is
which from the field annotations once per class and makes the copy: the constructor with every
field's value, then each container copied (one level deep: what they hold is values too).
Caches that a change replaces rather than edits (a fighter's ``memo``) are named ``shared``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")

#: An annotation naming a mutable container (``set[str]``, ``list[str] | None``, ``dict``); not
#: ``frozenset`` or ``tuple``.
_CONTAINER = re.compile(r"(?<![\w.])(list|dict|set)\b")


def container_fields(cls: type, shared: Iterable[str] = ()) -> tuple[str, ...]:
    """The fields of dataclass ``cls`` annotated as a mutable container, less ``shared``."""
    skip = set(shared)
    return tuple(f.name for f in fields(cls) if f.name not in skip and _CONTAINER.search(str(f.type)))


def copier(cls: type[T], shared: Iterable[str] = ()) -> Callable[[T], T]:
    """A function copying an instance of slotted dataclass ``cls`` (see the module's docstring)."""
    flds = fields(cls)  # type: ignore[arg-type]
    values = attrgetter(*(f.name for f in flds if f.init))
    later = tuple(f.name for f in flds if not f.init)  # set by __post_init__: the original's kept
    containers = container_fields(cls, shared)

    def copy(obj: T) -> T:
        twin: Any = cls(*values(obj))
        for name in later:
            setattr(twin, name, getattr(obj, name))
        for name in containers:
            value = getattr(obj, name)
            if value is not None:
                setattr(twin, name, value.copy())
        return twin

    copy.__doc__ = f"A copy of a {cls.__name__} sharing no container with it (core.rules.statecopy)."
    return copy


def slot_copy(obj: T) -> T:
    """A copy of slotted ``obj`` holding the same values (nothing copied below it): a fork's
    tactical picture starts as the original's and replaces what holds fighters."""
    twin = object.__new__(type(obj))
    for name in type(obj).__slots__:  # type: ignore[attr-defined]
        setattr(twin, name, getattr(obj, name))
    return twin


__all__ = ["container_fields", "copier", "slot_copy"]
