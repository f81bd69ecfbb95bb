"""Team maneuvers (rules/marvel.md §4.5): the level by the team's average rank, each member's
Focus (or 1 Karma), once a battle, the effect for the round; our readings in core/marvel/team.py."""

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.combat import attack_context
from slugfest.core.marvel.team import level_for

from marvel_kit import FIRST_GOES_FIRST, M, Script, battle_with, events_of, fighter, scenario

THIRD = [2, M(3), 1]


def hero(fid, position, **keys):
    base = dict(name=fid.title(), rank=4, Melee=3, Agility=3, Resilience=3, Vigilance=2, attacks=[{"name": "Punch"}])
    base.update(keys)
    return fighter(fid, position, **base)


def started(answers=(), plan=(), faces=(), villain_keys=None, **hero_keys):
    sc = scenario("marvel", {"Heroes": [hero("ann", (5, 5), **hero_keys), hero("bea", (5, 7))],
                             "Villains": [hero("vic", (6, 5), **(villain_keys or {}))]})
    b = battle_with(sc, dice=FIRST_GOES_FIRST + THIRD + list(faces),
                    plugins=[("script", Script(list(plan), list(answers)))])
    b.start()
    return b


@pytest.mark.parametrize("ranks, level", [([1, 2], 1), ([2, 3], 1), ([3, 4], 2), ([4, 4], 2), ([5, 6], 3), ([6, 6], 3)])
def test_the_level_follows_the_teams_average_rank(ranks, level):
    assert level_for(ranks) == level


def test_the_first_of_a_side_to_act_is_asked_as_the_round_starts_and_each_member_pays():
    b = started(["Offensive 2"])
    b.next_decision()
    called = events_of(b, ev.TeamManeuver)
    assert [(e.actor, e.side, e.maneuver, e.members) for e in called] == [("ann", "Heroes", "Offensive 2", ("ann", "bea"))]
    st = b.state.fighters
    assert (st["ann"].focus, st["bea"].focus) == (st["ann"].focus_max - 10, st["bea"].focus_max - 10)


def test_a_member_short_of_focus_pays_1_karma():
    b = started(["Defensive 1"], karma=2)
    ann = b.state.fighters["ann"]
    ann.focus = 3
    b.next_decision()
    assert (ann.focus, ann.karma) == (3, 1)
    assert "Ann 1 Karma" in events_of(b, ev.TeamManeuver)[0].paid


def test_offensive_1_gives_the_teams_attacks_an_edge_and_not_the_foes():
    b = started(["Offensive 1"])
    b.next_decision()
    st = b.state.fighters
    assert attack_context(b.ctx, st["ann"], st["vic"], st["ann"].attack("Punch")).edges == ("Ann's team: Offensive 1",)
    assert attack_context(b.ctx, st["vic"], st["ann"], st["vic"].attack("Punch")).edges == ()


def test_defensive_2_is_health_damage_reduction_4_that_does_not_stack_with_sturdy():
    b = started(["Defensive 2"], powers=["Sturdy 1"])
    b.next_decision()
    st = b.state.fighters
    a = attack_context(b.ctx, st["vic"], st["ann"], st["vic"].attack("Punch"))
    assert a.reductions == (("Sturdy 1", 1), ("Defensive 2 (team)", 4))


def test_rally_1_gives_attacks_against_the_team_trouble():
    b = started(["Rally 1"])
    b.next_decision()
    st = b.state.fighters
    assert attack_context(b.ctx, st["vic"], st["bea"], st["vic"].attack("Punch")).troubles == ("Bea's team: Rally 1",)


def test_offensive_2_rolls_twice_and_keeps_the_better():
    # first roll 1 [2] 1 = 4 + 3 misses Vic's 13; the second 5 [4] 5 = 14 + 3 hits
    b = started(["Offensive 2"], [Action("attack", "Punch", "vic")], [1, M(2), 1, 5, M(4), 5])
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert (check.roll.faces, check.total, check.hit) == ((5, 4, 5), 17, True)
    assert check.notes == ("rolled twice (Offensive 2): this roll kept, the other was 1 [2] 1 = 7",)


@pytest.mark.parametrize("villain_rank, m", [(6, "Ann's team: Offensive 3"), (5, "")])
def test_offensive_3_makes_the_marvel_die_an_m_against_equal_or_higher_ranks_only(villain_rank, m):
    sc = scenario("marvel", {"Heroes": [hero("ann", (5, 5), rank=6), hero("bea", (5, 7), rank=6)],
                             "Villains": [hero("vic", (6, 5), rank=villain_rank)]})
    b = battle_with(sc, dice=FIRST_GOES_FIRST + THIRD + [1, M(2), 1, 1], plugins=[("script", Script(
        [Action("attack", "Punch", "vic")], ["Offensive 3"]))])
    b.start()
    st = b.state.fighters
    b.step()
    assert attack_context(b.ctx, st["ann"], st["vic"], st["ann"].attack("Punch")).marvel_m == m
    check = events_of(b, ev.AttackCheck)[0]
    if m:  # 1 [M] 1: the M counts 6, a Fantastic: 8 + Melee 3 = 11 vs 13 is still a miss
        assert (check.roll.faces, check.roll.fantastic, check.total) == ((1, 1, 1), True, 11)
    else:
        assert check.roll.faces == (1, 2, 1)


def test_once_a_battle_and_it_ends_as_the_next_round_starts():
    b = started(["Offensive 1", "Offensive 1"])
    for _ in range(4):  # round 1: Ann, Vic, Bea; round 2 starts
        b.step()
    assert len(events_of(b, ev.TeamManeuver)) == 1
    ended = events_of(b, ev.TeamManeuverEnded)
    assert [(e.side, e.maneuver) for e in ended] == [("Heroes", "Offensive 1")] and not b.state.team


def test_rally_3_brings_back_a_shattered_member():
    b = started(["Rally 3"], rank=6)
    st = b.state.fighters
    from slugfest.core.marvel.team import MANEUVERS, call

    bea = st["bea"]
    bea.focus = -bea.focus_max
    assert bea.shattered
    call(b.ctx, "Heroes", st["ann"], MANEUVERS["Rally 3"], "bea")
    assert bea.focus == 0 and not bea.shattered and not bea.out


def test_the_default_ai_calls_offensive_when_the_foes_are_in_reach():
    sc = scenario("marvel", {"Heroes": [hero("ann", (5, 5)), hero("bea", (5, 7))],
                             "Villains": [hero("vic", (6, 5))]})
    b = battle_with(sc, dice=FIRST_GOES_FIRST + THIRD)
    b.start()
    b.next_decision()
    called = events_of(b, ev.TeamManeuver)
    assert [e.maneuver for e in called][:1] == ["Offensive 2"]
