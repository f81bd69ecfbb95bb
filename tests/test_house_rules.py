"""The built-in house rules, pinned to exact numbers with scripted dice: hit-locations,
fixed-stun-multiplier, criticals, glancing-blows (HERO and Marvel) and lethal (Marvel).

Each rule is off unless the scenario lists it, leaves the other system's battles untouched, and
says what it did in the log's notes. Rules texts: rules/hero6e.md §5.1, §7.3 and §0 (the STUN
multiplier); rules/marvel.md §1.1 and §4.1 (holding back).
"""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.rules.dice import Face
from slugfest.core.hero import events as hev
from slugfest.core.marvel import events as mev
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.testing import battle_with, events_of, hero, scenario

ALL = ["hit-locations", "fixed-stun-multiplier", "criticals", "glancing-blows", "lethal"]


class FirstAttack:
    """A test controller: each actor makes the first attack on its menu; nobody Aborts or reacts."""

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        if decision.kind == "abort":
            return Choice(Action("none"), "test: no reaction")
        for a in decision.menu:
            if a.kind == "attack" and a.maneuver in ("", "strike"):
                return Choice(a, "test: attack")
        return Choice(Action("dodge"), "test: dodge")


# -- HERO: one attack, scripted -----------------------------------------------------------

BLAST = {"name": "Blast", "dice": "4d6", "range": 20, "knockback": False}
RKA = {"name": "Bolt", "kind": "killing", "dice": "1d6", "range": 20, "knockback": False}


def hero_shot(attack, dice, house_rules=(), rules=None, rPD=0):
    """``a`` (OCV 8) shoots ``b`` (DCV 3, PD and ED 4, ``rPD``) 6 m away: it needs 16-."""
    target = hero("b", (3, 0), attacks=[BLAST], defenses={"rPD": rPD, "rED": rPD},
                  DEX=10, DCV=3, PD=4, ED=4, STUN=60, BODY=20, CON=60)
    sc = scenario("hero", {"A": [hero("a", (0, 0), attacks=[attack], DEX=15, OCV=8)], "B": [target]}, rules=rules)
    b = battle_with(sc, dice=list(dice), plugins=[("test", FirstAttack())], house_rules=list(house_rules))
    b.step()
    assert b.dice.remaining == 0, "the script holds faces the battle never rolled"
    return b


def taken(b):
    t = events_of(b, hev.DamageTakenEvent)[0]
    return t.stun_taken, t.body_taken


def notes(b):
    return [n for e in b.events for n in getattr(e, "notes", ()) or ()]


def test_hit_locations_head_doubles_normal_stun_and_body_after_defenses():
    b = hero_shot(BLAST, [2, 2, 2, 6, 6, 6, 6, 1, 1, 1], ["hit-locations"])
    assert taken(b) == (40, 8)  # 24 STUN - 4 = 20, 8 BODY - 4 = 4; Head: x2, x2
    assert notes(b) == ["hit location: 3d6 rolled 3 [1, 1, 1], Head: STUN taken x2, BODY taken x2"]


def test_hit_locations_hand_halves_rounding_in_the_targets_favour():
    b = hero_shot(BLAST, [2, 2, 2, 5, 1, 1, 1, 1, 2, 3], ["hit-locations"])
    assert taken(b) == (2, 0)  # 8 STUN - 4 = 4 x½ = 2; 1 BODY - 4 -> 0
    b = hero_shot(BLAST, [2, 2, 2, 6, 1, 1, 1, 1, 2, 3], ["hit-locations"])
    assert taken(b) == (2, 0)  # 9 - 4 = 5 x½ = 2.5: the half goes to the target


def test_hit_locations_killing_location_stunx_replaces_the_multiplier_bodyx_after_resistant_defense():
    # 1d6 RKA rolls 5 BODY; the multiplier die (4: x3) is rolled and ignored; Vitals (13): STUNx 4, BODYx 2.
    b = hero_shot(RKA, [2, 2, 2, 5, 4, 4, 4, 5], ["hit-locations"], rPD=2)
    rolled = events_of(b, hev.DamageRolled)[0]
    assert (rolled.stun, rolled.body, rolled.multiplier) == (20, 5, 4)
    assert taken(b) == (14, 6)  # STUN 20 - (4 + 2); BODY (5 - 2) x 2
    assert notes(b) == [("hit location: 3d6 rolled 13 [4, 4, 5], Vitals: STUN x4 instead of the rolled multiplier, "
                         "BODY taken x2")]


def test_without_the_rule_the_same_dice_do_the_plain_damage_and_no_location_is_rolled():
    b = hero_shot(BLAST, [2, 2, 2, 6, 6, 6, 6])
    assert taken(b) == (20, 4) and notes(b) == []


def test_fixed_stun_multiplier_is_x3_for_1d6_minus_1_and_x2_for_half_d6():
    b = hero_shot(RKA, [2, 2, 2, 5, 6], ["fixed-stun-multiplier"])  # the die says x5
    rolled = events_of(b, hev.DamageRolled)[0]
    assert (rolled.stun, rolled.multiplier) == (15, 3)
    assert taken(b) == (15, 5)  # no resistant defense: STUN taken whole, BODY 5
    assert notes(b) == ["fixed STUN multiplier: x3 instead of the rolled x5"]
    b = hero_shot(RKA, [2, 2, 2, 5, 6], ["fixed-stun-multiplier"], rules={"stun_multiplier": "half-d6"})
    assert events_of(b, hev.DamageRolled)[0].stun == 10


def test_fixed_stun_multiplier_leaves_normal_attacks_alone():
    b = hero_shot(BLAST, [2, 2, 2, 6, 6, 6, 6], ["fixed-stun-multiplier"])
    assert taken(b) == (20, 4) and notes(b) == []


def test_hit_locations_has_the_last_word_on_a_killing_multiplier_whatever_the_order():
    b = hero_shot(RKA, [2, 2, 2, 5, 6, 1, 1, 1], ["fixed-stun-multiplier", "hit-locations"])
    assert events_of(b, hev.DamageRolled)[0].stun == 25  # Head: 5 BODY x5, not x3
    assert [n.split(":")[0] for n in notes(b)] == ["hit location"]


def test_critical_hit_on_a_natural_3_counts_every_damage_die_at_its_maximum():
    b = hero_shot(BLAST, [1, 1, 1, 2, 3, 1, 1], ["criticals"])
    roll = events_of(b, hev.AttackRolled)[0]
    assert roll.total == 3 and roll.notes == ("critical hit: a natural 3, maximum damage",)
    rolled = events_of(b, hev.DamageRolled)[0]
    assert (rolled.faces, rolled.stun, rolled.body) == ((6, 6, 6, 6), 24, 8)
    assert taken(b) == (20, 4)


def test_critical_killing_hit_keeps_the_rolled_multiplier():
    b = hero_shot(RKA, [1, 1, 1, 2, 4], ["criticals"])  # 1d6 at its maximum: 6 BODY, x3
    rolled = events_of(b, hev.DamageRolled)[0]
    assert (rolled.stun, rolled.body, rolled.multiplier) == (18, 6, 3)


def test_no_critical_on_any_other_roll():
    b = hero_shot(BLAST, [1, 1, 2, 2, 3, 1, 1], ["criticals"])
    assert events_of(b, hev.DamageRolled)[0].stun == 7 and notes(b) == []


def test_glancing_blow_a_miss_by_1_hits_for_half_damage():
    # needs 16- (11 + 8 - 3): a 17 is a glancing blow.
    b = hero_shot(BLAST, [5, 6, 6, 6, 6, 6, 5], ["glancing-blows"])
    roll = events_of(b, hev.AttackRolled)[0]
    assert roll.hit and roll.notes == ("glancing blow: missed by 1 (rolled 17, needed 16-): hits for half damage",)
    assert taken(b) == (9, 1)  # 23 STUN - 4 = 19 -> 9 (the half to the target); 7 BODY - 4 = 3 -> 1
    assert notes(b)[-1] == "glancing blow: takes half of 19 STUN, 3 BODY"


def test_glancing_blows_an_18_still_misses_and_a_miss_by_2_is_a_miss():
    b = hero_shot(BLAST, [6, 6, 6], ["glancing-blows"])
    assert not events_of(b, hev.AttackRolled)[0].hit
    b = hero_shot({**BLAST, "ocv": -1}, [6, 6, 5], ["glancing-blows"])  # needs 15-, rolled 17
    assert not events_of(b, hev.AttackRolled)[0].hit and not events_of(b, hev.DamageRolled)


def test_glancing_blow_halves_what_the_other_house_rules_made():
    # Head: 19 STUN, 3 BODY x2 = 38, 6; then the glancing blow halves it: 19, 3.
    b = hero_shot(BLAST, [5, 6, 6, 6, 6, 6, 5, 1, 1, 1], ["hit-locations", "glancing-blows"])
    assert taken(b) == (19, 3)


def test_lethal_changes_nothing_in_hero():
    b = hero_shot(BLAST, [2, 2, 2, 6, 6, 6, 6], ["lethal"])
    assert taken(b) == (20, 4) and notes(b) == []


# -- Marvel: one punch, scripted --------------------------------------------------------------

def M(value):
    return Face(value, "marvel")


FIRST_GOES_FIRST = [5, M(5), 5, 1, M(2), 1]  # initiative: She-Hulk, then Iron Man; no Fantastic
ZERO = {"Melee": 0, "Agility": 0, "Resilience": 0, "Vigilance": 0, "Ego": 0, "Logic": 0}


def she_hulk(**keys):
    return {"id": "she-hulk", "name": "She-Hulk", "position": [5, 5], "rank": 4, "tags": ["Heroic"],
            "powers": ["Mighty 4"], "abilities": {**ZERO, "Melee": 5, "Agility": 2, "Resilience": 5, "Vigilance": 2},
            "attacks": [{"name": "Punch", "ability": "Melee", "range": "reach", **keys}]}


def iron_man(**keys):
    return {"id": "iron-man", "name": "Iron Man", "position": [6, 5], "rank": 4, "tags": ["Heroic"],
            "powers": ["Sturdy 2"], "abilities": {**ZERO, "Melee": 3, "Agility": 4, "Resilience": 2, "Vigilance": 3},
            **keys}


def punch(faces, house_rules=(), attack=None, **target):
    """She-Hulk (Melee 5, rank 4, Mighty 4: x6 against Sturdy 2) punches Iron Man (Melee defense 13)."""
    sc = scenario("marvel", {"Heroes": [she_hulk(**(attack or {}))], "Villains": [iron_man(**target)]}, width=50)
    b = battle_with(sc, dice=FIRST_GOES_FIRST + list(faces), plugins=[("test", FirstAttack())],
                    house_rules=list(house_rules))
    b.step()
    assert b.dice.remaining == 0
    return b


def applied(b):
    e = events_of(b, mev.DamageApplied)[0]
    return e.damage, e.taken, e.after


def test_marvel_critical_hit_6_m_6_triples_the_damage():
    b = punch([6, M(1), 6], ["criticals"], health=200)
    check = events_of(b, mev.AttackCheck)[0]
    assert check.notes == ("critical hit: 6-M-6, triple damage",)
    assert applied(b) == (123, 123, 77)  # (6 x 6 + 5) x 3, not x2 for a Fantastic close attack
    assert events_of(b, mev.DamageFigured)[0].notes == ("critical hit: 41 x3 = 123",)


def test_marvel_critical_hit_is_still_held_back_by_a_heroic_attacker():
    b = punch([6, M(1), 6], ["criticals"], health=20)
    assert applied(b) == (123, 39, -19)


def test_marvel_no_critical_on_a_plain_fantastic():
    b = punch([4, M(1), 3], ["criticals"], health=200)
    assert applied(b) == (82, 82, 118) and not events_of(b, mev.AttackCheck)[0].notes


def test_lethal_a_heroic_blow_that_would_kill_is_taken_whole():
    b = punch([4, M(1), 3], ["lethal"], health=20)
    assert applied(b) == (82, 82, -62)
    assert b.state.fighters["iron-man"].killed
    assert events_of(b, mev.DamageFigured)[0].notes == (
        "lethal: no holding back, takes all 82 (held back it would have left Health at -19)",)
    b = punch([4, M(1), 3], health=20)  # without the rule: held back
    assert applied(b) == (82, 39, -19)


def test_lethal_keeps_a_nonlethal_attack_nonlethal():
    b = punch([4, M(1), 3], ["lethal"], attack={"nonlethal": True}, health=20)
    assert applied(b) == (82, 39, -19)


def test_marvel_glancing_blow_one_short_of_the_tn_hits_for_half_rounded_up():
    b = punch([1, M(5), 1], ["glancing-blows"], health=200)  # 7 + Melee 5 = 12 vs TN 13
    check = events_of(b, mev.AttackCheck)[0]
    assert check.hit and not check.fantastic
    assert check.notes == ("glancing blow: missed by 1 (total 12 vs TN 13): hits for half damage",)
    assert applied(b) == (35, 18, 182)


def test_marvel_glancing_blow_with_an_m_is_not_fantastic():
    b = punch([1, M(1), 1], ["glancing-blows"], health=200)  # 8 + 5 = 13: a hit, Fantastic, no glancing
    assert applied(b) == (82, 82, 118)
    b = punch([1, M(1), 1], ["glancing-blows"], attack={"check_bonus": -1}, health=200)  # 12: glancing
    check = events_of(b, mev.AttackCheck)[0]
    assert check.hit and not check.fantastic
    assert applied(b) == (41, 21, 179)


@pytest.mark.parametrize("rule", ["hit-locations", "fixed-stun-multiplier"])
def test_hero_only_rules_leave_marvel_alone_and_roll_nothing(rule):
    b = punch([4, M(5), 3], [rule], health=200)
    assert applied(b) == (35, 35, 165) and not events_of(b, mev.DamageFigured)[0].notes


def test_house_rules_are_off_unless_the_scenario_lists_them():
    sc = scenario("hero", {"A": [hero("a", (0, 0), attacks=[BLAST], DEX=15, OCV=8)],
                           "B": [hero("b", (3, 0), DCV=3, ED=4, STUN=60, CON=60)]})
    b = battle_with(sc, dice=[2, 2, 2, 6, 6, 6, 6], plugins=[("test", FirstAttack())])
    b.step()
    assert b.host.names().count("hit-locations") == 0 and taken(b) == (20, 4)
    for_hero = [n for n in ALL if n != "lethal"]
    with_rules = scenario("hero", {"A": [hero("a", (0, 0), attacks=[BLAST])], "B": [hero("b", (3, 0))]},
                          house_rules=for_hero)
    b = battle_with(with_rules, seed=1)
    assert set(for_hero) <= set(b.host.names())


def test_a_house_rule_for_another_system_is_refused_by_the_scenario_check():
    from slugfest.core.files.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="'lethal', which is for 'marvel' battles only"):
        scenario("hero", {"A": [hero("a", (0, 0))], "B": [hero("b", (3, 0))]}, house_rules=["lethal"])


def test_every_house_rule_documents_its_rule_in_its_docstring():
    from slugfest.core.engine.catalog import catalog

    for name in ALL:
        info = catalog()[name]
        assert info.kind == "house-rule" and info.description
        doc = info.plugin.__doc__
        assert "rule it changes" in doc or "rules it changes" in doc, name
