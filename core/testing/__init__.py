"""Helpers for tests, ours and plugin authors': build a scenario in code, run it with
scripted dice and your plugin, and pick events out of the log.

    from slugfest.core.testing import scenario, battle_with, events_of
    sc = scenario("hero", {"Heroes": [hero(id="a")], "Villains": [hero(id="b", position=[2, 0])]})
    b = battle_with(sc, dice=[3, 4, 5], plugins=[("my-rule", my_rule_module)])
    b.run()
    assert events_of(b, AttackRolled)[0].hit

A plugin that is not installed can still be named in the scenario (an AI gated on
``decision.controller``, a house rule in ``house_rules``): give ``scenario`` the same
``plugins=`` list as ``battle_with``.

    mine = [("turtle", turtle_module)]
    sc = scenario("hero", {"A": [hero("a", ai="turtle")], "B": [hero("b", (2, 0))]}, plugins=mine)
    b = battle_with(sc, plugins=mine)
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Iterable, TypeVar

from collections.abc import Callable

from ..engine.actions import Action, Asking, Choice, Decision
from ..engine.battle import Battle
from ..rules.dice import Dice, Face, ScriptedDice
from ..engine.events import Event
from ..engine.catalog import PluginInfo, describe, hooks_of, kind_of, installed_plugin_names
from ..engine.plugins import get_plugin_manager
from ..files.scenario import Scenario, parse_scenario

E = TypeVar("E", bound=Event)
T = TypeVar("T")


def scenario(system: str, sides: dict[str, list[dict[str, Any]]], *, rules: dict[str, Any] | None = None,
             width: int = 20, height: int = 12, obstacles: Iterable[tuple[int, int]] = (),
             plugins: Iterable[tuple[str, Any] | str] = (), **battle: Any) -> Scenario:
    """A validated scenario from plain data (the same schema as a TOML file).

    ``plugins``: plugins the scenario may name besides the installed ones (an ``ai`` or a
    ``house_rules`` entry), as the ``(name, plugin)`` pairs you give :func:`battle_with` (checked
    like an installed plugin: an AI must implement ``slugfest_choose_action``...), or bare names.
    """
    data: dict[str, Any] = {
        "battle": {"name": battle.pop("name", "test"), "system": system, **battle},
        "map": {"width": width, "height": height, "obstacles": [list(c) for c in obstacles]},
        "sides": [{"name": name, "combatants": copy.deepcopy(members)} for name, members in sides.items()],
    }
    if rules:
        data["rules"] = dict(rules)
    known: dict[str, Any] | None = None
    plugins = list(plugins)
    if plugins:
        known = dict(installed_plugin_names())
        for entry in plugins:
            name, plugin = (entry, None) if isinstance(entry, str) else entry
            known[name] = _info(name, plugin)
    return parse_scenario(data, "<test scenario>", known_plugins=known)


def _info(name: str, plugin: Any) -> Any:
    """What the scenario checks know of a plugin given in code (a bare name: nothing, so any role)."""
    if plugin is None:
        return None
    hooks = hooks_of(plugin)
    return PluginInfo(name, plugin, "test", "<test>", describe(plugin), hooks, kind_of(hooks),
                      tuple(getattr(plugin, "SLUGFEST_SYSTEMS", ())))


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
                on_plugin_error: str = "fallback", **battle: Any) -> Battle:
    """A battle over ``sc`` with scripted faces (a list) or a dice object, and extra plugins
    (``battle`` passes further keywords to :class:`Battle`, e.g. ``plugin_timeout``)."""
    if dice is not None and not hasattr(dice, "roll"):
        dice = ScriptedDice(dice)
    host = get_plugin_manager(house_rules=sc.house_rules if house_rules is None else house_rules, extra=plugins)
    return Battle(sc, seed=seed, dice=dice, host=host, on_plugin_error=on_plugin_error, **battle)  # type: ignore[arg-type]


def phase_decision(battle: Battle, actor: str, controller: str | None = None) -> Decision:
    """The Phase (turn) decision ``actor`` would face now, with its menu and picture, as the rules
    system would put it (nothing in the battle changes); ``controller`` names the AI to ask."""
    battle.start()
    d = battle.system.decision_for(battle.ctx, actor)
    return d if controller is None else replace(d, controller=controller)


def drive(rules: Asking[T], answer: Callable[[Decision], Action | None] | None = None,
          asked: list[Decision] | None = None) -> T:
    """Run a rule that may ask questions (a generator: :data:`core.engine.actions.Asking`) to its end,
    as a test that calls one directly must, and return its result: each question it asks is
    added to ``asked`` and answered with ``answer(question)``, or, when that gives None or no
    ``answer`` is given, with the first action on its menu ("no")."""
    reply: Choice | None = None
    while True:
        try:
            question = rules.send(reply)  # type: ignore[arg-type]
        except StopIteration as done:
            return done.value
        if asked is not None:
            asked.append(question)
        action = answer(question) if answer is not None else None
        reply = Choice(action if action is not None else question.menu[0], "test")


def events_of(battle: Battle, cls: type[E]) -> list[E]:
    return [e for e in battle.events if isinstance(e, cls)]


def kept_against_fresh(battle: Battle, kept: Callable[[str], Any], fresh: Callable[[Any], Any]) -> tuple[list[str], int]:
    """Play ``battle`` out, comparing at every event each fighter's ``kept(id)`` (a figure a
    rules system keeps between events) with ``fresh(fighter)`` (the same worked out anew): the
    events and fighters where they differ, and how many comparisons were made (a cache's test
    must see it asked often, or it proves nothing)."""
    differ: list[str] = []
    checked = 0

    def compare(event: Event) -> None:
        nonlocal checked
        if battle.ctx.state is None:
            return
        for cid, f in battle.ctx.state.fighters.items():
            checked += 1
            if kept(cid) != fresh(f):
                differ.append(f"{event.kind}: {cid}")

    battle.listen(compare)
    battle.run()
    return differ, checked


def kept_after_change(battle: Battle, kept: Callable[[str], Any], fresh: Callable[[Any], Any], field: str,
                      value: Any) -> tuple[Any, Any, Any]:
    """Start ``battle``, read its first fighter's ``kept(id)``, set the fighter's ``field`` to
    ``value`` (or to ``value(fighter)`` when it is callable) and read it again: (before, after,
    ``fresh(fighter)`` after). A kept figure that sees the change at once has ``after == fresh``
    and differs from ``before`` where the change shows."""
    battle.start()
    cid, f = next(iter(battle.ctx.state.fighters.items()))
    before = kept(cid)
    setattr(f, field, value(f) if callable(value) else value)
    return before, kept(cid), fresh(f)
