"""Scenario validation: every problem in a file at once, each as
``file:line: key.path: expected X, got Y (did you mean Z?)``, and never a traceback.

Each file under ``tests/data/bad/`` holds one kind of mistake (its first line says which).
"""

from __future__ import annotations

import copy
import re
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slugfest.core.files.locate import locate
from slugfest.core.files.scenario import MAX_MAP, ScenarioError, load_scenario, parse_scenario, parse_scenario_text
from slugfest.scenarios import bundled

BAD = Path(__file__).parent / "data" / "bad"

#: file:line: key.path: expected X, got Y  (the path may be empty for a whole-file problem)
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?:(?P<path>[^:]+): )?expected .+, got .+$")


def problems_of(name: str) -> list:
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / f"{name}.toml")
    err = info.value
    assert err.file.endswith(f"{name}.toml")
    return err.problems


def line_of(name: str, fragment: str) -> int:
    """The 1-based number of the last line of a fixture that holds ``fragment`` (comments aside)."""
    found = [n for n, text in enumerate((BAD / f"{name}.toml").read_text().splitlines(), start=1)
             if fragment in text and not text.lstrip().startswith("#")]
    assert found, f"{fragment!r} not in {name}.toml"
    return found[-1]


# fixture, key path, words the message must hold, the text on the line it must point at
CASES = [
    ("syntax_error", "", ["expected valid TOML", "syntax error"], 'name = "Bad'),
    ("missing_required", "battle.name", ["expected a non-empty string", "got nothing"], "[battle]"),
    ("misspelt_key", "battle.turn_limt", ["unknown key 'turn_limt'", "(did you mean 'turn_limit'?)"], "turn_limt"),
    ("spd_zero", "sides[1].combatants[0].characteristics.SPD", ["from 1 to 12", "got an integer 0"], "SPD = 0"),
    ("unknown_attack_kind", "sides[0].combatants[0].attacks[0].kind",
     ["expected one of 'normal', 'killing', 'nnd', 'avld'", "got a string 'lazer'"], '"lazer"'),
    ("negative_dice", "sides[0].combatants[0].attacks[0].dice", ["expected HERO dice", "'-3d6'", "negative"], '"-3d6"'),
    ("million_dice", "sides[0].combatants[0].attacks[0].dice", ["expected HERO dice", "at most 60 dice"], "1000000d6"),
    ("unknown_ai", "sides[0].combatants[0].ai",
     ["expected an installed AI plugin", "got 'defualt'", "(did you mean 'default'?)"], '"defualt"'),
    ("unknown_house_rule", "battle.house_rules[0]",
     ["expected an installed house rule plugin", "got 'critical-hits'"], "critical-hits"),
    ("module_as_ai", "sides[0].combatants[0].ai", ["never import modules or paths", "got 'os.system'"], "os.system"),
    ("path_as_house_rule", "battle.house_rules[0]", ["never import modules or paths", "got '../evil.py'"], "evil.py"),
    ("duplicate_ids", "sides[1].combatants[0].id",
     ["expected a unique id", "got 'ace'", "already used at sides[0].combatants[0]"], 'id = "ace"'),
    ("same_cell", "sides[1].combatants[0].position", ["expected a free cell", "got [1, 1]", "taken by 'ace'"],
     "position = [1, 1]"),
    ("off_map", "sides[1].combatants[0].position", ["inside the 10x8 map", "got an array [10, 6]"], "[10, 6]"),
    ("map_too_large", "map.width", ["from 4 to 200", "got an integer 1000"], "width = 1000"),
    ("wrong_types", "sides[0].combatants[0].characteristics.STR",
     ["expected an integer", "got a string '20'", "without quotes"], 'STR = "20"'),
]


@pytest.mark.parametrize("name,path,words,on_line", CASES, ids=[c[0] for c in CASES])
def test_each_kind_of_mistake_is_reported_with_path_expectation_and_line(name, path, words, on_line):
    problems = problems_of(name)
    mine = [p for p in problems if p.path == path]
    assert mine, f"no problem at {path!r}; got {[p.path for p in problems]}"
    message = mine[0].message
    for w in words:
        assert w in message
    assert mine[0].line == line_of(name, on_line)


@pytest.mark.parametrize("name", sorted(p.stem for p in BAD.glob("*.toml")))
def test_every_reported_line_has_the_promised_shape(name):
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / f"{name}.toml")
    text = str(info.value)
    head, *lines = text.splitlines()
    assert re.match(rf"^.*{name}\.toml: \d+ problems? in this scenario:$", head)
    assert lines
    for line in lines:
        m = LINE.match(line.strip())
        assert m, line
        assert m.group("file").endswith(f"{name}.toml")


def test_a_misspelt_attack_kind_does_not_hide_a_bad_defense_in_the_same_attack():
    """Issue 37: ``check`` found 6 of 7 mistakes; ``defense = "PDD"`` hid behind ``kind = "kiling"``.
    The attack is checked as the kind it most likely means, so both show in one pass."""
    text = (BAD / "unknown_attack_kind.toml").read_text().replace('kind = "lazer"', 'kind = "kiling"\n    defense = "PDD"')
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(text.encode(), "kiling.toml")
    by_path = {p.path: p.message for p in info.value.problems}
    assert "did you mean 'killing'?" in by_path["sides[0].combatants[0].attacks[0].kind"]
    assert "got a string 'PDD' (did you mean 'PD'?)" in by_path["sides[0].combatants[0].attacks[0].defense"]


def test_every_mistake_shows_in_one_pass_even_behind_a_misspelt_attack_kind_or_area_shape():
    """Issue 37: ``check`` reports every mistake at once. A misspelt ``kind`` (or area ``shape``)
    is read as the one it most likely means, so a key only that one has (an Entangle's defense,
    a Drain's characteristic, a Mental Blast's line-of-sight range, an Any Area's cells) is
    checked in the same pass rather than called unknown, or missed, until the first is fixed."""
    problems = problems_of("many_mistakes")
    by_path = {p.path: p.message for p in problems}
    a0, a1 = "sides[0].combatants[0].attacks", "sides[1].combatants[0].attacks"
    expected = {
        "battle.seeed": "did you mean 'seed'?",
        "battle.turn_limit": "got a string 'twenty'",
        "rules.campaign": "did you mean 'superheroic'?",
        "map.obstacles[1]": "got an array [44, 7]",
        "sides[0].combatants[0].ai": "did you mean 'default'?",
        "sides[0].combatants[0].running": "got a string 'fast'",
        "sides[0].combatants[0].characteristics.STRR": "did you mean 'STR'?",
        "sides[0].combatants[0].defenses.knockback_resistance": "got a string 'six'",
        f"{a0}[0].kind": "did you mean 'killing'?",
        f"{a0}[0].defense": "got a string 'PDD' (did you mean 'PD'?)",
        f"{a0}[1].kind": "did you mean 'entangle'?",
        f"{a0}[1].entangle_defense": "expected an integer from 0 to 30, got an integer 99",
        "sides[1].combatants[0].id": "already used at sides[0].combatants[0]",
        "sides[1].combatants[0].position": "got an array [50, 7]",
        "sides[1].combatants[0].flying": "got a string 'yes'",
        f"{a1}[0].kind": "did you mean 'drain'?",
        f"{a1}[0].characteristic": "got a string 'STRR' (did you mean 'STR'?)",
        f"{a1}[1].kind": "did you mean 'mental'?",
        f"{a1}[1].range": 'expected "los" or no range for a Mental Blast',
        f"{a1}[2].area.shape": "did you mean 'any area'?",
        f"{a1}[2].area.cells": "expected an integer from 1 to 64, got an integer 100",
    }
    for path, words in expected.items():
        assert words in by_path.get(path, ""), (path, by_path.get(path))
    assert len(problems) == len(expected) == 21  # each once, nothing spurious
    assert [p.line for p in problems] == sorted(p.line for p in problems)


def test_wrong_types_reports_each_string_where_an_integer_belongs():
    paths = {p.path: p for p in problems_of("wrong_types")}
    assert "battle.turn_limit" in paths and "got a string '5'" in paths["battle.turn_limit"].message
    assert paths["battle.turn_limit"].line == line_of("wrong_types", 'turn_limit = "5"')


def test_a_file_with_many_mistakes_reports_every_one_in_file_order():
    problems = problems_of("five_mistakes")
    by_path = {p.path: p for p in problems}
    expected = {
        "battle.turn_limt": "did you mean 'turn_limit'?",
        "map.height": "got an integer 0",
        "sides[0].combatants[0].characteristics.SPD": "got an integer 13",
        "sides[0].combatants[0].attacks[0].kind": "did you mean 'killing'?",
        "sides[1].combatants[0].position": "expected a free cell",
        "sides[1].combatants[0].characteristics.SPD": "got a string 'fast'",
    }
    assert set(expected) <= set(by_path), sorted(by_path)
    for path, words in expected.items():
        assert words in by_path[path].message
    assert len(problems) == len(expected)  # and nothing spurious (the bad height does not make every cell "off the map")
    lines = [p.line for p in problems]
    assert all(lines) and lines == sorted(lines)


def test_the_syntax_error_gives_the_line_and_nothing_else():
    problems = problems_of("syntax_error")
    assert len(problems) == 1 and problems[0].line == 3 and problems[0].path == ""


def test_a_syntax_error_at_the_end_of_the_file_still_has_a_line():
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(b'[battle]\nname = "x"\nhouse_rules = [\n', "eof.toml")
    assert info.value.problems[0].line is not None


def test_too_many_combatants():
    def side(name, count, row):
        out = f'[[sides]]\nname = "{name}"\n'
        for i in range(count):
            out += f'[[sides.combatants]]\nid = "{name.lower()}-{i}"\nposition = [{i}, {row}]\n'
        return out

    text = '[battle]\nname = "Crowd"\nsystem = "hero"\n[map]\nwidth = 40\nheight = 10\n'
    text += side("A", 17, 0) + side("B", 17, 9)
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(text.encode(), "crowd.toml")
    (problem,) = info.value.problems
    assert problem.path == "sides" and "expected at most 32 combatants in all, got 34" in problem.message
    assert problem.line == 7  # the first [[sides]]


def test_misspelt_keys_anywhere_get_a_suggestion():
    text = (BAD.parent.parent.parent / "scenarios" / "hero-duel.toml").read_text()
    lines = text.splitlines()
    for starts, typo in (("SPD =", "spd"), ("running =", "runing"), ("rPD =", "rPd"), ('kind = "killing"', "knid")):
        n = next(i for i, line in enumerate(lines) if line.strip().startswith(starts))  # the first one only
        lines[n] = lines[n].replace(starts.split()[0], typo, 1)
    text = "\n".join(lines)
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(text.encode(), "typos.toml")
    got = {p.path: p.message for p in info.value.problems}
    assert "(did you mean 'SPD'?)" in got["sides[0].combatants[0].characteristics.spd"]
    assert "(did you mean 'running'?)" in got["sides[0].combatants[0].runing"]
    assert "(did you mean 'rPD'?)" in got["sides[0].combatants[0].defenses.rPd"]
    assert "(did you mean 'kind'?)" in got["sides[1].combatants[0].attacks[1].knid"]


def test_a_plugin_name_never_imports_anything(tmp_path, monkeypatch):
    """Neither a module path, a file path nor a bare name that matches a file nearby is imported."""
    marker = tmp_path / "imported"
    for stem in ("evil", "os_system"):
        (tmp_path / f"{stem}.py").write_text(f"open({str(marker)!r}, 'w').write('pwned')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    base = (BAD / "path_as_house_rule.toml").read_text()
    for name in ("../evil.py", "evil.py", "evil", "os.system", "os_system", "/tmp/evil.py", "core.cli", "Evil"):
        text = base.replace('"../evil.py"', f'"{name}"')
        (tmp_path / "s.toml").write_text(text)
        with pytest.raises(ScenarioError) as info:
            load_scenario(tmp_path / "s.toml")
        assert [p.path for p in info.value.problems] == ["battle.house_rules[0]"]
        ai = (BAD / "module_as_ai.toml").read_text().replace('"os.system"', f'"{name}"')
        (tmp_path / "a.toml").write_text(ai)
        with pytest.raises(ScenarioError):
            load_scenario(tmp_path / "a.toml")
    assert not marker.exists()
    assert "evil" not in sys.modules and "os_system" not in sys.modules


def test_a_plugin_of_the_wrong_kind_is_refused():
    base = (BAD / "path_as_house_rule.toml").read_text()
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(base.replace('"../evil.py"', '"default"').encode(), "s.toml")
    assert "house rule" in info.value.problems[0].message and "ai plugin" in info.value.problems[0].message
    ai = (BAD / "module_as_ai.toml").read_text().replace('"os.system"', '"hero-rules"')
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(ai.encode(), "a.toml")
    assert "expected an installed AI plugin, got 'hero-rules', which is a rules plugin" in info.value.problems[0].message


def test_unreadable_inputs_are_problems_not_tracebacks(tmp_path):
    cases = {
        "missing.toml": None,
        "binary.toml": b"\xff\xfe\x00[battle]",
        "empty.toml": b"",
        "array.toml": b"battle = [1, 2]\nsides = 3\nmap = 'big'\n",
    }
    for name, raw in cases.items():
        if raw is not None:
            (tmp_path / name).write_bytes(raw)
        with pytest.raises(ScenarioError) as info:
            load_scenario(tmp_path / name)
        assert info.value.problems
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(ScenarioError, match="directory"):
        load_scenario(tmp_path / "dir.toml")
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * 1_000_001)
    with pytest.raises(ScenarioError, match="at most 1000000 bytes"):
        load_scenario(big)


# -- line numbers for nested keys -----------------------------------------------------------

BRAWL = (Path(__file__).parent.parent / "scenarios" / "hero-brawl.toml").read_text()


def _line(text: str, n: int) -> str:
    return text.splitlines()[n - 1].strip()


@pytest.mark.parametrize("path,expected", [
    ("battle.turn_limit", "turn_limit = 12"),
    ("rules.campaign", 'campaign = "superheroic"'),
    ("map.walls[1].y", "y = 15"),
    ("sides[1].combatants[0].characteristics.SPD", "SPD = 3"),
    ("sides[1].combatants[0].id", 'id = "rampart"'),
    ("sides[1].combatants[3].attacks[0].defense", 'defense = "Flash Defense"'),
    ("sides[0].combatants[0].defenses.special.Flash Defense", '"Flash Defense" = 5'),
    ("sides[0].combatants[2].attacks[1].ocv", "ocv = 1"),
    ("sides[1].combatants[2].nonsense", "[[sides.combatants]]"),  # a missing key: its table's header
    ("sides[1].name", 'name = "Wrecking Crew"'),
])
def test_locate_finds_nested_keys_in_a_real_scenario(path, expected):
    n = locate(BRAWL, path)
    assert n is not None and _line(BRAWL, n).startswith(expected)
    if path.startswith("sides[1].combatants[0]."):  # inside Rampart's table, not an earlier "SPD = 3"
        lines = [t.strip() for t in BRAWL.splitlines()]
        assert lines.index('id = "rampart"') < n <= lines.index('id = "miasma"')


def test_locate_counts_array_items_and_skips_strings_and_comments():
    text = '''[battle]
description = """a
[[sides]]
x = 1
"""
name = 'x'  # [[sides]]
[map]
obstacles = [
  [1, 2], # a comment, with [brackets]
  [3, 4], "a,]b",
  [5, 6],
]
[[sides]]
combatants = [
  { id = "q", position = [1, 1] },
  { id = "r", characteristics = { SPD = 0 } },
]
[[sides]]
[[sides.combatants]]
"quoted key" = 3
characteristics.SPD = 0
'''
    assert locate(text, "battle.name") == 6
    assert locate(text, "map.obstacles[0]") == 9
    assert locate(text, "map.obstacles[2]") == 10
    assert locate(text, "map.obstacles[3]") == 11
    assert locate(text, "sides[0].combatants[1].characteristics.SPD") == 16
    assert locate(text, "sides[1].combatants[0].characteristics.SPD") == 21
    assert locate(text, "sides[1].combatants[0].quoted key") == 20
    assert locate(text, "nowhere.at.all") is None
    assert locate(text, "") is None


# -- no input makes the loader raise anything but ScenarioError ------------------------------

_VALID_TEXT = (Path(__file__).parent.parent / "scenarios" / "hero-duel.toml").read_bytes()
_VALID = tomllib.loads(_VALID_TEXT.decode())


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


_ALL_PATHS = [p for p in _paths(_VALID) if p]

_junk = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70), st.floats(allow_nan=True), st.booleans(),
    st.text(max_size=12), st.sampled_from(["12d6", "-1d6", "999d6", "½d6", "hth", "os.system", "../x.py", "", "PD"]),
    st.lists(st.integers(-5, 300), max_size=3), st.just({}), st.just([]), st.just([{}]),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_ALL_PATHS), st.sampled_from(["set", "delete", "add"]), _junk),
                min_size=1, max_size=4))
def test_mangled_scenarios_raise_only_scenario_errors(edits):
    data = copy.deepcopy(_VALID)
    for path, how, value in edits:
        node = data
        try:
            for part in path[:-1]:
                node = node[part]
            last = path[-1]
            if how == "delete" and isinstance(node, dict):
                node.pop(last, None)
            elif how == "add" and isinstance(node, dict):
                node[f"{last}x"] = value
            else:
                node[last] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        parse_scenario(data, "fuzz.toml")
    except ScenarioError as exc:
        assert exc.problems and all(p.message for p in exc.problems)
        str(exc)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(_VALID_TEXT) - 1), st.binary(max_size=6))
def test_garbled_text_raises_only_scenario_errors(at, junk):
    raw = _VALID_TEXT[:at] + junk + _VALID_TEXT[at + len(junk):]
    try:
        parse_scenario_text(raw, "garbled.toml")
    except ScenarioError as exc:
        assert exc.problems


def test_many_problems_are_all_kept_but_the_listing_is_capped():
    data = copy.deepcopy(_VALID)
    data["map"]["obstacles"] = [[-1, -1]] * 250
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "many.toml")
    assert len(info.value.problems) == 250
    assert "and 150 more" in str(info.value)


def test_a_bad_map_size_does_not_make_every_position_a_second_mistake():
    data = copy.deepcopy(_VALID)
    data["map"]["width"] = MAX_MAP + 1
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "wide.toml")
    assert [p.path for p in info.value.problems] == ["map.width"]


@pytest.mark.parametrize("name", sorted(bundled()))
def test_bundled_scenarios_are_valid(name):
    assert load_scenario(bundled()[name]).name


# -- attack tables (the HERO sheet reader) ---------------------------------------------------

@pytest.mark.parametrize("attack,key,words", [
    ({"kind": "nnd", "dice": "4d6", "range": 10}, "defense", ["special defense that stops this NND", "got nothing"]),
    ({"kind": "nnnd", "dice": "4d6", "range": 10, "defense": "Life Support"}, "kind", ["did you mean 'nnd'?"]),
    ({"kind": "normal", "dice": "0d6", "range": 10}, "dice", ["expected some dice", "got '0d6'"]),
    ({"kind": "normal", "range": 10}, "dice", ["expected dice", "got nothing"]),
    ({"kind": "normal", "dice": 4, "range": 10}, "dice", ["got an integer 4"]),
    ({"kind": "normal", "dice": "4d6", "range": "HTH"}, "range", ["got a string 'HTH'", "did you mean 'hth'?"]),
    ({"kind": "normal", "dice": "4d6", "range": 2.5}, "range", ["got a float 2.5"]),
    ({"kind": "normal", "dice": "4d6", "range": 10, "adds_str": True}, "adds_str", ["expected false", "got true"]),
])
def test_attack_mistakes_are_reported_once_each(attack, key, words):
    from slugfest.core.testing import hero, scenario

    with pytest.raises(ScenarioError) as info:
        scenario("hero", {"A": [hero("a", (0, 0), attacks=[{"name": "Zap", **attack}])], "B": [hero("b", (3, 3))]})
    (problem,) = info.value.problems
    assert problem.path == f"sides[0].combatants[0].attacks[0].{key}"
    for w in words:
        assert w in problem.message


def test_one_bad_or_missing_position_does_not_clash_with_a_real_one():
    from slugfest.core.testing import hero, scenario

    bad = hero("a", (0, 0))
    bad["position"] = "top left"
    missing = hero("b", (0, 0))
    del missing["position"]
    with pytest.raises(ScenarioError) as info:
        scenario("hero", {"A": [bad, missing], "B": [hero("c", (0, 0))]}, obstacles=[(5, 5)])
    assert [p.path for p in info.value.problems] == ["sides[0].combatants[0].position", "sides[0].combatants[1].position"]


def test_a_third_use_of_an_id_points_at_the_first():
    from slugfest.core.testing import hero, scenario

    with pytest.raises(ScenarioError) as info:
        scenario("hero", {"A": [hero("a", (0, 0)), hero("a", (1, 0))], "B": [hero("a", (2, 0))]})
    assert [p.message.endswith("(already used at sides[0].combatants[0])") for p in info.value.problems] == [True, True]


def _marvel_with(system: str, power: str, rank: int = 2) -> dict:
    fighter = {"position": [1, 1], "rank": rank, "powers": [power]}
    return {"battle": {"name": "x", "system": system},
            "sides": [{"name": "A", "combatants": [{"id": "a", **fighter}]},
                      {"name": "B", "combatants": [{"id": "b", **fighter, "position": [5, 1]}]}]}


def test_a_levelled_power_with_its_level_run_on_is_suggested_with_the_space():
    with pytest.raises(ScenarioError) as info:
        parse_scenario(_marvel_with("marvel", "Sturdy2"), "s.toml")
    assert '(did you mean "Sturdy 2"?)' in str(info.value)


def test_a_misspelt_system_still_lets_every_other_mistake_be_reported():
    """Issue 21: with a wrong ``system`` only 4 of 10 mistakes were reported until that line was
    fixed; the rest is now checked against the system it most likely means."""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(_marvel_with("marvle", "Mighty 9", rank=99), "s.toml")
    paths = [p.path for p in info.value.problems]
    assert paths[0] == "battle.system" and "did you mean 'marvel'?" in info.value.problems[0].message
    assert "sides[0].combatants[0].rank" in paths and "sides[1].combatants[0].powers[0]" in paths


def test_did_you_mean_ignores_case_and_spaces_first():
    from slugfest.core.files.schema import did_you_mean

    assert did_you_mean("life suport", ["Life Support", "Flash Defense"]) == " (did you mean 'Life Support'?)"
    assert did_you_mean("FlashDefense", ["Life Support", "Flash Defense"]) == " (did you mean 'Flash Defense'?)"
    assert did_you_mean("zzz", ["Life Support"]) == ""
