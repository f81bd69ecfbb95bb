"""What every command shares: exit codes, argument types, loading a scenario named on the
command line, and writing an output file (atomically, or to a stream already open)."""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_PLUGIN = 3
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70

SCENARIO_HELP = "a .toml file or a bundled scenario name (`slugfest scenarios` lists them)"
JOBS_DEFAULT = os.cpu_count() or 1


def handled(run: Callable[[], int]) -> int:
    """``run()``'s exit code, with what it raises said the way every command says it: bad input
    that surfaced late (a setting, a plugin) as a message and 2, Ctrl-C as 130, a reader that
    went away (``| head``) as success, and a bug as a report and 70. The main program and the
    child process a battle with third-party plugins plays in both go through here."""
    from slugfest.core.errors import SlugfestError

    try:
        return run()
    except SlugfestError as exc:
        print(f"slugfest: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Point stdout at /dev/null so the interpreter's final flush does not complain again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        return EXIT_OK
    except Exception:
        print("slugfest: internal error (a bug). Please report it with the command line:", file=sys.stderr)
        traceback.print_exc()
        return EXIT_INTERNAL


def prose(text: str) -> str:
    """A report's sentence, wrapped to the report's width, later lines indented."""
    import textwrap

    from slugfest.core.batch.report import REPORT_WIDTH

    return textwrap.fill(text, REPORT_WIDTH, subsequent_indent="  ", break_on_hyphens=False,
                         break_long_words=False)


def seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {2**63 - 1}, got {value}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number from 1 to 10,000,000 (battles, processes)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 10_000_000:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to 10000000, got {value}")
    return value


def version() -> str:
    try:
        return importlib.metadata.version("slugfest")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "(not installed)"


def load(name: str):
    """(scenario, None) or (None, the message to print)."""
    from slugfest.core.errors import SlugfestError
    from slugfest.core.files.scenario import load_scenario
    from slugfest.core.files.schema import did_you_mean
    from slugfest.scenarios import bundled, find

    path = find(name)
    if path.exists() and path.suffix == ".toml":
        from slugfest.core.engine.session import is_save_file

        if is_save_file(path):
            return None, (f"{name}: this is a saved battle, not a scenario; continue it with "
                          f"`slugfest play {name}`")
    if not path.exists() and path.suffix != ".toml" and "/" not in name and os.sep not in name:
        names = list(bundled())
        return None, (f"{name}: expected a .toml file or the name of a bundled scenario, got neither"
                      f"{did_you_mean(name, names)} (bundled: {', '.join(names)})")
    try:
        return load_scenario(path), None
    except SlugfestError as exc:
        return None, str(exc)


#: Output paths that mean a stream this process already has open: written to it, never reopened
#: (reopening ``/dev/stdout`` would truncate a file the shell opened for appending).
STREAMS = {"-": "stdout", "/dev/stdout": "stdout", "/dev/fd/1": "stdout",
            "/dev/stderr": "stderr", "/dev/fd/2": "stderr"}


def write_out(path: str, text: str) -> str | None:
    """Write an --out or --json file atomically (``-``: standard output); the reason it
    failed, or None."""
    from slugfest.core.files.atomic import write_text_atomic

    if path in STREAMS:
        stream = getattr(sys, STREAMS[path])
        stream.write(text)
        stream.flush()
        return None
    try:
        write_text_atomic(text, path)
    except OSError as exc:
        return f"slugfest: cannot write {path}: {exc.strerror or exc}"
    return None


def report_stream(json_path: str | None):
    """Where a batch's table goes: standard error when the JSON takes standard output."""
    return sys.stderr if STREAMS.get(json_path or "") == "stdout" else sys.stdout


def unwritable(path: str | None) -> str | None:
    """Why an output file could not be written, checked before a long run rather than after
    it (the write itself can still fail, e.g. on a full disk); None if it looks writable.

    A plain file is replaced by renaming a new one into its folder, so the folder must be
    writable; anything else (a device, a pipe) is written in place, so it must be."""
    from slugfest.core.files.atomic import written_in_place

    if path is None or path in STREAMS:
        return None
    real = os.path.realpath(path)
    folder = os.path.dirname(real)
    if os.path.isdir(real):
        return f"slugfest: cannot write {path}: it is a directory"
    if not os.path.isdir(folder):
        return f"slugfest: cannot write {path}: there is no directory {folder}"
    in_place = written_in_place(path)
    if not os.access(path if in_place else folder, os.W_OK):
        return f"slugfest: cannot write {path}: permission denied" + ("" if in_place else f" in {folder}")
    return None




def batch_inputs(args: Any, *outputs: str | None) -> Any:
    """The scenario a batch command names, once it is loaded and every output file it will write
    is writable; or the exit code after saying what is wrong (before any battle runs)."""
    scenario, error = load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    for target in outputs:
        problem = unwritable(target)
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
    return scenario
