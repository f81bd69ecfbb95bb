"""Where the issue's cross-check found main departing from the seed or from itself: pushing in
whole Damage Classes, and what exactly 0 STUN means (tests named for the rule they pin)."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.errors import IllegalAction
from slugfest.core.hero import events as ev
from slugfest.core.hero.endurance import in_whole_damage_classes
from slugfest.core.testing import battle_with, events_of, hero, scenario

from hero_script import fight

NO_KB = {"knockback": "off"}


def strike(who, target, attack="Punch", push=0):
    return (who, Action("attack", attack, target, "strike", push=push))


# -- Pushing (seed: heroic 5 CP +1 per point made by; rules §4.3) in whole Damage Classes ---------

@pytest.mark.parametrize("points, counted", [(0, 0), (3, 0), (5, 5), (8, 5), (10, 10), (14, 10)])
def test_a_push_counts_in_whole_damage_classes_of_5_points(points, counted):
    assert in_whole_damage_classes(points) == counted


def test_heroic_push_made_by_3_allows_8_points_which_push_5_for_1_dc_and_5_end_seed():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=15, EGO=10)],  # EGO roll 11-
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=0)]}
    dice = [2, 3, 3,          # push: EGO roll 8, made by 3: 5 + 3 = 8 points allowed
            3, 3, 3,          # attack roll 9: hits
            2, 2, 2, 2]       # 3d6 STR +1 DC pushed = 4d6
    b = fight(sides, dice, strike("a", "b", push=10), rules={**NO_KB, "campaign": "heroic"}, turn_limit=1)
    (push,) = events_of(b, ev.Pushed)
    assert (push.wanted, push.allowed, push.success) == (10, 5, True)
    spent = [e for e in events_of(b, ev.EnduranceSpent) if e.actor == "a"]
    assert [e.amount for e in spent] == [3 + 5]  # STR 15 at 1 END per 5, and 1 END per point pushed
    (dmg,) = events_of(b, ev.DamageRolled)
    assert (dmg.dice, dmg.added) == ("4d6", (("pushing", 1),))


def _duel(attacks):
    return scenario("hero", {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=attacks)],
                             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}, rules=NO_KB, turn_limit=1)


@pytest.mark.parametrize("push", [3, 8, 12])
def test_a_push_asked_in_part_of_a_damage_class_is_refused_with_the_reason(push):
    b = battle_with(_duel([{"name": "Blast", "dice": "6d6", "range": 40, "adds_str": False}]), dice=[])
    d = b.next_decision()
    with pytest.raises(IllegalAction, match=f"whole Damage Classes: 5, 10, 15 or 20 Character Points, not {push}"):
        b.submit(d, Choice(Action("attack", "Blast", "b", "strike", push=push), "test"))


def test_a_power_that_costs_no_end_cannot_be_pushed_rules_4_3():
    gadget = {"name": "Gadget", "dice": "6d6", "range": 40, "adds_str": False, "end": 0}
    b = battle_with(_duel([gadget]), dice=[])
    d = b.next_decision()
    with pytest.raises(IllegalAction, match="Gadget costs no END, so it cannot be pushed"):
        b.submit(d, Choice(Action("attack", "Gadget", "b", "strike", push=5), "test"))
    assert Action("attack", "Gadget", "b", "strike") in d.menu  # unpushed, it is legal


# -- Exactly 0 STUN (seed Knockout; rules §4.7 waking): a deliberate reading, pinned both ways ----

def test_a_conscious_character_brought_to_exactly_0_stun_is_not_knocked_out_seed_knockout():
    from slugfest.core.hero.damage import is_knocked_out

    assert not is_knocked_out(0)  # STUN taken equal to the STUN left is not "greater than"
    assert is_knocked_out(-1)
    assert is_knocked_out(0, "zero")  # the option knocks out at 0


def test_a_knocked_out_character_recovering_to_exactly_0_stun_stays_out_rules_4_7():
    from slugfest.core.hero.recovery import recover

    r = recover(stun=-4, end=0, rec=4, max_stun=30, max_end=30, knocked_out=True)
    assert (r.stun, r.woke, r.end) == (0, False, 0)
    r = recover(stun=-4, end=0, rec=5, max_stun=30, max_end=30, knocked_out=True)
    assert (r.stun, r.woke, r.end) == (1, True, 1)


def test_in_a_battle_a_hit_to_exactly_0_stun_leaves_the_target_fighting():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=10)],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=0, STUN=8, CON=10)]}
    b = fight(sides, [3, 3, 3, 4, 4], strike("a", "b"), turn_limit=1)  # 2d6 STR: 8 STUN
    (taken,) = events_of(b, ev.DamageTakenEvent)
    assert (taken.stun_taken, taken.stun_after) == (8, 0)
    assert not [e for e in events_of(b, ev.StatusChanged) if e.status == "knocked out"]


# -- The AI's estimate takes damage through the same pipeline (x2 STUN before defenses, §7.1) ------

def _fighters(b):
    return b.state.fighters["a"], b.state.fighters["b"]


def test_the_estimate_doubles_each_rolls_stun_on_a_knocked_out_target_before_defenses():
    from slugfest.core.hero.estimate import expected_taken

    sc = scenario("hero", {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=10)],  # Punch 2d6
                           "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=5)]}, rules=NO_KB)
    b = battle_with(sc, dice=[])
    b.next_decision()
    f, g = _fighters(b)
    ctx = b.ctx
    two_d6 = [x + y for x in range(1, 7) for y in range(1, 7)]
    # every roll through PD 5 on its own: 82/36, not the mean roll's 7 - 5 = 2
    assert expected_taken(ctx, f, g, f.attack("Punch"), "strike", "", 0, 0) == (
        pytest.approx(sum(max(s - 5, 0) for s in two_d6) / 36), 0)
    assert sum(max(s - 5, 0) for s in two_d6) == 82
    g.ko = True  # x2 before the defense: 2 x 7 - 5 = 9 on average (a 2 doubled is 4, still under PD 5:
    # it takes 0, not -1, so 325/36), not (7 - 5) x 2
    assert expected_taken(ctx, f, g, f.attack("Punch"), "strike", "", 0, 0) == (
        pytest.approx(sum(max(2 * s - 5, 0) for s in two_d6) / 36), 0)
    assert sum(max(2 * s - 5, 0) for s in two_d6) == 325


# -- Words a play-tester reads (issue 21's wording items that touch these rules) --------------------

def test_a_knockback_stopped_early_says_how_far_the_target_really_went():
    from slugfest.core.render.text import TextLog

    stopped = ev.KnockbackRolled("b", 8, (1, 3), 0, 8, "knockback", (5, 5), (6, 5), True)
    line = TextLog().line(stopped)
    assert "= 4 x 2 m = 8 m -> knocked back, stopped after 2 m at 6,5 by a wall, someone or the map's edge" in line
    free = ev.KnockbackRolled("b", 8, (1, 3), 0, 8, "knockback", (5, 5), (9, 5), False)
    assert "8 m -> knocked back to 9,5, prone" in TextLog().line(free)


def test_the_knockback_line_shows_the_knockback_resistance_it_subtracts():
    """Issue 37: "14 BODY - 4 [1, 3] -> knocked back 14 m" read as wrong; 6 m was resisted."""
    from slugfest.core.render.text import TextLog

    resisted_some = ev.KnockbackRolled("b", 14, (1, 3), 6, 14, "knockback", (5, 5), (12, 5), False)
    assert ("2d6 [1, 3]; 14 BODY - 4 = 10 x 2 m = 20 m - 6 m Knockback Resistance = 14 m -> knocked back to 12,5"
            in TextLog().line(resisted_some))
    resisted_all = ev.KnockbackRolled("b", 7, (1, 3), 6, 0, "resisted", (5, 5), (5, 5), False)
    assert "= 3 x 2 m = 6 m -> stopped by 6 m of Knockback Resistance" in TextLog().line(resisted_all)


@pytest.mark.parametrize("faces, dice", [
    ((4,), "1d6 [4] (2d6, less 1d6: in the air)"),
    ((4, 2), "2d6 [4, 2];"),
    ((4, 2, 1), "3d6 [4, 2, 1] (2d6, +1d6: a Killing attack or a Martial Maneuver)"),
    ((4, 2, 1, 1), "4d6 [4, 2, 1, 1] (2d6, +1d6 Killing, +1d6 Martial Maneuver)"),
])
def test_the_knockback_line_says_how_many_dice_it_rolled_and_why(faces, dice):
    """Issue 37: "14 BODY - 4 [1, 3]" left the reader to guess why 1d6 to 4d6 were rolled
    (hero6e.md §6.2: 2d6, +1d6 Killing, +1d6 a Martial Maneuver, -1d6 a target in the air)."""
    from slugfest.core.render.text import TextLog

    line = TextLog().line(ev.KnockbackRolled("b", 2, faces, 0, 0, "none", (5, 5), (5, 5), False))
    assert line.strip().startswith(f"knockback on b: {dice}")
    assert f"; 2 BODY - {sum(faces)} = {2 - sum(faces)} -> no knockback (below 0)" in line


@pytest.mark.parametrize("metres, wall, landing", [
    (12, False, "the landing: 12 m / 4 m a die = 3d6"),
    (10, False, "the landing: 10 m / 4 m a die = 2.5, rounded down: 2d6"),
    (2, False, "the landing: 2 m / 4 m a die = 0.5, rounded down: no dice"),
    (14, True, "the impact: 14 m / 2 m a die = 7d6"),
])
def test_the_knockback_line_shows_the_landings_dice_and_their_rounding(metres, wall, landing):
    """hero6e.md §6.5: 1d6 per 2 m against a wall, per 4 m on the ground, whole dice only."""
    from slugfest.core.render.text import TextLog

    end = (6, 5) if wall else (5 + metres // 2, 5)
    kb = ev.KnockbackRolled("b", 2 + metres // 2, (1, 1), 0, metres, "knockback", (5, 5), end, wall)
    assert TextLog().line(kb).endswith(f", prone; {landing}")


def test_a_flight_of_odd_metres_says_the_whole_cells_it_rounds_up_to():
    from slugfest.core.render.text import TextLog

    odd = ev.KnockbackRolled("b", 14, (1, 3), 5, 15, "knockback", (5, 5), (13, 5), False)
    assert "= 20 m - 5 m Knockback Resistance = 15 m (8 cells of 2 m, rounded up) -> knocked back to 13,5" \
        in TextLog().line(odd)


def test_a_knockback_landing_names_its_rule_not_a_wall_that_may_be_the_maps_edge():
    from slugfest.core.render.text import TextLog

    impact = ev.DamageRolled("knockback", "b", "slams into a wall", "normal", "4d6", "4d6", (), False,
                             (1, 2, 3, 4), 10, 4, 0, 0, (), "", ())
    line = TextLog().line(impact)
    assert "a wall" not in line and line.strip().startswith("stopped short, the impact (1d6 per 2 m")


def test_the_result_line_names_the_turn_the_battle_ended_in():
    from slugfest.core.engine.events import BattleEnded
    from slugfest.core.render.text import TextLog

    line = TextLog().line(BattleEnded("Heroes", "last side standing", 4, "turn", ("a",)))
    assert line == "=== Heroes win: last side standing, in Turn 4. Still standing: a ==="


def test_a_drain_line_shows_how_its_active_points_become_points_of_the_characteristic():
    """Issue 37's audit: "8 Active Points: BODY 15 -> 11" hid the halving for a defensive one."""
    from slugfest.core.render.text import TextLog

    body = ev.AdjustmentRolled("a", "b", "Sap", "drain", "BODY", (2, 3, 3), 8, 0, 8, 15, 11)
    assert "8 = 8 Active Points / 2 (a defensive characteristic) = 4 BODY: b's BODY 15 -> 11" in TextLog().line(body)
    spd = ev.AdjustmentRolled("a", "b", "Sap", "drain", "SPD", (5, 4, 5), 14, 0, 14, 4, 3)
    assert "14 Active Points / 10 a point = 1 SPD: b's SPD 4 -> 3" in TextLog().line(spd)
    floored = ev.AdjustmentRolled("a", "b", "Sap", "drain", "SPD", (6, 6, 6, 6), 24, 0, 24, 2, 1)  # SPD stops at 1
    assert "24 Active Points: b's SPD 2 -> 1" in TextLog().line(floored)
