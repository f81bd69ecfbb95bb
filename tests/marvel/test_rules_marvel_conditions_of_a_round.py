"""The rest of the conditions (rules/marvel.md §5) and the elemental Fantastic effects that
inflict them (§4.4): paralyzed, blinded, slowed, off-balance, surprised, deafened, poisoned,
corroding. A condition "for 1 round" lasts through its victim's next turn and ends with it."""

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.errors import IllegalAction
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.combat import attack_context
from slugfest.core.marvel.effects import inflict
from slugfest.core.marvel.movement import speed
from slugfest.core.files.scenario import ScenarioError

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, duel, events_of, fighter


def brawler(position=(5, 5), **keys):
    base = dict(name="Brawler", rank=3, Melee=3, Agility=2, Resilience=3, Vigilance=2, Logic=2,
                attacks=[{"name": "Club", "multiplier_bonus": 1}])
    base.update(keys)
    return fighter("brawler", position, **base)


def victim(position=(6, 5), **keys):
    base = dict(name="Victim", rank=3, Melee=2, Agility=2, Resilience=3, Vigilance=2, Logic=3,
                attacks=[{"name": "Punch"}, {"name": "Sling", "ability": "Agility", "range": 10},
                         {"name": "Mind Bolt", "ability": "Ego", "range": 10}])
    base.update(keys)
    return fighter("victim", position, **base)


def started(a, b, faces=(), plan=()):
    bt = battle_with(duel(a, b), dice=FIRST_GOES_FIRST + list(faces), plugins=[("script", Script(list(plan)))])
    bt.start()
    return bt


def pass_turn(b):
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge") if Action("dodge") in d.menu else d.menu[-1]))
    return d


def test_paralyzed_close_attacks_hit_automatically_and_ranged_ones_need_10():
    b = started(brawler(), victim())
    f, v = b.state.fighters["brawler"], b.state.fighters["victim"]
    inflict(b.ctx, v, "paralyzed", "a test")
    assert attack_context(b.ctx, f, v, f.attack("Club")).auto_hit == "target paralyzed: close attacks hit automatically"
    archer = fighter("archer", (1, 5), name="Archer", Agility=5, attacks=[{"name": "Bow", "ability": "Agility", "range": 10}])
    b2 = started(archer, victim(position=(8, 5), Agility=6))
    v2, a = b2.state.fighters["victim"], b2.state.fighters["archer"]
    assert attack_context(b2.ctx, a, v2, a.attack("Bow")).tn == 16
    inflict(b2.ctx, v2, "paralyzed", "a test")
    shot = attack_context(b2.ctx, a, v2, a.attack("Bow"))
    assert (shot.tn, shot.tn_note) == (10, "paralyzed: defense against ranged attacks is 10")


def test_paralyzed_it_cannot_move_nor_take_melee_or_agility_actions_on_its_turn_then_it_ends():
    b = started(brawler(), victim(position=(8, 5)), [1, M(2), 1, 1])  # the Mind Bolt misses (a trouble: the brawler dodges)
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "paralyzed", "a test")
    assert speed(v) == 0
    pass_turn(b)
    d = b.next_decision()
    assert d.actor == "victim"
    kinds = {(a.kind, a.attack) for a in d.menu}
    assert ("attack", "Mind Bolt") in kinds  # an Ego attack needs neither body nor legs
    assert not {("attack", "Punch"), ("attack", "Sling"), ("move", ""), ("dodge", "")} & kinds
    with pytest.raises(IllegalAction, match="Victim is paralyzed: no Agility actions"):
        b.submit(d, Choice(Action("attack", "Sling", "brawler")))
    b.submit(d, Choice(Action("attack", "Mind Bolt", "brawler")))
    b.next_decision()  # its turn is over: so is the paralysis
    ended = [e for e in events_of(b, ev.ConditionChanged) if e.condition == "paralyzed" and not e.active]
    assert ended and ended[0].why == "its round is over (its turn has ended)" and "paralyzed" not in v.timed


def test_a_condition_of_a_round_ends_with_a_stunned_victims_lost_turn():
    b = started(brawler(), victim())
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "blinded", "a flash")
    inflict(b.ctx, v, "stunned", "a punch")
    pass_turn(b)
    d = b.next_decision()
    assert d.actor == "brawler" and v.timed == {}


def test_blinded_halves_its_speed_gives_its_attacks_trouble_and_its_foes_an_edge():
    b = started(brawler(), victim(position=(8, 5)))
    f, v = b.state.fighters["brawler"], b.state.fighters["victim"]
    before = speed(v)
    inflict(b.ctx, v, "blinded", "a test")
    assert speed(v) == -(-before // 2)
    assert "Victim is blinded" in attack_context(b.ctx, f, v, f.attack("Club")).edges
    assert attack_context(b.ctx, v, f, v.attack("Sling")).troubles == ("Victim is blinded",)


def test_off_balance_gives_every_check_trouble_and_slowed_halves_speed():
    b = started(brawler(), victim())
    f, v = b.state.fighters["brawler"], b.state.fighters["victim"]
    inflict(b.ctx, v, "off-balance", "a test")
    assert attack_context(b.ctx, v, f, v.attack("Mind Bolt")).troubles == ("Victim is off-balance",)
    run = speed(f)
    inflict(b.ctx, f, "slowed", "a test")
    assert speed(f) == -(-run // 2) and attack_context(b.ctx, f, v, f.attack("Club")).troubles == ()


def test_surprised_gives_its_enemies_an_edge_and_deafened_changes_no_roll():
    b = started(brawler(), victim())
    f, v = b.state.fighters["brawler"], b.state.fighters["victim"]
    inflict(b.ctx, v, "surprised", "a wave")
    inflict(b.ctx, v, "deafened", "a thunderclap")
    a = attack_context(b.ctx, f, v, f.attack("Club"))
    assert a.edges == ("Victim is surprised",) and a.troubles == ()


def test_poisoned_a_failed_resilience_check_as_its_turn_starts_costs_1_health():
    # the victim's check: 2 + 2 + 2 = 6 + Resilience 3 = 9 vs TN 18 fails
    b = started(brawler(), victim(), [2, M(2), 2])
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "poisoned", "a test")
    pass_turn(b)
    d = b.next_decision()
    assert d.actor == "victim"
    check = events_of(b, ev.CheckRolled)[0]
    assert (check.purpose, check.ability, check.total, check.tn, check.success) == (
        "resists being poisoned", "Resilience", 9, 18, False)
    hurt = events_of(b, ev.DamageApplied)[-1]
    assert (hurt.source, hurt.taken) == ("Poisoned", 1) and "poisoned" in v.timed


def test_poisoned_a_fantastic_success_cures_it():
    b = started(brawler(), victim(Resilience=10), [4, LOGO, 4])  # 4+6+4 = 14 + 10 = 24, Fantastic
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "poisoned", "a test")
    pass_turn(b)
    b.next_decision()
    assert "poisoned" not in v.timed and not [e for e in events_of(b, ev.DamageApplied) if e.source == "Poisoned"]


def test_corroding_costs_5_health_at_the_end_of_each_turn_and_no_action_ends_it():
    b = started(brawler(), victim())
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "corroding", "a test")
    pass_turn(b)
    d = b.next_decision()
    assert not [a for a in d.menu if a.kind == "treat"]
    b.submit(d, Choice(Action("dodge")))
    b.next_decision()
    assert [(e.source, e.taken) for e in events_of(b, ev.DamageApplied)] == [("Corroding", 5)]


@pytest.mark.parametrize("element, effect", [("Ice", "paralyzed"), ("Energy", "blinded"), ("Toxin", "poisoned"),
                                             ("Fire", "ablaze"), ("Earth", "slowed")])
def test_an_elemental_attacks_fantastic_hit_inflicts_its_elements_effect(element, effect):
    blaster = brawler(attacks=[{"name": "Blast", "ability": "Ego", "range": 10, "damage": "Health", "element": element}])
    b = started(blaster, victim(position=(8, 5)), [3, LOGO, 3], [Action("attack", "Blast", "victim")])
    b.step()
    assert effect in b.state.fighters["victim"].timed
    assert b.scenario.combatants[0].sheet.attacks[0].fantastic_effect == effect


def test_an_element_whose_effect_is_not_modelled_is_an_error_saying_so():
    with pytest.raises(ScenarioError) as info:
        duel(brawler(attacks=[{"name": "Blast", "range": 10, "element": "Hellfire"}]), victim())
    (problem,) = info.value.problems
    assert problem.path.endswith("attacks[0].element")
    assert "Hellfire: its effect, the damage split between Health and Focus, is not modelled" in problem.message


def test_element_and_fantastic_effect_together_are_an_error():
    with pytest.raises(ScenarioError) as info:
        duel(brawler(attacks=[{"name": "Blast", "range": 10, "element": "Ice", "fantastic_effect": "stunned"}]),
             victim())
    assert "element 'Ice' already gives 'paralyzed'" in info.value.problems[0].message


def test_a_paralyzed_character_with_nothing_it_may_do_passes_its_turn_and_the_paralysis_ends():
    """Found by the marvel-xmen scenario: a paralyzed Juggernaut (Melee attacks only, no Karma)
    had an empty menu."""
    b = started(brawler(), victim(position=(8, 5), attacks=[{"name": "Punch"}], karma=0))
    v = b.state.fighters["victim"]
    inflict(b.ctx, v, "paralyzed", "a test")
    pass_turn(b)
    d = b.next_decision()
    assert d.actor == "brawler" and "paralyzed" not in v.timed
    skipped = [e for e in events_of(b, ev.TurnSkipped) if e.actor == "victim"]
    assert skipped and skipped[0].reason == "paralyzed: no action it can take"
