"""A fighter's vitals are kept with the state they follow from (:func:`core.hero.report.vitals`,
issue 35): what is kept is always what working them out afresh gives, in every bundled HERO
battle at every event, and a change to any condition the vitals name is seen at once."""

from __future__ import annotations

import dataclasses

import pytest

from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.hero.report import figure_vitals, vitals
from slugfest.core.hero.maneuvers import MANEUVERS
from slugfest.core.hero.state import Controlled, Entanglement, InForce, PendingHaymaker
from slugfest.core.testing import kept_after_change, kept_against_fresh
from slugfest.scenarios import bundled

HERO = [name for name, path in bundled().items() if load_scenario(path).system == "hero"]


@pytest.mark.parametrize("name", HERO)
def test_kept_vitals_are_always_the_vitals_worked_out_afresh(name):
    b = Battle(load_scenario(bundled()[name]), seed=5)
    differ, checked = kept_against_fresh(b, lambda cid: vitals(b.ctx, cid), lambda f: figure_vitals(b.ctx, f))
    assert differ == [] and checked > 100


#: A change to each part of a fighter's state its vitals read, and what shows it.
CHANGES = [
    ("stun", 3, "health"), ("body", 0, "conditions"), ("end", 0, "stamina"), ("pos", (0, 0), "position"),
    ("dead", True, "alive"), ("ko", True, "able"), ("stunned", True, "disabled"), ("prone", True, "conditions"),
    ("held", True, "conditions"), ("haymaker", PendingHaymaker("x", "Punch", 9), "conditions"),
    ("recovering", True, "conditions"), ("entangle", Entanglement(3, 3, "x", "Entangle"), "reach"),
    ("blind_until", 9, "conditions"), ("flashed_senses", {"hearing": 9}, "conditions"),
    ("held_by", "x", "reach"), ("holding", "x", "conditions"), ("presence", 4, "conditions"),
    ("control", Controlled("x", "B", "Mind Control", 4, 0), "side"),
    ("ch", lambda f: dataclasses.replace(f.ch, STUN=2 * f.ch.STUN), "health"),  # a STUN Aid's
    ("in_force", InForce(MANEUVERS["dodge"]), "conditions"),
]


@pytest.mark.parametrize("field,value,shows", CHANGES, ids=[c[0] for c in CHANGES])
def test_a_change_to_what_the_vitals_read_is_seen_at_once(field, value, shows):
    b = Battle(load_scenario(bundled()["hero-brawl"]), seed=1)
    before, after, fresh = kept_after_change(b, lambda cid: vitals(b.ctx, cid), lambda f: figure_vitals(b.ctx, f), field, value)
    assert after == fresh
    assert getattr(after, shows) != getattr(before, shows)
