"""The words the log, the app and the AIs' vitals use for a fighter's conditions
(:func:`core.hero.report.status_words`): none for a fighter with no condition, and each one set
named in one fixed order (issue 35 reads them through a quick test for none)."""

from __future__ import annotations

from dataclasses import replace

from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.hero.report import status_words
from slugfest.scenarios import bundled


def _fighter():
    b = Battle(load_scenario(bundled()["hero-brawl"]), seed=1)
    b.start()
    return next(iter(b.ctx.state.fighters.values()))


def test_a_fighter_with_no_condition_has_no_words():
    assert status_words(_fighter()) == []


def test_each_condition_set_is_named_in_the_fixed_order():
    f = _fighter()
    assert status_words(replace(f, stunned=True)) == ["stunned"]
    assert status_words(replace(f, presence=4, held=True, prone=True)) == ["prone", "holding", "cowed"]
    assert status_words(replace(f, presence=3, blind_until=5, recovering=True)) == ["recovering", "flashed", "awed"]
    assert status_words(replace(f, ko=True, body=0, prone=True)) == ["knocked out", "dying", "prone"]
    assert status_words(replace(f, dead=True, prone=True)) == ["dead"]
