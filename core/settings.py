"""Settings read from the environment, each checked before it is used.

A value out of range or of the wrong kind is a :class:`SettingError` naming the variable, what
it holds and what it should hold, never a number that overflows or a timer that fires in the
program's own code:

* ``SLUGFEST_PLUGIN_TIMEOUT``: seconds a third-party plugin's hook call may take, from 0.05 to
  3600, or 0 for no limit (default 5);
* ``SLUGFEST_BATTLE_DEADLINE``: seconds one battle of a batch (or a battle with third-party
  plugins) may take before it is stopped and reported with its seed, from 1 to 86400
  (default 600: the largest legal battle takes a few minutes);
* ``SLUGFEST_PLUGINS`` / ``SLUGFEST_BLOCK_PLUGINS``: comma-separated plugin names (see
  :mod:`core.engine.plugins`);
* ``SLUGFEST_PLANNER_CANDIDATES`` / ``_ROLLOUTS`` / ``_DEPTH``: how much the ``planner`` AI looks
  ahead at each decision: options weighed (2 to 8, default 3), rollouts of each (1 to 64,
  default 2), Phases or turns in a rollout (1 to 200, default 3);
* ``SLUGFEST_DATA_DIR``: the folder the app offers for saves and exports (default: the per-user
  data folder, ``platformdirs.user_data_dir("slugfest")``, so a checkout gathers no save files).
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

from .errors import SlugfestError

PLUGIN_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")


class SettingError(SlugfestError):
    """An environment variable holds something the program cannot use."""


def _seconds(var: str, default: float, lo: float, hi: float, off: bool) -> float | None:
    raw = os.environ.get(var)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if off and value == 0:
        return None
    if not (math.isfinite(value) and lo <= value <= hi):
        zero = "0 (no limit) or " if off else ""
        raise SettingError(f"{var}: expected {zero}a number of seconds from {lo:g} to {hi:g}, got {raw!r}")
    return value


def plugin_timeout() -> float | None:
    """Seconds a third-party plugin's hook call may take (None: no limit)."""
    return _seconds("SLUGFEST_PLUGIN_TIMEOUT", 5.0, 0.05, 3600.0, off=True)


def battle_deadline() -> float:
    """Seconds one isolated battle may take before it is stopped."""
    value = _seconds("SLUGFEST_BATTLE_DEADLINE", 600.0, 1.0, 86400.0, off=False)
    assert value is not None
    return value


def _count(var: str, default: int, lo: int, hi: int) -> int:
    raw = os.environ.get(var)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        value = lo - 1
    if not lo <= value <= hi:
        raise SettingError(f"{var}: expected a whole number from {lo} to {hi}, got {raw!r}")
    return value


def planner_budget() -> tuple[int, int, int]:
    """The ``planner`` AI's look-ahead at each decision: (options weighed, rollouts of each,
    Phases or turns in a rollout)."""
    return (_count("SLUGFEST_PLANNER_CANDIDATES", 3, 2, 8), _count("SLUGFEST_PLANNER_ROLLOUTS", 2, 1, 64),
            _count("SLUGFEST_PLANNER_DEPTH", 3, 1, 200))


def plugin_names(var: str) -> set[str] | None:
    """The plugin names a list variable holds (None when it is not set)."""
    raw = os.environ.get(var)
    if raw is None:
        return None
    names = {x.strip() for x in raw.split(",") if x.strip()}
    bad = sorted(n for n in names if not PLUGIN_NAME.match(n))
    if bad:
        raise SettingError(f"{var}: expected comma-separated plugin names (lowercase letters, digits, '-' or '_'), "
                           f"got {bad[0]!r} in {raw!r}")
    return names


def data_dir() -> Path:
    """Where the app offers to save battles and export logs (created when something is written)."""
    raw = os.environ.get("SLUGFEST_DATA_DIR")
    if raw is not None:
        if not raw.strip() or "\x00" in raw:
            raise SettingError(f"SLUGFEST_DATA_DIR: expected a folder path, got {raw!r}")
        return Path(os.path.expanduser(raw))  # os.path's leaves an unknown ~user as it is (Path's raises)
    import platformdirs  # imported here: only saves and preferences need it; ~10 ms off every start-up

    return Path(platformdirs.user_data_dir("slugfest", appauthor=False))
