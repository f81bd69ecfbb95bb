"""The tactical picture of one HERO Phase: what the acting character can reach and hit, worked
out once and read by the menu, the AI and the player's prompt alike.

For the actor it holds its foes, the cells others stand in and how far it may move; for each
foe, how many cells it must walk to strike it (a half move, or a full one for a Move Through);
for each ranged attack and foe, whether the foe is in range and sight; what the actor perceives
and who perceives it (:meth:`Picture.unseen`, :meth:`Picture.unseen_by`: Flash, Invisibility and
Darkness, :mod:`.senses`), which the OCV and DCV below read; and, asked for, the expected harm of
each option (:mod:`.estimate`), kept so nobody works it out twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.actions import Action
from ..engine.context import RulesContext
from ..rules.statecopy import slot_copy
from ..rules.grid import Cell
from ..rules.reach import Layers
from ..rules.vitals import Vitals
from ..rules.odds import Odds
from .chains import dcv_chain, defense_chain, dmcv_chain, ocv_chain, true_metres
from .endurance import stun_for_end_dice
from .estimate import gain, net
from .harm import charge_metres, expected_hits
from .three_dice import hit_chance
from .windup import may_step_away
from .spread import expected_taken
from .movement import METRES_PER_CELL, cells, occupied, walk_into_range
from . import areas, powers, report, senses
from .sheet import HeroAttack
from .state import Fighter
from .maneuvers import MANEUVERS
from .usage import attack_end, damage_profile, placed_shot, planned_push, shots_fired
from .windup import winding_on


class Picture:
    """What ``f`` sees at the start of its Phase (see the module's docstring)."""

    __slots__ = ("ctx", "f", "foes", "standing", "dist", "occupied", "half_cells", "full_cells", "full_phase",
                 "_steps", "_in_range", "still", "_gain", "_harm", "menu", "_vitals", "_dcv", "_strikes", "_layers", "_winding",
                 "_unseen", "_unseen_by")

    def __init__(self, ctx: RulesContext, f: Fighter) -> None:
        self.ctx = ctx
        self.f = f
        #: Foes still alive (the knocked out included: attacks on them do x2 STUN), roster order.
        self.foes: list[Fighter] = []
        #: ...of them, those still in the fight (not knocked out, dying or dead).
        self.standing: list[Fighter] = []
        #: Cells from ``f`` to each foe (as :func:`..rules.grid.distance` counts them, worked out here in the one pass
        #: over the roster that finds the foes: a picture is made for every decision).
        self.dist: dict[str, int] = {}
        side, opts = f.allegiance, ctx.options
        x, y = f.pos
        for g in ctx.state.fighters.values():
            if g.dead or g.allegiance == side:
                continue
            self.foes.append(g)
            if not g.out_of_fight(opts):
                self.standing.append(g)
            dx, dy = g.pos[0] - x, g.pos[1] - y
            dx, dy = dx if dx >= 0 else -dx, dy if dy >= 0 else -dy
            self.dist[g.id] = dx if dx > dy else dy
        self.occupied = occupied(ctx.state, f)
        self.full_phase = not f.half_used
        self.half_cells = cells(f, False) if self.full_phase else 0
        self.full_cells = cells(f, True)
        self._steps: dict[tuple[Any, ...], Any] = {}  # a walk's length, or a walk itself, by what it is for
        self._in_range: dict[tuple[int, str], bool] = {}
        #: The attacks ``f`` can use without moving, by target, in menu order (a Multiple
        #: Attack's strikes): the menu notes them as it is built.
        self.still: dict[str, list[str]] = {}
        self._gain: dict[Action, float] = {}
        self._harm: dict[Action, float] = {}
        self.menu: tuple[Action, ...] = ()
        self._vitals: dict[str, Vitals] = {}
        self._dcv: dict[str, int] = {}
        self._strikes: dict = {}
        self._layers: Layers | None = None
        self._winding: dict[str, list[Fighter]] | None = None
        #: What :meth:`unseen` and :meth:`unseen_by` found, by the other fighter's id (each estimate asks: a
        #: table each, read with no helper call between, 0.35% of a hero-brawl battle's instructions, issue 35).
        self._unseen: dict[str, str] = {}
        self._unseen_by: dict[str, str] = {}

    def rebind(self, ctx: RulesContext) -> Picture:
        """This picture over ``ctx`` (a fork of the battle, as it stands): the menu read off this
        one, and what it has worked out so far, so nothing is worked out twice.

        The fork's state equals this one's, and a picture is read only while its decision waits
        (and as its action starts), so whichever of the two works a figure out works it out for
        both: the figures of this moment, keyed by ids and cells (the distances, the search, the
        expected harm...), are shared. Only what holds fighters is read off the fork's state."""
        twin = slot_copy(self)
        fighters = ctx.state.fighters
        twin.ctx, twin.f = ctx, fighters[self.f.id]
        twin.foes = [fighters[g.id] for g in self.foes]
        twin.standing = [fighters[g.id] for g in self.standing]
        twin._winding = None  # fighters by target: worked out again over the fork's
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

    @property
    def winding(self) -> dict[str, list[Fighter]]:
        """The Haymakers the actor's friends are winding up, by target (:func:`.windup.winding_on`)."""
        if self._winding is None:
            self._winding = winding_on(self.ctx.state.fighters.values(), self.f)
        return self._winding

    def steps(self, g: Fighter, within: int) -> int | None:
        """Cells ``f`` must walk to stand next to ``g`` (0 if it already does), at most
        ``within``; None if it cannot. The Phase's one search (:attr:`layers`) answers: made
        once, its layers are read for every foe (testing first whether open ground lies
        between, for a straight walk, cost more than reading them; issue 35)."""
        key = (g.id, within)
        found = self._steps.get(key, -1)
        if found == -1:
            d = self.dist[g.id]
            if d <= 1:
                found = 0
            elif within <= 0 or d - 1 > within:
                found = None
            else:
                found = self.layers.steps_next_to(g.pos, within)
            self._steps[key] = found
        return found

    def in_range(self, atk: HeroAttack, g: Fighter) -> bool:
        """Whether ranged ``atk`` reaches ``g`` from where ``f`` stands, in line of sight (kept by
        target and range: attacks of one range reach alike)."""
        key = (atk.range_m, g.id)
        found = self._in_range.get(key)
        if found is None:
            f = self.f
            found = self._in_range[key] = (self.dist[g.id] * METRES_PER_CELL <= atk.range_m
                                           and self.ctx.grid.line_of_sight(f.pos, g.pos))
        return found


    def shot_walk(self, atk: HeroAttack, g: Fighter) -> list | None:
        """The half move after which ranged ``atk`` reaches ``g`` (``[]``: it does from here;
        None: not within a half move, or the actor has none left), kept for the Phase."""
        if self.in_range(atk, g):
            return []
        key = (atk.range_m, g.id, "shot")  # all the walk depends on of the attack is its range
        found = self._steps.get(key, -1)
        if found == -1:
            found = self._steps[key] = walk_into_range(self.ctx, self.f, g, atk.range_m, self.half_cells,
                                                       self.occupied)
        return found

    def reach(self, attack: str) -> int:
        """Cells the attack named ``attack`` reaches from where ``f`` stands; 0 for hand-to-hand."""
        atk = self.f.attack(attack)
        return 0 if atk.hth else atk.range_m // METRES_PER_CELL

    def action(self, kind: str, attack: str = "", target: str = "", maneuver: str = "", *,
               targets: tuple[str, ...] = (), attacks: tuple[str, ...] = (), weapon: str = "",
               slot: str = "", destination: Cell | None = None) -> Action:
        """A menu action, made once (actions are plain data; every Phase asks for the same ones)."""
        key = ("action", kind, attack, target, maneuver, targets, attacks, weapon, slot, destination)
        memo = self.f.memo
        found = memo.get(key)
        if found is None:
            found = memo[key] = Action(kind, attack, target, maneuver, targets, attacks, destination, weapon=weapon,
                                       slot=slot)
        return found

    def area_options(self, atk: HeroAttack) -> list[Action]:
        """An Area Of Effect attack aimed at a cell it reaches from where the actor stands, once
        for each set of combatants it can catch that holds a foe still in the fight, each line
        naming everyone inside, friend or foe (:func:`.areas.affected`); the cell aimed at is
        the action's ``destination``, who stands there its ``target`` ("" for an empty cell).
        The cells tried are each standing foe's and its neighbours' and, for a Radius, the cell
        halfway between two foes it could catch together; of the cells that catch the same set,
        a foe's own cell first, then the nearest (our reading: a short menu, not every cell in
        range; the player may aim at any cell, :func:`.menu.check`). Made without moving (our
        reading), so the AI's estimate and the player's odds read the cells the resolver will."""
        f, grid = self.f, self.ctx.grid
        if atk.charges is not None and not f.charges_left(atk):
            return []
        alive = [g for g in self.ctx.state.fighters.values() if not g.dead]
        everyone = [(g.id, g.pos) for g in alive]
        layout = areas.layout_for(f, alive)
        size, reach = areas.size_of(atk), areas.reach_of(atk)
        power = powers.POWERS.get(atk.kind)
        wanted = self.standing
        if power is not None and power.shields:  # an Images: over its own side, to hide it
            opts = self.ctx.options
            wanted = [g for g in alive if g.allegiance == f.allegiance and not g.out_of_fight(opts)]
        standing = {g.id for g in wanted}
        foe_cells = {g.pos for g in wanted}
        best: dict[frozenset[str], tuple[tuple[int, int, int, int], Cell, tuple[str, ...]]] = {}
        for cell in self._area_aims(atk, size, wanted):
            if areas.refusal(grid, atk.area, reach, f.pos, cell):
                continue
            inside = areas.affected(grid, atk.area, size, f.pos, cell, everyone, layout)
            if not standing.intersection(inside):
                continue
            rank = (cell not in foe_cells, true_metres(f.pos, cell), cell[1], cell[0])
            group = frozenset(inside)
            if group not in best or rank < best[group][0]:
                best[group] = (rank, cell, inside)
        taken = {g.pos: g.id for g in alive}
        kind = "screen" if power is not None and power.shields else "attack"  # hiding friends is not hitting them
        return [self.action(kind, atk.name, taken.get(cell, ""), "area", targets=inside, destination=cell)
                for _, cell, inside in sorted(best.values())]

    def _area_aims(self, atk: HeroAttack, size: int, foes: list[Fighter]) -> list[Cell]:
        """The cells an area is tried at for the menu (see :meth:`area_options`): around ``foes``
        (for an Images, its user's side)."""
        aims: set[Cell] = set()
        for g in foes:
            x, y = g.pos
            aims.update((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        if atk.area == "radius":
            for i, g in enumerate(foes):
                for h in foes[i + 1:]:
                    if true_metres(g.pos, h.pos) <= 2 * size:
                        aims.add(((g.pos[0] + h.pos[0]) // 2, (g.pos[1] + h.pos[1]) // 2))
        return sorted(aims, key=lambda c: (c[1], c[0]))

    def unseen(self, g: Fighter) -> str:
        """Why the actor cannot perceive ``g`` (:func:`.senses.unseen`; "" when it can): its
        attacks on ``g`` are at ½ OCV hand to hand, OCV 0 at range."""
        found = self._unseen.get(g.id)
        if found is None:
            found = self._unseen[g.id] = senses.unseen(self.ctx, self.f, g)
        return found

    def unseen_by(self, g: Fighter) -> str:
        """Why ``g`` cannot perceive the actor ("" when it can): ``g`` is at ½ DCV against it."""
        found = self._unseen_by.get(g.id)
        if found is None:
            found = self._unseen_by[g.id] = senses.unseen(self.ctx, g, self.f)
        return found

    def vitals(self, cid: str) -> Vitals:
        """System-neutral figures of a combatant now (kept for the decision: nothing changes
        while it is being made)."""
        found = self._vitals.get(cid)
        if found is None:
            found = self._vitals[cid] = report.vitals(self.ctx, cid)
        return found

    def harm(self, action: Action) -> float:
        """The expected harm of ``action`` (:func:`.estimate.estimate`), worked out once."""
        found = self._harm.get(action)
        if found is None:
            found = self._harm[action] = net(self.ctx, self.f, action, self.gain(action), self._strikes)
        return found

    def gain(self, action: Action) -> float:
        """What :meth:`harm` counts before the actor's own costs (:func:`.estimate.gain`), worked
        out once: never below ``harm(action)``, so a search for the option worth most prices
        only those whose gain could still beat the best harm found (issue 35)."""
        found = self._gain.get(action)
        if found is None:
            found = self._gain[action] = gain(self.ctx, self.f, action, self.dcv, self._strikes, self.winding,
                                              self.unseen)
        return found

    def odds(self, action: Action) -> Odds | None:
        """The roll an attack needs (11 + OCV - DCV, with its chains as they stand now), its
        chance, the STUN and BODY a hit is expected to do (the estimate's own mean, through the
        target's defenses), and the END it costs, with the STUN the rest would cost when END is
        short (rules §6: 1d6 per 2 END, or fraction). None for an action that rolls nothing
        (a Multiple Attack's strikes are each their own roll)."""
        if action.kind not in ("attack", "move-through", "screen") or not (action.target or action.destination):
            return None
        f, ctx = self.f, self.ctx
        atk = f.attack(action.attack)
        if action.maneuver == "area":
            return self._area_odds(action, atk)
        g = ctx.state.fighters[action.target]
        extra = (placed_shot(action.aim, g),) if action.aim else ()
        # a shot that needs a half move first is fired from where the move ends (movement.close_in):
        # its Range Modifier is from there, not from where the actor stands now
        walk = self.shot_walk(atk, g) if action.kind == "attack" and not atk.hth and not atk.mental else None
        origin = walk[-1] if walk else None
        chain = ocv_chain(f, atk, g, MANEUVERS.get(action.maneuver), action.levels, extra, unseen=self.unseen(g),
                          origin=origin)
        ocv = chain.value
        heard_far = not atk.hth and self.unseen_by(g) == senses.HEARD  # full DCV against a shot it heard
        dcv = (dmcv_chain(g).value if atk.mental else defense_chain(g, atk, senses.HEARD).value if heard_far
               else self.dcv(g))
        needed = 11 + ocv - dcv
        opts = ctx.options
        push = planned_push(f, atk, opts, action.push)
        moved = charge_metres(f, g, action.maneuver)
        if atk.effect:
            does = powers.hit_words(g, atk, damage_profile(opts, f, atk, MANEUVERS.get(action.maneuver), action.levels,
                                                           0, 0))
        else:
            stun, body = expected_taken(ctx, f, g, atk, action.maneuver, action.levels, push, moved, action.aim)
            does = f"~{stun:.0f} STUN, {body:.0f} BODY" + (" a hit" if atk.autofire else "")
        shots = shots_fired(f, atk)
        paid = self._paid(atk, shots, action.push)
        note = ""
        if action.maneuver == "haymaker" and may_step_away(ctx.state, g):
            note = "it may step away before the blow lands"
        if atk.autofire:
            note = f"~{expected_hits(needed, shots):.1f} of {shots} shots hit"
        entry = MANEUVERS.get(action.maneuver)
        if entry is not None and entry.recoil:
            note = f"{f.name} takes {entry.recoil} of the damage it rolls"
        if origin is not None:
            moved_to = f"fires after a half move to {origin[0]},{origin[1]}, {true_metres(origin, g.pos)} m away"
            note = f"{note}; {moved_to}" if note else moved_to
        seen = self._seen_note(g, atk)
        if seen:
            note = f"{note}; {seen}" if note else seen
        if any(m.source.startswith("range ") for m in chain.modifiers):  # the card shows OCV before it (a trial:
            note = f"{note}; {chain.text()}" if note else chain.text()  # "OCV 2" read as a wrong figure)
        cvs = ("OMCV", "DMCV") if atk.mental else ("OCV", "DCV")
        return Odds(f"{needed}- (11 + {cvs[0]} {ocv} - {cvs[1]} {dcv})", hit_chance(needed), does, paid, note)

    def _paid(self, atk: HeroAttack, shots: int, push: int) -> str:
        """What firing ``atk`` (``shots`` of it, ``push`` more) costs the actor, for the player's
        odds: its END, its Charges, and the STUN the END it lacks would cost (rules §6)."""
        f, opts = self.f, self.ctx.options
        cost = shots * attack_end(f, atk, opts.campaign, opts.str_end) + push
        paid = f"END {cost}" if cost else ""
        if atk.charges is not None:
            left = f.charges_left(atk)
            spent = f"{shots} Charges" if shots > 1 else "1 Charge"
            paid = f"{spent} ({left} left)" + (f", END {cost}" if cost else "")
        if cost > f.end:
            dice = stun_for_end_dice(cost, f.end)
            paid = f"END {cost} (has {max(f.end, 0)}: ~{3.5 * dice:g} STUN for the rest)"
        return paid

    def _seen_note(self, g: Fighter, atk: HeroAttack) -> str:
        """What perception does to an attack on ``g``, for the player's odds ("" when both see
        each other; a Flash already shows as its own modifier and status)."""
        if atk.mental:
            return ""
        parts = []
        why = self.unseen(g)
        if why and why != senses.FLASHED:
            parts.append(f"cannot see {g.name} ({why}): {'half OCV' if atk.hth or why == senses.HEARD else 'OCV 0'}")
        why = self.unseen_by(g)
        if why == senses.HEARD:
            parts.append(f"{g.name} heard {self.f.name}: {'-1 DCV' if atk.hth else 'full DCV'}")
        elif why and why != senses.FLASHED:
            parts.append(f"{g.name} cannot see {self.f.name} ({why}): half DCV")
        return "; ".join(parts)

    def _area_odds(self, action: Action, atk: HeroAttack) -> Odds:
        """An area's roll against its target cell's DCV, what a hit does (for a burst, a shot)
        to the first foe inside (an Explosion's dice where it stands), and who else it hits,
        friends named."""
        f, ctx = self.f, self.ctx
        fighters = ctx.state.fighters
        cell = areas.aim_of(action, fighters)
        there = fighters.get(action.target)
        ocv = ocv_chain(f, atk, there, MANEUVERS["area"], action.levels, at=cell,
                        unseen=senses.unseen_cell(ctx, f, cell)).value
        dcv = areas.target_dcv(atk.area, f.pos, cell).value
        needed = 11 + ocv - dcv
        opts = ctx.options
        push = planned_push(f, atk, opts, action.push)
        first = next((fighters[t] for t in action.targets if fighters[t].allegiance != f.allegiance), there)
        does = ""
        if atk.effect:
            does = powers.hit_words(first or f, atk, damage_profile(opts, f, atk, MANEUVERS["area"], action.levels, 0, 0))
        elif first is not None:
            lost = (areas.explosion_dcs_lost(true_metres(areas.centre_of(atk.area, f.pos, cell), first.pos))
                    if atk.explosion else 0)
            stun, body = expected_taken(ctx, f, first, atk, "area", action.levels, push, 0, fallen=lost)
            does = f"~{stun:.0f} STUN, {body:.0f} BODY" + (" a hit" if atk.autofire else "") + f" to {first.name}"
        shots = shots_fired(f, atk)
        cost = shots * attack_end(f, atk, opts.campaign, opts.str_end) + action.push
        paid = f"END {cost}" if cost else ""
        if atk.charges is not None:
            spent = f"{shots} Charges" if shots > 1 else "1 Charge"
            paid = f"{spent} ({f.charges_left(atk)} left)" + (f", END {cost}" if cost else "")
        friends = [fighters[t].name for t in action.targets if fighters[t].allegiance == f.allegiance]
        note = f"{'covers' if atk.effect else 'hits'} {len(action.targets)} inside" + (f", friends too: {', '.join(friends)}" if friends else "")
        if atk.autofire:
            note += f"; ~{expected_hits(needed, shots):.1f} of {shots} shots hit each"
        return Odds(f"{needed}- (11 + OCV {ocv} - the cell's DCV {dcv})", hit_chance(needed), does, paid, note)

    def dcv(self, g: Fighter) -> int:
        """``g``'s DCV against the actor now (kept for the Phase: the AI weighs several attacks
        on each foe), halved when ``g`` cannot perceive the actor (:meth:`unseen_by`)."""
        found = self._dcv.get(g.id)
        if found is None:
            found = self._dcv[g.id] = dcv_chain(g, self.unseen_by(g)).value
        return found
