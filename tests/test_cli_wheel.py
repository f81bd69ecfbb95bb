"""Bundled scenarios are found from an installed wheel, not only from a checkout.

Builds a wheel from a copy of the source tree (so no build/ or egg-info lands in the
checkout), checks every bundled .toml is inside it, then unpacks it as an install would and
asks a fresh interpreter to list and load the bundled scenarios from there.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scenarios import bundled

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
        assert f"scenarios/{name}.toml" in names
    assert {"scenarios/hero-duel.toml", "scenarios/hero-brawl.toml", "scenarios/hero-heroic.toml"} <= names
    assert not any(n.startswith("tests/") for n in names)


def test_an_installed_wheel_finds_and_loads_its_scenarios(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)  # a pure-Python wheel installs by unpacking
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import scenarios, core.scenario\n"
        "assert scenarios.__file__.startswith(sys.argv[1]), scenarios.__file__\n"
        "found = scenarios.bundled()\n"
        "for name, path in found.items():\n"
        "    assert str(path).startswith(sys.argv[1]), path\n"
        "    core.scenario.load_scenario(scenarios.find(name))\n"
        "print(' '.join(found))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(site)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert set(proc.stdout.split()) == set(bundled())
