"""Split and area attacks (rules/marvel.md §4.3: the Fast Strikes and Whirling Frenzy rows; §4.1
step 6; §6 pitfalls 7 and 8): one roll against each target's own defense, half damage rounded up,
full damage on a Fantastic."""

from slugfest.core.engine.actions import Action
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.menu import menu_for

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, events_of, fighter, scenario

#: Initiative for a third, a fourth and a fifth combatant: no Fantastic, no tie.
THIRD, FOURTH, FIFTH = [2, M(3), 1], [1, M(3), 1], [1, M(4), 2]


def striker(position=(5, 5), powers=("Fast Strikes",), **keys):
    base = dict(name="Striker", rank=3, Melee=3, Agility=3, Resilience=3, Vigilance=2, Ego=2, powers=list(powers),
                attacks=[{"name": "Club", "multiplier_bonus": 1},
                         {"name": "Fireball", "ability": "Ego", "range": 10, "defense": "Agility", "damage": "Health"}])
    base.update(keys)
    return fighter("striker", position, **base)


def foe(fid, position, **keys):
    base = dict(name=fid.title(), rank=3, Melee=2, Agility=2, Resilience=3, Vigilance=1, attacks=[{"name": "Punch"}])
    base.update(keys)
    return fighter(fid, position, **base)


def started(heroes, villains, faces=(), plan=(), script=True):
    sc = scenario("marvel", {"Heroes": heroes, "Villains": villains})
    extra = [THIRD, FOURTH, FIFTH][: len(heroes) + len(villains) - 2]
    dice = FIRST_GOES_FIRST + [x for xs in extra for x in xs] + list(faces)
    b = battle_with(sc, dice=dice, plugins=[("script", Script(list(plan)))] if script else ())
    b.start()
    return b


SPLIT = Action("attack", "Club", "ann", "Fast Strikes", targets=("ann", "bob"))


def test_a_split_is_offered_with_each_second_target_the_attack_reaches():
    b = started([striker()], [foe("ann", (6, 5)), foe("bob", (5, 6)), foe("cid", (12, 5))])
    menu = menu_for(b.ctx, b.state.fighters["striker"])
    splits = {a.targets for a in menu if a.maneuver == "Fast Strikes"}
    assert splits == {("ann", "bob"), ("bob", "ann")}  # Cid is out of reach of the Club


def test_one_roll_against_each_targets_own_defense_half_damage_rounded_up():
    # 4 + 5 + 3 = 12 + Melee 3 = 15: hits Ann (Melee defense 12) and misses Bob (Melee 6: defense 16)
    b = started([striker()], [foe("ann", (6, 5)), foe("bob", (5, 6), Melee=6)], [4, M(5), 3], [SPLIT])
    b.step()
    checks = events_of(b, ev.AttackCheck)
    assert [(c.target, c.roll.rolled, c.total, c.tn, c.hit) for c in checks] == [
        ("ann", (4, 5, 3), 15, 12, True), ("bob", (4, 5, 3), 15, 16, False)]
    calc = events_of(b, ev.DamageFigured)[0].calc
    # dM 5 x multiplier 4 (rank 3 + Club 1) + Melee 3 = 23, halved and rounded up = 12
    assert (calc.regular, calc.halved, calc.total) == (23, "Fast Strikes", 12)
    assert [(e.target, e.taken) for e in events_of(b, ev.DamageApplied)] == [("ann", 12)]


def test_a_fantastic_split_hit_does_full_damage_not_double_the_half():
    b = started([striker()], [foe("ann", (6, 5)), foe("bob", (5, 6))], [4, LOGO, 3], [SPLIT])
    b.step()
    calcs = [e.calc for e in events_of(b, ev.DamageFigured)]
    # dM 6 (M) x 4 + 3 = 27, full: neither halved nor doubled
    assert [(c.regular, c.doubled, c.halved, c.total) for c in calcs] == [(27, "", "", 27)] * 2


def test_a_later_targets_own_trouble_is_rerolled_on_the_same_dice():
    b = started([striker()], [foe("ann", (6, 5)), foe("bob", (5, 6))], [4, M(5), 6, 1], [SPLIT])
    b.state.fighters["bob"].dodging = True
    b.step()
    ann, bob = events_of(b, ev.AttackCheck)
    assert ann.roll.faces == (4, 5, 6) and ann.roll.troubles == ()
    assert bob.roll.rolled == (4, 5, 6) and bob.roll.troubles == ("Bob is dodging",) and bob.roll.faces == (4, 5, 1)


def test_no_one_interposes_for_a_target_of_a_split():
    guard = foe("guard", (7, 6))
    b = started([striker()], [foe("ann", (6, 5)), foe("bob", (5, 6)), guard], [4, M(5), 3], [SPLIT])
    b.step()
    assert not [e for e in events_of(b, ev.ReactionUsed) if e.reaction == "Interpose"]
    assert [c.target for c in events_of(b, ev.AttackCheck)] == ["ann", "bob"]


def test_whirling_frenzy_strikes_every_foe_in_reach_for_5_focus():
    frenzy = Action("attack", "Club", "ann", "Whirling Frenzy", targets=("ann", "bob"))
    b = started([striker(powers=["Whirling Frenzy"]), foe("pal", (4, 5))],
                [foe("ann", (6, 5)), foe("bob", (5, 6))], [4, M(5), 3], [frenzy])
    f = b.state.fighters["striker"]
    offered = {a.targets for a in menu_for(b.ctx, f) if a.maneuver == "Whirling Frenzy"}
    assert offered == {("ann", "bob"), ("bob", "ann")}  # the ally Pal, in reach too, is not struck
    focus = f.focus
    b.step()
    assert f.focus == focus - 5
    assert [(e.target, e.taken) for e in events_of(b, ev.DamageApplied)] == [("ann", 12), ("bob", 12)]


def test_an_elemental_burst_strikes_everyone_within_2_spaces_of_its_target_friend_or_foe():
    b = started([striker(powers=["Elemental Burst"], position=(1, 5)), foe("pal", (9, 6))],
                [foe("ann", (9, 5)), foe("bob", (11, 5))])
    menu = menu_for(b.ctx, b.state.fighters["striker"])
    bursts = {a.target: a.targets for a in menu if a.maneuver == "Elemental Burst"}
    assert bursts == {"ann": ("ann", "pal", "bob"), "bob": ("bob", "pal", "ann")}


def test_the_default_ai_never_throws_a_burst_that_would_strike_a_friend():
    tough_pal = foe("pal", (9, 6), Resilience=10)  # a friend the burst would barely scratch
    b = started([striker(powers=["Elemental Burst"], position=(1, 5), ai="default"), tough_pal],
                [foe("ann", (9, 5)), foe("bob", (11, 5)), foe("cid", (10, 4))], script=False)
    burst = Action("attack", "Fireball", "ann", "Elemental Burst", targets=("ann", "pal", "bob", "cid"))
    assert burst in menu_for(b.ctx, b.state.fighters["striker"])
    assert b.estimate("striker", burst) > b.estimate("striker", Action("attack", "Fireball", "ann"))
    d = b.next_decision()
    choice, _ = b.decide(d)
    assert choice.action.kind in ("attack", "ram") and choice.action.maneuver != "Elemental Burst"


def test_the_estimate_of_a_split_is_the_harm_to_both_targets():
    b = started([striker()], [foe("ann", (6, 5)), foe("bob", (5, 6))])
    one = b.estimate("striker", Action("attack", "Club", "ann"))
    both = b.estimate("striker", SPLIT)
    assert one < both < 2 * one  # half damage to each of two targets, full on a Fantastic
