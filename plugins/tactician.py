"""Tactician: focus fire with its allies on one foe, with the maneuver that pays best at the range; defends when hurt.

Policy, in order (each choice carries its reason into the log):

1. Attacked: under half its fight left, HERO Blocks a hand-to-hand attack and Dodges a ranged one
   (an Abort costs its next Phase, so not before); a Marvel reaction costs no turn: always taken.
2. A finishing blow: an attack expected to put its target out of the fight is taken at once (not
   a Haymaker, which lands a Segment late, unless the target is Stunned); HERO, with over half
   its END left, pushes 10 points when that makes the best attack a finishing blow.
3. HERO, tired (END under 20%) with no foe adjacent: a Recovery. Being hurt is no reason by
   itself to Dodge, fall back or rest: each gives the foes a free blow (see :data:`TIRED`).
4. Marvel: no Dodge or Karma recovery for being hurt either (a turn spent so is an attack
   given up).
5. Focus fire: the team's target is the foe still in the fight with the least fight left, less
   15% for every one of the tactician's side standing next to it, over how much harm it does
   (HERO: its best Strike at the tactician times its SPD; Marvel: its best attack at the
   tactician; against the foes' mean) (ties: the foe
   nearest the whole side, then the id): the same for every tactician of a side but for the
   threat, which each reads against itself. Every attack on the menu is weighed, HERO maneuvers included (Set,
   Brace, Haymaker, Multiple Attack, Move Through, CSLs to OCV or to damage): the rules
   system's estimate as it stands (it prices a Haymaker's risk of being knocked away before it
   lands and a Brace's ½ DCV; not a Haymaker's -5 DCV or a Multiple Attack's ½, which
   ``core/hero/exposure.py`` measured not to matter); then, in HERO, half as much again on the
   team's target; in Marvel, times the target's threat over the foes' mean (:func:`target_weight`);
   and a fifth more for every ally already next to the target. With the hit-location rule on, its
   three best attacks are weighed as placed shots at each location too (``_choosing.placed_shots``).
   The best is taken; a Disarm or a Grab only when the estimate puts it above every attack
   (``_choosing.tend``: a Disarm is the chance to hit and win the STR contest times the weapon's share
   of the foe's harm for a Turn).
   HERO tempo first, as the default AI's: it Holds when a Haymaker thrown once a foe next to
   it has acted is worth more than the best blow now.
6. No attack: a hand-to-hand fighter whose move would end in the reach of the nearest foe, or
   of the team's target it walks toward, stops just outside it or Holds (the melee tempo the
   default AI uses); otherwise toward the team's target, or (HERO) toward another foe its best
   blow would hurt more than the team's target counted half as much again (``approach_order``:
   a target its blows cannot hurt is no reason to walk into the foes' fire); with a ranged
   attack, to a cell in range and sight where as few foes as possible could reach it next,
   unless (HERO) its best blow at that foe is a hand-to-hand one: then up to it
   (:func:`fights_close`).
7. Nothing else: Dodge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slugfest import Action, BattleView, Choice, Decision, Vitals
from slugfest.core.rules.grid import distance

from ._choosing import pct, primary
from ._mind import Situation, answer_for, describe_attack

NAME = "tactician"
#: HERO: attacked with under this share of its fight left, it Aborts to a Block or a Dodge. (Issue
#: 34, hero-arsenal against the default AI, the same seeds: a half won 51.3% of 1,107 decided
#: battles; the default AI's third, 48.6% of 1,117; two thirds, 50.5% of 1,107.)
ABORT_BELOW = 0.5
#: HERO: END under this share, no foe adjacent: a Recovery. (Being hurt is no reason to stop
#: attacking: a Dodge, a retreat or a Recovery under 35% of its fight left, as the tactician
#: once took, gave the foe free blows; without them it won more of its battles against the
#: default AI in three of four scenarios, with ~800 battles each: hero-brawl 56.7% -> 59.0%,
#: hero-arsenal 53.5% -> 57.0%, marvel-brawl 52.8% -> 56.8%, marvel-xmen 51.9% -> 51.5%.)
TIRED = 0.2
#: HERO: an attack on the team's target counts half as much again (Marvel weighs every target
#: by its threat instead: :func:`target_weight`).
FOCUS = 1.5
HELP = 0.2  # and a fifth more for every ally already next to its target
MIN_THREAT = 0.2  # a foe that does (next to) no harm still counts a fifth of the mean threat


def best_blow(sit: Situation, attacker: str, target: str, effects: bool = True,
              keep: Callable[[Any], bool] | None = None) -> float:
    """The most the rules system expects one of ``attacker``'s attacks to take of ``target``'s
    fight now: HERO, its Strikes (no aid, area or Presence attack, and no effect power unless
    ``effects``); Marvel, every attack; only those ``keep`` keeps, when given."""
    best = 0.0
    for atk in sit.battle.sheet(attacker).attacks:
        if keep is not None and not keep(atk):
            continue
        if not sit.hero:
            action = Action("attack", atk.name, target)
        elif atk.helps or atk.area or atk.presence or (atk.effect and not effects):
            continue
        else:
            action = Action("attack", atk.name, target, "strike")
        best = max(best, sit.battle.estimate(attacker, action))
    return best


def threat(sit: Situation, v: Vitals) -> float:
    """How much harm foe ``v`` does a Turn (HERO) or a round (Marvel) to the actor, as the rules
    system estimates it now: HERO, its best Strike at the actor times its SPD (Phases a Turn);
    Marvel, its best attack at the actor (every combatant has one turn a round)."""
    best = best_blow(sit, v.id, sit.me.id)
    return best * sit.battle.sheet(v.id).characteristics.SPD if sit.hero else best


def threat_weights(sit: Situation) -> dict[str, float]:
    """Each foe's :func:`threat` over the foes' mean, at least :data:`MIN_THREAT` (all 1 when
    no foe does any harm)."""
    harm = {i: threat(sit, v) for i, v in sit.foes.items()}
    mean = sum(harm.values()) / len(harm) if harm else 0.0
    return {i: max(h / mean, MIN_THREAT) if mean > 0 else 1.0 for i, h in harm.items()}


def target_weight(sit: Situation, focus: Vitals, weights: dict[str, float]) -> Callable[[Vitals], float]:
    """What an attack's estimate is multiplied by for its target.

    HERO: :data:`FOCUS` on the team's target, 1 elsewhere. Marvel: the target's threat weight
    (:func:`threat_weights`), for every target: Marvel's estimate is already each outcome's share
    of what the target has left, capped at 1, so the least hurt foe scores highest by itself,
    and what the estimate lacks is what a foe put out of the fight stops doing. A bonus on the
    team's target alone made the tactician lose to the default AI in marvel-brawl (37.1% of
    396 decided); unweighted it won 54.6% of 999 there and 51.3% of 1,000 in marvel-xmen;
    weighed by threat, 61.1% of 1,197 and 59.6% of 1,197 (issue 34, both seatings, 600 battles
    each; the threat's square root: 64.2% and 57.7%; the threat at the whole side rather than
    the actor: 62.1% and 58.2%). In HERO the same weight on every target lost: hero-brawl
    40.4% of 510 against 48.9% of 517 unweighted on the same seeds."""
    if sit.hero:
        return lambda t: FOCUS if t.id == focus.id else 1.0
    return lambda t: weights.get(t.id, 1.0)


def focus_target(sit: Situation, weights: dict[str, float] | None = None) -> Vitals | None:
    """The side's common target: least fight left, minus 15% per ally (or self) next to it, over
    its threat (:func:`threat`) against the foes' mean, at least a fifth, the more threatening
    first among equals (issue 18: the foe
    that hurts most goes down first; this lifted the tactician from 50% to 53% of its decided
    battles against the default AI on mirrored hero-brawl, 2,219 decided); ties to the foe
    nearest the whole side, then the id."""
    team = [sit.me, *sit.allies.values()]
    weights = threat_weights(sit) if weights is None else weights

    def key(v: Vitals) -> tuple:
        weight = weights[v.id]
        left = max(v.health - 0.15 * sit.near(v, team), 0.0)  # not below 0: the weight would turn it around
        return left / weight, -weight, sum(distance(m.position, v.position) for m in team), v.id

    ranked = sorted(sit.foes.values(), key=key)
    return ranked[0] if ranked else None


def blow_worth(sit: Situation, v: Vitals) -> float:
    """What the actor's best damage attack would take of foe ``v``'s fight (its Strike, as the
    rules system estimates it from where the two stand): the harm a walk toward ``v`` is for."""
    return best_blow(sit, sit.me.id, v.id, effects=False)


def approach_order(sit: Situation, focus: Vitals) -> tuple[list[Vitals], str]:
    """The foes to walk toward, first to last, when no attack is worth making this Phase, and the
    reason's opening words. HERO: the foe its best blow would hurt most (:func:`blow_worth`), the
    team's target's counted :data:`FOCUS` times (as an attack on it is), ties to the nearer,
    then the id; Marvel, or no blow that would hurt anyone: the team's target, then the nearest.

    Issue 34: walking toward a team target its blows cannot hurt (hero-arsenal's Webline, whose
    Stinger does ~7 STUN through Blastwave's ED 28) handed the foes free shots for nothing. In
    hero-arsenal mirrored with tacticians on both sides and one side +1 DEX, the quick side
    won 46.0% of 569 decided battles; walking toward the foe it hurts most, 62.6% of 561 (seeds
    5000-5599, the same seeds)."""
    others = sorted((v for v in sit.foes.values() if v.id != focus.id), key=lambda v: (sit.dist(v), v.id))
    default = [focus, *others], f"team target {focus.name}: "
    if not sit.hero or not others:
        return default
    worth = {v.id: blow_worth(sit, v) * (FOCUS if v.id == focus.id else 1.0) for v in (focus, *others)}
    if max(worth.values()) <= 0:
        return default
    ranked = sorted((focus, *others), key=lambda v: (-worth[v.id], sit.dist(v), v.id))
    if ranked[0].id == focus.id:
        return ranked, default[1]
    return ranked, (f"{ranked[0].name} the foe its blows hurt most ({pct(worth[ranked[0].id])}; team target "
                    f"{focus.name} {pct(worth[focus.id])}): ")


def fights_close(sit: Situation, v: Vitals) -> tuple[float, float] | None:
    """HERO: the actor's best hand-to-hand blow at foe ``v`` and its best ranged one (a Strike,
    an area caught alone), as the rules system estimates them now, when the hand-to-hand one is
    worth more; None otherwise (and in Marvel).

    Issue 34: hero-arsenal's Torque (a STR 58 Punch, and a 3d6 SPD Drain at 20 m) walked only
    into his Drain's range, as a shooter does, and sapped Blastwave's SPD for 1-8% a Phase
    while his side fell. Walking up to the foe to punch it, and weighing a Haymaker by the
    estimate alone (see :func:`choose`), the tactician won 53.5% of 1,128 decided battles
    against the default AI where it had won 50.3% of 1,133 (both seatings, seeds 31-34), 51.6%
    of 1,129 against 51.3% of 1,107 (seeds 21-24), and in hero-brawl 57.0% of 772 against 53.3%
    of 777 (seeds 21-23). The Drain's worth is read from here, so a foe out of its range makes
    it 0: the hand-to-hand blow wins, as it would from any cell in range."""
    if not sit.hero:
        return None
    me = sit.me.id
    close = best_blow(sit, me, v.id, keep=lambda atk: sit.ranges.get(atk.name, 0) <= 1)
    far = max([best_blow(sit, me, v.id, keep=lambda atk: sit.ranges.get(atk.name, 0) > 1),
               *(sit.battle.estimate(me, Action("attack", atk.name, v.id, "area", targets=(v.id,)))
                 for atk in sit.battle.sheet(me).attacks if atk.area and not atk.helps and not atk.presence)])
    return (close, far) if close > far else None


def closing_in(sit: Situation, v: Vitals) -> tuple[Action, str] | None:
    """How the actor gets at foe ``v`` when it has no attack worth making: up to it when its best
    blow there is a hand-to-hand one (:func:`fights_close`), else as :meth:`Situation.approach`
    goes (into range of a ranged attack, or up to it)."""
    blows = fights_close(sit, v)
    if blows is None:
        return sit.approach(v)
    move = sit.close_in(v)
    if move is None:
        return None
    return move, (f"closes on {v.name} ({sit.dist(v)} cells): its hand-to-hand blow ({pct(blows[0])}) beats its "
                  f"best ranged one from here ({pct(blows[1])})")


def choose(battle: BattleView, decision: Decision) -> Choice:
    sit = Situation(battle, decision)
    me = sit.me
    if decision.kind == "abort":
        return sit.abort_below(ABORT_BELOW, "hurt")

    free = sit.free()  # a Zero-Phase action (HERO) first: it takes no time
    if free is not None:
        return free
    # Each attack at the rules system's estimate, which prices a Haymaker's risk of being knocked
    # away before it lands (core/hero/windup.py). Issue 34: a Haymaker counted at 0.6 and a
    # Multiple Attack at 0.85 whenever another foe could reach the actor, for their DCV, changed
    # nothing measurable (hero-arsenal 51.3% of 1,107 decided with them, 51.6% of 1,119 without,
    # the same seeds; core/hero/exposure.py found those DCVs not worth pricing either), and its
    # Torque threw a quarter as many Haymakers as the default AI's (with :func:`fights_close`:
    # 52.6% of 2,257 against 50.8% of 2,240).
    options = sit.aimed(sit.with_levels(sit.attacks, ("ocv", "damage")))  # HERO: placed shots too
    best = sit.best(options)
    sure = sit.best([a for a in options if a.maneuver != "haymaker" or sit.everyone[primary(a)].disabled])
    if sure is not None and sure[1] >= 1:
        return Choice(sure[0], f"a finishing blow: {describe_attack(sit, *sure)}")
    if sure is not None and sit.hero and me.stamina > 0.5:
        pushed = sit.pushed(sure[0], 10)
        if sit.value(pushed) >= 1:
            return Choice(pushed, f"pushes 10 for a finishing blow: {describe_attack(sit, pushed, sit.value(pushed))}")
    if sit.hero and me.stamina < TIRED and not sit.adjacent:
        rest = sit.recovery(f"END at {pct(me.stamina)} and no foe adjacent")
        if rest is not None:
            return rest

    tended = sit.tend()  # an Aid, a Healing or a blow at an Entangle worth more than any attack (once it is not too hurt to)
    if tended is not None:
        return tended

    weights = threat_weights(sit)
    focus = focus_target(sit, weights)
    if focus is None:
        return sit.fallback()
    hold = sit.find("hold") if best is not None else None
    now = max(best[1], 0.0) if best is not None else 0.0
    if hold is not None and sit.value(hold) > now:  # HERO tempo, as the default AI's
        return Choice(hold, f"holds its Phase: a Haymaker once the foe next to it has acted (worth "
                            f"{sit.value(hold):.0%}) beats the best blow now ({now:.0%})")

    weight = target_weight(sit, focus, weights)

    def focused(a: Action, v: float) -> float:
        t = sit.everyone[primary(a)]
        return v * weight(t) * (1 + HELP * sit.near(t, sit.allies.values()))

    pick = sit.best(options, focused)
    if pick is not None and pick[1] > 0:
        t = sit.everyone[primary(pick[0])]
        helpers = sit.near(t, sit.allies.values())
        withwho = f" with {helpers} all{'y' if helpers == 1 else 'ies'}" if helpers else ""
        why = f"focus fire{withwho}" if t.id == focus.id else f"{focus.name} out of reach, best other target{withwho}"
        threat_note = "" if sit.hero else f", its threat {weights.get(t.id, 1.0):.1f}x the foes' mean"
        return Choice(pick[0], f"{why}: {describe_attack(sit, pick[0], sit.value(pick[0]))}{threat_note}")
    # Melee tempo against the nearest foe, not the team's target: the move toward a far target
    # ends in the reach of whoever is nearest, and that one would strike first (issue 18: waiting
    # on the team's target lost 55:45 to the default AI, waiting on the nearest won 53:47).
    nearest = sit.nearest()
    # ...unless its attacks on the nearest already reach and cannot hurt it: waiting for a foe
    # it cannot harm gains nothing (the default AI's rule too)
    unharmed = nearest is not None and bool(sit.attacks_on(nearest.id)) and all(
        sit.value(a) <= 0 for a in sit.attacks_on(nearest.id))
    waiting = sit.melee_standoff(nearest) if nearest is not None and not unharmed else None
    if waiting is None and nearest is not None and focus.id != nearest.id:
        # ...and against the team's target, where the move goes when the nearest is a shooter
        # (who will not come): walking into the target's reach handed it the first blow (issue
        # 34: +1 DEX in mirrored hero-brawl, tacticians both sides, 44.7% -> 54.7% of ~700)
        waiting = sit.melee_standoff(focus)
    if waiting is not None:
        return waiting
    ranked, why = approach_order(sit, focus)
    return sit.go_toward(ranked, why, lambda v: closing_in(sit, v))


slugfest_choose_action = answer_for(NAME, choose)
