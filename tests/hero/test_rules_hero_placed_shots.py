"""Hit locations as a rules option (hero6e.md §7.3) with placed shots (rules-powers §4.6): the
location's OCV in the attack's chain (halved against a Stunned or Knocked-Out target, the seed's
Stunning and Knockout paragraphs), its multipliers on the damage, in the menu check, the saves,
the AI's estimate and the default AI's choice."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.errors import IllegalAction
from slugfest.core.hero import events as ev
from slugfest.core.hero.combat_values import Modifier
from slugfest.core.hero.locations import BY_NAME, WAYS, location, placed_penalty
from slugfest.core.files.saves import action_from_data, action_to_data
from slugfest.core.testing import battle_with, events_of, hero, scenario

from hero_script import fight

LOCATED = {"knockback": "off", "hit_locations": True}


def shot(who, target, aim, attack="Punch", maneuver="strike"):
    return (who, Action("attack", attack, target, maneuver, aim=aim))


@pytest.mark.parametrize("total, name", [(3, "Head"), (5, "Head"), (6, "Hand"), (8, "Arm"), (9, "Shoulder"),
                                         (11, "Chest"), (12, "Stomach"), (13, "Vitals"), (14, "Thigh"),
                                         (16, "Leg"), (18, "Foot")])
def test_the_location_table_by_3d6_total_rules_7_3(total, name):
    assert location(total).name == name


def test_the_216_rolls_of_3d6_cover_every_location_once():
    assert sum(w for _, w in WAYS) == 216 and dict((loc.name, w) for loc, w in WAYS)["Chest"] == 54


@pytest.mark.parametrize("name, ocv, halved", [("Head", -8, -4), ("Arm", -5, -2), ("Chest", -3, -1), ("Thigh", -4, -2)])
def test_placed_shot_penalties_are_halved_against_a_stunned_or_knocked_out_target_seed(name, ocv, halved):
    assert (placed_penalty(name, False), placed_penalty(name, True)) == (ocv, halved)


def _duel(**b):
    return {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=20, OCV=11)],   # 4d6 punch
            "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=4, **b)]}


def test_a_placed_head_shot_costs_8_ocv_and_doubles_normal_stun_and_body_taken_rules_7_3():
    b = fight(_duel(), [3, 3, 3, 5, 5, 5, 5], shot("a", "b", "Head"), rules=LOCATED, turn_limit=1)  # no location dice
    (atk,) = events_of(b, ev.AttackRolled)
    assert Modifier(5, "placed shot: Head", -8) in atk.ocv.modifiers and atk.ocv.value == 3
    (dmg,) = events_of(b, ev.DamageRolled)
    assert dmg.notes == ("hit location: placed shot at the Head: STUN taken x2, BODY taken x2",)
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.stun_taken, taken.body_taken) == (2 * (20 - 4), 0)  # BODY 4 - 4 = 0, x2 = 0


def test_an_unaimed_hit_under_the_rule_rolls_its_location_after_the_damage():
    b = fight(_duel(), [3, 3, 3, 5, 5, 5, 5, 4, 4, 4], ("a", Action("attack", "Punch", "b", "strike")),
              rules=LOCATED, turn_limit=1)  # 12: the Stomach, STUN x1½
    (dmg,) = events_of(b, ev.DamageRolled)
    assert dmg.notes == ("hit location: 3d6 rolled 12 [4, 4, 4], Stomach: STUN taken x1½, BODY taken x1",)
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert taken.stun_taken == 24  # 16 x 1½


def test_a_killing_placed_shot_uses_the_locations_stun_multiplier():
    knife = {"name": "Knife", "kind": "killing", "dice": "2d6", "adds_str": False}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, OCV=11, attacks=[knife])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=5, defenses={"rPD": 2})]}
    b = fight(sides, [3, 3, 3, 4, 4, 1], shot("a", "b", "Vitals", "Knife"), rules=LOCATED, turn_limit=1)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.body, dmg.multiplier, dmg.stun) == (8, 4, 32)  # the rolled x1 replaced by the Vitals' x4
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.body_taken, taken.stun_taken) == (12, 25)  # (8 - 2) x2 BODY; 32 - 7 STUN


@pytest.mark.parametrize("action, rules, reason", [
    (Action("attack", "Punch", "b", "strike", aim="Head"), {"knockback": "off"}, "need the hit-location rule"),
    (Action("attack", "Punch", "b", "strike", aim="Nose"), LOCATED, "aim at one of Head, Hand"),
    (Action("multiple-attack", attacks=("Punch", "Punch"), targets=("b", "b"), maneuver="multiple attack",
            aim="Head"), LOCATED, "a multiple-attack cannot be a placed shot"),
    (Action("attack", "Gas", "b", "strike", aim="Head"), LOCATED, "Gas is an NND: it rolls no hit location"),
])
def test_a_placed_shot_the_rules_do_not_allow_is_refused_with_the_reason(action, rules, reason):
    gas = {"name": "Gas", "kind": "nnd", "dice": "4d6", "defense": "Life Support"}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[{"name": "Punch"}, gas])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    b = battle_with(scenario("hero", sides, rules=rules), dice=[])
    d = b.next_decision()
    with pytest.raises(IllegalAction, match=reason):
        b.submit(d, Choice(action, "test"))


def test_a_placed_shot_is_saved_and_read_back():
    a = Action("attack", "Punch", "b", "haymaker", aim="Vitals")
    assert action_from_data(action_to_data(a), "choice") == a
    assert "(aimed at the Vitals)" in a.label()


def test_the_default_ai_aims_where_it_still_hits_and_not_where_it_would_miss():
    def first_choice(ocv):
        sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=30, OCV=ocv)],
                 "B": [hero("b", position=(1, 0), SPD=2, DEX=10, DCV=3, PD=10, STUN=60, BODY=20)]}
        b = battle_with(scenario("hero", sides, rules=LOCATED, turn_limit=1), seed=1)
        b.run()
        # its first blow (it may Hold first: B, slower, still acts in the Segment and not in the next)
        return next(e for e in b.events if getattr(e, "actor", "") == "a" and e.kind == "action_chosen"
                    and e.action_kind == "attack")

    sure = first_choice(ocv=20)  # hits on 11 + 20 - 8 - 3: still a sure thing at the Head
    assert "aimed at the Head" in sure.action
    unsure = first_choice(ocv=3)  # 11 + 3 - 8 - 3 = 3-: the Head is not worth it
    assert "aimed" not in unsure.action


def test_the_estimate_of_an_unaimed_hit_weighs_every_location_by_its_rolls():
    from slugfest.core.hero.estimate import expected_taken

    b = battle_with(scenario("hero", _duel(), rules=LOCATED), dice=[])
    b.next_decision()
    f, g = b.state.fighters["a"], b.state.fighters["b"]
    plain = 14 - 4  # 4d6: 14 STUN on average, PD 4; x½, x1, x1½, x2 of 10 are whole
    stun, _ = expected_taken(b.ctx, f, g, f.attack("Punch"), "strike", "", 0, 0)
    assert stun == pytest.approx(sum(w * plain * float(loc.n_stun_x) for loc, w in WAYS) / 216)  # 10.07
    head, _ = expected_taken(b.ctx, f, g, f.attack("Punch"), "strike", "", 0, 0, "Head")
    assert head == 2 * plain and BY_NAME["Head"].n_stun_x == 2


def test_a_critical_hit_under_the_hit_location_rule_keeps_its_location():
    hka = {"name": "Claws", "kind": "killing", "dice": "2d6", "adds_str": False, "knockback": False}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[hka])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=0, STUN=200, BODY=50)]}
    # a natural 3 (critical: dice at their maximum, 12 BODY), damage 2 and 2, multiplier die 1, location 3: the Head
    b = fight(sides, [1, 1, 1, 2, 2, 1, 1, 1, 1], ("a", Action("attack", "Claws", "b", "strike")),
              rules=LOCATED, house_rules=["criticals"], turn_limit=1)
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.stun_taken, taken.body_taken) == (60, 24)  # 12 x Head's x5; 12 BODY x2


def test_a_marvel_action_with_an_aim_is_refused_as_a_hero_rule():
    from slugfest.core.files.scenario import load_scenario
    from slugfest.scenarios import bundled

    b = battle_with(load_scenario(bundled()["marvel-brawl"]), seed=2)
    d = b.next_decision()
    attack = next(a for a in d.menu if a.kind == "attack")
    with pytest.raises(IllegalAction, match="placed shots are HERO rules"):
        b.submit(d, Choice(Action(attack.kind, attack.attack, attack.target, attack.maneuver, aim="Head"), "test"))
