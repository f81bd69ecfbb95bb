"""A finished Marvel battle as system-neutral statistics (damage counted in Health and Focus taken)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.events import ActionChosen, PluginFailed
from ..batch.stats import BattleTally, CombatantTally, battle_end, count_failure
from . import events as ev
from .powers import CATALOGUE as POWERS
from .team import MANEUVERS

#: Every action and rule the coverage report looks for, so it can say which never fired.
CATALOGUE: tuple[str, ...] = (
    "action:attack", "action:move", "action:retreat", "action:dodge", "action:recover", "action:power",
    "reaction:dodge", "reaction:interpose", "reaction:power", "reaction:help",
    "rule:attack hit", "rule:attack missed", "rule:Fantastic success", "rule:Fantastic failure",
    "rule:6-M-6", "rule:edge", "rule:trouble", "rule:edges and troubles cancel",
    "rule:close attack", "rule:ranged attack", "rule:mental attack",
    "rule:Health damage", "rule:Focus damage", "rule:damage reduction", "rule:multiplier below 1",
    "rule:bonuses do not stack", "rule:Fantastic doubles damage", "rule:holding back", "rule:knockback",
    "rule:knockback stopped", "rule:close attack on the unconscious hits", "rule:ranged defense 10",
    "rule:Interpose lowers the defense", "rule:defense swap", "rule:Healing Factor",
    "rule:Karma for an edge", "rule:Karma for trouble", "rule:beyond the listed range", "rule:stunned", "rule:prone", "rule:bleeding", "rule:ablaze", "rule:condition treated",
    "rule:paralyzed", "rule:blinded", "rule:slowed", "rule:off-balance", "rule:surprised", "rule:deafened",
    "rule:poisoned", "rule:corroding", "rule:close attack on the paralyzed hits", "rule:a condition's round ended",
    "rule:poison check", "action:grab", "action:escape", "reaction:escape", "rule:grabbed", "rule:pinned",
    "rule:escape", "rule:grappling gives trouble", "rule:split attack", "rule:area attack",
    "rule:half damage (split or area)", "rule:team maneuver", "rule:Rally recovery",
    "action:ram", "action:fastball", "reaction:attack", "rule:Ram impact", "rule:Fastball Special throw",
    *(f"rule:team maneuver {name}" for name in MANEUVERS),
    "action:treat",
    "rule:Focus spent on a power", "rule:attack power", "rule:concentration broke", "rule:a power's round ended",
    "rule:unconscious", "rule:killed", "rule:demoralized", "rule:shattered", "rule:turn lost",
    "rule:bonus round", "rule:initiative tie-break", "rule:Karma recovery",
)

#: The damage pools the statistics count, the main one (the system's ``damage_unit``) first.
POOLS: tuple[str, ...] = ("Health", "Focus")

#: What the statistics count per combatant besides attacks and damage (the report's columns).
ACTED, LOST, REACTIONS = "turns acted", "turns lost (out of the fight)", "reactions used"
COUNTS: tuple[str, ...] = (ACTED, LOST, REACTIONS)


def tally(battle: Any, index: int = 0) -> BattleTally:
    """A finished battle's events counted: each event type's counting is one method below."""
    count = _Count({c.id: CombatantTally(c.id, c.side) for c in battle.scenario.combatants})
    handlers = _HANDLERS
    for e in battle.events:
        handler = handlers.get(type(e))
        if handler is not None:
            handler(count, e)
    end = battle_end(battle.events)
    return BattleTally(index, battle.seed, end.winner, end.reason, end.rounds, "limit" in end.reason,
                       count.combatants, count.actions, count.rules, count.first_knockout)


class _Count:
    def __init__(self, combatants: dict[str, CombatantTally]) -> None:
        self.combatants = combatants
        self.actions: Counter = Counter()
        self.rules: Counter = Counter()
        self.last_attacker = ""
        self.last_attack = ""
        self.hurt_by: dict[str, str] = {}  # who last hurt each combatant: credited with its knock-out
        self.round = 0
        self.first_knockout: int | None = None

    def roll(self, roll: Any) -> None:
        rules = self.rules
        if roll.edges:
            rules["rule:edge"] += 1
        if roll.troubles:
            rules["rule:trouble"] += 1
        if roll.edges and roll.troubles:
            rules["rule:edges and troubles cancel"] += 1

    def chosen(self, e: ActionChosen) -> None:
        if getattr(e, "decision", "phase") == "abort":
            if getattr(e, "action_kind", "") not in ("", "none", "karma", "team"):  # Karma, team maneuvers: rules
                self.actions[f"reaction:{e.action_kind}"] += 1
        elif getattr(e, "action_kind", ""):
            self.actions[f"action:{e.action_kind}"] += 1

    def attack(self, e: ev.AttackCheck) -> None:
        rules = self.rules
        c = self.combatants[e.attacker]
        c.attacks += 1
        c.hits += e.hit
        a = c.attack(e.attack)
        a.uses += 1
        a.hits += e.hit
        self.last_attacker = e.attacker
        self.last_attack = e.attack
        rules["rule:attack hit" if e.hit else "rule:attack missed"] += 1
        rules[f"rule:{e.category} attack"] += 1
        if e.fantastic:
            rules["rule:Fantastic success"] += 1
        elif e.roll.fantastic and not e.hit:
            rules["rule:Fantastic failure"] += 1
        if e.automatic == "6-M-6":
            rules["rule:6-M-6"] += 1
        elif e.automatic:
            rules["rule:close attack on the unconscious hits" if "unconscious" in e.automatic
                  else "rule:close attack on the paralyzed hits"] += 1
        if e.tn_note.endswith("defense against ranged attacks is 10"):
            rules["rule:ranged defense 10"] += 1
        elif e.tn_note.startswith("Interpose"):
            rules["rule:Interpose lowers the defense"] += 1
        elif e.tn_note:
            rules["rule:defense swap"] += 1
        self.roll(e.roll)
        if e.roll.troubles:
            if any("listed range" in t for t in e.roll.troubles):
                rules["rule:beyond the listed range"] += 1
            if any("grappling with" in t for t in e.roll.troubles):
                rules["rule:grappling gives trouble"] += 1

    def damage(self, e: ev.DamageFigured) -> None:
        rules, calc = self.rules, e.calc
        rules[f"rule:{calc.pool} damage"] += 1
        if calc.reduction:
            rules["rule:damage reduction"] += 1
        if calc.multiplier < 1:
            rules["rule:multiplier below 1"] += 1
        if calc.ignored_bonuses or calc.ignored_reductions:
            rules["rule:bonuses do not stack"] += 1
        if calc.doubled:
            rules["rule:Fantastic doubles damage"] += 1
        elif calc.halved:
            rules["rule:half damage (split or area)"] += 1

    def applied(self, e: ev.DamageApplied) -> None:
        target = self.combatants[e.target]
        target.taken[e.pool] += e.taken
        by = self.last_attacker
        # Only the attack's own damage is its attacker's: Bleeding or a Ram's impact on the rammer,
        # which come after some attack, are no one's (the report says so under "taken").
        credited = by in self.combatants and by != e.target and e.source == self.last_attack
        if credited:
            c = self.combatants[by]
            c.dealt[e.pool] += e.taken
            c.attack(self.last_attack).dealt[e.pool] += e.taken
            if e.taken:
                self.hurt_by[e.target] = by
        if e.pool == "Health":
            target.damage_taken += e.taken
            if credited:
                self.combatants[by].damage_dealt += e.taken
        if e.held_back:
            self.rules["rule:holding back"] += 1
        if e.source.endswith("of its Ram"):
            self.rules["rule:Ram impact"] += 1

    def condition(self, e: ev.ConditionChanged) -> None:
        if not e.active:
            if e.why.startswith("its round is over"):
                self.rules["rule:a condition's round ended"] += 1
            return
        self.rules[f"rule:{e.condition}"] += 1
        by = self.combatants.get(self.hurt_by.get(e.actor, ""))
        if e.condition == "unconscious":
            self.combatants[e.actor].knocked_out = True
            if self.first_knockout is None:
                self.first_knockout = self.round
            if by is not None:
                by.knockouts += 1
        elif e.condition == "killed":
            self.combatants[e.actor].killed = True
            if by is not None:
                by.kills += 1

    def knocked_back(self, e: ev.KnockedBack) -> None:
        self.rules["rule:knockback"] += 1
        if e.stopped:
            self.rules["rule:knockback stopped"] += 1

    def skipped(self, e: ev.TurnSkipped) -> None:
        self.rules["rule:turn lost"] += 1
        self.combatants[e.actor].counts[LOST] += 1

    def turn(self, e: ev.TurnStarted) -> None:
        self.combatants[e.actor].counts[ACTED] += 1

    def reaction(self, e: ev.ReactionUsed) -> None:
        self.combatants[e.actor].counts[REACTIONS] += 1

    def new_round(self, e: ev.RoundStarted) -> None:
        self.round = e.round
        if e.bonus:
            self.rules["rule:bonus round"] += 1

    def order(self, e: ev.InitiativeOrder) -> None:
        if e.tie_breaks:
            self.rules["rule:initiative tie-break"] += 1

    def initiative(self, e: ev.InitiativeRolled) -> None:
        self.roll(e.roll)

    def regained(self, e: ev.Regained) -> None:
        self.rules[f"rule:{e.power}"] += 1

    def team(self, e: ev.TeamManeuver) -> None:
        self.rules["rule:team maneuver"] += 1
        self.rules[f"rule:team maneuver {e.maneuver}"] += 1

    def karma(self, e: ev.KarmaSpent) -> None:
        self.rules["rule:Karma for an edge" if e.effect.startswith("an edge") else "rule:Karma for trouble"] += 1

    def power_used(self, e: ev.PowerUsed) -> None:
        if e.cost:
            self.rules["rule:Focus spent on a power"] += 1
        if e.lasts == "instant":
            self.rules["rule:attack power"] += 1
            spread = POWERS[e.power].spread if e.power in POWERS else ""
            if spread:
                self.rules["rule:split attack" if spread == "split" else "rule:area attack"] += 1

    def power_ended(self, e: ev.PowerEnded) -> None:
        self.rules["rule:concentration broke" if "concentration" in e.why else "rule:a power's round ended"] += 1

    def check(self, e: ev.CheckRolled) -> None:
        p = e.purpose
        self.rules["rule:Karma recovery" if p.startswith("Karma recovery") else
                   "rule:Rally recovery" if p.startswith("Rally") else
                   "rule:poison check" if p.startswith("resists") else
                   "rule:escape" if p.startswith("breaks free") else
                   "rule:Fastball Special throw" if p.startswith("throws") else "rule:condition treated"] += 1
        self.roll(e.roll)


_HANDLERS: dict[type, Any] = {
    PluginFailed: count_failure,
    ActionChosen: _Count.chosen, ev.AttackCheck: _Count.attack, ev.DamageFigured: _Count.damage,
    ev.DamageApplied: _Count.applied, ev.ConditionChanged: _Count.condition, ev.KnockedBack: _Count.knocked_back,
    ev.TurnSkipped: _Count.skipped, ev.RoundStarted: _Count.new_round, ev.TurnStarted: _Count.turn,
    ev.ReactionUsed: _Count.reaction, ev.InitiativeOrder: _Count.order,
    ev.InitiativeRolled: _Count.initiative, ev.CheckRolled: _Count.check, ev.Regained: _Count.regained,
    ev.PowerUsed: _Count.power_used, ev.PowerEnded: _Count.power_ended, ev.KarmaSpent: _Count.karma,
    ev.TeamManeuver: _Count.team,
}
