"""Random: a baseline that picks any legal action with the battle's dice, aborts included.

Every entry of the menu is equally likely, drawn with one die from ``battle.dice`` (never
:mod:`random`, so the battle replays from its seed): attacks on foes already out of the fight,
pointless Aborts and all. It exists to measure the other minds against: a mind that does not
beat it by a wide margin is not thinking. It never pushes, uses CSLs or picks a cell to move to.
"""

from __future__ import annotations

from slugfest import BattleView, Choice, Decision

from ._mind import answer_for

NAME = "random"


def choose(battle: BattleView, decision: Decision) -> Choice:
    menu = decision.menu
    pick = battle.dice.roll(len(menu), "random ai") if len(menu) > 1 else 1
    return Choice(menu[pick - 1], f"random baseline: option {pick} of {len(menu)}")


slugfest_choose_action = answer_for(NAME, choose)
