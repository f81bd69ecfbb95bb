"""Issue 37's reports audit: every HERO log line shows each term of its arithmetic and names the
rule behind a number the terms alone would not give (tests named for the rule each line shows)."""

from __future__ import annotations

import pytest

from slugfest.core.engine.actions import Action
from slugfest.core.hero import events as ev
from slugfest.core.hero.combat_values import HALF, Modifier, build_cv
from slugfest.core.hero.maneuvers import AGAINST
from slugfest.core.hero.recovery import recover
from slugfest.core.render.text import TextLog
from slugfest.core.testing import hero

from hero_script import fight

CLAWS = {"name": "Claws", "kind": "killing", "dice": "2d6", "range": "hth", "adds_str": False}


def killing_hit(multiplier_face: int) -> list[str]:
    sides = {"A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=10, attacks=[CLAWS])],
             "B": [hero("b", position=(1, 0), SPD=2, DEX=10, PD=4, defenses={"rPD": 3})]}
    b = fight(sides, [3, 3, 3,                 # attack roll 9 against 11-: a hit
                      5, 4, multiplier_face],  # 2d6 killing: 9 BODY, then the STUN multiplier's 1d6
              ("a", Action("attack", "Claws", "b", "strike")), turn_limit=1)
    return TextLog().lines(b.events)


def test_a_killing_hit_shows_the_multipliers_minus_one_and_which_defense_meets_stun_and_body():
    """Seed: the STUN multiplier is 1d6-1 (at least 1); a Killing hit's STUN meets normal +
    resistant defense, its BODY the resistant part only (Taking Damage, case 2)."""
    lines = killing_hit(4)
    assert "    a attacks b with Claws (Strike): needs 11- (11 + OCV 3 - DCV 3), rolled 9 [3, 3, 3]: HIT; " \
           "would hit up to DCV 5" in lines
    assert "    Claws: 2d6 killing rolled [5, 4] x STUN multiplier 3 (rolled 4 - 1) = 27 STUN, 9 BODY" in lines
    assert ("    b takes 20 STUN, 6 BODY (27 - 7 STUN: PD + rPD; 9 - 3 BODY: rPD "
            "only; killing) -> STUN 0, BODY 4") in lines


def test_a_stun_multiplier_rolled_on_a_1_says_the_floor_of_1():
    assert "    Claws: 2d6 killing rolled [5, 4] x STUN multiplier 1 (rolled 1 - 1 = 0, at least 1) = 9 STUN, 9 BODY" \
        in killing_hit(1)


def test_a_multiplier_the_1d6_minus_1_alone_does_not_give_says_what_else_moved_it():
    """hero6e-powers.md §1.6: Increased STUN Multiplier levels add to the roll (or a house rule
    sets it): the log shows the difference rather than a bare "3 (rolled 2)"."""
    roll = ev.DamageRolled("a", "b", "Claws", "killing", "2d6", "2d6", (), False, (5, 4), 27, 9, 3, 2)
    assert TextLog().line(roll) == ("    Claws: 2d6 killing rolled [5, 4] x STUN multiplier 3 (rolled 2 - 1, +2 from "
                                    "STUN Multiplier levels or a house rule) = 27 STUN, 9 BODY")


def test_a_normal_hit_says_normal_plus_resistant_defense_comes_off_stun_and_body():
    taken = ev.DamageTakenEvent("b", "Punch", 37, 11, 22, 22, 15, 0, 5, 10, "normal")
    assert TextLog().line(taken) == ("    b takes 15 STUN, 0 BODY (37 - 22 STUN, 11 - 22 BODY: normal + resistant "
                                     "defense off each; normal) -> STUN 5, BODY 10")


def test_a_killing_hit_on_no_resistant_defense_says_all_its_stun_goes_through():
    taken = ev.DamageTakenEvent("b", "Claws", 27, 9, 0, 0, 27, 9, -7, 1, "killing, no resistant defense")
    assert TextLog().line(taken) == ("    b takes 27 STUN, 9 BODY (27 - 0 STUN: with no resistant defense it all goes "
                                     "through; 9 - 0 BODY: resistant defense; killing) -> STUN -7, BODY 1")


@pytest.mark.parametrize("entry", AGAINST, ids=lambda m: m.name)
def test_every_attack_maneuver_reads_as_attacks_target_with_attack_and_the_maneuver_in_brackets(entry):
    """"Sparkwing brace with X at Y" used the maneuver's name as a verb: one pattern for all."""
    ocv, dcv = build_cv("OCV", 6, []), build_cv("DCV", 5, [])
    roll = ev.AttackRolled("a", "b", "Bolt", entry.name, ocv, dcv, (3, 3, 3), 9, 12, True, 8, "")
    assert TextLog().line(roll) == (f"    a attacks b with Bolt ({entry.title}): needs 12- (11 + OCV 6 - DCV 5), "
                                    "rolled 9 [3, 3, 3]: HIT; would hit up to DCV 8")


def test_halvings_do_not_stack_and_the_chain_says_so():
    """The seed's DCV checklist has one fractional step: prone and Brace halve DCV 7 once, to 4 (.5 up)."""
    dcv = build_cv("DCV", 7, [Modifier(7, "prone", factor=HALF), Modifier(7, "Brace", factor=HALF)])
    assert dcv.text() == "DCV 7 x½ prone x½ Brace (halvings do not stack: x½ once) = 4"
    assert build_cv("DCV", 7, [Modifier(7, "prone", factor=HALF)]).text() == "DCV 7 x½ prone = 4"


def test_of_fractions_that_differ_only_the_smallest_applies():
    from fractions import Fraction

    dcv = build_cv("DCV", 6, [Modifier(7, "prone", factor=HALF), Modifier(7, "entangled", factor=Fraction(0))])
    assert dcv.text() == "DCV 6 x½ prone x0 entangled (fractions do not stack: only the smallest, x0, applies) = 0"


def test_waking_from_a_knockout_names_the_rule_that_sets_end_equal_to_stun():
    """Seed: a Knocked-Out character wakes once STUN is above 0, its END set equal to its STUN."""
    r = recover(-1, 32, 8, 30, 40, knocked_out=True)
    assert (r.stun, r.end, r.woke) == (7, 7, True)
    line = TextLog().line(ev.Recovered("a", 8, 7 - 32, r.stun, r.end, "Post-Segment 12 Recovery", 8, 30, 40))
    assert line == ("    a recovers +8 STUN, -25 END (REC 8; Post-Segment 12 Recovery; wakes up: END set equal to "
                    "STUN, 32 -> 7) -> STUN 7/30, END 7/40")


def test_still_knocked_out_end_is_held_at_0():
    r = recover(-20, 12, 8, 30, 40, knocked_out=True)
    assert (r.stun, r.end, r.woke) == (-12, 0, False)
    line = TextLog().line(ev.Recovered("a", 8, -12, r.stun, r.end, "Post-Segment 12 Recovery", 8, 30, 40))
    assert line == ("    a recovers +8 STUN, -12 END (REC 8; Post-Segment 12 Recovery; still knocked out: END held "
                    "at 0, not above STUN, 12 -> 0) -> STUN -12/30, END 0/40")


def test_a_recovery_by_rec_alone_adds_nothing_to_its_line():
    line = TextLog().line(ev.Recovered("a", 8, 8, 20, 30, "Post-Segment 12 Recovery", 8, 30, 40))
    assert line == "    a recovers +8 STUN, +8 END (REC 8; Post-Segment 12 Recovery) -> STUN 20/30, END 30/40"


def test_an_explosions_fall_off_labels_each_term():
    """rules-powers §1.4: an Explosion loses 1 DC for every full 2 m from its centre."""
    step = ev.DamageModified("b", "Blast", "explosion", 4, "10d6 -> 6d6 (8 m from the centre)", 0, 0)
    assert TextLog().line(step) == "      Explosion: -4 DC, 1 DC per full 2 m from the centre: 10d6 -> 6d6 (8 m from the centre)"


def test_a_hit_met_by_a_named_defense_keeps_its_rule_in_the_same_spacing():
    taken = ev.DamageTakenEvent("b", "Psionic Spike", 7, 0, 0, 0, 7, 0, 48, 16, "mental, no Mental Defense")
    assert TextLog().line(taken) == ("    b takes 7 STUN, 0 BODY (7 - 0 STUN, 0 - 0 BODY; mental, no Mental Defense) "
                                     "-> STUN 48, BODY 16")


def test_a_segment_with_no_phases_is_said_only_when_something_happens_in_it():
    """A Haymaker wound up in Segment 12 lands at the end of the next Turn's Segment 1, in which
    no one may have a Phase: its lines read under that Segment, not under the Turn before. A
    Segment in which nothing happens stays silent."""
    from slugfest.core.hero import narration  # noqa: F401 - registers the HERO lines

    log = TextLog({"a": "Ann", "b": "Bo"})
    said = log.lines([ev.SegmentStarted(3, 1, ()), ev.SegmentStarted(3, 2, ()), ev.SegmentStarted(3, 3, ("a",)),
                      ev.HaymakerWindup("a", "b", "Punch", 3, 4), ev.SegmentStarted(3, 4, ()),
                      ev.HaymakerWindup("b", "a", "Kick", 3, 5)])
    assert said == ["Turn 3, Segment 3: Ann",
                    "    Ann winds up a Haymaker at Bo (lands end of Turn 3 Segment 4)",
                    "Turn 3, Segment 4: no one acts\n"
                    "    Bo winds up a Haymaker at Ann (lands end of Turn 3 Segment 5)"]


def test_the_brief_and_the_full_log_name_a_quiet_segment_on_the_same_event():
    """A Haymaker that lands in a Segment no one acts in spends its END first, a line only the
    full log says: the brief log names the Segment on that event too (alone), so the app's log
    and the HTML replay never read the heading under different events. A rewind forgets a
    heading not yet said."""
    from slugfest.core.engine.battle import Battle
    from slugfest.core.files.scenario import load_scenario
    from slugfest.scenarios import bundled

    duel = load_scenario(bundled()["hero-duel"])
    names = {c.id: c.name for c in duel.combatants}
    found = 0
    for seed in range(1, 7):
        b = Battle(duel, seed=seed)
        b.run()
        brief, full = TextLog(names, verbose=False), TextLog(names, verbose=True)
        said = [(brief.line(e) or "", full.line(e) or "") for e in b.events]
        in_brief = [i for i, (short, _) in enumerate(said) if "no one acts" in short]
        in_full = [i for i, (_, long) in enumerate(said) if "no one acts" in long]
        assert in_brief == in_full
        found += len(in_full)
    assert found > 0
    log = TextLog(names)
    assert log.line(ev.SegmentStarted(3, 1, ())) is None
    log.reset()
    assert log.line(ev.HaymakerWindup("ironclad", "sparkwing", "Punch", 3, 2)).startswith("    Ironclad winds up")
