"""The tactical picture of one Marvel turn: where the acting character can go and whom it can
attack from there, worked out once and read by the menu, the AI and the player's prompt.

A turn is a standard action and a movement action. An attack moves first if it must: a close
attack up to the character's speed until the target is within reach; a ranged one to the nearest
cell within its speed from which the target is in range and sight (fewest steps; then the cell
farthest from the target, a ranged attacker keeping its distance; then the one most squarely in
front of it, as the crow flies; then the lowest x, then y). The picture keeps,
for each attack and foe, the cells that walk takes (or that there is none this turn), and, asked
for, the expected harm of each option (:func:`.combat.expected`), so nobody works it out twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..engine.actions import Action
from ..engine.context import RulesContext
from ..rules.statecopy import slot_copy
from ..rules.grid import Cell, distance
from ..rules.reach import Layers
from ..rules.vitals import Vitals
from ..rules.odds import Odds
from .combat import attack_context, attack_power, expected, harm_bound
from .maneuvers import MANEUVERS
from .resolve import face_totals, held, hitting
from .movement import attack_range, speed
from . import report
from .sheet import MarvelAttack
from .state import Fighter

#: The maneuvers that have an estimate of their own, by ``Action.kind``.
ESTIMATES = {t.kind: t.estimate for t in MANEUVERS if t.estimate is not None}


class Picture:
    """What ``f`` sees at the start of its turn (see the module's docstring)."""

    __slots__ = ("ctx", "f", "foes", "standing", "occupied", "speed", "_paths", "_reach", "_toward", "_harm", "menu", "_vitals",
                 "_layers", "_spots")

    def __init__(self, ctx: RulesContext, f: Fighter) -> None:
        self.ctx = ctx
        self.f = f
        # Who is killed, and who is out of the fight, is asked here once for everyone, not by
        # each offer for every foe ("out" and "killed" were asked some 230 times a turn at 16 a
        # side; issue 35).
        living = [g for g in ctx.state.fighters.values() if not g.killed]
        #: Foes not yet killed, roster order (the unconscious included: they may still be hit).
        self.foes = [g for g in living if g.side != f.side]
        #: Those of them still in the fight, roster order: whom it may walk toward, grab, ram or
        #: fall back from.
        self.standing = [g for g in self.foes if not g.out]
        #: The cells others stand in (:func:`.movement.occupied`: the killed do not block).
        self.occupied = {g.pos for g in living if g is not f}
        self.speed = 0 if f.stood_up else speed(f)  # standing up took its movement action
        #: By target and attack range (all an attack's walk depends on; a close attack's is 0).
        self._paths: dict[tuple[str, int], list[Cell] | None] = {}
        self._spots: dict[tuple[str, int], Cell | None] = {}
        self._reach: dict[tuple[str, int], bool] = {}
        self._toward: dict[str, bool] = {}
        self._layers: Layers | None = None
        self._harm: dict[Action, float] = {}
        self.menu: tuple[Action, ...] = ()
        self._vitals: dict[str, Vitals] = {}

    def rebind(self, ctx: RulesContext) -> Picture:
        """This picture over ``ctx`` (a fork of the battle, as it stands): the menu read off this
        one, and what it has worked out so far, so nothing is worked out twice.

        The fork's state equals this one's, and a picture is read only while its decision waits
        (and as its action starts), so whichever of the two works a figure out works it out for
        both: the figures of this moment, keyed by ids and cells (the paths, the search, the
        expected harm...), are shared. Only what holds fighters is read off the fork's state."""
        twin = slot_copy(self)
        fighters = ctx.state.fighters
        twin.ctx, twin.f = ctx, fighters[self.f.id]
        twin.foes = [fighters[g.id] for g in self.foes]
        twin.standing = [fighters[g.id] for g in self.standing]
        return twin

    @property
    def layers(self) -> Layers:
        """The one search from the actor's cell that answers how far to anywhere (as far as asked)."""
        if self._layers is None:
            self._layers = self.ctx.grid.layers(self.f.pos, self.occupied)
        return self._layers

    def walkable(self, limit: int) -> dict[Cell, int]:
        """Every cell the actor can stand on within ``limit`` steps, with the fewest steps to
        it: read off the Phase's one search (:attr:`layers`), so an AI weighing where to stop
        searches no map of its own."""
        return self.layers.steps(limit)

    def nearest(self, goal: Cell, limit: int, nearer_than: int,
                keep_out: Iterable[tuple[Cell, int]] = ()) -> dict[Cell, int]:
        """The cells within ``limit`` steps nearest ``goal`` (and nearer than ``nearer_than``)
        outside every ``keep_out`` square, with the steps to each (:meth:`.Layers.nearest`)."""
        return self.layers.nearest(goal, limit, nearer_than, keep_out)

    def can_attack(self, g: Fighter, atk: MarvelAttack) -> bool:
        """Whether ``f`` can attack ``g`` with ``atk`` this turn (moving first if it must). A close
        attack needs a walk next to ``g`` within its speed, a ranged one a cell within its speed
        that has ``g`` in range and sight: the turn's one search tells either."""
        key = (g.id, atk.range)  # nothing else of the attack matters: two of one range reach alike
        found = self._reach.get(key)
        if found is None:
            f = self.f
            if atk.close:
                d = distance(f.pos, g.pos)
                found = d <= f.sheet.reach or (self.speed > 0 and self.layers.reaches_next_to(g.pos, self.speed))
            elif key in self._spots:
                found = self._spots[key] is not None
            else:
                found = self._shoots_within(g, attack_range(self.ctx.options, atk))
            self._reach[key] = found
        return found

    def _shoots_within(self, g: Fighter, rng: int) -> bool:
        """Whether :meth:`_spot_within` finds a spot, without finding which. The menu needs only
        this of every foe; the spot itself (which a spot within the listed range may change, and
        the ties) is worked out for the attacks an AI weighs and the one carried out (the search
        was an eighth of a turn at 16 a side, and an AI weighs about half the attacks; issue 35)."""
        return any(self._sighted(g, rng))

    def attack_path(self, g: Fighter, atk: MarvelAttack) -> list[Cell] | None:
        """The cells ``f`` moves through before attacking ``g`` with ``atk`` ([] from where it
        stands), or None if it cannot attack ``g`` this turn."""
        key = (g.id, atk.range)
        if key in self._paths:
            return self._paths[key]
        path = self._paths[key] = self._walk(g, atk)
        return path

    def _walk(self, g: Fighter, atk: MarvelAttack) -> list[Cell] | None:
        f, grid, speed_ = self.f, self.ctx.grid, self.speed
        if atk.close:
            reach = f.sheet.reach
            if distance(f.pos, g.pos) <= reach:
                return []
            if speed_ <= 0:
                return None
            path = grid.path(f.pos, g.pos, self.occupied, stop_adjacent=True, limit=speed_)
            if path is None:
                return None
            for i, cell in enumerate(path):
                if distance(cell, g.pos) <= reach:
                    path = path[:i + 1]
                    break
            return path if len(path) <= speed_ else None
        spot = self.firing_spot(g, atk)
        if spot is None:
            return None
        return [] if spot == f.pos else grid.path(f.pos, spot, self.occupied, limit=speed_)

    def firing_spot(self, g: Fighter, atk: MarvelAttack) -> Cell | None:
        """Where ``f`` shoots ``g`` from with ranged ``atk``: where it stands if ``g`` is in range
        and sight, otherwise the nearest cell within its speed that has ``g`` in range and sight
        (see the module's docstring for the ties); None if there is none. With the range
        penalty on, a spot within the listed range comes first (beyond it, the attack has
        trouble), then one within the doubled range. Worked out once per target and range (two
        attacks of one range share it)."""
        key = (g.id, atk.range)
        if key in self._spots:
            return self._spots[key]
        rng = attack_range(self.ctx.options, atk)
        found = None
        if rng > atk.range and self.ctx.options.range_penalty == "trouble":
            found = self._spot_within(g, atk.range)
        if found is None:
            found = self._spot_within(g, rng)
        self._spots[key] = found
        return found

    def _spot_within(self, g: Fighter, rng: int) -> Cell | None:
        tx, ty = g.pos
        for seen in self._sighted(g, rng):
            # the first in the order the module's docstring gives: farthest from the target,
            # then squarest in front of it (as the crow flies), then x, then y
            best = None
            for c in self.ctx.grid.bits.cells(seen):
                dx, dy = c[0] - tx, c[1] - ty
                order = (-max(abs(dx), abs(dy)), dx * dx + dy * dy, c)
                if best is None or order < best:
                    best = order
            if best is not None:
                return best[2]
        return None

    def _sighted(self, g: Fighter, rng: int) -> Iterator[int]:
        """The cells ``f`` could shoot ``g`` from within ``rng``, nearest first, as masks: where it
        stands, then each step of its walk the cells newly within reach (up to its speed), those
        with ``g`` in range and sight (many are empty: the cells hidden from ``g``). Sight is the
        dearest test, and the map keeps its answers (:meth:`.Grid.in_sight_of`)."""
        f, grid = self.f, self.ctx.grid
        target, bits = g.pos, grid.bits
        d = distance(f.pos, target)
        if d <= rng:
            yield grid.in_sight_of(bits.bit(f.pos), target)
        if self.speed <= 0 or d > rng + self.speed:
            return
        layers, in_range = self.layers, bits.box(target, rng)
        reached = layers.within(0)
        for k in range(1, self.speed + 1):
            within = layers.within(k)
            fresh = within & ~reached & in_range
            yield grid.in_sight_of(fresh, target) if fresh else 0
            if within == reached:
                return
            reached = within

    def origin(self, g: Fighter, atk: MarvelAttack) -> Cell:
        """Where ``f`` will stand when it attacks ``g`` with ranged ``atk`` (its firing spot;
        where it stands for a close attack, whose reach no penalty depends on)."""
        if atk.close:
            return self.f.pos
        return self.firing_spot(g, atk) or self.f.pos

    def can_walk_toward(self, g: Fighter) -> bool:
        """Whether some walk leads next to ``g`` (however long: a move goes part of the way): the
        turn's one search tells (testing first for open ground between cost more than reading
        the layers it shares with every foe; issue 35)."""
        found = self._toward.get(g.id)
        if found is None:
            grid = self.ctx.grid
            found = self._toward[g.id] = (
                self.layers.reaches_next_to(g.pos, max(grid.width, grid.height) * 2))
        return found

    def reach(self, attack: str) -> int:
        """Spaces the attack named ``attack`` reaches from where ``f`` stands (the listed range,
        doubled unless the option says not); 0 for a close attack."""
        atk = self.f.attack(attack)
        return 0 if atk.range == 0 else attack_range(self.ctx.options, atk)

    def vitals(self, cid: str) -> Vitals:
        """System-neutral figures of a combatant now (kept for the decision: nothing changes
        while it is being made)."""
        found = self._vitals.get(cid)
        if found is None:
            found = self._vitals[cid] = report.vitals(self.ctx, cid)
        return found

    def odds(self, action: Action) -> Odds | None:
        """The attack's target number and what its check adds (the ability score and modifiers,
        the edges and troubles that apply now), the chance to hit summed over every d616
        outcome, and the damage a hit is expected to do (after holding back), as the AI's
        estimate figures it. None for an action that rolls nothing."""
        if action.kind != "attack" or not action.target:
            return None
        g = self.ctx.state.fighters[action.target]
        power = attack_power(self.f, action)
        atk = self.f.attack(action.attack)
        actx = attack_context(self.ctx, self.f, g, atk, power=power, origin=self.origin(g, atk))
        flat = actx.score + sum(v for _, v in actx.modifiers)
        net = len(actx.edges) - len(actx.troubles)
        outcomes = hitting(net, self.ctx.options.stacked_rerolls, None if actx.auto_hit else actx.tn - flat)
        chance = sum(p for p, _ in outcomes)
        totals = face_totals(actx)
        mean = sum(p * held(actx, totals[face])[0] for p, face in outcomes) / chance if chance else 0.0
        said = [f"{actx.ability} {flat:+d}"]
        if net:
            said.append(f"{abs(net)} {'edge' if net > 0 else 'trouble'}{'s' if abs(net) > 1 else ''}")
        roll = "automatic hit" if actx.auto_hit else f"TN {actx.tn} ({', '.join(said)})"
        cost = f"{power.cost(self.f.sheet.level(power.name))} Focus" if power is not None else ""
        return Odds(roll, chance, f"~{mean:.0f} {actx.pool}", cost, actx.tn_note or actx.auto_hit)

    def harm(self, action: Action) -> float:
        """The expected harm of ``action`` (see :func:`.combat.expected`), worked out once."""
        found = self._harm.get(action)
        if found is None and action.kind in ESTIMATES:  # a maneuver with its own estimate (Ram...)
            found = self._harm[action] = ESTIMATES[action.kind](self.ctx, self.f, action)
        if found is None:
            origin = None
            if action.kind == "attack" and action.target:
                origin = self.origin(self.ctx.state.fighters[action.target], self.f.attack(action.attack))
            found = self._harm[action] = expected(self.ctx, self.f, action, origin)
        return found

    def gain(self, action: Action) -> float:
        """What :meth:`harm` can be at most, cheaper to know (:func:`.combat.harm_bound`; the
        harm itself for an action with no cheaper bound): a search for the option worth most
        works out the harm only of those whose bound could still beat the best found."""
        bound = harm_bound(self.ctx, self.f, action)
        return self.harm(action) if bound is None else bound
