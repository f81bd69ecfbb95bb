"""The actions of the powers beyond a plain attack, as entries of the maneuver table: the
Zero-Phase ones (a Presence Attack, a Multipower's switch, dropping a Darkness: rules-powers
§3.6, §5.1, rules §4.1), Aid or
Healing on a friend, and a blow at an Entangle (rules-powers §3.2-3.4). Their rules are in
:mod:`.presence` and :mod:`.powers`; the table that gathers them is :mod:`.maneuvers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..engine.context import RulesContext
from ..rules.grid import distance
from . import events as ev
from . import fields, powers, presence, senses
from .effects import spend_end
from .entry import Maneuver
from .movement import METRES_PER_CELL, cells, move, walk_next_to
from .state import Fighter
from .usage import attack_end, damage_profile

if TYPE_CHECKING:
    from .tactics import Picture


# -- Zero-Phase actions ---------------------------------------------------------------------

def _presence(ctx: RulesContext, f: Fighter, a: Action) -> None:
    presence.attack(ctx, f, f.attack(a.attack))


def _offer_presence(pic: Picture) -> list[Action]:
    """Each Presence Attack on the sheet, once a Phase, when a foe in the fight can see it."""
    f = pic.f
    if "presence" in f.free_done:
        return []
    attacks = [a for a in f.sheet.attacks if a.presence]
    if not attacks or not presence.in_sight(pic.ctx, f):
        return []
    return [pic.action("presence", a.name) for a in attacks]


PRESENCE = Maneuver("presence", "presence", "Presence Attack", "rules-powers §3.6: PRE's dice against each foe's "
                    "PRE; no time, once a Phase", _presence, offer=_offer_presence, zero_phase=True)


def _switch(ctx: RulesContext, f: Fighter, a: Action) -> None:
    mp = f.sheet.multipower_of(a.slot)
    assert mp is not None
    old = f.slots[mp.name]
    f.slots = {**f.slots, mp.name: a.slot}
    ctx.emit(ev.SlotSwitched(actor=f.id, multipower=mp.name, old=old, new=a.slot))


def _offer_switch(pic: Picture) -> list[Action]:
    """Each Multipower's other slots (with Charges left and in hand), once a Phase (our reading
    of rules-powers §5.1: one slot in use, switched free once a Phase)."""
    f = pic.f
    if "switch" in f.free_done or not f.sheet.multipowers:
        return []
    return [pic.action("switch", slot=slot) for m in f.sheet.multipowers for slot in m.slots
            if slot != f.slots.get(m.name) and slot not in f.disarmed and f.charges_left(f.attack(slot)) != 0]


SWITCH = Maneuver("switch", "switch", "Multipower switch", "rules-powers §5.1: one slot in use at a time, switched "
                  "free once a Phase", _switch, offer=_offer_switch, zero_phase=True)


def _drop(ctx: RulesContext, f: Fighter, a: Action) -> None:
    fields.drop_power(ctx, f, a.attack)


def _offer_drop(pic: Picture) -> list[Action]:
    """Each Darkness or Images its user keeps up, to turn off (rules §4.1: a Constant power costs
    END each Phase; turning it off takes no time)."""
    return [pic.action("drop", name) for name in fields.kept(pic.ctx, pic.f)]


DROP = Maneuver("drop", "drop", "Drop a Darkness or an Images", "rules §4.1: a Constant power costs END each "
                "Phase; turning it off takes no time", _drop, offer=_offer_drop, zero_phase=True)


def _listen(ctx: RulesContext, f: Fighter, a: Action) -> None:
    fields.listen(ctx, f, ctx.state.fighters[a.target])


def _offer_listen(pic: Picture) -> list[Action]:
    """For each foe in the fight the actor cannot see, the Half-Phase PER roll with Hearing
    (rules-powers §3.3), once a Phase, while its Half Phase is whole and a Flash has not taken its
    Hearing."""
    f = pic.f
    if "listen" in f.free_done or f.half_used or not senses.may_listen(f):
        return []
    st = pic.ctx.state
    if not (f.blind or st.darkness or st.images or any(g.sheet.invisible for g in pic.standing)):
        return []  # no Flash, no Darkness, no Images, no one Invisible: it sees every foe (:func:`.senses.unseen`)
    return [pic.action("listen", target=g.id) for g in pic.standing if pic.unseen(g) not in ("", senses.HEARD)]


LISTEN = Maneuver("listen", "listen", "Listen (a PER roll with Hearing)", "rules-powers §3.3: a Half-Phase PER roll "
                  "with a Nontargeting Sense: ½ OCV against a target not seen, not 0", _listen, offer=_offer_listen,
                  zero_phase=True)


# -- the powers that do no damage -------------------------------------------------------------

def _aid(ctx: RulesContext, f: Fighter, a: Action) -> None:
    """Aid or Healing on a friend (or itself): a half move next to it first; no roll (a willing
    target); END and Charges as for an attack."""
    g = ctx.state.fighters[a.target]
    atk = f.attack(a.attack)
    if g is not f:
        move(ctx, f, walk_next_to(ctx, f, g, 0 if f.half_used else cells(f, False)) or [], f"goes to {g.name}")
    opts = ctx.options
    spend_end(ctx, f, attack_end(f, atk, opts.campaign, opts.str_end), atk.name)
    if f.out_of_fight(opts):
        return
    if atk.charges is not None:
        f.spend_charges(atk)
        ctx.emit(ev.ChargeUsed(actor=f.id, attack=atk.name, left=f.charges_left(atk) or 0))
    profile = damage_profile(opts, f, atk, None, "", 0, 0)
    powers.POWERS[atk.kind].lands(ctx, f, g, atk, profile)


def _offer_aid(pic: Picture) -> list[Action]:
    """Each Aid and Healing (Charges left) on each friend it can touch this Phase, itself
    included; a Healing not on one it has healed already (its reuse lockout is a day)."""
    f = pic.f
    helping = [atk for atk in f.sheet.attacks if atk.helps and f.charges_left(atk) != 0 and f.ready(atk)]
    if not helping:
        return []
    half = pic.half_cells
    out = []
    for g in pic.ctx.state.fighters.values():
        if g.allegiance != f.allegiance or g.dead:
            continue
        if g is not f and distance(f.pos, g.pos) > 1 and walk_next_to(pic.ctx, f, g, half) is None:
            continue
        for atk in helping:
            if atk.kind != "healing" or (f.id, atk.name) not in g.healed_by:
                out.append(pic.action("aid", atk.name, g.id))
    return out


AID = Maneuver("aid", "aid", "Aid or Healing", "rules-powers §3.4: a touch on a friend, no roll", _aid,
               offer=_offer_aid)


def _break_out(ctx: RulesContext, f: Fighter, a: Action) -> None:
    """Strike the Entangle holding ``a.target`` (``f`` itself, or a friend) with STR or an attack
    (rules-powers §3.2: no attack roll)."""
    powers.break_out(ctx, f, ctx.state.fighters[a.target], f.attack(a.attack) if a.attack else None)


def _offer_break_out(pic: Picture) -> list[Action]:
    """Against each Entangle holding ``f`` or a friend: STR and each damage attack (Charges
    left) from inside, or from next to the friend; a ranged attack also from where it reaches."""
    f, grid = pic.f, pic.ctx.grid
    out = []
    for g in pic.ctx.state.fighters.values():
        if g.entangle is None or g.allegiance != f.allegiance or g.dead:
            continue
        close = g is f or distance(f.pos, g.pos) <= 1
        if close and f.ch.STR > 0:
            out.append(pic.action("break-out", "", g.id))
        for atk in f.sheet.attacks:
            if (atk.kind not in ("normal", "killing") or atk.area or f.charges_left(atk) == 0 or atk.uses_str_only
                    or not f.ready(atk)):
                continue
            reaches = close or (not atk.hth and distance(f.pos, g.pos) * METRES_PER_CELL <= atk.range_m
                                and grid.line_of_sight(f.pos, g.pos))
            if reaches:
                out.append(pic.action("break-out", atk.name, g.id))
    return out


BREAK_OUT = Maneuver("break out", "break-out", "Break an Entangle", "rules-powers §3.2: no roll, BODY less its "
                     "defense off its BODY", _break_out, offer=_offer_break_out)


__all__ = ["AID", "BREAK_OUT", "PRESENCE", "SWITCH"]
