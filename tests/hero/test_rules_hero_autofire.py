"""Autofire (rules-powers §1.5): one attack roll for the burst; a hit is one shot plus one more
for every 2 points the roll is made by, up to the shots fired; each shot that hits is damaged
and knocked back on its own; END and Charges are paid per shot fired. Our readings: a burst is
always fired whole (as many shots as its Charges allow), it is a Strike, Set or Brace (no
Haymaker, Move Through or Multiple Attack), and it is neither pushed nor a placed shot."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.errors import IllegalAction
from slugfest.core.hero import events as ev
from slugfest.core.hero.attack import AttackRoll, attack_roll, autofire_hits
from slugfest.core.hero.estimate import hit_chance
from slugfest.core.hero.harm import expected_hits
from slugfest.core.hero.menu import menu_for
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, events_of, hero, phase_decision, scenario

from hero_script import fight

# 4d6 Blast, 5 shots (+½): 30 Active Points, so 3 END a shot
BURST = {"name": "Minigun", "dice": "4d6", "range": 40, "autofire": 5}


def gunner(attack=None, **keys):
    return hero("a", (0, 0), attacks=[attack or BURST], **{"SPD": 2, "DEX": 15, "OCV": 8, **keys})


def target(pos=(3, 0), id="b", **keys):
    # DCV 5 against OCV 8 at 6 m (no range penalty): 14-
    return hero(id, pos, **{"SPD": 2, "DEX": 10, "DCV": 5, "PD": 0, "ED": 0, "STUN": 60, "BODY": 20, **keys})


def fire(who="a", at="b", maneuver="strike"):
    return (who, Action("attack", "Minigun", at, maneuver))


def test_one_hit_and_one_more_for_every_two_points_the_roll_is_made_by_up_to_the_shots():
    assert autofire_hits(attack_roll((4, 4, 4), 8, 5), 5) == 2  # 12 on 14-: made by 2 -> 2
    assert autofire_hits(attack_roll((4, 4, 5), 8, 5), 5) == 1  # 13: made by 1 -> 1
    assert autofire_hits(attack_roll((3, 3, 3), 8, 5), 5) == 3  # 9 on 14-: made by 5 -> 1 + 2
    assert autofire_hits(attack_roll((1, 1, 2), 8, 5), 3) == 3  # made by 10, but only 3 shots fired
    assert autofire_hits(attack_roll((6, 6, 3), 8, 5), 5) == 0  # 15 on 14-: a miss
    assert autofire_hits(attack_roll((1, 1, 1), 0, 10), 5) == 1  # a 3 always hits, made by nothing


@pytest.mark.parametrize("rolled, hits", [(14, 1), (13, 1), (12, 2), (10, 3), (8, 4), (6, 5), (3, 5)])
def test_the_shots_that_hit_on_14_minus(rolled, hits):
    roll = AttackRoll((1, 1, 1), rolled, 14, True, 0)
    assert autofire_hits(roll, 5) == hits


def test_a_burst_pays_end_per_shot_and_damages_each_hit_on_its_own():
    # 10 on 14-: made by 4, 3 of the 5 shots hit; three 4d6 damage rolls
    b = fight({"A": [gunner()], "B": [target()]},
              [4, 3, 3,
               6, 6, 6, 6,  5, 5, 5, 5,  1, 1, 1, 1],
              fire(), turn_limit=1)
    (spent,) = [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]
    assert (spent.amount, spent.what) == (15, "Minigun, 5 shots")  # 3 END a shot x 5 fired
    (burst,) = events_of(b, ev.AutofireHits)
    assert (burst.shots, burst.made_by, burst.hits) == (5, 4, 3)
    rolls = events_of(b, ev.DamageRolled)
    assert [(r.stun, r.body) for r in rolls] == [(24, 8), (20, 4), (4, 0)]
    assert [t.stun_taken for t in events_of(b, ev.DamageTakenEvent)] == [24, 20, 4]
    assert b.state.fighters["b"].stun == 60 - 48 + 4  # and its REC back after Segment 12


def test_each_shot_that_hits_is_knocked_back_on_its_own():
    b = fight({"A": [gunner()], "B": [target()]},
              [4, 4, 4,  # 12 on 14-: made by 2, 2 shots
               6, 6, 6, 6,  2, 2,  3, 3,  # 8 BODY - 2d6 (4): 8 m back; landing 2d6 (8 m / 4)
               6, 6, 6, 6,  6, 6],  # 8 BODY - 2d6 (12): no knockback
              fire(), rules={}, turn_limit=1)
    kb = events_of(b, ev.KnockbackRolled)
    assert [(k.body, k.outcome, k.metres) for k in kb] == [(8, "knockback", 8), (8, "none", 0)]
    assert b.state.fighters["b"].pos == (7, 0)
    (landing,) = [r for r in events_of(b, ev.DamageRolled) if r.attacker == "knockback"]
    assert (landing.faces, landing.stun) == ((3, 3), 6)


def test_later_shots_on_a_target_the_burst_knocked_out_do_double_stun():
    b = fight({"A": [gunner()], "B": [target(STUN=20, CON=30)]},
              [4, 4, 4,  # 12 on 14-: 2 shots
               6, 6, 6, 6,  # 24 STUN: out cold
               1, 1, 1, 1],  # 4 STUN, doubled
              fire(), turn_limit=1)
    first, second = events_of(b, ev.DamageRolled)
    assert (first.stun, first.doubled) == (24, "")
    assert second.stun == 8 and second.doubled


def test_charges_are_spent_one_a_shot_and_the_last_burst_fires_what_is_left():
    attack = {**BURST, "charges": 7}
    b = fight({"A": [gunner(attack, SPD=4)], "B": [target()]},
              [6, 6, 6,  # a miss; 5 Charges spent
               6, 6, 6],  # a miss with the 2 left
              fire(), fire(), turn_limit=2)  # Turn 1 Segment 12, Turn 2 Segment 3
    charges = [e.left for e in events_of(b, ev.ChargeUsed)]
    assert charges == [2, 0]
    assert not [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]  # Charges cost no END
    menu = menu_for(b.ctx, b.state.fighters["a"])
    assert not any(a.attack == "Minigun" for a in menu)


def test_a_burst_is_a_strike_set_or_brace_not_a_haymaker_nor_part_of_a_multiple_attack():
    hth = {"name": "Flurry", "dice": "3d6", "range": "hth", "adds_str": False, "autofire": 3}
    b = battle_with(scenario("hero", {"A": [gunner(hth)], "B": [target(pos=(1, 0)), target(pos=(0, 1), id="c")]}),
                    dice=[])
    d = phase_decision(b, "a")
    maneuvers = {a.maneuver for a in d.menu if a.attack == "Flurry"}
    assert maneuvers == {"strike"}
    assert not [a for a in d.menu if a.kind == "multiple-attack"]
    with pytest.raises(IllegalAction, match="a burst is no Haymaker"):
        b.system.check(b.ctx, d, Action("attack", "Flurry", "b", "haymaker"))
    with pytest.raises(IllegalAction, match="an Autofire burst is an attack of its own"):
        b.system.check(b.ctx, d, Action("multiple-attack", attacks=("Flurry", "Flurry"), targets=("b", "c"),
                                        maneuver="multiple attack"))
    ranged = battle_with(scenario("hero", {"A": [gunner()], "B": [target()]}), dice=[])
    assert {a.maneuver for a in phase_decision(ranged, "a").menu if a.attack} == {"strike", "set", "brace"}


def test_a_burst_is_not_pushed_nor_aimed():
    b = battle_with(scenario("hero", {"A": [gunner()], "B": [target()]}, rules={"hit_locations": True}), dice=[])
    d = phase_decision(b, "a")
    with pytest.raises(IllegalAction, match="Minigun is an Autofire attack, so it cannot be pushed"):
        b.system.check(b.ctx, d, Action("attack", "Minigun", "b", "strike", push=5))
    with pytest.raises(IllegalAction, match="no placed shots with a burst"):
        b.system.check(b.ctx, d, Action("attack", "Minigun", "b", "strike", aim="Head"))


@pytest.mark.parametrize("shots, advantage", [(2, "1/4"), (3, "1/4"), (4, "1/2"), (5, "1/2"), (10, "3/4"),
                                               (20, "1"), (32, "5/4"), (64, "3/2")])
def test_autofires_advantage_grows_a_quarter_for_each_doubling_past_five_shots(shots, advantage):
    from fractions import Fraction

    from slugfest.core.hero.pricing import autofire_advantage

    assert autofire_advantage(shots) == Fraction(advantage)


def test_the_expected_hits_sum_each_shots_chance():
    # 14-: the first shot 14- (91%), the second 12-, the third 10-, the fourth 8-, the fifth 6-
    assert expected_hits(14, 5) == pytest.approx(sum(hit_chance(n) for n in (14, 12, 10, 8, 6)))
    assert expected_hits(14, 1) == hit_chance(14)
    # 20-: an 18 always misses, so the first two need 17-, the third 16-
    assert expected_hits(20, 3) == pytest.approx((215 + 215 + 212) / 216)
    assert expected_hits(2, 4) == pytest.approx(1 / 216)  # only the 3 that always hits, one shot


def test_the_estimate_and_the_odds_count_the_shots_expected_to_hit():
    b = battle_with(scenario("hero", {"A": [gunner()], "B": [target()]}), dice=[])
    d = phase_decision(b, "a")
    strike = next(a for a in d.menu if a.attack == "Minigun" and a.maneuver == "strike")
    single = battle_with(scenario("hero", {"A": [gunner({**BURST, "autofire": 2})], "B": [target()]}), dice=[])
    one = next(a for a in phase_decision(single, "a").menu if a.attack == "Minigun" and a.maneuver == "strike")
    burst_harm, pair_harm = d.picture.harm(strike), phase_decision(single, "a").picture.harm(one)
    # 14 STUN and 4 BODY a hit of average dice, against 60 STUN left and 20 + 20 BODY
    per_hit = 14 / 60 + 2 * 4 / 40
    assert burst_harm == pytest.approx(expected_hits(14, 5) * per_hit)
    assert pair_harm == pytest.approx(expected_hits(14, 2) * per_hit)
    odds = d.picture.odds(strike)
    assert odds.chance == hit_chance(14)
    assert odds.cost == "END 15"
    assert odds.note == f"~{expected_hits(14, 5):.1f} of 5 shots hit"
    assert odds.damage == "~14 STUN, 4 BODY a hit"


def test_the_log_says_how_many_shots_hit_and_why():
    b = fight({"A": [gunner()], "B": [target()]}, [4, 3, 3, 6, 6, 6, 6, 5, 5, 5, 5, 1, 1, 1, 1], fire(),
              turn_limit=1)
    text = "\n".join(TextLog().lines(b.events))
    assert "Autofire: 5 shots fired, the roll made by 4: 3 shots hit (1 + 1 per 2 points, at most 5)" in text


def test_autofire_is_written_as_shots_and_refused_where_it_cannot_be():
    sc = scenario("hero", {"A": [gunner()], "B": [target()]})
    assert sc.combatants[0].sheet.attacks[0].autofire == 5
    again = parse_scenario(dump_scenario(sc), "<again>")
    assert again.combatants[0].sheet.attacks[0].autofire == 5
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [gunner({"name": "Fists", "range": "hth", "autofire": 3})], "B": [target()]})
    assert "attacks[0].autofire: expected dice for an Autofire attack" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [gunner({**BURST, "autofire": 1})], "B": [target()]})
    assert "attacks[0].autofire: expected an integer from 2 to 64, got an integer 1" in str(err.value)
