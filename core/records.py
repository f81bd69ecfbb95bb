"""``@record``: a frozen, slotted dataclass that is cheap to build.

Events, attack and damage results and combat values are frozen so that no listener or
plugin can change them under the engine (a house rule returns a new result; the engine
tells who changed it by identity). A plain ``@dataclass(frozen=True)`` pays for that in its
``__init__``: each field goes through ``object.__setattr__``, looked up by name. An attack
builds a dozen such objects, so that cost was a large share of resolving one.

``record`` is ``dataclass(frozen=True, slots=True)`` with the generated ``__init__`` swapped
for one that stores each field through its slot descriptor directly (about twice as fast).
Everything else (equality, hashing, ``repr``, ``fields``, ``replace``, the frozen error on
assignment) is the dataclass's own.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from types import MemberDescriptorType
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen slotted dataclass with a fast ``__init__``."""
    return fast_init(dataclass(frozen=True, slots=True)(cls))


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
    init.__doc__ = f"Store the fields of {cls.__name__} (see core.records)."
    cls.__init__ = init  # type: ignore[misc]
    return cls
