"""Settings for the whole suite.

Installed, the repository's folders are importable only under ``slugfest`` (``slugfest.core``,
``slugfest.plugins``...). ``python -m pytest`` puts the working directory on ``sys.path``, which
would make ``import core`` work in the tests of a checkout and nowhere else, and hide a module
imported by its old name. The checkout's root is taken off the path, so the suite imports what
an install does.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if p not in ("", ".") and Path(p or ".").resolve() != _ROOT]


import os  # noqa: E402
import tempfile  # noqa: E402

#: The app offers saves and exports in the per-user data folder; the suite never touches the
#: user's: it gets a folder of its own for the session (a test may point it elsewhere).
os.environ["SLUGFEST_DATA_DIR"] = tempfile.mkdtemp(prefix="slugfest-data-")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    """Each test its own data folder: what the app remembers between runs (the theme, the speed,
    recent saves: tui/preferences.py) never carries from one test into another."""
    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path_factory.mktemp("data")))
