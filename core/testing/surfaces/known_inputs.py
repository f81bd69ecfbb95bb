"""The hostile inputs issue 36 found crashing or hanging the program (items 1-6 and 13 of its
list), each made again with random variations: a part's ``state`` holding a wrongly typed value,
a part claiming a huge number of parts, a FIFO or a device given as an input, an ``.hdc`` number
too large to compute, a seed or a shard out of range, and an output naming an existing file or
one of the command's own inputs. Each returns a :class:`~.trial.Trial`: what to run and what it
must say."""

from __future__ import annotations

import copy
import json
import os
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from slugfest.scenarios import bundled

from .hdc_files import SYNTHETIC_HDC
from .merge_parts import base_parts
from .trial import Trial

#: The largest seed (a 64-bit signed whole number) and the most parts a batch may be cut into.
MOST_SEED = 2**63 - 1
MOST_PARTS = 100_000


@dataclass(frozen=True)
class Bench:
    """What the known cases start from, made once in ``folder``: a batch of hero-duel in two
    parts (parsed), and an intact character file."""

    folder: Path
    parts: tuple[dict[str, Any], ...]
    hdc: Path


def prepare_bench(folder: str | os.PathLike[str]) -> Bench:
    base = Path(folder)
    hdc = base / "intact.hdc"
    hdc.write_bytes(b"\xfe\xff" + SYNTHETIC_HDC.encode("utf-16-be"))
    return Bench(base, tuple(base_parts(base, ("hero-duel",))), hdc)


def _name(bench: Bench, rng: random.Random, suffix: str) -> Path:
    return bench.folder / f"k{rng.randrange(10**9)}{suffix}"


def _write_part(path: Path, doc: Any) -> Path:
    path.write_text(json.dumps(doc))
    return path


# -- item 1: a wrongly typed value inside a part's state -------------------------------------

#: Values of every JSON kind, one of which replaces a value of another kind.
WRONG_VALUES: tuple[Any, ...] = (None, True, False, "12", "", "x" * 300, 1.5, -1, 10**19, [], [1, 2], {}, {"a": 1})


def _kind(value: Any) -> str:
    return "bool" if isinstance(value, bool) else "number" if isinstance(value, (int, float)) else type(value).__name__


def _leaves(value: Any, at: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*at, k))] or [at]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*at, i))] or [at]
    return [at]


def key_path(path: tuple[Any, ...]) -> str:
    """A key path as the program names it: ``state.combatants.hero.dealt.STUN[1]``."""
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")


def merge_state_type(rng: random.Random, bench: Bench) -> Trial:
    """Item 1: one value inside a part's ``state`` replaced by a value of another JSON kind.
    Refused naming the file and the value's key path (or the table holding it)."""
    k = rng.randrange(2)
    doc = copy.deepcopy(bench.parts[k])
    path = rng.choice(_leaves(doc["state"], ("state",)))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    parent[path[-1]] = rng.choice([v for v in WRONG_VALUES if _kind(v) != _kind(old)])
    bad = _write_part(_name(bench, rng, "-bad.json"), doc)
    good = _write_part(_name(bench, rng, "-good.json"), bench.parts[1 - k])
    # the key's own path, or its table's when the table's keys are what is wrong
    named = key_path(path[:-1]) if isinstance(path[-1], str) and isinstance(old, dict) else key_path(path)
    names = (f"{bad}: {named.split('[')[0]}", "expected")
    files = [bad, good] if rng.random() < 0.5 else [good, bad]
    return Trial(["merge", *(str(f) for f in files)], names, None, (bad, good), (), folder=bench.folder)


# -- item 2: a part claiming a huge number of parts -------------------------------------------

def merge_shard_count(rng: random.Random, bench: Bench) -> Trial:
    """Item 2: a part whose shard claims more parts than a batch may have (up to a number of 400
    digits): refused at once naming the file and the bound, never a count of what is missing."""
    doc = copy.deepcopy(bench.parts[0])
    of = rng.choice((MOST_PARTS + 1, MOST_PARTS + rng.randrange(1, 10**6), 10**9, 2**63, 10**18 + 7,
                     10 ** rng.randrange(20, 400)))
    doc["shard"] = {**doc["shard"], "part": rng.choice((1, 2, of, of - 1)), "of": of}
    bad = _write_part(_name(bench, rng, "-huge.json"), doc)
    argv = ["merge", str(bad), *(["--partial"] if rng.random() < 0.5 else [])]
    if rng.random() < 0.5:
        argv.insert(1, str(_write_part(_name(bench, rng, "-good.json"), bench.parts[1])))
    inputs = tuple(Path(a) for a in argv[1:] if a.endswith(".json"))
    return Trial(argv, (f"{bad}: its shard", f"<= {MOST_PARTS}"), True, inputs, (), folder=bench.folder)


# -- item 3: a FIFO or a device given as an input ---------------------------------------------

def device_input(rng: random.Random, bench: Bench) -> Trial:
    """Item 3: ``merge`` or ``import`` given a FIFO, ``/dev/zero``, ``/dev/urandom`` or a link to
    one, among intact files: refused naming it ("expected a regular file"), never read."""
    which = rng.choice(("fifo", "/dev/zero", "/dev/urandom", "link-zero", "link-fifo"))
    path = _name(bench, rng, ".json" if rng.random() < 0.5 else ".hdc")
    if which.endswith("fifo"):
        fifo = path if which == "fifo" else _name(bench, rng, ".fifo")
        os.mkfifo(fifo)
        if which == "link-fifo":
            path.symlink_to(fifo)
    elif which.startswith("link"):
        path.symlink_to("/dev/zero")
    else:
        path = Path(which)
    out = _name(bench, rng, ".toml")
    if rng.random() < 0.5:
        good = _write_part(_name(bench, rng, "-good.json"), bench.parts[0])
        files, argv = [good, path], ["merge"]
    else:
        files, argv, good = [bench.hdc, path], ["import"], bench.hdc
    rng.shuffle(files)
    argv += [str(f) for f in files]
    if argv[0] == "import":
        argv += ["--out", str(out), "--quiet"]
    return Trial(argv, (f"{path}: expected a regular file",), True, (good,), (out,), folder=bench.folder)


# -- item 4: a number in a character file too large to compute --------------------------------

#: The attributes the importer reads as numbers.
NUMERIC_ATTRIBUTES = ("LEVELS", "PDLEVELS", "EDLEVELS", "DC", "ACTIVECOST", "LVLVAL", "BASECOST")


def _huge_number(rng: random.Random) -> str:
    digits = str(rng.randrange(1, 10**rng.randrange(1, 8)))
    exponent = str(rng.randrange(10**6, 10**rng.randrange(7, 13)))
    return rng.choice((
        f"{digits}e-{exponent}", f"{digits}e{exponent}", f"{digits}E+{exponent}", f"-{digits}e{exponent}",
        f"{digits}.{digits}e-{exponent}", "9" * rng.randrange(31, 5000), "0." + "0" * rng.randrange(31, 5000) + "1",
        f"{digits}/{'9' * rng.randrange(31, 400)}",
    ))


def hdc_number(rng: random.Random, bench: Bench) -> Trial:
    """Item 4: a numeric attribute of a character file set to a number of millions of digits (an
    exponent such as ``1e-1000000000``): refused at once naming the file, the element and the
    attribute ("expected a number"), or, where the importer does not read it, imported."""
    text = SYNTHETIC_HDC
    spots = [m for m in re.finditer(r'\b(' + "|".join(NUMERIC_ATTRIBUTES) + r')="([^"]*)"', text)]
    m = rng.choice(spots)
    text = text[:m.start(2)] + _huge_number(rng) + text[m.end(2):]
    path = _name(bench, rng, ".hdc")
    path.write_bytes(b"\xfe\xff" + text.encode("utf-16-be") if rng.random() < 0.5 else text.encode())
    out = _name(bench, rng, ".toml")
    files = [str(path), str(bench.hdc)]
    rng.shuffle(files)
    return Trial(["import", *files, "--out", str(out), "--quiet"], (f"{path}: ", f"{m.group(1)}: expected a number"),
                 None, (path, bench.hdc), (out,), folder=bench.folder)


# -- items 5 and 6: a seed or a shard out of range ---------------------------------------------

def _seed(rng: random.Random) -> tuple[str, bool]:
    """A seed given to ``--seed``, and whether it is in range."""
    return rng.choice((
        (str(-rng.randrange(1, 10**rng.randrange(1, 30))), False),
        (str(MOST_SEED + rng.randrange(1, 10**rng.randrange(1, 30))), False),
        ("9" * rng.randrange(20, 6000), False),
        ("-" + "9" * rng.randrange(20, 6000), False),
        (str(rng.choice((0, 1, MOST_SEED, rng.randrange(MOST_SEED)))), True),
    ))


def import_seed(rng: random.Random, bench: Bench) -> Trial:
    """Item 5: ``import --seed`` below 0, at 2**63 or beyond, or thousands of digits long:
    refused naming the option and the range, nothing written; a seed in range imports."""
    seed, fine = _seed(rng)
    out = _name(bench, rng, ".toml")
    argv = ["import", str(bench.hdc), str(bench.hdc), "--out", str(out), "--quiet", f"--seed={seed}"]
    return Trial(argv, ("--seed", f"expected a seed from 0 to {MOST_SEED}"), not fine, (bench.hdc,), (out,),
                 folder=bench.folder)


def _shard(rng: random.Random) -> tuple[str, bool]:
    big = "9" * rng.randrange(4300, 6000)
    n = rng.randrange(2, 5)
    return rng.choice((
        (f"1/{big}", False), (f"{big}/{big}", False), (f"{big}/2", False), (f"1/{MOST_PARTS + rng.randrange(1, 10**9)}", False),
        (f"{n + rng.randrange(1, 10**6)}/{n}", False), (f"0/{n}", False), (f"-1/{n}", False),
        (f"{rng.randrange(1, n + 1)}/{n}", True),
    ))


def shard_argument(rng: random.Random, bench: Bench) -> Trial:
    """Item 6: ``simulate --shard I/N`` with N or I of thousands of digits, beyond 100,000 parts,
    or I outside 1..N: refused naming the option, nothing written; a shard in range is written
    whole."""
    shard, fine = _shard(rng)
    out = _name(bench, rng, ".json")
    argv = ["simulate", "hero-duel", "--runs", "4", "--jobs", "1", "--no-progress", "--shard", shard, "--json", str(out)]
    return Trial(argv, ("--shard",), not fine, (), (out,), folder=bench.folder)


# -- item 13: outputs never silently overwritten ---------------------------------------------

def _writers(bench: Bench, part1: Path, part2: Path, scenario: Path
             ) -> dict[str, tuple[list[str], str, tuple[Path, ...], str]]:
    """Each command that writes a file: its arguments, its output option, its inputs, and what it
    writes (a name's suffix: how the file is read back to see that it is whole)."""
    quick = ["--runs", "2", "--jobs", "1", "--no-progress"]
    return {
        "simulate": (["simulate", str(scenario), *quick], "--json", (scenario,), ".json"),
        "merge": (["merge", str(part1), str(part2)], "--json", (part1, part2), ".json"),
        "battle": (["battle", str(scenario), "--brief"], "--out", (scenario,), ".log"),  # the log, as text
        "export": (["export", str(scenario)], "--out", (scenario,), ".toml"),
        "import": (["import", str(bench.hdc), str(bench.hdc), "--quiet"], "--out", (bench.hdc,), ".toml"),
        "sweep": (["sweep", str(scenario), "--param", "ironclad.STR", "--values", "20,30", *quick], "--json",
                  (scenario,), ".json"),
        "sweep-csv": (["sweep", str(scenario), "--param", "ironclad.STR", "--values", "20,30", *quick], "--csv",
                      (scenario,), ".csv"),
        "ladder": (["ladder", str(scenario), "--ais", "default,aggressive", *quick], "--json", (scenario,), ".json"),
    }


def output_overwrite(rng: random.Random, bench: Bench) -> Trial:
    """Item 13: a command's output named as an existing file (refused without ``--force``,
    replaced whole with it) or as one of its own inputs, by its name, a relative name, a path
    through ``..``, a symbolic link or a hard link (refused even with ``--force``)."""
    part1 = _write_part(_name(bench, rng, "-p1.json"), bench.parts[0])
    part2 = _write_part(_name(bench, rng, "-p2.json"), bench.parts[1])
    scenario = _name(bench, rng, ".toml")  # the bundled duel, as a file of the folder's own
    scenario.write_bytes(Path(bundled()["hero-duel"]).read_bytes())
    command = rng.choice(sorted(_writers(bench, part1, part2, scenario)))
    argv, option, inputs, suffix = _writers(bench, part1, part2, scenario)[command]
    force = rng.random() < 0.5
    if rng.random() < 0.5:  # an existing file
        target = _name(bench, rng, suffix)
        target.write_text("keep me\n")
        named, refuse = str(target), not force
        names: tuple[str, ...] = (f"{target} already exists", "--force")
        kept = inputs if force else (*inputs, target)  # replaced only with --force
        outputs: tuple[Path, ...] = (target,)
    else:  # one of its own inputs
        source = rng.choice(inputs)
        how = rng.choice(("same", "relative", "dotdot", "symlink", "hardlink"))
        if how == "same":
            named = str(source)
        elif how == "relative":
            named = os.path.relpath(source)
        elif how == "dotdot":
            named = str(source.parent / "sub" / ".." / source.name)
            (source.parent / "sub").mkdir(exist_ok=True)
        else:
            link = _name(bench, rng, source.suffix)
            (link.symlink_to if how == "symlink" else link.hardlink_to)(source)
            named = str(link)
        names, refuse, kept, outputs = (f"cannot write {named}: it is an input of this command",), True, inputs, ()
    return Trial([*argv, option, named, *(["--force"] if force else [])], names, refuse, kept, outputs,
                 folder=bench.folder)
