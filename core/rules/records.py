"""``@record``: a frozen dataclass that is as cheap to build as a named tuple.

Events, attack and damage results, combat values and sheets are frozen so that no listener
or plugin can change them under the engine (a house rule returns a new result; the engine
tells who changed it by identity). An attack builds a dozen or more of them, so the cost of
building one is a large share of resolving an attack: a ``@dataclass(frozen=True)`` stores
each field through ``object.__setattr__``. Measured over whole battles (callgrind, 4 battles
each, issue 33), frozen slotted dataclasses in their place cost hero-brawl 11.7% more
instructions and marvel-brawl 19.6%: so records stay, built from the standard library's own
fast tuples.

``record`` keeps the dataclass's face and changes its body. The class is processed by
``dataclasses.dataclass(frozen=True)`` as usual (so ``fields``, ``replace``, ``asdict``,
``is_dataclass``, the ``repr``, defaults, ``ClassVar`` and ``__match_args__`` are the
dataclass's own), then rebuilt on a :func:`collections.namedtuple` of its fields: one
``tuple.__new__`` stores every field at once, and each field is read through the named
tuple's C accessor. What differs from a named tuple is kept from the dataclass: equality holds
only between instances of the same class, and assigning a field raises
``FrozenInstanceError``. A record is still a tuple underneath (``len`` and iteration work, and
one without fields is falsy); code here treats records by their fields, never by position.

A class the tuple layout cannot serve unchanged (``__post_init__``, a field with a default
factory or left out of ``__init__``, ``compare``/``hash`` switched off for a field,
keyword-only fields, or a base that is not a record) is made a frozen slotted dataclass.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import namedtuple
from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

#: What the dataclass generates that the tuple layout replaces (or must not inherit).
_DROPPED = frozenset({"__dict__", "__weakref__", "__init__", "__eq__", "__ne__", "__hash__", "__setattr__",
                      "__delattr__", "__slots__", "__getstate__", "__setstate__"})


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen dataclass stored as a named tuple (see the module's docstring)."""
    if not _tuple_layout_fits(cls):
        return dataclass(frozen=True, slots=True)(cls)
    processed = dataclass(frozen=True)(cls)
    flds = fields(processed)  # type: ignore[arg-type]
    if any(not f.init or not f.compare or f.hash is False or f.kw_only or f.default_factory is not MISSING
           for f in flds):
        raise TypeError(f"{cls.__qualname__}: a record field needs the plain dataclass form "
                        "(use dataclasses.dataclass for this class)")
    defaults = [f.default for f in flds if f.default is not MISSING]
    if any(f.default is MISSING for f in flds[len(flds) - len(defaults):]):
        raise TypeError(f"{cls.__qualname__}: a field without a default follows one with a default")
    layout = namedtuple(cls.__name__, [f.name for f in flds], defaults=defaults, module=cls.__module__)  # type: ignore[misc]
    namespace = {k: v for k, v in processed.__dict__.items() if k not in _DROPPED}
    for f in flds:
        namespace.pop(f.name, None)  # the class attribute holding its default
    namespace.update(
        __slots__=(),
        __eq__=_eq,
        __ne__=_ne,
        __hash__=tuple.__hash__,
        __setattr__=_frozen_setattr,
        __delattr__=_frozen_delattr,
        __deepcopy__=_deepcopy,
        __repr__=processed.__repr__,
    )
    # the named tuple first (its fields, its __new__), then the record bases the class names
    bases = (layout, *(b for b in cls.__bases__ if b is not object))
    rebuilt = type(cls.__name__, bases, namespace)
    rebuilt.__qualname__ = cls.__qualname__
    return rebuilt


def _tuple_layout_fits(cls: type) -> bool:
    if "__post_init__" in dir(cls) or "__slots__" in cls.__dict__:
        return False
    if any(isinstance(v, dataclasses.Field) for v in cls.__dict__.values()):
        return False  # field(...) options: default factories, compare=False and the like
    return all(b is object or (issubclass(b, tuple) and dataclasses.is_dataclass(b)) for b in cls.__bases__)


def _eq(self: tuple, other: object) -> Any:
    if type(other) is type(self):
        return tuple.__eq__(self, other)
    # Another class's record, or a plain tuple of the same values, is not this record.
    return False if isinstance(other, tuple) else NotImplemented


def _ne(self: tuple, other: object) -> Any:
    same = _eq(self, other)
    return same if same is NotImplemented else not same


def _frozen_setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _deepcopy(self: tuple, memo: dict) -> tuple:
    # As for a tuple: a record whose fields all copy to themselves is its own copy, so a deep
    # copy of battle state keeps the shared constants (the maneuvers' DCV modifiers) shared.
    values = [copy.deepcopy(v, memo) for v in self]
    if all(a is b for a, b in zip(values, self)):
        return self
    return tuple.__new__(type(self), values)


__all__ = ["record"]
