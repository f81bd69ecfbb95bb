"""Marvel scenarios through the shared loader, the CLI, replays, narration and shared code."""

import ast
import inspect
import io
from pathlib import Path

import pytest

from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import Event
from slugfest.core.marvel import events as ev
from slugfest.core.render import jsonl
from slugfest.core.render.text import FORMATTERS, TextLog
from slugfest.core.files.scenario import (
    ScenarioError, dump_scenario, load_scenario, parse_scenario, parse_scenario_text)
from slugfest.scenarios import bundled

ROOT = Path(__file__).resolve().parents[2]
MARVEL = sorted(n for n in bundled() if n.startswith("marvel-"))

GOOD = """
[battle]
name = "t"
system = "marvel"
[map]
width = 10
height = 10
[[sides]]
name = "A"
  [[sides.combatants]]
  id = "a"
  position = [1, 1]
  rank = 3
  tags = ["Heroic"]
  powers = ["Mighty 2", "sturdy 1", "Spider-Sense"]
    [sides.combatants.abilities]
    Melee = 4
[[sides]]
name = "B"
  [[sides.combatants]]
  id = "b"
  position = [5, 5]
  rank = 2
"""


def test_at_least_three_bundled_marvel_scenarios_including_the_seed_and_a_4_vs_4_brawl():
    assert {"marvel-seed", "marvel-brawl"} <= set(MARVEL) and len(MARVEL) >= 3
    brawl = load_scenario(bundled()["marvel-brawl"])
    assert [len(s.combatants) for s in brawl.sides] == [4, 4]


def test_the_seed_scenario_holds_the_seeds_characters_as_given():
    sc = load_scenario(bundled()["marvel-seed"])
    c = {x.id: x.sheet for x in sc.combatants}
    assert c["she-hulk"].rank == 4 and c["she-hulk"].mighty == 4 and c["she-hulk"].abilities.Melee == 5
    assert c["shang-chi"].rank == 4 and c["shang-chi"].abilities.Melee == 7 and not c["shang-chi"].mighty
    miles = c["spider-man"]
    assert miles.rank + miles.mighty == 4 and miles.abilities.Melee == 3
    assert c["iron-man"].reductions("Health") == (("Sturdy 2", 2),)
    assert c["hulkbuster"].reductions("Health") == (("Sturdy 4", 4),)


def test_a_marvel_sheet_reads_with_defaults():
    sc = parse_scenario_text(GOOD.encode(), "good.toml")
    a = sc.combatants[0].sheet
    assert a.powers == (("Mighty", 2), ("Sturdy", 1), ("Spider-Sense", 0)) and a.heroic
    assert a.defense("Melee") == 14 and a.defense("Agility") == 12 and a.attacks[0].name == "Punch"
    assert sc.combatants[1].sheet.starting_karma == 0


def test_every_problem_in_a_marvel_scenario_is_reported_at_once():
    bad = GOOD.replace("  rank = 3\n", "  rnak = 3\n").replace("    Melee = 4\n", "    melee = 4\n")
    bad = bad.replace('"Mighty 2", "sturdy 1", "Spider-Sense"', '"Migthy 2", "Sturdy 5", "Mighty", "Mighty 1", "Mighty 2"')
    bad = bad.replace('tags = ["Heroic"]', 'tags = ["Heroc"]')
    bad = bad.replace("[battle]\n", '[rules]\nfantastic_damage = "ranged"\nholdingback = true\n[battle]\n')
    bad += """
    [[sides.combatants.attacks]]
    name = "Zap"
    ability = "Strength"
    range = "far"
    damage = "health"
    colour = "blue"
"""
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(bad.encode(), "bad.toml")
    got = {p.path: p.message for p in info.value.problems}
    c0 = "sides[0].combatants[0]"
    assert "did you mean 'rank'" in got[f"{c0}.rnak"]
    assert f"{c0}.rank" in got
    assert "did you mean 'Melee'" in got[f"{c0}.abilities.melee"]
    assert 'did you mean "Mighty 2"' in got[f"{c0}.powers[0]"]
    assert "levels 1 to 4" in got[f"{c0}.powers[1]"]
    assert "needs a level" in got[f"{c0}.powers[2]"]
    assert "once" in got[f"{c0}.powers[4]"]
    assert "did you mean 'Heroic'" in got[f"{c0}.tags[0]"]
    assert "rules.fantastic_damage" in got and "did you mean 'holding_back'" in got["rules.holdingback"]
    c1 = "sides[1].combatants[0].attacks[0]"
    assert {f"{c1}.ability", f"{c1}.range", f"{c1}.damage", f"{c1}.colour"} <= set(got)
    assert "did you mean 'Health'" in got[f"{c1}.damage"]
    assert all(p.line for p in info.value.problems if p.path.startswith("sides"))


@pytest.mark.parametrize("name", MARVEL)
def test_marvel_scenarios_round_trip_through_dump_and_load(name):
    sc = load_scenario(bundled()[name])
    again = parse_scenario(dump_scenario(sc), "<dumped>")
    assert again.sides == sc.sides and again.options == sc.options and again.map == sc.map


@pytest.mark.parametrize("name", MARVEL)
def test_a_seeded_marvel_battle_replays_byte_identically_as_jsonl(name):
    def log(seed):
        b = Battle(load_scenario(bundled()[name]), seed=seed)
        b.run()
        out = io.StringIO()
        jsonl.write(b.events, out)
        return out.getvalue()

    first = log(616)
    assert first == log(616) and first != log(617)
    assert '"event":"attack_check"' in first and '"event":"initiative_rolled"' in first


def test_every_marvel_event_has_a_text_formatter_and_logs_never_fall_back_to_raw_fields():
    classes = [c for _, c in inspect.getmembers(ev, inspect.isclass) if issubclass(c, Event) and c.__module__ == ev.__name__]
    assert classes and all(c in FORMATTERS for c in classes)
    for name in MARVEL:
        sc = load_scenario(bundled()[name])
        b = Battle(sc, seed=3)
        b.run()
        lines = TextLog({c.id: c.name for c in sc.combatants}).lines(b.events)
        assert not [line for line in lines if line.startswith("[")]


def test_cli_battle_and_check_work_for_marvel(capsys):
    from slugfest.cli import main

    assert main(["battle", "marvel-seed"]) == 0
    out = capsys.readouterr().out
    assert "=== Sparring at Avengers Mansion (marvel, seed 616) ===" in out
    assert "Initiative order (kept for the whole fight)" in out and "vs TN" in out
    assert main(["check", *MARVEL]) == 0


def test_marvel_events_use_kinds_no_other_system_uses():
    from slugfest.core.hero import events as hero_events

    hero = {c.kind for _, c in inspect.getmembers(hero_events, inspect.isclass) if issubclass(c, Event)}
    ours = {c.kind for _, c in inspect.getmembers(ev, inspect.isclass) if issubclass(c, Event) and c is not Event}
    assert not (hero - {"event"}) & ours


SHARED = ["core/engine/battle.py", "core/files/scenario.py", "core/engine/hookspecs.py", "core/engine/actions.py",
          "core/engine/events.py",
          "core/engine/system.py", "plugins/default_ai.py"]


def _code_words(path: Path) -> list[str]:
    """Every identifier, import and non-docstring string in a module (comments and docstrings excluded)."""
    tree = ast.parse(path.read_text())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                docstrings.add(id(first.value))
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            words.extend(a.name for a in node.names)
            words.append(getattr(node, "module", None) or "")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
    return words


@pytest.mark.parametrize("rel", SHARED)
def test_shared_code_has_no_system_specific_branch(rel):
    words = _code_words(ROOT / rel)
    assert not [w for w in words if "hero" in w.lower() or "marvel" in w.lower()]


@pytest.mark.parametrize("name", MARVEL)
def test_batch_statistics_tally_a_marvel_battle_in_catalogued_names(name):
    from slugfest.core.marvel.stats import CATALOGUE

    b = Battle(load_scenario(bundled()[name]), seed=5)
    outcome = b.run()
    t = b.system.tally(b, 3)
    assert t.index == 3 and t.winner == outcome.winner and t.rounds == outcome.rounds
    assert set(t.actions) | set(t.rules) <= set(CATALOGUE)
    assert sum(c.damage_taken for c in t.combatants.values()) >= sum(c.damage_dealt for c in t.combatants.values())
