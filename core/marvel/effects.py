"""What happens to a Marvel character: damage to Health or Focus and the conditions that follow
(unconscious, killed, demoralized, shattered: rules/marvel.md §4.4-4.5), Karma recovery, Focus
spent on powers and the powers in use that stop (rules/marvel.md §3.7).

The conditions follow from the pools (:mod:`.conditions`); this module changes the pools and
says, as events, which conditions came or went.
"""

from __future__ import annotations

from ..engine.context import RulesContext
from . import events as ev
from .d616 import roll_d616, succeeds
from .conditions import POWER_HOLD_TN, TIMED, TREAT_TN
from .powers import CATALOGUE, Power
from .state import Fighter

KARMA_TN = 10

Flags = tuple[bool, bool, bool, bool]


def flags(g: Fighter) -> Flags:
    return g.unconscious, g.killed, g.demoralized, g.shattered


def apply_damage(ctx: RulesContext, g: Fighter, pool: str, damage: int, taken: int, source: str, why: str,
                 terms: str = "") -> None:
    """``g`` loses ``taken`` from ``pool`` (``damage`` before holding back, for the log; ``terms``
    its sum, when no other line shows it)."""
    before_flags = flags(g)
    before = g.pool(pool)
    if pool == "Health":
        g.health -= taken
    else:
        g.focus -= taken
    ctx.emit(ev.DamageApplied(target=g.id, source=source, pool=pool, damage=damage, taken=taken, before=before,
                              after=g.pool(pool), maximum=g.pool_max(pool), held_back=why, terms=terms))
    announce(ctx, g, before_flags)


def announce(ctx: RulesContext, g: Fighter, before: Flags) -> None:
    """The conditions that came or went since ``before`` (and a Dodge ends for the out)."""
    was_unc, was_killed, was_dem, was_sh = before
    if g.killed and not was_killed:
        ctx.emit(ev.ConditionChanged(actor=g.id, condition="killed", active=True,
                                     why=f"Health {g.health}, at or below -{g.health_max}"))
    elif g.unconscious and not was_unc:
        ctx.emit(ev.ConditionChanged(actor=g.id, condition="unconscious", active=True,
                                     why=f"Health {g.health}, below 1"))
    elif was_unc and not g.unconscious and not g.killed:
        ctx.emit(ev.ConditionChanged(actor=g.id, condition="unconscious", active=False,
                                     why=f"Health back to {g.health}"))
    if g.shattered and not was_sh:
        ctx.emit(ev.ConditionChanged(actor=g.id, condition="shattered", active=True,
                                     why=f"Focus {g.focus}, at or below -{g.focus_max}: frozen by fear and stress"))
    elif g.demoralized and not was_dem:
        ctx.emit(ev.ConditionChanged(actor=g.id, condition="demoralized", active=True,
                                     why=f"Focus {g.focus}: trouble on all actions"))
    elif was_dem and not g.demoralized and not g.shattered:
        ctx.emit(ev.ConditionChanged(actor=g.id, condition="demoralized", active=False, why=f"Focus back to {g.focus}"))
    if g.out:
        g.dodging = False
        if g.holding:
            release(ctx, g, f"{g.name} is out of the fight: the hold ends")
        if g.held_by:
            let_go(ctx, g, "out of the fight: the hold ends")
    if g.active and (g.out or g.demoralized):
        why = "unconscious" if g.unconscious else "demoralized" if g.demoralized else "out of the fight"
        end_powers(ctx, g, lambda p: p.duration == "concentration", f"{g.name} is {why}: concentration breaks")
        end_powers(ctx, g, lambda p: True, f"{g.name} is {why}")


def inflict(ctx: RulesContext, g: Fighter, name: str, why: str, for_a_round: bool = False) -> None:
    """``g`` gains the condition ``name`` (:data:`.conditions.TIMED`); a condition that breaks
    concentration ends the powers it holds (rules/marvel.md §3.7). ``for_a_round``: it ends with
    ``g``'s next turn whatever its entry says (Iron's pin). Nothing if it has it already or is
    out of the fight."""
    if name in g.timed or g.out:
        return
    g.timed = {**g.timed, name: why}
    if for_a_round:
        g.for_a_round = g.for_a_round | {name}
    c = TIMED[name]
    ctx.emit(ev.ConditionChanged(actor=g.id, condition=name, active=True, why=why))
    if c.breaks_concentration and any(CATALOGUE[n].duration == "concentration" for n in g.active):
        end_powers(ctx, g, lambda p: p.duration == "concentration", f"{g.name} is {name}: concentration breaks")


def lift(ctx: RulesContext, g: Fighter, name: str, why: str) -> None:
    """The condition ``name`` ends for ``g``."""
    if name in g.timed:
        g.timed = {n: w for n, w in g.timed.items() if n != name}
        if name in g.for_a_round:
            g.for_a_round = g.for_a_round - {name}
        ctx.emit(ev.ConditionChanged(actor=g.id, condition=name, active=False, why=why))


# -- holds (rules/marvel.md §3.4 Grab and Escape, §5 Grabbed and Pinned) ----------------------

def hold(ctx: RulesContext, f: Fighter, g: Fighter, pinned: bool) -> None:
    """``f`` holds ``g``: grabbed, and pinned too on a Fantastic success."""
    g.held_by, f.holding = f.id, g.id
    inflict(ctx, g, "grabbed", f"held by {f.name}")
    if pinned:
        inflict(ctx, g, "pinned", f"held fast by {f.name} (a Fantastic grab)")


def let_go(ctx: RulesContext, g: Fighter, why: str) -> None:
    """The hold on ``g`` ends (it escaped, or its holder let go): grabbed and pinned end."""
    holder = ctx.state.fighters.get(g.held_by)
    if holder is not None:
        holder.holding = ""
    g.held_by = ""
    for name in [n for n in g.timed if TIMED[n].hold]:
        lift(ctx, g, name, why)


def release(ctx: RulesContext, f: Fighter, why: str) -> None:
    """``f`` lets go of whoever it holds (it moves away, or is out of the fight)."""
    held = ctx.state.fighters.get(f.holding)
    if held is not None:
        let_go(ctx, held, why)
    f.holding = ""


def escape(ctx: RulesContext, f: Fighter, how: str = "action") -> None:
    """``f`` tries to break a hold: a Melee check against its holder's Melee defense, or against
    20 for a hold no one keeps (a power's pin). ``how``: "action" or "reaction" (rules/marvel.md
    §3.4-3.5: Escape is both)."""
    holder = ctx.state.fighters.get(f.held_by)
    tn = holder.sheet.defense("Melee") if holder is not None else POWER_HOLD_TN
    score = f.sheet.ability("Melee")
    roll = roll_d616(ctx.dice, (), own_troubles(f, "Melee"), ctx.options.stacked_rerolls)
    total = roll.dice_total + score
    ok = succeeds(roll, total, tn)
    whose = f"{holder.name}'s hold" if holder is not None else "the hold"
    purpose = f"breaks free of {whose}" + (" (a reaction)" if how == "reaction" else "")
    ctx.emit(ev.CheckRolled(actor=f.id, purpose=purpose, ability="Melee", score=score, roll=roll, total=total, tn=tn,
                            success=ok, fantastic=ok and roll.fantastic))
    if ok:
        let_go(ctx, f, "broke free" if holder is None else f"broke free of {holder.name}")


def own_troubles(f: Fighter, ability: str, attack: bool = False) -> tuple[str, ...]:
    """The troubles on ``f``'s own check with ``ability`` (``attack``: an attack check): being
    demoralized (trouble on every action, rules/marvel.md §5), and its conditions that give its
    checks trouble (blinded: its attacks; off-balance: everything)."""
    out = [f"{f.name} is demoralized"] if f.demoralized else []
    if f.timed:
        out.extend(f"{f.name} is {name}" for name in f.timed if TIMED[name].troubles(ability, attack))
    return tuple(out)


def barred(f: Fighter, ability: str) -> str:
    """The condition that keeps ``f`` from acting with ``ability`` (paralyzed: Melee and Agility), or ""."""
    for name in f.timed:
        if ability in TIMED[name].barred:
            return name
    return ""


def treat(ctx: RulesContext, f: Fighter, g: Fighter, name: str) -> None:
    """``f`` spends its action ending ``g``'s condition (bleeding: Logic, ablaze: Agility)
    with a check against TN 10; ``g`` may be ``f`` itself."""
    c = TIMED[name]
    score = f.sheet.ability(c.treated_with)
    roll = roll_d616(ctx.dice, (), own_troubles(f, c.treated_with), ctx.options.stacked_rerolls)
    total = roll.dice_total + score
    ok = succeeds(roll, total, TREAT_TN)
    whose = "its own" if f is g else f"{g.name}'s"
    verb, what = c.treating
    purpose = f"{verb} {whose} {what or name}"
    ctx.emit(ev.CheckRolled(actor=f.id, purpose=purpose, ability=c.treated_with, score=score, roll=roll, total=total,
                            tn=TREAT_TN, success=ok, fantastic=ok and roll.fantastic))
    if ok:
        lift(ctx, g, name, "treated" if f is g else f"{f.name} {verb} {what or name}")


def end_powers(ctx: RulesContext, f: Fighter, which, why: str) -> None:
    """Stop the powers ``f`` has in use that ``which`` picks (a catalogue entry -> bool)."""
    for name in [n for n in f.active if which(CATALOGUE[n])]:
        f.active = {n: level for n, level in f.active.items() if n != name}
        ctx.emit(ev.PowerEnded(actor=f.id, power=name, why=why))


def can_use(f: Fighter, p: Power, level: int) -> str:
    """Why ``f`` cannot put ``p`` to use now ("" if it can). Focus is paid when the power is
    used and never spent below 1, nor at all while demoralized (rules/marvel.md §2.2, §3.7);
    a concentration power needs a free slot (one per rank) and breaks at once when demoralized."""
    if p.name in f.active:
        return f"{p.name} is already in use"
    if p.once and p.name in f.spent_once:
        return f"{p.name} works once a battle, and {f.name} has used it"
    cost = p.cost(level)
    if f.demoralized and (cost or p.duration == "concentration"):
        return f"{f.name} is demoralized: no Focus to spend and no concentration to hold"
    if cost and f.focus - cost < 1:
        return f"{p.name} costs {cost} Focus and {f.name} has {f.focus} (Focus is never spent below 1)"
    if p.duration == "concentration":
        held = sum(1 for n in f.active if CATALOGUE[n].duration == "concentration")
        if held >= f.sheet.rank:
            return f"{f.name} already concentrates on {held} powers, one per rank"
    return ""


#: What a power in use does, for the log.
def effect_text(p: Power, level: int) -> str:
    if p.trouble_on == "all":
        return "attacks against it have trouble"
    if p.trouble_on == "close":
        return "close attacks against it have trouble"
    if p.reduction:
        return f"{p.reduction} damage reduction {level}"
    if p.absorbs:
        return f"absorbs a Health hit up to {p.absorbs[min(level, len(p.absorbs)) - 1]}"
    if p.doubles_ability:
        return f"its {p.doubles_ability} is added twice to the damage of its {p.doubles_ability} attacks"
    if "attack" in p.uses and (p.spread or p.suppressive or p.sets_m or p.flat_damage):
        return p.does.split(": ", 1)[-1]
    if "attack" in p.uses:
        said = ["the attack has trouble"] if p.attack_trouble else []
        hit, fantastic = p.damage_times
        if hit > 1:
            said.append(f"a hit does {_MULTIPLE[hit]} damage, a Fantastic one {_MULTIPLE[fantastic]}")
        elif fantastic > 1:
            said.append(f"a Fantastic hit does {_MULTIPLE[fantastic]} damage")
        return "; ".join(said)
    return p.does


_MULTIPLE = {2: "double", 3: "triple", 4: "quadruple"}


def use_power(ctx: RulesContext, f: Fighter, p: Power, level: int, how: str) -> None:
    """``f`` uses ``p`` (checked with :func:`can_use`): pays its Focus and, unless it lasts only
    for the attack it goes with, has it in use."""
    cost = p.cost(level)
    before_flags, before = flags(f), f.focus
    f.focus -= cost
    if p.once:
        f.spent_once = f.spent_once | {p.name}
    if p.duration != "instant":
        f.active = {**f.active, p.name: level}
    ctx.emit(ev.PowerUsed(actor=f.id, power=p.name, level=level, how=how, cost=cost, focus_before=before,
                          focus_after=f.focus, lasts=p.duration, effect=effect_text(p, level)))
    announce(ctx, f, before_flags)


def karma_recovery(ctx: RulesContext, f: Fighter, pool: str, free: str = "") -> None:
    """Spend 1 Karma: Resilience (Health) or Vigilance (Focus) check vs TN 10; success
    recovers Marvel die x rank (option: + the ability), doubled on a Fantastic success.
    ``free``: what gives the roll without Karma (a Rally team maneuver)."""
    opts = ctx.options
    ability = "Resilience" if pool == "Health" else "Vigilance"
    score = f.sheet.ability(ability)
    if not free:
        f.karma -= 1
    roll = roll_d616(ctx.dice, (), own_troubles(f, ability), opts.stacked_rerolls)
    total = roll.dice_total + score
    ok = succeeds(roll, total, KARMA_TN)
    fantastic = ok and roll.fantastic
    purpose = f"{free} recovery ({pool})" if free else f"Karma recovery ({pool})"
    ctx.emit(ev.CheckRolled(actor=f.id, purpose=purpose, ability=ability, score=score, roll=roll, total=total,
                            tn=KARMA_TN, success=ok, fantastic=fantastic))
    before_flags = flags(f)
    if not ok:
        ctx.emit(ev.Recovered(actor=f.id, pool=pool, gained=0, after=f.pool(pool), maximum=f.pool_max(pool),
                              karma_left=f.karma, how="the check failed"))
        return
    adds = opts.karma_recovery == "rank+ability"
    amount = max(roll.marvel * f.sheet.rank + (score if adds else 0), 0) * (2 if fantastic else 1)
    gained = max(min(amount, f.pool_max(pool) - f.pool(pool)), 0)
    how = (f"dM {roll.marvel} x rank {f.sheet.rank}" + (f" + {ability} {score}" if adds else "")
           + (", doubled (Fantastic)" if fantastic else "") + f" = {amount}")
    if gained < amount:
        how += f", up to the maximum {f.pool_max(pool)}"
    if pool == "Health":
        f.health += gained
    else:
        f.focus += gained
    ctx.emit(ev.Recovered(actor=f.id, pool=pool, gained=gained, after=f.pool(pool), maximum=f.pool_max(pool),
                          karma_left=f.karma, how=how))
    announce(ctx, f, before_flags)
    if pool == "Health" and gained:
        healed(ctx, f)


def healed(ctx: RulesContext, f: Fighter) -> None:
    """``f`` regained Health: the conditions that end then (bleeding) do."""
    for name in [n for n in f.timed if TIMED[n].ends_on_healing]:
        lift(ctx, f, name, "it regained Health")


def _end_turn_conditions(ctx: RulesContext, f: Fighter) -> None:
    for name in f.expiring:
        lift(ctx, f, name, "its round is over (its turn has ended)")
    f.expiring = ()


def start_turn(ctx: RulesContext, f: Fighter) -> None:
    """The start of ``f``'s own turn, once it is known to act: the conditions that last through
    this turn are marked to end with it, and each free check a condition makes as a turn
    starts is rolled (poisoned: Resilience against TN 18, 1 Health lost on a failure, cured
    on a Fantastic success: rules/marvel.md §5)."""
    f.expiring = tuple(n for n in f.timed if TIMED[n].rounds == 1 or n in f.for_a_round)
    for name in list(f.timed):
        check = TIMED[name].start_check
        if not check:
            continue
        ability, tn, loss = check
        score = f.sheet.ability(ability)
        roll = roll_d616(ctx.dice, (), own_troubles(f, ability), ctx.options.stacked_rerolls)
        total = roll.dice_total + score
        ok = succeeds(roll, total, tn)
        ctx.emit(ev.CheckRolled(actor=f.id, purpose=f"resists being {name}", ability=ability, score=score, roll=roll,
                                total=total, tn=tn, success=ok, fantastic=ok and roll.fantastic))
        if ok and roll.fantastic:
            lift(ctx, f, name, "a Fantastic success: cured")
        elif not ok:
            apply_damage(ctx, f, "Health", loss, loss, name.capitalize(), "")
        if f.out:
            return


def end_turn(ctx: RulesContext, f: Fighter) -> None:
    """The end of ``f``'s own turn: bleeding and flames cost 5 Health each (rules/marvel.md §5),
    then a power that regains a pool (Healing Factor: Resilience Health, §3.6) does so, up to the
    maximum. The killed regain nothing. First, the conditions that lasted through this turn
    (paralyzed, blinded... for a round) end."""
    f.stood_up = False
    if f.killed:
        return
    if f.expiring:
        _end_turn_conditions(ctx, f)
    for name in list(f.timed):
        lost = TIMED[name].health_per_turn
        if lost and not f.killed:
            apply_damage(ctx, f, "Health", lost, lost, name.capitalize(), "")
    if f.killed:
        return
    for p, _ in f.sheet.always_on():
        if not p.regains:
            continue
        before_flags = flags(f)
        amount = max(f.sheet.ability("Resilience"), 0)
        gained = max(min(amount, f.pool_max(p.regains) - f.pool(p.regains)), 0)
        if not gained:
            continue
        if p.regains == "Health":
            f.health += gained
        else:
            f.focus += gained
        ctx.emit(ev.Regained(actor=f.id, power=p.name, pool=p.regains, gained=gained, after=f.pool(p.regains),
                             maximum=f.pool_max(p.regains)))
        announce(ctx, f, before_flags)
        if p.regains == "Health":
            healed(ctx, f)
