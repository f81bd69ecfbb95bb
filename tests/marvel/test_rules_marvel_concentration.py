"""Powers used as an action or a reaction, their Focus paid, and how long they last (rules/marvel.md
§3.7: one round, or concentration until it breaks; §4.3: Attack Stance, Defense Stance, Shield,
Blur; §2.2: Focus is never spent below 1, a demoralized character spends none)."""

from slugfest.core.engine.actions import Action, Choice, Decision
from slugfest.core.engine.events import Moved
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.effects import can_use
from slugfest.core.marvel.menu import menu_for
from slugfest.core.marvel.narration import damage_text
from slugfest.core.marvel.powers import CATALOGUE
from slugfest.core.marvel.stats import tally

from marvel_kit import FIRST_GOES_FIRST, M, Script, battle_with, duel, events_of, fighter


def shang(position=(5, 5), **keys):
    base = dict(name="Shang-Chi", rank=4, powers=["Attack Stance", "Defense Stance"], Melee=7, Resilience=3,
                Vigilance=4)
    base.update(keys)
    return fighter("shang", position, **base)


def thug(position=(6, 5), **keys):
    base = dict(name="Thug", rank=2, Melee=2, Agility=2, Resilience=3, Vigilance=1,
                attacks=[{"name": "Punch"}, {"name": "Pistol", "ability": "Agility", "range": 10}])
    base.update(keys)
    return fighter("thug", position, **base)


def test_attack_stance_is_a_standard_action_and_adds_melee_twice_to_the_damage():
    script = Script([Action("power", power="Attack Stance"), Action("dodge"), Action("attack", "Punch", "thug")])
    # the thug dodges: a trouble rerolls the Marvel die (the highest), 5 again
    b = battle_with(duel(shang(), thug()), dice=FIRST_GOES_FIRST + [4, M(5), 4, M(5)], plugins=[("script", script)])
    b.step(); b.step(); b.step()
    (used,) = events_of(b, ev.PowerUsed)
    assert (used.actor, used.power, used.how, used.cost, used.lasts) == ("shang", "Attack Stance", "action", 0,
                                                                         "concentration")
    assert "Attack Stance" in b.state.fighters["shang"].conditions()
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert (calc.ability_times, calc.total) == (2, 5 * 4 + 7 * 2)  # dM 5 x rank 4 + Melee 7 twice
    assert damage_text(calc) == "dM 5 x multiplier 4 (rank 4) + Melee 7 x 2 = 34"


def test_defense_stance_gives_close_attacks_trouble_but_not_ranged_ones():
    script = Script([Action("power", power="Defense Stance"), Action("attack", "Punch", "shang"),
                     Action("power", power="Attack Stance"), Action("attack", "Pistol", "shang")])
    b = battle_with(duel(shang(), thug()), dice=FIRST_GOES_FIRST + [3, M(3), 3, M(3)] + [3, M(3), 3],
                    plugins=[("script", script)])
    for _ in range(4):
        b.step()
    close, ranged = events_of(b, ev.AttackCheck)
    assert close.roll.troubles == ("Shang-Chi's Defense Stance",) and ranged.roll.troubles == ()


def test_shield_as_a_reaction_pays_its_focus_and_reduces_that_very_attack_without_stacking():
    """Shield 2: 5 Focus, Health damage reduction 2 while it concentrates; only the largest
    reduction counts (the seed), so Sturdy 1 is left out."""
    target = fighter("sue", (6, 5), name="Invisible Woman", powers=["Shield 2", "Sturdy 1"], Resilience=3,
                     Vigilance=3)
    script = Script([Action("attack", "Punch", "sue")], reactions=["Shield"])
    b = battle_with(duel(shang(powers=[]), target), dice=FIRST_GOES_FIRST + [3, M(4), 3], plugins=[("script", script)])
    b.step()
    offer = script.offers[0]
    assert offer.free and [a.label() for a in offer.menu] == ["no reaction", "Shield"]
    used = events_of(b, ev.PowerUsed)[0]
    assert (used.power, used.level, used.how, used.cost, used.focus_after) == ("Shield", 2, "reaction", 5, 85)
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert (calc.reduction_name, calc.reduction, calc.ignored_reductions) == ("Shield 2", 2, (("Sturdy 1", 1),))
    assert calc.total == 4 * (4 - 2) + 7
    assert b.state.fighters["sue"].reactions == 0 and "Shield 2" in b.state.fighters["sue"].conditions()


def test_blur_lasts_until_its_next_turn_then_ends():
    blurry = fighter("blur", (6, 5), name="Blur", powers=["Blur"], Resilience=3, Vigilance=3)
    script = Script([Action("attack", "Punch", "blur"), Action("dodge")], reactions=["Blur"])
    b = battle_with(duel(shang(powers=[]), blurry), dice=FIRST_GOES_FIRST + [3, M(4), 3, 3],
                    plugins=[("script", script)])
    b.step()
    assert events_of(b, ev.AttackCheck)[0].roll.troubles == ("Blur's Blur",)
    assert b.state.fighters["blur"].focus == 90 - 5
    b.next_decision()  # the blur's own turn comes: its round is over
    (ended,) = events_of(b, ev.PowerEnded)
    assert ended.power == "Blur" and "round is over" in ended.why
    assert "Blur" not in b.state.fighters["blur"].active


def test_concentration_breaks_when_the_character_is_demoralized_or_unconscious():
    b = battle_with(duel(shang(), thug()), dice=FIRST_GOES_FIRST, plugins=[("script", Script())])
    d = b.next_decision()
    b.submit(d, Choice(Action("power", power="Attack Stance")))
    f = b.state.fighters["shang"]
    from slugfest.core.marvel.effects import apply_damage

    apply_damage(b.ctx, f, "Focus", 200, 200, "a psychic blow", "")
    ended = events_of(b, ev.PowerEnded)[0]
    assert ended.power == "Attack Stance" and ended.why == "Shang-Chi is demoralized: concentration breaks"
    assert f.active == {}


def test_focus_is_never_spent_below_1_nor_by_the_demoralized_and_concentration_has_one_slot_per_rank():
    b = battle_with(duel(shang(rank=1, powers=["Attack Stance", "Defense Stance", "Blur"]), thug()),
                    dice=FIRST_GOES_FIRST, plugins=[("script", Script())])
    b.start()
    f = b.state.fighters["shang"]
    blur = CATALOGUE["Blur"]
    f.focus = 5
    assert can_use(f, blur, 1) == "Blur costs 5 Focus and Shang-Chi has 5 (Focus is never spent below 1)"
    f.focus = 6
    assert can_use(f, blur, 1) == ""
    f.active = {**f.active, "Attack Stance": 1}
    assert can_use(f, CATALOGUE["Defense Stance"], 1) == "Shang-Chi already concentrates on 1 powers, one per rank"
    f.active.clear()
    f.focus = 0
    assert "demoralized" in can_use(f, CATALOGUE["Defense Stance"], 1)


def test_a_lasting_power_is_offered_with_a_single_move_toward_a_foe():
    b = battle_with(duel(shang(position=(1, 5)), thug(position=(15, 5))), dice=FIRST_GOES_FIRST,
                    plugins=[("script", Script())])
    b.start()
    powers = [a.label() for a in menu_for(b.ctx, b.state.fighters["shang"]) if a.kind == "power"]
    assert powers == ["Attack Stance", "Attack Stance -> thug", "Defense Stance", "Defense Stance -> thug"]
    d = b.next_decision()
    b.submit(d, Choice(Action("power", target="thug", power="Attack Stance")))
    moved = events_of(b, Moved)[0]
    assert moved.distance == 5  # one movement action (run 5), not a double move


def test_the_default_ai_takes_a_stance_on_the_way_in_only_if_it_still_strikes_next_turn():
    no_ram = {"ram": False}  # a charge would strike this turn: here the question is the stance
    near = battle_with(duel(shang(position=(1, 5)), thug(position=(12, 5)), rules=no_ram), dice=FIRST_GOES_FIRST)
    d = near.next_decision()
    choice, _ = near.decide(d)
    assert choice.action == Action("power", target="thug", power="Attack Stance")
    assert choice.reason.endswith("taking Attack Stance on the way")
    far = battle_with(duel(shang(position=(1, 5)), thug(position=(13, 5)), rules=no_ram), dice=FIRST_GOES_FIRST)
    choice, _ = far.decide(far.next_decision())
    assert choice.action.kind == "move"  # 12 cells: one run of 5 would leave it out of reach next turn


def test_the_default_ai_uses_a_focus_reaction_only_when_hurt():
    b = battle_with(duel(shang(powers=["Blur"]), thug()), dice=FIRST_GOES_FIRST)
    b.start()
    menu = (Action("none"), Action("power", power="Blur"))
    question = Decision("shang", menu, "default", "abort", free=True)
    assert b.decide(question)[0].action.kind == "none"
    b.state.fighters["shang"].health = 30
    choice, _ = b.decide(question)
    assert (choice.action.power, choice.reason) == ("Blur", "hurt (33% left): uses Blur")


def test_the_coverage_block_counts_a_power_used_as_an_action():
    script = Script([Action("power", power="Attack Stance")])
    b = battle_with(duel(shang(), thug(), turn_limit=1), dice=FIRST_GOES_FIRST, plugins=[("script", script)])
    b.run()
    t = tally(b)
    assert t.actions["action:power"] == 1
