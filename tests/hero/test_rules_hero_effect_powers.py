"""The powers whose hit is not damage (rules-powers §3.2-3.4): Entangle, Flash, Drain, Aid and
Healing, each pinned with scripted dice. Their readings are in core/hero/powers.py and the README."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.errors import IllegalAction
from slugfest.core.hero import adjustment
from slugfest.core.hero import events as ev
from slugfest.core.hero.chains import dcv_chain, ocv_chain
from slugfest.core.hero.usage import damage_profile
from slugfest.core.hero.powers import POWERS
from slugfest.core.hero.menu import menu_for
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, drive, events_of, hero, phase_decision, scenario

from hero_script import fight

GLUE = {"name": "Glue", "kind": "entangle", "dice": "4d6", "range": 30}
FLASH = {"name": "Dazzle", "kind": "flash", "dice": "4d6", "range": 30}
SAP = {"name": "Sap", "kind": "drain", "dice": "3d6", "range": 30, "characteristic": "STR"}
BOOST = {"name": "Boost", "kind": "aid", "dice": "2d6", "characteristic": "STR"}
MEND = {"name": "Mend", "kind": "healing", "dice": "3d6"}


def user(*attacks, pos=(0, 5), **keys):
    return hero("a", pos, attacks=list(attacks), **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


def foe(id="b", pos=(3, 5), **keys):
    # DCV 5 against OCV 8 at 6 m: 14-
    return hero(id, pos, **{"SPD": 2, "DEX": 10, "DCV": 5, "STR": 20, "STUN": 40, **keys})


def use(attack, target="b", who="a", maneuver="strike"):
    return (who, Action("attack", attack, target, maneuver))


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


# -- Entangle (rules-powers §3.2) -------------------------------------------------------------

def test_an_entangles_body_is_its_dice_counted_as_normal_body_and_its_defense_its_dice():
    b = fight({"A": [user(GLUE)], "B": [foe()]}, [4, 3, 3,  # 10 on 14-
                                                   6, 3, 1, 5],  # BODY 2 + 1 + 0 + 1 = 4
              use("Glue"), turn_limit=1)
    (e,) = events_of(b, ev.EntangleRolled)
    assert (e.body, e.defense, e.total_body, e.stacked) == (4, 4, 4, False)
    held = b.state.fighters["b"]
    assert (held.entangle.body, held.entangle.defense) == (4, 4)
    assert not events_of(b, ev.DamageRolled) and not events_of(b, ev.KnockbackRolled)  # no damage, no knockback
    assert "Entangle: rolled [6, 3, 1, 5], 4 BODY (rPD/rED 4) holds b" in text(b)


def test_held_a_fighter_is_at_dcv_0_and_half_ocv_and_cannot_move():
    b = fight({"A": [user(GLUE)], "B": [foe(OCV=7)]}, [4, 3, 3, 6, 3, 1, 5], use("Glue"), turn_limit=1)
    held = b.state.fighters["b"]
    assert dcv_chain(held).value == 0
    punch = held.attack("Punch")
    assert ocv_chain(held, punch, b.state.fighters["a"], None, "").value == 4  # 7 halved, rounded up
    kinds = {a.kind for a in menu_for(b.ctx, held)}
    assert "move" not in kinds and "retreat" not in kinds and "break-out" in kinds


def test_an_entangle_of_no_body_holds_nothing():
    b = fight({"A": [user(GLUE)], "B": [foe()]}, [4, 3, 3, 1, 1, 1, 1], use("Glue"), turn_limit=1)
    assert b.state.fighters["b"].entangle is None
    assert "Entangle: rolled [1, 1, 1, 1], 0 BODY: it holds nothing" in text(b)


def test_a_second_entangle_is_the_strongers_body_plus_one_and_the_better_defense():
    glue2 = {**GLUE, "name": "Net", "dice": "3d6", "entangle_defense": 3}
    b = fight({"A": [user(GLUE, glue2, SPD=4)], "B": [foe()]},
              [4, 3, 3, 6, 3, 1, 5,  # 4 BODY, defense 4
               4, 3, 3, 2, 2, 2],  # 3 BODY, defense 3 + 3 = 6
              use("Glue"), use("Net"), turn_limit=2)
    second = events_of(b, ev.EntangleRolled)[1]
    assert (second.body, second.defense, second.total_body, second.stacked) == (3, 6, 5, True)
    held = b.state.fighters["b"].entangle
    assert (held.body, held.defense) == (5, 6)


def test_breaking_out_strikes_the_entangle_with_str_no_roll_body_less_its_defense():
    # b (STR 20: 4d6) breaks at a 4-BODY, defense-2 Entangle
    weak = {**GLUE, "dice": "2d6"}
    b = fight({"A": [user(weak)], "B": [foe()]},  # a (DEX 20) acts first in Segment 12, then b
              [4, 3, 3, 6, 6,  # 4 BODY (2 + 2), defense 2
               6, 5, 2, 1],  # STR 4d6: BODY 2 + 1 + 1 + 0 = 4, less 2: 2 off, 2 left
              use("Glue"), ("b", Action("break-out", target="b")), turn_limit=1)
    (hit,) = events_of(b, ev.EntangleAttacked)
    assert (hit.using, hit.body, hit.defense, hit.body_left, hit.freed) == ("STR", 4, 2, 2, False)
    assert not events_of(b, ev.AttackRolled)[1:]  # no attack roll for it


def test_a_friend_next_to_it_breaks_the_entangle_and_frees_it():
    weak = {**GLUE, "dice": "2d6"}
    sides = {"A": [user(weak)], "B": [foe(DEX=8), foe("c", (4, 5), DEX=9, STR=30)]}
    b = fight(sides, [4, 3, 3, 6, 6,  # b held: 4 BODY, defense 2
                      6, 6, 6, 6, 6, 6],  # c's STR 6d6: 12 BODY - 2 = 10: it breaks
              use("Glue"), ("c", Action("break-out", target="b")), turn_limit=1)
    (hit,) = events_of(b, ev.EntangleAttacked)
    assert (hit.actor, hit.target, hit.body, hit.freed) == ("c", "b", 12, True)
    assert b.state.fighters["b"].entangle is None
    assert "c strikes the Entangle holding b with STR" in text(b) and "b is no longer entangled: freed by C" in text(b)


def test_a_killing_attack_breaks_with_its_body_total():
    weak = {**GLUE, "dice": "2d6"}
    claws = {"name": "Claws", "kind": "killing", "dice": "1d6", "range": "hth", "adds_str": False}
    b = fight({"A": [user(weak)], "B": [foe(attacks=[claws])]},
              [4, 3, 3, 6, 6,  # 4 BODY, defense 2
               6],  # 1d6 killing: 6 BODY, less 2: 4 off: free
              use("Glue"), ("b", Action("break-out", "Claws", "b")), turn_limit=1)
    (hit,) = events_of(b, ev.EntangleAttacked)
    assert (hit.using, hit.body, hit.freed) == ("Claws", 6, True)


def test_an_entangled_default_ai_with_strength_to_spare_breaks_out():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    b = battle_with(scenario("hero", {"A": [user(GLUE)], "B": [foe(STR=50)]}), dice=[])
    b.start()
    held = b.state.fighters["b"]
    from slugfest.core.hero.state import Entanglement
    held.entangle = Entanglement(3, 2, "a", "Glue")
    choice = choose(BattleView(b), phase_decision(b, "b", controller="default"))
    assert choice.action == Action("break-out", target="b")
    assert choice.reason.startswith("held by an Entangle: strikes it with STR")


# -- Flash (rules-powers §3.3) ----------------------------------------------------------------

def test_a_flash_blinds_for_its_body_less_flash_defense_in_segments_from_the_next():
    b = fight({"A": [user(FLASH)], "B": [foe(defenses={"special": {"Flash Defense": 1}})]},
              [4, 3, 3,  6, 4, 2, 1],  # BODY 2 + 1 + 1 + 0 = 4, less 1: 3 Segments
              use("Dazzle"), turn_limit=2)
    (fl,) = events_of(b, ev.FlashRolled)
    assert (fl.body, fl.defense, fl.segments, fl.until_turn, fl.until_segment) == (4, 1, 3, 2, 3)
    ended = [e for e in events_of(b, ev.StatusChanged) if e.status == "flashed" and not e.active]
    assert len(ended) == 1
    # it sees again at the end of Turn 2, Segment 3: the event comes before Segment 4 starts
    after = b.events[b.events.index(ended[0]) + 1:]
    assert next(e for e in after if isinstance(e, ev.SegmentStarted)).segment == 4


def test_blind_a_fighter_has_half_dcv_half_ocv_hand_to_hand_and_none_at_range():
    bolt = {"name": "Bolt", "dice": "4d6", "range": 30}
    b = fight({"A": [user(FLASH)], "B": [foe(OCV=7, attacks=[{"name": "Punch"}, bolt])]}, [4, 3, 3, 6, 4, 2, 1], use("Dazzle"),
              turn_limit=1)
    blind, a = b.state.fighters["b"], b.state.fighters["a"]
    assert blind.blind and dcv_chain(blind).value == 3  # 5 halved, rounded up
    assert ocv_chain(blind, blind.attack("Punch"), a, None, "").value == 4
    assert ocv_chain(blind, blind.attack("Bolt"), a, None, "").value == 0


def test_flash_defense_as_high_as_its_body_stops_a_flash():
    b = fight({"A": [user(FLASH)], "B": [foe(defenses={"special": {"Flash Defense": 5}})]},
              [4, 3, 3, 6, 4, 2, 1], use("Dazzle"), turn_limit=1)
    assert not b.state.fighters["b"].blind
    assert "b still sees" in text(b)


# -- Drain and Aid (rules-powers §3.4) ---------------------------------------------------------

@pytest.mark.parametrize("characteristic, ap, points", [
    ("STR", 10, 10), ("DEX", 9, 4), ("SPD", 19, 1), ("OCV", 10, 2), ("PD", 12, 6), ("CON", 9, 4),
    ("DCV", 10, 1), ("DMCV", 6, 1), ("DCV", 1, 0), ("PD", 1, 1), ("STUN", 10, 10), ("BODY", 10, 5),
    ("END", 10, 25)])
def test_active_points_buy_whole_points_defensive_ones_at_double_the_cost(characteristic, ap, points):
    assert adjustment.points(characteristic, ap) == points


def test_a_drain_takes_its_total_less_power_defense_off_the_characteristic():
    b = fight({"A": [user(SAP)], "B": [foe(defenses={"special": {"Power Defense": 5}})]},
              [4, 3, 3,  6, 5, 4],  # 15 - 5 = 10 Active Points: STR 20 -> 10
              use("Sap"), turn_limit=1)
    (d,) = events_of(b, ev.AdjustmentRolled)
    assert (d.power, d.characteristic, d.total, d.defense, d.ap, d.before, d.after) == ("drain", "STR", 15, 5, 10,
                                                                                         20, 10)
    g = b.state.fighters["b"]
    assert g.ch.STR == 10 and g.sheet.characteristics.STR == 20


def test_a_drained_str_punches_with_less_and_the_remainder_is_kept_for_the_next():
    dex = {**SAP, "characteristic": "DEX"}
    b = fight({"A": [user(dex, SPD=4)], "B": [foe(DEX=10)]},
              [4, 3, 3, 3, 3, 3,  # 9 AP: 4 DEX (2 a point), 1 AP over
               4, 3, 3, 1, 1, 1],  # 3 AP more: 12 in all, 6 DEX
              use("Sap"), use("Sap"), turn_limit=2)
    first, second = events_of(b, ev.AdjustmentRolled)
    assert (first.after, second.after) == (6, 4)
    assert b.state.fighters["b"].drained == {"DEX": 12}  # given more this Turn: none back yet


def test_a_drain_returns_5_active_points_a_turn_after_segment_12():
    b = fight({"A": [user(SAP)], "B": [foe()]}, [4, 3, 3, 6, 5, 4], use("Sap"), turn_limit=3)
    faded = events_of(b, ev.AdjustmentFaded)
    # 15 AP drained in Turn 1's Segment 12 (STR 5): 5 come back after Turn 2's, 5 more after Turn 3's
    assert [(e.ap_left, e.before, e.value) for e in faded] == [(10, 5, 10), (5, 10, 15)]
    assert b.state.fighters["b"].drained == {"STR": 5} and b.state.fighters["b"].ch.STR == 15


def test_a_drained_spd_changes_the_speed_chart_as_an_involuntary_change():
    slow = {**SAP, "characteristic": "SPD", "dice": "4d6"}
    b = fight({"A": [user(slow)], "B": [foe(SPD=4)]}, [4, 3, 3, 6, 6, 4, 4], use("Sap"), turn_limit=1)
    (spd,) = events_of(b, ev.SpdChanged)
    assert (spd.old, spd.new, spd.voluntary) == (4, 2, False)  # 20 AP: 2 SPD
    assert b.state.fighters["b"].spd == 2


def test_a_drained_defense_lowers_what_a_hit_meets():
    pd = {**SAP, "characteristic": "PD"}
    b = fight({"A": [user(pd)], "B": [foe(PD=10)]}, [4, 3, 3, 6, 6, 6], use("Sap"), turn_limit=1)
    g = b.state.fighters["b"]
    from slugfest.core.hero.effects import defenses
    assert g.ch.PD == 1 and defenses(g, "PD").normal == 1  # 18 AP, halved: 9 PD


def test_a_drain_makes_the_estimate_forget_what_it_knew_of_the_drained_and_keeps_the_rest():
    from slugfest.core.hero.harm import estimate_one
    ed = {**SAP, "characteristic": "ED"}
    bolt = {"name": "Bolt", "kind": "normal", "dice": "4d6", "range": 30, "end": 2}  # at ED
    b = battle_with(scenario("hero", {"A": [user(ed, bolt)], "B": [foe(ED=10), foe("c", pos=(3, 7), ED=10)]}),
                    dice=[6, 6, 6])
    b.start()
    a, g, h = (b.state.fighters[i] for i in "abc")
    bolt_ = a.attack("Bolt")
    before = estimate_one(b.ctx, a, g, bolt_, "strike", "")
    estimate_one(b.ctx, a, h, bolt_, "strike", "")
    on_h = {k: v for k, v in a.expected.items() if k[0] == "c"}  # every key starts with the target's id
    assert on_h
    POWERS["drain"].lands(b.ctx, a, g, a.attack("Sap"), damage_profile(b.ctx.options, a, a.attack("Sap"), None,
                                                                         "", 0, 0))
    assert g.ch.ED == 1  # 18 AP, halved: 9 ED off
    after = estimate_one(b.ctx, a, g, bolt_, "strike", "")
    assert after[1] > before[1]  # worked out again through the lower ED...
    assert on_h.items() <= a.expected.items()  # ...and what it knew of c, whose figures did not change, kept
    a.expected = {}
    assert estimate_one(b.ctx, a, g, bolt_, "strike", "") == after  # as one who never knew the old ED


def test_a_drain_on_a_pool_lowers_its_maximum_and_the_value_now_and_can_leave_it_dying():
    body = {**SAP, "characteristic": "BODY", "dice": "4d6"}
    b = battle_with(scenario("hero", {"A": [user(body)], "B": [foe(BODY=10)]}), dice=[6, 6, 6, 2])
    b.start()
    a, g = b.state.fighters["a"], b.state.fighters["b"]
    g.body = 4
    POWERS["drain"].lands(b.ctx, a, g, a.attack("Sap"), damage_profile(b.ctx.options, a, a.attack("Sap"), None,
                                                                         "", 0, 0))
    # 20 AP, halved: 10 BODY off the maximum (10 -> 1, its floor: 9 off) and off the 4 it had
    assert (g.ch.BODY, g.body, g.dead) == (1, -5, False)  # dead only at minus its starting BODY
    assert [e.status for e in events_of(b, ev.StatusChanged)] == ["dying"]


def test_a_drained_pool_comes_back_to_the_value_now_as_it_returns():
    stun = {**SAP, "characteristic": "STUN", "dice": "2d6"}
    b = fight({"A": [user(stun)], "B": [foe(STUN=40, REC=0)]}, [4, 3, 3, 5, 5], use("Sap"), turn_limit=3)
    g = b.state.fighters["b"]
    # 10 AP, halved: 10 STUN off (40 -> 30, and 40 -> 30 now); 5 AP back after Turn 2: +5 to both
    assert [(e.before, e.value) for e in events_of(b, ev.AdjustmentFaded)] == [(30, 35), (35, 40)]
    assert (g.ch.STUN, g.stun) == (40, 40)


def test_an_aid_adds_its_total_up_to_the_most_its_dice_could_roll_and_needs_no_roll():
    friend = hero("c", (1, 5), SPD=2, DEX=9, STR=15)
    b = fight({"A": [user(BOOST, SPD=4), friend], "B": [foe(pos=(10, 5))]},
              [6, 5,  # 11 AP: STR 15 -> 26
               6, 6],  # 12 more, but the ceiling is 12 in all: 1 more
              ("a", Action("aid", "Boost", "c")), ("a", Action("aid", "Boost", "c")), turn_limit=2)
    first, second = events_of(b, ev.AdjustmentRolled)
    assert (first.power, first.ap, first.after) == ("aid", 11, 26)
    assert (second.total, second.ap, second.after) == (12, 1, 27)
    assert not events_of(b, ev.AttackRolled)


# -- Healing (rules-powers §3.4, simplified) ---------------------------------------------------

def test_healing_gives_its_total_in_stun_and_its_body_count_in_body_never_past_the_maximum():
    friend = hero("c", (1, 5), SPD=2, DEX=9, STUN=40, BODY=10)
    b = battle_with(scenario("hero", {"A": [user(MEND), friend], "B": [foe(pos=(10, 5))]}),
                    dice=[6, 5, 2])
    b.start()
    c = b.state.fighters["c"]
    c.stun, c.body = 30, 8
    a = b.state.fighters["a"]
    atk = a.attack("Mend")
    POWERS["healing"].lands(b.ctx, a, c, atk, damage_profile(b.ctx.options, a, atk, None, "", 0, 0))
    (h,) = events_of(b, ev.Healed)
    assert (h.stun_gained, h.body_gained, h.stun, h.body) == (10, 2, 40, 10)  # 13 and 4 rolled


def test_healing_wakes_a_knocked_out_friend_and_works_once_a_battle_on_it():
    friend = hero("c", (1, 5), SPD=2, DEX=9, STUN=40)
    b = battle_with(scenario("hero", {"A": [user(MEND), friend], "B": [foe(pos=(10, 5))]}), dice=[6, 5, 2])
    b.start()
    a, c = b.state.fighters["a"], b.state.fighters["c"]
    c.stun, c.ko, c.prone = -5, True, True
    assert Action("aid", "Mend", "c") in menu_for(b.ctx, a)
    drive(b.system.perform(b.ctx, phase_decision(b, "a"), Choice(Action("aid", "Mend", "c"))))
    assert (c.stun, c.ko) == (8, False)
    assert "is no longer knocked out: healed to 8 STUN" in text(b)
    assert Action("aid", "Mend", "c") not in menu_for(b.ctx, a)  # its reuse lockout is a day


# -- the scenario keys ---------------------------------------------------------------------------

def test_the_effect_powers_are_written_back_as_written():
    sc = scenario("hero", {"A": [user(GLUE, FLASH, SAP, BOOST, MEND)], "B": [foe()]})
    again = parse_scenario(dump_scenario(sc), "<again>")
    assert again.combatants[0].sheet.attacks == sc.combatants[0].sheet.attacks
    kinds = {a.name: (a.kind, a.defense, a.characteristic) for a in sc.combatants[0].sheet.attacks}
    assert kinds["Dazzle"] == ("flash", "Flash Defense", "") and kinds["Sap"] == ("drain", "Power Defense", "STR")


@pytest.mark.parametrize("attack, message", [
    ({**SAP, "characteristic": None}, "characteristic: expected the characteristic a Drain changes"),
    ({**SAP, "characteristic": "LUCK"}, "characteristic: expected one of 'STR'"),
    ({**GLUE, "characteristic": "STR"}, "characteristic: expected a characteristic only on a Drain or an Aid"),
    ({**BOOST, "range": 20}, 'range: expected "hth" or no range for an Aid (it is used by touch'),
    ({**FLASH, "defense": "PD"}, 'defense: expected "Flash Defense" or nothing for a Flash'),
    ({**GLUE, "knockback": True}, "knockback: expected false or nothing for an Entangle (it does no damage"),
    ({**GLUE, "autofire": 3}, "autofire: expected no autofire on an Entangle"),
    ({**GLUE, "range": "hth", "adds_str": True}, "adds_str: expected false for an Entangle"),
])
def test_an_effect_power_that_cannot_be_is_refused_naming_the_key(attack, message):
    attack = {k: v for k, v in attack.items() if v is not None}
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [user(attack)], "B": [foe()]})
    assert message in str(err.value)


def test_an_effect_power_is_not_pushed_and_its_odds_say_what_a_hit_does():
    b = battle_with(scenario("hero", {"A": [user(GLUE, FLASH, SAP)], "B": [foe()]}), dice=[])
    d = phase_decision(b, "a")
    with pytest.raises(IllegalAction, match="Glue does no damage to push"):
        b.system.check(b.ctx, d, Action("attack", "Glue", "b", "strike", push=5))
    odds = {a.attack: d.picture.odds(a) for a in d.menu if a.kind == "attack" and a.maneuver == "strike"}
    assert odds["Glue"].damage == "~4 BODY Entangle, rPD/rED 4"
    assert odds["Dazzle"].damage == "~4 Segments unable to see"
    assert odds["Sap"].damage == "~10 Active Points: STR 20 -> 10"
    assert not any(a.maneuver in ("haymaker", "move through") for a in d.menu if a.attack in ("Glue", "Dazzle", "Sap"))
