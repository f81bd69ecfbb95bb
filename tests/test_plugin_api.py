"""The plugin API: documented hooks, misspelt hooks refused at load time, and plugins that
fail (raise, return nonsense, choose illegal actions) reported by name without corrupting
the battle."""

import inspect
from dataclasses import replace

import pytest

from slugfest.core.engine import hookspecs
from slugfest.core.engine.actions import Action, Choice
from slugfest.core.engine.battle import Battle
from slugfest.core.errors import PluginError, UnknownPlugin
from slugfest.core.engine.events import ActionChosen, ActionRefused, BattleEnded, PluginFailed
from slugfest.core.hero.events import AttackRolled, DamageTakenEvent
from slugfest.core.engine.plugins import get_plugin_manager, hookimpl
from slugfest.core.testing import battle_with, events_of, hero, scenario

HOOKS = sorted(n for n in dir(hookspecs) if n.startswith("slugfest_"))


def duel(**battle):
    punch = [{"name": "Punch", "kind": "normal", "range": "hth", "knockback": False}]
    return scenario("hero", {
        "Heroes": [hero("hero", (0, 0), attacks=punch, STR=30, SPD=4, DEX=14)],
        "Villains": [hero("villain", (1, 0), attacks=punch, STR=25, SPD=3, DEX=12)],
    }, turn_limit=5, **battle)


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_documented_with_its_parameters(name):
    fn = getattr(hookspecs, name)
    doc = inspect.getdoc(fn) or ""
    assert len(doc.splitlines()) >= 2, f"{name} needs a docstring"
    for param in inspect.signature(fn).parameters:
        assert f":param {param}:" in doc, f"{name} does not document {param}"
    assert name in inspect.getdoc(hookspecs), f"the module docstring's protocol does not mention {name}"


def test_a_misspelt_hook_is_an_error_at_load_time():
    class Typo:
        @hookimpl
        def slugfest_choose_actoin(self, battle, decision):
            return None

    with pytest.raises(PluginError, match="slugfest_choose_action"):
        get_plugin_manager(extra=[("typo", Typo())])


def test_a_hook_with_a_wrong_signature_is_an_error_at_load_time():
    class Wrong:
        @hookimpl
        def slugfest_choose_action(self, battle, decision, mood):
            return None

    with pytest.raises(PluginError, match="wrong"):
        get_plugin_manager(extra=[("wrong", Wrong())])


def test_an_unknown_house_rule_is_refused_before_the_battle():
    with pytest.raises(UnknownPlugin, match="no-such-rule"):
        get_plugin_manager(house_rules=["no-such-rule"])


class Raises:
    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        raise ZeroDivisionError("boom")


def test_an_ai_that_raises_is_reported_by_name_and_the_default_ai_takes_over():
    b = battle_with(duel(), seed=3, plugins=[("grumpy-ai", Raises())])
    outcome = b.run()
    failures = events_of(b, PluginFailed)
    assert failures and failures[0].plugin == "grumpy-ai"
    assert failures[0].hook == "slugfest_choose_action"
    assert "ZeroDivisionError: boom" in failures[0].error
    assert isinstance(b.events[-1], BattleEnded) and outcome is b.outcome


def test_a_battle_with_a_failing_ai_plays_exactly_like_one_without_it():
    """Containing the failure leaves no trace in the rules: the same dice, the same fight."""
    clean = battle_with(duel(), seed=5)
    clean.run()
    noisy = battle_with(duel(), seed=5, plugins=[("grumpy-ai", Raises())])
    noisy.run()
    strip = lambda evs: [e for e in evs if not isinstance(e, PluginFailed)]  # noqa: E731
    assert [e for e in strip(noisy.events)] == clean.events


class WrongType:
    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        return "punch him"


def test_an_ai_returning_the_wrong_type_is_reported():
    b = battle_with(duel(), seed=3, plugins=[("confused-ai", WrongType())])
    b.step()
    f = events_of(b, PluginFailed)[0]
    assert f.plugin == "confused-ai" and "expected a Choice" in f.error


class Illegal:
    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        return Choice(Action("attack", "Punch", "nobody", "strike"), "cheating")


def test_an_illegal_choice_is_refused_with_the_reason_and_the_state_is_untouched():
    b = battle_with(duel(), seed=3, plugins=[("cheat-ai", Illegal())])
    b.step()
    refused = events_of(b, ActionRefused)[0]
    assert refused.chosen_by == "cheat-ai"
    assert "no combatant 'nobody'" in refused.why


class ExplodingDamage:
    """A house rule whose damage wrapper raises."""

    @hookimpl(wrapper=True)
    def slugfest_damage_step(self, battle, attack, hit):
        yield
        raise RuntimeError("bleeding rule broke")


class NegativeDamage:
    @hookimpl(wrapper=True)
    def slugfest_damage_step(self, battle, attack, hit):
        result = yield
        return replace(result, taken=replace(result.taken, stun=-50))


@pytest.mark.parametrize("plugin,needle", [(ExplodingDamage(), "bleeding rule broke"),
                                           (NegativeDamage(), "negative")])
def test_a_failing_house_rule_is_reported_and_the_damage_step_runs_without_it(plugin, needle):
    b = battle_with(duel(), seed=9, plugins=[("bad-rule", plugin)])
    b.run()
    failures = [f for f in events_of(b, PluginFailed) if f.plugin == "bad-rule"]
    assert failures and needle in failures[0].error
    assert failures[0].hook == "slugfest_damage_step"
    for taken in events_of(b, DamageTakenEvent):
        assert taken.stun_taken >= 0
    clean = battle_with(duel(), seed=9)
    clean.run()
    assert [e for e in b.events if not isinstance(e, PluginFailed)] == clean.events


def test_stop_on_plugin_error_ends_the_battle_cleanly_with_the_log_kept():
    b = battle_with(duel(), seed=3, plugins=[("grumpy-ai", Raises())], on_plugin_error="stop")
    outcome = b.run()
    assert outcome.winner is None and "grumpy-ai" in outcome.reason
    assert isinstance(b.events[-1], BattleEnded)
    assert b.halted is not None and b.halted.plugin == "grumpy-ai"
    standing = [c.id for c in b.scenario.combatants if b.view.vitals(c.id).able]
    assert outcome.survivors == tuple(standing) and standing  # named, not "no one"


class Crit:
    """A wrapper that sees and changes the attack step's result, like a house rule would."""

    @hookimpl(wrapper=True)
    def slugfest_attack_step(self, battle, attack):
        roll = yield
        if roll.total <= 5 and roll.hit:
            return replace(roll, notes=roll.notes + ("critical!",))
        return roll


def test_a_house_rule_wrapper_adjusts_the_attack_result_and_the_log_shows_its_note():
    b = battle_with(duel(), dice=[1, 1, 2] + [3] * 200, plugins=[("crit", Crit())])
    for _ in range(3):
        if not b.step():
            break
    rolls = events_of(b, AttackRolled)
    assert rolls[0].total == 4 and rolls[0].notes == ("critical!",)


def test_with_no_house_rule_the_step_goes_straight_to_the_rules_systems_own_implementation():
    """The shortcut around pluggy's dispatch is taken only when it cannot change a result: no
    plugin but the rules systems implements the step. One house rule, and the hook is called."""
    plain = get_plugin_manager()
    assert plain.own_step("slugfest_attack_step", "hero") is not None
    assert plain.own_step("slugfest_damage_step", "marvel") is not None
    with_rule = get_plugin_manager(extra=[("crit", Crit())])
    assert with_rule.own_step("slugfest_attack_step", "hero") is None
    assert with_rule.own_step("slugfest_damage_step", "hero") is not None  # Crit wraps only the attack step
    class PassThrough:
        @hookimpl(wrapper=True)
        def slugfest_attack_step(self, battle, attack):
            return (yield)

        @hookimpl(wrapper=True)
        def slugfest_damage_step(self, battle, attack, hit):
            return (yield)

    direct = battle_with(duel(), seed=11)
    hooked = battle_with(duel(), seed=11, plugins=[("pass-through", PassThrough())])
    assert hooked.host.own_step("slugfest_damage_step", "hero") is None
    direct.run()
    hooked.run()
    assert [repr(e) for e in direct.events] == [repr(e) for e in hooked.events]


def test_a_rules_systems_own_step_may_name_its_arguments_in_any_order():
    """The shortcut passes the step's arguments positionally, in the hookspec's order; a rules
    system whose implementation lists them otherwise (or takes fewer) still gets each by name."""
    from slugfest.core.hero import plugin as hero_rules

    class Reordered:
        @hookimpl
        def slugfest_rules_systems(self):
            return [hero_rules.SYSTEM]

        @hookimpl(trylast=True)
        def slugfest_attack_step(self, attack, battle):
            return hero_rules.slugfest_attack_step(battle, attack)

        @hookimpl(trylast=True)
        def slugfest_damage_step(self, hit, battle, attack):
            assert hit.hit
            return hero_rules.slugfest_damage_step(battle, attack, hit)

    plain = battle_with(duel(), seed=5)
    reordered = battle_with(duel(), seed=5, plugins=[("hero-rules", Reordered())])
    assert reordered.host.own_step("slugfest_damage_step", "hero") is not None
    plain.run()
    reordered.run()
    assert events_of(plain, DamageTakenEvent)
    assert [repr(e) for e in plain.events] == [repr(e) for e in reordered.events]


def test_built_in_plugins_are_registered_like_any_other():
    host = get_plugin_manager()
    assert {"default", "hero-rules"} <= set(host.names())
    assert "hero" in host.systems()


def test_battle_uses_scenario_house_rules_only_when_listed():
    b = Battle(duel())
    assert "crit" not in b.host.names()


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_in_the_plugin_authors_guide(name):
    from pathlib import Path

    guide = (Path(__file__).parent.parent / "docs" / "plugins.md").read_text()
    assert f"**`{name}(" in guide, f"docs/plugins.md does not document {name}"


class Slow:
    """Takes "one second" of a fake clock: the limit is checked on the plugin's own timing."""

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        FakeClock.now += 1.0
        return None


class FakeClock:
    now = 0.0

    @staticmethod
    def perf_counter():
        return FakeClock.now


class Hung:
    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        while True:
            pass


@pytest.mark.parametrize("plugin,needle", [(Slow(), "more than the 0.5 s allowed"),
                                           (Hung(), "did not finish in time")])
def test_a_plugin_that_takes_too_long_is_reported_by_name_and_switched_off(plugin, needle, monkeypatch):
    from slugfest.core.engine import guard
    from slugfest.core.engine.plugins import get_plugin_manager

    if isinstance(plugin, Slow):
        monkeypatch.setattr(guard.time, "perf_counter", FakeClock.perf_counter)
    b = Battle(duel(), seed=4, host=get_plugin_manager(extra=[("slowpoke", plugin)]), plugin_timeout=0.5 if
               isinstance(plugin, Slow) else 0.05)
    b.run()
    failures = events_of(b, PluginFailed)
    assert len(failures) == 1, "reported once, then switched off for the battle"
    f = failures[0]
    assert f.plugin == "slowpoke" and f.hook == "slugfest_choose_action" and needle in f.error
    assert "switched off" in f.fallback and isinstance(b.events[-1], BattleEnded)


# -- plugins given in code: named by a scenario, switched on as house rules -------------------

class Turtle:
    """Turtle: dodges whenever it can (answers only for its own combatants)."""

    @hookimpl
    def slugfest_choose_action(self, battle, decision):
        if decision.controller != "turtle":
            return None
        dodge = next((a for a in decision.menu if a.kind == "dodge"), None)
        return Choice(dodge, "a turtle pulls its head in") if dodge else None


class Grit:
    """Grit: every attack roll says so."""

    @hookimpl(wrapper=True)
    def slugfest_attack_step(self, battle, attack):
        result = yield
        return replace(result, notes=result.notes + ("grit",))


def turtle_duel(**battle):
    punch = [{"name": "Punch", "kind": "normal", "range": "hth", "knockback": False}]
    return {"Heroes": [hero("hero", (0, 0), attacks=punch, ai="turtle")],
            "Villains": [hero("villain", (1, 0), attacks=punch)]}


def test_a_scenario_may_name_a_controller_gated_ai_given_in_code():
    from slugfest.core.files.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="'turtle'"):
        scenario("hero", turtle_duel())
    mine = [("turtle", Turtle())]
    sc = scenario("hero", turtle_duel(), plugins=mine, turn_limit=2)
    b = battle_with(sc, seed=1, plugins=mine)
    b.run()
    chosen = [e for e in events_of(b, ActionChosen) if e.actor == "hero"]
    assert chosen and {(e.chosen_by, e.reason) for e in chosen} == {("turtle", "a turtle pulls its head in")}


def test_a_plugin_given_in_code_is_checked_for_its_role_and_a_bare_name_is_accepted():
    from slugfest.core.files.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="'turtle', which is a house-rule plugin"):
        scenario("hero", turtle_duel(), plugins=[("turtle", Grit())])
    assert scenario("hero", turtle_duel(), plugins=["turtle"]).combatants[0].ai == "turtle"


def test_a_house_rule_given_in_code_may_be_switched_on_by_name():
    host = get_plugin_manager(house_rules=["grit"], extra=[("grit", Grit())])
    assert "grit" in host.names()
    b = battle_with(duel(), seed=3, plugins=[("grit", Grit())], house_rules=["grit"])
    b.run()
    assert events_of(b, AttackRolled)[0].notes == ("grit",)
    sc = scenario("hero", turtle_duel(), plugins=[("grit", Grit()), ("turtle", Turtle())], house_rules=["grit"])
    assert sc.house_rules == ("grit",)


def test_plugins_given_in_code_are_always_registered_and_replace_a_catalogued_namesake():
    host = get_plugin_manager(extra=[("grit", Grit())])  # a house rule no scenario lists: still on
    assert "grit" in host.names()
    b = battle_with(duel(), seed=3, plugins=[("grit", Grit())])
    b.run()
    assert all(e.notes == ("grit",) for e in events_of(b, AttackRolled))
    mine = Grit()
    host = get_plugin_manager(house_rules=["criticals"], extra=[("criticals", mine)])
    assert host.plugin("criticals") is mine and host.names().count("criticals") == 1
    with pytest.raises(UnknownPlugin, match="no-such-rule"):
        get_plugin_manager(house_rules=["no-such-rule"], extra=[("grit", Grit())])


def test_the_choosers_chain_asks_in_pluggys_own_order():
    """PluginHost.choosers skips pluggy's dispatch for speed: it must ask the implementations in
    the order pluggy's firstresult call would, leaving out only those routed to another AI."""
    from slugfest import answers_for
    from slugfest.core.engine.plugins import get_plugin_manager

    asked: list[str] = []

    def ai(label, **opts):
        class Quiet:
            @hookimpl(**opts)
            def slugfest_choose_action(self, battle, decision):
                asked.append(label)
        return Quiet()

    class Elsewhere:
        @answers_for("someone-else")
        def slugfest_choose_action(self, battle, decision):
            asked.append("elsewhere")

    plugins = [("first", ai("first", tryfirst=True)), ("plain-1", ai("plain-1")), ("elsewhere", Elsewhere()),
               ("plain-2", ai("plain-2")), ("last", ai("last", trylast=True))]
    host = get_plugin_manager(extra=plugins)
    b = battle_with(duel(), seed=5, plugins=plugins)
    d = b.next_decision()
    answer = host.pm.hook.slugfest_choose_action(battle=b.view, decision=d)
    assert answer is not None  # the built-in default AI answers, and pluggy stops there
    through_pluggy = [name for name in asked if name != "elsewhere"] + ["default"]
    chain = [c.plugin for c in host.choosers(d.controller)]
    assert chain[:len(through_pluggy)] == through_pluggy == ["first", "plain-2", "plain-1", "default"]
    assert "elsewhere" not in chain


def test_the_hero_and_marvel_step_types_are_importable_from_slugfest_itself():
    """Issue 37: `from slugfest import AttackRoll` failed; the step types lived only in
    slugfest.hero / slugfest.marvel. They are the same classes, under names that do not clash."""
    import slugfest
    from slugfest import (AttackContext, AttackRoll, DamageCalc, DamageOutcome, DamageRoll, DamageTaken,
                          MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome)
    from slugfest import hero, marvel

    assert (AttackContext, AttackRoll, DamageOutcome, DamageRoll, DamageTaken) == (
        hero.AttackContext, hero.AttackRoll, hero.DamageOutcome, hero.DamageRoll, hero.DamageTaken)
    assert (DamageCalc, MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome) == (
        marvel.DamageCalc, marvel.MarvelAttackContext, marvel.MarvelAttackResult, marvel.MarvelDamageOutcome)
    assert set(hero.__all__) & set(marvel.__all__) == set()
    assert {"AttackRoll", "MarvelAttackResult", "hero", "marvel"} <= set(slugfest.__all__)


def test_an_actions_named_label_reads_each_combatants_name_for_its_id():
    """Refusals read "retreat -> rampart": the player sees names, not ids."""
    from slugfest.core.engine.actions import Action

    names = {"rampart": "Rampart", "thor": "Thor", "hulk": "Hulk"}
    assert Action("retreat", target="rampart").named(names) == "retreat -> Rampart"
    assert Action("fastball", ally="hulk", target="thor").named(names) == "fastball Hulk -> Thor"
    assert Action("multiple-attack", attacks=("Punch", "Kick"), targets=("thor", "hulk")).named(names) == \
        "multiple attack [Punch->Thor, Kick->Hulk]"
    assert Action("retreat", target="nobody").named(names) == "retreat -> nobody"
