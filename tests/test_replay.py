"""The HTML replay: one self-contained page per battle, from a battle, a JSONL log or a save,
narrated in the terminal log's words, its board following every event to the battle's end."""

from __future__ import annotations

import json
import re

import pytest

from slugfest import cli
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.session import Session
from slugfest.core.files.scenario import load_scenario
from slugfest.core.render.html import data_of, page
from slugfest.core.render.replay import replay_data
from slugfest.core.render.replay_input import battle_replay, session_replay, started_header
from slugfest.core.render.text import TextLog
from slugfest.scenarios import bundled


def played(name: str, seed: int) -> tuple[Battle, dict]:
    b = Battle(load_scenario(bundled()[name]), seed=seed)
    opening = started_header(b)
    b.run()
    return b, battle_replay(b, opening)


def board_at_the_end(data: dict) -> dict[str, dict]:
    """Every change of every step applied to the opening scene, as the page's script does."""
    people = {i: {"position": list(c["position"]), **{k: c[k][0] for k in data["pools"]}}
              for i, c in enumerate(data["header"]["combatants"])}
    for _, _, changes in data["steps"]:
        for i, key, value in changes:
            if i >= 0 and (key == "pos" or key in data["pools"]):
                people[i]["position" if key == "pos" else key] = value
    return {data["header"]["combatants"][i]["id"]: v for i, v in people.items()}


@pytest.mark.parametrize("name,seed", [("hero-brawl", 3), ("marvel-brawl", 3), ("hero-powers", 1)])
def test_the_board_after_the_last_step_is_the_battle_as_it_ended(name, seed):
    b, data = played(name, seed)
    final = {c["id"]: c for c in b.snapshot()["combatants"]}
    board = board_at_the_end(data)
    for cid, c in final.items():
        assert board[cid]["position"] == c["position"], cid
        for pool in data["pools"]:
            assert board[cid][pool] == c[pool][0], (cid, pool)


def test_each_step_says_what_the_terminal_log_says():
    b, data = played("hero-duel", 5)
    names = {c.id: c.name for c in b.scenario.combatants}
    brief = [t for t in TextLog(names, verbose=False).lines(b.events)]
    full = TextLog(names, verbose=True).lines(b.events)
    assert [s[0] for s in data["steps"] if s[0] is not None] == brief
    assert [s[1] or s[0] for s in data["steps"]] == full
    chains = [s[1] for s in data["steps"] if s[1] and "OCV" in s[1] and " | " in s[1]]
    assert chains, "a roll's modifier chain is offered on demand"


def test_the_turns_to_jump_to_are_in_order_and_start_where_their_turn_does():
    _, data = played("hero-duel", 5)
    labels = [label for label, _ in data["turns"]]
    assert labels[0] == "Turn 1" and labels == [f"Turn {n}" for n in range(1, len(labels) + 1)]
    for label, s in data["turns"]:  # the step jumped to is the one that starts the Turn's clock
        assert any(i == -1 and key == "time" and value.startswith(f"{label}, Segment ")
                   for i, key, value in data["steps"][s][2]), label
    _, marvel = played("marvel-seed", 2)
    assert [label for label, _ in marvel["turns"]][:2] in (["Bonus round", "Round 1"], ["Round 1", "Round 2"])


def test_the_page_is_one_file_that_fetches_nothing():
    _, data = played("marvel-seed", 2)
    text = page(data)
    assert text.startswith("<!DOCTYPE html>") and text.count("<script") == 2
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "<link" not in text and "@import" not in text and "fetch(" not in text
    assert data_of(text) == json.loads(json.dumps(data))
    assert page(data) == text  # the same battle, the same bytes (the gzip header holds no time)


def test_a_name_that_would_close_the_script_stays_inside_the_data():
    _, data = played("marvel-seed", 2)
    data["header"]["combatants"][0]["name"] = "</script><b>x"
    text = page(data)
    assert text.count("</script>") == 2 and data_of(text)["header"]["combatants"][0]["name"] == "</script><b>x"


def test_battle_html_and_a_replay_of_its_jsonl_log_are_the_same_page(capsys, tmp_path):
    log, direct = tmp_path / "duel.jsonl", tmp_path / "direct.html"
    assert cli.main(["battle", "hero-duel", "--seed", "6", "--log", "jsonl", "--out", str(log),
                     "--html", str(direct)]) == 0
    assert "replay written to" in capsys.readouterr().err
    assert cli.main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "duel.html" in out and "steps" in out
    assert (tmp_path / "duel.html").read_text(encoding="utf-8") == direct.read_text(encoding="utf-8")


def test_a_replay_of_a_save_shows_the_battle_so_far_or_played_out(capsys, tmp_path):
    sc = load_scenario(bundled()["marvel-seed"])
    s = Session(sc, seed=4)
    s.run(max_steps=6)
    save = tmp_path / "save.toml"
    s.save(save)
    so_far = session_replay(s)
    assert cli.main(["replay", str(save), "--out", str(tmp_path / "a.html")]) == 0
    assert cli.main(["replay", str(save), "--out", str(tmp_path / "b.html"), "--play-out"]) == 0
    capsys.readouterr()
    a, b = (tmp_path / "a.html").read_text(encoding="utf-8"), (tmp_path / "b.html").read_text(encoding="utf-8")
    assert page(so_far) == a
    whole = data_of(b)["steps"]
    assert len(whole) > len(so_far["steps"]) and whole[-1][0].startswith("=== ") and "win" in whole[-1][0]


@pytest.mark.parametrize("content,said", [
    (None, "expected a save file or a JSONL log, got no such file"),
    ("", "line 1: expected the log's header"),
    ('{"event":"battle_started"}\n', "line 1: expected the log's header"),
    ("not json\n", "line 1: expected a save file (TOML) or a JSONL log, got text that is not JSON"),
    ("[1, 2]\n", "line 1: expected a JSON object, got list"),
])
def test_a_file_that_is_no_log_is_bad_input_naming_the_file_and_the_line(capsys, tmp_path, content, said):
    src = tmp_path / "in.jsonl"
    if content is not None:
        src.write_text(content, encoding="utf-8")
    assert cli.main(["replay", str(src)]) == 2
    err = capsys.readouterr().err
    assert f"{src}: " in err and said in err and "Traceback" not in err
    assert not (tmp_path / "in.html").exists()


def test_a_broken_event_line_names_its_line_and_kind(capsys, tmp_path):
    log = tmp_path / "duel.jsonl"
    assert cli.main(["battle", "hero-duel", "--seed", "6", "--log", "jsonl", "--out", str(log)]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    broken = json.loads(lines[3])
    del broken[list(broken)[1]]
    lines[3] = json.dumps(broken)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert f"{log}: line 4: expected a {broken['event']!r} event" in err and "missing the key" in err


def test_an_event_kind_this_version_does_not_know_is_shown_by_its_fields():
    head = started_header(Battle(load_scenario(bundled()["hero-duel"]), seed=1))
    data = replay_data(head, [{"event": "third_party_thing", "actor": "ironclad", "power": 3}])
    assert data["steps"] == [["[third_party_thing] actor=ironclad, power=3", 0, []]]


def test_replay_will_not_write_over_its_own_source(capsys, tmp_path):
    src = tmp_path / "x.html"
    src.write_text("{}", encoding="utf-8")
    assert cli.main(["replay", str(src)]) == 2
    assert "would replace the file read from" in capsys.readouterr().err


def test_the_apps_log_export_replays_as_the_apps_html_export(tmp_path):
    from slugfest.core.render.replay_input import replay_from_file, session_log

    s = Session(load_scenario(bundled()["hero-duel"]), seed=8)
    s.run(max_steps=5)
    log = tmp_path / "app.jsonl"
    log.write_text(session_log(s), encoding="utf-8")
    assert json.loads(json.dumps(replay_from_file(log))) == json.loads(json.dumps(session_replay(s)))
