"""The odds a HERO player sees before choosing (issue 21), from the tactical picture: the roll
needed (11 + OCV - DCV, seed: the attack roll), its chance on 3d6, a hit's mean STUN and BODY
through the target's defenses, the END it costs and the STUN the rest costs when END is short
(rules §6: 1d6 per 2 END, or fraction), and the Abort question's odds (rules §1.5)."""

import pytest

from slugfest.core.hero.aborts import abort_odds
from slugfest.core.rules.odds import Odds, percent
from slugfest.core.testing import battle_with, hero, phase_decision, scenario

BLAST = {"name": "Blast", "dice": "6d6", "range": 100, "end": 6, "knockback": False}


@pytest.fixture
def battle():
    sc = scenario("hero", {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, OCV=5, attacks=[{"name": "Punch"}, BLAST])],
                           "B": [hero("b", position=(1, 0), SPD=2, DEX=10, DCV=4, PD=3, ED=2)]}, turn_limit=2)
    return battle_with(sc, dice=[])


def odds_of(battle, label):
    d = phase_decision(battle, "a")
    action = next(a for a in d.menu if a.label() == label)
    return d.picture.odds(action)


def test_a_punch_needs_11_plus_ocv_minus_dcv_and_does_its_mean_less_pd(battle):
    # STR 10: 2d6, mean 7 STUN and 2 BODY, less PD 3; P(3d6 <= 12) = 160/216
    assert odds_of(battle, "strike Punch -> b") == Odds("12- (11 + OCV 5 - DCV 4)", 160 / 216, "~4 STUN, 0 BODY",
                                                        "END 1")


def test_a_set_attack_adds_its_ocv_and_a_haymaker_its_dice_under_the_doubling_cap(battle):
    assert odds_of(battle, "set Blast -> b").roll == "13- (11 + OCV 6 - DCV 4)"
    haymaker = odds_of(battle, "haymaker Punch -> b")
    assert haymaker.damage == "~11 STUN, 1 BODY"  # 2 DC doubled to 4d6: 14 - 3 STUN, 4 - 3 BODY
    assert haymaker.note == "it may step away before the blow lands"


def test_when_end_is_short_the_cost_says_the_stun_the_rest_will_take(battle):
    battle.start()
    battle.state.fighters["a"].end = 2
    # 6 END with 2 left: 4 short, 1d6 STUN per 2 END -> 2d6, 7 on average
    assert odds_of(battle, "strike Blast -> b").cost == "END 6 (has 2: ~7 STUN for the rest)"


def test_an_action_that_rolls_nothing_has_no_odds(battle):
    d = phase_decision(battle, "a")
    assert all(d.picture.odds(a) is None for a in d.menu if a.kind in ("dodge", "recover", "hold", "move"))


def test_the_odds_line_never_rounds_to_a_certainty():
    assert percent(215 / 216) == ">99%" and percent(1 / 216) == "<1%" and percent(1.0) == "100%"
    assert Odds("17- (11 + OCV 8 - DCV 2)", 215 / 216, "~6 STUN, 0 BODY", "END 6").line() == \
        ">99% (17-) · ~6 STUN, 0 BODY · END 6"


def test_the_abort_question_gives_the_roll_with_and_without_each_defence_and_the_phase_it_costs(battle):
    battle.start()
    g = battle.state.fighters["b"]
    said = abort_odds(battle.ctx, g, 5, 4, hth=True)
    # 12- as things stand; a Dodge's +3 DCV makes it 9-; a Block (11 + OCV 3 - OCV 5) stops it on 9-
    assert said == ("it hits on 12- (74%) as you stand; 9- (38%) against a Dodge (+3 DCV); a Block stops it on "
                    "9- (38%). Aborting gives up your next Phase (Turn 2, Segment 6).")
    g.held = True
    assert abort_odds(battle.ctx, g, 5, 4, hth=False).endswith("Aborting spends the Phase you hold.")


def test_the_abort_question_carries_its_odds_for_a_player_and_skips_them_for_an_ai():
    sc = scenario("hero", {"A": [hero("a", position=(0, 0), SPD=4, DEX=15, OCV=5)],
                           "B": [hero("b", position=(1, 0), SPD=2, DEX=10, DCV=4)]}, turn_limit=2)
    asked = {}
    for players in ((), ("b",)):
        b = battle_with(sc, seed=3, player_controlled=players)
        decide = b.decide

        def asking(d, players=players, decide=decide):  # B's question when A attacks it (A may first Hold,
            if d.actor == "b" and d.kind == "abort":  # to Haymaker B once B has acted)
                asked.setdefault(players, d.context)
            return decide(d)

        b.decide = asking
        b.run()
    assert asked[()] == "A attacks B with Punch"  # no odds worked out for an AI
    assert asked[("b",)].startswith("A attacks B with Punch: it hits on 12- (74%) as you stand")


def test_a_shot_that_needs_a_half_move_first_reads_its_range_from_where_it_will_fire():
    """Issue 37: the prompt gave the odds from where the shooter stood (20 m: -4), not from the
    cell its half move into range ends on (16 m: -2, rules §3 Range Modifier), where it fires."""
    from slugfest.core.engine.session import Session

    gun = {"name": "Gun", "dice": "4d6", "range": 16, "end": 2, "knockback": False}
    sc = scenario("hero", {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, OCV=5, attacks=[gun])],
                           "B": [hero("b", position=(10, 0), SPD=2, DEX=10, DCV=4)]}, turn_limit=2)
    said = odds_of(battle_with(sc, dice=[]), "strike Gun -> b")
    assert said.roll == "10- (11 + OCV 3 - DCV 4)" and said.chance == 0.5  # OCV 5 -2 range 16 m
    assert said.note == "fires after a half move to 2,0, 16 m away; OCV 5 -2 range 16 m = 3"  # each term shown
    session = Session(sc, seed=1, player_controlled=("a",))
    while not session.waiting_for_player:
        session.step()
    session.play(next(a for a in session.pending.menu if a.label() == "strike Gun -> b"))
    rolled = next(e for e in session.events if e.kind == "attack_rolled")
    assert rolled.needed == 10 and rolled.ocv.value == 3  # the roll the resolver asked for
