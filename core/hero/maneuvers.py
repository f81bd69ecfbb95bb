"""The HERO maneuvers and actions, one entry each: the table the menu, the resolver, the AI
estimate and the log all read.

An entry says everything one maneuver is (6E1's maneuver table and the seed's Combat chapter):
its OCV and DCV modifiers, whether it takes a full Phase, the damage classes it adds, when it
may be offered and to whom (an attack maneuver: which attacks may use it and what reach it needs
of a target, :attr:`Maneuver.attacks` and :attr:`Maneuver.reach`; the rest: :attr:`Maneuver.offer`),
how it is carried out (:attr:`Maneuver.perform`), the condition it sets (:attr:`Maneuver.start`),
whether a character may Abort to it, and whether, in force, it may stop an incoming attack
(:attr:`Maneuver.stops`).
What a maneuver sets on its user lasts until the user's next Phase (:func:`lapse`), except a
Dodge or Block taken by Aborting, which lasts to the end of that Phase's Segment (rules §1.5).

Adding a maneuver is one entry here, in menu order, plus its tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import islice
from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking
from ..engine.context import RulesContext
from ..rules.grid import distance
from . import areas, combat, senses
from . import events as ev
from .aborts import BLOCK, DIVE, DODGE, offer_abort, offer_dives
from .chains import dcv_chain
from .combat_values import Modifier
from .damage import DamageRoll, take_damage
from .effects import apply_damage, defenses
from .entry import Maneuver, always, put_in_force
from .grab_maneuvers import CHOKE, DISARM, ESCAPE, GRAB, GRAB_BY, MARTIAL_DISARM, SQUEEZE, THROW
from .movement import METRES_PER_CELL, cells, close_in, move, occupied, phase_cells, toward, walk_next_to
from .power_actions import AID, BREAK_OUT, DROP, LISTEN, PRESENCE, SWITCH
from .sheet import HeroAttack
from .state import Fighter, PendingHaymaker
from .rounding import hero_round
from .usage import placed_shot, strength_used

if TYPE_CHECKING:
    from .tactics import Picture

HALF = Fraction(1, 2)


# -- attacking -------------------------------------------------------------------------------

def strike(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, entry: Maneuver, *, push: int = 0,
           levels: str = "", velocity_m: int = 0, extra_ocv: tuple[Modifier, ...] = (),
           aim: str = "") -> Asking[combat.Resolution | None]:
    """One attack with ``entry``'s maneuver: the target is offered its Abort (:func:`.aborts.offer_abort`,
    with the odds as things stand), then the attack is resolved (:func:`.combat.resolve_attack`)."""
    yield from offer_abort(ctx, g, f, atk, entry, levels, (*extra_ocv, placed_shot(aim, g)) if aim else extra_ocv)
    return combat.resolve_attack(ctx, f, g, atk, entry, push=push, levels=levels, velocity_m=velocity_m,
                                 extra_ocv=extra_ocv, aim=aim)


def _attack(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """Strike, Set and Brace: a hand-to-hand attacker first walks up to a half move to reach."""
    g = ctx.state.fighters[a.target]
    atk = f.attack(a.attack)
    moved_m = close_in(ctx, f, g, atk)
    entry = MANEUVERS[a.maneuver]
    put_in_force(f, entry, attack_dcv=atk.dcv)  # a Martial Arts maneuver's DCV, to its next Phase
    yield from strike(ctx, f, g, atk, entry, push=a.push, levels=a.levels, aim=a.aim,
                      velocity_m=moved_m if atk.velocity_per_dc else 0)  # a Martial Throw's +v/10


STRIKE = Maneuver("strike", "attack", "Strike", "6E1 maneuver table: Strike, +0 OCV +0 DCV", _attack,
                  attacks="any", reach="strike")

#: Pulling a Punch rides on a Strike the menu offers (as a push does): it is not a menu line of
#: its own, since no AI wants less damage; the check lets a player pull any Strike of Normal damage.
PULL = Maneuver("pull", "attack", "Pulled Punch", "rules-powers §4.5: Pulling a Punch, -1 OCV per 5d6, the BODY "
                "rolled halved", _attack, pulls=True)


def _wind_up(ctx: RulesContext, f: Fighter, a: Action) -> None:
    """Haymaker: the blow lands at the end of the next Segment (see :func:`land_haymaker`)."""
    g = ctx.state.fighters[a.target]
    atk = f.attack(a.attack)
    close_in(ctx, f, g, atk)
    lands = ctx.state.abs_segment + 1
    f.haymaker = PendingHaymaker(g.id, atk.name, lands, a.push, a.levels, a.aim)
    put_in_force(f, HAYMAKER)
    ctx.emit(ev.HaymakerWindup(actor=f.id, target=g.id, attack=atk.name, lands_turn=(lands - 1) // 12 + 1,
                               lands_segment=(lands - 1) % 12 + 1))


def land_haymaker(ctx: RulesContext, f: Fighter) -> Asking[None]:
    """At the end of the Segment after the wind-up the Haymaker lands, unless its thrower was
    Stunned or put out of the fight, its target died, or a hand-to-hand target left its reach."""
    h = f.haymaker
    assert h is not None
    f.haymaker = None
    g = ctx.state.fighters[h.target]
    why = ""
    if f.out_of_fight(ctx.options) or f.stunned:
        why = f"{f.name} is no longer able to throw it"
    elif g.dead:
        why = f"{g.name} is already dead"
    elif f.attack(h.attack).hth and distance(f.pos, g.pos) > 1:
        why = f"{g.name} is out of reach"
    if why:
        ctx.emit(ev.HaymakerFizzled(actor=f.id, target=g.id, why=why))
        return
    yield from strike(ctx, f, g, f.attack(h.attack), HAYMAKER, push=h.push, levels=h.levels, aim=h.aim)


HAYMAKER = Maneuver("haymaker", "attack", "Haymaker", "6E1 maneuver table: Haymaker, +4 DC, -5 DCV, lands a "
                    "Segment later (the seed: at the end of the next Segment)", _wind_up,
                    attacks="hth", reach="strike", dcv=(Modifier(4, "Haymaker", -5),), adds_dcs=4)


def _charge(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """Move Through: a full move at the target, then the blow; the attacker takes half the damage
    it rolled if the target is knocked back, all of it otherwise."""
    g = ctx.state.fighters[a.target]
    atk = f.attack(a.attack)
    path = walk_next_to(ctx, f, g, cells(f, True)) or []
    moved_m = move(ctx, f, path, f"charges at {g.name}")
    put_in_force(f, MOVE_THROUGH)
    ocv = (Modifier(4, f"Move Through at {moved_m} m", -(moved_m // 10)),) if moved_m >= 10 else ()
    outcome = yield from strike(ctx, f, g, atk, MOVE_THROUGH, push=a.push, levels=a.levels, velocity_m=moved_m,
                                extra_ocv=ocv)
    if outcome is not None and outcome[1] is not None and not f.dead:
        roll, knocked_back = outcome[1].roll, outcome[2]
        share = "half" if knocked_back else "all"
        stun = roll.stun // 2 if knocked_back else roll.stun
        body = roll.body // 2 if knocked_back else roll.body
        _recoil(ctx, f, stun, body, f"Move Through: takes {share} of the damage it rolled")


def _recoil(ctx: RulesContext, f: Fighter, stun: int, body: int, why: str) -> None:
    roll = DamageRoll("normal", "", (), stun, body)
    taken = take_damage(roll, defenses(f, "PD"), "", ctx.options.minimum_stun)
    ctx.emit(ev.DamageRolled(attacker=f.id, target=f.id, attack=why, damage_kind="normal", base_dice="", dice="",
                             added=(), capped=False, faces=(), stun=stun, body=body, multiplier=0, multiplier_face=0))
    apply_damage(ctx, f, roll, taken, why)


MOVE_THROUGH = Maneuver("move through", "move-through", "Move Through", "6E1 maneuver table: Move Through, "
                        "-1 OCV per 10 m, -3 DCV, +1 DC per 6 m; the attacker takes damage too", _charge,
                        full_phase=True, attacks="hth", reach="charge", str_only=True,
                        dcv=(Modifier(4, "Move Through", -3),), velocity_per_dc=6)


def _pass_by(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """Move By: a full move up to the target and a blow in passing, with half the STR and +1 DC
    per 10 m moved; on a hit the attacker takes a third of the STUN and BODY it rolled
    (HERO-rounded), against its PD. Our reading: the pass ends beside the target (moving on past
    it is not modelled)."""
    g = ctx.state.fighters[a.target]
    atk = f.attack(a.attack)
    path = walk_next_to(ctx, f, g, cells(f, True)) or []
    moved_m = move(ctx, f, path, f"moves by {g.name} (STR {f.ch.STR} halved to {strength_used(f, MOVE_BY)} for the "
                                 f"blow)")
    put_in_force(f, MOVE_BY)
    outcome = yield from strike(ctx, f, g, atk, MOVE_BY, push=a.push, levels=a.levels, velocity_m=moved_m)
    if outcome is not None and outcome[1] is not None and not f.dead:
        roll = outcome[1].roll
        share = MOVE_BY.recoil
        _recoil(ctx, f, hero_round(roll.stun * share), hero_round(roll.body * share),
                "Move By: takes a third of the damage it rolled")


MOVE_BY = Maneuver("move by", "attack", "Move By", "6E1 maneuver table: Move By, -2 OCV -2 DCV, (STR/2 + v/10)d6; "
                   "the attacker takes a third of it", _pass_by, full_phase=True, attacks="hth", reach="charge",
                   str_only=True, ocv_before_range=(Modifier(4, "Move By", -2),), dcv=(Modifier(4, "Move By", -2),),
                   velocity_per_dc=10, halves_str=True, recoil=Fraction(1, 3))

BRACE = Maneuver("brace", "attack", "Brace", "6E1 maneuver table: Brace, +2 OCV against the Range Modifier, "
                 "½ DCV", _attack, attacks="ranged", reach="strike", offsets_range=2,
                 dcv=(Modifier(7, "Brace", factor=HALF),))

SET = Maneuver("set", "attack", "Set", "6E1 maneuver table: Set, +1 OCV, a full Phase", _attack,
               full_phase=True, attacks="ranged", reach="strike", ocv_before_range=(Modifier(4, "Set", 1),))


def _area(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """An Area Of Effect attack at the cell aimed at, made from where its user stands (see
    :func:`.combat.resolve_area`)."""
    yield from combat.resolve_area(ctx, f, areas.aim_of(a, ctx.state.fighters), f.attack(a.attack), AREA,
                                   before_roll=offer_dives, push=a.push, levels=a.levels)


AREA = Maneuver("area", "attack", "Area Of Effect", "rules-powers §1.4: one roll against DCV 3 at the target cell "
                "(0 next to the attacker), everyone inside hit", _area, attacks="area", reach="area")


def _screen(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """An Images laid over its user's own side: rolled and laid as any area is (:func:`_area`);
    an action of its own so that no mind mistakes hiding its friends for hitting them."""
    yield from _area(ctx, f, a)


SCREEN = Maneuver("screen", "screen", "Images over its own side", "rules-powers §1.4 (its area), §3.3 (unseen); "
                  "docs/rules.md, Images", _screen)


def _multiple(ctx: RulesContext, f: Fighter, a: Action) -> Asking[None]:
    """Multiple Attack: each strike after the first at -2 OCV more, the sequence ending at the
    first miss (or once the attacker is out of the fight)."""
    put_in_force(f, MULTIPLE_ATTACK)
    for i, (an, tid) in enumerate(zip(a.attacks, a.targets)):
        g = ctx.state.fighters[tid]
        extra = (Modifier(4, "Multiple Attack", -2 * i),) if i else ()
        res = yield from strike(ctx, f, g, f.attack(an), MULTIPLE_ATTACK, push=a.push if i == 0 else 0,
                                levels=a.levels, extra_ocv=extra)
        if res is None or not res[0].hit or f.out_of_fight(ctx.options):
            if i + 1 < len(a.attacks):
                ctx.emit(ev.PhaseSkipped(actor=f.id, reason="Multiple Attack sequence ends at the first miss"))
            break


#: The most Multiple Attacks a menu offers (the first found, in the order :func:`_multiples` gives).
MOST_MULTIPLES = 24


def _offer_multiple(pic: Picture) -> list[Action]:
    """Two attacks without moving: two on one target, or one attack on two (at most
    :data:`MOST_MULTIPLES`; the rest are never made: a crowd in reach has hundreds of pairs)."""
    if not pic.full_phase:
        return []
    return list(islice(_multiples(pic), MOST_MULTIPLES))


def _multiples(pic: Picture) -> Iterator[Action]:
    """Every Multiple Attack of two attacks the actor can make without moving, in menu order:
    two attacks on one target (by target), then one attack on two targets (by attack, then by
    the pair of targets)."""
    by_attack: dict[str, list[str]] = {}
    for tid, names in pic.still.items():
        for n in names:
            by_attack.setdefault(n, []).append(tid)
        if len(names) >= 2:
            yield pic.action("multiple-attack", attacks=(names[0], names[1]), targets=(tid, tid),
                             maneuver="multiple attack")
    for n, tids in by_attack.items():
        left = pic.f.charges_left(pic.f.attack(n))
        if left is not None and left < 2:
            continue  # the same attack twice needs two Charges
        tids = sorted(tids)
        for i in range(len(tids)):
            for j in range(i + 1, len(tids)):
                yield pic.action("multiple-attack", attacks=(n, n), targets=(tids[i], tids[j]),
                                 maneuver="multiple attack")


MULTIPLE_ATTACK = Maneuver("multiple attack", "multiple-attack", "Multiple Attack", "6E1 maneuver table: "
                           "Multiple Attack, -2 OCV per attack after the first, ½ DCV, a full Phase", _multiple,
                           full_phase=True, dcv=(Modifier(7, "Multiple Attack", factor=HALF),),
                           offer=_offer_multiple)


# -- moving ----------------------------------------------------------------------------------

def _move(ctx: RulesContext, f: Fighter, a: Action) -> None:
    within = phase_cells(f)
    if a.destination is not None:
        path = ctx.grid.path(f.pos, a.destination, occupied(ctx.state, f), limit=within) or []
        move(ctx, f, path, "moves")
    else:
        g = ctx.state.fighters[a.target]
        move(ctx, f, toward(ctx, f, g)[:within], f"moves toward {g.name}")


def _offer_moves(pic: Picture) -> list[Action]:
    f, grid, dist = pic.f, pic.ctx.grid, pic.dist
    if f.entangle is not None:
        return []  # held: it cannot move (rules-powers §3.2)
    return [pic.action("move", target=g.id) for g in pic.standing
            if dist[g.id] > 1 and grid.connected(f.pos, g.pos)]


MOVE = Maneuver("move", "move", "Move", "the seed: a full Phase's combat movement (half to strike as well)",
                _move, offer=_offer_moves)


def _retreat(ctx: RulesContext, f: Fighter, a: Action) -> None:
    g = ctx.state.fighters[a.target]
    path = ctx.grid.step_away(f.pos, g.pos, phase_cells(f), occupied(ctx.state, f))
    move(ctx, f, path, f"falls back from {g.name}")


def _offer_retreat(pic: Picture) -> list[Action]:
    if not pic.standing or pic.f.entangle is not None:
        return []
    dist = pic.dist
    nearest = min(pic.standing, key=lambda g: (dist[g.id], g.id))
    if pic.ctx.grid.can_step_away(pic.f.pos, nearest.pos, pic.occupied):
        return [pic.action("retreat", target=nearest.id)]
    return []


RETREAT = Maneuver("retreat", "retreat", "Retreat", "combat movement away from the nearest foe", _retreat,
                   offer=_offer_retreat)


# -- defending, resting, waiting ---------------------------------------------------------------

def _recover(ctx: RulesContext, f: Fighter, a: Action) -> None:
    """A Recovery action: ½ DCV now, REC back at the end of the Segment (the clock takes it)."""
    f.recovering = True
    ctx.state.recovering_now.append(f.id)
    senses.lift(ctx, f, "taking a Recovery: it cannot keep a power up while recovering (rules §4.4)")
    ctx.emit(ev.DefenseTaken(actor=f.id, maneuver="recovery", dcv=dcv_chain(f).value))


def _offer_recover(pic: Picture) -> list[Action]:
    """A Recovery, when the Phase is whole (it takes a full Phase)."""
    return [Action("recover")] if pic.full_phase else []


RECOVER = Maneuver("recover", "recover", "Recovery", "the seed: Recovery, a full Phase, ½ DCV", _recover,
                   full_phase=True, offer=_offer_recover)


def _hold(ctx: RulesContext, f: Fighter, a: Action) -> None:
    """Holding: the Phase is kept to act later in this Segment or a later one (the actor is
    queued again at the end of this Segment's order); lost when its next Phase comes."""
    st = ctx.state
    f.held = True
    if f.held_requeued_at != st.abs_segment and st.queue is not None:
        f.held_requeued_at = st.abs_segment
        st.queue.append(f.id)
    ctx.emit(ev.StatusChanged(actor=f.id, status="holding", active=True, why="holds its Phase"))


HOLD = Maneuver("hold", "hold", "Hold", "the seed: Holding an action", _hold, offer=always("hold"))


# -- the table ---------------------------------------------------------------------------------

#: Every maneuver and action, by name, in menu order.
MANEUVERS: dict[str, Maneuver] = {m.name: m for m in (
    STRIKE, PULL, HAYMAKER, MOVE_THROUGH, MOVE_BY, BRACE, SET, AREA, SCREEN, MULTIPLE_ATTACK, GRAB, GRAB_BY, CHOKE,
    SQUEEZE, THROW, ESCAPE, DISARM, MARTIAL_DISARM, PRESENCE, SWITCH, DROP, LISTEN, AID, BREAK_OUT, MOVE, RETREAT, DODGE, BLOCK,
    DIVE, RECOVER, HOLD)}
#: The attack maneuvers, offered for each attack and target, in menu order.
AGAINST = tuple(m for m in MANEUVERS.values() if m.reach)
#: The other entries, offered once a Phase, in menu order.
ONCE = tuple(m for m in MANEUVERS.values() if m.offer is not None)
_BY_KIND = {m.kind: m for m in MANEUVERS.values() if m.kind != "attack" and m is not MARTIAL_DISARM}


def by_kind(kind: str) -> Maneuver:
    """The entry of a non-attack action kind (``dodge``, ``move-through``...)."""
    return _BY_KIND[kind]


def fitting(atk: HeroAttack) -> tuple[Maneuver, ...]:
    """The attack maneuvers ``atk`` may be used with, in menu order."""
    kind = "hth" if atk.hth else "ranged"
    if atk.area:  # made from where its user stands, at a cell (our reading: no Set, Brace or Haymaker)
        return (AREA,)
    if atk.helps:
        return ()  # used on a friend: the aid action, not an attack maneuver
    if atk.mental:  # the maneuvers change OCV and DCV; a mental power is a plain Strike (our reading)
        return tuple(m for m in AGAINST if m.name == "strike")
    if atk.effect:  # its dice are no damage: no maneuver that adds damage or moves (our reading)
        return tuple(m for m in AGAINST if m.attacks in ("any", kind) and not (m.adds_dcs or m.velocity_per_dc
                                                                              or m.str_only))
    return tuple(m for m in AGAINST if m.attacks in ("any", kind) and (atk.uses_str_only or not m.str_only)
                 and not (atk.autofire and m.adds_dcs))  # a burst is no Haymaker (our reading, README)


def entry_for(a: Action) -> Maneuver:
    """The entry that carries out ``a``."""
    return MANEUVERS[a.maneuver] if a.kind == "attack" else _BY_KIND[a.kind]


def fitting_pull(atk: HeroAttack) -> bool:
    """A punch may be pulled when it does Normal damage (rules-powers §4.5; our reading)."""
    return atk.kind == "normal" and not atk.autofire and not atk.area


__all__ = ["AGAINST", "MANEUVERS", "METRES_PER_CELL", "ONCE", "Maneuver", "by_kind", "entry_for", "fitting",
           "fitting_pull", "land_haymaker", "strike"]
