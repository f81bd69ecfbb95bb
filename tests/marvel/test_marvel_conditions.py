"""Health, Focus, defenses and the effects of damage: unconscious, killed, demoralized, shattered."""

from slugfest.core.engine.actions import Action
from slugfest.core.marvel import conditions as cond
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.sheet import Abilities, MarvelSheet
from slugfest.core.marvel.combat import attack_context

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, duel, events_of, fighter, iron_man, she_hulk


def test_health_and_focus_are_30_times_resilience_and_vigilance_at_least_10_unless_given():
    assert cond.pool_max(5) == 150 and cond.pool_max(0) == 10 and cond.pool_max(-2) == 10
    assert cond.pool_max(5, given=123) == 123
    assert cond.pool_max(0, minimum=False) == 1


def test_scenario_option_minimum_pools_off():
    b = battle_with(duel(she_hulk(), iron_man(Resilience=0, Vigilance=0), rules={"minimum_pools": False}),
                    dice=FIRST_GOES_FIRST)
    b.start()
    f = b.state.fighters["iron-man"]
    assert (f.health_max, f.focus_max) == (1, 1)


def test_defense_scores_are_10_plus_ability_unless_given_and_spider_sense_adds_2_agility():
    s = MarvelSheet(4, Abilities(Melee=5, Agility=3), defenses=(("Melee", 18),))
    assert s.defense("Melee") == 18 and s.defense("Agility") == 13 and s.defense("Logic") == 10
    spidey = MarvelSheet(3, Abilities(Agility=4), powers=(("Spider-Sense", 0),))
    assert spidey.defense("Agility") == 16


def test_seed_unconscious_below_1_health_killed_at_minus_max():
    assert not cond.unconscious(1) and cond.unconscious(0)
    assert not cond.killed(-59, 60) and cond.killed(-60, 60) and cond.killed(-70, 60)


def test_seed_demoralized_at_0_focus_shattered_at_minus_max():
    assert not cond.demoralized(1) and cond.demoralized(0)
    assert not cond.shattered(-29, 30) and cond.shattered(-30, 30)
    assert cond.conditions(0, 60, -30, 30) == ("unconscious", "shattered")
    assert cond.conditions(-60, 60, 0, 30) == ("killed", "demoralized")


def turn(sc, faces, plan, steps=1):
    script = Script(plan)
    b = battle_with(sc, dice=FIRST_GOES_FIRST + faces, plugins=[("script", script)])
    for _ in range(steps):
        b.step()
    return b


THREE = [5, M(5), 5, 1, M(2), 1, 2, M(2), 2]  # initiative: the first acts first, then the third


def trio(a, b, c, plan, faces, **kw):
    """Heroes [a] against Villains [b, c] (c a bystander far away), with its initiative rolled."""
    from marvel_kit import scenario

    sc = scenario("marvel", {"Heroes": [a], "Villains": [b, c]}, **kw)
    bb = battle_with(sc, dice=THREE + faces, plugins=[("script", Script(plan))])
    bb.start()
    return bb


def test_seed_close_attacks_hit_an_unconscious_target_automatically():
    b = trio(she_hulk(), iron_man(health=200), fighter("bystander", (15, 10)),
             [Action("attack", "Punch", "iron-man")], [1, M(2), 1])
    b.state.fighters["iron-man"].health = 0
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert check.total == 4 + 5 < check.tn and check.hit and "unconscious" in check.automatic


def test_seed_ranged_defense_of_an_unconscious_target_is_10():
    gun = she_hulk(Agility=0, attacks=[{"name": "Punch", "ability": "Agility", "range": 10}])
    b = trio(gun, iron_man(Agility=6), fighter("bystander", (15, 10)),
             [Action("attack", "Punch", "iron-man")], [3, M(4), 3])
    b.state.fighters["iron-man"].health = -5
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert (check.tn, check.total, check.hit) == (10, 10, True)
    assert "defense against ranged attacks is 10" in check.tn_note


def test_seed_demoralized_has_trouble_on_all_actions():
    b = battle_with(duel(she_hulk(), iron_man(health=200)), dice=FIRST_GOES_FIRST)
    b.start()
    me, foe = b.state.fighters["she-hulk"], b.state.fighters["iron-man"]
    me.focus = 0
    assert attack_context(b.ctx, me, foe, me.attack("Punch")).troubles == ("She-Hulk is demoralized",)


def test_seed_unconscious_and_shattered_characters_lose_their_turns():
    b = trio(she_hulk(), iron_man(), fighter("bystander", (15, 10)), [], [])
    b.state.fighters["she-hulk"].focus = -60  # Focus max 60: shattered
    b.state.fighters["bystander"].health = 0  # unconscious
    assert b.next_decision() is None  # no hero left able to fight
    assert b.outcome.winner == "Villains"
    b = trio(she_hulk(), iron_man(), fighter("bystander", (15, 10)), [], [])
    b.state.fighters["bystander"].health = 0
    b.step()  # She-Hulk (17) dodges: nothing planned
    b.step()  # Iron Man (4 + Vigilance 3 = 7) dodges
    d = b.next_decision()  # the bystander (6) is skipped; round 2 begins with She-Hulk
    skipped = events_of(b, ev.TurnSkipped)
    assert d.actor == "she-hulk" and b.rounds == 2 and skipped[0].actor == "bystander"
    assert "cannot take any actions" in skipped[0].reason


def test_no_one_able_to_fight_is_a_draw():
    b = battle_with(duel(she_hulk(), iron_man()), dice=FIRST_GOES_FIRST)
    b.start()
    b.state.fighters["she-hulk"].health = 0
    b.state.fighters["iron-man"].focus = -90  # Focus max 90
    assert b.next_decision() is None and b.outcome.winner is None


def test_conditions_show_in_events_and_in_the_state_snapshot():
    b = turn(duel(she_hulk(), iron_man(health=20)), [4, LOGO, 3], [Action("attack", "Punch", "iron-man")])
    assert events_of(b, ev.ConditionChanged)[0].condition == "unconscious"
    snap = b.snapshot()
    im = next(c for c in snap["combatants"] if c["id"] == "iron-man")
    assert im["conditions"] == ["unconscious"] and im["Health"] == [-19, 20]
    v = b.vitals("iron-man")
    assert not v.able and v.alive and v.conditions == ("unconscious",)


def test_killed_is_out_and_dead_in_vitals():
    b = turn(duel(she_hulk(tags=[]), iron_man(health=20)), [4, LOGO, 3], [Action("attack", "Punch", "iron-man")])
    v = b.vitals("iron-man")
    assert not v.able and not v.alive and v.conditions == ("killed",)
