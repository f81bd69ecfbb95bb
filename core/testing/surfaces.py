"""The reliability campaign's generators for the surfaces added after the first campaigns:
batch parts given to ``merge``, Hero Designer files given to ``import``, edge arguments to
every command, and hostile preferences and data folders.

The same harness as :mod:`core.testing.fuzzing` (each case takes a ``random.Random`` and returns
a :class:`~core.testing.fuzzing.Verdict`), shared the same way by ``scripts/fuzz.py`` (the whole
campaign) and the suite (``tests/test_fuzz.py``, a slice). A command's case runs it in this
process, as ``slugfest ARGV``: exit 0 is "accepted", exit 2 with a message "refused"; any
other exit, a traceback, or a case past :data:`~core.testing.fuzzing.HANG_SECONDS` is a finding.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from slugfest import cli

from .fuzzing import Verdict, _timed

def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``slugfest ARGV`` in this process: (exit code, standard output, standard error). A command
    that raises is caught as the program would catch it (``handled``: exit 70 and a traceback)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def command_verdict(kind: str, argv: list[str]) -> Callable[[], tuple[str, str]]:
    """A case that runs ``argv``: "accepted" (exit 0), "refused" (exit 2 with a message and no
    traceback); anything else, or a traceback on standard error, is a finding."""
    def run() -> tuple[str, str]:
        code, _, err = run_cli(argv)
        if "Traceback" in err or code not in (0, 2):
            tail = err.strip().splitlines()[-1] if err.strip() else ""
            return "internal", f"exit {code}: {tail[:300]}"
        if code == 2 and not err.strip():
            return "refused", "exit 2 without a message"
        return ("accepted" if code == 0 else "refused"), ""
    return run


def base_parts(folder: str | os.PathLike[str], scenarios: tuple[str, ...] = ("hero-duel", "marvel-seed")
               ) -> list[dict[str, Any]]:
    """Real batch parts to mutate: a batch of 6 battles of each of ``scenarios`` (a HERO and a
    Marvel one), each in 2 parts (``simulate --shard I/2 --json``), parsed."""
    out = []
    for name in scenarios:
        for i in (1, 2):
            path = Path(folder) / f"{name}-{i}.json"
            code, _, err = run_cli(["simulate", name, "--runs", "6", "--shard", f"{i}/2", "--json", str(path),
                                    "--jobs", "1", "--no-progress", "--force"])
            assert code == 0, err
            out.append(json.loads(path.read_text()))
    return out


#: JSON values of every kind and edge, put where a part had another value.
JSON_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 7, -30, 10**6, 10**18, 10**19, -(10**19), 2**63, 10**400, 0.5, -0.0, 1e308,
    float("inf"), float("nan"), "", "x", "1", "Heroes", "STUN", "w" * 5000, "\u0000", "💥", [], [0], [1, 2],
    [0, 0, 0, None, None], [1, 5, 25, 5, 5], [1, 5, 25, 9, 1], [[1, 2]], [None] * 6, {}, {"a": 1}, {"": 1},
    {"x": [1, {"y": 2}]},
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a JSON value (to pick one to change), no deeper than a real part
    goes (a value nested deep by an earlier change is changed whole)."""
    out = [at]
    if len(at) > 8:
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def mutate_part(doc: dict[str, Any], rng: random.Random) -> Any:
    """A copy of a part with one to four changes, most of them inside its ``state``: a value
    swapped for one of every JSON kind, a key deleted or added, a list cut, the shard's count
    made huge, or the whole nested deep."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        paths = [p for p in _paths(doc) if p]
        inside = [p for p in paths if p[0] == "state"]
        path = rng.choice(inside if inside and rng.random() < 0.8 else paths)
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        op = rng.randrange(8)
        if op <= 3:
            parent[last] = rng.choice(JSON_VALUES)
        elif op == 4:
            del parent[last]
        elif op == 5 and isinstance(parent, dict):
            parent[rng.choice(("extra", "", "n", "sides", "💥"))] = rng.choice(JSON_VALUES)
        elif op == 6:
            target = parent[last]
            if isinstance(target, list) and target:
                del target[rng.randrange(len(target)):]
            elif isinstance(target, (int, float)) and not isinstance(target, bool):
                parent[last] = rng.choice((-target, target * 10**12, -1, 0))
        else:
            choice = rng.randrange(3)
            if choice == 0:
                doc["shard"] = {"part": 1, "of": rng.choice((10**9, 10**5, 10**5 + 1, 0, -1, 2))}
            elif choice == 1:
                deep: Any = 1
                for _ in range(rng.choice((30, 1000, 100_000))):
                    deep = [deep]
                parent[last] = deep
            else:
                return rng.choice(([], "part", 3, None, [doc]))
    return doc


def merge_case(rng: random.Random, parts: list[dict[str, Any]], folder: str | os.PathLike[str]) -> Verdict:
    """``slugfest merge`` of a batch's parts, one or more of them mutated (or written as text
    that is not JSON at all): it reports, or refuses with exit 2 naming the file."""
    first = rng.randrange(0, len(parts), 2)  # a batch's two parts
    batch = [parts[first], parts[first + 1]]
    k = rng.randrange(2)
    names = []
    for i, doc in enumerate(batch):
        path = Path(folder) / f"part-{rng.randrange(10**9)}-{i}.json"
        if i == k or rng.random() < 0.2:
            mutated = mutate_part(doc, rng)
            try:
                text = json.dumps(mutated)
            except (RecursionError, ValueError):
                text = "[" * 100_000 + "]" * 100_000
            if rng.random() < 0.1:  # cut short, or a byte flipped
                raw = bytearray(text.encode())
                cut = rng.randrange(len(raw) + 1)
                raw = raw[:cut] if rng.random() < 0.5 else raw
                if raw:
                    raw[rng.randrange(len(raw))] = rng.randrange(256)
                path.write_bytes(bytes(raw))
            else:
                path.write_text(text)
        else:
            path.write_text(json.dumps(doc))
        names.append(str(path))
    argv = ["merge", *names, *(["--partial"] if rng.random() < 0.3 else [])]
    try:
        return _timed("merge", command_verdict("merge", argv))
    finally:
        for name in names:
            Path(name).unlink(missing_ok=True)


# -- Hero Designer character files -------------------------------------------------------------

#: A small 6th Edition character of the shape Hero Designer writes: characteristics, an attack
#: with an advantage, a defense, a Multipower slot, Martial Arts and a Skill Level.
SYNTHETIC_HDC = """<?xml version="1.0" encoding="UTF-16"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic6E.hdt">
  <BASIC_CONFIGURATION BASE_POINTS="400" DISAD_POINTS="75" EXPERIENCE="0" />
  <CHARACTER_INFO CHARACTER_NAME="Fuzz Subject"><BACKGROUND /></CHARACTER_INFO>
  <CHARACTERISTICS>
    <STR XMLID="STR" ID="1" LEVELS="15" ALIAS="STR" BASECOST="0.0" />
    <DEX XMLID="DEX" ID="2" LEVELS="8" ALIAS="DEX" BASECOST="0.0" />
    <CON XMLID="CON" ID="3" LEVELS="10" ALIAS="CON" BASECOST="0.0" />
    <SPD XMLID="SPD" ID="4" LEVELS="2" ALIAS="SPD" BASECOST="0.0" />
    <PD XMLID="PD" ID="5" LEVELS="8" ALIAS="PD" BASECOST="0.0" />
    <ED XMLID="ED" ID="6" LEVELS="8" ALIAS="ED" BASECOST="0.0" />
    <BODY XMLID="BODY" ID="7" LEVELS="2" ALIAS="BODY" BASECOST="0.0" />
    <STUN XMLID="STUN" ID="8" LEVELS="10" ALIAS="STUN" BASECOST="0.0" />
    <END XMLID="END" ID="9" LEVELS="10" ALIAS="END" BASECOST="0.0" />
    <RUNNING XMLID="RUNNING" ID="10" LEVELS="6" ALIAS="Running" BASECOST="0.0" />
  </CHARACTERISTICS>
  <SKILLS><COMBAT_LEVELS XMLID="COMBAT_LEVELS" ID="20" LEVELS="2" OPTION="HTH" OPTIONID="HTH" ALIAS="Combat Skill Levels" BASECOST="0.0" LVLCOST="3.0" LVLVAL="1.0"><NOTES /></COMBAT_LEVELS></SKILLS>
  <PERKS /><TALENTS />
  <MARTIALARTS><MANEUVER XMLID="MANEUVER" ID="30" NAME="Martial Strike" ALIAS="Martial Strike" OCV="+0" DCV="+2" DC="2" PHASE="1/2" EFFECT="[NORMALDC] Strike" ADDSTR="Yes" ACTIVECOST="4" DAMAGETYPE="0" MAXSTR="0" STRMULT="1" USEWEAPON="No" WEAPONEFFECT="[WEAPONDC] Strike" BASECOST="4.0" LEVELS="0"><NOTES /></MANEUVER></MARTIALARTS>
  <POWERS>
    <POWER XMLID="ENERGYBLAST" ID="40" LEVELS="10" ALIAS="Blast" NAME="Zap" INPUT="ED" BASECOST="0.0">
      <MODIFIER XMLID="AOE" ID="41" OPTION="RADIUS" OPTIONID="RADIUS" LEVELS="4" ALIAS="Area Of Effect" BASECOST="0.0" />
      <NOTES />
    </POWER>
    <POWER XMLID="FORCEFIELD" ID="42" ALIAS="Resistant Protection" PDLEVELS="10" EDLEVELS="10" LEVELS="0" BASECOST="0.0"><NOTES /></POWER>
    <MULTIPOWER XMLID="GENERIC_OBJECT" ID="50" NAME="Tricks" ALIAS="Multipower" LEVELS="60" BASECOST="60.0"><NOTES /></MULTIPOWER>
    <POWER XMLID="RKA" ID="51" PARENTID="50" LEVELS="2" ALIAS="Killing Attack - Ranged" INPUT="PD" ULTRA_SLOT="Yes" BASECOST="0.0"><NOTES /></POWER>
  </POWERS>
  <DISADVANTAGES /><EQUIPMENT />
</CHARACTER>
"""

#: Attribute values at every edge, put where a character file had another value.
HDC_VALUES = (
    "", "0", "-1", "1", "2.5", "1/2", "½", "99999", "100001", "1e5", "1e-1000000000", "1e1000000000",
    "9" * 5000, "-" + "9" * 400, "nan", "inf", "0x10", "1_000", " 3 ", "three", "Yes", "No", "x" * 3000,
    "\u0000", "💥", "&amp;", "HTH", "RADIUS", "PD", "ED", "builtIn.Heroic.hdt", "builtIn.Superheroic6E.hdt",
)
_ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


def base_hdc_files(folder: str | os.PathLike[str] | None = None) -> list[tuple[str, bytes]]:
    """(name, bytes) of the character files mutations start from: the synthetic one above (as
    Hero Designer writes it, UTF-16 with a byte-order mark), and any real ``.hdc`` files under
    ``folder`` (``../shared/fixtures/hdc`` in a checkout; never part of the repository)."""
    out = [("synthetic.hdc", b"\xfe\xff" + SYNTHETIC_HDC.encode("utf-16-be"))]
    if folder is not None and Path(folder).is_dir():
        out += [(p.name, p.read_bytes()) for p in sorted(Path(folder).rglob("*.hdc"))]
    return out


def _hdc_text(raw: bytes) -> tuple[str, str]:
    """The text of a character file and the encoding to write a mutation of it back in."""
    for mark, encoding in ((b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le")):
        if raw.startswith(mark):
            return raw[2:].decode(encoding, "replace"), encoding
    return raw.decode("utf-8", "replace"), "utf-8"


def mutate_hdc(raw: bytes, rng: random.Random) -> bytes:
    """A character file with one to four changes: an attribute's value swapped for an edge one,
    an element cut, doubled or nested deep, the template changed, the text truncated, bytes
    flipped or the encoding's mark taken away."""
    text, encoding = _hdc_text(raw)
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        op = rng.randrange(9)
        attrs = list(_ATTRIBUTE.finditer(text))
        if op <= 3 and attrs:
            m = rng.choice(attrs)
            value = rng.choice(HDC_VALUES).replace('"', "&quot;")
            text = text[:m.start(2)] + value + text[m.end(2):]
        elif op == 4:  # an element cut or doubled
            starts = [m.start() for m in re.finditer(r"<(POWER|MODIFIER|ADDER|STR|SPD|MANEUVER|SKILLS|POWERS)\b", text)]
            if starts:
                i = rng.choice(starts)
                end = text.find(">", i)
                close = text.find("</", end)
                stop = text.find(">", close) + 1 if text[end - 1] != "/" else end + 1
                piece = text[i:stop]
                text = text[:i] + (piece * 2 if rng.random() < 0.5 else "") + text[stop:]
        elif op == 5:  # nested deep
            depth = rng.choice((10, 40, 200, 3000))
            nest = '<POWER XMLID="ENERGYBLAST" LEVELS="1">' * depth + "</POWER>" * depth
            text = text.replace("<POWERS>", "<POWERS>" + nest, 1)
        elif op == 6:  # truncated
            text = text[:rng.randrange(len(text) + 1)]
        elif op == 7:  # a DTD, an entity, or another top element
            text = rng.choice((
                '<!DOCTYPE c [<!ENTITY e "x">]>' + text,
                text.replace("<CHARACTER ", "<TEMPLATE ", 1),
                text.replace("6E.hdt", ".hdt"),
                text.replace("CHARACTERISTICS", "CHARACTERISTICZ"),
            ))
        else:  # bytes flipped, or the byte-order mark taken away
            data = bytearray(text.encode(encoding))
            for _ in range(rng.randint(1, 8)):
                if data:
                    data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)
    mark = {"utf-16-be": b"\xfe\xff", "utf-16-le": b"\xff\xfe"}.get(encoding, b"")
    return mark + text.encode(encoding, "replace")


def hdc_case(rng: random.Random, bases: list[tuple[str, bytes]], folder: str | os.PathLike[str]) -> Verdict:
    """``slugfest import`` of a mutated character file against an intact one: a scenario is
    written, or the import is refused with exit 2 naming the file."""
    name, raw = rng.choice(bases)
    stem = f"{rng.randrange(10**9)}"
    mutated = Path(folder) / f"mutated-{stem}.hdc"
    other = Path(folder) / f"other-{stem}.hdc"
    out = Path(folder) / f"out-{stem}.toml"
    mutated.write_bytes(mutate_hdc(raw, rng))
    other.write_bytes(bases[0][1])
    argv = ["import", str(mutated), str(other), "--out", str(out), "--quiet"]
    try:
        return _timed("hdc", command_verdict("import", argv))
    finally:
        for p in (mutated, other, out):
            p.unlink(missing_ok=True)


# -- edge arguments to every command ----------------------------------------------------------

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
                    "--on-plugin-error": "word"}),
        "simulate": (["simulate", "hero-duel", "--runs", "2", "--jobs", "1", "--no-progress"],
                     {"scenario": "path", "--seed": "number", "--jobs": "number", "--play-by-play": "number",
                      "--precision": "number", "--json": "path", "--shard": "shard", "--cluster": "cluster",
                      "--runs": "small"}),
        "merge": (["merge", *parts], {"part": "path", "--json": "path"}),
        "import": (["import", hdc, hdc, "--out", "-", "--quiet"],
                   {"character": "path", "--seed": "number", "--out": "path", "--json": "path", "--into": "path",
                    "--side": "word"}),
        "export": (["export", "hero-duel", "--out", "-"], {"scenario": "path", "--out": "path"}),
        "check": (["check", "hero-duel"], {"scenario": "path"}),
        "sweep": (["sweep", "hero-duel", "--param", "ironclad.STR", "--values", "20,30", "--runs", "2", "--jobs", "1",
                   "--no-progress"],
                  {"--param": "word", "--values": "word", "--seed": "number", "--precision": "number", "--json": "path",
                   "--csv": "path", "--runs": "small"}),
        "balance": (["balance", "hero-duel", "--param", "ironclad.STR", "--range", "20..22", "--runs", "2", "--jobs",
                     "1", "--no-progress"],
                    {"--param": "word", "--range": "word", "--target": "word", "--side": "word", "--seed": "number",
                     "--json": "path", "--runs": "small"}),
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


# -- hostile preferences and data folders ----------------------------------------------------

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
        "prefs-deep": "recent = " + "[" * rng.choice((25, 1000, 30_000)) + "]" * 30_000 + "\n",
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
