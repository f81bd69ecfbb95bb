"""scripts/play.sh installs once: a second launch skips pip (issue 21: it reinstalled every time)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_play_sh_skips_the_install_when_pyproject_is_unchanged(tmp_path):
    """A copy of the script in a fake checkout whose .venv already holds a `slugfest` command
    and a matching stamp runs that command at once, never pip."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "play.sh", tmp_path / "scripts" / "play.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    fake = bin_dir / "slugfest"
    fake.write_text("#!/bin/sh\necho ran slugfest \"$@\"\n")
    fake.chmod(0o755)
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    (tmp_path / ".venv" / ".slugfest-installed").write_text(stamp + "\n")
    out = subprocess.run(["bash", str(tmp_path / "scripts" / "play.sh"), "scenarios"], capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PATH": os.environ.get("PATH", "")})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ran slugfest scenarios"
    assert not (tmp_path / ".venv" / "pip.log").exists()  # pip never ran


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_test_sh_skips_the_install_when_pyproject_is_unchanged(tmp_path):
    """The same for scripts/test.sh: with pytest installed and a matching stamp, a second run
    goes straight to pytest (the fake .venv's python says what it was asked), never pip."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "test.sh", tmp_path / "scripts" / "test.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("python", "pytest"):
        fake = bin_dir / name
        fake.write_text(f"#!/bin/sh\necho ran {name} \"$@\"\n")
        fake.chmod(0o755)
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    (tmp_path / ".venv" / ".slugfest-test-installed").write_text(stamp + "\n")
    out = subprocess.run(["bash", str(tmp_path / "scripts" / "test.sh"), "-k", "x"], capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PATH": os.environ.get("PATH", "")})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ran python -m pytest -n auto -k x"
    assert not (tmp_path / ".venv" / "pip.log").exists()  # pip never ran
