"""Hostile preferences and data folders (``SLUGFEST_DATA_DIR``): made here, played in the app by
``scripts/fuzz.py`` and ``tests/tui`` (``core/`` never imports the app)."""

from __future__ import annotations

import os
import random
from pathlib import Path

#: What a data folder (``SLUGFEST_DATA_DIR``) or its ``preferences.toml`` can be.
DATA_FOLDER_KINDS = ("prefs-fifo", "prefs-dev-zero", "prefs-dev-urandom", "prefs-folder", "prefs-deep",
                     "prefs-huge", "prefs-binary", "prefs-types", "prefs-recent-long", "prefs-recent-nul",
                     "prefs-recent-loop", "prefs-recent-types", "prefs-loop", "prefs-empty", "folder-loop",
                     "folder-is-file", "folder-too-long", "folder-missing", "folder-fifo", "folder-dev-null",
                     "folder-relative", "folder-tilde-user")


def hostile_data_folder(rng: random.Random, folder: str | os.PathLike[str], kind: str | None = None) -> tuple[str, str]:
    """(kind, the value for ``SLUGFEST_DATA_DIR``): a data folder under ``folder`` made hostile
    one way, or a ``preferences.toml`` in it made hostile one way."""
    kind = kind or rng.choice(DATA_FOLDER_KINDS)
    base = Path(folder) / f"data-{rng.randrange(10**9)}"
    prefs = base / "preferences.toml"
    if kind.startswith("prefs-"):
        base.mkdir(parents=True)
    long_name = "/tmp/" + "x" * rng.choice((256, 300, 5000))
    text = {
        "prefs-deep": "recent = " + "[" * rng.choice((25, 1000, 100_000)) + "]" * 100_000 + "\n",  # item 7: 100,000 deep
        "prefs-huge": "speed = 1\n" + "#" * rng.choice((70_000, 2_000_000)) + "\n",
        "prefs-types": rng.choice(('speed = "fast"\n', "speed = -1\n", "speed = 1e308\n", f"speed = {2**63 - 1}\n",
                                   "theme = 3\n", f'theme = "{"t" * 10_000}"\n', "recent = 5\n", "speed = true\n",
                                   "speed = nan\n", "[recent]\nx = 1\n")),
        "prefs-recent-long": f'recent = ["{long_name}", "{base / "ok.toml"}"]\n',
        "prefs-recent-nul": 'recent = ["/tmp/a\\u0000b"]\n',
        "prefs-recent-loop": f'recent = ["{base / "loop" / "x.toml"}"]\n',
        "prefs-recent-types": rng.choice(("recent = [1, 2]\n", 'recent = [["a"]]\n', "recent = [{a = 1}]\n",
                                          'recent = ["' + "a/" * 3000 + '"]\n')),
        "prefs-empty": "",
    }
    if kind in text:
        prefs.write_text(text[kind])
        if kind == "prefs-recent-loop":
            (base / "loop").symlink_to(base / "loop")
    elif kind == "prefs-fifo":
        os.mkfifo(prefs)
    elif kind in ("prefs-dev-zero", "prefs-dev-urandom"):
        prefs.symlink_to("/dev/" + kind.rsplit("-", 1)[1])
    elif kind == "prefs-folder":
        prefs.mkdir()
    elif kind == "prefs-binary":
        prefs.write_bytes(bytes(rng.randrange(256) for _ in range(rng.choice((10, 1000)))))
    elif kind == "prefs-loop":
        prefs.symlink_to(prefs)
    elif kind == "folder-loop":
        base.symlink_to(base)
    elif kind == "folder-is-file":
        base.write_text("not a folder")
    elif kind == "folder-too-long":
        return kind, str(base) + "/" + "d" * rng.choice((256, 5000))
    elif kind == "folder-fifo":
        os.mkfifo(base)
    elif kind == "folder-dev-null":
        return kind, "/dev/null"
    elif kind == "folder-relative":
        return kind, rng.choice(("relative/data", ".", "..", "./" + "r/" * 50))
    elif kind == "folder-tilde-user":
        return kind, "~no-such-user-here/data"
    return kind, str(base)
