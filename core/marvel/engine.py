"""The Marvel Multiverse battle: initiative, the bonus round, rounds of turns, the action menu,
and the resolution of each action. This is the only Marvel module that changes battle state;
the rules it applies come from the pure modules beside it.

Round loop: initiative is rolled once when the battle starts (d616 + initiative modifier) and
kept; those with a Fantastic initiative roll act once in a bonus round (round 0); then every
round each character still able to act takes one turn, in initiative order. Reactions (one per
round, two with Combat Reflexes) refresh when a round starts.

A turn is one decision. Each menu entry is a whole turn (one standard action and one movement
action): ``attack`` (moving first if needed: a close attack moves up to its speed to reach the
target; a ranged one moves up to its speed until the target is in range and sight), ``move``
toward a foe or to a cell (the standard action spent as a second movement action: twice its
speed), ``retreat`` (also a double move), ``dodge`` (attacks against it have trouble until its
next turn) and ``recover`` (spend 1 Karma: a Resilience or Vigilance check against TN 10).
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Choice, Decision
from ..errors import IllegalAction
from ..events import Moved
from ..grid import Cell, distance
from ..memo import SheetMemos
from ..vitals import Vitals
from . import events as ev
from . import stats
from .conditions import pool_max
from .d616 import roll_d616, succeeds
from .damage import knockback_spaces
from .initiative import InitiativeEntry, bonus_round, initiative_order
from .resolve import (MarvelAttackContext, MarvelAttackResult, MarvelDamageOutcome, expected_harm,
                      validate_attack_result, validate_damage_result)
from .sheet import DODGE_REACTIONS, INITIATIVE_EDGES, MarvelAttack, MarvelSheet, dump_options, dump_sheet, parse_options, parse_sheet
from .state import Fighter, MarvelState

NO_REACTION = Action("none")
KARMA_TN = 10


class MarvelSystem:
    name = "marvel"
    title = "Marvel Multiverse Role-Playing Game"
    time_unit = "round"
    metres_per_cell = 1.5  # one space is 5 feet
    cell_unit = "space"
    damage_unit = "Health"
    catalogue = stats.CATALOGUE
    tally = staticmethod(stats.tally)

    parse_options = staticmethod(parse_options)
    dump_options = staticmethod(dump_options)
    parse_sheet = staticmethod(parse_sheet)
    dump_sheet = staticmethod(dump_sheet)

    def __init__(self) -> None:
        self._memos = SheetMemos()

    def max_combatants(self) -> int:
        return 32

    # -- state --------------------------------------------------------------------------

    def new_state(self, battle: Any) -> MarvelState:
        opts = battle.options
        fighters: dict[str, Fighter] = {}
        for c in battle.scenario.combatants:
            s = c.sheet
            hmax = pool_max(s.abilities.Resilience, s.health, opts.minimum_pools)
            fmax = pool_max(s.abilities.Vigilance, s.focus, opts.minimum_pools)
            reactions = 1 + (1 if s.has("Combat Reflexes") else 0)
            fighters[c.id] = Fighter(c.id, c.name, c.side, c.ai, s, c.position, hmax, fmax, hmax, fmax,
                                     s.starting_karma, reactions, reactions,
                                     memo=self._memos.for_sheet(s, opts))
        st = MarvelState(fighters, opts)
        entries: list[InitiativeEntry] = []
        for f in fighters.values():
            edges = tuple(p for p in INITIATIVE_EDGES if f.sheet.has(p))
            roll = roll_d616(battle.dice, edges, (), opts.stacked_rerolls)
            mod = f.sheet.initiative_modifier
            entry = InitiativeEntry(f.id, roll, mod, roll.dice_total + mod, f.sheet.abilities.Vigilance)
            f.initiative = entry
            entries.append(entry)
            named = "Vigilance" if f.sheet.initiative is None else "initiative modifier"
            battle.emit(ev.InitiativeRolled(f.id, roll, named, mod, entry.total))
        order, ties = initiative_order(entries, lambda cid: battle.dice.roll(6, "initiative tie-break"))
        st.order = order
        st.bonus = bonus_round(entries, order) if opts.bonus_round else ()
        battle.emit(ev.InitiativeOrder(order, st.bonus, ties))
        st.round = 0 if st.bonus else 1
        battle.rounds = st.round
        return st

    def combatant_view(self, battle: Any, cid: str) -> Fighter:
        return battle.state.fighters[cid]

    def snapshot(self, battle: Any) -> dict[str, Any]:
        st: MarvelState = battle.state
        out: dict[str, Any] = {"round": st.round, "order": list(st.order), "combatants": []}
        for f in st.fighters.values():
            out["combatants"].append({
                "id": f.id, "name": f.name, "side": f.side, "position": list(f.pos),
                "Health": [f.health, f.health_max], "Focus": [f.focus, f.focus_max], "Karma": f.karma,
                "initiative": f.initiative.total if f.initiative else None,
                "reactions": f.reactions, "conditions": list(f.conditions()),
            })
        return out

    def invariant_violations(self, battle: Any) -> list[str]:
        out = []
        for f in battle.state.fighters.values():
            if f.health > f.health_max:
                out.append(f"{f.id}: Health {f.health} above its maximum {f.health_max}")
            if f.focus > f.focus_max:
                out.append(f"{f.id}: Focus {f.focus} above its maximum {f.focus_max}")
            if f.karma < 0:
                out.append(f"{f.id}: negative Karma {f.karma}")
            if not 0 <= f.reactions <= f.reactions_per_round:
                out.append(f"{f.id}: {f.reactions} reactions left of {f.reactions_per_round}")
            if not battle.grid.open(f.pos):
                out.append(f"{f.id}: standing in a wall or off the map at {f.pos}")
        cells = [f.pos for f in battle.state.fighters.values() if not f.killed]
        if len(cells) != len(set(cells)):
            out.append("two combatants share a cell")
        return out

    def vitals(self, battle: Any, cid: str) -> Vitals:
        f: Fighter = battle.state.fighters[cid]
        # Fight left: Health until unconscious, or Focus until shattered (Focus 0 only demoralizes).
        health = min(max(f.health, 0) / f.health_max, max(f.focus + f.focus_max, 0) / (2 * f.focus_max))
        return Vitals(f.id, f.name, f.side, f.pos, not f.out, not f.killed, health,
                      max(f.focus, 0) / f.focus_max, False, f.conditions(), self.speed(f))

    def estimate(self, battle: Any, actor: str, action: Action) -> float:
        """P(hit) x the damage the target would take (after holding back: a Heroic attacker
        cannot shatter or kill) as a fraction of the pool it has left (capped at 1 per roll),
        summed exactly over every d616 outcome with the edges and troubles that apply now."""
        if action.kind != "attack" or not action.target:
            return 0.0
        st: MarvelState = battle.state
        f, g = st.fighters[actor], st.fighters[action.target]
        return expected_harm(self.attack_context(battle, f, g, f.attack(action.attack)))

    # -- the round loop ------------------------------------------------------------------

    def able(self, battle: Any, cid: str) -> bool:
        return not battle.state.fighters[cid].out

    def next_decision(self, battle: Any) -> Decision | None:
        st: MarvelState = battle.state
        able = lambda cid: not st.fighters[cid].out  # noqa: E731
        while True:
            if battle.check_end(able):
                return None
            if st.queue is None:
                self._begin_round(battle)
            while st.queue:
                decision = self._open_turn(battle, st.queue.pop(0))
                if decision is not None:
                    return decision
                if battle.check_end(able):
                    return None
            self._end_round(battle)

    def _begin_round(self, battle: Any) -> None:
        st: MarvelState = battle.state
        bonus = st.round == 0
        # The kept order, less the killed: they will never act again (the unconscious stay listed,
        # since their turns come up and are skipped, with why).
        st.queue = [cid for cid in (st.bonus if bonus else st.order) if not st.fighters[cid].killed]
        for f in st.fighters.values():
            f.reactions = f.reactions_per_round
        battle.emit(ev.RoundStarted(st.round, tuple(st.queue), bonus))

    def _end_round(self, battle: Any) -> None:
        st: MarvelState = battle.state
        st.round += 1
        battle.rounds = st.round
        st.queue = None

    def _open_turn(self, battle: Any, fid: str) -> Decision | None:
        st: MarvelState = battle.state
        f = st.fighters[fid]
        if f.killed:
            return None
        f.dodging = False  # a Dodge lasts until the start of the dodger's next turn
        if f.out:
            why = (f"unconscious (Health {f.health}): cannot take any actions" if f.unconscious
                   else f"shattered (Focus {f.focus}): frozen in place by fear and stress")
            battle.emit(ev.TurnSkipped(fid, why))
            return None
        f.turns += 1
        battle.emit(ev.TurnStarted(fid, st.round, f.health, f.health_max, f.focus, f.focus_max, f.karma,
                                   f.conditions()))
        when = "Bonus round" if st.round == 0 else f"Round {st.round}"
        return Decision(fid, tuple(self.menu(battle, f)), f.ai, "phase", when)

    # -- the menu ----------------------------------------------------------------------

    def speed(self, f: Fighter) -> int:
        return f.sheet.movement()[0]

    def _occupied(self, st: MarvelState, f: Fighter) -> set[Cell]:
        return {g.pos for g in st.fighters.values() if g.id != f.id and not g.killed}

    def attack_range(self, battle: Any, atk: MarvelAttack) -> int:
        return atk.range * (2 if battle.options.long_range else 1)

    def attack_path(self, battle: Any, f: Fighter, g: Fighter, atk: MarvelAttack) -> list[Cell] | None:
        """The cells ``f`` moves through (its movement action) before attacking ``g``; ``[]``
        if it can attack from where it stands; ``None`` if it cannot attack ``g`` this turn."""
        st: MarvelState = battle.state
        speed = self.speed(f)
        if atk.close:
            reach = f.sheet.reach
            if distance(f.pos, g.pos) <= reach:
                return []
            if speed <= 0:
                return None
            path = battle.grid.path(f.pos, g.pos, self._occupied(st, f), stop_adjacent=True, limit=speed)
            if path is None:
                return None
            for i, cell in enumerate(path):
                if distance(cell, g.pos) <= reach:
                    path = path[:i + 1]
                    break
            return path if len(path) <= speed else None
        rng = self.attack_range(battle, atk)

        def ok(cell: Cell) -> bool:
            return distance(cell, g.pos) <= rng and battle.grid.line_of_sight(cell, g.pos)

        if ok(f.pos):
            return []
        if speed <= 0 or distance(f.pos, g.pos) > rng + speed:
            return None
        path = battle.grid.path(f.pos, g.pos, self._occupied(st, f), stop_adjacent=True,
                                limit=max(battle.grid.width, battle.grid.height) * 2)
        for i, cell in enumerate((path or [])[:speed]):
            if ok(cell):
                return path[:i + 1]  # type: ignore[index]
        return None

    def menu(self, battle: Any, f: Fighter) -> list[Action]:
        """Every turn ``f`` may take now (each a standard action plus a movement action)."""
        st: MarvelState = battle.state
        foes = [g for g in st.fighters.values() if g.side != f.side and not g.killed]
        out: list[Action] = []
        for atk in f.sheet.attacks:
            for g in foes:
                if self.attack_path(battle, f, g, atk) is not None:
                    out.append(Action("attack", atk.name, g.id))
        limit = max(battle.grid.width, battle.grid.height) * 2
        for g in foes:
            if not g.out and distance(f.pos, g.pos) > 1 and self.speed(f) > 0:
                if battle.grid.path(f.pos, g.pos, self._occupied(st, f), stop_adjacent=True, limit=limit) is not None:
                    out.append(Action("move", target=g.id))
        threats = [g for g in foes if not g.out]
        if threats:
            nearest = min(threats, key=lambda g: (distance(f.pos, g.pos), g.id))
            if self.speed(f) > 0 and battle.grid.step_away(f.pos, nearest.pos, 1, self._occupied(st, f)):
                out.append(Action("retreat", target=nearest.id))
        out.append(Action("dodge"))
        if f.karma > 0:
            hurt = [(f.pool(p) / f.pool_max(p), p) for p in ("Health", "Focus") if f.pool(p) < f.pool_max(p)]
            for _, pool in sorted(hurt):
                out.append(Action("recover", maneuver=f"recover {pool}"))
        return out

    def check(self, battle: Any, decision: Decision, action: Action) -> None:
        st: MarvelState = battle.state
        f = st.fighters[decision.actor]
        if action.kind == "move" and action.destination is not None and decision.kind == "phase":
            cells = 2 * self.speed(f)
            dest = action.destination
            if not battle.grid.open(dest):
                raise IllegalAction(f"{dest} is not an open cell of the map")
            path = battle.grid.path(f.pos, dest, self._occupied(st, f), limit=cells)
            if path is None or len(path) > cells:
                raise IllegalAction(f"{dest} is beyond {f.name}'s {cells} spaces of movement this turn (a double move)")
            return
        if action in decision.menu:
            return
        raise IllegalAction(self._explain(battle, f, action, decision))

    def _explain(self, battle: Any, f: Fighter, a: Action, decision: Decision) -> str:
        st: MarvelState = battle.state
        if decision.kind == "abort":
            return f"as a reaction only these are possible: {', '.join(x.label() for x in decision.menu)}"
        if a.target and a.target not in st.fighters:
            return f"there is no combatant {a.target!r}"
        names = [x.name for x in f.sheet.attacks]
        if a.attack and a.attack not in names:
            return f"{f.name} has no attack named {a.attack!r} (has: {', '.join(sorted(names))})"
        if a.kind == "attack" and a.target:
            g = st.fighters[a.target]
            atk = f.attack(a.attack)
            if g.side == f.side:
                return f"{g.name} is on {f.name}'s own side"
            if g.killed:
                return f"{g.name} is dead"
            d = distance(f.pos, g.pos)
            if atk.close:
                return f"{g.name} is {d} spaces away: too far to reach with one movement action ({self.speed(f)} spaces)"
            return (f"{g.name} is {d} spaces away; {atk.name} reaches {self.attack_range(battle, atk)} spaces "
                    f"(in line of sight) after moving at most {self.speed(f)}")
        if a.kind == "recover":
            return f"{f.name} has no Karma left" if f.karma <= 0 else f"{a.label()}: nothing to recover"
        return f"{a.label()} is not possible now"

    # -- carrying out a choice ----------------------------------------------------------

    def perform(self, battle: Any, decision: Decision, choice: Choice) -> None:
        st: MarvelState = battle.state
        f = st.fighters[decision.actor]
        a = choice.action
        if a.kind == "attack":
            g = st.fighters[a.target]
            atk = f.attack(a.attack)
            path = self.attack_path(battle, f, g, atk) or []
            self._move(battle, f, path, f"{f.sheet.movement()[1]} toward {g.name}")
            self.resolve_attack(battle, f, g, atk)
        elif a.kind == "move":
            cells = 2 * self.speed(f)
            limit = max(battle.grid.width, battle.grid.height) * 2
            if a.destination is not None:
                path = battle.grid.path(f.pos, a.destination, self._occupied(st, f), limit=cells) or []
                self._move(battle, f, path, f"{f.sheet.movement()[1]} (a double move)")
            else:
                g = st.fighters[a.target]
                path = battle.grid.path(f.pos, g.pos, self._occupied(st, f), stop_adjacent=True, limit=limit) or []
                self._move(battle, f, path[:cells], f"{f.sheet.movement()[1]} toward {g.name} (a double move)")
        elif a.kind == "retreat":
            g = st.fighters[a.target]
            path = battle.grid.step_away(f.pos, g.pos, 2 * self.speed(f), self._occupied(st, f))
            self._move(battle, f, path, f"falls back from {g.name} (a double move)")
        elif a.kind == "dodge":
            f.dodging = True
            battle.emit(ev.Dodging(f.id))
        elif a.kind == "recover":
            self._karma_recovery(battle, f, "Health" if a.maneuver.endswith("Health") else "Focus")

    def _move(self, battle: Any, f: Fighter, path: list[Cell], why: str) -> int:
        if not path:
            return 0
        start = f.pos
        f.pos = path[-1]
        battle.emit(Moved(f.id, start, f.pos, len(path), "space" if len(path) == 1 else "spaces", why))
        return len(path)

    # -- attacks -----------------------------------------------------------------------

    def attack_context(self, battle: Any, f: Fighter, g: Fighter, atk: MarvelAttack,
                       reaction: str = "") -> MarvelAttackContext:
        """The attack step's frozen input: TN from the target's defense, edges and troubles
        with their sources, damage bonuses and reductions, and whether the attacker holds back."""
        opts = battle.options
        category = atk.category
        mine = f.memo.get(("attack", atk.name))
        if mine is None:
            mine = f.memo[("attack", atk.name)] = self._attacker_facts(opts, f.sheet, atk)
        edges, nonlethal, heroic_hold, mods, score, bonuses = mine
        theirs = g.memo.get(("target", atk.defense, atk.damage, category))
        if theirs is None:
            theirs = g.memo[("target", atk.defense, atk.damage, category)] = self._target_facts(g.sheet, atk)
        tn, poised, reductions = theirs
        tn_note, auto = "", ""
        if g.unconscious or g.killed:
            if category == "close":
                auto = "target unconscious: close attacks hit automatically"
            elif tn > 10:
                tn, tn_note = 10, "unconscious: defense against ranged attacks is 10"
        troubles: list[str] = []
        if f.demoralized:
            troubles.append(f"{f.name} is demoralized")
        if g.dodging and not g.out:
            troubles.append(f"{g.name} is dodging")
        if poised and not g.out:
            troubles.append(f"{g.name}'s Unflappable Poise")
        if reaction:
            troubles.append(f"{g.name}'s {reaction}")
        holds = nonlethal or (f"{f.name} holds back (Heroic)" if heroic_hold else "")
        pool = atk.damage
        return MarvelAttackContext(
            "marvel", f.id, g.id, atk, category, atk.ability, score, mods,
            atk.defense, tn, tn_note, auto, edges, tuple(troubles), f.sheet.rank,
            bonuses, reductions, pool, g.pool(pool), g.pool_max(pool),
            holds, opts,
        )

    @staticmethod
    def _attacker_facts(opts: Any, sheet: MarvelSheet, atk: MarvelAttack) -> tuple:
        """What an attack's context takes from the attacker's sheet alone (memoised per sheet):
        its edges, why it holds back (a nonlethal attack; a Heroic character when the option
        is on), the check's modifiers, the ability score, and the multiplier bonuses."""
        edges: list[str] = []
        if atk.edge:
            edges.append(atk.name)
        if atk.ability == "Melee" and sheet.has("Blazing Fast Fists"):
            edges.append("Blazing Fast Fists")
        nonlethal = f"{atk.name} is nonlethal" if atk.nonlethal else ""
        heroic_hold = not atk.nonlethal and opts.holding_back and sheet.heroic and not atk.lethal
        mods = ((atk.name, atk.check_bonus),) if atk.check_bonus else ()
        return tuple(edges), nonlethal, heroic_hold, mods, sheet.ability(atk.ability), sheet.multiplier_bonuses(atk)

    @staticmethod
    def _target_facts(sheet: MarvelSheet, atk: MarvelAttack) -> tuple[int, bool, tuple[tuple[str, int], ...]]:
        """What it takes from the target's sheet alone (memoised per sheet): the defense (the
        TN), Unflappable Poise against close attacks, and the damage reductions."""
        return (sheet.defense(atk.defense), atk.category == "close" and sheet.has("Unflappable Poise"),
                sheet.reductions(atk.damage))

    def _offer_reaction(self, battle: Any, g: Fighter, f: Fighter, atk: MarvelAttack) -> str:
        """A defensive reaction power (Spider-Dodge...) against an attack on Agility defense."""
        if g.out or g.reactions <= 0 or atk.defense != "Agility":
            return ""
        powers = [p for p in DODGE_REACTIONS if g.sheet.has(p)]
        if not powers:
            return ""
        menu = (NO_REACTION,) + tuple(Action("dodge", maneuver=p) for p in powers)
        choice = battle.ask(Decision(g.id, menu, g.ai, "abort",
                                     f"{f.name} attacks {g.name} with {atk.name}: use a reaction?"))
        if choice.action.kind == "none":
            return ""
        g.reactions -= 1
        battle.emit(ev.ReactionUsed(g.id, choice.action.maneuver, f.id, "the attack has trouble", g.reactions))
        return choice.action.maneuver

    def resolve_attack(self, battle: Any, f: Fighter, g: Fighter, atk: MarvelAttack
                       ) -> tuple[MarvelAttackResult, MarvelDamageOutcome | None]:
        """One attack: the target's reaction, the attack step, the damage step, then effects."""
        reaction = self._offer_reaction(battle, g, f, atk)
        ctx = self.attack_context(battle, f, g, atk, reaction)
        hit: MarvelAttackResult = battle.call_step("slugfest_attack_step", validate_attack_result, ctx)
        battle.emit(ev.AttackCheck(f.id, g.id, atk.name, ctx.category, ctx.ability, ctx.score, ctx.modifiers,
                                   hit.roll, hit.total, ctx.defense, hit.tn, ctx.tn_note, hit.hit, hit.fantastic,
                                   hit.automatic, hit.notes))
        if not hit.hit:
            return hit, None
        dmg: MarvelDamageOutcome = battle.call_step("slugfest_damage_step", validate_damage_result, ctx, hit)
        battle.emit(ev.DamageFigured(f.id, g.id, atk.name, dmg.calc, dmg.notes))
        self._apply(battle, g, ctx.pool, dmg.calc.total, dmg.taken, atk.name, dmg.held_back)
        if (ctx.close and hit.fantastic and battle.options.knockback and f.sheet.mighty and atk.knockback
                and dmg.calc.multiplier >= 1 and not g.killed):
            self._knockback(battle, f, g, dmg.calc.multiplier)
        return hit, dmg

    def _apply(self, battle: Any, g: Fighter, pool: str, damage: int, taken: int, source: str, why: str) -> None:
        before_flags = self._flags(g)
        before = g.pool(pool)
        if pool == "Health":
            g.health -= taken
        else:
            g.focus -= taken
        battle.emit(ev.DamageApplied(g.id, source, pool, damage, taken, before, g.pool(pool), g.pool_max(pool), why))
        self._conditions(battle, g, before_flags)

    @staticmethod
    def _flags(g: Fighter) -> tuple[bool, bool, bool, bool]:
        return g.unconscious, g.killed, g.demoralized, g.shattered

    def _conditions(self, battle: Any, g: Fighter, before: tuple[bool, bool, bool, bool]) -> None:
        was_unc, was_killed, was_dem, was_sh = before
        if g.killed and not was_killed:
            battle.emit(ev.ConditionChanged(g.id, "killed", True, f"Health {g.health}, at or below -{g.health_max}"))
        elif g.unconscious and not was_unc:
            battle.emit(ev.ConditionChanged(g.id, "unconscious", True, f"Health {g.health}, below 1"))
        elif was_unc and not g.unconscious and not g.killed:
            battle.emit(ev.ConditionChanged(g.id, "unconscious", False, f"Health back to {g.health}"))
        if g.shattered and not was_sh:
            battle.emit(ev.ConditionChanged(g.id, "shattered", True,
                                            f"Focus {g.focus}, at or below -{g.focus_max}: frozen by fear and stress"))
        elif g.demoralized and not was_dem:
            battle.emit(ev.ConditionChanged(g.id, "demoralized", True, f"Focus {g.focus}: trouble on all actions"))
        elif was_dem and not g.demoralized and not g.shattered:
            battle.emit(ev.ConditionChanged(g.id, "demoralized", False, f"Focus back to {g.focus}"))
        if g.out:
            g.dodging = False

    def _knockback(self, battle: Any, f: Fighter, g: Fighter, multiplier: int) -> None:
        """5 spaces per multiplier straight away from the attacker; no extra damage on impact."""
        spaces = knockback_spaces(multiplier)
        start = g.pos
        path, stopped = battle.grid.push_line(g.pos, f.pos, spaces, self._occupied(battle.state, g))
        if path:
            g.pos = path[-1]
        battle.emit(ev.KnockedBack(g.id, f.id, multiplier, spaces, len(path), start, g.pos, stopped))

    # -- Karma recovery ------------------------------------------------------------------

    def _karma_recovery(self, battle: Any, f: Fighter, pool: str) -> None:
        """Spend 1 Karma: Resilience (Health) or Vigilance (Focus) check vs TN 10; success
        recovers Marvel die x rank (option: + the ability), doubled on a Fantastic success."""
        opts = battle.options
        ability = "Resilience" if pool == "Health" else "Vigilance"
        score = f.sheet.ability(ability)
        f.karma -= 1
        troubles = (f"{f.name} is demoralized",) if f.demoralized else ()
        roll = roll_d616(battle.dice, (), troubles, opts.stacked_rerolls)
        total = roll.dice_total + score
        ok = succeeds(roll, total, KARMA_TN)
        fantastic = ok and roll.fantastic
        battle.emit(ev.CheckRolled(f.id, f"Karma recovery ({pool})", ability, score, roll, total, KARMA_TN, ok, fantastic))
        before_flags = self._flags(f)
        if not ok:
            battle.emit(ev.Recovered(f.id, pool, 0, f.pool(pool), f.pool_max(pool), f.karma, "the check failed"))
            return
        adds = opts.karma_recovery == "rank+ability"
        amount = max(roll.marvel * f.sheet.rank + (score if adds else 0), 0) * (2 if fantastic else 1)
        gained = max(min(amount, f.pool_max(pool) - f.pool(pool)), 0)
        how = (f"dM {roll.marvel} x rank {f.sheet.rank}" + (f" + {ability} {score}" if adds else "")
               + (", doubled (Fantastic)" if fantastic else "") + f" = {amount}")
        if gained < amount:
            how += f", up to the maximum {f.pool_max(pool)}"
        if pool == "Health":
            f.health += gained
        else:
            f.focus += gained
        battle.emit(ev.Recovered(f.id, pool, gained, f.pool(pool), f.pool_max(pool), f.karma, how))
        self._conditions(battle, f, before_flags)
