"""How the built-in minds answer a question in the middle of an action (an Abort, a reaction,
a Karma offer, a team call): stepping in for an ally, helping a check, spending Karma, a
reaction power, breaking free, striking back. Each returns None when the menu offers nothing it
answers, so a mind tries them in turn. Through the public API only, as :mod:`._mind`."""

from __future__ import annotations

from typing import Iterable

from slugfest import Action, BattleView, Choice, Decision, Vitals
from slugfest.core.rules.grid import distance

from ._choosing import pct

#: Interpose (a reaction that makes the actor the target instead of an ally): worth it when the
#: ally has under this share of its fight left...
SHIELD_ALLY_BELOW = 1 / 3
#: ...and the actor at least this share of its own.
SHIELD_WHILE_ABOVE = 1 / 2


def shield(battle: BattleView, decision: Decision, me: Vitals | None = None) -> Choice | None:
    """Answer a question that offers to step in for an attacked ally (an ``interpose`` action on
    the menu), or None if the menu offers none. The actor takes the blow instead, against the
    lower of the two defenses, so it steps in only for an ally about to go down (under a third
    of its fight left, or already down) while it has half of its own or more."""
    step_in = next((a for a in decision.menu if a.kind == "interpose"), None)
    if step_in is None:
        return None
    me, ally = me or battle.vitals(decision.actor), battle.vitals(step_in.target)
    if ally.health >= SHIELD_ALLY_BELOW:
        return Choice(decision.menu[0], f"{ally.name} is not hurt enough to shield ({pct(ally.health)} left)")
    if me.health < SHIELD_WHILE_ABOVE:
        return Choice(decision.menu[0], f"too hurt itself to shield {ally.name} ({pct(me.health)} left)")
    return Choice(step_in, f"shields {ally.name} ({pct(ally.health)} left) while itself at {pct(me.health)}: "
                           "takes the blow instead")


def helping(decision: Decision, battle: BattleView) -> Choice | None:
    """Answer a question that offers to help a teammate's failed check (a ``help`` action on
    the menu): yes, since a reaction costs no turn and comes back next round; None if none is
    offered."""
    help_ = next((a for a in decision.menu if a.kind == "help"), None)
    if help_ is None:
        return None
    return Choice(help_, f"a reaction costs no turn: gives {battle.vitals(help_.target).name} an edge")


#: Karma for an edge on a failed attack: when a hit could finish a foe under this share of its fight.
KARMA_FINISHES_BELOW = 1 / 3
#: Karma for trouble on a hit: when the actor has under this share of its own fight.
KARMA_SAVES_BELOW = 1 / 2


def spend_karma(decision: Decision, battle: BattleView, me: Vitals | None = None) -> Choice | None:
    """Answer a question that offers to spend Karma on a check (a ``karma`` action: ``Karma for
    an edge`` on its own failed attack, ``Karma for trouble`` on a hit against it); None if none
    is offered. Karma
    also heals (a Karma recovery), so it goes on an edge only when the hit could finish the foe,
    and on trouble only when the actor is hurt."""
    karma = next((a for a in decision.menu if a.kind == "karma"), None)
    if karma is None:
        return None
    me, other = me or battle.vitals(decision.actor), battle.vitals(karma.target)
    if karma.maneuver == "Karma for an edge":
        if other.health < KARMA_FINISHES_BELOW:
            return Choice(karma, f"spends 1 Karma for an edge: a hit could finish {other.name} ({pct(other.health)} left)")
        return Choice(decision.menu[0], f"keeps its Karma: {other.name} has {pct(other.health)} left")
    if me.health < KARMA_SAVES_BELOW:
        return Choice(karma, f"hurt ({pct(me.health)} left): spends 1 Karma for trouble on the hit")
    return Choice(decision.menu[0], f"keeps its Karma ({pct(me.health)} fight left)")


#: A reaction power that pays Focus (Blur, Shield) is used with under this share of fight left.
POWER_REACTION_BELOW = 1 / 2


def power_reaction(decision: Decision, me: Vitals) -> Choice | None:
    """A reaction power on the menu (kind ``power``), used when the actor has under half its
    fight left: it costs Focus, which is fight too. None if none is offered or it is not yet time."""
    power = next((a for a in decision.menu if a.kind == "power"), None)
    if power is None or me.health >= POWER_REACTION_BELOW:
        return None
    return Choice(power, f"hurt ({pct(me.health)} left): uses {power.power}")


def break_free(menu: Iterable[Action], me: Vitals, best: float, free: bool = False) -> Choice | None:
    """Held by a foe (an ``escape`` on the menu): asked (``free``: a reaction, back next round),
    it always tries; on its own turn it tries when no attack would do anything (``best`` 0), or
    when pinned (its own attacks have trouble) and no attack would finish a foe. None otherwise."""
    out = next((a for a in menu if a.kind == "escape"), None)
    if out is None or not out.target:  # a power's pin (no holder) is hard to break and ends with its turn
        return None
    if free:
        return Choice(out, "a reaction costs no turn: tries to break free at once")
    if best <= 0:
        return Choice(out, "held, and nothing to do from here: tries to break free")
    if "pinned" in me.conditions and best < 1:
        return Choice(out, f"pinned (trouble on its Melee and Agility checks), and its best attack would do {pct(best)}: "
                           "tries to break free")
    return None


def team_call(decision: Decision, battle: BattleView, me: Vitals) -> Choice | None:
    """A team maneuver (kind ``team``: once a battle, each member paying Focus), called when it
    pays: a Rally that brings back a shattered member; else, once a foe can be reached this round,
    Defensive (the highest level offered) when its side has under four fifths of the foes' fight, a
    Rally's recovery rolls when its side is under half, otherwise Offensive. None if none is
    offered or no foe is near yet."""
    offers = [a for a in decision.menu if a.kind == "team"]
    if not offers:
        return None
    everyone = [battle.vitals(c.id) for c in battle.scenario.combatants]
    for a in offers:
        if a.target and "shattered" in battle.vitals(a.target).conditions:
            return Choice(a, f"brings {battle.vitals(a.target).name} back into the fight ({a.maneuver})")
    ours = [v for v in everyone if v.side == me.side and v.able]
    foes = [v for v in everyone if v.side != me.side and v.able]
    if not foes or len(ours) < 2:
        return None
    near = min(distance(v.position, w.position) for v in ours for w in foes)
    if near > max(v.reach for v in ours) * 2 + max(v.strikes_within for v in ours):
        return None  # no one of its side can strike this round: the round's effect would go to waste
    fight, theirs = sum(v.health for v in ours) / len(ours), sum(v.health for v in foes) / len(foes)
    kind = "Defensive" if fight < 0.8 * theirs else "Rally" if fight < 0.5 else "Offensive"
    best = max((a for a in offers if a.maneuver.startswith(kind) and not a.target),
               key=lambda a: a.maneuver, default=None)
    if best is None:
        return None
    why = {"Defensive": f"its side has much less fight left ({pct(fight)}) than the foes ({pct(theirs)})",
           "Rally": f"its side is under half its fight ({pct(fight)})",
           "Offensive": "the foes are within reach this round"}[kind]
    return Choice(best, f"calls the team maneuver {best.maneuver}: {why}")


def strike_back(decision: Decision, battle: BattleView) -> Choice | None:
    """An attack offered as a free reaction (a thrown ally striking as it lands): the one with the
    highest expected harm. None if the question offers none."""
    attacks = [a for a in decision.menu if a.kind == "attack"]
    if not attacks or not decision.free:
        return None
    best = max(attacks, key=lambda a: (battle.estimate(decision.actor, a), a.label()))
    return Choice(best, f"a reaction costs no turn: strikes with {best.attack} ({best.maneuver})")
