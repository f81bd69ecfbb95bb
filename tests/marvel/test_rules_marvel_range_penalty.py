"""A ranged attack reaches twice its listed range (rules/marvel.md §3.4); between the listed range
and twice it the rules give a penalty they do not name (UNCONFIRMED). Our reading, the option
``range_penalty = "trouble"`` (default): the attack has trouble there."""

from slugfest.core.engine.actions import Action
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.combat import attack_context
from slugfest.core.marvel.tactics import Picture

from marvel_kit import FIRST_GOES_FIRST, M, Script, battle_with, duel, events_of, fighter

PISTOL = [{"name": "Pistol", "ability": "Agility", "range": 10}]


def gunfight(target_x, rules=None, run=None):
    keys = {"speed": {"run": run}} if run is not None else {}
    gunner = fighter("gunner", (1, 5), name="Gunner", rank=2, Agility=3, attacks=PISTOL, **keys)
    mark = fighter("mark", (target_x, 5), name="Mark", rank=2, Agility=1, speed={"run": 0})
    b = battle_with(duel(gunner, mark, rules=rules, width=30), dice=FIRST_GOES_FIRST)
    b.start()
    return b


def context(b):
    f, g = b.state.fighters["gunner"], b.state.fighters["mark"]
    return attack_context(b.ctx, f, g, f.attack("Pistol"))


def test_beyond_the_listed_range_the_attack_has_trouble():
    assert context(gunfight(11)).troubles == ()  # 10 spaces: the listed range
    assert context(gunfight(12)).troubles == ("Mark is beyond Pistol's listed range (11 of 10 spaces)",)
    assert context(gunfight(12, rules={"range_penalty": "none"})).troubles == ()


def test_the_attacker_moves_within_the_listed_range_when_it_can():
    b = gunfight(15)  # 14 spaces: in twice the range already, but 4 steps of its run 5 reach the listed 10
    pic = Picture(b.ctx, b.state.fighters["gunner"])
    g, atk = b.state.fighters["mark"], b.state.fighters["gunner"].attack("Pistol")
    assert pic.firing_spot(g, atk) == (5, 5)
    off = gunfight(15, rules={"range_penalty": "none"})
    pic = Picture(off.ctx, off.state.fighters["gunner"])
    assert pic.firing_spot(off.state.fighters["mark"], atk) == (1, 5)  # no penalty: it fires from where it stands


def test_when_it_cannot_it_fires_from_farther_with_trouble_and_the_estimate_knows():
    b = gunfight(23, run=2)  # 22 spaces, a run of 2: 20 from the mark, within twice 10 only
    f = b.state.fighters["gunner"]
    pic = Picture(b.ctx, f)
    g, atk = b.state.fighters["mark"], f.attack("Pistol")
    assert pic.firing_spot(g, atk) == (3, 5)
    actx = attack_context(b.ctx, f, g, atk, origin=pic.origin(g, atk))
    assert actx.troubles == ("Mark is beyond Pistol's listed range (20 of 10 spaces)",)
    script = Script([Action("attack", "Pistol", "mark")])
    b = battle_with(duel(fighter("gunner", (1, 5), name="Gunner", rank=2, Agility=3, attacks=PISTOL,
                                 speed={"run": 2}),
                         fighter("mark", (23, 5), name="Mark", rank=2, Agility=1, speed={"run": 0}), width=30),
                    dice=FIRST_GOES_FIRST + [3, M(5), 3, M(4)], plugins=[("script", script)])
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert check.roll.troubles == ("Mark is beyond Pistol's listed range (20 of 10 spaces)",)
