"""The boundaries the engine keeps: plugins see a read-only battle and a change fails at once,
naming the plugin; a decision goes only to the AIs that may answer it; the rules system sees a
context, not the battle; core never imports the app, and the app never names a rules system."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from slugfest import BattleView, ReadOnlyBattle, answers_for, hookimpl
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import BattleEnded, PluginFailed
from slugfest.core.testing import battle_with, events_of, hero, scenario

ROOT = Path(__file__).resolve().parent.parent
PUNCH = [{"name": "Punch", "kind": "normal", "range": "hth"}]


def duel(**battle):
    return scenario("hero", {"A": [hero("a", (5, 5), attacks=PUNCH, DEX=15)],
                             "B": [hero("b", (6, 5), attacks=PUNCH)]}, turn_limit=2, **battle)


class Vandal:
    """An observer that tries to change the battle it is shown."""

    def __init__(self, how):
        self.how = how

    @hookimpl
    def slugfest_battle_start(self, battle):
        self.how(battle)


@pytest.mark.parametrize("how, needle", [
    (lambda b: setattr(b, "scenario", None), "cannot set battle.scenario"),
    (lambda b: delattr(b, "events"), "cannot delete battle.events"),
    (lambda b: b.events.append(None), "has no attribute 'append'"),
    (lambda b: b.dice.setstate(None), "has no attribute 'setstate'"),
    (lambda b: setattr(b.dice, "roll", None), "can be rolled, not changed"),
])
def test_a_plugin_that_changes_the_battle_fails_at_once_by_name_and_the_battle_goes_on(how, needle):
    b = battle_with(duel(), seed=3, plugins=[("vandal", Vandal(how))])
    b.run()
    failures = events_of(b, PluginFailed)
    assert [(f.plugin, f.hook) for f in failures] == [("vandal", "slugfest_battle_start")]
    assert needle in failures[0].error
    assert isinstance(b.events[-1], BattleEnded) and b.scenario is not None
    plain = battle_with(duel(), seed=3)
    plain.run()
    assert [e for e in b.events if not isinstance(e, PluginFailed)] == plain.events


def test_the_view_reads_the_live_battle():
    b = battle_with(duel(), seed=3)
    view = b.view
    assert isinstance(view, BattleView) and view.system.name == "hero" and view.seed == 3
    b.step()
    assert len(view.events) == len(b.events) and view.events[-1] is b.events[-1]
    assert view.vitals("b").position == b.state.fighters["b"].pos
    with pytest.raises(ReadOnlyBattle):
        view.seed = 4  # type: ignore[misc]


class Counting:
    """Two AIs, one routed to its own combatants, one asked about every decision."""

    def __init__(self):
        self.mine: list[str] = []
        self.everyone: list[str] = []

    @answers_for("mine")
    def slugfest_choose_action(self, battle, decision):
        self.mine.append(decision.actor)
        return None


class Everyone:
    def __init__(self):
        self.asked: list[str] = []

    @hookimpl
    def slugfest_choose_action(self, battle, decision):
        self.asked.append(decision.actor)
        return None


def test_a_decision_goes_only_to_the_ai_marked_for_its_combatant_and_to_unmarked_ones():
    mine, anyone = Counting(), Everyone()
    plugins = [("mine", mine), ("anyone", anyone)]
    sc = scenario("hero", {"A": [hero("a", (5, 5), attacks=PUNCH, DEX=15, ai="mine")],
                           "B": [hero("b", (6, 5), attacks=PUNCH)]}, turn_limit=2, plugins=plugins)
    b = battle_with(sc, seed=3, plugins=plugins)
    b.run()
    assert set(mine.mine) == {"a"}, "the routed AI is asked about its own combatant only"
    assert set(anyone.asked) == {"a", "b"}, "an unmarked AI is asked about everyone"


def test_the_built_in_plugins_are_not_timed_and_third_party_ones_are():
    b = battle_with(duel(), seed=1, plugins=[("anyone", Everyone())])
    chain = {c.plugin: c.timed for c in b.host.choosers("default")}
    assert chain["default"] is False and chain["anyone"] is True
    assert "aggressive" not in chain, "an AI marked for another controller is not asked"


def test_a_choice_the_ai_made_is_checked_once():
    b = Battle(duel(), seed=2)
    calls = []
    system = type(b.system)()  # a system of the battle's own, so the shared one is left alone

    def counting(ctx, decision, action):
        calls.append(action)
        return b.system.__class__.check(ctx, decision, action)

    system.check = counting  # type: ignore[method-assign]
    b.system = system
    before = len(b.events)
    b.step()
    chosen = [e for e in b.events[before:] if type(e).__name__ == "ActionChosen"]
    assert chosen and len(calls) == len(chosen)  # one check a decision (a target's Abort is one more)


def _imports(folder: Path) -> set[str]:
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return found


def test_core_never_imports_the_app_or_textual():
    bad = {m for m in _imports(ROOT / "core") if m.split(".")[0] == "textual" or m.startswith("slugfest.tui")}
    assert not bad


def test_the_app_learns_what_it_shows_from_the_rules_systems_interface():
    assert not {m for m in _imports(ROOT / "tui") if m.startswith(("slugfest.core.hero", "slugfest.core.marvel"))}
    for path in (ROOT / "tui").rglob("*.py"):
        text = path.read_text()
        assert "system.name ==" not in text and ".system ==" not in text, path
        assert "'hero'" not in text and '"hero"' not in text, f"{path} names a rules system"


def test_nothing_imports_the_old_top_level_names():
    for folder in ("core", "tui", "plugins", "slugfest", "tests", "scripts", "benchmarks"):
        old = {m for m in _imports(ROOT / folder) if m.split(".")[0] in ("core", "plugins", "tui", "scenarios")}
        assert not old, f"{folder}: {old}"
