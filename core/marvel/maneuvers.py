"""The maneuvers anyone may make besides an attack (rules/marvel.md §3.4-3.5): Grab and Escape,
Ram and the Fastball Special, one table entry each (:class:`.turn.TurnAction`), with their rules.

* **Grab**: moving first if it must, as for a close attack, a Melee check against the target's
  Melee defense (the check an attack's, :func:`.combat.check`): a success holds the target
  (grabbed), a Fantastic one pins it too; then the held may try to break free at once as a
  reaction. **Escape**: a Melee check against the holder's Melee defense (20 for a power's hold).
* **Ram** (a basic reaction): its full run in a straight line toward a foe, then the standard
  action spent to move on up to it, then a close attack, which spends its reaction. Our reading of the part the rules brief did not see: a hit does double damage
  (triple on a Fantastic), and the rammer takes the blow's regular damage (before doubling) from
  the impact.
* **Fastball Special**: a thrower with Mighty throws an ally within its reach at a foe up to 5
  spaces per Mighty level away (our reading of the range), an Agility check against the foe's
  Agility defense; on a success the ally lands next to the foe and may, with its reaction, make a
  close attack: double damage, triple on a Fantastic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking, Decision
from ..engine.context import RulesContext
from ..engine.events import Moved
from ..rules.grid import Cell, distance
from . import combat
from . import events as ev
from .conditions import TIMED
from .d616 import roll_d616, succeeds
from .damage import DamageCalc, named_value
from .effects import apply_damage, barred, escape, hold, own_troubles
from .impact import protected
from .movement import move, movement
from .powers import CATALOGUE, Power
from .reactions import DECLINE, can_react, interpose_cell, offer_escape
from .resolve import MarvelAttackResult, chance, expected_harm
from .sheet import MarvelAttack
from .state import Fighter
from .turn import TurnAction

if TYPE_CHECKING:
    from .tactics import Picture


def resolve_grab(ctx: RulesContext, f: Fighter, g: Fighter) -> Asking[MarvelAttackResult]:
    """A Grab (rules/marvel.md §3.4): the check as an attack's; a success holds the target
    (grabbed), a Fantastic one pins it too; then the held may try to break free at once as a
    reaction (§3.5)."""
    g, _, hit = yield from combat.check(ctx, f, g, combat.GRAB, None)
    if hit.hit and not g.out and not g.held_by:
        hold(ctx, f, g, hit.fantastic)
        yield from offer_escape(ctx, g, f, f)
    return hit


def _grab(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> Asking[None]:
    g = ctx.state.fighters[a.target]
    move(ctx, f, pic.attack_path(g, combat.GRAB) or [], f"{movement(f)[1]} toward {g.name}")
    yield from resolve_grab(ctx, f, g)


def _offer_grab(pic: Picture) -> list[Action]:
    """A Grab of each foe still in the fight that it can reach this turn (moving first if it
    must, as for a close attack) and no one holds yet, unless a hold keeps it already (it holds
    someone, or is held) or it cannot act with Melee."""
    f = pic.f
    if f.holding or f.held_by or (f.timed and barred(f, "Melee")):
        return []
    return [Action("grab", target=g.id, maneuver="Grab") for g in pic.standing
            if not g.held_by and pic.can_attack(g, combat.GRAB)]


GRAB = TurnAction("grab", "rules/marvel.md §3.4: Grab, Melee against Melee defense; held, pinned on a Fantastic",
                  _grab, offer=_offer_grab)


def _escape(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> None:
    escape(ctx, f)


def _offer_escape(pic: Picture) -> list[Action]:
    """Breaking free of a hold (grabbed or pinned): Melee against the holder's Melee defense."""
    f = pic.f
    if not f.timed or not any(TIMED[n].hold for n in f.timed) or barred(f, "Melee"):
        return []
    return [Action("escape", target=f.held_by, maneuver="Escape")]


ESCAPE = TurnAction("escape", "rules/marvel.md §3.4: Escape, Melee against the holder's Melee defense (20 for a "
                    "power's hold)", _escape, offer=_offer_escape)



RAM_BLOW = Power("Ram", "a close attack at the end of a straight charge: double damage, triple on a Fantastic",
                 rule="rules/marvel.md §3.5", uses=("attack",), duration="instant", with_attacks="close",
                 damage_times=(2, 3))
FASTBALL_BLOW = Power("Fastball Special", "a close attack on landing: double damage, triple on a Fantastic",
                      rule="rules/marvel.md §3.5", uses=("attack",), duration="instant", with_attacks="close",
                      damage_times=(2, 3))


def ram_line(pic: Picture, g: Fighter) -> list[Cell] | None:
    """The straight charge a Ram takes to ``g``: at least its full speed, at most its speed
    twice (the movement action, then the standard action as a move), ending within its reach
    of ``g``, every cell open; None if there is none."""
    f, run = pic.f, pic.speed
    steps = distance(f.pos, g.pos) - f.sheet.reach
    if not 0 < run <= steps <= 2 * run:  # (first: most foes are nearer or farther, whatever else holds)
        return None
    if not can_react(f) or (f.timed and barred(f, "Melee")):
        return None  # it takes its reaction (the attack at the end of the charge)
    toward = (2 * f.pos[0] - g.pos[0], 2 * f.pos[1] - g.pos[1])  # push_line goes away from this point
    path, _ = pic.ctx.grid.push_line(f.pos, toward, steps, pic.occupied)
    return path if len(path) == steps and distance(path[-1], g.pos) <= f.sheet.reach else None


def _ram(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> Asking[None]:
    g = ctx.state.fighters[a.target]
    move(ctx, f, ram_line(pic, g) or [], f"charges at {g.name} in a straight line (Ram)")
    f.reactions -= 1
    ctx.emit(ev.ReactionUsed(actor=f.id, reaction=RAM_BLOW.name, against=g.id,
                             effect="a close attack at the end of its charge", reactions_left=f.reactions))
    hit, dmg = yield from combat.resolve_attack(ctx, f, g, f.attack(a.attack), RAM_BLOW)
    if dmg is not None and dmg.calc.multiplier >= 1 and not f.killed:
        impact, terms = ram_impact_terms(f, dmg.calc)
        impact = protected(ctx, f, "Health", impact) if f.active else impact
        if impact > 0:
            apply_damage(ctx, f, "Health", impact, impact, "the impact of its Ram", "", terms)


def ram_impact(f: Fighter, calc: DamageCalc) -> int:
    """The regular damage of the Ram's blow (the same Marvel die, rank and bonus) against the
    rammer's own Health damage reduction: what the impact does to it."""
    return ram_impact_terms(f, calc)[0]


def ram_impact_terms(f: Fighter, calc: DamageCalc) -> tuple[int, str]:
    """:func:`ram_impact`, and its sum as the log shows it, each term named ("dM 5 x multiplier 4
    (rank 3 + Club 1 - Sturdy 0) + Melee 3 = 23"): the rammer's own damage reduction is in no other
    line, so without it the impact read as a number from nowhere (issue 37)."""
    found = [(n, v) for n, v in f.sheet.reductions("Health")]
    found += [(n, lv) for n, lv in f.active.items() if CATALOGUE[n].reduction == "Health"]
    name, reduction = max(found, key=lambda nv: nv[1], default=("damage reduction", 0))
    reduction = max(reduction, 0)
    mult = calc.rank + calc.bonus - reduction
    bonus = f" + {named_value(calc.bonus_name, calc.bonus)}" if calc.bonus else ""
    less = f" - {named_value(name, reduction)}" if reduction else ""
    if mult < 1:
        return 0, f"multiplier {mult} (rank {calc.rank}{bonus}{less}) is below 1: no damage"
    impact = max(calc.marvel * mult + calc.ability, 0)
    return impact, (f"dM {calc.marvel} x multiplier {mult} (rank {calc.rank}{bonus}{less}) + {calc.ability_name} "
                    f"{calc.ability} = {impact}")


def _offer_ram(pic: Picture, atk: MarvelAttack, g: Fighter) -> list[Action]:
    if not pic.ctx.options.ram or not atk.close or ram_line(pic, g) is None or g.out:
        return []
    return [Action("ram", atk.name, g.id, "Ram")]


def _estimate_ram(ctx: RulesContext, f: Fighter, a: Action) -> float:
    """The Ram's expected harm to the target, less the impact's: half the target's expected
    damage, as a share of the rammer's own Health."""
    g = ctx.state.fighters[a.target]
    actx = combat.attack_context(ctx, f, g, f.attack(a.attack), power=RAM_BLOW)
    harm = expected_harm(actx)
    left = max(actx.target_pool, 1)
    return harm - harm * left / 2 / max(f.health, 1)


RAM = TurnAction("ram", "rules/marvel.md §3.5: Ram, a straight charge and a close attack", _ram,
                 offer_against=_offer_ram, estimate=_estimate_ram)


def throw_range(f: Fighter) -> int:
    """How far a thrower with Mighty throws an ally: 5 spaces per Mighty level (our reading)."""
    return 5 * f.sheet.mighty


def _offer_fastball(pic: Picture) -> list[Action]:
    """Each ally within reach who could make the attack (a close attack, a reaction left, not
    held), at each foe still in the fight within the throw and in sight, with room next to it.
    The action's ``attack`` names the ally thrown (its ``target`` is the foe)."""
    f, ctx = pic.f, pic.ctx
    if not ctx.options.fastball_special or not f.sheet.mighty or f.held_by or f.holding or (f.timed and barred(f, "Agility")):
        return []
    allies = [h for h in ctx.state.fighters.values() if h.side == f.side and h is not f
              and distance(f.pos, h.pos) <= f.sheet.reach and can_react(h)  # (within reach first: few are)
              and not h.held_by and not h.holding and not (h.timed and barred(h, "Melee"))
              and any(x.close for x in h.sheet.attacks)]
    if not allies:
        return []
    rng = throw_range(f)
    out: list[Action] = []
    bits = ctx.grid.bits
    free = pic.layers.free & ~bits.bit(f.pos)  # the open cells no one stands in (the thrower neither)
    for g in pic.standing:
        if distance(f.pos, g.pos) > rng or not ctx.grid.line_of_sight(f.pos, g.pos):
            continue
        # an ally lands where it would step in for ``g`` (:func:`.reactions.interpose_cell`): an
        # open cell next to ``g`` no one stands in, the same for every ally not already next to
        # ``g``; one already there may stay (asking each ally where it would land made the offer
        # 4% of a turn at 16 a side; issue 35)
        room = bool(bits.ring(g.pos) & free)
        out.extend(Action("fastball", target=g.id, maneuver="Fastball Special", ally=h.id) for h in allies
                   if room or distance(h.pos, g.pos) <= 1)
    return out


def _fastball(ctx: RulesContext, f: Fighter, a: Action, pic: Picture) -> Asking[None]:
    g, h = ctx.state.fighters[a.target], ctx.state.fighters[a.ally]
    tn = g.sheet.defense("Agility")
    score = f.sheet.ability("Agility")
    roll = roll_d616(ctx.dice, (), own_troubles(f, "Agility"), ctx.options.stacked_rerolls)
    total = roll.dice_total + score
    ok = succeeds(roll, total, tn)
    ctx.emit(ev.CheckRolled(actor=f.id, purpose=f"throws {h.name} at {g.name} (Fastball Special)", ability="Agility",
                            score=score, roll=roll, total=total, tn=tn, success=ok, fantastic=ok and roll.fantastic))
    if not ok:
        return
    cell = interpose_cell(ctx, h, g, f)
    if cell != h.pos:
        start, h.pos = h.pos, cell
        ctx.emit(Moved(actor=h.id, start=start, end=cell, distance=distance(start, cell),
                       unit="space" if distance(start, cell) == 1 else "spaces",
                       why=f"is thrown at {g.name} by {f.name} (Fastball Special)"))
    if not can_react(h) or distance(h.pos, g.pos) > h.sheet.reach:
        return
    menu = (DECLINE, *(Action("attack", x.name, g.id, FASTBALL_BLOW.name) for x in h.sheet.attacks if x.close))
    context = f"{f.name} threw you at {g.name}: strike as you land (a reaction; double damage, triple on a Fantastic)?"
    choice = yield Decision(h.id, menu, h.ai, "abort", context, free=True)
    if choice.action.kind != "attack":
        return
    h.reactions -= 1
    ctx.emit(ev.ReactionUsed(actor=h.id, reaction=FASTBALL_BLOW.name, against=g.id, effect="a close attack as it lands",
                             reactions_left=h.reactions))
    yield from combat.resolve_attack(ctx, h, g, h.attack(choice.action.attack), FASTBALL_BLOW)


def _estimate_fastball(ctx: RulesContext, f: Fighter, a: Action) -> float:
    """The chance the throw succeeds times the best expected harm of the ally's close attacks."""
    g, h = ctx.state.fighters[a.target], ctx.state.fighters[a.ally]
    needed = g.sheet.defense("Agility") - f.sheet.ability("Agility")
    net = -len(own_troubles(f, "Agility"))
    throw = chance(net, ctx.options.stacked_rerolls, needed)
    best = max((expected_harm(combat.attack_context(ctx, h, g, x, power=FASTBALL_BLOW))
                for x in h.sheet.attacks if x.close), default=0.0)
    return throw * best


FASTBALL = TurnAction("fastball", "rules/marvel.md §3.5: Fastball Special, a thrown ally strikes as it lands",
                      _fastball, offer=_offer_fastball, estimate=_estimate_fastball)

#: The maneuvers, in menu order (after the turns of :mod:`.actions`).
MANEUVERS = (GRAB, ESCAPE, RAM, FASTBALL)
