"""HERO 6e battle engine, conditions over time: Stunned, Knocked Out (per-Phase Recovery, the
Recovery Time table, x2 STUN, CVs 0, waking), END spent and STUN spent for END, and the
Recovery action.

Rules: the seed's "Stunning", "Knockout" and "Recovery Time"; rules/hero6e.md §4.2 (STUN for
END), §4.4 (taking a Recovery), §4.6 (Stunned), §4.7 (Knocked Out), §7.1 (condition table).
Every battle runs on scripted dice and must use each face: the faces prove which dice rolled.
"""

from __future__ import annotations

from slugfest.core.engine.actions import Action
from slugfest.core.hero import events as ev
from slugfest.core.testing import events_of, hero
from slugfest.core.hero.chains import ocv_chain
from hero_script import NO_KB, decisions_for, fight, timeline

STRIKE_B = ("a", Action("attack", "Punch", "b", "strike"))


def brawl(a=None, b=None, with_c=True):
    """a (side A) next to b (side B); c, b's far-off teammate, keeps side B in the fight."""
    sides = {"A": [hero("a", position=(0, 0), **(a or {}))], "B": [hero("b", position=(1, 0), **(b or {}))]}
    if with_c:
        sides["B"].append(hero("c", position=(15, 9), SPD=2, DEX=5))
    return sides


# -- Stunned (seed "Stunning"; rules §4.6) ------------------------------------------------------

def test_stunned_halves_dcv_survives_post_segment_12_and_costs_the_next_phase_with_no_decision():
    sides = brawl(a=dict(SPD=3, DEX=15, STR=30), b=dict(SPD=1, DEX=10), with_c=False)
    dice = [3, 3, 3,  3, 3, 3, 3, 3, 3,  # T1/12: hit; 18 STUN - PD 2 = 16 > CON 10: Stunned
            6, 5, 1,  1, 1, 1, 1, 1, 1,  # T2/4: 12 hits only because DCV 3 is halved to 2 (round up)
            6, 6, 6]                     # T2/8: b recovered in Segment 7: DCV 3 again (18 misses anyway)
    # The T2/4 hit would slip b's recovery a Phase (rules §4.6, tested below): off here.
    b = fight(sides, dice, STRIKE_B, STRIKE_B, STRIKE_B, rules={**NO_KB, "stun_recovery_slips": False})
    status = [(t, s, e.status, e.active, e.why) for t, s, e in timeline(b, ev.StatusChanged, "b")]
    assert status[0][:4] == (1, 12, "stunned", True)
    assert status[1][:4] == (2, 7, "stunned", False)  # its Phase (SPD 1: Segment 7) spent recovering
    assert "recovering" in status[1][4]
    post12 = timeline(b, ev.PostSegment12)[0]
    assert b.events.index(post12[2]) < b.events.index(timeline(b, ev.StatusChanged, "b")[1][2])  # Post-12 did not clear it
    attacks = events_of(b, ev.AttackRolled)
    assert [a.dcv.value for a in attacks] == [3, 2, 3]
    assert [m.source for m in attacks[1].dcv.modifiers] == ["Stunned"]
    assert attacks[1].hit and attacks[1].needed == 12
    # No Phase decision for b at all, and no chance to Abort while Stunned (T2/4 skipped).
    assert decisions_for(b, "b", "phase") == []
    assert decisions_for(b, "b", "abort") == [(1, 12), (2, 8)]
    assert [e.actor for e in events_of(b, ev.PhaseStarted)].count("b") == 0


def test_stunned_before_its_phase_in_this_segment_spends_that_phase_recovering():
    sides = brawl(a=dict(SPD=2, DEX=15, STR=30), b=dict(SPD=2, DEX=10), with_c=False)
    b = fight(sides, [3, 3, 3] + [3] * 6, STRIKE_B)
    status = [(t, s, e.status, e.active) for t, s, e in timeline(b, ev.StatusChanged, "b")]
    assert status == [(1, 12, "stunned", True), (1, 12, "stunned", False)]
    assert b.events.index(timeline(b, ev.StatusChanged, "b")[1][2]) < b.events.index(events_of(b, ev.PostSegment12)[0])
    assert decisions_for(b, "b", "phase") == [(2, 6), (2, 12)]  # back to normal next Turn


def _stunned_then_hit_again(b_stats=None, rules=NO_KB):
    """a (SPD 3: Segments 4, 8, 12) Stuns b (SPD 1: Segment 7) in T1/12, hits it again in
    T2/4 for 6 STUN before defenses, misses in T2/8 (an 18); b's Phases are T2/7 and T3/7."""
    sides = brawl(a=dict(SPD=3, DEX=15, STR=30), b=dict(SPD=1, DEX=10, **(b_stats or {})), with_c=False)
    dice = [3, 3, 3,  3, 3, 3, 3, 3, 3,  # T1/12: hit, 18 STUN: Stunned (CON 10)
            6, 5, 1,  1, 1, 1, 1, 1, 1,  # T2/4: hits the halved DCV; 6 STUN, 0 BODY
            6, 6, 6]                     # T2/8: an 18 always misses
    return fight(sides, dice, STRIKE_B, STRIKE_B, STRIKE_B, rules=rules, turn_limit=3)


def test_hurt_again_while_stunned_the_recovery_slips_to_the_phase_after_rules_4_6():
    b = _stunned_then_hit_again()
    taken = [(t, s, e.stun_taken) for t, s, e in timeline(b, ev.DamageTakenEvent, "b")]
    assert taken == [(1, 12, 16), (2, 4, 4)]  # 18 - PD 2, then 6 - PD 2
    stunned = [(t, s, e.active) for t, s, e in timeline(b, ev.StatusChanged, "b") if e.status == "stunned"]
    assert stunned == [(1, 12, True), (3, 7, False)]  # not T2/7: that Phase was lost to the slip
    skipped = [(t, s, e.reason) for t, s, e in timeline(b, ev.PhaseSkipped, "b")]
    assert [(t, s) for t, s, _ in skipped] == [(2, 7)] and "slips to its next Phase" in skipped[0][2]
    assert decisions_for(b, "b", "phase") == []  # the T3/7 Phase went to recovering


def test_a_hit_that_does_no_stun_or_body_does_not_slip_the_recovery():
    # PD 7: the first hit still Stuns (18 - 7 = 11 > CON 10); the second (6 - 7) does nothing.
    b = _stunned_then_hit_again(b_stats=dict(PD=7))
    assert [e.stun_taken for _, _, e in timeline(b, ev.DamageTakenEvent, "b")] == [11, 0]
    stunned = [(t, s, e.active) for t, s, e in timeline(b, ev.StatusChanged, "b") if e.status == "stunned"]
    assert stunned == [(1, 12, True), (2, 7, False)]


def test_stun_recovery_slips_option_off_recovers_in_the_next_phase_anyway():
    b = _stunned_then_hit_again(rules={**NO_KB, "stun_recovery_slips": False})
    stunned = [(t, s, e.active) for t, s, e in timeline(b, ev.StatusChanged, "b") if e.status == "stunned"]
    assert stunned == [(1, 12, True), (2, 7, False)]
    assert timeline(b, ev.PhaseSkipped, "b") == []


def test_the_stunning_attacks_own_knockback_damage_does_not_slip_the_recovery():
    # Knockback on: 18 STUN, 6 BODY from [3]*6; 6 BODY - 2d6 [1, 1] = 4 points: 8 m back; landing
    # does 1d6 per 4 m: [1, 2] = 3 STUN - PD 2 = 1 more STUN, after the hit that Stunned it.
    sides = brawl(a=dict(SPD=2, DEX=15, STR=30), b=dict(SPD=1, DEX=10), with_c=False)
    dice = [3, 3, 3,  3, 3, 3, 3, 3, 3,  1, 1,  1, 2]
    b = fight(sides, dice, STRIKE_B, rules={"knockback": "full"}, turn_limit=2)
    impact = [e for _, _, e in timeline(b, ev.DamageTakenEvent, "b")][1]
    assert impact.source.startswith("knockback") and impact.stun_taken > 0
    stunned = [(t, s, e.active) for t, s, e in timeline(b, ev.StatusChanged, "b") if e.status == "stunned"]
    assert stunned == [(1, 12, True), (2, 7, False)]  # recovered in its next Phase, no slip


# -- Knocked Out (seed "Knockout", "Recovery Time"; rules §4.7) -----------------------------------

def test_knocked_out_recovers_each_segment_it_has_a_phase_but_not_the_one_it_fell_in():
    # b: SPD 4 (Segments 3 6 9 12), REC 2. 28 STUN - PD 2 = 26 taken: STUN 20 -> -6, out in T1/12.
    sides = brawl(a=dict(SPD=3, DEX=15, STR=30), b=dict(SPD=4, DEX=10, REC=2))
    b = fight(sides, [3, 3, 3,  5, 5, 5, 5, 4, 4], STRIKE_B)
    rec = [(t, s, e.why, e.stun, e.end) for t, s, e in timeline(b, ev.Recovered, "b")]
    assert rec == [
        (1, 12, "Post-Segment 12 Recovery", -4, 0),  # none for its own Phase in the Segment it fell
        (2, 3, "knocked out: Recovery in its Phase", -2, 0),
        (2, 6, "knocked out: Recovery in its Phase", 0, 0),
        (2, 9, "knocked out: Recovery in its Phase", 2, 2),  # awake: END set equal to its STUN
        (2, 12, "Post-Segment 12 Recovery", 4, 4),
    ]
    woke = [(t, s, e.active) for t, s, e in timeline(b, ev.StatusChanged, "b") if e.status == "knocked out"]
    assert woke == [(1, 12, True), (2, 9, False)]
    # Out cold it had no Phase decisions; awake and prone, it stands (half a Phase) in T2/12.
    assert decisions_for(b, "b", "phase") == [(2, 12)]
    stood = [(t, s) for t, s, e in timeline(b, ev.StatusChanged, "b") if e.status == "prone" and not e.active]
    assert stood == [(2, 12)]


def test_attacks_on_a_knocked_out_target_hit_dcv_0_for_double_stun():
    sides = brawl(a=dict(SPD=3, DEX=15, STR=30), b=dict(SPD=2, DEX=10))
    dice = [3, 3, 3,  5, 5, 5, 5, 4, 4,  # T1/12: b out at -6 STUN
            6, 4, 4,  1, 1, 1, 1, 1, 1]  # T2/4: 14 hits only against DCV 0; 6 STUN rolled, doubled
    b = fight(sides, dice, STRIKE_B, STRIKE_B)
    second = events_of(b, ev.AttackRolled)[1]
    assert second.dcv.value == 0 and second.needed == 14 and second.hit
    assert "knocked out" in [m.source for m in second.dcv.modifiers]
    dmg = events_of(b, ev.DamageRolled)[1]
    assert dmg.stun == 12 and dmg.doubled  # 6 rolled, x2 before defenses
    taken = events_of(b, ev.DamageTakenEvent)[1]
    assert (taken.stun_rolled, taken.stun_defense, taken.stun_taken) == (12, 2, 10)
    assert decisions_for(b, "b", "abort") == [(1, 12)]  # before the first blow only: the unconscious do not Abort
    # Its own OCV is 0 too.
    fb, fa = b.state.fighters["b"], b.state.fighters["a"]
    assert fb.ko
    assert ocv_chain(fb, fb.attack("Punch"), fa, None, "").value == 0


def knocked_deep(stun_taken, turn_limit, rec=2, rules=NO_KB, spd=12):
    """Knock b out to STUN 20 - ``stun_taken`` with one punch of 5s (b has PD 0 and plenty of BODY)."""
    n = stun_taken // 5
    sides = brawl(a=dict(SPD=2, DEX=15, STR=5 * n), b=dict(SPD=spd, DEX=10, REC=rec, PD=0, BODY=30))
    b = fight(sides, [3, 3, 3] + [5] * n, STRIKE_B, rules=rules, turn_limit=turn_limit)
    return [(t, s, e.why, e.stun) for t, s, e in timeline(b, ev.Recovered, "b")]


def test_knocked_out_at_minus_15_stun_recovers_post_segment_12_only():
    rec = knocked_deep(35, turn_limit=4)  # -15; SPD 12 gives it a Phase every Segment
    assert rec[:3] == [(1, 12, "Post-Segment 12 Recovery", -13), (2, 12, "Post-Segment 12 Recovery", -11),
                       (3, 12, "Post-Segment 12 Recovery", -9)]
    assert rec[3] == (4, 1, "knocked out: Recovery in its Phase", -7)  # back in the 0 to -10 band


def test_knocked_out_at_minus_25_stun_recovers_only_in_turns_divisible_by_5():
    rec = knocked_deep(45, turn_limit=6, rec=1)
    assert rec == [(5, 12, "Post-Segment 12 Recovery", -24)]


def test_knocked_out_at_minus_35_stun_never_recovers_by_default():
    assert knocked_deep(55, turn_limit=5, rec=1) == []
    optional = knocked_deep(55, turn_limit=5, rec=1, rules={**NO_KB, "deep_ko": "once-a-minute"})
    assert optional == [(5, 12, "Post-Segment 12 Recovery", -34)]


# -- END (seed "Endurance"; rules §4.1, §4.2) ---------------------------------------------------

def test_each_attack_spends_its_end():
    sides = brawl(a=dict(SPD=2, DEX=15, STR=30), b=dict(SPD=2, DEX=10), with_c=False)
    b = fight(sides, [6, 6, 6,  6, 6, 6], STRIKE_B, STRIKE_B)  # two misses
    spent = [(e.actor, e.amount, e.end_after, e.what) for e in events_of(b, ev.EnduranceSpent)]
    # 30 STR at 1 END per 10 STR (superheroic); the Post-Segment-12 Recovery (REC 4) refills 3.
    assert spent == [("a", 3, 17, "Punch"), ("a", 3, 17, "Punch")]
    assert events_of(b, ev.StunForEnd) == []


def test_out_of_end_costs_1d6_stun_per_2_end_or_fraction_with_no_defense():
    sides = brawl(a=dict(SPD=2, DEX=15, STR=30, END=1), b=dict(SPD=2, DEX=10), with_c=False)
    b = fight(sides, [4,  6, 6, 6], STRIKE_B, turn_limit=1)  # 3 END wanted, 1 left: 2 short -> 1d6
    (spent,) = events_of(b, ev.EnduranceSpent)
    assert (spent.amount, spent.end_after) == (1, 0)
    (sfe,) = events_of(b, ev.StunForEnd)
    assert (sfe.actor, sfe.overdraw, sfe.faces, sfe.stun, sfe.stun_after) == ("a", 2, (4,), 4, 16)

    sides = brawl(a=dict(SPD=2, DEX=15, STR=50, END=0), b=dict(SPD=2, DEX=10), with_c=False)
    b = fight(sides, [1, 2, 3,  6, 6, 6], STRIKE_B, turn_limit=1)  # 5 END short -> 3d6 (2 + 2 + a fraction)
    (sfe,) = events_of(b, ev.StunForEnd)
    assert (sfe.overdraw, sfe.faces, sfe.stun, sfe.stun_after) == (5, (1, 2, 3), 6, 14)
    assert b.dice.log[:3] == [(6, 1, "stun for end"), (6, 2, "stun for end"), (6, 3, "stun for end")]


def test_stun_spent_for_end_can_knock_the_attacker_out_before_it_swings():
    sides = brawl(a=dict(SPD=2, DEX=15, STR=30, END=0, STUN=3), b=dict(SPD=2, DEX=10), with_c=False)
    b = fight(sides, [3, 3], STRIKE_B)  # 3 END short -> 2d6 = 6 STUN: 3 -> -3, out; no attack roll
    assert events_of(b, ev.AttackRolled) == []
    assert b.state.fighters["a"].ko
    assert b.outcome.winner == "B"


# -- Taking a Recovery (rules §4.4) --------------------------------------------------------------

def test_a_recovery_action_halves_dcv_and_lands_at_the_end_of_the_segment():
    sides = brawl(a=dict(SPD=2, DEX=10, STR=30), b=dict(SPD=2, DEX=15), with_c=False)
    b = fight(sides, [6, 6, 6], ("b", Action("recover")), STRIKE_B, turn_limit=1)
    (attack,) = events_of(b, ev.AttackRolled)
    assert attack.dcv.value == 2 and [m.source for m in attack.dcv.modifiers] == ["taking a Recovery"]
    rec = [e for e in events_of(b, ev.Recovered) if e.actor == "b"]
    assert [e.why for e in rec] == ["Recovery action", "Post-Segment 12 Recovery"]
    order = [type(e).__name__ for e in b.events if isinstance(e, (ev.AttackRolled, ev.Recovered, ev.PostSegment12))]
    assert order.index("AttackRolled") < order.index("Recovered") < order.index("PostSegment12")
