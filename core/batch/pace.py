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
    #: Chunks of battles played at once (the worker processes; 1 in one process): the first
    #: that many arrivals are one round, started together (:class:`Pace`).
    streams: int = 1


class Pace:
    """Battles per second and the time left, for a progress display.

    Measured from the first battles that finished, not from the start: a pool of processes
    takes seconds to start and each chunk of battles arrives whole, so counting from the start
    would promise ten minutes for a batch that takes twenty seconds. Until a second report
    arrives at least ``settle`` seconds after the first, there is no estimate (None).

    Nor is there while the first round of chunks is still arriving: ``streams`` workers start
    their first chunks together and finish them within moments of each other, so the second
    arrival comes a fraction of a second after the first and would promise a batch of half a
    minute in four seconds. The rate is read once ``streams`` arrivals have followed the first
    (the next round: ``streams`` chunks in the time one takes)."""

    #: Reports this close to the first are the same arrival: a chunk's battles are folded one
    #: by one, a few microseconds apart, and all of them were done when the first was.
    BURST = 0.05

    def __init__(self, clock: Callable[[], float], settle: float = 0.5) -> None:
        self.clock = clock
        self.settle = settle
        self.first: tuple[float, int] | None = None
        self.arrivals = 0
        self.latest = (0.0, 0)  # when battles last came, and how many were done then

    def update(self, done: int, total: int, streams: int = 1) -> tuple[float | None, float | None]:
        """(battles per second, seconds left), each None while unknown; ``streams``: chunks
        played at once (:attr:`Progress.streams`)."""
        now = self.clock()
        if self.first is None:
            if done:
                self.first, self.latest, self.arrivals = (now, done), (now, done), 1
            return None, None
        if done > self.latest[1]:
            if now - self.latest[0] > self.BURST:
                self.arrivals += 1
            self.latest = (now, done)
        since, done_then = self.first
        if now - since <= self.BURST:
            self.first = (since, max(done, done_then))
            return None, None
        if done <= done_then or now - since < self.settle or self.arrivals <= streams:
            return None, None
        rate = (done - done_then) / (now - since)
        return rate, (total - done) / rate
