"""Resolving one HERO attack, in the order the rules give it.

:func:`resolve_attack` is one attack from ``f`` on ``g`` with ``entry``, a maneuver of the table
(:mod:`.maneuvers`), after the entry has offered the target its Abort (rules §1.5,
:mod:`.aborts`):

1. pushing (an EGO roll in heroic games), then END for the attack, the STR and the push (an
   attacker whom paying STUN for END knocks out attacks no more);
2. a defensive maneuver the target has in force may stop the attack (a Block's roll: the entry
   in force says, :attr:`.state.InForce.entry`);
3. the attack step (``slugfest_attack_step``: 3d6 against 11 + OCV - DCV) and, on a hit, the
   damage step (``slugfest_damage_step``), house rules wrapped around both;
4. the damage taken (:mod:`.effects`) and knockback.

Everything here reads the maneuvers' entries, the attacker's and the one in force on the target,
for what they change (OCV, added damage classes, a Block's roll) and nothing here names one: the
resolver asks no question of its own either (an area's Dive for Cover comes as ``before_roll``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..engine.actions import Asking
from ..engine.context import RulesContext
from ..rules.grid import Cell
from . import areas, powers, senses
from . import events as ev
from .attack import AttackRoll, autofire_hits
from .chains import dcv_chain, defense_chain, ocv_chain, true_metres
from .combat_values import CVChain, Modifier
from .damage import Defenses, roll_normal
from .dice import DamageDice, active_points
from .effects import apply_damage, defenses, plain_damage, release_all, spend_end
from .endurance import in_whole_damage_classes, push_heroic, push_superheroic
from .entry import Maneuver
from .knockback import impact_dice, knockback, knockback_dice
from .profile import DamageProfile, fall_off, negate
from .resolve import AttackContext, DamageOutcome
from .rounding import characteristic_roll
from .sheet import HeroAttack
from .state import Fighter
from .usage import attack_end, counted_push, damage_profile, placed_shot, shots_fired

METRES_PER_CELL = 2

#: What one attack did: its roll, its damage (None on a miss) and whether the target was
#: knocked back; the whole is None when the attack never came (a Block stopped it).
Resolution = tuple[AttackRoll, DamageOutcome | None, bool]


def _pay_for(ctx: RulesContext, f: Fighter, atk: HeroAttack, entry: Maneuver, push: int, levels: str,
             velocity_m: int = 0, shots: int = 1, burst: bool = False) -> DamageProfile | None:
    """What making an attack costs ``f`` (``shots`` of an Autofire ``burst``): the push allowed, the
    END for each shot and the push, then its Charges (spent once the attack is made, so not by
    an attacker the END knocks out). The attack's damage profile with the push, or None when
    paying put ``f`` out of the fight."""
    opts = ctx.options
    ctx.state.attacks += 1
    allowed = push_points(ctx, f, atk, push,
                          lambda points: counted_push(opts, f, atk, entry, levels, velocity_m, points))
    profile = damage_profile(opts, f, atk, entry, levels, allowed, velocity_m)
    what = f"{atk.name} (pushed {allowed})" if allowed else atk.name
    spend_end(ctx, f, shots * attack_end(f, atk, opts.campaign, opts.str_end) + allowed,
              f"{atk.name}, {shots} shots" if burst else what)
    if f.out_of_fight(opts):
        return None
    if atk.charges is not None:
        f.spend_charges(atk, shots)
        ctx.emit(ev.ChargeUsed(actor=f.id, attack=atk.name, left=f.charges_left(atk) or 0))
    return profile


def _negated(ctx: RulesContext, atk: HeroAttack, profile: DamageProfile,
             defs: Defenses) -> tuple[DamageProfile, str]:
    """The profile after the target's Damage Negation (a Normal or Killing attack only), and the
    dice it had before, for the log ("" when nothing was negated)."""
    if defs.negation and atk.kind in ("normal", "killing"):
        return negate(profile, defs.negation, ctx.options.killing_minus_one), str(profile.dice)
    return profile, ""


def _roll(ctx: RulesContext, actx: AttackContext) -> AttackRoll:
    """The attack step (the plugins' house rules around the roll), logged as ``AttackRolled``."""
    hit: AttackRoll = ctx.attack_step(actx)
    ctx.emit(ev.AttackRolled(attacker=actx.attacker, target=actx.target, attack=actx.attack.name,
                             maneuver=actx.maneuver, ocv=actx.ocv, dcv=actx.dcv, faces=hit.faces, total=hit.total,
                             needed=hit.needed, hit=hit.hit, dcv_hit=hit.dcv_hit, automatic=hit.automatic,
                             notes=hit.notes))
    return hit


def resolve_attack(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, entry: Maneuver, *,
                   push: int = 0, levels: str = "", velocity_m: int = 0,
                   extra_ocv: tuple[Modifier, ...] = (), aim: str = "") -> Resolution | None:
    """One attack from ``f`` on ``g`` with ``entry``'s maneuver (see the module's docstring);
    ``aim``: a placed shot's location (with the hit-location rule), at its OCV penalty. An
    Autofire attack fires its burst (:func:`.usage.shots_fired`), paying END and Charges for
    each shot, and each shot that hits (:func:`.attack.autofire_hits`) is damaged on its own,
    with its own knockback."""
    opts = ctx.options
    shots = shots_fired(f, atk)
    profile = _pay_for(ctx, f, atk, entry, push, levels, velocity_m, shots, burst=atk.autofire > 0)
    if profile is None:
        return None
    if aim:
        extra_ocv = (*extra_ocv, placed_shot(aim, g))
    ocv = ocv_chain(f, atk, g, entry, levels, extra_ocv, unseen=senses.unseen(ctx, f, g))
    if stopped(ctx, g, f, atk, ocv):
        return None
    dcv = defense_chain(g, atk, senses.unseen(ctx, g, f))
    defs = defenses(g, atk.defense)
    profile, negated_from = _negated(ctx, atk, profile, defs)
    actx = AttackContext(system="hero", attacker=f.id, target=g.id, attack=atk, maneuver=entry.name, ocv=ocv, dcv=dcv,
                         profile=profile, defenses=defs, target_knocked_out=g.ko, options=opts, aim=aim)
    hit = _roll(ctx, actx)
    if not hit.hit:
        return hit, None, False
    if atk.effect:  # Entangle, Flash, Drain: the hit does what its entry says, not damage
        powers.POWERS[atk.kind].lands(ctx, f, g, atk, actx.profile)
        return hit, None, False
    hits = 1
    if atk.autofire:
        hits = autofire_hits(hit, shots)
        ctx.emit(ev.AutofireHits(attacker=f.id, target=g.id, attack=atk.name, shots=shots,
                                 made_by=max(hit.needed - hit.total, 0), hits=hits))
    dmg, moved = _land(ctx, f, g, actx, hit, negated_from)
    if atk.falls and not (g.dead or g.prone or moved):  # Legsweep, Martial Throw: the target falls
        g.prone = True
        ctx.emit(ev.StatusChanged(actor=g.id, status="prone", active=True, why=f"falls: {atk.name}"))
    for _ in range(hits - 1):
        if g.dead:
            break
        if g.ko != actx.target_knocked_out:  # a later shot on a target the burst knocked out does x2 STUN
            actx = replace(actx, target_knocked_out=g.ko)
        dmg, shot_moved = _land(ctx, f, g, actx, hit, negated_from)
        moved = moved or shot_moved
    return hit, dmg, moved


def resolve_area(ctx: RulesContext, f: Fighter, aim: Cell, atk: HeroAttack, entry: Maneuver, *,
                 before_roll: Callable[[RulesContext, Fighter, HeroAttack, Cell, Cell, areas.Layout], Asking[None]],
                 push: int = 0, levels: str = "") -> Asking[None]:
    """An Area Of Effect attack (rules-powers §1.4, :mod:`.areas`) aimed at the cell ``aim``,
    whoever stands there: a Radius centred on it, a Surface or Any Area laid from it (around the
    foes as they stand now, :func:`.areas.layout_for`), or a Cone or Line from ``f`` toward it.
    END, Charges and a push as for any attack (an Autofire area's for every shot); one roll
    against the target cell's DCV (3, or 0 next to the attacker), with the Range Modifier to
    the cell of a placed area; nobody Dodges or Blocks an area, but before the roll each one
    inside may Abort to Dive for Cover out of it (``before_roll``, the entry's offer:
    :func:`.aborts.offer_dives`, asked with the attacker, the attack, its origin, aim and
    layout). On a hit everyone in the area, friend or foe, is hit, nearest the centre first:
    each rolls its own damage (an Explosion's a DC lighter for every 2 m from the centre), with
    no hit location, and is knocked back away from the centre (a Cone's or Line's user). An
    Autofire area's burst hits the area once and once more for every 2 points the roll is made
    by (:func:`.attack.autofire_hits`), each hit on everyone inside (our reading of rules-powers
    §1.5 with §1.4: the burst is not walked). A miss hits nothing (our reading: where a missed
    area lands is not modelled)."""
    opts = ctx.options
    shots = shots_fired(f, atk)
    profile = _pay_for(ctx, f, atk, entry, push, levels, shots=shots, burst=atk.autofire > 0)
    if profile is None:
        return
    fighters = ctx.state.fighters
    origin, size = f.pos, areas.size_of(atk)
    layout = areas.layout_for(f, fighters.values())  # the attacker shapes a laid area as things stand
    there = next((g for g in fighters.values() if g.pos == aim and not g.dead), None)
    ctx.emit(ev.AreaAimed(attacker=f.id, attack=atk.name, shape=atk.area, size=size, cell=aim,
                          target=there.id if there is not None else ""))
    ocv = ocv_chain(f, atk, there, entry, levels, at=aim,  # to the cell aimed at, whoever dives away
                    unseen=senses.unseen_cell(ctx, f, aim))
    power = powers.POWERS.get(atk.kind)
    if power is None or power.fills is None:  # nobody Dives for Cover from a field: it does no harm
        yield from before_roll(ctx, f, atk, origin, aim, layout)
    dcv = areas.target_dcv(atk.area, origin, aim)
    actx = AttackContext(system="hero", attacker=f.id, target=there.id if there is not None else "", attack=atk,
                         maneuver=entry.name, ocv=ocv, dcv=dcv, profile=profile,
                         defenses=defenses(there if there is not None else f, atk.defense),
                         target_knocked_out=there is not None and there.ko, options=opts, aim="", area=atk.area)
    hit = _roll(ctx, actx)
    if not hit.hit:
        return
    if power is not None and power.fills is not None:  # a Darkness, an Images: the cells, not who is in them
        power.fills(ctx, f, atk, aim, areas.cells_of(ctx.grid, atk.area, size, origin, aim, layout))
        return
    inside = areas.affected(ctx.grid, atk.area, size, origin, aim,
                            [(g.id, g.pos) for g in fighters.values() if not g.dead], layout)
    friends = tuple(gid for gid in inside if fighters[gid].allegiance == f.allegiance)
    ctx.emit(ev.AreaHit(attacker=f.id, attack=atk.name, shape=atk.area, metres=atk.area_m, cell=aim, inside=inside,
                        friends=friends, cells=atk.area_cells))
    hits = 1
    if atk.autofire:
        hits = autofire_hits(hit, shots)
        ctx.emit(ev.AutofireHits(attacker=f.id, target=actx.target, attack=atk.name, shots=shots,
                                 made_by=max(hit.needed - hit.total, 0), hits=hits))
    centre = areas.centre_of(atk.area, origin, aim)
    for gid in inside:
        g = fighters[gid]
        if g.dead:
            continue
        defs = defenses(g, atk.defense)
        own, negated_from = _negated(ctx, atk, profile, defs)
        if atk.explosion:
            metres = true_metres(centre, g.pos)
            lost = areas.explosion_dcs_lost(metres)
            if lost:
                fallen = fall_off(own, lost, opts.killing_minus_one)
                ctx.emit(ev.DamageModified(target=g.id, attack=atk.name, modifier="explosion", level=lost,
                                           part=f"{own.dice} -> {fallen.dice} ({metres} m from the centre)", before=0,
                                           after=0))
                own = fallen
                if own.dice == DamageDice() and not (own.flat_stun or own.flat_body):
                    continue  # nothing left this far out
        for _ in range(hits):
            if g.dead:
                break
            gctx = replace(actx, target=g.id, profile=own, defenses=defs, target_knocked_out=g.ko)
            _land(ctx, f, g, gctx, hit, negated_from, away_from=centre if g.pos != centre else origin)


def maneuver_roll(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, entry: Maneuver,
                  levels: str = "") -> AttackRoll | None:
    """The roll of a maneuver that does no damage of its own (a Grab, a Disarm: rules-powers
    §4.1-4.2), after the entry has offered the target its Abort: the STR's END is paid, a Block
    in force may stop it, then the attack step against DCV. The roll, or None if it never came."""
    opts = ctx.options
    ctx.state.attacks += 1
    spend_end(ctx, f, attack_end(f, atk, opts.campaign, opts.str_end), entry.name.title())
    if f.out_of_fight(opts):
        return None
    ocv = ocv_chain(f, atk, g, entry, levels, unseen=senses.unseen(ctx, f, g))
    if stopped(ctx, g, f, atk, ocv):
        return None
    dcv = dcv_chain(g, senses.unseen(ctx, g, f))
    actx = AttackContext(system="hero", attacker=f.id, target=g.id, attack=atk, maneuver=entry.name, ocv=ocv, dcv=dcv,
                         profile=damage_profile(opts, f, atk, None, levels, 0, 0), defenses=defenses(g, "PD"),
                         target_knocked_out=g.ko, options=opts)
    hit: AttackRoll = ctx.attack_step(actx)
    ctx.emit(ev.AttackRolled(attacker=f.id, target=g.id, attack=atk.name, maneuver=entry.name, ocv=ocv, dcv=dcv,
                             faces=hit.faces, total=hit.total, needed=hit.needed, hit=hit.hit, dcv_hit=hit.dcv_hit,
                             automatic=hit.automatic, notes=hit.notes))
    return hit


def stopped(ctx: RulesContext, g: Fighter, f: Fighter, atk: HeroAttack, ocv: CVChain) -> bool:
    """Whether the maneuver ``g`` has in force stops ``f``'s attack before its roll (a Block's
    own roll, :attr:`.entry.Maneuver.stops`), if it still stands."""
    held = g.in_force
    return held is not None and held.stands and held.entry.stops is not None and held.entry.stops(ctx, g, f, atk, ocv)


def _land(ctx: RulesContext, f: Fighter, g: Fighter, actx: AttackContext, hit: AttackRoll,
          negated_from: str, away_from: tuple[int, int] | None = None) -> tuple[DamageOutcome, bool]:
    """A hit's damage (the damage step, house rules wrapped around it), taken, then knockback
    (away from the attacker, or from ``away_from``): the damage and whether ``g`` was knocked back."""
    opts, atk, profile = ctx.options, actx.attack, actx.profile
    dmg: DamageOutcome = ctx.damage_step(actx, hit)
    r = dmg.roll
    if profile.negated:  # logged before the roll it changed
        gone = f" and {profile.negated_flat} of the levels' bonus" if profile.negated_flat else ""
        ctx.emit(ev.DamageModified(target=g.id, attack=atk.name, modifier="damage negation", level=profile.negated,
                                   part=f"{negated_from} -> {profile.dice}{gone}", before=0, after=0))
    ctx.emit(ev.DamageRolled(attacker=f.id, target=g.id, attack=atk.name, damage_kind=r.kind,
                             base_dice=str(profile.base_dice), dice=r.dice, added=profile.added, capped=profile.capped,
                             faces=r.faces, stun=r.stun, body=r.body, multiplier=r.multiplier,
                             multiplier_face=r.multiplier_face, flat=profile.flat, doubled=r.doubled, notes=dmg.notes))
    apply_damage(ctx, g, r, dmg.taken, atk.name)
    moved = False
    if atk.knockback and opts.knockback != "off" and r.body > 0 and not g.dead:
        body = r.body
        if atk.knockback_multiplier != 1:
            body = r.body * atk.knockback_multiplier
            ctx.emit(ev.DamageModified(target=g.id, attack=atk.name, modifier="double knockback",
                                       level=atk.knockback_multiplier, part="BODY for knockback", before=r.body,
                                       after=body))
        moved = knock_back(ctx, f, g, body, atk.kind == "killing", atk.martial_dcs is not None, away_from)
    return dmg, moved


def push_points(ctx: RulesContext, f: Fighter, atk: HeroAttack, wanted: int,
                counts: Callable[[int], int] = lambda points: points) -> int:
    """Pushing: the points allowed (an EGO roll first in heroic games, or if the option says),
    in whole Damage Classes (:func:`.endurance.in_whole_damage_classes`), and of them those
    that ``counts`` says add damage (the doubling cap)."""
    if wanted <= 0:
        return 0
    opts = ctx.options
    if opts.campaign == "heroic" or opts.push_roll_superheroic:
        faces = ctx.dice.rolls(3, 6, "push")
        res = push_heroic(wanted, (faces[0], faces[1], faces[2]), characteristic_roll(f.ch.EGO))
        if opts.campaign != "heroic" and res.success:
            res = replace(res, allowed=min(wanted, 10))
    else:
        points = int(atk.active_points or active_points(atk.dice, atk.kind) or f.ch.STR)
        res = push_superheroic(wanted, points)
    res = replace(res, allowed=counts(in_whole_damage_classes(res.allowed)))
    ctx.emit(ev.Pushed(actor=f.id, wanted=wanted, allowed=res.allowed, faces=res.roll, needed=res.needed,
                       success=res.success))
    return res.allowed


#: How a knockback ends, as the damage roll names it and as the damage taken names its source.
_IMPACT_WALL = ("slams into a wall", "knockback (slams into a wall)")
_IMPACT_GROUND = ("hits the ground", "knockback (hits the ground)")


def _stopper(ctx: RulesContext, g: Fighter, origin: Cell, cells: int, travelled: int) -> str:
    """What stopped ``g``'s flight of ``cells`` after ``travelled`` (asked before it moves): "edge"
    (the map's), "wall", or the id of the combatant in the way, for the log to say which (issue 37)."""
    cell = ctx.grid.push_stopper(g.pos, origin, cells, travelled)
    if not ctx.grid.inside(cell):
        return "edge"
    if cell in ctx.grid.obstacles:
        return "wall"
    return next((h.id for h in ctx.state.fighters.values() if h.pos == cell and h is not g and not h.dead), "wall")


def knock_back(ctx: RulesContext, f: Fighter, g: Fighter, body: int, killing: bool, martial: bool = False,
               away_from: tuple[int, int] | None = None) -> bool:
    """Knockback (seed): BODY rolled minus 2d6 (+1d6 Killing or a Martial Maneuver, hero6e.md §6;
    -1d6 flying); 0 is a knockdown;
    each point 2 m straight away from the attacker (or ``away_from``: an area's centre), less
    knockback resistance; the landing hurts (more if something stops the flight). Whether ``g``
    was moved."""
    opts = ctx.options
    faces = ctx.dice.rolls(knockback_dice(killing, g.sheet.flying, martial), 6, "knockback")
    kb = knockback(body, faces, g.sheet.knockback_resistance)
    start = g.pos
    outcome = kb.outcome
    if outcome == "knockback" and opts.knockback == "knockdown":
        outcome = "knockdown"
    if outcome in ("none", "resisted"):
        ctx.emit(ev.KnockbackRolled(target=g.id, body=body, faces=faces, resistance=kb.resistance, metres=0,
                                    outcome=outcome, start=start, end=start, hit_wall=False))
        return False
    if outcome == "knockdown":
        g.prone = True
        ctx.emit(ev.KnockbackRolled(target=g.id, body=body, faces=faces, resistance=kb.resistance, metres=0,
                                    outcome="knockdown", start=start, end=start, hit_wall=False))
        return False
    cells = -(-kb.metres // METRES_PER_CELL)
    taken = {h.pos for h in ctx.state.fighters.values() if h is not g and not h.dead}
    origin = f.pos if away_from is None else away_from
    path, hit_wall = ctx.grid.push_line(g.pos, origin, cells, taken)
    stopped_by = _stopper(ctx, g, origin, cells, len(path)) if hit_wall else ""
    if path:
        g.pos = path[-1]
        release_all(ctx, g, f"{g.name} was knocked back")  # a Grab does not survive the flight
    g.prone = True
    ctx.emit(ev.KnockbackRolled(target=g.id, body=body, faces=faces, resistance=kb.resistance, metres=kb.metres,
                                outcome="knockback", start=start, end=g.pos, hit_wall=hit_wall, stopped_by=stopped_by))
    n_impact = impact_dice(kb.metres, hit_wall)
    if n_impact and not g.dead:
        ifaces = ctx.dice.rolls(n_impact, 6, "knockback impact")
        roll = roll_normal(DamageDice(n_impact), ifaces)
        what, source = _IMPACT_WALL if hit_wall else _IMPACT_GROUND
        ctx.emit(ev.DamageRolled(attacker="knockback", target=g.id, attack=what, damage_kind="normal",
                                 base_dice=roll.dice, dice=roll.dice, added=(), capped=False, faces=ifaces,
                                 stun=roll.stun, body=roll.body, multiplier=0, multiplier_face=0))
        plain_damage(ctx, g, roll, source)
    return True
