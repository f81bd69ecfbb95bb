"""Cautious: guards hurt allies, lets foes come to it (Hold), keeps its distance, recovers and retreats early.

Policy, in order (each choice carries its reason into the log):

1. Attacked: under 70% of its fight left, HERO Aborts to Block a hand-to-hand attack or Dodge a
   ranged one; a Marvel reaction costs no turn: always taken.
2. Hurt (under half its fight) or tired (HERO END under 25%): with a foe adjacent, it falls back
   if it is faster than every adjacent foe, otherwise, unless it has an attack worth 30% of what
   a foe has left, Blocks (HERO) or Dodges; with no foe adjacent, a Recovery (Marvel: the Karma
   recovery of its lowest pool, while it has Karma).
3. Guard: an ally under half its fight with a foe next to it: attacks that foe, or goes to it.
4. Kite: with a ranged attack and only slower foes adjacent, steps back to a cell in range.
5. Weigh the attacks: the rules system's estimate, halved for one that walks up to its target,
   halved for a Haymaker or a Multiple Attack (it keeps its guard), nothing for a Set while a
   foe could reach it; HERO Combat Skill Levels go to DCV while a foe could reach it.
6. Wait, once: with no attack, or (HERO) when the best one would walk it up to a foe, and a foe
   could reach it on its next move: HERO Holds its Phase (it acts again when the others in the
   Segment have, and strikes if the foe came), Marvel Dodges. If no one came, it goes on.
7. Otherwise the best attack; with none, toward the nearest foe (with a ranged attack, to a cell
   in range where as few foes as possible could reach it); then Dodge.
"""

from __future__ import annotations

from slugfest import Action, BattleView, Choice, Decision

from ._choosing import WAITS, pct, where_to
from ._mind import Situation, answer_for, describe_attack

NAME = "cautious"


def choose(battle: BattleView, decision: Decision) -> Choice:
    sit = Situation(battle, decision)
    me = sit.me
    if decision.kind == "abort":
        return sit.abort_below(0.7, "never takes a hit it can stop")

    free = sit.free()  # a Zero-Phase action (HERO) first: it takes no time
    if free is not None:
        return free
    tired = sit.hero and me.stamina < 0.25
    if me.health < 0.5 or tired:
        why = f"hurt ({pct(me.health)} left)" if me.health < 0.5 else f"tired (END {pct(me.stamina)})"
        if sit.adjacent:
            back = sit.fall_back(why)
            if back is not None:
                return back
            hit = sit.best(sit.attacks)
            if hit is None or hit[1] < 0.3:
                guard = sit.guard(f"{why}, engaged, no telling blow", prefer_block=True)
                if guard is not None:
                    return guard
        else:
            rest = sit.recovery(f"{why}, no foe adjacent")
            if rest is not None:
                return rest

    tended = sit.tend()  # an Aid, a Healing or a blow at an Entangle worth more than any attack (once it is not too hurt to)
    if tended is not None:
        return tended

    threats = [v for v in sit.foes.values() if sit.can_reach_me(v)]

    def weigh(a: Action, v: float) -> float:
        if a.maneuver == "set" and threats:
            return 0.0  # a full Phase standing still while someone can close in
        if a.maneuver in ("haymaker",) or a.kind == "multiple-attack":
            v *= 0.5  # it does not drop its guard
        if sit.needs_to_move(a):
            v *= 0.5  # nor walk into the fight for less than twice the harm
        return v

    # Guard a hurt ally.
    for ally in sorted(sit.allies.values(), key=lambda v: (v.health, v.id)):
        if ally.health >= 0.5:
            break
        bullies = sorted((f for f in sit.foes.values() if sit.near(f, [ally])), key=lambda v: (v.health, v.id))
        for bully in bullies:
            hit = sit.best(sit.attacks_on(bully.id), weigh)
            if hit is not None and hit[1] > 0:
                return Choice(hit[0], f"guards {ally.name} ({pct(ally.health)} left): {describe_attack(sit, *hit)}")
        for bully in bullies:
            way = sit.approach(bully)
            if way is not None:
                return Choice(way[0], f"goes to guard {ally.name} ({pct(ally.health)} left): {way[1]}")

    # Kite a slower foe.
    if sit.adjacent and sit.longest_range > 1 and all(me.reach > v.reach for v in sit.adjacent):
        away = sit.standoff(sit.adjacent[0], sit.longest_range)
        if away is not None:
            return Choice(away, f"keeps its distance from {sit.adjacent[0].name}, who is slower: "
                                f"steps back to {where_to(away)}")

    # Combat Skill Levels (HERO) go to DCV while a foe could reach it, to OCV otherwise.
    levels = ("dcv",) if threats else ("ocv",)
    hit = sit.best(sit.with_levels(sit.attacks, levels), weigh)
    if hit is not None and hit[1] <= 0:
        hit = None
    # Wait for a foe who can come to it: with nothing to attack, or (HERO) rather than walk up
    # to a foe when a held Phase lets it strike first as the foe arrives.
    if threats and not sit.waited_last() and (hit is None or sit.hero and sit.needs_to_move(hit[0])):
        come = min(threats, key=lambda v: (sit.dist(v), v.id))
        hold = sit.find("hold") if sit.hero else sit.find("dodge")
        if hold is not None:
            how = "holds its Phase" if hold.kind == "hold" else "dodges"
            return Choice(hold, f"{WAITS} for {come.name} to come ({sit.dist(come)} cells): {how}")
    if hit is not None:
        how = "steps in" if sit.needs_to_move(hit[0]) else "attacks from where it stands"
        csl = ", CSLs in DCV" if hit[0].levels == "dcv" else ""
        return Choice(hit[0], f"{how}{csl}: {describe_attack(sit, hit[0], sit.value(hit[0]))}")

    return sit.go_toward(sorted(sit.foes.values(), key=lambda v: (sit.dist(v), v.id)))


slugfest_choose_action = answer_for(NAME, choose)
