"""The ``slugfest`` command, run in-process through ``core.cli.main`` (and once as a process)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from slugfest import cli
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import DEFAULT, bundled

BAD = Path(__file__).parent / "data" / "bad"
#: The last line of a text log (HERO counts Turns, other systems rounds).
RESULT = re.compile(r"^=== (.+ win|Draw): .+, in [A-Z][a-z]+ \d+\. Still standing: .+ ===$")
NAMES = sorted(bundled())


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", NAMES)
def test_battle_on_each_bundled_scenario_ends_with_the_result_line(capsys, name):
    code, out, err = run(capsys, "battle", name, "--brief")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("=== ") and load_scenario(bundled()[name]).name in lines[0]
    assert RESULT.match(lines[-1]), lines[-1]
    assert "Traceback" not in err


def test_no_command_plays_the_default_scenario(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    assert load_scenario(bundled()[DEFAULT]).name in out.splitlines()[0]
    assert RESULT.match(out.splitlines()[-1])


def test_the_seed_changes_the_dice_and_is_shown(capsys):
    _, a, _ = run(capsys, "battle", "hero-duel", "--seed", "5")
    _, b, _ = run(capsys, "battle", "hero-duel", "--seed", "5")
    _, c, _ = run(capsys, "battle", "hero-duel", "--seed", "6")
    assert a == b and a != c and "seed 5" in a.splitlines()[0]


def test_jsonl_is_one_json_object_per_line_and_replays_byte_for_byte(capsys):
    _, first, _ = run(capsys, "battle", "hero-duel", "--log", "jsonl", "--seed", "11")
    _, second, _ = run(capsys, "battle", "hero-duel", "--log", "jsonl", "--seed", "11")
    _, other, _ = run(capsys, "battle", "hero-duel", "--log", "jsonl", "--seed", "12")
    assert first == second
    assert first != other
    events = [json.loads(line) for line in first.splitlines()]
    assert len(events) > 10 and all(isinstance(e, dict) for e in events)
    assert first.endswith("\n")


def test_out_writes_the_log_whole_and_leaves_no_temp_file(capsys, tmp_path):
    target = tmp_path / "fight.jsonl"
    target.write_text("an older log\n")
    code, out, err = run(capsys, "battle", "hero-duel", "--log", "jsonl", "--seed", "3", "--out", str(target),
                         "--force")
    assert code == 0
    assert out == ""
    assert "log written to" in err and ("win" in err or "Draw" in err)
    assert os.listdir(tmp_path) == ["fight.jsonl"]
    written = target.read_text()
    _, direct, _ = run(capsys, "battle", "hero-duel", "--log", "jsonl", "--seed", "3")
    assert written == direct


def test_out_into_a_missing_directory_is_bad_input_not_a_crash(capsys, tmp_path):
    code, out, err = run(capsys, "battle", "hero-duel", "--out", str(tmp_path / "no" / "such" / "dir.txt"))
    assert code == 2
    assert "cannot write" in err and "Traceback" not in err


def test_check_accepts_the_bundled_scenarios(capsys):
    code, out, err = run(capsys, "check", *NAMES)
    assert code == 0 and err == ""
    assert all(f"{n}: ok" in out for n in NAMES)


def test_check_warns_of_a_misspelt_special_defense_naming_the_line_and_the_nearest_name(capsys, tmp_path):
    text = bundled()["hero-duel"].read_text() + """
    [[sides.combatants.attacks]]
    name = "Sleep Gas"
    kind = "nnd"
    dice = "4d6"
    range = 20
    adds_str = false
    defense = "Life Suport"
"""
    path = tmp_path / "gas.toml"
    path.write_text(text)
    code, out, err = run(capsys, "check", str(path))
    assert code == 0 and f"{path}: ok" in out  # a warning, not an error: the name is legal
    line = text.splitlines().index('    defense = "Life Suport"') + 1
    assert f"{path}:{line}: sides[1].combatants[0].attacks[3].defense: warning: no combatant has a special " \
           "defense named 'Life Suport' (did you mean 'Life Support'?)" in err


@pytest.mark.parametrize("fixture", sorted(p.name for p in BAD.glob("*.toml")))
def test_check_a_bad_file_exits_2_with_file_key_and_expectation_on_stderr(capsys, fixture):
    path = BAD / fixture
    code, out, err = run(capsys, "check", str(path))
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines[0].startswith(f"{path}: ")
    for line in lines[1:]:
        assert re.match(rf"^  {re.escape(str(path))}:\d+: .*expected .+, got .+", line), line


def test_check_names_the_key_and_the_expectation(capsys):
    code, _, err = run(capsys, "check", str(BAD / "spd_zero.toml"))
    assert code == 2
    assert "spd_zero.toml:" in err
    assert "sides[1].combatants[0].characteristics.SPD: expected an integer from 1 to 12, got an integer 0" in err


def test_check_reports_every_file_and_fails_if_any_is_bad(capsys):
    code, out, err = run(capsys, "check", "hero-duel", str(BAD / "duplicate_ids.toml"), str(BAD / "off_map.toml"))
    assert code == 2
    assert "hero-duel: ok" in out
    assert "duplicate_ids.toml" in err and "off_map.toml" in err


@pytest.mark.parametrize("command", ["battle", "check", "export"])
def test_a_missing_file_exits_2(capsys, tmp_path, command):
    extra = ["--out", str(tmp_path / "x.toml")] if command == "export" else []
    code, out, err = run(capsys, command, str(tmp_path / "nope.toml"), *extra)
    assert code == 2
    assert "nope.toml" in err and "no such file" in err and "Traceback" not in err


def test_an_unknown_scenario_name_suggests_the_bundled_one(capsys):
    code, _, err = run(capsys, "battle", "hero-brawll")
    assert code == 2
    assert "did you mean 'hero-brawl'?" in err and "hero-duel" in err


def test_a_bad_scenario_is_refused_by_battle_too(capsys):
    code, out, err = run(capsys, "battle", str(BAD / "unknown_ai.toml"))
    assert code == 2 and out == ""
    assert "did you mean 'default'?" in err


@pytest.mark.parametrize("argv", [["battle"], ["battle", "hero-duel", "--seed", "-1"], ["battle", "hero-duel", "--seed", "x"],
                                  ["battle", "hero-duel", "--log", "xml"], ["fight"], ["export", "hero-duel"]])
def test_bad_arguments_exit_2(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err


def test_scenarios_lists_the_bundled_ones(capsys):
    code, out, _ = run(capsys, "scenarios")
    assert code == 0
    for name in NAMES:
        system = load_scenario(bundled()[name]).system
        assert re.search(rf"^{re.escape(name)}\s+{system}\s+", out, re.M)
    assert "(default)" in out


def test_plugins_lists_the_default_ai_and_the_hero_rules(capsys):
    code, out, _ = run(capsys, "plugins")
    assert code == 0
    assert re.search(r"^default\s+ai\s", out, re.M)
    assert re.search(r"^hero-rules\s+rules\s", out, re.M)


@pytest.mark.parametrize("name", NAMES)
def test_export_round_trips(capsys, tmp_path, name):
    target = tmp_path / f"{name}.toml"
    code, out, err = run(capsys, "export", name, "--out", str(target))
    assert code == 0, err
    assert str(target) in out
    assert load_scenario(target) == load_scenario(bundled()[name])
    assert os.listdir(tmp_path) == [target.name]
    # and the exported copy plays the same battle as the original
    _, a, _ = run(capsys, "battle", name, "--log", "jsonl", "--seed", "4")
    _, b, _ = run(capsys, "battle", str(target), "--log", "jsonl", "--seed", "4")
    assert a == b


def test_help_shows_examples_and_exit_codes(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "examples:" in out and "slugfest battle hero-duel" in out and "slugfest check" in out
    assert "exit codes:" in out
    for code_word in ("0 ", "2 ", "3 ", "70 "):
        assert code_word in out
    code, out, _ = run(capsys, "battle", "--help")
    assert code == 0 and "--seed" in out and "--log" in out


def test_an_internal_error_is_exit_70_with_a_request_to_report(capsys, monkeypatch):
    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli.single, "cmd_scenarios", broken)
    code, _, err = run(capsys, "scenarios")
    assert code == 70
    assert "internal error" in err and "report" in err


def test_the_module_runs_as_a_process():
    root = Path(__file__).parent.parent
    proc = subprocess.run([sys.executable, "-m", "slugfest", "battle", "hero-duel", "--brief", "--seed", "2"],
                          cwd=root, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert RESULT.match(proc.stdout.splitlines()[-1])
    proc = subprocess.run([sys.executable, "-m", "slugfest", "check", str(BAD / "five_mistakes.toml")],
                          cwd=root, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("expected") == 6


RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"  # the rules reference, with the sample logs


@pytest.mark.parametrize("scenario, intro", [("hero-duel", "A Phase of the HERO text log"),
                                             ("marvel-seed", "A Marvel log reads like this")])
def test_the_rules_references_sample_logs_are_what_the_command_it_names_prints(capsys, scenario, intro):
    """docs/rules.md shows real output: the block after each intro line is a run of lines of
    ``slugfest battle SCENARIO --seed 1``, in order, so the samples cannot drift from the game."""
    text = RULES.read_text(encoding="utf-8")
    block = text[text.index(intro):].split("```")[1].strip("\n").splitlines()
    _, out, _ = run(capsys, "battle", scenario, "--seed", "1")
    lines = out.splitlines()
    start = lines.index(block[0])
    assert lines[start:start + len(block)] == block
