"""Darkness and Images, the HERO powers that lay a lasting field over an area (rules-powers
§3.3, §1.4): one entry each in :data:`.powers.POWERS`, what laying, keeping up and dropping a
field does, what it is worth to the AI, and the PER rolls that see through an Images or hear a
foe unseen. Who sees whom through the fields is :mod:`.senses`'s.

Our readings (docs/rules.md, "Readings we chose (HERO)"): a field stays while its user stays in
the fight and keeps paying its END at the start of each of its Phases (rules §4.1, a Constant
power); one field of each kind a user, a new one replacing the old; dropping one takes no time
(a Zero-Phase action). Whoever believes an Images sees nothing in or through it, while those in
it see out; a foe gone into it gives reason to doubt: a PER roll at the start of each Phase.
"""

from __future__ import annotations

from ..engine.context import RulesContext
from ..rules.grid import Cell
from . import areas, senses
from . import events as ev
from .effect_power import PHASE_LOST, Power, Threat
from .effects import spend_end
from .endurance import stun_for_end_dice
from .profile import DamageProfile
from .rounding import characteristic_roll
from .sheet import HeroAttack
from .state import Fighter
from .three_dice import hit_chance
from .usage import attack_end

# -- Darkness ---------------------------------------------------------------------------------

def lay_darkness(ctx: RulesContext, f: Fighter, atk: HeroAttack, aim: Cell, cells: frozenset[Cell]) -> None:
    """``f``'s Darkness fills ``cells`` (its area around ``aim``): no one sees into, out of or
    through them while ``f`` stays in the fight (:mod:`.senses`); it replaces ``f``'s earlier
    field, if any (one field each: our reading of a Constant power moved)."""
    st = ctx.state
    replaced = f.id in st.darkness
    st.darkness = {**st.darkness, f.id: cells}
    st.darkness_powers = {**st.darkness_powers, f.id: atk.name}
    inside = tuple(g.id for g in st.fighters.values() if not g.dead and g.pos in cells)
    ctx.emit(ev.DarknessLaid(actor=f.id, attack=atk.name, cell=aim, cells=len(cells), inside=inside,
                             replaced=replaced))


def _darkness_on(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    """A Darkness landing on ``g`` is laid centred on ``g``'s cell (a Darkness is always an area,
    :func:`.combat.resolve_area` fills it; this is the same field reached by one target)."""
    lay_darkness(ctx, f, atk, g.pos, areas.cells_of(ctx.grid, atk.area, areas.size_of(atk), f.pos, g.pos))


def _darkness_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    return _in_the_dark(f, g)


def _in_the_dark(f: Fighter, g: Fighter) -> float:
    """Two of ``g``'s Phases unable to see out (the field stays while its user does, but ``g``
    may walk out), each worth :data:`PHASE_LOST` to a fighter with a ranged attack (OCV 0), half
    to one that strikes hand to hand (½ OCV); halved again when the user's own attacks are all
    ranged (it cannot see into the field either)."""
    if g.blind:
        return 0.0
    ranged = any(not a.hth and not a.mental and a.kind != "darkness" for a in g.sheet.attacks)
    own_blows = any(a.hth for a in f.sheet.attacks if a.kind != "darkness")
    return 2 * PHASE_LOST * (1.0 if ranged else 0.5) * (1.0 if own_blows else 0.5)


def _darkness_field_worth(ctx: RulesContext, f: Fighter, atk: HeroAttack, inside: tuple[str, ...],
                          cells: frozenset[Cell], threat: Threat) -> float:
    """The field's worth: :func:`_darkness_worth` for each foe in the fight inside it, less the
    same for each friend (the user too); a fighter already in Darkness, or Flashed, gains or
    loses nothing more."""
    fighters, opts = ctx.state.fighters, ctx.options
    dark = senses.dark_cells(ctx.state)
    total = 0.0
    for gid in inside:
        g = fighters[gid]
        if g.out_of_fight(opts) or g.pos in dark:
            continue
        value = _in_the_dark(f, g)
        total += value if g.allegiance != f.allegiance else -value
    return total


def kept(ctx: RulesContext, f: Fighter) -> list[str]:
    """The Constant powers ``f`` keeps up (a Darkness, an Images), by attack name."""
    st = ctx.state
    return [name for name in (st.darkness_powers.get(f.id), st.images_powers.get(f.id)) if name is not None]


def keep_up(ctx: RulesContext, f: Fighter) -> None:
    """The start of ``f``'s Phase: a Darkness or an Images it keeps up costs its END again (rules
    §4.1: a Constant power's END is paid each Phase, at the start of its user's Phase), STUN for
    what it lacks as any END does."""
    opts = ctx.options
    for name in kept(ctx, f):
        if not f.out_of_fight(opts):
            spend_end(ctx, f, attack_end(f, f.attack(name), opts.campaign, opts.str_end), f"keeping {name} up")


def drop_power(ctx: RulesContext, f: Fighter, name: str) -> None:
    """``f`` turns its Darkness or Images ``name`` off: no time (a Zero-Phase action), no END
    from its next Phase."""
    if ctx.state.images_powers.get(f.id) == name:
        senses.lift_images(ctx, f, "dropped by its user")
    else:
        senses.lift_darkness(ctx, f, "dropped by its user")


def keep_worth(ctx: RulesContext, f: Fighter, name: str, threat: Threat) -> float:
    """What ``f``'s Darkness (or its Images ``name``) is worth for one more Phase: half of what
    laying it is worth (one of its two Phases) as things stand: for a Darkness, half of
    :func:`_in_the_dark` for each foe in the fight inside it, less the same for each friend
    (``f`` too); for an Images, :func:`_images_field_worth`'s half."""
    st = ctx.state
    if name and st.images_powers.get(f.id) == name:
        return _screen_worth(ctx, f, st.images.get(f.id, frozenset()), f.attack(name).per, threat, keeping=True) / 2
    cells = st.darkness.get(f.id, frozenset())
    opts = ctx.options
    total = 0.0
    for g in st.fighters.values():
        if g.pos in cells and not g.out_of_fight(opts):
            value = _in_the_dark(f, g) / 2
            total += value if g.allegiance != f.allegiance else -value
    return total


def drop_worth(ctx: RulesContext, f: Fighter, name: str, threat: Threat) -> float:
    """What dropping ``f``'s Darkness (or its Images ``name``) is worth to the AI: the END it
    would pay next Phase, as the share of a Phase a Recovery would take to win it back (END / REC
    of :data:`PHASE_LOST`), plus the STUN that END would cost beyond what ``f`` has, less
    :func:`keep_worth`. Above 0 when nobody it hides or blinds matters, or the END costs more."""
    if name not in kept(ctx, f):
        name = ctx.state.darkness_powers.get(f.id, "")
    if not name:
        return 0.0
    opts = ctx.options
    cost = attack_end(f, f.attack(name), opts.campaign, opts.str_end)
    saved = PHASE_LOST * cost / max(f.ch.REC, 1)
    if cost > f.end:
        saved += 3.5 * stun_for_end_dice(cost, f.end) / max(f.stun, 1)
    return saved - keep_worth(ctx, f, name, threat)


def _darkness_words(g: Fighter, atk: HeroAttack, profile: DamageProfile) -> str:
    return f"a Darkness field ({areas.TABLE[atk.area].sized(areas.size_of(atk))}): no one sees into or out of it"


# -- Images -----------------------------------------------------------------------------------

def lay_images(ctx: RulesContext, f: Fighter, atk: HeroAttack, aim: Cell, cells: frozenset[Cell]) -> None:
    """``f``'s Images fills ``cells`` (its area around ``aim``) with an opaque visual illusion:
    whoever believes it sees nothing in or through it, while those in it see out (:mod:`.senses`);
    it replaces ``f``'s earlier one, whose doubters forget (a new illusion)."""
    st = ctx.state
    replaced = f.id in st.images
    st.images = {**st.images, f.id: cells}
    st.images_powers = {**st.images_powers, f.id: atk.name}
    st.seen_through = frozenset(p for p in st.seen_through if p[1] != f.id)
    inside = tuple(g.id for g in st.fighters.values() if not g.dead and g.pos in cells)
    ctx.emit(ev.ImagesLaid(actor=f.id, attack=atk.name, cell=aim, cells=len(cells), inside=inside, per=atk.per,
                           replaced=replaced))


def _images_on(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    """An Images landing on ``g`` is laid centred on ``g``'s cell (as a Darkness is)."""
    lay_images(ctx, f, atk, g.pos, areas.cells_of(ctx.grid, atk.area, areas.size_of(atk), f.pos, g.pos))


def _images_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    return 0.0  # its worth is its area's (:func:`_images_field_worth`): who it hides, not whom it lands on


def per_roll(f: Fighter, per: int) -> int:
    """``f``'s PER roll against an Images of ``per`` levels: 9 + INT/5 (its INT roll, rules
    §2's characteristic roll), less ``per``."""
    return characteristic_roll(f.ch.INT) - per


def _believers(ctx: RulesContext, owner: Fighter, cells: frozenset[Cell]) -> list[Fighter]:
    """Who would believe ``owner``'s Images over ``cells``: everyone in the fight but its user,
    those standing in it, and those who have seen through it."""
    st, opts = ctx.state, ctx.options
    return [g for g in st.fighters.values() if g is not owner and not g.out_of_fight(opts) and g.pos not in cells
            and (g.id, owner.id) not in st.seen_through and not g.blind]


def _screen_worth(ctx: RulesContext, f: Fighter, cells: frozenset[Cell], per: int, threat: Threat,
                  keeping: bool = False) -> float:
    """What an Images of ``per`` levels over ``cells`` is worth to ``f``'s side: for each foe
    outside it with a ranged attack that would believe it, two of its Phases, each worth what its
    shots would take of the most threatened one it hides (``threat``; a lost Phase,
    :data:`PHASE_LOST`, at least), times the share of its targets it hides (those of ``f``'s side
    in the fight standing in it, whom that foe sees now), times the chance the foe misses its PER
    roll; less the same for each friend of ``f`` and the foes it hides from them. One already
    hidden from the foe counts nothing more (unless ``keeping``: then the image itself is what
    hides it)."""
    st, opts = ctx.state, ctx.options
    total = 0.0
    standing = [g for g in st.fighters.values() if not g.out_of_fight(opts)]
    for viewer in _believers(ctx, f, cells):
        if not any(not a.hth and not a.mental and a.kind not in ("darkness", "images") for a in viewer.sheet.attacks):
            continue
        targets = [g for g in standing if g.allegiance != viewer.allegiance]
        hidden = [g for g in targets if g.pos in cells and (keeping or senses.sees(ctx, viewer, g))]
        if not targets or not hidden:
            continue
        believe = 1.0 - hit_chance(per_roll(viewer, per))
        spared = max([PHASE_LOST] + [threat(viewer, h) for h in hidden])
        value = 2 * spared * len(hidden) / len(targets) * believe
        total += value if viewer.allegiance != f.allegiance else -value
    return total


def _images_field_worth(ctx: RulesContext, f: Fighter, atk: HeroAttack, inside: tuple[str, ...],
                        cells: frozenset[Cell], threat: Threat) -> float:
    """The worth of an Images over ``cells``: :func:`_screen_worth` (its friends inside, hidden
    from the foes that shoot, less the foes inside hidden from its friends)."""
    return _screen_worth(ctx, f, cells, atk.per, threat)


def doubt(ctx: RulesContext, f: Fighter) -> None:
    """The start of ``f``'s Phase: for each Images it believes that hides a foe from it, a PER
    roll (3d6 against :func:`per_roll`, our reading of 6e's roll when one has reason to doubt an
    image: a foe has gone into it); made, ``f`` sees through that Images from now on."""
    st = ctx.state
    if not st.images or f.blind:
        return
    opts = ctx.options
    for owner_id, cells in sorted(st.images.items()):
        owner = st.fighters[owner_id]
        if (owner is f or f.pos in cells or (f.id, owner_id) in st.seen_through or owner.out_of_fight(opts)):
            continue
        if not any(g.allegiance != f.allegiance and not g.out_of_fight(opts) and g.pos in cells
                   for g in st.fighters.values()):
            continue
        atk = owner.attack(st.images_powers[owner_id])
        needed = per_roll(f, atk.per)
        faces = tuple(ctx.dice.rolls(3, 6, "PER roll"))
        made = sum(faces) <= needed
        if made:
            st.seen_through = st.seen_through | {(f.id, owner_id)}
        ctx.emit(ev.PerceptionRolled(actor=f.id, owner=owner_id, attack=atk.name, faces=faces, needed=needed,
                                     made=made))


def listen(ctx: RulesContext, f: Fighter, g: Fighter) -> None:
    """``f``, not seeing ``g``, listens for it: the Half-Phase PER roll with Hearing, a
    Nontargeting Sense (rules-powers §3.3), 3d6 against 9 + INT/5 (our reading: Hearing at no
    modifier, the rules' example being Smell at -5); made, ``f`` has heard ``g`` until its next
    Phase (:data:`.senses.HEARD`). It takes the Half Phase a move would (our reading)."""
    needed = characteristic_roll(f.ch.INT)
    faces = tuple(ctx.dice.rolls(3, 6, "PER roll"))
    made = sum(faces) <= needed
    f.half_used = True
    if made:
        f.heard = f.heard | {g.id}
    ctx.emit(ev.PerceptionRolled(actor=f.id, owner=g.id, attack="", faces=faces, needed=needed, made=made,
                                 sense="hearing"))


def _images_words(g: Fighter, atk: HeroAttack, profile: DamageProfile) -> str:
    shown = areas.TABLE[atk.area].sized(areas.size_of(atk))
    per = f", -{atk.per} to PER rolls against it" if atk.per else ""
    return f"an Images ({shown}{per}): those outside believe it and cannot see into it; those in it see out"


DARKNESS = Power("darkness", "Darkness", "rules-powers §3.3 (its sense groups), §1.4 (its area)", _darkness_on,
                 _darkness_worth, _darkness_words, lay_darkness, _darkness_field_worth)
IMAGES = Power("images", "Images", "rules-powers §3.3 (unseen), §1.4 (its area); docs/rules.md for our reading",
               _images_on, _images_worth, _images_words, lay_images, _images_field_worth, shields=True)

__all__ = ["DARKNESS", "IMAGES", "doubt", "drop_power", "drop_worth", "keep_up", "keep_worth", "kept", "lay_darkness",
           "lay_images", "listen", "per_roll"]
