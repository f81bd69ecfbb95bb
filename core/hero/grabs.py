"""The Grab family (rules-powers §4.1): Grab, Escape, Squeeze, Throw, and letting go.

A Grab is a hand-to-hand roll at -1 OCV (the maneuver's own -2 DCV until its user's next Phase,
as any maneuver's). On a hit the grabber holds the target: both are at ½ DCV; the held one
cannot move and is at -3 OCV against its holder; the holder may Squeeze (its STR's damage, no
roll) or Throw (the same damage, and the target lands prone and is let go) in its later Phases.

Our readings where the sources leave a choice (docs/rules.md, "Readings we chose (HERO)"):

* Escape is an action of the held one's Phase: each side rolls its STR's dice and counts their
  Normal BODY; the held one breaks free with more BODY than its holder (the holder keeps ties).
  Martial Escape adds +15 STR to the escape, Martial Grab +10 STR to the hold (rules-powers §4.3).
* The holder lets go to do anything but Squeeze or Throw, and when it moves, is Stunned, knocked
  out or killed, or either of the two is knocked back; a held one knocked out or killed is let go.
* Squeeze and Throw damage, like a knockback's landing, is rolled by the rules and taken against
  PD: it does not go through the damage step (nor does a choke's NND: the house rules around the
  damage step see a Nerve Strike's NND, which is an attack, but not a choke's).
* A thrown target lands prone where it stood (throwing it across the map is not modelled).
* Choke Hold (rules-powers §4.3, for one who knows it): a Grab at -2 OCV, +0 DCV whose hit does
  its NND (2d6, 4 DC, and the Extra DCs bought with Martial Arts; STR does not add; stopped by
  Life Support, our reading) at once, and whose holder's later Squeezes do it again instead of
  STR damage. It holds as a Grab does (the one limb it takes is not modelled: the held one is
  hampered as by a Grab); Martial Grab's +10 STR does not hold a choke.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..engine.context import RulesContext
from . import events as ev
from .damage import roll_normal, take_damage
from .dice import DamageDice, normal_sums, str_dice
from .effects import apply_damage, defenses, release, spend_end
from .endurance import str_end
from .martial import TABLE, strike_attack
from .sheet import HeroAttack
from .state import Fighter
from .usage import damage_profile

#: The blow a Grab and its follow-ups are made with: STR, hand to hand (named so no sheet's
#: attack is mistaken for it in a memo).
GRAB_ATTACK = HeroAttack("Grab", knockback=False)
#: ...and a Choke Hold's roll (its NND is :func:`choke_hold`).
CHOKE_GRAB = HeroAttack("Choke Hold", knockback=False)
SQUEEZE = HeroAttack("Squeeze", knockback=False)
#: Crush (rules-powers §4.3): a Squeeze at STR +4 DC, for one who knows it.
CRUSH = HeroAttack("Crush", knockback=False, martial_dcs=4)
#: Martial Disarm's +10 STR to the contest (rules-powers §4.3).
MARTIAL_DISARM_STR = 10
#: STR added by the Martial Arts maneuvers that hold and that escape (rules-powers §4.3).
MARTIAL_GRAB_STR = 10
MARTIAL_ESCAPE_STR = 15
#: -3 OCV for the held against its holder (rules-powers §4.1).
HELD_OCV = -3


def hold(ctx: RulesContext, f: Fighter, g: Fighter, choke: bool = False, grip: int = 0) -> None:
    """``f``'s Grab (or Choke Hold) hit: it holds ``g``; a choke's NND is done at once. ``grip``:
    STR added to the hold while it lasts (a Grab By's +v/10)."""
    f.holding, g.held_by, f.choking, f.grip = g.id, f.id, choke, grip
    ctx.emit(ev.StatusChanged(actor=g.id, status="grabbed", active=True,
                              why=f"held by {f.name}: half DCV, -3 OCV against it, cannot move"))
    speed = f", +{grip} STR to hold (Grab By's velocity)" if grip else ""
    ctx.emit(ev.StatusChanged(actor=f.id, status="grabbing", active=True, why=f"holds {g.name}: half DCV{speed}"))
    if choke:
        squeeze(ctx, f, pay=False)


def holding_str(f: Fighter) -> int:
    gripping = "Martial Grab" in f.sheet.martial_arts and not f.choking
    return f.ch.STR + (MARTIAL_GRAB_STR if gripping else 0) + f.grip


def escaping_str(g: Fighter) -> int:
    return g.ch.STR + (MARTIAL_ESCAPE_STR if "Martial Escape" in g.sheet.martial_arts else 0)


def escape(ctx: RulesContext, g: Fighter) -> None:
    """``g`` tries to break its holder's Grab: STR against STR, the BODY of each one's dice."""
    f = ctx.state.fighters[g.held_by]
    opts = ctx.options
    spend_end(ctx, g, str_end(g.ch.STR, opts.campaign, opts.str_end), "STR against a Grab")
    if g.out_of_fight(opts):
        return
    mine, theirs = str_dice(escaping_str(g)), str_dice(holding_str(f))
    own = tuple(ctx.dice.rolls(mine.dice_rolled, 6, "escape"))
    held = tuple(ctx.dice.rolls(theirs.dice_rolled, 6, "hold"))
    body, against = normal_sums(mine, own)[1], normal_sums(theirs, held)[1]
    freed = body > against
    ctx.emit(ev.EscapeRolled(actor=g.id, holder=f.id, strength=escaping_str(g), faces=own, body=body,
                             holder_strength=holding_str(f), holder_faces=held, holder_body=against, freed=freed))
    if freed:
        release(ctx, f, f"{g.name} broke free")


def choke_hold(f: Fighter) -> HeroAttack:
    """A Choke Hold's NND (:func:`.martial.strike_attack` builds it as it builds a Nerve Strike),
    named apart from the roll (:data:`CHOKE_GRAB`): the memos know an attack by its name."""
    key = ("choke hold", f.sheet.martial_extra_dcs)
    atk = f.memo.get(key)
    if atk is None:
        atk = f.memo[key] = replace(strike_attack(TABLE["Choke Hold"], f.sheet.martial_extra_dcs),
                                    name="Choke Hold NND")
    return atk


def squeezing(f: Fighter, throw: bool = False) -> HeroAttack:
    """The blow a Squeeze (a Crush, for one who knows it; a choke's NND, choking) or a Throw is."""
    if throw:
        return SQUEEZE
    if f.choking:
        return choke_hold(f)
    return CRUSH if "Crush" in f.sheet.martial_arts else SQUEEZE


#: The actions of the Grab family, and Disarm, that use STR (rules §6: 1 END per 10 STR used).
STR_ACTIONS = ("grab", "grab-by", "choke", "squeeze", "throw", "escape", "disarm")


def pays_str(f: Fighter, kind: str) -> bool:
    """Whether ``f``'s action of ``kind`` uses its STR, so pays STR's END: each of
    :data:`STR_ACTIONS` but a choking Squeeze, whose NND uses none."""
    if kind == "squeeze":
        return squeezing(f).adds_str
    return kind in STR_ACTIONS


def squeeze(ctx: RulesContext, f: Fighter, throw: bool = False, pay: bool = True) -> None:
    """The holder's STR damage (or its choke's NND) to the one it holds (no roll); a Throw also
    lays it prone and lets go. ``pay``: the STR's END (a Choke Hold's own hit paid it already:
    a maneuver costs no END of its own)."""
    g = ctx.state.fighters[f.holding]
    opts = ctx.options
    blow = squeezing(f, throw)
    what = "Throw" if throw else CHOKE_GRAB.name if f.choking else blow.name  # a choke's damage is its own
    if pay and pays_str(f, "throw" if throw else "squeeze"):
        spend_end(ctx, f, str_end(f.ch.STR, opts.campaign, opts.str_end), what)
    if f.out_of_fight(opts):
        return
    dice = damage_profile(opts, f, blow, None, "", 0, 0).dice
    roll = roll_normal(dice, tuple(ctx.dice.rolls(dice.dice_rolled, 6, "damage")), blow.kind, blow.does_body)
    ctx.emit(ev.DamageRolled(attacker=f.id, target=g.id, attack=what, damage_kind=blow.kind, base_dice=str(dice),
                             dice=roll.dice, added=(), capped=False, faces=roll.faces, stun=roll.stun, body=roll.body,
                             multiplier=0, multiplier_face=0))
    apply_damage(ctx, g, roll, take_damage(roll, defenses(g, blow.defense), blow.defense, opts.minimum_stun), what)
    if throw and f.holding == g.id:
        if not g.dead and not g.prone:
            g.prone = True
            ctx.emit(ev.StatusChanged(actor=g.id, status="prone", active=True, why=f"thrown down by {f.name}"))
        release(ctx, f, f"threw {g.name}")


@lru_cache(maxsize=1024)
def _body_odds(dice: DamageDice) -> tuple[float, ...]:
    """P(the Normal BODY count of ``dice`` is k), k = 0, 1, ...: 0, 1 or 2 a die (1/6, 4/6, 1/6);
    a half die 0 or 1 (even)."""
    odds = [1.0]
    for _ in range(dice.count):
        nxt = [0.0] * (len(odds) + 2)
        for k, p in enumerate(odds):
            nxt[k] += p / 6
            nxt[k + 1] += p * 4 / 6
            nxt[k + 2] += p / 6
        odds = nxt
    if dice.half:
        nxt = [0.0] * (len(odds) + 1)
        for k, p in enumerate(odds):
            nxt[k] += p / 2
            nxt[k + 1] += p / 2
        odds = nxt
    return tuple(odds)


def disarm(ctx: RulesContext, f: Fighter, g: Fighter, weapon: str) -> None:
    """A Disarm that hit (rules-powers §4.2): STR against STR, the BODY of each one's dice; with
    more, ``f`` knocks ``weapon`` (an Accessible Focus) away: gone for the battle (our reading:
    picking it up again is not modelled)."""
    mine = str_dice(disarming_str(f))
    theirs = str_dice(g.ch.STR)
    own = tuple(ctx.dice.rolls(mine.dice_rolled, 6, "disarm"))
    held = tuple(ctx.dice.rolls(theirs.dice_rolled, 6, "hold"))
    body, against = normal_sums(mine, own)[1], normal_sums(theirs, held)[1]
    won = body > against
    ctx.emit(ev.DisarmRolled(actor=f.id, target=g.id, weapon=weapon, strength=disarming_str(f), faces=own, body=body,
                             target_strength=g.ch.STR, target_faces=held, target_body=against, success=won))
    if won:
        g.disarmed = g.disarmed | {weapon}


def disarming_str(f: Fighter) -> int:
    return f.ch.STR + (MARTIAL_DISARM_STR if "Martial Disarm" in f.sheet.martial_arts else 0)


def contest_chance(mine: int, theirs: int) -> float:
    """P(STR ``mine``'s dice count more Normal BODY than STR ``theirs``'s)."""
    a, b = _body_odds(str_dice(mine)), _body_odds(str_dice(theirs))
    return sum(p * sum(b[:k]) for k, p in enumerate(a))


def escape_chance(g: Fighter, f: Fighter) -> float:
    """P(``g`` breaks ``f``'s hold): its BODY count beats the holder's."""
    return contest_chance(escaping_str(g), holding_str(f))


__all__ = ["CHOKE_GRAB", "CRUSH", "GRAB_ATTACK", "HELD_OCV", "SQUEEZE", "STR_ACTIONS", "choke_hold", "contest_chance",
           "disarm", "escape", "escape_chance", "hold", "pays_str", "squeeze", "squeezing"]
