"""The one source of randomness every rule draws from.

Rules never call :mod:`random` directly: they ask the :class:`Dice` they are given.
A battle keeps a :class:`SeededDice` (reproducible from its seed, its state saved with
the battle) and tests hand in :class:`ScriptedDice`, which replays exact faces and fails
loudly when the script runs out or holds a face the die cannot show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Protocol


class DiceError(Exception):
    """A dice source was asked for something it cannot give (a script ran dry, a bad face)."""


class Dice(Protocol):
    def roll(self, sides: int, purpose: str = "") -> int:
        """One die of ``sides`` faces, 1..sides. ``purpose`` names the die (e.g. ``"marvel"``)."""
        ...

    def rolls(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        """``count`` dice of ``sides`` faces, in the order they were rolled."""
        ...

    def getstate(self) -> object:
        """An opaque position in the dice stream; ``setstate`` returns to it. The engine uses
        this to re-run a step without a failed plugin exactly as if it had never run."""
        ...

    def setstate(self, state: object) -> None:
        ...


class SeededDice:
    """Reproducible dice: the same seed gives the same faces, in the same order."""

    __slots__ = ("seed", "_rng", "_random")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._random = self._rng.random

    def roll(self, sides: int, purpose: str = "") -> int:
        return int(self._random() * sides) + 1

    def rolls(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        r = self._random
        return tuple(int(r() * sides) + 1 for _ in range(count))

    def getstate(self) -> object:
        return self._rng.getstate()

    def setstate(self, state: object) -> None:
        self._rng.setstate(state)


@dataclass(frozen=True)
class Face:
    """A scripted face that must be used for a die of one purpose, e.g. ``Face(1, "marvel")``."""

    value: int
    purpose: str


class ScriptedDice:
    """Dice that replay a given script of faces, for tests that pin a rule to exact numbers.

    Each entry is an ``int`` (any die may take it) or a :class:`Face` (only a die rolled for
    that purpose may take it: this is how a Marvel test says which die is the Marvel die).
    """

    def __init__(self, faces: Iterable[int | Face]) -> None:
        self._faces = list(faces)
        self._pos = 0
        self.log: list[tuple[int, int, str]] = []

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._pos

    def roll(self, sides: int, purpose: str = "") -> int:
        if self._pos >= len(self._faces):
            raise DiceError(
                f"scripted dice ran out after {self._pos} faces; "
                f"a d{sides} was wanted{f' for {purpose}' if purpose else ''}"
            )
        entry = self._faces[self._pos]
        if isinstance(entry, Face):
            if entry.purpose != purpose:
                raise DiceError(
                    f"scripted face #{self._pos + 1} is for the {entry.purpose!r} die, "
                    f"but a die for {purpose or 'no named purpose'!r} was rolled"
                )
            value = entry.value
        else:
            value = entry
        if not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceError(f"scripted face #{self._pos + 1} is {value!r}: a d{sides} shows 1 to {sides}")
        self._pos += 1
        self.log.append((sides, value, purpose))
        return value

    def rolls(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        return tuple(self.roll(sides, purpose) for _ in range(count))

    def getstate(self) -> object:
        return (self._pos, len(self.log))

    def setstate(self, state: object) -> None:
        pos, n = state  # type: ignore[misc]
        self._pos = pos
        del self.log[n:]
