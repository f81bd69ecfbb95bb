"""Interpose, the basic reaction anyone may use (rules/marvel.md §3.5): someone within your reach
is attacked and you are not; you move between them for free and become the target, and the
attacker's TN is the lower of the two defenses."""

from slugfest.core.engine.actions import Action, Choice, Decision
from slugfest.core.engine.events import Moved
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.stats import tally

from marvel_kit import M, Script, battle_with, events_of, fighter, scenario

#: Initiative for widow, cap, brute (roster order): 4, 5 and 15, so the brute acts first.
BRUTE_FIRST = [1, M(2), 1, 1, M(2), 2, 5, M(5), 5]


def trio(cap=None, widow=None, brute=None, rules=None, **battle):
    widow = widow or fighter("widow", (5, 5), name="Black Widow", Melee=2, Resilience=3)
    cap = cap or fighter("cap", (6, 5), name="Captain America", Melee=6, Resilience=3)
    brute = brute or fighter("brute", (4, 5), name="Brute", Melee=3, Resilience=3)
    return scenario("marvel", {"Heroes": [widow, cap], "Villains": [brute]}, rules=rules, width=12, height=12,
                    **battle)


def punch_widow(reactions):
    return Script([Action("attack", "Punch", "widow")], reactions=reactions)


def test_an_ally_within_reach_steps_in_and_is_attacked_against_the_lower_of_the_two_defenses():
    script = punch_widow(["Interpose"])
    b = battle_with(trio(), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", script)])
    b.step()
    offer = script.offers[0]
    assert offer.actor == "cap" and offer.free and [a.label() for a in offer.menu] == ["declines", "Interpose -> widow"]
    used = events_of(b, ev.ReactionUsed)[0]
    assert (used.actor, used.reaction, used.against, used.reactions_left) == ("cap", "Interpose", "brute", 0)
    # the open cell next to the widow nearest the brute: (4,4) and (4,6) are 1 from him; (4,4) is the lower
    moved = [e for e in events_of(b, Moved) if e.actor == "cap"][0]
    assert (moved.start, moved.end) == ((6, 5), (4, 4)) and "Interpose" in moved.why
    check = events_of(b, ev.AttackCheck)[0]
    # Captain America's Melee defense is 16, the widow's 12: the lower one is the TN
    assert (check.target, check.tn, check.total, check.hit) == ("cap", 12, 13, True)
    assert check.tn_note == "Interpose: the lower of the two, Black Widow's 12"
    hurt = events_of(b, ev.DamageApplied)[0]
    assert (hurt.target, hurt.taken) == ("cap", 4 * 4 + 3)  # dM 4 x rank 4 + Melee 3
    assert b.state.fighters["widow"].health == b.state.fighters["widow"].health_max


def test_the_interposer_keeps_its_own_defense_when_that_is_the_lower():
    cap = fighter("cap", (6, 5), name="Captain America", Melee=1, Resilience=3)
    b = battle_with(trio(cap=cap), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", punch_widow(["Interpose"]))])
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert (check.target, check.tn, check.tn_note) == ("cap", 11, "")


def test_declined_the_attack_goes_on_against_the_first_target():
    script = punch_widow([None])
    b = battle_with(trio(), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", script)])
    b.step()
    assert len(script.offers) == 1 and not events_of(b, ev.ReactionUsed)
    check = events_of(b, ev.AttackCheck)[0]
    assert (check.target, check.tn) == ("widow", 12)
    assert b.state.fighters["cap"].reactions == 1


def test_only_an_ally_within_its_own_reach_with_a_reaction_left_is_asked():
    far = fighter("cap", (7, 5), name="Captain America", Melee=6, Resilience=3)  # 2 spaces from the widow
    script = punch_widow(["Interpose"])
    b = battle_with(trio(cap=far), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", script)])
    b.step()
    assert script.offers == [] and events_of(b, ev.AttackCheck)[0].target == "widow"
    long_arms = fighter("cap", (7, 5), name="Captain America", Melee=6, Resilience=3, reach=2)
    script = punch_widow(["Interpose"])
    b = battle_with(trio(cap=long_arms), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", script)])
    b.step()
    assert [o.actor for o in script.offers] == ["cap"] and events_of(b, ev.AttackCheck)[0].target == "cap"
    script = punch_widow(["Interpose"])
    b = battle_with(trio(), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", script)])
    d = b.next_decision()  # the round has begun: reactions are back
    b.state.fighters["cap"].reactions = 0
    b.submit(d, Choice(Action("attack", "Punch", "widow")))
    assert script.offers == [] and events_of(b, ev.AttackCheck)[0].target == "widow"


def test_an_unconscious_ally_may_be_shielded_and_the_close_attack_no_longer_hits_automatically():
    script = punch_widow(["Interpose"])
    b = battle_with(trio(), dice=BRUTE_FIRST + [1, M(2), 1], plugins=[("script", script)])
    b.start()
    b.state.fighters["widow"].health = 0
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert check.target == "cap" and check.automatic == "" and not check.hit  # 4 + Melee 3 = 7 vs TN 12


def test_interpose_can_be_switched_off():
    script = punch_widow(["Interpose"])
    b = battle_with(trio(rules={"interpose": False}), dice=BRUTE_FIRST + [3, M(4), 3], plugins=[("script", script)])
    b.step()
    assert script.offers == [] and events_of(b, ev.AttackCheck)[0].target == "widow"


def test_with_a_second_reaction_the_interposer_may_still_use_a_dodge_power():
    cap = fighter("cap", (6, 5), name="Captain America", Melee=6, Agility=3, Resilience=3,
                  powers=["Combat Reflexes", "Shield Deflection"])
    gunner = fighter("brute", (1, 5), name="Gunner", Agility=3,
                     attacks=[{"name": "Pistol", "ability": "Agility", "range": 10}])
    script = Script([Action("attack", "Pistol", "widow")], reactions=["Interpose", "Shield Deflection"])
    b = battle_with(trio(cap=cap, brute=gunner), dice=BRUTE_FIRST + [3, M(4), 3, 2],
                    plugins=[("script", script)])
    b.step()
    assert [o.actor for o in script.offers] == ["cap", "cap"]
    check = events_of(b, ev.AttackCheck)[0]
    assert check.target == "cap" and check.roll.troubles == ("Captain America's Shield Deflection",)
    assert b.state.fighters["cap"].reactions == 0


def test_the_coverage_block_counts_interpose():
    b = battle_with(trio(turn_limit=1), dice=BRUTE_FIRST + [3, M(4), 3],
                    plugins=[("script", punch_widow(["Interpose"]))])
    b.run()  # the others dodge: nothing more is rolled
    t = tally(b)
    assert t.actions["reaction:interpose"] == 1 and t.rules["rule:Interpose lowers the defense"] == 1


# -- the minds ---------------------------------------------------------------------------------

def shield_question(b):
    menu = (Action("none"), Action("interpose", target="widow", maneuver="Interpose"))
    return Decision("cap", menu, b.state.fighters["cap"].ai, "abort", "Brute attacks Black Widow", free=True)


def test_the_default_ai_shields_an_ally_about_to_go_down_while_it_has_half_its_own_fight():
    b = battle_with(trio(), dice=BRUTE_FIRST)
    b.start()
    widow, cap = b.state.fighters["widow"], b.state.fighters["cap"]
    choice, _ = b.decide(shield_question(b))
    assert (choice.action.kind, choice.reason) == ("none", "Black Widow is not hurt enough to shield (100% left)")
    widow.health = 20  # of 90
    choice, _ = b.decide(shield_question(b))
    assert (choice.action.kind, choice.reason) == (
        "interpose", "shields Black Widow (22% left) while itself at 100%: takes the blow instead")
    cap.health = 30
    choice, _ = b.decide(shield_question(b))
    assert (choice.action.kind, choice.reason) == ("none", "too hurt itself to shield Black Widow (33% left)")


def test_every_mind_that_defends_answers_interpose_the_same_way_and_the_berserker_never_does():
    b = battle_with(trio(), dice=BRUTE_FIRST)
    b.start()
    b.state.fighters["widow"].health = 20
    for mind in ("tactician", "cautious", "aggressive"):
        b.state.fighters["cap"].ai = mind
        assert b.decide(shield_question(b))[0].action.kind == "interpose", mind
    b.state.fighters["cap"].ai = "berserker"
    assert b.decide(shield_question(b))[0].action.kind == "none"
