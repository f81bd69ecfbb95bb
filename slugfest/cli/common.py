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
    """A report's sentence, wrapped to the report's width, later lines indented two more than its
    first (an indented item's lines stay under it)."""
    import textwrap

    from slugfest.core.batch.report import REPORT_WIDTH

    lead = len(text) - len(text.lstrip(" "))
    return textwrap.fill(text, REPORT_WIDTH, subsequent_indent=" " * (lead + 2), break_on_hyphens=False,
                         break_long_words=False)


def _shown(text: str) -> str:
    """An argument as a message quotes it: cut to 40 characters (one may be megabytes long)."""
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def whole(text: str, lo: int, hi: int, what: str = "a number") -> int:
    """``text`` as a whole number from ``lo`` to ``hi``, its digits counted before it is
    converted (Python refuses more than 4300 of them, with an error of its own)."""
    raw = text.strip()
    digits = raw.lstrip("+-")
    if not digits.isdigit() or not digits.isascii() or raw.count("-") + raw.count("+") > 1 or raw[:1] not in "+-0123456789":
        raise argparse.ArgumentTypeError(f"expected a whole number, got {_shown(text)}")
    if len(digits.lstrip("0")) > len(str(max(abs(lo), abs(hi)))):
        raise argparse.ArgumentTypeError(f"expected {what} from {lo} to {hi}, got a number of {len(digits)} digits")
    value = int(raw, 10)
    if not lo <= value <= hi:
        raise argparse.ArgumentTypeError(f"expected {what} from {lo} to {hi}, got {value}")
    return value


def seed(text: str) -> int:
    """An argparse type: a seed, from 0 to 2**63 - 1 (what a scenario's ``battle.seed`` holds)."""
    return whole(text, 0, 2**63 - 1, "a seed")


def positive_int(text: str) -> int:
    """An argparse type: a whole number from 1 to 10,000,000 (battles, processes)."""
    return whole(text, 1, 10_000_000)


def battle_index(text: str) -> int:
    """An argparse type: a battle's index in a batch, from 0 (the largest batch is 10,000,000)."""
    return whole(text, 0, 10_000_000 - 1, "a battle's index")


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
    from slugfest.core.files.paths import path_problem
    from slugfest.scenarios import bundled, find

    problem = path_problem(name)
    if problem:
        return None, f"{name[:80]}{'...' if len(name) > 80 else ''}: {problem}"
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


def write_json(path: str, doc: Any) -> int:
    """Write a command's --json document (see :func:`write_out`); the exit code: 0, or 2 after
    saying why it could not be written."""
    import json

    problem = write_out(path, json.dumps(doc, indent=2) + "\n")
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


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


FORCE_HELP = "replace output files that already exist (never one of the command's own inputs)"


def input_path(name: str) -> str:
    """The file a SCENARIO argument names (a bundled name is its file), for :func:`unwritable`."""
    from slugfest.scenarios import find

    try:
        return str(find(name))
    except (OSError, ValueError, RuntimeError):
        return name


def add_force(parser: Any) -> None:
    """The ``--force`` every command that writes a file takes (see :func:`unwritable`)."""
    parser.add_argument("--force", action="store_true", help=FORCE_HELP)


def unwritable(path: str | None, *, force: bool = False, inputs: Any = ()) -> str | None:
    """Why an output file may not or could not be written, checked before a long run rather
    than after it (the write itself can still fail, e.g. on a full disk); None if it may.

    One rule for every command that writes: an existing file is replaced only with ``--force``,
    and never when it is one of the command's own ``inputs`` (with or without ``--force``: the
    input would be lost to its own report). Streams (``-``), devices and pipes are written to,
    not replaced, so they need no ``--force``. A plain file is replaced by renaming a new one
    into its folder, so the folder must be writable; anything else is written in place, so it
    must be."""
    from slugfest.core.files.atomic import written_in_place
    from slugfest.core.files.paths import path_problem, same_file

    if path is None or path in STREAMS:
        return None
    problem = path_problem(path)
    if problem:
        return f"slugfest: cannot write {path[:80]}{'...' if len(path) > 80 else ''}: {problem}"
    for source in inputs:
        if source is not None and same_file(path, source):
            return f"slugfest: cannot write {path}: it is an input of this command ({source}); write elsewhere"
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError, RuntimeError) as exc:
        return f"slugfest: cannot write {path}: {getattr(exc, 'strerror', None) or exc}"
    if not force and os.path.isfile(real) and not written_in_place(path):
        return f"slugfest: {path} already exists; add --force to replace it (or write elsewhere)"
    folder = os.path.dirname(real)
    if os.path.isdir(real):
        return f"slugfest: cannot write {path}: it is a directory"
    if not os.path.isdir(folder):
        return f"slugfest: cannot write {path}: there is no directory {folder}"
    in_place = written_in_place(path)
    if not os.access(path if in_place else folder, os.W_OK):
        return f"slugfest: cannot write {path}: permission denied" + ("" if in_place else f" in {folder}")
    return None




AI_HELP = ("play every combatant, on every side, with the AI plugin NAME instead of the AIs the scenario's "
           "`ai` keys name (the default). `slugfest plugins` lists the AIs; the README's \"Which to use\" "
           "compares them (a win rate depends on how well both sides play)")


def add_ai(p: Any) -> None:
    """The ``--ai NAME`` option of the commands that play a scenario's battles (:func:`played_by`)."""
    p.add_argument("--ai", metavar="NAME", default=None, help=AI_HELP)


def played_by(args: Any, scenario: Any) -> Any:
    """``scenario`` with every combatant played by ``--ai`` (unchanged without it); or the exit
    code after saying, in one line, why NAME cannot play (before any battle runs)."""
    if getattr(args, "ai", None) is None:
        return scenario
    from slugfest.core.batch.sweep import played_by as by
    from slugfest.core.files.scenario import ai_problem

    problem = ai_problem(args.ai)
    if problem:
        print(f"slugfest: --ai: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return by(scenario, args.ai)


def ai_line(args: Any) -> str:
    """The text log's line under its header when ``--ai`` played everyone ("" otherwise): a
    shared log must say so, or its reader plays another battle again."""
    ai = getattr(args, "ai", None)
    return f"AI: {ai} plays every combatant (--ai {ai})" if ai else ""


def ai_clash(args: Any, params: list[str]) -> str | None:
    """Why ``--ai`` cannot go with these varied parameters (one of them is a combatant's ``ai``,
    which ``--ai`` would overwrite: the report would name an AI that did not play), or None."""
    ai = getattr(args, "ai", None)
    for param in params:
        if ai is not None and param.strip().rsplit(".", 1)[-1].strip() == "ai":
            return (f"slugfest: --ai {ai} plays every combatant, and the parameter {param.strip()} varies one "
                    "combatant's AI: give one or the other")
    return None


def played_data(args: Any) -> dict[str, Any]:
    """The scenario's TOML data as read, every combatant's ``ai`` set to ``--ai`` when given: what
    the commands that vary the data (sweep, balance, worth) start from. The name was checked
    when the scenario was loaded (:func:`batch_inputs`)."""
    from slugfest.core.batch.sweep import read_data, with_ai
    from slugfest.scenarios import find

    data = read_data(find(args.scenario))
    ai = getattr(args, "ai", None)
    return data if ai is None else with_ai(data, ai)


def batch_inputs(args: Any, *outputs: str | None) -> Any:
    """The scenario a batch command names, once it is loaded, played by ``--ai`` if the command
    has one (:func:`played_by`), and every output file it will write is writable; or the exit
    code after saying what is wrong (before any battle runs)."""
    scenario, error = load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    for target in outputs:
        problem = unwritable(target, force=getattr(args, "force", False), inputs=(input_path(args.scenario),))
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
    return played_by(args, scenario)
