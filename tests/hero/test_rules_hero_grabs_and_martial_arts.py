"""The maneuvers beyond the basic table (rules-powers §4.1-4.5): Grab (hold, Squeeze, Throw,
Escape), Disarm, Pulling a Punch and the Martial Arts maneuvers, each pinned with scripted dice.
Their readings are in core/hero/grabs.py, core/hero/martial.py and the README."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.errors import IllegalAction
from slugfest.core.hero import events as ev
from slugfest.core.hero.chains import block_ocv_chain, dcv_chain, ocv_chain
from slugfest.core.hero.menu import menu_for
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, events_of, hero, phase_decision, scenario

from hero_script import fight


def grabber(**keys):
    return hero("a", (4, 5), **{"SPD": 2, "DEX": 20, "OCV": 6, "DCV": 5, "STR": 15, **keys})


def held(id="b", pos=(5, 5), **keys):
    return hero(id, pos, **{"SPD": 2, "DEX": 10, "OCV": 6, "DCV": 5, "STR": 20, "PD": 4, "STUN": 40, **keys})


def grab(who="a", target="b"):
    return (who, Action("grab", target=target))


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


def holding_battle(*keys_a, **keys_b):
    """a holds b, set up directly (a Grab's roll is pinned on its own below)."""
    b = battle_with(scenario("hero", {"A": [grabber(**dict(keys_a))], "B": [held(**keys_b)]}), dice=[])
    b.start()
    a, g = b.state.fighters["a"], b.state.fighters["b"]
    a.holding, g.held_by = "b", "a"
    return b, a, g


# -- Grab (rules-powers §4.1) -------------------------------------------------------------------

def test_a_grab_rolls_at_minus_1_ocv_and_a_hit_holds_the_target_both_at_half_dcv():
    b = fight({"A": [grabber()], "B": [held()]}, [4, 3, 3],  # 10 on 11 + 6 - 1 - 5 = 11-
              grab(), turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.maneuver, roll.needed, roll.hit) == ("grab", 11, True)
    a, g = b.state.fighters["a"], b.state.fighters["b"]
    assert (a.holding, g.held_by) == ("b", "a")
    assert dcv_chain(g).value == 3  # 5 halved, rounded up
    assert dcv_chain(a).value == 2  # 5 - 2 for the Grab = 3, halved
    assert "b is now grabbed: held by A" in text(b)


def test_held_a_fighter_cannot_move_and_is_at_minus_3_ocv_against_its_holder_only():
    b, a, g = holding_battle()
    punch = g.attack("Punch")
    assert ocv_chain(g, punch, a, None, "").value == 3
    kinds = {x.kind for x in menu_for(b.ctx, g)}
    assert "move" not in kinds and "escape" in kinds and "grab" not in kinds


def test_escape_is_str_against_str_the_body_each_rolls_and_the_holder_keeps_ties():
    b = fight({"A": [grabber(DEX=20)], "B": [held()]},
              [4, 3, 3,  # the Grab hits
               6, 6, 1, 1,  # b's STR 20, 4d6: BODY 2 + 2 + 0 + 0 = 4
               6, 6, 1],  # a's STR 15, 3d6: BODY 4: a tie, the hold stands
              grab(), ("b", Action("escape", target="a")), turn_limit=1)
    (e,) = events_of(b, ev.EscapeRolled)
    assert (e.strength, e.body, e.holder_strength, e.holder_body, e.freed) == (20, 4, 15, 4, False)
    assert b.state.fighters["b"].held_by == "a"


def test_winning_the_contest_breaks_free_and_martial_escape_adds_15_str():
    b = fight({"A": [grabber()], "B": [held(STR=10, martial_arts=["Martial Escape"])]},
              [4, 3, 3,
               6, 6, 6, 6, 6,  # STR 10 + 15 = 25: 5d6, BODY 10
               2, 2, 2],  # STR 15: BODY 3
              grab(), ("b", Action("escape", target="a")), turn_limit=1)
    (e,) = events_of(b, ev.EscapeRolled)
    assert (e.strength, e.body, e.freed) == (25, 10, True)
    assert b.state.fighters["b"].held_by is None and b.state.fighters["a"].holding is None


def test_a_squeeze_is_the_holders_str_damage_with_no_roll_and_a_throw_also_lays_it_down_and_lets_go():
    b, a, g = holding_battle()
    from slugfest.core.rules.dice import ScriptedDice
    b.ctx.dice = b.dice = ScriptedDice([6, 6, 6, 5, 5, 5])
    from slugfest.core.hero import grabs
    grabs.squeeze(b.ctx, a)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.attack, dmg.stun, dmg.body) == ("Squeeze", 18, 6)  # STR 15: 3d6, no roll to hit
    assert g.stun == 40 - (18 - 4) and a.holding == "b"
    grabs.squeeze(b.ctx, a, throw=True)
    assert g.prone and a.holding is None and g.held_by is None
    assert "b is now prone: thrown down by A" in text(b)


def test_crush_is_a_squeeze_at_str_plus_4_dc_for_one_who_knows_it():
    b, a, g = holding_battle(("martial_arts", ["Crush"]))
    from slugfest.core.rules.dice import ScriptedDice
    b.ctx.dice = b.dice = ScriptedDice([1] * 7)
    from slugfest.core.hero import grabs
    grabs.squeeze(b.ctx, a)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.attack, dmg.dice) == ("Crush", "6d6")  # STR 15 (3d6) + 4 DC, within double


def test_the_holder_lets_go_to_attack_or_move_but_keeps_hold_to_dodge():
    b = fight({"A": [grabber(SPD=4)], "B": [held()]}, [4, 3, 3],
              grab(), ("a", Action("dodge")), turn_limit=2)
    assert b.state.fighters["a"].holding == "b"
    b = fight({"A": [grabber(SPD=4)], "B": [held()]}, [4, 3, 3],
              grab(), ("a", Action("move", destination=(3, 5))), turn_limit=2)
    assert b.state.fighters["a"].holding is None
    assert "b is no longer grabbed: A lets go to move" in text(b)


def test_a_choke_hold_rolls_at_minus_2_ocv_plus_0_dcv_and_its_hit_holds_and_does_2d6_nnd_rules_powers_4_3():
    b = fight({"A": [grabber(martial_arts=["Choke Hold"])], "B": [held()]},
              [3, 3, 3,  # 9 on 11 + 6 - 2 - 5 = 10-
               4, 5],  # 2d6 NND: 9 STUN, no BODY, nothing stops it
              ("a", Action("choke", target="b")), turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.maneuver, roll.needed, roll.hit) == ("choke", 10, True)
    a, g = b.state.fighters["a"], b.state.fighters["b"]
    assert (a.holding, g.held_by, a.choking) == ("b", "a", True)
    assert dcv_chain(a).value == 3  # +0 DCV for the choke: 5, halved for the hold
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.source, taken.stun_taken, taken.body_taken, taken.rule) == ("Choke Hold", 9, 0,
                                                                               "NND, no Life Support")
    spent = [(e.amount, e.what) for e in events_of(b, ev.EnduranceSpent)]
    assert spent == [(1, "Choke")]  # the Grab's STR 15 (1 END); its NND uses no STR


def test_life_support_stops_a_choke_and_its_squeezes_do_the_nnd_again_with_the_extra_dcs():
    b, a, g = holding_battle(("martial_arts", ["Choke Hold"]), ("martial_dcs", 2))
    a.choking = True
    from slugfest.core.rules.dice import ScriptedDice
    from slugfest.core.hero import grabs
    b.ctx.dice = b.dice = ScriptedDice([6, 6, 6])
    grabs.squeeze(b.ctx, a)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.attack, dmg.damage_kind, dmg.dice, dmg.stun, dmg.body) == ("Choke Hold", "nnd", "3d6", 18, 0)
    assert g.stun == 40 - 18 and a.end == a.ch.END
    b, a, g = holding_battle(("martial_arts", ["Choke Hold"]), defenses={"special": {"Life Support": 1}})
    a.choking = True
    b.ctx.dice = b.dice = ScriptedDice([6, 6])
    grabs.squeeze(b.ctx, a)
    assert g.stun == 40 and events_of(b, ev.DamageTakenEvent)[0].rule == "NND stopped by Life Support"


def test_a_throw_out_of_a_choke_is_str_damage_and_ends_the_choke_and_the_ai_counts_each_ones_end():
    from slugfest.core.engine.actions import Action as A
    from slugfest.core.rules.dice import ScriptedDice
    from slugfest.core.hero import grabs
    from slugfest.core.hero.estimate import end_cost

    b, a, g = holding_battle(("martial_arts", ["Choke Hold"]), ("STR", 30))
    a.choking = True
    assert end_cost(b.ctx, a, A("squeeze", target="b")) == 0  # the choke's NND uses no STR
    assert end_cost(b.ctx, a, A("throw", target="b")) == 3  # STR 30: 3 END
    a.choking, a.holding, g.held_by = False, None, None
    assert end_cost(b.ctx, a, A("choke", target="b")) == 3  # the choke's roll is a Grab's: STR's END
    b, a, g = holding_battle(("martial_arts", ["Choke Hold"]))
    a.choking = True
    b.ctx.dice = b.dice = ScriptedDice([1, 1, 1])
    grabs.squeeze(b.ctx, a, throw=True)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.attack, dmg.damage_kind, dmg.dice) == ("Throw", "normal", "3d6")  # STR 15, not the NND
    assert not a.choking and a.holding is None and g.prone
    assert [e.amount for e in events_of(b, ev.EnduranceSpent)] == [1]


def test_only_one_who_knows_choke_hold_is_offered_it_and_martial_grabs_str_does_not_hold_a_choke():
    from slugfest.core.hero import grabs

    d = phase_decision(battle_with(scenario("hero", {"A": [grabber(martial_arts=["Choke Hold", "Martial Grab"])],
                                                     "B": [held()]}), dice=[]), "a")
    assert {x.kind for x in d.menu} >= {"grab", "choke"}
    d = phase_decision(battle_with(scenario("hero", {"A": [grabber()], "B": [held()]}), dice=[]), "a")
    assert "choke" not in {x.kind for x in d.menu}
    b, a, g = holding_battle(("martial_arts", ["Choke Hold", "Martial Grab"]))
    assert grabs.holding_str(a) == 25  # STR 15 + 10 for Martial Grab
    a.choking = True
    assert grabs.holding_str(a) == 15
    from slugfest.core.hero.effects import release
    release(b.ctx, a, "test")
    assert not a.choking


def test_a_knocked_out_holder_lets_go():
    b, a, g = holding_battle()
    from slugfest.core.hero.effects import knock_out
    knock_out(b.ctx, a, "test")
    assert g.held_by is None and a.holding is None


# -- Disarm (rules-powers §4.2) -----------------------------------------------------------------

PISTOL = {"name": "Pistol", "kind": "killing", "dice": "1d6", "range": 40, "adds_str": False, "focus": "OAF"}


def test_a_disarm_hit_then_won_str_contest_knocks_an_accessible_focus_away():
    b = fight({"A": [grabber(STR=30)], "B": [held(attacks=[{"name": "Punch"}, PISTOL])]},
              [3, 3, 3,  # 9 on 11 + 6 - 2 - 5 = 10-
               6, 6, 6, 6, 6, 6,  # STR 30: BODY 12
               1, 1, 1, 1],  # STR 20: BODY 0
              ("a", Action("disarm", target="b", weapon="Pistol")), turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.maneuver, roll.needed) == ("disarm", 10)
    (d,) = events_of(b, ev.DisarmRolled)
    assert (d.weapon, d.body, d.target_body, d.success) == ("Pistol", 12, 0, True)
    g = b.state.fighters["b"]
    assert "Pistol" in g.disarmed and not any(x.attack == "Pistol" for x in menu_for(b.ctx, g))
    assert "b's Pistol is knocked away" in text(b)


def test_the_ai_weighs_a_weapon_by_the_share_of_the_foes_threat_it_carries_for_the_phases_it_would_fire_it():
    from slugfest.core.hero.effect_power import PHASE_LOST
    from slugfest.core.hero.estimate import _weapon_worth
    from slugfest.core.hero.harm import FINISHES_STUN, estimate_one

    def worth(*attacks):
        bt = battle_with(scenario("hero", {"A": [grabber()], "B": [held(attacks=list(attacks), SPD=3)]}), dice=[])
        bt.start()
        a, g = bt.state.fighters["a"], bt.state.fighters["b"]
        return _weapon_worth(bt.ctx, a, g, "Pistol"), bt, a, g

    alone, *_ = worth(PISTOL)  # nothing else to fight with, gone for the battle: as good as a knockout
    assert alone == FINISHES_STUN == 1.0
    both, bt, a, g = worth({"name": "Punch"}, PISTOL)
    armed = estimate_one(bt.ctx, g, a, g.attack("Pistol"), "strike", "")
    fist = estimate_one(bt.ctx, g, a, g.attack("Punch"), "strike", "")
    share = (armed[0] * armed[1] - fist[0] * fist[1]) / (armed[0] * armed[1])
    assert 0 < share < 1 and both == pytest.approx(share)  # it fights on with its fists
    spare, *_ = worth({**PISTOL, "name": "Rifle", "dice": "2d6"}, PISTOL)  # a better gun to hand: worth nothing
    assert spare == 0.0
    few, bt, a, g = worth({**PISTOL, "charges": 6})
    g.charges_used = {**g.charges_used, "Pistol": 4}
    assert _weapon_worth(bt.ctx, a, g, "Pistol") == pytest.approx(2 * PHASE_LOST)  # two shots left: two Phases
    burst, bt, a, g = worth({**PISTOL, "charges": 30, "autofire": 5})
    g.charges_used = {**g.charges_used, "Pistol": 19}
    assert _weapon_worth(bt.ctx, a, g, "Pistol") == pytest.approx(3 * PHASE_LOST)  # 11 left: 3 bursts (the last short)
    g.charges_used = {**g.charges_used, "Pistol": 30}
    assert _weapon_worth(bt.ctx, a, g, "Pistol") == 0.0  # an empty gun


def test_only_an_accessible_focus_is_offered_to_disarm():
    oif = {**PISTOL, "name": "Wrist Blaster", "focus": "OIF"}
    b = battle_with(scenario("hero", {"A": [grabber()], "B": [held(attacks=[PISTOL, oif])]}), dice=[])
    offered = {(a.weapon, a.target) for a in phase_decision(b, "a").menu if a.kind == "disarm"}
    assert offered == {("Pistol", "b")}


# -- Pulling a Punch (rules-powers §4.5) ---------------------------------------------------------

def test_a_pulled_punch_is_at_minus_1_ocv_per_5d6_and_does_half_the_body_rolled():
    b = fight({"A": [grabber(STR=50)], "B": [held(PD=0, BODY=20, STUN=80)]},
              [3, 3, 3,  # 9 on 11 + 6 - 2 - 5 = 10-
               6, 6, 6, 6, 6, 1, 1, 1, 1, 1],  # 10d6: 35 STUN, 10 + 0 = 10 BODY, halved: 5
              ("a", Action("attack", "Punch", "b", "pull")), turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert [(m.source, m.value) for m in roll.ocv.modifiers] == [("Pulled Punch", -2)]
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.stun, dmg.body) == (35, 5)
    assert any(e.modifier == "pulled punch" and (e.before, e.after) == (10, 5) for e in events_of(b, ev.DamageModified))


def test_only_a_strike_of_normal_damage_may_be_pulled():
    claws = {"name": "Claws", "kind": "killing", "dice": "1d6", "range": "hth"}
    b = battle_with(scenario("hero", {"A": [grabber(attacks=[{"name": "Punch"}, claws])], "B": [held()]}), dice=[])
    d = phase_decision(b, "a")
    b.system.check(b.ctx, d, Action("attack", "Punch", "b", "pull"))
    with pytest.raises(IllegalAction, match="only a Normal attack's punch can be pulled"):
        b.system.check(b.ctx, d, Action("attack", "Claws", "b", "pull"))


# -- Martial Arts (rules-powers §4.3) ------------------------------------------------------------

def test_a_martial_strike_adds_its_dcs_to_str_and_gives_its_user_dcv_to_its_next_phase():
    b = fight({"A": [grabber(martial_arts=["Martial Strike"], STR=15)], "B": [held(PD=0)]},
              [3, 3, 3,
               1, 1, 1, 1, 1],  # STR 15 (3d6) + 2 DC: 5d6
              ("a", Action("attack", "Martial Strike", "b", "strike")), turn_limit=1)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert dmg.dice == "5d6"
    a = b.state.fighters["a"]
    assert a.in_force.attack_dcv == 2 and dcv_chain(a).value == 7


def test_a_legsweep_lays_its_target_down():
    b = fight({"A": [grabber(martial_arts=["Legsweep"])], "B": [held(PD=30)]},
              [3, 3, 3, 1, 1, 1, 1], ("a", Action("attack", "Legsweep", "b", "strike")), turn_limit=1)
    assert "b is now prone: falls: Legsweep" in text(b)


def test_a_martial_throw_adds_a_dc_for_every_full_10_m_its_user_moved_first_rules_powers_4_3():
    far = {"A": [grabber(martial_arts=["Martial Throw"], running=40)], "B": [held(pos=(15, 5))]}
    b = fight(far, [1, 1, 1,  # a hit after a 20 m half move (10 cells)
                    1, 1, 1, 1, 1],  # STR 15 (3d6) + 2 DC for 20 m: 5d6
              ("a", Action("attack", "Martial Throw", "b", "strike")), turn_limit=1)
    (moved,) = [e for e in b.events if type(e).__name__ == "Moved" and e.actor == "a"]
    assert moved.distance == 20
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.attack, dmg.dice) == ("Martial Throw", "5d6")
    assert ("velocity", 2) in dmg.added
    nine = {"A": [grabber(martial_arts=["Martial Throw"], running=40)], "B": [held(pos=(14, 5))]}
    b = fight(nine, [1, 1, 1, 1, 1, 1, 1], ("a", Action("attack", "Martial Throw", "b", "strike")), turn_limit=1)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert dmg.dice == "4d6"  # 18 m: one full 10 m
    near = {"A": [grabber(martial_arts=["Martial Throw"])], "B": [held()]}
    b = fight(near, [1, 1, 1, 1, 1, 1], ("a", Action("attack", "Martial Throw", "b", "strike")), turn_limit=1)
    (dmg,) = events_of(b, ev.DamageRolled)
    assert dmg.dice == "3d6"  # next to it already: no velocity
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [grabber(attacks=[{"name": "Toss", "range": 20, "dice": "2d6", "adds_str": False,
                                                  "velocity_per_dc": 10}])], "B": [held()]})
    assert "velocity_per_dc: expected a hand-to-hand attack" in str(err.value)


def test_martial_dodge_is_plus_5_dcv_and_martial_block_plus_2_ocv_to_its_roll_and_plus_2_dcv():
    b = battle_with(scenario("hero", {"A": [grabber(martial_arts=["Martial Dodge", "Martial Block"])],
                                      "B": [held()]}), dice=[])
    b.start()
    a = b.state.fighters["a"]
    from slugfest.core.hero.entry import lapse
    from slugfest.core.hero.maneuvers import MANEUVERS
    MANEUVERS["dodge"].start(a)
    assert dcv_chain(a).value == 10
    lapse(a)
    MANEUVERS["block"].start(a)
    assert (dcv_chain(a).value, block_ocv_chain(a).value) == (7, 8)


def test_martial_arts_are_named_from_the_table_and_written_back():
    sc = scenario("hero", {"A": [grabber(martial_arts=["Offensive Strike", "Nerve Strike", "Martial Dodge"],
                                         martial_dcs=1)], "B": [held()]})
    sheet = sc.combatants[0].sheet
    by = {a.name: a for a in sheet.attacks}
    assert (by["Offensive Strike"].martial_dcs, by["Offensive Strike"].ocv) == (5, -2)
    assert (by["Nerve Strike"].kind, str(by["Nerve Strike"].dice), by["Nerve Strike"].defense) == ("nnd", "2d6",
                                                                                                    "Rigid Armor")
    again = parse_scenario(dump_scenario(sc), "<again>").combatants[0].sheet
    assert again == sheet


@pytest.mark.parametrize("keys, message", [
    ({"martial_arts": ["Martial Strik"]}, "martial_arts[0]: expected a Martial Arts maneuver (one of Martial Strike"),
    ({"martial_arts": ["Legsweep", "Legsweep"]}, "expected each maneuver once, got 'Legsweep' twice"),
    ({"martial_arts": ["Legsweep"], "attacks": [{"name": "Legsweep"}]}, "expected no attack of the same name"),
    ({"martial_arts": "Legsweep"}, "martial_arts: expected a list of maneuver names"),
])
def test_martial_arts_that_cannot_be_are_refused_naming_the_key(keys, message):
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [grabber(**keys)], "B": [held()]})
    assert message in str(err.value)
    if "Strik" in str(keys):
        assert "did you mean 'Martial Strike'" in str(err.value)
