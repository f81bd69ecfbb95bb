"""The AI's view of a Haymaker's wind-up (rules §5.2: the blow lands at the end of the next
Segment, and only if its target is still in reach): what may spoil it before it lands.

Issue 18 measured where the default AI's Haymakers fizzled in hero-brawl (100 battles, 80 of
1,265 thrown): 49 because a friend's blow knocked the target away, 31 because a foe knocked the
thrower away. A target that can walk off is already refused (:func:`.estimate.may_step_away`).
These figures let the estimate weigh the other two:

* :func:`spoiled` - a blow at a foe a friend's Haymaker is winding up on costs the chance it
  knocks that foe out of its cell times the Haymaker's own expected harm;
* :func:`knocked_away` - a Haymaker is worth its harm times the chance no foe who acts before it
  lands knocks the thrower out of its cell. Our reading of what a foe does meanwhile is the
  careful player's: each foe who can act in time and reach the thrower (a strike after a half
  move, or a ranged attack in range) is counted as striking the thrower at its -5 DCV with the
  attack most likely to knock it away.

Neither counts what a knockback is worth in itself (the impact, a foe laid prone): the estimate
does not count it anywhere else either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..context import RulesContext
from ..grid import distance
from .chains import ocv_chain
from .combat import damage_profile
from .knockback import knockback_dice, moved_chance
from .movement import METRES_PER_CELL, cells
from .sheet import HeroAttack
from .speed import has_phase
from .state import Fighter, HeroState
from .three_dice import hit_chance

#: The DCV a Haymaker costs its thrower until it lands (the maneuver table's -5).
HAYMAKER_DCV = 5


def knock_chance(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str = "strike",
                 levels: str = "", push: int = 0) -> float:
    """P(a hit of ``f``'s ``atk`` knocks ``g`` out of its cell), by the dice it would roll
    (:func:`.knockback.moved_chance`); 0 where knockback is off or only knocks down, or the
    attack does no BODY or no knockback."""
    if ctx.options.knockback != "full" or not atk.knockback or not atk.does_body or atk.kind not in ("normal", "killing"):
        return 0.0
    d = damage_profile(ctx.options, f, atk, maneuver, levels, push, 0).dice
    killing = atk.kind == "killing"
    kb = knockback_dice(killing, g.sheet.flying, atk.martial_dcs is not None)
    return moved_chance(d.count, d.half, d.pip, killing, kb, g.sheet.knockback_resistance, atk.knockback_multiplier)


def winding_on(fighters: Iterable[Fighter], f: Fighter) -> dict[str, list[Fighter]]:
    """The Haymakers ``f``'s friends are winding up, by their target (a hand-to-hand one only
    while the thrower still stands next to it: otherwise it fizzles anyway)."""
    out: dict[str, list[Fighter]] = {}
    for h in fighters:
        if h.haymaker is not None and h.side == f.side and h is not f:
            out.setdefault(h.haymaker.target, []).append(h)
    return out


def spoiled(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, levels: str, push: int,
            throwers: list[Fighter], estimate_one: Callable) -> float:
    """The expected harm lost if a hit of ``f``'s on ``g`` knocks it away from the friends
    ``throwers`` winding up a Haymaker on it."""
    chance = knock_chance(ctx, f, g, atk, maneuver, levels, push)
    if not chance:
        return 0.0
    lost = 0.0
    for h in throwers:
        hm = h.haymaker
        if hm is None:
            continue
        blow = h.attack(hm.attack)
        if blow.hth and distance(h.pos, g.pos) > 1:
            continue
        p, value = estimate_one(ctx, h, g, blow, "haymaker", hm.levels, push=hm.push, aim=hm.aim)
        lost += p * value
    return chance * lost


def may_step_away(st: HeroState, g: Fighter) -> bool:
    """Whether ``g`` could act before a Haymaker thrown now lands (at the end of the next
    Segment, rules §5.2): its Phase is still to come this Segment, it holds one, or its SPD gives
    it one next Segment; a Stunned or knocked-out character cannot. The default AI throws a
    Haymaker only at a target that cannot leave (issue 18: 15% of those thrown fizzled)."""
    if g.stunned or g.ko or g.dead:
        return False
    if g.held:
        return True
    # still to act this Segment (before it is under way, everyone with a Phase in it is)
    if g.id in st.queue if st.queue is not None else has_phase(g.spd, st.segment):
        return True
    return has_phase(g.spd, st.segment % 12 + 1)


def knocked_away(ctx: RulesContext, f: Fighter, g: Fighter, f_dcv: int) -> float:
    """P(a foe of ``f`` other than its target ``g`` knocks ``f`` out of its cell before its
    Haymaker lands), ``f_dcv`` its DCV now (the -5 comes on top)."""
    st = ctx.state
    stays = 1.0
    for h in st.fighters.values():
        if h.side == f.side or h is g or h.out_of_fight(ctx.options) or not may_step_away(st, h):
            continue
        best = 0.0
        d = distance(h.pos, f.pos)
        walk = cells(h, False)
        for atk in h.sheet.attacks:
            if not h.ready(atk) or atk.helps or atk.area or h.charges_left(atk) == 0:
                continue
            if (d - 1 > walk) if atk.hth else ((d - walk) * METRES_PER_CELL > atk.range_m):
                continue
            kb = knock_chance(ctx, h, f, atk)
            if kb <= best:
                continue
            needed = 11 + ocv_chain(h, atk, f, "strike", "").value - (f_dcv - HAYMAKER_DCV)
            best = max(best, hit_chance(needed) * kb)
        stays *= 1.0 - best
    return 1.0 - stays


__all__ = ["may_step_away", "knock_chance", "knocked_away", "spoiled", "winding_on"]
