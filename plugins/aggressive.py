"""Aggressive: goes all out for the weakest foe: Haymakers when safe, CSLs into damage, pushes while END lasts.

Policy, in order (each choice carries its reason into the log):

1. Attacked: it never Aborts in HERO (its next Phase is for hitting); a Marvel reaction costs no
   turn, so it takes one when it has one.
2. HERO, END under 10% and no foe adjacent: a Recovery, rather than burn STUN for END.
3. Target: of the foes still in the fight that it can hurt from here, the one with the least fight
   left (ties: the nearer, then the id). Someone already out of the fight is never attacked.
4. Attack: the one expected to hurt that target most (a Multiple Attack that starts on it
   included), where a Haymaker counts double when it is safe (the target is Stunned, or no
   other foe can reach the attacker and it has over half its fight left) and in full otherwise
   (it goes all out; the estimate already gives nothing for one the target can walk away from). HERO: two or more Combat Skill Levels go to damage; the attack is
   pushed 10 points with over half its END left, 5 with over a third, if the push adds harm (a
   push the doubling cap swallows costs END for nothing).
5. No one to hurt in reach: closes on the weakest foe standing (straight at it: it does not keep
   its distance even with a ranged attack).
6. Nothing else: Dodge.
"""

from __future__ import annotations

from slugfest import Action, BattleView, Choice, Decision

from ._choosing import pct, primary
from ._mind import Situation, answer_for, describe_attack

NAME = "aggressive"


def push_for(stamina: float) -> int:
    return 10 if stamina > 0.5 else 5 if stamina > 1 / 3 else 0


def choose(battle: BattleView, decision: Decision) -> Choice:
    sit = Situation(battle, decision)
    me = sit.me
    if decision.kind == "abort":
        if sit.hero:
            return sit.no_reaction("never Aborts: its next Phase is for attacking")
        return sit.take_reaction()
    free = sit.free()  # a Zero-Phase action (HERO) first: it takes no time
    if free is not None:
        return free
    recover = sit.find("recover")
    if sit.hero and recover is not None and me.stamina < 0.1 and not sit.adjacent:
        return Choice(recover, f"END nearly gone ({pct(me.stamina)}) and no foe adjacent: takes a Recovery")

    tended = sit.tend()  # an Aid, a Healing or a blow at an Entangle worth more than any attack
    if tended is not None:
        return tended

    others_near = [v for v in sit.foes.values() if sit.can_reach_me(v)]

    def weigh(a: Action, v: float) -> float:
        if a.maneuver != "haymaker":
            return v
        t = sit.everyone[primary(a)]
        if t.disabled:
            return v
        safe = me.health > 0.5 and all(o.id == t.id for o in others_near)
        return 2 * v if safe else v

    hurtable = sorted({primary(a) for a in sit.attacks if sit.value(a) > 0},
                      key=lambda t: (sit.foes[t].health, sit.dist(sit.foes[t]), t))
    for tid in hurtable:
        levels = ("damage",) if sit.csl >= 2 else ("ocv",)
        best = sit.best(sit.with_levels(sit.attacks_on(tid), levels), weigh)
        if best is None or best[1] <= 0:
            continue
        action, value = best
        push = push_for(me.stamina)
        action = sit.pushed(action, push)
        extra = f", pushed {push}" if action.push else ""
        return Choice(action, f"goes for the weakest foe: {describe_attack(sit, action, value)}{extra}")
    for v in sorted(sit.foes.values(), key=lambda v: (v.health, sit.dist(v), v.id)):
        move = sit.close_in(v)
        if move is not None:
            return Choice(move, f"charges the weakest foe, {v.name} ({pct(v.health)} fight left, {sit.dist(v)} cells)")
    return sit.fallback()


slugfest_choose_action = answer_for(NAME, choose)
