"""Helpers for tests, ours and plugin authors': build a scenario in code, run it with
scripted dice and your plugin, and pick events out of the log.

    from core.testing import scenario, battle_with, events_of
    sc = scenario("hero", {"Heroes": [hero(id="a")], "Villains": [hero(id="b", position=[2, 0])]})
    b = battle_with(sc, dice=[3, 4, 5], plugins=[("my-rule", my_rule_module)])
    b.run()
    assert events_of(b, AttackRolled)[0].hit
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, TypeVar

from .battle import Battle
from .dice import Dice, Face, ScriptedDice
from .events import Event
from .plugins import get_plugin_manager
from .scenario import Scenario, parse_scenario

E = TypeVar("E", bound=Event)


def scenario(system: str, sides: dict[str, list[dict[str, Any]]], *, rules: dict[str, Any] | None = None,
             width: int = 20, height: int = 12, obstacles: Iterable[tuple[int, int]] = (),
             **battle: Any) -> Scenario:
    """A validated scenario from plain data (the same schema as a TOML file)."""
    data: dict[str, Any] = {
        "battle": {"name": battle.pop("name", "test"), "system": system, **battle},
        "map": {"width": width, "height": height, "obstacles": [list(c) for c in obstacles]},
        "sides": [{"name": name, "combatants": copy.deepcopy(members)} for name, members in sides.items()],
    }
    if rules:
        data["rules"] = dict(rules)
    return parse_scenario(data, "<test scenario>")


def hero(id: str, position: tuple[int, int] | list[int] = (0, 0), attacks: list[dict[str, Any]] | None = None,
         defenses: dict[str, Any] | None = None, ai: str = "default", **characteristics: Any) -> dict[str, Any]:
    """A HERO combatant table; keyword arguments in capitals are characteristics, others sheet keys."""
    chars = {k: v for k, v in characteristics.items() if k.isupper()}
    extra = {k: v for k, v in characteristics.items() if not k.isupper()}
    out: dict[str, Any] = {"id": id, "name": extra.pop("name", id.title()), "position": list(position), "ai": ai,
                           "characteristics": chars}
    if defenses:
        out["defenses"] = defenses
    if attacks is not None:
        out["attacks"] = attacks
    out.update(extra)
    return out


def battle_with(sc: Scenario, dice: Dice | Iterable[int | Face] | None = None, *, seed: int | None = None,
                plugins: Iterable[tuple[str, Any]] = (), house_rules: Iterable[str] | None = None,
                on_plugin_error: str = "fallback") -> Battle:
    """A battle over ``sc`` with scripted faces (a list) or a dice object, and extra plugins."""
    if dice is not None and not hasattr(dice, "roll"):
        dice = ScriptedDice(dice)  # type: ignore[arg-type]
    host = get_plugin_manager(house_rules=sc.house_rules if house_rules is None else house_rules, extra=plugins)
    return Battle(sc, seed=seed, dice=dice, host=host, on_plugin_error=on_plugin_error)  # type: ignore[arg-type]


def events_of(battle: Battle, cls: type[E]) -> list[E]:
    return [e for e in battle.events if isinstance(e, cls)]
