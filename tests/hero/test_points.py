"""Character Point costs (issue 39): the 6e price list, in one home the importer reads too."""

from __future__ import annotations

from fractions import Fraction

import pytest

from slugfest.core.files.scenario import load_scenario
from slugfest.core.hero import points
from slugfest.core.hero.dice import parse_dice
from slugfest.core.hero.hdc import costs as hdc_costs
from slugfest.core.hero.sheet import BASE_CHARACTERISTICS, Characteristics, HeroAttack, HeroSheet
from slugfest.core.marvel import points as marvel_points
from slugfest.scenarios import find


def blast(dice: str = "12d6", **kw) -> HeroAttack:
    return HeroAttack("Blast", "normal", parse_dice(dice), hth=False, adds_str=False, range_m=60, defense="ED", **kw)


@pytest.mark.parametrize("name,value,cost", [
    ("SPD", 4, 20), ("DEX", 23, 26), ("OCV", 8, 25), ("STR", 50, 40), ("END", 60, 8), ("STUN", 60, 20),
    ("PD", 2, 0), ("STR", 5, -5),  # at the base costs nothing; below it gives points back
])
def test_a_characteristic_costs_its_6e_price_per_point_above_its_base(name, value, cost):
    assert points.characteristic_points(name, value) == cost


def test_every_characteristic_the_sheet_has_is_priced():
    assert set(points.CHARACTERISTIC_COST) == set(BASE_CHARACTERISTICS)


def test_a_blast_costs_5_a_die_and_a_killing_attack_5_a_damage_class():
    assert points.real_points(blast("12d6")) == 60
    assert points.real_points(HeroAttack("Arc", "killing", parse_dice("2d6+1"), hth=False)) == 35  # 7 DC


def test_a_focus_and_charges_lower_only_the_real_points():
    assert points.active_points(blast(focus="OAF")) == 60
    assert points.real_points(blast(focus="OAF")) == 30  # -1
    assert points.real_points(blast(charges=8)) == 40  # -1/2
    assert points.real_points(blast(charges=8, focus="IAF")) == 30  # -1/2 -1/2


def test_a_str_blow_costs_nothing_of_its_own():
    punch = HeroAttack("Punch")
    assert points.attack_points(punch) == 0


def test_a_bill_adds_up_its_lines_and_names_the_readings_it_rests_on():
    sheet = HeroSheet(Characteristics(SPD=4, DEX=20), rPD=10, flying=True, running=12, csl=2, attacks=(blast(),))
    b = points.bill(sheet)
    assert {line.what: line.points for line in b.lines} == {
        "SPD": 20, "DEX": 20, "rPD": 15, "Flight": 12, "Combat Skill Levels": 10, "Blast": 60}
    assert b.total == 137 and b.characteristics == 40
    assert points.READINGS["csl"] in b.readings and points.READINGS["flight"] in b.readings


def test_what_has_no_known_price_is_listed_not_counted_as_nothing():
    glare = HeroAttack("Glare", "presence", parse_dice("1d6"), adds_str=False)
    b = points.bill(HeroSheet(Characteristics(), attacks=(glare,)))
    assert b.total == 0 and b.unpriced == ("Glare (presence 1d6)",)


def test_the_importer_prices_a_die_from_the_same_list():
    for xmlid, kind in points.HDC_POWER_KINDS.items():
        assert hdc_costs.COST_PER_LEVEL[xmlid] == points.POWER_COST_PER_DIE[kind]


def test_the_duels_sheets_total_as_check_costs_shows_them():
    sc = load_scenario(find("hero-duel"))
    assert points.total(sc.combatant("ironclad").sheet) == Fraction(505, 2)  # 252.5
    assert points.total(sc.combatant("sparkwing").sheet) == 306


def test_marvel_prices_an_ability_point_at_a_fifth_of_a_rank_and_a_power_level_at_a_quarter():
    sc = load_scenario(find("marvel-seed"))
    b = marvel_points.bill(sc.combatant("she-hulk").sheet)
    assert (b.ability_points, b.power_levels) == (21, 4)  # Mighty 4 is four powers
    assert b.total == Fraction(21, 5) + 1 and b.allowance == (20, 16)
