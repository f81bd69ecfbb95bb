"""Resolving one HERO attack, in the order the rules give it.

:func:`resolve_attack` is one attack from ``f`` on ``g`` with a maneuver of the table
(:mod:`.maneuvers`):

1. the target may Abort to a defensive maneuver (rules §1.5), if it can act;
2. pushing (an EGO roll in heroic games), then END for the attack, the STR and the push (an
   attacker whom paying STUN for END knocks out attacks no more);
3. a defensive maneuver the target has in force may stop the attack (a Block's roll);
4. the attack step (``slugfest_attack_step``: 3d6 against 11 + OCV - DCV) and, on a hit, the
   damage step (``slugfest_damage_step``), house rules wrapped around both;
5. the damage taken (:mod:`.effects`) and knockback.

Everything here reads the maneuver's entry for what the maneuver changes (its OCV, its added
damage classes, the way it moves first) and nothing else names a maneuver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..engine.actions import Asking
from ..engine.context import RulesContext
from . import events as ev
from . import maneuvers
from .aborts import offer_abort, offer_dives
from .attack import AttackRoll, autofire_hits
from . import areas, powers
from .chains import dcv_chain, defense_chain, ocv_chain, true_metres
from .combat_values import Modifier
from .damage import roll_normal
from .dice import DamageDice, active_points, damage_classes
from .effects import apply_damage, defenses, plain_damage, release_all, spend_end
from .endurance import in_whole_damage_classes, push_heroic, push_superheroic
from .locations import placed_penalty
from .knockback import impact_dice, knockback, knockback_dice
from .pricing import end_of
from .profile import DamageProfile, build_profile, fall_off, negate
from .resolve import AttackContext, DamageOutcome
from .rounding import characteristic_roll
from .sheet import HeroAttack, HeroOptions
from .state import Fighter

METRES_PER_CELL = 2

#: What one attack did: its roll, its damage (None on a miss) and whether the target was
#: knocked back; the whole is None when the attack never came (a Block stopped it).
Resolution = tuple[AttackRoll, DamageOutcome | None, bool]


def resolve_attack(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, *,
                   push: int = 0, levels: str = "", velocity_m: int = 0,
                   extra_ocv: tuple[Modifier, ...] = (), aim: str = "") -> Asking[Resolution | None]:
    """One attack from ``f`` on ``g`` (see the module's docstring); ``aim``: a placed shot's
    location (with the hit-location rule), at its OCV penalty. An Autofire attack fires its
    burst (:func:`shots_fired`), paying END and Charges for each shot, and each shot that hits
    (:func:`.attack.autofire_hits`) is damaged on its own, with its own knockback."""
    opts = ctx.options
    ctx.state.attacks += 1
    yield from offer_abort(ctx, g, f, atk, maneuver, levels, (*extra_ocv, placed_shot(aim, g)) if aim else extra_ocv)
    allowed = push_points(ctx, f, atk, push,
                          lambda points: counted_push(opts, f, atk, maneuver, levels, velocity_m, points))
    profile = damage_profile(opts, f, atk, maneuver, levels, allowed, velocity_m)
    shots = shots_fired(f, atk)
    what = f"{atk.name} (pushed {allowed})" if allowed else atk.name
    spend_end(ctx, f, shots * attack_end(f, atk, opts.campaign, opts.str_end) + allowed,
              f"{atk.name}, {shots} shots" if atk.autofire else what)
    if f.out_of_fight(opts):
        return None
    if atk.charges is not None:  # spent once the attack is made: not by an attacker END knocked out
        f.spend_charges(atk, shots)
        ctx.emit(ev.ChargeUsed(f.id, atk.name, f.charges_left(atk) or 0))
    if aim:
        extra_ocv = (*extra_ocv, placed_shot(aim, g))
    ocv = ocv_chain(f, atk, g, maneuver, levels, extra_ocv)
    for entry in maneuvers.STOPPERS:
        if entry.stops(ctx, g, f, atk, ocv):
            return None
    dcv = defense_chain(g, atk)
    defs = defenses(g, atk.defense)
    negated_from = ""
    if defs.negation and atk.kind in ("normal", "killing"):
        negated_from = str(profile.dice)
        profile = negate(profile, defs.negation, opts.killing_minus_one)
    actx = AttackContext("hero", f.id, g.id, atk, maneuver, ocv, dcv, profile, defs, g.ko, opts, aim)
    hit: AttackRoll = ctx.attack_step(actx)
    ctx.emit(ev.AttackRolled(f.id, g.id, atk.name, maneuver, ocv, dcv, hit.faces, hit.total, hit.needed,
                             hit.hit, hit.dcv_hit, hit.automatic, hit.notes))
    if not hit.hit:
        return hit, None, False
    if atk.effect:  # Entangle, Flash, Drain: the hit does what its entry says, not damage
        powers.POWERS[atk.kind].lands(ctx, f, g, atk, actx.profile)
        return hit, None, False
    hits = 1
    if atk.autofire:
        hits = autofire_hits(hit, shots)
        ctx.emit(ev.AutofireHits(f.id, g.id, atk.name, shots, max(hit.needed - hit.total, 0), hits))
    dmg, moved = _land(ctx, f, g, actx, hit, negated_from)
    if atk.falls and not (g.dead or g.prone or moved):  # Legsweep, Martial Throw: the target falls
        g.prone = True
        ctx.emit(ev.StatusChanged(g.id, "prone", True, f"falls: {atk.name}"))
    for _ in range(hits - 1):
        if g.dead:
            break
        if g.ko != actx.target_knocked_out:  # a later shot on a target the burst knocked out does x2 STUN
            actx = replace(actx, target_knocked_out=g.ko)
        dmg, shot_moved = _land(ctx, f, g, actx, hit, negated_from)
        moved = moved or shot_moved
    return hit, dmg, moved


def resolve_area(ctx: RulesContext, f: Fighter, aim_at: Fighter, atk: HeroAttack, *, push: int = 0,
                 levels: str = "") -> Asking[None]:
    """An Area Of Effect attack (rules-powers §1.4, :mod:`.areas`): a Radius centred on
    ``aim_at``'s cell, or a Cone or Line from ``f`` toward it. END, Charges and a push as for
    any attack; one roll against the target cell's DCV (3, or 0 next to the attacker), with the
    Range Modifier to a Radius's centre; nobody Dodges or Blocks an area, but before the roll each
    one inside may Abort to Dive for Cover out of it (:func:`.aborts.offer_dives`). On a hit
    everyone in the area, friend or foe, is hit, nearest the centre first: each rolls its own
    damage (an Explosion's a DC lighter for every 2 m from the centre), with no hit location, and
    is knocked back away from the centre (a Cone's or Line's user). A miss hits nothing (our
    reading: where a missed area lands is not modelled)."""
    opts = ctx.options
    ctx.state.attacks += 1
    allowed = push_points(ctx, f, atk, push, lambda points: counted_push(opts, f, atk, "area", levels, 0, points))
    profile = damage_profile(opts, f, atk, "area", levels, allowed, 0)
    spend_end(ctx, f, attack_end(f, atk, opts.campaign, opts.str_end) + allowed,
              f"{atk.name} (pushed {allowed})" if allowed else atk.name)
    if f.out_of_fight(opts):
        return
    if atk.charges is not None:
        f.spend_charges(atk)
        ctx.emit(ev.ChargeUsed(f.id, atk.name, f.charges_left(atk) or 0))
    origin, aim = f.pos, aim_at.pos
    ocv = ocv_chain(f, atk, aim_at, "area", levels)  # to the cell aimed at, whoever dives away
    yield from offer_dives(ctx, f, atk, origin, aim)
    dcv = areas.target_dcv(atk.area, origin, aim)
    actx = AttackContext("hero", f.id, aim_at.id, atk, "area", ocv, dcv, profile, defenses(aim_at, atk.defense),
                         aim_at.ko, opts, "", atk.area)
    hit: AttackRoll = ctx.attack_step(actx)
    ctx.emit(ev.AttackRolled(f.id, aim_at.id, atk.name, "area", ocv, dcv, hit.faces, hit.total, hit.needed,
                             hit.hit, hit.dcv_hit, hit.automatic, hit.notes))
    if not hit.hit:
        return
    inside = areas.affected(ctx.grid, atk.area, atk.area_m, origin, aim,
                            [(g.id, g.pos) for g in ctx.state.fighters.values() if not g.dead])
    friends = tuple(gid for gid in inside if ctx.state.fighters[gid].allegiance == f.allegiance)
    ctx.emit(ev.AreaHit(f.id, atk.name, atk.area, atk.area_m, aim, inside, friends))
    centre = areas.centre_of(atk.area, origin, aim)
    for gid in inside:
        g = ctx.state.fighters[gid]
        if g.dead:
            continue
        defs = defenses(g, atk.defense)
        own, negated_from = profile, ""
        if defs.negation and atk.kind in ("normal", "killing"):
            negated_from = str(own.dice)
            own = negate(own, defs.negation, opts.killing_minus_one)
        if atk.explosion:
            metres = true_metres(centre, g.pos)
            lost = areas.explosion_dcs_lost(metres)
            if lost:
                fallen = fall_off(own, lost, opts.killing_minus_one)
                ctx.emit(ev.DamageModified(g.id, atk.name, "explosion", lost,
                                           f"{own.dice} -> {fallen.dice} ({metres} m from the centre)", 0, 0))
                own = fallen
                if own.dice == DamageDice() and not (own.flat_stun or own.flat_body):
                    continue  # nothing left this far out
        gctx = replace(actx, target=g.id, profile=own, defenses=defs, target_knocked_out=g.ko)
        _land(ctx, f, g, gctx, hit, negated_from, away_from=centre if g.pos != centre else origin)


def maneuver_roll(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str,
                  levels: str = "") -> Asking[AttackRoll | None]:
    """The roll of a maneuver that does no damage of its own (a Grab, a Disarm: rules-powers
    §4.1-4.2): the target may Abort, the STR's END is paid, a Block in force may stop it, then the
    attack step against DCV. The roll, or None if it never came."""
    opts = ctx.options
    ctx.state.attacks += 1
    yield from offer_abort(ctx, g, f, atk, maneuver, levels)
    spend_end(ctx, f, attack_end(f, atk, opts.campaign, opts.str_end), maneuver.title())
    if f.out_of_fight(opts):
        return None
    ocv = ocv_chain(f, atk, g, maneuver, levels)
    for entry in maneuvers.STOPPERS:
        if entry.stops(ctx, g, f, atk, ocv):
            return None
    dcv = dcv_chain(g)
    actx = AttackContext("hero", f.id, g.id, atk, maneuver, ocv, dcv, damage_profile(opts, f, atk, "strike", levels, 0, 0),
                         defenses(g, "PD"), g.ko, opts)
    hit: AttackRoll = ctx.attack_step(actx)
    ctx.emit(ev.AttackRolled(f.id, g.id, atk.name, maneuver, ocv, dcv, hit.faces, hit.total, hit.needed,
                             hit.hit, hit.dcv_hit, hit.automatic, hit.notes))
    return hit


def _land(ctx: RulesContext, f: Fighter, g: Fighter, actx: AttackContext, hit: AttackRoll,
          negated_from: str, away_from: tuple[int, int] | None = None) -> tuple[DamageOutcome, bool]:
    """A hit's damage (the damage step, house rules wrapped around it), taken, then knockback
    (away from the attacker, or from ``away_from``): the damage and whether ``g`` was knocked back."""
    opts, atk, profile = ctx.options, actx.attack, actx.profile
    dmg: DamageOutcome = ctx.damage_step(actx, hit)
    r = dmg.roll
    if profile.negated:  # logged before the roll it changed
        gone = f" and {profile.negated_flat} of the levels' bonus" if profile.negated_flat else ""
        ctx.emit(ev.DamageModified(g.id, atk.name, "damage negation", profile.negated,
                                   f"{negated_from} -> {profile.dice}{gone}", 0, 0))
    ctx.emit(ev.DamageRolled(f.id, g.id, atk.name, r.kind, str(profile.base_dice), r.dice, profile.added,
                             profile.capped, r.faces, r.stun, r.body, r.multiplier, r.multiplier_face,
                             profile.flat, r.doubled, dmg.notes))
    apply_damage(ctx, g, r, dmg.taken, atk.name)
    moved = False
    if atk.knockback and opts.knockback != "off" and r.body > 0 and not g.dead:
        body = r.body
        if atk.knockback_multiplier != 1:
            body = r.body * atk.knockback_multiplier
            ctx.emit(ev.DamageModified(g.id, atk.name, "double knockback", atk.knockback_multiplier,
                                       "BODY for knockback", r.body, body))
        moved = knock_back(ctx, f, g, body, atk.kind == "killing", atk.martial_dcs is not None, away_from)
    return dmg, moved


def shots_fired(f: Fighter, atk: HeroAttack) -> int:
    """The shots one use of ``atk`` fires: 1, or an Autofire attack's whole burst, as many as its
    Charges left allow (our reading: a burst is always fired whole; rules-powers §1.5 pays END
    and Charges per shot)."""
    if not atk.autofire:
        return 1
    left = f.charges_left(atk)
    return atk.autofire if left is None else max(1, min(atk.autofire, left))


def placed_shot(aim: str, g: Fighter) -> Modifier:
    """A placed shot's OCV (seed OCV checklist step 5, a combat modifier), halved against a
    Stunned or Knocked-Out target (the seed's Stunning and Knockout paragraphs)."""
    return Modifier(5, f"placed shot: {aim}", placed_penalty(aim, g.stunned or g.ko))


def can_push(f: Fighter, atk: HeroAttack, opts: HeroOptions) -> bool:
    """Only what costs END can be pushed (6e: pushing spends extra END): not a 0-END power, and
    not one on Charges (its STR may cost END, but the power is what a push pushes). Nor an
    Autofire burst (our reading: each shot would need its own push), nor a power that does no
    damage (Entangle, Flash, Drain, Aid, Healing: our reading, its dice are not Damage Classes)."""
    return (atk.charges is None and not atk.autofire and not atk.effect
            and attack_end(f, atk, opts.campaign, opts.str_end) > 0)


def planned_push(f: Fighter, atk: HeroAttack, opts: HeroOptions, push: int) -> int:
    """The push the AI and the prompt count before the roll: as if allowed, at most 10 points,
    in whole Damage Classes; none for what cannot be pushed (:func:`can_push`)."""
    return in_whole_damage_classes(min(push, 10)) if can_push(f, atk, opts) else 0


def counted_push(opts: HeroOptions, f: Fighter, atk: HeroAttack, maneuver: str, levels: str, velocity_m: int,
                 allowed: int) -> int:
    """The pushed points that add damage: a push the doubling cap swallows, wholly or in part,
    counts (and costs END) only for the Damage Classes it added (our reading of pushing in
    whole DCs)."""
    if allowed <= 0:
        return 0
    profile = damage_profile(opts, f, atk, maneuver, levels, allowed, velocity_m)
    plain = damage_profile(opts, f, atk, maneuver, levels, 0, velocity_m)
    added = damage_classes(profile.dice, atk.kind) - damage_classes(plain.dice, atk.kind)
    return min(allowed, 5 * int(added)) if added > 0 else 0


def attack_end(f: Fighter, atk: HeroAttack, campaign: str, str_rule: str) -> int:
    """END for one use: the attack's own (given, or 1 per 10 Active Points) plus STR used
    (kept in the memo: it follows from the sheet and the options)."""
    key = ("end", atk.name, campaign, str_rule)
    end = f.memo.get(key)
    if end is None:
        end = f.memo[key] = end_of(atk, f.ch.STR, campaign, str_rule)
    return end


def damage_profile(opts: HeroOptions, f: Fighter, atk: HeroAttack, maneuver: str, levels: str, push: int,
                   velocity_m: int) -> DamageProfile:
    """The dice ``f`` rolls with ``atk`` (see :func:`build_profile`), worked out once per sheet."""
    csl = f.sheet.csl if levels == "damage" else 0
    velocity = _velocity_dcs(atk, maneuver, velocity_m) if velocity_m else 0
    key = ("profile", atk.name, maneuver, push // 5, csl, velocity)
    profile = f.memo.get(key)
    if profile is None:
        entry = maneuvers.MANEUVERS.get(maneuver)
        adds = (entry.title, entry.adds_dcs) if entry is not None and entry.adds_dcs else None
        profile = f.memo[key] = build_profile(atk, f.ch.STR, opts, maneuver=adds, push_dcs=push // 5,
                                              csl_for_damage=csl, velocity_dcs=velocity)
    return profile


def _velocity_dcs(atk: HeroAttack, maneuver: str, velocity_m: int) -> int:
    """The DCs velocity adds: a Move Through's +1 per 6 m, a Martial Throw's +1 per 10 m
    (``velocity_per_dc``, rules-powers §4.3)."""
    entry = maneuvers.MANEUVERS.get(maneuver)
    if entry is not None and entry.adds_velocity:
        return velocity_m // 6
    return velocity_m // atk.velocity_per_dc if atk.velocity_per_dc else 0


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
    ctx.emit(ev.Pushed(f.id, wanted, res.allowed, res.roll, res.needed, res.success))
    return res.allowed


#: How a knockback ends, as the damage roll names it and as the damage taken names its source.
_IMPACT_WALL = ("slams into a wall", "knockback (slams into a wall)")
_IMPACT_GROUND = ("hits the ground", "knockback (hits the ground)")


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
        ctx.emit(ev.KnockbackRolled(g.id, body, faces, kb.resistance, 0, outcome, start, start, False))
        return False
    if outcome == "knockdown":
        g.prone = True
        ctx.emit(ev.KnockbackRolled(g.id, body, faces, kb.resistance, 0, "knockdown", start, start, False))
        return False
    cells = -(-kb.metres // METRES_PER_CELL)
    taken = {h.pos for h in ctx.state.fighters.values() if h is not g and not h.dead}
    path, hit_wall = ctx.grid.push_line(g.pos, f.pos if away_from is None else away_from, cells, taken)
    if path:
        g.pos = path[-1]
        release_all(ctx, g, f"{g.name} was knocked back")  # a Grab does not survive the flight
    g.prone = True
    ctx.emit(ev.KnockbackRolled(g.id, body, faces, kb.resistance, kb.metres, "knockback", start, g.pos, hit_wall))
    n_impact = impact_dice(kb.metres, hit_wall)
    if n_impact and not g.dead:
        ifaces = ctx.dice.rolls(n_impact, 6, "knockback impact")
        roll = roll_normal(DamageDice(n_impact), ifaces)
        what, source = _IMPACT_WALL if hit_wall else _IMPACT_GROUND
        ctx.emit(ev.DamageRolled("knockback", g.id, what, "normal", roll.dice, roll.dice, (), False,
                                 ifaces, roll.stun, roll.body, 0, 0))
        plain_damage(ctx, g, roll, source)
    return True
