#!/usr/bin/env bash
# Install the game into .venv (created if missing) and start it on the bundled default scenario.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/slugfest "$@"
