"""Help Teammate, a basic reaction (rules/marvel.md §3.5): a teammate fails an action check and
gains an edge on that same check. Our reading: the edge rerolls one die of the failed roll as it
stands (the lowest that can improve, the better face kept), and the attack is judged again."""

from slugfest.core.engine.actions import Action
from slugfest.core.engine.events import ActionChosen
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.d616 import make, with_edge
from slugfest.core.rules.dice import ScriptedDice

from marvel_kit import M, Script, battle_with, events_of, fighter, scenario

#: Initiative for cap, widow, brute (roster order): the captain first.
CAP_FIRST = [5, M(5), 5, 1, M(2), 1, 1, M(2), 2]


def team(widow=None, rules=None, obstacles=()):
    cap = fighter("cap", (5, 5), name="Captain America", Melee=3, Resilience=3)
    widow = widow or fighter("widow", (3, 3), name="Black Widow", Resilience=3)
    brute = fighter("brute", (6, 5), name="Brute", Melee=3, Resilience=3)
    return scenario("marvel", {"Heroes": [cap, widow], "Villains": [brute]}, rules=rules, width=12, height=12,
                    obstacles=obstacles)


def punch(reactions):
    return Script([Action("attack", "Punch", "brute")], reactions=reactions)


def test_an_edge_after_the_fact_rerolls_the_lowest_die_and_keeps_the_better():
    roll = make((2, 4, 1), (2, 4, 1), (), ())
    helped = with_edge(ScriptedDice([5]), roll, "Widow's Help Teammate")
    assert helped.faces == (2, 4, 5) and helped.edges == ("Widow's Help Teammate",)
    assert helped.rerolls[-1].position == 2 and helped.dice_total == 11


def test_a_teammate_in_sight_helps_a_failed_attack_and_it_is_judged_again():
    # 2 [4] 1 = 7 + Melee 3 = 10 vs TN 13: a miss; the help rerolls the 1 to a 6: 15, a hit
    script = punch(["Help Teammate"])
    b = battle_with(team(), dice=CAP_FIRST + [2, M(4), 1, 6], plugins=[("script", script)])
    b.step()
    offer = script.offers[0]
    assert offer.actor == "widow" and offer.free and [a.label() for a in offer.menu] == ["declines", "Help Teammate -> cap"]
    used = events_of(b, ev.ReactionUsed)[0]
    assert (used.actor, used.reaction, used.effect) == ("widow", "Help Teammate",
                                                        "Captain America's attack missed (10 vs TN 13): an edge on that check")
    check = events_of(b, ev.AttackCheck)[0]
    assert check.roll.faces == (2, 4, 6) and check.total == 15 and check.hit
    assert check.roll.edges == ("Black Widow's Help Teammate",)
    assert b.state.fighters["widow"].reactions == 0


def test_no_one_is_asked_when_even_the_best_reroll_could_not_reach_the_tn():
    # 1 [2] 1 = 4 + Melee 3 = 7 vs TN 13: an edge could at best turn a 1 into a 6, 12
    script = punch(["Help Teammate"])
    b = battle_with(team(), dice=CAP_FIRST + [1, M(2), 1], plugins=[("script", script)])
    b.step()
    assert script.offers == [] and not events_of(b, ev.AttackCheck)[0].hit


def test_a_teammate_out_of_sight_or_the_option_off_asks_no_one():
    walled = team(obstacles=[(4, 4)])  # between the widow at 3,3 and the captain at 5,5
    script = punch(["Help Teammate"])
    b = battle_with(walled, dice=CAP_FIRST + [2, M(4), 1], plugins=[("script", script)])
    b.step()
    assert script.offers == []
    script = punch(["Help Teammate"])
    b = battle_with(team(rules={"help_teammate": False}), dice=CAP_FIRST + [2, M(4), 1], plugins=[("script", script)])
    b.step()
    assert script.offers == []


def test_the_minds_that_react_always_help():
    b = battle_with(team(rules={"team_maneuvers": False}), dice=CAP_FIRST + [2, M(4), 1, 6])
    b.step()  # every combatant default (no team maneuver to call): the widow helps
    used = events_of(b, ev.ReactionUsed)
    assert [(u.actor, u.reaction) for u in used] == [("widow", "Help Teammate")]
    assert events_of(b, ActionChosen)[1].reason == "a reaction costs no turn: gives Captain America an edge"
