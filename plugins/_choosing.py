"""How the built-in minds pick among options, and the words they share: the bounded search
for the option worth most (:func:`best_of`: an estimate is priced only while its bound could
still win, issue 35), placed shots, what is worth more than a blow (:func:`tend`), the
Zero-Phase actions taken first (:func:`free_first`), and the small readings of an action every
mind uses. Through the public API only, as :mod:`._mind`, which builds on it."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from slugfest import Action, BattleView, Choice, Decision, Vitals
from slugfest.core.rules.grid import distance

#: The kinds of action that strike a foe (a Marvel Ram and Fastball Special are estimated like attacks).
ATTACK_KINDS = ("attack", "multiple-attack", "move-through", "ram", "fastball")
#: A ranged attacker pays no Range Modifier up to this many cells from its target (8 m in HERO).
SAFE_CELLS = 4
#: The reason a waiting mind gives; the next decision reads it back from the log.
WAITS = "waits"
#: Between attacks worth the same, the plainer maneuver: Brace at no range penalty adds nothing
#: to the roll but still halves the attacker's DCV.
PLAINER = {"": 0, "strike": 0, "set": 1, "brace": 2, "move through": 3, "multiple attack": 3, "haymaker": 4}


def pct(x: float) -> str:
    return f"{x:.0%}"


def where_to(move: Action) -> str:
    """Where a move goes, as the log writes a cell ("x,y")."""
    x, y = move.destination or (0, 0)
    return f"{x},{y}"


def primary(action: Action) -> str:
    """The (first) target of an attack."""
    return action.target or (action.targets[0] if action.targets else "")


def on_the_way(menu: Iterable[Action], me: Vitals, foe: Vitals) -> Action | None:
    """A lasting power the menu offers to take with a move toward ``foe`` (Marvel: Attack
    Stance, Shield...), if the shorter move still leaves the actor able to close and strike
    next turn (``foe`` within twice its move and a step); None otherwise. Taken on the way in,
    it costs half a move rather than a turn."""
    if distance(me.position, foe.position) > 2 * me.reach + 1:
        return None
    return next((a for a in menu if a.kind == "power" and a.target == foe.id), None)


def hold_still(battle: BattleView, menu: Iterable[Action], me: Vitals, foes: Iterable[str]) -> Action | None:
    """A ``grab`` of one of ``foes`` (the ones its attacks cannot hurt): holding a foe keeps it
    from moving on to the actor's allies, the one thing left to do to it, so only while it has
    an ally still fighting. None if none is offered or there is no one to keep it off."""
    wanted = set(foes)
    grab = next((a for a in menu if a.kind == "grab" and a.target in wanted), None)
    if grab is None:
        return None
    allies = (battle.vitals(c.id) for c in battle.scenario.combatants if c.id != me.id)
    return grab if any(v.side == me.side and v.able for v in allies) else None


#: What the menu offers that is neither an attack nor a move: a power used on a friend (HERO Aid,
#: Healing), a blow at an Entangle holding the actor or a friend, and the Grab family and Disarm
#: (a Marvel Grab or Escape the estimate puts at 0, so they are only taken as before).
TENDING = ("aid", "screen", "break-out", "grab", "grab-by", "choke", "squeeze", "throw", "escape", "disarm")


def tend(decision: Decision, battle: BattleView, harm: Callable[[Action], float], beat: float = 0.0,
         bound: Callable[[Action], float] | None = None) -> Choice | None:
    """The best Aid, Healing or blow at an Entangle on the menu, if the rules system's estimate
    (the same units as an attack's: a share of a fight, given or freed) puts it above ``beat``,
    the best attack's; None otherwise. ``bound`` (:func:`bound_of`), when given, spares working
    out the harm of an option whose bound is already no more than the best so far."""
    best, value = None, beat
    for a in decision.menu:
        if a.kind in TENDING:
            if bound is not None and bound(a) <= value:
                continue  # its harm is no more than its bound: it cannot beat ``value``
            v = harm(a)
            if v > value:
                best, value = a, v
    if best is None:
        return None
    against = f"; its best attack {pct(beat)}" if beat > 0 else ""
    who = battle.vitals(best.target)
    grappling = {"grab": f"grabs {who.name}", "grab-by": f"swoops on {who.name} and grabs it",
                 "choke": f"takes {who.name} in a Choke Hold", "squeeze": f"squeezes {who.name}",
                 "throw": f"throws {who.name} down",
                 "escape": f"tries to break {who.name}'s hold", "disarm": f"knocks {who.name}'s {best.weapon} away"}
    if best.kind in grappling:
        return Choice(best, f"{grappling[best.kind]} (worth {pct(value)}{against})")
    if best.kind == "screen":
        hidden = ", ".join(battle.vitals(t).name for t in best.targets)
        return Choice(best, f"lays {best.attack} over {hidden}: hidden from the foes that shoot (worth {pct(value)}"
                            f"{against})")
    if best.kind == "break-out":
        using = best.attack or "STR"
        if best.target == decision.actor:
            return Choice(best, f"held by an Entangle: strikes it with {using} (freedom worth {pct(value)}{against})")
        return Choice(best, f"strikes the Entangle holding {who.name} with {using} (worth {pct(value)}{against})")
    return Choice(best, f"uses {best.attack} on {'itself' if best.target == decision.actor else who.name} "
                        f"({pct(who.health)} fight left): worth {pct(value)}{against}")


def bound_of(decision: Decision, harm: Callable[[Action], float]) -> Callable[[Action], float]:
    """What an option's ``harm`` can be at most, cheaper to know: the picture's ``gain`` (HERO:
    the estimate before the actor's own costs, which only subtract) when it offers one, else
    ``harm`` itself."""
    gain = getattr(decision.picture, "gain", None)
    return gain if gain is not None else harm


def best_of(actions: Iterable[Action], value: Callable[[Action], float], bound: Callable[[Action], float],
            rank: Callable[[Action], tuple]) -> tuple[Action, float] | None:
    """The action of highest ``value``, ties to the lowest ``rank``, then the lowest label, then
    the first given; None for no action. ``bound(a)`` is never below ``value(a)``: ``value`` is
    asked, highest bound first, only of the actions whose bound is not below the best value
    found so far, since the rest can neither beat nor tie it (issue 35: the estimate's costs
    are worked out only for the options that could still win). The label, dear to write, is
    read only between actions tied on value and rank."""
    rows = sorted([(-bound(a), i, a) for i, a in enumerate(actions)])  # (by bound, then the place given: no
    # two rows tie on both, so the actions are never compared; no key function, called per row: 0.1% of a
    # hero-brawl battle's instructions, issue 35)
    found: tuple[tuple, Action, int] | None = None  # (-value and rank, the action, its place given)
    for neg_bound, i, a in rows:
        if found is not None and neg_bound > found[0][0]:
            break  # this bound and every one after it are below the best value found
        key = (-value(a), *rank(a))
        if found is None or key < found[0] or key == found[0] and (a.label(), i) < (found[1].label(), found[2]):
            found = key, a, i
    return None if found is None else (found[1], -found[0][0])


def highest(actions: Iterable[Action], value: Callable[[Action], float], bound: Callable[[Action], float]) -> float:
    """``max(value(a) for a in actions)`` (0 for none), ``value`` asked only while a bound could
    still beat the highest found (:func:`best_of`): what an Aid, a Grab or a switch must beat."""
    found = best_of(actions, value, bound, _no_rank)
    return 0.0 if found is None else found[1]


def _no_rank(action: Action) -> tuple:
    return ()


#: Placed shots (HERO hit locations) are tried on this many of the best single attacks: an aim
#: multiplies a hit's STUN and BODY by at most x5 (a Killing Head shot) and costs up to -8 OCV, so
#: an aimed blow worth most comes from one of the few best unaimed ones (a bound on the cost: ten
#: locations an attack).
AIM_TRIES = 3


def placed_shots(actions: Iterable[Action], value: Callable[[Action], float],
                 aims: Iterable[tuple[str, int]], tries: int = AIM_TRIES) -> list[Action]:
    """Each of ``tries`` best single attacks on a foe (by ``value``; not an area, a Multiple
    Attack or a Move Through, which cannot be placed) aimed at each location of ``aims``
    (``player_options(...).aims``: empty without the hit-location rule). The rules system's
    estimate of each counts the location's OCV penalty and its STUN and BODY multipliers, so a
    mind weighs them like any attack: a Head shot at -8 OCV pays only against a foe it would still
    hit, or a Stunned one (the penalty halved)."""
    where = [name for name, _ in aims]
    if not where:
        return []
    single = [a for a in actions if a.kind == "attack" and a.target and not a.aim and a.maneuver != "area"]
    ranked = sorted(single, key=lambda a: (-value(a), a.label()))[:tries]
    return [replace(a, aim=name) for a in ranked for name in where]


#: Zero-Phase actions (HERO): they take no time, and the same Phase goes on with a new choice.
FREE = ("presence", "switch", "drop", "listen")
#: A free action worth less than this is not worth the log line.
FREE_AT_LEAST = 0.01


def free_first(decision: Decision, battle: BattleView, harm: Callable[[Action], float], beat: float) -> Choice | None:
    """A Zero-Phase action to take before the Phase's own (HERO): a Presence Attack worth
    anything at all (it costs nothing), a Multipower switch to a slot worth more than ``beat``,
    the best attack the slot in use offers, or dropping a Darkness whose END is worth more than
    the field does now (its estimate above 0). None if none."""
    best, value = None, FREE_AT_LEAST
    for a in decision.menu:
        if a.kind in FREE:
            v = harm(a) - (beat if a.kind == "switch" else 0.0)
            if v > value:
                best, value = a, v
    if best is None:
        return None
    if best.kind == "presence":
        return Choice(best, f"a Presence Attack takes no time: {best.attack} (worth {pct(value)} in Phases the "
                            "foes in sight may lose)")
    if best.kind == "listen":
        return Choice(best, f"listens for {battle.vitals(best.target).name}, whom it cannot see: half its OCV back if "
                            f"heard (worth {pct(value)}); it takes the Half Phase a move would")
    if best.kind == "drop":
        return Choice(best, f"drops {best.attack}: the END it costs each Phase is worth more than the field does now "
                            f"(by {pct(value)}); it takes no time")
    return Choice(best, f"switches its Multipower to {best.slot} (better by {pct(value)}): it takes no time")
