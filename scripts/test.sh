#!/usr/bin/env bash
# Install what the tests need into .venv (created if missing) and run the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -e '.[test]'
exec .venv/bin/python -m pytest "$@"
