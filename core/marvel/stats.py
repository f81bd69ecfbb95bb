"""A finished Marvel battle as system-neutral statistics (damage counted in Health taken)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..events import ActionChosen, BattleEnded
from ..stats import BattleTally, CombatantTally
from . import events as ev

#: Every action and rule the coverage report looks for, so it can say which never fired.
CATALOGUE: tuple[str, ...] = (
    "action:attack", "action:move", "action:retreat", "action:dodge", "action:recover",
    "reaction:dodge",
    "rule:attack hit", "rule:attack missed", "rule:Fantastic success", "rule:Fantastic failure",
    "rule:6-M-6", "rule:edge", "rule:trouble", "rule:edges and troubles cancel",
    "rule:close attack", "rule:ranged attack", "rule:mental attack",
    "rule:Health damage", "rule:Focus damage", "rule:damage reduction", "rule:multiplier below 1",
    "rule:bonuses do not stack", "rule:Fantastic doubles damage", "rule:holding back", "rule:knockback",
    "rule:knockback stopped", "rule:close attack on the unconscious hits", "rule:ranged defense 10",
    "rule:unconscious", "rule:killed", "rule:demoralized", "rule:shattered", "rule:turn lost",
    "rule:bonus round", "rule:initiative tie-break", "rule:Karma recovery",
)


def tally(battle: Any, index: int = 0) -> BattleTally:
    combatants = {c.id: CombatantTally(c.id, c.side) for c in battle.scenario.combatants}
    actions: Counter = Counter()
    rules: Counter = Counter()
    last_attacker = ""

    def roll_rules(roll: Any) -> None:
        if roll.edges:
            rules["rule:edge"] += 1
        if roll.troubles:
            rules["rule:trouble"] += 1
        if roll.edges and roll.troubles:
            rules["rule:edges and troubles cancel"] += 1

    for e in battle.events:
        t = type(e)
        if t is ActionChosen:
            if getattr(e, "decision", "phase") == "abort":
                if getattr(e, "action_kind", "") not in ("", "none"):
                    actions[f"reaction:{e.action_kind}"] += 1
            elif getattr(e, "action_kind", ""):
                actions[f"action:{e.action_kind}"] += 1
        elif t is ev.AttackCheck:
            c = combatants[e.attacker]
            c.attacks += 1
            c.hits += e.hit
            last_attacker = e.attacker
            rules["rule:attack hit" if e.hit else "rule:attack missed"] += 1
            rules[f"rule:{e.category} attack"] += 1
            if e.fantastic:
                rules["rule:Fantastic success"] += 1
            elif e.roll.fantastic and not e.hit:
                rules["rule:Fantastic failure"] += 1
            if e.automatic == "6-M-6":
                rules["rule:6-M-6"] += 1
            elif e.automatic:
                rules["rule:close attack on the unconscious hits"] += 1
            if e.tn_note:
                rules["rule:ranged defense 10"] += 1
            roll_rules(e.roll)
        elif t is ev.DamageFigured:
            calc = e.calc
            rules[f"rule:{calc.pool} damage"] += 1
            if calc.reduction:
                rules["rule:damage reduction"] += 1
            if calc.multiplier < 1:
                rules["rule:multiplier below 1"] += 1
            if calc.ignored_bonuses or calc.ignored_reductions:
                rules["rule:bonuses do not stack"] += 1
            if calc.doubled:
                rules["rule:Fantastic doubles damage"] += 1
        elif t is ev.DamageApplied:
            if e.pool == "Health":
                combatants[e.target].damage_taken += e.taken
                if last_attacker in combatants and last_attacker != e.target:
                    combatants[last_attacker].damage_dealt += e.taken
            if e.held_back:
                rules["rule:holding back"] += 1
        elif t is ev.ConditionChanged and e.active:
            rules[f"rule:{e.condition}"] += 1
            if e.condition == "unconscious":
                combatants[e.actor].knocked_out = True
            elif e.condition == "killed":
                combatants[e.actor].killed = True
        elif t is ev.KnockedBack:
            rules["rule:knockback"] += 1
            if e.stopped:
                rules["rule:knockback stopped"] += 1
        elif t is ev.TurnSkipped:
            rules["rule:turn lost"] += 1
        elif t is ev.RoundStarted and e.bonus:
            rules["rule:bonus round"] += 1
        elif t is ev.InitiativeOrder and e.tie_breaks:
            rules["rule:initiative tie-break"] += 1
        elif t is ev.InitiativeRolled:
            roll_rules(e.roll)
        elif t is ev.CheckRolled:
            rules["rule:Karma recovery"] += 1
            roll_rules(e.roll)
    end = battle.events[-1]
    assert isinstance(end, BattleEnded)
    return BattleTally(index, battle.seed, end.winner, end.reason, end.rounds, "limit" in end.reason,
                       combatants, actions, rules)
