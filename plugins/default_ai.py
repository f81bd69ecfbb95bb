"""Default AI: focus the foe closest to going down, with the attack that hurts most.

Policy, in order (each choice carries its reason into the log):

1. About to be attacked: a free defence (``decision.free``: a Marvel reaction, which costs no
   turn and comes back next round) is always taken. One that costs a later action (a HERO
   Abort costs the next Phase) only with under a third of its fight left. Asked to step in for
   an attacked ally (Interpose), it does so for an ally under a third of its fight while it has
   half of its own (``_answers.shield``); asked to help a teammate's failed check, it always does
   (``_answers.helping``). Karma goes on an edge for a failed attack that could finish a foe under
   a third of its fight, or on trouble for a hit against it with under half of its own
   (``_answers.spend_karma``). Its side's one team maneuver it calls once a foe is within reach that
   round: Defensive when its side has under four fifths of the foes' fight, a Rally's recovery rolls
   under half, otherwise Offensive, and a Rally that brings back a shattered member first
   (``_answers.team_call``). A reaction power that costs Focus (Blur, Shield), when
   no dodge is offered, only with under half of its fight left.
2. Low on fight (under 30%) or out of stamina with no foe in reach: take a Recovery.
3. Attack: among the attacks on the menu against foes still in the fight, take the one with
   the highest expected harm (chance to hit x damage after defenses, relative to what the
   target has left, as the rules system estimates it, risks included: in HERO a Haymaker a foe
   may knock its thrower away from, a blow that may knock away a friend's Haymaker's target, and
   the STUN an attack's END would cost beyond what is left). Ties go to the plainer
   maneuver (a Strike rather than a Brace that adds nothing), then the nearer foe, then the lower
   id, never to roster order. An attack expected to do nothing (armour its multiplier cannot
   beat, a foe it must hold back on) is not worth the action: it closes on a foe or
   defends instead, and says that its attacks cannot hurt the foes in reach (or, its stamina
   spent, that none is worth what it would cost: in HERO the STUN that pays for missing END; a
   Recovery comes first).
   HERO tempo: when a foe next to it is still to act in this Segment (and has no Phase in the
   next), it Holds instead if a Haymaker thrown once that foe has acted, when it can no longer
   step away, is worth more than the best blow now (the rules system's estimate of a Hold).
   With the hit-location rule on, its three best attacks are also weighed as placed shots at
   each location (``_choosing.placed_shots``; the estimate counts the location's OCV penalty and
   its STUN and BODY multipliers), and an aimed one is taken when it is worth most.
   An Aid, a Healing, a blow at an Entangle, a Grab or a Disarm is taken instead when the estimate
   puts it above that blow (``_choosing.tend``; a Disarm: the chance to hit and to win the STR
   contest times the weapon's share of the foe's harm for the Phases it would still fire it).
   Held by a foe (an Escape on the menu), it tries to break free when no attack would do
   anything, or when pinned and no attack would finish a foe; a free reaction to a grab always
   tries (``_answers.break_free``).
4. No one in reach (or no one it can hurt): end its own bleeding or flames if it can (an
   action and a check); else move toward the nearest foe still standing, one it can hurt first. Melee tempo (``Situation.melee_standoff``): a fighter with no ranged
   attack that would end its move where a foe could come and strike it first stops just
   outside every foe's reach instead; already there, it Holds its Phase (a foe who comes is
   struck first), and after a Phase of waiting the battle's dice say (1 in 6) whether it steps
   in or waits again, so two fighters who both wait do not stall. A lasting power offered with a
   move toward that foe (Attack Stance...) is taken on the way if the shorter move still lets
   it strike next turn (``_choosing.on_the_way``).
5. Otherwise (hurt, a Recovery first) grab a foe in reach its attacks cannot hurt, to keep it off
   its allies, if it has any still fighting (``_choosing.hold_still``); else Dodge.

It is ``trylast``: it answers for every combatant no other AI claims, which makes it the
fallback when a named AI fails or returns nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from slugfest import Action, BattleView, Choice, Decision, Vitals, hookimpl
from slugfest.core.rules.grid import distance

from ._answers import break_free, helping, power_reaction, shield, spend_karma, strike_back, team_call
from ._choosing import (ATTACK_KINDS, FREE, PLAINER, best_of, bound_of, free_first, highest, hold_still, on_the_way,
                        placed_shots, tend)
from ._mind import Situation

NAME = "default"
#: Stamina (END) under which an attack worth nothing is put down to the STUN its END would cost.
SPENT = 0.15


def _first(menu: tuple[Action, ...], kind: str) -> Action | None:
    for a in menu:
        if a.kind == kind:
            return a
    return None


def choose(battle: BattleView, decision: Decision) -> Choice:
    pic = decision.picture
    vitals = pic.vitals if pic is not None else battle.vitals
    me = vitals(decision.actor)
    menu = decision.menu
    if decision.kind == "abort":
        shielding = (shield(battle, decision, me) or helping(decision, battle) or spend_karma(decision, battle, me)
                     or break_free(menu, me, 0.0, decision.free) or team_call(decision, battle, me)
                     or strike_back(decision, battle))
        if shielding is not None:
            return shielding
        dodge = _first(menu, "dodge")
        if dodge is not None and decision.free:
            return Choice(dodge, f"a reaction costs no turn: defends with {dodge.maneuver or 'a Dodge'}")
        power = power_reaction(decision, me) if dodge is None else None
        if power is not None:
            return power
        costly = _first(menu, "power") if dodge is None else None
        if costly is not None:  # a reaction power that pays Focus, which is fight too
            return Choice(menu[0], f"keeps its Focus: not hurt enough for {costly.power} yet ({me.health:.0%} left)")
        dive = _first(menu, "dive")  # out of an area, which no Dodge escapes
        if dive is not None and me.health < 1 / 3:
            return Choice(dive, f"hurt ({me.health:.0%} left): dives for cover")
        if dodge is not None and me.health < 1 / 3:
            return Choice(dodge, f"hurt ({me.health:.0%} left): defends with {dodge.maneuver or 'a Dodge'}")
        return Choice(menu[0], f"not hurt enough to defend yet ({me.health:.0%} fight left)")
    foes = {}
    first: dict[str, Action] = {}  # the first action of each kind on the menu, gathered in this one pass
    # over a long menu rather than asked of it again and again (the kinds: 0.7% of a hero-brawl
    # battle's instructions, the first Recovery, Hold and Dodge 0.5%; issue 35)
    for a in menu:
        if a.kind not in first:
            first[a.kind] = a
        if a.target and a.target not in foes:
            foes[a.target] = vitals(a.target)
        for tid in a.targets:
            if tid not in foes:
                foes[tid] = vitals(tid)
    able_foes = {tid: v for tid, v in foes.items() if v.able and v.side != me.side}
    in_reach = [a for a in menu if a.kind in ATTACK_KINDS and (a.target in able_foes if a.target else True)
                and (not a.targets
                     or all(t in able_foes or (a.maneuver == "area" and foes[t].side != me.side) for t in a.targets))]
    # (a HERO area may also catch a foe already down; never a friend)
    if not first.keys().isdisjoint(FREE):  # a Zero-Phase action first (HERO): it takes no time
        harm_of = pic.harm if pic is not None else partial(battle.estimate, decision.actor)
        switching = "switch" in first  # only a switch weighs the attacks on hand
        free = free_first(decision, battle, harm_of,
                          highest(in_reach, harm_of, bound_of(decision, harm_of)) if switching else 0.0)
        if free is not None:
            return free
    recover = first.get("recover")
    adjacent = any(distance(me.position, v.position) <= 1 for v in able_foes.values())
    if recover is not None and not adjacent and (me.health < 0.3 or me.stamina < 0.15):
        why = f"{me.health:.0%} fight left" if me.health < 0.3 else f"{me.stamina:.0%} stamina left"
        return Choice(recover, f"{why} and no foe adjacent: takes a Recovery")
    if in_reach:
        harm_of = pic.harm if pic is not None else partial(battle.estimate, decision.actor)
        bound = bound_of(decision, harm_of)
        aimed = placed_shots(in_reach, harm_of, battle.player_options(decision.actor).aims)
        pick, value = _best([*in_reach, *aimed], harm_of, bound, me, able_foes)
        target = _first_able(pick, able_foes)  # an area at an empty cell: the first able foe it catches
        tended = tend(decision, battle, harm_of, max(value, 0.0), bound)
        if tended is not None:
            return tended
        hold = first.get("hold")
        later = harm_of(hold) if hold is not None else 0.0
        if hold is not None and later > max(value, 0.0):  # HERO tempo: let the foe next to it act, then Haymaker it
            return Choice(hold, f"holds its Phase: a Haymaker once the foe next to it has acted (worth {later:.0%}) "
                                f"beats the best blow now ({max(value, 0.0):.0%})")
        out = break_free(menu, me, value)
        if out is not None:
            return out
        if value > 0 and len(pick.targets) > 1 and pick.kind == "attack":  # a split or area attack: all it strikes
            names = ", ".join(foes[t].name for t in pick.targets)
            return Choice(pick, f"best expected harm: {value:.0%} of a foe's fight in all, over {names}")
        if value > 0 and target is not None:
            harm = "enough to finish" if value >= 1 else f"{value:.0%} of what is left of"
            placed = f", aimed at the {pick.aim}" if pick.aim else ""
            return Choice(pick, f"best expected harm{placed}: {harm} {target.name} ({target.health:.0%} fight left)")
    else:
        harm_of = pic.harm if pic is not None else partial(battle.estimate, decision.actor)
        tended = tend(decision, battle, harm_of, 0.0, bound_of(decision, harm_of))
        if tended is not None:
            return tended
    unharmed = sorted({t for a in in_reach for t in (a.target, *a.targets) if t in able_foes})  # (an area may catch the downed)
    standing = sorted(able_foes.values(), key=lambda v: (v.id in unharmed, distance(me.position, v.position), v.id))
    if unharmed and me.stamina < SPENT:  # stamina gone (HERO END: each attack costs STUN instead)
        idle = f"stamina spent ({me.stamina:.0%} left): no attack is worth what it would cost"
        closes = f"{idle}: closes on"
    elif unharmed:  # every attack in reach is expected to do nothing
        names = ", ".join(able_foes[t].name for t in unharmed)
        idle = f"its attacks cannot hurt the foes in reach ({names})"
        closes = f"{idle}: closes on"
    else:
        idle = "nothing to attack or reach"
        closes = "no foe in reach: closes on the nearest,"
    treat = next((a for a in menu if a.kind == "treat" and a.target == me.id), None)
    if treat is not None:  # bleeding or burning, with no one to hit: deal with it
        return Choice(treat, f"{idle}: treats its own {treat.maneuver}")
    held = break_free(menu, me, 0.0)
    if held is not None:
        return held
    for v in standing:
        move = Action("move", target=v.id)
        if move in menu:
            waiting = None if unharmed else Situation(battle, decision).melee_standoff(v)
            if waiting is not None:
                return waiting
            on_way = on_the_way(menu, me, v)
            if on_way is not None:
                return Choice(on_way, f"{closes} {v.name} ({distance(me.position, v.position)} cells), "
                                      f"taking {on_way.power} on the way")
            return Choice(move, f"{closes} {v.name} ({distance(me.position, v.position)} cells)")
    if recover is not None and me.health < 1:
        return Choice(recover, f"{idle}: takes a Recovery")
    grab = hold_still(battle, menu, me, unharmed)
    if grab is not None:
        return Choice(grab, f"{idle}: grabs {able_foes[grab.target].name} to keep it off its allies")
    dodge = first.get("dodge")
    if dodge is not None:
        return Choice(dodge, f"{idle}: dodges")
    return Choice(menu[0], "nothing better to do")


def _first_able(a: Action, foes: dict[str, Vitals]) -> Vitals | None:
    """The first foe still able to fight that ``a`` strikes: its target, or, for an area (aimed
    at a cell, maybe an empty one), the first of those it catches; an area may also catch foes
    already down, and may list one of them first (None if it catches no able foe)."""
    for t in (a.target, *a.targets):
        if t in foes:
            return foes[t]
    return None


def _best(attacks: list[Action], harm: Callable[[Action], float], bound: Callable[[Action], float], me: Vitals,
          foes: dict[str, Vitals]) -> tuple[Action, float]:
    """The attack worth most, ties to the plainer maneuver, the nearer target, the lower id and
    then the label; ``harm`` worked out only for the attacks whose ``bound`` could still win
    (:func:`._choosing.best_of`)."""
    here = me.position

    def rank(a: Action) -> tuple:
        first = _first_able(a, foes)
        return (PLAINER.get(a.maneuver, 5), distance(here, first.position) if first else 1 << 20,
                first.id if first else "")

    found = best_of(attacks, harm, bound, rank)
    assert found is not None
    return found


@hookimpl(trylast=True)
def slugfest_choose_action(battle: BattleView, decision: Decision) -> Choice:
    return choose(battle, decision)
