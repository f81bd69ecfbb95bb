"""Images to the Sight Group (issue 40, item 3), as docs/rules.md ("Senses", "Images") reads it:
an opaque visual illusion laid over the cells of its area. Whoever believes it cannot see into or
through its cells, so a foe hidden in it is unseen (rules-powers §3.3: OCV 0 at range, ½ hand to
hand, ½ DCV against it); its user, and anyone standing in it, sees out. One it hides a foe from
makes a PER roll (9 + INT/5, less the Images' PER levels) at the start of each of its Phases and,
made, sees through it. A Constant power: END each Phase, dropped at no cost of time."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.files.scenario import ScenarioError, dump_scenario, parse_scenario
from slugfest.core.hero import events as ev
from slugfest.core.hero import senses
from slugfest.core.hero.menu import menu_for
from slugfest.core.hero.points import bill
from slugfest.core.hero.tactics import Picture
from slugfest.core.hero.three_dice import hit_chance
from slugfest.core.render.text import TextLog
from slugfest.core.testing import events_of, hero, scenario

from hero_script import fight

VEIL = {"name": "Veil", "kind": "images", "range": 30, "area": {"shape": "radius", "metres": 2}, "per": 2}
BOLT = {"name": "Bolt", "dice": "4d6", "range": 30}


def user(*attacks, **keys):
    return hero("a", (0, 5), attacks=list(attacks), **{"SPD": 2, "DEX": 20, "OCV": 8, **keys})


def foe(id="b", pos=(6, 5), **keys):
    return hero(id, pos, attacks=[BOLT], **{"SPD": 2, "DEX": 10, "DCV": 5, "OCV": 6, "STUN": 40, **keys})


VEIL_ON_A = ("a", Action("screen", "Veil", "a", "area", targets=("a",), destination=(0, 5)))


def text(b) -> str:
    return "\n".join(TextLog().lines(b.events))


def test_an_images_rolled_against_its_cell_covers_its_radius_and_hides_those_in_it():
    # aimed at its user's own cell: DCV 0 next to it, 19-; rolled 9. b, INT 10 (11-) less 2: 9-, rolled 13
    b = fight({"A": [user(VEIL)], "B": [foe()]}, [3, 3, 3, 5, 3, 5], VEIL_ON_A, turn_limit=1)
    (laid,) = events_of(b, ev.ImagesLaid)
    assert (laid.actor, laid.cell, laid.cells, laid.inside, laid.per, laid.replaced) == ("a", (0, 5), 4, ("a",), 2, False)
    assert b.state.images["a"] == frozenset({(0, 4), (0, 5), (0, 6), (1, 5)})  # the map's edge takes the rest
    (per,) = events_of(b, ev.PerceptionRolled)
    assert (per.actor, per.owner, per.needed, per.made) == ("b", "a", 9, False)
    ctx, st = b.ctx, b.state
    a, bb = st.fighters["a"], st.fighters["b"]
    assert senses.unseen(ctx, bb, a) == "behind Images" and senses.sees(ctx, a, bb)  # outside in: no; inside out: yes
    assert not events_of(b, ev.DamageRolled)
    assert ("Veil: Images over 4 cells around 0,5, -2 to PER rolls: those outside who believe it cannot see into or "
            "through it; hidden in it: a") in text(b)
    assert "b's PER roll: needs 9-, rolled 13 [5, 3, 5]: still believes a's Veil" in text(b)
    assert b.vitals("a").conditions == ("in Images",)


def test_a_foe_hidden_in_it_is_shot_at_ocv_0_until_a_per_roll_sees_through_it():
    b = fight({"A": [user(VEIL, BOLT)], "B": [foe()]},
              [3, 3, 3,  # Turn 1, Segment 12: the Images, 19-
               5, 3, 5,  # b's PER roll, 9-: 13, it believes
               6, 6, 5,  # b's Bolt at a: OCV 6 -2 x0 against DCV 3 (a sees b): 8-, rolled 17
               4, 2, 2, 5, 2, 1, 1,  # Turn 2, Segment 6: a's Bolt from inside, against DCV 5 halved: 14-; 9 STUN
               3, 2, 2,  # b's PER roll: 7, it sees through
               6, 6, 6],  # b's Bolt at a, seen now: OCV 4 against 3, 12-; 18 always misses
              VEIL_ON_A, ("b", Action("attack", "Bolt", "a", "strike")), ("a", Action("attack", "Bolt", "b", "strike")),
              ("b", Action("attack", "Bolt", "a", "strike")))
    theirs, mine, again = events_of(b, ev.AttackRolled)[1:]
    assert theirs.ocv.text() == "OCV 6 -2 range 12 m x0 cannot see the target: behind Images = 0"
    assert (theirs.dcv.text(), theirs.needed) == ("DCV 3 = 3", 8)
    assert mine.dcv.text() == "DCV 5 x½ cannot see the attacker: behind Images = 3" and mine.needed == 14
    assert again.ocv.text() == "OCV 6 -2 range 12 m = 4" and again.needed == 12
    made = events_of(b, ev.PerceptionRolled)[-1]
    assert made.made and ("b", "a") in b.state.seen_through
    assert len(events_of(b, ev.PerceptionRolled)) == 2  # seen through: no roll in Segment 12
    assert "b's PER roll: needs 9-, rolled 7 [3, 2, 2]: sees through a's Veil" in text(b)


def test_one_standing_in_an_images_sees_through_it_and_a_flashed_foe_rolls_nothing():
    b = fight({"A": [user(VEIL)], "B": [foe(), foe("c", (1, 6), DEX=9)]}, [3, 3, 3, 5, 3, 5, 6, 5, 4], VEIL_ON_A,
              turn_limit=1)  # the Images; b's PER roll, then c's: both believe it
    ctx, st = b.ctx, b.state
    a, c = st.fighters["a"], st.fighters["c"]
    assert c.pos not in st.images["a"] and senses.unseen(ctx, c, a) == "behind Images"
    c.pos = (1, 5)  # it walks into the image: from inside it is plainly not there
    assert senses.sees(ctx, c, a)
    bb = st.fighters["b"]
    bb.blind_until = 40
    from slugfest.core.hero.fields import doubt

    before = len(b.events)
    doubt(ctx, bb)
    assert len(b.events) == before  # Flashed, it sees nothing to doubt


def test_an_images_costs_end_each_phase_and_dropping_it_ends_it_for_those_it_hid():
    b = fight({"A": [user(VEIL)], "B": [foe()]}, [3, 3, 3, 5, 3, 5], VEIL_ON_A, ("a", Action("drop", "Veil")))
    kept = [e for e in events_of(b, ev.EnduranceSpent) if e.what == "keeping Veil up"]
    assert [e.amount for e in kept] == [2]  # 17.5 Active Points: 2 END, paid in Turn 2, Segment 6, then dropped
    (gone,) = [e for e in events_of(b, ev.StatusChanged) if e.status == senses.KEEPING_IMAGES]
    assert gone.why == "dropped by its user" and b.state.images == {}
    st = b.state
    assert senses.sees(b.ctx, st.fighters["b"], st.fighters["a"])


def test_the_menu_aims_an_images_at_its_own_side_and_the_ai_weighs_what_it_hides():
    b = fight({"A": [user(VEIL, BOLT)], "B": [foe()]}, turn_limit=1)  # nobody acts: the script stays put
    a = b.state.fighters["a"]
    lines = [x for x in menu_for(b.ctx, a) if x.attack == "Veil"]
    assert [(x.destination, x.targets) for x in lines][0] == ((0, 5), ("a",))
    veil = next(x for x in lines if x.destination == (0, 5))
    # 19- against its own cell, times two of b's Phases with its one target hidden, each worth what
    # b's Bolt would take of a's fight (12- at OCV 4 against DCV 3; 12 STUN of 20, 2 BODY: 0.8),
    # times the chance b misses its PER roll of 9-
    assert Picture(b.ctx, a).harm(veil) == pytest.approx(hit_chance(19) * 2 * hit_chance(12) * 0.8 * (1 - hit_chance(9)))
    assert Picture(b.ctx, a).odds(veil).damage == ("an Images (2 m Radius, -2 to PER rolls against it): those outside "
                                                   "believe it and cannot see into it; those in it see out")


def test_an_images_is_priced_by_its_per_levels_and_area_and_round_trips():
    sc = scenario("hero", {"A": [user(VEIL)], "B": [foe()]})
    again = parse_scenario(dump_scenario(sc), "<again>")
    assert again.combatants[0].sheet == sc.combatants[0].sheet
    lines = {line.what: line.points for line in bill(sc.combatants[0].sheet).lines}
    assert lines["Veil"] == 17.5  # (10 + 2 x 2 PER levels) x (1 + ¼ for a 2 m Radius)


@pytest.mark.parametrize("attack, says", [
    ({**VEIL, "dice": "2d6"}, "attacks[0].dice: expected no dice for an Images"),
    ({**BOLT, "per": 2}, "attacks[0].per: expected a PER modifier only on an Images"),
    ({**VEIL, "per": 11}, "attacks[0].per: expected an integer from 0 to 10"),
])
def test_an_images_is_an_area_with_per_levels_and_no_dice(attack, says):
    with pytest.raises(ScenarioError) as err:
        scenario("hero", {"A": [user(attack)], "B": [foe()]})
    assert says in str(err.value)


def test_the_default_ai_hides_from_a_foe_whose_shots_would_finish_it_and_drops_the_image_once_seen_through():
    from slugfest.core.engine.events import ActionChosen
    from slugfest.core.testing import battle_with

    cannon = hero("b", (6, 5), attacks=[{"name": "Cannon", "dice": "10d6", "range": 30}],
                  **{"SPD": 2, "DEX": 10, "DCV": 5, "OCV": 6, "STUN": 40})
    zap = {"name": "Zap", "dice": "3d6", "range": 30}
    b = battle_with(scenario("hero", {"A": [user(VEIL, zap)], "B": [cannon]}, rules={"knockback": "off"},
                             turn_limit=2, seed=5))
    b.run()
    first = next(e for e in b.events if isinstance(e, ActionChosen) and e.actor == "a")
    assert (first.action_kind, first.action) == ("screen", "area Veil -> a at 0,5")
    assert first.reason.startswith("lays Veil over A: hidden from the foes that shoot")
    seen = next(e for e in events_of(b, ev.PerceptionRolled) if e.made)  # seed 5: b's first roll makes it
    dropped = next(e for e in b.events if isinstance(e, ActionChosen) and e.action_kind == "drop")
    assert b.events.index(seen) < b.events.index(dropped)


def test_dropping_its_darkness_leaves_the_users_images_up():
    shroud = {"name": "Shroud", "kind": "darkness", "range": 30, "area": {"shape": "radius", "metres": 2}}
    b = fight({"A": [user(VEIL, shroud)], "B": [foe()]}, [3, 3, 3, 5, 3, 5], VEIL_ON_A, turn_limit=1)
    st = b.state
    st.darkness, st.darkness_powers = {"a": frozenset({(6, 5)})}, {"a": "Shroud"}
    from slugfest.core.hero.fields import drop_power

    drop_power(b.ctx, st.fighters["a"], "Shroud")
    assert st.darkness == {} and set(st.images) == {"a"}
