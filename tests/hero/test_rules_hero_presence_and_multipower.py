"""Presence Attacks (rules-powers §3.6) and Multipowers (rules-powers §5.1), and the Zero-Phase
actions they are: each takes no time, once a Phase, and the same Phase goes on with a new choice.
Their readings are in core/hero/presence.py, core/hero/maneuvers.py and the README."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.hero import events as ev
from slugfest.core.hero.chains import dcv_chain
from slugfest.core.hero.dice import DamageDice, parse_dice
from slugfest.core.hero.presence import chance, level, presence_dice
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, events_of, hero, phase_decision, scenario

from hero_script import decisions_for, fight

ROAR = {"name": "Roar", "kind": "presence"}


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


# -- Presence Attacks (rules-powers §3.6) ---------------------------------------------------------

@pytest.mark.parametrize("pre, extra, dice", [(30, "0d6", "6d6"), (23, "0d6", "4½d6"), (24, "½d6", "5d6"),
                                              (30, "2d6", "8d6"), (10, "1d6+1", "3d6+1")])
def test_pres_dice_are_1d6_per_5_pre_a_3_or_4_over_half_a_die_and_the_attacks_own(pre, extra, dice):
    assert str(presence_dice(pre, parse_dice(extra))) == dice


@pytest.mark.parametrize("total, pre, lv", [(20, 20, 0), (21, 20, 1), (29, 20, 1), (30, 20, 2), (40, 20, 3),
                                            (49, 20, 3), (50, 20, 4), (5, 20, 0)])
def test_the_effect_is_by_how_far_the_total_passes_the_foes_pre(total, pre, lv):
    assert level(total, pre) == lv


def test_the_chance_of_a_total_is_the_dice_sum_at_least_it():
    assert chance(DamageDice(2), 12) == pytest.approx(1 / 36)
    assert chance(DamageDice(2), 2) == 1.0
    assert chance(DamageDice(1, True), 8) == pytest.approx(3 / 18)  # 6 + 2, 6 + 3, 5 + 3 of 6 x 3
    assert chance(DamageDice(2), 13) == 0.0


def presence_fight(dice, *plan, **keys):
    """a (PRE 40: 8d6, a Roar) against b (PRE 10) and c (PRE 20) in sight and d behind a wall."""
    sides = {"A": [hero("a", (0, 5), attacks=[ROAR, {"name": "Punch"}], SPD=2, DEX=20, PRE=40, **keys)],
             "B": [hero("b", (4, 5), SPD=2, DEX=15, PRE=10, DCV=6), hero("c", (4, 6), SPD=2, DEX=12, PRE=20),
                   hero("d", (10, 1), SPD=2, DEX=11, PRE=10)]}
    return fight(sides, dice, *plan, turn_limit=1, obstacles=[(x, 2) for x in range(5, 15)] + [(9, 0), (9, 1)])


def test_a_presence_attack_takes_no_time_and_strikes_every_foe_in_sight_by_its_pre():
    b = presence_fight([6, 6, 6, 6, 6, 6, 6, 6],  # 48
                       ("a", Action("presence", "Roar")), ("a", Action("dodge")))
    (roll,) = events_of(b, ev.PresenceRolled)
    assert (roll.dice, roll.total) == ("8d6", 48)
    effects = {e.target: e.level for e in events_of(b, ev.PresenceEffect)}
    assert effects == {"b": 4, "c": 3}  # d is behind the wall
    assert decisions_for(b, "a") == [(1, 12), (1, 12)]  # the same Phase went on: it dodged too
    assert any(isinstance(e, ev.DefenseTaken) and e.actor == "a" for e in b.events)
    assert "b: cowed by a Presence Attack: this Phase is lost" in text(b)
    assert "c: awed by a Presence Attack: this Phase is lost" in text(b)


def test_awed_is_half_dcv_and_cowed_dcv_0_until_the_foes_next_phase():
    b = battle_with(scenario("hero", {"A": [hero("a", attacks=[ROAR])], "B": [hero("b", (3, 0), DCV=6)]}), dice=[])
    b.start()
    g = b.state.fighters["b"]
    g.presence = 3
    assert dcv_chain(g).value == 3
    g.presence = 4
    assert dcv_chain(g).value == 0


def test_very_impressed_loses_a_half_phase_and_a_presence_attack_is_once_a_phase():
    b = presence_fight([5, 5, 5, 5, 5, 5, 5, 5],  # 40: b +30 (cowed), c +20 (awed)
                       ("a", Action("presence", "Roar")))
    a = b.state.fighters["a"]
    assert "presence" in a.free_done
    assert not any(x.kind == "presence" for x in b.script.decisions[1].menu)
    b = presence_fight([4, 4, 4, 4, 3, 3, 3, 3],  # 28: b +18 (very impressed), c +8 (impressed)
                       ("a", Action("presence", "Roar")))
    assert {e.target: e.level for e in events_of(b, ev.PresenceEffect)} == {"b": 2, "c": 1}
    assert "b is no longer impressed: very impressed by a Presence Attack: a Half Phase is lost" in text(b)


def test_presence_attack_keys_are_checked():
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [hero("a", attacks=[{**ROAR, "charges": 3}])], "B": [hero("b", (3, 0))]})
    assert "charges: expected no charges on a Presence Attack" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [hero("a", attacks=[{**ROAR, "range": 20}])], "B": [hero("b", (3, 0))]})
    assert 'range: expected "los" or no range for a Presence Attack' in str(err.value)


# -- Multipower (rules-powers §5.1) -------------------------------------------------------------

BLAST = {"name": "Blast", "dice": "8d6", "range": 40}  # 40 AP
BEAM = {"name": "Beam", "kind": "killing", "dice": "2½d6", "range": 40}  # 40 AP
GLUE = {"name": "Glue", "kind": "entangle", "dice": "4d6", "range": 40}  # 40 AP
MP = {"name": "Gauntlet", "reserve": 40, "slots": ["Blast", "Beam", "Glue"]}


def gunner(multipowers=(MP,), **keys):
    return hero("a", (0, 5), attacks=[BLAST, BEAM, GLUE, {"name": "Punch"}], multipowers=list(multipowers),
                **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


def test_only_the_slot_in_use_is_on_the_menu_and_the_others_are_a_switch_away():
    b = battle_with(scenario("hero", {"A": [gunner()], "B": [hero("b", (5, 5))]}), dice=[])
    d = phase_decision(b, "a")
    attacks = {a.attack for a in d.menu if a.kind == "attack" and a.maneuver != "move by"}
    assert attacks == {"Blast"}  # (its Punch reaches b, 10 m away, only with a full move: a Move By)
    assert {a.slot for a in d.menu if a.kind == "switch"} == {"Beam", "Glue"}


def test_a_switch_takes_no_time_and_the_same_phase_goes_on_with_the_new_slot():
    b = fight({"A": [gunner()], "B": [hero("b", (5, 5), DCV=3, PD=0, ED=0)]},
              [4, 3, 3,  # Glue hits
               6, 6, 6, 6],  # 8 BODY
              ("a", Action("switch", slot="Glue")), ("a", Action("attack", "Glue", "b", "strike")), turn_limit=1)
    (sw,) = events_of(b, ev.SlotSwitched)
    assert (sw.multipower, sw.old, sw.new) == ("Gauntlet", "Blast", "Glue")
    assert decisions_for(b, "a") == [(1, 12), (1, 12)]
    second = b.script.decisions[1]
    assert not any(a.kind == "switch" for a in second.menu)  # once a Phase
    assert {a.attack for a in second.menu if a.kind == "attack" and a.maneuver != "move by"} == {"Glue"}
    assert b.state.fighters["b"].entangle is not None


def test_the_default_ai_switches_to_a_better_slot_first():
    from slugfest.core.engine.view import BattleView
    from slugfest.plugins.default_ai import choose

    # against a foe whose ED stops a Blast but not a Beam's BODY: the Beam's slot is worth more
    b = battle_with(scenario("hero", {"A": [gunner()], "B": [hero("b", (5, 5), ED=30, STUN=30)]}), dice=[])
    choice = choose(BattleView(b), phase_decision(b, "a", controller="default"))
    assert (choice.action.kind, choice.action.slot) == ("switch", "Beam")
    assert "switches its Multipower to Beam" in choice.reason


def test_multipower_keys_are_checked_and_written_back():
    sc = scenario("hero", {"A": [gunner()], "B": [hero("b", (5, 5))]})
    assert parse_scenario(dump_scenario(sc), "<again>").combatants[0].sheet == sc.combatants[0].sheet
    bad = [({**MP, "reserve": 30}, "slots[0]: expected a slot that fits the reserve of 30 Active Points, got 'Blast' "
                                   "at 40"),
           ({**MP, "slots": ["Blast", "Bean"]}, "slots[1]: expected the name of one of its attacks, got 'Bean' (did you "
                                                "mean 'Beam'?)"),
           ({**MP, "slots": ["Blast"]}, "slots: expected a list of two or more attack names")]
    for mp, message in bad:
        with pytest.raises(ScenarioError) as err:
            scenario("hero", {"A": [gunner(multipowers=[mp])], "B": [hero("b", (5, 5))]})
        assert message in str(err.value)
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [gunner(multipowers=[MP, {**MP, "name": "Other", "slots": ["Blast", "Punch"]}])],
                          "B": [hero("b", (5, 5))]})
    assert "expected each attack in one Multipower, got 'Blast' in 'Gauntlet' and 'Other'" in str(err.value)
