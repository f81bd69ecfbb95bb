"""The reliability campaign's generators: hostile files, extreme sheets and faulty plugins.

Shared by ``scripts/fuzz.py`` (the full campaign, run on demand, printing its counts) and
``tests/test_fuzz.py`` (a slice of a few seconds in the suite). Each generator takes a
``random.Random``, so a finding replays from its seed, and each *case* returns a
:class:`Verdict`: what the program did, and whether that is a finding.

* :func:`scenario_case`: a scenario file mutated as an attacker or a careless hand would (lines
  cut or doubled, values swapped for values of every TOML type, bytes flipped, nesting
  deepened, the file truncated). The loader must accept it or refuse it with its own error
  naming the file; an accepted one must play a short battle with every invariant kept.
* :func:`save_case`: a save file corrupted the same way and in its own keys (counts, digests,
  choices). Loading must give a session that plays on, or a :class:`~core.files.saves.SaveError`.
* :func:`core.testing.extremes.extreme_case` (its own module): a battle of sheets at the edges of what the validator accepts (END 0
  and 1, BODY 1, SPD 1 and 12, defenses of 200, negative REC, Health 1...) under every AI,
  checked after every event.
* :data:`core.testing.faults.FAULTS` and :func:`core.testing.faults.fault_case` (their own module): faulty
  plugins of every kind, each of which must be reported by name while the battle's state stays
  intact.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from slugfest import cli
from slugfest.scenarios import bundled

from ..engine.battle import Battle
from ..engine.events import BattleEnded, PluginFailed
from ..engine.session import SaveError, Session, is_save_file
from ..files.scenario import Scenario, ScenarioError, load_scenario, parse_scenario_text
from .soak import InvariantChecker

#: A case taking longer than this is counted as a hang.
HANG_SECONDS = 20.0
#: The AIs every extreme sheet is played under. Not `planner`: it plays the tactician's picks checked
#: by the default AI's rollouts (both here), at some fifty times the cost of a decision.
AIS = ("default", "aggressive", "tactician", "cautious", "berserker", "random")


@dataclass(frozen=True)
class Verdict:
    """What one case did. ``outcome`` is "accepted", "refused" (the program's own error) or
    "contained" (a fault reported by name); ``problem`` is non-empty for a finding: a traceback,
    an internal error, a hang, an invariant broken, a fault that got through."""

    kind: str
    outcome: str
    problem: str = ""
    seconds: float = 0.0


def _internal(exc: BaseException) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    where = f" at {os.path.basename(tb[-1].filename)}:{tb[-1].lineno}" if tb else ""
    return f"internal error {type(exc).__name__}: {exc}{where}"[:500]


def _timed(kind: str, fn: Callable[[], tuple[str, str]]) -> Verdict:
    started = time.perf_counter()
    try:
        outcome, problem = fn()
    except Exception as exc:  # a finding: the program let an exception of its own escape
        outcome, problem = "internal", _internal(exc)
    seconds = time.perf_counter() - started
    if seconds > HANG_SECONDS and not problem:
        problem = f"took {seconds:.1f} s (a hang)"
    return Verdict(kind, outcome, problem, seconds)


# -- mutations ------------------------------------------------------------------------------

#: Values of every TOML kind, and the edges of each, put where the file had another value.
VALUES = (
    "0", "1", "-1", "2", "7", "12", "13", "-30", "300", "1000", "10000", "9223372036854775807",
    "-9223372036854775808", "99999999999999999999", "0x7fffffff", "1e308", "-1e308", "inf", "-inf", "nan",
    "0.5", "-0.0", "3.0", "true", "false", '""', '"x"', '"hth"', '"12d6"', '"½d6"', '"0d6"', '"-3d6"',
    '"1000d6"', '"killing"', '"default"', '"hero"', '"marvel"', '"💥"', '"' + "w" * 5000 + '"',
    '"\\u0000"', "'''multi\nline'''", "[]", "[[]]", "[1, 2]", "[0, 0]", "[-1, 5]", "[999, 999]",
    '["a", 1]', "[[1, 2], [3]]", "{}", "{ a = 1 }", "{ x = [1, { y = 2 }] }", "1979-05-27",
    "1979-05-27T07:32:00Z", "07:32:00",
)


def mutate_text(text: str, rng: random.Random, rounds: int | None = None) -> bytes:
    """``text`` with one to four random mutations, as bytes (some mutations break the UTF-8)."""
    lines = text.split("\n")
    for _ in range(rounds if rounds is not None else rng.choice((1, 1, 1, 2, 3, 4))):
        op = rng.randrange(11)
        i = rng.randrange(len(lines)) if lines else 0
        if not lines:
            lines = [""]
        if op == 0:  # cut a line
            del lines[i]
        elif op == 1:  # double a line
            lines.insert(i, lines[i])
        elif op == 2 and len(lines) > 1:  # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op in (3, 4, 5):  # another value for a key
            keyed = [k for k, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")]
            if keyed:
                k = rng.choice(keyed)
                key = lines[k].split("=", 1)[0]
                lines[k] = f"{key}= {rng.choice(VALUES)}"
        elif op == 6:  # a key misspelt
            keyed = [k for k, line in enumerate(lines) if "=" in line]
            if keyed:
                k = rng.choice(keyed)
                key, rest = lines[k].split("=", 1)
                key = key.rstrip()
                if len(key.strip()) > 1:
                    pos = rng.randrange(len(key.strip())) + len(key) - len(key.strip())
                    key = key[:pos] + rng.choice("aeiouxz_") + key[pos + 1:]
                lines[k] = f"{key} ={rest}"
        elif op == 7:  # a table header changed
            headers = [k for k, line in enumerate(lines) if line.strip().startswith("[")]
            if headers:
                k = rng.choice(headers)
                name = lines[k].strip().strip("[]")
                lines[k] = rng.choice([f"[{name}]", f"[[{name}]]", f"[{name}.extra]", "[battle]", "[[sides]]",
                                       f"[{name}", "[]"])
        elif op == 8:  # nested too deep, or just deep
            depth = rng.choice((5, 19, 21, 50, 400, 5000))
            lines.insert(i, f"deep{i} = " + "[" * depth + "1" + "]" * depth)
        elif op == 9:  # truncated
            joined = "\n".join(lines)
            cut = rng.randrange(len(joined) + 1)
            lines = joined[:cut].split("\n")
        else:  # bytes flipped (the result may not be UTF-8)
            raw = bytearray("\n".join(lines).encode())
            for _ in range(rng.randint(1, 8)):
                if raw:
                    raw[rng.randrange(len(raw))] = rng.randrange(256)
            return bytes(raw)
    return "\n".join(lines).encode()


def base_scenarios() -> list[tuple[str, str]]:
    """(name, text) of every bundled scenario: the files mutations start from."""
    return [(name, Path(path).read_text()) for name, path in sorted(bundled().items())]


def play_checked(sc: Scenario, seed: int, turns: int = 2, host: Any = None) -> str:
    """Play ``sc`` (at most ``turns`` of its clock) with every invariant checked after every
    event; "" if all held, else the first problems."""
    sc = replace(sc, turn_limit=min(sc.turn_limit, turns))
    b = Battle(sc, seed=seed, host=host)
    checker = InvariantChecker(b)
    b.listen(checker)
    b.run()
    if not isinstance(_last_of_battle(b.events), BattleEnded):
        return "the battle did not end with BattleEnded"
    return "; ".join(checker.problems[:3])


def scenario_case(rng: random.Random, bases: list[tuple[str, str]] | None = None, play: bool = True) -> Verdict:
    """One mutated scenario: loaded, and if accepted played for two Turns or rounds."""
    name, text = rng.choice(bases or base_scenarios())
    raw = mutate_text(text, rng)
    file = f"mutated-{name}.toml"

    def run() -> tuple[str, str]:
        try:
            sc = parse_scenario_text(raw, file)
        except ScenarioError as exc:
            message = str(exc)
            if file not in message or "Traceback" in message:
                return "refused", f"an error that does not name the file: {message[:200]!r}"
            return "refused", ""
        if not play:
            return "accepted", ""
        return "accepted", play_checked(sc, rng.randrange(2**31))

    return _timed("scenario", run)


# -- saves ------------------------------------------------------------------------------------

def base_saves(folder: str | os.PathLike[str], count: int = 6) -> list[str]:
    """Texts of ``count`` real saves: bundled scenarios stepped a few decisions, some with a
    player's choices in them (written in ``folder``)."""
    out = []
    names = sorted(bundled())
    for k in range(count):
        name = names[k % len(names)]
        sc_path = bundled()[name]
        player = []
        if k % 2:
            player = [load_scenario(sc_path).combatants[0].id]
        s = Session.from_path(sc_path, seed=k + 1, player_controlled=player)
        for _ in range(3 + 2 * k):
            if not _advance(s, -1):
                break
        path = Path(folder) / f"base-{k}.toml"
        s.save(path)
        out.append(path.read_text())
    return out


def _advance(s: Any, pick: int) -> bool:
    """One decision more: the AI's, or the player's (menu entry ``pick``). False once over."""
    if s.over:
        return False
    if s.question is not None:
        s.answer(s.question.menu[pick])
    elif s.waiting_for_player:
        s.play(s.pending.menu[pick])
    else:
        s.step()
    return True


def save_case(rng: random.Random, saves: list[str], folder: str | os.PathLike[str]) -> Verdict:
    """One corrupted save, loaded (and, if accepted, stepped on)."""
    raw = mutate_text(rng.choice(saves), rng)
    path = Path(folder) / f"corrupt-{rng.randrange(10**9)}.toml"
    path.write_bytes(raw)

    def run() -> tuple[str, str]:
        is_save_file(path)
        try:
            s = Session.load(path)
        except SaveError as exc:
            if str(path) not in str(exc):
                return "refused", f"an error that does not name the file: {str(exc)[:200]!r}"
            return "refused", ""
        except ScenarioError:
            return "refused", ""
        for _ in range(3):
            if not _advance(s, 0):
                break
        return "accepted", ""

    try:
        return _timed("save", run)
    finally:
        path.unlink(missing_ok=True)


def _last_of_battle(events: list[Any]) -> Any:
    """The last event but the reports of observers failing in ``slugfest_battle_end`` (which
    runs once the battle has ended, so its failure is told after)."""
    rest = [e for e in events if not isinstance(e, PluginFailed)]
    return rest[-1] if rest else None


def temp_folder() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="slugfest-fuzz-")


def mistakes_text(size: int = 990_000) -> str:
    """A scenario of about ``size`` bytes full of mistakes: the bundled duel with a list of
    obstacles each of which is wrong (a name where a cell goes), for timing ``slugfest check``."""
    text = Path(bundled()["hero-duel"]).read_text()
    head, _, tail = text.partition("obstacles = ")
    tail = tail.split("\n", 1)[1]
    items = []
    total = len(head) + len(tail)
    n = 0
    while total + 20 < size:
        item = f'  [{1000 + n}, "x{n}"],\n'
        items.append(item)
        total += len(item)
        n += 1
    return head + "obstacles = [\n" + "".join(items) + "]\n" + tail



# -- commands: merge parts, character files, arguments ------------------------------------------

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
