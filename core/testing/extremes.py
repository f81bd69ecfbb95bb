"""Extreme legal sheets for the reliability campaign (:mod:`core.testing.fuzzing`'s sibling): HERO and
Marvel scenarios whose every figure sits at or near the edge the validator allows (END 0 and 1,
BODY 1, SPD 1 and 12, defenses of 200, negative REC, advantages at their limits; Marvel rank 1
and 6, Health 1, abilities -5 and 30...). :func:`extreme_case` plays one under every AI with the
invariants checked after every event; ``scripts/soak.py --extreme`` adds them to the soak.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..files.scenario import ScenarioError, parse_scenario
from ..files.schema import Problems, Table
from ..hero.attack_keys import parse_attack
from ..hero.martial import TABLE
from ..hero.pricing import power_points
from .fuzzing import AIS, Verdict, _timed, play_checked


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


def _extreme_frameworks(rng: random.Random, out: dict[str, Any]) -> None:
    """Martial Arts (any of the table) and a Multipower of every attack that fits a reserve of
    1000, the largest the loader takes."""
    if rng.random() < 0.3:
        out["martial_arts"] = rng.sample(sorted(TABLE), rng.randint(1, 4))
        out["martial_dcs"] = _pick(rng, 0, 20)
    slots = [a["name"] for a in out["attacks"] if a.get("kind") != "presence" and _points(a) <= 1000]
    if len(slots) >= 2 and rng.random() < 0.3:
        out["multipowers"] = [{"name": "Array", "reserve": 1000, "slots": slots}]


def _points(atk: dict[str, Any]) -> float:
    """An attack's Active Points as the loader prices them (to keep a Multipower's slots legal)."""
    problems = Problems()
    parsed = parse_attack(Table(dict(atk), "x", problems))
    return float(power_points(parsed)) if not problems else 1e9


def _extreme_power(rng: random.Random, name: str) -> dict[str, Any]:
    """An attack of issue 19's at its edges: an effect power (Mind Control among them), a
    Presence Attack, an area or a burst (each only as the validator accepts it)."""
    kind = _pick(rng, "entangle", "flash", "drain", "aid", "healing", "presence", "area", "autofire", "mind_control",
                 "mental_illusions")
    dice = _pick(rng, "½d6", "1d6", "4d6", "20d6", "60d6")
    if kind == "presence":
        return {"name": name, "kind": "presence", **({"dice": dice} if rng.random() < 0.5 else {})}
    if kind in ("mind_control", "mental_illusions"):  # line of sight: the rules fix its range
        return {"name": name, "kind": kind, "dice": dice, **({"standard_effect": True} if rng.random() < 0.2 else {})}
    if kind in ("aid", "healing"):
        atk: dict[str, Any] = {"name": name, "kind": kind, "dice": dice}
    elif kind in ("entangle", "flash", "drain"):
        atk = {"name": name, "kind": kind, "dice": dice, "range": _pick(rng, "hth", 1, 40, 2000)}
        if atk["range"] == "hth":
            atk["adds_str"] = False
    else:
        atk = {"name": name, "kind": _pick(rng, "normal", "killing"), "dice": dice}
        if kind == "area":
            shape = _pick(rng, "radius", "cone", "line")
            atk["area"] = {"shape": shape, "metres": _pick(rng, 2, 8, 200), "explosion": rng.random() < 0.5}
            if shape == "radius":
                atk.update(range=_pick(rng, 1, 40, 2000), adds_str=False)
        else:
            atk.update(autofire=_pick(rng, 2, 5, 64), range=_pick(rng, 2, 40), adds_str=False)
    if kind in ("drain", "aid"):
        atk["characteristic"] = _pick(rng, "STR", "DEX", "SPD", "PD", "CON", "BODY", "STUN", "END", "OCV")
    if kind == "entangle":
        atk["entangle_defense"] = _pick(rng, 0, 30)
    if rng.random() < 0.3:
        atk.update(_pick(rng, {"charges": 1}, {"charges": 250}, {"reduced_end": "zero"}, {"standard_effect": True}))
    return atk


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
            if rng.random() < 0.35:  # a power beyond damage, an area or a burst (issue 19)
                attacks.append(_extreme_power(rng, f"Attack {n}"))
                continue
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
        _extreme_frameworks(rng, out)
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


