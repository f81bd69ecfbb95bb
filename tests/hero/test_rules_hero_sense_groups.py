"""A Flash against a sense group other than Sight (issue 40, item 3; rules-powers §3.3): the
group is lost for the Flash's BODY less that group's Flash Defense in Segments, as a Sight
Flash's are counted, and costs 3 CP a d6 where Sight's costs 5. Sight is the one Targeting Sense
a fight here uses, so a combatant Flashed in Hearing (Mental, Radio, Smell/Taste, Touch) still
perceives its foes: its OCV and DCV are as they were (rules-powers §3.3: a Flash of Hearing alone
imposes nothing on a sighted target)."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.hero import events as ev
from slugfest.core.hero import senses
from slugfest.core.hero.chains import dcv_chain, defense_chain, ocv_chain
from slugfest.core.hero.menu import menu_for
from slugfest.core.hero.points import bill
from slugfest.core.hero.tactics import Picture
from slugfest.core.render.text import TextLog
from slugfest.core.testing import battle_with, events_of, hero, scenario

from hero_script import fight

BOOM = {"name": "Boom", "kind": "flash", "dice": "4d6", "range": 30, "sense": "hearing"}
GLARE = {"name": "Glare", "kind": "flash", "dice": "4d6", "range": 30}
BOLT = {"name": "Bolt", "dice": "4d6", "range": 30}
# a Flash Defense of each group: only the group struck counts
EARS = {"special": {"Hearing Flash Defense": 1, "Flash Defense": 3}}


def user(*attacks, **keys):
    return hero("a", (0, 5), attacks=list(attacks), **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


def foe(**keys):
    # DCV 5 against OCV 8 at 6 m: 14-
    return hero("b", (3, 5), attacks=[BOLT, {"name": "Punch"}], **{"SPD": 2, "DEX": 10, "DCV": 5, "OCV": 7,
                                                                    "STUN": 40, **keys})


def boom(b_keys=EARS, turns=1):
    return fight({"A": [user(BOOM, GLARE)], "B": [foe(defenses=b_keys)]},
                 [4, 3, 3,  6, 4, 2, 1],  # 10 on 14-; BODY 2 + 1 + 1 + 0 = 4
                 ("a", Action("attack", "Boom", "b", "strike")), turn_limit=turns)


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


def test_a_hearing_flash_takes_hearing_for_its_body_less_hearing_flash_defense_in_segments():
    b = boom()
    (fl,) = events_of(b, ev.FlashRolled)
    # 4 BODY - Hearing Flash Defense 1 (Sight's 3 does not count) = 3 Segments from Turn 1, Segment 12
    assert (fl.sense, fl.body, fl.defense, fl.segments, fl.until_turn, fl.until_segment) == ("hearing", 4, 1, 3, 2, 3)
    deaf = b.state.fighters["b"]
    assert deaf.flashed_senses == {"hearing": 15} and not deaf.blind
    assert ("Flash (Hearing Group): rolled [6, 4, 2, 1], 4 BODY - Hearing Flash Defense 1 = 3 Segments: b cannot "
            "hear to the end of Turn 2, Segment 3 (OCV and DCV as they were: only Sight targets)") in text(b)
    assert "* b is now flashed (Hearing): cannot hear to the end of Turn 2, Segment 3" in text(b)


def test_flashed_in_hearing_a_fighter_still_sees_so_its_ocv_and_dcv_are_as_they_were():
    b = boom()
    ctx, st = b.ctx, b.state
    deaf, a = st.fighters["b"], st.fighters["a"]
    assert senses.sees(ctx, deaf, a) and senses.sees(ctx, a, deaf)
    assert dcv_chain(deaf, senses.unseen(ctx, deaf, a)).text() == "DCV 5 = 5"
    assert ocv_chain(deaf, deaf.attack("Bolt"), a, None, "", unseen=senses.unseen(ctx, deaf, a)).value == 7
    assert ocv_chain(deaf, deaf.attack("Punch"), a, None, "").value == 7
    odds = Picture(ctx, deaf).odds(Action("attack", "Bolt", "a"))
    assert odds.roll.startswith("15- (11 + OCV 7 - DCV 3)") and odds.note == ""  # a's DCV 3; no perception note


def test_the_group_comes_back_at_the_end_of_its_last_segment_and_the_roster_names_it_until_then():
    b = boom()
    assert b.vitals("b").conditions == ("flashed (Hearing)",)
    assert {c["id"]: c["status"] for c in b.snapshot()["combatants"]}["b"] == ["flashed (Hearing)"]
    b = boom(turns=2)
    (back,) = [e for e in events_of(b, ev.StatusChanged) if e.status == "flashed (Hearing)" and not e.active]
    assert back.why == "can hear again" and b.state.fighters["b"].flashed_senses == {}
    after = b.events[b.events.index(back) + 1:]
    assert next(e for e in after if isinstance(e, ev.SegmentStarted)).segment == 4


def test_hearing_flash_defense_as_high_as_its_body_leaves_the_target_hearing():
    b = boom({"special": {"Hearing Flash Defense": 4}})
    assert b.state.fighters["b"].flashed_senses == {}
    assert "Hearing Flash Defense 4: b can still hear" in text(b)


def test_the_ai_weighs_a_flash_of_another_group_at_nothing_and_sights_at_phases_lost():
    b = boom()
    pic = Picture(b.ctx, b.state.fighters["a"])
    assert pic.harm(Action("attack", "Boom", "b", "strike")) == 0.0
    # the Sight Flash: 14- (91%) x 1 Segment (4 BODY less Flash Defense 3) x SPD 2 / 12 of a Phase lost (0.12)
    assert pic.harm(Action("attack", "Glare", "b", "strike")) == pytest.approx(0.9074 * 0.12 * 2 / 12, abs=1e-4)
    assert pic.odds(Action("attack", "Boom", "b", "strike")).damage == (
        "~3 Segments unable to hear (OCV and DCV as they were: it still sees)")


def test_a_nontargeting_flash_costs_3_cp_a_die_and_its_sense_round_trips():
    sc = scenario("hero", {"A": [user(BOOM, GLARE)], "B": [foe()]})
    again = parse_scenario(dump_scenario(sc), "<again>")
    assert again.combatants[0].sheet == sc.combatants[0].sheet
    boom_atk = next(a for a in sc.combatants[0].sheet.attacks if a.name == "Boom")
    assert (boom_atk.sense, boom_atk.defense) == ("hearing", "Hearing Flash Defense")
    lines = {line.what: line.points for line in bill(sc.combatants[0].sheet).lines}
    assert (lines["Boom"], lines["Glare"]) == (12, 20)


@pytest.mark.parametrize("attack, says", [
    ({**BOOM, "sense": "sound"}, "attacks[0].sense: expected one of 'sight', 'hearing', 'mental', 'radio', 'smell', "
                                 "'touch', got a string 'sound'"),
    ({**BOLT, "sense": "hearing"}, "attacks[0].sense: expected a sense group only on a Flash"),
    ({**BOOM, "defense": "Flash Defense"}, "attacks[0].defense: expected \"Hearing Flash Defense\" or nothing for a "
                                           "Flash"),
])
def test_a_flash_names_its_group_and_no_other_attack_does(attack, says):
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [user(attack)], "B": [foe()]})
    assert says in str(err.value)


# -- the Half-Phase PER roll with Hearing, a Nontargeting Sense (rules-powers §3.3) ---------------

def blinded_then_listens(*b_plan, dice=()):
    return fight({"A": [user(BOOM, GLARE)], "B": [foe()]},
                 [4, 3, 3,  6, 4, 2, 1,  # a's Glare: 14-, rolled 10; 4 BODY, no Flash Defense: blind 4 Segments
                  *dice],
                 ("a", Action("attack", "Glare", "b", "strike")), *b_plan, turn_limit=1)


def test_a_flashed_fighter_that_hears_its_target_strikes_at_half_ocv_at_range_not_0():
    b = blinded_then_listens(("b", Action("listen", target="a")), ("b", Action("attack", "Bolt", "a", "strike")),
                             dice=[3, 3, 3,  # b's PER roll with Hearing: 9 + INT 10 / 5 = 11-, rolled 9
                                   4, 4, 4,  1, 1, 1, 1])  # its Bolt: OCV 7 halved (4) against DCV 3, 12-; rolled 12
    (heard,) = events_of(b, ev.PerceptionRolled)
    assert (heard.actor, heard.owner, heard.sense, heard.needed, heard.made) == ("b", "a", "hearing", 11, True)
    (_, bolt) = events_of(b, ev.AttackRolled)
    assert bolt.ocv.text() == "OCV 7 x½ cannot see the target: heard = 4" and (bolt.needed, bolt.hit) == (12, True)
    assert ("b listens for a (a Half Phase): PER roll needs 11-, rolled 9 [3, 3, 3]: hears a: half OCV against it, "
            "not 0; full DCV against its shots, -1 against its blows, until its next Phase") in text(b)
    deaf = b.state.fighters["b"]
    assert deaf.heard == {"a"} and deaf.half_used  # the Half Phase a move would take


def test_one_that_heard_its_attacker_keeps_full_dcv_against_its_shots_and_loses_1_against_its_blows():
    b = blinded_then_listens(("b", Action("listen", target="a")), dice=[3, 3, 3])
    st = b.state
    deaf, a = st.fighters["b"], st.fighters["a"]
    why = senses.unseen(b.ctx, deaf, a)
    assert why == senses.HEARD
    assert defense_chain(deaf, a.attack("Glare"), why).text() == "DCV 5 = 5"  # a shot: full DCV
    assert defense_chain(deaf, deaf.attack("Punch"), why).text() == (  # a blow (any hand-to-hand attack)
        "DCV 5 -1 cannot see the attacker: heard = 4")
    assert dcv_chain(deaf).text() == "DCV 5 x½ flashed: cannot see = 3"  # against anyone it has not heard


def test_listening_is_offered_for_each_foe_something_hides_and_never_when_every_foe_is_seen():
    """The Half-Phase PER roll is for a foe not seen (rules-powers §3.3): the menu offers it for a
    foe hidden by a Flash on the listener, a Darkness, an Images it believes or Invisibility
    beyond the next cell; with none of them it sees every foe and offers none (the menu then asks
    about no foe at all, issue 35)."""
    def listened(sc, change=lambda st: None):
        b = battle_with(sc, dice=[])
        b.start()
        change(b.state)
        return [x.target for x in menu_for(b.ctx, b.state.fighters["a"]) if x.kind == "listen"]

    plain = scenario("hero", {"A": [user(BOLT)], "B": [foe(), hero("c", (9, 5), SPD=2, DEX=10)]})
    assert listened(plain) == []
    assert listened(plain, lambda st: setattr(st.fighters["a"], "blind_until", 99)) == ["b", "c"]
    assert listened(plain, lambda st: setattr(st, "darkness", {"c": frozenset({(9, 5)})})) == ["c"]
    assert listened(plain, lambda st: setattr(st, "images", {"b": frozenset({(9, 5)})})) == ["c"]
    unseen = scenario("hero", {"A": [user(BOLT)], "B": [foe(), hero("c", (9, 5), SPD=2, DEX=10, invisible=True)]})
    assert listened(unseen) == ["c"]
    assert listened(unseen, lambda st: setattr(st.fighters["c"], "pos", (1, 5))) == []  # the shimmer next to it


def test_a_flash_of_hearing_takes_the_roll_away_and_the_ai_weighs_it_only_on_a_foe_that_cannot_see():
    b = blinded_then_listens()
    st = b.state
    blind, a = st.fighters["b"], st.fighters["a"]
    assert any(x.kind == "listen" for x in menu_for(b.ctx, blind))
    pic = Picture(b.ctx, a)
    # 16- against b's DCV halved (98%) x 4 Segments deaf at SPD 2 (2/3 of a Phase) x half a lost
    # Phase (0.12), b shooting
    assert pic.harm(Action("attack", "Boom", "b", "strike")) == pytest.approx(0.9815 * 0.12 * (4 * 2 / 12) * 0.5,
                                                                               abs=1e-4)
    blind.flashed_senses = {"hearing": 40}
    assert not any(x.kind == "listen" for x in menu_for(b.ctx, blind))
    blind.flashed_senses, blind.blind_until = {}, -1
    assert Picture(b.ctx, a).harm(Action("attack", "Boom", "b", "strike")) == 0.0  # it sees: nothing to take away


def test_the_ai_listens_when_hearing_its_target_gives_its_shot_half_its_ocv_back():
    b = blinded_then_listens()
    blind = b.state.fighters["b"]
    # 11- (62.5%) x (12- at OCV 4 less 8- at OCV 0: 74.1% - 25.9%) x the Bolt's harm to a (12 STUN of 20, 2 BODY: 0.8)
    assert Picture(b.ctx, blind).harm(Action("listen", target="a")) == pytest.approx(
        0.625 * (0.7407 - 0.2593) * 0.8, abs=1e-3)
