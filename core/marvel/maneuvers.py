"""The maneuvers anyone may make besides an attack (rules/marvel.md §3.4-3.5): Grab and Escape,
Ram and the Fastball Special, one table entry each (:class:`.turn.TurnAction`), with their rules.

* **Grab**: moving first if it must, as for a close attack, a Melee check against the target's
  Melee defense (the check an attack's, :func:`.combat.check`): a success holds the target
  (grabbed), a Fantastic one pins it too; then the held may try to break free at once as a
  reaction. **Escape**: a Melee check against the holder's Melee defense (20 for a power's hold).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..context import RulesContext
from . import combat
from .conditions import TIMED
from .effects import barred, escape, hold
from .movement import move, movement
from .reactions import offer_escape
from .resolve import MarvelAttackResult
from .state import Fighter
from .turn import TurnAction, picture_of

if TYPE_CHECKING:
    from .tactics import Picture


def resolve_grab(ctx: RulesContext, f: Fighter, g: Fighter) -> MarvelAttackResult:
    """A Grab (rules/marvel.md §3.4): the check as an attack's; a success holds the target
    (grabbed), a Fantastic one pins it too; then the held may try to break free at once as a
    reaction (§3.5)."""
    g, _, hit = combat.check(ctx, f, g, combat.GRAB, None)
    if hit.hit and not g.out and not g.held_by:
        hold(ctx, f, g, hit.fantastic)
        offer_escape(ctx, g, f, f)
    return hit


def _grab(ctx: RulesContext, f: Fighter, a: Action, pic: Picture | None) -> None:
    g = ctx.state.fighters[a.target]
    pic = picture_of(ctx, f, pic)
    move(ctx, f, pic.attack_path(g, combat.GRAB) or [], f"{movement(f)[1]} toward {g.name}")
    resolve_grab(ctx, f, g)


def _offer_grab(pic: Picture) -> list[Action]:
    """A Grab of each foe still in the fight that it can reach this turn (moving first if it
    must, as for a close attack) and no one holds yet, unless a hold keeps it already (it holds
    someone, or is held) or it cannot act with Melee."""
    f = pic.f
    if f.holding or f.held_by or (f.timed and barred(f, "Melee")):
        return []
    return [Action("grab", target=g.id, maneuver="Grab") for g in pic.foes
            if not g.out and not g.held_by and pic.can_attack(g, combat.GRAB)]


GRAB = TurnAction("grab", "rules/marvel.md §3.4: Grab, Melee against Melee defense; held, pinned on a Fantastic",
                  _grab, offer=_offer_grab)


def _escape(ctx: RulesContext, f: Fighter, a: Action, pic: Picture | None) -> None:
    escape(ctx, f)


def _offer_escape(pic: Picture) -> list[Action]:
    """Breaking free of a hold (grabbed or pinned): Melee against the holder's Melee defense."""
    f = pic.f
    if not f.timed or not any(TIMED[n].hold for n in f.timed):
        return []
    return [Action("escape", target=f.held_by, maneuver="Escape")]


ESCAPE = TurnAction("escape", "rules/marvel.md §3.4: Escape, Melee against the holder's Melee defense (20 for a "
                    "power's hold)", _escape, offer=_offer_escape)



#: The maneuvers, in menu order (after the turns of :mod:`.actions`).
MANEUVERS = (GRAB, ESCAPE)
