"""One attack's odds and harm, the pieces every estimate of an HERO option is made of: the
chance to hit (:func:`estimate_one`, an Autofire burst's hits expected), the harm of a hit as a
share of what the target has left, counted no further than what finishes it
(:func:`share_of_fight`), and a foe's threat to another. :mod:`.estimate` builds each option's
worth from them (a maneuver's, an area's, a Grab's, what it costs the actor), and the exposure
and wind-up prices (:mod:`.exposure`, :mod:`.windup`) are handed :func:`estimate_one` to price
a foe's blows with the same odds.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.context import RulesContext
from ..rules.grid import distance
from . import powers, senses
from .chains import dcv_chain, dmcv_chain, ocv_chain
from .combat_values import Modifier
from .maneuvers import MANEUVERS
from .movement import METRES_PER_CELL
from .sheet import HeroAttack
from .spread import expected_taken
from .state import Fighter
from .three_dice import AT_MOST_3D6, hit_chance
from .usage import damage_profile, placed_shot, planned_push, shots_fired


def charge_metres(f: Fighter, g: Fighter, maneuver: str) -> int:
    """The velocity a maneuver made at the end of a full move up to ``g`` (a Move Through, a Move
    By: ``reach = "charge"``) is foreseen with: the metres between them; 0 for the others."""
    entry = MANEUVERS.get(maneuver)
    return distance(f.pos, g.pos) * METRES_PER_CELL if entry is not None and entry.reach == "charge" else 0


def expected_hits(needed: int, shots: int) -> float:
    """The shots of an Autofire burst expected to hit: shot *k* (from 0) hits when 3d6 come in
    at ``needed - 2k`` or under (never on an 18, which always misses); the first also on a 3,
    which always hits."""
    return hit_chance(needed) + sum(AT_MOST_3D6[min(max(needed - 2 * k, 0), 17)] for k in range(1, shots))


def dcv_now(g: Fighter) -> int:
    """``g``'s DCV as its chain stands now (the default for an estimate made outside a Phase's picture)."""
    return dcv_chain(g).value


def estimate_one(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, levels: str,
                 extra: tuple[Modifier, ...] = (), push: int = 0, dcv: Callable[[Fighter], int] = dcv_now,
                 aim: str = "", unseen: str | None = None) -> tuple[float, float]:
    """(P(hit), expected harm if it hits) of one attack from ``f`` on ``g`` (``aim``: a placed shot;
    ``unseen``: why ``f`` cannot perceive ``g``, when the caller keeps it, else :func:`.senses.unseen`).
    For an Autofire burst the first figure is the shots expected to hit (rules-powers §1.5: shot
    *k* hits when the roll is made by 2k), so the product is still the expected harm."""
    if aim:
        if atk.autofire:
            return 0.0, 0.0  # no placed shots with a burst (the menu refuses one)
        extra = (*extra, placed_shot(aim, g))
    if unseen is None:
        unseen = senses.unseen(ctx, f, g)
    ocv = ocv_chain(f, atk, g, MANEUVERS.get(maneuver), levels, extra, unseen=unseen).value
    needed = 11 + ocv - (dmcv_chain(g).value if atk.mental else dcv(g))
    p = hit_chance(needed) if not atk.autofire else expected_hits(needed, shots_fired(f, atk))
    if atk.effect:  # Entangle, Flash, Drain: what its entry says a hit is worth
        return p, powers.POWERS[atk.kind].worth(f, g, atk, damage_profile(ctx.options, f, atk, MANEUVERS.get(maneuver),
                                                                           levels, 0, 0))
    moved = charge_metres(f, g, maneuver)
    push = planned_push(f, atk, ctx.options, push) if push > 0 else 0  # as if allowed (no push plans none)
    # the metres themselves: a Move Through gains a DC per 6 m, a Move By per 10 m
    key = (g.id, atk.name, maneuver, levels, push // 5, moved, g.ko, aim)
    taken = f.expected.get(key)
    if taken is None:
        taken = f.expected[key] = expected_taken(ctx, f, g, atk, maneuver, levels, push, moved, aim)
    return p, share_of_fight(g, *taken)


def threat(ctx: RulesContext, g: Fighter, h: Fighter) -> float:
    """What ``g``'s best ranged damage attack is expected to take of ``h``'s fight in one Phase
    were ``h`` seen (P(hit) x harm, a plain Strike): what hiding ``h`` from ``g`` spares it (an
    Images' worth, :mod:`.powers`); 0 for a fighter with no such attack."""
    best = 0.0
    for atk in g.sheet.attacks:
        if atk.hth or atk.mental or atk.effect or atk.presence or atk.area or g.charges_left(atk) == 0 or not g.ready(atk):
            continue
        ocv = ocv_chain(g, atk, h, MANEUVERS["strike"], "").value
        key = (h.id, atk.name, "strike", "", 0, 0, h.ko, "")
        taken = g.expected.get(key)
        if taken is None:
            taken = g.expected[key] = expected_taken(ctx, g, h, atk, "strike", "", 0, 0)
        best = max(best, hit_chance(11 + ocv - dcv_now(h)) * share_of_fight(h, *taken))
    return best


#: What finishes a foe, in the estimate's units: its STUN gone (knocked out) counts 1, its BODY
#: gone down to its negative maximum (dead) counts 2.
FINISHES_STUN, FINISHES_BODY = 1.0, 2.0


def share_of_fight(g: Fighter, stun: float, body: float) -> float:
    """STUN and BODY taken as a share of what ``g`` has left, each counted no further than what
    finishes it: damage past the knockout (or the death) is overkill and worth nothing more.
    Uncapped, a blow of 30 STUN at a foe with 3 left counted 10 knockouts, so a 9% shot at a
    nearly beaten foe outscored a 98% one at a fresh foe (issue 34). (The mean's cap stands in
    for the mean of the capped outcomes: it overstates a long shot's finish a little.)

    Written with comparisons, not ``min`` and ``max``: every estimate ends here, and the four
    built-in calls were 2.7% of a hero-brawl battle's instructions (issue 35)."""
    left, whole = g.stun, g.body + g.ch.BODY
    stun_share = stun / (left if left > 1 else 1)
    body_share = 2 * body / (whole if whole > 1 else 1)
    return ((stun_share if stun_share < FINISHES_STUN else FINISHES_STUN)
            + (body_share if body_share < FINISHES_BODY else FINISHES_BODY))
