"""The tactical picture of one HERO Phase: what the acting character can reach and hit, worked
out once and read by the menu, the AI and the player's prompt alike.

For the actor it holds its foes, the cells others stand in and how far it may move; for each
foe, how many cells it must walk to strike it (a half move, or a full one for a Move Through);
for each ranged attack and foe, whether the foe is in range and sight; and, asked for, the
expected harm of each option (:mod:`.estimate`), kept so nobody works it out twice.
"""

from __future__ import annotations

from ..actions import Action
from ..context import RulesContext
from ..grid import distance
from .movement import METRES_PER_CELL, cells, occupied
from .sheet import HeroAttack
from .state import Fighter


class Picture:
    """What ``f`` sees at the start of its Phase (see the module's docstring)."""

    __slots__ = ("ctx", "f", "foes", "occupied", "half_cells", "full_cells", "full_phase",
                 "_steps", "_in_range", "_still", "_harm", "menu", "_legal")

    def __init__(self, ctx: RulesContext, f: Fighter) -> None:
        self.ctx = ctx
        self.f = f
        #: Foes still alive (the knocked out included: attacks on them do x2 STUN), roster order.
        self.foes = [g for g in ctx.state.fighters.values() if g.side != f.side and not g.dead]
        self.occupied = occupied(ctx.state, f)
        self.full_phase = not f.half_used
        self.half_cells = cells(f, False) if self.full_phase else 0
        self.full_cells = cells(f, True)
        self._steps: dict[tuple[str, int], int | None] = {}
        self._in_range: dict[tuple[str, str], bool] = {}
        self._still: dict[str, list[str]] | None = None
        self._harm: dict[Action, float] = {}
        self.menu: tuple[Action, ...] = ()
        self._legal: frozenset[Action] | None = None

    def steps(self, g: Fighter, within: int) -> int | None:
        """Cells ``f`` must walk to stand next to ``g`` (0 if it already does), at most
        ``within``; None if it cannot."""
        key = (g.id, within)
        found = self._steps.get(key, -1)
        if found == -1:
            if within <= 0:
                found = 0 if distance(self.f.pos, g.pos) <= 1 else None
            else:
                found = self.ctx.grid.steps_next_to(self.f.pos, g.pos, self.occupied, within)
            self._steps[key] = found
        return found

    def in_range(self, atk: HeroAttack, g: Fighter) -> bool:
        """Whether ranged ``atk`` reaches ``g`` from where ``f`` stands, in line of sight."""
        key = (atk.name, g.id)
        found = self._in_range.get(key)
        if found is None:
            f = self.f
            found = self._in_range[key] = (distance(f.pos, g.pos) * METRES_PER_CELL <= atk.range_m
                                           and self.ctx.grid.line_of_sight(f.pos, g.pos))
        return found

    @property
    def still(self) -> dict[str, list[str]]:
        """The attacks ``f`` can use without moving, by target, in menu order (a Multiple
        Attack's strikes)."""
        if self._still is None:
            still: dict[str, list[str]] = {}
            for atk in self.f.sheet.attacks:
                for g in self.foes:
                    usable = self.steps(g, self.half_cells) == 0 if atk.hth else self.in_range(atk, g)
                    if usable:
                        still.setdefault(g.id, []).append(atk.name)
            self._still = still
        return self._still

    def reach(self, attack: str) -> int:
        """Cells the attack named ``attack`` reaches from where ``f`` stands; 0 for hand-to-hand."""
        atk = self.f.attack(attack)
        return 0 if atk.hth else atk.range_m // METRES_PER_CELL

    def legal(self, action: Action) -> bool:
        """Whether ``action`` (without its push and levels) is on the menu."""
        if self._legal is None:
            self._legal = frozenset(self.menu)
        return action in self._legal

    def harm(self, action: Action) -> float:
        """The expected harm of ``action`` (:func:`.estimate.estimate`), worked out once."""
        found = self._harm.get(action)
        if found is None:
            from .estimate import estimate

            found = self._harm[action] = estimate(self.ctx, self.f, action)
        return found
