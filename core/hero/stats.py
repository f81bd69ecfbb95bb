"""A finished HERO battle as system-neutral statistics (damage counted in STUN and BODY taken)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.events import ActionChosen, PluginFailed
from ..batch.stats import BattleTally, CombatantTally, battle_end, count_failure
from . import events as ev

#: Every action and rule the coverage report looks for, so it can say which never fired.
CATALOGUE: tuple[str, ...] = (
    "action:attack/strike", "action:attack/haymaker", "action:attack/set", "action:attack/brace",
    "action:move-through", "action:attack/move by", "action:grab-by",
    "action:multiple-attack", "action:move", "action:retreat", "action:dodge",
    "action:block", "action:recover", "action:hold", "abort:dodge", "abort:block", "abort:dive",
    "rule:attack hit", "rule:attack missed", "rule:3 always hits", "rule:18 always misses",
    "rule:normal damage", "rule:killing damage", "rule:killing without resistant defense", "rule:NND",
    "rule:AVLD", "rule:mental blast", "rule:doubling cap", "rule:x2 STUN on a knocked-out target",
    "rule:stunned", "rule:knocked out", "rule:woke up", "rule:dying", "rule:dead", "rule:prone",
    "rule:knockback", "rule:knockdown", "rule:knockback stopped short", "rule:block succeeded",
    "rule:block failed", "rule:haymaker fizzled", "rule:stun for END", "rule:push",
    "rule:phase lost to an abort", "rule:stunned phase spent recovering", "rule:stunned recovery slipped",
    "rule:post-segment 12",
    "rule:DEX tie-break", "rule:lightning reflexes", "rule:held phase lost",
    "rule:armor piercing", "rule:hardened", "rule:penetrating", "rule:impenetrable", "rule:damage reduction",
    "rule:damage negation", "rule:double knockback", "rule:standard effect", "rule:charge used",
    "rule:out of charges", "rule:hit location", "rule:placed shot",
    "rule:autofire", "rule:autofire, more than one shot hit",
    "action:attack/area", "rule:area of effect", "rule:area hit an ally", "rule:explosion",
    "rule:area at an empty cell", "rule:surface or any area",
    "rule:entangle", "rule:entangle stacked", "rule:entangle broken", "action:break-out", "rule:flash",
    "rule:flash ended", "rule:drain", "rule:aid", "rule:adjustment faded", "rule:SPD changed", "action:aid",
    "rule:healing", "rule:healed awake",
    "action:attack/pull", "rule:pulled punch", "action:grab", "rule:grab held", "action:squeeze", "action:throw",
    "action:choke", "action:escape", "rule:escaped", "rule:escape failed", "action:disarm", "rule:disarmed", "rule:disarm failed",
    "rule:knocked down by a maneuver",
    "action:presence", "rule:presence: very impressed", "rule:presence: awed", "rule:presence: cowed",
    "rule:mind control: stands down", "rule:mind control: turned", "rule:mind control broken",
    "rule:mental illusions: stands down", "rule:mental illusions: turned", "rule:mental illusions broken",
    "action:switch", "action:drop", "action:screen", "action:listen",
)
#: The damage pools the statistics count, the main one (the system's ``damage_unit``) first.
POOLS: tuple[str, ...] = ("STUN", "BODY")

#: What the statistics count per combatant besides attacks and damage (the report's columns).
ACTED, LOST_ABORT, LOST_STUNNED, END_OUTS = ("Phases acted", "Phases lost to Aborts",
                                             "Phases lost to being Stunned", "END run-outs")
COUNTS: tuple[str, ...] = (ACTED, LOST_ABORT, LOST_STUNNED, END_OUTS)

# "rule:prone" counts the prone rule at work: a knockback or a knock-out puts a target down
# (counted under those), and getting up again costs a half Phase, an event of its own.


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


_DAMAGE_RULES = {"normal": "rule:normal damage", "killing": "rule:killing damage", "nnd": "rule:NND", "avld": "rule:AVLD",
                 "mental": "rule:mental blast"}


class _Count:
    def __init__(self, combatants: dict[str, CombatantTally]) -> None:
        self.combatants = combatants
        self.actions: Counter = Counter()
        self.rules: Counter = Counter()
        self.last_attacker = ""
        self.last_attack = ""
        self.hurt_by: dict[str, str] = {}  # who last hurt each combatant: credited with its knock-out
        self.turn = 1
        self.first_knockout: int | None = None
        self.rolled: dict[str, set[str]] = {}  # per attacker, the attacks it rolled for in its current action

    def chosen(self, e: ActionChosen) -> None:
        self.rolled[e.actor] = set()
        if e.decision == "abort":
            if e.action_kind != "none":
                self.actions[f"abort:{e.action_kind}"] += 1
        elif e.action_kind == "attack":
            self.actions[f"action:attack/{e.maneuver}"] += 1
        else:
            self.actions[f"action:{e.action_kind}"] += 1

    def attack(self, e: ev.AttackRolled) -> None:
        c = self.combatants[e.attacker]
        c.attacks += 1
        c.hits += e.hit
        a = c.attack(e.attack)
        a.uses += 1
        a.hits += e.hit
        self.rolled.setdefault(e.attacker, set()).add(e.attack)
        self.rules["rule:attack hit" if e.hit else "rule:attack missed"] += 1
        if e.automatic:
            self.rules["rule:3 always hits" if e.automatic == "hit" else "rule:18 always misses"] += 1
        for m in (*e.ocv.modifiers, *e.dcv.modifiers):  # a target or an attacker not perceived (senses)
            if m.source.startswith("cannot see"):
                self.rules[f"rule:{m.source}"] += 1

    def damage(self, e: ev.DamageRolled) -> None:
        self.last_attacker = e.attacker
        self.last_attack = e.attack
        if e.attacker != "knockback" and e.attacker != e.target:
            rolled = self.rolled.setdefault(e.attacker, set())
            if e.attack not in rolled and e.attacker in self.combatants:
                # A Throw, a Squeeze or a Choke from a Grab rolls no attack: it lands. Counted once
                # per action as a use and a hit, or the per-attack table would say it never happened.
                rolled.add(e.attack)
                c = self.combatants[e.attacker]
                c.attacks += 1
                c.hits += 1
                a = c.attack(e.attack)
                a.uses += 1
                a.hits += 1
            self.rules[_DAMAGE_RULES[e.damage_kind]] += 1
            if e.capped:
                self.rules["rule:doubling cap"] += 1
            if e.doubled:
                self.rules["rule:x2 STUN on a knocked-out target"] += 1
            for note in e.notes:  # the hit-location rule's note (core/hero/resolve.py: located)
                if note.startswith("hit location: placed shot"):
                    self.rules["rule:placed shot"] += 1
                elif note.startswith("hit location"):
                    self.rules["rule:hit location"] += 1

    def taken(self, e: ev.DamageTakenEvent) -> None:
        target = self.combatants[e.target]
        target.damage_taken += e.stun_taken
        target.taken["STUN"] += e.stun_taken
        target.taken["BODY"] += e.body_taken
        by = self.last_attacker
        if by in self.combatants and by != e.target:
            c = self.combatants[by]
            c.damage_dealt += e.stun_taken
            c.dealt["STUN"] += e.stun_taken
            c.dealt["BODY"] += e.body_taken
            a = c.attack(self.last_attack)
            a.dealt["STUN"] += e.stun_taken
            a.dealt["BODY"] += e.body_taken
            if e.stun_taken or e.body_taken:
                self.hurt_by[e.target] = by
        if e.rule == "killing, no resistant defense":
            self.rules["rule:killing without resistant defense"] += 1

    def status(self, e: ev.StatusChanged) -> None:
        rules = self.rules
        if e.status == "prone" and e.active:  # a Legsweep, a Martial Throw, a Throw (knockback shows its own)
            rules["rule:knocked down by a maneuver"] += 1
        elif e.status == "prone":  # knocked prone shows in the knockback or knock-out; standing up, here
            rules["rule:prone"] += 1
        elif e.active and e.status == "grabbed":
            rules["rule:grab held"] += 1
        elif e.active and e.status in ("stunned", "knocked out", "dying", "dead"):
            rules[f"rule:{e.status}"] += 1
            by = self.combatants.get(self.hurt_by.get(e.actor, ""))
            if e.status == "knocked out":
                self.combatants[e.actor].knocked_out = True
                if self.first_knockout is None:
                    self.first_knockout = self.turn
                if by is not None:
                    by.knockouts += 1
            if e.status == "dead":
                self.combatants[e.actor].killed = True
                if by is not None:
                    by.kills += 1
        elif not e.active and e.status == "knocked out":
            rules["rule:healed awake" if e.why.startswith("healed") else "rule:woke up"] += 1
        elif not e.active and e.status == "stunned":
            rules["rule:stunned phase spent recovering"] += 1
            self.combatants[e.actor].counts[LOST_STUNNED] += 1
        elif not e.active and e.status == "holding" and "lost" in e.why:
            rules["rule:held phase lost"] += 1
        elif not e.active and e.status == "flashed":
            rules["rule:flash ended"] += 1
        elif not e.active and e.status == "keeping a Darkness up":
            rules["rule:darkness ended"] += 1
        elif not e.active and e.status == "keeping an Images up":
            rules["rule:images ended"] += 1

    def knockback(self, e: ev.KnockbackRolled) -> None:
        if e.outcome == "knockback":
            self.rules["rule:knockback"] += 1
            if e.hit_wall:
                self.rules["rule:knockback stopped short"] += 1
        elif e.outcome == "knockdown":
            self.rules["rule:knockdown"] += 1

    def block(self, e: ev.BlockRolled) -> None:
        self.rules["rule:block succeeded" if e.success else "rule:block failed"] += 1

    def skipped(self, e: ev.PhaseSkipped) -> None:
        if "Aborting" in e.reason:
            self.rules["rule:phase lost to an abort"] += 1
            self.combatants[e.actor].counts[LOST_ABORT] += 1
        elif "slips" in e.reason:
            self.rules["rule:stunned recovery slipped"] += 1
            self.combatants[e.actor].counts[LOST_STUNNED] += 1

    def phase(self, e: ev.PhaseStarted) -> None:
        if not e.held:  # a held Phase taken later is the same Phase
            self.combatants[e.actor].counts[ACTED] += 1

    def stun_for_end(self, e: ev.StunForEnd) -> None:
        self.rules["rule:stun for END"] += 1
        self.combatants[e.actor].counts[END_OUTS] += 1

    def modified(self, e: ev.DamageModified) -> None:
        self.rules[f"rule:{e.modifier}"] += 1

    def charge(self, e: ev.ChargeUsed) -> None:
        self.rules["rule:charge used"] += 1
        if e.left == 0:
            self.rules["rule:out of charges"] += 1

    def autofire(self, e: ev.AutofireHits) -> None:
        self.rules["rule:autofire"] += 1
        if e.hits > 1:
            self.rules["rule:autofire, more than one shot hit"] += 1

    def aimed(self, e: ev.AreaAimed) -> None:
        if not e.target:
            self.rules["rule:area at an empty cell"] += 1

    def area(self, e: ev.AreaHit) -> None:
        self.rules["rule:area of effect"] += 1
        if e.friends:
            self.rules["rule:area hit an ally"] += 1
        if e.cells:
            self.rules["rule:surface or any area"] += 1

    def entangle(self, e: ev.EntangleRolled) -> None:
        if e.body:
            self.rules["rule:entangle stacked" if e.stacked else "rule:entangle"] += 1

    def entangle_hit(self, e: ev.EntangleAttacked) -> None:
        if e.freed:
            self.rules["rule:entangle broken"] += 1

    def flash(self, e: ev.FlashRolled) -> None:
        if e.segments > 0:
            self.rules["rule:flash" if e.sense == "sight" else f"rule:flash of {e.sense}"] += 1

    def images(self, e: ev.ImagesLaid) -> None:
        self.rules["rule:images"] += 1
        if e.inside:
            self.rules["rule:images over someone"] += 1

    def perception(self, e: ev.PerceptionRolled) -> None:
        if e.sense == "hearing":
            self.rules["rule:listened, heard" if e.made else "rule:listened, not heard"] += 1
        else:
            self.rules["rule:images seen through" if e.made else "rule:images believed"] += 1

    def darkness(self, e: ev.DarknessLaid) -> None:
        self.rules["rule:darkness"] += 1
        if e.inside:
            self.rules["rule:darkness over someone"] += 1

    def adjustment(self, e: ev.AdjustmentRolled) -> None:
        if e.ap:
            self.rules[f"rule:{e.power}"] += 1

    def escape(self, e: ev.EscapeRolled) -> None:
        self.rules["rule:escaped" if e.freed else "rule:escape failed"] += 1

    def disarm(self, e: ev.DisarmRolled) -> None:
        self.rules["rule:disarmed" if e.success else "rule:disarm failed"] += 1

    def presence(self, e: ev.PresenceEffect) -> None:
        if e.level >= 2:
            self.rules[f"rule:presence: {('very impressed', 'awed', 'cowed')[e.level - 2]}"] += 1

    def mind_control(self, e: ev.MindControlRolled) -> None:
        if e.took:
            self.rules[f"rule:{e.power.lower()}: {'turned' if e.level == 4 else 'stands down'}"] += 1

    def breakout(self, e: ev.BreakoutRolled) -> None:
        if e.made:
            self.rules[f"rule:{e.power.lower()} broken"] += 1

    def segment(self, e: ev.SegmentStarted) -> None:
        self.turn = e.turn
        if e.tie_breaks:
            self.rules["rule:DEX tie-break"] += 1



def _counts(rule: str) -> Any:
    """The counting of an event that only says a rule fired."""
    def method(count: _Count, e: object) -> None:
        count.rules[rule] += 1
    return method


_HANDLERS: dict[type, Any] = {
    PluginFailed: count_failure,
    ActionChosen: _Count.chosen, ev.AttackRolled: _Count.attack, ev.DamageRolled: _Count.damage,
    ev.DamageTakenEvent: _Count.taken, ev.StatusChanged: _Count.status, ev.KnockbackRolled: _Count.knockback,
    ev.BlockRolled: _Count.block, ev.PhaseSkipped: _Count.skipped, ev.SegmentStarted: _Count.segment,
    ev.DamageModified: _Count.modified, ev.ChargeUsed: _Count.charge, ev.PhaseStarted: _Count.phase,
    ev.HaymakerFizzled: _counts("rule:haymaker fizzled"), ev.StunForEnd: _Count.stun_for_end,
    ev.Pushed: _counts("rule:push"), ev.AutofireHits: _Count.autofire, ev.AreaHit: _Count.area,
    ev.AreaAimed: _Count.aimed,
    ev.EntangleRolled: _Count.entangle, ev.EntangleAttacked: _Count.entangle_hit, ev.FlashRolled: _Count.flash,
    ev.AdjustmentRolled: _Count.adjustment, ev.AdjustmentFaded: _counts("rule:adjustment faded"),
    ev.Healed: _counts("rule:healing"), ev.EscapeRolled: _Count.escape, ev.DisarmRolled: _Count.disarm,
    ev.PresenceEffect: _Count.presence, ev.MindControlRolled: _Count.mind_control,
    ev.BreakoutRolled: _Count.breakout, ev.SpdChanged: _counts("rule:SPD changed"), ev.PostSegment12: _counts("rule:post-segment 12"),
    ev.OrderRaised: _counts("rule:lightning reflexes"), ev.DarknessLaid: _Count.darkness,
    ev.ImagesLaid: _Count.images, ev.PerceptionRolled: _Count.perception,
}
