"""``slugfest import``: Hero Designer files into scenarios that check and play, on synthetic files
and on the real ones in ``../shared/fixtures/hdc/`` (skipped where that folder is absent, as
on a user's fresh clone: those files are never copied into the repository)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "hero"))
from hdc_files import character, modifier, power, write  # noqa: E402

from slugfest import cli  # noqa: E402
from slugfest.core.engine.battle import Battle  # noqa: E402
from slugfest.core.hero.hdc import import_file  # noqa: E402
from slugfest.core.files.scenario import load_scenario  # noqa: E402
from slugfest.scenarios import bundled  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures" / "hdc"
REAL = sorted(FIXTURES.rglob("*.hdc")) if FIXTURES.is_dir() else []
needs_fixtures = pytest.mark.skipif(not REAL, reason=f"no real Hero Designer files at {FIXTURES} (they live beside "
                                                     f"the repository, in ../shared, never in it)")


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def two(tmp_path):
    hero = write(tmp_path / "hero.hdc", character("Captain Test", levels={"STR": 10, "SPD": 2, "PD": 8},
                                                  powers=(power("ENERGYBLAST", NAME="Bolt", LEVELS=8, INPUT="ED"),)))
    villain = write(tmp_path / "villain.hdc", character("Dr. Fixture", levels={"CON": 5, "ED": 6},
                                                       powers=(power("RKA", NAME="Claws", LEVELS=2),)), "utf-8")
    return hero, villain


def test_two_characters_make_a_scenario_that_checks_and_plays(capsys, tmp_path, two, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "import", *two)
    assert code == 0, err
    written = tmp_path / "captain-test-vs-dr-fixture.toml"
    assert f"wrote {written.name} (Captain Test, Dr. Fixture; superheroic rules); try: slugfest battle {written.name}" in out
    assert "Captain Test  (" in out and "imported  Bolt (Energyblast) -> attack \"Bolt\": normal 8d6 vs ED, 400 m, 40 AP" in out
    assert written.read_text().startswith("# Written by `slugfest import` from Hero Designer files.")
    code, out, err = run(capsys, "check", written)
    assert code == 0 and "ok (hero, 2 sides, 2 combatants, 24x16 map)" in out, err
    code, out, err = run(capsys, "battle", written, "--brief")
    assert code == 0 and re.match(r"=== (.+ win|Draw): ", out.splitlines()[-1]), out


def test_against_puts_characters_on_two_teams(capsys, tmp_path, two):
    out_file = tmp_path / "teams.toml"
    extra = write(tmp_path / "side.hdc", character("Sidekick"))
    code, _, err = run(capsys, "import", two[0], extra, "--against", two[1], "--out", out_file)
    assert code == 0, err
    sc = load_scenario(out_file)
    assert [[c.name for c in s.combatants] for s in sc.sides] == [["Captain Test", "Sidekick"], ["Dr. Fixture"]]


def test_into_adds_to_a_side_of_an_existing_scenario_on_free_cells(capsys, tmp_path, two):
    out_file = tmp_path / "brawl.toml"
    code, _, err = run(capsys, "import", two[0], "--into", "hero-brawl", "--side", "vanguard", "--out", out_file)
    assert code == 0, err
    before, after = load_scenario(bundled()["hero-brawl"]), load_scenario(out_file)
    assert [s.name for s in after.sides] == [s.name for s in before.sides]  # "vanguard" is the Vanguard
    vanguard = next(s for s in after.sides if s.name == "Vanguard")
    assert vanguard.combatants[-1].name == "Captain Test"
    assert len(after.combatants) == len(before.combatants) + 1
    taken = [c.position for c in after.combatants]
    assert len(set(taken)) == len(taken)


def test_into_a_side_the_scenario_lacks_is_refused_with_its_sides_unless_asked_for(capsys, tmp_path, two):
    out_file = tmp_path / "brawl.toml"
    code, _, err = run(capsys, "import", two[0], "--into", "hero-brawl", "--side", "Heroes", "--out", out_file)
    assert code == 2 and not out_file.exists()
    assert "hero-brawl has no side 'Heroes'; its sides are 'Vanguard', 'Wrecking Crew'" in err
    code, _, err = run(capsys, "import", two[0], "--into", "hero-brawl", "--side", "Heroes", "--new-side",
                       "--out", out_file)
    assert code == 0, err
    assert [s.name for s in load_scenario(out_file).sides][-1] == "Heroes"


def test_into_needs_a_side_and_an_out_file_and_writes_nothing_otherwise(capsys, tmp_path, two):
    code, _, err = run(capsys, "import", two[0], "--into", "hero-brawl", "--out", tmp_path / "x.toml")
    assert code == 2 and "--into needs --side NAME" in err
    code, _, err = run(capsys, "import", two[0], "--into", "hero-brawl", "--side", "Heroes")
    assert code == 2 and "--into needs --out FILE" in err
    code, _, err = run(capsys, "import", two[0], "--into", "marvel-brawl", "--side", "X", "--new-side",
                       "--out", tmp_path / "y.toml")
    assert code == 2 and "is a marvel scenario; Hero Designer characters go into a HERO one" in err
    assert not list(tmp_path.glob("*.toml"))


def test_strict_refuses_a_file_with_fight_changing_parts_not_imported_and_writes_nothing(capsys, tmp_path, two):
    fireball = write(tmp_path / "fire.hdc", character("Pyro", powers=(
        power("ENERGYBLAST", modifier("INDIRECT", BASECOST="0.25", ALIAS="Indirect"),
              NAME="Fireball", LEVELS=6),)))
    out_file = tmp_path / "strict.toml"
    code, _, err = run(capsys, "import", fireball, two[1], "--strict", "--out", out_file)
    assert code == 2
    assert f"{fireball}: Fireball (Energyblast): in part (not modelled: Indirect (+1/4))" in err
    assert "--strict: 1 elements that change a fight" in err
    assert "no scenario written" in err and not out_file.exists()
    code, _, err = run(capsys, "import", *two, "--strict", "--out", out_file)
    assert code == 0 and out_file.exists(), err


def test_a_refused_file_stops_the_whole_import(capsys, tmp_path, two):
    bare = character("Nobody").replace(' TEMPLATE="builtIn.Superheroic6E.hdt"', "")
    old = write(tmp_path / "old.hdc", bare.split("<CHARACTERISTICS>")[0] + "</CHARACTER>")
    code, out, err = run(capsys, "import", two[0], old, "--out", tmp_path / "x.toml")
    assert code == 2
    assert f"slugfest: {old}: has no TEMPLATE and no characteristic that tells the edition" in err
    assert "nothing written" in err and not (tmp_path / "x.toml").exists() and "Traceback" not in err


def test_a_5th_edition_file_imports_and_plays_beside_a_6th_edition_one(capsys, tmp_path, two):
    old = write(tmp_path / "old.hdc", character("Oldie", template="builtIn.Heroic.hdt", levels={"DEX": 8, "STR": 5}))
    out_file = tmp_path / "x.toml"
    code, out, err = run(capsys, "import", two[0], old, "--out", out_file, "--json", tmp_path / "r.json")
    assert code == 0, err
    assert "converted from 5th Edition" in out and "OCV 6: 5e calculated DEX 18/3 = 6" in out
    report = json.loads((tmp_path / "r.json").read_text())[1]
    assert report["edition"] == "5e" and "OCV 6: 5e calculated DEX 18/3 = 6" in report["conversions"][-4]
    assert "#   5e -> 6e: PD 3: 5e figured STR/5: STR 15/5 = 3" in out_file.read_text()  # the written file says so too
    outcome = Battle(load_scenario(out_file), seed=3).run()
    assert outcome.rounds >= 1 and outcome.reason


def test_an_existing_out_file_is_kept_unless_forced(capsys, tmp_path, two):
    out_file = tmp_path / "keep.toml"
    out_file.write_text("mine")
    code, _, err = run(capsys, "import", *two, "--out", out_file)
    assert code == 2 and "already exists; add --force" in err and out_file.read_text() == "mine"
    code, _, err = run(capsys, "import", *two, "--out", out_file, "--force")
    assert code == 0 and out_file.read_text().startswith("# Written by"), err


def test_json_report_and_scenario_on_standard_output(capsys, tmp_path, two):
    report = tmp_path / "report.json"
    code, out, err = run(capsys, "import", *two, "--out", "-", "--json", report)
    assert code == 0, err
    assert out.startswith("# Written by") and "[battle]" in out and "Captain Test  (" in err
    data = json.loads(report.read_text())
    assert [r["character"] for r in data] == ["Captain Test", "Dr. Fixture"]
    assert set(data[0]["counts"]) == {"imported", "in part", "ignored"}


def test_one_character_alone_is_not_a_battle_and_is_said_before_any_report(capsys, two):
    code, out, err = run(capsys, "import", two[0])
    assert code == 2 and "a new scenario needs two sides" in err and out == ""


def test_the_scenario_and_the_json_cannot_both_take_standard_output(capsys, two):
    code, _, err = run(capsys, "import", *two, "--out", "-", "--json", "-")
    assert code == 2 and "would both go to standard output" in err


def test_strict_still_writes_the_json_report_it_refused_on(capsys, tmp_path, two):
    fire = write(tmp_path / "fire.hdc", character("Pyro", powers=(power("DARKNESS", NAME="Gloom Bolt", LEVELS=4),)))
    report = tmp_path / "r.json"
    code, _, err = run(capsys, "import", fire, two[0], "--strict", "--json", report, "--out", tmp_path / "s.toml")
    assert code == 2 and json.loads(report.read_text())[0]["character"] == "Pyro"


# --- the real files -------------------------------------------------------------------------------

@needs_fixtures
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_each_real_file_imports_and_plays(capsys, tmp_path, path):
    """Every real file, 6th Edition or 5th (converted), imports and plays a battle."""
    out_file = tmp_path / "real.toml"
    code, out, err = run(capsys, "import", path, path, "--out", out_file, "--quiet")
    assert code == 0, err
    sc = load_scenario(out_file)
    outcome = Battle(sc, seed=3).run()
    assert outcome.rounds >= 1 and outcome.reason


@needs_fixtures
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_each_real_report_accounts_for_every_element(path):
    """One report line for each element of the file (a 5e file's has four more: the OCV, DCV,
    OMCV and DMCV 5e calculates and 6e buys)."""
    from slugfest.core.hero.hdc.reading import decode

    text = decode(path.read_bytes(), str(path))
    body = text.split("<CHARACTERISTICS", 1)[1]
    elements = len(re.findall(r"<[A-Z_]+ [^>]*XMLID=", body))
    older = len(re.findall(r"<(?:MANEUVER|LIST|MULTIPOWER|[A-Z]+ LEVELS=)(?![^>]*XMLID=)[^>]*>", body))
    result = import_file(path)
    added = 4 if result.report.edition == "5e" else 0
    assert sum(result.report.counts().values()) == elements + older + added


@pytest.mark.skipif(not (FIXTURES / "Sample_Character.hdc").exists(),
                    reason=f"no Sample_Character.hdc at {FIXTURES} (it lives beside the repository, in ../shared)")
def test_darcis_attacks_cost_what_hero_designer_says(tmp_path):
    """Sample_Character.txt, Hero Designer's own export of the file, gives each power's Active
    Points and END: the importer works out the same from the costs."""
    result = import_file(FIXTURES / "Sample_Character.hdc")
    from slugfest.core.hero.pricing import end_of, power_points
    from slugfest.core.hero.hdc.costs import rounded
    from slugfest.core.hero.attack_keys import parse_attack
    from slugfest.core.files.schema import Problems, Table

    attacks = {a["name"]: parse_attack(Table(a, "a", Problems())) for a in result.sheet["attacks"]}
    ap = {name: rounded(power_points(a)) for name, a in attacks.items()}
    end = {name: end_of(a, 0, "heroic", "") for name, a in attacks.items()}
    # Hero Designer: Pneuma 37 AP, END 4; Battle Axe 37 AP, 0 END; Dagger 17 AP, 0 END; Bash 5 AP, END 1
    assert (ap["Pneuma"], end["Pneuma"], attacks["Pneuma"].range_m, str(attacks["Pneuma"].dice)) == (37, 4, 370, "2d6")
    # the axe's "STR Min: 13" is a custom modifier, which Hero Designer does not apply ("2 1/2d6 w/STR")
    assert (ap["Bronze Battle Axe"], end["Bronze Battle Axe"], attacks["Bronze Battle Axe"].str_min) == (37, 0, 0)
    # her 3 Combat Skill Levels are with the Battle Axe: +3 OCV with it, not with Pneuma
    assert (attacks["Bronze Battle Axe"].ocv, attacks["Pneuma"].ocv, result.sheet.get("csl", 0)) == (3, 0, 0)
    # the thrown dagger: one throw
    assert attacks["Bronze Dagger"].charges == 1
    assert (ap["Bronze Dagger"], end["Bronze Dagger"], str(attacks["Bronze Dagger"].dice)) == (17, 0, "1d6-1")
    assert (ap["Bash"], end["Bash"]) == (5, 1)
    ch = result.sheet["characteristics"]
    assert (ch["STR"], ch["CON"], ch["SPD"], ch["END"]) == (17, 18, 4, 40)
    assert result.sheet["defenses"]["rPD"] == 13  # Maille 5 + Cap 6 + Boots 2


def test_a_name_with_newlines_cannot_write_toml_of_its_own_into_the_scenario(capsys, tmp_path, two):
    """XML character references put newlines in a name; the written file quotes names in its
    comment header, so every name is one line of plain text there."""
    sneaky = 'Zap&#10;[rules]&#10;knockback = &quot;off&quot;&#10;#'
    text = character("NAME-HERE").replace("NAME-HERE", "Line1&#10;[battle]").replace("<POWERS>", "<POWERS>" + power(
        "ENERGYBLAST", modifier("AOE", LEVELS=8, OPTIONID="RADIUS"), LEVELS=4).replace('ALIAS="Energyblast"',
                                                                                        f'ALIAS="Energyblast" NAME="{sneaky}"'))
    path = tmp_path / "sneaky.hdc"
    path.write_text(text, encoding="utf-8")
    out_file = tmp_path / "s.toml"
    code, _, err = run(capsys, "import", path, two[1], "--out", out_file)
    assert code == 0, err
    written = out_file.read_text()
    assert not any(line.startswith("[rules]") or line.startswith("knockback") for line in written.splitlines())
    sc = load_scenario(out_file)
    assert sc.combatants[0].name == "Line1 [battle]" and sc.options.knockback == "full"


def test_mirror_matches_name_every_copy_apart(tmp_path):
    from slugfest.core.hero.hdc.scenario import new_scenario

    bob = import_file(write(tmp_path / "bob.hdc", character("Bob")))
    bob2 = import_file(write(tmp_path / "bob2.hdc", character("Bob 2")))
    data = new_scenario([[bob], [bob], [bob2]])
    assert [s["combatants"][0]["name"] for s in data["sides"]] == ["Bob", "Bob 3", "Bob 2"]


def test_into_a_full_scenario_is_refused(capsys, tmp_path, two):
    from slugfest.core.hero.hdc.scenario import add_to

    sc = load_scenario(bundled()["hero-brawl"])
    with pytest.raises(ValueError, match="would pass the 32 a HERO scenario holds"):
        add_to(sc, "Vanguard", [import_file(two[0])] * (33 - len(sc.combatants)))


@pytest.mark.skipif(not (FIXTURES / "Sample_Character_MA.hdc").exists(),
                    reason=f"no Sample_Character*.hdc at {FIXTURES} (it lives beside the repository, in ../shared)")
def test_the_import_guides_sample_is_what_the_command_prints(capsys, monkeypatch, tmp_path):
    """Issue 37: the import guide's sample (README then) said 32/11/147 elements while the importer said 36/12/142.
    Every line of the sample but its "..." is a line the command prints, in the same order."""
    readme = (Path(__file__).resolve().parent.parent / "docs" / "import.md").read_text(encoding="utf-8")
    block = readme.split("A sample, from a heroic 6e character", 1)[1].split("```")[1].strip("\n").splitlines()
    monkeypatch.chdir(FIXTURES)  # the report names the files as they were given
    assert cli.main(["import", "Sample_Character.hdc", "Sample_Character_MA.hdc", "--out", str(tmp_path / "x.toml")]) == 0
    printed = capsys.readouterr().out.splitlines()
    at = 0
    for line in (x for x in block if x.strip() != "..."):
        assert line in printed[at:], f"the guide's line is not printed (after line {at}): {line!r}"
        at = printed.index(line, at) + 1
