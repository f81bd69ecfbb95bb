"""Each HERO maneuver and action is one entry of the table in core/hero/maneuvers.py (and each
Marvel kind of turn one entry in core/marvel/actions.py): what the menus offer, the resolver
carries out and the coverage report counts all comes from there."""

from __future__ import annotations

import pytest

from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import ActionChosen
from slugfest.core.hero import stats as hero_stats
from slugfest.core.hero.aborts import ABORT_AREA, ABORT_HTH, ABORT_RANGED
from slugfest.core.hero.maneuvers import MANEUVERS, entry_for
from slugfest.core.marvel import stats as marvel_stats
from slugfest.core.marvel.actions import TURNS
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import bundled


def coverage_key(entry) -> str:
    if not entry.phase:  # taken only as an Abort (Dive for Cover)
        return f"abort:{entry.kind}"
    return f"action:attack/{entry.name}" if entry.kind == "attack" else f"action:{entry.kind}"


def test_every_hero_maneuver_has_its_rule_its_way_of_being_done_and_a_line_in_the_coverage_report():
    for entry in MANEUVERS.values():
        assert entry.rule and callable(entry.perform), entry.name
        assert coverage_key(entry) in hero_stats.CATALOGUE, entry.name
        assert (entry.reach != "") == (entry.attacks != ""), f"{entry.name}: an attack maneuver says both"
    actions = {k for k in hero_stats.CATALOGUE if k.startswith("action:")}
    assert actions == {coverage_key(e) for e in MANEUVERS.values() if e.phase}, "the report counts exactly the table"
    aborts = {k for k in hero_stats.CATALOGUE if k.startswith("abort:")}
    assert aborts == {f"abort:{e.kind}" for e in MANEUVERS.values() if e.abort}


def test_the_abort_menus_are_the_entries_a_character_may_abort_to():
    assert [a.kind for a in ABORT_RANGED] == ["none", "dodge"]
    assert [a.kind for a in ABORT_HTH] == ["none", "dodge", "block"]
    assert [a.kind for a in ABORT_AREA] == ["none", "dive"]
    assert {e.name for e in MANEUVERS.values() if e.abort} == {"dodge", "block", "dive"}


@pytest.mark.parametrize("name", [n for n in bundled() if n.startswith("hero")])
def test_every_action_the_menus_offer_in_a_battle_is_carried_out_by_an_entry(name):
    b = Battle(load_scenario(bundled()[name]), seed=5)
    seen = set()
    while (d := b.next_decision()) is not None:
        for a in d.menu:
            entry = entry_for(a)
            assert entry.kind == a.kind
            seen.add(entry.name)
        choice, who = b.decide(d)
        b.submit(d, choice, who, checked=True)
    assert {"strike", "move", "dodge", "block", "hold"} <= seen


def test_every_marvel_kind_of_turn_is_an_entry_the_report_counts():
    actions = {k.removeprefix("action:") for k in marvel_stats.CATALOGUE if k.startswith("action:")}
    assert actions == set(TURNS)
    b = Battle(load_scenario(bundled()["marvel-brawl"]), seed=5)
    b.run()
    chosen = {e.action_kind for e in b.events if isinstance(e, ActionChosen) and e.decision == "phase"}
    assert chosen <= set(TURNS)
