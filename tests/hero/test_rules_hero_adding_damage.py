"""Adding Damage: STR, Haymaker, Combat Skill Levels and the doubling cap (build_profile).

Sources: the seed excerpt (Adding Damage and its dagger example; Combat Skill Levels; STR and
the STR Minimum) and rules/hero6e.md §3.2 (STR adds +1 DC per 5 STR; Haymaker +4 DC in §5.2).
"""

from slugfest.core.hero.dice import parse_dice
from slugfest.core.hero.maneuvers import HAYMAKER
from slugfest.core.hero.profile import build_profile
from slugfest.core.hero.sheet import HeroAttack, HeroOptions

WINDUP = (HAYMAKER.title, HAYMAKER.adds_dcs)  # what the Haymaker entry adds to the damage

SUPER = HeroOptions()
HEROIC = HeroOptions(campaign="heroic")

DAGGER = HeroAttack("Dagger", kind="killing", dice=parse_dice("1d6-1"))
PUNCH = HeroAttack("Punch")  # no dice of its own: STR is the damage


def test_haymaker_is_plus_4_damage_classes():
    assert HAYMAKER.adds_dcs == 4
    blast = HeroAttack("Club", kind="normal", dice=parse_dice("6d6"), adds_str=False)
    p = build_profile(blast, 10, SUPER, maneuver=WINDUP)
    assert str(p.dice) == "10d6" and not p.capped


def test_dagger_1d6_minus_1_can_at_most_double_to_1d6_plus_1_however_damage_is_added_seed_adding_damage():
    p = build_profile(DAGGER, 60, SUPER, maneuver=WINDUP)
    assert p.base_dc == 2
    assert str(p.dice) == "1d6+1"
    assert p.capped


def test_dagger_goes_past_double_with_the_doubling_cap_switched_off():
    p = build_profile(DAGGER, 60, HeroOptions(doubling_cap=False), maneuver=WINDUP)
    # 2 DC + 12 DC from 60 STR + 4 DC Haymaker = 18 DC = 6d6 killing
    assert str(p.dice) == "6d6"
    assert not p.capped


def test_dagger_written_in_the_minus_one_form_keeps_it_when_damage_is_added():
    p = build_profile(DAGGER, 5, HeroOptions(killing_minus_one=True))
    assert str(p.dice) == "1d6"  # 3 DC
    p = build_profile(HeroAttack("Knife", kind="killing", dice=parse_dice("1d6")), 10,
                      HeroOptions(killing_minus_one=True))
    assert str(p.dice) == "2d6-1"  # 5 DC


def test_str_adds_one_damage_class_per_full_5_str_to_a_killing_hth_attack():
    hka = HeroAttack("Claws", kind="killing", dice=parse_dice("2d6"))
    assert str(build_profile(hka, 15, SUPER).dice) == "3d6"  # +3 DC
    assert str(build_profile(hka, 19, SUPER).dice) == "3d6"  # the 4 left over add nothing
    assert str(build_profile(hka, 5, SUPER).dice) == "2d6+1"  # +1 DC


def test_str_adds_one_d6_per_5_str_to_a_normal_hth_attack():
    ha = HeroAttack("Hand Attack", kind="normal", dice=parse_dice("4d6"))
    assert str(build_profile(ha, 20, SUPER).dice) == "8d6"


def test_a_punch_does_str_damage_and_adds_no_more_str():
    assert str(build_profile(PUNCH, 30, SUPER).dice) == "6d6"
    assert str(build_profile(PUNCH, 13, SUPER).dice) == "2½d6"


def test_haymaker_on_a_punch_is_capped_at_double_the_str_dice():
    p = build_profile(PUNCH, 15, SUPER, maneuver=WINDUP)  # 3d6 + 4 DC wanted, only +3 allowed
    assert str(p.dice) == "6d6" and p.capped


def test_str_adds_damage_only_above_the_weapons_str_minimum_seed_heroic_str():
    sword = HeroAttack("Sword", kind="killing", dice=parse_dice("1d6+1"), str_min=13)
    assert str(build_profile(sword, 12, HEROIC).dice) == "1d6+1"  # below the minimum
    assert str(build_profile(sword, 17, HEROIC).dice) == "1d6+1"  # 4 above: no full 5
    assert str(build_profile(sword, 18, HEROIC).dice) == "1½d6"  # 5 above: +1 DC
    assert str(build_profile(sword, 23, HEROIC).dice) == "2d6"  # 10 above: +2 DC


def test_str_does_not_add_to_an_attack_that_does_not_use_it():
    bolt = HeroAttack("Bolt", kind="normal", dice=parse_dice("8d6"), hth=False, adds_str=False, range_m=100)
    assert str(build_profile(bolt, 40, SUPER).dice) == "8d6"


def test_heroic_two_combat_skill_levels_add_one_damage_class_to_a_hth_attack_seed_csl():
    mace = HeroAttack("Mace", kind="normal", dice=parse_dice("4d6"), adds_str=False)
    assert str(build_profile(mace, 10, HEROIC, csl_for_damage=2).dice) == "5d6"
    assert str(build_profile(mace, 10, HEROIC, csl_for_damage=5).dice) == "6d6"  # 2 pairs, 1 left over
    axe = HeroAttack("Axe", kind="killing", dice=parse_dice("1d6+1"), adds_str=False)
    assert str(build_profile(axe, 10, HEROIC, csl_for_damage=2).dice) == "1½d6"


def test_heroic_combat_skill_levels_add_no_damage_to_a_ranged_attack_seed_csl():
    bow = HeroAttack("Bow", kind="killing", dice=parse_dice("1d6+1"), hth=False, adds_str=False, range_m=60)
    p = build_profile(bow, 10, HEROIC, csl_for_damage=4)
    assert str(p.dice) == "1d6+1" and (p.flat_stun, p.flat_body) == (0, 0)


def test_superheroic_two_csls_add_3_stun_to_a_normal_attack_not_dice_seed_csl():
    blast = HeroAttack("Blast", kind="normal", dice=parse_dice("10d6"), hth=False, adds_str=False, range_m=50)
    p = build_profile(blast, 10, SUPER, csl_for_damage=4)
    assert str(p.dice) == "10d6"
    assert (p.flat_stun, p.flat_body) == (6, 0)


def test_superheroic_two_csls_add_1_body_to_a_killing_attack_seed_csl():
    rka = HeroAttack("Laser", kind="killing", dice=parse_dice("3d6"), hth=False, adds_str=False, range_m=50)
    p = build_profile(rka, 10, SUPER, csl_for_damage=3)
    assert str(p.dice) == "3d6"
    assert (p.flat_stun, p.flat_body) == (0, 1)


def test_superheroic_csl_bonus_counts_against_the_doubling_cap_and_is_cut_first():
    # Dagger 2 DC; 10 STR adds 2 DC, which already doubles it: the +1 BODY from 2 CSLs is cut.
    p = build_profile(DAGGER, 10, SUPER, csl_for_damage=2)
    assert str(p.dice) == "1d6+1"
    assert p.flat_body == 0 and p.capped


def test_pushing_adds_damage_classes_under_the_same_cap():
    ha = HeroAttack("Blast", kind="normal", dice=parse_dice("6d6"), hth=False, adds_str=False, range_m=30)
    assert str(build_profile(ha, 10, SUPER, push_dcs=2).dice) == "8d6"
    p = build_profile(ha, 10, SUPER, push_dcs=9)
    assert str(p.dice) == "12d6" and p.capped


# -- Martial Arts maneuvers (rules-powers §4.3; hero6e.md §3.2) ---------------------------------

MARTIAL_STRIKE = HeroAttack("Martial Strike", end=0, martial_dcs=2)  # STR +2 DC


def test_a_martial_strike_is_str_plus_its_damage_classes():
    p = build_profile(MARTIAL_STRIKE, 30, SUPER)  # STR 30: 6d6, +2 DC
    assert str(p.dice) == "8d6" and p.added == (("martial arts", 2),) and not p.capped


def test_martial_damage_classes_are_added_dcs_under_the_doubling_cap():
    p = build_profile(HeroAttack("Martial Strike", martial_dcs=6), 10, SUPER)  # STR 10: 2d6, +6 DC wanted
    assert str(p.dice) == "4d6" and p.capped
    p = build_profile(HeroAttack("Martial Strike", martial_dcs=6), 10, HeroOptions(doubling_cap=False))
    assert str(p.dice) == "8d6"


def test_a_killing_strike_is_its_half_die_plus_str_as_an_hka():
    killing = HeroAttack("Killing Strike", kind="killing", dice=parse_dice("½d6"), end=0, martial_dcs=0)
    p = build_profile(killing, 15, SUPER)  # 2 DC + STR 15 (3 DC), capped at double: 4 DC
    assert str(p.dice) == "1d6+1" and p.capped


def test_a_martial_maneuver_costs_only_the_str_it_uses():
    from slugfest.core.hero.pricing import end_of

    assert end_of(MARTIAL_STRIKE, 30, "superheroic", "") == 3  # STR 30: 1 per 10 STR
