"""Conditions that come and go (rules/marvel.md §5): stunned, prone, bleeding, ablaze, and the
Fantastic effects that inflict them (§4.4)."""

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.effects import inflict
from slugfest.core.files.scenario import ScenarioError

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, duel, events_of, fighter


def brawler(position=(5, 5), effect="", **keys):
    attack = {"name": "Club", "multiplier_bonus": 1}
    if effect:
        attack["fantastic_effect"] = effect
    base = dict(name="Brawler", rank=3, Melee=3, Agility=2, Resilience=3, Vigilance=2, Logic=2, attacks=[attack])
    base.update(keys)
    return fighter("brawler", position, **base)


def victim(position=(6, 5), **keys):
    base = dict(name="Victim", rank=3, Melee=2, Agility=2, Resilience=3, Vigilance=2, Logic=3,
                attacks=[{"name": "Punch"}, {"name": "Sling", "ability": "Agility", "range": 10}])
    base.update(keys)
    return fighter("victim", position, **base)


def started(a, b, faces=(), plan=()):
    bt = battle_with(duel(a, b), dice=FIRST_GOES_FIRST + list(faces), plugins=[("script", Script(list(plan)))])
    bt.start()
    return bt


def test_a_fantastic_hit_that_does_damage_inflicts_the_attacks_effect():
    b = started(brawler(effect="bleeding"), victim(), [3, LOGO, 3], [Action("attack", "Club", "victim")])
    b.step()
    changed = [e for e in events_of(b, ev.ConditionChanged) if e.condition == "bleeding"]
    assert changed and changed[0].why == "a Fantastic hit with Brawler's Club"
    assert "bleeding" in b.state.fighters["victim"].conditions()


def test_a_mighty_attacker_that_knocks_back_takes_no_effect():
    b = started(brawler(effect="stunned", powers=["Mighty 1"]), victim(), [3, LOGO, 3],
                [Action("attack", "Club", "victim")])
    b.step()
    assert events_of(b, ev.KnockedBack) and "stunned" not in b.state.fighters["victim"].timed


def test_a_stunned_character_loses_its_next_turn_and_attacks_on_it_have_an_edge():
    b = started(brawler(), victim(), [2, M(2), 2, 5])
    inflict(b.ctx, b.state.fighters["victim"], "stunned", "a test")
    d = b.next_decision()
    b.submit(d, Choice(Action("attack", "Club", "victim")))
    check = events_of(b, ev.AttackCheck)[0]
    assert check.roll.edges == ("Victim is stunned",) and check.roll.faces == (5, 2, 2)
    d = b.next_decision()  # the victim's turn is lost: the brawler's comes again
    assert d.actor == "brawler"
    skipped = events_of(b, ev.TurnSkipped)[0]
    assert skipped.actor == "victim" and skipped.reason == "stunned (a test): loses this turn"
    assert "stunned" not in b.state.fighters["victim"].timed


def test_stunned_breaks_concentration():
    b = started(brawler(), victim(powers=["Defense Stance"]))
    v = b.state.fighters["victim"]
    v.active = {**v.active, "Defense Stance": 1}
    inflict(b.ctx, v, "stunned", "a test")
    assert v.active == {} and events_of(b, ev.PowerEnded)[0].why == "Victim is stunned: concentration breaks"


def test_prone_gives_close_attacks_an_edge_and_ranged_ones_trouble_and_standing_up_takes_the_movement_action():
    b = started(brawler(), victim(position=(8, 5)), [2, M(2), 2, 5])
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "prone", "a test")
    f = b.state.fighters["brawler"]
    from slugfest.core.marvel.combat import attack_context

    close = attack_context(b.ctx, f, v, f.attack("Club"))
    assert "Victim is prone" in close.edges
    sling = attack_context(b.ctx, v, f, v.attack("Sling"))
    assert sling.troubles == ()  # the brawler is not prone
    bow = fighter("archer", (1, 5), name="Archer", attacks=[{"name": "Bow", "ability": "Agility", "range": 10}])
    b2 = started(bow, victim(position=(8, 5)))
    v2 = b2.state.fighters["victim"]
    inflict(b2.ctx, v2, "prone", "a test")
    a = b2.state.fighters["archer"]
    assert attack_context(b2.ctx, a, v2, a.attack("Bow")).troubles == ("Victim is prone",)
    # its turn: it stands up, its movement spent, so only what it reaches from where it lies
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge")))
    d = b.next_decision()
    assert d.actor == "victim" and "prone" not in v.timed and v.stood_up
    assert [a.label() for a in d.menu if a.kind == "attack"] == ["attack Sling -> brawler"]  # no walk to punch
    from slugfest.core.marvel.actions import moves

    assert moves(v) == 5  # the standard action may still be a move: one run, not two (rules/marvel.md §3.3)


def test_bleeding_costs_5_health_at_the_end_of_its_turn_and_a_logic_check_stops_it():
    b = started(brawler(), victim(), [5, M(5), 5])
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "bleeding", "a test")
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge")))
    d = b.next_decision()
    assert d.actor == "victim" and Action("treat", target="victim", maneuver="bleeding") in d.menu
    b.submit(d, Choice(Action("dodge")))
    b.next_decision()  # its turn ends: 5 Health
    hurt = [e for e in events_of(b, ev.DamageApplied) if e.source == "Bleeding"]
    assert [(e.target, e.taken) for e in hurt] == [("victim", 5)]


def test_treating_bleeding_is_a_logic_check_against_tn_10():
    b = started(brawler(), victim(), [4, M(2), 1])
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "bleeding", "a test")
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge")))
    d = b.next_decision()
    b.submit(d, Choice(Action("treat", target="victim", maneuver="bleeding")))  # 4+2+1 = 7 + Logic 3 = 10
    check = events_of(b, ev.CheckRolled)[0]
    assert (check.purpose, check.ability, check.total, check.tn, check.success) == (
        "stops its own bleeding", "Logic", 10, 10, True)
    assert "bleeding" not in v.timed


def test_ablaze_is_put_out_with_agility_and_regaining_health_stops_bleeding():
    b = started(brawler(), victim(karma=1), [1, M(2), 1, 6, M(6), 6])
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "ablaze", "a test")
    inflict(b.ctx, v, "bleeding", "a test")
    v.health -= 30
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge")))
    d = b.next_decision()
    b.submit(d, Choice(Action("treat", target="victim", maneuver="ablaze")))  # 4 + Agility 2 = 6: fails
    assert events_of(b, ev.CheckRolled)[0].ability == "Agility" and "ablaze" in v.timed
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge")))
    d = b.next_decision()
    b.submit(d, Choice(Action("recover", maneuver="recover Health")))  # 18 + 3 vs 10: dM 6 x rank 3
    assert "bleeding" not in v.timed and "ablaze" in v.timed


def test_a_misspelt_fantastic_effect_is_an_error_with_a_suggestion():
    with pytest.raises(ScenarioError) as info:
        duel(brawler(effect="bleed"), victim())
    (problem,) = info.value.problems
    assert problem.path.endswith("attacks[0].fantastic_effect") and "bleeding" in problem.message


def test_headshot_stuns_when_it_does_damage():
    archer = fighter("archer", (1, 5), name="Archer", rank=3, Agility=4, Vigilance=3, powers=["Headshot"],
                     attacks=[{"name": "Bow", "ability": "Agility", "range": 15}])
    b = started(archer, victim(position=(8, 5)), [4, M(5), 4, M(3)], [Action("attack", "Bow", "victim", "Headshot")])
    b.step()
    assert "stunned" in b.state.fighters["victim"].timed
    assert [e.why for e in events_of(b, ev.ConditionChanged) if e.condition == "stunned"] == ["Archer's Headshot"]


def test_stunned_and_prone_it_loses_the_turn_and_stands_up_on_the_next_one_it_has():
    """The helper's review: prone first, then stunned, left it unable to move on its next turn."""
    b = started(brawler(), victim(position=(8, 5)))
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "prone", "a slam")
    inflict(b.ctx, v, "stunned", "a punch")
    for _ in range(2):  # the brawler dodges; the victim's turn is lost, still prone
        d = b.next_decision()
        b.submit(d, Choice(Action("dodge")))
    assert "prone" in v.timed and "stunned" not in v.timed
    d = b.next_decision()
    assert d.actor == "victim" and v.stood_up and "prone" not in v.timed
    assert any(a.kind == "move" for a in d.menu)


def test_a_stunned_character_cannot_react():
    from slugfest.core.marvel.combat import can_react

    b = started(brawler(), victim())
    v = b.state.fighters["victim"]
    assert can_react(v)
    inflict(b.ctx, v, "stunned", "a test")
    assert not can_react(v)
