"""Grab and Escape (rules/marvel.md §3.4-3.5) and the grabbed and pinned conditions (§5)."""

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.combat import attack_context
from slugfest.core.marvel.movement import speed
from slugfest.core.testing import drive

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, events_of, fighter, scenario


def grappler(position=(5, 5), **keys):
    base = dict(name="Grappler", rank=3, Melee=4, Agility=2, Resilience=3, Vigilance=2, Logic=2,
                attacks=[{"name": "Punch"}])
    base.update(keys)
    return fighter("grappler", position, **base)


def victim(position=(6, 5), **keys):
    base = dict(name="Victim", rank=3, Melee=2, Agility=2, Resilience=3, Vigilance=2, Logic=3,
                attacks=[{"name": "Punch"}, {"name": "Sling", "ability": "Agility", "range": 10}])
    base.update(keys)
    return fighter("victim", position, **base)


GRAB = Action("grab", target="victim", maneuver="Grab")


def started(a, b, faces=(), plan=(), escape=False, others=()):
    """A battle started on scripted dice (the first combatant first); the Script declines every
    question unless ``escape``: then it takes the escape reaction when offered."""
    sc = scenario("marvel", {"Heroes": [a, *others], "Villains": [b]})
    bt = battle_with(sc, dice=FIRST_GOES_FIRST + [2, M(3), 1] * len(others) + list(faces),
                     plugins=[("script", Script(list(plan), ["Escape"] if escape else []))])
    bt.start()
    return bt


def test_a_grab_is_melee_against_melee_defense_and_holds_the_target_in_place():
    # 3 + 4 + 3 = 10 + Melee 4 = 14 vs the victim's Melee defense 12: held
    b = started(grappler(), victim(), [3, M(4), 3], [GRAB])
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert (check.attack, check.ability, check.total, check.defense, check.tn, check.hit) == (
        "Grab", "Melee", 14, "Melee", 12, True)
    v, g = b.state.fighters["victim"], b.state.fighters["grappler"]
    assert v.timed == {"grabbed": "held by Grappler"} and v.held_by == "grappler" and g.holding == "victim"
    assert speed(v) == 0 and "holding" in g.conditions()
    assert not events_of(b, ev.DamageFigured)  # a grab does no damage


def test_a_fantastic_grab_pins_and_pinned_gives_its_melee_and_agility_checks_trouble():
    b = started(grappler(), victim(), [3, LOGO, 3], [GRAB])
    b.step()
    v, g = b.state.fighters["victim"], b.state.fighters["grappler"]
    assert set(v.timed) == {"grabbed", "pinned"}
    assert attack_context(b.ctx, v, g, v.attack("Punch")).troubles == ("Victim is pinned",)


def test_the_held_may_break_free_at_once_as_a_reaction_melee_against_the_holders_melee_defense():
    # the grab: 14 vs 12; the escape: 5 + 5 + 5 = 15 + Melee 2 = 17 vs the grappler's Melee defense 14
    b = started(grappler(), victim(), [3, M(4), 3, 5, M(5), 5], [GRAB], escape=True)
    b.step()
    used = events_of(b, ev.ReactionUsed)[0]
    assert (used.actor, used.reaction, used.against) == ("victim", "Escape", "grappler")
    check = events_of(b, ev.CheckRolled)[0]
    assert (check.purpose, check.total, check.tn, check.success) == (
        "breaks free of Grappler's hold (a reaction)", 17, 14, True)
    v, g = b.state.fighters["victim"], b.state.fighters["grappler"]
    assert v.timed == {} and not v.held_by and not g.holding


def test_escape_on_its_own_turn_and_a_failed_one_leaves_it_held():
    b = started(grappler(), victim(), [3, M(4), 3, 1, M(2), 1], [GRAB])
    b.step()
    d = b.next_decision()
    assert d.actor == "victim" and Action("escape", target="grappler", maneuver="Escape") in d.menu
    assert not [a for a in d.menu if a.kind == "move"]
    b.submit(d, Choice(Action("escape", target="grappler", maneuver="Escape")))  # 4 + Melee 2 vs 14
    assert events_of(b, ev.CheckRolled)[0].success is False and "grabbed" in b.state.fighters["victim"].timed


def test_attacks_by_others_on_either_of_the_pair_have_trouble_but_not_between_them():
    archer = fighter("archer", (1, 5), name="Archer", attacks=[{"name": "Bow", "ability": "Agility", "range": 10}])
    b = started(grappler(), victim(), [3, M(4), 3], [GRAB],
                others=[archer])
    b.step()
    st = b.state.fighters
    g, v = st["grappler"], st["victim"]
    assert attack_context(b.ctx, g, v, g.attack("Punch")).troubles == ()
    assert attack_context(b.ctx, v, g, v.attack("Punch")).troubles == ()
    a = st["archer"]
    assert attack_context(b.ctx, a, v, a.attack("Bow")).troubles == ("Victim is grappling with Grappler",)


def test_a_holder_that_moves_lets_go():
    b = started(grappler(), victim(), [3, M(4), 3], [GRAB])
    b.step()
    d = b.next_decision()
    b.submit(d, Choice(Action("dodge")))
    d = b.next_decision()
    assert d.actor == "grappler" and not [a for a in d.menu if a.kind == "grab"]  # it holds someone already
    b.submit(d, Choice(Action("move", destination=(2, 5))))
    v = b.state.fighters["victim"]
    assert v.timed == {} and not v.held_by
    ended = [e for e in events_of(b, ev.ConditionChanged) if e.condition == "grabbed" and not e.active]
    assert ended[0].why == "Grappler lets go to move"


def test_a_holder_knocked_out_lets_go():
    from slugfest.core.marvel.effects import apply_damage

    b = started(grappler(), victim(), [3, M(4), 3], [GRAB])
    b.step()
    g = b.state.fighters["grappler"]
    apply_damage(b.ctx, g, "Health", 500, g.health, "a test", "")
    assert b.state.fighters["victim"].timed == {} and not g.holding


def test_an_iron_attacks_fantastic_hit_pins_for_a_round_escaped_against_20():
    smith = grappler(attacks=[{"name": "Iron Bands", "ability": "Ego", "range": 10, "damage": "Health", "element": "Iron"}])
    b = started(smith, victim(position=(8, 5)), [3, LOGO, 3, 6, M(6), 6, 1], [Action("attack", "Iron Bands", "victim")],
                escape=True)
    b.step()
    v = b.state.fighters["victim"]
    check = events_of(b, ev.CheckRolled)[0]  # pinned: a trouble on it, the 1 not kept; 18 + Melee 2 = 20 vs 20
    assert (check.purpose, check.tn, check.success) == ("breaks free of the hold (a reaction)", 20, True)
    assert "pinned" not in v.timed


def test_a_pin_from_iron_ends_with_the_victims_next_turn():
    smith = grappler(attacks=[{"name": "Iron Bands", "ability": "Ego", "range": 10, "damage": "Health", "element": "Iron"}])
    b = started(smith, victim(position=(8, 5)), [3, LOGO, 3], [Action("attack", "Iron Bands", "victim")])
    b.step()
    v = b.state.fighters["victim"]
    assert "pinned" in v.timed and not v.held_by
    d = b.next_decision()
    assert d.actor == "victim" and Action("escape", target="", maneuver="Escape") in d.menu
    b.submit(d, Choice(Action("dodge")))
    b.next_decision()
    assert "pinned" not in v.timed


def test_the_default_ai_grabs_a_foe_it_cannot_hurt_when_an_ally_is_still_fighting():
    tank = victim(powers=["Sturdy 4"], attacks=[{"name": "Punch"}])  # damage reduction 4 beats rank 3
    friend = fighter("friend", (1, 1), name="Friend", attacks=[{"name": "Punch"}])
    sc = scenario("marvel", {"Heroes": [grappler(), friend], "Villains": [tank]})
    bt = battle_with(sc, dice=FIRST_GOES_FIRST + [2, M(3), 1])
    bt.start()
    d = bt.next_decision()
    assert d.actor == "grappler"
    choice, _ = bt.decide(d)
    assert choice.action == GRAB and choice.reason.endswith("grabs Victim to keep it off its allies")


def test_a_grab_the_rules_refuse_says_why():
    import pytest

    from slugfest.core.errors import IllegalAction

    b = started(grappler(), victim(position=(19, 5)))
    d = b.next_decision()
    with pytest.raises(IllegalAction, match="Victim is 14 spaces away: too far to reach"):
        b.submit(d, Choice(GRAB))
    with pytest.raises(IllegalAction, match="Grappler is not held"):
        b.submit(d, Choice(Action("escape", target="victim", maneuver="Escape")))


def test_a_holder_that_interposes_lets_go():
    """The review: stepping in moved the holder without releasing its hold."""
    from slugfest.core.marvel.effects import hold
    from slugfest.core.marvel.reactions import offer_interpose

    ally = fighter("ally", (4, 5), name="Ally", attacks=[{"name": "Punch"}])
    sc = scenario("marvel", {"Heroes": [grappler(), ally], "Villains": [victim()]})
    b = battle_with(sc, dice=FIRST_GOES_FIRST + [2, M(3), 1], plugins=[("script", Script([], ["Interpose"]))])
    b.start()
    st = b.state.fighters
    hold(b.ctx, st["ally"], st["victim"], False)
    stepping_in = lambda d: d.menu[1]  # noqa: E731 - the ally accepts
    assert drive(offer_interpose(b.ctx, st["victim"], st["grappler"], st["victim"].attack("Punch")),
                 stepping_in) is st["ally"]
    assert st["ally"].pos != (4, 5) and not st["ally"].holding and not st["victim"].held_by


def test_a_held_foe_knocked_out_is_let_go():
    from slugfest.core.marvel.effects import apply_damage, hold

    b = started(grappler(), victim())
    g, v = b.state.fighters["grappler"], b.state.fighters["victim"]
    hold(b.ctx, g, v, False)
    apply_damage(b.ctx, v, "Health", 500, v.health, "a test", "")
    assert not v.held_by and not g.holding and "grabbed" not in v.timed


def test_shield_is_not_offered_against_a_grab():
    from slugfest.core.engine.events import ActionChosen

    b = started(grappler(), victim(powers=["Shield 2"]), [3, M(4), 3], [GRAB])
    b.step()
    check = next(i for i, e in enumerate(b.events) if isinstance(e, ev.AttackCheck))
    asked = [e for e in b.events[:check] if isinstance(e, ActionChosen) and e.decision == "abort"]
    assert not asked  # before the check, no reaction question: no Health damage to stop
