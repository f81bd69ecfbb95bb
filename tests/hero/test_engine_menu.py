"""HERO 6e battle engine, the menu and the map: illegal choices refused (by ``submit`` with an
explanation, by ``decide`` with an ActionRefused and the default AI's fallback), knockback on
the grid, prone, the Range Modifier and line of sight.

Rules: rules/hero6e.md §1.4 (half and full Phases), §5.3 (Range Modifier), §6 (Knockback), §7.1
(Prone); the seed's OCV checklist (step 6, the Range Modifier). Scripted dice throughout.
"""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.errors import IllegalAction
from slugfest.core.engine.events import ActionChosen, ActionRefused, Moved
from slugfest.core.hero import events as ev
from slugfest.core.hero.combat_values import Modifier
from slugfest.core.hero.menu import menu_for
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.testing import battle_with, events_of, hero, scenario

from hero_script import NO_KB
from hero_script import fight as script_fight
BLAST = {"name": "Blast", "dice": "4d6", "range": 100, "knockback": False}
SHORT_BLAST = {"name": "Zap", "dice": "2d6", "range": 10, "knockback": False}


def fight(sides, dice=(), *plan, rules=NO_KB, turn_limit=1, **kw):
    return script_fight(sides, dice, *plan, rules=rules, turn_limit=turn_limit, **kw)


def strike(who, target, attack="Punch", maneuver="strike"):
    return (who, Action("attack", attack, target, maneuver))


# -- The menu: submit refuses, decide falls back -------------------------------------------------

def standoff(**kw):
    return scenario("hero", {
        "A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[{"name": "Punch"}, SHORT_BLAST]),
              hero("c", position=(1, 0), SPD=2, DEX=12)],
        "B": [hero("b", position=(10, 0), SPD=2, DEX=10)],
    }, rules=NO_KB, turn_limit=2, **kw)


@pytest.mark.parametrize("action, reason", [
    (Action("attack", "Punch", "b", "strike"), "20 m away: too far to reach"),
    (Action("attack", "Zap", "b", "strike"), "Zap reaches 10 m"),
    (Action("attack", "Kick", "b", "strike"), "has no attack named 'Kick'"),
    (Action("attack", "Punch", "c", "strike"), "own side"),
    (Action("attack", "Punch", "zz", "strike"), "no combatant 'zz'"),
    (Action("move", destination=(1, 0)), "taken by another combatant"),
    (Action("move", destination=(9, 9)), "beyond A's 12 m of movement"),
    (Action("move", destination=(30, 0)), "not an open cell"),
    (Action("dodge", push=5), "only attacks can be pushed"),
    (Action("dodge", levels="ocv"), "has no combat skill levels"),
    # issue 37: refusals by name, with the reason ("... a Strike with Punch at b is not possible now")
    (Action("attack", "Punch", "b", "pull"), "^a pulled punch is a Strike, and B is 20 m away: too far to reach"),
    (Action("retreat", target="c"), "^C is on A's own side: a Retreat falls back from a foe$"),
    (Action("retreat", target="b"), "^A has no open cell to fall back to, away from the nearest foe$"),
    (Action("grab", target="b"), "^grab -> B is not possible now: A's menu has no grab now$"),
    (Action("dodge", target="b"), "^dodge -> B is not possible now: the menu offers dodge$"),
])
def test_an_illegal_choice_raises_illegal_action_with_the_reason_and_changes_nothing(action, reason):
    b = battle_with(standoff(), dice=[])
    d = b.next_decision()
    assert d.actor == "a" and action not in d.menu
    before = (repr(b.state), len(b.events), b.dice.remaining)
    with pytest.raises(IllegalAction, match=reason):
        b.submit(d, Choice(action, "test"))
    assert (repr(b.state), len(b.events), b.dice.remaining) == before
    b.submit(d, Choice(Action("dodge"), "test"))  # the same decision still takes a legal answer
    assert b.state.fighters["a"].dodging


def test_set_on_a_hand_to_hand_attack_is_refused_because_set_is_for_ranged_attacks():
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15)], "B": [hero("b", position=(1, 0))]}
    b = battle_with(scenario("hero", sides, rules=NO_KB), dice=[])
    d = b.next_decision()
    with pytest.raises(IllegalAction) as err:
        b.submit(d, Choice(Action("attack", "Punch", "b", "set"), "test"))
    assert str(err.value) == "Set is for ranged attacks; Punch is hand-to-hand"


def test_decide_refuses_a_plugins_illegal_action_and_falls_back_to_the_default_ai():
    class Stubborn:
        @hookimpl(tryfirst=True)
        def slugfest_choose_action(self, battle, decision):
            return Choice(Action("attack", "Punch", "b", "strike"), "charge!")

    b = battle_with(standoff(), dice=[], plugins=[("stubborn", Stubborn())])
    d = b.next_decision()
    choice, who = b.decide(d)
    assert who == "default" and choice.action in d.menu
    (refused,) = events_of(b, ActionRefused)
    assert (refused.actor, refused.action, refused.chosen_by) == ("a", "strike Punch -> b", "stubborn")
    assert "too far" in refused.why
    # step() goes the same way and carries out the default AI's choice.
    b2 = battle_with(standoff(), dice=[], plugins=[("stubborn", Stubborn())])
    assert b2.step()
    (chosen,) = events_of(b2, ActionChosen)
    assert chosen.chosen_by == "default" and len(events_of(b2, ActionRefused)) == 1


# -- Knockback on the grid (rules §6) -----------------------------------------------------------

TOUGH = dict(SPD=2, DEX=10, PD=10, CON=20, STUN=40)  # 24 STUN - 10 = 14: neither Stunned nor out


@pytest.mark.parametrize("a_at, b_at, obstacles, end, wall, impact, stopper", [
    ((4, 5), (5, 5), [], (11, 5), False, 3, ""),            # 12 m = 6 cells; the ground: 1d6 per 4 m
    ((4, 5), (5, 5), [(8, 5)], (7, 5), True, 6, "wall"),    # stopped by an obstacle: 1d6 per 2 m
    ((16, 5), (17, 5), [], (19, 5), True, 6, "edge"),        # stopped by the map's edge, a wall here
])
def test_knockback_moves_metres_over_2_cells_and_a_wall_hurts_twice_as_much_as_the_ground(a_at, b_at, obstacles, end,
                                                                                           wall, impact, stopper):
    sides = {"A": [hero("a", position=a_at, SPD=2, DEX=15, STR=20)], "B": [hero("b", position=b_at, **TOUGH)]}
    dice = [3, 3, 3,  6, 6, 6, 6,  1, 1,  *[1] * impact]  # 8 BODY rolled - 2 on the KB dice = 6: 12 m
    b = fight(sides, dice, strike("a", "b"), rules={}, obstacles=obstacles)
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert (kb.body, kb.faces, kb.metres, kb.outcome) == (8, (1, 1), 12, "knockback")
    assert (kb.start, kb.end, kb.hit_wall, kb.stopped_by) == (b_at, end, wall, stopper)
    assert b.state.fighters["b"].pos == end
    landing = [e for e in events_of(b, ev.DamageRolled) if e.attacker == "knockback"]
    assert [(e.dice, e.faces) for e in landing] == [(f"{impact}d6", (1,) * impact)]
    assert [(e.status, e.active) for e in events_of(b, ev.StatusChanged)] == [("prone", False)]  # stood up


def test_knockdown_leaves_the_target_prone_prone_halves_dcv_and_standing_takes_half_a_phase():
    sides = {"A": [hero("a", position=(4, 5), SPD=2, DEX=15), hero("c", position=(6, 5), SPD=2, DEX=12)],
             "B": [hero("b", position=(5, 5), SPD=2, DEX=10, attacks=[{"name": "Punch"}, BLAST])]}
    dice = [3, 3, 3,  6, 6,  2, 2,   # a: 4 BODY rolled - 4 on the KB dice = 0: knocked down where it stands
            6, 6, 6]                 # c strikes the prone b (and misses)
    b = fight(sides, dice, strike("a", "b"), strike("c", "b"), rules={})
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert (kb.outcome, kb.metres, kb.end) == ("knockdown", 0, (5, 5))
    c_on_b = events_of(b, ev.AttackRolled)[1]
    assert c_on_b.dcv.value == 2 and [m.source for m in c_on_b.dcv.modifiers] == ["prone"]
    stood = [e for e in events_of(b, ev.StatusChanged) if e.actor == "b"]
    assert [(e.status, e.active, e.why) for e in stood] == [("prone", False, "stood up (a half Phase)")]
    (b_turn,) = [d for d in b.script.decisions if d.actor == "b" and d.kind == "phase"]
    kinds = {(x.kind, x.maneuver) for x in b_turn.menu}
    assert ("attack", "strike") in kinds  # half a Phase is left for an attack...
    assert ("recover", "") not in kinds and ("attack", "set") not in kinds  # ...but not for a full-Phase action
    assert ("multiple-attack", "multiple attack") not in kinds
    with pytest.raises(IllegalAction, match="only half a Phase is left"):
        b.check(b_turn, Action("recover"))


@pytest.mark.parametrize("attack, flying, dice, n_kb", [
    ({"name": "Claws", "kind": "killing", "dice": "1d6", "adds_str": False}, False, [4, 3], 3),  # Killing: +1d6
    ({"name": "Punch"}, True, [6, 6], 1),                                                       # in the air: -1d6
])
def test_knockback_dice_are_2d6_plus_1_for_killing_minus_1_for_a_flying_target(attack, flying, dice, n_kb):
    sides = {"A": [hero("a", position=(4, 5), SPD=2, DEX=15, attacks=[attack])],
             "B": [hero("b", position=(5, 5), SPD=2, DEX=10, flying=flying)]}
    b = fight(sides, [3, 3, 3, *dice, *[6] * n_kb], strike("a", "b", attack["name"]), rules={})
    (kb,) = events_of(b, ev.KnockbackRolled)
    assert len(kb.faces) == n_kb and kb.outcome == "none"


def test_an_attack_bought_without_knockback_rolls_none():
    sides = {"A": [hero("a", position=(4, 5), SPD=2, DEX=15, attacks=[{"name": "Punch", "knockback": False}])],
             "B": [hero("b", position=(5, 5), SPD=2, DEX=10)]}
    b = fight(sides, [3, 3, 3, 6, 6], strike("a", "b"), rules={})
    assert events_of(b, ev.KnockbackRolled) == []


# -- Range Modifier and line of sight (seed OCV checklist step 6; rules §5.3) -------------------

@pytest.mark.parametrize("cells, mods", [
    (4, ()),                                        # 8 m: no penalty
    (5, (Modifier(6, "range 10 m", -2),)),          # 9-16 m: -2
    (10, (Modifier(6, "range 20 m", -4),)),         # 17-32 m: -4
])
def test_the_range_modifier_appears_in_the_ocv_chain_of_a_ranged_attack(cells, mods):
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, OCV=8, attacks=[BLAST])],
             "B": [hero("b", position=(cells, 0), SPD=2, DEX=10)]}
    b = fight(sides, [6, 6, 6], strike("a", "b", "Blast"))
    (atk,) = events_of(b, ev.AttackRolled)
    assert atk.ocv.modifiers == mods
    assert atk.ocv.value == 8 + sum(m.value for m in mods)


@pytest.mark.parametrize("offset, mods", [
    ((8, 8), (Modifier(6, "range 23 m", -4),)),     # 2 x 11.3 cells: 23 m (the grid's 8 steps say 16 m, -2)
    ((4, 1), ()),                                   # 8.25 m rounds to 8 m: no penalty
    ((7, 7), (Modifier(6, "range 20 m", -4),)),     # 19.8 m
])
def test_the_range_modifier_counts_the_straight_line_not_the_steps_rules_5_3(offset, mods):
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, OCV=8, attacks=[BLAST])],
             "B": [hero("b", position=offset, SPD=2, DEX=10)]}
    b = fight(sides, [6, 6, 6], strike("a", "b", "Blast"))
    (atk,) = events_of(b, ev.AttackRolled)
    assert atk.ocv.modifiers == mods


def test_the_true_distance_rounds_half_a_metre_in_the_attackers_favour():
    from slugfest.core.hero.chains import true_metres

    assert true_metres((0, 0), (16, 16)) == 45  # the cross-check: 45.25 m, -6
    assert true_metres((0, 0), (3, 4)) == 10
    assert true_metres((0, 0), (0, 0)) == 0


def test_an_obstacle_on_the_line_of_sight_takes_the_ranged_attack_off_the_menu():
    def first_menu(obstacles):
        sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[BLAST])],
                 "B": [hero("b", position=(10, 0), SPD=2, DEX=10)]}
        b = battle_with(scenario("hero", sides, rules=NO_KB, obstacles=obstacles), dice=[])
        return b, b.next_decision()

    shot = Action("attack", "Blast", "b", "strike")
    _, d = first_menu([(5, 3)])  # off the line: no effect
    assert shot in d.menu
    b, d = first_menu([(5, 0)])
    assert not any(x.kind == "attack" for x in d.menu)
    with pytest.raises(IllegalAction, match="obstacle blocks the line of sight"):
        b.submit(d, Choice(shot, "test"))
    assert not [e for e in b.events if isinstance(e, Moved)]


# -- A half move, then a ranged attack (the seed: half a Phase's movement, then an attack) ------

def _out_of_range(bx):
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[SHORT_BLAST])],  # runs 12 m: half is 3 cells
             "B": [hero("b", position=(bx, 0), SPD=2, DEX=10)]}
    return sides


def test_a_ranged_attack_is_on_the_menu_when_a_half_move_brings_the_foe_into_range():
    b = battle_with(scenario("hero", _out_of_range(8), rules=NO_KB), dice=[])
    d = b.next_decision()
    labels = {a.label() for a in d.menu if a.kind == "attack"}
    assert labels == {"strike Zap -> b", "brace Zap -> b"}  # Set takes the full Phase: no half move before it
    b = battle_with(scenario("hero", _out_of_range(9), rules=NO_KB), dice=[])
    assert not [a for a in b.next_decision().menu if a.kind == "attack"]  # 3 cells still leave it 12 m off


def test_the_maneuvers_offered_at_a_foe_follow_its_reach_as_it_stands_at_each_menu():
    """The menu keeps each attack's lines at a foe by what they follow from (the foe's reach by a
    half or a full move, the Phase whole or not; issue 35), so the same attacker's menus read the
    foe where it stands each time: next to it, Strike and Haymaker and the ranged maneuvers;
    5 cells off (beyond a half move of 3, within a full move of 6), a Move Through or Move By
    instead of a blow; 2 cells off, both; 8 off, only a shot after a half move (no Set, which
    leaves no half move); and once half the Phase is gone, no move first and no full-Phase
    maneuver at all."""
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=30, attacks=[{"name": "Punch"}, SHORT_BLAST])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10)]}
    b = battle_with(scenario("hero", sides, rules=NO_KB), dice=[])
    b.start()
    a, foe = b.state.fighters["a"], b.state.fighters["b"]

    def lines():
        return sorted(x.label() for x in menu_for(b.ctx, a) if x.target == "b" and x.kind in ("attack", "move-through"))

    assert lines() == ["brace Zap -> b", "haymaker Punch -> b", "set Zap -> b", "strike Punch -> b", "strike Zap -> b"]
    foe.pos = (5, 0)
    assert lines() == ["brace Zap -> b", "move by Punch -> b", "move through Punch -> b", "set Zap -> b",
                       "strike Zap -> b"]
    foe.pos = (3, 0)
    assert lines() == ["brace Zap -> b", "haymaker Punch -> b", "move by Punch -> b", "move through Punch -> b",
                       "set Zap -> b", "strike Punch -> b", "strike Zap -> b"]
    foe.pos = (8, 0)
    assert lines() == ["brace Zap -> b", "strike Zap -> b"]
    a.half_used = True
    assert lines() == []
    foe.pos = (1, 0)
    assert lines() == ["brace Zap -> b", "haymaker Punch -> b", "strike Punch -> b", "strike Zap -> b"]


def test_the_steps_to_strike_a_foe_go_round_walls_and_friends_as_the_walk_does():
    """The Phase's one search answers how far each foe is to strike (issue 35: no straight-line
    shortcut first): with a friend beside it and a wall between, B is 5 steps away, the length of
    the walk the map finds, so a move of 4 does not reach it and one of 5 does; in open ground the
    straight walk's 4 steps."""
    from slugfest.core.hero.tactics import Picture

    sides = {"A": [hero("a", position=(0, 2), SPD=2, DEX=15, running=24), hero("c", position=(2, 2), SPD=2, DEX=11)],
             "B": [hero("b", position=(5, 2), SPD=2, DEX=10)]}
    b = battle_with(scenario("hero", sides, rules=NO_KB, obstacles=[(3, 0), (3, 1), (3, 2), (3, 3), (3, 4)]), dice=[])
    b.start()
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    pic = Picture(b.ctx, a)
    walk = b.ctx.grid.path(a.pos, foe.pos, pic.occupied, stop_adjacent=True)
    assert walk == [(1, 3), (2, 4), (3, 5), (4, 4), (5, 3)]
    assert (pic.steps(foe, 4), pic.steps(foe, 5), pic.steps(foe, 12)) == (None, 5, 5)
    opened = battle_with(scenario("hero", sides, rules=NO_KB), dice=[])
    opened.start()
    assert Picture(opened.ctx, opened.state.fighters["a"]).steps(opened.state.fighters["b"], 4) == 4


def test_ranged_attacks_of_one_range_share_their_half_move_and_a_longer_one_shoots_from_where_it_stands():
    """The picture keeps a shot's half move by target and range (issue 35): Zap and Jolt (10 m)
    each need the same 3 cells toward B, 16 m off, so neither is Set (a full Phase leaves no half
    move first); Ray (20 m) reaches from where A stands, Set too."""
    from slugfest.core.hero.tactics import Picture

    def zap(name, metres):
        return {"name": name, "dice": "2d6", "range": metres, "knockback": False}

    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, attacks=[zap("Zap", 10), zap("Ray", 20), zap("Jolt", 10)])],
             "B": [hero("b", position=(8, 0), SPD=2, DEX=10)]}
    b = battle_with(scenario("hero", sides, rules=NO_KB), dice=[])
    d = b.next_decision()
    assert sorted(a.label() for a in d.menu if a.kind == "attack") == [
        "brace Jolt -> b", "brace Ray -> b", "brace Zap -> b", "set Ray -> b", "strike Jolt -> b", "strike Ray -> b",
        "strike Zap -> b"]
    a, foe = b.state.fighters["a"], b.state.fighters["b"]
    pic = Picture(b.ctx, a)
    assert pic.shot_walk(a.attack("Ray"), foe) == []
    assert pic.shot_walk(a.attack("Zap"), foe) == pic.shot_walk(a.attack("Jolt"), foe) == [(1, 0), (2, 0), (3, 0)]


def test_the_picture_sees_every_living_foe_in_roster_order_and_the_standing_among_them():
    """The picture's foes are the living of the other side (the knocked out among them, not the
    dead, nor a friend), in roster order; those standing leave out the knocked out; the cells to
    each are counted diagonals one (a foe that falls must be seen at the next picture)."""
    from slugfest.core.hero.tactics import Picture

    sides = {"A": [hero("a", position=(2, 2), SPD=2, DEX=15), hero("c", position=(3, 2))],
             "B": [hero("b", position=(7, 4)), hero("d", position=(0, 0)), hero("e", position=(2, 9))]}
    b = battle_with(scenario("hero", sides, rules=NO_KB), dice=[])
    b.start()
    st = b.state
    a = st.fighters["a"]
    pic = Picture(b.ctx, a)
    assert [g.id for g in pic.foes] == [g.id for g in pic.standing] == ["b", "d", "e"]
    assert pic.dist == {"b": 5, "d": 2, "e": 7}
    st.fighters["d"].ko, st.fighters["e"].dead = True, True
    st.fighters["b"].pos = (1, 1)
    pic = Picture(b.ctx, a)
    assert ([g.id for g in pic.foes], [g.id for g in pic.standing], pic.dist) == (["b", "d"], ["b"], {"b": 1, "d": 2})


def test_the_half_move_into_range_comes_before_the_shot_and_the_range_is_counted_from_there():
    dice = [3, 3, 3,  1, 1]  # the shot hits; 2d6
    b = fight(_out_of_range(8), dice, ("a", Action("attack", "Zap", "b", "strike")))
    (moved,) = [e for e in b.events if isinstance(e, Moved) and e.actor == "a"]
    assert (moved.start, moved.end, moved.distance) == ((0, 0), (3, 0), 6)
    (shot,) = events_of(b, ev.AttackRolled)
    assert shot.ocv.modifiers == (Modifier(6, "range 10 m", -2),)  # 5 cells from (3, 0): 10 m
