"""What a progress display needs of a batch: how far it is, and its pace (rate and time left)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class Progress:
    done: int
    total: int
    errors: int
    parts: tuple[int, ...] = ()  # battles done per scenario, when several run side by side
    #: Battles played at once (in a pool: its processes times the battles of a chunk; 1 in one
    #: process): the first round of them finishes together (:class:`Pace`).
    under_way: int = 1


class Pace:
    """Battles per second and the time left, for a progress display.

    Measured from the first battles that finished, not from the start: a pool of processes
    takes seconds to start and each chunk of battles arrives whole, so counting from the start
    would promise ten minutes for a batch that takes twenty seconds. Until a second report
    arrives at least ``settle`` seconds after the first, there is no estimate (None).

    Nor is there until ``under_way`` more battles (those played at once) have come after the
    first: a pool's workers start their first chunks together and finish them within moments of
    each other, so the second chunk arrives a fraction of a second after the first and would
    promise a batch of half a minute in four seconds. The next round's battles came in the time
    one chunk takes: from then on the rate is the pool's."""

    #: Reports this close to the first are the same arrival: a chunk's battles are folded one
    #: by one, a few microseconds apart, and all of them were done when the first was.
    BURST = 0.05

    def __init__(self, clock: Callable[[], float], settle: float = 0.5) -> None:
        self.clock = clock
        self.settle = settle
        self.first: tuple[float, int] | None = None

    def update(self, done: int, total: int, under_way: int = 1) -> tuple[float | None, float | None]:
        """(battles per second, seconds left), each None while unknown; ``under_way``: battles
        played at once (:attr:`Progress.under_way`)."""
        now = self.clock()
        if self.first is None:
            if done:
                self.first = (now, done)
            return None, None
        since, done_then = self.first
        if now - since <= self.BURST:
            self.first = (since, max(done, done_then))
            return None, None
        if done - done_then < max(under_way, 1) or now - since < self.settle:
            return None, None
        rate = (done - done_then) / (now - since)
        return rate, (total - done) / rate
