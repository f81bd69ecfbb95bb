"""The bound an AI reads before an attack's estimate (issue 35): never below the estimate, so an
option skipped for its bound could neither beat nor tie the best one found. A plain blow's bound
is its Fantastic damage with no reduction, as a share of what the target has left now."""

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.marvel.tactics import Picture
from slugfest.scenarios import bundled

from marvel_kit import FIRST_GOES_FIRST, duel, iron_man, she_hulk, started

PUNCH = Action("attack", "Punch", "iron-man")


def pair(**keys):
    """She-Hulk (rank 4, Mighty 4, Melee 5) next to Iron Man (Sturdy 2), Iron Man's Health 240."""
    return started(duel(she_hulk(**keys), iron_man(Resilience=8)), FIRST_GOES_FIRST)


def test_a_plain_blows_bound_is_its_fantastic_damage_with_no_reduction_over_what_is_left():
    b = pair()
    pic = Picture(b.ctx, b.state.fighters["she-hulk"])
    most = (6 * (4 + 4) + 5) * 2  # the Marvel die's M counts 6, x (rank 4 + Mighty 4), + Melee 5; doubled: 106
    assert pic.gain(PUNCH) == pytest.approx(most / 240)
    assert pic.harm(PUNCH) < pic.gain(PUNCH)  # Sturdy 2, the chance to miss, holding back: all only lower it


def test_the_bound_reads_what_the_target_has_left_now():
    b = pair()
    f, g = b.state.fighters["she-hulk"], b.state.fighters["iron-man"]
    before = Picture(b.ctx, f).gain(PUNCH)
    g.health = 53  # hurt since: the same blow could now take all that is left
    assert Picture(b.ctx, f).gain(PUNCH) == pytest.approx(1.0)
    assert before < 1.0


def test_with_a_power_in_use_or_an_attack_power_the_bound_is_the_estimate_itself():
    b = pair()
    f = b.state.fighters["she-hulk"]
    f.active = {"Attack Stance": 1}  # Melee added twice: the damage has more terms
    pic = Picture(b.ctx, f)
    assert pic.gain(PUNCH) == pic.harm(PUNCH)


@pytest.mark.parametrize("name", sorted(n for n in bundled() if n.startswith("marvel")))
def test_the_bound_is_never_below_the_estimate_in_a_battle(name, monkeypatch):
    """Every option any AI reads a bound for, in whole battles (holding back, damage reduction,
    conditions, powers in use, team maneuvers, the unconscious...): the estimate is no more."""
    read = []
    gain = Picture.gain

    def checked(self, action):
        bound = gain(self, action)
        assert self.harm(action) <= bound, (action, self.harm(action), bound)
        read.append(bound)
        return bound

    monkeypatch.setattr(Picture, "gain", checked)
    for seed in range(3):
        Battle(load_scenario(bundled()[name]), seed=seed).run()
    assert read
