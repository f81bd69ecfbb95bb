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
  choices). Loading must give a session that plays on, or a :class:`~core.saves.SaveError`.
* :func:`extreme_case`: a battle of sheets at the edges of what the validator accepts (END 0
  and 1, BODY 1, SPD 1 and 12, defenses of 200, negative REC, Health 1...) under every AI,
  checked after every event.
* :data:`FAULTS` and :func:`fault_case`: faulty plugins of every kind, each of which must be
  reported by name while the battle's state stays intact.
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

from .actions import Choice
from .battle import Battle
from .errors import PluginError, SlugfestError
from .events import ActionRefused, BattleEnded, PluginFailed
from .plugins import get_plugin_manager, hookimpl
from .scenario import Scenario, ScenarioError, parse_scenario, parse_scenario_text
from .soak import InvariantChecker

#: A case taking longer than this is counted as a hang.
HANG_SECONDS = 20.0
#: The AIs every extreme sheet is played under.
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
    from slugfest.scenarios import bundled

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
    from slugfest.scenarios import bundled

    from .session import Session

    out = []
    names = sorted(bundled())
    for k in range(count):
        name = names[k % len(names)]
        sc_path = bundled()[name]
        player = []
        if k % 2:
            from .scenario import load_scenario

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
    from .session import SaveError, Session, is_save_file

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


# -- extreme sheets ---------------------------------------------------------------------------

def _pick(rng: random.Random, *values: Any) -> Any:
    return rng.choice(values)


def _extreme_advantages(rng: random.Random, atk: dict[str, Any], kind: str) -> None:
    """Advantages at their edges on an extreme attack (rules-powers §1)."""
    if kind in ("normal", "killing") and rng.random() < 0.3:
        atk["armor_piercing"] = _pick(rng, 1, 4)
        atk["penetrating"] = _pick(rng, 0, 4)
    if "end" not in atk and rng.random() < 0.3:
        atk.update(_pick(rng, {"charges": 1}, {"charges": 250}, {"reduced_end": "half"}, {"reduced_end": "zero"}))
    if rng.random() < 0.2:
        atk["standard_effect"] = True
    if kind in ("normal", "killing") and rng.random() < 0.1:
        atk["knockback"] = "double"


def _extreme_defenses(rng: random.Random) -> dict[str, Any]:
    """Hardened, Impenetrable, Damage Reduction and Negation at their edges (rules-powers §2)."""
    return {"hardened": _pick(rng, 0, 4, {"rPD": 4}), "impenetrable": _pick(rng, 0, 4, {"PD": 1, "rED": 4}),
            "damage_reduction": {"physical": _pick(rng, 25, 75), "energy": _pick(rng, 0, 75),
                                 "resistant": rng.random() < 0.5},
            "damage_negation": {"physical": _pick(rng, 0, 1, 30), "energy": _pick(rng, 0, 30)}}


def extreme_hero(rng: random.Random) -> dict[str, Any]:
    """A HERO scenario's data, every figure at or near the edge the validator allows."""
    def combatant(cid: str, pos: list[int]) -> dict[str, Any]:
        chars = {
            "STR": _pick(rng, -30, 0, 5, 10, 60, 300), "DEX": _pick(rng, -30, 0, 10, 30, 300),
            "CON": _pick(rng, -30, 0, 10, 300), "EGO": _pick(rng, -30, 10, 300), "PRE": _pick(rng, 0, 10, 300),
            "OCV": _pick(rng, -30, 0, 3, 12, 300), "DCV": _pick(rng, -30, 0, 3, 12, 300),
            "SPD": _pick(rng, 1, 1, 2, 6, 12, 12), "PD": _pick(rng, -30, 0, 2, 200, 300),
            "ED": _pick(rng, -30, 0, 2, 200, 300), "REC": _pick(rng, -30, -1, 0, 4, 300),
            "END": _pick(rng, 0, 0, 1, 1, 2, 20, 1000), "BODY": _pick(rng, 1, 1, 2, 10, 500),
            "STUN": _pick(rng, 1, 1, 2, 20, 1000),
        }
        attacks = []
        for n in range(rng.randint(1, 3)):
            kind = _pick(rng, "normal", "killing", "nnd", "avld")
            hth = rng.random() < 0.5
            atk: dict[str, Any] = {"name": f"Attack {n}", "kind": kind,
                                   "range": "hth" if hth else _pick(rng, 1, 2, 40, 2000)}
            atk["dice"] = _pick(rng, "1d6", "½d6", "1d6+1", "3d6", "12d6", "40d6") if kind != "killing" else \
                _pick(rng, "½d6", "1d6", "2d6+1", "4d6", "14d6")
            if not hth:
                atk["adds_str"] = False
            if kind in ("nnd", "avld"):
                atk["defense"] = "Life Support"
            if rng.random() < 0.4:
                atk["end"] = _pick(rng, 0, 1, 100)
            if rng.random() < 0.3:
                atk["ocv"] = _pick(rng, -10, 10)
            if rng.random() < 0.2:
                atk["stun_multiplier_bonus"] = _pick(rng, -5, 5)
            _extreme_advantages(rng, atk, kind)
            attacks.append(atk)
        out: dict[str, Any] = {"id": cid, "name": cid.title(), "position": pos, "ai": rng.choice(AIS),
                               "characteristics": chars, "attacks": attacks,
                               "running": _pick(rng, 0, 1, 12, 500), "flying": rng.random() < 0.2,
                               "csl": _pick(rng, 0, 0, 20)}
        if rng.random() < 0.5:
            out["defenses"] = {"rPD": _pick(rng, 0, 200), "rED": _pick(rng, 0, 200),
                               "knockback_resistance": _pick(rng, 0, 200),
                               "special": {"Life Support": _pick(rng, 0, 200)} if rng.random() < 0.3 else {}}
            if rng.random() < 0.5:
                out["defenses"].update(_extreme_defenses(rng))
        return out

    return _extreme_data("hero", rng, combatant, {
        "campaign": _pick(rng, "superheroic", "heroic"), "knockout": _pick(rng, "below-zero", "zero"),
        "knockback": _pick(rng, "full", "knockdown", "off"), "str_end": _pick(rng, "", "per-5", "per-10"),
        "deep_ko": _pick(rng, "never", "once-a-minute"), "dying_can_act": rng.random() < 0.3,
        "stun_multiplier": _pick(rng, "1d6-1", "half-d6"), "killing_minus_one": rng.random() < 0.3,
        "minimum_stun": rng.random() < 0.7, "stun_recovery_slips": rng.random() < 0.7})


def extreme_marvel(rng: random.Random) -> dict[str, Any]:
    """A Marvel scenario's data, every figure at or near the edge the validator allows."""
    abilities = ("Melee", "Agility", "Resilience", "Vigilance", "Ego", "Logic")

    def combatant(cid: str, pos: list[int]) -> dict[str, Any]:
        attacks = []
        for n in range(rng.randint(1, 3)):
            ability = rng.choice(abilities)
            atk: dict[str, Any] = {"name": f"Attack {n}", "ability": ability,
                                   "range": _pick(rng, "reach", "reach", 1, 10, 1000)}
            if rng.random() < 0.3:
                atk["multiplier_bonus"] = _pick(rng, 0, 10)
            if rng.random() < 0.3:
                atk["check_bonus"] = _pick(rng, -10, 10)
            if rng.random() < 0.2:
                atk["nonlethal" if rng.random() < 0.5 else "lethal"] = True
            if rng.random() < 0.2:
                atk["edge"] = True
            attacks.append(atk)
        out: dict[str, Any] = {
            "id": cid, "name": cid.title(), "position": pos, "ai": rng.choice(AIS),
            "rank": _pick(rng, 1, 1, 3, 6, 6),
            "abilities": {a: _pick(rng, -5, -5, 0, 3, 30) for a in abilities},
            "attacks": attacks,
        }
        if rng.random() < 0.6:
            out["health"] = _pick(rng, 1, 1, 2, 10000)
        if rng.random() < 0.6:
            out["focus"] = _pick(rng, 1, 1, 2, 10000)
        if rng.random() < 0.4:
            out["defenses"] = {a: _pick(rng, 0, 60) for a in rng.sample(abilities, 3)}
        if rng.random() < 0.4:
            out["speed"] = {"run": _pick(rng, 0, 1, 1000), "flight": _pick(rng, 0, 5)}
        if rng.random() < 0.3:
            out["karma"] = _pick(rng, 0, 20)
        if rng.random() < 0.3:
            out["initiative"] = _pick(rng, -10, 30)
        if rng.random() < 0.5:
            out["powers"] = rng.sample(["Mighty 4", "Sturdy 4", "Uncanny 4", "Accuracy 1", "Combat Reflexes",
                                        "Spider-Dodge", "Reinforced Skeleton", "Unflappable Poise",
                                        "Spider-Sense"], rng.randint(1, 3))
        if rng.random() < 0.4:
            out["tags"] = ["Heroic"]
        out["reach"] = _pick(rng, 1, 1, 10)
        return out

    return _extreme_data("marvel", rng, combatant, {
        "fantastic_damage": _pick(rng, "close", "all"), "holding_back": rng.random() < 0.7,
        "knockback": rng.random() < 0.7, "minimum_pools": rng.random() < 0.5,
        "stacked_rerolls": _pick(rng, "repick", "distinct"), "bonus_round": rng.random() < 0.5,
        "long_range": rng.random() < 0.5, "karma_recovery": _pick(rng, "rank", "rank+ability")})


def _extreme_data(system: str, rng: random.Random, combatant: Callable[[str, list[int]], dict[str, Any]],
                  rules: dict[str, Any]) -> dict[str, Any]:
    width, height = _pick(rng, 4, 8, 20), _pick(rng, 4, 8, 12)
    cells = [[x, y] for x in range(width) for y in range(height)]
    rng.shuffle(cells)
    per_side = [rng.randint(1, 3), rng.randint(1, 3)]
    sides = []
    n = 0
    for s, count in enumerate(per_side):
        members = []
        for _ in range(count):
            members.append(combatant(f"c{n}", cells.pop()))
            n += 1
        sides.append({"name": f"Side {s + 1}", "combatants": members})
    obstacles = [cells.pop() for _ in range(min(len(cells) // 4, rng.randint(0, 6)))]
    return {"battle": {"name": f"extreme {system}", "system": system, "seed": rng.randrange(2**31),
                       "turn_limit": _pick(rng, 1, 2, 3, 5, 8)},
            "rules": rules, "map": {"width": width, "height": height, "obstacles": obstacles}, "sides": sides}


def extreme_case(rng: random.Random, system: str | None = None) -> Verdict:
    """One battle of extreme legal sheets, invariants checked after every event."""
    system = system or rng.choice(("hero", "marvel"))
    data = (extreme_hero if system == "hero" else extreme_marvel)(rng)

    def run() -> tuple[str, str]:
        try:
            sc = parse_scenario(data, f"extreme-{system}.toml")
        except ScenarioError as exc:  # the generator's own mistake: say so, it is not a rules finding
            return "refused", f"the generator made a sheet the validator refuses: {str(exc)[:300]}"
        return "accepted", play_checked(sc, data["battle"]["seed"], turns=8)

    return _timed(f"extreme-{system}", run)


# -- faulty plugins ---------------------------------------------------------------------------

def _forever() -> None:
    while True:
        pass


def _swallow_forever() -> None:
    while True:
        try:
            _forever()
        except BaseException:
            pass


def _recurse(n: int = 0) -> int:
    return _recurse(n + 1) + 1


class _AI:
    """An AI asked first about every decision, doing ``act(battle, decision)``."""

    def __init__(self, act: Callable[[Any, Any], Any]) -> None:
        self.act = act

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle: Any, decision: Any) -> Any:
        return self.act(battle, decision)


class _Observer:
    def __init__(self, at_start: Callable[[Any], Any] | None = None, at_end: Callable[[Any], Any] | None = None):
        self.at_start, self.at_end = at_start, at_end

    @hookimpl
    def slugfest_battle_start(self, battle: Any) -> None:
        if self.at_start:
            self.at_start(battle)

    @hookimpl
    def slugfest_battle_end(self, battle: Any, outcome: Any) -> None:
        if self.at_end:
            self.at_end(battle)


class _AttackRule:
    """A house rule wrapping the attack step: ``change(result)`` is what it returns."""

    def __init__(self, change: Callable[[Any], Any]) -> None:
        self.change = change

    @hookimpl(wrapper=True)
    def slugfest_attack_step(self, battle: Any, attack: Any) -> Any:
        result = yield
        return self.change(result)


class _DamageRule:
    def __init__(self, change: Callable[[Any], Any]) -> None:
        self.change = change

    @hookimpl(wrapper=True)
    def slugfest_damage_step(self, battle: Any, attack: Any, hit: Any) -> Any:
        result = yield
        return self.change(result)


class _NoYield:
    @hookimpl(wrapper=True)
    def slugfest_damage_step(self, battle: Any, attack: Any, hit: Any) -> Any:
        if battle is not None:
            return None  # a generator that ends before it yields
        yield


class _YieldsTwice:
    @hookimpl(wrapper=True)
    def slugfest_attack_step(self, battle: Any, attack: Any) -> Any:
        first = yield
        yield first


def _raise(make: Callable[[], BaseException]) -> Callable[..., Any]:
    """Raise a new ``make()`` on each call (one exception raised again and again would grow its
    traceback without end)."""
    def act(*_: Any) -> Any:
        raise make()
    return act


def _choice(make: Callable[[Any], Any]) -> Callable[[Any, Any], Any]:
    return lambda battle, decision: Choice(make(decision), "faulty")


def _taken(result: Any, value: Any) -> Any:
    """The damage result with what the target loses set to ``value`` (HERO: STUN; Marvel: the total)."""
    if hasattr(result.taken, "stun"):
        return replace(result, taken=replace(result.taken, stun=value))
    return replace(result, taken=value)


def _vandal_picture(battle: Any, decision: Any) -> Any:
    picture = decision.picture
    if picture is not None:
        for name in list(getattr(picture, "__dict__", {})):
            value = getattr(picture, name)
            if isinstance(value, dict):
                value.clear()
            elif isinstance(value, list):
                value.clear()
    raise RuntimeError("vandalised the picture")


def _roll_then_raise(battle: Any, decision: Any) -> Any:
    for _ in range(5):
        battle.dice.roll(6, "stolen")
    raise RuntimeError("rolled the battle's dice, then failed")


def _sleep(seconds: float) -> Callable[..., Any]:
    def act(*_: Any) -> Any:
        time.sleep(seconds)
        return None
    return act


@dataclass(frozen=True)
class Fault:
    """One kind of faulty plugin. ``same_battle``: with it the battle's events, less the reports
    of the fault, are the clean battle's. ``isolated``: it must be run where it can be killed
    (it swallows the stop), so it is played as a batch."""

    name: str
    what: str
    make: Callable[[], Any]
    same_battle: bool = True
    isolated: bool = False


FAULTS: tuple[Fault, ...] = (
    Fault("raises-value-error", "an AI raising ValueError", lambda: _AI(_raise(lambda: ValueError("bad")))),
    Fault("raises-system-exit", "an AI raising SystemExit", lambda: _AI(_raise(lambda: SystemExit(2)))),
    Fault("raises-keyboard-interrupt", "an AI raising KeyboardInterrupt", lambda: _AI(_raise(lambda: KeyboardInterrupt()))),
    Fault("raises-generator-exit", "an AI raising GeneratorExit", lambda: _AI(_raise(lambda: GeneratorExit()))),
    Fault("raises-memory-error", "an AI raising MemoryError", lambda: _AI(_raise(lambda: MemoryError()))),
    Fault("recurses", "an AI recursing without end", lambda: _AI(lambda b, d: _recurse())),
    Fault("raises-plugin-error", "an AI raising the program's own PluginError for another plugin",
          lambda: _AI(_raise(lambda: PluginError("default", "slugfest_choose_action", "framed")))),
    Fault("returns-text", "an AI returning a string", lambda: _AI(lambda b, d: "punch him")),
    Fault("returns-action", "an AI returning an Action, not a Choice", lambda: _AI(lambda b, d: d.menu[0])),
    Fault("choice-of-dict", "an AI whose Choice holds a dict", lambda: _AI(_choice(lambda d: {"kind": "attack"}))),
    Fault("reason-nan", "an AI whose reason is NaN",
          lambda: _AI(lambda b, d: Choice(d.menu[0], float("nan")))),  # type: ignore[arg-type]
    Fault("reason-huge", "an AI whose reason is ten megabytes",
          lambda: _AI(lambda b, d: Choice(d.menu[0], "x" * 10**7))),
    Fault("illegal-target", "an AI choosing a combatant that does not exist",
          lambda: _AI(_choice(lambda d: replace(d.menu[-1], target="nobody"))), same_battle=False),
    Fault("assigns-view", "an AI assigning to the battle it is shown", lambda: _AI(lambda b, d: setattr(b, "seed", 0))),
    Fault("assigns-decision", "an AI assigning to the decision", lambda: _AI(lambda b, d: setattr(d, "actor", "x"))),
    Fault("appends-events", "an AI appending to the event log", lambda: _AI(lambda b, d: b.events.append(None))),
    Fault("re-enters", "an AI calling battle.step() from inside its hook", lambda: _AI(lambda b, d: b.step())),
    Fault("vandalises-picture", "an AI emptying the tactical picture, then failing", lambda: _AI(_vandal_picture)),
    Fault("steals-dice", "an AI rolling the battle's dice, then failing", lambda: _AI(_roll_then_raise)),
    Fault("hangs", "an AI looping for ever", lambda: _AI(lambda b, d: _forever())),
    Fault("sleeps", "an AI sleeping for a minute", lambda: _AI(_sleep(60))),
    Fault("slow", "an AI slower than its limit but not twice over", lambda: _AI(_sleep(0.13))),
    Fault("swallows-stop", "an AI catching the stop and looping for ever",
          lambda: _AI(lambda b, d: _swallow_forever()), isolated=True),
    Fault("attack-raises", "an attack-step rule raising", lambda: _AttackRule(_raise(lambda: RuntimeError("attack rule")))),
    Fault("attack-wrong-type", "an attack-step rule returning a number", lambda: _AttackRule(lambda r: 17)),
    Fault("attack-total-nan", "an attack-step rule setting the total to NaN",
          lambda: _AttackRule(lambda r: replace(r, total=float("nan")))),
    Fault("attack-hit-text", "an attack-step rule setting hit to 'yes'", lambda: _AttackRule(lambda r: replace(r, hit="yes"))),
    Fault("attack-notes-numbers", "an attack-step rule whose notes are numbers",
          lambda: _AttackRule(lambda r: replace(r, notes=(1, 2)))),
    Fault("attack-yields-twice", "an attack-step wrapper yielding twice", lambda: _YieldsTwice()),
    Fault("damage-negative", "a damage-step rule making damage negative", lambda: _DamageRule(lambda r: _taken(r, -40))),
    Fault("damage-nan", "a damage-step rule making damage NaN", lambda: _DamageRule(lambda r: _taken(r, float("nan")))),
    Fault("damage-huge", "a damage-step rule making damage ten million", lambda: _DamageRule(lambda r: _taken(r, 10**7))),
    Fault("damage-float", "a damage-step rule making damage 2.5", lambda: _DamageRule(lambda r: _taken(r, 2.5))),
    Fault("damage-notes-text", "a damage-step rule whose notes are one string",
          lambda: _DamageRule(lambda r: replace(r, notes="not a tuple"))),
    Fault("damage-system-exit", "a damage-step rule raising SystemExit", lambda: _DamageRule(_raise(lambda: SystemExit(1)))),
    Fault("damage-no-yield", "a damage-step wrapper that never yields", lambda: _NoYield()),
    Fault("start-raises", "an observer raising at the start", lambda: _Observer(at_start=_raise(lambda: RuntimeError("start")))),
    Fault("end-raises", "an observer raising at the end", lambda: _Observer(at_end=_raise(lambda: KeyboardInterrupt()))),
    Fault("start-assigns", "an observer assigning to the battle", lambda: _Observer(at_start=lambda b: setattr(b, "events", []))),
    Fault("start-hangs", "an observer looping for ever at the start", lambda: _Observer(at_start=lambda b: _forever())),
)


def fault_duel(system: str) -> Scenario:
    """A short duel with an attack of each reach, for the faults to act in."""
    from .testing import hero, scenario

    if system == "hero":
        punch = [{"name": "Punch", "kind": "normal", "range": "hth"},
                 {"name": "Bolt", "kind": "killing", "range": 40, "dice": "1d6", "adds_str": False}]
        return scenario("hero", {"A": [hero("a", (3, 3), attacks=punch, DEX=15, SPD=4)],
                                 "B": [hero("b", (4, 3), attacks=punch, SPD=3)]}, turn_limit=2)
    close = [{"name": "Punch", "ability": "Melee", "range": "reach"}]
    return parse_scenario({
        "battle": {"name": "fault duel", "system": "marvel", "turn_limit": 3},
        "map": {"width": 10, "height": 8},
        "sides": [{"name": "A", "combatants": [{"id": "a", "name": "A", "position": [3, 3], "rank": 2,
                                                "abilities": {"Melee": 3}, "attacks": close}]},
                  {"name": "B", "combatants": [{"id": "b", "name": "B", "position": [4, 3], "rank": 2,
                                                "abilities": {"Melee": 2}, "attacks": close}]}],
    }, "<fault duel>")


def _last_of_battle(events: list[Any]) -> Any:
    """The last event but the reports of observers failing in ``slugfest_battle_end`` (which
    runs once the battle has ended, so its failure is told after)."""
    rest = [e for e in events if not isinstance(e, PluginFailed)]
    return rest[-1] if rest else None


def _reports(events: list[Any], name: str) -> list[Any]:
    return [e for e in events if (isinstance(e, PluginFailed) and e.plugin == name)
            or (isinstance(e, ActionRefused) and e.chosen_by == name)]


def _stripped(events: list[Any], name: str) -> list[Any]:
    reports = {id(e) for e in _reports(events, name)}
    return [e for e in events if id(e) not in reports]


def fault_case(fault: Fault, system: str, seed: int = 7, timeout: float = 0.1) -> Verdict:
    """Play the fault duel with ``fault``'s plugin: it must be reported by name, the battle must
    end with every invariant kept, and (``same_battle``) play as it does without the plugin."""
    sc = fault_duel(system)

    def run() -> tuple[str, str]:
        if fault.isolated:
            return _isolated_fault(fault, sc, timeout)
        clean = Battle(sc, seed=seed)
        clean.run()
        host = get_plugin_manager(extra=[(fault.name, fault.make())])
        b = Battle(sc, seed=seed, host=host, plugin_timeout=timeout)
        checker = InvariantChecker(b)
        b.listen(checker)
        try:
            b.run()
        except SlugfestError as exc:
            return "internal", f"the battle stopped: {exc}"
        problems = []
        if not _reports(b.events, fault.name):
            problems.append("not reported by name")
        if not isinstance(_last_of_battle(b.events), BattleEnded):
            problems.append("the battle did not end")
        problems += checker.problems[:2]
        if fault.same_battle and _stripped(b.events, fault.name) != clean.events:
            problems.append("the battle went differently from the clean one")
        return "contained", "; ".join(problems)

    return _timed(f"fault {fault.name} ({system})", run)


def _isolated_fault(fault: Fault, sc: Scenario, timeout: float) -> tuple[str, str]:
    from . import simulate as sim

    old = os.environ.get("SLUGFEST_PLUGIN_TIMEOUT")
    os.environ["SLUGFEST_PLUGIN_TIMEOUT"] = str(timeout)
    try:
        deadline = 10.0
        started = time.monotonic()
        agg, _ = sim.simulate(sc, 2, 1, jobs=1, deadline=deadline, plugins=[(fault.name, fault.make())])
        took = time.monotonic() - started
    finally:
        if old is None:
            os.environ.pop("SLUGFEST_PLUGIN_TIMEOUT", None)
        else:
            os.environ["SLUGFEST_PLUGIN_TIMEOUT"] = old
    problems = []
    if len(agg.errors) != 2 or not all(repr(fault.name) in e.error for e in agg.errors):
        problems.append(f"expected both battles stopped naming it, got {[e.error for e in agg.errors]}")
    if took > 2 * deadline:
        problems.append(f"the batch ran {took:.1f} s, past the deadlines of its battles")
    return "contained", "; ".join(problems)


def temp_folder() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="slugfest-fuzz-")


def mistakes_text(size: int = 990_000) -> str:
    """A scenario of about ``size`` bytes full of mistakes: the bundled duel with a list of
    obstacles each of which is wrong (a name where a cell goes), for timing ``slugfest check``."""
    from slugfest.scenarios import bundled

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
