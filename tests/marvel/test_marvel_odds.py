"""The odds a Marvel player sees before choosing (issue 21): the target number and what the
check adds, the chance to hit summed over every d616 outcome (a 6-M-6 always hits), and a
hit's mean damage after holding back, as the AI's estimate figures them."""

from slugfest.core.marvel.resolve import hitting
from slugfest.core.files.scenario import dump_scenario, load_scenario, parse_scenario
from slugfest.core.testing import battle_with, phase_decision
from slugfest.scenarios import bundled


def test_she_hulks_punch_on_iron_man_shows_its_tn_chance_and_damage():
    data = dump_scenario(load_scenario(bundled()["marvel-seed"]))
    iron_man = next(c for s in data["sides"] for c in s["combatants"] if c["id"] == "iron-man")
    iron_man["position"] = [5, 6]  # beside She-Hulk, in reach of her Punch
    b = battle_with(parse_scenario(data, "<odds>"), seed=616)
    d = phase_decision(b, "she-hulk")
    punch = next(a for a in d.menu if a.kind == "attack" and a.target == "iron-man")
    odds = d.picture.odds(punch)
    # Iron Man's Melee defense is TN 13; she-hulk adds Melee 5, so the dice need 8 or more
    assert odds.roll == "TN 13 (Melee +5)"
    assert odds.chance == sum(p for p, _ in hitting(0, b.ctx.options.stacked_rerolls, 13 - 5))
    assert odds.line().startswith("91% (TN 13) · ~")
    assert odds.damage.endswith(" Health")


def test_the_reaction_question_gives_the_chance_with_and_without_the_reaction_and_its_cost():
    from slugfest.core.marvel.combat import attack_context, reaction_odds

    b = battle_with(load_scenario(bundled()["marvel-seed"]), seed=616)
    b.start()
    st = b.state
    spider, iron_man = st.fighters["spider-man"], st.fighters["iron-man"]
    blast = next(a for a in iron_man.sheet.attacks if a.defense == "Agility")
    iron_man.pos = (spider.pos[0] + 3, spider.pos[1])  # within the blast's listed range: no range trouble
    plain, dodged = attack_context(b.ctx, iron_man, spider, blast), attack_context(b.ctx, iron_man, spider, blast,
                                                                                   "Spider-Dodge")
    assert len(dodged.troubles) == len(plain.troubles) + 1  # the reaction is one trouble on the attack
    assert reaction_odds(b.ctx, iron_man, spider, blast, "Spider-Dodge") == (
        "It hits 48% of the time as things stand, 28% with Spider-Dodge (a trouble on the attack); "
        "it spends 1 of your 1 reaction this round.")
