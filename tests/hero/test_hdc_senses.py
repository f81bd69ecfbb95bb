"""Importing the sense-affecting powers of a Hero Designer file (issue 40, item 3): Darkness and
Invisibility of the Sight Group become the sheet's ``darkness`` attack and ``invisible``; another
sense group is refused by name (core/hero/hdc/senses.py). Prices are 6e's: Darkness to the Sight
Group 5 CP a metre of radius, range 10 m per Active Point; Invisibility to Sight 20 CP."""

from __future__ import annotations

from hdc_files import adder, character, power, write

from slugfest.core.hero.hdc import IGNORED, IMPORTED, IN_PART, import_file
from slugfest.core.hero.sheet_keys import parse_sheet
from slugfest.core.files.schema import Problems, Table


def imported(tmp_path, **kw):
    return import_file(write(tmp_path / "c.hdc", character(**kw)))


def entry(result, label_start):
    return next(e for top in result.report.entries for e in top.walk() if e.label.startswith(label_start))


def as_sheet(result):
    problems = Problems()
    sheet = parse_sheet(Table(result.sheet, "c", problems))
    assert not problems.items, problems.items
    return sheet


def test_a_sight_group_darkness_becomes_a_darkness_radius_placed_at_10_m_an_active_point(tmp_path):
    result = imported(tmp_path, powers=(power("DARKNESS", NAME="Night Cloak", LEVELS=4, OPTIONID="SIGHTGROUP"),))
    atk = next(a for a in as_sheet(result).attacks if a.name == "Night Cloak")
    assert (atk.kind, atk.area, atk.area_m, atk.range_m, atk.hth) == ("darkness", "radius", 4, 200, False)
    e = entry(result, "Night Cloak")
    assert (e.status, e.into) == (IMPORTED, 'attack "Night Cloak": darkness, a 4 m Radius, 200 m, 20 AP')


def test_a_darkness_of_another_sense_group_is_refused_naming_it(tmp_path):
    result = imported(tmp_path, powers=(power("DARKNESS", NAME="Silence", LEVELS=2, OPTIONID="HEARINGGROUP",
                                              OPTION_ALIAS="Hearing Group"),))
    e = entry(result, "Silence")
    assert e.status == IGNORED and e.why.startswith("Darkness to the Hearing Group sense group: only the Sight Group")
    assert not [a for a in as_sheet(result).attacks if a.kind == "darkness"]


def test_a_5th_edition_darkness_of_2_inches_is_a_4_m_radius_and_the_report_says_so(tmp_path):
    result = imported(tmp_path, template="builtIn.Superheroic.hdt",
                      powers=(power("DARKNESS", NAME="Shade", LEVELS=2, OPTIONID="SIGHTGROUP"),))
    atk = next(a for a in as_sheet(result).attacks if a.name == "Shade")
    assert (atk.area_m, atk.range_m) == (4, 200)
    assert any('Shade (Darkness) 2": 4 m of Darkness radius' in c for c in result.report.conversions)


def test_sight_group_invisibility_makes_the_sheet_invisible_and_no_fringe_is_reported_in_part(tmp_path):
    plain = imported(tmp_path, powers=(power("INVISIBILITY", NAME="Fade", OPTIONID="SIGHTGROUP", BASECOST="20.0"),))
    assert plain.sheet["invisible"] is True and as_sheet(plain).invisible
    assert entry(plain, "Fade").status == IMPORTED
    sharp = imported(tmp_path, powers=(power("INVISIBILITY", adder("NOFRINGE", BASECOST="10.0"), NAME="Fade",
                                             OPTIONID="SIGHTGROUP", BASECOST="20.0"),))
    e = entry(sharp, "Fade")
    assert e.status == IN_PART and e.why == "No Fringe is not modelled: a foe in the next cell sees its fringe"
    heard = imported(tmp_path, powers=(power("INVISIBILITY", NAME="Hush", OPTIONID="HEARINGGROUP"),))
    assert entry(heard, "Hush").status == IGNORED and "invisible" not in heard.sheet


def test_a_flash_of_another_sense_group_imports_with_its_group_at_3_cp_a_die(tmp_path):
    result = imported(tmp_path, powers=(power("FLASH", NAME="Scream", LEVELS=4, OPTIONID="HEARINGGROUP",
                                              OPTION_ALIAS="Hearing Group"),
                                        power("FLASH", NAME="Psi Glare", LEVELS=3, OPTIONID="MENTALGROUP"),
                                        power("FLASH", NAME="Nose", LEVELS=3, OPTIONID="NORMALSMELL")))
    scream = next(a for a in as_sheet(result).attacks if a.name == "Scream")
    assert (scream.kind, scream.sense, scream.defense, scream.range_m) == ("flash", "hearing", "Hearing Flash Defense", 120)
    e = entry(result, "Scream")
    assert (e.status, e.into) == (IMPORTED, 'attack "Scream": flash of the Hearing Group 4d6 vs Hearing Flash Defense, '
                                            '120 m, 12 AP')
    assert next(a for a in as_sheet(result).attacks if a.name == "Psi Glare").sense == "mental"
    nose = entry(result, "Nose")
    assert nose.status == IGNORED and nose.why.startswith("a Flash of the NORMALSMELL sense: only whole sense groups")


def test_flash_defense_is_the_special_defense_of_the_group_it_is_bought_for(tmp_path):
    result = imported(tmp_path, powers=(power("FLASHDEFENSE", NAME="Goggles", LEVELS=5, OPTIONID="SIGHTGROUP"),
                                        power("FLASHDEFENSE", NAME="Plugs", LEVELS=3, OPTIONID="HEARINGGROUP")))
    assert dict(as_sheet(result).special_defenses) == {"Flash Defense": 5, "Hearing Flash Defense": 3}
    assert entry(result, "Plugs").into == 'special defense "Hearing Flash Defense" 3'


def test_telepathy_and_mind_scan_are_reported_as_not_fight_relevant_with_the_reason(tmp_path):
    result = imported(tmp_path, powers=(power("TELEPATHY", NAME="Whisper", LEVELS=6),
                                        power("MINDSCAN", NAME="Seek", LEVELS=8)))
    whisper, seek = entry(result, "Whisper"), entry(result, "Seek")
    assert (whisper.status, whisper.combat, seek.status, seek.combat) == (IGNORED, False, IGNORED, False)
    assert whisper.why.startswith("Telepathy reads and sends thoughts: not fight-relevant here")
    assert seek.why.endswith("mental powers already reach anyone in line of sight, seen or not")


def test_sight_group_images_with_a_radius_becomes_an_images_attack_and_without_one_is_refused(tmp_path):
    from hdc_files import modifier

    result = imported(tmp_path, powers=(power("IMAGES", adder("DECREASEDPERROLL", LEVELS=3),
                                              modifier("AOE", OPTION="RADIUS", LEVELS=4), NAME="Mirage",
                                              OPTIONID="SIGHTGROUP", BASECOST="10.0"),
                                        power("IMAGES", modifier("AOE", OPTION="RADIUS", LEVELS=2),
                                              modifier("ONLYTOCREATELIGHT", BASECOST="-1.0"), NAME="Lamp",
                                              OPTIONID="SIGHTGROUP", BASECOST="10.0"),
                                        power("IMAGES", NAME="Echo", OPTIONID="HEARINGGROUP", OPTION_ALIAS="Hearing Group",
                                              BASECOST="5.0"),
                                        power("IMAGES", NAME="Glint", OPTIONID="SIGHTGROUP", BASECOST="10.0")))
    mirage = next(a for a in as_sheet(result).attacks if a.name == "Mirage")
    assert (mirage.kind, mirage.area, mirage.area_m, mirage.per) == ("images", "radius", 4, 3)
    # (10 + 2 x 3 PER levels) x (1 + ¼ for a 4 m Radius) = 20 AP: 200 m
    assert entry(result, "Mirage").into == 'attack "Mirage": images, a 4 m Radius, -3 to PER rolls, 200 m, 20 AP'
    assert entry(result, "Echo").why.startswith("Images to the Hearing Group sense group: only the Sight Group")
    assert entry(result, "Glint").why.startswith("an Images without an Area Of Effect Radius")
    assert entry(result, "Lamp").why == "an Images only to create light: it hides no one"
    assert [(c.status, c.into) for c in entry(result, "Mirage").children][0] == (IMPORTED, "-3 to PER rolls against it")
