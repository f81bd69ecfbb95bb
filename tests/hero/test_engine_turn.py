"""HERO 6e battle engine, the turn loop: the Speed Chart, DEX order and roll-offs, the
Post-Segment-12 step, SPD changes mid-Turn, and how a battle ends.

Rules: rules/hero6e.md §1 (Speed Chart, start in Segment 12, DEX order, SPD changes), §4.5
(Post-Segment 12 Recovery), §4.8 and the seed's "Death" (dying and death). Every battle runs on
scripted dice: a test that expects no die to be rolled hands in an empty script, so a stray
roll fails with DiceError.
"""

from __future__ import annotations

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.hero import events as ev
from slugfest.core.hero.speed import SPEED_CHART
from slugfest.core.testing import battle_with, events_of, hero, scenario
from slugfest.core.hero.effects import change_spd
from slugfest.core.render.text import TextLog

from hero_script import NO_KB, Script, fight


def phases_of(b, actor):
    return [(e.turn, e.segment) for e in events_of(b, ev.PhaseStarted) if e.actor == actor and not e.held]


def dodgers(**spds_and_dex):
    """Fighters that only Dodge: name=(SPD, DEX), alternating sides (so the roster, which is the
    order roll-offs are rolled in, lists side A's first)."""
    sides: dict[str, list] = {"A": [], "B": []}
    for i, (name, (spd, dex)) in enumerate(spds_and_dex.items()):
        sides["AB"[i % 2]].append(hero(name, position=(i, 2 * (i % 2)), SPD=spd, DEX=dex))
    return sides


# -- §1.2 Combat begins in Segment 12 of Turn 1 ----------------------------------------------

def test_combat_begins_in_segment_12_of_turn_1_where_spd_1_has_no_phase():
    b = fight(dodgers(slow=(1, 20), fast=(3, 10)), turn_limit=1)
    segments = events_of(b, ev.SegmentStarted)
    assert [(s.turn, s.segment) for s in segments] == [(1, 12)]
    assert segments[0].order == ("fast",)  # SPD 1 acts only in Segment 7 (§1.1), not in the opening 12
    assert phases_of(b, "slow") == []
    assert b.outcome.rounds == 1


# -- §1.1 Speed Chart ---------------------------------------------------------------------------

def test_who_acts_in_each_segment_follows_the_speed_chart():
    spds = {f"spd{s}": (s, 30 - s) for s in range(1, 13)}  # distinct DEX: no roll-off, no dice
    b = fight(dodgers(**spds), turn_limit=3)
    for name, (spd, _) in spds.items():
        expected = [(1, 12)] if spd > 1 else []
        expected += [(t, seg) for t in (2, 3) for seg in sorted(SPEED_CHART[spd])]
        assert phases_of(b, name) == expected, name
    # Spot checks against the chart printed in rules/hero6e.md §1.1.
    assert [s for t, s in phases_of(b, "spd1")] == [7, 7]
    assert [s for t, s in phases_of(b, "spd5") if t == 2] == [3, 5, 8, 10, 12]
    assert [s for t, s in phases_of(b, "spd7") if t == 2] == [2, 4, 6, 7, 9, 11, 12]


def test_within_a_segment_the_highest_dex_acts_first():
    b = fight(dodgers(low=(4, 8), high=(4, 23), mid=(4, 14)), turn_limit=2)
    for s in events_of(b, ev.SegmentStarted):
        if s.order:
            assert s.order == ("high", "mid", "low")
            assert s.tie_breaks == ()
    starts = [e.actor for e in events_of(b, ev.PhaseStarted) if (e.turn, e.segment) == (2, 3)]
    assert starts == ["high", "mid", "low"]


# -- §1.3 DEX ties: a seeded 1d6 roll-off, re-rolled every Segment ------------------------------

def test_equal_dex_is_settled_by_a_1d6_roll_off_rerolled_every_segment():
    # Segments with both acting: T1/12, T2/6, T2/12. Each rolls afresh; a tie rolls again.
    dice = [2, 5,  6, 1,  4, 4, 1, 3]
    b = fight(dodgers(a=(2, 15), b=(2, 15)), dice, turn_limit=2)
    rolled = [(s.turn, s.segment, s.order, s.tie_breaks) for s in events_of(b, ev.SegmentStarted) if s.order]
    assert rolled == [
        (1, 12, ("b", "a"), (("a", 2), ("b", 5))),
        (2, 6, ("a", "b"), (("a", 6), ("b", 1))),
        (2, 12, ("b", "a"), (("a", 4), ("b", 4), ("a", 1), ("b", 3))),
    ]
    assert [e.actor for e in events_of(b, ev.PhaseStarted)] == ["b", "a", "a", "b", "b", "a"]


def test_a_three_way_tie_rerolls_only_among_those_still_tied():
    # Roster order: side A (a, c), then side B (b, d). d's DEX 20 needs no roll.
    b = fight(dodgers(a=(2, 12), b=(2, 12), c=(2, 12), d=(2, 20)), [3, 6, 3,  2, 5], turn_limit=1)
    s = events_of(b, ev.SegmentStarted)[0]
    assert s.tie_breaks == (("a", 3), ("c", 6), ("b", 3), ("a", 2), ("b", 5))
    assert s.order == ("d", "c", "b", "a")  # c's 6 wins outright; a and b, both on 3, re-roll: 2 vs 5


def test_the_log_puts_each_roll_off_beside_its_roller_in_the_segments_order():
    # As above: a, c and b roll 3, 6, 3; a and b roll again, 2 and 5. A reader sees who rolled
    # what (a re-roll after "then") in the order they act, not the rolls in the order made.
    b = fight(dodgers(a=(2, 12), b=(2, 12), c=(2, 12), d=(2, 20)), [3, 6, 3,  2, 5], turn_limit=1)
    assert TextLog().line(events_of(b, ev.SegmentStarted)[0]) == (
        "Turn 1, Segment 12: d, c, b, a (DEX ties rolled off on 1d6, the higher roll first among equals: c 6, b 3 "
        "then 5, a 3 then 2)")


def test_two_dex_ties_in_one_segment_each_roll_off_among_equals_only():
    # a and b at DEX 15 roll 5 and 2; c and d at DEX 12 roll 4 and 1. c's 4 is higher than b's 2,
    # yet c acts after b: a roll-off is only among equals (a line saying "highest first" misled).
    b = fight(dodgers(a=(2, 15), c=(2, 12), b=(2, 15), d=(2, 12)), [5, 2, 4, 1], turn_limit=1)
    s = events_of(b, ev.SegmentStarted)[0]
    assert s.order == ("a", "b", "c", "d")
    assert TextLog().line(s) == ("Turn 1, Segment 12: a, b, c, d (DEX ties rolled off on 1d6, the higher roll first "
                                 "among equals: a 5, b 2, c 4, d 1)")


def test_the_roll_off_is_the_same_for_the_same_seed():
    def orders(seed):
        sc = scenario("hero", dodgers(a=(3, 15), b=(3, 15), c=(3, 15)), rules=NO_KB, turn_limit=3)
        b = battle_with(sc, seed=seed, plugins=[("script", Script())])
        b.run()
        return [(s.turn, s.segment, s.order, s.tie_breaks) for s in events_of(b, ev.SegmentStarted) if s.order]

    first = orders(42)
    assert first == orders(42)
    assert len(first) == 7 and all(tb for *_, tb in first)  # rolled in every Segment with a tie
    for _, _, order, ties in first:  # the order follows the first round of rolls, highest first
        first_round = dict(ties[:3])
        assert [first_round[w] for w in order] == sorted(first_round.values(), reverse=True)
    assert len({order for _, _, order, _ in first}) > 1  # re-rolled, not fixed once for the battle


# -- §4.5 Post-Segment 12: exactly once per Turn -------------------------------------------------

def test_post_segment_12_recovery_runs_exactly_once_per_turn_after_segment_12():
    b = fight(dodgers(a=(5, 15), b=(12, 10)), turn_limit=4)
    assert [e.turn for e in events_of(b, ev.PostSegment12)] == [1, 2, 3, 4]
    post12 = [e for e in events_of(b, ev.Recovered) if e.why == "Post-Segment 12 Recovery"]
    assert [e.actor for e in post12] == ["a", "b"] * 4
    assert len(events_of(b, ev.Recovered)) == 8  # no other Recovery sneaks in
    # Each Post-Segment-12 step comes after Segment 12's Phases and before the next Turn's Segment 1.
    seq = [(type(e).__name__, getattr(e, "turn", None), getattr(e, "segment", None)) for e in b.events
           if isinstance(e, (ev.SegmentStarted, ev.PostSegment12))]
    for i, (name, turn, _) in enumerate(seq):
        if name == "PostSegment12":
            assert seq[i - 1] == ("SegmentStarted", turn, 12)
            assert i + 1 == len(seq) or seq[i + 1] == ("SegmentStarted", turn + 1, 1)


# -- §1.6 SPD changes mid-Turn -------------------------------------------------------------------

def drive(sides, change_at, change, turn_limit=3):
    """Everyone Dodges; right after ``change_at`` = (turn, segment, actor) acts, call ``change``."""
    b = battle_with(scenario("hero", sides, rules=NO_KB, turn_limit=turn_limit), dice=[])
    while (d := b.next_decision()) is not None:
        when = (b.state.turn, b.state.segment, d.actor)
        b.submit(d, Choice(Action("dodge"), "test"))
        if when == change_at:
            change(b)
    return b


def test_involuntary_spd_rise_waits_for_a_segment_shared_by_both_speeds():
    # SPD 4 (3 6 9 12) raised (an Aid, say) to SPD 6 (2 4 6 8 10 12) after acting in Segment 3: the
    # next Phase is Segment 6 (a Phase of both), not Segment 4 (a second Phase one Segment later).
    sides = dodgers(x=(4, 15), y=(2, 10))
    b = drive(sides, (2, 3, "x"), lambda b: change_spd(b.ctx, "x", 6))
    assert phases_of(b, "x") == [(1, 12), (2, 3), (2, 6), (2, 8), (2, 10), (2, 12),
                                 (3, 2), (3, 4), (3, 6), (3, 8), (3, 10), (3, 12)]
    (change,) = events_of(b, ev.SpdChanged)
    assert (change.old, change.new, change.voluntary, change.resume_turn, change.resume_segment) == (4, 6, False, 2, 6)


def test_involuntary_spd_drop_never_gives_a_phase_sooner_than_both_speeds_allow():
    # SPD 6 -> SPD 3 after acting in Segment 2: Segment 4 is a Phase of both; then SPD 3's 8 and 12.
    sides = dodgers(x=(6, 15), y=(2, 10))
    b = drive(sides, (2, 2, "x"), lambda b: change_spd(b.ctx, "x", 3))
    assert phases_of(b, "x") == [(1, 12), (2, 2), (2, 4), (2, 8), (2, 12), (3, 4), (3, 8), (3, 12)]


def test_voluntary_spd_change_waits_for_the_post_segment_12_step():
    sides = dodgers(x=(3, 15), y=(2, 10))
    b = drive(sides, (2, 4, "x"), lambda b: change_spd(b.ctx, "x", 4, voluntary=True))
    assert phases_of(b, "x") == [(1, 12), (2, 4), (2, 8), (2, 12), (3, 3), (3, 6), (3, 9), (3, 12)]
    (change,) = events_of(b, ev.SpdChanged)
    assert (change.old, change.new, change.voluntary, change.resume_turn, change.resume_segment) == (3, 4, True, 3, 1)
    # It was applied during Turn 2's Post-Segment-12 step, not when asked for.
    i = b.events.index(change)
    assert isinstance(b.events[i - 1], (ev.PostSegment12, ev.Recovered, ev.BodyLost))
    assert [e.turn for e in events_of(b, ev.PostSegment12) if b.events.index(e) < i] == [1, 2]


# -- Death and the end of the battle (seed "Death"; rules/hero6e.md §4.8) -------------------------

def test_a_dying_character_loses_1_body_each_post_segment_12_and_dies_at_minus_its_body():
    sides = {
        "A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=30)],
        "B": [hero("b", position=(1, 0), SPD=2, DEX=10, BODY=2), hero("c", position=(9, 9), SPD=2, DEX=5)],
    }
    # T1/12: a's 6d6 punch hits (9 <= 11) and rolls 2 2 2 2 1 1 = 10 STUN, 4 BODY; PD 2 comes off both:
    # 8 STUN (not over CON 10, so not Stunned), 2 BODY taken: b is at 0 BODY, dying.
    dice = [3, 3, 3,  2, 2, 2, 2, 1, 1]
    b = fight(sides, dice, ("a", Action("attack", "Punch", "b", "strike")), turn_limit=4)
    assert [(e.actor, e.body_after) for e in events_of(b, ev.BodyLost)] == [("b", -1), ("b", -2)]
    post12_turn, lost_in = 0, []
    for e in b.events:
        post12_turn = e.turn if isinstance(e, ev.PostSegment12) else post12_turn
        if isinstance(e, ev.BodyLost):
            lost_in.append(post12_turn)
    assert lost_in == [1, 2]  # in the Post-Segment-12 steps of Turns 1 and 2
    dying = [e for e in events_of(b, ev.StatusChanged) if e.actor == "b"]
    assert [(e.status, e.active) for e in dying] == [("dying", True), ("dead", True)]
    # It died in Turn 2's Post-Segment-12 step (BODY -2 = -its 2 BODY) and got no Recovery then or after.
    post12_b = [e for e in events_of(b, ev.Recovered) if e.actor == "b"]
    assert len(post12_b) == 1  # Turn 1 only: a dying character still gets the Post-12 Recovery
    assert b.state.fighters["b"].dead and b.state.fighters["b"].body == -2
    assert phases_of(b, "b") == []  # dying counts as out of the fight (dying_can_act = false)
    assert b.outcome.winner is None and b.outcome.rounds == 4


def test_the_battle_ends_when_one_side_has_no_one_able_to_act():
    sides = {
        "A": [hero("a", position=(0, 0), SPD=2, DEX=15, STR=60)],
        "B": [hero("b", position=(1, 0), SPD=2, DEX=10)],
    }
    # 12d6 of 3s = 36 STUN - PD 2 = 34 > 20 STUN: knocked out in Turn 1, Segment 12.
    dice = [3, 3, 3] + [3] * 12
    b = fight(sides, dice, ("a", Action("attack", "Punch", "b", "strike")), turn_limit=5)
    assert b.outcome.winner == "A"
    assert b.outcome.rounds == 1
    assert b.outcome.survivors == ("a",)
    assert events_of(b, ev.PostSegment12) == []  # it ended in the middle of Segment 12
    assert phases_of(b, "b") == []


def test_a_draw_at_the_turn_limit_has_no_winner_and_counts_the_limit():
    b = fight(dodgers(a=(3, 15), b=(3, 12)), turn_limit=3)
    assert b.outcome.winner is None
    assert b.outcome.rounds == 3
    assert "limit" in b.outcome.reason
    assert [e.turn for e in events_of(b, ev.PostSegment12)] == [1, 2, 3]
    assert max(s.turn for s in events_of(b, ev.SegmentStarted)) == 3
