"""Lucky: an attack roll of 4 or less always hits (a house rule touching the attack step).

Changes the HERO Attack Roll rule that only a natural 3 always hits.
"""

from dataclasses import replace

from slugfest import hookimpl


@hookimpl(wrapper=True)
def slugfest_attack_step(battle, attack):
    roll = yield
    if getattr(roll, "total", 99) <= 4 and not roll.hit:
        return replace(roll, hit=True, notes=roll.notes + ("lucky: a roll of 4 or less always hits",))
    return roll
