"""Mental Blast (rules-powers §3.5): 11 + OMCV - DMCV on 3d6, line of sight with no Range
Modifier, STUN only less Mental Defense, no BODY and no knockback; Stunned halves DMCV and a
knocked-out target's is 0. Our readings: the combat maneuvers and Combat Skill Levels (which
change OCV and DCV) do not apply, so a Mental Blast is a plain Strike, no Abort is offered
against one (a Dodge or a Block changes DCV), and it is not one of a Multiple Attack's strikes."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.hero import events as ev
from slugfest.core.hero.chains import dmcv_chain
from slugfest.core.hero.damage import take_damage, roll_normal
from slugfest.core.hero.dice import active_points, parse_dice
from slugfest.core.hero.effects import defenses
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, events_of, hero, phase_decision, scenario

from hero_script import fight

BLAST = {"name": "Mind Spike", "kind": "mental", "dice": "4d6"}


def mentalist(**keys):
    return hero("a", (0, 0), attacks=[BLAST], SPD=2, DEX=15, OMCV=5, **keys)


def target(pos=(15, 0), mental_defense=0, **keys):
    defs = {"special": {"Mental Defense": mental_defense}} if mental_defense else None
    # DCV 7 and DMCV 3: a roll against the wrong one shows
    return hero("b", pos, defenses=defs, **{"SPD": 2, "DEX": 10, "DCV": 7, "DMCV": 3, "PD": 0, "ED": 0, **keys})


def started(sides):
    b = battle_with(scenario("hero", sides), dice=[])
    b.start()
    return b


def blast(who="a", target_id="b"):
    return (who, Action("attack", "Mind Spike", target_id, "strike"))


def test_a_mental_blast_rolls_11_plus_omcv_minus_dmcv_at_any_distance_in_sight_rules_powers_3_5():
    # 30 m away: a Blast would be at -4 for range; a mental attack needs 11 + 5 - 3 = 13-
    b = fight({"A": [mentalist()], "B": [target()]}, [6, 6, 1,  # 13: hits on 13-
                                                       6, 5, 4, 3], blast(), turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.needed, roll.ocv.name, roll.ocv.value, roll.dcv.name, roll.dcv.value) == (13, "OMCV", 5, "DMCV", 3)
    assert roll.hit and not any(m.step == 6 for m in roll.ocv.modifiers)  # no Range Modifier
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.damage_kind, dmg.stun, dmg.body) == ("mental", 18, 0)  # STUN only: the dice's BODY is not done
    assert not events_of(b, ev.KnockbackRolled)


def test_mental_defense_comes_off_the_stun_and_never_off_more_than_there_is():
    r = roll_normal(parse_dice("4d6"), (6, 5, 4, 3), "mental", does_body=False)  # 18 STUN
    g = started({"A": [mentalist()], "B": [target(mental_defense=5)]}).state.fighters["b"]
    taken = take_damage(r, defenses(g, "Mental Defense"), "Mental Defense")
    assert (taken.stun, taken.body, taken.rule) == (13, 0, "mental, Mental Defense 5")
    strong = take_damage(roll_normal(parse_dice("1d6"), (2,), "mental", False),
                         defenses(g, "Mental Defense"), "Mental Defense")
    assert (strong.stun, strong.body) == (0, 0)
    bare = take_damage(r, defenses(started({"A": [mentalist()], "B": [target()]}).state.fighters["b"],
                                   "Mental Defense"), "Mental Defense")
    assert (bare.stun, bare.rule) == (18, "mental, no Mental Defense")


def test_a_stunned_target_has_half_its_dmcv_and_a_knocked_out_one_none():
    g = started({"A": [mentalist()], "B": [target(DMCV=7)]}).state.fighters["b"]
    assert dmcv_chain(g).value == 7
    g.stunned = True
    assert dmcv_chain(g).value == 4  # 3.5 rounds in the defender's favour
    g.stunned, g.ko = False, True
    assert dmcv_chain(g).value == 0


def test_the_ai_and_the_prompt_weigh_a_mental_blast_against_dmcv_not_dcv():
    from slugfest.core.hero.estimate import hit_chance

    b = battle_with(scenario("hero", {"A": [mentalist()], "B": [target()]}), dice=[])
    d = phase_decision(b, "a")
    (spike,) = [a for a in d.menu if a.attack == "Mind Spike"]
    odds = d.picture.odds(spike)
    assert odds.roll == "13- (11 + OMCV 5 - DMCV 3)" and odds.chance == hit_chance(13)
    # 4d6: 14 STUN on average through no Mental Defense, of the target's 20 STUN
    assert d.picture.harm(spike) == pytest.approx(hit_chance(13) * 14 / 20)


def test_a_mental_blast_does_no_body_whatever_the_roll_counted():
    from slugfest.core.hero.damage import DamageRoll

    g = started({"A": [mentalist()], "B": [target(mental_defense=2)]}).state.fighters["b"]
    taken = take_damage(DamageRoll("mental", "4d6", (6, 6, 6, 6), 24, 8), defenses(g, "Mental Defense"),
                        "Mental Defense")
    assert (taken.stun, taken.body) == (22, 0)


def test_a_mental_blast_costs_10_active_points_a_die():
    assert active_points(parse_dice("4d6"), "mental") == 40


def test_the_menu_offers_a_mental_blast_as_a_plain_strike_and_no_abort_is_asked():
    sides = {"A": [mentalist()], "B": [target(pos=(18, 0))]}
    d = phase_decision(battle_with(scenario("hero", sides), dice=[]), "a")
    mind = [a for a in d.menu if a.attack == "Mind Spike"]
    assert [(a.kind, a.maneuver, a.target) for a in mind] == [("attack", "strike", "b")]
    # two foes in sight: still no Multiple Attack of Mental Blasts (one of Blasts would be offered)
    two = {"A": [mentalist()], "B": [target(pos=(18, 0)), hero("c", (18, 4), SPD=2)]}
    assert not any(a.kind == "multiple-attack" for a in phase_decision(battle_with(scenario("hero", two), dice=[]),
                                                                        "a").menu)
    zap = {"name": "Zap", "dice": "4d6", "range": 60, "adds_str": False}
    blaster = {"A": [hero("a", (0, 0), attacks=[zap], SPD=2, DEX=15)], "B": two["B"]}
    assert any(a.kind == "multiple-attack" for a in phase_decision(battle_with(scenario("hero", blaster), dice=[]),
                                                                    "a").menu)
    b = fight(sides, [3, 3, 3, 1, 1, 1, 1], blast(), turn_limit=1)
    assert not [x for x in b.script.decisions if x.kind == "abort"]


def test_a_mental_blast_reaches_anyone_in_line_of_sight_and_no_one_behind_a_wall():
    from slugfest.core.hero.tactics import Picture

    sides = {"A": [mentalist()], "B": [target(pos=(28, 0)), hero("c", (10, 2), SPD=2)]}
    sc = scenario("hero", sides, obstacles=[(5, 1)], width=30, height=4)
    b = battle_with(sc, dice=[])
    b.start()
    pic = Picture(b.ctx, b.state.fighters["a"])
    atk = b.state.fighters["a"].attack("Mind Spike")
    assert pic.in_range(atk, b.state.fighters["b"])  # 56 m off, in the open
    assert not pic.in_range(atk, b.state.fighters["c"])  # behind the wall at 5,1


@pytest.mark.parametrize("key, value, says", [
    ("range", 40, 'expected "los" or no range for a Mental Blast'),
    ("knockback", True, "expected false or nothing for a Mental Blast"),
    ("does_body", True, "expected false or nothing for a Mental Blast"),
    ("defense", "Power Defense", "Mental Defense"),
])
def test_a_mental_blast_written_with_what_it_cannot_have_is_refused_naming_the_key(key, value, says):
    sc = dump_scenario(scenario("hero", {"A": [mentalist()], "B": [target()]}))
    sc["sides"][0]["combatants"][0]["attacks"][0][key] = value
    with pytest.raises(ScenarioError) as err:
        parse_scenario(sc, "mind.toml")
    assert f"attacks[0].{key}" in str(err.value) and says in str(err.value)


def test_a_mental_blast_survives_export_as_written():
    sc = scenario("hero", {"A": [mentalist()], "B": [target()]})
    written = dump_scenario(sc)["sides"][0]["combatants"][0]["attacks"][0]
    assert written == {"name": "Mind Spike", "kind": "mental", "dice": "4d6"}
    assert parse_scenario(dump_scenario(sc), "again.toml").sides[0].combatants[0].sheet.attacks[0].mental
