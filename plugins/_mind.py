"""What the built-in minds share: one reading of a decision, through the public API only.

A :class:`Situation` is built once per decision from what any AI plugin may use: the menu and
the decision's tactical picture (``decision.picture``: the expected harm of each option, worked
out once by the rules system, and how far each of the actor's attacks reaches),
``battle.vitals`` for every combatant of the scenario's roster, the map (``battle.grid``: paths
and line of sight), the log (``battle.events``: what this actor chose last) and
``battle.player_options`` (how many Combat Skill Levels the actor may assign, HERO). The
battle is the read-only view every hook receives.

Nothing here decides anything: each mind (``plugins/<mind>.py``) says what matters to it. The
search for the option worth most and the words every mind uses are :mod:`._choosing`'s; the
answers to a question in the middle of an action (an Abort, a reaction) :mod:`._answers`'s.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any, Callable, Iterable

from slugfest import Action, BattleView, Choice, Decision, Vitals, answers_for
from slugfest.core.engine.events import ActionChosen
from slugfest.core.rules.grid import Cell, distance

from ._answers import break_free, helping, power_reaction, shield, spend_karma, strike_back, team_call
from ._choosing import (ATTACK_KINDS, FREE, PLAINER, SAFE_CELLS, TENDING, WAITS, best_of, free_first, highest, on_the_way,
                        placed_shots, pct, primary, tend, where_to)
#: How a defence taken is said.
_GUARD_WORDS = {"block": "blocks", "dodge": "dodges", "dive": "dives for cover"}


class Situation:
    """The actor, its foes and allies, and its menu, as one mind sees them for one decision."""

    def __init__(self, battle: BattleView, decision: Decision) -> None:
        self.battle = battle
        self.decision = decision
        self.picture = decision.picture
        self.hero = battle.system.name == "hero"
        self.menu = decision.menu
        self._vitals = self.picture.vitals if self.picture is not None else battle.vitals  # kept for the decision
        self.me = self._vitals(decision.actor)
        self._values: dict[Action, float] = {}

    @cached_property
    def everyone(self) -> dict[str, Vitals]:
        """Every combatant of the roster, by id (read when first asked: a decision that needs only
        the actor's own figures, an Abort say, reads no one else's)."""
        me, vitals = self.me, self._vitals
        return {c.id: me if c.id == me.id else vitals(c.id) for c in self.battle.scenario.combatants}

    @cached_property
    def foes(self) -> dict[str, Vitals]:
        """Foes still in the fight (never knocked out, unconscious, dying or dead ones)."""
        return {i: v for i, v in self.everyone.items() if v.side != self.me.side and v.able}

    @cached_property
    def allies(self) -> dict[str, Vitals]:
        """Allies still in the fight, the actor excluded."""
        return {i: v for i, v in self.everyone.items() if v.side == self.me.side and v.able and i != self.me.id}

    # -- reading the menu ------------------------------------------------------------------

    def find(self, kind: str, **fields: Any) -> Action | None:
        for a in self.menu:
            if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()):
                return a
        return None

    @cached_property
    def attacks(self) -> list[Action]:
        """Attacks on the menu at a foe still in the fight, every other target a foe too (an
        area may also catch a foe already down; never a friend)."""
        return [a for a in self.menu if a.kind in ATTACK_KINDS and (not a.target or a.target in self.foes)
                and all(t in self.foes or (a.maneuver == "area" and self.everyone[t].side != self.me.side)
                        for t in a.targets)]

    def attacks_on(self, tid: str) -> list[Action]:
        return [a for a in self.attacks if tid == a.target or tid in a.targets]

    def value(self, action: Action) -> float:
        """The rules system's estimate: expected harm as a share of what the target has left."""
        if action not in self._values:
            pic = self.picture
            self._values[action] = (pic.harm(action) if pic is not None
                                    else self.battle.estimate(self.me.id, action))
        return self._values[action]

    def bound(self, action: Action) -> float:
        """What :meth:`value` can be at most (:func:`bound_of`), without the actor's own costs."""
        pic = self.picture
        gain = getattr(pic, "gain", None)
        return gain(action) if gain is not None else self.value(action)

    def free(self) -> Choice | None:
        """A Zero-Phase action to take first (:func:`free_first`)."""
        if not any(a.kind in FREE for a in self.menu):
            return None
        switching = any(a.kind == "switch" for a in self.menu)  # only a switch weighs the attacks on hand
        beat = highest(self.attacks, self.value, self.bound) if switching else 0.0
        return free_first(self.decision, self.battle, self.value, beat)

    def tend(self) -> Choice | None:
        """An Aid, a Healing or a blow at an Entangle, if worth more than every attack (:func:`tend`)."""
        if not any(a.kind in TENDING for a in self.menu):
            return None
        beat = highest(self.attacks, self.value, self.bound)
        return tend(self.decision, self.battle, self.value, beat, self.bound)

    def best(self, actions: Iterable[Action], weigh: Callable[[Action, float], float] | None = None
             ) -> tuple[Action, float] | None:
        """The action worth most (weighed by the mind); ties to the plainer maneuver, the nearer
        target, then ids and labels, never to menu order. ``weigh`` must never lower its result
        when the value rises (a mind's weights scale a value, or set it): the search weighs each
        action's :meth:`bound` to skip those that cannot win (:func:`best_of`)."""
        def rank(a: Action) -> tuple:
            t = self.everyone[primary(a)]
            return PLAINER.get(a.maneuver, 5), self.dist(t), t.id

        if weigh is None:
            return best_of(actions, self.value, self.bound, rank)
        return best_of(actions, lambda a: weigh(a, self.value(a)), lambda a: weigh(a, self.bound(a)), rank)

    # -- positions ---------------------------------------------------------------------------

    def dist(self, v: Vitals) -> int:
        return distance(self.me.position, v.position)

    @cached_property
    def adjacent(self) -> list[Vitals]:
        """Foes next to the actor, by id."""
        return sorted((v for v in self.foes.values() if self.dist(v) <= 1), key=lambda v: v.id)

    def nearest(self, among: Iterable[Vitals] | None = None) -> Vitals | None:
        pool = list(self.foes.values() if among is None else among)
        return min(pool, key=lambda v: (self.dist(v), v.id)) if pool else None

    def can_reach_me(self, foe: Vitals) -> bool:
        """Could ``foe`` come next to the actor with one move?"""
        return self.dist(foe) <= foe.reach + 1

    def near(self, foe: Vitals, side: Iterable[Vitals]) -> int:
        """How many of ``side`` stand next to ``foe``."""
        return sum(1 for v in side if distance(v.position, foe.position) <= 1)

    # -- the actor's attacks ------------------------------------------------------------------

    @cached_property
    def ranges(self) -> dict[str, int]:
        """Cells each of the actor's attacks reaches; 0 for hand-to-hand (close) attacks."""
        pic = self.picture
        if pic is None:
            return {}
        return {a.name: pic.reach(a.name) for a in self.battle.sheet(self.me.id).attacks}

    @cached_property
    def csl(self) -> int:
        """Combat Skill Levels the actor may assign (HERO); 0 where the system has none."""
        return self.battle.player_options(self.me.id).levels

    def ranged(self, action: Action) -> bool:
        """Whether every attack ``action`` makes reaches beyond the next cell (a Fastball
        Special, made with no attack of the thrower's, does not)."""
        names = [n for n in (action.attack, *action.attacks) if n]
        return bool(names) and all(self.ranges.get(n, 0) > 0 for n in names)

    @cached_property
    def longest_range(self) -> int:
        return max(self.ranges.values(), default=0)

    def needs_to_move(self, action: Action) -> bool:
        """Whether the attack walks the actor toward its target first: a close attack from afar,
        a Move Through, or (Marvel) a ranged attack from beyond its range."""
        if action.kind == "move-through":
            return True
        t = self.everyone[primary(action)]
        # a Fastball Special uses no attack of the thrower's: it is thrown from next to the ally
        reach = min((self.ranges.get(n, 0) for n in (action.attack, *action.attacks) if n), default=0) or 1
        return self.dist(t) > reach

    # -- moving ------------------------------------------------------------------------------

    @property
    def full_phase(self) -> bool:
        """HERO offers a Recovery only with a full Phase left (standing up takes half)."""
        return not self.hero or any(a.kind == "recover" for a in self.menu)

    def move_cells(self) -> int:
        if self.hero:
            return self.me.reach if self.full_phase else self.me.reach // 2
        return 2 * self.me.reach  # Marvel: a move is the standard action spent as a second movement

    def _layers(self) -> Any:
        """The actor's reach search without a picture (a question, not a Phase or turn)."""
        occupied = {v.position for v in self.everyone.values() if v.alive and v.id != self.me.id}
        return self.battle.grid.layers(self.me.position, occupied)

    def walkable(self) -> dict[Cell, int]:
        """The cells the actor's move can end on, with the steps to each: the picture's own
        search when there is one (a Phase or turn), else a search of its own."""
        limit = self.move_cells()
        if self.picture is not None:
            return self.picture.walkable(limit)
        return self._layers().steps(limit)

    def close_in(self, target: Vitals) -> Action | None:
        return self.find("move", target=target.id)

    def standoff(self, target: Vitals, rng: int) -> Action | None:
        """A move to a cell from which ``target`` is in range and sight, where as few foes as
        possible could come next to it on their next move, then with the least range penalty
        (up to SAFE_CELLS from the target costs nothing), then the shortest walk, then the cell
        most squarely in front of the target."""
        if not any(a.kind == "move" for a in self.menu) or rng <= 1:
            return None
        grid = self.battle.grid
        candidates = []
        for cell, steps in self.walkable().items():
            d = distance(cell, target.position)
            if 1 < d <= rng:
                exposed = sum(1 for v in self.foes.values() if distance(cell, v.position) <= v.reach + 1)
                straight = (cell[0] - target.position[0]) ** 2 + (cell[1] - target.position[1]) ** 2
                candidates.append((exposed, max(d, SAFE_CELLS), steps, straight, cell))
        candidates.sort()
        for *_, cell in candidates:  # line of sight last: it is the dearest test
            if grid.line_of_sight(cell, target.position):
                return None if cell == self.me.position else Action("move", destination=cell)
        return None

    def outside_reach(self, target: Vitals) -> Action | None:
        """Melee tempo: the move toward ``target`` that ends as near it as it can while no foe
        still in the fight could come next to the actor on its next move (each foe's move + 1),
        so none of them strikes first; None if no such cell is nearer ``target`` than here."""
        if not any(a.kind == "move" for a in self.menu):
            return None
        here = self.dist(target)
        keep_out = [(v.position, v.reach + 1) for v in self.foes.values()]
        search = self.picture if self.picture is not None else self._layers()
        cells = search.nearest(target.position, self.move_cells(), here, keep_out)
        if not cells:
            return None
        tx, ty = target.position  # the fewest steps, then the cell most squarely in front
        cell = min(cells, key=lambda c: (cells[c], (c[0] - tx) ** 2 + (c[1] - ty) ** 2, c))
        return Action("move", destination=cell)

    def melee_standoff(self, target: Vitals) -> Choice | None:
        """Melee tempo (issue 18: a side with +1 DEX, moving first, won 35% of mirrored melee
        battles, handing its twin the first blow). A fighter with no ranged attack, closing on
        a foe that must come to it to strike, and whose move would end in a foe's reach without
        a blow, stops just outside every foe's reach; already there, it Holds its Phase (a foe
        who comes is struck first); after a Phase of waiting, 1 in 6 (the battle's dice) that it
        steps in, so two who both wait do not stall: each asks in turn, and a small chance keeps
        the one asked first (the higher DEX) from stepping in far more often (1 in 2 made it 2
        in 3; 1 in 6, 6 in 11). None: close in as usual."""
        hold = self.find("hold")  # only where a Phase can be held
        if hold is None or self.longest_range > 1 or target.strikes_within > 1:
            return None  # a foe who shoots from afar will not come: waiting only lets it shoot
        d = self.dist(target)
        if d - self.move_cells() > target.reach + 1:
            return None  # a full move toward it still ends out of its reach: nothing to wait for
        edge = self.outside_reach(target)
        if edge is not None:
            return Choice(edge, f"closes on {target.name} to just outside the reach of every foe ({where_to(edge)})")
        if self.waited_last() and self.battle.dice.roll(6, "standoff") == 1:
            return None  # steps in
        return Choice(hold, f"{WAITS} for {target.name} to come ({d} cells): holds its Phase just outside its reach")

    def approach(self, target: Vitals) -> tuple[Action, str] | None:
        """Get into a position to attack ``target`` next time: into range if the actor has a
        ranged attack, otherwise next to it."""
        if self.longest_range > 1:
            move = self.standoff(target, self.longest_range)
            if move is not None:
                return move, f"moves to {where_to(move)} to have {target.name} in range"
        move = self.close_in(target)
        if move is not None:
            on_way = on_the_way(self.menu, self.me, target)
            if on_way is not None:
                return on_way, f"takes {on_way.power} and closes on {target.name} ({self.dist(target)} cells)"
            return move, f"closes on {target.name} ({self.dist(target)} cells)"
        return None

    # -- variations on a menu attack (HERO) --------------------------------------------------

    def with_levels(self, actions: Iterable[Action], levels: tuple[str, ...]) -> list[Action]:
        """Each attack once per way of using the actor's CSLs (unchanged if it has none)."""
        if not (self.hero and self.csl):
            return list(actions)
        return [replace(a, levels=lv) for a in actions for lv in levels]

    def aimed(self, actions: list[Action], weigh: Callable[[Action, float], float] | None = None) -> list[Action]:
        """``actions`` and the placed shots worth trying among them (:func:`placed_shots`), ranked
        as the mind weighs them (HERO with the hit-location rule; unchanged otherwise)."""
        if not self.hero:
            return actions
        rank = self.value if weigh is None else (lambda a: weigh(a, self.value(a)))
        return [*actions, *placed_shots(actions, rank, self.battle.player_options(self.me.id).aims)]

    def pushed(self, action: Action, points: int) -> Action:
        """``action`` pushed ``points`` Character Points, if that is expected to add harm (a push
        the doubling cap swallows costs END for nothing); otherwise ``action`` unchanged."""
        if not self.hero or points <= 0 or action.kind not in ATTACK_KINDS:
            return action
        push = replace(action, push=points)
        return push if self.value(push) > self.value(action) else action

    # -- the log -----------------------------------------------------------------------------

    def last_phase_choice(self) -> ActionChosen | None:
        """What the actor chose in its last Phase or turn (not its Aborts or reactions)."""
        for e in reversed(self.battle.events):
            if type(e) is ActionChosen and e.actor == self.me.id and e.decision == "phase":
                return e
        return None

    def waited_last(self) -> bool:
        last = self.last_phase_choice()
        return last is not None and last.reason.startswith(WAITS)

    # -- common answers ----------------------------------------------------------------------

    def guard(self, reason: str, prefer_block: bool = True) -> Choice | None:
        """Abort (or react) to a defence: Block a hand-to-hand attack (only then is Block on the
        menu) when ``prefer_block``, otherwise Dodge; out of an area (no Dodge is offered against
        one), Dive for Cover."""
        block = self.find("block") if prefer_block else None
        choice = block or self.find("dodge") or self.find("dive")
        if choice is None:
            return None
        return Choice(choice, f"{reason}: {_GUARD_WORDS[choice.kind]}")

    def no_reaction(self, reason: str) -> Choice:
        return Choice(self.menu[0], reason)

    def take_reaction(self) -> Choice:
        """Marvel: a defensive reaction costs no turn, so take it whenever it is offered; step in
        for an ally (Interpose) as :func:`shield` says; a reaction power that costs Focus (Blur,
        Shield) only as :func:`power_reaction` says."""
        shielding = (shield(self.battle, self.decision, self.me) or helping(self.decision, self.battle)
                     or spend_karma(self.decision, self.battle, self.me) or break_free(self.menu, self.me, 0.0, True)
                     or team_call(self.decision, self.battle, self.me) or strike_back(self.decision, self.battle))
        if shielding is not None:
            return shielding
        if self.find("dodge") is None:
            power = power_reaction(self.decision, self.me)
            if power is not None:
                return power
        return self.guard("a reaction costs no turn", prefer_block=False) or self.no_reaction("no reaction")

    def abort_below(self, threshold: float, why: str) -> Choice:
        """About to be attacked: Marvel takes its free reaction; HERO Aborts (Block a hand-to-hand
        attack, Dodge a ranged one) only with under ``threshold`` of its fight left, because an
        Abort costs its next Phase."""
        if not self.hero:
            return self.take_reaction()
        if self.me.health < threshold:
            return self.guard(f"{why} ({pct(self.me.health)} left), aborts") or self.no_reaction("cannot defend")
        return self.no_reaction(f"{pct(self.me.health)} fight left: keeps its next Phase")

    def fall_back(self, why: str) -> Choice | None:
        """Retreat, if the actor is faster than every foe next to it (otherwise they follow)."""
        retreat = self.find("retreat")
        if retreat is None or not self.adjacent or any(self.me.reach <= v.reach for v in self.adjacent):
            return None
        return Choice(retreat, f"{why}: falls back from {self.everyone[retreat.target].name}, who is slower")

    def recovery(self, why: str) -> Choice | None:
        """HERO's Recovery action; Marvel's Karma recovery of the pool the actor is lowest in."""
        recover = self.find("recover")
        if recover is None:
            return None
        return Choice(recover, f"{why}: {recover.maneuver or 'takes a Recovery'}")

    def go_toward(self, targets: Iterable[Vitals], why: str = "",
                  approach: Callable[[Vitals], tuple[Action, str] | None] | None = None) -> Choice:
        """Approach the first of ``targets`` the actor can move toward (how: ``approach``, by
        default :meth:`approach`), else the fallback."""
        how = approach or self.approach
        for v in targets:
            move = how(v)
            if move is not None:
                return Choice(move[0], f"{why}{move[1]}")
            why = ""
        return self.fallback()

    def fallback(self) -> Choice:
        """Break free of a hold, else Dodge, saying why: no foe to attack or reach, or attacks
        that cannot hurt those in reach."""
        out = break_free(self.menu, self.me, 0.0)
        if out is not None:
            return out
        dodge = self.find("dodge")
        if dodge is not None:
            return Choice(dodge, f"{self.idle()}: dodges")
        return Choice(self.menu[0], "nothing better to do")

    def idle(self) -> str:
        """Why the actor attacks no one: ``nothing to attack or reach``, or, when every attack on
        the menu is expected to do nothing (armour, holding back), ``its attacks cannot hurt the
        foes in reach (...)``."""
        if self.attacks and all(self.value(a) <= 0 for a in self.attacks):
            names = ", ".join(self.everyone[t].name
                              for t in sorted({t for a in self.attacks for t in (a.target, *a.targets) if t}))
            return f"its attacks cannot hurt the foes in reach ({names})"
        return "nothing to attack or reach"


def describe_attack(sit: Situation, action: Action, value: float) -> str:
    """``40% of what is left of Villain (75% fight left)``, or ``enough to finish Villain (...)``."""
    target = sit.everyone[primary(action)]
    harm = "enough to finish" if value >= 1 else f"{pct(value)} of what is left of"
    placed = f"aimed at the {action.aim}, " if action.aim else ""
    return f"{placed}{harm} {target.name} ({pct(target.health)} fight left)"


def answer_for(name: str, choose: Callable[[BattleView, Decision], Choice]
               ) -> Callable[[BattleView, Decision], Choice | None]:
    """The ``slugfest_choose_action`` hook of the mind registered as ``name``: it answers only
    for the combatants the scenario gives to that mind (the battle routes only those to it)."""
    return answers_for(name)(choose)
