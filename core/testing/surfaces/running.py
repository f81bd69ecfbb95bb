"""The small runner every surface's cases share: ``slugfest ARGV`` run in this process, and the
verdict on what it did (exit 0 "accepted", exit 2 with a message "refused", anything else a
finding)."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

from slugfest import cli

def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``slugfest ARGV`` in this process: (exit code, standard output, standard error). A command
    that raises is caught as the program would catch it (``handled``: exit 70 and a traceback)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def command_verdict(kind: str, argv: list[str]) -> Callable[[], tuple[str, str]]:
    """A case that runs ``argv``: "accepted" (exit 0), "refused" (exit 2 with a message and no
    traceback); anything else, or a traceback on standard error, is a finding."""
    def run() -> tuple[str, str]:
        code, _, err = run_cli(argv)
        if "Traceback" in err or code not in (0, 2):
            tail = err.strip().splitlines()[-1] if err.strip() else ""
            return "internal", f"exit {code}: {tail[:300]}"
        if code == 2 and not err.strip():
            return "refused", "exit 2 without a message"
        return ("accepted" if code == 0 else "refused"), ""
    return run
