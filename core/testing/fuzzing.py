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

import os
import random
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

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


