"""A Marvel fighter's vitals are kept with the state they follow from
(:func:`core.marvel.report.vitals`, issue 35): what is kept is always what working them out
afresh gives, in every bundled Marvel battle at every event, and a change to anything the vitals
read is seen at once."""

from __future__ import annotations

import pytest

from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.marvel.report import figure_vitals, vitals
from slugfest.core.testing import kept_after_change, kept_against_fresh
from slugfest.scenarios import bundled

MARVEL = [name for name, path in bundled().items() if load_scenario(path).system == "marvel"]


@pytest.mark.parametrize("name", MARVEL)
def test_kept_vitals_are_always_the_vitals_worked_out_afresh(name):
    b = Battle(load_scenario(bundled()[name]), seed=5)
    differ, checked = kept_against_fresh(b, lambda cid: vitals(b.ctx, cid), figure_vitals)
    assert differ == [] and checked > 100


#: A change to each part of a fighter's state its vitals read, and what shows it.
CHANGES = [
    ("health", 0, "able"), ("focus", 0, "stamina"), ("pos", (0, 0), "position"), ("dodging", True, "conditions"),
    ("timed", {"slowed": "a test"}, "reach"), ("holding", "x", "conditions"), ("active", {"Shield": 2}, "conditions"),
]


@pytest.mark.parametrize("field,value,shows", CHANGES, ids=[c[0] for c in CHANGES])
def test_a_change_to_what_the_vitals_read_is_seen_at_once(field, value, shows):
    b = Battle(load_scenario(bundled()["marvel-brawl"]), seed=1)
    before, after, fresh = kept_after_change(b, lambda cid: vitals(b.ctx, cid), figure_vitals, field, value)
    assert after == fresh
    assert getattr(after, shows) != getattr(before, shows)
