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
from typing import Protocol, cast


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

    def copy(self) -> Dice:
        """Dice of their own at the same place in the stream: rolling them leaves these as they
        were (a forked battle rolls its own)."""
        ...


#: A random byte read as a d6: bytes 0..251 (42 of each residue mod 6) give b % 6 + 1; the
#: four above would favour faces 1-4, so they are dropped.
_D6_OF_BYTE = bytes((b % 6) + 1 if b < 252 else 0 for b in range(256))
_NOT_A_D6 = bytes(range(252, 256))


class SeededDice:
    """Reproducible dice: the same seed gives the same faces, in the same order.

    The stream is one of d6 faces: the bytes of ``random.Random(seed).randbytes``, those below
    252 each read as ``b % 6 + 1`` (all six equally likely), drawn in blocks and converted by
    ``bytes.translate``, in C, and kept as a tuple of ints. Both games roll d6s only, so a die
    costs an index into that block and a handful of dice one slice of it; any other die is
    read off the same stream (see :meth:`roll`). A position in it is
    (the block, the index in it, the generator's state after the block): three references,
    so the engine can mark its place before every AI decision and step at no cost.
    """

    __slots__ = ("seed", "_rng", "_faces", "_n", "_i", "_after")

    #: Random bytes drawn at a time (about 4,030 d6 faces once the four high values are dropped).
    BLOCK = 4096

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng: random.Random | None = random.Random(seed)
        self._faces: tuple[int, ...] = ()
        self._n = self._i = 0
        self._after: object = None
        self._refill()

    def _refill(self) -> None:
        rng = self._rng
        if rng is None:  # set to a position (setstate) or copied: the generator as it was after the block
            rng = self._rng = random.Random.__new__(random.Random)
            rng.setstate(self._after)  # type: ignore[arg-type]
        self._faces = tuple(rng.randbytes(self.BLOCK).translate(_D6_OF_BYTE, _NOT_A_D6))
        self._n = len(self._faces)
        self._i = 0
        self._after = rng.getstate()

    def roll(self, sides: int, purpose: str = "") -> int:
        """One die. A d6 is the stream's next face. A die of another size reads just enough
        faces as base-6 digits to cover its sides and reads again past the last whole
        multiple of them (a d20: two faces, 0..35, kept below 20), so every face is equally
        likely and the stream stays one stream."""
        if sides == 6:
            i = self._i
            if i >= self._n:
                self._refill()
                i = 0
            self._i = i + 1
            return self._faces[i]
        if sides < 1:
            raise DiceError(f"a die has at least one side, not {sides}")
        if sides == 1:
            return 1
        digits, span = 1, 6
        while span < sides:
            digits, span = digits + 1, span * 6
        limit = span - span % sides
        while True:
            value = 0
            for _ in range(digits):
                value = value * 6 + self.roll(6) - 1
            if value < limit:
                return value % sides + 1

    def rolls(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        i = self._i
        end = i + count
        if sides == 6 and end <= self._n:
            self._i = end
            return self._faces[i:end]
        return tuple([self.roll(sides) for _ in range(count)])

    def getstate(self) -> object:
        return (self._faces, self._i, self._after)

    def setstate(self, state: object) -> None:
        self._faces, self._i, self._after = state  # type: ignore[misc]
        self._n = len(self._faces)
        self._rng = None  # made again from ``_after`` when the block runs out (_refill)

    def copy(self) -> SeededDice:
        """Dice of their own at the same place in the same stream (a fork's). The block of faces
        is shared (a tuple); the generator is made again only if the copy rolls past it."""
        twin = SeededDice.__new__(SeededDice)
        twin.seed, twin._faces, twin._n, twin._i, twin._after = self.seed, self._faces, self._n, self._i, self._after
        twin._rng = None
        return twin


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
        pos, n = cast(tuple[int, int], state)
        self._pos = pos
        del self.log[n:]

    def copy(self) -> ScriptedDice:
        """The rest of the script, to roll apart from these dice (a fork's)."""
        twin = ScriptedDice(())
        twin._faces, twin._pos, twin.log = self._faces, self._pos, list(self.log)
        return twin
