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

from ..engine.actions import Action
from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from .combat_values import build_cv
from . import martial
from .entry import Maneuver
from .grab_maneuvers import GRAB, GRAB_BY, MARTIAL_GRAB
from .maneuvers import MANEUVERS
from .sheet import HeroAttack
from .movement import METRES_PER_CELL, cells
from .speed import has_phase, next_phase_after, phases_in
from .state import Fighter


def lowered_dcv(dcv: int, entry: Maneuver) -> int:
    """The DCV ``dcv`` becomes with ``entry``'s DCV modifiers (additions, then the smallest
    fraction, as :func:`.combat_values.build_cv` applies a checklist)."""
    return build_cv("DCV", dcv, list(entry.dcv)).value


def phases_before(ctx: RulesContext, h: Fighter, f: Fighter) -> int:
    """The Phases ``h`` acts in before ``f``'s next one begins (see the module's readings)."""
    return _phases_until(ctx, h, f, next_phase_after(f.spd, ctx.state.abs_segment))


def _phases_until(ctx: RulesContext, h: Fighter, f: Fighter, nxt: int | None) -> int:
    """:func:`phases_before`, ``nxt`` the absolute Segment of ``f``'s next Phase (None: it has
    none), which every foe of one decision shares."""
    st = ctx.state
    now = st.abs_segment
    if nxt is None or h.out_of_fight(ctx.options):
        return 0
    n = 1 if h.held else 0
    if st.queue is not None and h.id in st.queue:
        n += 1
    n += phases_in(h.spd, now + 1, nxt)
    if has_phase(h.spd, (nxt - 1) % 12 + 1) and h.ch.DEX > f.ch.DEX:
        n += 1
    if h.stunned or h.aborted:  # its next Phase goes to recovering, or went to the Abort
        n -= 1
    return n if n > 0 else 0


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
    side = f.allegiance  # (read once, not once a fighter: with windup's, 0.3% of a hero-brawl battle, issue 35)
    for h in ctx.state.fighters.values():
        if h.allegiance == side:
            continue
        key = ("phases before", h.id)
        phases = memo.get(key)
        if phases is None:
            mine = ("next phase", f.id)  # the actor's, shared by every foe
            if mine not in memo:
                memo[mine] = next_phase_after(f.spd, ctx.state.abs_segment)
            phases = memo[key] = _phases_until(ctx, h, f, memo[mine])
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
            at_dcv, at_low = blow(h, atk, dcv), blow(h, atk, low)
            now = at_dcv if at_dcv > now else now
            then = at_low if at_low > then else then
        if then > now:
            price += phases * (then - now)
    return price



#: The maneuvers whose DCV penalty the estimate prices (:func:`action_price`), by name. Each was
#: measured, the default AI pricing it against itself not pricing it, both seatings on their own
#: seeds: Brace's ½ DCV, 59.1% of 384 decided hero-arsenal battles (54.1-63.9%); the Grab
#: family's (issue 40), Grab By taken 355 -> 104 times in 200 hero-heroic battles. Haymaker,
#: Multiple Attack, Move By and Move Through priced as well changed nothing measurable (49.6% of
#: 385 in hero-arsenal, 50.9% of 719 in hero-brawl with all of them) and cost a hero-brawl battle
#: 60% more instructions (a price per foe next to the actor, per Phase); the Haymaker's -5 is
#: weighed through the chance a foe knocks its thrower away (:mod:`.windup`).
PRICED_DCV = frozenset({"brace", "grab", "grab by", "martial grab"})


def exposed_entry(f: Fighter, action: Action) -> Maneuver | None:
    """The maneuver whose DCV modifiers ``action`` puts on ``f`` until its next Phase: the one
    it names (Brace, Haymaker, Multiple Attack, Move By, Move Through...), or, for the Grab
    family, whose actions name none, the Grab (a Martial Grab for one who knows it) or Grab By."""
    kind = action.kind
    if kind in ("grab", "grab-by"):
        return GRAB_BY if kind == "grab-by" else MARTIAL_GRAB if martial.knows(f.sheet, "Martial Grab") else GRAB
    if kind in ("attack", "move-through", "multiple-attack"):
        return MANEUVERS.get(action.maneuver)
    return None


def priced_entry(f: Fighter, action: Action) -> Maneuver | None:
    """:func:`exposed_entry`, when its DCV penalty is one the estimate prices (:data:`PRICED_DCV`)."""
    entry = exposed_entry(f, action)
    return entry if entry is not None and entry.name in PRICED_DCV else None


def action_price(ctx: RulesContext, f: Fighter, action: Action, dcv: Callable[[Fighter], int], estimate_one: Callable,
                 strikes: dict | None = None) -> float:
    """What ``action``'s DCV modifiers let in until ``f``'s next Phase (:func:`dcv_price`; ``dcv``
    gives ``f``'s DCV without them, asked only for a maneuver that lowers it),
    counted where ``f`` will stand: beside its target for a blow, a charge or a grab, where it
    stands for a shot (a half move into range first is not counted). ``strikes``, the Phase's
    memo, keeps each (maneuver, cell)'s price, which every option of that maneuver shares.

    Until issue 34 only the Grab family's was counted (issue 40), and a Brace's ½ DCV was free:
    63% of HERO attack rolls were Braced. Which penalties are priced, and the figures that chose
    them: :data:`PRICED_DCV`."""
    entry = priced_entry(f, action)
    if entry is None or not entry.dcv:
        return 0.0
    at = f.pos
    tid = action.target or (action.targets[0] if action.kind == "multiple-attack" and action.targets else "")
    if tid:
        g = ctx.state.fighters[tid]
        name = action.attack or (action.attacks[0] if action.attacks else "")
        if action.kind in ("grab", "grab-by", "move-through") or not name or f.attack(name).hth:
            at = g.pos
    key = ("exposed", entry.name, at)
    found = strikes.get(key) if strikes is not None else None
    if found is None:
        found = dcv_price(ctx, f, entry, at, dcv(f), estimate_one, strikes)
        if strikes is not None:
            strikes[key] = found
    return found


__all__ = ["PRICED_DCV", "action_price", "dcv_price", "exposed_entry", "lowered_dcv", "phases_before", "priced_entry"]
