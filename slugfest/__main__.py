"""``python -m slugfest``: the same as the ``slugfest`` command."""

from slugfest.cli import main

raise SystemExit(main())
