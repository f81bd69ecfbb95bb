"""Edge arguments to every command: numbers at every edge and things that only look like
numbers, words where a name or a choice goes, and paths at every edge (a FIFO, devices, a loop
of links, names too long)."""

from __future__ import annotations

import contextlib
import os
import random
from pathlib import Path

from ..fuzzing import Verdict, _timed
from .hdc_files import SYNTHETIC_HDC
from .running import command_verdict, run_cli

#: Numbers at every edge, and things that only look like numbers.
NUMBERS = ("-1", "0", "1", "2", str(2**63 - 1), str(2**63), str(-(2**63)), "9" * 5000, "1e3", "nan", "inf", "",
           " ", "0x10", "+5", "-0", "１２", "٣", "1/0", "3%", "2.5", "--", "10000001", "1_000")
#: Words where a name or a choice goes.
WORDS = ("", " ", "x", "default", "hero", "💥", "a" * 5000, "-", "--help", "STR", "a.b", "a..b", "1..", "..",
         "2..8", "8..2", "6d6..14d6", "0..0", "-5..5", "50%", "101%", "0.5", "nan%", "default,default", ",,,",
         "Heroes", "ironclad", "ironclad.STR", "ironclad.attacks.0.dice", "\u0000")


def _edge_paths(folder: Path, rng: random.Random) -> list[str]:
    """Paths at every edge (made in ``folder``): a FIFO, devices, a folder, a loop of links,
    names too long, one missing, one that exists, standard output."""
    fifo, loop, existing = folder / "fifo", folder / "loop", folder / "existing.json"
    if not fifo.exists():
        os.mkfifo(fifo)
    if not loop.is_symlink():  # (a command that wrote over it would be a finding of its own)
        loop.unlink(missing_ok=True)
        loop.symlink_to(loop)
    existing.write_text("{}")
    return [str(fifo), "/dev/zero", "/dev/urandom", "/dev/null", str(folder), str(loop), str(loop / "x"),
            str(folder / "missing.toml"), str(folder / ("n" * 300)), str(folder) + "/a" * 2100, str(existing), "-",
            "", "/dev/stdout", str(folder / "no" / "such" / "folder" / "x.json")]


def _commands(folder: Path) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Each command with small arguments that run at once, and the options to put an edge
    value in (with the kind of value each takes). A valid value never makes the command long:
    the number of battles stays fixed at two."""
    parts = [str(folder / "part-1.json"), str(folder / "part-2.json")]
    hdc = str(folder / "subject.hdc")
    return {
        "battle": (["battle", "hero-duel", "--brief"],
                   {"scenario": "path", "--seed": "number", "--log": "word", "--out": "path",
                    "--on-plugin-error": "word", "--ai": "word"}),
        "simulate": (["simulate", "hero-duel", "--runs", "2", "--jobs", "1", "--no-progress"],
                     {"scenario": "path", "--seed": "number", "--jobs": "number", "--play-by-play": "number",
                      "--precision": "number", "--json": "path", "--shard": "shard", "--cluster": "cluster",
                      "--runs": "small", "--ai": "word"}),
        "merge": (["merge", *parts], {"part": "path", "--json": "path"}),
        "import": (["import", hdc, hdc, "--out", "-", "--quiet"],
                   {"character": "path", "--seed": "number", "--out": "path", "--json": "path", "--into": "path",
                    "--side": "word"}),
        "export": (["export", "hero-duel", "--out", "-"], {"scenario": "path", "--out": "path"}),
        "check": (["check", "hero-duel"], {"scenario": "path"}),
        "sweep": (["sweep", "hero-duel", "--param", "ironclad.STR", "--values", "20,30", "--runs", "2", "--jobs", "1",
                   "--no-progress"],
                  {"--param": "word", "--values": "word", "--seed": "number", "--precision": "number", "--json": "path",
                   "--csv": "path", "--runs": "small", "--ai": "word"}),
        "balance": (["balance", "hero-duel", "--param", "ironclad.STR", "--range", "20..22", "--runs", "2", "--jobs",
                     "1", "--no-progress"],
                    {"--param": "word", "--range": "word", "--target": "word", "--side": "word", "--seed": "number",
                     "--json": "path", "--runs": "small", "--ai": "word"}),
        "ladder": (["ladder", "hero-duel", "--ais", "default,aggressive", "--runs", "2", "--jobs", "1",
                    "--no-progress"],
                   {"--ais": "word", "--combatants": "word", "--seed": "number", "--json": "path", "--runs": "small"}),
    }


COMMANDS = ("battle", "simulate", "merge", "import", "export", "check", "sweep", "balance", "ladder")


def prepare_arguments(folder: str | os.PathLike[str]) -> None:
    """What the commands' small arguments name: a batch's two parts and a character file."""
    base = Path(folder)
    for i in (1, 2):
        code, _, err = run_cli(["simulate", "hero-duel", "--runs", "2", "--shard", f"{i}/2", "--json",
                                str(base / f"part-{i}.json"), "--jobs", "1", "--no-progress", "--force"])
        assert code == 0, err
    (base / "subject.hdc").write_bytes(b"\xfe\xff" + SYNTHETIC_HDC.encode("utf-16-be"))


def _a_long_batch(text: str) -> bool:
    """Whether ``text`` is a valid count of battles above three (a case must stay short)."""
    try:
        return len(text) < 30 and int(text) > 3
    except ValueError:
        return False


def _edge(kind: str, rng: random.Random, paths: list[str]) -> str:
    if kind == "path":
        return rng.choice([*paths, "hero-duel", "marvel-seed", "no-such-scenario"])
    if kind == "number":
        return rng.choice(NUMBERS)
    if kind == "small":  # a count of battles: anything that is not a valid large one
        return rng.choice([n for n in NUMBERS if not _a_long_batch(n)])
    if kind == "shard":
        return rng.choice(("1/2", "2/2", "0/2", "3/2", "1/0", "1/100000", "1/100001", "1/" + "9" * 5000, "a/b",
                           "1//2", "/", "-1/2", "1/2/3", "１/２", ""))
    if kind == "cluster":  # never a real cluster: addresses that must be refused
        return rng.choice(("local:x", "local:0", "local:00", "local:-1", "tcp://", "tcp://256.0.0.1:99999",
                           "nonsense", "", "local:" + "9" * 5000))
    return rng.choice(WORDS)


def argument_case(rng: random.Random, folder: str | os.PathLike[str], command: str | None = None) -> Verdict:
    """One command with one or two of its arguments at an edge (see :func:`_commands`)."""
    base = Path(folder)
    paths = _edge_paths(base, rng)
    command = command or rng.choice(COMMANDS)
    argv, options = _commands(base)[command]
    argv = list(argv)
    for _ in range(rng.choice((1, 1, 2))):
        option, kind = rng.choice(sorted(options.items()))
        value = _edge(kind, rng, paths)
        if not option.startswith("--"):  # the positional argument: replace the first (or add one)
            if option in ("part", "character"):
                argv.insert(1, value)
            else:
                argv[1] = value
        elif option in argv:
            argv[argv.index(option) + 1] = value
        else:
            argv += [option, value]
    if "--shard" in argv and "--json" not in argv:
        argv += ["--json", str(base / f"shard-{rng.randrange(10**9)}.json")]
    if rng.random() < 0.3:
        argv.append("--force")
    before = sorted(os.listdir(base))
    try:
        return _timed(f"argument-{command}", command_verdict(command, argv))
    finally:
        for name in set(os.listdir(base)) - set(before):  # outputs it wrote: the next case starts clean
            with contextlib.suppress(OSError):
                (base / name).unlink()
