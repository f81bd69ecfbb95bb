"""What a Marvel character may do on its turn, and why the rules refuse anything else.

The menu is read off the table of turns (:mod:`.actions`) through the turn's tactical picture
(:mod:`.tactics`): each attack against each foe it can reach this turn, then the other turns. A
double move may also go to any cell within twice the character's speed.
"""

from __future__ import annotations

from ..engine.actions import Action, Decision, not_offered
from ..engine.context import RulesContext
from ..errors import IllegalAction
from ..rules.grid import distance
from .actions import AGAINST, ONCE, destination_path, moves
from .effects import barred, can_use
from .movement import attack_range, speed
from .powers import CATALOGUE
from .state import Fighter
from .tactics import Picture


def build_menu(pic: Picture) -> tuple[Action, ...]:
    """Every turn the picture's actor may take now (each a standard action plus a movement action)."""
    out: list[Action] = []
    for atk in pic.f.sheet.attacks:
        for g in pic.foes:
            for entry in AGAINST:
                out.extend(entry.offer_against(pic, atk, g))  # type: ignore[misc]
    for entry in ONCE:
        out.extend(entry.offer(pic))  # type: ignore[misc]
    pic.menu = tuple(out)
    return pic.menu


def menu_for(ctx: RulesContext, f: Fighter) -> tuple[Action, ...]:
    """The menu of ``f`` as things stand (for tests and tools; a turn builds it once)."""
    return build_menu(Picture(ctx, f))


def check(ctx: RulesContext, decision: Decision, action: Action) -> None:
    """Raise :class:`IllegalAction`, with the reason, unless ``action`` is legal now."""
    f = ctx.state.fighters[decision.actor]
    for name, value in (("placed shots", action.aim), ("pushing", action.push), ("Combat Skill Levels", action.levels)):
        if value:
            raise IllegalAction(f"{name} are HERO rules: a Marvel action has none" if name != "pushing" else
                                "pushing is a HERO rule: a Marvel action has none")
    if action.kind == "move" and action.destination is not None and decision.kind == "phase":
        dest = action.destination
        if not ctx.grid.open(dest):
            raise IllegalAction(f"{dest} is not an open cell of the map")
        if destination_path(ctx, f, dest) is None:
            raise IllegalAction(f"{dest} is beyond {f.name}'s {moves(f)} spaces of movement this turn "
                                + ("(a double move)" if not f.stood_up else "(standing up took its movement action)"))
        return
    if action in decision.menu:  # the choice is usually one of the menu's own actions: found by identity
        return
    raise IllegalAction(explain(ctx, f, action, decision))


def explain(ctx: RulesContext, f: Fighter, a: Action, decision: Decision) -> str:
    """Why ``a`` is not on the menu, as a player would want to hear it."""
    st = ctx.state
    if decision.kind == "abort":
        return f"as a reaction only these are possible: {', '.join(x.label() for x in decision.menu)}"
    if a.target and a.target not in st.fighters:
        return f"there is no combatant {a.target!r}"
    if a.kind == "fastball":
        return (f"{a.named({cid: g.name for cid, g in st.fighters.items()})} is not possible now: a thrower with Mighty, an ally within its reach with a close "
                f"attack and a reaction left, a foe in sight within 5 spaces per Mighty level")
    names = [x.name for x in f.sheet.attacks]
    if a.attack and a.attack not in names:
        return f"{f.name} has no attack named {a.attack!r} (has: {', '.join(sorted(names))})"
    if a.kind == "attack" and a.target and a.maneuver:
        return _attack_power_refused(ctx, f, a, decision)
    if a.kind == "attack" and a.target:
        g = st.fighters[a.target]
        atk = f.attack(a.attack)
        condition = barred(f, atk.ability)
        if condition:
            return f"{f.name} is {condition}: no {atk.ability} actions (rules/marvel.md §5)"
        if g.side == f.side:
            return f"{g.name} is on {f.name}'s own side"
        if g.killed:
            return f"{g.name} is dead"
        d = distance(f.pos, g.pos)
        if atk.close:
            return f"{g.name} is {d} spaces away: too far to reach with one movement action ({speed(f)} spaces)"
        return (f"{g.name} is {d} spaces away; {atk.name} reaches {attack_range(ctx.options, atk)} spaces "
                f"(in line of sight) after moving at most {speed(f)}")
    if a.kind == "power":
        return _power_refused(ctx, f, a)
    if a.kind in ("grab", "escape"):
        return _hold_refused(ctx, f, a)
    if a.kind == "recover":
        return f"{f.name} has no Karma left" if f.karma <= 0 else f"{a.label()}: nothing to recover"
    return not_offered(a, decision, {cid: g.name for cid, g in st.fighters.items()})


def _attack_power_refused(ctx: RulesContext, f: Fighter, a: Action, decision: Decision) -> str:
    """Why an attack made with an attack power (``a.maneuver``: Headshot...) is not on the menu."""
    p = CATALOGUE.get(a.maneuver)
    if p is None or not f.sheet.has(p.name) or "attack" not in p.uses:
        return f"{f.name} has no attack power named {a.maneuver!r}"
    g, atk = ctx.state.fighters[a.target], f.attack(a.attack)
    kind = "close" if atk.close else "ranged"
    if p.with_attacks not in ("any", kind):
        return f"{p.name} goes with a {p.with_attacks} attack; {atk.name} is a {kind} one"
    why = can_use(f, p, f.sheet.level(p.name))
    if why:
        return why
    if distance(f.pos, g.pos) < p.min_distance:
        return f"{p.name} needs a target {p.min_distance} or more spaces away; {g.name} is {distance(f.pos, g.pos)}"
    if p.whole_turn:
        return f"{p.name} takes the movement action too: {g.name} must be in range and sight from where {f.name} stands"
    return explain(ctx, f, Action("attack", a.attack, a.target), decision)


def _hold_refused(ctx: RulesContext, f: Fighter, a: Action) -> str:
    """Why a Grab of ``a.target``, or an Escape, is not on the menu (rules/marvel.md §3.4)."""
    st = ctx.state
    if a.kind == "escape":
        return f"{f.name} is not held"
    if f.holding:
        return f"{f.name} already holds {st.fighters[f.holding].name} (moving lets go)"
    if f.held_by:
        return f"{f.name} is held by {st.fighters[f.held_by].name}: break free first"
    condition = barred(f, "Melee")
    if condition:
        return f"{f.name} is {condition}: no Melee actions (rules/marvel.md §5)"
    g = st.fighters.get(a.target)
    if g is None or g.side == f.side:
        return "a Grab is made on a foe"
    if g.out:
        return f"{g.name} is out of the fight"
    if g.held_by:
        return f"{g.name} is held by {st.fighters[g.held_by].name} already"
    return f"{g.name} is {distance(f.pos, g.pos)} spaces away: too far to reach with one movement action ({speed(f)} spaces)"


def _power_refused(ctx: RulesContext, f: Fighter, a: Action) -> str:
    """Why using the power ``a.power`` as the turn (with a move toward ``a.target``) is not on the menu."""
    if a.power not in CATALOGUE or not f.sheet.has(a.power):
        return f"{f.name} has no power named {a.power!r}"
    p = CATALOGUE[a.power]
    if "action" not in p.uses:
        return f"{a.power} is not used as an action"
    why = can_use(f, p, f.sheet.level(a.power))
    if why or not a.target:
        return why or f"{a.power} is not possible now"
    g = ctx.state.fighters.get(a.target)
    if g is None or g.side == f.side or g.out:
        return f"{a.power} comes with a move toward a foe still in the fight"
    if p.duration != "concentration":
        return f"{a.power} lasts a round: it is a turn of its own, without a move"
    if distance(f.pos, g.pos) <= 1:
        return f"{f.name} is already next to {g.name}: use {a.power} without the move"
    return f"{f.name} cannot walk toward {g.name}"
