"""What one HERO maneuver or action is: the :class:`Maneuver` record every entry of the table in
:mod:`.maneuvers` is (its modules of entries, :mod:`.grab_maneuvers` and :mod:`.power_actions`,
build theirs from it too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking
from ..engine.context import RulesContext
from .combat_values import CVChain, Modifier
from .sheet import HeroAttack
from .state import Fighter

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
    adds_velocity: bool = False  #: +1 DC per 6 m moved first (Move Through)
    abort: str = ""  #: "any", "hth" or "area": a character may Abort to it against such an attack
    offer: Callable[[Picture], Iterable[Action]] | None = None
    start: Callable[[Fighter], None] = _nothing  #: the condition it sets (also when Aborting)
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


__all__ = ["Maneuver"]
