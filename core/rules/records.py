"""``@record``: a frozen dataclass that is as cheap to build as a tuple.

Events, attack and damage results, combat values and sheets are frozen so that no listener
or plugin can change them under the engine (a house rule returns a new result; the engine
tells who changed it by identity). An attack builds a dozen or more of them, so the cost of
building one is a large share of resolving an attack: a ``@dataclass(frozen=True)`` stores
each field through ``object.__setattr__``, and even a slotted one whose ``__init__`` writes
the slots directly pays a call per field.

``record`` keeps the dataclass's face and changes its body. The class is processed by
``dataclasses.dataclass(frozen=True)`` as usual (so ``fields``, ``replace``, ``asdict``,
``is_dataclass``, the ``repr``, defaults, ``ClassVar`` and ``__match_args__`` are the
dataclass's own), then rebuilt on ``tuple``, laid out as :func:`collections.namedtuple` lays
out its instances: one ``tuple.__new__`` stores every field at once, and each field is read
through the same C descriptor a named tuple uses. What differs from a plain tuple is kept
from the dataclass: equality holds only between instances of the same class, and assigning
a field raises ``FrozenInstanceError``. A record is still a tuple underneath (``len`` and
iteration work, and one without fields is falsy); code here treats records by their
fields, never by position.

A class the tuple layout cannot serve unchanged (``__post_init__``, a field with a default
factory or left out of ``__init__``, ``compare``/``hash`` switched off for a field,
keyword-only fields, or a base that is not a record) is made a frozen slotted dataclass
with a fast ``__init__`` instead (:func:`fast_init`), exactly as before.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import itemgetter
from types import MemberDescriptorType
from typing import Any, TypeVar, dataclass_transform

try:  # the C field reader named tuples use; a property over itemgetter does the same, slower
    from collections import _tuplegetter  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - every CPython since 3.8 has it
    def _tuplegetter(index: int, doc: str | None) -> Any:
        return property(itemgetter(index), doc=doc)

T = TypeVar("T")

#: What the dataclass generates that the tuple layout replaces (or must not inherit).
_DROPPED = frozenset({"__dict__", "__weakref__", "__init__", "__eq__", "__ne__", "__hash__", "__setattr__",
                      "__delattr__", "__slots__", "__getstate__", "__setstate__"})


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen dataclass stored as a tuple (see the module's docstring)."""
    if not _tuple_layout_fits(cls):
        return fast_init(dataclass(frozen=True, slots=True)(cls))
    processed = dataclass(frozen=True)(cls)
    flds = fields(processed)  # type: ignore[arg-type]
    if any(not f.init or not f.compare or f.hash is False or f.kw_only or f.default_factory is not MISSING
           for f in flds):
        raise TypeError(f"{cls.__qualname__}: a record field needs the plain dataclass form "
                        "(use dataclasses.dataclass for this class)")
    namespace = {k: v for k, v in processed.__dict__.items() if k not in _DROPPED}
    for f in flds:
        namespace.pop(f.name, None)  # the class attribute holding its default
    for i, f in enumerate(flds):
        namespace[f.name] = _tuplegetter(i, f"field {f.name!r} of {cls.__name__}")
    namespace.update(
        __slots__=(),
        __new__=_make_new(cls, flds),
        __eq__=_eq,
        __ne__=_ne,
        __hash__=tuple.__hash__,
        __setattr__=_frozen_setattr,
        __delattr__=_frozen_delattr,
        __getnewargs__=_getnewargs,
        __deepcopy__=_deepcopy,
    )
    bases = tuple(b for b in cls.__bases__ if b is not object) or (tuple,)
    rebuilt = type(cls.__name__, bases, namespace)
    return rebuilt  # type: ignore[return-value]


def _tuple_layout_fits(cls: type) -> bool:
    if "__post_init__" in dir(cls) or "__slots__" in cls.__dict__:
        return False
    if any(isinstance(v, dataclasses.Field) for v in cls.__dict__.values()):
        return False  # field(...) options: default factories, compare=False and the like
    return all(b is object or (issubclass(b, tuple) and dataclasses.is_dataclass(b)) for b in cls.__bases__)


def _make_new(cls: type, flds: tuple[dataclasses.Field, ...]) -> Any:
    namespace: dict[str, Any] = {"_tuple_new": tuple.__new__}
    params = []
    for i, f in enumerate(flds):
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
    names = ", ".join(f.name for f in flds)
    values = f"({names},)" if flds else "()"
    exec(f"def __new__(_cls, {', '.join(params)}):\n    return _tuple_new(_cls, {values})",  # noqa: S102
         namespace)
    new = namespace["__new__"]
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    new.__module__ = cls.__module__
    new.__doc__ = f"Build a {cls.__name__} (see core.rules.records)."
    return new


def _eq(self: tuple, other: object) -> Any:
    if type(other) is type(self):
        return tuple.__eq__(self, other)  # type: ignore[arg-type]
    # Another class's record, or a plain tuple of the same values, is not this record.
    return False if isinstance(other, tuple) else NotImplemented


def _ne(self: tuple, other: object) -> Any:
    same = _eq(self, other)
    return same if same is NotImplemented else not same


def _frozen_setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getnewargs(self: tuple) -> tuple:
    return tuple(self)  # pickling and copying rebuild a record from its fields, as a named tuple does


def _deepcopy(self: tuple, memo: dict) -> tuple:
    # As for a tuple: a record whose fields all copy to themselves is its own copy, so a deep
    # copy of battle state keeps the shared constants (the maneuvers' DCV modifiers) shared.
    values = [copy.deepcopy(v, memo) for v in self]
    if all(a is b for a, b in zip(values, self)):
        return self
    return tuple.__new__(type(self), values)


def fast_init(cls: type[T]) -> type[T]:
    """Give a frozen slotted dataclass an ``__init__`` that sets slots through their
    descriptors. Classes it cannot speed up safely (a ``__post_init__``, a field left out of
    ``__init__``, a default factory, keyword-only fields) keep the dataclass's own."""
    flds = fields(cls)  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__") or any(
        not f.init or f.default_factory is not MISSING or f.kw_only for f in flds
    ):
        return cls
    namespace: dict[str, Any] = {}
    params, body = [], []
    for i, f in enumerate(flds):
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if not isinstance(slot, MemberDescriptorType):
            return cls
        namespace[f"_set{i}"] = slot.__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        body.append(f"    _set{i}(self, {f.name})")
    if not flds:
        body.append("    pass")
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body), namespace)  # noqa: S102
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = f"Store the fields of {cls.__name__} (see core.rules.records)."
    cls.__init__ = init  # type: ignore[misc]
    return cls
