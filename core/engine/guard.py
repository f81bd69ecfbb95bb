"""Keeping plugins in their place: every hook implementation is registered wrapped, so what
escapes it is a :class:`~core.errors.PluginError` naming the plugin and the hook.

Third-party plugins also run under a watchdog: each call is timed against
``SLUGFEST_PLUGIN_TIMEOUT`` seconds (a slower call is reported and its result discarded) and, in
the main thread, a call still running at twice the limit is stopped by a timer signal. The
built-in plugins (the rules systems, AIs and house rules shipped in this package) are wrapped
for errors only: they are part of the program, and timing every call costs two clock reads and
two system calls on each of the thousands of decisions a batch makes.

A plugin can catch even the stop (``except BaseException``) and keep running. The timer then
fires again every quarter second, and once the call has ignored it for :data:`GRACE` seconds it
is a *runaway*: the process cannot get its main thread back, so :func:`set_runaway_handler`'s
handler is called (by default: say which plugin, on stderr, and end the process with exit code
:data:`EXIT_RUNAWAY`). Code stuck where no signal reaches it (a C call holding the interpreter)
is stopped from outside instead, by the deadline of the process it runs in (see
:mod:`core.engine.isolation`); :func:`running` tells any thread which third-party call is under way,
and :func:`set_beacon` mirrors it where another process can read it.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal.getsignal without its enum conversion (checked on every timed call); no stub ships for it
import gc
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

from ..errors import PluginError


class PluginTimeout(BaseException):
    """Raised inside a plugin that runs past its hard time limit (a BaseException, so a plugin's
    own ``except Exception`` cannot swallow it; one that catches even this is stopped by the
    battle's deadline instead: see :mod:`core.engine.isolation`)."""


_interrupted = False

#: Seconds a call may ignore the stop before it is a runaway.
GRACE = 1.0
#: The exit code of a process ended because a plugin would not stop.
EXIT_RUNAWAY = 3
#: Seconds between stops once the first has been ignored.
AGAIN = 0.25


class _Call:
    """One third-party hook call under way: who, since when, and its limit."""

    __slots__ = ("plugin", "hook", "started", "limit", "first_stop")

    def __init__(self, plugin: str, hook: str, started: float, limit: float | None) -> None:
        self.plugin, self.hook, self.started, self.limit = plugin, hook, started, limit
        self.first_stop = 0.0


#: The third-party calls under way in each thread, innermost last (a plugin may play a battle
#: of its own, whose plugins' calls then nest inside its call).
_calls: dict[int, list[_Call]] = {}
_beacon: Any = None
_armed = False  # the main thread's timer is set


def running(thread_id: int | None = None) -> tuple[str, str, float] | None:
    """(plugin, hook, seconds so far) of the third-party hook call under way in a thread (the
    main thread by default; the innermost one), or None. Read from any thread: the app's
    watchdog uses it."""
    stack = _calls.get(_MAIN_THREAD.ident if thread_id is None else thread_id)  # type: ignore[arg-type]
    if not stack:
        return None
    call = stack[-1]
    return call.plugin, call.hook, time.perf_counter() - call.started


def set_beacon(beacon: Any) -> None:
    """Call ``beacon(plugin, hook)`` as each third-party call starts and ``beacon(None, None)``
    as it ends (None: no beacon). A worker process mirrors the call into shared memory with
    it, so the process that kills it can say which plugin would not stop."""
    global _beacon
    _beacon = beacon


def _default_runaway(plugin: str, hook: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(f"\nslugfest: plugin {plugin!r} would not stop: {hook} ran past its time limit and caught "
                     "the stop, so Slugfest stopped there.\n"
                     f"Play without it: SLUGFEST_BLOCK_PLUGINS={plugin} (or remove it from the scenario).\n")
    sys.stderr.flush()
    os._exit(EXIT_RUNAWAY)


_runaway_handler: Any = _default_runaway


def set_runaway_handler(handler: Any) -> None:
    """``handler(plugin, hook)`` is called when a plugin will not stop (see the module's notes);
    it must not return into the plugin: it ends the process (None restores the default)."""
    global _runaway_handler
    _runaway_handler = handler or _default_runaway


def _on_alarm(signum: int, frame: Any) -> None:
    """The main thread's timer: stop the plugin call that is past twice its limit.

    Raises only while that plugin's own code (or what it called) runs: in this module's
    bookkeeping around the call the stop would escape as a bug of the program, so the timer
    just fires again a moment later."""
    stack = _calls.get(_MAIN_THREAD.ident)  # type: ignore[arg-type]
    if not stack or (frame is not None and (frame.f_code.co_filename == __file__ or in_gc_callback(frame))):
        return
    call = stack[-1]
    now = time.perf_counter()
    if call.limit is None or now - call.started < 2 * call.limit:
        return
    if not call.first_stop:
        call.first_stop = now
    elif now - call.first_stop >= GRACE:
        _runaway_handler(call.plugin, call.hook)
    raise PluginTimeout()


def in_gc_callback(frame: Any, depth: int = 20) -> bool:
    """Whether ``frame`` runs inside a garbage collector callback (``gc.callbacks``, such as a
    test runner's timing hook): an exception raised there is swallowed as "unraisable" and the
    plugin call goes on, so the timer waits for the plugin's own code to run again."""
    codes = {getattr(cb, "__code__", None) for cb in gc.callbacks}
    codes.discard(None)
    while codes and frame is not None and depth > 0:
        if frame.f_code in codes:
            return True
        frame, depth = frame.f_back, depth - 1
    return False


def _on_interrupt(signum: int, frame: Any) -> None:
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def user_interrupted() -> bool:
    """Whether the person at the keyboard pressed Ctrl-C during the plugin call under way (not
    a plugin raising KeyboardInterrupt itself)."""
    return _interrupted


_HAS_ITIMER = hasattr(signal, "setitimer")
_MAIN_THREAD = threading.main_thread()


def _enter(plugin: str, hook: str, started: float, limit: float | None) -> None:
    """A third-party call starts: record it, and in the main thread set the timer for it.

    The timer is set per plugin call, not per hook call, so it measures that plugin alone (the
    built-in code and the other plugins of the same hook call are not on its clock); two
    ``setitimer`` calls per plugin call, as before."""
    global _interrupted, _armed
    tid = threading.get_ident()
    stack = _calls.get(tid)
    if stack is None:
        stack = _calls[tid] = []
    stack.append(_Call(plugin, hook, started, limit))
    if _beacon is not None:
        _beacon(plugin, hook)
    if tid == _MAIN_THREAD.ident and _HAS_ITIMER:
        _interrupted = False
        if limit is not None:
            if _signal.getsignal(signal.SIGALRM) is not _on_alarm:
                signal.signal(signal.SIGALRM, _on_alarm)  # harmless between calls: the timer is off then
            if _signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                signal.signal(signal.SIGINT, _on_interrupt)  # the same Ctrl-C, remembered as the user's
            signal.setitimer(signal.ITIMER_REAL, 2 * limit, AGAIN)
            _armed = True
        elif _armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _armed = False


def _leave(started: float) -> None:
    """The call that began at ``started`` ends: forget it (and any call it left under way, as
    when a stop unwound through a nested one), and set the timer back for the call it was
    inside, if any."""
    global _armed
    tid = threading.get_ident()
    stack = _calls.get(tid)
    while stack and stack[-1].started >= started:
        stack.pop()
    outer = stack[-1] if stack else None
    if not stack:
        _calls.pop(tid, None)
    if _beacon is not None:
        _beacon(outer.plugin if outer else None, outer.hook if outer else None)
    if tid == _MAIN_THREAD.ident and _armed:
        if outer is not None and outer.limit is not None:
            left = 2 * outer.limit - (time.perf_counter() - outer.started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), AGAIN)
        else:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _armed = False


class ThreadWatch:
    """The hard stop for a battle played in another thread than the main one (the app plays its
    battle in a worker thread, where no timer signal can reach), checked every fraction of a
    second by the thread that watches it.

    A third-party call still running at twice the limit gets :class:`PluginTimeout` raised in it
    (the thread's next bytecode), again on each check; one that has ignored that for
    :data:`GRACE` seconds is a runaway and :meth:`check` returns its (plugin, hook). A thread
    cannot be killed: the watcher then abandons the battle, and the thread, which holds nothing
    but that battle, is left to itself.
    """

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._call: _Call | None = None
        self._first_stop = 0.0

    def check(self, thread_id: int | None) -> tuple[str, str] | None:
        if self.seconds is None or thread_id is None:
            return None
        stack = _calls.get(thread_id)
        entry = stack[-1] if stack else None
        if entry is None or entry is not self._call:
            self._call, self._first_stop = entry, 0.0
        if entry is None:
            return None
        now = time.perf_counter()
        if now - entry.started < 2 * self.seconds:
            return None
        if not self._first_stop:
            self._first_stop = now
        elif now - self._first_stop >= GRACE:
            return entry.plugin, entry.hook
        _raise_in(thread_id, PluginTimeout)
        stack = _calls.get(thread_id)
        if not stack or stack[-1] is not entry:  # the call ended meanwhile: take the stop back
            _raise_in(thread_id, None)
        return None


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    """Have ``exc`` raised in a thread at its next bytecode (None: cancel one pending)."""
    import ctypes  # imported here: only a plugin that overruns needs it, and every start-up would pay ~4 ms

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exc) if exc is not None else None)


def stuck_calls() -> list[tuple[str, str]]:
    """(plugin, hook) of every third-party call under way in a thread other than the main one:
    at exit, the app ends without waiting for such threads (they would never finish)."""
    main = _MAIN_THREAD.ident
    return [(stack[-1].plugin, stack[-1].hook) for tid, stack in list(_calls.items()) if tid != main and stack]


@dataclass
class Tracker:
    """Who answered the last firstresult call, and who changed a wrapped result last."""

    answered: str = ""
    modified: str = ""
    budget: float | None = None  # seconds a hook implementation may take (None: no limit)


def _check_time(tracker: Tracker, plugin: str, hook: str, started: float) -> None:
    if tracker.budget is not None:
        elapsed = time.perf_counter() - started
        if elapsed > tracker.budget:
            raise PluginError(plugin, hook, f"took {elapsed:.2f} s, more than the {tracker.budget:g} s allowed")


def guard(fn: Any, plugin: str, hook: str, wrapper: bool, tracker: Tracker, timed: bool) -> Any:
    """``fn`` as registered: exceptions become :class:`PluginError`; ``timed``, the watchdog's
    clock runs too. The wrapper keeps what the host reads off the function (``__wrapped__``,
    and ``slugfest_answers_for`` for routing decisions)."""
    out = _guard_wrapper(fn, plugin, hook, tracker, timed) if wrapper else _guard_call(fn, plugin, hook, tracker, timed)
    out.__wrapped__ = fn
    answers_for = getattr(fn, "slugfest_answers_for", None)
    if answers_for is not None:
        out.slugfest_answers_for = answers_for
    return out


def _own(exc: PluginError, plugin: str, hook: str) -> PluginError:
    """A PluginError out of ``plugin``'s call, kept if it names ``plugin``; one naming another
    plugin was raised by this one to frame it, and is this one's failure."""
    if exc.plugin == plugin:
        return exc
    return PluginError(plugin, hook, f"raised a PluginError naming another plugin ({exc})")


def _failure(exc: BaseException, plugin: str, hook: str, timed: bool) -> BaseException:
    """What a plugin's call raising ``exc`` raises: the plugin's :class:`PluginError`, or ``exc``
    itself when it is not the plugin's doing (Ctrl-C pressed at the keyboard; for a built-in,
    anything but an ``Exception``: the program's own code is not second-guessed)."""
    if isinstance(exc, PluginError):
        return _own(exc, plugin, hook)
    if isinstance(exc, PluginTimeout):
        return PluginError(plugin, hook, "did not finish in time and was stopped")
    if isinstance(exc, Exception):
        return PluginError(plugin, hook, exc)
    if not timed or (isinstance(exc, KeyboardInterrupt) and user_interrupted()):
        return exc
    return PluginError(plugin, hook, exc)  # SystemExit and the like: a plugin does not end the program


def _reraise(exc: BaseException, plugin: str, hook: str, timed: bool) -> None:
    failure = _failure(exc, plugin, hook, timed)
    if failure is exc:
        raise exc
    raise failure from (None if isinstance(exc, (PluginError, PluginTimeout)) else exc)


def call_timed(fn: Any, plugin: str, what: str, limit: float | None) -> Any:
    """``fn()``, third-party code run outside a battle (importing a plugin, asking it for its
    rules systems), under the same watchdog as a hook call: what it raises, and a stop past
    twice ``limit`` seconds, becomes a :class:`PluginError` for ``plugin`` and ``what``."""
    started = time.perf_counter()
    try:
        _enter(plugin, what, started, limit)
        result = fn()
    except BaseException as exc:
        _leave(started)
        _reraise(exc, plugin, what, True)
    _leave(started)
    return result


def _guard_call(fn: Any, plugin: str, hook: str, tracker: Tracker, timed: bool) -> Any:
    if not timed:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:
                _reraise(exc, plugin, hook, False)
            if result is not None:
                tracker.answered = plugin
            return result
        return guarded

    def guarded_timed(*args: Any, **kwargs: Any) -> Any:
        # The call is off the books before anything else happens on the way out (the timer's
        # stop must not land in this bookkeeping), however the plugin's code ended.
        started = time.perf_counter()
        try:
            _enter(plugin, hook, started, tracker.budget)
            result = fn(*args, **kwargs)
        except BaseException as exc:
            _leave(started)
            _reraise(exc, plugin, hook, True)
        _leave(started)
        _check_time(tracker, plugin, hook, started)
        if result is not None:
            tracker.answered = plugin
        return result
    return guarded_timed


def _guard_wrapper(fn: Any, plugin: str, hook: str, tracker: Tracker, timed: bool) -> Any:
    """A new-style wrapper: its code before the ``yield`` and after it are two timed calls."""
    def step(gen: Any, value: Any, first: bool) -> tuple[bool, Any]:
        """Run the wrapper's generator on: (True, the value it yielded) or (False, its result)."""
        started = time.perf_counter()
        try:
            if timed:
                _enter(plugin, hook, started, tracker.budget)
            out = next(gen) if first else gen.send(value)
        except StopIteration as stop:
            if timed:
                _leave(started)
            if first:
                raise PluginError(plugin, hook, "a wrapper must yield exactly once") from None
            if timed:
                _check_time(tracker, plugin, hook, started)
            return False, stop.value
        except BaseException as exc:
            if timed:
                _leave(started)
            _reraise(exc, plugin, hook, timed)
        if timed:
            _leave(started)
        if not first:
            raise PluginError(plugin, hook, "a wrapper must yield exactly once")
        if timed:
            _check_time(tracker, plugin, hook, started)
        return True, out

    def guarded_wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            gen = fn(*args, **kwargs)
        except BaseException as exc:
            _reraise(exc, plugin, hook, timed)
        _, first = step(gen, None, True)
        inner = yield first
        _, result = step(gen, inner, False)
        if result is not inner:
            tracker.modified = plugin
        return result

    return guarded_wrapper
