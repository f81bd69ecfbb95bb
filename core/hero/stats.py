"""A finished HERO battle as system-neutral statistics (damage counted in STUN taken)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..events import ActionChosen, BattleEnded
from ..stats import BattleTally, CombatantTally
from . import events as ev

#: Every action and rule the coverage report looks for, so it can say which never fired.
CATALOGUE: tuple[str, ...] = (
    "action:attack/strike", "action:attack/haymaker", "action:attack/set", "action:attack/brace",
    "action:move-through", "action:multiple-attack", "action:move", "action:retreat", "action:dodge",
    "action:block", "action:recover", "action:hold", "abort:dodge", "abort:block",
    "rule:attack hit", "rule:attack missed", "rule:3 always hits", "rule:18 always misses",
    "rule:normal damage", "rule:killing damage", "rule:killing without resistant defense", "rule:NND",
    "rule:AVLD", "rule:doubling cap", "rule:x2 STUN on a knocked-out target",
    "rule:stunned", "rule:knocked out", "rule:woke up", "rule:dying", "rule:dead", "rule:prone",
    "rule:knockback", "rule:knockdown", "rule:knockback into a wall", "rule:block succeeded",
    "rule:block failed", "rule:haymaker fizzled", "rule:stun for END", "rule:push",
    "rule:phase lost to an abort", "rule:stunned phase spent recovering", "rule:stunned recovery slipped",
    "rule:post-segment 12",
    "rule:DEX tie-break", "rule:held phase lost",
)
# "rule:prone" counts the prone rule at work: a knockback or a knock-out puts a target down
# (counted under those), and getting up again costs a half Phase, an event of its own.


def tally(battle: Any, index: int = 0) -> BattleTally:
    combatants = {c.id: CombatantTally(c.id, c.side) for c in battle.scenario.combatants}
    actions: Counter = Counter()
    rules: Counter = Counter()
    last_attacker = ""
    for e in battle.events:
        t = type(e)
        if t is ActionChosen:
            if e.decision == "abort":
                if e.action_kind != "none":
                    actions[f"abort:{e.action_kind}"] += 1
            elif e.action_kind == "attack":
                actions[f"action:attack/{e.maneuver}"] += 1
            else:
                actions[f"action:{e.action_kind}"] += 1
        elif t is ev.AttackRolled:
            c = combatants[e.attacker]
            c.attacks += 1
            c.hits += e.hit
            rules["rule:attack hit" if e.hit else "rule:attack missed"] += 1
            if e.automatic:
                rules["rule:3 always hits" if e.automatic == "hit" else "rule:18 always misses"] += 1
        elif t is ev.DamageRolled:
            last_attacker = e.attacker
            if e.attacker != "knockback" and e.attacker != e.target:
                rules[{"normal": "rule:normal damage", "killing": "rule:killing damage",
                       "nnd": "rule:NND", "avld": "rule:AVLD"}[e.damage_kind]] += 1
                if e.capped:
                    rules["rule:doubling cap"] += 1
                if e.doubled:
                    rules["rule:x2 STUN on a knocked-out target"] += 1
        elif t is ev.DamageTakenEvent:
            combatants[e.target].damage_taken += e.stun_taken
            if last_attacker in combatants and last_attacker != e.target:
                combatants[last_attacker].damage_dealt += e.stun_taken
            if e.rule == "killing, no resistant defense":
                rules["rule:killing without resistant defense"] += 1
        elif t is ev.StatusChanged:
            if e.status == "prone":  # knocked prone shows in the knockback or knock-out; standing up, here
                rules["rule:prone"] += 1
            elif e.active and e.status in ("stunned", "knocked out", "dying", "dead"):
                rules[f"rule:{e.status}"] += 1
                if e.status == "knocked out":
                    combatants[e.actor].knocked_out = True
                if e.status == "dead":
                    combatants[e.actor].killed = True
            elif not e.active and e.status == "knocked out":
                rules["rule:woke up"] += 1
            elif not e.active and e.status == "stunned":
                rules["rule:stunned phase spent recovering"] += 1
            elif not e.active and e.status == "holding" and "lost" in e.why:
                rules["rule:held phase lost"] += 1
        elif t is ev.KnockbackRolled:
            if e.outcome == "knockback":
                rules["rule:knockback"] += 1
                if e.hit_wall:
                    rules["rule:knockback into a wall"] += 1
            elif e.outcome == "knockdown":
                rules["rule:knockdown"] += 1
        elif t is ev.BlockRolled:
            rules["rule:block succeeded" if e.success else "rule:block failed"] += 1
        elif t is ev.HaymakerFizzled:
            rules["rule:haymaker fizzled"] += 1
        elif t is ev.StunForEnd:
            rules["rule:stun for END"] += 1
        elif t is ev.Pushed:
            rules["rule:push"] += 1
        elif t is ev.PhaseSkipped and "Aborting" in e.reason:
            rules["rule:phase lost to an abort"] += 1
        elif t is ev.PhaseSkipped and "slips" in e.reason:
            rules["rule:stunned recovery slipped"] += 1
        elif t is ev.PostSegment12:
            rules["rule:post-segment 12"] += 1
        elif t is ev.SegmentStarted and e.tie_breaks:
            rules["rule:DEX tie-break"] += 1
    end = battle.events[-1]
    assert isinstance(end, BattleEnded)
    return BattleTally(index, battle.seed, end.winner, end.reason, end.rounds, "limit" in end.reason,
                       combatants, actions, rules)
