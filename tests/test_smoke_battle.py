"""End-to-end: every bundled scenario plays to a result, and a seed replays byte for byte."""

import io

import pytest

from slugfest.core.engine.battle import Battle
from slugfest.core.render import jsonl
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import bundled


@pytest.mark.parametrize("name", sorted(bundled()))
def test_bundled_scenario_plays_to_a_result(name):
    sc = load_scenario(bundled()[name])
    outcome = Battle(sc).run()
    assert outcome.rounds <= sc.turn_limit
    assert outcome.winner in {s.name for s in sc.sides} | {None}


@pytest.mark.parametrize("name", sorted(bundled()))
def test_same_seed_gives_byte_identical_jsonl(name):
    def log(seed):
        b = Battle(load_scenario(bundled()[name]), seed=seed)
        b.run()
        out = io.StringIO()
        jsonl.write(b.events, out)
        return out.getvalue()

    first = log(11)
    assert first == log(11)
    assert first != log(12)
