"""The benchmark's attack-resolution figure replays real attacks: a replay must take exactly the
path the original took, or the figure would time something else. (The timings themselves are
not tested: they belong to the benchmark, run on demand.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("slugfest_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look a class's module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def replay(bench, cls, situation):
    """Resolve a captured attack again on a fresh copy, as the benchmark does; return the copy."""
    battle, args = bench.stage(situation)
    cls.resolve_attack(*args, **situation.kwargs)
    return battle


@pytest.mark.parametrize("scenario", ["hero-brawl", "marvel-brawl"])
def test_a_replayed_attack_emits_the_events_the_original_did(bench, scenario):
    cls, kept = bench.capture(scenario, 1)
    assert len(kept) > 10
    hits = 0
    for situation in kept:
        battle = replay(bench, cls, situation)
        assert battle.events == situation.events
        hits += any(e.kind in ("damage_rolled", "damage_figured") for e in battle.events)
    assert hits  # the replays went past the attack roll, not only through misses


def test_a_replay_starts_from_a_copy_and_leaves_the_original_state_alone(bench):
    cls, kept = bench.capture("hero-brawl", 1)
    situation = next(s for s in kept if s.events)
    before = {fid: (f.stun, f.body, f.end, f.pos) for fid, f in situation.state.fighters.items()}
    battle = replay(bench, cls, situation)
    assert {fid: (f.stun, f.body, f.end, f.pos) for fid, f in situation.state.fighters.items()} == before
    assert battle.state is not situation.state and battle.dice is not situation.dice


def test_the_resolution_figure_counts_every_captured_attack(bench):
    us, attacks = bench.attack_resolution("marvel-brawl", 1, repeats=1)
    _, kept = bench.capture("marvel-brawl", 1)
    assert attacks == len(kept) and us > 0
