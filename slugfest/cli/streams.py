"""Standard streams a plugin cannot take away from the command that runs it.

Third-party plugins run in the command's process (or in a child it forks, which inherits its
streams). One that closes ``sys.stdout``, or closes descriptor 1 under it, used to end the
command with ``ValueError: I/O operation on closed file`` (exit 70) at its next line of output.
While a command runs, its standard output and error are therefore copies: each writes to a
duplicate of the descriptor, and ``close()`` only flushes. A plugin that *replaces* the
streams (``sys.stdout = None``) changes only the name: what the command already holds (every
report is written to the stream it took at the start) goes on working.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from typing import Any


class KeptStream(io.TextIOWrapper):
    """A text stream over a private duplicate of a standard descriptor; closing it flushes."""

    def close(self) -> None:
        try:
            self.flush()
        except (OSError, ValueError):
            pass

    def really_close(self) -> None:
        super().close()


def _kept(stream: Any) -> KeptStream | None:
    """A kept copy of ``stream``, or None when it is not a real descriptor's stream (a test's
    capture, a pipe already closed), which is then left as it is."""
    try:
        fd = stream.fileno()
        stream.flush()
        copy = os.dup(fd)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    return KeptStream(io.FileIO(copy, "w", closefd=True), encoding=stream.encoding, errors=stream.errors,
                      line_buffering=stream.line_buffering, write_through=True)


@contextlib.contextmanager
def kept_streams() -> Iterator[None]:
    """While the block runs, ``sys.stdout`` and ``sys.stderr`` are :class:`KeptStream` copies
    (only when they are the process's own, ``sys.__stdout__``: a test capturing them keeps its
    capture); afterwards the originals are back."""
    originals = sys.stdout, sys.stderr
    out = _kept(sys.stdout) if sys.stdout is not None and sys.stdout is sys.__stdout__ else None
    err = _kept(sys.stderr) if sys.stderr is not None and sys.stderr is sys.__stderr__ else None
    if out is not None:
        sys.stdout = out
    if err is not None:
        sys.stderr = err
    try:
        yield
    finally:
        sys.stdout, sys.stderr = originals
        for kept in (out, err):
            if kept is not None:
                try:
                    kept.flush()
                    kept.really_close()
                except (OSError, ValueError):
                    pass
