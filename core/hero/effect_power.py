"""What a HERO power whose hit is not damage is, as one entry of a table, and the dice such a
power rolls: the shape :mod:`.powers` (Entangle, Flash, Drain, Aid, Healing) and
:mod:`.mind_control` both fill in, kept apart from either so each can hold its own entries.

The effect dice are rolled here (purpose ``"effect"``), not through the damage step: these
powers do no damage, so the house rules around damage do not see them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..engine.context import RulesContext
from ..rules.grid import Cell
from .dice import DamageDice, normal_sums
from .profile import DamageProfile
from .sheet import HeroAttack
from .state import Fighter


#: What one fighter's ranged attacks would take of another's fight in one Phase, were it seen
#: (the estimate's :func:`.harm.threat`, handed to the entries that hide a side from its foes).
Threat = Callable[[Fighter, Fighter], float]


@dataclass(frozen=True)
class Power:
    """One power whose hit is not damage: what a hit does (:attr:`lands`) and what it is worth
    to the AI (:attr:`worth`, in the estimate's units: a share of a foe's fight)."""

    kind: str
    title: str
    rule: str
    lands: Callable[[RulesContext, Fighter, Fighter, HeroAttack, DamageProfile], None]
    #: What a hit is worth to the AI: (the fighter now, the target now, the power, its dice) ->
    #: a share of a fight (harm to a foe, help to a friend).
    worth: Callable[[Fighter, Fighter, HeroAttack, DamageProfile], float]
    #: What a hit of it does, for the player's odds (the target, the power, its dice); None: the
    #: words :func:`.powers.hit_words` gives the powers of that module.
    words: Callable[[Fighter, HeroAttack, DamageProfile], str] | None = None
    #: A power that fills the cells of its area rather than landing on whoever stands in them
    #: (Darkness): (context, user, power, the cell aimed at, the cells) -> None; None: it lands.
    fills: Callable[[RulesContext, Fighter, HeroAttack, Cell, frozenset[Cell]], None] | None = None
    #: What filling an area is worth to the AI: (context, user, power, the ids inside, the cells,
    #: :data:`Threat`) -> a share of a fight; read with :attr:`fills`.
    fill_worth: Callable[[RulesContext, Fighter, HeroAttack, tuple[str, ...], frozenset[Cell], Threat], float] | None = None
    #: A field that hides its user's side (an Images): the menu aims it at friends' cells, not foes'.
    shields: bool = False


#: A Phase a foe loses (held, or spending it breaking out, or blind with a ranged attack) is worth
#: about what an attack's hit is: an eighth of a fight (the AI's figure, our choice).
PHASE_LOST = 0.12


def roll_effect(ctx: RulesContext, atk: HeroAttack, dice: DamageDice) -> tuple[tuple[int, ...], int, int]:
    """(faces, total, Normal BODY count) of an effect power's dice; Standard Effect rolls nothing:
    3 a die (1 a half die) and 1 BODY a die (rules-powers §4.7)."""
    if atk.standard_effect:
        return (), standard_total(dice), dice.count
    faces = tuple(ctx.dice.rolls(dice.dice_rolled, 6, "effect"))
    total, body = normal_sums(dice, faces)
    return faces, total, body


def standard_total(dice: DamageDice) -> int:
    """A Standard Effect's total: 3 a die, 1 a half die, and the pip (rules-powers §4.7)."""
    return max(3 * dice.count + (1 if dice.half else 0) + dice.pip, 0)


@lru_cache(maxsize=512)
def _at_least(dice: DamageDice) -> tuple[float, ...]:
    """P(the dice total at least n), n = 0, 1, ...: a d6 1-6, a half die 1-3 (as counted)."""
    odds = [1.0]
    for _ in range(dice.count):
        nxt = [0.0] * (len(odds) + 6)
        for k, p in enumerate(odds):
            for face in range(1, 7):
                nxt[k + face] += p / 6
        odds = nxt
    if dice.half:
        nxt = [0.0] * (len(odds) + 3)
        for k, p in enumerate(odds):
            for face in range(1, 7):
                nxt[k + (face + 1) // 2] += p / 6
        odds = nxt
    out, run = [], 1.0
    for p in odds:
        out.append(run)
        run -= p
    return tuple(out)


def chance(dice: DamageDice, total: int) -> float:
    """P(the dice's total (a pip added) is at least ``total``): what a Presence Attack or a Mind
    Control needs to reach each level of its table."""
    odds = _at_least(dice)
    n = total - dice.pip
    return 1.0 if n <= 0 else odds[n] if n < len(odds) else 0.0


def mean_total(dice: DamageDice) -> float:
    return 3.5 * dice.count + (2 if dice.half else 0) + dice.pip


def mean_body(dice: DamageDice) -> float:
    """A Normal die's BODY count averages 1 (0, 1, 1, 1, 1, 2), a half die's ½."""
    return dice.count + (0.5 if dice.half else 0)


__all__ = ["PHASE_LOST", "Power", "chance", "mean_body", "mean_total", "roll_effect", "standard_total"]
