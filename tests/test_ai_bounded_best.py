"""Issue 35: the minds' search for the option worth most prices (the estimate's costs: a DCV
penalty's exposure, END overdrawn) only the options whose gain could still win, and picks
exactly what pricing every option picks, ties included.

The search (``_choosing.best_of``) reads each option's bound (HERO: ``picture.gain``, the estimate
before the actor's own costs, which only subtract) and asks the full value highest bound first,
stopping at the first bound below the best value found.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from slugfest import Action
from slugfest.core.batch.simulate import battle_seed
from slugfest.core.batch.sweep import read_data
from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario, parse_scenario
from slugfest.core.hero.estimate import estimate, gain
from slugfest.scenarios import bundled
from slugfest.plugins import _choosing, _mind, default_ai
from slugfest.plugins._choosing import best_of, highest

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def strike(target: str, maneuver: str = "strike", attack: str = "Punch") -> Action:
    return Action("attack", attack, target, maneuver)


def no_rank(a: Action) -> tuple:
    return ()


def test_the_value_is_asked_highest_bound_first_and_only_while_a_bound_could_still_win():
    """A Haymaker's gain is highest but its costs bring it down to 0.2; the Strike at B is worth
    its whole gain, 0.5; a Set at B with a gain of 0.5 could still tie, so it is asked (0.1); the
    Brace's gain of 0.4 cannot reach 0.5 and is never priced."""
    hay, hit, aimed, braced = strike("b", "haymaker"), strike("b"), strike("b", "set"), strike("b", "brace")
    bound = {hay: 0.9, hit: 0.5, aimed: 0.5, braced: 0.4}
    value = {hay: 0.2, hit: 0.5, aimed: 0.1, braced: 0.4}
    asked: list[Action] = []

    def worth(a: Action) -> float:
        asked.append(a)
        return value[a]

    assert best_of([braced, aimed, hit, hay], worth, bound.__getitem__, no_rank) == (hit, 0.5)
    assert asked == [hay, aimed, hit]  # equal bounds keep the order given: the Set came before the Strike


def test_a_tie_goes_to_the_lower_rank_then_the_lower_label_then_the_first_given():
    near, far = strike("b"), strike("c")
    rank = {near: (0, 1, "b"), far: (0, 3, "c")}
    flat = {near: 0.3, far: 0.3}
    assert best_of([far, near], flat.__getitem__, flat.__getitem__, rank.__getitem__) == (near, 0.3)
    kick, punch = strike("b", attack="Kick"), strike("b", attack="Punch")
    same = {kick: 0.3, punch: 0.3}
    assert best_of([punch, kick], same.__getitem__, same.__getitem__, no_rank)[0] is kick  # "strike Kick" < "strike Punch"
    twin = strike("b")
    assert best_of([near, twin], flat.__getitem__, {near: 0.3, twin: 0.3}.__getitem__, no_rank)[0] is near


def test_a_costless_option_whose_gain_equals_the_best_is_still_asked_and_may_win_its_tie():
    """The Strike at C is found first (higher gain, priced down to 0.3); the Strike at B costs
    nothing and its gain is 0.3 too: it ties, and wins on rank (the nearer foe)."""
    b, c = strike("b"), strike("c")
    bound, value = {b: 0.3, c: 0.6}, {b: 0.3, c: 0.3}
    rank = {b: (0, 1, "b"), c: (0, 2, "c")}
    assert best_of([c, b], value.__getitem__, bound.__getitem__, rank.__getitem__) == (b, 0.3)


def test_nothing_to_choose_from_is_none():
    assert best_of([], lambda a: 1.0, lambda a: 1.0, no_rank) is None


def test_what_an_aid_or_a_grab_must_beat_is_the_highest_value_asked_only_while_a_bound_could_beat_it():
    """The most any attack is worth (what ``tend`` and a Multipower switch weigh against): 0.5,
    found without pricing the Brace, whose gain of 0.4 cannot reach it; a worst case below 0
    stays below 0, as ``max`` has it; nothing to weigh is 0."""
    hay, hit, braced = strike("b", "haymaker"), strike("b"), strike("b", "brace")
    bound, value = {hay: 0.9, hit: 0.5, braced: 0.4}, {hay: 0.2, hit: 0.5, braced: 0.4}
    asked: list[Action] = []

    def worth(a: Action) -> float:
        asked.append(a)
        return value[a]

    assert highest([braced, hit, hay], worth, bound.__getitem__) == 0.5
    assert asked == [hay, hit]
    assert highest([hit], lambda a: -0.25, lambda a: 0.1) == -0.25
    assert highest([], worth, bound.__getitem__) == 0.0


def _everyone_on(name: str, mind: str):
    data = read_data(SCENARIOS / f"{name}.toml")
    for side in data["sides"]:
        for c in side["combatants"]:
            c["ai"] = mind
    return parse_scenario(data, name)


def _exhaustive(actions, value, rank):
    """The search as it was before issue 35: every option priced, the lowest (-value, rank,
    label, place given) wins."""
    rows = [((-value(a), *rank(a), a.label(), i), a) for i, a in enumerate(actions)]
    if not rows:
        return None
    key, a = min(rows, key=lambda r: r[0])
    return a, -key[0]


@pytest.mark.parametrize("name", ["hero-brawl", "hero-arsenal"])
@pytest.mark.parametrize("mind", ["default", "tactician", "cautious", "aggressive"])
def test_over_whole_battles_the_bounded_search_picks_what_pricing_every_option_picks(monkeypatch, name, mind):
    """Every search the mind makes in two battles, checked against the exhaustive one on the same
    options; every bound at or above its full value (the costs are never below 0); an Aid, a
    Grab or a blow at an Entangle (``tend``) chosen as without bounds; and some options never
    priced at all (the bound did skip work)."""
    searched = skipped = 0

    def checked(actions, value, bound, rank):
        nonlocal searched, skipped
        actions = list(actions)
        asked: set[Action] = set()

        def counted(a: Action) -> float:
            asked.add(a)
            return value(a)

        got = best_of(actions, counted, bound, rank)
        searched += 1
        skipped += len(set(actions) - asked)
        assert got == _exhaustive(actions, value, rank)
        for a in actions:
            assert bound(a) >= value(a), a
        return got

    original_tend = _choosing.tend

    def tend_checked(decision, battle, harm, beat=0.0, bound=None):
        got = original_tend(decision, battle, harm, beat, bound)
        assert got == original_tend(decision, battle, harm, beat)
        return got

    for module in (_choosing, _mind, default_ai):  # each reads the names from its own globals
        monkeypatch.setattr(module, "best_of", checked, raising=False)
        monkeypatch.setattr(module, "tend", tend_checked)
    sc = _everyone_on(name, mind)
    for i in range(2):
        Battle(sc, seed=battle_seed(35, i)).run()
    assert searched > 0 and skipped > 0


@pytest.mark.parametrize("name", ["hero-nightfall", "hero-arsenal"])
def test_the_pictures_gain_and_harm_are_the_estimate_worked_out_afresh_at_every_phase(name):
    """At every Phase of a battle (a Darkness, an invisible sniper and listening in nightfall;
    Multipowers, areas and Grabs in arsenal), each option's gain and harm as the picture keeps
    them (its DCVs, its perception of each foe, the Phase's shared strikes and exposure prices)
    are exactly the estimate worked out with nothing kept, and the harm is never above the gain."""
    b = Battle(load_scenario(bundled()[name]), seed=battle_seed(35, 0))
    phases = 0
    while (d := b.advance()) is not None:
        pic = d.picture
        if pic is not None:
            phases += 1
            for a in d.menu:
                assert pic.gain(a) == gain(b.ctx, pic.f, a, pic.dcv), a
                assert pic.harm(a) == estimate(b.ctx, pic.f, a, pic.dcv), a
                assert pic.harm(a) <= pic.gain(a), a
        choice, who = b.decide(d)
        b.submit(d, choice, who, checked=True)
    assert phases > 20
