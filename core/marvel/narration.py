"""Text-log lines for Marvel events: initiative and the order kept for the fight, each d616 roll
with its dice (the Marvel die in brackets, "M" for the logo), every edge and trouble and what it
rerolled, the TN and whose defense it is, Fantastic results, damage figured step by step
("dM 5 x multiplier 6 (rank 4 + Mighty 4 - Sturdy 2) + Melee 5 = 35, doubled (Fantastic close)"),
pools before and after, holding back, knockback and conditions."""

from __future__ import annotations

from ..render.text import TextLog, formats
from ..render.words import plural, possessive
from . import events as ev
from .d616 import D616, POSITIONS, face_text, faces_text
from .conditions import TIMED
from .powers import CATALOGUE
from .damage import DamageCalc, named_value


def roll_text(r: D616) -> str:
    """``4 [M] 3``, then the edges and troubles, each reroll, and the faces kept."""
    text = faces_text(r.rolled)
    if not (r.edges or r.troubles):
        return text
    sources = []
    if r.edges:
        sources.append(f"{'edges' if len(r.edges) > 1 else 'edge'}: {', '.join(r.edges)}")
    if r.troubles:
        sources.append(f"{'troubles' if len(r.troubles) > 1 else 'trouble'}: {', '.join(r.troubles)}")
    if r.edges and r.troubles and len(r.rerolls) > abs(r.net):
        sources.append("some given after the roll, each rerolling once")  # Help Teammate, Karma
    elif r.edges and r.troubles:
        net = r.net
        sources.append("they cancel out" if net == 0 else
                       f"net {plural(abs(net), 'edge' if net > 0 else 'trouble')}")
    text += " (" + "; ".join(sources) + ")"
    for x in r.rerolls:
        text += (f"; {x.kind} rerolls the {POSITIONS[x.position]} {face_text(x.old, x.position)}"
                 f" -> {face_text(x.new, x.position)}, keeps {face_text(x.kept, x.position)}")
    if r.note:
        text += f"; {r.note}"
    if r.rerolls:
        text += f" => {faces_text(r.faces)}"
    return text


_named = named_value


_TIMES = {2: "doubled", 3: "tripled"}


def damage_text(c: DamageCalc) -> str:
    """``dM 5 x multiplier 6 (rank 4 + Mighty 4 - Sturdy 2) + Melee 5 = 35, doubled (Fantastic close) = 70``."""
    parts = f"rank {c.rank}"
    if c.bonus:
        parts += f" + {_named(c.bonus_name, c.bonus)}"
    if c.reduction:
        parts += f" - {_named(c.reduction_name, c.reduction)}"
    ignored = [f"{_named(n, v)}" for n, v in (*c.ignored_bonuses, *c.ignored_reductions)]
    extra = f"; {', '.join(ignored)} do{'es' if len(ignored) == 1 else ''} not stack" if ignored else ""
    if c.multiplier < 1:
        return f"multiplier {c.multiplier} ({parts}{extra}) is below 1: no damage at all, not even {c.ability_name}"
    die = f"dM {c.marvel}" + (" (M)" if c.marvel_face == 1 else "")
    twice = f" x {c.ability_times}" if c.ability_times > 1 else ""
    added = "".join(f" + {n} {v}" for n, v in c.flat)
    text = f"{die} x multiplier {c.multiplier} ({parts}{extra}) + {c.ability_name} {c.ability}{twice}{added} = {c.regular}"
    if c.doubled:
        text += f", {_TIMES.get(c.times, f'x {c.times}')} ({c.doubled}) = {c.total}"
    elif c.halved:
        text += f", halved ({c.halved}: a split or area attack), rounded up = {c.total}"
    return text


@formats(ev.InitiativeRolled)
def _initiative(e: ev.InitiativeRolled, log: TextLog) -> str:
    fant = ", Fantastic!" if e.roll.fantastic else ""
    return (f"  Initiative: {log.name(e.actor)} rolls {roll_text(e.roll)} = {e.roll.dice_total}"
            f" + {e.modifier_name} {e.modifier} = {e.total}{fant}")


@formats(ev.InitiativeOrder)
def _order(e: ev.InitiativeOrder, log: TextLog) -> str:
    text = f"  Initiative order (kept for the whole fight): {', '.join(log.name(c) for c in e.order)}"
    if e.tie_breaks:
        text += f" (ties rolled off, the higher roll first among equals: {log.roll_offs(e.order, e.tie_breaks)})"
    return text  # (who gets a bonus round the round's own line says, next: "Bonus round (...)")


@formats(ev.RoundStarted)
def _round(e: ev.RoundStarted, log: TextLog) -> str:
    order = ", ".join(log.name(c) for c in e.order) or "no one"
    return f"Bonus round (a Fantastic initiative acts once before round 1): {order}" if e.bonus \
        else f"Round {e.round}: {order}"


@formats(ev.TurnStarted)
def _turn(e: ev.TurnStarted, log: TextLog) -> str:
    conds = f" [{', '.join(e.conditions)}]" if e.conditions else ""
    return (f"  {possessive(log.name(e.actor))} turn: Health {e.health}/{e.health_max}, Focus {e.focus}/{e.focus_max}, "
            f"Karma {e.karma}{conds}")


@formats(ev.TurnSkipped)
def _skipped(e: ev.TurnSkipped, log: TextLog) -> str:
    return f"  {log.name(e.actor)}: {e.reason}"


@formats(ev.ReactionUsed)
def _reaction(e: ev.ReactionUsed, log: TextLog) -> str:
    return (f"    {log.name(e.actor)} reacts with {e.reaction} against {log.name(e.against)}: {e.effect} "
            f"({plural(e.reactions_left, 'reaction')} left this round)")


@formats(ev.Dodging)
def _dodging(e: ev.Dodging, log: TextLog) -> str:
    return f"    {log.name(e.actor)} dodges: attacks against it have trouble until its next turn"


@formats(ev.AttackCheck)
def _attack(e: ev.AttackCheck, log: TextLog) -> str:
    mods = "".join(f" {'+' if v >= 0 else '-'} {n} {abs(v)}" for n, v in e.modifiers)
    tn_note = f"; {e.tn_note}" if e.tn_note else ""
    if e.hit:
        res = "HIT"
        if e.automatic:
            res += f" ({e.automatic})" if e.automatic != "6-M-6" else " (6-M-6: an Ultimate Fantastic, succeeds whatever the TN)"
        if e.fantastic:
            res += ", Fantastic success!"
    else:
        res = "miss" + (" (a Fantastic failure: M on a total below the TN)" if e.roll.fantastic else "")
    lines = [f"    {log.name(e.attacker)} attacks {log.name(e.target)} with {e.attack} ({e.category}, {e.ability} {e.score}): "
             f"rolled {roll_text(e.roll)} = {e.roll.dice_total} + {e.ability} {e.score}{mods} = {e.total} "
             f"vs TN {e.tn} ({possessive(log.name(e.target))} {e.defense} defense{tn_note}): {res}"]
    for n in e.notes:
        lines.append(f"      note: {n}")
    return "\n".join(lines)


@formats(ev.DamageFigured)
def _damage(e: ev.DamageFigured, log: TextLog) -> str:
    total = "" if e.calc.multiplier < 1 else f" {e.calc.pool} damage"
    notes = "".join(f"\n      note: {n}" for n in e.notes)
    return f"    {e.attack}: {damage_text(e.calc)}{total}{notes}"


@formats(ev.DamageApplied)
def _applied(e: ev.DamageApplied, log: TextLog) -> str:
    amount = f"{e.taken}" if e.taken == e.damage else f"{e.taken} of {e.damage}"
    why = f" ({e.held_back})" if e.held_back else ""
    if e.source.lower() in TIMED:  # bleeding, flames: no attacker
        why = f" from {_HARMS.get(e.source.lower(), e.source.lower())}{why}"
    elif e.source.startswith("the impact"):
        why = f" from {e.source}{': ' + e.terms if e.terms else ''}{why}"
    return (f"    {log.name(e.target)} takes {amount} {e.pool} damage{why}: "
            f"{e.pool} {e.before} -> {e.after}/{e.maximum}{_below(e.pool, e.after, e.maximum)}")


#: What a Focus at 0 or below means, and at minus its maximum (seed, "Effects of Damage";
#: rules/marvel.md §5 and core/marvel/conditions.py). Health needs no word here: below 1 is
#: unconscious, which the condition's own line says at once ("Health -10, below 1").
_BELOW = {"Focus": ("demoralized: trouble on all actions, no Focus to spend, until back to 1",
                    "shattered: frozen by fear, out of the fight")}


def _below(pool: str, after: int, maximum: int) -> str:
    """What a pool at 0 or below means: "Focus 26 -> -28/90" said nothing of what a negative
    Focus is, nor how far it may fall before worse."""
    meaning = _BELOW.get(pool)
    if meaning is None or after > 0:
        return ""
    now, worst = meaning
    if after <= -maximum:
        return f" (at -{maximum} or below {worst})"
    return f" (at 0 or below {now}; at -{maximum} {worst.split(':')[0]})"


#: What a condition that costs Health is called as the source of the damage.
_HARMS = {"ablaze": "the flames", "poisoned": "poison", "corroding": "corrosion"}


@formats(ev.ConditionChanged)
def _condition(e: ev.ConditionChanged, log: TextLog) -> str:
    mark = "is now" if e.active else "is no longer"
    return f"    * {log.name(e.actor)} {mark} {e.condition}: {e.why}"


@formats(ev.KnockedBack)
def _knockback(e: ev.KnockedBack, log: TextLog) -> str:
    where = f"{e.start[0]},{e.start[1]} -> {e.end[0]},{e.end[1]}"
    stop = (f", stopped after {plural(e.travelled, 'space')} by an obstacle, someone or the map's edge "
            "(no extra damage)" if e.stopped else "")
    full = 5 * e.multiplier  # every term shows: what Immovable took off, not just that it did
    rule = f"multiplier {e.multiplier} x 5" if e.spaces == full else (
        f"multiplier {e.multiplier} x 5 = {full} - {full - e.spaces} Immovable (its Melee defense)")
    return (f"    knockback: {log.name(e.attacker)} knocks {log.name(e.target)} back {e.spaces} spaces "
            f"({rule}): {where}{stop}")


@formats(ev.CheckRolled)
def _check(e: ev.CheckRolled, log: TextLog) -> str:
    res = ("success" + (", Fantastic!" if e.fantastic else "")) if e.success else "failure"
    return (f"    {log.name(e.actor)} {e.purpose}: rolled {roll_text(e.roll)} = {e.roll.dice_total} + {e.ability} {e.score} "
            f"= {e.total} vs TN {e.tn}: {res}")


@formats(ev.Recovered)
def _recovered(e: ev.Recovered, log: TextLog) -> str:
    return (f"    {log.name(e.actor)} recovers {e.gained} {e.pool} ({e.how}) -> {e.pool} {e.after}/{e.maximum}; "
            f"Karma left {e.karma_left}")


@formats(ev.Regained)
def _regained(e: ev.Regained, log: TextLog) -> str:
    return (f"    {possessive(log.name(e.actor))} {e.power}: regains {e.gained} {e.pool} at the end of its turn "
            f"-> {e.pool} {e.after}/{e.maximum}")


@formats(ev.PowerUsed)
def _power_used(e: ev.PowerUsed, log: TextLog) -> str:
    name = f"{e.power} {e.level}" if CATALOGUE[e.power].levels else e.power
    paid = f"pays {e.cost} Focus ({e.focus_before} -> {e.focus_after})" if e.cost else "no Focus"
    lasts = {"round": " until its next turn", "concentration": " while it concentrates"}.get(e.lasts, "")
    how = {"reaction": " as a reaction", "action": " (a standard action)"}.get(e.how, f" with {e.how}")
    return f"    {log.name(e.actor)} uses {name}{how}, {paid}: {e.effect}{lasts}"


@formats(ev.PowerEnded)
def _power_ended(e: ev.PowerEnded, log: TextLog) -> str:
    return f"    {possessive(log.name(e.actor))} {e.power} ends: {e.why}"


@formats(ev.KarmaSpent)
def _karma(e: ev.KarmaSpent, log: TextLog) -> str:
    return f"    {log.name(e.actor)} spends 1 Karma: {e.effect} (Karma left {e.karma_left})"


@formats(ev.TeamManeuver)
def _team(e: ev.TeamManeuver, log: TextLog) -> str:
    return (f"    {e.side} call a team maneuver, {e.maneuver}, until the round ends: {e.effect} "
            f"(paid: {e.paid})")


@formats(ev.TeamManeuverEnded)
def _team_ended(e: ev.TeamManeuverEnded, log: TextLog) -> str:
    return f"  The {e.maneuver} team maneuver of {e.side} ends with its round"


@formats(ev.Absorbed)
def _absorbed(e: ev.Absorbed, log: TextLog) -> str:
    return f"    {possessive(log.name(e.actor))} {e.power} takes {e.absorbed} of the hit ({e.how}); {e.left} goes through"
