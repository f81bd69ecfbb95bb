"""The power catalogue (core/marvel/powers.py): each power named as the book names it, read from
a scenario with clear errors, and doing what rules/marvel.md §2.4, §3.3, §3.6 and §4.3 say."""

from pathlib import Path

import pytest

from slugfest.core.marvel import events as ev
from slugfest.core.marvel.combat import attack_context
from slugfest.core.marvel.powers import CATALOGUE, levels_text
from slugfest.core.marvel.sheet import parse_power
from slugfest.core.files.scenario import ScenarioError, parse_scenario_text

from marvel_kit import FIRST_GOES_FIRST, Script, battle_with, duel, events_of, fighter

ROOT = Path(__file__).resolve().parents[2]


def pair(a_keys=None, b_keys=None, **kw):
    a = fighter("a", (5, 5), Melee=3, Agility=3, Ego=3, Logic=3, **(a_keys or {}))
    b = fighter("b", (6, 5), **(b_keys or {}))
    b_ = battle_with(duel(a, b, **kw), dice=FIRST_GOES_FIRST)
    b_.start()
    return b_


def context(b, attack=None, **over):
    f, g = b.state.fighters["a"], b.state.fighters["b"]
    return attack_context(b.ctx, f, g, f.attack(attack) if attack else f.sheet.attacks[0])


# -- reading powers -----------------------------------------------------------------------------

def test_a_power_with_a_single_level_names_it_and_says_so_when_given_another():
    assert parse_power("Flexible Bones 1") == ("Flexible Bones", 1)
    with pytest.raises(ValueError, match='needs a level, e.g. "Flexible Bones 1"'):
        parse_power("Flexible Bones")
    with pytest.raises(ValueError, match="has only level 1, got 2"):
        parse_power("Flexible Bones 2")
    with pytest.raises(ValueError, match='did you mean "Brawling"'):
        parse_power("Brawlin")


def test_a_modelled_power_listed_under_other_powers_is_an_error_that_says_where_it_belongs():
    text = b'''
[battle]
name = "t"
system = "marvel"
[map]
width = 10
height = 10
[[sides]]
name = "A"
  [[sides.combatants]]
  id = "a"
  position = [1, 1]
  rank = 3
  other_powers = ["Wall-Crawling", "healing factor"]
[[sides]]
name = "B"
  [[sides.combatants]]
  id = "b"
  position = [5, 5]
  rank = 2
'''
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(text, "hulk.toml")
    (problem,) = info.value.problems
    assert problem.path == "sides[0].combatants[0].other_powers[1]"
    assert "which it does: list it under powers (as 'Healing Factor')" in problem.message


def test_the_rules_reference_names_every_power_of_the_catalogue():
    readme = (ROOT / "docs" / "rules.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `powers` |"))
    missing = [levels_text(p) for p in CATALOGUE.values() if f"`{levels_text(p)}`" not in row]
    assert not missing, missing


# -- always-on powers ---------------------------------------------------------------------------

def test_flexible_bones_is_health_damage_reduction_1():
    b = pair(b_keys={"powers": ["Flexible Bones 1"]})
    assert context(b).reductions == (("Flexible Bones 1", 1),)


@pytest.mark.parametrize("power, attack, ability, defense", [
    ("Brawling", "Agility", "Agility", "Melee"),    # Melee defense may stand against Agility attacks
    ("Evasion", "Melee", "Melee", "Agility"),
    ("Integrity", "Ego", "Ego", "Logic"),
    ("Wisdom", "Logic", "Logic", "Ego"),
])
def test_a_defense_swap_uses_the_better_of_the_two_defenses(power, attack, ability, defense):
    """rules/marvel.md §2.4: the target's other defense may be used instead, so the TN is the better."""
    atk = [{"name": "It", "ability": ability, "range": "reach" if ability == "Melee" else 10}]
    strong = pair({"attacks": atk}, {"powers": [power], defense: 6, ability: 1})
    actx = context(strong)
    assert (actx.defense, actx.tn, actx.tn_note) == (attack, 16, f"{power}: its {defense} defense")
    weak = pair({"attacks": atk}, {"powers": [power], defense: 0, ability: 1})
    assert (context(weak).tn, context(weak).tn_note) == (11, "")  # its own defense is the better one


def test_healing_factor_regains_resilience_health_at_the_end_of_its_own_turn_up_to_the_maximum():
    """rules/marvel.md §4.3 / §3.6: +Resilience Health at the end of the holder's own turn."""
    wolverine = fighter("logan", (5, 5), name="Wolverine", powers=["Healing Factor"], Resilience=4, Melee=2)
    thug = fighter("thug", (6, 5), name="Thug", Melee=1)
    b = battle_with(duel(wolverine, thug), dice=FIRST_GOES_FIRST, plugins=[("script", Script())])
    b.start()
    logan = b.state.fighters["logan"]
    logan.health = logan.health_max - 6
    b.step()  # Wolverine's turn (he dodges); it ends when the thug's begins
    b.next_decision()
    (regained,) = events_of(b, ev.Regained)
    assert (regained.actor, regained.power, regained.gained, regained.after) == ("logan", "Healing Factor", 4, 118)
    b.step()  # the thug's turn
    b.step()  # Wolverine's second turn
    b.next_decision()
    assert [e.gained for e in events_of(b, ev.Regained)] == [4, 2]  # 2 more reach the maximum of 120
    assert logan.health == logan.health_max


def test_healing_factor_says_nothing_at_full_health():
    wolverine = fighter("logan", (5, 5), name="Wolverine", powers=["Healing Factor"], Resilience=4)
    b = battle_with(duel(wolverine, fighter("thug", (6, 5))), dice=FIRST_GOES_FIRST, plugins=[("script", Script())])
    b.step()
    b.next_decision()
    assert events_of(b, ev.Regained) == []
