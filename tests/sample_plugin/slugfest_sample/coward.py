"""Coward: runs from the nearest foe while it can, fights only when cornered.

Answers only for combatants whose scenario says ``ai = "sample-coward"``.
"""

from slugfest import Choice, hookimpl

NAME = "sample-coward"


@hookimpl
def slugfest_choose_action(battle, decision):
    if decision.controller != NAME or decision.kind != "phase":
        return None
    for action in decision.menu:
        if action.kind == "retreat":
            return Choice(action, "a coward runs while it can")
    return None  # cornered: let the next AI (the default) fight
