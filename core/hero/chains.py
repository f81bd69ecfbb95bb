"""A fighter's OCV and DCV now: the seed's two checklists (:mod:`.combat_values`) applied to
its sheet, the maneuver it uses or has in force, the range and its conditions.

A chain depends only on the sheet, the options, the maneuver, the range and the conditions,
never on the rest of the battle, so each is built once per such case and kept in the
fighter's memo (shared by every battle of the same sheet, see :mod:`core.rules.memo`): the AI asks
for the chains of every option it weighs.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

from ..rules.grid import Cell
from .attack import range_modifier
from .combat_values import CVChain, Modifier, build_cv
from .dice import str_dice
from .senses import DARKNESS, FLASHED, HEARD, HEARD_AT_RANGE, IMAGES, INVISIBLE
from .sheet import HeroAttack
from .state import Fighter

if TYPE_CHECKING:
    from .entry import Maneuver

HALF = Fraction(1, 2)
METRES_PER_CELL = 2

# Conditions (6E1: a Stunned, recovering or prone character is at half DCV; knocked out, 0).
STUNNED_DCV = Modifier(7, "Stunned", factor=HALF)
RECOVERING_DCV = Modifier(7, "taking a Recovery", factor=HALF)
PRONE_DCV = Modifier(7, "prone", factor=HALF)
OUT_DCV = Modifier(7, "knocked out", factor=Fraction(0))
OUT_OCV = Modifier(8, "knocked out", factor=Fraction(0))
# An Entangle: DCV 0, ½ OCV (rules-powers §3.2); Flashed, unable to see: ½ DCV, ½ OCV hand to hand
# and 0 at range (rules-powers §3.3).
ENTANGLED_DCV = Modifier(7, "entangled", factor=Fraction(0))
ENTANGLED_OCV = Modifier(8, "entangled", factor=HALF)
BLIND_DCV = Modifier(7, "flashed: cannot see", factor=HALF)
BLIND_HTH_OCV = Modifier(8, "flashed: cannot see", factor=HALF)
BLIND_RANGED_OCV = Modifier(8, "flashed: cannot see", factor=Fraction(0))
#: The same rule for a target (an attacker) not perceived for another reason (:mod:`.senses`):
#: the reason names the modifier, so the log says why.
_UNSEEN = (INVISIBLE, DARKNESS, IMAGES)
UNSEEN_HTH_OCV = {why: Modifier(8, f"cannot see the target: {why}", factor=HALF) for why in _UNSEEN}
UNSEEN_RANGED_OCV = {why: Modifier(8, f"cannot see the target: {why}", factor=Fraction(0)) for why in _UNSEEN}
UNSEEN_DCV = {why: Modifier(7, f"cannot see the attacker: {why}", factor=HALF) for why in _UNSEEN}
# Heard with a Half-Phase PER roll (rules-powers §3.3): ½ OCV at range too, not 0; -1 DCV against
# a blow, full DCV against a shot.
UNSEEN_HTH_OCV[HEARD] = UNSEEN_RANGED_OCV[HEARD] = Modifier(8, "cannot see the target: heard", factor=HALF)
HEARD_DCV = Modifier(7, "cannot see the attacker: heard", -1)
# A Grab: the holder and the held at ½ DCV, the held at -3 OCV against its holder (rules-powers §4.1).
GRAPPLED_DCV = Modifier(7, "in a Grab", factor=HALF)
# A Presence Attack of +20 (awed): ½ DCV; of +30 (cowed): DCV 0, to its next Phase (rules-powers §3.6).
AWED_DCV = Modifier(7, "awed", factor=HALF)
COWED_DCV = Modifier(7, "cowed", factor=Fraction(0))
HELD_OCV = Modifier(5, "held, against its holder", -3)


def metres(f: Fighter, g: Fighter) -> int:
    """Metres between two fighters as the Range Modifier counts them: the straight line between
    the centres of their cells (rules §5.3 measures distance, not steps), to the nearest metre
    with a half in the attacker's favour. A 16-by-16-cell offset is 45 m (-6), not 32 m.

    Movement and an attack's maximum range keep the grid's counting (diagonals one cell,
    :func:`core.rules.grid.distance`): they are about where a fighter can go and what it can reach,
    and the menu, the AIs and the map agree on them."""
    return true_metres(f.pos, g.pos)


def true_metres(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Straight-line metres between two cells' centres, x.5 rounded down (looked up by the
    offset: every OCV chain of a ranged attack asks, and a map has few offsets)."""
    dx, dy = a[0] - b[0], a[1] - b[1]
    key = (dx if dx >= 0 else -dx, dy if dy >= 0 else -dy)  # (no abs() calls: every ranged chain asks; with has_phase's
    # min, 0.6% of a hero-brawl battle's instructions, issue 35)
    found = _METRES.get(key)
    if found is None:
        dx, dy = key
        found = math.ceil(METRES_PER_CELL * math.sqrt(dx * dx + dy * dy) - 0.5)
        if len(_METRES) < 65536:  # a 200 x 200 map has 40,000 offsets
            _METRES[key] = found
    return found


_METRES: dict[tuple[int, int], int] = {}


def ocv_chain(f: Fighter, atk: HeroAttack, target: Fighter | None, entry: Maneuver | None, levels: str,
              extra: tuple[Modifier, ...] = (), at: Cell | None = None, unseen: str = "",
              origin: Cell | None = None) -> CVChain:
    """``f``'s OCV with ``atk`` against ``target``, used with ``entry``'s maneuver (None: as it
    is, a Strike's), its Combat Skill Levels as ``levels`` says and the ``extra`` modifiers (a
    Multiple Attack's later strikes, a Move Through's velocity). An area is aimed ``at`` a cell:
    its Range Modifier is to that cell, whoever stands there (``target``, or None). ``unseen``:
    why ``f`` does not perceive ``target`` (:func:`.senses.unseen`, asked by the caller, which
    holds the map); a Flash blinds ``f`` whatever the caller says. ``origin``: the cell ``f``
    will shoot from, when not where it stands (a half move into range first: the player's odds
    read the Range Modifier the shot will have)."""
    where = at if at is not None else target.pos if target is not None else f.pos
    start = origin if origin is not None else f.pos
    blind = f.blind  # (read once: every chain the AI asks for reads it; with dcv_chain's and unseen's, 0.7% of a
    # hero-brawl battle's instructions, issue 35)
    why = unseen if unseen == HEARD else FLASHED if blind else unseen
    if f.ko or f.dead:
        return _build_ocv(f, atk, target, entry, levels, extra, where, why, start)
    m = 0 if atk.hth or atk.mental or atk.spreads else true_metres(start, where)
    held = target is not None and f.held_by == target.id
    key = ("ocv", atk.name, entry.name if entry is not None else "strike", levels, m, extra, f.entangle is not None,
           blind, held) + ((why,) if why and why != FLASHED else ())
    chain = f.memo.get(key)
    if chain is None:
        chain = f.memo[key] = _build_ocv(f, atk, target, entry, levels, extra, where, why, start)
    return chain


def _build_ocv(f: Fighter, atk: HeroAttack, target: Fighter | None, entry: Maneuver | None, levels: str,
               extra: tuple[Modifier, ...], where: Cell, why: str = "", start: Cell | None = None) -> CVChain:
    if atk.mental:
        return _build_omcv(f, atk, extra)
    mods: list[Modifier] = []
    if f.sheet.csl and levels in ("", "ocv"):
        mods.append(Modifier(2, "combat skill levels", f.sheet.csl))
    if atk.ocv:
        mods.append(Modifier(3, atk.name, atk.ocv))
    if atk.str_min and f.ch.STR < atk.str_min:
        short = atk.str_min - f.ch.STR
        mods.append(Modifier(3, f"below STR Minimum {atk.str_min}", -((short + 4) // 5)))
    rmod = m = 0
    if not atk.hth and not atk.spreads:  # a Cone or Line starts next to its user: no Range Modifier
        m = true_metres(f.pos if start is None else start, where)
        rmod = range_modifier(m)
    if entry is not None:
        mods.extend(entry.ocv_before_range)
        if entry.pulls:
            mods.append(Modifier(4, "Pulled Punch", -math.ceil(rolled_dice(f, atk) / 5)))
    mods.extend(extra)
    if rmod:
        mods.append(Modifier(6, f"range {m} m", rmod))
        if entry is not None and entry.offsets_range:
            mods.append(Modifier(6, entry.title, min(entry.offsets_range, -rmod)))
    if f.held_by is not None and target is not None and f.held_by == target.id:
        mods.append(HELD_OCV)
    if f.entangle is not None:
        mods.append(ENTANGLED_OCV)
    if why == FLASHED:
        mods.append(BLIND_HTH_OCV if atk.hth else BLIND_RANGED_OCV)
    elif why and not atk.mental:
        mods.append(UNSEEN_HTH_OCV[why] if atk.hth else UNSEEN_RANGED_OCV[why])
    if f.ko or f.dead:
        mods.append(OUT_OCV)
    return build_cv("OCV", f.ch.OCV, mods)


def rolled_dice(f: Fighter, atk: HeroAttack) -> int:
    """The d6s an attack rolls before a maneuver adds to it: its own, a half die as one, and its
    STR's when it adds STR (a pulled punch's OCV counts them, rules-powers §4.5)."""
    own = atk.dice.count + (1 if atk.dice.half else 0)
    if atk.adds_str and f.ch.STR > 0:
        s = str_dice(f.ch.STR)
        own += s.count + (1 if s.half else 0)
    return own


def _build_omcv(f: Fighter, atk: HeroAttack, extra: tuple[Modifier, ...]) -> CVChain:
    """A mental attack's OMCV (rules-powers §3.5): no Range Modifier in line of sight; the
    combat maneuvers and Combat Skill Levels, which change OCV, do not apply (our reading: 6e
    has Mental Combat Skill Levels for OMCV, which sheets here do not carry)."""
    mods: list[Modifier] = []
    if atk.ocv:
        mods.append(Modifier(3, atk.name, atk.ocv))
    mods.extend(extra)
    if f.ko or f.dead:
        mods.append(OUT_OCV)
    return build_cv("OMCV", f.ch.OMCV, mods)


def block_ocv_chain(g: Fighter) -> CVChain:
    """``g``'s OCV for a Block roll: its base OCV and the Combat Skill Levels it has not put into
    DCV this Phase (the seed's OCV checklist step 2; Block itself is +0 OCV in 6E1's table), +2
    for a Martial Block (rules-powers §4.3)."""
    key = ("block ocv", g.csl_dcv)
    chain = g.memo.get(key)
    if chain is None:
        mods = [Modifier(2, "combat skill levels", g.sheet.csl)] if g.sheet.csl and not g.csl_dcv else []
        if "Martial Block" in g.sheet.martial_arts:
            mods.append(Modifier(4, "Martial Block", 2))
        chain = g.memo[key] = build_cv("OCV", g.ch.OCV, mods)
    return chain


def dcv_chain(g: Fighter, unseen: str = "") -> CVChain:
    """``g``'s DCV now; built once for each combination of maneuver in force and conditions.
    ``unseen``: why ``g`` does not perceive its attacker (:func:`.senses.unseen`, asked by the
    caller); a Flash halves it against everyone whatever the caller says."""
    held = g.in_force
    maneuver = held.dcv_of.name if held is not None and held.dcv_of is not None and held.dcv_of.dcv else ""
    blind = g.blind
    why = unseen if unseen in (HEARD, HEARD_AT_RANGE) else "" if blind else unseen
    key = ("dcv", maneuver, g.csl_dcv, g.stunned, g.recovering, g.prone, g.ko or g.dead, g.entangle is not None,
           blind, held.attack_dcv if held is not None else 0, g.holding is not None or g.held_by is not None,
           g.presence) + ((why,) if why else ())
    chain = g.memo.get(key)
    if chain is None:
        chain = g.memo[key] = _build_dcv(g, why)
    return chain


def defense_chain(g: Fighter, atk: HeroAttack, unseen: str = "") -> CVChain:
    """What ``atk`` rolls against: DMCV for a mental attack, DCV for the rest (``unseen``: as
    :func:`dcv_chain` takes it)."""
    if unseen == HEARD and not atk.hth:  # heard: full DCV against a shot (rules-powers §3.3)
        unseen = HEARD_AT_RANGE
    return dmcv_chain(g) if atk.mental else dcv_chain(g, unseen)


def dmcv_chain(g: Fighter) -> CVChain:
    """``g``'s DMCV (rules-powers §3.5): halved while Stunned, 0 when knocked out. A Dodge, a
    Block and the maneuvers' DCV do not change it (they are about DCV)."""
    key = ("dmcv", g.stunned, g.ko or g.dead)
    chain = g.memo.get(key)
    if chain is None:
        mods = [STUNNED_DCV] if g.stunned else []
        if g.ko or g.dead:
            mods.append(OUT_DCV)
        chain = g.memo[key] = build_cv("DMCV", g.ch.DMCV, mods)
    return chain


def _build_dcv(g: Fighter, why: str = "") -> CVChain:
    mods: list[Modifier] = []
    held = g.in_force
    maneuver_dcv = held.dcv if held is not None else ()
    if g.csl_dcv:
        mods.append(Modifier(2, "combat skill levels", g.csl_dcv))
    if held is not None and held.attack_dcv:
        mods.append(Modifier(4, "martial maneuver", held.attack_dcv))
    if maneuver_dcv:
        mods.extend(m for m in maneuver_dcv if m.factor is None)
    if g.stunned:
        mods.append(STUNNED_DCV)
    if g.recovering:
        mods.append(RECOVERING_DCV)
    if g.prone:
        mods.append(PRONE_DCV)
    if why == HEARD:
        mods.append(HEARD_DCV)
    elif why == HEARD_AT_RANGE:
        pass
    elif g.blind:
        mods.append(BLIND_DCV)
    elif why:
        mods.append(UNSEEN_DCV[why])
    if g.holding is not None or g.held_by is not None:
        mods.append(GRAPPLED_DCV)
    if g.presence >= 3:
        mods.append(AWED_DCV if g.presence == 3 else COWED_DCV)
    if g.entangle is not None:
        mods.append(ENTANGLED_DCV)
    if maneuver_dcv:
        mods.extend(m for m in maneuver_dcv if m.factor is not None)
    if g.ko or g.dead:
        mods.append(OUT_DCV)
    return build_cv("DCV", g.ch.DCV, mods)
