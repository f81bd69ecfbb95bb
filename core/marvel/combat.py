"""Resolving one Marvel attack, in the order the rules give it (rules/marvel.md §3-4):

1. reactions: an ally within reach of the target may Interpose and become the target
   (:func:`.reactions.offer_interpose`), then whoever is now the target may use a defensive reaction
   power (the attack has trouble);
2. the attack step (``slugfest_attack_step``: d616 + ability against the target's defense,
   with the edges and troubles that apply), a teammate's Help (an edge on a failed check:
   :func:`.reactions.offer_help`), Karma (an edge for the attacker, trouble for the target:
   :func:`.reactions.offer_karma`) and, on a hit, the damage step
   (``slugfest_damage_step``: the Marvel die x multiplier + ability, doubled on a Fantastic
   close success, then holding back), house rules wrapped around both;
3. the damage taken (:mod:`.effects`), then a Mighty attacker's knockback on a Fantastic close hit.

The attack step's frozen input, :class:`~.resolve.MarvelAttackContext`, is built here from the
attacker's and the target's sheets (kept in their memos: those parts never change) and their
conditions now; the AI's estimate reads the same context (:func:`expected`).
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.actions import Action, Asking, Decision
from ..engine.context import RulesContext
from ..rules.grid import Cell, distance
from ..rules.odds import percent
from ..render.words import possessive
from . import events as ev
from .conditions import ELEMENTS_FOR_A_ROUND, TIMED
from .damage import fantastic_doubles, figure_damage
from .effects import apply_damage, barred, can_use, effect_text, inflict, own_troubles, use_power
from .impact import knock_back, protected
from .powers import CATALOGUE, Power
from .reactions import can_react, offer_escape, offer_help, offer_interpose, offer_karma, offer_on_hit
from .resolve import MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome, expected_harm, hitting
from .sheet import DODGE_REACTIONS, MarvelAttack, MarvelOptions, MarvelSheet
from .state import Fighter
from .team import effect_on

NO_REACTION = Action("none")
Resolution = tuple[MarvelAttackResult, MarvelDamageOutcome | None]


def _target_number(tn: int, swapped: str, g: Fighter, hits: MarvelAttack, category: str,
                   shielded: Fighter | None) -> tuple[int, str, str]:
    """The TN against ``g`` (its defense, or the swapped one), why it differs from the
    defense, and why the attack hits whatever the roll: a helpless target is hit automatically
    in close combat and has defense 10 against ranged attacks; Interpose uses the lower of
    the two defenses (rules/marvel.md)."""
    tn_note, auto = (f"{swapped}: its {dict(_SWAPS)[swapped]} defense" if swapped else ""), ""
    helpless = "unconscious" if g.unconscious or g.killed else _defenseless(g) if g.timed else ""
    if helpless:
        if category == "close":
            auto = f"target {helpless}: close attacks hit automatically"
        elif tn > 10:
            tn, tn_note = 10, f"{helpless}: defense against ranged attacks is 10"
    if shielded is not None:
        theirs = _target_facts(shielded.sheet, hits)[0]
        if theirs < tn:
            tn, tn_note = theirs, f"Interpose: the lower of the two, {shielded.name}'s {theirs}"
    return tn, tn_note, auto


def _target_troubles(ctx: RulesContext, f: Fighter, g: Fighter, poised: tuple[str, ...]) -> list[str]:
    """The troubles the target gives an attack on it: while it is in the fight, its dodge and
    the powers it holds ready (``poised``); and its grappling with someone other than the attacker."""
    troubles = []
    if not g.out:
        troubles = [f"{g.name} is dodging"] if g.dodging else []
        troubles.extend(f"{g.name}'s {name}" for name in poised)
    if (g.held_by or g.holding) and f.id != g.held_by and f.id != g.holding:  # one of a pair, by a third
        troubles.append(f"{g.name} is grappling with {ctx.state.fighters[g.held_by or g.holding].name}")
    return troubles


def attack_context(ctx: RulesContext, f: Fighter, g: Fighter, atk: MarvelAttack,
                   reaction: str = "", shielded: Fighter | None = None, power: Power | None = None,
                   origin: Cell | None = None, rolled: tuple[int, ...] = ()) -> MarvelAttackContext:
    """The attack step's frozen input: TN from the target's defense, edges and troubles
    with their sources, damage bonuses and reductions, and whether the attacker holds back.
    ``shielded`` is the one ``g`` interposed for: the TN is the lower of the two defenses.
    ``power`` is the attack power it is made with (Headshot: a trouble, and its own multiples).
    ``origin`` is where ``f`` will attack from (default: where it stands): a ranged attack
    beyond its listed range has trouble (the range penalty option). ``rolled``: the check's dice,
    already rolled for a split or area attack's first target."""
    opts = ctx.options
    category = atk.category
    key = ("attack", atk.name) if atk is not GRAB else ("grab",)  # a sheet may name an attack "Grab"
    mine = f.memo.get(key)
    if mine is None:
        mine = f.memo[key] = _attacker_facts(opts, f.sheet, atk)
    edges, nonlethal, heroic_hold, mods, score, bonuses = mine
    hits = atk  # what the target's defense and reductions are read against
    if power is not None and power.suppressive:  # Vigilance defense, Health DR, then Focus damage (§4.3)
        hits = replace(atk, defense="Vigilance", damage="Health")
    theirs = g.memo.get(("target", hits.defense, hits.damage, category))
    if theirs is None:
        theirs = g.memo[("target", hits.defense, hits.damage, category)] = _target_facts(g.sheet, hits)
    tn, swapped, poised, reductions = theirs
    tn, tn_note, auto = _target_number(tn, swapped, g, hits, category, shielded)
    troubles: list[str] = list(own_troubles(f, atk.ability, True)) if f.demoralized or f.timed else []
    troubles += _target_troubles(ctx, f, g, poised)
    if (g.active or g.timed) and not g.out:
        edges, reductions = _on_the_target(g, hits, category, edges, reductions, troubles)
    twice, marvel_m = False, ""
    if ctx.state.team:  # team maneuvers in effect this round (rules/marvel.md §4.5)
        edges, reductions, twice, marvel_m = _teams_on(ctx, f, g, hits, edges, reductions, troubles)
    times = 1
    if f.active:  # Attack Stance: the ability added twice
        times += sum(1 for name in f.active if CATALOGUE[name].doubles_ability == atk.ability)
    if reaction:
        troubles.append(f"{g.name}'s {reaction}")
    if power is not None and power.attack_trouble:
        troubles.append(f"{f.name}'s {power.name}")
    if category != "close" and opts.range_penalty == "trouble" and opts.long_range:
        d = distance(origin or f.pos, g.pos)
        if d > atk.range:
            troubles.append(f"{g.name} is beyond {possessive(atk.name)} listed range ({d} of {atk.range} spaces)")
    holds = nonlethal or (f"{f.name} holds back (Heroic)" if heroic_hold else "")
    flat: tuple[tuple[str, int], ...] = ()
    if power is not None or f.active or g.active:
        edges, score, tn, flat, marvel_m = _powers_on(f, g, atk, hits, power, edges, troubles, score, tn, marvel_m)
    pool = "Focus" if power is not None and power.suppressive else atk.damage
    return MarvelAttackContext(system="marvel", attacker=f.id, target=g.id, attack=atk, category=category,
                               ability=atk.ability, score=score, modifiers=mods, defense=hits.defense, tn=tn,
                               tn_note=tn_note, auto_hit=auto, edges=edges, troubles=tuple(troubles), rank=f.sheet.rank,
                               bonuses=bonuses, reductions=reductions, pool=pool, target_pool=g.pool(pool),
                               target_pool_max=g.pool_max(pool), holds_back=holds, options=opts, ability_times=times,
                               power=power.name if power else "", power_times=power.damage_times if power else (1, 1),
                               halved=bool(power is not None and power.spread), rolled=rolled, twice=twice,
                               marvel_m=marvel_m, flat=flat)


def _teams_on(ctx: RulesContext, f: Fighter, g: Fighter, hits: MarvelAttack, edges: tuple[str, ...],
              reductions: tuple[tuple[str, int], ...], troubles: list[str]
              ) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...], bool, str]:
    """What the team maneuvers in effect add: the attacker's (an edge, a roll made twice, the
    Marvel die an M against an equal or higher rank) and the target's (trouble, Health damage
    reduction). Troubles go into ``troubles``; edges, reductions, twice and why the M are returned."""
    twice, marvel_m = False, ""
    ours, theirs = effect_on(ctx.state, f), effect_on(ctx.state, g)
    if ours is not None:
        edges = (*edges, f"{f.name}'s team: {ours.name}") if ours.edge else edges
        twice = ours.twice
        if ours.fantastic and g.sheet.rank >= f.sheet.rank:
            marvel_m = f"{f.name}'s team: {ours.name}"
    if theirs is not None and not g.out:
        if theirs.trouble:
            troubles.append(f"{g.name}'s team: {theirs.name}")
        if theirs.reduction and hits.damage == "Health":
            reductions = (*reductions, (f"{theirs.name} (team)", theirs.reduction))
    return edges, reductions, twice, marvel_m


def _powers_on(f: Fighter, g: Fighter, atk: MarvelAttack, hits: MarvelAttack, power: Power | None,
               edges: tuple[str, ...], troubles: list[str], score: int, tn: int, marvel_m: str
               ) -> tuple[tuple[str, ...], int, int, tuple[tuple[str, int], ...], str]:
    """What the attack power and the powers in use on either side add (rules/marvel.md §4.3):
    an edge (Smash), flat damage (Smash's Focus / 2, Anger's +15 to Melee), an ability lowered
    (Anger's -2 Logic: the attacker's score, the target's defense), the Marvel die made an M with
    every trouble ignored (Combat Trickery: ``troubles`` is emptied)."""
    flat: list[tuple[str, int]] = []
    if power is not None:
        if power.attack_edge:
            edges = (*edges, f"{f.name}'s {power.name}")
        if power.flat_damage:
            flat.append((power.name, power.flat_damage))
        if power.sets_m:
            marvel_m = f"{f.name}'s {power.name}, which ignores trouble"
            troubles.clear()
    for name in f.active:
        p = CATALOGUE[name]
        if p.boosts == atk.ability:
            flat.append((name, p.flat_damage))
        if p.lowers and p.lowers[0] == atk.ability:
            score += p.lowers[1]
    for name in g.active:
        p = CATALOGUE[name]
        if p.lowers and p.lowers[0] == hits.defense:
            tn += p.lowers[1]
    return edges, score, tn, tuple(flat), marvel_m


def _on_the_target(g: Fighter, atk: MarvelAttack, category: str, edges: tuple[str, ...],
                   reductions: tuple[tuple[str, int], ...], troubles: list[str]
                   ) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """What the target's powers in use (Blur, Defense Stance: troubles; Shield: a reduction)
    and conditions (stunned, prone: edges and troubles) do to an attack on it, now. Troubles
    are added to ``troubles``; the edges and reductions are returned."""
    for name, level in g.active.items():
        p = CATALOGUE[name]
        if p.trouble_on == "all" or (p.trouble_on == "close" and category == "close"):
            troubles.append(f"{g.name}'s {name}")
        if p.reduction == atk.damage:
            reductions = (*reductions, (f"{name} {level}", level))
    for name in g.timed:
        c = TIMED[name]
        if c.edge_against == "all" or (c.edge_against == "close" and category == "close"):
            edges = (*edges, f"{g.name} is {name}")
        if c.trouble_against == "ranged" and category != "close":
            troubles.append(f"{g.name} is {name}")
    return edges, reductions


def _defenseless(g: Fighter) -> str:
    """The condition that leaves ``g`` as open as the unconscious (paralyzed), or ""."""
    return next((name for name in g.timed if TIMED[name].defenseless), "")


def _attacker_facts(opts: MarvelOptions, sheet: MarvelSheet, atk: MarvelAttack) -> tuple:
    """What an attack's context takes from the attacker's sheet alone (memoised per sheet):
    its edges, why it holds back (a nonlethal attack; a Heroic character when the option
    is on), the check's modifiers, the ability score, and the multiplier bonuses."""
    edges: list[str] = []
    if atk.edge:
        edges.append(atk.name)
    if atk.ability == "Melee":
        edges.extend(p.name for p, _ in sheet.always_on() if p.edge == "Melee attacks")
    nonlethal = f"{atk.name} is nonlethal" if atk.nonlethal else ""
    heroic_hold = not atk.nonlethal and opts.holding_back and sheet.heroic and not atk.lethal
    mods = ((atk.name, atk.check_bonus),) if atk.check_bonus else ()
    return tuple(edges), nonlethal, heroic_hold, mods, sheet.ability(atk.ability), sheet.multiplier_bonuses(atk)


def _target_facts(sheet: MarvelSheet, atk: MarvelAttack) -> tuple[int, str, tuple[str, ...], tuple[tuple[str, int], ...]]:
    """What it takes from the target's sheet alone (memoised per sheet): the defense (the
    TN) and the power that let a better one stand in (Brawling...), the always-on powers that
    give the attack trouble (Unflappable Poise against close attacks), and the damage reductions."""
    tn, swapped = sheet.defense_against(atk.defense)
    troubled = tuple(p.name for p, _ in sheet.always_on()
                     if p.trouble_on == "all" or (p.trouble_on == "close" and atk.category == "close"))
    return tn, swapped, troubled, sheet.reductions(atk.damage)


#: The defense a swap power uses, by power name (for the log's note).
_SWAPS = tuple((p.name, p.defends_with[0]) for p in CATALOGUE.values() if p.defends_with)


def offer_reaction(ctx: RulesContext, g: Fighter, f: Fighter, atk: MarvelAttack) -> Asking[str]:
    """The target's reaction to an attack: a dodge power (Spider-Dodge...) against an attack on
    its Agility defense gives the attack trouble, and is returned; a power that is used as a
    reaction (Blur, Shield) is put to use and works through what it has in use. "" for none,
    or for a power."""
    if not can_react(g):
        return ""
    dodges = ([p for p in DODGE_REACTIONS if g.sheet.has(p)]
              if atk.defense == "Agility" and not (g.timed and barred(g, "Agility")) else [])
    menu = [NO_REACTION, *(Action("dodge", maneuver=p) for p in dodges)]
    for p, level in g.sheet.catalogued():
        if "reaction" in p.uses and p.trouble_on != "Agility defense" and not p.on_hit and not can_use(g, p, level):
            if (p.reduction or p.absorbs) and (atk is GRAB or atk.damage != (p.reduction or "Health")):
                continue  # it stops Health damage only: none to stop here
            menu.append(Action("power", power=p.name))
    if len(menu) == 1:
        return ""
    context = f"{f.name} attacks {g.name} with {atk.name}: use a reaction?"
    if ctx.for_player(g.id) and dodges:  # the odds are for a person to weigh
        context += " " + reaction_odds(ctx, f, g, atk, dodges[0])
    choice = yield Decision(g.id, tuple(menu), g.ai, "abort", context, free=True)
    a = choice.action
    if a.kind == "none":
        return ""
    g.reactions -= 1
    if a.kind == "power":
        p = CATALOGUE[a.power]
        ctx.emit(ev.ReactionUsed(actor=g.id, reaction=p.name, against=f.id,
                                 effect=effect_text(p, g.sheet.level(p.name)), reactions_left=g.reactions))
        use_power(ctx, g, p, g.sheet.level(p.name), "reaction")
        return ""
    ctx.emit(ev.ReactionUsed(actor=g.id, reaction=a.maneuver, against=f.id, effect="the attack has trouble",
                             reactions_left=g.reactions))
    return a.maneuver


def reaction_odds(ctx: RulesContext, f: Fighter, g: Fighter, atk: MarvelAttack, power: str) -> str:
    """What the reaction question shows: the attack's chance to hit as things stand and with the
    trouble the reaction gives it (summed over every d616 outcome), and what it costs."""
    def chance(reaction: str) -> float:
        a = attack_context(ctx, f, g, atk, reaction)
        flat = a.score + sum(v for _, v in a.modifiers)
        outcomes = hitting(len(a.edges) - len(a.troubles), ctx.options.stacked_rerolls,
                           None if a.auto_hit else a.tn - flat)
        return sum(p for p, _ in outcomes)

    left = g.reactions
    return (f"It hits {percent(chance(''))} of the time as things stand, {percent(chance(power))} with {power} "
            f"(a trouble on the attack); it spends 1 of your {left} reaction{'s' if left != 1 else ''} this round.")


def attack_power(f: Fighter, action: Action) -> Power | None:
    """The attack power an attack action is made with (its ``maneuver``), or None."""
    if not action.maneuver:
        return None
    p = CATALOGUE.get(action.maneuver)
    return p if p is not None and "attack" in p.uses and f.sheet.has(p.name) else None


def check(ctx: RulesContext, f: Fighter, g: Fighter, atk: MarvelAttack, power: Power | None,
           rolled: tuple[int, ...] = ()) -> Asking[tuple[Fighter, MarvelAttackContext, MarvelAttackResult]]:
    """The check of an attack (or a Grab): an ally's Interpose (who is then the target, returned;
    not for a split or area attack, which strikes whoever is there), the target's reaction, the
    attack step (on the dice already ``rolled`` for a split or area attack's later targets), a
    teammate's Help and Karma, the check's event."""
    shielded = None
    aimed = replace(atk, defense="Vigilance", damage="Health") if power is not None and power.suppressive else atk
    h = (yield from offer_interpose(ctx, f, g, aimed)) if power is None or not power.spread else None
    if h is not None:
        shielded, g = g, h
    reaction = yield from offer_reaction(ctx, g, f, aimed)
    actx = attack_context(ctx, f, g, atk, reaction, shielded, power, rolled=rolled)
    hit: MarvelAttackResult = ctx.attack_step(actx)
    if not hit.hit:
        hit = yield from offer_help(ctx, f, g, actx, hit)
    if ctx.options.karma_edges:
        hit = yield from offer_karma(ctx, f, g, actx, hit)
    ctx.emit(ev.AttackCheck(attacker=f.id, target=g.id, attack=atk.name, category=actx.category, ability=actx.ability,
                            score=actx.score, modifiers=actx.modifiers, roll=hit.roll, total=hit.total,
                            defense=actx.defense, tn=hit.tn, tn_note=actx.tn_note, hit=hit.hit, fantastic=hit.fantastic,
                            automatic=hit.automatic, notes=hit.notes))
    return g, actx, hit


#: The Grab maneuver's check (rules/marvel.md §3.4): Melee against the target's Melee defense,
#: close; it does no damage.
GRAB = MarvelAttack(name="Grab", ability="Melee", defense="Melee", knockback=False)


def resolve_attack(ctx: RulesContext, f: Fighter, g: Fighter, atk: MarvelAttack,
                   power: Power | None = None) -> Asking[Resolution]:
    """One attack: its power's Focus paid (when declared, kept on a miss), the check
    (:func:`check`), the damage step, then effects."""
    if power is not None and f.sheet.has(power.name):  # a maneuver's blow (Ram) has nothing to pay
        use_power(ctx, f, power, f.sheet.level(power.name), atk.name)
        if power.takes_reaction:
            f.reactions -= 1
            ctx.emit(ev.ReactionUsed(actor=f.id, reaction=power.name, against=g.id, effect="on making the attack",
                                     reactions_left=f.reactions))
    g, actx, hit = yield from check(ctx, f, g, atk, power)
    if not hit.hit:
        return hit, None
    return hit, (yield from _hit(ctx, f, g, atk, power, actx, hit))


def resolve_spread(ctx: RulesContext, f: Fighter, atk: MarvelAttack, power: Power,
                   targets: list[Fighter]) -> Asking[list[Resolution]]:
    """A split or area attack (rules/marvel.md §4.3): its Focus paid once, then one check against
    each target's own defense, in order, on the same three dice (the first target's roll; each
    target's own edges and troubles rerolled on them), and half damage to each hit (full on a
    Fantastic)."""
    use_power(ctx, f, power, f.sheet.level(power.name), atk.name)
    out: list[Resolution] = []
    rolled: tuple[int, ...] = ()
    for g in targets:
        if g.killed:
            continue
        g, actx, hit = yield from check(ctx, f, g, atk, power, rolled)
        rolled = rolled or hit.roll.rolled
        out.append((hit, (yield from _hit(ctx, f, g, atk, power, actx, hit)) if hit.hit else None))
    return out


def _hit(ctx: RulesContext, f: Fighter, g: Fighter, atk: MarvelAttack, power: Power | None,
         actx: MarvelAttackContext, hit: MarvelAttackResult) -> Asking[MarvelDamageOutcome]:
    """A hit's damage step, the damage taken, then a Mighty attacker's knockback and the hit's effects."""
    dmg: MarvelDamageOutcome = ctx.damage_step(actx, hit)
    ctx.emit(ev.DamageFigured(attacker=f.id, target=g.id, attack=atk.name, calc=dmg.calc, notes=dmg.notes))
    taken = protected(ctx, g, actx.pool, dmg.taken) if g.active else dmg.taken
    if actx.pool == "Health" and taken > 0:
        taken = yield from offer_on_hit(ctx, g, f, taken)
    apply_damage(ctx, g, actx.pool, dmg.calc.total, taken, atk.name, dmg.held_back)
    knocks = (actx.close and hit.fantastic and ctx.options.knockback and f.sheet.mighty and atk.knockback
              and dmg.calc.multiplier >= 1 and not g.killed)
    if knocks:
        knock_back(ctx, f, g, dmg.calc.multiplier)
    if taken > 0 and not g.killed:
        # a power's own effect (Headshot stuns; Suppressive Fire's Fantastic stuns), else the
        # attack's Fantastic effect unless a Mighty attacker chose knockback instead (rules/marvel.md §4.4)
        if power is not None and power.inflicts:
            inflict(ctx, g, power.inflicts, f"{f.name}'s {power.name}")
        elif power is not None and power.fantastic_inflicts and hit.fantastic:
            inflict(ctx, g, power.fantastic_inflicts, f"a Fantastic hit with {f.name}'s {power.name}")
        elif hit.fantastic and atk.fantastic_effect and not knocks:
            inflict(ctx, g, atk.fantastic_effect, f"a Fantastic hit with {f.name}'s {atk.name}",
                    atk.element in ELEMENTS_FOR_A_ROUND)
            if TIMED[atk.fantastic_effect].hold and atk.fantastic_effect in g.timed and not g.held_by:
                yield from offer_escape(ctx, g, None, f)
    return dmg


def expected(ctx: RulesContext, f: Fighter, action: Action, origin: Cell | None = None) -> float:
    """P(hit) x the damage the target would take (after holding back: a Heroic attacker
    cannot shatter or kill) as a fraction of the pool it has left (capped at 1 per roll),
    summed exactly over every d616 outcome with the edges and troubles that apply now. An
    attack power's Focus is a price: its share of what the attacker has left before it would
    be shattered is taken off, so a Headshot is chosen only when its extra harm is worth it.
    ``origin``: where ``f`` will attack from (the picture knows its walk; default where it stands)."""
    if action.kind != "attack" or not action.target:
        return 0.0
    g = ctx.state.fighters[action.target]
    power = attack_power(f, action)
    atk = f.attack(action.attack)
    if power is not None and power.spread:  # the harm to each foe it strikes, less that to each friend
        st = ctx.state.fighters
        harm = sum((1 if st[t].side != f.side else -1) * expected_harm(
            attack_context(ctx, f, st[t], atk, power=power, origin=origin)) for t in action.targets)
    else:
        harm = expected_harm(attack_context(ctx, f, g, atk, power=power, origin=origin))
    if power is None:
        return harm
    return harm - power.cost(f.sheet.level(power.name)) / max(f.focus + f.focus_max, 1)


#: How far above the worst share of a blow the estimate's own sum may round (it adds some fifty
#: products; each rounds by at most half a unit in the last place): the bound's margin.
_ROUNDING = 1e-9


def harm_bound(ctx: RulesContext, f: Fighter, action: Action) -> float | None:
    """What :func:`expected` can be at most for a plain attack (no attack power) by an attacker
    with no power in use, without building the attack's context: the largest share of what the
    target has left a hit could take. None for any other action (its harm is the bound).

    A hit's damage is at most the Fantastic one (the Marvel die counts 6, doubled when the
    option doubles it) with no damage reduction, and holding back only lowers it; the chances
    of the outcomes that hit add up to at most 1. So an AI weighing every attack at every foe
    works out the harm only of those whose bound could still beat the best found (the AI's
    estimates were a fifth of a turn at 16 a side; issue 35). With a power in use
    (Attack Stance, Anger...) or an attack power the damage has more terms, and no bound is given."""
    if action.kind != "attack" or action.maneuver or not action.target or f.active:
        return None
    atk = f.attack(action.attack)
    most = f.memo.get(("most damage", atk.name))
    if most is None:
        sheet = f.sheet
        most = f.memo[("most damage", atk.name)] = figure_damage(
            atk.damage, 1, sheet.rank, sheet.multiplier_bonuses(atk), (), atk.ability, sheet.ability(atk.ability),
            fantastic_doubles(True, atk.close, ctx.options.fantastic_damage)).total
    g = ctx.state.fighters[action.target]
    left = g.pool(atk.damage) + (0 if atk.damage == "Health" else g.pool_max(atk.damage))
    return min(most / max(left, 1), 1.0) * (1 + _ROUNDING)
