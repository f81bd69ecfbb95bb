"""Mind Control and Mental Illusions (rules-powers §3.5): mental powers rolled 11 + OMCV - DMCV
like a Mental Blast, whose hit is an effect roll (the dice's total) less the target's Mental
Defense against its EGO. Each is one entry of :data:`.powers.POWERS`; the Phases they cost the
target are served at the start of its Phases (:func:`.clock.open_phase`) through :func:`serve`.
The two differ in what their levels mean (the command a controller gives, the illusion a
caster makes), not in how they work in a fight: the illusions that matter there are the ones
that stop a foe fighting (its foes seem gone: it fights phantoms) and the ones that turn it
(its friends seem its foes).

Our readings where the sources leave a choice (docs/rules.md, "Readings we chose (HERO)"; the
thresholds are marked UNCONFIRMED in rules-powers §3.5):

* the command a controller gives in a fight is the strongest the roll allows. EGO and EGO+10
  reach only commands a foe would follow anyway or does not mind, which change nothing in a
  fight (logged, no effect); EGO+20 (something it is normally against) makes it **stand down**:
  each of its Phases passes without an action (it keeps its DCV, and does not Abort); EGO+30
  (something it would never do) **turns** it: it fights for the controller's side, its friends
  its foes, until it breaks free. The battle's winner still counts it on its own side;
* it lasts until the target breaks free: at the start of each of its Phases after the first it
  serves, it rolls its EGO roll (9 + EGO/5), less 1 for every 5 points the effect passed the
  level it reached (a 3 always frees it, an 18 never does). A Phase it spends Stunned is not
  one it serves. The controller being knocked out does not end it (the power is Instant);
* Mental Illusions the same, level for level: below EGO+20 an illusion it sees through, or
  believes without acting on it against its will; EGO+20, it fights phantoms (its Phases pass);
  EGO+30, it sees its friends as foes (it fights for the caster's side); the same breakout
  rolls (Foundry, like other engines, treats it as an effect power with no damage; the damage
  an illusion may do is left to a GM and not modelled);
* a second Mind Control (or Mental Illusion) replaces the first only if stronger (a higher level, or as high and
  harder to break); one from a turned fighter's own side that reaches EGO+30 frees it;
* a hold taking or ending settles what hung on the old sides (:func:`_sides_settle`): standing
  down loses a held Phase and a Haymaker wound up; a Grab between two now on one side ends, and a
  Haymaker at one now a friend fizzles;
* the battle is over once everyone still able fights for one side (:func:`.clock.next_decision`):
  a turned fighter does not keep its own side in the fight while its controller's side still has
  someone of its own standing.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.context import RulesContext
from . import events as ev
from .effect_power import PHASE_LOST, Power, chance, roll_effect, standard_total
from .effects import cancel_haymaker, release
from .profile import DamageProfile
from .rounding import characteristic_roll
from .sheet import MENTAL_DEFENSE, HeroAttack
from .state import Controlled, Fighter
from .three_dice import hit_chance

#: How far the effect passes the target's EGO, for each level (rules-powers §3.5's thresholds).
LEVELS = ((30, 4), (20, 3), (10, 2), (0, 1))
STANDS_DOWN, TURNED = 3, 4
#: Each power's title, the status it gives, and what each level does in a fight.
TITLES = {"mind_control": "Mind Control", "mental_illusions": "Mental Illusions"}
STATUS = {"mind_control": "mind-controlled", "mental_illusions": "deluded"}
WORDS = {
    "mind_control": {0: "no effect", 1: "only a command it would follow anyway: nothing changes in a fight",
                     2: "only a command it does not mind: nothing changes in a fight",
                     3: "stands down: its Phases pass without an action until it breaks free",
                     4: "turned on its friends: it fights for the other side until it breaks free"},
    "mental_illusions": {0: "no effect", 1: "an illusion it sees through: nothing changes in a fight",
                         2: "an illusion it believes but does not act on: nothing changes in a fight",
                         3: "fights phantoms: its Phases pass without an action until it breaks free",
                         4: "sees its friends as foes: it fights for the other side until it breaks free"},
}
#: Why a Phase passes, standing down under each.
SKIPPED = {"mind_control": "stands down under a Mind Control", "mental_illusions": "fights the phantoms of an illusion"}


def level(net: int, ego: int) -> int:
    """0 (no effect) to 4 (turned): how far ``net`` (the total less Mental Defense) passes ``ego``."""
    over = net - ego
    return next((lv for at, lv in LEVELS if over >= at), 0)


def penalty(net: int, ego: int, lv: int) -> int:
    """Off the breakout rolls: 1 for every full 5 points the effect passed the level it reached
    (0 below the levels that hold: nothing to break)."""
    at = next((at_ for at_, lv_ in LEVELS if lv_ == lv), None)
    return 0 if at is None or lv < STANDS_DOWN else max(net - ego - at, 0) // 5


def mental_defense(g: Fighter) -> int:
    return g.sheet.special().get(MENTAL_DEFENSE, 0)


def _lands(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    kind = atk.kind
    faces, total, _ = roll_effect(ctx, atk, profile.dice)
    md, ego = mental_defense(g), g.ch.EGO
    net = max(total - md, 0)
    lv = level(net, ego)
    hold = Controlled(f.id, f.allegiance, atk.name, lv, penalty(net, ego, lv), kind=kind) if lv >= STANDS_DOWN else None
    held = g.control
    back = hold is not None and hold.level == TURNED and hold.side == g.side  # its own side commands it back
    took = hold is not None and (back or held is None or (hold.level, hold.penalty) > (held.level, held.penalty))
    words = WORDS[kind][lv]
    ctx.emit(ev.MindControlRolled(actor=f.id, target=g.id, attack=atk.name, faces=faces, total=total, mental_defense=md,
                                  ego=ego, level=lv, words=words, took=took, power=TITLES[kind]))
    if not took or hold is None:
        return
    was = STATUS[held.kind] if held is not None else STATUS[kind]
    if back:
        g.control = None
        ctx.emit(ev.StatusChanged(actor=g.id, status=was, active=False,
                                  why=f"{f.name}'s {atk.name} brings it back to its own side"))
    else:
        if held is not None and held.kind != kind:
            ctx.emit(ev.StatusChanged(actor=g.id, status=was, active=False,
                                      why=f"{f.name}'s {atk.name} takes its place"))
        g.control = hold
        ctx.emit(ev.StatusChanged(actor=g.id, status=STATUS[kind], active=True, why=f"{f.name}'s {atk.name}: {words}"))
    _sides_settle(ctx, g)


def _sides_settle(ctx: RulesContext, g: Fighter) -> None:
    """What hung on ``g``'s old side once a hold takes or ends (see the module's docstring)."""
    fighters = ctx.state.fighters
    if g.standing_down:
        if g.held:
            g.held = False
            ctx.emit(ev.StatusChanged(actor=g.id, status="holding", active=False,
                                      why="stands down: the held Phase is lost"))
        cancel_haymaker(ctx, g, "stood down")
    side = g.allegiance
    if g.haymaker is not None and fighters[g.haymaker.target].allegiance == side:
        cancel_haymaker(ctx, g, f"is now on {fighters[g.haymaker.target].name}'s side")
    for h in fighters.values():
        if h is not g and h.haymaker is not None and h.haymaker.target == g.id and h.allegiance == side:
            cancel_haymaker(ctx, h, f"has {g.name} on its side now")
    if g.holding is not None and fighters[g.holding].allegiance == side:
        release(ctx, g, f"{g.name} and {fighters[g.holding].name} are on one side now")
    if g.held_by is not None and fighters[g.held_by].allegiance == side:
        release(ctx, fighters[g.held_by], f"{g.name} and {fighters[g.held_by].name} are on one side now")


def serve(ctx: RulesContext, f: Fighter) -> bool:
    """At the start of a Phase of ``f`` under a Mind Control: after the first, a breakout roll;
    still held, the Phase passes (standing down: True, no action) or is the controller's side's
    (turned: False, it acts, its friends its foes)."""
    hold = f.control
    assert hold is not None
    if hold.served:
        needed = characteristic_roll(f.ch.EGO) - hold.penalty
        faces = tuple(ctx.dice.rolls(3, 6, "breakout"))
        roll = sum(faces)
        made = roll == 3 or (roll != 18 and roll <= needed)
        if made:  # the state is whole before any event about it is seen
            f.control = None
        ctx.emit(ev.BreakoutRolled(actor=f.id, controller=hold.by, faces=faces, needed=needed, penalty=hold.penalty,
                                   made=made, power=TITLES[hold.kind]))
        if made:
            ctx.emit(ev.StatusChanged(actor=f.id, status=STATUS[hold.kind], active=False,
                                      why=f"broke free of the {TITLES[hold.kind]}"))
            _sides_settle(ctx, f)
            return False
    hold = f.control = replace(hold, served=hold.served + 1)
    if hold.level == STANDS_DOWN:
        ctx.emit(ev.PhaseSkipped(actor=f.id, reason=SKIPPED[hold.kind]))
        return True
    return False


def breakout_chance(g: Fighter, pen: int = 0) -> float:
    """P(``g`` makes a breakout roll with ``pen`` off it)."""
    return hit_chance(characteristic_roll(g.ch.EGO) - pen)


def phases_held(g: Fighter) -> float:
    """The Phases a hold is expected to take from ``g``: the first, then one more for each
    breakout roll missed (a geometric count, 1 / P(made)), at most 4 (the AI's horizon)."""
    return min(1.0 / max(breakout_chance(g), 0.01), 4.0)


def _at_least(atk: HeroAttack, profile: DamageProfile, total: int) -> float:
    """P(the effect roll is at least ``total``); a Standard Effect's total is fixed."""
    if atk.standard_effect:
        return 1.0 if standard_total(profile.dice) >= total else 0.0
    return chance(profile.dice, total)


def _worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    """The Phases a hit is expected to take from the foe (standing down, each a Phase lost;
    turned, twice that: lost to its side and spent against it), each worth :data:`PHASE_LOST`;
    nothing more against a foe already held as strongly. A friend turned against ``f``'s side
    is won back by EGO+30 (the Phases it would have served, twice over)."""
    held = g.control.level if g.control is not None else 0
    base = g.ch.EGO + mental_defense(g)
    if g.turned and g.side == f.allegiance:
        return 2 * PHASE_LOST * phases_held(g) * _at_least(atk, profile, base + 30)
    turned = _at_least(atk, profile, base + 30) if held < TURNED else 0.0
    down = _at_least(atk, profile, base + 20) - turned if held < STANDS_DOWN else 0.0
    return PHASE_LOST * phases_held(g) * (down + 2 * turned)


#: What the player's odds and a fighter's card call the two levels that hold, by power.
HELD_WORDS = {"mind_control": ("stands down", "turned"), "mental_illusions": ("fights phantoms", "sees friends as foes")}
CARD_WORDS = {"mind_control": ("standing down", "turned"), "mental_illusions": ("fighting phantoms", "seeing friends as foes")}


def hit_words(g: Fighter, atk: HeroAttack, profile: DamageProfile) -> str:
    """For the player's odds: the chance a hit makes ``g`` stand down, or turns it."""
    base = g.ch.EGO + mental_defense(g)
    down, turned = _at_least(atk, profile, base + 20), _at_least(atk, profile, base + 30)
    said = HELD_WORDS[atk.kind]
    return f"{down:.0%} {said[0]}, {turned:.0%} {said[1]} (EGO {g.ch.EGO}, Mental Defense {mental_defense(g)})"


MIND_CONTROL = Power("mind_control", "Mind Control", "rules-powers §3.5", _lands, _worth, hit_words)
MENTAL_ILLUSIONS = Power("mental_illusions", "Mental Illusions", "rules-powers §3.5", _lands, _worth, hit_words)

__all__ = ["CARD_WORDS", "HELD_WORDS", "LEVELS", "MENTAL_ILLUSIONS", "MIND_CONTROL", "STANDS_DOWN", "TURNED", "breakout_chance", "hit_words", "level", "penalty",
           "serve"]
