"""What happens to a fighter: damage taken and the conditions it brings (Stunned, Knocked Out,
dying, dead), Recovery, END spent and the STUN paid for END it lacks, a change of SPD.

This is the one place that changes a fighter's STUN, BODY and END and sets or clears those
conditions; every rule that hurts, tires or heals someone comes through here, so the order of
the checks (dead before knocked out before Stunned) is written once.
"""

from __future__ import annotations

from types import MappingProxyType

from ..engine.context import RulesContext
from . import events as ev
from . import senses
from .damage import DamageRoll, DamageTaken, Defenses, is_dead, is_knocked_out, is_stunned, take_damage
from .endurance import stun_for_end_dice
from .entry import befalls
from .recovery import recover
from .sheet import Characteristics, HeroSheet
from .speed import spd_change_resume
from .state import Fighter, HeroState


def defenses(g: Fighter, which: str) -> Defenses:
    """``g``'s defenses against a PD or an ED attack (kept in its memo: they follow from the sheet)."""
    key = ("defenses", which)
    defs = g.memo.get(key)
    if defs is None:
        defs = g.memo[key] = defenses_of(g.sheet, which, g.ch)
    return defs


def defenses_of(sheet: HeroSheet, which: str, ch: Characteristics | None = None) -> Defenses:
    """A sheet's defenses against PD or ED attacks (shared, so the named ones are read-only), with
    the characteristics ``ch`` (a Drained or Aided PD or ED) or the sheet's."""
    ch = ch or sheet.characteristics
    special = MappingProxyType(sheet.special())
    ed = 1 if which == "ED" else 0
    normal, resistant = (ch.ED, sheet.rED) if ed else (ch.PD, sheet.rPD)
    return Defenses(normal, resistant, special, ("ED", "rED") if ed else ("PD", "rPD"),
                    (sheet.hardened[ed], sheet.hardened[2 + ed]), (sheet.impenetrable[ed], sheet.impenetrable[2 + ed]),
                    sheet.damage_reduction[ed], sheet.damage_reduction_resistant, sheet.damage_negation[ed])


def apply_damage(ctx: RulesContext, g: Fighter, roll: DamageRoll, taken: DamageTaken, source: str) -> None:
    """``g`` loses what ``taken`` says, then: dead at -BODY (seed), Knocked Out below 0 STUN,
    a Stunned recovery that slips (rules §4.6) or Stunned by more STUN than its CON, dying."""
    opts = ctx.options
    for step in (*roll.steps, *taken.steps):
        ctx.emit(ev.DamageModified(target=g.id, attack=source, modifier=step.modifier, level=step.level, part=step.part,
                                   before=step.before, after=step.after))
    g.stun -= taken.stun
    g.body -= taken.body
    ctx.emit(ev.DamageTakenEvent(target=g.id, source=source, stun_rolled=roll.stun, body_rolled=roll.body,
                                 stun_defense=taken.stun_defense, body_defense=taken.body_defense,
                                 stun_taken=taken.stun, body_taken=taken.body, stun_after=g.stun, body_after=g.body,
                                 rule=taken.rule, defense=taken.defense))
    if g.dead:
        return
    if is_dead(g.body, g.sheet.characteristics.BODY):
        die(ctx, g, f"BODY fell to {g.body}")
        return
    if not g.ko and is_knocked_out(g.stun, opts.knockout):
        knock_out(ctx, g, f"took {taken.stun} STUN, more than it had left")
    elif (g.stunned and (taken.stun or taken.body) and opts.stun_recovery_slips
          and g.stunned_by_attack != ctx.state.attacks):
        g.recovery_slipped = True  # rules §4.6: hurt again before its recovering Phase, it slips a Phase
    elif not g.ko and is_stunned(taken.stun, g.ch.CON) and not g.stunned:
        become_stunned(ctx, g, taken.stun)
    if g.body <= 0 and taken.body > 0 and g.body + taken.body > 0:
        ctx.emit(ev.StatusChanged(actor=g.id, status="dying", active=True,
                                  why=f"BODY {g.body}: loses 1 BODY every Turn"))


def plain_damage(ctx: RulesContext, g: Fighter, roll: DamageRoll, why: str) -> None:
    """Normal damage from no attack (a knockback's landing, a Move Through's recoil): against
    PD, logged as a damage roll with no attacker's modifiers."""
    taken = take_damage(roll, defenses(g, "PD"), "", ctx.options.minimum_stun)
    apply_damage(ctx, g, roll, taken, why)


def release(ctx: RulesContext, f: Fighter, why: str) -> None:
    """``f`` lets go of the one it holds (rules-powers §4.1), if it holds anyone."""
    if f.holding is None:
        return
    g = ctx.state.fighters[f.holding]
    f.holding, g.held_by, f.choking, f.grip = None, None, False, 0
    ctx.emit(ev.StatusChanged(actor=g.id, status="grabbed", active=False, why=why))
    ctx.emit(ev.StatusChanged(actor=f.id, status="grabbing", active=False, why=why))


def release_all(ctx: RulesContext, g: Fighter, why: str) -> None:
    """Every Grab ``g`` is part of ends: the one it holds and the one holding it."""
    release(ctx, g, why)
    if g.held_by is not None:
        release(ctx, ctx.state.fighters[g.held_by], why)


def become_stunned(ctx: RulesContext, g: Fighter, stun_taken: int) -> None:
    """Stunned: it can take no Action, Blocks and held Phases included, until it recovers."""
    g.stunned = True
    g.stunned_by_attack = ctx.state.attacks
    g.held = False
    befalls(g, "stunned")
    ctx.emit(ev.StatusChanged(actor=g.id, status="stunned", active=True,
                              why=f"took {stun_taken} STUN, more than its CON {g.ch.CON}"))
    cancel_haymaker(ctx, g, "was Stunned")
    release(ctx, g, f"{g.name} was Stunned")


def knock_out(ctx: RulesContext, g: Fighter, why: str) -> None:
    """Knocked Out: CVs 0, prone, no defensive action, no held Phase (Stunned no longer matters)."""
    g.ko = True
    g.ko_at = ctx.state.abs_segment
    g.stunned = g.recovery_slipped = False
    g.held = False
    g.prone = True
    befalls(g, "knocked out")
    ctx.emit(ev.StatusChanged(actor=g.id, status="knocked out", active=True, why=why))
    cancel_haymaker(ctx, g, "was knocked out")
    release_all(ctx, g, f"{g.name} was knocked out")
    senses.lift(ctx, g, "knocked out")


def die(ctx: RulesContext, g: Fighter, why: str) -> None:
    release_all(ctx, g, f"{g.name} died")  # before it is dead: no event shows the dead in a Grab
    g.dead = True
    g.ko = False
    g.stunned = g.recovery_slipped = False
    befalls(g, "dead")
    ctx.emit(ev.StatusChanged(actor=g.id, status="dead", active=True, why=why))
    cancel_haymaker(ctx, g, "died")
    senses.lift(ctx, g, "dead")


def cancel_haymaker(ctx: RulesContext, g: Fighter, what_happened: str) -> None:
    """A Haymaker fails as soon as its thrower is Stunned, knocked out or killed: so a Stunned
    thrower's next Phase is spent recovering, not lost to the wind-up as well. (The reason
    is worded only when there is a Haymaker to cancel: this runs on every such hit.)"""
    if g.haymaker is not None:
        target = g.haymaker.target
        g.haymaker = None
        ctx.emit(ev.HaymakerFizzled(actor=g.id, target=target, why=f"{g.name} {what_happened} before it landed"))


def take_recovery(ctx: RulesContext, f: Fighter, why: str) -> None:
    """REC back to STUN and END; a Knocked-Out character wakes once STUN is above 0."""
    ch = f.ch
    r = recover(f.stun, f.end, ch.REC, ch.STUN, ch.END, knocked_out=f.ko)
    gained_s, gained_e = r.stun - f.stun, r.end - f.end
    f.stun, f.end = r.stun, r.end
    if r.woke:
        f.ko = False  # the state is whole before any event about it is seen
    ctx.emit(ev.Recovered(actor=f.id, stun_gained=gained_s, end_gained=gained_e, stun=f.stun, end=f.end, why=why,
                          rec=ch.REC, stun_max=ch.STUN, end_max=ch.END))
    if r.woke:
        why = ("END set equal to STUN" if f.end == f.stun else f"END set equal to STUN, at most its maximum {ch.END}")
        ctx.emit(ev.StatusChanged(actor=f.id, status="knocked out", active=False,
                                  why=f"woke up with {f.stun} STUN; {why}"))


def spend_end(ctx: RulesContext, f: Fighter, cost: int, what: str) -> None:
    """Pay END; what cannot be paid costs 1d6 STUN (no defense) per 2 END, or fraction."""
    if cost <= 0:
        return
    dice = stun_for_end_dice(cost, f.end) if cost > f.end else 0
    paid = cost if dice == 0 else max(f.end, 0)
    f.end -= paid
    ctx.emit(ev.EnduranceSpent(actor=f.id, amount=paid, end_after=f.end, what=what))
    if dice:
        faces = ctx.dice.rolls(dice, 6, "stun for end")
        lost = sum(faces)
        f.stun -= lost
        ctx.emit(ev.StunForEnd(actor=f.id, overdraw=cost - paid, faces=faces, stun=lost, stun_after=f.stun))
        if not f.ko and is_knocked_out(f.stun, ctx.options.knockout):
            knock_out(ctx, f, "spent STUN for END")


def change_spd(ctx: RulesContext, fid: str, new: int, voluntary: bool = False) -> None:
    """Change a character's SPD. A voluntary change waits for the end of the Turn; an
    involuntary one (a Drain, say) applies now, and the character next acts in a Segment
    that is a Phase for both the old and the new SPD."""
    f = ctx.state.fighters[fid]
    if voluntary:
        f.pending_spd = new
        return
    apply_spd(ctx, f, new, False)


def apply_spd(ctx: RulesContext, f: Fighter, new: int, voluntary: bool) -> None:
    st: HeroState = ctx.state
    old = f.spd
    f.pending_spd = 0
    f.spd = new
    if voluntary:
        f.resume_at = 0
        nxt = st.abs_segment + 1
    else:
        nxt = spd_change_resume(old, new, st.abs_segment) or 0
        f.resume_at = nxt
    turn, seg = (nxt - 1) // 12 + 1, (nxt - 1) % 12 + 1
    ctx.emit(ev.SpdChanged(actor=f.id, old=old, new=new, voluntary=voluntary, resume_turn=turn, resume_segment=seg))
