"""Deadlines that a hostile plugin cannot swallow: the plugin's code runs in a process that can
be killed from outside.

A third-party plugin that catches the stop of :mod:`core.engine.guard` and loops, or that hangs inside
C code where no signal reaches it, holds its process's main thread for good. Only another
process can end it. So a batch runs its battles in worker processes (:mod:`core.batch.simulate`), and
a single headless battle with third-party plugins runs in a child process (:func:`run_in_child`):
the parent watches the clock and kills what runs past its deadline
(``SLUGFEST_BATTLE_DEADLINE``, :func:`core.settings.battle_deadline`).

To say *which* plugin would not stop, each worker has a :class:`Beacons` slot in shared memory:
the battle it is playing and when it started, and the third-party hook call under way (written
by :func:`core.engine.guard.set_beacon` as each call starts and ends). The parent reads it after the
kill, whatever state the worker was in.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import guard

_NAME = 64  # bytes kept of a plugin's or a hook's name


@dataclass(frozen=True)
class SlotReading:
    """What one worker's slot says: the battle under way (None: between battles), for how long,
    and the third-party call under way in it ("" when none)."""

    pid: int
    index: int | None
    seconds: float
    plugin: str
    hook: str
    runaway: bool  # the worker ended itself because a plugin would not stop
    done: bool = False  # (a child process) it finished its work and ended the normal way

    def culprit(self) -> str:
        """Which plugin, in words, for a report."""
        if not self.plugin:
            return "no plugin call was under way"
        return f"plugin {self.plugin!r} was running {self.hook}"


class Beacons:
    """Shared-memory slots, one per worker process, written by the worker and read by the parent.

    Made before the workers start (they inherit it); a worker takes a free slot with
    :meth:`claim` in its initializer. Plain ctypes arrays without locks: each slot has one
    writer, and a reading taken while the worker writes is at worst a battle stale by one.
    """

    def __init__(self, slots: int, ctx: Any = None) -> None:
        ctx = ctx or multiprocessing
        self.slots = slots
        self._next = ctx.Value("i", 0)
        self._pid = ctx.Array("i", slots, lock=False)
        self._index = ctx.Array("q", [-1] * slots, lock=False)
        self._since = ctx.Array("d", slots, lock=False)
        self._runaway = ctx.Array("b", slots, lock=False)
        self._done = ctx.Array("b", slots, lock=False)
        self._plugin = ctx.Array("c", slots * _NAME, lock=False)
        self._hook = ctx.Array("c", slots * _NAME, lock=False)
        self.slot = -1  # in a worker: the slot it claimed

    # -- the worker's side ---------------------------------------------------------------------

    def claim(self) -> int:
        """Take the next free slot for this process and report plugin calls into it."""
        with self._next.get_lock():
            slot: int = self._next.value % self.slots  # a replacement worker reuses a dead one's slot
            self._next.value += 1
        self.slot = slot
        self._pid[slot] = os.getpid()
        self._index[slot] = -1
        self._runaway[slot] = 0
        self._write(self._plugin, slot, "")
        guard.set_beacon(self._call)
        guard.set_runaway_handler(self._runaway_exit)
        return slot

    def playing(self, index: int | None) -> None:
        """This worker starts battle ``index`` now (None: it finished one)."""
        self._since[self.slot] = time.monotonic()
        self._index[self.slot] = -1 if index is None else index

    def finished(self) -> None:
        """This process's work is done: what ends it now is the normal way out."""
        self._done[self.slot] = 1

    def _call(self, plugin: str | None, hook: str | None) -> None:
        self._write(self._plugin, self.slot, plugin or "")
        if plugin:
            self._write(self._hook, self.slot, hook or "")

    def _runaway_exit(self, plugin: str, hook: str) -> None:
        self._call(plugin, hook)
        self._runaway[self.slot] = 1
        os._exit(guard.EXIT_RUNAWAY)

    @staticmethod
    def _write(array: Any, slot: int, text: str) -> None:
        raw = text.encode("utf-8", "replace")[: _NAME - 1]
        start = slot * _NAME
        array[start:start + len(raw) + 1] = raw + b"\0"

    # -- the parent's side ---------------------------------------------------------------------

    def read(self, slot: int) -> SlotReading:
        index = self._index[slot]
        return SlotReading(self._pid[slot], None if index < 0 else index,
                           time.monotonic() - self._since[slot] if index >= 0 else 0.0,
                           self._text(self._plugin, slot), self._text(self._hook, slot), bool(self._runaway[slot]),
                           bool(self._done[slot]))

    def readings(self) -> list[SlotReading]:
        return [self.read(s) for s in range(min(self.slots, self._next.value))]

    @staticmethod
    def _text(array: Any, slot: int) -> str:
        raw = bytes(array[slot * _NAME:(slot + 1) * _NAME])
        return raw.split(b"\0", 1)[0].decode("utf-8", "replace")


def runaway_words(reading: SlotReading) -> str:
    return (f"plugin {reading.plugin!r} would not stop: {reading.hook} ran past its time limit and caught "
            "the stop")


def exit_words(code: int | None) -> str:
    """How a process ended, in words: "killed by SIGSEGV", "with exit code 0"."""
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"with exit code {code}"


def can_isolate() -> bool:
    """Whether a battle can run in a child process that starts without pickling it (fork)."""
    return "fork" in multiprocessing.get_all_start_methods()


def _flush(streams: tuple[Any, ...]) -> None:
    """Flush the streams a command took at its start. A plugin may have closed them or put
    None in their place (issue 36, item 11): what it took away has nothing left to flush, and
    is no reason for a traceback under a battle that ran to its end."""
    for stream in streams:
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass


def run_in_child(fn: Callable[[], int], deadline: float, what: str = "the battle") -> int:
    """Run ``fn`` (returning an exit code) in a forked child process and return its exit code;
    kill it if it runs past ``deadline`` seconds and say which plugin was running.

    The child writes to the same standard output and files as the parent would. Ctrl-C reaches
    the child (the whole terminal group gets it); the parent waits for it to finish its log.
    """
    ctx = multiprocessing.get_context("fork")
    beacons = Beacons(1, ctx)

    def child() -> None:
        beacons.claim()
        beacons.playing(0)
        streams = (sys.stdout, sys.stderr)  # the command's, whatever a plugin leaves in sys.stdout
        code = 70
        try:
            code = fn()  # the caller's fn says its own errors (see slugfest.cli.common.handled)
        except KeyboardInterrupt:
            code = 130
        except BaseException:  # pragma: no cover - fn handles its errors; a last line of defence

            traceback.print_exc(file=streams[1])
        finally:
            beacons.finished()
            try:
                _flush(streams)
            finally:
                os._exit(code)

    sys.stdout.flush()
    sys.stderr.flush()
    proc = ctx.Process(target=child, name="slugfest-battle")
    proc.start()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # the child gets Ctrl-C and ends itself
    try:
        proc.join(deadline)
        if proc.exitcode is None:
            reading = beacons.read(0)
            proc.kill()
            proc.join()
            sys.stdout.flush()
            print(f"\nslugfest: {what} ran past its deadline of {deadline:g} s (SLUGFEST_BATTLE_DEADLINE) and was "
                  f"stopped: {reading.culprit()}.", file=sys.stderr)
            return guard.EXIT_RUNAWAY
        reading = beacons.read(0)
        if reading.runaway:
            print(f"\nslugfest: {runaway_words(reading)}; {what} was abandoned.\nPlay without it: "
                  f"SLUGFEST_BLOCK_PLUGINS={reading.plugin} (or remove it from the scenario).", file=sys.stderr)
            return guard.EXIT_RUNAWAY
        if not reading.done:  # it ended some other way than through its last line: not ours to hide
            print(f"\nslugfest: {what} ended early, {exit_words(proc.exitcode)}, and its log is cut off there: "
                  f"{reading.culprit()}.", file=sys.stderr)
            return guard.EXIT_RUNAWAY
        return proc.exitcode
    finally:
        signal.signal(signal.SIGINT, previous)
