"""Keeping plugins in their place: every hook implementation is registered wrapped, so what
escapes it is a :class:`~core.errors.PluginError` naming the plugin and the hook.

Third-party plugins also run under a watchdog: each call is timed against
``SLUGFEST_PLUGIN_TIMEOUT`` seconds (a slower call is reported and its result discarded) and, in
the main thread, a call still running at twice the limit is stopped by a timer signal. The
built-in plugins (the rules systems, AIs and house rules shipped in this package) are wrapped
for errors only: they are part of the program, and timing every call costs two clock reads and
two system calls on each of the thousands of decisions a batch makes.
"""

from __future__ import annotations

import _signal  # signal.getsignal without its enum conversion (see HardLimit)
import signal
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


def _on_alarm(signum: int, frame: Any) -> None:
    if _calling:
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
        global _calling
        seconds = self.seconds
        if seconds is None or not _HAS_ITIMER or threading.current_thread() is not _MAIN_THREAD:
            self._armed = False
            return
        if _signal.getsignal(signal.SIGALRM) is not _on_alarm:
            signal.signal(signal.SIGALRM, _on_alarm)  # harmless between calls: the timer is off then
        if _signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_interrupt)  # the same Ctrl-C, remembered as the user's
        _calling = True
        signal.setitimer(signal.ITIMER_REAL, 2 * seconds)
        self._armed = True

    def __exit__(self, *exc: object) -> None:
        global _calling
        if self._armed:
            _calling = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._armed = False


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


def _guard_call(fn: Any, plugin: str, hook: str, tracker: Tracker, timed: bool) -> Any:
    if not timed:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                result = fn(*args, **kwargs)
            except PluginError:
                raise
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
        try:
            result = fn(*args, **kwargs)
        except PluginError:
            raise
        except PluginTimeout:
            raise PluginError(plugin, hook, "did not finish in time and was stopped") from None
        except KeyboardInterrupt as exc:
            if user_interrupted():
                raise  # Ctrl-C, pressed while the plugin ran: the person's, not the plugin's
            raise PluginError(plugin, hook, exc) from exc
        except BaseException as exc:  # SystemExit and the like: a plugin does not end the program
            raise PluginError(plugin, hook, exc) from exc
        _check_time(tracker, plugin, hook, started)
        if result is not None:
            tracker.answered = plugin
        return result
    return guarded_timed


def _guard_wrapper(fn: Any, plugin: str, hook: str, tracker: Tracker, timed: bool) -> Any:
    def guarded_wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        gen = fn(*args, **kwargs)
        try:
            first = next(gen)
        except StopIteration:
            raise PluginError(plugin, hook, "a wrapper must yield exactly once") from None
        except PluginError:
            raise
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
        if timed:
            _check_time(tracker, plugin, hook, started)
        inner = yield first
        started = time.perf_counter()
        try:
            gen.send(inner)
        except StopIteration as stop:
            result = stop.value
            if result is not inner:
                tracker.modified = plugin
            if timed:
                _check_time(tracker, plugin, hook, started)
            return result
        except PluginError:
            raise
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
        raise PluginError(plugin, hook, "a wrapper must yield exactly once")

    return guarded_wrapper
