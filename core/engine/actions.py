"""What an actor may do, and the decision the engine asks a controller to make.

These types are shared by every rules system and by every controller (AI plugin, the TUI's
player prompt, a test). An :class:`Action` is plain data; the active rules system says
which ones are legal now (the *menu*) and refuses the rest with
:class:`core.errors.IllegalAction`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Mapping
from dataclasses import field
from typing import Any, TypeVar

from ..rules.records import record


@record
class Action:
    """One thing an actor can do when its rules system lets it act.

    ``kind`` is the family (``attack``, ``move``, ``recover``, ``dodge``, ``block``, ``hold``,
    ``multiple-attack``, ``move-through``, ``fastball``, ``switch``, ``disarm``, ``power``...);
    ``maneuver`` refines it (``strike``, ``haymaker``, ``set``, ``brace``; a Marvel reaction's or
    team maneuver's name). Fields that do not apply stay empty, and each field means one thing
    whatever the kind:

    - ``attack``: the actor's own attack it uses (an attack, Move Through, Ram, Presence Attack,
      Aid, the attack a Break Out strikes with); ``attacks``/``targets`` a Multiple Attack's pairs
      or the fighters an area names;
    - ``target``: the fighter it is aimed at, moved toward or helped (a HERO area: who stands in
      its cell, or "");
    - ``destination``: the cell a move goes to, or a HERO area is aimed at;
    - ``ally``: the ally thrown (Marvel's Fastball Special);
    - ``weapon``: the target's weapon knocked away (HERO Disarm);
    - ``slot``: the Multipower slot switched to (HERO);
    - ``power``: the power used (a Marvel power as the action, or as a reaction).

    One record for every kind, as python-chess keeps one ``Move``: menus, saves, the log and
    the plugins read actions by their fields, and a field that means one thing is what lets
    them (a class per kind would put a type test in each of those readers).
    """

    kind: str
    attack: str = ""
    target: str = ""
    maneuver: str = ""
    targets: tuple[str, ...] = ()
    attacks: tuple[str, ...] = ()
    destination: tuple[int, int] | None = None
    push: int = 0
    levels: str = ""
    aim: str = ""  # HERO placed shot: the hit location aimed at (with the hit-location rule)
    ally: str = ""
    weapon: str = ""
    slot: str = ""
    power: str = ""

    def label(self) -> str:
        """A short human description, e.g. ``haymaker Punch -> villain``."""
        if self.kind == "none":
            return self.maneuver or "no reaction"
        parts = [self.maneuver or self.power or self.kind]
        if self.kind in ("multiple-attack",):
            pairs = ", ".join(f"{a}->{t}" for a, t in zip(self.attacks, self.targets))
            return f"multiple attack [{pairs}]"
        used = self.attack or self.ally or self.weapon or self.slot
        if used:
            parts.append(used)
        if self.target:
            parts.append(f"-> {self.target}")
        if self.destination is not None:
            parts.append(f"{'at' if self.kind in ('attack', 'screen') else 'to'} {self.destination[0]},{self.destination[1]}")
        if self.push:
            parts.append(f"(push {self.push})")
        if self.levels:
            parts.append(f"(levels: {self.levels})")
        if self.aim:
            parts.append(f"(aimed at the {self.aim})")
        return " ".join(parts)

    def named(self, names: Mapping[str, str]) -> str:
        """:meth:`label` with each combatant's name for its id (``names``: id -> name), as a
        refusal reads to a player: "retreat -> Rampart", not "retreat -> rampart"."""
        def name(cid: str) -> str:
            return names.get(cid, cid)
        return dataclasses.replace(self, target=name(self.target), targets=tuple(name(t) for t in self.targets),
                                   ally=name(self.ally)).label()


@record
class Decision:
    """The engine's question to a controller: ``actor`` must pick from ``menu``.

    ``kind`` is ``"phase"`` for a normal Phase/turn, ``"abort"`` when the actor is about to
    be attacked and may Abort to a defensive action or use a reaction (its menu then starts
    with ``Action("none")``, meaning "do not"). ``controller`` is the AI name the scenario gave
    the actor. ``context`` is a short explanation for the player (e.g. who is attacking).

    ``picture`` is the rules system's tactical picture of a Phase or turn (None for a question
    in the middle of an action): what the actor can reach and hit, worked out once, with the
    expected harm of each option (``picture.harm(action)``). The menu was read off it, and the
    AI and the player's prompt read it too.

    ``free`` is true when answering with anything but "none" costs the actor no action of its
    own, only a use it gets back soon: a Marvel reaction (one a round, back at the next round).
    A HERO Abort is not free: it costs the actor's next Phase. So a free defence is worth taking
    whenever it is offered, unless keeping the reaction for something better is the plan.
    """

    actor: str
    menu: tuple[Action, ...]
    controller: str
    kind: str = "phase"
    context: str = ""
    picture: Any = field(default=None, compare=False, repr=False)
    free: bool = False


@record
class Choice:
    """A controller's answer: the action and the one-line reason the log shows."""

    action: Action
    reason: str = ""
    meta: dict[str, Any] = field(default_factory=dict, compare=False)


T = TypeVar("T")

#: A rule that may stop to ask a question (an Abort, a reaction, a team maneuver): a generator
#: that yields each :class:`Decision` it needs answered, is sent the :class:`Choice` made, and
#: returns its result. The battle loop (:mod:`core.engine.battle`) answers it, or waits on the question
#: as ``Battle.pending`` until someone does, so the question is a value, not a place on the call
#: stack: a battle waiting on one can be saved, resumed or forked. A caller passes its questions
#: on with ``result = yield from rule(...)``.
Asking = Generator[Decision, Choice, T]


def not_offered(a: Action, decision: Decision, names: Mapping[str, str]) -> str:
    """The last word on an action that no rule of a system's ``explain`` accounts for: by name,
    with what the menu offers of its kind instead (a refusal read "retreat -> rampart is not
    possible now" and nothing more). ``names``: combatant id -> name."""
    offered = list(dict.fromkeys(x.named(names) for x in decision.menu if x.kind == a.kind))
    return f"{a.named(names)} is not possible now: " + (
        f"the menu offers {', '.join(offered)}" if offered else
        f"{names.get(decision.actor, decision.actor)}'s menu has no {a.kind} now")
