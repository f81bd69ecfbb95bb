"""Advantages and defenses real 6e sheets carry (rules-powers §0-2, §4.7), in the order the damage
pipeline gives them: Damage Negation before the roll, Standard Effect instead of it, then Armor
Piercing (against Hardened), defenses, Damage Reduction, Penetrating (against Impenetrable), the
minimum STUN option; Double Knockback, Reduced Endurance and Charges around the attack."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.errors import IllegalAction
from slugfest.core.hero import events as ev
from slugfest.core.hero.pricing import end_of
from slugfest.core.hero.damage import DamageStep, Defenses, roll_killing, roll_normal, standard_effect, take_damage
from slugfest.core.hero.dice import parse_dice
from slugfest.core.hero.profile import remove_damage_classes
from slugfest.core.hero.sheet import HeroAttack
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError
from slugfest.core.testing import battle_with, events_of, hero, scenario

from hero_script import fight

NO_KB = {"knockback": "off"}


def defs(normal=0, resistant=0, **kw):
    return Defenses(normal, resistant, {}, **kw)


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


def strike(who, target, attack="Punch"):
    return (who, Action("attack", attack, target, "strike"))


# -- Armor Piercing and Hardened (rules-powers §1.2, §2.3) ---------------------------------------

def test_armor_piercing_halves_each_defense_on_its_own_rounding_for_the_defender():
    r = roll_normal(parse_dice("6d6"), (6, 6, 5, 4, 3, 2))  # 26 STUN, 8 BODY
    t = take_damage(r, defs(7, 7), armor_piercing=1)
    assert (t.stun_defense, t.stun, t.body) == (8, 18, 0)  # 7 -> 4 and 7 -> 4 (not 14 -> 7)
    assert t.steps == (DamageStep("armor piercing", 1, "PD", 7, 4), DamageStep("armor piercing", 1, "rPD", 7, 4))


def test_a_defense_hardened_to_the_armor_piercing_level_is_not_halved():
    r = roll_killing(parse_dice("3d6"), (6, 5, 5), multiplier_face=3)  # 16 BODY, x2 = 32 STUN
    t = take_damage(r, defs(10, 12, hardened=(0, 1)), armor_piercing=1)
    assert (t.body, t.stun) == (4, 15)  # rPD 12 whole; PD 10 -> 5: STUN 32 - 17
    assert t.steps == (DamageStep("armor piercing", 1, "PD", 10, 5), DamageStep("hardened", 1, "rPD", 12, 12))
    lower = take_damage(r, defs(10, 12, hardened=(0, 1)), armor_piercing=2)
    assert lower.body == 10  # Hardened 1 does not stand against Armor Piercing 2: rPD 12 -> 6


def test_armor_piercing_does_not_touch_an_nnds_named_defense():
    r = roll_normal(parse_dice("4d6"), (4, 4, 4, 4), "nnd", does_body=False)
    t = take_damage(r, Defenses(0, 0, {"Life Support": 1}), "Life Support", armor_piercing=2)
    assert (t.stun, t.steps) == (0, ())


# -- Damage Reduction (rules-powers §2.1) ---------------------------------------------------------

def test_damage_reduction_comes_off_what_the_defenses_let_through_rounding_for_the_defender():
    r = roll_killing(parse_dice("4d6"), (3, 3, 3, 3), multiplier_face=4)  # 12 BODY, x3 = 36 STUN
    t = take_damage(r, defs(10, 5, reduction=50))
    assert (t.body, t.stun) == (3, 10)  # BODY 7 -> 3.5 -> 3; STUN 21 -> 10.5 -> 10
    assert t.steps == (DamageStep("damage reduction", 50, "STUN", 21, 10),
                       DamageStep("damage reduction", 50, "BODY", 7, 3))


def test_non_resistant_damage_reduction_leaves_a_killing_attacks_body_alone():
    r = roll_killing(parse_dice("4d6"), (3, 3, 3, 3), multiplier_face=4)
    t = take_damage(r, defs(10, 5, reduction=75, reduction_resistant=False))
    assert (t.body, t.stun) == (7, 5)  # 21 x 0.25 = 5.25 -> 5


def test_damage_reduction_on_normal_damage_lowers_stun_and_body():
    r = roll_normal(parse_dice("10d6"), (6,) * 10)  # 60 STUN, 20 BODY
    t = take_damage(r, defs(20, 0, reduction=25))
    assert (t.stun, t.body) == (30, 0)  # 40 x 0.75; BODY 0 stays 0


# -- Penetrating and Impenetrable (rules-powers §1.3, §2.3) ---------------------------------------

def test_a_penetrating_normal_attack_does_at_least_its_body_rolled_as_stun():
    r = roll_normal(parse_dice("6d6"), (6, 6, 5, 4, 3, 2))  # 26 STUN, 8 BODY
    t = take_damage(r, defs(30, 10), penetrating=1)
    assert (t.stun, t.body) == (8, 0)
    assert t.steps == (DamageStep("penetrating", 1, "STUN", 0, 8),)


def test_a_penetrating_killing_attack_does_at_least_the_body_its_dice_count_as_normal_damage():
    r = roll_killing(parse_dice("2d6"), (6, 1), multiplier_face=2)  # 7 BODY; as Normal: 2 + 0
    assert r.normal_body == 2
    t = take_damage(r, defs(10, 10), penetrating=1)
    assert (t.body, t.stun) == (2, 0)


def test_an_impenetrable_defense_takes_its_value_off_the_penetrating_floor():
    r = roll_normal(parse_dice("6d6"), (6, 6, 5, 4, 3, 2))  # 8 BODY
    t = take_damage(r, defs(30, 5, impenetrable=(0, 1)), penetrating=1)
    assert t.stun == 3  # floor 8 - rPD 5
    t = take_damage(r, defs(30, 5, impenetrable=(0, 1)), penetrating=2)
    assert t.stun == 8  # Impenetrable 1 does not stand against Penetrating 2


def test_the_pipeline_order_armor_piercing_defenses_reduction_penetrating_then_minimum_stun():
    r = roll_killing(parse_dice("4d6"), (6, 6, 6, 6), multiplier_face=2)  # 24 BODY, x1 = 24 STUN; as Normal 8
    t = take_damage(r, defs(20, 20, reduction=50), minimum_stun_equals_body=True, armor_piercing=1, penetrating=1)
    # AP: PD 20 -> 10, rPD 20 -> 10; BODY 24 - 10 = 14, STUN 24 - 20 = 4; DR: 7 and 2;
    # Penetrating floor 8 lifts BODY 7 -> 8; minimum STUN last: 2 -> 8
    assert (t.body, t.stun) == (8, 8)
    assert [s.modifier for s in t.steps] == ["armor piercing", "armor piercing", "damage reduction",
                                             "damage reduction", "penetrating"]


# -- Damage Negation (rules-powers §2.2) and Standard Effect (§4.7) -------------------------------

@pytest.mark.parametrize("dice, kind, levels, left", [
    ("8d6", "normal", 3, "5d6"), ("6½d6", "normal", 2, "4½d6"), ("1d6", "normal", 5, "0d6"),
    ("2d6", "killing", 2, "1d6+1"), ("1d6", "killing", 3, "0d6"), ("4d6", "nnd", 2, "3d6"),
])
def test_damage_negation_removes_damage_classes_not_dice(dice, kind, levels, left):
    assert str(remove_damage_classes(parse_dice(dice), kind, levels)) == left


@pytest.mark.parametrize("dice, kind, stun, body", [
    ("6d6", "normal", 18, 6), ("2½d6", "normal", 7, 2), ("2½d6", "killing", 0, 7), ("1d6+1", "killing", 0, 4),
])
def test_standard_effect_counts_3_a_die_and_1_a_half_die(dice, kind, stun, body):
    s, b, _ = standard_effect(parse_dice(dice), kind)
    assert (s, b) == (stun, body)


def test_damage_negation_in_a_battle_rolls_the_remaining_dice_and_logs_the_dcs_removed():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=30)],   # 6d6 punch
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=0, defenses={"damage_negation": {"physical": 2}})]}
    b = fight(sides, [3, 3, 3, 4, 4, 4, 4], strike("a", "b"), turn_limit=1)  # 4d6 left
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.dice, dmg.stun) == ("4d6", 16)
    (neg,) = events_of(b, ev.DamageModified)
    assert (neg.modifier, neg.level, neg.part) == ("damage negation", 2, "6d6 -> 4d6")
    assert "Damage Negation 2: 6d6 -> 4d6, before the roll below" in text(b)


def test_damage_negation_of_every_dc_does_nothing_no_roll_no_knockback():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=10)],   # 2d6 punch
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, defenses={"damage_negation": {"physical": 3}})]}
    b = fight(sides, [3, 3, 3], strike("a", "b"), rules={}, turn_limit=1)  # knockback on: none rolled
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.stun_taken, taken.body_taken) == (0, 0)
    assert events_of(b, ev.KnockbackRolled) == []


def test_standard_effect_in_a_battle_rolls_no_damage_dice():
    blast = {"name": "Blast", "dice": "6d6", "range": 30, "adds_str": False, "standard_effect": True}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[blast])],
             "B": [hero("b", position=(3, 0), SPD=2, DEX=10, ED=5)]}
    b = fight(sides, [3, 3, 3], strike("a", "b", "Blast"), turn_limit=1)  # the attack roll only
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.stun_rolled, taken.body_rolled, taken.stun_taken, taken.body_taken) == (18, 6, 13, 1)
    assert "Standard Effect: no dice rolled, 3 a die: 18 STUN" in text(b)


def test_the_combatant_panel_shows_the_charges_left():
    from slugfest.core.hero.report import figures

    gun = {"name": "Gun", "kind": "killing", "dice": "1d6", "range": 40, "adds_str": False, "charges": 6}
    b = battle_with(_charged([gun]), dice=[3, 3, 3, 1, 1])
    d = b.next_decision()
    b.submit(d, Choice(Action("attack", "Gun", "b", "strike"), "test"))
    assert ("Charges", "5/6") in figures(b.ctx)["a"]


def _charged(attacks):
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=attacks)],
             "B": [hero("b", position=(6, 0), SPD=2, DEX=10)]}
    return scenario("hero", sides, rules=NO_KB, turn_limit=2)


# -- Armor Piercing, Hardened and Damage Reduction in a battle's log --------------------------

def test_a_battle_logs_the_modifier_chain_in_order():
    knife = {"name": "Knife", "kind": "killing", "dice": "2d6", "adds_str": False, "armor_piercing": 1}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[knife])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=8,
                        defenses={"rPD": 12, "damage_reduction": {"physical": 50}})]}
    b = fight(sides, [3, 3, 3, 6, 6, 4], strike("a", "b", "Knife"), turn_limit=1)  # 12 BODY, x3 = 36 STUN
    lines = text(b)
    assert "Armor Piercing 1: PD halved 8 -> 4" in lines
    assert "Armor Piercing 1: rPD halved 12 -> 6" in lines
    assert "Damage Reduction 50%: STUN taken 26 -> 13" in lines  # 36 - (4 + 6)
    assert "Damage Reduction 50%: BODY taken 6 -> 3" in lines
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.stun_taken, taken.body_taken) == (13, 3)


# -- Double Knockback (rules-powers §1.7) ----------------------------------------------------------

def test_double_knockback_doubles_the_body_for_knockback_before_the_knockback_dice():
    ram = {"name": "Ram", "dice": "4d6", "adds_str": False, "knockback": "double"}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[ram])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=30)]}
    b = fight(sides, [3, 3, 3, 2, 2, 2, 2, 1, 1,  1, 1, 1], strike("a", "b", "Ram"), rules={}, turn_limit=1)
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert (kb.body, kb.outcome, kb.metres) == (8, "knockback", 12)  # 2 x 4 BODY - 2 = 6 -> 12 m
    assert "Double Knockback: BODY for knockback 4 -> 8" in text(b)


# -- Reduced Endurance (§1.9) and Charges (§1.10) ---------------------------------------------------

@pytest.mark.parametrize("reduced, end", [("", 6), ("half", 3), ("zero", 0)])
def test_reduced_endurance_halves_the_powers_end_minimum_1_or_makes_it_0(reduced, end):
    blast = HeroAttack("Blast", dice=parse_dice("12d6"), hth=False, adds_str=False, range_m=50, reduced_end=reduced)
    assert end_of(blast, 10, "superheroic", "") == end
    small = HeroAttack("Zap", dice=parse_dice("2d6"), hth=False, adds_str=False, range_m=50, reduced_end="half")
    assert end_of(small, 10, "superheroic", "") == 1  # 1 END halved: at least 1


def test_charges_cost_no_end_and_once_spent_the_attack_leaves_the_menu():
    gun = {"name": "Gun", "kind": "killing", "dice": "1d6", "range": 40, "adds_str": False, "charges": 1,
           "knockback": False}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[gun, {"name": "Punch"}])],
             "B": [hero("b", position=(6, 0), SPD=2, DEX=10)]}
    b = battle_with(scenario("hero", sides, rules=NO_KB, turn_limit=2), dice=[3, 3, 3, 1, 1])
    d = b.next_decision()
    shot = Action("attack", "Gun", "b", "strike")
    assert shot in d.menu
    b.submit(d, Choice(shot, "test"))
    assert [(e.attack, e.left) for e in events_of(b, ev.ChargeUsed)] == [("Gun", 0)]
    assert [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"] == []
    d = b.next_decision()
    while d.actor != "a":
        b.submit(d, Choice(Action("dodge"), "test"))
        d = b.next_decision()
    assert shot not in d.menu
    with pytest.raises(IllegalAction, match=r"Gun has no Charges left \(all 1 spent\)"):
        b.submit(d, Choice(shot, "test"))


# -- Scenario errors name the key and what was expected ---------------------------------------------

@pytest.mark.parametrize("attack, defenses, key, expected", [
    ({"kind": "nnd", "dice": "4d6", "defense": "Life Support", "armor_piercing": 1}, {}, "attacks[0].armor_piercing",
     "expected 0 on an NND attack"),
    ({"dice": "4d6", "end": 2, "charges": 8}, {}, "attacks[0].end", "expected end or charges, not both"),
    ({"dice": "4d6", "reduced_end": "quarter"}, {}, "attacks[0].reduced_end", "expected one of 'half', 'zero'"),
    ({"dice": "4d6", "knockback": "triple"}, {}, "attacks[0].knockback", 'expected true, false or "double"'),
    ({"dice": "4d6", "penetrating": 9}, {}, "attacks[0].penetrating", "expected an integer from 0 to 4"),
    ({"dice": "4d6"}, {"damage_reduction": {"physical": 40}}, "defenses.damage_reduction.physical",
     "expected 25, 50 or 75 (percent)"),
    ({"dice": "4d6"}, {"hardened": {"rPd": 1}}, "defenses.hardened.rPd", "did you mean 'rPD'?"),
    ({"dice": "4d6"}, {"hardened": "yes"}, "defenses.hardened", "expected levels from 0 to 4"),
    ({"dice": "4d6"}, {"damage_negation": {"mental": 2}}, "defenses.damage_negation.mental", "unknown key"),
])
def test_a_bad_modifier_is_reported_with_its_key_and_what_was_expected(attack, defenses, key, expected):
    sides = {"A": [hero("a", attacks=[{"name": "X", **attack}], defenses=defenses or None)],
             "B": [hero("b", position=(3, 3))]}
    with pytest.raises(ScenarioError) as err:
        scenario("hero", sides)
    message = str(err.value)
    assert key in message and expected in message, message


# -- The bundled scenario whose sheets use them ------------------------------------------------------

def test_the_bundled_hero_powers_scenario_fires_every_modifier_in_a_short_batch():
    from slugfest.core.batch import simulate as sim
    from slugfest.core.files.scenario import load_scenario
    from slugfest.scenarios import bundled

    agg, _ = sim.simulate(load_scenario(bundled()["hero-powers"]), 12, 616, jobs=1)
    for rule in ("armor piercing", "hardened", "penetrating", "damage reduction", "damage negation",
                 "double knockback", "standard effect", "charge used"):
        assert agg.rules[f"rule:{rule}"] > 0, rule


def test_a_killing_standard_effect_attack_rolls_only_its_stun_multiplier():
    knife = {"name": "Knife", "kind": "killing", "dice": "2½d6", "adds_str": False, "standard_effect": True,
             "knockback": False}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[knife])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=5, defenses={"rPD": 3})]}
    b = fight(sides, [3, 3, 3, 4], strike("a", "b", "Knife"), turn_limit=1)  # attack roll; multiplier die 4 -> x3
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.faces, dmg.body, dmg.multiplier, dmg.stun) == ((), 7, 3, 21)
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.body_taken, taken.stun_taken) == (4, 13)


def test_damage_negation_takes_the_superheroic_levels_bonus_after_the_dice_powers_2_2():
    from slugfest.core.hero.profile import build_profile, negate
    from slugfest.core.hero.sheet import HeroOptions

    blast = HeroAttack("Blast", dice=parse_dice("1d6"), hth=False, adds_str=False, range_m=50)
    p = build_profile(blast, 10, HeroOptions(), csl_for_damage=2)  # 1d6 and +3 STUN: 2 DC
    one = negate(p, 1)
    assert (str(one.dice), one.flat_stun, one.negated_flat) == ("0d6", 3, 0)  # 1 DC left: the +3 STUN
    two = negate(p, 2)
    assert (str(two.dice), two.flat_stun, two.negated_flat) == ("0d6", 0, 1)


def test_damage_negation_keeps_the_scenarios_killing_notation():
    assert str(remove_damage_classes(parse_dice("3d6"), "killing", 1, minus_one_form=True)) == "3d6-1"


def test_an_impenetrable_defense_lowering_the_floor_is_logged_as_a_step():
    r = roll_normal(parse_dice("6d6"), (6, 6, 5, 4, 3, 2))  # 8 BODY
    t = take_damage(r, defs(30, 5, impenetrable=(0, 1)), penetrating=1)
    assert t.steps == (DamageStep("impenetrable", 1, "rPD", 8, 3), DamageStep("penetrating", 1, "STUN", 0, 3))


def test_advantages_raise_the_end_of_a_power_but_reduced_endurance_never_its_own_powers_1_1():
    ap = HeroAttack("Lance", dice=parse_dice("12d6"), hth=False, adds_str=False, range_m=50, armor_piercing=1)
    assert end_of(ap, 10, "superheroic", "") == 7  # 60 x 1¼ = 75 Active Points
    half = HeroAttack("Lance", dice=parse_dice("12d6"), hth=False, adds_str=False, range_m=50, armor_piercing=1,
                      reduced_end="half")
    assert end_of(half, 10, "superheroic", "") == 4  # 75 / 20 = 3.75, once rounded


def test_an_attack_on_charges_cannot_be_pushed_even_when_its_str_costs_end():
    claw = {"name": "Claw", "kind": "killing", "dice": "1d6", "charges": 3}
    b = battle_with(_charged([claw]), dice=[])
    d = b.next_decision()
    with pytest.raises(IllegalAction, match="Claw is on Charges, so it cannot be pushed"):
        b.submit(d, Choice(Action("attack", "Claw", "b", "strike", push=10), "test"))


def test_a_push_the_doubling_cap_swallows_costs_no_end():
    claw = {"name": "Claw", "kind": "killing", "dice": "1d6"}  # 3 DC; STR 15 adds 3: at the cap
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=15, attacks=[claw])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    b = fight(sides, [3, 3, 3, 1, 1, 1], ("a", Action("attack", "Claw", "b", "strike", push=10)), turn_limit=1)
    (spent,) = [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]
    assert (spent.amount, spent.what) == (1 + 1, "Claw")  # 15 AP and STR 15: nothing for the push


def test_a_charge_is_not_spent_by_an_attacker_whom_paying_stun_for_end_knocks_out():
    claw = {"name": "Claw", "kind": "killing", "dice": "1d6", "charges": 3}  # STR 30 still costs 3 END
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=30, END=0, STUN=1, attacks=[claw])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    b = fight(sides, [1, 1], ("a", Action("attack", "Claw", "b", "strike")), turn_limit=1)  # 2d6 STUN for END
    assert [e.status for e in events_of(b, ev.StatusChanged) if e.actor == "a"] == ["knocked out"]
    assert events_of(b, ev.ChargeUsed) == []


def test_the_push_event_says_how_many_points_counted_under_the_cap():
    claw = {"name": "Claw", "kind": "killing", "dice": "1d6"}
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=10, attacks=[claw])],   # 3 DC + STR 2: 1 to spare
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    b = fight(sides, [3, 3, 3, 1, 1, 1], ("a", Action("attack", "Claw", "b", "strike", push=10)), turn_limit=1)
    (push,) = events_of(b, ev.Pushed)
    assert (push.wanted, push.allowed) == (10, 5)
    (spent,) = [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]
    assert spent.amount == 2 + 5  # the Claw's and STR's END, and 5 for the push that counted
