"""Helpers for the Marvel tests: combatant tables, duels, scripted controllers and dice."""

from __future__ import annotations

from typing import Any

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.rules.dice import Face
from slugfest.core.marvel.d616 import make
from slugfest.core.marvel.resolve import MarvelAttackContext
from slugfest.core.marvel.sheet import MarvelAttack, MarvelOptions
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.testing import battle_with, events_of, scenario  # noqa: F401  (re-exported)


def M(value: int) -> Face:
    """A face that must land on the Marvel die; ``M(1)`` is the Marvel logo."""
    return Face(value, "marvel")


LOGO = M(1)

ZERO = {"Melee": 0, "Agility": 0, "Resilience": 0, "Vigilance": 0, "Ego": 0, "Logic": 0}


def fighter(id: str, position=(0, 0), rank: int = 4, ai: str = "default", **keys: Any) -> dict[str, Any]:
    """A Marvel combatant table; ability names in capitals go to ``[abilities]``."""
    abilities = dict(ZERO)
    abilities.update({k: v for k, v in keys.items() if k in ZERO})
    out: dict[str, Any] = {"id": id, "name": keys.pop("name", id.replace("-", " ").title()),
                           "position": list(position), "ai": ai, "rank": rank, "abilities": abilities}
    out.update({k: v for k, v in keys.items() if k not in ZERO})
    return out


def she_hulk(position=(5, 5), **keys):
    base = dict(name="She-Hulk", rank=4, tags=["Heroic"], powers=["Mighty 4"], Melee=5, Agility=2,
                Resilience=5, Vigilance=2)
    base.update(keys)
    return fighter("she-hulk", position, **base)


def iron_man(position=(6, 5), sturdy: int = 2, **keys):
    base = dict(name="Iron Man", rank=4, tags=["Heroic"], powers=[f"Sturdy {sturdy}"], Melee=3, Agility=4,
                Resilience=2, Vigilance=3)
    base.update(keys)
    return fighter("iron-man", position, **base)


def duel(a: dict, b: dict, rules: dict | None = None, **kw) -> Any:
    return scenario("marvel", {"Heroes": [a], "Villains": [b]}, rules=rules, **kw)


#: Initiative faces that give no Fantastic and put the first combatant first: 5,[5],5 vs 1,[2],1.
FIRST_GOES_FIRST = [5, M(5), 5, 1, M(2), 1]


def started(sc, dice, **kw):
    """A battle with its initiative already rolled (the first 6 faces, for two combatants)."""
    b = battle_with(sc, dice=dice, **kw)
    b.start()
    return b


def ctx(**over: Any) -> MarvelAttackContext:
    """A bare attack context for the pure attack/damage step functions."""
    base: dict[str, Any] = dict(
        system="marvel", attacker="a", target="b", attack=MarvelAttack("Punch"), category="close",
        ability="Melee", score=5, modifiers=(), defense="Melee", tn=15, tn_note="", auto_hit="",
        edges=(), troubles=(), rank=4, bonuses=(("Mighty 4", 4),), reductions=(), pool="Health",
        target_pool=100, target_pool_max=100, holds_back="", options=MarvelOptions(),
    )
    base.update(over)
    return MarvelAttackContext(**base)


def roll(faces, edges=(), troubles=()):
    return make(tuple(faces), tuple(faces), tuple(edges), tuple(troubles))


class Script:
    """A controller plugin: plays the planned actions in order, then dodges; never reacts unless
    told (``reactions``: a list of maneuver or power names or None, consumed one per reaction offer). A
    team maneuver's question consumes one only when it is the next planned ("Offensive 2")."""

    def __init__(self, plan: list[Action] | None = None, reactions: list[str | None] | None = None) -> None:
        self.plan = list(plan or [])
        self.reactions = list(reactions or [])
        self.offers: list[Any] = []

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        if decision.kind == "abort":
            team = {a.maneuver for a in decision.menu if a.kind == "team"}
            if team and not (self.reactions and self.reactions[0] in team):
                return Choice(decision.menu[0], "scripted: no team maneuver")  # one not planned for
            self.offers.append(decision)
            want = self.reactions.pop(0) if self.reactions else None
            for a in decision.menu:
                if want is not None and want in (a.maneuver, a.power):
                    return Choice(a, "scripted reaction")
            return Choice(decision.menu[0], "scripted: no reaction")
        if self.plan:
            return Choice(self.plan.pop(0), "scripted")
        return Choice(Action("dodge"), "scripted: nothing planned")
