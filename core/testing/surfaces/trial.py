"""A strict verdict for the known cases (:mod:`.known_cases`): not only no traceback and no exit
70, but a refusal that names the file, the key and what was expected, the command's inputs left
byte for byte, and no output half-written (an output is whole or absent, and nothing else is
left in the folder: no temporary file of an interrupted write)."""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .. import fuzzing
from .running import run_cli


@dataclass(frozen=True)
class Trial:
    """One run of ``slugfest ARGV`` and what it must do.

    ``names``: what a refusal (exit 2) must say, each word for word (the file, the key, the
    expectation). ``refuse``: True if the input must be refused, False if it must be accepted,
    None if either is right. ``inputs``: files that must be left byte for byte. ``outputs``: the
    files it may write, each whole (JSON, TOML or text ending in a line) when it is there, and
    absent after a refusal unless it was there before (then it is among ``inputs``).
    ``plugins``: a folder on ``PYTHONPATH`` holding plugins by entry point; the command then runs
    as a process of its own (a plugin that closes the streams or leaves threads behind must not
    touch the campaign's process). ``stdout``: text a run that is accepted must print."""

    argv: list[str]
    names: tuple[str, ...] = ()
    refuse: bool | None = None
    inputs: tuple[Path, ...] = ()
    outputs: tuple[Path, ...] = ()
    plugins: Path | None = None
    stdout: str = ""
    folder: Path | None = None
    env: dict[str, str] = field(default_factory=dict)


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        return f"unreadable: {exc.strerror}"


def _whole(path: Path) -> str:
    """Why an output is not a whole file of its kind ('' if it is)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return f"cannot read it back ({exc.strerror})"
    try:
        if path.suffix == ".json":
            json.loads(raw)
        elif path.suffix == ".toml":
            tomllib.loads(raw.decode())
        elif not raw.endswith(b"\n"):
            return "it does not end in a whole line"
    except (ValueError, UnicodeDecodeError) as exc:
        return f"not whole ({str(exc)[:80]})"
    return ""


def _run(trial: Trial) -> tuple[int, str, str]:
    if trial.plugins is None:
        return run_cli(trial.argv)
    env = {**os.environ, **trial.env, "PYTHONPATH": os.pathsep.join(filter(None, (str(trial.plugins),
                                                                                  os.environ.get("PYTHONPATH"))))}
    limit = fuzzing.HANG_SECONDS * 3 if math.isfinite(fuzzing.HANG_SECONDS) else None  # none when replaying
    try:
        done = subprocess.run([sys.executable, "-m", "slugfest", *trial.argv], capture_output=True, text=True,
                              env=env, timeout=limit, cwd=trial.folder)
    except subprocess.TimeoutExpired:
        return -9, "", f"still running after {limit:.0f} s (a hang)"
    return done.returncode, done.stdout, done.stderr


def trial_verdict(trial: Trial) -> tuple[str, str]:
    """("accepted" or "refused", "") when the command did what ``trial`` says it must; otherwise
    the outcome and what went wrong (a finding)."""
    kept = {p: _digest(p) for p in trial.inputs}
    before = set(os.listdir(trial.folder)) if trial.folder else set()
    code, out, err = _run(trial)
    outcome = {0: "accepted", 2: "refused"}.get(code, "internal")
    last = err.strip().splitlines()[-1][:300] if err.strip() else ""
    if "Traceback" in err or outcome == "internal":
        return "internal", f"exit {code}: {last}"
    if trial.refuse is not None and (outcome == "refused") != trial.refuse:
        return outcome, f"exit {code}, expected {'a refusal' if trial.refuse else 'a run'}: {last}"
    if outcome == "refused":
        missing = [n for n in trial.names if n not in err]
        if missing:
            return outcome, f"the message does not say {missing[0][:80]!r}: {err.strip()[:300]!r}"
    elif trial.stdout and trial.stdout not in out:
        lacking = next((line for line in trial.stdout.splitlines() if line not in out), trial.stdout)
        return outcome, f"standard output lacks {lacking[:100]!r}; it ends {out.strip()[-300:]!r}"
    for p, digest in kept.items():
        if _digest(p) != digest:
            return outcome, f"{p.name} was changed (an input, or a file that existed without --force)"
    for p in trial.outputs:
        if p.exists() and p not in kept:
            problem = _whole(p) if outcome == "accepted" else "written by a command that refused"
            if problem:
                return outcome, f"{p.name}: {problem}"
    if trial.folder:
        stray = sorted(set(os.listdir(trial.folder)) - before - {p.name for p in trial.outputs})
        if stray:
            return outcome, f"left behind: {', '.join(stray)[:200]}"
    return outcome, ""
