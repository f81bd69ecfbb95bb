"""The turn menu, movement on the shared grid, legality checks, Karma recovery, the AI's
estimate, and the attack/damage hooks for Marvel contexts."""

import pytest

from slugfest.core.engine.actions import Action, Choice, Decision
from slugfest.core.errors import IllegalAction
from slugfest.core.engine.events import Moved, PluginFailed
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.resolve import MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.marvel.menu import menu_for
from slugfest.core.marvel.movement import occupied, speed
from slugfest.core.marvel.tactics import Picture

from marvel_kit import (FIRST_GOES_FIRST, LOGO, M, Script, battle_with, ctx, duel, events_of, fighter, iron_man,
                        scenario, she_hulk)


def started(sc, faces=(), plan=None, **kw):
    b = battle_with(sc, dice=FIRST_GOES_FIRST + list(faces), plugins=[("script", Script(plan))], **kw)
    b.start()
    return b


def menu_of(b, cid="she-hulk"):
    return menu_for(b.ctx, b.state.fighters[cid])


# -- the menu and movement ----------------------------------------------------------------

def test_a_turn_is_one_decision_whose_menu_lists_whole_turns():
    b = started(duel(she_hulk(), iron_man(position=(8, 5))))
    d = b.next_decision()
    assert d.kind == "phase" and d.actor == "she-hulk" and d.context == "Round 1"
    kinds = [a.kind for a in d.menu]
    assert kinds[:2] == ["attack", "move"] and "retreat" in kinds and "dodge" in kinds
    assert "recover" not in kinds  # nothing to recover yet


def test_close_attack_moves_up_to_run_speed_then_strikes():
    b = started(duel(she_hulk(), iron_man(position=(11, 5))), [1, M(2), 1], [Action("attack", "Punch", "iron-man")])
    b.step()
    moved = [e for e in b.events if isinstance(e, Moved)][0]
    assert (moved.start, moved.end, moved.distance, moved.unit) == ((5, 5), (10, 5), 5, "spaces")
    assert events_of(b, ev.AttackCheck)


def test_close_attack_beyond_one_movement_action_is_not_on_the_menu_but_a_double_move_is():
    b = started(duel(she_hulk(), iron_man(position=(12, 5))))
    menu = menu_of(b)
    assert Action("attack", "Punch", "iron-man") not in menu and Action("move", target="iron-man") in menu
    with pytest.raises(IllegalAction, match="too far to reach with one movement action"):
        b.check(Decision("she-hulk", tuple(menu), "default"), Action("attack", "Punch", "iron-man"))


def test_a_double_move_covers_twice_the_speed():
    b = started(duel(she_hulk(), iron_man(position=(19, 5))), plan=[Action("move", target="iron-man")])
    b.step()
    moved = [e for e in b.events if isinstance(e, Moved)][0]
    assert moved.distance == 10 and "double move" in moved.why


def test_move_to_a_cell_is_checked_against_twice_the_speed():
    b = started(duel(she_hulk(), iron_man(position=(19, 5))))
    d = b.next_decision()
    b.check(d, Action("move", destination=(15, 5)))
    with pytest.raises(IllegalAction, match="beyond"):
        b.check(d, Action("move", destination=(16, 5)))
    b.submit(d, Choice(Action("move", destination=(15, 5))))
    assert b.state.fighters["she-hulk"].pos == (15, 5)


def test_flight_and_swinglines_move_characters_faster_than_running():
    flier = she_hulk(speed={"run": 5, "flight": 20})
    b = started(duel(flier, iron_man(position=(19, 5))))
    assert speed(b.state.fighters["she-hulk"]) == 20
    assert Action("attack", "Punch", "iron-man") in menu_of(b)
    assert b.state.fighters["iron-man"].sheet.movement() == (5, "runs")  # 5 + Agility 4 // 5


def test_run_speed_is_5_plus_1_per_full_5_agility():
    b = started(duel(she_hulk(Agility=10), iron_man()))
    assert speed(b.state.fighters["she-hulk"]) == 7


def test_ranged_attacks_reach_twice_their_range_by_default_once_as_an_option():
    gun = she_hulk(attacks=[{"name": "Blast", "ability": "Agility", "range": 5}], speed={"run": 0})
    b = started(duel(gun, iron_man(position=(15, 5))))
    assert Action("attack", "Blast", "iron-man") in menu_of(b)  # 10 spaces: within 2 x 5
    b = started(duel(gun, iron_man(position=(15, 5)), rules={"long_range": False}))
    assert Action("attack", "Blast", "iron-man") not in menu_of(b)


def test_ranged_attacker_moves_into_range_then_shoots():
    gun = she_hulk(attacks=[{"name": "Blast", "ability": "Agility", "range": 5}])
    # its run of 5 cannot bring it within the listed 5 spaces: it stops at 10 (twice), with trouble
    b = started(duel(gun, iron_man(position=(19, 5))), [1, M(2), 1, M(2)], [Action("attack", "Blast", "iron-man")])
    b.step()
    moved = [e for e in b.events if isinstance(e, Moved)][0]
    assert moved.end == (9, 5)
    assert events_of(b, ev.AttackCheck)[0].roll.troubles == ("Iron Man is beyond Blast's listed range (10 of 5 spaces)",)


def test_a_ranged_attacker_steps_to_the_nearest_cell_with_its_target_in_range_and_sight():
    """Move, then attack (rules/marvel.md §3): the target stands in a ring of its allies, one
    space out of range. No walk ends next to it, but one step brings it into range, and of the
    cells one step away the one squarely in front of it is taken."""
    gun = she_hulk(position=(1, 5), attacks=[{"name": "Blast", "ability": "Agility", "range": 5}])  # 10, doubled
    ring = [fighter(f"guard-{i}", (12 + dx, 5 + dy)) for i, (dx, dy) in enumerate(
        [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)])]
    sc = scenario("marvel", {"Heroes": [gun], "Villains": [iron_man(position=(12, 5)), *ring]}, width=20, height=12)
    b = battle_with(sc, seed=1)
    b.start()
    pic = Picture(b.ctx, b.state.fighters["she-hulk"])
    target = b.state.fighters["iron-man"]
    assert pic.firing_spot(target, pic.f.attack("Blast")) == (2, 5)
    assert pic.attack_path(target, pic.f.attack("Blast")) == [(2, 5)]
    assert Action("attack", "Blast", "iron-man") in menu_for(b.ctx, pic.f)


def test_a_foe_out_of_the_fight_is_attacked_but_not_walked_toward_or_fallen_back_from():
    """The turn's picture asks once who is still in the fight: a foe knocked out before the turn
    may still be hit where it lies, but no move goes toward it and no retreat away from it."""
    b = started(duel(she_hulk(position=(2, 5)), iron_man(position=(6, 5))))
    f, g = b.state.fighters["she-hulk"], b.state.fighters["iron-man"]
    kinds = {a.kind for a in menu_for(b.ctx, f) if a.target == "iron-man"}
    assert {"attack", "move", "retreat"} <= kinds
    g.health = 0  # unconscious
    kinds = {a.kind for a in menu_for(b.ctx, f) if a.target == "iron-man"}
    assert "attack" in kinds and not kinds & {"move", "retreat", "grab"}
    assert Picture(b.ctx, f).occupied == occupied(b.state, f) == {(6, 5)}  # the unconscious still block
    g.health = -g.health_max  # killed: no longer a foe, nor in the way
    pic = Picture(b.ctx, f)
    assert pic.foes == pic.standing == [] and pic.occupied == occupied(b.state, f) == set()


def test_attacks_of_one_range_share_a_firing_spot_and_another_range_finds_its_own():
    """The turn's picture finds each target's firing spot once per range (all a walk depends on):
    Blast and Zap (5 spaces, 10 doubled) fire from the same cell after a move, Bolt (3, so 6)
    finds none within its speed of 5, and Punch still needs a walk next to Iron Man."""
    gun = she_hulk(position=(1, 5), speed={"run": 5}, attacks=[
        {"name": "Punch"}, {"name": "Blast", "ability": "Agility", "range": 5},
        {"name": "Bolt", "ability": "Agility", "range": 3}, {"name": "Zap", "ability": "Agility", "range": 5}])
    b = started(duel(gun, iron_man(position=(15, 5))))
    pic = Picture(b.ctx, b.state.fighters["she-hulk"])
    target = b.state.fighters["iron-man"]
    assert pic.firing_spot(target, pic.f.attack("Bolt")) is None
    assert pic.firing_spot(target, pic.f.attack("Blast")) == pic.firing_spot(target, pic.f.attack("Zap")) == (5, 5)
    assert pic.attack_path(target, pic.f.attack("Zap")) == [(2, 5), (3, 5), (4, 5), (5, 5)]
    assert pic.attack_path(target, pic.f.attack("Bolt")) is None
    assert pic.attack_path(target, pic.f.attack("Punch")) is None  # 13 steps to stand next to it
    attacks = {a.attack for a in menu_for(b.ctx, pic.f) if a.kind == "attack"}
    assert attacks == {"Blast", "Zap"}


def test_a_move_toward_a_foe_is_offered_while_some_walk_leads_next_to_it_round_walls_and_people():
    """Iron Man stands in a dead end of walls whose one way in a guard fills: no walk leads next to
    him, so no move toward him is offered (the guard's is); the guard gone, the way is open."""
    walls = [(8, 4), (8, 6), (9, 4), (10, 4), (11, 4), (9, 6), (10, 6), (11, 6), (11, 5)]
    sc = scenario("marvel", {"Heroes": [she_hulk(position=(1, 5))],
                             "Villains": [iron_man(position=(10, 5)), fighter("guard", (8, 5))]},
                  width=20, height=12, obstacles=walls)
    b = battle_with(sc, seed=1)
    b.start()
    assert [a.target for a in menu_of(b) if a.kind == "move"] == ["guard"]
    b.state.fighters["guard"].pos = (8, 9)
    assert [a.target for a in menu_of(b) if a.kind == "move"] == ["iron-man", "guard"]


def test_obstacles_block_line_of_sight_for_ranged_attacks():
    gun = she_hulk(attacks=[{"name": "Blast", "ability": "Agility", "range": 10}], speed={"run": 0})
    b = started(duel(gun, iron_man(position=(10, 5)), obstacles=[(7, 5)]))
    assert Action("attack", "Blast", "iron-man") not in menu_of(b)


def test_check_refuses_what_is_not_on_the_menu_with_a_reason():
    b = started(duel(she_hulk(), iron_man(position=(12, 5))))
    d = b.next_decision()
    with pytest.raises(IllegalAction, match="no attack named"):
        b.check(d, Action("attack", "Laser", "iron-man"))
    with pytest.raises(IllegalAction, match="no combatant"):
        b.check(d, Action("attack", "Punch", "nobody"))


# -- Karma recovery -------------------------------------------------------------------------

def hurt(faces, health=50, rules=None, **keys):
    b = started(duel(she_hulk(**keys), iron_man(position=(15, 5)), rules=rules), faces,
                [Action("recover", maneuver="recover Health")])
    b.state.fighters["she-hulk"].health = health
    b.step()
    return b


def test_karma_recovery_spends_1_karma_resilience_vs_tn_10_recovers_dm_x_rank():
    b = hurt([3, M(5), 4])
    check = events_of(b, ev.CheckRolled)[0]
    assert (check.total, check.tn, check.success) == (3 + 5 + 4 + 5, 10, True)
    rec = events_of(b, ev.Recovered)[0]
    assert (rec.gained, rec.after, rec.karma_left) == (20, 70, 3)


def test_karma_recovery_fantastic_doubles_and_is_capped_at_the_maximum():
    assert events_of(hurt([3, LOGO, 4]), ev.Recovered)[0].gained == 48
    assert events_of(hurt([3, LOGO, 4], health=140), ev.Recovered)[0].gained == 10


def test_karma_recovery_failure_recovers_nothing_but_spends_the_karma():
    rec = events_of(hurt([1, M(2), 1], Resilience=0, health=5), ev.Recovered)[0]
    assert rec.gained == 0 and rec.karma_left == 3


def test_karma_recovery_adding_the_ability_is_an_option():
    assert events_of(hurt([3, M(5), 4], rules={"karma_recovery": "rank+ability"}), ev.Recovered)[0].gained == 25


def test_no_karma_no_recovery_and_non_heroic_characters_start_without_karma():
    b = started(duel(she_hulk(tags=[]), iron_man()))
    f = b.state.fighters["she-hulk"]
    f.health = 10
    assert f.karma == 0 and not [a for a in menu_of(b) if a.kind == "recover"]
    b = started(duel(she_hulk(karma=2), iron_man()))
    assert b.state.fighters["she-hulk"].karma == 2


# -- the AI's estimate -------------------------------------------------------------------------

def test_estimate_is_exact_expected_damage_over_the_pool_left():
    b = started(duel(she_hulk(), iron_man(health=1000, defenses={"Melee": 0}, powers=[])))
    value = b.estimate("she-hulk", Action("attack", "Punch", "iron-man"))
    expected = (sum(v * 8 + 5 for v in (2, 3, 4, 5, 6)) + 2 * (6 * 8 + 5)) / 6
    assert value == pytest.approx(expected / 1000)


def test_estimate_is_zero_against_armour_the_attack_cannot_hurt_and_for_non_attacks():
    miles = fighter("she-hulk", (5, 5), rank=3, powers=["Mighty 1"], Melee=3)
    b = started(duel(miles, iron_man(sturdy=4)))
    assert b.estimate("she-hulk", Action("attack", "Punch", "iron-man")) == 0.0
    assert b.estimate("she-hulk", Action("dodge")) == 0.0


def test_estimate_counts_chance_to_hit_and_caps_each_outcome_at_the_whole_pool():
    b = started(duel(she_hulk(), iron_man(health=1, defenses={"Melee": 17})))
    value = b.estimate("she-hulk", Action("attack", "Punch", "iron-man"))
    from slugfest.core.marvel.d616 import distribution
    p_hit = sum(p for (t, _, u), p in distribution(0).items() if u or t + 5 >= 17)
    assert value == pytest.approx(p_hit)


# -- hooks: the system's own steps, house rules, nonsense ------------------------------------

def test_each_systems_default_steps_return_none_for_the_others_context():
    from slugfest.core.hero import plugin as hero_plugin
    from slugfest.core.marvel import plugin as marvel_plugin

    assert hero_plugin.slugfest_attack_step(battle=None, attack=ctx()) is None
    assert hero_plugin.slugfest_damage_step(battle=None, attack=ctx(), hit=None) is None
    assert marvel_plugin.slugfest_attack_step(battle=None, attack=object()) is None
    assert marvel_plugin.slugfest_damage_step(battle=None, attack=object(), hit=None) is None


class AlwaysFantastic:
    """A house rule: every Marvel hit counts as a Fantastic success."""

    seen: list = []

    @hookimpl(wrapper=True)
    def slugfest_attack_step(self, battle, attack):
        result = yield
        if isinstance(attack, MarvelAttackContext) and result.hit:
            self.seen.append(attack)
            from dataclasses import replace
            return replace(result, fantastic=True, notes=("house rule: always Fantastic",))
        return result


def test_a_house_rule_wraps_the_marvel_attack_step_and_the_engine_uses_its_result():
    rule = AlwaysFantastic()
    b = battle_with(duel(she_hulk(), iron_man(health=200), width=50), dice=FIRST_GOES_FIRST + [4, M(5), 3],
                    plugins=[("script", Script([Action("attack", "Punch", "iron-man")])), ("always-fantastic", rule)])
    b.step()
    assert isinstance(rule.seen[0], MarvelAttackContext)
    check = events_of(b, ev.AttackCheck)[0]
    assert check.fantastic and check.notes == ("house rule: always Fantastic",)
    assert events_of(b, ev.DamageFigured)[0].calc.total == (5 * 6 + 5) * 2
    assert events_of(b, ev.KnockedBack)[0].spaces == 30


class NegativeDamage:
    @hookimpl(wrapper=True)
    def slugfest_damage_step(self, battle, attack, hit):
        result = yield
        from dataclasses import replace
        return replace(result, taken=-5)


def test_nonsense_damage_from_a_plugin_is_refused_and_the_step_rerun_without_it():
    b = battle_with(duel(she_hulk(), iron_man(health=200), width=50), dice=FIRST_GOES_FIRST + [4, M(5), 3],
                    plugins=[("script", Script([Action("attack", "Punch", "iron-man")])), ("negative", NegativeDamage())])
    b.step()
    failed = [e for e in b.events if isinstance(e, PluginFailed)]
    assert failed and failed[0].plugin == "negative" and "negative" in failed[0].error
    assert events_of(b, ev.DamageApplied)[0].taken == 35


def test_step_results_are_typed():
    from slugfest.core.marvel.resolve import validate_attack_result, validate_damage_result

    assert validate_attack_result(object()) and validate_damage_result(object())
    assert "negative" in validate_damage_result(MarvelDamageOutcome(None, -1))  # type: ignore[arg-type]
    assert validate_attack_result(MarvelAttackResult(None, 0, 0, True, False)) == "roll must be a D616"  # type: ignore[arg-type]
