"""Shared helpers for the HERO engine tests: a scripted controller and a battle runner that
insists every scripted die face is used (the faces prove which dice rolled)."""

from __future__ import annotations

from slugfest.core.engine.actions import Action, Choice
from slugfest.core.hero import events as ev
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.testing import battle_with, scenario

NO_KB = {"knockback": "off"}


class Script:
    """A test AI: plays each actor's scripted actions in order, stays put (a move to its own cell:
    no dice, no END, no change to its CVs) when it has none left, and never Aborts unless told to
    (``aborts``: (actor, Action) pairs, used in order). ``decisions`` records every decision
    asked, ``timed`` the same as (turn, segment, decision)."""

    def __init__(self, *plan: tuple[str, Action], aborts: tuple[tuple[str, Action], ...] = ()) -> None:
        self.plan = list(plan)
        self.aborts = list(aborts)
        self.decisions: list = []
        self.timed: list = []

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        self.decisions.append(decision)
        snap = battle.snapshot()  # the battle is read-only to plugins: the clock is in its snapshot
        self.timed.append((snap["turn"], snap["segment"], decision))
        queue = self.aborts if decision.kind == "abort" else self.plan
        for i, (who, action) in enumerate(queue):
            if who == decision.actor:
                del queue[i]
                return Choice(action, "scripted")
        if decision.kind == "abort":
            return Choice(Action("none"), "scripted: no abort")
        stay = Action("move", destination=battle.vitals(decision.actor).position)
        return Choice(stay, "scripted: nothing planned")


def fight(sides, dice=(), *plan, aborts=(), rules=NO_KB, turn_limit=2, **kw):
    """Run a scenario to its end on exactly ``dice``; every scripted face must be used."""
    script = Script(*plan, aborts=aborts)
    b = battle_with(scenario("hero", sides, rules=rules, turn_limit=turn_limit, **kw), dice=list(dice),
                    plugins=[("script", script)])
    b.run()
    assert b.dice.remaining == 0, "the script holds faces the battle never rolled"
    b.script = script
    return b


def timeline(b, cls, actor=None, role="target"):
    """(turn, segment, event) for every event of ``cls`` whose ``actor`` (or, for events
    without one, whose ``role`` field: "target" or "attacker") is ``actor``, in order."""
    when, out = (0, 0), []
    for e in b.events:
        if isinstance(e, ev.SegmentStarted):
            when = (e.turn, e.segment)
        if isinstance(e, cls) and (actor is None or getattr(e, "actor", getattr(e, role, None)) == actor):
            out.append((*when, e))
    return out


def decisions_for(b, actor, kind="phase"):
    return [(t, s) for t, s, d in b.script.timed if d.actor == actor and d.kind == kind]
