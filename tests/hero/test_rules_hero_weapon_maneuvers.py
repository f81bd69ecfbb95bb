"""Martial Arts weapon maneuvers (6e; rules-powers §4.3): a maneuver bought for use with weapons
is an attack made with the weapon, its dice and STR plus the maneuver's DCs, at the maneuver's
OCV and DCV, and it goes when a Disarm knocks the weapon away (rules-powers §4.2)."""

from __future__ import annotations

from hdc_files import character, part, power, write

from slugfest.core.files.schema import Problems, Table
from slugfest.core.hero.hdc import IGNORED, IMPORTED, import_file
from slugfest.core.hero.menu import menu_for
from slugfest.core.hero.sheet_keys import parse_sheet
from slugfest.core.hero.usage import damage_profile
from slugfest.core.testing import battle_with, hero, scenario

SWORD = {"name": "Sword", "kind": "killing", "dice": "1d6", "focus": "OAF"}
SLASH = {"name": "Slash (Sword)", "kind": "killing", "dice": "1d6", "focus": "OAF", "martial_dcs": 2, "dcv": 2,
         "weapon": "Sword"}


def read(attacks):
    problems = Problems()
    sheet = parse_sheet(Table({"attacks": attacks}, "combatants[0]", problems))
    return sheet, [(p.path, p.message) for p in problems.items]


def test_a_weapon_maneuver_rolls_the_weapon_with_str_and_its_own_dcs():
    # HKA 1d6 is 3 DC; STR 5 adds 1 DC (1d6+1), the Slash 2 DC more (2d6: 6 DC, within the doubling cap)
    sides = {"A": [hero("a", position=(0, 0), STR=5, attacks=[SWORD, SLASH])], "B": [hero("b", position=(1, 0))]}
    b = battle_with(scenario("hero", sides, turn_limit=1), dice=[])
    b.start()
    fa = b.state.fighters["a"]
    plain = damage_profile(b.ctx.options, fa, fa.attack("Sword"), None, "", 0, 0)
    slash = damage_profile(b.ctx.options, fa, fa.attack("Slash (Sword)"), None, "", 0, 0)
    assert plain.added == (("STR", 1),) and str(plain.dice) == "1d6+1"
    assert slash.added == (("STR", 1), ("martial arts", 2)) and not slash.capped and str(slash.dice) == "2d6"


def test_knocking_the_weapon_away_takes_its_maneuvers_with_it_and_only_the_weapon_is_offered_to_disarm():
    sides = {"A": [hero("a", position=(0, 0), attacks=[SWORD, SLASH])], "B": [hero("b", position=(1, 0))]}
    b = battle_with(scenario("hero", sides, turn_limit=1), dice=[])
    b.start()
    fa, fb = b.state.fighters["a"], b.state.fighters["b"]
    disarms = {x.weapon for x in menu_for(b.ctx, fb) if x.kind == "disarm"}
    assert disarms == {"Sword"}
    assert fa.ready(fa.attack("Slash (Sword)"))
    fa.disarmed = frozenset({"Sword"})
    assert not fa.ready(fa.attack("Slash (Sword)")) and not fa.ready(fa.attack("Sword"))
    assert not [x for x in menu_for(b.ctx, fa) if x.attack in ("Sword", "Slash (Sword)")]


def test_the_weapon_key_names_another_hand_to_hand_attack_and_needs_martial_dcs():
    _, problems = read([SWORD, {**SLASH, "weapon": "Swrod"}])
    assert problems == [("combatants[0].attacks[1].weapon", "expected the name of another of its hand-to-hand attacks "
                         "(the weapon the maneuver is made with), got 'Swrod' (did you mean 'Sword'?)")]
    _, problems = read([SWORD, {k: v for k, v in SLASH.items() if k != "martial_dcs"}])
    assert [p for p, _ in problems] == ["combatants[0].attacks[1].weapon"]
    assert "expected martial_dcs with weapon" in problems[0][1]


def maneuver(alias, **attrs):
    attrs = {"OCV": "+0", "DCV": "+2", "DC": "2", "EFFECT": "[NORMALDC] Strike", "ADDSTR": "Yes",
             "WEAPONEFFECT": "Weapon [WEAPONDC] Strike", "USEWEAPON": "Yes", "CATEGORY": "Hand To Hand", **attrs}
    return part("MANEUVER", "MANEUVER", ALIAS=alias, DISPLAY=alias, **attrs)


def test_hero_designers_weapon_maneuvers_import_as_one_attack_for_each_weapon(tmp_path):
    result = import_file(write(tmp_path / "c.hdc", character(
        martial=(maneuver("Slash"),
                 maneuver("Parry", DC="0", EFFECT="Block, Abort", WEAPONEFFECT="Block, Abort"),
                 maneuver("Thrown Edge", CATEGORY="Ranged", RANGE="10")),
        equipment=(power("HKA", LEVELS=1, NAME="Sword", INPUT="PD"),),
    )))
    slash = next(a for a in result.sheet["attacks"] if a["name"] == "Slash (Sword)")
    assert (slash["kind"], slash["dice"], slash["martial_dcs"], slash["dcv"], slash["weapon"]) == \
        ("killing", "1d6", 2, 2, "Sword")
    entries = {e.label: e for top in result.report.entries for e in top.walk()}
    assert entries["Slash"].status == IMPORTED
    assert entries["Slash"].into == "weapon maneuver 'Slash (Sword)': the weapon +2 DC, OCV +0, DCV +2"
    assert (entries["Parry"].status, entries["Thrown Edge"].status) == (IGNORED, IGNORED)
    assert entries["Thrown Edge"].why == "a ranged weapon maneuver: not modelled yet"
