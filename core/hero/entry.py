"""What one HERO maneuver or action is: the :class:`Maneuver` record every entry of the table in
:mod:`.maneuvers` is (its modules of entries, :mod:`.grab_maneuvers` and :mod:`.power_actions`,
build theirs from it too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking
from ..engine.context import RulesContext
from .combat_values import CVChain, Modifier
from .sheet import HeroAttack
from .state import Fighter, InForce

if TYPE_CHECKING:
    from .tactics import Picture


def _nothing(*_: object) -> None:
    return None


@dataclass(frozen=True)
class Maneuver:
    """One maneuver or action (see the module's docstring)."""

    name: str  #: as actions name it: an attack's ``Action.maneuver``, else its ``Action.kind``
    kind: str  #: the ``Action.kind`` that carries it
    title: str  #: as the log and the modifier chains write it
    rule: str  #: where the rule comes from
    #: Carries it out. One that may ask a question on the way (the target's Abort, a Dive for
    #: Cover) is a generator (:data:`core.engine.actions.Asking`); the rest return None.
    perform: Callable[[RulesContext, Fighter, Action], Asking[None] | None]
    full_phase: bool = False
    #: For attack maneuvers: which attacks may use it ("hth", "ranged", "any", or "area": an Area
    #: Of Effect's only); "" otherwise.
    attacks: str = ""
    #: ...and what it needs of a target: "strike" (a hand-to-hand attack reaches it with a half
    #: move, a ranged one has it in range and sight), "charge" (a full move up to it, from
    #: farther than next to it) or "area" (an area from where its user stands covers it).
    reach: str = ""
    str_only: bool = False  #: only for an attack of STR alone (a punch)
    ocv_before_range: tuple[Modifier, ...] = ()  #: OCV modifiers (Set +1)
    offsets_range: int = 0  #: OCV up to this much against the Range Modifier (Brace +2)
    dcv: tuple[Modifier, ...] = ()  #: DCV modifiers on its user until its next Phase
    adds_dcs: int = 0  #: damage classes it adds (Haymaker +4)
    #: +1 DC per this many metres moved first (Move Through 6, Move By 10); 0: none
    velocity_per_dc: int = 0
    #: The STR a STR attack rolls is halved, HERO-rounded (Move By: STR/2 + v/10 in d6)
    halves_str: bool = False
    #: The share of the damage it rolled that its user takes itself on a hit (Move By ⅓); a Move
    #: Through's share depends on the knockback, so its ``perform`` works it out instead
    recoil: Fraction = Fraction(0)
    abort: str = ""  #: "any", "hth" or "area": a character may Abort to it against such an attack
    offer: Callable[[Picture], Iterable[Action]] | None = None
    start: Callable[[Fighter], None] = _nothing  #: the condition it sets (also when Aborting)
    #: What ends what it does before it lapses: ``"stunned"``, ``"knocked out"``, ``"dead"`` (a
    #: Block stops blocking once its user is Stunned; its DCV stays until it lapses).
    ends: frozenset[str] = frozenset()
    stops: Callable[[RulesContext, Fighter, Fighter, HeroAttack, CVChain], bool] | None = None
    #: Pulling a Punch: -1 OCV per 5d6 the attack rolls, and the BODY rolled is halved (Normal
    #: attacks only: our reading of rules-powers §4.5's unconfirmed use on killing ones).
    pulls: bool = False
    #: A Zero-Phase action: it takes no time, once a Phase, and the same Phase goes on with a new
    #: choice (a Presence Attack, a Multipower's switch).
    zero_phase: bool = False
    #: Taken in a Phase of one's own; False: only as an Abort (Dive for Cover, ``abort = "area"``),
    #: so no Phase menu offers it (it has no ``offer``) and the coverage report counts it as an abort.
    phase: bool = True


def always(kind: str) -> Callable[[Picture], list[Action]]:
    """An offer of one action of ``kind`` every Phase (a Dodge, a Block, a Hold)."""
    action = [Action(kind)]
    return lambda pic: action


#: What :func:`put_in_force` gives a maneuver by default: its own DCV, or, having none, what was in force.
OWN = object()


def put_in_force(f: Fighter, entry: Maneuver, dcv_of: Maneuver | None | object = OWN, *,
                 attack_dcv: int | None = None) -> None:
    """``f`` has used ``entry``: it is in force on ``f`` until it lapses (:class:`.state.InForce`),
    with the DCV of ``dcv_of`` (by default its own, or, when it has none, the DCV that was in
    force: a plain Block Aborted to keeps a Brace's ½ DCV) and ``attack_dcv`` (by default, what
    was in force)."""
    held = f.in_force
    if dcv_of is OWN:
        dcv_of = entry if entry.dcv else (held.dcv_of if held is not None else None)
    if attack_dcv is None:
        attack_dcv = held.attack_dcv if held is not None else 0
    f.in_force = InForce(entry, dcv_of, attack_dcv)  # type: ignore[arg-type]


def lapse(f: Fighter) -> None:
    """What a maneuver left on ``f`` ends (at its next Phase, or when an Abort's lapses)."""
    f.in_force = None


def befalls(f: Fighter, what: str) -> None:
    """``what`` (``"stunned"``, ``"knocked out"``, ``"dead"``) befell ``f``: the maneuver in force
    stops doing what it does if its entry ``ends`` on it (its DCV stays until it lapses)."""
    held = f.in_force
    if held is not None and held.stands and what in held.entry.ends:
        f.in_force = replace(held, stands=False)


__all__ = ["Maneuver", "OWN", "always", "befalls", "lapse", "put_in_force"]
