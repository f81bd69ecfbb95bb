"""The seed's damage rules and every worked example, first as pure rules, then through the engine."""

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.damage import fantastic_doubles, figure_damage, hold_back, knockback_spaces
from slugfest.core.marvel.narration import damage_text
from slugfest.core.render.text import TextLog

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, duel, events_of, fighter, iron_man, she_hulk

FACES = [2, 3, 4, 5, 6, 1]  # the Marvel die's faces; 1 is M and counts 6


def value(face):
    return 6 if face == 1 else face


# -- the damage multiplier ------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_seed_she_hulk_rank_4_mighty_4_close_attack_does_dm_x8_plus_melee_5(face):
    c = figure_damage("Health", face, 4, [("Mighty 4", 4)], [], "Melee", 5)
    assert c.multiplier == 8 and c.total == value(face) * 8 + 5


def test_seed_shang_chi_6_on_the_marvel_die_is_31_and_a_fantastic_success_doubles_it_to_62():
    assert figure_damage("Health", 6, 4, [], [], "Melee", 7).total == 31
    assert figure_damage("Health", 1, 4, [], [], "Melee", 7, doubled="Fantastic close").total == 62


@pytest.mark.parametrize("face", FACES)
def test_seed_spider_man_vs_iron_man_sturdy_2_dm_x2_plus_3(face):
    c = figure_damage("Health", face, 3, [("Mighty 1", 1)], [("Sturdy 2", 2)], "Melee", 3)
    assert c.multiplier == 2 and c.total == value(face) * 2 + 3


@pytest.mark.parametrize("face", FACES)
def test_seed_spider_man_fantastic_vs_sturdy_2_dm_x4_plus_6_reduction_before_the_increase(face):
    c = figure_damage("Health", face, 3, [("Mighty 1", 1)], [("Sturdy 2", 2)], "Melee", 3, doubled="Fantastic close")
    assert c.total == value(face) * 4 + 6


@pytest.mark.parametrize("doubled", ["", "Fantastic close"])
def test_seed_hulkbuster_sturdy_4_reduces_the_multiplier_to_0_no_damage_at_all(doubled):
    c = figure_damage("Health", 1, 3, [("Mighty 1", 1)], [("Sturdy 4", 4)], "Melee", 3, doubled=doubled)
    assert c.multiplier == 0 and c.regular == 0 and c.total == 0


def test_multiplier_below_1_does_no_damage_not_even_the_ability_bonus():
    assert figure_damage("Health", 6, 2, [], [("Sturdy 4", 4)], "Melee", 9).total == 0
    assert figure_damage("Health", 6, 1, [], [("Sturdy 1", 1)], "Melee", 9).total == 0
    assert figure_damage("Health", 6, 1, [], [], "Melee", 9).total == 15  # multiplier 1 still adds it


def test_seed_club_plus_1_does_not_stack_with_mighty_4_only_the_4_counts():
    c = figure_damage("Health", 5, 4, [("Mighty 4", 4), ("Club", 1)], [], "Melee", 5)
    assert c.multiplier == 8 and c.bonus_name == "Mighty 4" and c.ignored_bonuses == (("Club", 1),)
    assert c.total == 45


def test_a_bigger_weapon_bonus_replaces_a_smaller_power_bonus():
    c = figure_damage("Health", 5, 4, [("Mighty 1", 1), ("Sword", 2)], [], "Melee", 5)
    assert c.multiplier == 6 and c.bonus_name == "Sword"


def test_damage_reductions_do_not_stack_the_largest_applies():
    c = figure_damage("Health", 5, 4, [], [("Sturdy 2", 2), ("Reinforced Skeleton", 1)], "Melee", 0)
    assert c.reduction == 2 and c.multiplier == 2 and c.total == 10


def test_damage_never_goes_negative_with_a_negative_ability():
    assert figure_damage("Health", 2, 1, [], [], "Melee", -5).total == 0


def test_seed_fantastic_doubles_close_attacks_only_by_default_every_attack_as_an_option():
    assert fantastic_doubles(True, close=True) == "Fantastic close"
    assert fantastic_doubles(True, close=False) == ""
    assert fantastic_doubles(True, close=False, which="all") == "Fantastic"
    assert fantastic_doubles(False, close=True, which="all") == ""


def test_seed_she_hulk_knockback_vs_sturdy_2_is_30_spaces():
    c = figure_damage("Health", 1, 4, [("Mighty 4", 4)], [("Sturdy 2", 2)], "Melee", 5, doubled="Fantastic close")
    assert c.multiplier == 6 and knockback_spaces(c.multiplier) == 30


def test_damage_line_reads_like_the_issue_asks():
    c = figure_damage("Health", 5, 4, [("Mighty 4", 4)], [("Sturdy 2", 2)], "Melee", 5, doubled="Fantastic close")
    assert damage_text(c) == ("dM 5 x multiplier 6 (rank 4 + Mighty 4 - Sturdy 2) + Melee 5 = 35, "
                              "doubled (Fantastic close) = 70")
    zero = figure_damage("Health", 5, 3, [("Mighty 1", 1)], [("Sturdy 4", 4)], "Melee", 3)
    assert damage_text(zero) == "multiplier 0 (rank 3 + Mighty 1 - Sturdy 4) is below 1: no damage at all, not even Melee"


# -- holding back -----------------------------------------------------------------------------

def test_seed_holding_back_would_kill_leaves_the_target_1_point_from_dying():
    taken = hold_back(current=60, damage=200, maximum=60)
    assert taken == 119 and 60 - taken == -59  # killed at -60


def test_holding_back_exactly_at_the_kill_threshold():
    assert hold_back(current=10, damage=70, maximum=60) == 69  # 10 - 70 = -60 would kill
    assert hold_back(current=10, damage=69, maximum=60) == 69  # -59: not a kill, untouched


def test_holding_back_a_target_already_1_from_dying_takes_nothing_more():
    assert hold_back(current=-59, damage=50, maximum=60) == 0


def test_seed_holding_back_would_shatter_leaves_focus_1_point_from_shattered():
    taken = hold_back(current=30, damage=100, maximum=30)
    assert 30 - taken == -29


# -- through the engine: one She-Hulk punch ---------------------------------------------------

def punch(sc, faces, **kw):
    script = Script([Action("attack", "Punch", "iron-man")])
    b = battle_with(sc, dice=FIRST_GOES_FIRST + faces, plugins=[("script", script)], **kw)
    b.step()
    return b


def test_engine_she_hulk_punches_iron_man_sturdy_2_exact_numbers_and_log():
    b = punch(duel(she_hulk(), iron_man(), width=50), [4, M(5), 3])
    check = events_of(b, ev.AttackCheck)[0]
    assert (check.total, check.tn, check.hit, check.fantastic) == (17, 13, True, False)
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert (calc.multiplier, calc.total) == (6, 35)
    applied = events_of(b, ev.DamageApplied)[0]
    assert (applied.before, applied.taken, applied.after) == (60, 35, 25)
    log = TextLog({"she-hulk": "She-Hulk", "iron-man": "Iron Man"})
    assert ("    Punch: dM 5 x multiplier 6 (rank 4 + Mighty 4 - Sturdy 2) + Melee 5 = 35 Health damage"
            in log.lines(b.events))
    assert ("    She-Hulk attacks Iron Man with Punch (close, Melee 5): rolled 4 [5] 3 = 12 + Melee 5 = 17 "
            "vs TN 13 (Iron Man's Melee defense): HIT" in log.lines(b.events))
    assert not events_of(b, ev.KnockedBack)


def test_engine_seed_she_hulk_fantastic_knocks_iron_man_back_30_spaces():
    b = punch(duel(she_hulk(), iron_man(health=200), width=50), [4, LOGO, 3])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert calc.total == (6 * 6 + 5) * 2 == 82 and calc.doubled == "Fantastic close"
    kb = events_of(b, ev.KnockedBack)[0]
    assert (kb.multiplier, kb.spaces, kb.travelled, kb.start, kb.end, kb.stopped) == (6, 30, 30, (6, 5), (36, 5), False)
    assert b.state.fighters["iron-man"].pos == (36, 5)


def test_engine_knockback_stopped_by_a_wall_does_no_extra_damage():
    b = punch(duel(she_hulk(), iron_man(health=200), width=50, obstacles=[(12, 5)]), [4, LOGO, 3])
    kb = events_of(b, ev.KnockedBack)[0]
    assert kb.end == (11, 5) and kb.travelled == 5 and kb.stopped
    assert len(events_of(b, ev.DamageApplied)) == 1


def test_engine_no_knockback_without_mighty_or_when_the_attack_takes_its_own_effect():
    no_mighty = she_hulk(powers=[])
    b = punch(duel(no_mighty, iron_man(health=200), width=50), [4, LOGO, 3])
    assert events_of(b, ev.DamageFigured) and not events_of(b, ev.KnockedBack)
    own_effect = she_hulk(attacks=[{"name": "Punch", "knockback": False}])
    b = punch(duel(own_effect, iron_man(health=200), width=50), [4, LOGO, 3])
    assert not events_of(b, ev.KnockedBack)
    b = punch(duel(she_hulk(), iron_man(health=200), rules={"knockback": False}, width=50), [4, LOGO, 3])
    assert not events_of(b, ev.KnockedBack)


def test_engine_hulkbuster_sturdy_4_vs_spider_man_takes_no_damage_and_no_knockback():
    miles = fighter("spider-man", (5, 5), rank=3, tags=["Heroic"], powers=["Mighty 1"], Melee=3)
    buster = iron_man(sturdy=4)
    b = punch(duel(miles, buster, width=50), [4, LOGO, 3])
    assert events_of(b, ev.DamageFigured)[0].calc.total == 0
    assert events_of(b, ev.DamageApplied)[0].after == 60
    assert not events_of(b, ev.KnockedBack)


def test_engine_club_plus_1_in_the_hands_of_mighty_4_she_hulk_adds_only_4():
    club = she_hulk(attacks=[{"name": "Punch", "multiplier_bonus": 1}])
    b = punch(duel(club, iron_man(sturdy=1, health=200), width=50), [4, M(5), 3])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert calc.multiplier == 4 + 4 - 1 and calc.ignored_bonuses == (("Punch", 1),) and calc.total == 40


def test_engine_seed_heroic_holding_back_at_the_kill_threshold():
    b = punch(duel(she_hulk(), iron_man(health=20), width=50), [4, LOGO, 3])
    applied = events_of(b, ev.DamageApplied)[0]
    assert (applied.damage, applied.taken, applied.after) == (82, 39, -19)
    assert "holds back" in applied.held_back
    states = [(c.condition, c.active) for c in events_of(b, ev.ConditionChanged)]
    assert states == [("unconscious", True)]


def test_engine_a_heroic_attack_that_expressly_goes_lethal_or_a_scenario_overrule_kills():
    lethal = she_hulk(attacks=[{"name": "Punch", "lethal": True}])
    b = punch(duel(lethal, iron_man(health=20), width=50), [4, LOGO, 3])
    assert events_of(b, ev.DamageApplied)[0].after == -62
    assert [(c.condition, c.active) for c in events_of(b, ev.ConditionChanged)] == [("killed", True)]
    b = punch(duel(she_hulk(), iron_man(health=20), rules={"holding_back": False}, width=50), [4, LOGO, 3])
    assert b.state.fighters["iron-man"].killed


def test_engine_villains_do_not_hold_back_unless_the_attack_is_nonlethal():
    brute = she_hulk(tags=[])
    b = punch(duel(brute, iron_man(health=20), width=50), [4, LOGO, 3])
    assert b.state.fighters["iron-man"].killed
    gentle = she_hulk(tags=[], attacks=[{"name": "Punch", "nonlethal": True}])
    b = punch(duel(gentle, iron_man(health=20), width=50), [4, LOGO, 3])
    assert b.state.fighters["iron-man"].health == -19


def test_engine_seed_heroic_holding_back_at_the_shatter_threshold_on_focus_damage():
    mind = fighter("she-hulk", (5, 5), rank=4, tags=["Heroic"], powers=["Discipline 2"], Ego=6,
                   attacks=[{"name": "Punch", "ability": "Ego", "range": 10}])
    target = iron_man(Vigilance=0)  # Focus: 30 x 0, at least 10
    b = punch(duel(mind, target, width=50), [4, M(5), 3])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert calc.pool == "Focus" and calc.total == 5 * 6 + 6
    applied = events_of(b, ev.DamageApplied)[0]
    assert (applied.pool, applied.before, applied.after) == ("Focus", 10, -9)
    assert [(c.condition, c.active) for c in events_of(b, ev.ConditionChanged)] == [("demoralized", True)]


def test_engine_focus_damage_uses_focus_reduction_uncanny_not_sturdy():
    mind = fighter("she-hulk", (5, 5), rank=4, Ego=3, attacks=[{"name": "Punch", "ability": "Ego", "range": 10}])
    target = iron_man(sturdy=3, health=100, focus=100)
    target["powers"] = ["Sturdy 3", "Uncanny 1"]
    b = punch(duel(mind, target, width=50), [4, M(5), 3])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert (calc.reduction_name, calc.multiplier, calc.total) == ("Uncanny 1", 3, 18)


def test_engine_fantastic_ranged_attack_is_not_doubled_by_default_but_is_under_option_all():
    gun = she_hulk(powers=["Accuracy 2"], Agility=4, attacks=[{"name": "Punch", "ability": "Agility", "range": 10}])
    b = punch(duel(gun, iron_man(health=200), width=50), [4, LOGO, 3])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert calc.doubled == "" and calc.total == 6 * 4 + 4
    b = punch(duel(gun, iron_man(health=200), rules={"fantastic_damage": "all"}, width=50), [4, LOGO, 3])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert calc.doubled == "Fantastic" and calc.total == (6 * 4 + 4) * 2
    assert not events_of(b, ev.KnockedBack)  # knockback is for close attacks only


# -- what the log says a pool at 0 or below means (issue 37: "Focus 26 -> -28/90" said nothing) ----

@pytest.mark.parametrize("pool, after, said", [
    ("Focus", -28, "Focus 26 -> -28/90 (at 0 or below demoralized: trouble on all actions, no Focus to spend, "
                   "until back to 1; at -90 shattered)"),
    ("Focus", -90, "Focus 26 -> -90/90 (at -90 or below shattered: frozen by fear, out of the fight)"),
    ("Focus", 1, "Focus 26 -> 1/90"),
    ("Health", -10, "Health 26 -> -10/90"),  # "is now unconscious: Health -10, below 1" follows it
])
def test_seed_a_focus_at_0_or_below_says_what_it_means_and_where_worse_comes(pool, after, said):
    """Seed, "Effects of Damage": Focus 0 demoralizes (trouble on all actions; rules/marvel.md §5:
    no Focus to spend), minus its maximum shatters."""
    line = TextLog({"hulk": "Hulk"}).line(ev.DamageApplied("hulk", "Abomination", pool, 26 - after, 26 - after,
                                                           26, after, 90))
    assert line.endswith(f"damage: {said}")
