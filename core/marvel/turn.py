"""One kind of Marvel turn as data: the entry the tables of turns (:mod:`.actions`,
:mod:`.maneuvers`) are made of, and the menu, the resolver and the AI read."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.actions import Action, Asking
from ..engine.context import RulesContext
from .sheet import MarvelAttack
from .state import Fighter

if TYPE_CHECKING:
    from .tactics import Picture


@dataclass(frozen=True)
class TurnAction:
    """One kind of turn (see the module's docstring)."""

    kind: str  #: the ``Action.kind`` that carries it
    rule: str  #: where the rule comes from
    #: Carries it out. One that may ask a question on the way (a reaction, an Interpose) is a
    #: generator (:data:`core.engine.actions.Asking`); the rest return None.
    #: Carries it out, given the turn's picture (:mod:`.tactics`: the system's ``perform`` passes
    #: the decision's, or one of the actor now).
    perform: Callable[[RulesContext, Fighter, Action, "Picture"], Asking[None] | None]
    offer_against: Callable[[Picture, MarvelAttack, Fighter], Iterable[Action]] | None = None
    offer: Callable[[Picture], Iterable[Action]] | None = None
    #: the AI's estimate of an action of this kind (expected harm, as :func:`.combat.expected`
    #: figures an attack's), for kinds other than ``attack``
    estimate: Callable[[RulesContext, Fighter, Action], float] | None = None


def walk_limit(ctx: RulesContext) -> int:
    """Steps a walk toward a foe may be searched for (a move goes part of the way)."""
    return max(ctx.grid.width, ctx.grid.height) * 2
