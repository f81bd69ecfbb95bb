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
:mod:`core.isolation`); :func:`running` tells any thread which third-party call is under way,
and :func:`set_beacon` mirrors it where another process can read it.
"""

from __future__ import annotations

import _signal  # signal.getsignal without its enum conversion (see HardLimit)
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

from .errors import PluginError


class PluginTimeout(BaseException):
    """Raised inside a plugin that runs past its hard time limit (a BaseException, so a plugin's
    own ``except Exception`` cannot swallow it; one that catches even this is stopped by the
    battle's deadline instead: see :mod:`core.isolation`)."""


#: Whether a third-party plugin's call is under way in the main thread: the alarm stops only
#: that, never the program's own code after the call returned (a very short limit could fire
#: there), and a Ctrl-C during it is told from a KeyboardInterrupt the plugin raised itself.
_calling = False
_interrupted = False
_first_stop = 0.0

#: Seconds a call may ignore the stop before it is a runaway.
GRACE = 1.0
#: The exit code of a process ended because a plugin would not stop.
EXIT_RUNAWAY = 3

#: The third-party hook call under way in each thread: (plugin, hook, perf_counter at its start).
_running: dict[int, tuple[str, str, float]] = {}
_beacon: Any = None


def running(thread_id: int | None = None) -> tuple[str, str, float] | None:
    """(plugin, hook, seconds so far) of the third-party hook call under way in a thread (the
    main thread by default), or None. Read from any thread: the app's watchdog uses it."""
    entry = _running.get(_MAIN_THREAD.ident if thread_id is None else thread_id)  # type: ignore[arg-type]
    if entry is None:
        return None
    return entry[0], entry[1], time.perf_counter() - entry[2]


def set_beacon(beacon: Any) -> None:
    """Call ``beacon(plugin, hook)`` as each third-party call starts and ``beacon(None, None)``
    as it ends (None: no beacon). A worker process mirrors the call into shared memory with
    it, so the process that kills it can say which plugin would not stop."""
    global _beacon
    _beacon = beacon


def _default_runaway(plugin: str, hook: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(f"\nslugfest: plugin {plugin!r} would not stop: {hook} ran past its time limit and caught "
                     "the stop. The battle was abandoned.\n"
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
    global _first_stop
    if not _calling:
        return
    now = time.perf_counter()
    if not _first_stop:
        _first_stop = now
    elif now - _first_stop >= GRACE:
        entry = _running.get(_MAIN_THREAD.ident)  # type: ignore[arg-type]
        plugin, hook = (entry[0], entry[1]) if entry else ("(unknown)", "a hook")
        _runaway_handler(plugin, hook)
    raise PluginTimeout()


def _on_interrupt(signum: int, frame: Any) -> None:
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def user_interrupted() -> bool:
    """Whether the person at the keyboard pressed Ctrl-C (not a plugin raising KeyboardInterrupt)."""
    return _interrupted


_HAS_ITIMER = hasattr(signal, "setitimer")
_MAIN_THREAD = threading.main_thread()


class HardLimit:
    """Stop a hook call that runs far past its limit (main thread, POSIX only).

    A class rather than a generator-based context manager, and the handler checked through
    ``_signal`` (no enum conversion): it wraps each third-party hook call, so it must cost about
    two ``setitimer`` system calls and nothing more.
    """

    __slots__ = ("_armed", "seconds")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._armed = False

    def __enter__(self) -> None:
        global _calling, _first_stop
        seconds = self.seconds
        if seconds is None or not _HAS_ITIMER or threading.current_thread() is not _MAIN_THREAD:
            self._armed = False
            return
        if _signal.getsignal(signal.SIGALRM) is not _on_alarm:
            signal.signal(signal.SIGALRM, _on_alarm)  # harmless between calls: the timer is off then
        if _signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_interrupt)  # the same Ctrl-C, remembered as the user's
        _calling, _first_stop = True, 0.0
        signal.setitimer(signal.ITIMER_REAL, 2 * seconds, 0.25)  # then again, until the call ends
        self._armed = True

    def __exit__(self, *exc: object) -> None:
        global _calling
        if self._armed:
            _calling = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._armed = False


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
        self._call: tuple[str, str, float] | None = None
        self._first_stop = 0.0

    def check(self, thread_id: int | None) -> tuple[str, str] | None:
        if self.seconds is None or thread_id is None:
            return None
        entry = _running.get(thread_id)
        if entry is None or entry is not self._call:
            self._call, self._first_stop = entry, 0.0
        if entry is None:
            return None
        now = time.perf_counter()
        if now - entry[2] < 2 * self.seconds:
            return None
        if not self._first_stop:
            self._first_stop = now
        elif now - self._first_stop >= GRACE:
            return entry[0], entry[1]
        _raise_in(thread_id, PluginTimeout)
        if _running.get(thread_id) is not entry:  # the call ended meanwhile: take the stop back
            _raise_in(thread_id, None)
        return None


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    """Have ``exc`` raised in a thread at its next bytecode (None: cancel one pending)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exc) if exc is not None else None)


def stuck_calls() -> list[tuple[str, str]]:
    """(plugin, hook) of every third-party call under way in a thread other than the main one:
    at exit, the app ends without waiting for such threads (they would never finish)."""
    main = _MAIN_THREAD.ident
    return [(p, h) for tid, (p, h, _) in list(_running.items()) if tid != main]


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
    out.__wrapped__ = fn  # type: ignore[attr-defined]
    answers_for = getattr(fn, "slugfest_answers_for", None)
    if answers_for is not None:
        out.slugfest_answers_for = answers_for  # type: ignore[attr-defined]
    return out


def _own(exc: PluginError, plugin: str, hook: str) -> PluginError:
    """A PluginError out of ``plugin``'s call, kept if it names ``plugin``; one naming another
    plugin was raised by this one to frame it, and is this one's failure."""
    if exc.plugin == plugin:
        return exc
    return PluginError(plugin, hook, f"raised a PluginError naming another plugin ({exc})")


def _enter(plugin: str, hook: str, started: float) -> None:
    _running[threading.get_ident()] = (plugin, hook, started)
    if _beacon is not None:
        _beacon(plugin, hook)


def _leave() -> None:
    _running.pop(threading.get_ident(), None)
    if _beacon is not None:
        _beacon(None, None)


def _guard_call(fn: Any, plugin: str, hook: str, tracker: Tracker, timed: bool) -> Any:
    if not timed:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                result = fn(*args, **kwargs)
            except PluginError as exc:
                raise _own(exc, plugin, hook) from None
            except PluginTimeout:
                raise PluginError(plugin, hook, "did not finish in time and was stopped") from None
            except Exception as exc:
                raise PluginError(plugin, hook, exc) from exc
            if result is not None:
                tracker.answered = plugin
            return result
        return guarded

    def guarded_timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        _enter(plugin, hook, started)
        try:
            result = fn(*args, **kwargs)
        except PluginError as exc:
            raise _own(exc, plugin, hook) from None
        except PluginTimeout:
            raise PluginError(plugin, hook, "did not finish in time and was stopped") from None
        except KeyboardInterrupt as exc:
            if user_interrupted():
                raise  # Ctrl-C, pressed while the plugin ran: the person's, not the plugin's
            raise PluginError(plugin, hook, exc) from exc
        except BaseException as exc:  # SystemExit and the like: a plugin does not end the program
            raise PluginError(plugin, hook, exc) from exc
        finally:
            _leave()
        _check_time(tracker, plugin, hook, started)
        if result is not None:
            tracker.answered = plugin
        return result
    return guarded_timed


def _guard_wrapper(fn: Any, plugin: str, hook: str, tracker: Tracker, timed: bool) -> Any:
    def guarded_wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        gen = fn(*args, **kwargs)
        if timed:
            _enter(plugin, hook, started)
        try:
            first = next(gen)
        except StopIteration:
            raise PluginError(plugin, hook, "a wrapper must yield exactly once") from None
        except PluginError as exc:
            raise _own(exc, plugin, hook) from None
        except PluginTimeout:
            raise PluginError(plugin, hook, "did not finish in time and was stopped") from None
        except KeyboardInterrupt as exc:
            if user_interrupted() or not timed:
                raise
            raise PluginError(plugin, hook, exc) from exc
        except Exception as exc:
            raise PluginError(plugin, hook, exc) from exc
        except BaseException as exc:
            if not timed:
                raise
            raise PluginError(plugin, hook, exc) from exc
        finally:
            if timed:
                _leave()
        if timed:
            _check_time(tracker, plugin, hook, started)
        inner = yield first
        started = time.perf_counter()
        if timed:
            _enter(plugin, hook, started)
        try:
            gen.send(inner)
        except StopIteration as stop:
            result = stop.value
            if result is not inner:
                tracker.modified = plugin
            if timed:
                _check_time(tracker, plugin, hook, started)
            return result
        except PluginError as exc:
            raise _own(exc, plugin, hook) from None
        except PluginTimeout:
            raise PluginError(plugin, hook, "did not finish in time and was stopped") from None
        except KeyboardInterrupt as exc:
            if user_interrupted() or not timed:
                raise
            raise PluginError(plugin, hook, exc) from exc
        except Exception as exc:
            raise PluginError(plugin, hook, exc) from exc
        except BaseException as exc:
            if not timed:
                raise
            raise PluginError(plugin, hook, exc) from exc
        finally:
            if timed:
                _leave()
        raise PluginError(plugin, hook, "a wrapper must yield exactly once")

    return guarded_wrapper
