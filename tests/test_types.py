"""The code type-checks: mypy over the package as it is installed, with pyproject.toml's
[tool.mypy] settings (strict on the engine, the package's face and the built-in house rules).

The repository keeps core/, plugins/, tui/ and scenarios/ at its top, and the package maps them
under ``slugfest``; mypy reads modules from folders, so it is given that layout as a tree of
links (built in a temporary folder, nothing written to the checkout but mypy's cache).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def package_view(into: Path) -> Path:
    """``into``/slugfest: the package as installed, as links to the checkout's folders."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    folders = config["tool"]["setuptools"]["package-dir"]
    top = into / "slugfest"
    top.mkdir()
    for entry in (ROOT / folders["slugfest"]).iterdir():
        if entry.name != "__pycache__":
            (top / entry.name).symlink_to(entry)
    for name, folder in folders.items():
        if name != "slugfest":
            (top / name.split(".", 1)[1]).symlink_to(ROOT / folder)
    return top


def test_the_code_type_checks(tmp_path):
    pytest.importorskip("mypy")
    view = tmp_path / "view"
    view.mkdir()
    package_view(view)
    run = tmp_path / "run"  # an empty folder to run in: mypy also looks for modules where it runs
    run.mkdir()
    cache = ROOT / ".venv" / "mypy_cache" if (ROOT / ".venv").is_dir() else tmp_path / "cache"
    env = {**os.environ, "MYPYPATH": str(view)}
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(cache), "-p", "slugfest"],
                          cwd=run, env=env, capture_output=True, text=True, timeout=600)
    said = (done.stdout + done.stderr).replace(str(view) + os.sep, "")
    assert done.returncode == 0, said


def test_no_name_is_imported_or_assigned_and_left_unused():
    """pyflakes' checks (ruff's F rules, pyproject.toml's [tool.ruff]) over every Python file in
    the repository: an import or a name nothing reads is usually a rule that was moved and half
    left behind."""
    pytest.importorskip("ruff")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                           str(ROOT)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
