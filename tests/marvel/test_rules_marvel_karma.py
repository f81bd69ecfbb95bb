"""Karma spent on a check (rules/marvel.md §4.6): 1 Karma for an edge on one's own check, or 1
Karma, as the target, for trouble on an attack against one; at most 1 each per check."""

from slugfest.core.engine.actions import Action, Decision
from slugfest.core.rules.dice import ScriptedDice
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.d616 import make, with_trouble
from slugfest.core.render.text import TextLog

from marvel_kit import FIRST_GOES_FIRST, M, Script, battle_with, duel, events_of, fighter


def hero(**keys):
    base = dict(name="Hero", rank=3, tags=["Heroic"], Melee=3, Resilience=3, Vigilance=2)
    base.update(keys)
    return fighter("hero", (5, 5), **base)


def thug(**keys):
    base = dict(name="Thug", rank=2, Melee=2, Resilience=3, karma=2)
    base.update(keys)
    return fighter("thug", (6, 5), **base)


def test_trouble_after_the_fact_rerolls_the_highest_die_and_keeps_the_worse_but_not_on_6_m_6():
    roll = make((2, 5, 4), (2, 5, 4), (), ())
    worse = with_trouble(ScriptedDice([3]), roll, "Thug's Karma")
    assert worse.faces == (2, 3, 4) and worse.troubles == ("Thug's Karma",)
    ultimate = make((6, 1, 6), (6, 1, 6), (), ())
    assert with_trouble(ScriptedDice([]), ultimate, "x").faces == (6, 1, 6)


def test_the_attacker_spends_karma_for_an_edge_on_a_failed_attack():
    # 2 [3] 1 = 6 + Melee 3 = 9 vs TN 12 (the thug's Melee defense): an edge turns the 1 into a 6: 14
    script = Script([Action("attack", "Punch", "thug")], reactions=["Karma for an edge"])
    b = battle_with(duel(hero(), thug(karma=0)), dice=FIRST_GOES_FIRST + [2, M(3), 1, 6], plugins=[("script", script)])
    b.step()
    spent = events_of(b, ev.KarmaSpent)[0]
    assert (spent.actor, spent.karma_left) == ("hero", 2)
    check = events_of(b, ev.AttackCheck)[0]
    assert check.roll.edges == ("Hero's Karma",) and check.total == 14 and check.hit


def test_the_target_spends_karma_for_trouble_on_a_hit():
    script = Script([Action("attack", "Punch", "thug")], reactions=["Karma for trouble"])
    b = battle_with(duel(hero(karma=0), thug()), dice=FIRST_GOES_FIRST + [3, M(5), 3, M(2)],
                    plugins=[("script", script)])
    b.step()
    (offer,) = script.offers
    assert offer.actor == "thug" and [a.label() for a in offer.menu] == ["declines", "Karma for trouble -> hero"]
    check = events_of(b, ev.AttackCheck)[0]
    # 3 [5] 3 = 11 + 3 = 14 hit; the trouble rerolls the Marvel die 5 -> 2: 8 + 3 = 11 vs 12, a miss
    assert check.roll.troubles == ("Thug's Karma",) and check.roll.faces == (3, 2, 3) and not check.hit


def test_no_karma_no_question_and_the_option_turns_it_off():
    script = Script([Action("attack", "Punch", "thug")])
    b = battle_with(duel(hero(karma=0), thug(karma=0)), dice=FIRST_GOES_FIRST + [4, M(5), 4],
                    plugins=[("script", script)])
    b.step()
    assert script.offers == []
    script = Script([Action("attack", "Punch", "thug")])
    b = battle_with(duel(hero(), thug(), rules={"karma_edges": False}), dice=FIRST_GOES_FIRST + [4, M(5), 4],
                    plugins=[("script", script)])
    b.step()
    assert script.offers == []


def test_the_ai_spends_karma_to_finish_a_foe_or_when_hurt_and_the_text_log_leaves_out_its_no():
    b = battle_with(duel(hero(), thug()), dice=FIRST_GOES_FIRST)
    b.start()
    edge = (Action("none", maneuver="declines"), Action("karma", target="thug", maneuver="Karma for an edge"))
    assert b.decide(Decision("hero", edge, "default", "abort"))[0].action.kind == "none"
    b.state.fighters["thug"].health = 20  # of 90
    choice, _ = b.decide(Decision("hero", edge, "default", "abort"))
    assert choice.reason == "spends 1 Karma for an edge: a hit could finish Thug (22% left)"
    trouble = (Action("none", maneuver="declines"), Action("karma", target="hero", maneuver="Karma for trouble"))
    assert b.decide(Decision("thug", trouble, "default", "abort"))[0].action.kind == "karma"  # the thug is hurt
    from slugfest.core.engine.events import ActionChosen

    log = TextLog({"hero": "Hero", "thug": "Thug"})
    declined = ActionChosen("hero", "declines", "keeps its Karma", "default", "none", "declines", "abort")
    assert log.line(declined) is None
    assert log.line(ActionChosen("hero", "declines", "player's choice", "player", "none", "declines", "abort"))


def test_the_karma_question_gives_the_odds_as_the_hero_abort_question_does():
    """Issue 37: the HERO Abort question says the attack's chance; the Karma one said nothing."""
    from slugfest.core.marvel.d616 import edge_chance, trouble_chance

    # 2 [3] 1 + Melee 3 = 9 vs TN 12: the edge rerolls the 1; a 4, 5 or 6 makes 12 or more
    assert edge_chance((2, 3, 1), 9, 12) == 3 / 6
    # 3 [5] 3 + 3 = 14 vs TN 12: the trouble rerolls the Marvel die 5, the worse kept: an M (6) or a
    # 6 keeps the 5, a 3 or 4 still hits (12, 13), only a 2 misses (11)
    assert trouble_chance((3, 5, 3), 14, 12) == 1 / 6
    script = Script([Action("attack", "Punch", "thug")], reactions=["Karma for an edge"])
    b = battle_with(duel(hero(), thug(karma=0)), dice=FIRST_GOES_FIRST + [2, M(3), 1, 6], plugins=[("script", script)])
    b.step()
    (offer,) = [o for o in script.offers if o.actor == "hero"]
    assert offer.context.endswith("spend 1 Karma for an edge? (50% that it then hits)")


def test_trouble_that_cannot_make_the_hit_miss_is_offered_for_what_it_does_to_the_damage():
    """Issue 37: the question read "(0% that it then misses)", as if asked for nothing. 4 [6] 4 + 3
    = 17 vs TN 12: the trouble rerolls the Marvel die (the highest), at worst 2: 13, still a hit;
    but the lower Marvel die kept lowers the damage (Marvel die x multiplier): 2..5 of 6 faces."""
    script = Script([Action("attack", "Punch", "thug")])
    b = battle_with(duel(hero(karma=0), thug()), dice=FIRST_GOES_FIRST + [4, M(6), 4] + [1] * 6,
                    plugins=[("script", script)])
    b.step()
    (offer,) = script.offers
    assert offer.context.endswith("spend 1 Karma for trouble on it? (it cannot make it miss, but the Marvel "
                                  "die (6) is rolled again, the lower kept: 67% that the damage drops)")


def test_no_trouble_question_when_the_marvel_die_shows_its_lowest_and_the_hit_cannot_miss():
    """2 [2] 2 + Melee 9 = 15 vs TN 12: the trouble would reroll the Marvel die, already at its
    lowest (2): nothing it could change, so the target is not asked (it was, at "0%")."""
    script = Script([Action("attack", "Punch", "thug")])
    b = battle_with(duel(hero(karma=0, Melee=9), thug()), dice=FIRST_GOES_FIRST + [2, M(2), 2] + [1] * 6,
                    plugins=[("script", script)])
    b.step()
    assert script.offers == [] and events_of(b, ev.AttackCheck)[0].hit
