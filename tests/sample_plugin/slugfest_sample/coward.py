"""Coward: runs from the nearest foe while it can, fights only when cornered.

Answers only for combatants whose scenario says ``ai = "sample-coward"``.
"""

from slugfest import BattleView, Choice, Decision, answers_for

NAME = "sample-coward"


@answers_for(NAME)
def slugfest_choose_action(battle: BattleView, decision: Decision) -> Choice | None:
    if decision.kind != "phase":
        return None  # an Abort or a reaction: let the next AI (the default) answer
    for action in decision.menu:
        if action.kind == "retreat":
            return Choice(action, "a coward runs while it can")
    return None  # cornered: let the next AI (the default) fight
