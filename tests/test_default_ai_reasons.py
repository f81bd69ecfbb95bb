"""The reasons the default AI (and the minds' shared fallback) give: an attack in reach that is
expected to do nothing is named as such, not as "nothing to attack or reach"; declining a
reaction or an Abort says why it does not defend."""

from __future__ import annotations

from slugfest.core.engine.actions import Action, Decision
from slugfest.core.testing import battle_with, hero, phase_decision, scenario

ZERO = {"Melee": 0, "Agility": 0, "Resilience": 0, "Vigilance": 0, "Ego": 0, "Logic": 0}
PUNCH = [{"name": "Punch", "kind": "normal", "range": "hth"}]


def mf(fid, pos, ai="default", **keys):
    abilities = {**ZERO, "Melee": 3, "Agility": 3, "Resilience": 3, "Vigilance": 3}
    abilities.update({k: keys.pop(k) for k in list(keys) if k in ZERO})
    out = {"id": fid, "name": keys.pop("name", fid.title()), "position": list(pos), "ai": ai, "rank": 3,
           "abilities": abilities, "attacks": [{"name": "Punch", "ability": "Melee", "range": "reach"}]}
    out.update(keys)
    return out


def shang_chi(pos=(5, 5), ai="default"):
    return mf("shang-chi", pos, ai, name="Shang-Chi", tags=["Heroic"], powers=["Mighty 1"])


def hulkbuster(pos=(6, 5)):
    return mf("hulkbuster", pos, name="Hulkbuster", powers=["Sturdy 4"])


def marvel(a_side, b_side):
    b = battle_with(scenario("marvel", {"A": a_side, "B": b_side}, width=30, height=12), seed=1)
    b.start()
    return b


def ask(b, actor, kind="phase", menu=None, mind=None):
    f = b.state.fighters[actor]
    if mind is not None:
        f.ai = mind
    decision = phase_decision(b, actor) if menu is None else Decision(actor, menu, f.ai, kind)
    choice, who = b.decide(decision)
    return choice.action.label(), choice.reason, who


def test_an_adjacent_foe_its_attacks_cannot_hurt_is_named_not_nothing_to_attack():
    b = marvel([shang_chi()], [hulkbuster()])
    assert b.estimate("shang-chi", Action("attack", "Punch", "hulkbuster")) == 0.0
    assert ask(b, "shang-chi") == (
        "dodge", "its attacks cannot hurt the foes in reach (Hulkbuster): dodges", "default")


def test_the_other_minds_fall_back_with_the_same_reason():
    b = marvel([shang_chi()], [hulkbuster()])
    for mind in ("aggressive", "tactician", "berserker"):
        assert ask(b, "shang-chi", mind=mind)[:2] == (
            "dodge", "its attacks cannot hurt the foes in reach (Hulkbuster): dodges")


def test_with_a_foe_it_cannot_hurt_in_reach_it_closes_on_another_and_says_why():
    b = marvel([shang_chi()], [hulkbuster(), mf("thug", (25, 5), name="Thug")])
    assert ask(b, "shang-chi") == (
        "move -> thug", "its attacks cannot hurt the foes in reach (Hulkbuster): closes on Thug (20 cells)", "default")


def test_a_hurt_fighter_that_cannot_hurt_anyone_in_reach_recovers_and_says_so():
    b = marvel([shang_chi()], [hulkbuster()])
    f = b.state.fighters["shang-chi"]
    f.health, f.karma = f.health_max - 10, 1
    assert ask(b, "shang-chi")[:2] == (
        "recover Health", "its attacks cannot hurt the foes in reach (Hulkbuster): takes a Recovery")


def test_nothing_to_attack_or_reach_is_still_said_when_it_is_true():
    b = marvel([mf("rooted", (5, 5), speed={"run": 0})], [mf("thug", (25, 5), name="Thug")])
    assert ask(b, "rooted")[:2] == ("dodge", "nothing to attack or reach: dodges")


def test_a_free_reaction_is_taken_at_full_fight_one_that_costs_a_turn_only_when_hurt():
    """A Marvel reaction costs no turn and comes back next round (rules/marvel.md §3.3): keeping
    it unused saves nothing, so the default AI takes it even unhurt (issue 18's wasted reactions)."""
    b = marvel([mf("a", (5, 5))], [mf("b", (6, 5))])
    menu = (Action("none"), Action("dodge", maneuver="Spider-Dodge"))
    f = b.state.fighters["a"]

    def react(free):
        choice, _ = b.decide(Decision("a", menu, f.ai, "abort", free=free))
        return choice.action.label(), choice.reason

    assert react(True) == ("Spider-Dodge", "a reaction costs no turn: defends with Spider-Dodge")
    assert react(False) == ("no reaction", "not hurt enough to defend yet (100% fight left)")
    f.health = 10
    assert react(False) == ("Spider-Dodge", "hurt (11% left): defends with Spider-Dodge")


def test_declining_a_hero_abort_is_worded_the_same():
    sc = scenario("hero", {"A": [hero("a", (5, 5), attacks=PUNCH, STUN=40)],
                           "B": [hero("b", (6, 5), attacks=PUNCH)]}, width=30)
    b = battle_with(sc, seed=1)
    b.start()
    menu = (Action("none"), Action("dodge"), Action("block"))
    assert ask(b, "a", kind="abort", menu=menu) == ("no reaction", "not hurt enough to defend yet (100% fight left)", "default")
    b.state.fighters["a"].stun = 5
    assert ask(b, "a", kind="abort", menu=menu)[:2] == ("dodge", "hurt (12% left): defends with a Dodge")


def test_an_area_that_catches_a_foe_already_down_never_trips_the_default_ai():
    """An area aimed at a cell may catch foes already knocked out and list one of them first; the
    default AI looked that foe up among those still able to fight (KeyError: 'gunsmoke', in 5 of
    20 hero-arsenal battles: the engine contained it and took the first legal action, so the
    batch's figures were not all the AI's). Battles 0 and 8 of the batch tripped it."""
    from slugfest.core.batch import simulate as sim
    from slugfest.core.batch.stats import FAILED
    from slugfest.core.files.scenario import load_scenario
    from slugfest.scenarios import bundled

    arsenal = load_scenario(bundled()["hero-arsenal"])
    agg, _ = sim.simulate(arsenal, 9, arsenal.seed)  # as `slugfest simulate hero-arsenal` plays them
    coverage = agg.as_dict()["coverage"]
    assert coverage["actions"]["action:attack/area"] > 0 and [k for k in coverage["rules"] if k.startswith(FAILED)] == []
