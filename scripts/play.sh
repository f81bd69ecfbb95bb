#!/usr/bin/env bash
# Install the game into .venv (created if missing) and start it on the bundled default
# scenario. With arguments, they are passed to the `slugfest` command instead
# (e.g. `bash scripts/play.sh battle hero-brawl --seed 7`).
#
# The install is editable, so code changes need no reinstall: it runs again only when
# pyproject.toml changes (its hash is kept in .venv/.slugfest-installed) or the command is
# missing, and a second launch starts about as fast as the installed `slugfest` itself.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=.venv/.slugfest-installed
want="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest())')"
if [ ! -x .venv/bin/slugfest ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    python3 -m venv .venv
    # pip's own notes (setuptools warns about every editable install) are kept in .venv/pip.log
    # and shown only if the install fails.
    .venv/bin/python -m pip install --quiet --upgrade pip > /dev/null 2> .venv/pip.log || true
    .venv/bin/python -m pip install --quiet -e . 2>> .venv/pip.log || { cat .venv/pip.log >&2; exit 1; }
    echo "$want" > "$stamp"
fi
if [ "$#" -gt 0 ]; then
    exec .venv/bin/slugfest "$@"
elif [ -t 0 ] && [ -t 1 ]; then
    exec .venv/bin/slugfest play hero-duel      # the app, on the default scenario (Esc: the picker)
else
    exec .venv/bin/slugfest battle hero-duel    # no terminal to draw in: the battle as text
fi
