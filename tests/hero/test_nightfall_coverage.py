"""The bundled showcase of the sense powers (scenarios/hero-nightfall.toml, issue 40 item 3): a
short batch of its AI-vs-AI battles lays Darkness over someone (and drops it, or loses it),
shoots at an invisible foe and from the dark, and lays an Any Area, so a change that leaves one unused (a mind that stops
choosing it, a rule that stops firing) shows here."""

from __future__ import annotations

import pytest

from slugfest.core.batch.simulate import simulate
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import bundled

#: What the scenario is there to show, as the coverage block names it.
SHOWN = (
    "rule:darkness", "rule:darkness over someone", "rule:cannot see the target: in Darkness",
    "rule:cannot see the attacker: in Darkness", "rule:cannot see the target: invisible",
    "rule:cannot see the attacker: invisible", "rule:surface or any area", "action:attack/area", "action:drop",
    "rule:darkness ended",
)


@pytest.fixture(scope="module")
def batch():
    scenario = load_scenario(bundled()["hero-nightfall"])
    aggregate, interrupted = simulate(scenario, 12, scenario.seed)
    assert not interrupted
    return aggregate


@pytest.mark.parametrize("key", SHOWN)
def test_a_short_batch_of_nightfall_fires_each_sense_power_and_the_any_area(batch, key):
    fired = batch.actions[key] + batch.rules[key]
    assert fired > 0, f"{key} never fired in 12 battles of hero-nightfall"
