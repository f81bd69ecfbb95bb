"""core.engine.session: stepping, rewinding by replay, player choices, save/load, atomic writes.

No Textual here: a Session is the UI-free half of the battle screen.
"""

from __future__ import annotations

import io
import json
import os
import re
import tomllib

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.engine.battle import Battle
from slugfest.core.errors import IllegalAction
from slugfest.core.engine.events import ActionChosen
from slugfest.core.render import jsonl
from slugfest.core.files.scenario import load_scenario
from slugfest.core.engine.session import (
    ReplayMismatch, SaveError, Session, action_from_data, action_to_data, is_save_file)
from slugfest.scenarios import bundled

DUEL = bundled()["hero-duel"]


def finished(session: Session) -> Session:
    session.run()
    assert session.over
    return session


def player_policy(session: Session) -> Action:
    """A fixed, legal policy for the player's combatant: attack if possible, else close in;
    asked mid-action (Abort? a reaction?), dodge."""
    menu = (session.question or session.pending).menu
    for kind in ("attack", "move", "dodge"):
        for a in menu:
            if a.kind == kind and a.maneuver in ("", "strike"):
                return a
    return menu[0]


def play_out(session: Session, max_decisions: int = 10_000) -> None:
    while not session.over and session.decisions < max_decisions:
        if session.waiting_for_player:
            session.play(player_policy(session))
        else:
            session.step()


# -- the same battle as a headless run ---------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 7, 2026])
def test_session_gives_the_same_events_as_battle_run(seed):
    b = Battle(load_scenario(DUEL), seed=seed)
    b.run()
    s = finished(Session.from_path(DUEL, seed=seed))
    assert s.events == b.events
    assert s.outcome == b.outcome


def test_session_looks_ahead_to_the_next_decision():
    s = Session.from_path(DUEL)
    assert s.pending is not None and s.decisions == 0
    first_actor = s.pending.actor
    assert s.step()
    assert s.history[0].actor == first_actor
    assert s.history[0].chosen_by == "default"
    assert s.events[s.history[0].first_event].kind == "action_chosen"


# -- rewinding ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(bundled()))
def test_rewind_then_replay_gives_identical_events(name):
    s = finished(Session.from_path(bundled()[name]))
    full, n = list(s.events), s.decisions
    points = {0, 1, n // 2, n - 1} if name in ("hero-duel", "marvel-seed") else {n // 3}
    for k in sorted(points):
        s.rewind(k)
        assert s.decisions == k
        expected_len = s.history[k - 1].end_event if k else len(s.events)
        assert len(s.events) == expected_len
        assert s.events == full[:expected_len]
        s.run()
        assert s.events == full


def test_back_then_step_is_the_same_step():
    s = Session.from_path(DUEL)
    for _ in range(4):
        s.step()
    after_four = list(s.events)
    assert s.back() == 3
    assert s.events == after_four[:s.history[-1].end_event]
    s.step()
    assert s.events == after_four


def test_rewind_bounds():
    s = Session.from_path(DUEL)
    s.step()
    with pytest.raises(ValueError):
        s.rewind(2)
    with pytest.raises(ValueError):
        s.rewind(-1)
    assert s.back(10) == 0


def test_decision_of_event_points_at_the_decision_that_made_it():
    s = Session.from_path(DUEL)
    for _ in range(3):
        s.step()
    assert s.decision_of_event(0) == 0
    for t in s.history:
        assert s.decision_of_event(t.first_event) == t.index
        assert s.decision_of_event(t.end_event - 1) == t.index
    s.rewind(s.decision_of_event(s.history[2].first_event))
    assert s.decisions == 2


def test_restart_with_a_new_seed_drops_the_record():
    s = Session.from_path(DUEL, player_controlled=["ironclad"])
    play_out(s, 4)
    s.restart(99)
    assert s.seed == 99 and s.decisions == 0 and s.choices == {}
    assert s.events[0].seed == 99
    assert s.player_controlled == {"ironclad"}


# -- the player's decisions ---------------------------------------------------------------

def test_player_decisions_wait_for_the_player_and_replay():
    s = Session.from_path(DUEL, seed=5, player_controlled=["ironclad"])
    while not s.waiting_for_player:
        assert s.step()
    assert s.pending.actor == "ironclad"
    assert not s.step(), "step() never decides for the player"
    play_out(s)
    assert s.choices and all(s.history[i].actor == "ironclad" for i in s.choices)
    assert all(s.history[i].chosen_by == "player" for i in s.choices)
    chosen = [e for e in s.events if isinstance(e, ActionChosen) and e.chosen_by == "player"]
    assert chosen and all(e.reason == "player's choice" for e in chosen)
    full = list(s.events)
    for k in (0, s.decisions // 2, s.decisions - 1):
        s.rewind(k)
        play_out(s)
        assert s.events == full


def test_illegal_player_choice_is_refused_and_changes_nothing():
    s = Session.from_path(DUEL, seed=5, player_controlled=["ironclad"])
    while not s.waiting_for_player:
        s.step()
    before, pending = list(s.events), s.pending
    with pytest.raises(IllegalAction, match="too far|away"):
        s.play(Action("attack", "Punch", "sparkwing", "strike"))
    with pytest.raises(IllegalAction, match="no attack named"):
        s.play(Action("attack", "Death Ray", "sparkwing", "strike"))
    with pytest.raises(IllegalAction, match="push"):
        s.play(Action("attack", "Punch", "sparkwing", "strike", push=50))
    assert s.events == before and s.pending is pending and s.choices == {}


def test_player_can_hand_one_decision_to_the_ai():
    s = Session.from_path(DUEL, seed=5, player_controlled=["ironclad"])
    while not s.waiting_for_player:
        s.step()
    assert s.ai_step()
    assert s.history[-1].actor == "ironclad" and s.history[-1].chosen_by == "default"
    assert not s.choices


def test_control_can_change_mid_battle():
    s = Session.from_path(DUEL, seed=5)
    s.set_player("ironclad", True)
    assert s.battle.player_controlled == frozenset({"ironclad"})
    s.set_player("ironclad", False)
    assert s.player_controlled == set()
    with pytest.raises(KeyError):
        s.set_player("nobody", True)
    with pytest.raises(ValueError):
        Session.from_path(DUEL, player_controlled=["nobody"])


# -- questions asked in the middle of an action (Abort? a reaction?) ------------------------

def first_question(session: Session) -> Session:
    """Step with the AIs (the player's own turns included) until a question waits."""
    while session.question is None:
        assert not session.over, "the battle ended without asking the player anything"
        if session.waiting_for_player:
            session.ai_step()
        else:
            session.step()
    return session


def test_an_attack_on_the_players_combatant_waits_for_its_answer():
    s = first_question(Session.from_path(DUEL, seed=5, player_controlled=["ironclad"]))
    q = s.question
    assert q.kind == "abort" and q.actor == "ironclad" and "attacks Ironclad" in q.context
    assert {a.kind for a in q.menu} >= {"none", "dodge"}
    assert s.waiting_for_player and not s.step(), "step() never answers for the player"
    # The attack waits at the question, in the middle of its action: its choice is made and the
    # battle is suspended there, a value it waits on (no replay, no exception on the stack).
    assert s.in_flight and s.pending.actor != "ironclad" and s.battle.pending is q and s.battle.asking
    chosen = [e for e in s.events if isinstance(e, ActionChosen)][-1]
    assert (chosen.actor, chosen.decision) == (s.pending.actor, "phase")
    battle = s.battle
    s.answer(Action("none"))
    assert s.battle is battle, "answering resumes the same battle"


def test_the_players_answer_is_what_the_rules_carry_out():
    s = first_question(Session.from_path(DUEL, seed=5, player_controlled=["ironclad"]))
    attacker, index = s.pending.actor, s.decisions
    s.answer(next(a for a in s.question.menu if a.kind == "dodge"))
    assert s.question is None and s.history[index].actor == attacker
    made = s.events[s.history[index].first_event:s.history[index].end_event]
    answer = next(e for e in made if isinstance(e, ActionChosen) and e.decision == "abort")
    assert (answer.actor, answer.action_kind, answer.chosen_by) == ("ironclad", "dodge", "player")
    assert any(type(e).__name__ == "Aborted" and e.actor == "ironclad" for e in made)
    ((number, (actor, given)),) = s.answers.items()
    assert (actor, given.action.kind) == ("ironclad", "dodge") and number == s.history[index].first_question


def test_questions_handed_to_the_ai_give_the_headless_battle_event_for_event():
    """Stopping at each question, rebuilding and carrying the decision out again is exact: let
    the AI answer everything and the battle is the one ``Battle.run`` plays."""
    s = Session.from_path(DUEL, seed=5, player_controlled=["ironclad", "sparkwing"])
    asked = 0
    while not s.over:
        asked += s.question is not None
        assert s.ai_step()
    b = Battle(load_scenario(DUEL), seed=5)
    b.run()
    assert asked > 0 and s.events == b.events


def test_an_answer_outside_the_questions_menu_is_refused_and_changes_nothing():
    s = first_question(Session.from_path(DUEL, seed=5, player_controlled=["ironclad"]))
    before, question = list(s.events), s.question
    with pytest.raises(IllegalAction, match="not an answer to this; the answers are no reaction, dodge"):
        s.answer(Action("recover"))
    assert s.events == before and s.question is question and s.answers == {}
    with pytest.raises(IllegalAction, match="no question is waiting"):
        Session.from_path(DUEL, seed=5).answer(Action("none"))


def test_answers_replay_on_rewind_and_survive_a_save(tmp_path):
    s = first_question(Session.from_path(DUEL, seed=5, player_controlled=["ironclad"]))
    s.answer(next(a for a in s.question.menu if a.kind == "dodge"))
    for _ in range(6):
        if s.waiting_for_player:
            s.ai_step()
        else:
            s.step()
    full = list(s.events)
    s.back(3)
    while s.decisions < len(full) and len(s.events) < len(full):
        s.ai_step()
    assert s.events == full
    path = tmp_path / "answered.toml"
    s.save(path)
    assert tomllib.loads(path.read_text())["answers"][0]["kind"] == "dodge"
    assert Session.load(path).events == s.events


def asked_since_choice(s: Session) -> int:
    """How many questions were answered since the last Phase was chosen (its action's, and its
    look-ahead's): the waiting question is the next."""
    chosen = max(i for i, e in enumerate(s.events) if isinstance(e, ActionChosen) and e.decision == "phase")
    return sum(1 for e in s.events[chosen:] if isinstance(e, ActionChosen) and e.decision == "abort")


def two_questions_in_one_decision(in_the_look_ahead: bool = False) -> Session:
    """A session stopped at the second question of one decision: hero-brawl, every combatant
    the player's, every Phase left to the AI, every question answered with a Dodge when there is
    one, over seeds from 1 until one asks twice. With ``in_the_look_ahead``, the second question
    must come from another combatant's attack in the look-ahead after the decision (a Haymaker
    landing at the end of the Segment)."""
    for seed in range(1, 40):
        s = Session.from_path(bundled()["hero-brawl"], seed=seed)
        for c in s.scenario.combatants:
            s.set_player(c.id, True)
        while not s.over:
            if s.question is not None:
                if asked_since_choice(s) >= 1 and s.in_flight != in_the_look_ahead:
                    return s
                dodge = [a for a in s.question.menu if a.kind == "dodge"]
                s.answer(dodge[0]) if dodge else s.ai_step()
            else:
                s.ai_step()
    raise AssertionError("no seed asked two questions in one decision")


def test_a_save_made_while_a_question_waits_reopens_at_that_question(tmp_path):
    """The answers already given in the decision are kept, and reopening replays the battle to
    the same question, waiting in the middle of the same action."""
    s = two_questions_in_one_decision()
    assert s.in_flight and any(n >= s.question_number - asked_since_choice(s) for n in s.answers)
    path = tmp_path / "waiting.toml"
    s.save(path)
    reopened = Session.load(path)
    assert reopened.question == s.question and reopened.question_number == s.question_number
    assert reopened.answers == s.answers and reopened.events == s.events and reopened.pending == s.pending
    assert reopened.in_flight
    reopened.ai_step()
    s.ai_step()
    assert reopened.events == s.events


def test_a_question_in_the_look_ahead_goes_to_the_player():
    """A Haymaker lands at the end of the Segment, after the decision that threw it: a question
    it raises for a player's combatant is the player's too, not its AI's. It waits between two
    decisions: none is in flight, and the next is not known yet."""
    s = two_questions_in_one_decision(in_the_look_ahead=True)
    names = {c.id: c.name for c in s.scenario.combatants}
    attacker = s.question.context.split(" attacks ")[0]
    assert s.question.actor in s.player_controlled and not s.in_flight and s.pending is None
    assert attacker != names[s.history[-1].actor], "asked during the look-ahead, not the decision's own action"
    haymakers = [e for e in s.events if isinstance(e, ActionChosen) and e.maneuver == "haymaker"
                 and names[e.actor] == attacker]
    assert haymakers, "the attacker threw a Haymaker earlier"
    path_events = list(s.events)
    s.answer(s.question.menu[0])
    assert s.events[:len(path_events)] == path_events and (s.pending is not None or s.question is not None)


def test_a_failure_in_the_middle_of_an_action_leaves_the_session_at_the_decision(monkeypatch):
    s = first_question(Session.from_path(DUEL, seed=5, player_controlled=["ironclad"]))
    pending, decisions = s.pending, s.decisions
    chosen = max(i for i, e in enumerate(s.events) if isinstance(e, ActionChosen) and e.decision == "phase")
    before = s.events[:chosen]  # the events before the attacker's choice
    from slugfest.core.hero import combat

    real = combat.apply_damage

    def broken(*args):
        raise RuntimeError("a bug in the middle of the attack")

    monkeypatch.setattr(combat, "apply_damage", broken)  # the attack's damage is applied mid-action
    with pytest.raises(RuntimeError, match="a bug"):
        s.answer(Action("none"))
    monkeypatch.setattr(combat, "apply_damage", real)
    assert s.events == before and s.pending == pending and s.decisions == decisions
    assert s.question is None and not s.in_flight and s.answers == {}


def test_a_question_goes_to_the_ai_when_its_combatant_does():
    """Handed back to its AI, a combatant's waiting question is answered by the AI at once, and
    the action goes on; the choice that raised it stays the one made."""
    s = first_question(Session.from_path(DUEL, seed=5, player_controlled=["ironclad"]))
    attacker, index = s.pending.actor, s.decisions
    s.set_player("ironclad", False)
    assert s.question is None and not s.waiting_for_player and not s.in_flight
    assert s.history[index].actor == attacker
    made = s.events[s.history[index].first_event:s.history[index].end_event]
    answer = next(e for e in made if isinstance(e, ActionChosen) and e.decision == "abort")
    assert (answer.actor, answer.chosen_by) == ("ironclad", "default")


def test_the_players_choice_stays_made_when_the_question_it_raised_goes_to_the_ai():
    """The player attacks with one of theirs, the target (also theirs) is asked, then handed
    back to its AI: the AI answers and the player's attack goes on as chosen."""
    s = Session.from_path(DUEL, seed=5, player_controlled=["ironclad", "sparkwing"])
    while s.question is None:
        attacks = [a for a in s.pending.menu if a.kind == "attack"]
        s.play(attacks[0]) if attacks else s.ai_step()
    index, attacker = s.decisions, s.pending.actor
    assert index in s.choices and s.in_flight
    s.set_player(s.question.actor, False)
    assert index in s.choices and s.history[index].chosen_by == "player" and s.history[index].actor == attacker


def _first_question(actor: str, wanted: str):
    """The first seed of marvel-brawl whose battle asks ``actor`` a question whose context says
    ``wanted``; the questions before it are answered "no reaction" by the player."""
    for seed in range(1, 60):
        s = Session.from_path(bundled()["marvel-brawl"], seed=seed, player_controlled=[actor])
        while not s.over:
            if s.question is not None:
                if wanted in s.question.context:
                    return s
                s.answer(s.question.menu[0])
            else:
                s.ai_step() if s.waiting_for_player else s.step()
    raise AssertionError(f"no battle of 59 asked {actor} {wanted!r}")


def _decline_the_rest(s) -> None:
    """Answer "no" to the questions the same action still asks the player (Karma on the roll):
    the action's events are in the log once it is over."""
    while s.question is not None:
        s.answer(s.question.menu[0])


def test_a_marvel_reaction_is_the_players_to_use():
    # the first battle that attacks Captain America on his Agility defense (a reaction's cue)
    s = _first_question("captain-america", "use a reaction")
    assert s.question.actor == "captain-america"
    s.answer(next(a for a in s.question.menu if a.maneuver == "Shield Deflection"))
    _decline_the_rest(s)
    used = [e for e in s.events if type(e).__name__ == "ReactionUsed"]
    assert ("captain-america", "Shield Deflection") in [(e.actor, e.reaction) for e in used]


def test_stepping_in_for_an_ally_is_the_players_to_choose():
    """Interpose (rules/marvel.md §3.5) asks the player's character when an ally within its
    reach is attacked; answering it makes the player's character the target."""
    s = _first_question("thor", "Interpose")
    assert s.question.actor == "thor" and s.question.free
    s.answer(next(a for a in s.question.menu if a.kind == "interpose"))
    _decline_the_rest(s)
    events = list(s.events)
    at = max(i for i, e in enumerate(events) if type(e).__name__ == "ReactionUsed" and e.reaction == "Interpose")
    check = next(e for e in events[at:] if type(e).__name__ == "AttackCheck")
    assert (events[at].actor, events[at].reaction) == ("thor", "Interpose") and check.target == "thor"


# -- saving and loading -----------------------------------------------------------------------

def mid_battle() -> Session:
    s = Session.from_path(DUEL, seed=5, player_controlled=["ironclad"])
    play_out(s, 5)
    assert s.choices, "the fixture should include a player choice"
    return s


def test_save_load_round_trip_continues_identically(tmp_path):
    s = mid_battle()
    path = tmp_path / "duel-save.toml"
    s.save(path)
    assert is_save_file(path) and not is_save_file(DUEL)
    loaded = Session.load(path)
    assert loaded.events == s.events
    assert loaded.decisions == s.decisions
    assert loaded.player_controlled == {"ironclad"}
    assert loaded.seed == 5
    assert loaded.choices == s.choices
    assert loaded.pending == s.pending
    play_out(s)
    play_out(loaded)
    assert loaded.events == s.events


def test_save_is_self_contained_toml(tmp_path):
    s = mid_battle()
    path = tmp_path / "save.toml"
    s.save(path)
    data = tomllib.loads(path.read_text())
    assert data["save"]["seed"] == 5
    assert data["save"]["player_controlled"] == ["ironclad"]
    assert data["scenario"]["battle"]["name"] == "Duel at the Docks"
    assert all(c["actor"] == "ironclad" for c in data["choices"])
    assert str(DUEL) == data["save"]["scenario_path"]


def test_action_data_round_trip():
    for a in (Action("attack", "Punch", "b", "haymaker", push=5, levels="ocv"), Action("move", destination=(3, 4)),
              Action("multiple-attack", targets=("a", "b"), attacks=("x", "x"), maneuver="multiple attack"),
              Action("dodge"), Action("fastball", target="foe", maneuver="Fastball Special", ally="logan"),
              Action("disarm", target="b", weapon="Pistol"), Action("switch", slot="Beam"),
              Action("power", target="thug", power="Attack Stance")):
        assert action_from_data(action_to_data(a), "t") == a
    with pytest.raises(SaveError):
        action_from_data({"kind": "move", "destination": [1]}, "t")
    with pytest.raises(SaveError):
        action_from_data({"kind": "attack", "bogus": 1}, "t")


def test_a_save_from_before_each_field_meant_one_thing_reads_the_thrown_ally_weapon_slot_and_power():
    """Saves written when ``attack`` held the ally thrown, the weapon disarmed and the Multipower
    slot, and ``maneuver`` the Marvel power, replay as the same actions."""
    old = {"fastball": {"kind": "fastball", "attack": "logan", "target": "foe", "maneuver": "Fastball Special"},
           "disarm": {"kind": "disarm", "attack": "Pistol", "target": "b"},
           "switch": {"kind": "switch", "attack": "Beam"},
           "power": {"kind": "power", "maneuver": "Attack Stance", "target": "thug"}}
    assert {k: action_from_data(v, "t") for k, v in old.items()} == {
        "fastball": Action("fastball", target="foe", maneuver="Fastball Special", ally="logan"),
        "disarm": Action("disarm", target="b", weapon="Pistol"),
        "switch": Action("switch", slot="Beam"),
        "power": Action("power", target="thug", power="Attack Stance")}
    assert Action("fastball", target="foe", maneuver="Fastball Special", ally="logan").label() == \
        "Fastball Special logan -> foe"  # the log's wording is the one older saves recorded


def test_a_failed_save_keeps_the_previous_one(tmp_path, monkeypatch):
    s = mid_battle()
    path = tmp_path / "save.toml"
    s.save(path)
    previous = path.read_bytes()
    s.step() if not s.waiting_for_player else s.play(player_policy(s))

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)  # fails after the temp file is written, before the rename
    with pytest.raises(OSError, match="disk full"):
        s.save(path)
    assert path.read_bytes() == previous
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.toml"], "no temp file left behind"
    monkeypatch.undo()
    Session.load(path)  # still a good save


def test_loading_bad_saves_is_explained(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("this is [not toml")
    with pytest.raises(SaveError, match="not a readable TOML save"):
        Session.load(bad)
    with pytest.raises(SaveError, match="not a Slugfest save"):
        Session.load(DUEL)
    with pytest.raises(SaveError, match="cannot read"):
        Session.load(tmp_path / "missing.toml")
    s = mid_battle()
    good = tmp_path / "good.toml"
    s.save(good)
    data = tomllib.loads(good.read_text())
    data["save"]["digest"] = "0" * 64
    from slugfest.core.files.atomic import write_toml_atomic

    tampered = tmp_path / "tampered.toml"
    write_toml_atomic(data, tampered)
    with pytest.raises(ReplayMismatch, match="different battle"):
        Session.load(tampered)
    data = tomllib.loads(good.read_text())
    data["save"]["actors"][0] = "ironclad" if data["save"]["actors"][0] != "ironclad" else "sparkwing"
    data["choices"] = []
    write_toml_atomic(data, tampered)
    with pytest.raises(ReplayMismatch, match="decision 0"):
        Session.load(tampered)


@pytest.mark.parametrize("answers, expected", [
    ({"question": 0, "actor": "ironclad", "kind": "dodge", "target": 3}, r"answers\[0\]\.target: expected a string"),
    ({"question": 99999, "actor": "ironclad", "kind": "dodge"}, r"answers\[0\]\.question: expected 0\.\.\d+, got 99999"),
    ({"question": -1, "actor": "ironclad", "kind": "dodge"}, r"answers\[0\]\.question: expected 0\.\.\d+, got -1"),
    ({"question": 0, "actor": "nobody", "kind": "dodge"},
     r"answers\[0\]\.actor: expected a combatant id of the scenario, got 'nobody'"),
    ({"question": 0, "actor": "ironclad", "kind": "dodge", "decision": 0}, r"answers\[0\]: unknown key 'decision'"),
    ("dodge", r"answers\[0\]: expected a table"),
])
def test_bad_answers_in_a_save_name_the_file_and_the_key(tmp_path, answers, expected):
    from slugfest.core.files.atomic import write_toml_atomic

    data = mid_battle().to_data()
    assert data["save"]["questions"] > 0
    data["answers"] = [answers]
    path = tmp_path / "answers.toml"
    write_toml_atomic(data, path)
    with pytest.raises(SaveError, match=re.escape(str(path)) + ": " + expected):
        Session.load(path)


@pytest.mark.parametrize("answers, expected", [
    ({"decision": 0, "question": 0, "actor": "ironclad", "kind": "dodge", "target": 3},
     r"answers\[0\]\.target: expected a string"),
    ({"decision": 99, "question": 0, "actor": "ironclad", "kind": "dodge"},
     r"answers\[0\]\.decision: expected 0\.\.\d+, got 99"),
    ({"decision": 0, "question": -1, "actor": "ironclad", "kind": "dodge"},
     r"answers\[0\]\.question: expected a non-negative integer"),
    ({"decision": 0, "question": 0, "actor": "ironclad", "ai": True, "kind": "dodge"},
     r"answers\[0\]: expected only decision, question, actor and ai = true"),
    ({"decision": 0, "question": 0, "actor": "ironclad", "kind": "dodge", "index": 0},
     r"answers\[0\]: unknown key 'index'"),
])
def test_bad_answers_in_a_save_of_format_1_name_the_file_and_the_key(tmp_path, answers, expected):
    from slugfest.core.files.atomic import write_toml_atomic

    data = mid_battle().to_data()
    data["save"]["format"] = 1
    del data["save"]["questions"]
    data["answers"] = [answers]
    path = tmp_path / "answers.toml"
    write_toml_atomic(data, path)
    with pytest.raises(SaveError, match=re.escape(str(path)) + ": " + expected):
        Session.load(path)


def test_export_jsonl_is_the_event_log(tmp_path):
    s = finished(Session.from_path(DUEL))
    out = tmp_path / "log.jsonl"
    assert s.export_jsonl(out) == len(s.events)
    buf = io.StringIO()
    jsonl.write(s.events, buf)
    assert out.read_text() == buf.getvalue()
    assert json.loads(out.read_text().splitlines()[-1])["event"] == "battle_ended"


# -- saves written by earlier versions -----------------------------------------------------------

SAVES = os.path.join(os.path.dirname(__file__), "data", "saves")


def test_a_save_of_format_1_with_a_question_waiting_reopens_at_that_question():
    """Format 1 (before questions were values) numbered the player's answers within each
    decision, and counted the events before the decision a question interrupted: the replay
    checks its digest there, then carries the decision on to the same question."""
    s = Session.load(os.path.join(SAVES, "save-format-1-question-waiting.toml"))
    assert s.question is not None and s.question.actor == "ironclad" and s.in_flight
    ((number, (actor, given)),) = s.answers.items()
    assert (actor, given.action.kind) == ("ironclad", "dodge")
    before = len(s.events)
    s.answer(s.question.menu[0])  # the suspended attack goes on (a Multiple Attack's next strike asks again)
    while s.in_flight and s.question is not None and s.question.actor == "ironclad":
        s.answer(s.question.menu[0])
    assert len(s.events) > before and not s.in_flight


def test_a_format_1_save_whose_replay_differs_is_refused_naming_its_file_once(tmp_path):
    path = tmp_path / "changed.toml"
    text = open(os.path.join(SAVES, "save-format-1-question-waiting.toml"), encoding="utf-8").read()
    path.write_text(re.sub(r'(?m)^digest = ".*"$', 'digest = "' + "0" * 64 + '"', text), encoding="utf-8")
    with pytest.raises(ReplayMismatch) as caught:
        Session.load(path)
    assert str(caught.value).startswith(f"{path}: replaying the save gives a different battle")
    assert str(caught.value).count(str(path)) == 1


def test_a_save_of_format_1_keeps_the_players_marvel_answers_and_is_written_as_format_2(tmp_path):
    s = Session.load(os.path.join(SAVES, "save-format-1-marvel-answers.toml"))
    assert len(s.answers) == 9 and s.decisions == 40
    path = tmp_path / "again.toml"
    s.save(path)
    data = tomllib.loads(path.read_text())
    assert data["save"]["format"] == 2 and len(data["answers"]) == 9
    assert Session.load(path).events == s.events
