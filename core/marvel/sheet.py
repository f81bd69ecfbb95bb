"""A Marvel Multiverse character sheet and the scenario options, read from TOML tables.

Frozen data only: what the scenario describes. Current Health, Focus, Karma, position and
conditions live in :mod:`core.marvel.state`.

A combatant's Marvel keys (besides the loader's ``id``, ``name``, ``position``, ``ai``)::

    rank = 4
    tags = ["Heroic"]
    powers = ["Mighty 4", "Sturdy 1"]       # the powers and traits the engine models (:mod:`.powers`)
    other_powers = ["Wall-Crawling"]        # anything else, kept for the record
    health = 150    focus = 90    initiative = 3    karma = 4    reach = 1   (all optional)
    [abilities]   Melee = 5  Agility = 2  Resilience = 5  Vigilance = 3  Ego = 3  Logic = 4
    [defenses]    Agility = 14               # optional: defense scores that are not 10 + ability
    [speed]       run = 6  flight = 20       # optional: spaces per movement action
    [[attacks]]   name, ability, range, defense, damage, multiplier_bonus, check_bonus,
                  edge, nonlethal, lethal, knockback, fantastic_effect, element
"""

from __future__ import annotations

import re
from typing import Any

from ..rules.records import record
from ..files.schema import Table, closest, did_you_mean
from .conditions import ELEMENTS, TIMED, UNMODELLED_ELEMENTS
from .options import MarvelOptions, dump_options, parse_options  # noqa: F401  (re-exported: the sheet's readers)
from .powers import CATALOGUE, INITIATIVE_EDGES, Power, levels_text  # noqa: F401  (INITIATIVE_EDGES re-exported)

ABILITIES = ("Melee", "Agility", "Resilience", "Vigilance", "Ego", "Logic")
POOLS = ("Health", "Focus")

#: The attack-step reactions: an attack against its Agility defense has trouble.
DODGE_REACTIONS = tuple(p.name for p in CATALOGUE.values() if "reaction" in p.uses and p.trouble_on == "Agility defense")

KNOWN_TAGS = ("Heroic",)
SPEED_KEYS = ("run", "climb", "swim", "jump", "flight", "glide", "swingline", "levitation")
#: Speeds that carry a character across the open map, and the verb the log uses.
GRID_MODES = {"run": "runs", "flight": "flies", "glide": "glides", "swingline": "swings", "levitation": "floats"}


@record
class Abilities:
    Melee: int = 0
    Agility: int = 0
    Resilience: int = 0
    Vigilance: int = 0
    Ego: int = 0
    Logic: int = 0


@record
class MarvelAttack:
    """One attack. ``range`` 0 is a close attack (within reach); otherwise spaces.

    ``defense`` names the ability whose defense score is the target number; ``damage`` the pool
    it hurts (Health, or Focus for Ego and Logic attacks unless it says otherwise).
    """

    name: str
    ability: str = "Melee"
    range: int = 0
    defense: str = "Melee"
    damage: str = "Health"
    multiplier_bonus: int = 0  # a weapon's bonus: does not stack with powers (largest wins)
    check_bonus: int = 0
    edge: bool = False
    nonlethal: bool = False  # stops 1 short of killed/shattered whoever makes it
    lethal: bool = False  # a Heroic attacker "expressly says otherwise": no holding back
    knockback: bool = True  # a Mighty attacker chooses knockback on a Fantastic close hit
    fantastic_effect: str = ""  # a condition a Fantastic hit that does damage inflicts (rules/marvel.md §4.4)
    element: str = ""  # an elemental attack's element: it gives the Fantastic effect (rules/marvel.md §4.4)

    @property
    def close(self) -> bool:
        return self.range == 0

    @property
    def category(self) -> str:
        """``close``, ``mental`` (a ranged Ego or Logic attack) or ``ranged``."""
        if self.close:
            return "close"
        return "mental" if self.ability in ("Ego", "Logic") else "ranged"


@record
class MarvelSheet:
    rank: int
    abilities: Abilities
    defenses: tuple[tuple[str, int], ...] = ()  # given defense scores (others are 10 + ability)
    health: int | None = None
    focus: int | None = None
    initiative: int | None = None
    karma: int | None = None
    speeds: tuple[tuple[str, int], ...] = ()  # given speeds (others derived)
    reach: int = 1
    tags: tuple[str, ...] = ()
    powers: tuple[tuple[str, int], ...] = ()  # (canonical name, level; 0 for unlevelled)
    other_powers: tuple[str, ...] = ()
    attacks: tuple[MarvelAttack, ...] = ()

    def ability(self, name: str) -> int:
        return getattr(self.abilities, name)

    def level(self, power: str) -> int:
        for name, level in self.powers:
            if name == power:
                return level or 1
        return 0

    def has(self, power: str) -> bool:
        return any(name == power for name, _ in self.powers)

    def catalogued(self) -> tuple[tuple[Power, int], ...]:
        """Its powers as catalogue entries with their levels (1 for a power without levels)."""
        return tuple((CATALOGUE[name], level or 1) for name, level in self.powers)

    def always_on(self) -> tuple[tuple[Power, int], ...]:
        """The powers that work without being used (permanent ones)."""
        return tuple((p, lv) for p, lv in self.catalogued() if not p.active_use and "attack" not in p.uses)

    @property
    def heroic(self) -> bool:
        return any(t.lower() == "heroic" for t in self.tags)

    def defense(self, ability: str) -> int:
        """The defense score: as given, else 10 + ability (+ a permanent power's bonus, such as
        Spider-Sense's +2 Agility defense)."""
        given = dict(self.defenses)
        if ability in given:
            return given[ability]
        bonus = sum(b for p, _ in self.always_on() for d, b in p.defense_bonus if d == ability)
        return 10 + self.ability(ability) + bonus

    def defense_against(self, ability: str) -> tuple[int, str]:
        """The defense that stands against an attack on ``ability``'s defense, and the power that
        let another defense be used instead ("" if none did): Brawling lets Melee defense stand
        against Agility attacks, and so on (rules/marvel.md §2.4: the better of the two)."""
        best, via = self.defense(ability), ""
        for p, _ in self.always_on():
            if p.defends_with and p.defends_with[1] == ability and self.defense(p.defends_with[0]) > best:
                best, via = self.defense(p.defends_with[0]), p.name
        return best, via

    @property
    def initiative_modifier(self) -> int:
        return self.initiative if self.initiative is not None else self.abilities.Vigilance

    @property
    def starting_karma(self) -> int:
        if self.karma is not None:
            return self.karma
        return self.rank if self.heroic else 0

    def speed(self, mode: str) -> int:
        given = dict(self.speeds)
        if mode in given:
            return given[mode]
        run = given.get("run", 5 + max(self.abilities.Agility, 0) // 5)
        if mode == "run":
            return run
        if mode in ("climb", "swim", "jump"):
            return -(-run // 2)
        return 0

    def movement(self) -> tuple[int, str]:
        """The fastest way across open ground or through the air: (spaces, verb)."""
        best = (self.speed("run"), "runs")
        for mode, verb in GRID_MODES.items():
            if mode != "run" and self.speed(mode) > best[0]:
                best = (self.speed(mode), verb)
        return best

    def multiplier_bonuses(self, attack: MarvelAttack) -> tuple[tuple[str, int], ...]:
        """Every bonus that could apply to the attack's multiplier (only the largest will)."""
        out = [(f"{p.name} {lv}", lv) for p, lv in self.always_on() if p.multiplier == attack.ability]
        if attack.multiplier_bonus:
            out.append((attack.name, attack.multiplier_bonus))
        return tuple(out)

    def reductions(self, pool: str) -> tuple[tuple[str, int], ...]:
        """Every always-on damage reduction for a pool (only the largest will apply)."""
        return tuple((power_text(p.name, lv if p.levels else 0), lv) for p, lv in self.always_on()
                     if p.reduction == pool)

    @property
    def mighty(self) -> int:
        return self.level("Mighty")

    def attack(self, name: str) -> MarvelAttack:
        for a in self.attacks:
            if a.name == name:
                return a
        raise KeyError(name)


# -- sheets ---------------------------------------------------------------------------------

_LEVELED = re.compile(r"^\s*(.+?)\s+(\d+)\s*$")
_GLUED = re.compile(r"^\s*(\D+?)(\d+)\s*$")


def parse_power(text: str) -> tuple[str, int]:
    """``"Mighty 4"`` -> ("Mighty", 4); ``"spider-sense"`` -> ("Spider-Sense", 0). Raises ValueError."""
    lower = {name.lower(): p for name, p in CATALOGUE.items()}
    m = _LEVELED.match(text)
    if m and m.group(1).lower() in lower and lower[m.group(1).lower()].levels:
        p, level = lower[m.group(1).lower()], int(m.group(2))
        if not 1 <= level <= p.levels:
            raise ValueError(f"{p.name} has levels 1 to {p.levels}, got {level}" if p.levels > 1
                             else f"{p.name} has only level 1, got {level}")
        return p.name, level
    key = text.strip().lower()
    if key in lower:
        p = lower[key]
        if p.levels:
            raise ValueError(f"{p.name} needs a level, e.g. \"{p.name} {min(2, p.levels)}\"")
        return p.name, 0
    written = m or _GLUED.match(text)  # "Migthy 2", or "Sturdy2" with its level run on
    name = closest(written.group(1).strip() if written else text, tuple(CATALOGUE))
    if name and CATALOGUE[name].levels and written:
        guess = f' (did you mean "{name} {written.group(2)}"?)'
    else:
        guess = f' (did you mean "{name}"?)' if name else ""
    raise ValueError("not a power this engine knows" + guess + "; powers without a combat effect go in other_powers")


def power_text(name: str, level: int) -> str:
    return f"{name} {level}" if level else name


def parse_attack(t: Table) -> MarvelAttack:
    name = t.text("name", max_len=60)
    ability = t.choice("ability", ABILITIES, "Melee")
    rng = t.raw("range", "reach")
    spaces = 0
    if rng == "reach":
        pass
    elif type(rng) is int and 1 <= rng <= 1000:
        spaces = rng
    else:
        t.problems.add(f"{t.path}.range", f'expected "reach" (a close attack) or a range in spaces from 1 to 1000, got {rng!r}')
    defense = t.choice("defense", ABILITIES, ability)
    damage = t.choice("damage", POOLS, "Focus" if ability in ("Ego", "Logic") else "Health")
    nonlethal = t.boolean("nonlethal", False)
    lethal = t.boolean("lethal", False)
    if nonlethal and lethal:
        t.problems.add(f"{t.path}.lethal", "expected at most one of nonlethal and lethal to be true")
    atk = MarvelAttack(
        name=name, ability=ability, range=spaces, defense=defense, damage=damage,
        multiplier_bonus=t.integer("multiplier_bonus", 0, lo=0, hi=10),
        check_bonus=t.integer("check_bonus", 0, lo=-10, hi=10),
        edge=t.boolean("edge", False), nonlethal=nonlethal, lethal=lethal,
        knockback=t.boolean("knockback", True),
        **_fantastic_effect(t),
    )
    t.finish()
    return atk


def _fantastic_effect(t: Table) -> dict[str, str]:
    """``fantastic_effect`` (a condition) or ``element`` (whose effect it gives), not both."""
    given = t.raw("element", "")
    if isinstance(given, str) and given in UNMODELLED_ELEMENTS:
        t.problems.add(f"{t.path}.element", f"expected an element whose Fantastic effect is modelled "
                       f"({', '.join(ELEMENTS)}): {given}: {UNMODELLED_ELEMENTS[given]}; leave element out")
        return {"element": "", "fantastic_effect": ""}
    element = t.choice("element", tuple(ELEMENTS), "") if t.has("element") else ""
    effect = t.choice("fantastic_effect", tuple(TIMED), "") if t.has("fantastic_effect") else ""
    if element and effect:
        t.problems.add(f"{t.path}.fantastic_effect", f"expected either element or fantastic_effect: element "
                       f"{element!r} already gives {ELEMENTS[element]!r} on a Fantastic hit")
    return {"element": element, "fantastic_effect": effect or ELEMENTS.get(element, "")}


def dump_attack(a: MarvelAttack) -> dict[str, Any]:
    out: dict[str, Any] = {"name": a.name, "ability": a.ability, "range": a.range or "reach"}
    if a.defense != a.ability:
        out["defense"] = a.defense
    if a.damage != ("Focus" if a.ability in ("Ego", "Logic") else "Health"):
        out["damage"] = a.damage
    for key, default in (("multiplier_bonus", 0), ("check_bonus", 0), ("edge", False), ("nonlethal", False),
                         ("lethal", False), ("knockback", True), ("element", "")):
        if getattr(a, key) != default:
            out[key] = getattr(a, key)
    if a.fantastic_effect != ELEMENTS.get(a.element, ""):
        out["fantastic_effect"] = a.fantastic_effect
    return out


def parse_sheet(t: Table) -> MarvelSheet:
    """Read a combatant's Marvel keys (the loader reads the generic ones and reports unknown keys)."""
    rank = t.integer("rank", lo=1, hi=6)
    at = t.table("abilities")
    abilities = Abilities(**{a: at.integer(a, 0, lo=-5, hi=30) for a in ABILITIES})
    at.finish()
    dt = t.table("defenses")
    defenses = tuple((a, v) for a in ABILITIES if (v := dt.integer(a, None, lo=0, hi=60)) is not None)
    dt.finish()
    st = t.table("speed")
    speeds = tuple((k, v) for k in SPEED_KEYS if (v := st.integer(k, None, lo=0, hi=1000)) is not None)
    st.finish()
    tags = t.strings("tags", ())
    for i, tag in enumerate(tags):
        if tag.lower() not in (k.lower() for k in KNOWN_TAGS):
            hint = did_you_mean(tag, KNOWN_TAGS)
            if hint:
                t.problems.add(f"{t.path}.tags[{i}]", f"expected a tag, got {tag!r}, close to a tag with a rule{hint}")
    powers: list[tuple[str, int]] = []
    for i, text in enumerate(t.strings("powers", ())):
        try:
            p = parse_power(text)
        except ValueError as exc:
            t.problems.add(f"{t.path}.powers[{i}]", f"expected a power such as \"Mighty 4\", got {text!r} ({exc})")
            continue
        if any(name == p[0] for name, _ in powers):
            t.problems.add(f"{t.path}.powers[{i}]", f"expected each power once, got {p[0]} again (the higher level replaces the lower)")
            continue
        powers.append(p)
    attacks = tuple(parse_attack(a) for a in t.tables("attacks", max_items=16))
    names = [a.name for a in attacks]
    for i, n in enumerate(names):
        if n and names.index(n) != i:
            t.problems.add(f"{t.path}.attacks[{i}].name", f"expected a name not used by another attack, got {n!r} twice")
    if not attacks:
        attacks = (MarvelAttack("Punch"),)
    others = t.strings("other_powers", ())
    for i, text in enumerate(others):
        modelled = {n.lower(): n for n in CATALOGUE}.get(text.strip().lower())
        if modelled:
            t.problems.add(f"{t.path}.other_powers[{i}]", f"expected a power the engine does not model, got "
                           f"{text!r}, which it does: list it under powers (as {levels_text(CATALOGUE[modelled])!r})")
    return MarvelSheet(
        rank=rank, abilities=abilities, defenses=defenses,
        health=t.integer("health", None, lo=1, hi=10000),
        focus=t.integer("focus", None, lo=1, hi=10000),
        initiative=t.integer("initiative", None, lo=-10, hi=30),
        karma=t.integer("karma", None, lo=0, hi=20),
        speeds=speeds, reach=t.integer("reach", 1, lo=1, hi=10),
        tags=tags, powers=tuple(powers), other_powers=others,
        attacks=attacks,
    )


def dump_sheet(s: MarvelSheet) -> dict[str, Any]:
    out: dict[str, Any] = {"rank": s.rank}
    if s.tags:
        out["tags"] = list(s.tags)
    if s.powers:
        out["powers"] = [power_text(n, lv) for n, lv in s.powers]
    if s.other_powers:
        out["other_powers"] = list(s.other_powers)
    for key in ("health", "focus", "initiative", "karma"):
        if getattr(s, key) is not None:
            out[key] = getattr(s, key)
    if s.reach != 1:
        out["reach"] = s.reach
    out["abilities"] = {a: s.ability(a) for a in ABILITIES}
    if s.defenses:
        out["defenses"] = dict(s.defenses)
    if s.speeds:
        out["speed"] = dict(s.speeds)
    out["attacks"] = [dump_attack(a) for a in s.attacks]
    return out
