"""Presence Attacks (rules-powers §3.6): PRE's dice, rolled once against every foe in sight, each
total compared with that foe's PRE.

Our readings where the sources leave a choice (docs/rules.md, "Readings we chose (HERO)"):

* the dice: 1d6 per 5 PRE, a remainder of 3 or 4 a half die (as STR's dice are), plus the
  attack's own ``dice`` (a Reputation, a Striking Appearance, a situation);
* it takes no time (a Zero-Phase action, once a Phase, before the Phase's action) and no END;
  it reaches every foe in line of sight who can see (not one Flashed);
* it is resisted by the foe's PRE (the other reading, the higher of PRE or EGO, is not taken);
* the effect, until the foe's next Phase: more than its PRE, impressed (it hesitates: no effect
  in a fight as modelled); PRE +10 or more, very impressed: a Half Phase of its next Phase lost;
  +20, awed: its next Phase lost and ½ DCV until then; +30, cowed: its next Phase lost and DCV 0
  until then (surrender and flight are not modelled). A foe already under a stronger one keeps it.
"""

from __future__ import annotations

from ..engine.context import RulesContext
from . import events as ev
from .dice import DamageDice, normal_sums, str_dice
from .effect_power import chance
from .sheet import HeroAttack
from .state import Fighter

#: The effects by how far the total passes the foe's PRE (rules-powers §3.6's table).
LEVELS = ((30, 4, "cowed"), (20, 3, "awed"), (10, 2, "very impressed"), (1, 1, "impressed"))
WORDS = {1: "impressed: it hesitates", 2: "very impressed: a Half Phase of its next Phase lost",
         3: "awed: its next Phase lost, half DCV until then", 4: "cowed: its next Phase lost, DCV 0 until then"}


def presence_dice(pre: int, extra: DamageDice) -> DamageDice:
    """PRE's dice (as STR's: 1d6 per 5, 3 or 4 over a half die) and the attack's own."""
    own = str_dice(pre)
    halves = (1 if own.half else 0) + (1 if extra.half else 0)
    return DamageDice(own.count + extra.count + halves // 2, bool(halves % 2), extra.pip)


def level(total: int, pre: int) -> int:
    """0 (no effect) to 4 (cowed): how far ``total`` passes ``pre``."""
    over = total - pre
    return next((lv for at, lv, _ in LEVELS if over >= at), 0)


def in_sight(ctx: RulesContext, f: Fighter) -> list[Fighter]:
    """The foes a Presence Attack of ``f`` reaches: in the fight, in line of sight, able to see."""
    return [g for g in ctx.state.fighters.values() if g.allegiance != f.allegiance and not g.out_of_fight(ctx.options)
            and not g.blind and ctx.grid.line_of_sight(f.pos, g.pos)]


def attack(ctx: RulesContext, f: Fighter, atk: HeroAttack) -> None:
    """``f`` makes its Presence Attack: one roll, each foe in sight affected by its own PRE."""
    dice = presence_dice(f.ch.PRE, atk.dice)
    faces = tuple(ctx.dice.rolls(dice.dice_rolled, 6, "presence"))
    total = normal_sums(dice, faces)[0]
    ctx.emit(ev.PresenceRolled(actor=f.id, attack=atk.name, dice=str(dice), faces=faces, total=total))
    for g in in_sight(ctx, f):
        lv = level(total, g.ch.PRE)
        ctx.emit(ev.PresenceEffect(actor=f.id, target=g.id, pre=g.ch.PRE, total=total, level=lv,
                                   words=WORDS.get(lv, "unmoved")))
        if lv > g.presence:
            g.presence = lv


#: What each effect is worth, in Phases the foe loses (the AI's figures, our choice): half a
#: Phase, a Phase and half its DCV, a Phase and all its DCV.
_PHASES = {2: 0.5, 3: 1.2, 4: 1.5}


def worth(ctx: RulesContext, f: Fighter, atk: HeroAttack, phase_lost: float) -> float:
    """The expected Phases the foes in sight lose to it, each worth ``phase_lost``."""
    dice = presence_dice(f.ch.PRE, atk.dice)
    total = 0.0
    for g in in_sight(ctx, f):
        if g.presence >= 2:
            continue  # it loses as much already
        cowed, awed, very = (chance(dice, g.ch.PRE + at) for at, _, _ in LEVELS[:3])
        total += cowed * _PHASES[4] + (awed - cowed) * _PHASES[3] + (very - awed) * _PHASES[2]
    return total * phase_lost


def words(ctx: RulesContext, f: Fighter, atk: HeroAttack) -> str:
    """For the player's prompt: the dice, and how many foes in sight it may awe."""
    dice = presence_dice(f.ch.PRE, atk.dice)
    seen = in_sight(ctx, f)
    return f"{dice} against the PRE of {len(seen)} in sight"


__all__ = ["LEVELS", "attack", "chance", "in_sight", "level", "presence_dice", "worth"]
