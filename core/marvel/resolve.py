"""The attack step and the damage step for Marvel: their inputs, results and default rules.

The engine builds a :class:`MarvelAttackContext` (frozen: who, which attack, the ability and
modifiers, the target number, the edges and troubles and where they come from, the damage
bonuses and reductions), calls ``slugfest_attack_step`` (default :func:`default_attack_step`:
roll d616 with the net edges/troubles, compare with the TN) and, on a hit,
``slugfest_damage_step`` (default :func:`default_damage_step`: the seed's damage from the
attack check's Marvel die, doubled on a Fantastic close success, then holding back). Nothing is
rolled for damage: the Marvel die of the attack check (after rerolls) is the damage die.
"""

from __future__ import annotations

from ..rules.records import record
from ..rules.validate import notes_problem
from .d616 import D616, distribution, faces_text, make, on_rolled, roll_d616, succeeds
from .damage import DamageCalc, figure_damage, hold_back, multiplied
from .sheet import MarvelAttack, MarvelOptions

Named = tuple[str, int]


@record
class MarvelAttackContext:
    """Everything the attack and damage steps need, frozen so a plugin cannot change it."""

    system: str
    attacker: str
    target: str
    attack: MarvelAttack
    category: str  # close, ranged, mental
    ability: str
    score: int
    modifiers: tuple[Named, ...]  # flat modifiers to the check
    defense: str
    tn: int
    tn_note: str  # e.g. "unconscious: defense 10"
    auto_hit: str  # why the attack hits whatever the roll, or ""
    edges: tuple[str, ...]
    troubles: tuple[str, ...]
    rank: int
    bonuses: tuple[Named, ...]  # multiplier bonuses that could apply (only the largest does)
    reductions: tuple[Named, ...]  # the target's damage reductions for the pool
    pool: str  # Health or Focus
    target_pool: int
    target_pool_max: int
    holds_back: str  # why the attacker stops 1 short of killing/shattering, or ""
    options: MarvelOptions
    ability_times: int = 1  # the ability is added this many times to the damage (Attack Stance: 2)
    power: str = ""  # the attack power it is made with (Headshot...), or ""
    power_times: tuple[int, int] = (1, 1)  # that power's damage multiple on a hit, on a Fantastic hit
    halved: bool = False  # a split or area power: half damage on a success (rounded up), full on a Fantastic
    rolled: tuple[int, ...] = ()  # the check's three dice, already rolled for the first target of a split or area attack
    twice: bool = False  # rolled twice, the better kept (an Offensive 2 team maneuver)
    marvel_m: str = ""  # why the Marvel die becomes an M whatever it shows (an Offensive 3 team maneuver), or ""
    flat: tuple[Named, ...] = ()  # flat damage added to a hit (Smash's Focus / 2, Anger's +15), by source

    @property
    def close(self) -> bool:
        return self.category == "close"

    def check_total(self, roll: D616) -> int:
        if not self.modifiers:
            return roll.dice_total + self.score
        return roll.dice_total + self.score + sum(v for _, v in self.modifiers)


@record
class MarvelAttackResult:
    roll: D616
    total: int
    tn: int
    hit: bool
    fantastic: bool  # a Fantastic *success*
    automatic: str = ""
    notes: tuple[str, ...] = ()


@record
class MarvelDamageOutcome:
    calc: DamageCalc
    taken: int  # what the target loses (after holding back)
    held_back: str = ""
    notes: tuple[str, ...] = ()


def judge(ctx: MarvelAttackContext, roll: D616) -> MarvelAttackResult:
    """Hit or miss for a roll: meets the TN, or 6-M-6, or an automatic hit. An M on a miss is a
    Fantastic failure (just a miss); an M on a hit is a Fantastic success."""
    total = ctx.check_total(roll)
    automatic = ""
    if roll.ultimate:
        automatic = "6-M-6"
    elif ctx.auto_hit and total < ctx.tn:
        automatic = ctx.auto_hit
    hit = bool(automatic) or succeeds(roll, total, ctx.tn)
    return MarvelAttackResult(roll, total, ctx.tn, hit, hit and roll.fantastic, automatic)


def default_attack_step(dice, ctx: MarvelAttackContext) -> MarvelAttackResult:
    """Roll d616 with the net edges and troubles (on the dice already rolled, for a split or
    area attack's later targets) and judge it."""
    if ctx.rolled:
        roll = on_rolled(dice, ctx.rolled, ctx.edges, ctx.troubles, ctx.options.stacked_rerolls)  # type: ignore[arg-type]
    else:
        roll = roll_d616(dice, ctx.edges, ctx.troubles, ctx.options.stacked_rerolls)
    if ctx.marvel_m:
        roll = as_m(roll, ctx.marvel_m)
    result = judge(ctx, roll)
    if ctx.twice and not ctx.rolled:  # rolled again, the better kept (a hit, a Fantastic, the Marvel die, the total)
        again = roll_d616(dice, ctx.edges, ctx.troubles, ctx.options.stacked_rerolls)
        other = judge(ctx, as_m(again, ctx.marvel_m) if ctx.marvel_m else again)
        if _better(other, result):
            result, other = other, result
        note = f"rolled twice (Offensive 2): this roll kept, the other was {faces_text(other.roll.faces)} = {other.total}"
        result = MarvelAttackResult(result.roll, result.total, result.tn, result.hit, result.fantastic,
                                    result.automatic, (*result.notes, note))
    return result


def _better(a: MarvelAttackResult, b: MarvelAttackResult) -> bool:
    return (a.hit, a.fantastic, a.roll.marvel, a.total) > (b.hit, b.fantastic, b.roll.marvel, b.total)


def as_m(roll: D616, why: str) -> D616:
    """``roll`` with its Marvel die turned to the M (a Fantastic: it counts 6), ``why`` noted."""
    faces = (roll.faces[0], 1, roll.faces[2])
    return make(roll.rolled, faces, roll.edges, roll.troubles, roll.rerolls,
                f"{roll.note + '; ' if roll.note else ''}the Marvel die becomes an M ({why})")


def damage_on(ctx: MarvelAttackContext, marvel_face: int, fantastic: bool) -> DamageCalc:
    """The seed's damage for a hit with this Marvel die face, before holding back: an attack
    power's multiples or the Fantastic doubling, and a split or area power's half (rounded up
    once, at the end), which a Fantastic makes full damage, not double the half (rules/marvel.md
    §4.1 step 6, §6 pitfall 7)."""
    if ctx.halved:
        return figure_damage(ctx.pool, marvel_face, ctx.rank, ctx.bonuses, ctx.reductions, ctx.ability, ctx.score,
                             "", ctx.ability_times, 2, "" if fantastic else ctx.power, ctx.flat)
    doubled, times = multiplied(fantastic, ctx.close, ctx.options.fantastic_damage, ctx.power, ctx.power_times)
    return figure_damage(ctx.pool, marvel_face, ctx.rank, ctx.bonuses, ctx.reductions,
                         ctx.ability, ctx.score, doubled, ctx.ability_times, times, "", ctx.flat)


def figure(ctx: MarvelAttackContext, hit: MarvelAttackResult) -> DamageCalc:
    return damage_on(ctx, hit.roll.faces[1], hit.fantastic)


def held(ctx: MarvelAttackContext, damage: int) -> tuple[int, str]:
    """Holding back: the damage actually taken, and why it is less."""
    if not ctx.holds_back:
        return damage, ""
    taken = hold_back(ctx.target_pool, damage, ctx.target_pool_max)
    if taken == damage:
        return damage, ""
    what = "kill" if ctx.pool == "Health" else "shatter"
    return taken, f"{ctx.holds_back}: would {what}, leaves {ctx.pool} at {ctx.target_pool - taken}"


def default_damage_step(dice, ctx: MarvelAttackContext, hit: MarvelAttackResult) -> MarvelDamageOutcome:
    calc = figure(ctx, hit)
    taken, why = held(ctx, calc.total)
    return MarvelDamageOutcome(calc, taken, why)


def validate_attack_result(result: object) -> str:
    """Why an attack step's result cannot go into the state and the log ("" if it can)."""
    if not isinstance(result, MarvelAttackResult):
        return f"expected a MarvelAttackResult, got {type(result).__name__}"
    if not isinstance(result.hit, bool) or not isinstance(result.fantastic, bool):
        return "hit and fantastic must be true or false"
    if not isinstance(result.roll, D616):
        return "roll must be a D616"
    problem = _d616_problem(result.roll)
    if problem:
        return problem
    for name in ("total", "tn"):
        v = getattr(result, name)
        if type(v) is not int or abs(v) > 10_000:
            return f"{name} must be a whole number, got {v!r}"
    if not isinstance(result.automatic, str):
        return f"automatic must be text, got {result.automatic!r}"
    return notes_problem(result.notes)


def _d616_problem(r: D616) -> str:
    """Why a d616 roll a plugin built is not one the dice could show ("" if it is): its Marvel
    die becomes the damage die, so a NaN there would be damage."""
    def faces(v: object) -> bool:
        return isinstance(v, tuple) and len(v) == 3 and all(type(x) is int and 1 <= x <= 6 for x in v)

    if not (faces(r.rolled) and faces(r.faces)):
        return f"roll faces must be three d6 faces, got {r.faces!r}"[:200]
    if type(r.marvel) is not int or not 1 <= r.marvel <= 6 or type(r.dice_total) is not int or abs(r.dice_total) > 100:
        return f"roll's Marvel die and total must be whole numbers a die shows, got {r.marvel!r} and {r.dice_total!r}"[:200]
    if not (isinstance(r.fantastic, bool) and isinstance(r.ultimate, bool)):
        return "roll's fantastic and ultimate must be true or false"
    if not all(isinstance(t, tuple) and all(isinstance(x, str) for x in t) for t in (r.edges, r.troubles)):
        return "roll's edges and troubles must be tuples of texts"
    if not isinstance(r.rerolls, tuple) or not isinstance(r.note, str):
        return "roll's rerolls must be a tuple and its note text"
    return ""


def validate_damage_result(result: object) -> str:
    """Why a damage step's result cannot go into the state and the log ("" if it can)."""
    if not isinstance(result, MarvelDamageOutcome):
        return f"expected a MarvelDamageOutcome, got {type(result).__name__}"
    t = result.taken
    if not isinstance(t, int) or isinstance(t, bool):
        return f"damage taken must be an integer, got {t!r}"
    if t < 0:
        return f"damage taken is negative ({t})"
    if t > 1_000_000:
        return "damage beyond anything a Marvel die could do"
    calc = result.calc
    if not isinstance(calc, DamageCalc) or type(calc.total) is not int or type(calc.multiplier) is not int:
        return f"calc must be a DamageCalc of whole numbers, got {calc!r}"[:200]
    if not isinstance(result.held_back, str):
        return f"held_back must be text, got {result.held_back!r}"
    return notes_problem(result.notes)


def expected_harm(ctx: MarvelAttackContext) -> float:
    """Expected damage *taken* as a fraction of what the target has left in the pool (Health
    until unconscious, Focus until shattered), each outcome capped at 1, summed exactly over the
    d616 outcomes for the net edges/troubles.

    Each outcome goes through the default damage step's own rules (:func:`taken_on`: the
    damage, then :func:`held`): a multiplier below 1 does nothing, and a blow the attacker holds
    back (Heroic, or a nonlethal attack) counts only what the target actually loses. So a Heroic
    Focus attack on a foe already 1 point from shattered is worth 0, and one never counts as
    shattering (at most all but 1 point of what is left). House rules that wrap the damage step
    (``lethal``...) are not foreseen.

    Kept by everything of the context it reads (the damage per face, the pool and what is left
    of it, whether the blow is held back, what the dice must reach, the net edges): an AI weighs
    every attack at every foe each turn, and at 16 a side the same blow at a foe as hurt as
    before came back six times in seven, and working it out was a tenth of the turn (issue 35)."""
    flat = ctx.score + sum(v for _, v in ctx.modifiers) if ctx.modifiers else ctx.score
    needed = None if ctx.auto_hit else ctx.tn - flat
    totals = face_totals(ctx)
    key = (totals, ctx.pool, ctx.target_pool, ctx.target_pool_max, not ctx.holds_back, not ctx.marvel_m, needed,
           len(ctx.edges) - len(ctx.troubles), ctx.options.stacked_rerolls)
    found = _HARM.get(key)
    if found is None:
        if len(_HARM) >= 4096:
            _HARM.clear()
        found = _HARM[key] = _summed_harm(ctx, totals, needed)
    return found


_HARM: dict[tuple, float] = {}


def _summed_harm(ctx: MarvelAttackContext, totals: tuple[int, ...], needed: int | None) -> float:
    """:func:`expected_harm` worked out: the share of what is left each Marvel face takes, summed
    over the outcomes that hit (those whose dice reach ``needed``; every one for None)."""
    left = ctx.target_pool if ctx.pool == "Health" else ctx.target_pool + ctx.target_pool_max
    left = max(left, 1)
    share = [0.0] + [min(held(ctx, totals[face])[0] / left, 1.0) for face in range(1, 7)]
    if ctx.marvel_m:  # the Marvel die is an M whatever it shows: the other two dice decide the hit
        hits = sum(1 for a in range(1, 7) for b in range(1, 7)
                   if needed is None or a + b + 6 >= needed or (a == b == 6))
        return hits / 36 * share[1]
    value = 0.0
    for p, marvel_face in hitting(len(ctx.edges) - len(ctx.troubles), ctx.options.stacked_rerolls, needed):
        value += p * share[marvel_face]
    return value


_TOTALS: dict[tuple, tuple[int, ...]] = {}


def face_totals(ctx: MarvelAttackContext) -> tuple[int, ...]:
    """The damage a hit does for each Marvel die face (index 1..6; 1 is the M, a Fantastic
    success), before holding back: the seed's damage as the default damage step figures it.
    Kept by what it depends on (the attack and the two sheets), not by battle."""
    key = (ctx.pool, ctx.rank, ctx.bonuses, ctx.reductions, ctx.ability, ctx.score, ctx.close,
           ctx.options.fantastic_damage, ctx.ability_times, ctx.power, ctx.power_times, ctx.halved, ctx.flat)
    found = _TOTALS.get(key)
    if found is None:
        if len(_TOTALS) >= 4096:
            _TOTALS.clear()
        found = _TOTALS[key] = (0, *(damage_on(ctx, face, face == 1).total for face in range(1, 7)))
    return found


_HITTING: dict[tuple[int, str, int | None], tuple[tuple[float, int], ...]] = {}


def hitting(net: int, stacked: str, needed: int | None) -> tuple[tuple[float, int], ...]:
    """The d616 outcomes that hit, as (probability, Marvel face), in the order of
    :func:`.d616.distribution`: those whose dice total reaches ``needed`` (the TN less the
    check's flat bonuses), or a 6-M-6, or every outcome when ``needed`` is None (an automatic
    hit). Kept by their three arguments: the AI asks the same questions of every option."""
    key = (net, stacked, needed)
    found = _HITTING.get(key)
    if found is None:
        found = _HITTING[key] = tuple(
            (p, face) for (total, face, ultimate), p in distribution(net, stacked).items()
            if needed is None or ultimate or total >= needed)
    return found


_CHANCE: dict[tuple[int, str, int | None], float] = {}


def chance(net: int, stacked: str, needed: int | None) -> float:
    """The chance a check reaches ``needed`` (or is a 6-M-6; always, for None): the sum of
    :func:`hitting`'s chances in its order, kept by its three arguments (an AI weighs a throw at
    every foe in reach each turn; the sum over some hundred outcomes was 2% of a turn at 16 a side)."""
    key = (net, stacked, needed)
    found = _CHANCE.get(key)
    if found is None:
        found = _CHANCE[key] = sum(p for p, _ in hitting(net, stacked, needed))
    return found


def taken_on(ctx: MarvelAttackContext, marvel_face: int, fantastic: bool) -> int:
    """What the target would lose from a hit with this Marvel die face (``fantastic``: the hit
    is a Fantastic success), by the default damage step's rules: the damage, then holding back."""
    return held(ctx, damage_on(ctx, marvel_face, fantastic).total)[0]
