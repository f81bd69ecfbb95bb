"""The one source of randomness every rule draws from.

Rules never call :mod:`random` directly: they ask the :class:`Dice` they are given.
A battle keeps a :class:`SeededDice` (reproducible from its seed, its state saved with
the battle) and tests hand in :class:`ScriptedDice`, which replays exact faces and fails
loudly when the script runs out or holds a face the die cannot show.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


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
    """Reproducible dice: the same seed gives the same faces, in the same order.

    Draws come from :class:`random.Random` in blocks of :data:`BLOCK` floats. That keeps the
    stream exactly what drawing one float per die would give, and makes :meth:`getstate`
    cheap: a position is (the current block, the index in it, the generator's state after
    the block), all references, no copy. The engine asks for a position before every attack
    and damage step (to re-run a step without a failed plugin), so a copy of the
    Mersenne Twister's 625 words each time would cost more than the step itself.
    """

    __slots__ = ("_after", "_buf", "_d6", "_i", "_rng", "seed")

    BLOCK = 256

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._buf: tuple[float, ...] = ()
        self._d6: tuple[int, ...] = ()  # the block read as d6 faces: most dice are d6
        self._i = 0
        self._after: object = None
        self._refill()

    def _refill(self) -> None:
        r = self._rng.random
        self._buf = tuple([r() for _ in range(self.BLOCK)])
        self._d6 = tuple([int(x * 6) + 1 for x in self._buf])
        self._i = 0
        self._after = self._rng.getstate()

    def roll(self, sides: int, purpose: str = "") -> int:
        i = self._i
        if i >= self.BLOCK:
            self._refill()
            i = 0
        self._i = i + 1
        return self._d6[i] if sides == 6 else int(self._buf[i] * sides) + 1

    def rolls(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        i = self._i
        end = i + count
        if end > self.BLOCK:
            return tuple([self.roll(sides) for _ in range(count)])
        self._i = end
        if sides == 6:
            return self._d6[i:end]
        return tuple([int(x * sides) + 1 for x in self._buf[i:end]])

    def getstate(self) -> object:
        return (self._buf, self._d6, self._i, self._after)

    def setstate(self, state: object) -> None:
        self._buf, self._d6, self._i, self._after = state  # type: ignore[misc]
        self._rng.setstate(self._after)  # type: ignore[arg-type]


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
