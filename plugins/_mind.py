"""What the built-in minds share: one reading of a decision, through the public API only.

A :class:`Situation` is built once per decision from what any AI plugin may use: the menu and
the decision's tactical picture (``decision.picture``: the expected harm of each option, worked
out once by the rules system, and how far each of the actor's attacks reaches),
``battle.vitals`` for every combatant of the scenario's roster, the map (``battle.grid``: paths
and line of sight), the log (``battle.events``: what this actor chose last) and
``battle.player_options`` (how many Combat Skill Levels the actor may assign, HERO). The
battle is the read-only view every hook receives.

Nothing here decides anything: each mind (``plugins/<mind>.py``) says what matters to it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any, Callable, Iterable

from slugfest import Action, BattleView, Choice, Decision, Vitals, answers_for
from slugfest.core.engine.events import ActionChosen
from slugfest.core.rules.grid import Cell, distance

#: The kinds of action that strike a foe (a Marvel Ram and Fastball Special are estimated like attacks).
ATTACK_KINDS = ("attack", "multiple-attack", "move-through", "ram", "fastball")
#: A ranged attacker pays no Range Modifier up to this many cells from its target (8 m in HERO).
SAFE_CELLS = 4
#: The reason a waiting mind gives; the next decision reads it back from the log.
WAITS = "waits"
#: Between attacks worth the same, the plainer maneuver: Brace at no range penalty adds nothing
#: to the roll but still halves the attacker's DCV.
PLAINER = {"": 0, "strike": 0, "set": 1, "brace": 2, "move through": 3, "multiple attack": 3, "haymaker": 4}


def pct(x: float) -> str:
    return f"{x:.0%}"


def where_to(move: Action) -> str:
    """Where a move goes, as the log writes a cell ("x,y")."""
    x, y = move.destination or (0, 0)
    return f"{x},{y}"


def primary(action: Action) -> str:
    """The (first) target of an attack."""
    return action.target or (action.targets[0] if action.targets else "")


#: Interpose (a reaction that makes the actor the target instead of an ally): worth it when the
#: ally has under this share of its fight left...
SHIELD_ALLY_BELOW = 1 / 3
#: ...and the actor at least this share of its own.
SHIELD_WHILE_ABOVE = 1 / 2


def shield(battle: BattleView, decision: Decision, me: Vitals | None = None) -> Choice | None:
    """Answer a question that offers to step in for an attacked ally (an ``interpose`` action on
    the menu), or None if the menu offers none. The actor takes the blow instead, against the
    lower of the two defenses, so it steps in only for an ally about to go down (under a third
    of its fight left, or already down) while it has half of its own or more."""
    step_in = next((a for a in decision.menu if a.kind == "interpose"), None)
    if step_in is None:
        return None
    me, ally = me or battle.vitals(decision.actor), battle.vitals(step_in.target)
    if ally.health >= SHIELD_ALLY_BELOW:
        return Choice(decision.menu[0], f"{ally.name} is not hurt enough to shield ({pct(ally.health)} left)")
    if me.health < SHIELD_WHILE_ABOVE:
        return Choice(decision.menu[0], f"too hurt itself to shield {ally.name} ({pct(me.health)} left)")
    return Choice(step_in, f"shields {ally.name} ({pct(ally.health)} left) while itself at {pct(me.health)}: "
                           "takes the blow instead")


def helping(decision: Decision, battle: BattleView) -> Choice | None:
    """Answer a question that offers to help a teammate's failed check (a ``help`` action on
    the menu): yes, since a reaction costs no turn and comes back next round; None if none is
    offered."""
    help_ = next((a for a in decision.menu if a.kind == "help"), None)
    if help_ is None:
        return None
    return Choice(help_, f"a reaction costs no turn: gives {battle.vitals(help_.target).name} an edge")


#: Karma for an edge on a failed attack: when a hit could finish a foe under this share of its fight.
KARMA_FINISHES_BELOW = 1 / 3
#: Karma for trouble on a hit: when the actor has under this share of its own fight.
KARMA_SAVES_BELOW = 1 / 2


def spend_karma(decision: Decision, battle: BattleView, me: Vitals | None = None) -> Choice | None:
    """Answer a question that offers to spend Karma on a check (a ``karma`` action: ``Karma for
    an edge`` on its own failed attack, ``Karma for trouble`` on a hit against it); None if none
    is offered. Karma
    also heals (a Karma recovery), so it goes on an edge only when the hit could finish the foe,
    and on trouble only when the actor is hurt."""
    karma = next((a for a in decision.menu if a.kind == "karma"), None)
    if karma is None:
        return None
    me, other = me or battle.vitals(decision.actor), battle.vitals(karma.target)
    if karma.maneuver == "Karma for an edge":
        if other.health < KARMA_FINISHES_BELOW:
            return Choice(karma, f"spends 1 Karma for an edge: a hit could finish {other.name} ({pct(other.health)} left)")
        return Choice(decision.menu[0], f"keeps its Karma: {other.name} has {pct(other.health)} left")
    if me.health < KARMA_SAVES_BELOW:
        return Choice(karma, f"hurt ({pct(me.health)} left): spends 1 Karma for trouble on the hit")
    return Choice(decision.menu[0], f"keeps its Karma ({pct(me.health)} fight left)")


def on_the_way(menu: Iterable[Action], me: Vitals, foe: Vitals) -> Action | None:
    """A lasting power the menu offers to take with a move toward ``foe`` (Marvel: Attack
    Stance, Shield...), if the shorter move still leaves the actor able to close and strike
    next turn (``foe`` within twice its move and a step); None otherwise. Taken on the way in,
    it costs half a move rather than a turn."""
    if distance(me.position, foe.position) > 2 * me.reach + 1:
        return None
    return next((a for a in menu if a.kind == "power" and a.target == foe.id), None)


#: A reaction power that pays Focus (Blur, Shield) is used with under this share of fight left.
POWER_REACTION_BELOW = 1 / 2


def power_reaction(decision: Decision, me: Vitals) -> Choice | None:
    """A reaction power on the menu (kind ``power``), used when the actor has under half its
    fight left: it costs Focus, which is fight too. None if none is offered or it is not yet time."""
    power = next((a for a in decision.menu if a.kind == "power"), None)
    if power is None or me.health >= POWER_REACTION_BELOW:
        return None
    return Choice(power, f"hurt ({pct(me.health)} left): uses {power.power}")


def break_free(menu: Iterable[Action], me: Vitals, best: float, free: bool = False) -> Choice | None:
    """Held by a foe (an ``escape`` on the menu): asked (``free``: a reaction, back next round),
    it always tries; on its own turn it tries when no attack would do anything (``best`` 0), or
    when pinned (its own attacks have trouble) and no attack would finish a foe. None otherwise."""
    out = next((a for a in menu if a.kind == "escape"), None)
    if out is None or not out.target:  # a power's pin (no holder) is hard to break and ends with its turn
        return None
    if free:
        return Choice(out, "a reaction costs no turn: tries to break free at once")
    if best <= 0:
        return Choice(out, "held, and nothing to do from here: tries to break free")
    if "pinned" in me.conditions and best < 1:
        return Choice(out, f"pinned (trouble on its Melee and Agility checks), and its best attack would do {pct(best)}: "
                           "tries to break free")
    return None


def team_call(decision: Decision, battle: BattleView, me: Vitals) -> Choice | None:
    """A team maneuver (kind ``team``: once a battle, each member paying Focus), called when it
    pays: a Rally that brings back a shattered member; else, once a foe can be reached this round,
    Defensive (the highest level offered) when its side has under four fifths of the foes' fight, a
    Rally's recovery rolls when its side is under half, otherwise Offensive. None if none is
    offered or no foe is near yet."""
    offers = [a for a in decision.menu if a.kind == "team"]
    if not offers:
        return None
    everyone = [battle.vitals(c.id) for c in battle.scenario.combatants]
    for a in offers:
        if a.target and "shattered" in battle.vitals(a.target).conditions:
            return Choice(a, f"brings {battle.vitals(a.target).name} back into the fight ({a.maneuver})")
    ours = [v for v in everyone if v.side == me.side and v.able]
    foes = [v for v in everyone if v.side != me.side and v.able]
    if not foes or len(ours) < 2:
        return None
    near = min(distance(v.position, w.position) for v in ours for w in foes)
    if near > max(v.reach for v in ours) * 2 + max(v.strikes_within for v in ours):
        return None  # no one of its side can strike this round: the round's effect would go to waste
    fight, theirs = sum(v.health for v in ours) / len(ours), sum(v.health for v in foes) / len(foes)
    kind = "Defensive" if fight < 0.8 * theirs else "Rally" if fight < 0.5 else "Offensive"
    best = max((a for a in offers if a.maneuver.startswith(kind) and not a.target),
               key=lambda a: a.maneuver, default=None)
    if best is None:
        return None
    why = {"Defensive": f"its side has much less fight left ({pct(fight)}) than the foes ({pct(theirs)})",
           "Rally": f"its side is under half its fight ({pct(fight)})",
           "Offensive": "the foes are within reach this round"}[kind]
    return Choice(best, f"calls the team maneuver {best.maneuver}: {why}")


def strike_back(decision: Decision, battle: BattleView) -> Choice | None:
    """An attack offered as a free reaction (a thrown ally striking as it lands): the one with the
    highest expected harm. None if the question offers none."""
    attacks = [a for a in decision.menu if a.kind == "attack"]
    if not attacks or not decision.free:
        return None
    best = max(attacks, key=lambda a: (battle.estimate(decision.actor, a), a.label()))
    return Choice(best, f"a reaction costs no turn: strikes with {best.attack} ({best.maneuver})")


def hold_still(battle: BattleView, menu: Iterable[Action], me: Vitals, foes: Iterable[str]) -> Action | None:
    """A ``grab`` of one of ``foes`` (the ones its attacks cannot hurt): holding a foe keeps it
    from moving on to the actor's allies, the one thing left to do to it, so only while it has
    an ally still fighting. None if none is offered or there is no one to keep it off."""
    wanted = set(foes)
    grab = next((a for a in menu if a.kind == "grab" and a.target in wanted), None)
    if grab is None:
        return None
    allies = (battle.vitals(c.id) for c in battle.scenario.combatants if c.id != me.id)
    return grab if any(v.side == me.side and v.able for v in allies) else None


#: What the menu offers that is neither an attack nor a move: a power used on a friend (HERO Aid,
#: Healing), a blow at an Entangle holding the actor or a friend, and the Grab family and Disarm
#: (a Marvel Grab or Escape the estimate puts at 0, so they are only taken as before).
TENDING = ("aid", "screen", "break-out", "grab", "grab-by", "choke", "squeeze", "throw", "escape", "disarm")


def tend(decision: Decision, battle: BattleView, harm: Callable[[Action], float], beat: float = 0.0,
         bound: Callable[[Action], float] | None = None) -> Choice | None:
    """The best Aid, Healing or blow at an Entangle on the menu, if the rules system's estimate
    (the same units as an attack's: a share of a fight, given or freed) puts it above ``beat``,
    the best attack's; None otherwise. ``bound`` (:func:`bound_of`), when given, spares working
    out the harm of an option whose bound is already no more than the best so far."""
    best, value = None, beat
    for a in decision.menu:
        if a.kind in TENDING:
            if bound is not None and bound(a) <= value:
                continue  # its harm is no more than its bound: it cannot beat ``value``
            v = harm(a)
            if v > value:
                best, value = a, v
    if best is None:
        return None
    against = f"; its best attack {pct(beat)}" if beat > 0 else ""
    who = battle.vitals(best.target)
    grappling = {"grab": f"grabs {who.name}", "grab-by": f"swoops on {who.name} and grabs it",
                 "choke": f"takes {who.name} in a Choke Hold", "squeeze": f"squeezes {who.name}",
                 "throw": f"throws {who.name} down",
                 "escape": f"tries to break {who.name}'s hold", "disarm": f"knocks {who.name}'s {best.weapon} away"}
    if best.kind in grappling:
        return Choice(best, f"{grappling[best.kind]} (worth {pct(value)}{against})")
    if best.kind == "screen":
        hidden = ", ".join(battle.vitals(t).name for t in best.targets)
        return Choice(best, f"lays {best.attack} over {hidden}: hidden from the foes that shoot (worth {pct(value)}"
                            f"{against})")
    if best.kind == "break-out":
        using = best.attack or "STR"
        if best.target == decision.actor:
            return Choice(best, f"held by an Entangle: strikes it with {using} (freedom worth {pct(value)}{against})")
        return Choice(best, f"strikes the Entangle holding {who.name} with {using} (worth {pct(value)}{against})")
    return Choice(best, f"uses {best.attack} on {'itself' if best.target == decision.actor else who.name} "
                        f"({pct(who.health)} fight left): worth {pct(value)}{against}")


def bound_of(decision: Decision, harm: Callable[[Action], float]) -> Callable[[Action], float]:
    """What an option's ``harm`` can be at most, cheaper to know: the picture's ``gain`` (HERO:
    the estimate before the actor's own costs, which only subtract) when it offers one, else
    ``harm`` itself."""
    gain = getattr(decision.picture, "gain", None)
    return gain if gain is not None else harm


def best_of(actions: Iterable[Action], value: Callable[[Action], float], bound: Callable[[Action], float],
            rank: Callable[[Action], tuple]) -> tuple[Action, float] | None:
    """The action of highest ``value``, ties to the lowest ``rank``, then the lowest label, then
    the first given; None for no action. ``bound(a)`` is never below ``value(a)``: ``value`` is
    asked, highest bound first, only of the actions whose bound is not below the best value
    found so far, since the rest can neither beat nor tie it (issue 35: the estimate's costs
    are worked out only for the options that could still win). The label, dear to write, is
    read only between actions tied on value and rank."""
    rows = sorted([(-bound(a), i, a) for i, a in enumerate(actions)])  # (by bound, then the place given: no
    # two rows tie on both, so the actions are never compared; no key function, called per row: 0.1% of a
    # hero-brawl battle's instructions, issue 35)
    found: tuple[tuple, Action, int] | None = None  # (-value and rank, the action, its place given)
    for neg_bound, i, a in rows:
        if found is not None and neg_bound > found[0][0]:
            break  # this bound and every one after it are below the best value found
        key = (-value(a), *rank(a))
        if found is None or key < found[0] or key == found[0] and (a.label(), i) < (found[1].label(), found[2]):
            found = key, a, i
    return None if found is None else (found[1], -found[0][0])


def highest(actions: Iterable[Action], value: Callable[[Action], float], bound: Callable[[Action], float]) -> float:
    """``max(value(a) for a in actions)`` (0 for none), ``value`` asked only while a bound could
    still beat the highest found (:func:`best_of`): what an Aid, a Grab or a switch must beat."""
    found = best_of(actions, value, bound, _no_rank)
    return 0.0 if found is None else found[1]


def _no_rank(action: Action) -> tuple:
    return ()


#: Placed shots (HERO hit locations) are tried on this many of the best single attacks: an aim
#: multiplies a hit's STUN and BODY by at most x5 (a Killing Head shot) and costs up to -8 OCV, so
#: an aimed blow worth most comes from one of the few best unaimed ones (a bound on the cost: ten
#: locations an attack).
AIM_TRIES = 3


def placed_shots(actions: Iterable[Action], value: Callable[[Action], float],
                 aims: Iterable[tuple[str, int]], tries: int = AIM_TRIES) -> list[Action]:
    """Each of ``tries`` best single attacks on a foe (by ``value``; not an area, a Multiple
    Attack or a Move Through, which cannot be placed) aimed at each location of ``aims``
    (``player_options(...).aims``: empty without the hit-location rule). The rules system's
    estimate of each counts the location's OCV penalty and its STUN and BODY multipliers, so a
    mind weighs them like any attack: a Head shot at -8 OCV pays only against a foe it would still
    hit, or a Stunned one (the penalty halved)."""
    where = [name for name, _ in aims]
    if not where:
        return []
    single = [a for a in actions if a.kind == "attack" and a.target and not a.aim and a.maneuver != "area"]
    ranked = sorted(single, key=lambda a: (-value(a), a.label()))[:tries]
    return [replace(a, aim=name) for a in ranked for name in where]


#: How a defence taken is said.
_GUARD_WORDS = {"block": "blocks", "dodge": "dodges", "dive": "dives for cover"}

#: Zero-Phase actions (HERO): they take no time, and the same Phase goes on with a new choice.
FREE = ("presence", "switch", "drop", "listen")
#: A free action worth less than this is not worth the log line.
FREE_AT_LEAST = 0.01


def free_first(decision: Decision, battle: BattleView, harm: Callable[[Action], float], beat: float) -> Choice | None:
    """A Zero-Phase action to take before the Phase's own (HERO): a Presence Attack worth
    anything at all (it costs nothing), a Multipower switch to a slot worth more than ``beat``,
    the best attack the slot in use offers, or dropping a Darkness whose END is worth more than
    the field does now (its estimate above 0). None if none."""
    best, value = None, FREE_AT_LEAST
    for a in decision.menu:
        if a.kind in FREE:
            v = harm(a) - (beat if a.kind == "switch" else 0.0)
            if v > value:
                best, value = a, v
    if best is None:
        return None
    if best.kind == "presence":
        return Choice(best, f"a Presence Attack takes no time: {best.attack} (worth {pct(value)} in Phases the "
                            "foes in sight may lose)")
    if best.kind == "listen":
        return Choice(best, f"listens for {battle.vitals(best.target).name}, whom it cannot see: half its OCV back if "
                            f"heard (worth {pct(value)}); it takes the Half Phase a move would")
    if best.kind == "drop":
        return Choice(best, f"drops {best.attack}: the END it costs each Phase is worth more than the field does now "
                            f"(by {pct(value)}); it takes no time")
    return Choice(best, f"switches its Multipower to {best.slot} (better by {pct(value)}): it takes no time")


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

    def go_toward(self, targets: Iterable[Vitals], why: str = "") -> Choice:
        """Approach the first of ``targets`` the actor can move toward, else the fallback."""
        for v in targets:
            move = self.approach(v)
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
