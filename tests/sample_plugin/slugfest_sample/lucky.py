"""Lucky: an attack roll of 4 or less always hits (a house rule touching the attack step).

Changes the HERO Attack Roll rule that only a natural 3 always hits.
"""

from collections.abc import Generator
from dataclasses import replace

from slugfest import AttackResult, AttackStep, BattleView, hookimpl


@hookimpl(wrapper=True)
def slugfest_attack_step(battle: BattleView, attack: AttackStep) -> Generator[None, AttackResult, AttackResult]:
    roll = yield
    if getattr(roll, "total", 99) <= 4 and not roll.hit:
        return replace(roll, hit=True, notes=roll.notes + ("lucky: a roll of 4 or less always hits",))
    return roll
