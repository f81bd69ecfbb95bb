"""The JSONL log's schema (docs/events.md): derived from the event classes, shipped in the
package and in docs/, versioned with a note, and every line the writer writes validates."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from slugfest import cli
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import to_jsonable
from slugfest.core.files.scenario import load_scenario
from slugfest.core.render import event_schema
from slugfest.core.render.replay_input import started_header
from slugfest.core.testing.schema_check import battle_lines, problems, shape
from slugfest.scenarios import bundled

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "events.md"


def test_the_shipped_schema_is_the_one_the_event_classes_give():
    text = event_schema.schema_text()
    assert event_schema.SCHEMA_FILE.read_text(encoding="utf-8") == text, \
        "an event changed: run python scripts/event_schema.py, bump SCHEMA_VERSION and note it in docs/events.md"
    assert (ROOT / "docs" / "events.schema.json").read_text(encoding="utf-8") == text


def test_the_schema_names_its_version():
    """(Checking it against the draft 2020-12 metaschema costs a second: scripts/event_schema.py
    does that before it writes the file this suite compares with the code.)"""
    schema = event_schema.load_schema()
    assert schema["version"] == event_schema.SCHEMA_VERSION
    assert f"v{event_schema.SCHEMA_VERSION}" in schema["$id"]


def test_a_schema_change_is_a_version_with_a_note_naming_its_fingerprint():
    rows = re.findall(r"^\| (\d+) \| ([0-9a-f]{16}) \| (.+) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert rows, "docs/events.md has no table of versions"
    version, fingerprint, note = rows[-1]
    assert int(version) == event_schema.SCHEMA_VERSION, "the last version noted in docs/events.md is not SCHEMA_VERSION"
    assert fingerprint == event_schema.fingerprint(event_schema.build_schema()), \
        "the schema changed since its version was noted: bump SCHEMA_VERSION and add a line to docs/events.md"
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1)) and note.strip()


def test_every_kind_of_both_systems_is_in_the_schema_and_in_the_docs():
    kinds = event_schema.event_classes()
    schema = event_schema.build_schema()
    doc = DOC.read_text(encoding="utf-8")
    assert {"attack_rolled", "segment_started", "attack_check", "round_started", "battle_started"} <= set(kinds)
    for kind in kinds:
        assert f"event.{kind}" in schema["$defs"]
        assert f"| `{kind}` |" in doc, f"docs/events.md does not list {kind!r}"
    assert schema["properties"]["event"]["enum"] == ["header", *kinds]


def test_the_whole_schema_and_the_per_kind_check_agree_on_a_line(tmp_path):
    from jsonschema import Draft202012Validator

    whole = Draft202012Validator(event_schema.load_schema())
    lines = battle_lines(load_scenario(bundled()["hero-duel"]), 2)[:6]
    for line in lines:
        assert whole.is_valid(line) and problems(line) == []
    bad = dict(lines[5], surprise=1)
    assert not whole.is_valid(bad)
    assert problems(bad) and "surprise" in problems(bad)[0]


def test_a_line_of_the_wrong_type_is_named_by_its_kind_and_key():
    line = battle_lines(load_scenario(bundled()["marvel-seed"]), 1)[1]  # battle_started
    line = dict(line, seed="seven")
    assert any(p.startswith("battle_started: seed: ") for p in problems(line))
    assert problems({"event": "no_such_kind"}) == ["event: expected one of the schema's kinds, got 'no_such_kind'"]


def test_a_fraction_in_a_cv_chain_must_look_like_one():
    assert shape({"event": "x", "factor": "1/2"}) != shape({"event": "x", "factor": "half"})
    schema = event_schema.build_schema()
    assert schema["$defs"]["Modifier"]["properties"]["factor"]["anyOf"][0]["pattern"]


def test_the_header_names_the_battle_its_plugins_and_the_opening_scene():
    sc = load_scenario(bundled()["hero-brawl"])
    head = started_header(Battle(sc, seed=9))
    assert head["event"] == "header" and head["schema"] == event_schema.SCHEMA_VERSION
    assert (head["scenario"], head["system"], head["seed"]) == (sc.name, "hero", 9)
    assert head["plugins"][0]["name"] == "hero-rules" and {"default"} <= {p["name"] for p in head["plugins"]}
    assert [c["id"] for c in head["combatants"]] == [c.id for c in sc.combatants]
    assert all(c["STUN"][0] == c["STUN"][1] for c in head["combatants"])  # as the battle starts
    assert problems(head) == []
    assert problems(dict(head, seed=-1)) != []


def test_every_line_read_back_is_the_event_that_was_written():
    """The replay narrates a JSONL log with the text log's formatters: reading a line gives the event back."""
    for name in ("hero-powers", "marvel-powers"):
        b = Battle(load_scenario(bundled()[name]), seed=5)
        b.run()
        for e in b.events:
            assert event_schema.from_jsonable(json.loads(json.dumps(to_jsonable(e)))) == e


def test_battle_log_jsonl_starts_with_the_header_and_every_line_is_valid(capsys, tmp_path):
    out = tmp_path / "duel.jsonl"
    assert cli.main(["battle", "hero-duel", "--seed", "4", "--log", "jsonl", "--out", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["event"] == "header" and lines[1]["event"] == "battle_started"
    assert lines[-1]["event"] == "battle_ended"
    assert [p for line in lines for p in problems(line)] == []
    capsys.readouterr()
    assert cli.main(["battle", "hero-duel", "--seed", "4", "--log", "jsonl"]) == 0
    assert capsys.readouterr().out == out.read_text(encoding="utf-8")  # streamed the same as written


def test_the_jsonl_writer_writes_what_the_schema_reads():
    b = Battle(load_scenario(bundled()["marvel-seed"]), seed=3)
    b.run()
    out = io.StringIO()
    from slugfest.core.render import jsonl

    jsonl.write(b.events, out)
    assert all(problems(json.loads(line)) == [] for line in out.getvalue().splitlines())


def test_a_recovery_says_its_rec_and_the_maxima_that_capped_it():
    """Issue 37: "+9 STUN" from REC 14 read as wrong without the cap: 6E1 Recovery adds REC,
    never above the maximum; the log now shows both (schema version 3)."""
    from slugfest.core.render.text import TextLog

    sc = load_scenario(bundled()["hero-powers"])
    b = Battle(sc, seed=1)
    b.run()
    bulwark = next(c for c in sc.combatants if c.name == "Bulwark")
    capped = next(e for e in b.events if e.kind == "recovered" and e.actor == bulwark.id and 0 < e.stun_gained < e.rec)
    assert (capped.rec, capped.stun, capped.stun_max) == (14, 55, 55)
    line = TextLog({c.id: c.name for c in sc.combatants}).line(capped)
    assert f"recovers +{capped.stun_gained} STUN" in line and "(REC 14; Post-Segment 12 Recovery)" in line
    assert line.endswith(f"-> STUN 55/55, END {capped.end}/{capped.end_max}")


def test_a_version_1_line_without_the_caps_still_reads_and_narrates_without_them():
    from slugfest.core.hero.power_events import Healed
    from slugfest.core.render.text import TextLog

    old = {"event": "recovered", "actor": "bulwark", "stun_gained": 9, "end_gained": 0, "stun": 55, "end": 60,
           "why": "Post-Segment 12 Recovery"}
    e = event_schema.from_jsonable(old)
    assert (e.rec, e.stun_max, e.end_max) == (None, None, None)
    assert TextLog({"bulwark": "Bulwark"}).line(e) == \
        "    Bulwark recovers +9 STUN, +0 END (Post-Segment 12 Recovery) -> STUN 55, END 60"
    healed = Healed(actor="medic", target="bulwark", attack="Healing", faces=(6, 6), stun_gained=3, body_gained=2,
                    stun=55, body=14, stun_max=55, body_max=14)
    assert TextLog({"bulwark": "Bulwark", "medic": "Medic"}).line(healed).endswith("(now 55/55 STUN, 14/14 BODY)")
    assert problems(to_jsonable(healed)) == []


def test_a_line_as_version_1_or_2_wrote_it_has_no_caps_so_an_older_saves_digest_still_matches():
    """A save records its log's digest: one written under version 1 reopens (tests/test_session.py's
    format-1 saves recover at Post-Segment 12) because the digest is taken of the lines as then."""
    line = {"event": "recovered", "actor": "a", "stun_gained": 1, "end_gained": 0, "stun": 9, "end": 9, "why": "w",
            "rec": 4, "stun_max": 9, "end_max": 9}
    before = ["event", "actor", "stun_gained", "end_gained", "stun", "end", "why"]
    assert list(event_schema.as_of(line, 1)) == before and list(event_schema.as_of(line, 2)) == before
    assert event_schema.as_of(line, 3) == line
