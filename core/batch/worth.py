"""What a change to one character is worth: win rate bought per Character Point (HERO) or per
rank-equivalent (Marvel), measured on common random numbers.

A *change* is one step of spending on one sheet (+1 SPD, +3 DEX, +1d6 on a Blast, +1 Melee,
Mighty 2 -> 3); a *build* is a number of steps of each. Both are applied to the scenario's data
the way ``slugfest sweep`` sets a parameter (:func:`.sweep.set_parameter`), so the result is
loaded and checked like any scenario file: a step the scenario refuses (SPD above 12, an
ability above its cap) is refused with the loader's own words, not played.

A step's price is not a table of its own: it is the difference between the priced sheets
before and after (:func:`core.hero.points.total`, :func:`core.marvel.points.total`), so every
command prices a sheet the same way ``slugfest check --costs`` does.

Every variant plays battles 0..N-1 on the same seeds as the unchanged scenario (common random
numbers), and each change's gain is the paired difference of the 0/1 "the side won" series
(:func:`.sweep.paired_difference`): the two batches share their dice, so far fewer battles tell
a change from luck than two independent rates would need. The gain divided by the price is the
change's worth, interval and all (the price is exact, so the interval scales with it).
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..errors import SlugfestError
from ..files.scenario import Scenario, parse_scenario
from ..hero import points as hero_points
from ..hero.dice import DamageDice
from ..marvel import points as marvel_points
from ..marvel.powers import CATALOGUE
from ..prices import PRICERS, UNITS
from .sweep import paired_difference


class WorthError(SlugfestError):
    pass



#: HERO's standard menu of steps: (label, where the value lives, the step). "+1d6" steps on each
#: attack with dice of its own are added per sheet (:func:`hero_menu`).
HERO_STEPS: tuple[tuple[str, str, int], ...] = (
    ("+1 SPD", "characteristics.SPD", 1), ("+3 DEX", "characteristics.DEX", 3),
    ("+1 OCV", "characteristics.OCV", 1), ("+1 DCV", "characteristics.DCV", 1),
    ("+5 STR", "characteristics.STR", 5), ("+5 CON", "characteristics.CON", 5),
    ("+5 PD", "characteristics.PD", 5), ("+5 ED", "characteristics.ED", 5),
    ("+4 rPD", "defenses.rPD", 4), ("+4 rED", "defenses.rED", 4),
    ("+5 BODY", "characteristics.BODY", 5), ("+10 STUN", "characteristics.STUN", 10),
    ("+5 REC", "characteristics.REC", 5), ("+10 END", "characteristics.END", 10),
    ("+4 m Running", "running", 4), ("+1 CSL", "csl", 1),
)


@dataclass(frozen=True)
class Change:
    """One step of spending: ``key`` is where the value lives in the combatant's table
    (``characteristics.SPD``, ``attacks.Lightning Bolt.dice``, ``abilities.Melee``,
    ``powers.Mighty``) and ``step`` how far one step moves it."""

    label: str
    key: str
    step: int = 1


def hero_menu(sheet: Any) -> list[Change]:
    """The HERO steps for ``sheet``: the standard list and +1d6 on each attack that has dice of
    its own and no fixed ``active_points`` (a STR blow's +1d6 is +5 STR, already listed)."""
    menu = [Change(label, key, step) for label, key, step in HERO_STEPS]
    for atk in sheet.attacks:
        if atk.dice != DamageDice() and atk.active_points is None and atk.martial_dcs is None \
                and atk.kind in hero_points.POWER_COST_PER_DIE:
            menu.append(Change(f"+1d6 {atk.name}", f"attacks.{atk.name}.dice"))
    return menu


def marvel_menu(sheet: Any) -> list[Change]:
    """The Marvel steps for ``sheet``: +1 on each ability and a level more of each levelled power
    it has (Mighty 2 -> 3)."""
    menu = [Change(f"+1 {a}", f"abilities.{a}") for a in marvel_points.ABILITIES]
    for name, level in sheet.powers:
        if CATALOGUE[name].levels > 1 and level:
            menu.append(Change(f"{name} +1 level", f"powers.{name}"))
    return menu


def menu_for(scenario: Scenario, cid: str) -> list[Change]:
    sheet = scenario.combatant(cid).sheet
    return hero_menu(sheet) if scenario.system == "hero" else marvel_menu(sheet)


def _raw_combatant(data: Mapping[str, Any], cid: str) -> dict[str, Any]:
    for side in data.get("sides", []):
        for c in side.get("combatants", []):
            if c.get("id") == cid:
                return c
    raise WorthError(f"no combatant {cid!r} in the scenario")


def apply_build(data: dict[str, Any], scenario: Scenario, cid: str, build: Mapping[Change, int]) -> dict[str, Any]:
    """A copy of scenario ``data`` with ``build`` (steps of each change) spent on ``cid``, each
    value moved from the sheet's own (so a characteristic the file leaves at its base moves from
    the base), written where a scenario file keeps it."""
    out = copy.deepcopy(data)
    raw = _raw_combatant(out, cid)
    sheet = scenario.combatant(cid).sheet
    for change, n in build.items():
        if not n:
            continue
        area, _, rest = change.key.partition(".")
        by = n * change.step
        if area == "characteristics":
            raw.setdefault("characteristics", {})[rest] = getattr(sheet.characteristics, rest) + by
        elif area == "defenses":
            raw.setdefault("defenses", {})[rest] = getattr(sheet, rest) + by
        elif area in ("running", "csl"):
            raw[area] = getattr(sheet, area) + by
        elif area == "abilities":
            raw.setdefault("abilities", {})[rest] = sheet.ability(rest) + by
        elif area == "attacks":
            name = rest.rsplit(".", 1)[0]
            atk = next(a for a in sheet.attacks if a.name == name)
            entry = next(a for a in raw.get("attacks", []) if a.get("name") == name)
            entry["dice"] = str(DamageDice(atk.dice.count + by, atk.dice.half, atk.dice.pip))
        elif area == "powers":
            raw["powers"] = [_level_up(p, rest, by) for p in raw.get("powers", [])]
        else:
            raise WorthError(f"{change.label}: no way to apply a change to {change.key!r}")
    return out


def _level_up(text: str, power: str, by: int) -> str:
    name, _, level = text.rpartition(" ")
    if name.casefold() == power.casefold() and level.isdigit():
        return f"{name} {int(level) + by}"
    return text


@dataclass(frozen=True)
class Variant:
    """A build made into a scenario, with its price; or why it cannot be made (``refused``)."""

    build: tuple[tuple[Change, int], ...]
    price: Fraction
    scenario: Scenario | None
    refused: str = ""

    @property
    def label(self) -> str:
        return describe(dict(self.build))


def describe(build: Mapping[Change, int]) -> str:
    parts = [change.label if n == 1 else f"{n} x ({change.label})" for change, n in build.items() if n]
    return ", ".join(parts) or "the sheet as it is"


def make_variant(data: dict[str, Any], scenario: Scenario, cid: str, build: Mapping[Change, int],
                 caps: Mapping[str, int] | None = None, file: str = "<scenario>") -> Variant:
    """``build`` on ``cid``, loaded and priced; refused (with the reason) if the scenario's loader
    or one of ``caps`` (a campaign's limit on a value: ``{"SPD": 6}``) refuses it."""
    kept = tuple((c, n) for c, n in build.items() if n)
    try:
        sc = parse_scenario(apply_build(data, scenario, cid, dict(kept)), f"{file} with {describe(dict(kept))}")
    except SlugfestError as exc:
        return Variant(kept, Fraction(0), None, str(exc).splitlines()[-1].strip())
    sheet = sc.combatant(cid).sheet
    for name, most in (caps or {}).items():
        value = _value_of(sheet, name)
        if value is not None and value > most and value > _value_of(scenario.combatant(cid).sheet, name):  # type: ignore[operator]
            return Variant(kept, Fraction(0), None, f"{name} {value} is above the cap of {most}")
    price = PRICERS[sc.system](sheet) - PRICERS[scenario.system](scenario.combatant(cid).sheet)
    return Variant(kept, price, sc)


def cap_names(sheet: Any) -> list[str]:
    """What a ``--cap`` may name on ``sheet``: its characteristics or abilities and its other
    whole-number keys (rPD, running, csl...)."""
    names = []
    for holder in (getattr(sheet, "characteristics", None), getattr(sheet, "abilities", None), sheet):
        if holder is not None:
            names += [f.name for f in fields(holder) if _value_of(sheet, f.name) is not None]
    return sorted(set(names))


def _value_of(sheet: Any, name: str) -> int | None:
    for holder in (getattr(sheet, "characteristics", None), getattr(sheet, "abilities", None), sheet):
        value = getattr(holder, name, None) if holder is not None else None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


@dataclass(frozen=True)
class Worth:
    """One change's measured worth: the side's win-rate gain over the unchanged sheet (paired,
    95%), and that gain per unit of price."""

    label: str
    price: Fraction
    gain: float
    gain_low: float
    gain_high: float
    pairs: int
    rate: float  # the side's win rate with the change

    @property
    def per_unit(self) -> float:
        return self.gain / float(self.price)

    @property
    def per_unit_interval(self) -> tuple[float, float]:
        return self.gain_low / float(self.price), self.gain_high / float(self.price)


def paired(mine: list[int | None], base: list[int | None]) -> tuple[float, float, float, int]:
    """:func:`.sweep.paired_difference` (mean, low, high, pairs), except when no battle's outcome
    differs at all: the spread of the differences is then nil and says nothing of how often the
    change *could* flip one, so the interval is the rule of three's (a change that flipped none
    of n battles flips at most 3/n of them, 95%), and "no better here" is never read as certain."""
    gain, lo, hi, pairs = paired_difference(mine, base)
    if pairs and lo == hi:
        lo, hi = max(-1.0, gain - 3 / pairs), min(1.0, gain + 3 / pairs)
    return gain, lo, hi, pairs


def worth_of(label: str, price: Fraction, mine: list[int | None], base: list[int | None]) -> Worth:
    """The change's paired gain over the unchanged sheet (:func:`paired`), and its price."""
    gain, lo, hi, pairs = paired(mine, base)
    played = [x for x in mine if x is not None]
    return Worth(label, price, gain, lo, hi, pairs, sum(played) / len(played) if played else 0.0)


def ranked(rows: list[Worth]) -> list[Worth]:
    """Best value first (gain per unit of price), ties by label so the order never depends on
    the order measured."""
    return sorted(rows, key=lambda w: (-w.per_unit, w.label))


def thirds_separated(rows: list[Worth]) -> tuple[bool, int]:
    """Whether the intervals part the top third of ``rows`` (ranked) from the bottom third:
    every top-third lower bound above every bottom-third upper bound. Returns (parted, size of
    a third); fewer than three rows cannot be split in thirds (False, 0)."""
    k = len(rows) // 3
    if k == 0:
        return False, 0
    top, bottom = rows[:k], rows[-k:]
    return min(w.per_unit_interval[0] for w in top) > max(w.per_unit_interval[1] for w in bottom), k


#: Where a cut between the thirds may fall: this many points evenly inside the gap between the
#: estimates of the top third's last change and the bottom third's first (:func:`cut`).
CUT_POINTS = 101


def _work(w: Worth, c: float, top: bool) -> float:
    """About how many more battles ``w`` needs before its interval clears the cut ``c`` (its
    lower bound above it for a top-third change, its upper bound below it for a bottom-third
    one), reckoned as an interval narrowing with the square root of its battles around the
    estimate it has now; infinite when the estimate is on the wrong side (more battles would not
    clear it unless the estimate moves)."""
    lo, hi = w.per_unit_interval
    gap = w.per_unit - c if top else c - w.per_unit
    half = w.per_unit - lo if top else hi - w.per_unit
    if (lo > c) if top else (hi < c):
        return 0.0
    if gap <= 0:
        return math.inf
    return w.pairs * ((half / gap) ** 2 - 1)


def cut(rows: list[Worth]) -> tuple[float, list[Worth]] | None:
    """Where to part the ranked ``rows``' top third from their bottom third, and which changes'
    intervals still reach across that line: the cut inside the gap between the two thirds'
    nearest estimates that the fewest battles would clear (:func:`_work`, summed). None when the
    thirds are parted already, or cannot be split (fewer than three rows)."""
    k = len(rows) // 3
    if k == 0 or thirds_separated(rows)[0]:
        return None
    top, bottom = rows[:k], rows[-k:]
    low, high = bottom[0].per_unit, top[-1].per_unit
    if high <= low:  # the estimates themselves tie across the thirds: no line parts them yet
        return (low, [w for w in top + bottom if w.per_unit_interval[0] <= low <= w.per_unit_interval[1]]
                or top[-1:] + bottom[:1])
    best: tuple[float, float] | None = None
    for i in range(1, CUT_POINTS + 1):
        c = low + (high - low) * i / (CUT_POINTS + 1)
        work = sum(_work(w, c, True) for w in top) + sum(_work(w, c, False) for w in bottom)
        if best is None or work < best[0]:
            best = (work, c)
    assert best is not None
    c = best[1]
    return c, [w for w in top if w.per_unit_interval[0] <= c] + [w for w in bottom if w.per_unit_interval[1] >= c]


@dataclass
class Allocation:
    """A sequential price table's battles: each variant's 0/1 series by battle index (None where
    it did not play that battle; variant 0 is the unchanged sheet, which plays every battle any
    change plays, so every change is paired), and each round as (changes played, first battle,
    battles in it)."""

    series: list[list[int | None]]
    rounds: list[tuple[int, int, int]]
    interrupted: bool = False

    @property
    def battles(self) -> int:
        return sum(1 for s in self.series for x in s if x is not None)

    def played(self, v: int) -> int:
        return sum(1 for x in self.series[v] if x is not None)


def rows_of(labels: list[str], prices: list[Fraction], series: list[list[int | None]]) -> list[Worth]:
    """The ranked table of changes ``labels`` (series 1..) against the unchanged sheet (series 0)."""
    return ranked([worth_of(label, price, series[i + 1], series[0]) for i, (label, price) in enumerate(zip(labels, prices))])


def allocate(labels: list[str], prices: list[Fraction], runs: int, most: int, block: int,
             play: Callable[[list[int], int, int], tuple[list[list[int | None]], bool]]) -> Allocation:
    """Battles for a price table, sent where they are needed (sequential allocation).

    Every change and the unchanged sheet first play battles 0..``runs``-1. Then, while the
    intervals do not part the top third from the bottom third, the changes whose intervals
    still reach across the best line between the thirds (:func:`cut`) play the next ``block``
    battles, with the unchanged sheet beside them on the same seeds, until the thirds part or
    every change that would play has ``most`` battles. A table where a few changes sit near the
    line between the thirds spends its battles on those, not on a +1d6 that is plainly worth more
    than a +10 END: the same table parts on a fraction of the battles a fixed number per change
    needs. ``play(variants, start, count)`` plays battles ``start`` .. ``start + count - 1`` of
    those variants (0: the unchanged sheet, i: change i - 1) and gives their series and whether
    Ctrl-C stopped it.

    The rule looks at the intervals after every round, so a table that parts after several
    looks has a somewhat higher chance than 5% a row of a false parting; the intervals
    themselves are the usual paired ones on the battles each change played."""
    n = len(labels) + 1
    series: list[list[int | None]] = [[] for _ in range(n)]
    out = Allocation(series, [])

    def round_of(keys: list[int], count: int) -> bool:
        start = len(series[0])
        got, stopped = play(keys, start, count)
        mine = dict(zip(keys, got))
        for v in range(n):
            series[v].extend(mine.get(v, [None] * count))
        out.rounds.append((len(keys) - 1, start, count))
        out.interrupted = stopped
        return not stopped

    if not round_of(list(range(n)), runs):
        return out
    while True:
        found = cut(rows_of(labels, prices, series))
        if found is None:
            return out
        index = {label: i + 1 for i, label in enumerate(labels)}
        keys = sorted(index[w.label] for w in found[1] if out.played(index[w.label]) < most)
        if not keys:
            return out
        count = min(block, most - max(out.played(k) for k in keys))  # none passes ``most``
        if not round_of([0] + keys, count):
            return out


__all__ = ["Allocation", "Change", "PRICERS", "UNITS", "Variant", "Worth", "WorthError", "allocate", "apply_build", "cap_names", "cut", "describe",
           "hero_menu", "make_variant", "marvel_menu", "menu_for", "paired", "ranked", "rows_of", "thirds_separated", "worth_of"]
