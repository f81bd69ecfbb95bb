"""Writing the files the program owns (saves, exports, scenarios written back) so that a crash
or an error never leaves a half-written file, never loses the previous one, and leaves no
temporary file behind; and what to do with a path that is not a plain file (a descriptor, a
device, a pipe).
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import tomli_w


def write_toml_atomic(data: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write machine-owned TOML atomically (see :func:`write_text_atomic`)."""
    write_text_atomic(toml_text(data), path)


#: An array of whole numbers that tomli-w wrote one number a line (it does so inside any array
#: of arrays): ``[\n        14,\n        6,\n    ]``.
_SPREAD_NUMBERS = re.compile(r"\[\n(?:[ ]+-?\d+,\n)+[ ]+\]")


def toml_text(data: dict[str, Any]) -> str:
    """TOML as a person would write it: tomli-w's, with each short array of numbers (a map cell
    such as ``[14, 6]``) back on one line, so an exported map's obstacles read one cell a line."""
    return _SPREAD_NUMBERS.sub(lambda m: "[" + ", ".join(re.findall(r"-?\d+", m.group())) + "]", tomli_w.dumps(data))


def names_a_descriptor(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` reaches a file through an open descriptor (``/dev/stdout``, ``/dev/fd/3``,
    ``/proc/self/fd/1``): links are followed one at a time, since the last one already names
    the file the descriptor is open on, and that file is not this program's to replace."""
    current = os.path.abspath(path)
    for _ in range(40):  # as many links as the system itself follows
        current = os.path.join(os.path.realpath(os.path.dirname(current)), os.path.basename(current))
        if current.startswith("/proc/"):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    return False


def written_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether :func:`write_text_atomic` appends to ``path`` where it is rather than renaming a
    new file over it: a path reached through a descriptor, or anything not a plain file."""
    real = os.path.realpath(path)
    return names_a_descriptor(path) or (os.path.exists(real) and not os.path.isfile(real))


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> None:
    """Write ``text`` (UTF-8) to a temp file beside ``path``, flush it to disk, then rename it
    into place: a crash or an error mid-write never leaves a half-written file, never loses the
    previous one, and leaves no temp file behind. The file gets the permissions a plain
    ``open(path, "w")`` would give (an existing file keeps its own).

    A symbolic link is followed (the file it points to is replaced, the link stays). A path that
    is not a plain file is appended to in place: a device or a named pipe, and a descriptor named
    through ``/proc`` (``/dev/fd/3`` resolves to ``/proc/PID/fd/3``). Renaming over those would
    replace the device, or the file the descriptor is open on, and truncating could empty a file
    a shell opened with ``>>``."""
    encoded = text.encode("utf-8")
    try:
        os.stat(path)
    except OSError as exc:  # a loop of links: renaming over it would put a file where the loop was
        if exc.errno == errno.ELOOP:
            raise
    if written_in_place(path):
        _append_in_place(path, encoded)
        return
    target = Path(os.path.realpath(path))
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    _sweep_leftovers(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=str(target.parent))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(encoded)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


#: Seconds a named pipe with no reader yet is given one before the write is refused.
READER_GRACE = 2.0


def _append_in_place(path: str | os.PathLike[str], encoded: bytes) -> None:
    """Append to a device, a pipe or a descriptor's file where it is. The open does not wait: a
    named pipe nobody reads would otherwise hold the program for ever before its first byte
    (it is refused, as ``OSError`` ENXIO, with a message that says so)."""
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    until = time.monotonic() + READER_GRACE
    while True:
        try:
            fd = os.open(path, flags)
            break
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise
            if time.monotonic() >= until:  # a reader started just before (`cat fifo &`) has had its time
                raise OSError(errno.ENXIO, "it is a named pipe (FIFO) that no process is reading",
                              str(path)) from None
            time.sleep(0.02)
    try:
        os.set_blocking(fd, True)  # opened: now every byte is written, however slowly it is read
        view = memoryview(encoded)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _sweep_leftovers(target: Path) -> None:
    """Remove the temp files earlier writes of ``target`` left behind when they were killed
    mid-write: each names the writing process, and one whose process is gone is nobody's."""
    head = f".{target.name}."
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        if not (name.startswith(head) and name.endswith(".tmp")):
            continue
        pid = name[len(head):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                os.unlink(target.parent / name)
            except OSError:
                pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but belongs to someone else
        return True
    return True
