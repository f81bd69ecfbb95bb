"""The hostile plugins issue 36 found hanging or crashing a command (items 10-12 of its list),
each installed again by entry point with random variations, and the command run as a process
of its own: a plugin leaving a thread that never ends, one closing or replacing the standard
streams, and one killing the worker process of a local cluster mid-run."""

from __future__ import annotations

import random
from pathlib import Path

from .known_inputs import Bench
from .running import run_cli
from .trial import Trial

#: Where in a battle a plugin's hostile act happens (a hook of the observer's), or "import":
#: when the program loads the plugin, before any battle.
MOMENTS = ("import", "slugfest_battle_start", "slugfest_battle_end")


def install(folder: Path, name: str, source: str) -> Path:
    """A folder holding the plugin ``name`` (its module ``source``) as an installed distribution
    with a ``slugfest`` entry point: put it on ``PYTHONPATH`` and the program loads it."""
    home = folder / f"plugins-{name}"
    dist = home / f"{name}-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[slugfest]\n{name} = {name.replace('-', '_')}_plugin\n")
    (home / f"{name.replace('-', '_')}_plugin.py").write_text(source)
    return home


def _plugin(moment: str, act: str, imports: str = "import os\nimport sys\nimport threading\nimport time\n") -> str:
    """A plugin module doing ``act`` (lines of Python) at ``moment``."""
    head = f'"""A hostile plugin of the reliability campaign."""\n{imports}\nfrom slugfest import hookimpl\n\n'
    body = "\n".join("    " + line for line in act.splitlines())
    if moment == "import":
        return head + act + "\n"
    return head + f"\n@hookimpl\ndef {moment}(battle):\n{body}\n"


def stray_thread(rng: random.Random, bench: Bench) -> Trial:
    """Item 10: a plugin that starts a thread that never ends (daemon or not; when loaded, or at
    a battle's start or end): the batch (``simulate``, in one or two worker processes) or the
    battle still finishes and reports."""
    daemon = rng.random() < 0.3
    moment = rng.choice(MOMENTS)
    act = ("def _spin():\n    while True:\n        time.sleep(0.05)\n"
           f"threading.Thread(target=_spin, daemon={daemon}).start()")
    home = install(bench.folder, "stray-thread", _plugin(moment, act))
    runs = rng.randrange(2, 7)
    if rng.random() < 0.7:
        argv = ["simulate", "hero-duel", "--runs", str(runs), "--jobs", str(rng.choice((1, 2))), "--no-progress"]
        shown = f"{runs} battles"
    else:
        argv, shown = ["battle", "hero-duel", "--brief", "--seed", str(rng.randrange(100))], "win"
    return Trial(argv, (), False, (), (), plugins=home, stdout=shown, folder=bench.folder)


#: Ways a plugin can take the standard streams away.
STREAM_ACTS = ("sys.stdout.close()", "sys.stderr.close()", "os.close(1)", "os.close(2)", "sys.stdout = None",
               "sys.stderr = None", "sys.stdout = open(os.devnull, 'w')", "sys.__stdout__.close()")


def closed_streams(rng: random.Random, bench: Bench) -> Trial:
    """Item 11: a plugin that closes or replaces standard output or error (the objects or the
    descriptors), at a battle's start or end: the command prints what it prints without the
    plugin, exit 0."""
    acts = rng.sample(STREAM_ACTS, rng.randint(1, 3))
    moment = rng.choice(MOMENTS[1:])
    home = install(bench.folder, "stream-closer", _plugin(moment, "\n".join(acts)))
    seed = str(rng.randrange(1000))
    if rng.random() < 0.6:
        argv = ["battle", "hero-duel", "--seed", seed, *(["--brief"] if rng.random() < 0.5 else [])]
    else:
        argv = ["simulate", "hero-duel", "--runs", "3", "--jobs", "1", "--no-progress", "--seed", seed]
    code, clean, _ = run_cli(argv)
    return Trial(argv, (), False, (), (), plugins=home, stdout=clean if code == 0 else "", folder=bench.folder)


def killed_workers(rng: random.Random, bench: Bench) -> Trial:
    """Item 12: ``simulate --cluster local:2`` whose worker processes a plugin kills (SIGKILL,
    or ``os._exit``) one to three times mid-run: the report is printed, and no foreign
    traceback (the resource tracker's ``KeyError``) with it."""
    kills = rng.randint(1, 3)
    how = rng.choice(("os.kill(os.getpid(), 9)", "os._exit(1)"))
    markers = bench.folder / "kills"
    markers.mkdir(exist_ok=True)
    act = (f"for i in range({kills}):\n"
           "    try:\n"
           f"        os.close(os.open(os.path.join({str(markers)!r}, str(i)), os.O_CREAT | os.O_EXCL))\n"
           "    except FileExistsError:\n"
           "        continue\n"
           f"    {how}")
    home = install(bench.folder, "worker-killer", _plugin("slugfest_battle_start", act))
    runs = rng.randrange(10, 41)
    argv = ["simulate", "hero-duel", "--runs", str(runs), "--cluster", "local:2", "--no-progress"]
    return Trial(argv, (), False, (), (), plugins=home, stdout="battles (hero)", folder=bench.folder)
