"""The Marvel estimate counts the damage a target actually *takes*: a Heroic attacker who must
hold back (or a nonlethal attack) cannot shatter or kill, so a blow that would only be held back
is worth nothing, and the default AI turns to a foe it can hurt."""

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.engine.events import ActionChosen
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.d616 import distribution
from slugfest.core.marvel.resolve import expected_harm, held, taken_on

from marvel_kit import battle_with, ctx, events_of, fighter, scenario

BOLTS = "Bolts of Bedevilment"


def voodoo(position=(5, 5), **keys):
    """Doctor Voodoo: Heroic, an Ego attack doing Focus damage (rank 4 + Discipline 2, Ego 6)."""
    base = dict(name="Doctor Voodoo", rank=4, tags=["Heroic"], powers=["Discipline 2"], Ego=6, Resilience=3,
                Vigilance=3, attacks=[{"name": BOLTS, "ability": "Ego", "range": 10}])
    base.update(keys)
    return fighter("voodoo", position, **base)


def thug(position=(7, 5)):
    return fighter("thug", position, name="Thug", rank=1, focus=10, Melee=1, Resilience=1)


def rhino(position=(9, 5)):
    return fighter("rhino", position, name="Rhino", rank=4, powers=["Mighty 2", "Sturdy 1"], Melee=4,
                   Resilience=4, Vigilance=1)


def trio(**keys):
    sc = scenario("marvel", {"Heroes": [voodoo(**keys)], "Villains": [thug(), rhino()]}, width=20)
    b = battle_with(sc, seed=3)
    b.start()
    return b


def attack(target):
    return Action("attack", BOLTS, target)


def test_a_foe_one_point_from_shattered_is_worth_nothing_to_a_heroic_focus_attack():
    b = trio()
    b.state.fighters["thug"].focus = -9  # Focus 10: shattered at -10, so held back at -9
    assert b.estimate("voodoo", attack("thug")) == 0.0
    assert b.estimate("voodoo", attack("rhino")) > 0


def test_the_default_ai_turns_to_a_foe_it_can_hurt_and_its_blows_are_not_wasted():
    b = trio()
    b.state.fighters["thug"].focus = -9
    b.run()
    chosen = [e for e in events_of(b, ActionChosen) if e.actor == "voodoo" and e.decision == "phase"]
    assert chosen and all(e.action != f"attack {BOLTS} -> thug" for e in chosen)
    on_thug = [e for e in events_of(b, ev.DamageApplied) if e.target == "thug" and e.source == BOLTS]
    assert not on_thug


def test_without_holding_back_the_same_blow_would_finish_the_foe():
    b = trio(tags=[])  # not Heroic: nothing held back
    b.state.fighters["thug"].focus = -9
    assert b.estimate("voodoo", attack("thug")) == pytest.approx(1.0)
    b = trio(attacks=[{"name": BOLTS, "ability": "Ego", "range": 10, "lethal": True}])
    b.state.fighters["thug"].focus = -9
    assert b.estimate("voodoo", attack("thug")) == pytest.approx(1.0)


def test_held_back_focus_damage_never_counts_as_a_finishing_blow():
    # Focus 5 of 10: 15 left before shattered, but holding back lets it lose at most 14.
    c = ctx(pool="Focus", target_pool=5, target_pool_max=10, holds_back="A holds back (Heroic)", tn=3)
    assert taken_on(c, 6, False) == 14
    hits = sum(p for (t, _, u), p in distribution(0).items() if u or t + c.score >= c.tn)
    assert expected_harm(c) == pytest.approx(hits * 14 / 15)
    assert expected_harm(c) < 1
    assert expected_harm(ctx(pool="Focus", target_pool=5, target_pool_max=10, tn=3)) == pytest.approx(hits)


def test_a_nonlethal_attack_is_held_back_in_the_estimate_whoever_makes_it():
    c = ctx(pool="Health", target_pool=-9, target_pool_max=10, holds_back="Stun Baton is nonlethal", tn=3)
    assert held(c, 50) == (0, "Stun Baton is nonlethal: would kill, leaves Health at -9")
    assert expected_harm(c) == 0.0


def test_the_estimate_takes_each_outcome_as_the_damage_step_would():
    # Every hit's taken damage, weighted by its chance, is what expected_harm sums.
    c = ctx(pool="Focus", target_pool=20, target_pool_max=30, holds_back="A holds back (Heroic)", tn=12)
    want = 0.0
    for (total, face, ultimate), p in distribution(0).items():
        if ultimate or total + c.score >= c.tn:
            want += p * min(taken_on(c, face, face == 1) / 50, 1.0)
    assert expected_harm(c) == pytest.approx(want)


def _summed(c):
    """The estimate worked out afresh, outcome by outcome (as the test above sums it)."""
    left = max(c.target_pool if c.pool == "Health" else c.target_pool + c.target_pool_max, 1)
    want = 0.0
    for (total, face, ultimate), p in distribution(len(c.edges) - len(c.troubles)).items():
        if c.auto_hit or ultimate or total + c.score >= c.tn:
            want += p * min(taken_on(c, face, face == 1) / left, 1.0)
    return want


def test_an_estimate_kept_for_one_blow_is_never_read_for_a_blow_that_differs():
    """The estimates are kept between questions (an AI asks the same of every foe each turn), by
    all that they read: a target hurt since, a blow held back or not, a higher defense, an edge
    or a trouble, an automatic hit, each gets its own answer, the one worked out afresh."""
    first = dict(pool="Focus", target_pool=20, target_pool_max=30, tn=12)
    changes = [dict(), dict(target_pool=7), dict(target_pool_max=12), dict(holds_back="A holds back (Heroic)"),
               dict(tn=16), dict(edges=("an edge",)), dict(troubles=("a trouble", "another")),
               dict(auto_hit="target unconscious"), dict(pool="Health"), dict(reductions=(("Sturdy 2", 2),))]
    for change in changes + changes:  # asked twice: the second time from what was kept
        c = ctx(**{**first, **change})
        assert expected_harm(c) == _summed(c), change
    assert len({_summed(ctx(**{**first, **change})) for change in changes}) == len(changes)  # each differs
