"""The AI's estimate of an HERO option: the chance to hit times the expected damage taken, as a
share of the fight the target has left.

It is worked out beside the rules it foresees and from the same pieces the resolver uses: the
OCV and DCV chains (:mod:`.chains`), the dice the attack would roll with its maneuver, push and
levels (:func:`.usage.damage_profile`), the target's defenses (:func:`.effects.defenses`). One
attack's odds and harm, which every option here is built from, are :mod:`.harm`'s.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Action
from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from . import aborts, areas, fields, grabs, powers, presence, senses
from .chains import ocv_chain, true_metres
from .combat_values import Modifier
from .damage import DamageRoll, take_damage
from .effects import defenses
from .endurance import str_end, stun_for_end_dice
from .exposure import action_price
from .harm import FINISHES_STUN, charge_metres, dcv_now, estimate_one, expected_hits, share_of_fight, threat
from .maneuvers import MANEUVERS
from .movement import METRES_PER_CELL, cells
from .sheet import HeroAttack
from .spread import expected_taken
from .state import Fighter
from .rounding import characteristic_roll
from .three_dice import hit_chance
from .usage import attack_end, damage_profile, planned_push, shots_fired
from .windup import hold_worth, knocked_away, may_step_away, spoiled, winding_on


def estimate(ctx: RulesContext, f: Fighter, action: Action, dcv: Callable[[Fighter], int] | None = None,
             strikes: dict | None = None, winding: dict[str, list[Fighter]] | None = None) -> float:
    """P(hit) x mean STUN taken / the target's STUN left (BODY counted for Killing attacks),
    less what the option costs the actor (so it may be below 0).
    A push (``action.push``) counts as allowed, up to 10 points, within the doubling cap.
    ``dcv`` gives a target's DCV now (the Phase's picture keeps them); by default its chain.
    ``strikes`` keeps each strike's (P(hit), harm) for the Phase: the Multiple Attacks on the
    menu share their strikes. ``winding``: the friends' Haymakers winding up, by target
    (:func:`.windup.winding_on`; the Phase's picture keeps it). A Haymaker counts the chance a
    foe knocks its thrower away before it lands, a blow at a friend's Haymaker's target the
    Haymaker it may spoil (:mod:`.windup`). Any action costs the STUN its END would take
    beyond what the actor has (:func:`overdraw_cost`)."""
    return net(ctx, f, action, gain(ctx, f, action, dcv, strikes, winding), strikes)


def net(ctx: RulesContext, f: Fighter, action: Action, gained: float, strikes: dict | None = None) -> float:
    """:func:`estimate` from ``gained`` (the action's :func:`gain`): less what its DCV penalty
    lets in (:func:`exposure_cost`) and the STUN its END would cost (:func:`overdraw_cost`).
    Both are never below 0, so the result is never above ``gained``: a search for the best
    option need not price one whose gain is already below the best found (the Picture's
    :meth:`~.tactics.Picture.gain`)."""
    gained = gained - exposure_cost(ctx, f, action, strikes)
    if action.maneuver == "haymaker":
        return gained  # its END is paid as it lands: counted with the chance it does
    return gained - overdraw_cost(ctx, f, action)


def exposure_cost(ctx: RulesContext, f: Fighter, action: Action, strikes: dict | None = None) -> float:
    """What ``action``'s DCV penalty lets in until ``f``'s next Phase (:func:`.exposure.action_price`;
    which penalties are priced and why: :data:`.exposure.PRICED_DCV`). ``strikes``: the Phase's memo."""
    return action_price(ctx, f, action, dcv_now, estimate_one, strikes)

def end_cost(ctx: RulesContext, f: Fighter, action: Action) -> int:
    """The END ``action`` costs: each attack's (a burst's every shot) and its push; STR's for the
    Grab family and Disarm that use it (:func:`.grabs.pays_str`); an Aid's or a Healing's own;
    nothing for the rest."""
    opts = ctx.options
    kind = action.kind
    if kind in ("attack", "move-through", "multiple-attack"):
        cost = action.push
        for name in action.attacks or (action.attack,):
            atk = f.attack(name)
            cost += shots_fired(f, atk) * attack_end(f, atk, opts.campaign, opts.str_end)
        return cost
    if kind in grabs.STR_ACTIONS:
        return str_end(f.ch.STR, opts.campaign, opts.str_end) if grabs.pays_str(f, kind) else 0
    if kind == "aid":
        return attack_end(f, f.attack(action.attack), opts.campaign, opts.str_end)
    return 0


def overdraw_cost(ctx: RulesContext, f: Fighter, action: Action) -> float:
    """The STUN ``action``'s END would cost beyond what ``f`` has left (rules §6: 1d6 per 2 END
    short, no defense), as a share of its own STUN: the mean of those dice, counted against the
    harm so a cheaper attack or a Recovery wins when END runs out (issue 18: 1.8 overdrafts per
    100 decisions in hero-brawl where one of those was there)."""
    cost = end_cost(ctx, f, action)
    if cost <= f.end:
        return 0.0
    return 3.5 * stun_for_end_dice(cost, f.end) / max(f.stun, 1)


def gain(ctx: RulesContext, f: Fighter, action: Action, dcv: Callable[[Fighter], int] | None = None,
         strikes: dict | None = None, winding: dict[str, list[Fighter]] | None = None,
         unseen: Callable[[Fighter], str] | None = None) -> float:
    """What :func:`estimate` counts before the actor's own costs (:func:`net` takes them off).
    ``unseen``: why ``f`` cannot perceive a fighter (the Phase's picture keeps it); by default
    :func:`.senses.unseen`."""
    st = ctx.state
    dcv = dcv or dcv_now
    if winding is None:
        winding = winding_on(st.fighters.values(), f)
    kind = action.kind
    if kind == "move-through" or kind == "attack" and action.maneuver != "area":  # most options: first
        return _blow_gain(ctx, f, action, dcv, winding, unseen) if action.target else 0.0
    if action.kind == "multiple-attack":
        total, p_chain = 0.0, 1.0
        for i, (an, tid) in enumerate(zip(action.attacks, action.targets)):
            push = action.push if i == 0 else 0
            key = (an, tid, i, action.levels, push)
            found = strikes.get(key) if strikes is not None else None
            if found is None:
                extra = (Modifier(4, "Multiple Attack", -2 * i),) if i else ()
                g = st.fighters[tid]
                found = estimate_one(ctx, f, g, f.attack(an), "multiple attack", action.levels, extra, push=push,
                                     dcv=dcv, unseen=None if unseen is None else unseen(g))
                if strikes is not None:
                    strikes[key] = found
            p, value = found
            p_chain *= p
            throwers = winding.get(tid)
            if throwers:  # the strike may knock away a friend's Haymaker's target (:mod:`.windup`)
                atk = f.attack(an)
                pushed = planned_push(f, atk, ctx.options, push)
                value -= spoiled(ctx, f, st.fighters[tid], atk, "multiple attack", action.levels, pushed, throwers,
                                 estimate_one)
            total += p_chain * value
        return total
    if action.kind == "aid":  # Aid or Healing on a friend: no roll
        g, atk = st.fighters[action.target], f.attack(action.attack)
        profile = damage_profile(ctx.options, f, atk, None, "", 0, 0)
        return powers.POWERS[atk.kind].worth(f, g, atk, profile)
    if action.kind == "break-out":
        return powers.break_out_worth(f, st.fighters[action.target], f.attack(action.attack) if action.attack else None)
    if action.kind in ("grab", "grab-by", "choke", "squeeze", "throw", "escape", "disarm"):
        return _grappling(ctx, f, action, dcv)
    if action.kind == "hold":
        return hold_worth(ctx, f, dcv(f), estimate_one,
                          lambda atk: overdraw_cost(ctx, f, Action("attack", atk.name, maneuver="haymaker")))
    if action.kind == "presence":
        return presence.worth(ctx, f, f.attack(action.attack), powers.PHASE_LOST)
    if action.kind == "switch":
        return _slot_worth(ctx, f, f.attack(action.slot), dcv)
    if action.kind == "listen":  # the Half-Phase PER roll with Hearing for a foe it cannot see
        return listen_worth(ctx, f, st.fighters[action.target], dcv)
    if action.kind == "drop":  # a Darkness turned off: the END it saves less what the field still does
        return fields.drop_worth(ctx, f, action.attack, lambda g, h: threat(ctx, g, h))
    if action.maneuver == "area" and action.kind in ("attack", "screen"):  # aimed at a cell, maybe an empty one
        return estimate_area(ctx, f, action)
    return 0.0


def _blow_gain(ctx: RulesContext, f: Fighter, action: Action, dcv: Callable[[Fighter], int],
               winding: dict[str, list[Fighter]], unseen: Callable[[Fighter], str] | None) -> float:
    """:func:`gain` of an attack or a Move Through at its one target (not an area)."""
    st = ctx.state
    g = st.fighters[action.target]
    atk = f.attack(action.attack)
    if action.maneuver == "haymaker" and may_step_away(st, g):
        return 0.0  # it can walk out of reach before the blow lands: not worth the wind-up (nor working out)
    p, value = estimate_one(ctx, f, g, atk, action.maneuver, action.levels, push=action.push, dcv=dcv, aim=action.aim,
                            unseen=None if unseen is None else unseen(g))
    if action.maneuver == "haymaker":
        return (p * value - overdraw_cost(ctx, f, action)) * (1.0 - knocked_away(ctx, f, g, dcv(f)))
    entry = MANEUVERS.get(action.maneuver)
    if entry is not None and entry.recoil:  # Move By: the share of its own blow it takes back
        value -= recoil_share(ctx, f, g, atk, action.maneuver, action.levels, action.push)
    throwers = winding.get(g.id)
    if throwers:  # a friend's Haymaker is winding up on it: a knockback would spoil it
        push = planned_push(f, atk, ctx.options, action.push)
        return p * (value - spoiled(ctx, f, g, atk, action.maneuver, action.levels, push, throwers, estimate_one))
    return p * value


def recoil_share(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, levels: str,
                 push: int) -> float:
    """What the share of its own blow a maneuver hands back (:attr:`.entry.Maneuver.recoil`, Move
    By's ⅓) takes off ``f``'s own fight: that share of the mean STUN and BODY the dice roll,
    through its PD, as the hit would (:func:`.maneuvers._recoil`)."""
    entry = MANEUVERS[maneuver]
    opts = ctx.options
    pushed = planned_push(f, atk, opts, push)
    profile = damage_profile(opts, f, atk, entry, levels, pushed, charge_metres(f, g, maneuver))
    d = profile.dice
    n = d.count + (0.5 if d.half else 0)
    share = float(entry.recoil)
    roll = DamageRoll("normal", "", (), share * (3.5 * n + d.pip), share * n)  # type: ignore[arg-type]  # means
    taken = take_damage(roll, defenses(f, "PD"), "", opts.minimum_stun)
    return share_of_fight(f, taken.stun, taken.body)


def dive_cost(g: Fighter) -> float:
    """What a Dive for Cover costs the one who dives, in the estimate's units (rules §1.5: the
    Abort spends its next Phase, or the one it holds; it lands prone, which a Throw's estimate
    counts as half a Phase more, :func:`_grappling`): a Phase and a half, or one Phase for one
    already prone."""
    return powers.PHASE_LOST * (1.0 if g.prone else 1.5)


def estimate_area(ctx: RulesContext, f: Fighter, action: Action) -> float:
    """An Area Of Effect's expected harm (rules-powers §1.4): the chance to hit the target cell
    times the harm to each foe still in the fight inside it, less the harm to each friend (the
    actor too) inside it; an Explosion's by each one's distance from the centre. For an
    Autofire area the chance is the shots expected home, as :func:`estimate_one` counts a
    burst. A knocked-out foe counts for nothing: it is out of the fight already.

    Nobody Dodges an area, but one inside who could Abort and whom a half move takes clear may
    Dive for Cover before the roll (rules §1.5, rules-powers §1.4; :func:`.aborts.escape_path`).
    Our reading of what it does is the careful player's (as :mod:`.windup` reads a foe's blow):
    it dives when the harm it expects from staying is more than what diving costs it
    (:func:`dive_cost`), so each one who could is counted at the lesser of the two, friend or
    foe. (Until issue 40 a foe caught was counted as hit whether or not it could dive: an area
    aimed at an empty cell to catch two foes at its edge, where both could dive clear, scored
    twice a blow, and hero-arsenal's Blastwave threw a third of its bombs at empty cells.)"""
    st = ctx.state
    atk = f.attack(action.attack)
    cell = areas.aim_of(action, st.fighters)
    ocv = ocv_chain(f, atk, st.fighters.get(action.target), MANEUVERS["area"], action.levels, at=cell,
                    unseen=senses.unseen_cell(ctx, f, cell)).value
    needed = 11 + ocv - areas.target_dcv(atk.area, f.pos, cell).value
    p = hit_chance(needed) if not atk.autofire else expected_hits(needed, shots_fired(f, atk))  # as estimate_one
    power = powers.POWERS.get(atk.kind)
    if power is not None and power.fill_worth is not None:  # a Darkness, an Images: what its entry says the field is worth
        alive = [g for g in st.fighters.values() if not g.dead]
        cells = areas.cells_of(ctx.grid, atk.area, areas.size_of(atk), f.pos, cell, areas.layout_for(f, alive))
        return p * power.fill_worth(ctx, f, atk, action.targets, cells, lambda g, h: threat(ctx, g, h))
    push = planned_push(f, atk, ctx.options, action.push)
    centre = areas.centre_of(atk.area, f.pos, cell)
    size = areas.size_of(atk)
    layout = areas.layout_for(f, [g for g in st.fighters.values() if not g.dead])  # as the resolver lays it

    def covered(c: Cell) -> bool:
        return areas.covers(ctx.grid, atk.area, size, f.pos, cell, c, layout)

    total = 0.0
    for tid in action.targets:
        g = st.fighters[tid]
        if g.allegiance != f.allegiance and g.out_of_fight(ctx.options):
            continue
        lost = areas.explosion_dcs_lost(true_metres(centre, g.pos)) if atk.explosion else 0
        key = (g.id, atk.name, "area", action.levels, push // 5, lost, g.ko, "")
        taken = f.expected.get(key)
        if taken is None:
            taken = f.expected[key] = expected_taken(ctx, f, g, atk, "area", action.levels, push, 0, fallen=lost)
        value = p * share_of_fight(g, *taken)
        if value > dive_cost(g) and aborts.escape_path(ctx, g, f, covered):  # it would rather dive clear
            value = dive_cost(g)
        total += value if g.allegiance != f.allegiance else -value
    return total


def _grappling(ctx: RulesContext, f: Fighter, action: Action, dcv: Callable[[Fighter], int]) -> float:
    """The Grab family and Disarm (rules-powers §4.1-4.2), in the estimate's units: a Grab is the
    chance to hit times half the Squeeze it makes possible a Phase later (a foe held meanwhile is
    not counted: the AI lets go as soon as it has better to do; what its DCV penalty lets in until
    the grabber's next Phase is :func:`exposure_cost`'s, as for every maneuver); a Squeeze (or Crush) the harm of its STR blow and a quarter more for the hold it keeps, a Throw
    the same blow and half a Phase for a foe laid down (it lets go); a Choke Hold the chance to
    hit times its NND and half of the next one (its Squeeze);
    an Escape the chance to win the STR contest times two Phases of freedom; a Disarm the chance
    to hit times the chance to win the STR contest times what the weapon is worth to the foe
    (:func:`_weapon_worth`)."""
    st = ctx.state
    g = st.fighters[action.target]
    kind = action.kind
    if kind in ("squeeze", "throw"):  # a Squeeze keeps the hold (a quarter of another to come); a Throw
        # lays the foe down (half a Phase to stand, half its DCV meanwhile) and lets go
        harm = _blow(ctx, f, g, grabs.squeezing(f, kind == "throw"))
        return 1.25 * harm if kind == "squeeze" else harm + (0.0 if g.prone else 0.5 * powers.PHASE_LOST)
    if kind == "escape":
        return grabs.escape_chance(f, g) * 2 * powers.PHASE_LOST
    maneuver = ("grab by" if kind == "grab-by" else kind if kind in ("grab", "choke")
                or "Martial Disarm" not in f.sheet.martial_arts else "martial disarm")
    blow = grabs.CHOKE_GRAB if kind == "choke" else grabs.GRAB_ATTACK
    p = hit_chance(11 + ocv_chain(f, blow, g, MANEUVERS.get(maneuver), action.levels).value - dcv(g))
    if kind in ("grab", "grab-by"):  # its payoff is the Squeeze a Phase later (two Phases for one blow that cannot
        # miss); a Grab By's is the same from farther off, at its -3 OCV
        return p * 0.5 * _blow(ctx, f, g, grabs.squeezing(f))  # (its DCV's price: :func:`exposure_cost`)
    if kind == "choke":  # its NND now, and half of another a Phase later (as a Grab's Squeeze)
        return p * 1.5 * _blow(ctx, f, g, grabs.choke_hold(f))
    return p * grabs.contest_chance(grabs.disarming_str(f), g.ch.STR) * _weapon_worth(ctx, f, g, action.weapon)


def _weapon_worth(ctx: RulesContext, f: Fighter, g: Fighter, weapon: str) -> float:
    """A weapon knocked away is gone for the battle (rules-powers §4.2; picking it up is not
    modelled): the foe fights on with what else it has. What it loses is the weapon's share of
    its threat to ``f`` (its best other attack's expected harm against the weapon's, or its best
    weapon maneuver's, each as from where the two stand now: a simplification, as the disarmer
    ends next to it), for every Phase it would have used the weapon, each Phase worth
    :data:`.effect_power.PHASE_LOST` (a Phase of harm lost, as for an Entangle): as many Phases as
    its Charges still fire (a burst's shots a Phase), and counted no further than what finishes
    it (:data:`FINISHES_STUN`: a foe left with none of its harm is as good as knocked out, no
    better). An empty one (no Charges left) is worth nothing.

    (Until issue 40 the Phases were one Turn's, at most 4: a gun that was all of a foe's threat
    was worth under half a blow that knocks it out, and Disarm was taken 0 times in 320 battles.)"""
    def threat(atk: HeroAttack) -> float:
        p, value = estimate_one(ctx, g, f, atk, "strike", "")
        return p * value

    gun = g.attack(weapon)
    left = g.charges_left(gun)
    if left == 0:
        return 0.0  # an empty gun: nothing lost with it
    armed = max(threat(a) for a in g.sheet.attacks if a.name == weapon or a.weapon == weapon)  # its maneuvers too
    if armed <= 0:
        return 0.0
    rest = max((threat(a) for a in g.sheet.attacks if a.name != weapon and a.weapon != weapon and g.ready(a)
                and not a.effect and not a.presence and not a.area and g.charges_left(a) != 0), default=0.0)
    share = max(armed - rest, 0.0) / armed
    if left is None:
        return FINISHES_STUN * share
    uses = -(-left // max(gun.autofire, 1))  # Phases of fire its Charges still hold
    return min(powers.PHASE_LOST * uses, FINISHES_STUN) * share


def _slot_worth(ctx: RulesContext, f: Fighter, atk: HeroAttack, dcv: Callable[[Fighter], int]) -> float:
    """A Multipower slot not in use, as the AI weighs switching to it: the best Strike it could
    make this Phase at a foe in the fight it reaches (hand to hand: next to it or within a half
    move; ranged: in range and sight, or within a half move of range)."""
    if atk.helps or atk.presence or atk.area:
        return 0.0

    reach = cells(f, False) if not f.half_used else 0
    best = 0.0
    for g in ctx.state.fighters.values():
        if g.allegiance == f.allegiance or g.out_of_fight(ctx.options):
            continue
        d = distance(f.pos, g.pos)
        if atk.hth:
            near = d <= 1 + reach
        else:
            near = (d - reach) * METRES_PER_CELL <= atk.range_m and (d * METRES_PER_CELL > atk.range_m or
                                                                      ctx.grid.line_of_sight(f.pos, g.pos))
        if near:
            p, value = estimate_one(ctx, f, g, atk, "strike", "", dcv=dcv)
            best = max(best, p * value)
    return best


def _blow(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack) -> float:
    """The harm of a STR blow that needs no roll (a Squeeze): what it takes off ``g``'s fight."""
    key = (g.id, atk.name, "no roll", g.ko)
    taken = f.expected.get(key)
    if taken is None:
        taken = f.expected[key] = expected_taken(ctx, f, g, atk, "strike", "", 0, 0)
    return share_of_fight(g, *taken)


def listen_worth(ctx: RulesContext, f: Fighter, g: Fighter, dcv: Callable[[Fighter], int] = dcv_now) -> float:
    """The chance of ``f``'s PER roll (9 + INT/5) times what hearing ``g`` adds to ``f``'s best
    attack on it this Phase without moving (the Half Phase goes on the roll): its hit chance at
    ½ OCV rather than at its OCV unseen, times the harm of a hit."""
    now = senses.unseen(ctx, f, g)
    if not now or now == senses.HEARD:
        return 0.0
    best = 0.0
    for atk in f.sheet.attacks:
        if (atk.mental or atk.area or atk.presence or atk.helps or not f.ready(atk) or f.charges_left(atk) == 0
                or (atk.hth and distance(f.pos, g.pos) > 1)
                or (not atk.hth and true_metres(f.pos, g.pos) > atk.range_m)):
            continue
        before = hit_chance(11 + ocv_chain(f, atk, g, None, "", unseen=now).value - dcv(g))
        after = hit_chance(11 + ocv_chain(f, atk, g, None, "", unseen=senses.HEARD).value - dcv(g))
        if after <= before:
            continue
        _, value = estimate_one(ctx, f, g, atk, "strike", "", dcv=dcv)
        best = max(best, (after - before) * value)
    return hit_chance(characteristic_roll(f.ch.INT)) * best
