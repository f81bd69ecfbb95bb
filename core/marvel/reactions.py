"""The reactions anyone may use and Karma spent on a roll (rules/marvel.md §3.5, §4.6): the
questions an attack raises for those who are not deciding it. Interpose (an ally steps in and
becomes the target), Help Teammate (an edge on a teammate's failed check), and 1 Karma for an
edge on one's own failed attack or for trouble on a hit against one. Each is asked only when it
could matter, and the roll it changes is judged again by the engine's rule. The target's own
reaction powers (Spider-Dodge, Blur, Shield) are :func:`.combat.offer_reaction`.
"""

from __future__ import annotations

from ..engine.actions import Action, Asking, Decision
from ..engine.context import RulesContext
from ..engine.events import Moved
from ..render.words import possessive
from ..rules.grid import Cell, distance
from . import events as ev
from .conditions import POWER_HOLD_TN, TIMED
from .powers import CATALOGUE
from .effects import barred, escape, release
from ..rules.odds import percent
from .d616 import M, best_edge_gain, counts, edge_chance, face_text, pick_trouble, trouble_chance, with_edge, with_trouble
from .movement import attack_range, speed
from .resolve import MarvelAttackContext, MarvelAttackResult, judge
from .sheet import MarvelAttack
from .state import Fighter

#: Declining an offer made on someone else's roll (step in, help, spend Karma): the text log
#: leaves an AI's "declines" out (the JSONL keeps it), so each attack does not read as a list of
#: the questions it raised.
DECLINE = Action("none", maneuver="declines")

def can_react(h: Fighter) -> bool:
    """Not out of the fight, a reaction left, and not stunned (it cannot act: rules/marvel.md §5)."""
    return not h.out and h.reactions > 0 and not any(TIMED[n].loses_turn for n in h.timed)


def offer_interpose(ctx: RulesContext, f: Fighter, g: Fighter, atk: MarvelAttack) -> Asking[Fighter | None]:
    """Interpose (rules/marvel.md §3.5, a basic reaction anyone may use): an ally of ``g``
    within its own reach of ``g`` (even an unconscious ``g``: shielding a fallen friend is what
    it is for), not out itself and with a reaction left, may step between ``f`` and
    ``g`` and become the target. Each such ally is asked in the kept initiative order; the first
    who accepts moves (free) to the open cell next to ``g`` nearest ``f`` (staying put if it
    already stands on one as near, or if none is open) and is returned; None if no one does."""
    if not ctx.options.interpose or g.killed:
        return None
    st = ctx.state
    for cid in st.order:
        h = st.fighters[cid]
        if h.side != g.side or h is g or distance(h.pos, g.pos) > h.sheet.reach or not can_react(h):
            continue  # (its reach first: most allies stand farther, whether or not they could react)
        cell = interpose_cell(ctx, h, g, f)
        if cell != h.pos and speed(h) <= 0:
            continue  # it cannot move (paralyzed): it can step in only from where it stands
        if not _reaches(ctx, f, atk, cell):
            continue  # no spot between them the attack still reaches
        menu = (DECLINE, Action("interpose", target=g.id, maneuver="Interpose"))
        context = (f"{f.name} attacks {g.name} with {atk.name}: Interpose (step in and become the target, "
                   f"against the lower of your two {atk.defense} defenses)?")
        choice = yield Decision(h.id, menu, h.ai, "abort", context, free=True)
        if choice.action.kind == "none":
            continue
        h.reactions -= 1
        ctx.emit(ev.ReactionUsed(actor=h.id, reaction="Interpose", against=f.id,
                                 effect=f"steps in front of {g.name} and becomes the target",
                                 reactions_left=h.reactions))
        if cell != h.pos:
            if h.holding:  # stepping in is moving: it lets go (as any holder that moves)
                release(ctx, h, f"{h.name} lets go to step in")
            start, h.pos = h.pos, cell
            ctx.emit(Moved(actor=h.id, start=start, end=cell, distance=distance(start, cell),
                           unit="space" if distance(start, cell) == 1 else "spaces",
                           why=f"steps between {f.name} and {g.name} (Interpose: a free move)"))
        return h
    return None


def offer_escape(ctx: RulesContext, g: Fighter, holder: Fighter | None, by: Fighter) -> Asking[None]:
    """Escape (rules/marvel.md §3.5, a basic reaction): grabbed or pinned (by ``by``'s grab or
    power), ``g`` may spend a reaction to break free at once (:func:`.effects.escape`: Melee
    against its ``holder``'s Melee defense, or 20 for a power's hold, which no one keeps)."""
    if not can_react(g) or barred(g, "Melee"):
        return
    tn = holder.sheet.defense("Melee") if holder is not None else POWER_HOLD_TN
    what = f"{holder.name} holds you" if holder is not None else "you are pinned"
    menu = (DECLINE, Action("escape", target=holder.id if holder is not None else "", maneuver="Escape"))
    context = f"{what}: try to break free now (a reaction: Melee against {tn})?"
    choice = yield Decision(g.id, menu, g.ai, "abort", context, free=True)
    if choice.action.kind == "none":
        return
    g.reactions -= 1
    ctx.emit(ev.ReactionUsed(actor=g.id, reaction="Escape", against=by.id, effect="tries to break free",
                             reactions_left=g.reactions))
    escape(ctx, g, "reaction")


def offer_on_hit(ctx: RulesContext, g: Fighter, f: Fighter, taken: int) -> Asking[int]:
    """A reaction to a Health hit that does damage (rules/marvel.md §4.3): Brace for Impact spends
    Focus to ignore as much of it (our reading: all it can, up to the damage, and at least its 5),
    Energy Absorption (15 Focus) takes the hit's Health damage as Focus instead, up to twice its
    maximum. The Health damage ``g`` still takes is returned."""
    if taken <= 0 or not can_react(g) or g.demoralized:
        return taken
    menu: list[Action] = [DECLINE]
    for p, level in g.sheet.catalogued():
        if not p.on_hit:
            continue
        least = p.cost(level)
        spend = min(taken, g.focus - 1) if p.on_hit == "brace" else least
        if spend >= least and g.focus - spend >= 1:
            menu.append(Action("power", target=f.id, power=p.name))
    if len(menu) == 1:
        return taken
    context = f"{possessive(f.name)} hit would take {taken} Health from you (Health {g.health}, Focus {g.focus}): react?"
    choice = yield Decision(g.id, tuple(menu), g.ai, "abort", context, free=True)
    if choice.action.kind == "none":
        return taken
    p = CATALOGUE[choice.action.power]
    g.reactions -= 1
    before, spend = g.focus, (min(taken, g.focus - 1) if p.on_hit == "brace" else p.cost(g.sheet.level(p.name)))
    g.focus -= spend
    if p.on_hit == "brace":
        ctx.emit(ev.ReactionUsed(actor=g.id, reaction=p.name, against=f.id,
                                 effect=f"spends {spend} Focus to ignore {spend} Health damage "
                                        f"(Focus {before} -> {g.focus})",
                                 reactions_left=g.reactions))
        return taken - spend
    gained = max(min(taken, 2 * g.focus_max - g.focus), 0)
    g.focus += gained
    ctx.emit(ev.ReactionUsed(actor=g.id, reaction=p.name, against=f.id,
                             effect=f"spends {spend} Focus; the hit's {taken} Health damage becomes {gained} Focus "
                                    f"(Focus {before} -> {g.focus}, up to twice its maximum)",
                             reactions_left=g.reactions))
    return 0


def offer_help(ctx: RulesContext, f: Fighter, g: Fighter, actx: MarvelAttackContext,
               hit: MarvelAttackResult) -> Asking[MarvelAttackResult]:
    """Help Teammate (rules/marvel.md §3.5, a basic reaction): when ``f``'s attack fails, a
    teammate not out, with a reaction left and ``f`` in line of sight, may give it an edge on
    that same check (:func:`.d616.with_edge`), judged again by the engine's rule. Asked in the
    kept initiative order, and only when the edge could still turn the miss into a hit; the
    first who accepts helps. The result as it stands if no one does."""
    if not ctx.options.help_teammate or hit.roll.ultimate:
        return hit
    if hit.total + best_edge_gain(hit.roll.faces) < hit.tn:
        return hit
    st = ctx.state
    for cid in st.order:
        h = st.fighters[cid]
        if h.side != f.side or h is f or not can_react(h) or not ctx.grid.line_of_sight(h.pos, f.pos):
            continue
        menu = (DECLINE, Action("help", target=f.id, maneuver="Help Teammate"))
        context = (f"{possessive(f.name)} {actx.attack.name} missed {g.name} ({hit.total} vs TN {hit.tn}): "
                   "Help Teammate (an edge on that check)?")
        choice = yield Decision(h.id, menu, h.ai, "abort", context, free=True)
        if choice.action.kind == "none":
            continue
        h.reactions -= 1
        ctx.emit(ev.ReactionUsed(actor=h.id, reaction="Help Teammate", against=g.id,
                                 effect=f"{f.name}'s attack missed ({hit.total} vs TN {hit.tn}): an edge on that check",
                                 reactions_left=h.reactions))
        return judge(actx, with_edge(ctx.dice, hit.roll, f"{h.name}'s Help Teammate"))
    return hit


def offer_karma(ctx: RulesContext, f: Fighter, g: Fighter, actx: MarvelAttackContext,
                hit: MarvelAttackResult) -> Asking[MarvelAttackResult]:
    """Karma on an attack check (rules/marvel.md §4.6, at most 1 Karma each per check): the
    attacker may spend 1 for an edge on a failed check, if the edge could still make it hit; the
    target may spend 1 for trouble on one that hit (not an automatic hit, which no roll undoes).
    Each is asked with the roll before it; the engine's rule judges again."""
    if not hit.hit and f.karma > 0 and hit.total + best_edge_gain(hit.roll.faces) >= hit.tn:
        context = (f"{possessive(f.name)} {actx.attack.name} missed {g.name} ({hit.total} vs TN {hit.tn}): spend 1 Karma for an edge? "
                   f"({percent(edge_chance(hit.roll.faces, hit.total, hit.tn))} that it then hits)")
        if (yield from _spends(ctx, f, "Karma for an edge", g, context)):
            hit = judge(actx, with_edge(ctx.dice, hit.roll, f"{f.name}'s Karma"))
            ctx.emit(ev.KarmaSpent(actor=f.id, effect=f"an edge on its attack on {g.name}", karma_left=f.karma))
    immune = actx.marvel_m.endswith("ignores trouble")  # Combat Trickery (rules/marvel.md §4.3)
    if hit.hit and not hit.automatic and not immune and g.karma > 0 and not g.out and _trouble_could_matter(hit):
        context = (f"{possessive(f.name)} {actx.attack.name} hits {g.name} ({hit.total} vs TN {hit.tn}): "
                   f"spend 1 Karma for trouble on it? ({_trouble_odds(hit)})")
        if (yield from _spends(ctx, g, "Karma for trouble", f, context)):
            hit = judge(actx, with_trouble(ctx.dice, hit.roll, f"{g.name}'s Karma"))
            ctx.emit(ev.KarmaSpent(actor=g.id, effect=f"trouble on {f.name}'s attack", karma_left=g.karma))
    return hit


def _trouble_odds(hit: MarvelAttackResult) -> str:
    """What the target's trouble can do, for its question: the chance it turns the hit into a
    miss or, when it cannot (the question read "0% that it then misses", as if asked for
    nothing), what it does all the same: the Marvel die rerolled, the lower kept, lowers the
    damage (Marvel die x multiplier, rules/marvel.md §4.2) and undoes a Fantastic."""
    faces = hit.roll.faces
    chance = trouble_chance(faces, hit.total, hit.tn)
    if chance:
        return f"{percent(chance)} that it then misses"
    old = faces[1]
    lower = sum(counts(new, 1) < counts(old, 1) or (old == M and new != M) for new in range(1, 7)) / 6
    return (f"it cannot make it miss, but the Marvel die ({face_text(old, 1)}) is rolled again, the lower kept: "
            f"{percent(lower)} that the damage drops" + (", the Fantastic undone" if old == M else ""))


def _trouble_could_matter(hit: MarvelAttackResult) -> bool:
    """Whether one trouble could turn the hit into a miss, or lower its damage or undo its
    Fantastic (the Marvel die rerolled, unless it shows its lowest already): the die it rerolls
    falling to its lowest (1; 2 on the Marvel die)."""
    faces = hit.roll.faces
    if hit.roll.ultimate:
        return False
    pos = pick_trouble(faces)
    assert pos is not None  # nothing excluded: one of the three dice is picked
    lowest = 2 if pos == 1 else 1
    # the Marvel die at its lowest (2) already: no reroll lowers the damage or undoes anything
    return (pos == 1 and faces[1] != lowest) or hit.total - (counts(faces[pos], pos) - lowest) < hit.tn


def _spends(ctx: RulesContext, who: Fighter, what: str, other: Fighter, context: str) -> Asking[bool]:
    menu = (DECLINE, Action("karma", target=other.id, maneuver=what))
    choice = yield Decision(who.id, menu, who.ai, "abort", context)
    if choice.action.kind == "none":
        return False
    who.karma -= 1
    return True


def _reaches(ctx: RulesContext, f: Fighter, atk: MarvelAttack, cell: Cell) -> bool:
    """Whether ``f``'s attack, from where it stands, reaches someone at ``cell``."""
    d = distance(f.pos, cell)
    if atk.close:
        return d <= f.sheet.reach
    return d <= attack_range(ctx.options, atk) and ctx.grid.line_of_sight(f.pos, cell)


def others_cells(ctx: RulesContext, h: Fighter) -> set[Cell]:
    """The cells everyone but ``h`` stands in (the killed do not count): where ``h`` may not step."""
    return {x.pos for x in ctx.state.fighters.values() if x is not h and not x.killed}


def interpose_cell(ctx: RulesContext, h: Fighter, g: Fighter, f: Fighter) -> Cell:
    """Where an interposing ``h`` stands: the open cell next to ``g`` nearest the attacker
    ``f`` (then nearest as the crow flies, then the lowest cell), or where it stands if that is
    next to ``g`` and as near, or if no cell next to ``g`` is open (everyone else not killed
    stands in the way: :func:`others_cells`)."""
    taken = others_cells(ctx, h)
    gx, gy = g.pos
    fx, fy = f.pos

    def key(c: Cell) -> tuple:
        return (distance(c, f.pos), c != h.pos, (c[0] - fx) ** 2 + (c[1] - fy) ** 2, c)

    cells = [(gx + dx, gy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    spots = [c for c in cells if ctx.grid.open(c) and c not in taken]
    if distance(h.pos, g.pos) == 1:
        spots.append(h.pos)
    return min(spots, key=key) if spots else h.pos
