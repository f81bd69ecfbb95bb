"""The Grab family and Disarm as entries of the maneuver table (rules-powers §4.1-4.3): Grab,
Grab By (6E1's maneuver table), Choke Hold, Squeeze, Throw, Escape, Disarm and Martial Disarm.
Their rules are in :mod:`.grabs`; the table that gathers them is :mod:`.maneuvers`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking
from ..engine.context import RulesContext
from . import combat, grabs, martial
from .aborts import offer_abort
from .combat_values import Modifier
from .entry import Maneuver, put_in_force
from .movement import cells, close_in, move, walk_next_to
from .sheet import ACCESSIBLE
from .state import Fighter

if TYPE_CHECKING:
    from .tactics import Picture


def _grab(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """A Grab (or a Choke Hold): a half move next to the target, then the roll at -1 OCV (a
    choke's -2); a hit holds it (and a choke does its NND)."""
    g = ctx.state.fighters[a.target]
    choke = a.kind == "choke"
    blow = grabs.CHOKE_GRAB if choke else grabs.GRAB_ATTACK
    close_in(ctx, f, g, blow)
    entry = CHOKE if choke else GRAB
    put_in_force(f, entry, None if choke else MARTIAL_GRAB if martial.knows(f.sheet, "Martial Grab") else GRAB)
    yield from offer_abort(ctx, g, f, blow, entry, a.levels)
    hit = combat.maneuver_roll(ctx, f, g, blow, entry, a.levels)
    if hit is not None and hit.hit and not (f.out_of_fight(ctx.options) or g.dead):
        grabs.hold(ctx, f, g, choke)


def _offer_grab(kind: str) -> Callable[[Picture], list[Action]]:
    """A Grab (a Choke Hold, for one who knows it) of each foe in the fight it can reach with a
    half move, not held by anyone, while it holds no one; not while itself held or Entangled."""
    def offer(pic: Picture) -> list[Action]:
        f = pic.f
        if f.holding is not None or f.held_by is not None or f.entangle is not None:
            return []
        if kind == "choke" and not martial.knows(f.sheet, "Choke Hold"):
            return []
        return [pic.action(kind, target=g.id) for g in pic.standing
                if g.held_by is None and pic.steps(g, pic.half_cells) is not None]
    return offer


GRAB = Maneuver("grab", "grab", "Grab", "rules-powers §4.1: Grab, -1 OCV -2 DCV; held: both at ½ DCV", _grab,
                ocv_before_range=(Modifier(4, "Grab", -1),), dcv=(Modifier(4, "Grab", -2),), offer=_offer_grab("grab"))
#: The Grab a Martial Grab is in force (rules-powers §4.3: -1 DCV, not -2; +10 STR to hold).
MARTIAL_GRAB = replace(GRAB, name="martial grab", title="Martial Grab", dcv=(Modifier(4, "Martial Grab", -1),))
CHOKE = Maneuver("choke", "choke", "Choke Hold", "rules-powers §4.3: Choke Hold, -2 OCV +0 DCV; a Grab whose hit and "
                 "Squeezes do 2d6 NND (Life Support stops it)", _grab,
                 ocv_before_range=(Modifier(4, "Choke Hold", martial.TABLE["Choke Hold"].ocv),), offer=_offer_grab("choke"))


def _grab_by(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """Grab By: a full move up to the target, then a Grab's roll at -3 OCV (-4 DCV to the next
    Phase); a hit holds it as a Grab does, with +1 STR to the hold for every 10 m moved (+v/10;
    our reading: STR points, for the holder's side of an Escape's contest, as long as it holds)."""
    g = ctx.state.fighters[a.target]
    path = walk_next_to(ctx, f, g, cells(f, True)) or []
    moved_m = move(ctx, f, path, f"swoops on {g.name}")
    put_in_force(f, GRAB_BY)
    yield from offer_abort(ctx, g, f, grabs.GRAB_ATTACK, GRAB_BY, a.levels)
    hit = combat.maneuver_roll(ctx, f, g, grabs.GRAB_ATTACK, GRAB_BY, a.levels)
    if hit is not None and hit.hit and not (f.out_of_fight(ctx.options) or g.dead):
        grabs.hold(ctx, f, g, grip=moved_m // GRAB_BY_METRES_PER_STR)


#: Grab By's +v/10 to STR: 1 STR for every full 10 m moved.
GRAB_BY_METRES_PER_STR = 10


def _offer_grab_by(pic: Picture) -> list[Action]:
    """A Grab By of each foe not next to it, not held by anyone, that a full move brings it
    beside; as a Grab, not while it holds someone, is held or is Entangled; a full Phase."""
    f = pic.f
    if not pic.full_phase or f.holding is not None or f.held_by is not None or f.entangle is not None:
        return []
    return [pic.action("grab-by", target=g.id) for g in pic.standing
            if g.held_by is None and pic.dist[g.id] > 1 and pic.steps(g, pic.full_cells) is not None]


GRAB_BY = Maneuver("grab by", "grab-by", "Grab By", "6E1 maneuver table: Grab By, -3 OCV -4 DCV, a move and a Grab, "
                   "+v/10 to STR", _grab_by, full_phase=True, ocv_before_range=(Modifier(4, "Grab By", -3),),
                   dcv=(Modifier(4, "Grab By", -4),), offer=_offer_grab_by)


def _squeeze(ctx: RulesContext, f: Fighter, a: Action) -> None:
    grabs.squeeze(ctx, f, throw=a.kind == "throw")


def _offer_follow_up(kind: str) -> Callable[[Picture], list[Action]]:
    def offer(pic: Picture) -> list[Action]:
        held = pic.f.holding
        return [pic.action(kind, target=held)] if held is not None else []
    return offer


SQUEEZE = Maneuver("squeeze", "squeeze", "Squeeze", "rules-powers §4.1: the holder's STR damage, no roll "
                   "(Crush, for one who knows it: STR +4 DC)", _squeeze, offer=_offer_follow_up("squeeze"))
THROW = Maneuver("throw", "throw", "Throw", "rules-powers §4.1-4.2: the holder's STR damage, the target prone and "
                 "let go", _squeeze, offer=_offer_follow_up("throw"))


def _escape(ctx: RulesContext, f: Fighter, a: Action) -> None:
    grabs.escape(ctx, f)


def _offer_escape(pic: Picture) -> list[Action]:
    """Escape from the one holding it."""
    holder = pic.f.held_by
    return [pic.action("escape", target=holder)] if holder else []


ESCAPE = Maneuver("escape", "escape", "Escape", "rules-powers §4.1: STR against STR, the BODY each rolls",
                  _escape, offer=_offer_escape)


def _disarm(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """A Disarm: a half move next to the target, the roll at -2 OCV (Martial Disarm -1), then
    STR against STR; won, the target's weapon (an Accessible Focus) is knocked away."""
    g = ctx.state.fighters[a.target]
    close_in(ctx, f, g, grabs.GRAB_ATTACK)
    knows = martial.knows(f.sheet, "Martial Disarm")
    entry = MARTIAL_DISARM if knows else DISARM
    put_in_force(f, entry, MARTIAL_DISARM_HELD if knows else None)
    yield from offer_abort(ctx, g, f, grabs.GRAB_ATTACK, entry, a.levels)
    hit = combat.maneuver_roll(ctx, f, g, grabs.GRAB_ATTACK, entry, a.levels)
    if hit is not None and hit.hit and not (f.out_of_fight(ctx.options) or g.dead):
        grabs.disarm(ctx, f, g, a.weapon)


def _offer_disarm(pic: Picture) -> list[Action]:
    """A Disarm of each weapon (an Accessible Focus it still holds) of each foe in the fight it
    can reach with a half move."""
    f = pic.f
    if f.held_by is not None or f.entangle is not None:
        return []
    out: list[Action] = []
    for g in pic.standing:
        weapons = [a.name for a in g.sheet.attacks if a.focus in ACCESSIBLE and a.name not in g.disarmed
                   and not a.weapon]  # a weapon maneuver goes with its weapon
        if weapons and pic.steps(g, pic.half_cells) is not None:
            out.extend(pic.action("disarm", target=g.id, weapon=n) for n in weapons)
    return out


DISARM = Maneuver("disarm", "disarm", "Disarm", "rules-powers §4.2: Disarm, -2 OCV, then STR against STR", _disarm,
                  ocv_before_range=(Modifier(4, "Disarm", -2),), offer=_offer_disarm)
MARTIAL_DISARM = Maneuver("martial disarm", "disarm", "Martial Disarm", "rules-powers §4.3: Martial Disarm, -1 OCV "
                          "+1 DCV, +10 STR", _disarm, ocv_before_range=(Modifier(4, "Martial Disarm", -1),))
#: A Martial Disarm as it is in force on its user: +1 DCV to its next Phase.
MARTIAL_DISARM_HELD = replace(MARTIAL_DISARM, dcv=(Modifier(4, "Martial Disarm", 1),))


__all__ = ["CHOKE", "DISARM", "ESCAPE", "GRAB", "GRAB_BY", "MARTIAL_DISARM", "MARTIAL_DISARM_HELD", "MARTIAL_GRAB",
           "SQUEEZE", "THROW"]
