"""5th Edition Hero Designer files, converted to 6th Edition values (core/hero/hdc/fifth.py).

5e figures PD = STR/5, ED = CON/5, SPD = 1 + DEX/10 (fraction dropped), REC = STR/5 + CON/5,
END = 2 x CON, STUN = BODY + STR/2 + CON/2 (.5 in the character's favour), OCV = DCV = DEX/3,
OMCV = DMCV = EGO/3 (hero6e.md §2); 1" = 2 m; Aid and Flash cost 10 CP a die; a Radius is
AP/10 hexes (rules-powers §1.4). Each conversion is a line of the report.
"""

from __future__ import annotations

import pytest
from hdc_files import character, modifier, part, power, write

from slugfest.core.hero.hdc import IGNORED, IMPORTED, HdcError, import_file
from slugfest.core.hero.hdc.reading import read_character

FIFTH = "builtIn.Superheroic.hdt"


def imported(tmp_path, **kw):
    kw.setdefault("template", FIFTH)
    return import_file(write(tmp_path / "old.hdc", character("Old Timer", **kw)))


def chars(result):
    return result.sheet["characteristics"]


def attack(result, name):
    return next(a for a in result.sheet["attacks"] if a["name"] == name)


def entry(result, label_start):
    return next(e for top in result.report.entries for e in top.walk() if e.label.startswith(label_start))


def conversion(result, start):
    return next(line for line in result.report.conversions if line.startswith(start))


def test_figured_characteristics_are_the_5e_values_from_the_primaries_plus_what_was_bought(tmp_path):
    r = imported(tmp_path, levels={"STR": 10, "DEX": 8, "CON": 5, "BODY": 2, "EGO": 3, "PD": 3, "SPD": 1, "STUN": 4})
    c = chars(r)
    assert (c["STR"], c["DEX"], c["CON"], c["BODY"], c["EGO"]) == (20, 18, 15, 12, 13)
    assert c["PD"] == 20 // 5 + 3                # STR/5, +3 bought
    assert c.get("ED", 2) == 3                   # CON 15/5
    assert c["SPD"] == 2 + 1                     # 1 + 18/10 = 2.8, fraction dropped, +1 bought
    assert c["REC"] == 4 + 3                     # STR/5 + CON/5
    assert c["END"] == 30                        # 2 x CON
    assert c["STUN"] == 12 + 10 + 8 + 4          # BODY + STR/2 + CON/2 (7.5 rounds up), +4 bought
    assert (c["OCV"], c["DCV"], c["OMCV"], c["DMCV"]) == (6, 6, 4, 4)  # DEX 18/3, EGO 13/3
    assert r.report.edition == "5e"
    assert conversion(r, "PD 7:") == ("PD 7: 5e figured STR/5: STR 20/5 = 4, +3 bought; 6e buys PD outright, so the "
                                      "sheet carries the 5e total")
    assert "1 + DEX 18/10 = 2.8, its fraction dropped" in conversion(r, "SPD 3:")
    assert conversion(r, "OCV 6:").startswith("OCV 6: 5e calculated DEX 18/3 = 6")
    assert entry(r, "OCV (5e: calculated from DEX)").status == IMPORTED


def test_a_half_rounds_in_the_characters_favour_and_a_5e_base_character_matches_6e_bases(tmp_path):
    c = chars(imported(tmp_path, levels={"STR": 15, "CON": 3, "DEX": 4}))
    assert c["STUN"] == 10 + 13 + 7      # STR 25/2 = 12.5 -> 13, CON 13/2 = 6.5 -> 7
    assert c["ED"] == 3                  # CON 13/5 = 2.6 -> 3
    assert c["OCV"] == 5                 # DEX 14/3 = 4.67 -> 5
    base = chars(imported(tmp_path))     # every primary 10: the 6e starting values
    assert {k: base.get(k, v) for k, v in {"PD": 2, "ED": 2, "SPD": 2, "REC": 4, "END": 20, "STUN": 20, "OCV": 3,
                                           "DCV": 3}.items()} == {"PD": 2, "ED": 2, "SPD": 2, "REC": 4, "END": 20,
                                                                  "STUN": 20, "OCV": 3, "DCV": 3}


def test_a_primary_bought_as_a_power_raises_the_figured_ones_only_where_hero_designer_says_so(tmp_path):
    raised = imported(tmp_path, powers=(power("STR", LEVELS=10, AFFECTS_PRIMARY="Yes"),))
    apart = imported(tmp_path, powers=(power("STR", LEVELS=10, AFFECTS_PRIMARY="No"),))
    assert chars(raised)["STR"] == chars(apart)["STR"] == 20
    assert (chars(raised)["PD"], chars(apart).get("PD", 2)) == (4, 2)


def test_distances_in_inches_become_metres(tmp_path):
    r = imported(tmp_path, levels={"RUNNING": 4}, powers=(power("FLIGHT", LEVELS=10), power("KBRESISTANCE", LEVELS=3)))
    assert r.sheet["running"] == 20                        # 6" + 4" = 20 m
    assert r.sheet["defenses"]["knockback_resistance"] == 6
    assert r.sheet["flying"] is True
    assert "20 m of flight (5e measures in inches, 1\" = 2 m)" in conversion(r, "Flight 10\"")


def test_armor_and_force_field_are_resistant_protection_and_hardened_stands_for_impenetrable_too(tmp_path):
    r = imported(tmp_path, powers=(
        power("ARMOR", modifier("HARDENED", LEVELS=1), NAME="Plates", LEVELS=10, PDLEVELS=6, EDLEVELS=4),
        power("FORCEFIELD", NAME="Shield", LEVELS=4, PDLEVELS=2, EDLEVELS=2)))
    d = r.sheet["defenses"]
    assert (d["rPD"], d["rED"]) == (8, 6)
    assert d["hardened"] == {"rPD": 1, "rED": 1} and d["impenetrable"] == {"rPD": 1, "rED": 1}
    assert "it cost END each Phase in 5e" in conversion(r, "Shield (Forcefield)")
    assert entry(r, "Plates").status == IMPORTED


def test_5e_mental_defense_adds_ego_over_5(tmp_path):
    r = imported(tmp_path, levels={"EGO": 5}, powers=(power("MENTALDEFENSE", LEVELS=5),))
    assert r.sheet["defenses"]["special"]["Mental Defense"] == 5 + 3  # EGO 15/5


def test_aid_is_priced_at_5e_costs_so_its_end_is_the_5e_sheets(tmp_path):
    r = imported(tmp_path, powers=(power("AID", NAME="Boost", LEVELS=2, INPUT="STR"),))
    assert attack(r, "Boost")["active_points"] == 20  # 10 CP a die in 5e (6 in 6e)
    assert "20 Active Points at 5e's 10 CP a die (6e: 6)" in conversion(r, "Boost (Aid)")


def test_a_5e_drain_is_hand_to_hand_unless_bought_ranged(tmp_path):
    r = imported(tmp_path, powers=(power("DRAIN", NAME="Sap", LEVELS=2, INPUT="STR"),
                                   power("DRAIN", modifier("RANGED", BASECOST="0.5"), NAME="Far", LEVELS=2, INPUT="STR")))
    assert attack(r, "Sap")["range"] == "hth"
    assert attack(r, "Far")["range"] == 300 and attack(r, "Far")["active_points"] == 30
    assert entry(r, "Far").status == IMPORTED


def test_a_5e_radius_is_sized_from_active_points_and_a_cone_is_refused_by_name(tmp_path):
    area = dict(BASECOST="1.0", ALIAS="Area Of Effect")
    r = imported(tmp_path, powers=(
        power("ENERGYBLAST", modifier("AOE", OPTION="RADIUS", OPTION_ALIAS="Radius", **area), NAME="Ball", LEVELS=6),
        power("ENERGYBLAST", modifier("AOE", OPTION="CONE", OPTION_ALIAS="Cone", **area), NAME="Spray", LEVELS=4)))
    assert attack(r, "Ball")["area"] == {"shape": "radius", "metres": 12}  # 60 AP / 10 = 6" = 12 m
    assert attack(r, "Ball")["active_points"] == 60
    assert "area" not in attack(r, "Spray")
    cone = next(c for c in entry(r, "Spray").children if c.kind == "modifier")
    assert cone.status == IGNORED and cone.why.startswith("5th Edition Cone area")
    assert entry(r, "Spray").status != IMPORTED


def test_a_5e_martial_velocity_bonus_is_per_5_inches(tmp_path):
    r = imported(tmp_path, martial=(part("MANEUVER", "MANEUVER", ALIAS="Martial Throw", DC="0", OCV="+0", DCV="+1",
                                         EFFECT="STR [NORMALDC] +v/5, Target Falls"),))
    throw = attack(r, "Martial Throw")
    assert throw["velocity_per_dc"] == 10 and throw.get("falls") is True


def test_edition_comes_from_the_characteristics_when_there_is_no_template(tmp_path):
    old = character(template=FIFTH).replace(f' TEMPLATE="{FIFTH}"', "")
    assert read_character(write(tmp_path / "a.hdc", old)).edition == "5e"
    new = character().replace(' TEMPLATE="builtIn.Superheroic6E.hdt"', "")
    assert read_character(write(tmp_path / "b.hdc", new)).edition == "6e"
    bare = new.split("<CHARACTERISTICS>")[0] + "<CHARACTERISTICS></CHARACTERISTICS></CHARACTER>"
    with pytest.raises(HdcError, match="has no TEMPLATE and no characteristic that tells the edition"):
        import_file(write(tmp_path / "c.hdc", bare))


def test_older_files_without_xmlids_are_read_by_their_tags(tmp_path):
    text = character(template=FIFTH, levels={"STR": 15}, martial=(part("MANEUVER", "MANEUVER", ALIAS="Boxing Strike",
                     DC="2", OCV="+0", DCV="+2", EFFECT="STR [NORMALDC] Strike"),))
    text = text.replace('XMLID="STR" ', "").replace('XMLID="MANEUVER" ', "")
    r = import_file(write(tmp_path / "older.hdc", text))
    assert chars(r)["STR"] == 25 and chars(r)["PD"] == 5
    assert attack(r, "Boxing Strike")["martial_dcs"] == 2  # "STR [NORMALDC]": STR plus 2 DC


def test_an_elemental_controls_slots_are_independent_powers(tmp_path):
    r = imported(tmp_path, powers=(part("ELEMENTAL_CONTROL", "GENERIC_OBJECT", NAME="Fire Powers", ID="9"),
                                   power("ENERGYBLAST", NAME="Bolt", LEVELS=6, PARENTID="9"),
                                   power("FORCEFIELD", NAME="Heat Shield", LEVELS=6, PDLEVELS=3, EDLEVELS=3,
                                         PARENTID="9")))
    assert attack(r, "Bolt")["dice"] == "6d6" and r.sheet["defenses"]["rPD"] == 3
    assert entry(r, "Bolt").status == IMPORTED and "an independent power" in entry(r, "Bolt").into


def test_one_unreadable_value_costs_that_element_not_the_character(tmp_path):
    r = imported(tmp_path, levels={"STR": 5}, martial=(part("MANEUVER", "MANEUVER", ALIAS="Odd Strike", DC="2",
                                                            OCV="--", DCV="+0", EFFECT="[NORMALDC] Strike"),))
    odd = entry(r, "Odd Strike")
    assert odd.status == IGNORED and odd.why.startswith("unreadable:") and "OCV: expected a number" in odd.why
    assert chars(r)["STR"] == 15


def test_5e_level_options_martial_both_kinds_and_dcv_alone(tmp_path):
    levels = (part("SKILL", "COMBAT_LEVELS", LEVELS=2, OPTIONID="MARTIAL", OPTION_ALIAS="with Martial Maneuvers"),
              part("SKILL", "COMBAT_LEVELS", LEVELS=1, OPTIONID="HTHRANGED", OPTION_ALIAS="with HTH and Ranged Combat"),
              part("SKILL", "COMBAT_LEVELS", NAME="Duck", LEVELS=3, OPTIONID="DCV", OPTION_ALIAS="with DCV"))
    r = imported(tmp_path, skills=levels, powers=(power("ENERGYBLAST", NAME="Bolt", LEVELS=6),), martial=(
        part("MANEUVER", "MANEUVER", ALIAS="Martial Strike", DC="2", OCV="+0", DCV="+2", EFFECT="[NORMALDC] Strike",
             ADDSTR="Yes"),))
    assert (attack(r, "Martial Strike")["ocv"], attack(r, "Bolt")["ocv"]) == (2 + 1, 1)
    duck = entry(r, "Duck")
    assert duck.status == IGNORED and duck.why.startswith("levels for DCV alone")


def test_5e_armor_piercing_is_priced_and_shown_at_plus_one_half(tmp_path):
    r = imported(tmp_path, powers=(power("RKA", modifier("ARMORPIERCING", LEVELS=1, ALIAS="Armor Piercing"),
                                         NAME="Drill", LEVELS=2),))
    assert attack(r, "Drill")["active_points"] == 45 and attack(r, "Drill")["armor_piercing"] == 1  # 30 x 1.5
    assert entry(r, "Armor Piercing").label == "Armor Piercing (+1/2)"
