"""Text-log lines for HERO events: who acts in which Segment, each roll with its target number
and modifier chain, STUN/BODY before and after defenses, and status changes."""

from __future__ import annotations

from ..render.text import Heading, Quiet, TextLog, formats
from ..render.words import possessive
from . import areas
from . import events as ev
from .adjustment import COST_PER_POINT, DEFENSIVE, points
from .areas import EXPLOSION_METRES_PER_DC
from .knockback import impact_dice
from .movement import METRES_PER_CELL
from .sheet import SENSE_GROUPS, SENSE_VERBS


@formats(ev.SegmentStarted)
def _segment(e: ev.SegmentStarted, log: TextLog) -> str | None:
    if not e.order:  # a Segment in which no one has a Phase: said only if something happens in it
        return Quiet(f"Turn {e.turn}, Segment {e.segment}: no one acts")
    order = ", ".join(log.name(a) for a in e.order)
    ties = ""
    if e.tie_breaks:  # among equal DEX the higher roll acts first (the panel shows each one's DEX)
        ties = f" (DEX ties rolled off on 1d6, the higher roll first among equals: {log.roll_offs(e.order, e.tie_breaks)})"
    return Heading(f"Turn {e.turn}, Segment {e.segment}: {order}{ties}")


@formats(ev.OrderRaised)
def _order_raised(e: ev.OrderRaised, log: TextLog) -> str:
    return (f"  ({log.name(e.actor)} acts at DEX {e.order_dex} in the order: DEX {e.dex} "
            f"+{e.reflexes} Lightning Reflexes)")


@formats(ev.PhaseStarted)
def _phase(e: ev.PhaseStarted, log: TextLog) -> str | None:
    held = " (held Phase)" if e.held else ""
    return f"  {possessive(log.name(e.actor))} Phase{held}: STUN {e.stun}, BODY {e.body}, END {e.end}"


@formats(ev.PhaseSkipped)
def _skipped(e: ev.PhaseSkipped, log: TextLog) -> str:
    return f"  {log.name(e.actor)}: {e.reason}"


@formats(ev.StatusChanged)
def _status(e: ev.StatusChanged, log: TextLog) -> str:
    mark = "is now" if e.active else "is no longer"
    return f"    * {log.name(e.actor)} {mark} {e.status}: {e.why}"


@formats(ev.Aborted)
def _aborted(e: ev.Aborted, log: TextLog) -> str:
    how = "uses its held Phase" if e.uses_held else "aborts its next Phase"
    return f"    {log.name(e.actor)} {how} to {e.to} against {log.name(e.against)}"


@formats(ev.BlockRolled)
def _block(e: ev.BlockRolled, log: TextLog) -> str:
    res = "blocked!" if e.success else "block fails"
    earlier = (11 + e.blocker_ocv.value - e.attacker_ocv.value - e.needed) // 2
    later = f" - 2 x {earlier} earlier Blocks" if earlier else ""
    return (f"    {log.name(e.blocker)} blocks {log.name(e.attacker)}: needs {e.needed}- (11 + blocker's OCV "
            f"{e.blocker_ocv.value} - attacker's OCV {e.attacker_ocv.value}{later}), rolled {sum(e.faces)} "
            f"{list(e.faces)}: {res}")


def _maneuver_title(name: str) -> str:
    """A maneuver as its table entry titles it ("move through" -> "Move Through"): the log once
    used the name as a verb ("Sparkwing brace with X at Y"); a name no entry has (a plugin's, an
    old log's) is title-cased."""
    # imported here, not at the top: the table imports the rules, a circle through this module
    from .maneuvers import MANEUVERS
    entry = MANEUVERS.get(name)
    return entry.title if entry is not None else name.title()


def _aimed_at(e: ev.AttackRolled, log: TextLog) -> str:
    """Who an attack is aimed at; an area at an empty cell, the cell (:class:`.AreaAimed` says which)."""
    return log.name(e.target) if e.target else "the cell"


@formats(ev.AreaAimed)
def _area_aimed(e: ev.AreaAimed, log: TextLog) -> str:
    x, y = e.cell
    at = f"{possessive(log.name(e.target))} cell {x},{y}" if e.target else f"the empty cell {x},{y}"
    return f"    {log.name(e.attacker)} aims {e.attack} ({areas.TABLE[e.shape].sized(e.size)}) at {at}"


@formats(ev.AttackRolled)
def _attack(e: ev.AttackRolled, log: TextLog) -> str:
    res = "HIT" if e.hit else "miss"
    auto = f" (a {e.total} always {'hits' if e.automatic == 'hit' else 'misses'})" if e.automatic else ""
    lines = [
        f"    {log.name(e.attacker)} attacks {_aimed_at(e, log)} with {e.attack} ({_maneuver_title(e.maneuver)}): "
        f"needs {e.needed}- (11 + {e.ocv.name} {e.ocv.value} - {e.dcv.name} {e.dcv.value}), rolled {e.total} "
        f"{list(e.faces)}: {res}{auto}; would hit up to {e.dcv.name} {e.dcv_hit}",
    ]
    if log.verbose and (e.ocv.modifiers or e.dcv.modifiers):
        lines.append(f"      {e.ocv.text()} | {e.dcv.text()}")
    for n in e.notes:
        lines.append(f"      note: {n}")
    return "\n".join(lines)


@formats(ev.DamageRolled)
def _damage(e: ev.DamageRolled, log: TextLog) -> str:
    if not e.faces and not e.dice:  # damage worked out from another roll (a Move Through's own share)
        return f"    {log.name(e.target)}, {e.attack}: {e.stun} STUN, {e.body} BODY"
    added = ""
    if e.added:
        added = " (" + ", ".join(f"+{n} DC {src}" for src, n in e.added) + (", capped at double" if e.capped else "") + ")"
    mult = f" x STUN multiplier {_multiplier(e.multiplier, e.multiplier_face)}" if e.damage_kind == "killing" else ""
    flat = "".join(f", +{n} {src}" for src, n in e.flat)
    doubled = f", {e.doubled}" if e.doubled else ""
    dice = f"{e.dice}" if e.base_dice == e.dice else f"{e.base_dice} -> {e.dice}"
    notes = "".join(f"\n      note: {n}" for n in e.notes)
    rolled = f"rolled {list(e.faces)}" if e.faces else "no dice rolled"  # Standard Effect, or Negation left none
    what = _IMPACT.get(e.attack, e.attack) if e.attacker == "knockback" else e.attack
    return (f"    {what}: {dice}{added} {e.damage_kind} {rolled}{mult}{flat}{doubled}"
            f" = {e.stun} STUN, {e.body} BODY{notes}")


def _multiplier(multiplier: int, face: int) -> str:
    """The STUN multiplier with the seed's 1d6-1 shown (:func:`.damage.stun_multiplier`):
    "3 (rolled 4)" read as an error until the 1 taken off was written. A multiplier the rule
    alone does not give came also from Increased STUN Multiplier levels, the ``half-d6`` option
    or a house rule (the event keeps the face and the result, not which)."""
    less = face - 1
    if multiplier == less:
        return f"{multiplier} (rolled {face} - 1)"
    if multiplier == 1 and less < 1:
        return f"{multiplier} (rolled {face} - 1 = {less}, at least 1)"
    return f"{multiplier} (rolled {face} - 1, {multiplier - less:+d} from STUN Multiplier levels or a house rule)"


#: A knockback's landing, as the rules name it (core/hero/combat.py), with the rule of its dice:
#: the map's edge, an obstacle and a combatant all stop a flight as a wall does.
_IMPACT = {"slams into a wall": "stopped short, the impact (1d6 per 2 m of the knockback)",
           "hits the ground": "the landing (1d6 per 4 m of the knockback)"}


_MODIFIER_WORDS = {
    "armor piercing": lambda e: f"Armor Piercing {e.level}: {e.part} halved {e.before} -> {e.after}",
    "hardened": lambda e: f"Hardened {e.level}: {e.part} {e.before} not halved by Armor Piercing",
    "damage reduction": lambda e: f"Damage Reduction {e.level}%: {e.part} taken {e.before} -> {e.after}",
    "penetrating": lambda e: f"Penetrating: {e.part} taken raised {e.before} -> {e.after}",
    "damage negation": lambda e: f"Damage Negation {e.level}: {e.part}, before the roll below",
    "impenetrable": lambda e: f"Impenetrable {e.level}: the Penetrating floor {e.before} -> {e.after}",
    "double knockback": lambda e: f"Double Knockback: {e.part} {e.before} -> {e.after}",
    "explosion": lambda e: (f"Explosion: -{e.level} DC, 1 DC per full {EXPLOSION_METRES_PER_DC} m from the centre: "
                            f"{e.part}"),
    "standard effect": lambda e: f"Standard Effect: no dice rolled, {e.level} a die: {e.after} {e.part}",
}


@formats(ev.DamageModified)
def _modified(e: ev.DamageModified, log: TextLog) -> str:
    words = _MODIFIER_WORDS.get(e.modifier)
    text = words(e) if words else f"{e.modifier} {e.level}: {e.part} {e.before} -> {e.after}"
    return f"      {text}"


@formats(ev.ChargeUsed)
def _charge(e: ev.ChargeUsed, log: TextLog) -> str:
    return f"    {log.name(e.actor)} spends a Charge of {e.attack}: {e.left} left"


@formats(ev.DamageTakenEvent)
def _taken(e: ev.DamageTakenEvent, log: TextLog) -> str:
    return (f"    {log.name(e.target)} takes {e.stun_taken} STUN, {e.body_taken} BODY ({_defended(e)}) "
            f"-> STUN {e.stun_after}, BODY {e.body_after}")


#: Which defense comes off which total, by the seed's Taking Damage case (:func:`.damage.take_damage`):
#: "(37-22 STUN, 11-22 BODY)" named no defense, and a Killing hit's BODY meets only the resistant part.
_DEFENDED = {
    "normal": "{sr} - {sd} STUN, {br} - {bd} BODY: normal + resistant defense off each; normal",
    "killing": "{sr} - {sd} STUN: normal + resistant defense; {br} - {bd} BODY: resistant defense only; killing",
    "killing, no resistant defense": ("{sr} - 0 STUN: with no resistant defense it all goes through; "
                                      "{br} - {bd} BODY: resistant defense; killing"),
}


def _defended(e: ev.DamageTakenEvent) -> str:
    words = _DEFENDED.get(e.rule, "{sr} - {sd} STUN, {br} - {bd} BODY; " + e.rule.replace("{", "{{").replace("}", "}}"))
    if e.defense:  # which defense (a log of version 5 or earlier does not say)
        words = (words.replace("normal + resistant defense", f"{e.defense} + r{e.defense}")
                 .replace("resistant defense", f"r{e.defense}"))
    return words.format(sr=e.stun_rolled, sd=e.stun_defense, br=e.body_rolled, bd=e.body_defense)


@formats(ev.AutofireHits)
def _autofire(e: ev.AutofireHits, log: TextLog) -> str:
    shots = "shot" if e.hits == 1 else "shots"
    return (f"    Autofire: {e.shots} shots fired, the roll made by {e.made_by}: {e.hits} {shots} hit "
            f"(1 + 1 per 2 points, at most {e.shots})")


@formats(ev.AreaHit)
def _area(e: ev.AreaHit, log: TextLog) -> str:
    shape = areas.TABLE[e.shape]
    x, y = e.cell
    where = f"toward {x},{y}" if shape.spreads else f"centred on {x},{y}" if shape.unit == "m" else f"laid from {x},{y}"
    who = ", ".join(log.name(c) for c in e.inside) or "no one"
    return f"    {shape.sized(e.cells if shape.unit == 'cells' else e.metres)} {where}: hits everyone inside: {who}"


def _faces(faces: tuple[int, ...]) -> str:
    return f" {list(faces)}" if faces else " (Standard Effect)"


@formats(ev.EntangleRolled)
def _entangle(e: ev.EntangleRolled, log: TextLog) -> str:
    who = log.name(e.target)
    if not e.body:
        return f"    Entangle: rolled{_faces(e.faces)}, 0 BODY: it holds nothing"
    if e.stacked:
        return (f"    Entangle: rolled{_faces(e.faces)}, {e.body} BODY: on the one already holding {who}, "
                f"BODY {e.total_body} (the stronger + 1), rPD/rED {e.defense} or the old one's if higher")
    return f"    Entangle: rolled{_faces(e.faces)}, {e.body} BODY (rPD/rED {e.defense}) holds {who}"


@formats(ev.EntangleAttacked)
def _entangle_hit(e: ev.EntangleAttacked, log: TextLog) -> str:
    whose = "its own Entangle" if e.actor == e.target else f"the Entangle holding {log.name(e.target)}"
    through = max(e.body - e.defense, 0)
    end = "it breaks" if e.freed else f"{e.body_left} BODY left"
    return (f"    {log.name(e.actor)} strikes {whose} with {e.using}: rolled{_faces(e.faces)}, {e.body} BODY "
            f"- rPD/rED {e.defense} = {through} off: {end}")


@formats(ev.FlashRolled)
def _flash(e: ev.FlashRolled, log: TextLog) -> str:
    if e.sense != "sight":  # a Nontargeting group: the target still sees (rules-powers §3.3)
        group, verb = SENSE_GROUPS[e.sense], SENSE_VERBS[e.sense]
        head = f"    Flash ({group} Group): rolled{_faces(e.faces)}, {e.body} BODY - {group} Flash Defense {e.defense}"
        if e.segments <= 0:
            return f"{head}: {log.name(e.target)} can still {verb}"
        return (f"{head} = {e.segments} Segments: {log.name(e.target)} cannot {verb} to the end of Turn {e.until_turn}, "
                f"Segment {e.until_segment} (OCV and DCV as they were: only Sight targets)")
    if e.segments <= 0:
        return (f"    Flash: rolled{_faces(e.faces)}, {e.body} BODY - Flash Defense {e.defense}: "
                f"{log.name(e.target)} still sees")
    return (f"    Flash: rolled{_faces(e.faces)}, {e.body} BODY - Flash Defense {e.defense} = {e.segments} Segments: "
            f"{log.name(e.target)} cannot see to the end of Turn {e.until_turn}, Segment {e.until_segment}")


@formats(ev.DarknessLaid)
def _darkness(e: ev.DarknessLaid, log: TextLog) -> str:
    x, y = e.cell
    who = ", ".join(log.name(c) for c in e.inside) or "no one"
    moved = f" ({possessive(log.name(e.actor))} earlier field is gone)" if e.replaced else ""
    return (f"    {e.attack}: Darkness over {e.cells} cells around {x},{y}{moved}: no one sees into, out of or "
            f"through it; inside: {who}")


@formats(ev.ImagesLaid)
def _images(e: ev.ImagesLaid, log: TextLog) -> str:
    x, y = e.cell
    who = ", ".join(log.name(c) for c in e.inside) or "no one"
    moved = f" ({possessive(log.name(e.actor))} earlier one is gone)" if e.replaced else ""
    per = f", -{e.per} to PER rolls" if e.per else ""
    return (f"    {e.attack}: Images over {e.cells} cells around {x},{y}{moved}{per}: those outside who believe it "
            f"cannot see into or through it; hidden in it: {who}")


@formats(ev.PerceptionRolled)
def _perception(e: ev.PerceptionRolled, log: TextLog) -> str:
    total = sum(e.faces)
    if e.sense == "hearing":
        end = (f"hears {log.name(e.owner)}: half OCV against it, not 0; full DCV against its shots, -1 against its "
               "blows, until its next Phase" if e.made else f"does not hear {log.name(e.owner)}")
        return (f"    {log.name(e.actor)} listens for {log.name(e.owner)} (a Half Phase): PER roll needs {e.needed}-, "
                f"rolled {total}{_faces(e.faces)}: {end}")
    end = (f"sees through {possessive(log.name(e.owner))} {e.attack}" if e.made
           else f"still believes {possessive(log.name(e.owner))} {e.attack}")
    return f"    {possessive(log.name(e.actor))} PER roll: needs {e.needed}-, rolled {total}{_faces(e.faces)}: {end}"


@formats(ev.AdjustmentRolled)
def _adjustment(e: ev.AdjustmentRolled, log: TextLog) -> str:
    if e.power == "drain":
        less = f" - Power Defense {e.defense}" if e.defense else ""
        return (f"    Drain {e.characteristic}: rolled{_faces(e.faces)}, {e.total}{less} = {e.ap} Active Points"
                f"{_bought(e.characteristic, e.ap, e.before - e.after)}: "
                f"{possessive(log.name(e.target))} {e.characteristic} {e.before} -> {e.after}")
    held = f" (held to its ceiling: {e.ap} more)" if e.ap < e.total else ""
    return (f"    {log.name(e.actor)} Aids {possessive(log.name(e.target))} {e.characteristic}: rolled{_faces(e.faces)}, "
            f"{e.total} Active Points{held}{_bought(e.characteristic, e.ap, e.after - e.before)}: "
            f"{e.characteristic} {e.before} -> {e.after}")


def _bought(characteristic: str, ap: int, moved: int) -> str:
    """How Active Points become points of a characteristic, when that is all that moved it:
    "8 Active Points: BODY 15 -> 11" hid the halving for a defensive characteristic."""
    if moved != points(characteristic, ap) or not moved:
        return ""  # a floor, a ceiling or earlier adjustments counted in: the before and after say it
    half = " / 2 (a defensive characteristic)" if characteristic in DEFENSIVE else ""
    cost = COST_PER_POINT[characteristic]
    per = f" / {cost} a point" if cost != 1 else ""
    return f"{half}{per} = {moved} {characteristic}" if per or half else ""


@formats(ev.AdjustmentFaded)
def _faded(e: ev.AdjustmentFaded, log: TextLog) -> str:
    what = "Drain on" if e.power == "drain" else "Aid to"
    return (f"    The {what} {possessive(log.name(e.actor))} {e.characteristic} fades by 5 Active Points ({e.ap_left} left): "
            f"{e.characteristic} {e.before} -> {e.value}")


@formats(ev.Healed)
def _healed(e: ev.Healed, log: TextLog) -> str:
    return (f"    {log.name(e.actor)} heals {log.name(e.target)} with {e.attack}: rolled{_faces(e.faces)}, "
            f"+{e.stun_gained} STUN, +{e.body_gained} BODY (now {e.stun}{_of(e.stun_max)} STUN, "
            f"{e.body}{_of(e.body_max)} BODY)")


@formats(ev.EscapeRolled)
def _escape(e: ev.EscapeRolled, log: TextLog) -> str:
    end = "breaks free" if e.freed else "still held"
    return (f"    {log.name(e.actor)} tries to break {possessive(log.name(e.holder))} Grab: STR {e.strength} rolled "
            f"{list(e.faces)}, {e.body} BODY against STR {e.holder_strength} rolled {list(e.holder_faces)}, "
            f"{e.holder_body} BODY: {end}")


@formats(ev.DisarmRolled)
def _disarm(e: ev.DisarmRolled, log: TextLog) -> str:
    end = f"{possessive(log.name(e.target))} {e.weapon} is knocked away" if e.success else f"{log.name(e.target)} keeps it"
    return (f"    Disarm: STR {e.strength} rolled {list(e.faces)}, {e.body} BODY against STR {e.target_strength} "
            f"rolled {list(e.target_faces)}, {e.target_body} BODY: {end}")


@formats(ev.MindControlRolled)
def _mind_control(e: ev.MindControlRolled, log: TextLog) -> str:
    less = f" - Mental Defense {e.mental_defense}" if e.mental_defense else ""
    net = max(e.total - e.mental_defense, 0)
    kept = "" if e.took or e.level < 3 else " (it is held as strongly already)"
    return (f"    {e.power}: rolled{_faces(e.faces)}, {e.total}{less} = {net} against "
            f"{possessive(log.name(e.target))} EGO {e.ego} ({net - e.ego:+d}): {e.words}{kept}")


@formats(ev.BreakoutRolled)
def _breakout(e: ev.BreakoutRolled, log: TextLog) -> str:
    whose = possessive(e.power)
    roll = (f"EGO roll {e.needed + e.penalty}- less {e.penalty} for the {whose} margin = {e.needed}-"
            if e.penalty else f"EGO roll {e.needed}-")
    end = "breaks free" if e.made else f"still held by {possessive(log.name(e.controller))} {e.power}"
    return f"    {log.name(e.actor)} tries to break free: {roll}, rolled {sum(e.faces)} {list(e.faces)}: {end}"


@formats(ev.PresenceRolled)
def _presence(e: ev.PresenceRolled, log: TextLog) -> str:
    return f"    {possessive(log.name(e.actor))} Presence Attack ({e.attack}): {e.dice} rolled {list(e.faces)} = {e.total}"


@formats(ev.PresenceEffect)
def _presence_effect(e: ev.PresenceEffect, log: TextLog) -> str:
    over = e.total - e.pre
    return f"      against {possessive(log.name(e.target))} PRE {e.pre} ({over:+d}): {e.words}"


@formats(ev.SlotSwitched)
def _switched(e: ev.SlotSwitched, log: TextLog) -> str:
    return f"    {log.name(e.actor)} turns its {e.multipower} from {e.old} to {e.new}"


@formats(ev.Recovered)
def _recovered(e: ev.Recovered, log: TextLog) -> str:
    rec = f"REC {e.rec}; " if e.rec is not None else ""  # the cap shows as "/maximum": +3 of REC 8 at 60/60
    return (f"    {log.name(e.actor)} recovers {e.stun_gained:+d} STUN, {e.end_gained:+d} END ({rec}{e.why}{_woke(e)}) "
            f"-> STUN {e.stun}{_of(e.stun_max)}, END {e.end}{_of(e.end_max)}")


def _woke(e: ev.Recovered) -> str:
    """The Knocked-Out rule when it, not REC, set the END (:func:`.recovery.recover`): "+7 STUN,
    -25 END" read as a Recovery that cost END until the wake-up that sets END equal to STUN was
    named; while still out, END is held at 0."""
    if e.rec is None or e.end_max is None:
        return ""  # a log of schema 1 or 2
    before = e.end - e.end_gained
    by_rec = before if before >= e.end_max else min(before + max(e.rec, 0), e.end_max)
    if e.end == by_rec:
        return ""
    if e.stun <= 0:
        return f"; still knocked out: END held at 0, not above STUN, {before} -> {e.end}"
    most = f", at most its maximum {e.end_max}" if e.end < e.stun else ""
    return f"; wakes up: END set equal to STUN{most}, {before} -> {e.end}"


def _of(maximum: int | None) -> str:
    """``/60`` after a pool healed or recovered up to its maximum (nothing for a log of schema 1 or 2)."""
    return f"/{maximum}" if maximum is not None else ""


@formats(ev.EnduranceSpent)
def _end(e: ev.EnduranceSpent, log: TextLog) -> str | None:
    if not log.verbose:
        return None
    return f"    {log.name(e.actor)} spends {e.amount} END on {e.what} -> END {e.end_after}"


@formats(ev.StunForEnd)
def _stun_for_end(e: ev.StunForEnd, log: TextLog) -> str:
    return (f"    {log.name(e.actor)} is out of END: {e.overdraw} END more costs {len(e.faces)}d6 STUN "
            f"{list(e.faces)} = {e.stun} -> STUN {e.stun_after}")


@formats(ev.Pushed)
def _pushed(e: ev.Pushed, log: TextLog) -> str:
    roll = f" (EGO roll {sum(e.faces)} vs {e.needed}-)" if e.faces else ""
    return f"    {log.name(e.actor)} pushes {e.wanted} points: {e.allowed} allowed{roll}"


#: Why a knockback rolled the dice it did (hero6e.md §6: 2d6, +1d6 a Killing attack, +1d6 a
#: Martial Maneuver, -1d6 a target in the air), read off their number: the event keeps the dice,
#: not the reasons, so 3d6 names both reasons that give it (a flier hit by a Killing Martial
#: Maneuver, 2 + 1 + 1 - 1, is rare enough to go unsaid).
_KB_DICE = {1: " (2d6, less 1d6: in the air)", 3: " (2d6, +1d6: a Killing attack or a Martial Maneuver)",
            4: " (2d6, +1d6 Killing, +1d6 Martial Maneuver)"}


def _kb_dice(faces: tuple[int, ...]) -> str:
    """``1d6 [6] (2d6, less 1d6: in the air)``: the dice's number, faces, and why (:data:`_KB_DICE`)."""
    return f"{len(faces)}d6 {list(faces)}{_KB_DICE.get(len(faces), '')}"


def _landing(metres: int, hit_wall: bool) -> str:
    """The landing's dice with their rounding (hero6e.md §6.5: 1d6 per 2 m of the knockback
    against a wall, per 4 m on the ground, whole dice): "10 m / 4 m a die = 2.5, rounded down: 2d6"."""
    per = 2 if hit_wall else 4
    n = impact_dice(metres, hit_wall)
    dice = f"{n}d6" if n else "no dice"
    what = "the impact" if hit_wall else "the landing"
    exact = metres / per
    if exact == n:
        return f"{what}: {metres} m / {per} m a die = {dice}"
    return f"{what}: {metres} m / {per} m a die = {exact:g}, rounded down: {dice}"


@formats(ev.KnockbackRolled)
def _kb(e: ev.KnockbackRolled, log: TextLog) -> str:
    """Every term of the sum shows: the knockback dice (how many, and why), the target's
    Knockback Resistance ("14 BODY - 4 -> 14 m" read as an error until the 6 m it resisted was
    written down), the cells a flight of odd metres rounds up to, and the landing's dice."""
    points = e.body - sum(e.faces)
    base = f"    knockback on {log.name(e.target)}: {_kb_dice(e.faces)}; {e.body} BODY - {sum(e.faces)} = {points}"
    flight = f"{base} x 2 m = {2 * points} m"
    if e.outcome == "knockback":
        if e.resistance:
            flight += f" - {e.resistance} m Knockback Resistance = {e.metres} m"
        cells = -(-e.metres // METRES_PER_CELL)
        if cells * METRES_PER_CELL != e.metres:  # the map moves whole cells
            flight += f" ({cells} cells of {METRES_PER_CELL} m, rounded up)"
        landing = _landing(e.metres, e.hit_wall)
        moved = 2 * max(abs(e.end[0] - e.start[0]), abs(e.end[1] - e.start[1]))  # cells of 2 m
        stopper = {"": "a wall, someone or the map's edge", "wall": "a wall", "edge": "the map's edge"}.get(
            e.stopped_by) or log.name(e.stopped_by)  # (a log of version 5 or earlier does not say which)
        if e.hit_wall and moved < e.metres:
            stop = (f"stopped after {moved} m at {e.end[0]},{e.end[1]} by {stopper}" if moved else
                    f"stopped where it stands, {e.end[0]},{e.end[1]}, by {stopper}")
            return f"{flight} -> knocked back, {stop}, prone; {landing}"
        wall = f", stopped there by {stopper}" if e.hit_wall else ""
        return f"{flight} -> knocked back to {e.end[0]},{e.end[1]}{wall}, prone; {landing}"
    if e.outcome == "knockdown":
        if points > 0:  # the scenario's knockback = "knockdown" option turns any knockback into this
            return f"{base} -> knocked down instead (prone): this scenario's knockback option"
        return f"{base} -> knocked down (prone): exactly 0"
    if e.outcome == "resisted":
        return f"{flight} -> stopped by {e.resistance} m of Knockback Resistance"
    return f"{base} -> no knockback (below 0)"


@formats(ev.HaymakerWindup)
def _windup(e: ev.HaymakerWindup, log: TextLog) -> str:
    return f"    {log.name(e.actor)} winds up a Haymaker at {log.name(e.target)} (lands end of Turn {e.lands_turn} Segment {e.lands_segment})"


@formats(ev.HaymakerFizzled)
def _fizzle(e: ev.HaymakerFizzled, log: TextLog) -> str:
    return f"    {possessive(log.name(e.actor))} Haymaker comes to nothing: {e.why}"


@formats(ev.PostSegment12)
def _post12(e: ev.PostSegment12, log: TextLog) -> str:
    return Heading(f"  -- Post-Segment 12 (end of Turn {e.turn}) --")


@formats(ev.BodyLost)
def _body_lost(e: ev.BodyLost, log: TextLog) -> str:
    return f"    {log.name(e.actor)} is dying: loses 1 BODY -> BODY {e.body_after}"


@formats(ev.SpdChanged)
def _spd(e: ev.SpdChanged, log: TextLog) -> str:
    return f"    {log.name(e.actor)} SPD {e.old} -> {e.new}; next acts Turn {e.resume_turn} Segment {e.resume_segment}"


@formats(ev.DefenseTaken)
def _defense(e: ev.DefenseTaken, log: TextLog) -> str:
    return f"    {log.name(e.actor)} {e.maneuver}: DCV now {e.dcv}"
