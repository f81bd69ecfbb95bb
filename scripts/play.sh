#!/usr/bin/env bash
# Install the game into .venv (created if missing) and start it on the bundled default
# scenario. With arguments, they are passed to the `slugfest` command instead
# (e.g. `bash scripts/play.sh battle hero-brawl --seed 7`).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
# pip's own notes (setuptools warns about every editable install) are kept in .venv/pip.log
# and shown only if the install fails.
.venv/bin/python -m pip install --quiet -e . 2> .venv/pip.log || { cat .venv/pip.log >&2; exit 1; }
if [ "$#" -gt 0 ]; then
    exec .venv/bin/slugfest "$@"
elif [ -t 0 ] && [ -t 1 ]; then
    exec .venv/bin/slugfest play hero-duel      # the app, on the default scenario (Esc: the picker)
else
    exec .venv/bin/slugfest battle hero-duel    # no terminal to draw in: the battle as text
fi
