"""What a maneuver's DCV penalty gives up, as the AI's estimate prices it (issue 40).

A maneuver's DCV modifiers stay on its user until its next Phase (the maneuver table: Grab -2,
Grab By -4...). Until then every foe who acts meanwhile and can reach the user strikes at the
lower DCV: the price is the harm that lower DCV lets in, the extra chance to hit times each
foe's best blow (a share of the user's fight, as :func:`.estimate.overdraw_cost` and
:func:`.estimate.recoil_share` count what an action costs its user), for every Phase the foe
has before the DCV lapses.

Our readings of who strikes meanwhile are the careful player's (as :mod:`.windup` reads a foe
who may knock a Haymaker's thrower away): a foe still in the fight strikes in each of its Phases
that comes first (its held one, its Phase still to come this Segment, those of the Segments
before the user's next Phase, and in that Segment itself when its DEX is higher), less one
when Stunned or its next Phase was spent Aborting; it strikes with the attack that does most,
after a half move; the user is counted as standing where the maneuver leaves it (beside its
target, for the Grab family). A Block or a Dodge the user might Abort to is not counted, nor
line of sight.

Until issue 40 the -4 DCV of a Grab By was not priced anywhere, and hero-heroic's default AIs
took it 37 times in 20 battles.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from .combat_values import build_cv
from .entry import Maneuver
from .sheet import HeroAttack
from .movement import METRES_PER_CELL, cells
from .speed import has_phase, next_phase_after
from .state import Fighter


def lowered_dcv(dcv: int, entry: Maneuver) -> int:
    """The DCV ``dcv`` becomes with ``entry``'s DCV modifiers (additions, then the smallest
    fraction, as :func:`.combat_values.build_cv` applies a checklist)."""
    return build_cv("DCV", dcv, list(entry.dcv)).value


def phases_before(ctx: RulesContext, h: Fighter, f: Fighter) -> int:
    """The Phases ``h`` acts in before ``f``'s next one begins (see the module's readings)."""
    st = ctx.state
    now = st.abs_segment
    nxt = next_phase_after(f.spd, now)
    if nxt is None or h.out_of_fight(ctx.options):
        return 0
    n = 1 if h.held else 0
    if st.queue is not None and h.id in st.queue:
        n += 1
    n += sum(1 for a in range(now + 1, nxt) if has_phase(h.spd, (a - 1) % 12 + 1))
    if has_phase(h.spd, (nxt - 1) % 12 + 1) and h.ch.DEX > f.ch.DEX:
        n += 1
    if h.stunned or h.aborted:  # its next Phase goes to recovering, or went to the Abort
        n -= 1
    return max(n, 0)


def dcv_price(ctx: RulesContext, f: Fighter, entry: Maneuver, at: Cell, dcv: int, estimate_one: Callable,
              memo: dict | None = None) -> float:
    """What using ``entry`` now costs ``f`` in harm let in by its DCV modifiers (``dcv`` its DCV
    without them; ``at`` the cell it is counted as standing in): for each foe, its Phases before
    ``f``'s next (:func:`phases_before`) times how much more its best blow that reaches ``at``
    is expected to do against the lower DCV than against ``dcv``. Nothing for a maneuver that
    does not lower DCV. ``memo`` (the Phase's) keeps each foe's blow at each DCV: a Phase prices
    a Brace, a Haymaker at each foe next to it, a Move Through at each it could charge..., and
    they share a handful of DCVs (counting each blow anew doubled the cost of a battle)."""
    low = lowered_dcv(dcv, entry)
    if low >= dcv:
        return 0.0
    if memo is None:
        memo = {}

    def blow(h: Fighter, atk: HeroAttack, against: int) -> float:
        key = ("blow at", h.id, atk.name, against)
        found = memo.get(key)
        if found is None:
            p, value = estimate_one(ctx, h, f, atk, "strike", "", dcv=lambda _: against)
            found = memo[key] = p * value
        return found

    price = 0.0
    for h in ctx.state.fighters.values():
        if h.allegiance == f.allegiance:
            continue
        key = ("phases before", h.id)
        phases = memo.get(key)
        if phases is None:
            phases = memo[key] = phases_before(ctx, h, f)
        if not phases:
            continue
        key = ("blows", h.id)
        blows = memo.get(key)
        if blows is None:
            blows = memo[key] = [atk for atk in h.sheet.attacks if h.ready(atk) and not (
                atk.helps or atk.area or atk.presence or h.charges_left(atk) == 0)]
        d, walk = distance(h.pos, at), cells(h, False)
        now = then = 0.0
        for atk in blows:
            if (d - 1 > walk) if atk.hth else ((d - walk) * METRES_PER_CELL > atk.range_m):
                continue
            now = max(now, blow(h, atk, dcv))
            then = max(then, blow(h, atk, low))
        price += phases * max(then - now, 0.0)
    return price


__all__ = ["dcv_price", "lowered_dcv", "phases_before"]
