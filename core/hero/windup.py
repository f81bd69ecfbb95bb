"""The AI's view of a Haymaker's wind-up (rules §5.2: the blow lands at the end of the next
Segment, and only if its target is still in reach): what may spoil it before it lands.

Issue 18 measured where the default AI's Haymakers fizzled in hero-brawl (100 battles, 80 of
1,265 thrown): 49 because a friend's blow knocked the target away, 31 because a foe knocked the
thrower away. A target that can walk off is already refused (:func:`may_step_away`).
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

from ..engine.context import RulesContext
from ..rules.grid import distance
from . import maneuvers
from .chains import ocv_chain
from .knockback import knockback_dice, moved_chance
from .movement import METRES_PER_CELL, cells
from .sheet import HeroAttack
from .speed import has_phase
from .state import Fighter, HeroState
from .three_dice import hit_chance
from .usage import damage_profile

#: The DCV a Haymaker costs its thrower until it lands (the maneuver table's -5).
HAYMAKER_DCV = 5


def knock_chance(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str = "strike",
                 levels: str = "", push: int = 0) -> float:
    """P(a hit of ``f``'s ``atk`` knocks ``g`` out of its cell), by the dice it would roll
    (:func:`.knockback.moved_chance`); 0 where knockback is off or only knocks down, or the
    attack does no BODY or no knockback. An estimate: it rolls a Standard Effect attack's dice,
    and leaves out a Killing attack's BODY from Combat Skill Levels, Damage Negation, a pulled
    punch and a Move Through's velocity."""
    if ctx.options.knockback != "full" or not atk.knockback or not atk.does_body or atk.kind not in ("normal", "killing"):
        return 0.0
    d = damage_profile(ctx.options, f, atk, maneuvers.MANEUVERS.get(maneuver), levels, push, 0).dice
    killing = atk.kind == "killing"
    kb = knockback_dice(killing, g.sheet.flying, atk.martial_dcs is not None)
    return moved_chance(d.count, d.half, d.pip, killing, kb, g.sheet.knockback_resistance, atk.knockback_multiplier)


def winding_on(fighters: Iterable[Fighter], f: Fighter) -> dict[str, list[Fighter]]:
    """The Haymakers ``f``'s friends are winding up, by their target; not those of a thrower
    Stunned or out of the fight, which fizzle anyway (:func:`spoiled` also leaves out a
    hand-to-hand one whose thrower no longer stands next to its target)."""
    out: dict[str, list[Fighter]] = {}
    for h in fighters:
        if h.haymaker is not None and h.allegiance == f.allegiance and h is not f and not h.stunned and not h.ko and not h.dead:
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


def knocked_away(ctx: RulesContext, f: Fighter, g: Fighter | None, f_dcv: int) -> float:
    """P(a foe of ``f`` other than its target ``g`` knocks ``f`` out of its cell before its
    Haymaker lands), ``f_dcv`` its DCV now (the -5 comes on top)."""
    st = ctx.state
    stays = 1.0
    side = f.allegiance  # (read once, not once a fighter: with dcv_price's, 0.3% of a hero-brawl battle, issue 35)
    for h in st.fighters.values():
        if h.allegiance == side or h is g or h.out_of_fight(ctx.options) or not may_step_away(st, h):
            continue
        stays *= 1.0 - _knock_risk(ctx, h, f, f_dcv, HAYMAKER_DCV)
    return 1.0 - stays


def hold_worth(ctx: RulesContext, f: Fighter, f_dcv: int, estimate_one: Callable,
               cost: Callable[[HeroAttack], float]) -> float:
    """What Holding this Phase is worth to ``f`` (rules §1.5: a held Phase is used later in the
    Segment): the best Haymaker it could throw, once it has let a foe next to it act, at that
    foe who then cannot step away before it lands (:func:`may_step_away`); times the chance the
    foe does not knock ``f`` from its cell meanwhile, and the chance no other foe does before it
    lands (:func:`knocked_away`, each counted at the -5 DCV: those still to act in this Segment
    may come before the wind-up, which this overstates). ``cost`` (the STUN its END would take
    beyond what is left) comes off the harm before that chance: the END is paid as it lands. Nothing when ``f`` already holds, or no foe next to it is
    still to act in this Segment with no Phase in the next: a Haymaker now is as good then.

    Issue 18: the side that acted first in a DEX tie could never Haymaker its twin (who was
    still to act) and was Haymakered twice as often; with +1 DEX it won 47.6% of the mirrors."""
    st = ctx.state
    if f.held or f.half_used or st.queue is None:
        return 0.0
    blows: list[HeroAttack] | None = None  # those the menu will offer as a Haymaker, once a foe is worth waiting for
    best = 0.0
    side = f.allegiance  # (read once, not once a fighter: with dcv_price's, 0.3% of a hero-brawl battle, issue 35)
    for g in st.fighters.values():
        if (g.allegiance == side or g.out_of_fight(ctx.options) or g.stunned or g.held or distance(f.pos, g.pos) > 1
                or g.id not in st.queue or has_phase(g.spd, st.segment % 12 + 1)):
            continue
        if blows is None:
            blows = [a for a in f.sheet.attacks
                     if a.hth and f.ready(a) and f.charges_left(a) != 0 and maneuvers.HAYMAKER in maneuvers.fitting(a)]
        harm = max((p * value - cost(atk) for atk in blows
                    for p, value in (estimate_one(ctx, f, g, atk, "haymaker", ""),)), default=0.0)
        if harm > best:  # g's own blow comes before f's, the others' (counted at -5 DCV) may come after
            lands = (1.0 - _knock_risk(ctx, g, f, f_dcv)) * (1.0 - knocked_away(ctx, f, g, f_dcv))
            best = max(best, harm * lands)
    return best


def _knock_risk(ctx: RulesContext, h: Fighter, f: Fighter, f_dcv: int, lowered: int = 0) -> float:
    """P(``h``'s likeliest blow knocks ``f`` from its cell), at ``f``'s DCV less ``lowered``."""
    d = distance(h.pos, f.pos)
    walk = cells(h, False)
    best = 0.0
    for atk in h.sheet.attacks:
        if not h.ready(atk) or atk.helps or atk.area or h.charges_left(atk) == 0:
            continue
        if (d - 1 > walk) if atk.hth else ((d - walk) * METRES_PER_CELL > atk.range_m):
            continue
        kb = knock_chance(ctx, h, f, atk)
        if kb <= best:
            continue
        needed = 11 + ocv_chain(h, atk, f, None, "").value - (f_dcv - lowered)
        best = max(best, hit_chance(needed) * kb)
    return best


__all__ = ["hold_worth", "may_step_away", "knock_chance", "knocked_away", "spoiled", "winding_on"]
