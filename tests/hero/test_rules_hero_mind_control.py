"""Mind Control (rules-powers §3.5): rolled 11 + OMCV - DMCV like a Mental Blast; a hit's effect
roll less Mental Defense against the target's EGO. Our readings (core/hero/mind_control.py and
the README): EGO+20 and it stands down, its Phases passing without an action; EGO+30 and it is
turned, fighting for the controller's side; below EGO+20 nothing changes in a fight. It breaks
free on an EGO roll at the start of each Phase after the first it serves, less 1 for every 5
points the effect passed its level."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.hero import events as ev
from slugfest.core.hero.dice import active_points, parse_dice
from slugfest.core.hero.effect_power import PHASE_LOST
from slugfest.core.hero.mind_control import MIND_CONTROL, breakout_chance, level, penalty
from slugfest.core.hero.menu import menu_for
from slugfest.core.hero.profile import DamageProfile
from slugfest.core.render.text import TextLog
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.testing import battle_with, drive, events_of, hero, scenario

from hero_script import fight

CONTROL = {"name": "Command", "kind": "mind_control", "dice": "12d6"}


def sides(mental_defense=0):
    """a (OMCV 5, DEX 15) against b (EGO 10: an 11- EGO roll; DMCV 3, DEX 10) and its friend c
    (DEX 8) next to it; every SPD 2 (Phases in Segments 6 and 12)."""
    defs = {"special": {"Mental Defense": mental_defense}} if mental_defense else None
    return {"A": [hero("a", (0, 0), attacks=[CONTROL], SPD=2, DEX=15, OMCV=5)],
            "B": [hero("b", (10, 0), defenses=defs, SPD=2, DEX=10, EGO=10, DMCV=3, DCV=9),
                  hero("c", (11, 0), SPD=2, DEX=8, DCV=3, PD=0)]}


def command(target="b"):
    return ("a", Action("attack", "Command", target, "strike"))


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


@pytest.mark.parametrize("net, ego, lv", [(9, 10, 0), (10, 10, 1), (19, 10, 1), (20, 10, 2), (29, 10, 2),
                                          (30, 10, 3), (39, 10, 3), (40, 10, 4), (75, 20, 4)])
def test_the_effect_is_by_how_far_the_roll_less_mental_defense_passes_ego_rules_powers_3_5(net, ego, lv):
    assert level(net, ego) == lv


@pytest.mark.parametrize("net, lv, pen", [(30, 3, 0), (34, 3, 0), (35, 3, 1), (39, 3, 1), (40, 4, 0), (52, 4, 2)])
def test_the_breakout_penalty_is_1_for_every_5_points_past_the_level_reached(net, lv, pen):
    assert penalty(net, 10, lv) == pen


def test_mind_control_costs_5_active_points_a_die_and_is_rolled_against_dmcv_at_any_distance():
    assert active_points(parse_dice("12d6"), "mind_control") == 60
    b = fight(sides(), [3, 3, 3,  # 9: hits on 11 + 5 - 3 = 13- (DCV 9 would need 7-)
                        *[3] * 12], command(), turn_limit=1)
    (roll,) = events_of(b, ev.AttackRolled)
    assert (roll.needed, roll.ocv.name, roll.dcv.name) == (13, "OMCV", "DMCV")
    assert not any(m.step == 6 for m in roll.ocv.modifiers)  # no Range Modifier, 20 m away
    assert not events_of(b, ev.DamageRolled)  # an effect, not damage


def test_egoplus20_and_the_target_stands_down_its_next_phase_passing_without_an_action():
    b = fight(sides(), [3, 3, 3, *[3] * 12],  # 36 against EGO 10: +26, stands down, 1 off its breakouts
              command(), ("b", Action("attack", "Punch", "c", "strike")), turn_limit=1)
    (mc,) = events_of(b, ev.MindControlRolled)
    assert (mc.total, mc.mental_defense, mc.ego, mc.level, mc.took) == (36, 0, 10, 3, True)
    hold = b.state.fighters["b"].control
    assert (hold.by, hold.level, hold.penalty, hold.served) == ("a", 3, 1, 1)
    assert any(isinstance(e, ev.PhaseSkipped) and e.actor == "b" and "stands down" in e.reason for e in b.events)
    assert not [d for d in b.script.decisions if d.actor == "b"]  # it was never asked to act
    assert "Mind Control: rolled [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 36 = 36 against b's EGO 10 (+26)" in text(b)
    assert "standing down" in b.vitals("b").conditions and b.vitals("b").disabled


def test_mental_defense_comes_off_the_effect_roll_before_it_meets_ego():
    b = fight(sides(mental_defense=8), [3, 3, 3, *[3] * 12], command(), turn_limit=1)
    (mc,) = events_of(b, ev.MindControlRolled)
    assert (mc.total, mc.mental_defense, mc.level, mc.took) == (36, 8, 2, False)  # 28: +18, nothing in a fight
    assert b.state.fighters["b"].control is None
    assert "36 - Mental Defense 8 = 28 against b's EGO 10 (+18): only a command it does not mind" in text(b)


def test_it_breaks_free_on_an_ego_roll_less_the_penalty_at_each_phase_after_the_first():
    b = fight(sides(), [3, 3, 3, *[3] * 12,  # Turn 1, Segment 12: stands down (1 off its breakouts)
                        4, 4, 3,  # Turn 2, Segment 6: 11 against 11 - 1 = 10-: still held
                        3, 3, 3],  # Segment 12: 9, free: it acts again
              command(), turn_limit=2)
    rolls = events_of(b, ev.BreakoutRolled)
    assert [(r.needed, r.penalty, sum(r.faces), r.made) for r in rolls] == [(10, 1, 11, False), (10, 1, 9, True)]
    assert b.state.fighters["b"].control is None
    assert [s for s in events_of(b, ev.PhaseSkipped) if s.actor == "b"][-1].reason.startswith("stands down")
    assert len([d for d in b.script.decisions if d.actor == "b"]) == 1  # only the Phase it broke free in
    assert "b tries to break free: EGO roll 11- less 1 for the Mind Control's margin = 10-, rolled 9 [3, 3, 3]: " \
           "breaks free" in text(b)


def test_egoplus30_turns_the_target_on_its_friends_while_the_battle_still_counts_its_own_side():
    b = fight(sides(), [3, 3, 3, *[4] * 12,  # 48 against EGO 10: +38, turned, 1 off its breakouts
                        1, 1, 1,  # b's Punch at c: 3 hits
                        3, 3],  # 2d6 (STR 10): 6 STUN, 2 BODY
              command(), ("b", Action("attack", "Punch", "c", "strike")), turn_limit=1)
    (mc,) = events_of(b, ev.MindControlRolled)
    assert (mc.level, mc.took) == (4, True)
    (punch,) = [e for e in events_of(b, ev.AttackRolled) if e.attacker == "b"]
    assert (punch.target, punch.hit) == ("c", True)
    (taken,) = [e for e in events_of(b, ev.DamageTakenEvent) if e.target == "c"]
    assert (taken.stun_taken, taken.body_taken) == (6, 2)  # PD 0
    assert b.vitals("b").side == "A"  # the AIs see it on its controller's side
    assert "turned" in b.vitals("b").conditions
    assert b.outcome.winner is None  # c still stands for B: the battle goes on to the turn limit


def test_a_turned_fighters_menu_offers_its_friends_and_not_its_controller():
    b = battle_with(scenario("hero", sides()), dice=[])
    b.start()
    f = b.state.fighters["b"]
    from slugfest.core.hero.state import Controlled

    f.control = Controlled("a", "A", "Command", 4, 0, 1)
    targets = {x.target for x in menu_for(b.ctx, f) if x.kind == "attack"}
    assert "c" in targets and "a" not in targets


def held_battle(dice, **extra_a):
    """a and z (each a Command) against b and c; nothing run yet but the start."""
    b = battle_with(scenario("hero", {**sides(), "A": [hero("a", (0, 0), attacks=[CONTROL], OMCV=5, **extra_a),
                                                        hero("z", (0, 1), attacks=[CONTROL], OMCV=5)]}), dice=dice)
    b.start()
    return b, *(b.state.fighters[k] for k in "azbc")


PROFILE = DamageProfile("mind_control", parse_dice("12d6"), parse_dice("12d6"), 12, (), False, 0, 0)


def test_a_second_mind_control_replaces_the_hold_only_if_stronger_or_as_strong_and_harder_to_break():
    b, a, z, g, c = held_battle([*[3] * 12, *[4] * 6, *[3] * 6, *[3] * 11, 4, *[4] * 12])
    MIND_CONTROL.lands(b.ctx, a, g, a.attack("Command"), PROFILE)  # 36: stands down, 1 off
    MIND_CONTROL.lands(b.ctx, z, g, z.attack("Command"), PROFILE)  # 42: turned, 0 off: stronger
    assert (g.control.by, g.control.level, g.control.penalty) == ("z", 4, 0)
    MIND_CONTROL.lands(b.ctx, a, g, a.attack("Command"), PROFILE)  # 37: stands down: weaker, kept out
    MIND_CONTROL.lands(b.ctx, a, g, a.attack("Command"), PROFILE)  # 48: turned, 1 off: as strong, harder
    rolled = events_of(b, ev.MindControlRolled)
    assert [(e.total, e.level, e.took) for e in rolled] == [(36, 3, True), (42, 4, True), (37, 3, False),
                                                            (48, 4, True)]
    assert (g.control.by, g.control.penalty) == ("a", 1)


def test_its_own_side_reaching_egoplus30_commands_a_turned_fighter_back_and_the_ai_values_it():
    b, a, z, g, c = held_battle([*[4] * 12])
    from slugfest.core.hero.state import Controlled

    g.control = Controlled("a", "A", "Command", 4, 0, 1)
    c.sheet = replace(c.sheet, attacks=(*c.sheet.attacks, a.attack("Command")))
    c.memo = {}
    worth = MIND_CONTROL.worth(c, g, c.attack("Command"), PROFILE)
    assert worth == pytest.approx(2 * PHASE_LOST * (1 / 0.625) * _at_least(12, 40))
    MIND_CONTROL.lands(b.ctx, c, g, c.attack("Command"), PROFILE)  # 48: +38 from its own side
    assert g.control is None and g.allegiance == "B"


def test_standing_down_loses_a_held_phase_and_a_haymaker_wound_up():
    b, a, z, g, c = held_battle([*[3] * 12])
    from slugfest.core.hero.state import PendingHaymaker

    g.held = True
    g.haymaker = PendingHaymaker("a", "Punch", b.state.abs_segment + 1)
    MIND_CONTROL.lands(b.ctx, a, g, a.attack("Command"), PROFILE)  # 36: stands down
    assert not g.held and g.haymaker is None
    assert any(isinstance(e, ev.HaymakerFizzled) and "stood down" in e.why for e in b.events)


def test_turned_its_grabs_and_haymakers_across_the_new_lines_end():
    b, a, z, g, c = held_battle([*[4] * 12, 3, 3, 3])
    from slugfest.core.hero.state import PendingHaymaker

    g.holding, a.held_by = "a", "b"  # b holds its controller-to-be
    g.haymaker = PendingHaymaker("z", "Punch", b.state.abs_segment + 1)  # and winds up at z
    c.haymaker = PendingHaymaker("a", "Punch", b.state.abs_segment + 1)  # c still at a: a foe yet
    MIND_CONTROL.lands(b.ctx, a, g, a.attack("Command"), PROFILE)  # 48: turned
    assert g.holding is None and a.held_by is None
    assert g.haymaker is None and c.haymaker is not None
    # breaking free, it is back on c's side: c's grab on it ends too
    c.holding, g.held_by = "b", "c"
    g.control = replace(g.control, served=1)
    from slugfest.core.hero.mind_control import serve

    assert serve(b.ctx, g) is False  # 9 on 11 - 1: free
    assert g.control is None and c.holding is None


def test_turning_the_last_foe_wins_and_a_recruit_whose_controllers_are_all_down_is_its_own_again():
    b, a, z, g, c = held_battle([])
    from slugfest.core.hero.state import Controlled

    c.ko = True
    g.control = Controlled("a", "A", "Command", 4, 0, 1)
    b.step()
    assert (b.outcome.winner, b.outcome.reason, b.outcome.survivors) == ("A", "last side standing", ("a", "z"))
    b, a, z, g, c = held_battle([])
    a.ko = z.ko = True
    g.control = Controlled("a", "A", "Command", 4, 0, 1)
    b.step()
    assert (b.outcome.winner, b.outcome.survivors) == ("B", ("b", "c"))


def test_a_3_always_breaks_free_an_18_never_and_a_stunned_phase_is_not_served():
    from slugfest.core.hero.mind_control import serve
    from slugfest.core.hero.state import Controlled

    b, a, z, g, c = held_battle([1, 1, 1, 6, 6, 6])
    g.control = Controlled("a", "A", "Command", 3, 20, 1)  # 11 - 20: only a 3 makes it
    assert serve(b.ctx, g) is False and g.control is None
    g.control = Controlled("a", "A", "Command", 3, 0, 1)
    g.ch = replace(g.ch, EGO=60)  # 21-: an 18 still fails
    assert serve(b.ctx, g) is True and g.control.served == 2
    b = fight(sides(), [3, 3, 3, *[3] * 12], command(), turn_limit=1)  # Turn 1, Segment 12: b stands down
    g = b.state.fighters["b"]
    g.stunned = True
    from slugfest.core.hero.clock import open_phase

    b.state.natural.add("b")
    assert open_phase(b.ctx, "b") is None  # the Phase goes on recovering: no roll, not served
    assert g.control.served == 1 and not events_of(b, ev.BreakoutRolled)


def test_a_standard_effect_mind_control_rolls_nothing():
    sc = {**sides(), "A": [hero("a", (0, 0), attacks=[{**CONTROL, "standard_effect": True}], SPD=2, DEX=15,
                                OMCV=5)]}
    b = fight(sc, [3, 3, 3], command(), turn_limit=1)  # 12d6 as 36: stands down
    (mc,) = events_of(b, ev.MindControlRolled)
    assert (mc.faces, mc.total, mc.level) == ((), 36, 3)


def test_the_default_ai_of_a_turned_fighter_picks_its_old_friend():
    from slugfest.core.hero.state import Controlled
    from slugfest.core.testing import phase_decision

    b = battle_with(scenario("hero", sides()), dice=[])
    b.start()
    b.state.fighters["b"].control = Controlled("a", "A", "Command", 4, 0, 1)
    d = phase_decision(b, "b")
    choice, _ = b.decide(d)
    assert choice.action.target == "c"


def test_no_abort_is_offered_to_a_fighter_standing_down():
    from slugfest.core.hero.aborts import offer_abort
    from slugfest.core.hero.state import Controlled

    b = battle_with(scenario("hero", sides()), dice=[])
    b.start()
    g = b.state.fighters["b"]
    g.control = Controlled("a", "A", "Command", 3, 0, 1)
    asked: list = []
    drive(offer_abort(b.ctx, g, b.state.fighters["c"], b.state.fighters["c"].attack("Punch")), asked=asked)
    assert asked == []


def _at_least(count: int, total: int) -> float:
    """P(count d6 sum to at least total), by counting."""
    ways = [0] * (6 * count + 1)
    ways[0] = 1
    for _ in range(count):
        nxt = [0] * len(ways)
        for k, n in enumerate(ways):
            for face in range(1, 7):
                if n and k + face < len(nxt):
                    nxt[k + face] += n
        ways = nxt
    return sum(ways[total:]) / 6 ** count


def test_the_ai_weighs_a_hit_as_the_phases_it_should_take():
    b = battle_with(scenario("hero", sides()), dice=[])
    b.start()
    a, g = b.state.fighters["a"], b.state.fighters["b"]
    dice = parse_dice("12d6")
    profile = DamageProfile("mind_control", dice, dice, 12, (), False, 0, 0)
    made = sum(1 for faces in itertools.product(range(1, 7), repeat=3) if sum(faces) <= 11) / 216
    assert breakout_chance(g) == pytest.approx(made) == pytest.approx(0.625)
    down, turned = _at_least(12, 30) - _at_least(12, 40), _at_least(12, 40)
    worth = MIND_CONTROL.worth(a, g, a.attack("Command"), profile)
    assert worth == pytest.approx(PHASE_LOST * (1 / 0.625) * (down + 2 * turned))
    assert worth == pytest.approx(0.3159, abs=5e-5)
    from slugfest.core.hero.state import Controlled

    g.control = Controlled("a", "A", "Command", 4, 0, 1)
    assert MIND_CONTROL.worth(a, g, a.attack("Command"), profile) == 0.0  # held as strongly already


def test_mind_control_keys_are_checked_and_written_back():
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [hero("a", attacks=[{**CONTROL, "range": 20}])], "B": [hero("b", (3, 0))]})
    assert 'range: expected "los" or no range for a Mind Control' in str(err.value)
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [hero("a", attacks=[{**CONTROL, "area": {"shape": "radius", "metres": 4}}])],
                          "B": [hero("b", (3, 0))]})
    assert "area: expected no area on a Mind Control" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [hero("a", attacks=[{**CONTROL, "defense": "Power Defense"}])], "B": [hero("b", (3, 0))]})
    assert 'expected "Mental Defense" or nothing for a Mind Control' in str(err.value)
    sc = scenario("hero", sides())
    again = parse_scenario(dump_scenario(sc))
    assert again.combatants[0].sheet.attacks[0] == sc.combatants[0].sheet.attacks[0]


def test_the_prompt_shows_the_roll_against_dmcv_and_the_chance_of_each_effect():
    from slugfest.core.testing import phase_decision

    b = battle_with(scenario("hero", sides(mental_defense=5)), dice=[])
    d = phase_decision(b, "a")
    cmds = [a for a in d.menu if a.attack == "Command"]
    assert {a.target for a in cmds} == {"b", "c"} and {a.maneuver for a in cmds} == {"strike"}
    odds = d.picture.odds(next(a for a in cmds if a.target == "b"))
    # 12d6 against EGO 10 + Mental Defense 5: stands down on 35 or more, turned on 45 or more
    down, turned = _at_least(12, 35), _at_least(12, 45)
    assert odds.roll == "13- (11 + OMCV 5 - DMCV 3)"
    assert odds.damage == f"{down:.0%} stands down, {turned:.0%} turned (EGO 10, Mental Defense 5)"
    assert odds.damage == "90% stands down, 34% turned (EGO 10, Mental Defense 5)"
    assert odds.cost == "END 6"  # 60 Active Points


# -- Mental Illusions (rules-powers §3.5: the same thresholds against EGO) ---------------------

MIRAGE = {"name": "Mirage", "kind": "mental_illusions", "dice": "12d6"}


def illusion_sides():
    return {**sides(), "A": [hero("a", (0, 0), attacks=[MIRAGE], SPD=2, DEX=15, OMCV=5)]}


def test_a_mental_illusion_at_egoplus20_leaves_its_target_fighting_phantoms():
    b = fight(illusion_sides(), [3, 3, 3, *[3] * 12],  # 36 against EGO 10: +26
              ("a", Action("attack", "Mirage", "b", "strike")), turn_limit=1)
    (mc,) = events_of(b, ev.MindControlRolled)
    assert (mc.power, mc.total, mc.level, mc.took) == ("Mental Illusions", 36, 3, True)
    g = b.state.fighters["b"]
    assert (g.control.kind, g.control.level, g.control.penalty) == ("mental_illusions", 3, 1)
    assert any(isinstance(e, ev.PhaseSkipped) and e.actor == "b" and e.reason == "fights the phantoms of an illusion"
               for e in b.events)
    log = text(b)
    assert "Mental Illusions: rolled [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 36 = 36 against b's EGO 10 (+26)" in log
    assert "b is now deluded: A's Mirage: fights phantoms" in log


def test_a_mental_illusion_at_egoplus30_shows_its_target_friends_as_foes_until_it_breaks_free():
    b = fight(illusion_sides(), [3, 3, 3, *[4] * 12,  # 48: +38, friends seen as foes, 1 off its breakouts
                                 1, 1, 1, 3, 3,  # b's Punch at c: a hit, 6 STUN
                                 3, 3, 3],  # Turn 2, Segment 6: 9 on 11 - 1 = 10-: free
              ("a", Action("attack", "Mirage", "b", "strike")), ("b", Action("attack", "Punch", "c", "strike")),
              turn_limit=2)
    (taken,) = [e for e in events_of(b, ev.DamageTakenEvent) if e.target == "c"]
    assert taken.stun_taken == 6
    (out,) = events_of(b, ev.BreakoutRolled)
    assert (out.power, out.made) == ("Mental Illusions", True)
    assert "b is no longer deluded: broke free of the Mental Illusions" in text(b)


def test_mental_illusions_cost_5_points_a_die_and_take_no_range():
    assert active_points(parse_dice("12d6"), "mental_illusions") == 60
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [hero("a", attacks=[{**MIRAGE, "range": 20}])], "B": [hero("b", (3, 0))]})
    assert 'range: expected "los" or no range for a Mental Illusions' in str(err.value)


def test_a_mental_illusion_stronger_than_a_mind_control_takes_its_place():
    b, a, z, g, c = held_battle([*[3] * 12, *[4] * 12])
    from slugfest.core.hero.sheet import HeroAttack

    mirage = HeroAttack("Mirage", "mental_illusions", parse_dice("12d6"), hth=False, adds_str=False, range_m=2000,
                        defense="Mental Defense")
    z.sheet = replace(z.sheet, attacks=(mirage,))
    z.memo = {}
    MIND_CONTROL.lands(b.ctx, a, g, a.attack("Command"), PROFILE)  # 36: stands down
    from slugfest.core.hero.mind_control import MENTAL_ILLUSIONS

    MENTAL_ILLUSIONS.lands(b.ctx, z, g, z.attack("Mirage"), PROFILE)  # 48: sees friends as foes
    assert (g.control.kind, g.control.level, g.control.by) == ("mental_illusions", 4, "z")
    log = text(b)
    assert "b is no longer mind-controlled: Z's Mirage takes its place" in log
    assert "b is now deluded: Z's Mirage: sees its friends as foes" in log
    assert "seeing friends as foes" in b.vitals("b").conditions
