"""A program that ends even when a plugin left a thread running in it.

A plugin may start a thread that never ends when it is loaded (issue 36, item 10): the command
does its work and prints its report, then the interpreter waits for that thread at exit, for
ever. Worker processes are killed at their deadline (``core.batch.simulate.EXIT_GRACE``); the
main process, once its command has returned, ends the same way, saying which threads it left.
Only the program itself does this: a test calling :func:`slugfest.cli.main` in its own process
keeps its threads.
"""

from __future__ import annotations

import os
import sys
import threading
import time

#: Seconds the threads still running at the end get to finish before they count as stray: a
#: process pool shut down without waiting (``core.batch.simulate``) leaves its manager thread
#: a moment to see its workers gone, and ``balance`` once ended saying "ended with 1 thread(s)
#: still running (Thread-5): a plugin's, most likely" about it (issue 37's trial).
GRACE = 2.0


def stray_threads() -> list[threading.Thread]:
    """Threads other than the main one that would keep the interpreter from exiting."""
    return [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon and t.is_alive()]


def end_despite_stray_threads(code: int, grace: float = GRACE) -> None:
    """If threads that are not daemons are still running ``grace`` seconds on, say so and end
    the process now with ``code`` (the command's own), its standard streams flushed; otherwise
    return (at once when there are none)."""
    until = time.monotonic() + grace
    for thread in stray_threads():
        thread.join(max(until - time.monotonic(), 0))
    stray = stray_threads()
    if not stray:
        return
    names = ", ".join(sorted({t.name for t in stray}))[:200]
    for stream, text in ((sys.stderr, f"slugfest: ended with {len(stray)} thread(s) still running ({names}): "
                                      "a plugin's, most likely\n"), (sys.stdout, ""), (sys.stderr, "")):
        try:
            stream.write(text)
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass
    os._exit(code)
