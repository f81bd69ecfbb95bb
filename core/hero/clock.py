"""The HERO clock: the 12-Segment Turn and the Speed Chart (the seed's Combat Sequence).

Per Segment: collect who has a Phase (the Speed Chart) plus anyone holding one; order them by
DEX (with Lightning Reflexes, :func:`order_dex`), ties broken by a 1d6 roll-off re-rolled every
Segment (highest first; rolled again among those still tied); open each one's Phase (a Phase may be lost: to a Haymaker winding up, to an
earlier Abort, to being Stunned; standing up takes half of it). At the end of the Segment:
Haymakers land, Aborted defences lapse, Flashes whose Segments are over end, Recovery actions are
taken, and Knocked-Out characters who had a Phase in it (but were not knocked out in it) get their
Recovery. After Segment 12 the Post-Segment-12 step runs exactly once per Turn: the dying lose 1
BODY, Drains return and Aids fade 5 Active Points, then everyone recovers within the Recovery Time
table. Combat begins in Segment 12 of Turn 1.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.actions import Asking, Decision
from ..engine.context import RulesContext
from . import events as ev
from .damage import is_dead
from .effects import apply_spd, die, take_recovery
from .entry import lapse
from .maneuvers import land_haymaker
from .menu import build_menu
from .mind_control import serve
from . import senses
from .fields import doubt, keep_up
from .powers import fade, lose_sight, regain_senses
from .recovery import may_recover
from .speed import has_phase
from .state import Fighter, HeroState
from .tactics import Picture


def next_decision(ctx: RulesContext) -> Asking[Decision | None]:
    """Run time forward to the next Phase in which someone must choose; None once it is over.
    The end of a Segment may ask questions on the way (a Haymaker landing: its target's Abort)."""
    st: HeroState = ctx.state
    opts = st.options
    fighters = st.fighters

    def able(cid: str) -> bool:
        """Still in the fight, for settling it: a fighter turned by a Mind Control does not keep
        its own side in the fight while its controller's side has someone of its own standing
        (so turning the last foe wins; a controller's side all down, its recruit is its own again)."""
        f = fighters[cid]
        if f.out_of_fight(opts):
            return False
        return not f.turned or not any(h.side == f.allegiance and not h.turned and not h.out_of_fight(opts)
                                       for h in fighters.values())

    while True:
        if ctx.settle(able):
            return None
        if st.queue is None:
            begin_segment(ctx)
        while st.queue:
            decision = open_phase(ctx, st.queue.pop(0))
            if decision is not None:
                return decision
            if ctx.settle(able):
                return None
        yield from end_segment(ctx)


def begin_segment(ctx: RulesContext) -> None:
    """Who acts this Segment, in DEX order (a Phase by SPD, or a Phase held from before)."""
    st: HeroState = ctx.state
    now = st.abs_segment
    natural: list[Fighter] = []
    for f in st.fighters.values():
        if f.dead or not has_phase(f.spd, st.segment):
            continue
        if f.resume_at and now < f.resume_at:
            continue
        f.resume_at = 0
        natural.append(f)
    st.natural = {f.id for f in natural}
    actors = [f for f in natural if not f.out_of_fight(st.options)]
    for f in st.fighters.values():
        if f.held and f.id not in st.natural and not f.out_of_fight(st.options):
            actors.append(f)
    order, ties = dex_order(ctx, actors)
    st.queue = [f.id for f in order]
    st.ranks = {f.id: i for i, f in enumerate(order)}
    ctx.emit(ev.SegmentStarted(turn=st.turn, segment=st.segment, order=tuple(st.queue), tie_breaks=ties))
    for f in order:
        if f.sheet.lightning_reflexes:
            ctx.emit(ev.OrderRaised(actor=f.id, dex=f.ch.DEX, reflexes=f.sheet.lightning_reflexes,
                                    order_dex=order_dex(f)))


def order_dex(f: Fighter) -> int:
    """The DEX ``f`` takes its place in a Segment by: its DEX, plus its Lightning Reflexes (6e's
    talent: +DEX to act earlier in the Segment, with all actions; rules/hero6e.md §1.3). Only the
    order changes: its DEX is what it is for everything else (OCV and DCV come from the sheet)."""
    return f.ch.DEX + f.sheet.lightning_reflexes


def dex_order(ctx: RulesContext, actors: list[Fighter]) -> tuple[list[Fighter], tuple[tuple[str, int], ...]]:
    """Highest DEX first (Lightning Reflexes added, :func:`order_dex`); an equal one is settled by a
    1d6 roll-off, re-rolled among those still tied."""
    by_dex: dict[int, list[Fighter]] = {}
    for f in actors:
        by_dex.setdefault(order_dex(f), []).append(f)
    order: list[Fighter] = []
    ties: list[tuple[str, int]] = []
    for dex in sorted(by_dex, reverse=True):
        group = by_dex[dex]
        if len(group) == 1:
            order.extend(group)
            continue
        order.extend(_roll_off(ctx, group, ties))
    return order, tuple(ties)


def segment_end_order(ctx: RulesContext, group: list[Fighter]) -> list[Fighter]:
    """What resolves together at the end of a Segment (Haymakers landing, the Recoveries of the
    knocked out) in the order the rules give the Segment: DEX, then that Segment's roll-off, or
    one rolled now among equals it did not settle (a knocked-out character, a Haymaker thrower with
    no Phase here). Never the order the scenario lists them in: that handed the first-listed of
    two mirrored twins every tie (issue 18's measurement, 28 cancelled blows to none)."""
    if len(group) < 2:
        return list(group)
    ranks: dict[str, int] = ctx.state.ranks
    by_dex: dict[int, list[Fighter]] = {}
    for f in group:
        by_dex.setdefault(order_dex(f), []).append(f)
    out: list[Fighter] = []
    for dex in sorted(by_dex, reverse=True):
        equals = by_dex[dex]
        if len(equals) == 1 or all(f.id in ranks for f in equals):
            out.extend(sorted(equals, key=lambda f: ranks.get(f.id, 0)))
        else:
            out.extend(_roll_off(ctx, equals, []))
    return out


def _roll_off(ctx: RulesContext, group: list[Fighter], ties: list[tuple[str, int]]) -> list[Fighter]:
    rolls = {}
    for f in group:
        rolls[f.id] = ctx.dice.roll(6, "dex tie-break")
        ties.append((f.id, rolls[f.id]))
    out: list[Fighter] = []
    for value in sorted(set(rolls.values()), reverse=True):
        same = [f for f in group if rolls[f.id] == value]
        out.extend(same if len(same) == 1 else _roll_off(ctx, same, ties))
    return out


def open_phase(ctx: RulesContext, fid: str) -> Decision | None:
    """``fid``'s Phase begins: what it set lapses, and it chooses, unless the Phase is lost."""
    st: HeroState = ctx.state
    f = st.fighters[fid]
    if f.out_of_fight(st.options):
        f.continues = False
        return None
    if f.continues:  # a Zero-Phase action taken: the same Phase, a new choice
        f.continues = False
        return decision_for(ctx, f, f"Turn {st.turn}, Segment {st.segment} (the same Phase)")
    f.free_done = frozenset()
    now = st.abs_segment
    natural = fid in st.natural and f.held_requeued_at != now
    if natural:
        f.phases += 1
        lost = _new_phase(ctx, f, now)
        if lost:
            return None
        doubt(ctx, f)  # a PER roll against each Images hiding a foe from it (:func:`.fields.doubt`)
    elif not f.held:
        return None
    ctx.emit(ev.PhaseStarted(actor=fid, turn=st.turn, segment=st.segment, stun=f.stun, body=f.body, end=f.end,
                             held=not natural))
    return decision_for(ctx, f, f"Turn {st.turn}, Segment {st.segment}" + (" (held Phase)" if not natural else ""))


def decision_for(ctx: RulesContext, f: Fighter, context: str = "") -> Decision:
    """The choice ``f`` faces in its Phase as things stand: its picture and the menu read off it."""
    pic = Picture(ctx, f)
    return Decision(f.id, build_menu(pic), f.ai, "phase", context, pic)


def _new_phase(ctx: RulesContext, f: Fighter, now: int) -> bool:
    """A Phase of ``f``'s SPD arrives: its maneuver's effects end, a held Phase is lost. Whether
    the Phase is lost too: to a Haymaker still winding up, an Abort, being Stunned."""
    fid = f.id
    keep_up(ctx, f)  # a Constant power's END, each Phase at its start (rules §4.1)
    if f.out_of_fight(ctx.options):
        return True
    if f.haymaker is not None:
        # Checked before the maneuver modifiers reset: the blow has not landed, so its
        # -5 DCV stays until the first Phase after it lands.
        ctx.emit(ev.PhaseSkipped(actor=fid, reason="still winding up a Haymaker"))
        return True
    spent = f.aborted
    if not spent:  # a Phase spent Aborting keeps its Dodge or Block to the end of the Segment
        lapse(f)
    f.recovering = f.half_used = False
    f.csl_dcv = 0
    f.heard = frozenset()  # what it heard lasts until its next Phase (rules-powers §3.3)
    if f.held:
        f.held = False
        ctx.emit(ev.StatusChanged(actor=fid, status="holding", active=False,
                                  why="its next Phase arrived: the held Phase is lost"))
    if spent:
        f.aborted = False
        if f.in_force is not None:  # rules §1.5: the Abort's Dodge or Block lapses once this Segment ends
            f.in_force = replace(f.in_force, lapses_at=now)
        ctx.emit(ev.PhaseSkipped(actor=fid, reason="this Phase was spent earlier by Aborting"))
        return True
    if f.presence:  # a Presence Attack's hold lasts to this Phase (rules-powers §3.6)
        level, f.presence = f.presence, 0
        if level >= 3:
            how = "awed" if level == 3 else "cowed"
            ctx.emit(ev.PhaseSkipped(actor=fid, reason=f"{how} by a Presence Attack: this Phase is lost"))
            return True
        if level == 2:
            f.half_used = True
            ctx.emit(ev.StatusChanged(actor=fid, status="impressed", active=False,
                                      why="very impressed by a Presence Attack: a Half Phase is lost"))
    if f.stunned:
        if f.recovery_slipped:
            f.recovery_slipped = False
            ctx.emit(ev.PhaseSkipped(actor=fid, reason="still Stunned: it was hurt again before it could recover, "
                                                       "so recovery slips to its next Phase"))
            return True
        f.stunned = False
        ctx.emit(ev.StatusChanged(actor=fid, status="stunned", active=False,
                                  why="spent this Phase recovering from being Stunned"))
        return True
    if f.prone:
        f.prone = False
        f.half_used = True
        ctx.emit(ev.StatusChanged(actor=fid, status="prone", active=False, why="stood up (a half Phase)"))
    if f.control is not None:  # a breakout roll, then a Phase standing down or turned (rules-powers §3.5)
        return serve(ctx, f)
    return False


def end_segment(ctx: RulesContext) -> Asking[None]:
    """The end of the Segment, in the rules' order (see the module's docstring)."""
    st: HeroState = ctx.state
    now = st.abs_segment
    landing = [f for f in st.fighters.values() if f.haymaker is not None and f.haymaker.lands_at == now]
    for f in segment_end_order(ctx, landing):
        if f.haymaker is not None:  # a blow landed before it can have ended this one (rules §1.5)
            yield from land_haymaker(ctx, f)
    for f in st.fighters.values():  # after the Haymakers: they land within the Segment
        if f.in_force is not None and f.in_force.lapses_at == now:
            lapse(f)
        if 0 <= f.blind_until <= now and not f.dead:  # a Flash ends at the end of a Segment (rules-powers §3.3)
            lose_sight(ctx, f)
        if f.flashed_senses and not f.dead:
            regain_senses(ctx, f, now)
        if f.stunned and (f.id in st.darkness or f.id in st.images):  # a power not Persistent turns off (§4.6)
            senses.lift(ctx, f, "Stunned: a power not Persistent turns off at the end of the Segment")
    for fid in st.recovering_now:
        f = st.fighters[fid]
        if not (f.ko or f.dead or f.stunned):
            take_recovery(ctx, f, "Recovery action")
    st.recovering_now.clear()
    out_cold = [f for fid, f in st.fighters.items() if fid in st.natural]  # a fixed order for the dice
    out_cold = [f for f in out_cold if f.ko and not f.dead and f.ko_at != now
                and may_recover(f.stun, "phase", st.turn, st.options.deep_ko)]
    for f in segment_end_order(ctx, out_cold):
        take_recovery(ctx, f, "knocked out: Recovery in its Phase")
    if st.segment == 12:
        post_segment_12(ctx)
        st.turn += 1
        st.segment = 1
        ctx.rounds = st.turn
    else:
        st.segment += 1
    st.queue = None


def post_segment_12(ctx: RulesContext) -> None:
    """Once per Turn: the dying lose 1 BODY (and may die), SPD changes made during the Turn take
    effect, and everyone gets a Recovery the Recovery Time table allows."""
    st: HeroState = ctx.state
    if st.turn in st.post12_done:  # pragma: no cover - guarded invariant
        raise RuntimeError(f"Post-Segment-12 Recovery ran twice in Turn {st.turn}")
    st.post12_done.add(st.turn)
    ctx.emit(ev.PostSegment12(turn=st.turn))
    for f in st.fighters.values():
        if f.dead:
            continue
        if f.body <= 0:
            f.body -= 1
            ctx.emit(ev.BodyLost(actor=f.id, body_after=f.body))
            if is_dead(f.body, f.sheet.characteristics.BODY):
                die(ctx, f, "lost its last BODY while dying")
                continue
        if f.pending_spd:
            apply_spd(ctx, f, f.pending_spd, True)
        if f.drained or f.aided:  # Drains return and Aids fade, 5 AP a Turn (rules-powers §3.4)
            fade(ctx, f)
        if f.ko and not may_recover(f.stun, "post-12", st.turn, st.options.deep_ko):
            continue
        take_recovery(ctx, f, "Post-Segment 12 Recovery")
