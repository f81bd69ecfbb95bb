#!/usr/bin/env bash
# Install what the tests need into .venv (created if missing) and run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Installed once per version of pyproject.toml (a stamp holds its hash): a second run starts at once.
stamp=.venv/.slugfest-test-installed
want="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest())')"
if [ ! -x .venv/bin/pytest ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    python3 -m venv .venv
    # pip's own notes (setuptools warns about every editable install, a mirror about its index)
    # are kept in .venv/pip.log and shown only if the install fails.
    .venv/bin/python -m pip install --quiet --upgrade pip > /dev/null 2> .venv/pip.log || true
    .venv/bin/python -m pip install --quiet -e '.[test]' 2>> .venv/pip.log || { cat .venv/pip.log >&2; exit 1; }
    echo "$want" > "$stamp"
fi
# One test process per core (pytest-xdist); tests are hermetic (each its own data folder and
# temporary files), so they share nothing. Pass -n 0 to run in one process, e.g. with --pdb.
exec .venv/bin/python -m pytest -n auto "$@"
