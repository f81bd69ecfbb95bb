"""The rest of the powers of rules/marvel.md §4.3: the Focus-for-damage powers (Smash...),
Suppressive Fire, Combat Trickery, Anger, Immovable, Elemental Protection, Brace for Impact and
Energy Absorption, each pinned with scripted dice."""

from slugfest.core.engine.actions import Action
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.combat import attack_context
from slugfest.core.marvel.menu import menu_for

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, duel, events_of, fighter

CLUB = {"name": "Club", "multiplier_bonus": 1}
RIFLE = {"name": "Rifle", "ability": "Agility", "range": 20, "multiplier_bonus": 1}


def started(a_keys=None, b_keys=None, faces=(), plan=(), reactions=()):
    a = fighter("a", (5, 5), **{**dict(name="Ann", rank=3, Melee=3, Agility=3, Vigilance=2, Logic=3,
                                       attacks=[CLUB, RIFLE]), **(a_keys or {})})
    b = fighter("b", (6, 5), **{**dict(name="Bob", rank=3, Melee=2, Agility=2, Resilience=3, Vigilance=2, Logic=2),
                                **(b_keys or {})})
    bt = battle_with(duel(a, b), dice=FIRST_GOES_FIRST + list(faces),
                     plugins=[("script", Script(list(plan), list(reactions)))])
    bt.start()
    return bt


def ctx_of(b, attack="Club", power=None):
    from slugfest.core.marvel.powers import CATALOGUE

    f, g = b.state.fighters["a"], b.state.fighters["b"]
    return attack_context(b.ctx, f, g, f.attack(attack), power=CATALOGUE[power] if power else None)


def test_smash_spends_10_focus_for_5_more_damage_and_an_edge():
    b = started({"powers": ["Smash"]}, faces=[4, M(5), 3, 1], plan=[Action("attack", "Club", "b", "Smash")])
    a = b.state.fighters["a"]
    b.step()
    assert events_of(b, ev.AttackCheck)[0].roll.edges == ("Ann's Smash",)
    calc = events_of(b, ev.DamageFigured)[0].calc
    # dM 5 x multiplier 4 (rank 3 + Club 1) + Melee 3 + Smash 5 = 28
    assert (calc.flat, calc.regular, calc.total) == ((("Smash", 5),), 28, 28)
    assert a.focus == a.focus_max - 10


def test_suppressive_fire_goes_against_vigilance_with_health_reduction_then_hits_focus():
    b = started({"powers": ["Suppressive Fire"]}, {"powers": ["Sturdy 1", "Uncanny 3"]})
    c = ctx_of(b, "Rifle", "Suppressive Fire")
    assert (c.defense, c.tn, c.pool, c.reductions) == ("Vigilance", 12, "Focus", (("Sturdy 1", 1),))


def test_a_fantastic_suppressive_fire_hit_doubles_and_stuns():
    b = started({"powers": ["Suppressive Fire"]}, faces=[3, LOGO, 3],
                plan=[Action("attack", "Rifle", "b", "Suppressive Fire")])
    b.step()
    calc = events_of(b, ev.DamageFigured)[0].calc
    # dM 6 (M) x 4 + Agility 3 = 27, doubled = 54 Focus
    assert (calc.pool, calc.regular, calc.total) == ("Focus", 27, 54)
    assert "stunned" in b.state.fighters["b"].timed


def test_combat_trickery_makes_the_marvel_die_an_m_ignores_trouble_and_works_once():
    b = started({"powers": ["Combat Trickery"]}, faces=[2, M(3), 2], plan=[Action("attack", "Club", "b", "Combat Trickery")])
    b.state.fighters["b"].dodging = True  # a trouble it ignores
    b.step()
    check = events_of(b, ev.AttackCheck)[0]
    assert check.roll.faces == (2, 1, 2) and check.roll.fantastic and check.roll.troubles == ()
    assert "Combat Trickery" in check.roll.note
    assert not [a for a in menu_for(b.ctx, b.state.fighters["a"]) if a.maneuver == "Combat Trickery"]


def test_combat_trickery_only_against_an_equal_or_higher_rank():
    b = started({"powers": ["Combat Trickery"]}, {"rank": 2})
    assert not [a for a in menu_for(b.ctx, b.state.fighters["a"]) if a.maneuver == "Combat Trickery"]


def test_anger_adds_15_to_melee_damage_and_takes_2_from_logic():
    b = started({"powers": ["Anger"], "attacks": [CLUB, {"name": "Psi", "ability": "Logic", "range": 10}]},
                plan=[Action("power", power="Anger")])
    b.step()
    club, psi = ctx_of(b, "Club"), ctx_of(b, "Psi")
    assert club.flat == (("Anger", 15),) and psi.score == 1  # Logic 3 - 2
    f, g = b.state.fighters["a"], b.state.fighters["b"]
    assert attack_context(b.ctx, g, f, g.attack("Punch")).tn == 13  # its Melee defense: untouched


def test_immovable_shortens_knockback_by_its_melee_defense():
    hulk = {"powers": ["Mighty 3"], "Melee": 5}
    b = started(hulk, {"powers": ["Immovable"], "Resilience": 6}, faces=[3, LOGO, 3], plan=[Action("attack", "Club", "b")])
    b.step()
    used = events_of(b, ev.ReactionUsed)[0]
    # multiplier 6 (rank 3 + Mighty 3) x 5 = 30 spaces, less Melee defense 12
    assert used.reaction == "Immovable" and used.effect == "knockback 30 spaces less 12 (its Melee defense)"
    assert events_of(b, ev.KnockedBack)[0].spaces == 18


def test_elemental_protection_absorbs_a_hit_up_to_its_threshold_and_breaks_on_a_bigger_one():
    b = started(b_keys={"powers": ["Elemental Protection 2"]}, faces=[4, M(2), 3, 4, M(5), 3, M(6)],  # Bob dodges: the 5 rerolled, kept
                plan=[Action("attack", "Club", "b"), Action("dodge"), Action("attack", "Club", "b")])
    bob = b.state.fighters["b"]
    bob.active = {**bob.active, "Elemental Protection": 2}
    b.step()  # dM 2 x 4 + 3 = 11: absorbed (up to 20)
    assert bob.health == bob.health_max
    b.step()
    b.step()  # dM 5 x 4 + 3 = 23: breaks it, 3 goes through
    assert bob.health == bob.health_max - 3 and "Elemental Protection" not in bob.active
    assert [(e.absorbed, e.left) for e in events_of(b, ev.Absorbed)] == [(11, 0), (20, 3)]


def test_brace_for_impact_spends_focus_to_ignore_as_much_health_damage():
    b = started(b_keys={"powers": ["Brace for Impact"]}, faces=[4, M(5), 3], plan=[Action("attack", "Club", "b")],
                reactions=["Brace for Impact"])
    bob = b.state.fighters["b"]
    b.step()  # 23 Health damage, all of it ignored for 23 Focus
    assert (bob.health, bob.focus) == (bob.health_max, bob.focus_max - 23)


def test_energy_absorption_turns_the_hits_health_damage_into_focus():
    b = started(b_keys={"powers": ["Energy Absorption"]}, faces=[4, M(5), 3], plan=[Action("attack", "Club", "b")],
                reactions=["Energy Absorption"])
    bob = b.state.fighters["b"]
    bob.focus = 30
    b.step()  # 15 Focus paid, then 23 Focus gained
    assert (bob.health, bob.focus) == (bob.health_max, 30 - 15 + 23)


def test_the_default_ai_keeps_its_focus_on_a_hit_while_it_has_half_its_fight_and_braces_when_low():
    from slugfest.core.engine.events import ActionChosen

    for health, braces in ((90, False), (40, True)):
        a = fighter("a", (5, 5), name="Ann", rank=3, Melee=3, attacks=[CLUB])
        b = fighter("b", (6, 5), name="Bob", rank=3, Resilience=3, Vigilance=2, powers=["Brace for Impact"])
        bt = battle_with(duel(a, b), dice=FIRST_GOES_FIRST + [4, M(5), 3])  # both default: Ann strikes first
        bt.start()
        bt.state.fighters["b"].health = health
        bt.step()
        answer = [e for e in events_of(bt, ActionChosen) if e.actor == "b"][0]
        assert (answer.action_kind == "power") is braces, answer.reason
