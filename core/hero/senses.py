"""What a HERO combatant can perceive with Sight, its one Targeting Sense here (rules-powers
§3.3): the one home of "can ``f`` see ``g``", read by the OCV and DCV chains' callers, the
tactical picture (:class:`.tactics.Picture`), the AI's estimate and the player's odds alike.

A combatant cannot perceive another (:func:`unseen`, which says why) when

* it is Flashed (its own Sight is gone: it sees no one), or
* the other has Invisibility to the Sight Group and stands further than the next cell (our
  reading of 6e's fringe: a foe within 2 m, the cell next to it, perceives the shimmer; no
  Perception roll is made for it, nor for a Nontargeting Sense, as for a Flash), or
* a Darkness field lies on the line between them, either end included: from inside a field one
  sees no one, and no one sees into it (:meth:`.Grid.line_of_sight` with the field as its veil).

Not perceiving the target of its attack, a combatant is at ½ OCV hand to hand and OCV 0 at range;
not perceiving the attacker, a combatant is at ½ DCV against it (rules-powers §3.3, the rule a
Flash already applies: :data:`.chains.BLIND_HTH_OCV` and its kin). Attacks still reach what is
not seen: walls stop blows, Darkness only sight.

A Darkness field (:func:`.powers.lay_darkness`) lasts while its user stays in the fight (our
reading of a Constant power; the END it costs again each Phase is not modelled) and a second one
from the same user replaces the first.
"""

from __future__ import annotations

from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from .state import Fighter, HeroState

#: Why a combatant does not perceive another, as the chains' modifiers name it.
FLASHED = "flashed"
INVISIBLE = "invisible"
DARKNESS = "in Darkness"


def dark_cells(state: HeroState) -> frozenset[Cell]:
    """Every cell a Darkness field covers now: the fields of users still in the fight."""
    fields = state.darkness
    if not fields:
        return frozenset()
    fighters, opts = state.fighters, state.options
    lit = [cells for owner, cells in sorted(fields.items()) if not fighters[owner].out_of_fight(opts)]
    return frozenset().union(*lit)


def unseen(ctx: RulesContext, f: Fighter, g: Fighter) -> str:
    """Why ``f`` cannot perceive ``g`` with Sight (:data:`FLASHED`, :data:`INVISIBLE` or
    :data:`DARKNESS`); "" when it can. A combatant always perceives itself."""
    if f is g:
        return ""
    if f.blind:
        return FLASHED
    if g.sheet.invisible and distance(f.pos, g.pos) > 1:
        return INVISIBLE
    dark = dark_cells(ctx.state)
    if dark and not ctx.grid.line_of_sight(f.pos, g.pos, veil=dark):
        return DARKNESS
    return ""


def sees(ctx: RulesContext, f: Fighter, g: Fighter) -> bool:
    """Whether ``f`` perceives ``g`` (see :func:`unseen`)."""
    return not unseen(ctx, f, g)
