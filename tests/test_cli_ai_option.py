"""``--ai NAME``: the commands that play a scenario's battles (battle, simulate, sweep, balance)
can hand every combatant, on every side, to one AI, so a balancer asks a question about the
characters under one quality of play without editing the scenario file. The battles are exactly
those of the file with every ``ai`` key set to NAME, and every report names the AI."""

import json
from pathlib import Path

import pytest
import tomli_w

from slugfest.core.batch.sweep import read_data, with_ai
from slugfest.core.testing.surfaces.running import run_cli
from slugfest.scenarios import find

QUICK = ["--jobs", "1", "--no-progress"]


@pytest.fixture
def rewritten(tmp_path):
    """hero-duel written out with every combatant's ``ai = "aggressive"``: what ``--ai
    aggressive`` stands for."""
    path = tmp_path / "duel-aggressive.toml"
    path.write_text(tomli_w.dumps(with_ai(read_data(find("hero-duel")), "aggressive")))
    return path


def _figures(doc: dict) -> dict:
    """A batch's statistics, without the keys that say where they came from."""
    return {k: v for k, v in doc.items() if k not in ("scenario", "ai")}


def test_simulate_with_ai_plays_the_battles_of_the_scenario_rewritten_for_that_ai(rewritten):
    code, out, err = run_cli(["simulate", "hero-duel", "--runs", "6", "--ai", "aggressive", "--json", "-", *QUICK])
    assert code == 0, err
    given = json.loads(out)
    code, out, _ = run_cli(["simulate", str(rewritten), "--runs", "6", "--json", "-", *QUICK])
    written = json.loads(out)
    assert given["ai"] == "aggressive" and written["ai"] is None
    assert _figures(given) == _figures(written)
    assert "Duel at the Docks: 6 battles (hero), every combatant played by the aggressive AI" in err


def test_simulate_without_ai_plays_the_ais_the_scenario_names_and_says_nothing_of_it():
    code, out, err = run_cli(["simulate", "hero-duel", "--runs", "2", *QUICK])
    assert code == 0, err
    assert out.splitlines()[0] == "Duel at the Docks: 2 battles (hero)"
    code, out, err = run_cli(["simulate", "hero-duel", "--runs", "2", "--json", "-", *QUICK])
    assert json.loads(out)["ai"] is None


def test_the_report_pages_command_to_run_the_batch_again_names_the_ai(tmp_path):
    page = tmp_path / "report.html"
    code, _, err = run_cli(["simulate", "hero-duel", "--runs", "2", "--ai", "cautious", "--html", str(page), *QUICK])
    assert code == 0, err
    assert "slugfest simulate hero-duel --runs 2 --seed 2026 --ai cautious" in page.read_text()


def test_a_battle_with_ai_is_decided_by_that_ai_for_everyone():
    code, out, err = run_cli(["battle", "hero-duel", "--ai", "aggressive", "--log", "jsonl"])
    assert code == 0, err
    choosers = {json.loads(line).get("chosen_by") for line in out.splitlines()} - {None}
    assert choosers == {"aggressive"}


def test_a_battles_text_log_says_the_ai_that_played_everyone_under_its_header():
    """A text log shared with ``--ai`` must say so, or its reader plays another battle again."""
    code, out, err = run_cli(["battle", "hero-duel", "--ai", "aggressive", "--brief"])
    assert code == 0, err
    assert out.splitlines()[3] == "AI: aggressive plays every combatant (--ai aggressive)"
    _, plain, _ = run_cli(["battle", "hero-duel", "--brief"])
    assert "AI:" not in plain.splitlines()[3] and not any(line.startswith("AI: ") for line in plain.splitlines())


def test_play_by_play_names_the_ai_in_the_command_that_plays_the_battle_again():
    code, out, err = run_cli(["simulate", "hero-duel", "--runs", "4", "--ai", "cautious", "--play-by-play", "2"])
    assert code == 0, err
    seed = int(err.split("(seed ")[1].split(":")[0])
    assert f"`slugfest battle hero-duel --seed {seed} --ai cautious` plays it again" in err
    code, again, _ = run_cli(["battle", "hero-duel", "--seed", str(seed), "--ai", "cautious"])
    assert again.splitlines() == out.splitlines()


@pytest.mark.parametrize("command", [
    ["simulate", "hero-duel", "--runs", "2"],
    ["battle", "hero-duel"],
    ["sweep", "hero-duel", "--param", "ironclad.STR", "--values", "20,30", "--runs", "2"],
    ["balance", "hero-duel", "--param", "ironclad.STR", "--range", "20..22", "--runs", "2"],
])
def test_an_ai_no_plugin_answers_to_is_refused_in_one_line_before_any_battle(command, tmp_path):
    out_file = tmp_path / "out.json"
    extra = [] if command[0] == "battle" else ["--json", str(out_file), *QUICK]
    code, out, err = run_cli([*command, "--ai", "tacticain", *extra])
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "slugfest: --ai: expected an installed AI plugin, got 'tacticain' (did you mean 'tactician'?) (installed: "
        "aggressive, berserker, cautious, default, planner, random, tactician; `slugfest plugins` lists them)"]
    assert not out_file.exists()


def _with_ai_and_rewritten(command: str, args: list[str], rewritten, tmp_path) -> tuple[dict, dict, str]:
    """``command`` on hero-duel with ``--ai aggressive`` and on the file rewritten for it: the
    two JSON documents, and what the first printed (its words joined, as a wrapped line reads)."""
    code, out, err = run_cli([command, "hero-duel", "--ai", "aggressive", "--json", str(tmp_path / "a.json"), *args])
    assert code == 0, err
    code, _, err = run_cli([command, str(rewritten), "--json", str(tmp_path / "b.json"), *args])
    assert code == 0, err
    given, written = (json.loads((tmp_path / f"{n}.json").read_text()) for n in "ab")
    return given, written, " ".join(out.split())


def test_a_sweep_with_ai_measures_what_the_rewritten_scenario_measures(rewritten, tmp_path):
    args = ["--param", "ironclad.STR", "--values", "20,30", "--runs", "4", *QUICK]
    given, written, said = _with_ai_and_rewritten("sweep", args, rewritten, tmp_path)
    assert "every combatant played by the aggressive AI" in said
    assert given["ai"] == "aggressive" and written["ai"] is None
    assert given["rows"] == written["rows"]


def test_a_balance_with_ai_searches_the_rewritten_scenario(rewritten, tmp_path):
    args = ["--param", "ironclad.STR", "--range", "20..24", "--runs", "4", *QUICK]
    given, written, said = _with_ai_and_rewritten("balance", args, rewritten, tmp_path)
    assert "every combatant played by the aggressive AI" in said
    assert given["ai"] == "aggressive" and written["ai"] is None
    assert _figures(given) == _figures(written)


def test_parts_of_a_batch_played_by_one_ai_merge_into_a_report_that_names_it(tmp_path):
    code, out, err = run_cli(["merge", *_parts(tmp_path, "aggressive", "aggressive")])
    assert code == 0, err
    assert out.splitlines()[0] == "Duel at the Docks: 4 battles (hero), every combatant played by the aggressive AI"


def _parts(tmp_path, *ais):
    """Part i of len(ais) of a hero-duel batch, played by ais[i - 1] (None: the scenario's AIs)."""
    for i, ai in enumerate(ais, 1):
        code, _, err = run_cli(["simulate", "hero-duel", "--runs", "4", "--shard", f"{i}/{len(ais)}",
                                *(["--ai", ai] if ai else []), "--json", str(tmp_path / f"part{i}.json"), *QUICK])
        assert code == 0, err
    return [str(tmp_path / f"part{i}.json") for i in range(1, len(ais) + 1)]


def test_parts_played_by_different_ais_do_not_merge_and_the_refusal_says_so(tmp_path):
    code, _, err = run_cli(["merge", *_parts(tmp_path, "aggressive", "cautious")])
    assert code == 2
    assert err.strip().endswith("part2.json: a part played by --ai cautious, " + str(tmp_path / "part1.json")
                                + " by --ai aggressive; only parts of one batch merge")


def test_a_part_played_by_the_scenarios_own_ai_named_with_ai_is_still_another_batch(tmp_path):
    # hero-duel's combatants are the default AI's already: the battles match, the reports would not
    code, _, err = run_cli(["merge", *_parts(tmp_path, None, "default")])
    assert code == 2 and "a part played by --ai default" in err and "by the scenario's own AIs" in err


def test_a_part_written_before_ai_was_carried_merges_with_one_played_by_the_scenarios_ais(tmp_path):
    old, new = _parts(tmp_path, None, None)
    doc = json.loads(Path(old).read_text())
    del doc["ai"]  # as a part written before the key existed
    Path(old).write_text(json.dumps(doc))
    code, out, err = run_cli(["merge", old, new])
    assert code == 0, err
    assert out.splitlines()[0] == "Duel at the Docks: 4 battles (hero)"


@pytest.mark.parametrize("command", [
    ["sweep", "hero-duel", "--param", "ironclad.ai", "--values", "aggressive,cautious"],
    ["sweep", "hero-duel", "--param", "ironclad.STR", "--values", "20,30", "--param2", "sparkwing.ai",
     "--values2", "default,cautious"],
    ["balance", "hero-duel", "--param", "sides.0.combatants.0.ai", "--range", "1..2"],
])
def test_ai_for_everyone_and_a_varied_ai_for_one_are_refused_together(command):
    code, out, err = run_cli([*command, "--ai", "tactician", "--runs", "2", *QUICK])
    assert code == 2 and out == ""
    varied = next(a for a in command if a.endswith(".ai"))
    assert err.splitlines() == [f"slugfest: --ai tactician plays every combatant, and the parameter {varied} varies "
                                "one combatant's AI: give one or the other"]


def test_the_ais_offered_are_every_plugin_that_can_play_a_combatant_even_one_filed_as_a_house_rule():
    """``ai_names`` is what ``--ai``, a scenario's ``ai`` key, the ladder and the statistics
    screen's picker all offer: a plugin that chooses actions and also changes the damage step
    is catalogued as a house rule, yet plays (and ``--ai`` takes it)."""
    from slugfest.core.engine.catalog import PluginInfo, kind_of
    from slugfest.core.files.scenario import ai_names, ai_problem

    def info(name, *hooks):
        return PluginInfo(name, None, "1", "test", "", hooks, kind_of(hooks))

    known = {p.name: p for p in (
        info("plain-ai", "slugfest_choose_action"),
        info("brawler", "slugfest_choose_action", "slugfest_damage_step"),
        info("gritty", "slugfest_damage_step"),
        info("hero", "slugfest_rules_systems"))}
    assert known["brawler"].kind == "house-rule"
    assert ai_names(known) == ["brawler", "plain-ai"]
    assert ai_problem("brawler", known) is None and ai_problem("gritty", known) is not None
