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


@pytest.fixture(scope="session")
def load_script():
    """Load one of the repository's scripts (benchmarks/, scripts/) as a module, by its path
    from the repository's root; each stays importable by its name until the session ends."""
    import importlib.util

    loaded: list[str] = []

    def load(relative: str, name: str):
        spec = importlib.util.spec_from_file_location(name, _ROOT / relative)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        loaded.append(name)
        spec.loader.exec_module(module)
        return module

    yield load
    for name in loaded:
        sys.modules.pop(name, None)


@pytest.fixture
def tally_fails_at(monkeypatch):
    """Make the tally of battle ``index`` raise ("broken tally"), as a bug in a rules system's
    statistics would, for the batch code to report with its seed."""
    from slugfest.core.batch import simulate as sim

    real = sim.tally_of

    def at(index: int) -> None:
        def flaky(battle, i):
            if i == index:
                raise ValueError("broken tally")
            return real(battle, i)

        monkeypatch.setattr(sim, "tally_of", flaky)

    return at
