"""Berserker: a random attack on a random foe in reach (the battle's own dice), charges the nearest, never defends.

Policy, in order (each choice carries its reason into the log):

1. Attacked: never Aborts and never takes a reaction.
2. HERO, END under 10% and no foe adjacent: a Recovery (it rages, it does not faint).
3. Attack: one of the menu's attacks on foes still in the fight, any maneuver, picked with one
   die from ``battle.dice`` (never :mod:`random`, so a battle replays from its seed), among those
   the rules system expects to do some harm (it does not hammer on what it cannot hurt). HERO:
   pushed 10 points while its END is over half, if the push adds harm.
4. Nothing in reach: charges the nearest foe still standing.
5. Nothing else: Dodge.
"""

from __future__ import annotations

from slugfest import BattleView, Choice, Decision

from ._answers import break_free, strike_back
from ._choosing import pct, primary
from ._mind import Situation, answer_for

NAME = "berserker"


def choose(battle: BattleView, decision: Decision) -> Choice:
    sit = Situation(battle, decision)
    me = sit.me
    if decision.kind == "abort":
        lunge = strike_back(decision, battle) or break_free(decision.menu, me, 0.0, True)
        if lunge is not None:  # a blow or a way out, never a defence
            return lunge
        if sit.find("team") is not None:
            return sit.no_reaction("a berserker does not plan with its team")
        return sit.no_reaction("a berserker does not defend")
    free = sit.free()  # a Zero-Phase action (HERO) first: it takes no time
    if free is not None:
        return free
    tended = sit.tend()  # a blow at an Entangle (or a friend's power) worth more than any attack
    if tended is not None:
        return tended
    recover = sit.find("recover")
    if sit.hero and recover is not None and me.stamina < 0.1 and not sit.adjacent:
        return Choice(recover, f"out of breath (END {pct(me.stamina)}) with no foe adjacent: takes a Recovery")
    pool = sorted((a for a in sit.attacks if sit.value(a) > 0), key=lambda a: (primary(a), a.label()))
    if pool:
        pick = battle.dice.roll(len(pool), "berserker") if len(pool) > 1 else 1
        action = pool[pick - 1]
        if me.stamina > 0.5:
            action = sit.pushed(action, 10)
        target = sit.everyone[primary(action)]
        pushed = ", pushed 10" if action.push else ""
        return Choice(action, f"rage picks {pick} of {len(pool)}: {action.maneuver or action.kind} on {target.name}{pushed}")
    nearest = sit.nearest()
    if nearest is not None:
        move = sit.close_in(nearest)
        if move is not None:
            return Choice(move, f"charges the nearest foe, {nearest.name} ({sit.dist(nearest)} cells)")
    return sit.fallback()


slugfest_choose_action = answer_for(NAME, choose)
