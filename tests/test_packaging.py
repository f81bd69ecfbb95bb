"""Installed, Slugfest is one package, ``slugfest``, and nothing else at the top level.

Builds a wheel from a copy of the source tree (so no build/ or egg-info lands in the
checkout) and checks what it holds: the repository's folders (core/, tui/, plugins/,
scenarios/) under ``slugfest/``, every bundled .toml among them, no generic top-level name.
Then it unpacks the wheel as an install would and asks a fresh interpreter to list and load the
bundled scenarios from there and to run ``python -m slugfest``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from slugfest.scenarios import bundled

ROOT = Path(__file__).parent.parent
OFFLINE_SIGNS = ("No matching distribution found", "Could not find a version that satisfies",
                 "Failed to establish a new connection", "Temporary failure in name resolution")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".venv", ".pytest_cache", ".hypothesis", "tests"))
    out = tmp / "dist"
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        if any(sign in proc.stdout + proc.stderr for sign in OFFLINE_SIGNS):
            pytest.skip("the build backend (setuptools) is not available offline")
        pytest.fail(f"pip wheel failed:\n{proc.stdout}\n{proc.stderr}")
    (whl,) = out.glob("slugfest-*.whl")
    return whl


def test_the_wheel_holds_every_bundled_scenario(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in bundled():
        assert f"slugfest/scenarios/{name}.toml" in names
    assert {"slugfest/scenarios/hero-duel.toml", "slugfest/tui/app.tcss", "slugfest/core/hero/system.py",
            "slugfest/plugins/default_ai.py", "slugfest/__main__.py", "slugfest/core/render/events.schema.json",
            "slugfest/core/render/replay_page.html"} <= names


def test_nothing_but_slugfest_is_installed_at_the_top_level(wheel):
    tops = {n.split("/")[0] for n in zipfile.ZipFile(wheel).namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"slugfest"}


def test_every_package_folder_is_in_the_wheel():
    """pyproject.toml lists the packages by hand (the folders are mapped under slugfest): a new
    folder with an __init__.py must be added there, or it would be missing from installs."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    mapping = config["package-dir"]
    found = {"slugfest"}
    for package, folder in mapping.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((package, *rel)))
    assert found == listed


def test_an_installed_wheel_finds_and_loads_its_scenarios(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)  # a pure-Python wheel installs by unpacking
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from slugfest import scenarios\n"
        "from slugfest.core.files import scenario\n"
        "assert scenarios.__file__.startswith(sys.argv[1]), scenarios.__file__\n"
        "found = scenarios.bundled()\n"
        "for name, path in found.items():\n"
        "    assert str(path).startswith(sys.argv[1]), path\n"
        "    scenario.load_scenario(scenarios.find(name))\n"
        "print(' '.join(found))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(site)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert set(proc.stdout.split()) == set(bundled())


def test_the_installed_package_runs_as_python_m_slugfest(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = "import runpy, sys; sys.path.insert(0, sys.argv[1]); sys.argv = ['slugfest', 'battle', 'hero-duel', '--brief']; runpy.run_module('slugfest', run_name='__main__')"
    proc = subprocess.run([sys.executable, "-c", code, str(site)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "win" in proc.stdout.splitlines()[-1]
