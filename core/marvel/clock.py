"""The Marvel clock: initiative, the bonus round and rounds of turns (rules/marvel.md §2).

Initiative is rolled once when the battle starts (d616 + the initiative modifier) and kept;
those with a Fantastic initiative roll act once in a bonus round (round 0); then every round
each character still able to act takes one turn, in initiative order. Reactions (one per
round, two with Combat Reflexes) refresh when a round starts. A Dodge lasts until the start of
the dodger's next turn. A turn ends when the battle asks for the next decision after it (what
happens then, such as a Healing Factor, is :func:`.effects.end_turn`).
"""

from __future__ import annotations

from ..engine.actions import Asking, Decision
from ..engine.context import RulesContext
from . import events as ev
from .d616 import roll_d616
from .conditions import TIMED
from .effects import end_powers, end_turn, lift, start_turn
from .initiative import InitiativeEntry, bonus_round, initiative_order
from .menu import build_menu
from .sheet import INITIATIVE_EDGES
from .state import Fighter, MarvelState
from .tactics import Picture
from .team import end_round, offer_team


def roll_initiative(ctx: RulesContext, st: MarvelState) -> None:
    """Everyone's initiative, the kept order (ties: Fantastic, Vigilance, a 1d6 roll-off), the
    bonus round, and the clock at round 0 (a bonus round) or 1."""
    opts = ctx.options
    entries: list[InitiativeEntry] = []
    for f in st.fighters.values():
        edges = tuple(p for p in INITIATIVE_EDGES if f.sheet.has(p))
        roll = roll_d616(ctx.dice, edges, (), opts.stacked_rerolls)
        mod = f.sheet.initiative_modifier
        entry = InitiativeEntry(f.id, roll, mod, roll.dice_total + mod, f.sheet.abilities.Vigilance)
        f.initiative = entry
        entries.append(entry)
        named = "Vigilance" if f.sheet.initiative is None else "initiative modifier"
        ctx.emit(ev.InitiativeRolled(actor=f.id, roll=roll, modifier_name=named, modifier=mod, total=entry.total))
    order, ties = initiative_order(entries, lambda cid: ctx.dice.roll(6, "initiative tie-break"))
    st.order = order
    st.bonus = bonus_round(entries, order) if opts.bonus_round else ()
    ctx.emit(ev.InitiativeOrder(order=order, bonus_round=st.bonus, tie_breaks=ties))
    st.round = 0 if st.bonus else 1
    ctx.rounds = st.round


def next_decision(ctx: RulesContext) -> Asking[Decision | None]:
    """Run time forward to the next turn in which someone must choose; None once it is over. A
    round's start may ask questions on the way (each side's team maneuver)."""
    st: MarvelState = ctx.state
    fighters = st.fighters

    def able(cid: str) -> bool:
        return not fighters[cid].out

    if st.acting:  # the last turn's decision has been carried out: its end comes first
        end_turn(ctx, fighters[st.acting])
        st.acting = ""
    while True:
        if ctx.settle(able):
            return None
        if st.queue is None:
            yield from begin_round(ctx)
        while st.queue:
            decision = open_turn(ctx, st.queue.pop(0))
            if decision is not None:
                return decision
            if ctx.settle(able):
                return None
        st.round += 1
        ctx.rounds = st.round
        st.queue = None


def begin_round(ctx: RulesContext) -> Asking[None]:
    st: MarvelState = ctx.state
    bonus = st.round == 0
    # The kept order, less the killed: they will never act again (the unconscious stay listed,
    # since their turns come up and are skipped, with why).
    st.queue = [cid for cid in (st.bonus if bonus else st.order) if not st.fighters[cid].killed]
    for f in st.fighters.values():
        f.reactions = f.reactions_per_round
    if st.team:
        end_round(ctx)
    ctx.emit(ev.RoundStarted(round=st.round, order=tuple(st.queue), bonus=bonus))
    if ctx.options.team_maneuvers and not bonus:
        yield from ask_for_team_maneuvers(ctx)


def ask_for_team_maneuvers(ctx: RulesContext) -> Asking[None]:
    """Each side that has not called its team maneuver is asked, through its member who acts
    first this round, in the order they act (rules/marvel.md §4.5; readings in :mod:`.team`)."""
    st: MarvelState = ctx.state
    asked: set[str] = set()
    for cid in st.queue or ():
        f = st.fighters[cid]
        if f.side in asked or f.side in st.team_used or f.out:
            continue
        asked.add(f.side)
        yield from offer_team(ctx, f.side, f)


def open_turn(ctx: RulesContext, fid: str) -> Decision | None:
    """``fid``'s turn: its Dodge ends; it chooses, unless it is out of the fight (said why)."""
    st: MarvelState = ctx.state
    f = st.fighters[fid]
    if f.killed:
        return None
    f.dodging = False  # a Dodge lasts until the start of the dodger's next turn
    if f.active:  # and so does a power used for one round (rules/marvel.md §3.7)
        end_powers(ctx, f, lambda p: p.duration == "round", "its round is over (its next turn has come)")
    if f.out:
        why = (f"unconscious (Health {f.health}): cannot take any actions" if f.unconscious
               else f"shattered (Focus {f.focus}): frozen in place by fear and stress")
        ctx.emit(ev.TurnSkipped(actor=fid, reason=why))
        return None
    f.stood_up = False
    if f.timed:  # a lost turn first (stunned and prone: it stays down until a turn it has)
        for name in [n for n in f.timed if TIMED[n].loses_turn]:
            ctx.emit(ev.TurnSkipped(actor=fid, reason=f"{name} ({f.timed[name]}): loses this turn"))
            lift(ctx, f, name, "its lost turn is over")
            for other in [n for n in f.timed if TIMED[n].rounds == 1 or n in f.for_a_round]:  # their round passed
                lift(ctx, f, other, "its round is over (its turn was lost)")
            return None
        start_turn(ctx, f)
        if f.out:  # poison took its last Health
            return None
        for name in [n for n in f.timed if TIMED[n].stands_up]:
            lift(ctx, f, name, "stands up (its movement action)")
            f.stood_up = True
    f.turns += 1
    st.acting = fid
    ctx.emit(ev.TurnStarted(actor=fid, round=st.round, health=f.health, health_max=f.health_max, focus=f.focus,
                            focus_max=f.focus_max, karma=f.karma, conditions=f.conditions()))
    decision = decision_for(ctx, f, "Bonus round" if st.round == 0 else f"Round {st.round}")
    if not decision.menu:  # nothing it may do (paralyzed, with no Ego or Logic attack): the turn passes
        ctx.emit(ev.TurnSkipped(actor=fid, reason=f"{', '.join(f.timed) or 'held'}: no action it can take"))
        st.acting = ""
        end_turn(ctx, f)
        return None
    return decision


def decision_for(ctx: RulesContext, f: Fighter, context: str = "") -> Decision:
    """The choice ``f`` faces on its turn as things stand: its picture and the menu read off it."""
    pic = Picture(ctx, f)
    return Decision(f.id, build_menu(pic), f.ai, "phase", context, pic)
