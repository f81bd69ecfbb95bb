"""What a HERO combatant can perceive with Sight, its one Targeting Sense here (rules-powers
§3.3): the one home of "can ``f`` see ``g``", read by the OCV and DCV chains' callers, the
tactical picture (:class:`.tactics.Picture`), the AI's estimate and the player's odds alike.

A combatant cannot perceive another (:func:`unseen`, which says why) when

* it is Flashed (its own Sight is gone: it sees no one), or
* the other has Invisibility to the Sight Group and stands further than the next cell (our
  reading of 6e's fringe: a foe within 2 m, the cell next to it, perceives the shimmer; no
  Perception roll is made to find it), or
* a Darkness field lies on the line between them, either end included: from inside a field one
  sees no one, and no one sees into it (:meth:`.Grid.line_of_sight` with the field as its veil), or
* an **Images** (an opaque visual illusion, :func:`.fields.lay_images`) lies on the line, the
  other's end included, and ``f`` believes it: ``f`` is not its user, does not stand in it (from
  inside, it is plainly not there) and has not seen through it with a PER roll
  (:func:`.fields.doubt`). So those hidden in an image see out, and those outside do not see in.

One that does not see a foe may listen for it (:func:`.fields.listen`, the Half-Phase PER roll
with Hearing, a Nontargeting Sense, unless a Flash has taken its Hearing): heard, the foe is
:data:`HEARD` to it until its next Phase.

Not perceiving the target of its attack, a combatant is at ½ OCV hand to hand and OCV 0 at range
(an area's target is its cell: :func:`unseen_cell`, seen unless Flashed or through Darkness or an
Images it believes);
not perceiving the attacker, a combatant is at ½ DCV against it (rules-powers §3.3, the rule a
Flash already applies: :data:`.chains.BLIND_HTH_OCV` and its kin). Attacks still reach what is
not seen: walls stop blows, Darkness only sight.

A Darkness field (:func:`.fields.lay_darkness`) and an Images (:func:`.fields.lay_images`) are
Constant powers: the user pays the END again at the start of each of its Phases
(:func:`.fields.keep_up`, rules §4.1) and may drop one at no cost of time (the ``drop`` action);
it is gone (:func:`lift`) when its user drops it, is knocked out or killed, is Stunned (at the end
of that Segment: a power not Persistent turns off) or takes a Recovery (it cannot keep one up
while recovering); from any other state out of the fight (a dying user) it hides nothing; a
second one of a kind from the same user replaces the first.
"""

from __future__ import annotations

from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from . import events as ev
from .sheet import SENSE_GROUPS
from .state import Fighter, HeroState

#: Why a combatant does not perceive another, as the chains' modifiers name it.
FLASHED = "flashed"
INVISIBLE = "invisible"
DARKNESS = "in Darkness"
IMAGES = "behind Images"
#: Not seen, but heard with a Half-Phase PER roll (rules-powers §3.3): ½ OCV at range or hand to
#: hand (not 0), and -1 DCV against its blows, full DCV against its shots (``HEARD_AT_RANGE``).
HEARD = "heard"
HEARD_AT_RANGE = "heard, at range"
#: What the roster says of a combatant standing in an Images (hidden from those who believe it).
IN_IMAGES = "in Images"
#: The status of a user whose Darkness is up (logged when it ends).
KEEPING_DARKNESS = "keeping a Darkness up"
KEEPING_IMAGES = "keeping an Images up"


def dulled_status(group: str) -> str:
    """The status of a combatant Flashed in ``group``, a sense group other than Sight, as the log
    and the roster name it ("flashed (Hearing)"); Sight's is plain "flashed"."""
    return f"flashed ({SENSE_GROUPS[group]})"


def dark_cells(state: HeroState) -> frozenset[Cell]:
    """Every cell a Darkness field covers now: the fields of users still in the fight."""
    fields = state.darkness
    if not fields:
        return frozenset()
    fighters, opts = state.fighters, state.options
    lit = [cells for owner, cells in sorted(fields.items()) if not fighters[owner].out_of_fight(opts)]
    return frozenset().union(*lit)


def lift(ctx: RulesContext, g: Fighter, what_happened: str) -> None:
    """``g``'s Darkness and its Images, Constant powers, are gone (logged): ``g`` knocked out or
    killed, Stunned (at the end of the Segment) or taking a Recovery (a drop lifts the one
    dropped: :func:`.fields.drop_power`)."""
    lift_darkness(ctx, g, what_happened)
    lift_images(ctx, g, what_happened)


def lift_darkness(ctx: RulesContext, g: Fighter, what_happened: str) -> None:
    """``g``'s Darkness is gone (logged)."""
    st = ctx.state
    fields = st.darkness
    if g.id in fields:
        st.darkness = {k: v for k, v in fields.items() if k != g.id}
        st.darkness_powers = {k: v for k, v in st.darkness_powers.items() if k != g.id}
        ctx.emit(ev.StatusChanged(actor=g.id, status=KEEPING_DARKNESS, active=False, why=what_happened))


def lift_images(ctx: RulesContext, g: Fighter, what_happened: str) -> None:
    """``g``'s Images, a Constant power too, is gone (logged); whoever saw through it forgets."""
    st = ctx.state
    if g.id in st.images:
        st.images = {k: v for k, v in st.images.items() if k != g.id}
        st.images_powers = {k: v for k, v in st.images_powers.items() if k != g.id}
        st.seen_through = frozenset(p for p in st.seen_through if p[1] != g.id)
        ctx.emit(ev.StatusChanged(actor=g.id, status=KEEPING_IMAGES, active=False, why=what_happened))


def believed(ctx: RulesContext, f: Fighter) -> frozenset[Cell]:
    """The cells of every Images ``f`` believes: not its own, not one it stands in, not one it
    has seen through, of a user still in the fight."""
    st = ctx.state
    if not st.images:
        return frozenset()
    fighters, opts, through = st.fighters, st.options, st.seen_through
    out: frozenset[Cell] = frozenset()
    for owner, cells in sorted(st.images.items()):
        if owner == f.id or f.pos in cells or (f.id, owner) in through or fighters[owner].out_of_fight(opts):
            continue
        out = out | cells
    return out


def conditions(ctx: RulesContext, f: Fighter) -> list[str]:
    """What perception makes of ``f``, as the app's roster and the AIs' vitals name it:
    "invisible", a sense group other than Sight it is Flashed in ("flashed (Hearing)"), "in
    Darkness", "in Images" (none for most)."""
    out = ["invisible"] if f.sheet.invisible else []
    out += [dulled_status(group) for group in sorted(f.flashed_senses)]
    if ctx.state.darkness and f.pos in dark_cells(ctx.state):
        out.append(DARKNESS)
    if ctx.state.images and any(f.pos in cells for cells in ctx.state.images.values()):
        out.append(IN_IMAGES)
    return out


def unseen(ctx: RulesContext, f: Fighter, g: Fighter) -> str:
    """Why ``f`` cannot perceive ``g`` with Sight (:data:`FLASHED`, :data:`INVISIBLE`,
    :data:`DARKNESS` or :data:`IMAGES`), or :data:`HEARD` when it has heard ``g`` this Phase
    (the Half-Phase PER roll with Hearing, :func:`.fields.listen`); "" when it sees it. A
    combatant always perceives itself."""
    if f is g:
        return ""
    if f.blind:
        why = FLASHED
    elif g.sheet.invisible and distance(f.pos, g.pos) > 1:
        why = INVISIBLE
    else:
        why = _veiled(ctx, f, g.pos)
    return HEARD if why and g.id in f.heard else why


def unseen_cell(ctx: RulesContext, f: Fighter, cell: Cell) -> str:
    """Why ``f`` cannot see the cell ``cell`` (an area's target: a place, so Invisibility does
    not matter, a Flash and Darkness do); "" when it can. (The fields' cells are gathered only
    while a Darkness or an Images is laid: most battles have none, and every picture asks this
    of each pair of fighters: 0.6% of a hero-brawl battle's instructions, issue 35.)"""
    if f.blind:
        return FLASHED
    return _veiled(ctx, f, cell)


def _veiled(ctx: RulesContext, f: Fighter, cell: Cell) -> str:
    """:func:`unseen_cell` for one who is not Flashed (:func:`unseen` has asked): a Darkness or an
    Images between ``f`` and ``cell``."""
    st = ctx.state
    if st.darkness:
        dark = dark_cells(st)
        if dark and not ctx.grid.line_of_sight(f.pos, cell, veil=dark):
            return DARKNESS
    if st.images:
        images = believed(ctx, f)
        if images and not ctx.grid.line_of_sight(f.pos, cell, veil=images):
            return IMAGES
    return ""


def may_listen(f: Fighter) -> bool:
    """Whether ``f`` can make the Half-Phase PER roll with Hearing (rules-powers §3.3's
    Nontargeting Sense): not while a Flash has taken its Hearing."""
    return "hearing" not in f.flashed_senses


def sees(ctx: RulesContext, f: Fighter, g: Fighter) -> bool:
    """Whether ``f`` perceives ``g`` (see :func:`unseen`)."""
    return not unseen(ctx, f, g)
