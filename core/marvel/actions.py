"""What a Marvel turn may be, one entry each: the table the menu, the resolver and the AI read.

A turn is one decision: a standard action and a movement action together (rules/marvel.md §2).
Each entry says when it is offered (:attr:`TurnAction.offer_against`, for an attack and a foe;
:attr:`TurnAction.offer` for the rest) and how it is carried out (:attr:`TurnAction.perform`):

* ``attack``: moving first if needed (a close attack up to its speed to reach the target; a
  ranged one up to its speed until the target is in range and sight), then the attack;
* ``move`` toward a foe or to a cell, and ``retreat``: the standard action spent as a second
  movement action (twice its speed);
* ``dodge``: attacks against it have trouble until its next turn;
* ``recover``: spend 1 Karma for a Resilience or Vigilance check against TN 10;
* ``treat``: end bleeding or flames (its own or an ally's next to it) with a check;
* ``grab``: moving first if needed, as for a close attack, a Melee check against the target's
  Melee defense: held (grabbed), pinned as well on a Fantastic success;
* ``escape``: break free of a hold, a Melee check against the holder's Melee defense;
* ``power``: a power used as the standard action (Attack Stance, Shield, Blur...), its Focus
  paid. One that lasts while the character concentrates may come with the movement action
  toward a foe (``target``): taking it on the way in costs half the move, not a turn. One that
  lasts a round is a turn of its own, like a Dodge.

Adding one is an entry here, in menu order, plus its tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking
from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from . import combat
from . import events as ev
from .conditions import TIMED
from .effects import barred, can_use, karma_recovery, treat, use_power
from .maneuvers import MANEUVERS
from .movement import attack_range, move, movement, occupied, speed
from .powers import CATALOGUE, Power
from .sheet import MarvelAttack
from .state import Fighter
from .turn import TurnAction, walk_limit

if TYPE_CHECKING:
    from .tactics import Picture


def _attack(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> Asking[None]:
    g = ctx.state.fighters[a.target]
    atk = f.attack(a.attack)
    power = combat.attack_power(f, a)
    path = [] if power is not None and power.whole_turn else pic.attack_path(g, atk) or []
    # a firing spot no nearer than where it stood is a step around cover, not toward the target
    closer = not path or distance(path[-1], g.pos) < distance(f.pos, g.pos)
    move(ctx, f, path, f"{movement(f)[1]} {'toward' if closer else 'into line of sight of'} {g.name}")
    if power is not None and power.spread:
        yield from combat.resolve_spread(ctx, f, atk, power, [ctx.state.fighters[t] for t in a.targets])
    else:
        yield from combat.resolve_attack(ctx, f, g, atk, power)


def _offer_attack(pic: Picture, atk: MarvelAttack, g: Fighter) -> list[Action]:
    """The attack, and the attack with each attack power that goes with it (Headshot with a
    ranged attack...), if its Focus can be paid, the target is far enough for it, and, for one
    that takes the whole turn (Sniping), the target can be attacked from where it stands."""
    f = pic.f
    if (f.timed and barred(f, atk.ability)) or not pic.can_attack(g, atk):
        return []
    memo = f.memo
    key = ("attack", atk.name, g.id)  # an action is plain data: made once, as the sheet and the foe are
    plain = memo.get(key)
    if plain is None:
        plain = memo[key] = Action("attack", atk.name, g.id)
    out = [plain]
    for p, level in _attack_powers(f):
        if p.with_attacks not in ("any", "close" if atk.close else "ranged"):
            continue
        if can_use(f, p, level) or distance(f.pos, g.pos) < p.min_distance:
            continue
        if p.equal_or_higher and g.sheet.rank < f.sheet.rank:
            continue  # Combat Trickery: only against an equal or higher rank
        if p.takes_reaction and (f.reactions <= 0 or f.out):
            continue  # used as a reaction on making the attack: one must be left
        if p.whole_turn and (f.stood_up or not (distance(f.pos, g.pos) <= attack_range(pic.ctx.options, atk)
                                                and pic.ctx.grid.line_of_sight(f.pos, g.pos))):
            continue  # it takes the movement action too: only what it can shoot from where it stands
        if p.spread:
            out.extend(Action("attack", atk.name, g.id, p.name, targets=t) for t in spread_targets(pic, atk, p, g))
        else:
            out.append(Action("attack", atk.name, g.id, p.name))
    return out


def _attack_powers(f: Fighter) -> tuple[tuple[Power, int], ...]:
    """The attack powers on ``f``'s sheet with their levels (kept in its memo: they follow from
    the sheet, and the menu asks for each attack and foe)."""
    found = f.memo.get("attack powers")
    if found is None:
        found = f.memo["attack powers"] = tuple((p, level) for p, level in f.sheet.catalogued() if "attack" in p.uses)
    return found


def spread_targets(pic: Picture, atk: MarvelAttack, p: Power, g: Fighter) -> list[tuple[str, ...]]:
    """The target lists a split or area power (``p.spread``) offers with ``atk`` when its first
    target is ``g``, from where the attacker will stand (after the move to reach ``g``): a split,
    ``g`` and each other foe still in the fight the attack reaches from there (one list each);
    around the attacker, every such foe within the power's radius (its reach for 0), ``g`` first,
    if there are two or more; a burst, everyone still in the fight within the radius of ``g``,
    friend or foe, ``g`` first."""
    f, grid = pic.f, pic.ctx.grid
    path = pic.attack_path(g, atk) if atk.close else None
    end = (path[-1] if path else f.pos) if atk.close else pic.origin(g, atk)
    others = [h for h in pic.ctx.state.fighters.values() if h is not f and h is not g and not h.out]
    if p.spread == "burst":
        return [(g.id, *(h.id for h in others if distance(h.pos, g.pos) <= p.radius))]
    foes = [h for h in others if h.side != f.side]
    if p.spread == "around":
        radius = p.radius or f.sheet.reach
        near = [h.id for h in foes if distance(end, h.pos) <= radius]
        return [(g.id, *near)] if near else []
    rng = f.sheet.reach if atk.close else attack_range(pic.ctx.options, atk)
    return [(g.id, h.id) for h in foes
            if distance(end, h.pos) <= rng and (atk.close or grid.line_of_sight(end, h.pos))]


ATTACK = TurnAction("attack", "rules/marvel.md §3: an attack is a standard action", _attack,
                    offer_against=_offer_attack)


def moves(f: Fighter) -> int:
    """Spaces a turn spent moving covers: twice its speed (the standard action as a second
    movement action), or once when standing up has taken the movement action."""
    return speed(f) * (1 if f.stood_up else 2)


def _how(f: Fighter) -> str:
    return "a single move: standing up took its movement action" if f.stood_up else "a double move"


def _move(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    double = moves(f)
    verb = movement(f)[1]
    if a.destination is not None:
        path = ctx.grid.path(f.pos, a.destination, occupied(ctx.state, f), limit=double) or []
        move(ctx, f, path, f"{verb} ({_how(f)})")
    else:
        g = ctx.state.fighters[a.target]
        path = ctx.grid.path(f.pos, g.pos, occupied(ctx.state, f), stop_adjacent=True, limit=walk_limit(ctx)) or []
        move(ctx, f, path[:double], f"{verb} toward {g.name} ({_how(f)})")


def _offer_moves(pic: Picture) -> list[Action]:
    f = pic.f
    if speed(f) <= 0:
        return []
    return [Action("move", target=g.id) for g in pic.standing
            if distance(f.pos, g.pos) > 1 and pic.can_walk_toward(g)]


MOVE = TurnAction("move", "rules/marvel.md §2: the standard action spent as a second movement action",
                  _move, offer=_offer_moves)


def _retreat(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    g = ctx.state.fighters[a.target]
    path = ctx.grid.step_away(f.pos, g.pos, moves(f), occupied(ctx.state, f))
    move(ctx, f, path, f"falls back from {g.name} ({_how(f)})")


def _offer_retreat(pic: Picture) -> list[Action]:
    threats = pic.standing
    if not threats or speed(pic.f) <= 0:
        return []
    f = pic.f
    nearest = min(threats, key=lambda g: (distance(f.pos, g.pos), g.id))
    return [Action("retreat", target=nearest.id)] if pic.ctx.grid.step_away(f.pos, nearest.pos, 1, pic.occupied) else []


RETREAT = TurnAction("retreat", "a double move away from the nearest foe", _retreat, offer=_offer_retreat)


def _dodge(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    f.dodging = True
    ctx.emit(ev.Dodging(actor=f.id))


_DODGE = [Action("dodge")]


def _offer_dodge(pic: Picture) -> list[Action]:
    """A Dodge, unless a condition keeps it from Agility actions (paralyzed): our reading, a
    Dodge being the body's own evasion."""
    return [] if pic.f.timed and barred(pic.f, "Agility") else _DODGE


DODGE = TurnAction("dodge", "rules/marvel.md §3.4: Dodge, attacks against it have trouble until its next turn",
                   _dodge, offer=_offer_dodge)


def _recover(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    karma_recovery(ctx, f, "Health" if a.maneuver.endswith("Health") else "Focus")


def _offer_recover(pic: Picture) -> list[Action]:
    f = pic.f
    if f.karma <= 0:
        return []
    hurt = [(f.pool(p) / f.pool_max(p), p) for p in ("Health", "Focus") if f.pool(p) < f.pool_max(p)]
    return [Action("recover", maneuver=f"recover {pool}") for _, pool in sorted(hurt)]


RECOVER = TurnAction("recover", "rules/marvel.md §4.6: Karma spent on a recovery check against TN 10",
                     _recover, offer=_offer_recover)


def _power(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    p = CATALOGUE[a.power]
    use_power(ctx, f, p, f.sheet.level(p.name), "action")
    if a.target:
        g = ctx.state.fighters[a.target]
        path = ctx.grid.path(f.pos, g.pos, occupied(ctx.state, f), stop_adjacent=True, limit=walk_limit(ctx)) or []
        move(ctx, f, path[:speed(f)], f"{movement(f)[1]} toward {g.name}")


def _offer_powers(pic: Picture) -> list[Action]:
    """Each power it may use as its standard action now; a lasting one also with a move toward
    each foe still standing it can walk toward and is not already next to. A power that adds an
    ability to damage is offered only with an attack of that ability."""
    f = pic.f
    out: list[Action] = []
    toward: list[str] | None = None
    for p, level in f.sheet.catalogued():
        if "action" not in p.uses or can_use(f, p, level):
            continue
        if p.doubles_ability and not any(x.ability == p.doubles_ability for x in f.sheet.attacks):
            continue
        out.append(Action("power", power=p.name))
        if p.duration == "concentration" and pic.speed > 0:
            if toward is None:
                toward = [g.id for g in pic.standing if distance(f.pos, g.pos) > 1 and pic.can_walk_toward(g)]
            out.extend(Action("power", target=gid, power=p.name) for gid in toward)
    return out


POWER = TurnAction("power", "rules/marvel.md §3.3 and §3.7: a power is used as the standard action", _power,
                   offer=_offer_powers)


def _treat(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    treat(ctx, f, ctx.state.fighters[a.target], a.maneuver)


def _offer_treat(pic: Picture) -> list[Action]:
    """Ending a condition that an action and a check can end (bleeding, ablaze), its own or an
    ally's next to it."""
    f = pic.f
    out: list[Action] = []
    for g in pic.ctx.state.fighters.values():
        if not g.timed or g.side != f.side or g.killed or (g is not f and distance(f.pos, g.pos) > 1):
            continue  # (no condition first: most have none)
        out.extend(Action("treat", target=g.id, maneuver=name) for name in g.timed
                   if TIMED[name].treated_with and not barred(f, TIMED[name].treated_with))
    return out


TREAT = TurnAction("treat", "rules/marvel.md §5: an action and a check against TN 10 end bleeding or flames",
                   _treat, offer=_offer_treat)


#: Every kind of turn, by ``Action.kind``, in menu order.
TURNS: dict[str, TurnAction] = {t.kind: t for t in (ATTACK, MOVE, RETREAT, DODGE, RECOVER, POWER, TREAT,
                                                    *MANEUVERS)}
AGAINST = tuple(t for t in TURNS.values() if t.offer_against is not None)
ONCE = tuple(t for t in TURNS.values() if t.offer is not None)


def destination_path(ctx: RulesContext, f: Fighter, dest: Cell) -> list[Cell] | None:
    """The double move's walk to ``dest``, or None beyond it."""
    double = moves(f)
    path = ctx.grid.path(f.pos, dest, occupied(ctx.state, f), limit=double)
    return None if path is None or len(path) > double else path
