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
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, Mapping

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


def with_ai(data: dict[str, Any], ai: str) -> dict[str, Any]:
    """Scenario data with every combatant, on every side, played by ``ai``: a price depends on
    the quality of play on both sides, so one AI plays them all and every report names it."""
    out = copy.deepcopy(data)
    for side in out.get("sides", []):
        for c in side.get("combatants", []):
            c["ai"] = ai
    return out


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


__all__ = ["Change", "PRICERS", "UNITS", "Variant", "Worth", "WorthError", "apply_build", "cap_names", "describe",
           "hero_menu", "make_variant", "marvel_menu", "menu_for", "paired", "ranked", "thirds_separated", "with_ai", "worth_of"]
