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
# The replay's browser tests drive Debian's Chromium (Playwright is only the driver: no browser
# download). Installed once, when missing and when we may (root with apt-get, as CI runs);
# without it those tests skip and say why.
if ! command -v chromium > /dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null 2>&1; then
    echo "installing chromium for the replay's browser tests (once)..." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } > .venv/apt.log 2>&1 \
        || echo "could not install chromium (see .venv/apt.log): the browser tests will skip" >&2
fi
# One test process per core (pytest-xdist); tests are hermetic (each its own data folder and
# temporary files), so they share nothing. Pass -n 0 to run in one process, e.g. with --pdb.
exec .venv/bin/python -m pytest -n auto "$@"
