"""The menu asks only whether a ranged attack has somewhere to fire from (issue 35: the spot
itself is found for the attacks an AI weighs and the one carried out): its answer is whether the
firing spot exists, whichever is asked first, on maps with walls and people in the way."""

import random

import pytest

from slugfest.core.marvel.tactics import Picture

from marvel_kit import battle_with, fighter, scenario

W, H = 16, 10
GUNS = [{"name": "Blast", "ability": "Agility", "range": 1}, {"name": "Bolt", "ability": "Agility", "range": 3}]


def layout(seed):
    """A shooter, a row of foes and a friend or two on a map with a few short walls."""
    rnd = random.Random(seed)
    cells = [(x, y) for x in range(W) for y in range(H)]
    rnd.shuffle(cells)
    walls = set()
    for _ in range(rnd.randint(0, 6)):  # short walls, across or along
        x, y = rnd.randrange(W), rnd.randrange(H)
        walls |= {(x + i, y) if rnd.random() < 0.5 else (x, y + i) for i in range(3)}
    people = [c for c in cells if c not in walls][:7]
    heroes = [fighter("shooter", people[0], Agility=3, attacks=GUNS), fighter("friend", people[1])]
    villains = [fighter(f"foe{i}", c) for i, c in enumerate(people[2:])]
    walls = [c for c in walls if 0 <= c[0] < W and 0 <= c[1] < H]
    sc = scenario("marvel", {"Heroes": heroes, "Villains": villains}, width=W, height=H, obstacles=walls)
    b = battle_with(sc, seed=seed)
    b.start()
    return b


@pytest.mark.parametrize("seed", range(40))
def test_a_ranged_attack_is_offered_exactly_when_it_has_a_firing_spot(seed):
    b = layout(seed)
    f = b.state.fighters["shooter"]
    for atk in f.sheet.attacks:
        for g in Picture(b.ctx, f).foes:
            asked_first = Picture(b.ctx, f)
            can = asked_first.can_attack(g, atk)
            assert can == (asked_first.firing_spot(g, atk) is not None)  # the menu's question first
            spot_first = Picture(b.ctx, f)
            spot = spot_first.firing_spot(g, atk)
            assert spot_first.can_attack(g, atk) == can == (spot is not None)  # the spot first
