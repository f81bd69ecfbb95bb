"""Moving on the map in Marvel: a character's speed (the fastest of its movement modes), the
walks it takes, and the reach of a ranged attack.

One cell is one space. A movement action goes up to the character's speed; a turn's standard
action spent as a second movement action doubles it. Walks go around walls and other
combatants (the map's A* search).
"""

from __future__ import annotations

from ..engine.context import RulesContext
from ..engine.events import Moved
from ..rules.grid import Cell
from .conditions import TIMED
from .effects import release
from .sheet import MarvelAttack, MarvelOptions
from .state import Fighter, MarvelState


def movement(f: Fighter) -> tuple[int, str]:
    """(spaces per movement action, the verb) of ``f``'s fastest mode (kept in its memo: it
    follows from the sheet)."""
    found = f.memo.get("movement")
    if found is None:
        found = f.memo["movement"] = f.sheet.movement()
    return found


def speed(f: Fighter) -> int:
    """Spaces per movement action now: its fastest mode, halved (rounded up) or nothing under a
    condition that says so (blinded, slowed: halved; paralyzed: none; rules/marvel.md §5)."""
    spaces = movement(f)[0]
    if f.timed:
        for name in f.timed:
            how = TIMED[name].speed
            if how == "none":
                return 0
            if how == "halved":
                spaces = -(-spaces // 2)
    return spaces


def attack_range(options: MarvelOptions, atk: MarvelAttack) -> int:
    """Spaces a ranged attack reaches: twice its listed range unless the option says not."""
    return atk.range * (2 if options.long_range else 1)


def occupied(st: MarvelState, f: Fighter) -> set[Cell]:
    """Cells others stand in (the killed do not block)."""
    return {g.pos for g in st.fighters.values() if g.id != f.id and not g.killed}


def move(ctx: RulesContext, f: Fighter, path: list[Cell], why: str) -> int:
    """Walk ``path`` (the cells stepped through); the spaces moved."""
    if not path:
        return 0
    if f.holding:  # our reading: a holder that moves lets go (rules/marvel.md §5 leaves it open)

        release(ctx, f, f"{f.name} lets go to move")
    start = f.pos
    f.pos = path[-1]
    ctx.emit(Moved(actor=f.id, start=start, end=f.pos, distance=len(path), unit="space" if len(path) == 1 else "spaces",
                   why=why))
    return len(path)
