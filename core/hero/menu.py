"""What a HERO character may do now, and why the rules refuse anything else.

The menu is read off the maneuver table (:mod:`.maneuvers`) through the Phase's tactical
picture (:mod:`.tactics`): each attack maneuver for each attack and target it may be used
against, then the actions taken once a Phase. A choice is checked against it (a push and the
Combat Skill Levels' use ride on a menu attack; a move may go to any reachable cell), and a
refused one is explained in the player's terms: out of reach, out of range, no line of sight,
a maneuver for the other kind of attack, only half a Phase left.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.actions import Action, Decision, not_offered
from ..engine.context import RulesContext
from ..errors import IllegalAction
from ..rules.grid import distance
from . import areas, locations
from .maneuvers import MANEUVERS, ONCE, Maneuver, fitting, fitting_pull
from .movement import METRES_PER_CELL, occupied, phase_cells
from .sheet import HeroAttack
from .state import Fighter
from .tactics import Picture
from .usage import can_push

LEVEL_USES = ("ocv", "dcv", "damage")
MAX_PUSH = 20


def build_menu(pic: Picture) -> tuple[Action, ...]:
    """Every action legal for the picture's actor now (a push and CSL use go on top): each
    attack maneuver for each attack and each foe it reaches, then the actions of a Phase. On the
    way it notes the attacks the actor can use without moving (a Multiple Attack's).

    How far each foe is is worked out once for every hand-to-hand attack (a half move to strike,
    a full one to charge); which maneuvers an attack then offers at a foe follows from that alone,
    so the lines are kept in the actor's memo by what they follow from (:func:`_lines`)."""
    out: list[Action] = []
    f = pic.f
    full, half = pic.full_phase, pic.half_cells
    still: dict[str, list[str]] = {}
    memo = f.memo
    near: dict[str, int | None] = {}  # steps to strike each foe with a half move
    charges: dict[str, bool] = {}  # whether a full move reaches each foe to charge it
    for atk in f.sheet.attacks:
        if atk.charges is not None and not f.charges_left(atk):
            continue  # every Charge spent (rules-powers §1.10)
        if atk.helps or atk.presence or not f.ready(atk):
            continue  # Aid, Healing and a Presence Attack are actions of their own; a weapon knocked away, or
            # a Multipower's slot not in use, is not to hand
        if atk.area:
            out.extend(pic.area_options(atk))
            continue
        name, hth = atk.name, atk.hth
        entries, charging, charging_full = _fitting(f, atk)
        charging = charging and (full or not charging_full)
        for g in pic.foes:
            gid = g.id
            if hth:
                steps = near.get(gid, -1)
                if steps == -1:
                    steps = near[gid] = pic.steps(g, half)
                if steps == 0 and not atk.autofire:  # a burst is an attack of its own (our reading)
                    still.setdefault(gid, []).append(name)
            else:
                steps = 0 if pic.in_range(atk, g) else (len(walk) if (walk := pic.shot_walk(atk, g)) else None)
                if steps == 0 and not atk.mental and not atk.autofire:  # a Multiple Attack is of single OCV
                    # attacks (our reading)
                    still.setdefault(gid, []).append(name)
            charge = False
            if charging:
                charge = charges.get(gid)  # type: ignore[assignment]
                if charge is None:
                    charge = charges[gid] = bool(pic.dist[gid] > 1 and pic.steps(g, pic.full_cells))
            key = ("menu lines", name, gid, full, steps is not None, bool(steps) and not hth, charge)
            lines = memo.get(key)
            if lines is None:
                lines = memo[key] = _lines(pic, atk, gid, entries, *key[3:])
            out.extend(lines)
    pic.still = still
    for entry in ONCE:
        out.extend(entry.offer(pic))  # type: ignore[misc]
    pic.menu = tuple(out)
    return pic.menu


def _lines(pic: Picture, atk: HeroAttack, gid: str, entries: tuple[Maneuver, ...], full: bool, strikes: bool,
           moving: bool, charge: bool) -> tuple[Action, ...]:
    """The maneuvers ``atk`` offers at the foe ``gid``, in menu order, given whether the Phase is
    whole (``full``), whether the attack reaches the foe with at most a half move (``strikes``),
    whether a ranged one must move before it shoots (``moving``), and whether a full move
    reaches the foe to charge it (``charge``)."""
    out = []
    for entry in entries:
        if entry.full_phase and (not full or moving):
            continue  # a full-Phase maneuver leaves no half move to get in range first
        if not (strikes if entry.reach == "strike" else charge):
            continue
        out.append(pic.action(entry.kind, atk.name, gid, entry.name))
    return tuple(out)


def _fitting(f: Fighter, atk: HeroAttack) -> tuple[tuple[Maneuver, ...], bool, bool]:
    """The maneuvers ``atk`` may be used with, whether one of them is a charge, and whether
    every such charge takes a full Phase (kept in the actor's memo: it follows from the sheet)."""
    key = ("maneuvers for", atk.name)
    found = f.memo.get(key)
    if found is None:
        entries = fitting(atk)
        charges = [e for e in entries if e.reach != "strike"]
        found = f.memo[key] = (entries, bool(charges), all(e.full_phase for e in charges))
    return found



def menu_for(ctx: RulesContext, f: Fighter) -> tuple[Action, ...]:
    """The menu of ``f`` as things stand (for tests and tools; a Phase builds it once)."""
    return build_menu(Picture(ctx, f))


def check(ctx: RulesContext, decision: Decision, action: Action) -> None:
    """Raise :class:`IllegalAction`, with the reason, unless ``action`` is legal now."""
    f = ctx.state.fighters[decision.actor]
    if action.push < 0 or action.push > MAX_PUSH:
        raise IllegalAction(f"push must be 0 to {MAX_PUSH} Character Points, not {action.push}")
    if action.push and action.kind not in ("attack", "move-through", "multiple-attack"):
        raise IllegalAction("only attacks can be pushed")
    if action.push % 5:
        raise IllegalAction(f"a push counts in whole Damage Classes: 5, 10, 15 or 20 Character Points, "
                            f"not {action.push}")
    pushed = action.attack or (action.attacks[0] if action.attacks else "")
    if action.push and any(a.name == pushed for a in f.sheet.attacks) and not can_push(f, f.attack(pushed), ctx.options):
        atk = f.attack(pushed)
        why = ("is an Autofire attack" if atk.autofire else "does no damage to push" if atk.effect
               else "is on Charges" if atk.charges is not None else "costs no END")
        raise IllegalAction(f"{pushed} {why}, so it cannot be pushed")
    if action.aim:
        _check_aim(ctx, f, action)
    if action.levels not in ("", *LEVEL_USES):
        raise IllegalAction(f"combat skill levels go to 'ocv', 'dcv' or 'damage', not {action.levels!r}")
    if action.levels and f.sheet.csl == 0:
        raise IllegalAction(f"{f.name} has no combat skill levels")
    if action.kind == "move" and action.destination is not None and decision.kind == "phase":
        _check_destination(ctx, f, action.destination)
        return
    base = action if not (action.push or action.levels or action.aim) else replace(action, push=0, levels="", aim="")
    if base in decision.menu:  # the choice is usually one of the menu's own actions: found by identity
        return
    if base.kind == "attack" and base.maneuver == "pull":  # a pulled punch rides on a Strike of the menu
        _check_pull(ctx, f, base, decision)
        return
    if base.kind == "attack" and base.maneuver == "area" and decision.kind == "phase":
        _check_area(ctx, f, base, decision)  # aimed at any cell, not only the menu's
        return
    raise IllegalAction(explain(ctx, f, base, decision))


def _check_area(ctx: RulesContext, f: Fighter, a: Action, decision: Decision) -> None:
    """An Area Of Effect aimed at any cell (rules-powers §1.4: the roll is against the cell, so
    any cell it reaches will do, :func:`.areas.refusal`), with an attack the menu would offer
    (ready, Charges left); ``target``, if named, stands in that cell, and ``targets``, if
    named, are everyone the area would catch now (the menu's own lines name them)."""
    names = {x.name for x in f.sheet.attacks}
    if a.attack not in names or not f.attack(a.attack).area:
        raise IllegalAction(explain(ctx, f, a, decision))
    atk = f.attack(a.attack)
    if atk.charges is not None and not f.charges_left(atk):
        raise IllegalAction(f"{atk.name} has no Charges left (all {atk.charges} spent)")
    if not f.ready(atk):
        raise IllegalAction(f"{atk.name} is not to hand now")
    fighters = ctx.state.fighters
    if a.destination is None and a.target not in fighters:
        raise IllegalAction(f"aim {atk.name} at a cell (x,y)" if not a.target else f"there is no combatant {a.target!r}")
    cell = areas.aim_of(a, fighters)
    why = areas.refusal(ctx.grid, atk.area, areas.reach_of(atk), f.pos, cell)
    if why:
        raise IllegalAction(f"{atk.name} cannot be aimed there: {why}")
    if a.target and (a.target not in fighters or fighters[a.target].pos != cell):
        raise IllegalAction(f"{a.target} does not stand at {cell[0]},{cell[1]}")
    alive = [g for g in fighters.values() if not g.dead]
    inside = areas.affected(ctx.grid, atk.area, areas.size_of(atk), f.pos, cell, [(g.id, g.pos) for g in alive],
                            areas.layout_for(f, alive))
    if a.targets and set(a.targets) != set(inside):
        raise IllegalAction(f"{atk.name} aimed at {cell[0]},{cell[1]} would hit {', '.join(inside) or 'no one'}, "
                            f"not {', '.join(a.targets)}")


def _check_pull(ctx: RulesContext, f: Fighter, a: Action, decision: Decision) -> None:
    """Pulling a Punch (rules-powers §4.5): a Strike the menu offers, with a Normal attack. A
    refusal says why that Strike is not possible (it read "a Strike with Punch at ironclad is not
    possible now": an id, and no reason)."""
    strike = replace(a, maneuver="strike")
    if strike not in decision.menu:
        raise IllegalAction(f"a pulled punch is a Strike, and {explain(ctx, f, strike, decision)}"
                            if a.attack in {x.name for x in f.sheet.attacks} else
                            f"{f.name} has no attack named {a.attack!r}")
    if not fitting_pull(f.attack(a.attack)):
        raise IllegalAction(f"only a Normal attack's punch can be pulled (not an area or a burst); {a.attack} is "
                            f"{f.attack(a.attack).kind}" + (" and an Autofire attack" if f.attack(a.attack).autofire
                                                            else ""))


def _check_aim(ctx: RulesContext, f: Fighter, action: Action) -> None:
    """A placed shot: only with the hit-location rule, at a location of its table, with a Normal
    or Killing attack (an NND or AVLD rolls no location)."""
    if not ctx.options.hit_locations:
        raise IllegalAction("placed shots need the hit-location rule ([rules] hit_locations = true)")
    if action.aim not in locations.NAMES:
        raise IllegalAction(f"aim at one of {', '.join(locations.NAMES)}, not {action.aim!r}")
    if action.kind != "attack":
        raise IllegalAction(f"a {action.kind} cannot be a placed shot: aim a single attack")
    if any(a.name == action.attack for a in f.sheet.attacks) and f.attack(action.attack).kind not in ("normal",
                                                                                                       "killing"):
        raise IllegalAction(f"{action.attack} is an {f.attack(action.attack).kind.upper()}: it rolls no hit location")
    if any(a.name == action.attack and a.autofire for a in f.sheet.attacks):
        raise IllegalAction(f"{action.attack} is an Autofire attack: each shot lands where 3d6 say (no placed shots "
                            "with a burst, our reading)")


def _check_destination(ctx: RulesContext, f: Fighter, dest: tuple[int, int]) -> None:
    within = phase_cells(f)
    if not ctx.grid.open(dest):
        raise IllegalAction(f"{dest} is not an open cell of the map")
    taken = occupied(ctx.state, f)
    if dest in taken:
        raise IllegalAction(f"{dest} is taken by another combatant")
    path = ctx.grid.path(f.pos, dest, taken, limit=within)
    if path is None or len(path) > within:
        raise IllegalAction(f"{dest} is beyond {f.name}'s {within * METRES_PER_CELL} m of movement this Phase")


def explain(ctx: RulesContext, f: Fighter, a: Action, decision: Decision) -> str:
    """Why ``a`` is not on the menu, as a player would want to hear it."""
    st = ctx.state
    if decision.kind == "abort":
        return f"when Aborting only these are possible: {', '.join(x.label() for x in decision.menu)}"
    for tid in (a.target, *a.targets):
        if tid and tid not in st.fighters:
            return f"there is no combatant {tid!r}"
    names = {x.name for x in f.sheet.attacks}
    for an in (a.attack, *a.attacks):
        if an and an not in names:
            return f"{f.name} has no attack named {an!r} (has: {', '.join(sorted(names))})"
    entry = MANEUVERS.get(a.maneuver) if a.kind == "attack" else None
    if a.kind == "multiple-attack" and any(an in names and f.attack(an).mental for an in a.attacks):
        return "a Multiple Attack is made of attacks rolled against DCV; a Mental Blast is not one"
    if a.kind == "multiple-attack" and any(an in names and f.attack(an).autofire for an in a.attacks):
        return "a Multiple Attack is made of single blows; an Autofire burst is an attack of its own"
    if entry is not None and entry.adds_dcs and a.attack in names and f.attack(a.attack).autofire:
        return f"{a.attack} is an Autofire attack: a burst is no {entry.title}"
    for an in (a.attack, *a.attacks):
        if an and an in names and f.attack(an).charges is not None:
            uses = (a.attack, *a.attacks).count(an)
            left = f.charges_left(f.attack(an)) or 0
            if left < uses:
                return (f"{an} has no Charges left (all {f.attack(an).charges} spent)" if not left else
                        f"{an} has {left} Charge left, and this uses it {uses} times")
    if entry is not None and entry.name == "area" and a.attack in names and not f.attack(a.attack).area:
        return f"{a.attack} is not an Area Of Effect attack"
    if a.target and a.attack:
        g = st.fighters[a.target]
        atk = f.attack(a.attack)
        if g.allegiance == f.allegiance:
            return f"{g.name} is on {f.name}'s own side"
        if g.dead:
            return f"{g.name} is dead"
        d = distance(f.pos, g.pos) * METRES_PER_CELL
        if atk.mental and entry is not None and entry.name != "strike":
            return (f"{atk.name} is a Mental Blast: a plain Strike only ({entry.title} changes OCV and DCV, "
                    "which a mental attack does not roll with)")
        if atk.hth and entry is not None and entry.attacks == "ranged":
            return f"{entry.title} is for ranged attacks; {atk.name} is hand-to-hand"
        if atk.area and (entry is None or entry.name != "area"):
            return f"{atk.name} is an Area Of Effect: it is aimed at a cell, from where {f.name} stands"
        if entry is not None and entry.name == "area" and not atk.area:
            return f"{atk.name} is not an Area Of Effect attack"
        if atk.area:
            return _area_refusal(ctx, f, atk, g, a)
        if atk.hth:
            return f"{g.name} is {d} m away: too far to reach with a half move and strike"
        if d > atk.range_m:
            return f"{g.name} is {d} m away; {atk.name} reaches {atk.range_m} m"
        if not ctx.grid.line_of_sight(f.pos, g.pos):
            return f"an obstacle blocks the line of sight to {g.name}"
    full = entry if entry is not None else _entry_of_kind(a.kind)
    if f.half_used and full is not None and full.full_phase:
        return "only half a Phase is left (standing up took the other half)"
    if a.kind == "retreat":
        return _retreat_refusal(ctx, f, a, decision)
    return not_offered(a, decision, {cid: g.name for cid, g in ctx.state.fighters.items()})


def _retreat_refusal(ctx: RulesContext, f: Fighter, a: Action, decision: Decision) -> str:
    """Why a Retreat from ``a.target`` is not on the menu: it falls back from the nearest foe
    still standing, by combat movement (so not while Entangled), to a cell farther from it."""
    g = ctx.state.fighters.get(a.target)
    if g is None:
        return "a Retreat names the foe to fall back from"
    if g.allegiance == f.allegiance:
        return f"{g.name} is on {f.name}'s own side: a Retreat falls back from a foe"
    if f.entangle is not None:
        return f"{f.name} is Entangled: no combat movement until free"
    offered = [x for x in decision.menu if x.kind == "retreat"]
    if offered:
        return f"a Retreat falls back from the nearest foe, {ctx.state.fighters[offered[0].target].name}, not {g.name}"
    return f"{f.name} has no open cell to fall back to, away from the nearest foe"


def _entry_of_kind(kind: str) -> Maneuver | None:
    return next((m for m in MANEUVERS.values() if m.kind == kind and m.kind != "attack"), None)


def _area_refusal(ctx: RulesContext, f: Fighter, atk: HeroAttack, g: Fighter, a: Action) -> str:
    """Why an area aimed at ``g``'s cell is not on the menu: out of reach or sight, or the wrong
    list of who it would hit (the menu names everyone inside as it stands)."""
    why = areas.refusal(ctx.grid, atk.area, areas.reach_of(atk), f.pos, g.pos)
    if why:
        return f"{atk.name} cannot be aimed at {g.name}: {why}"
    return f"{atk.name} aimed at {g.name} would hit someone else than {', '.join(a.targets) or 'no one'}"
