"""Battle.fork(): a copy of a battle as it stands, played forward apart from it.

A fork shares nothing the rules change, waits on the same decision (a question in the middle of
an action included), rolls the same dice unless given a stream of its own, and calls no observer.
The yardstick throughout: a battle and its fork given the same answers make the same events as
one battle given those answers from the start.
"""

from __future__ import annotations

import dataclasses

import pytest

from slugfest import hookimpl
from slugfest.core.engine.actions import Action, Choice
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import ActionChosen
from slugfest.core.engine.forking import ForkError
from slugfest.core.files.scenario import load_scenario
from slugfest.core.testing import battle_with, scenario, hero
from slugfest.scenarios import bundled

BRAWLS = ("hero-brawl", "marvel-brawl")


def brawl(name: str, seed: int = 4, **kw) -> Battle:
    return Battle(load_scenario(bundled()[name]), seed=seed, **kw)


def played(b: Battle, decisions: int) -> Battle:
    for _ in range(decisions):
        if not b.step():
            break
    return b


def waiting_on_a_question(name: str, seed: int = 4, *, after: int = 0) -> Battle:
    """A battle stopped at a question to one of its combatants (all of them are waited on), after
    at least ``after`` Phase or turn decisions."""
    sc = load_scenario(bundled()[name])
    b = Battle(sc, seed=seed, player_controlled=[c.id for c in sc.combatants])
    taken = 0
    while True:
        d = b.advance()
        assert d is not None, "the battle ended without a question"
        if b.asking and taken >= after:
            return b
        taken += not b.asking
        choice, who = b.decide(d)
        b.submit(d, choice, who, checked=True)


def answer_with(b: Battle, pick) -> None:
    """Answer what the battle waits on: questions with ``pick(menu)``, Phases by the AI."""
    d = b.pending
    if b.asking:
        b.submit(d, Choice(pick(d.menu), "test"), "test")
    else:
        choice, who = b.decide(d)
        b.submit(d, choice, who, checked=True)


def run_out(b: Battle, pick, limit: int = 400) -> Battle:
    for _ in range(limit):
        if b.advance() is None:
            return b
        answer_with(b, pick)
    return b


def first(menu):
    return menu[0]


def last(menu):
    return menu[-1]


# -- the copy -----------------------------------------------------------------------------------

def figures(state) -> list:
    """Everything a rules system's state holds, as values to compare (not its caches)."""
    def of(part):
        return {f.name: getattr(part, f.name) for f in dataclasses.fields(part) if f.compare and f.name != "fighters"}
    return [of(state), *(of(f) for f in state.fighters.values())]


@pytest.mark.parametrize("name", BRAWLS)
def test_a_battle_and_its_fork_each_play_on_without_touching_the_other(name):
    """A fork shares the fighters' frozen records and mappings (a change replaces them) and
    copies the containers the clock edits: playing either one out leaves the other as it was."""
    b = played(brawl(name), 12)
    b.advance()
    twin = b.fork()
    assert twin.state is not b.state and twin.state.fighters.keys() == b.state.fighters.keys()
    theirs, mine = figures(twin.state), figures(b.state)
    assert theirs == mine
    b.run()
    assert figures(twin.state) == theirs
    other = b.fork()  # the finished battle's own fork, played on no further: b is not changed by it
    twin.run()
    assert figures(b.state) == figures(other.state) != mine


@pytest.mark.parametrize("name", BRAWLS)
def test_a_fork_played_out_is_the_battle_the_original_would_have_fought(name):
    b = played(brawl(name), 10)
    decision = b.advance()
    twin = b.fork()
    assert twin.pending is not decision and twin.pending.menu == decision.menu
    assert twin.pending.picture.ctx is twin.ctx  # the tactical picture reads the fork's state
    twin.run()
    assert len(b.events) < len(twin.events)  # the original did not move
    b.run()
    assert b.events == twin.events


@pytest.mark.parametrize("name", BRAWLS)
def test_a_fork_with_a_seed_of_its_own_rolls_other_dice_and_leaves_the_original_alone(name):
    b = played(brawl(name), 6)
    before = list(b.events)
    forks = [b.fork(seed=s) for s in (11, 12)]
    for f in forks:
        f.run()
    assert b.events == before
    assert forks[0].events != forks[1].events
    b.run()
    assert b.events != forks[0].events


def test_a_fork_calls_no_observer_and_is_not_a_battle_of_its_own():
    seen = []

    class Observer:
        @hookimpl
        def slugfest_battle_end(self, battle, outcome):
            seen.append(outcome)

    sc = scenario("hero", {"A": [hero("a", (0, 0), DEX=14)], "B": [hero("b", (1, 0))]}, turn_limit=2)
    b = battle_with(sc, seed=3, plugins=[("observer", Observer())])
    b.advance()
    b.fork().run()
    assert seen == []
    b.run()
    assert len(seen) == 1


def test_a_fork_of_a_battle_not_started_starts_on_its_own():
    b = brawl("hero-duel")
    twin = b.fork()
    assert twin.run() == b.run()
    assert twin.events == b.events


# -- a fork in the middle of an action ----------------------------------------------------------

@pytest.mark.parametrize("name", ("hero-duel", "hero-brawl", "marvel-brawl", "marvel-xmen"))
def test_a_battle_waiting_on_a_question_forks_and_each_copy_plays_on_with_its_own_answer(name):
    """The brief's yardstick: fork a battle waiting on an Abort (a reaction), answer the copies
    differently, and each plays on as a battle given that answer from the start would."""
    b = waiting_on_a_question(name, after=6)
    question = b.pending
    twins = [b.fork(), b.fork()]
    for twin in twins:
        assert twin.asking and twin.pending.actor == question.actor and twin.pending.menu == question.menu
        assert twin.events == b.events
    run_out(twins[0], first)
    run_out(twins[1], last)
    assert twins[0].events != twins[1].events
    assert b.pending is question and b.asking  # the original still waits, untouched
    for twin, pick in zip(twins, (first, last)):
        again = waiting_on_a_question(name, after=6)
        assert again.events == b.events
        run_out(again, pick)
        assert again.events == twin.events


def test_a_fork_far_from_the_last_checkpoint_replays_every_decision_since():
    b = waiting_on_a_question("hero-brawl", seed=2, after=20)
    assert b._journal, "the fork has decisions to replay"
    twin = b.fork()
    assert twin.events == b.events and b.checkpoint_every == 1  # from now on, one at every decision
    run_out(twin, last)
    run_out(b, last)
    assert twin.events == b.events


def test_a_fork_of_a_fork_waiting_on_a_question():
    b = waiting_on_a_question("marvel-brawl", after=4)
    twin = b.fork()
    grandchild = twin.fork()
    run_out(grandchild, first)
    run_out(b, first)
    assert grandchild.events == b.events


def test_a_fork_made_at_a_phase_then_asked_a_question_forks_again():
    """A fork holds its parent's checkpoint and journal, so it can itself be forked mid-action."""
    sc = load_scenario(bundled()["hero-duel"])
    b = Battle(sc, seed=5, player_controlled=[c.id for c in sc.combatants])
    played_phases = 0
    while played_phases < 3:
        d = b.advance()
        answer_with(b, first)
        played_phases += not d.kind == "abort"
    twin = b.fork()
    while not twin.asking:
        assert twin.advance() is not None
        if not twin.asking:
            answer_with(twin, first)
    again = twin.fork()
    run_out(again, last)
    run_out(twin, last)
    assert again.events == twin.events


def test_a_house_rule_that_rolls_differently_on_the_same_dice_is_caught_by_a_replay():
    """A fork mid-action replays the attack and damage steps: one that is not a function of the
    battle and its dice cannot be replayed, and the fork says so instead of diverging."""
    calls = [0]

    class Moody:
        @hookimpl(wrapper=True)
        def slugfest_attack_step(self, battle, attack):
            result = yield
            calls[0] += 1
            return dataclasses.replace(result, notes=(*result.notes, f"in the mood {calls[0]}"))

    sc = scenario("hero", {"A": [hero("a", (0, 0), DEX=14, SPD=4)], "B": [hero("b", (1, 0), SPD=4)]},
                  turn_limit=3, house_rules=["moody"], plugins=[("moody", Moody())])
    b = battle_with(sc, seed=3, plugins=[("moody", Moody())], player_controlled=["a", "b"])
    b.checkpoint_every = 100
    steps = 0
    while not (b.asking and steps > 3):
        d = b.advance()
        choice, who = b.decide(d)
        b.submit(d, choice, who, checked=True)
        steps += 1
    with pytest.raises(ForkError, match="did not stop at the same question"):
        b.fork()


# -- a plugin's lookahead ----------------------------------------------------------------------

class Peeker:
    """An AI that forks the battle at every decision it is asked, plays the fork out a little,
    then leaves the choice to the next AI: the real battle must not notice."""

    def __init__(self) -> None:
        self.forks = 0

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        if battle.is_fork:  # asked inside its own lookahead (it answers for everyone): let the others
            return None
        twin = battle.fork(ai="default")
        twin.play_out(3)
        self.forks += 1
        return None


@pytest.mark.parametrize("name", BRAWLS)
def test_a_plugin_that_plays_forks_out_leaves_the_battle_as_it_would_have_been(name):
    sc = load_scenario(bundled()[name])
    peeker = Peeker()
    from slugfest.core.engine.plugins import get_plugin_manager

    watched = Battle(sc, seed=8, host=get_plugin_manager(extra=[("peeker", peeker)]))
    plain = Battle(sc, seed=8)
    played(watched, 25)
    played(plain, 25)
    assert peeker.forks > 25
    strip = lambda events: [e for e in events if not isinstance(e, ActionChosen)]  # noqa: E731
    assert strip(watched.events) == strip(plain.events)
    chosen = [(e.actor, e.action) for e in watched.events if isinstance(e, ActionChosen)]
    assert chosen == [(e.actor, e.action) for e in plain.events if isinstance(e, ActionChosen)]


def test_a_rollout_by_another_ai_asks_that_ai_for_everyone():
    b = played(brawl("hero-brawl", seed=2), 4)
    twin = b.fork(ai="aggressive")
    twin.play_out(6)
    whose = {e.chosen_by for e in twin.events[len(b.events):] if isinstance(e, ActionChosen)}
    assert whose == {"aggressive"}


def test_submitting_to_a_decision_that_is_not_waiting_is_refused():
    b = brawl("hero-duel")
    d = b.advance()
    twin = b.fork()
    from slugfest.core.errors import IllegalAction

    with pytest.raises(IllegalAction, match="not the one the battle waits on"):
        twin.submit(d, Choice(Action("dodge")))


def test_a_fork_sets_every_attribute_a_battle_has_and_shares_only_what_never_changes():
    """forking._shell builds a fork without Battle.__init__: it must set everything __init__
    does, and share nothing the loop changes."""
    b = played(brawl("hero-brawl"), 3)
    b.advance()
    twin = b.fork()
    assert set(vars(twin)) == set(vars(Battle(b.scenario, seed=1)))
    shared = {"scenario", "seed", "host", "system", "options", "grid", "plugin_timeout", "on_plugin_error",
              "player_controlled", "controller", "_own_steps", "_checkpoint", "started", "checkpoint_every",
              "_since_checkpoint", "questions", "_ahead", "halted", "_rules"}
    for name, value in vars(twin).items():
        if name not in shared and value is not None and not isinstance(value, (bool, int, str, frozenset)):
            assert value is not getattr(b, name), f"Battle.{name} is shared with its fork"
