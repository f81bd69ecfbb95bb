"""What an aggregate's saved state must look like before anything is summed from it.

A batch part (``slugfest simulate --shard I/N --json FILE``) carries its aggregate's exact state
(:meth:`core.batch.stats.Aggregate.state`), and ``slugfest merge`` reads it back from a file that
anyone may have edited. Summing first and asking later turned a count written as a string, a
negative battle count or a list where a table goes into a ``TypeError`` or a
``ZeroDivisionError`` deep in the report. So the whole structure is checked here first, every
value for its JSON type and its range, and the first problem is named by its key path
(``state.combatants.hero.dealt.STUN[1]: expected a whole number from 0 ...``); only a state that
passes reaches :meth:`Aggregate.from_state`.
"""

from __future__ import annotations

from typing import Any

#: The largest count or sum a state may hold: far beyond any batch (10 million battles of 1000
#: rounds of 10**5 damage), yet small enough that every figure of the report stays a float.
MOST = 10**18
#: How many entries a table or list of a state may hold (sides, attacks, action names...).
MOST_ENTRIES = 10_000
#: The longest name (of a side, a combatant, an attack, a pool, an action...).
LONGEST_NAME = 200


class StateProblem(ValueError):
    """The first thing wrong in a state: ``where`` is its key path, the message what was expected."""

    def __init__(self, where: str, expected: str, got: Any) -> None:
        shown = repr(got)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        super().__init__(f"{where}: expected {expected}, got {_kind(got)} {shown}")
        self.where = where


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a point"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def count(value: Any, where: str, lo: int = 0, hi: int = MOST) -> int:
    """A whole number from ``lo`` to ``hi`` (a boolean is not one, though Python says it is)."""
    if type(value) is not int or not lo <= value <= hi:
        raise StateProblem(where, f"a whole number from {lo} to {hi}", value)
    return value


def name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= LONGEST_NAME:
        raise StateProblem(where, f"a name of 1 to {LONGEST_NAME} characters", value)
    return value


def text(value: Any, where: str, longest: int = 2000) -> str:
    if not isinstance(value, str) or len(value) > longest:
        raise StateProblem(where, f"a string of at most {longest} characters", value)
    return value


def table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > MOST_ENTRIES:
        raise StateProblem(where, f"an object of at most {MOST_ENTRIES} entries", value)
    for key in value:
        name(key, f"{where} (a key)")
    return value


def array(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or len(value) > MOST_ENTRIES or (length is not None and len(value) != length):
        wanted = f"an array of {length} items" if length is not None else f"an array of at most {MOST_ENTRIES} items"
        raise StateProblem(where, wanted, value)
    return value


def names(value: Any, where: str) -> list[str]:
    return [name(v, f"{where}[{i}]") for i, v in enumerate(array(value, where))]


def counts(value: Any, where: str) -> dict[str, int]:
    """An object of names to counts (wins by side, actions by name, damage by pool)."""
    return {k: count(v, f"{where}.{k}") for k, v in table(value, where).items()}


def sums(value: Any, where: str) -> None:
    """A :class:`~core.batch.figures.Sums`: [n, total, sum of squares, least, greatest], the
    last two null when n is 0 and otherwise least <= greatest."""
    n, total, squares, lo, hi = array(value, where, 5)
    count(n, f"{where}[0]")
    count(total, f"{where}[1]", -MOST)
    count(squares, f"{where}[2]")
    if n == 0:
        if lo is not None or hi is not None:
            raise StateProblem(f"{where}[3]", "null least and greatest values when n is 0", [lo, hi])
        return
    count(lo, f"{where}[3]", -MOST)
    count(hi, f"{where}[4]", lo)


def battle(value: Any, where: str) -> None:
    """A notable battle: null, or [index, seed, winner or null, reason, length, cut off]."""
    if value is None:
        return
    index, seed, winner, reason, length, cut_off = array(value, where, 6)
    count(index, f"{where}[0]")
    count(seed, f"{where}[1]", 0, 2**64)
    if winner is not None:
        name(winner, f"{where}[2]")
    text(reason, f"{where}[3]")
    count(length, f"{where}[4]")
    if not isinstance(cut_off, bool):
        raise StateProblem(f"{where}[5]", "true or false", cut_off)


def combatant(value: Any, where: str) -> None:
    c = table(value, where)
    _keys(c, where, ("side", "attacks", "hits", "knocked_out", "killed", "knockouts", "kills", "dealt", "taken",
                     "won_lost", "counts", "by_attack"))
    name(c["side"], f"{where}.side")
    for key in ("attacks", "hits", "knocked_out", "killed", "knockouts", "kills"):
        count(c[key], f"{where}.{key}")
    for key in ("dealt", "taken"):
        for pool, s in table(c[key], f"{where}.{key}").items():
            sums(s, f"{where}.{key}.{pool}")
    for i, s in enumerate(array(c["won_lost"], f"{where}.won_lost", 4)):
        sums(s, f"{where}.won_lost[{i}]")
    counts(c["counts"], f"{where}.counts")
    for attack, entry in table(c["by_attack"], f"{where}.by_attack").items():
        at = f"{where}.by_attack.{attack}"
        uses, hits, battles, dealt = array(entry, at, 4)
        count(uses, f"{at}[0]")
        count(hits, f"{at}[1]")
        count(battles, f"{at}[2]")
        counts(dealt, f"{at}[3]")


def _keys(value: dict[str, Any], where: str, wanted: tuple[str, ...]) -> None:
    missing = [k for k in wanted if k not in value]
    if missing:
        raise StateProblem(f"{where}.{missing[0]}", "a value (the key is missing)", None)


def check_state(value: Any, where: str = "state") -> None:
    """Raise :class:`StateProblem` at the first thing in ``value`` that an aggregate's state
    (version 1) cannot hold; return quietly when every key has the type and range it needs."""
    s = table(value, where)
    _keys(s, where, ("version", "sides", "time_unit", "damage_unit", "pools", "counts", "n", "wins", "draws",
                     "cut_off", "length", "first_knockout", "histogram", "actions", "rules", "errors", "notable",
                     "first_fired", "combatants"))
    if s["version"] != 1 or type(s["version"]) is not int:
        raise StateProblem(f"{where}.version", "1 (the statistics this Slugfest writes)", s["version"])
    sides = names(s["sides"], f"{where}.sides")
    if not sides:
        raise StateProblem(f"{where}.sides", "at least one side", s["sides"])
    name(s["time_unit"], f"{where}.time_unit")
    name(s["damage_unit"], f"{where}.damage_unit")
    names(s["pools"], f"{where}.pools")
    names(s["counts"], f"{where}.counts")
    n = count(s["n"], f"{where}.n")
    wins = counts(s["wins"], f"{where}.wins")
    for side in wins:
        if side not in sides:
            raise StateProblem(f"{where}.wins.{side}", f"one of the sides {sides}", side)
    count(s["draws"], f"{where}.draws", 0, n)
    count(s["cut_off"], f"{where}.cut_off", 0, n)
    if sum(wins.values()) + s["draws"] > n:
        raise StateProblem(f"{where}.wins", f"wins and draws adding up to at most n ({n})", wins)
    sums(s["length"], f"{where}.length")
    sums(s["first_knockout"], f"{where}.first_knockout")
    for i, pair in enumerate(array(s["histogram"], f"{where}.histogram")):
        length, battles = array(pair, f"{where}.histogram[{i}]", 2)
        count(length, f"{where}.histogram[{i}][0]")
        count(battles, f"{where}.histogram[{i}][1]")
    counts(s["actions"], f"{where}.actions")
    counts(s["rules"], f"{where}.rules")
    for i, e in enumerate(array(s["errors"], f"{where}.errors")):
        index, seed, message = array(e, f"{where}.errors[{i}]", 3)
        count(index, f"{where}.errors[{i}][0]")
        count(seed, f"{where}.errors[{i}][1]", 0, 2**64)
        text(message, f"{where}.errors[{i}][2]")
    notable = table(s["notable"], f"{where}.notable")
    _keys(notable, f"{where}.notable", ("shortest", "longest", "first_draw", "first_win"))
    for key in ("shortest", "longest", "first_draw"):
        battle(notable[key], f"{where}.notable.{key}")
    for side, b in table(notable["first_win"], f"{where}.notable.first_win").items():
        battle(b, f"{where}.notable.first_win.{side}")
    counts(s["first_fired"], f"{where}.first_fired")
    for cid, c in table(s["combatants"], f"{where}.combatants").items():
        combatant(c, f"{where}.combatants.{cid}")
