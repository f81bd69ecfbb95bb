"""Faulty plugins of every kind, for the reliability campaign (:mod:`core.testing.fuzzing`'s sibling).

:data:`FAULTS` lists each kind (raising every exception type, wrong result types, vandals,
hangs, sleeps, swallowed stops, broken attack and damage rules, failing observers) and
:func:`fault_case` plays one against a duel: it must be reported by name while the battle's
state stays intact, and where expected its events equal the clean battle's.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..batch import simulate as sim
from ..engine.actions import Choice
from ..engine.battle import Battle
from ..engine.events import ActionRefused, BattleEnded, PluginFailed
from ..engine.plugins import get_plugin_manager, hookimpl
from ..errors import PluginError, SlugfestError
from ..files.scenario import Scenario, parse_scenario
from . import hero, scenario
from .fuzzing import Verdict, _last_of_battle, _timed
from .soak import InvariantChecker


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
    if system == "hero":
        punch: list[dict[str, Any]] = [{"name": "Punch", "kind": "normal", "range": "hth"},
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


