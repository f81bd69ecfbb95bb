"""HERO-specific events: the Speed Chart, attack rolls with their CV chains, damage steps."""

from __future__ import annotations

from typing import ClassVar

from ..events import Event
from ..records import record
from .combat_values import CVChain


@record
class SegmentStarted(Event):
    kind: ClassVar[str] = "segment_started"
    turn: int
    segment: int
    order: tuple[str, ...]
    tie_breaks: tuple[tuple[str, int], ...] = ()


@record
class PhaseStarted(Event):
    kind: ClassVar[str] = "phase_started"
    actor: str
    turn: int
    segment: int
    stun: int
    body: int
    end: int
    held: bool = False


@record
class PhaseSkipped(Event):
    """A Phase that passes without a choice (Knocked Out, recovering from Stunned, aborted...)."""

    kind: ClassVar[str] = "phase_skipped"
    actor: str
    reason: str


@record
class StatusChanged(Event):
    kind: ClassVar[str] = "status_changed"
    actor: str
    status: str  # "stunned", "knocked out", "dying", "dead", "prone", "holding"
    active: bool
    why: str


@record
class Aborted(Event):
    kind: ClassVar[str] = "aborted"
    actor: str
    to: str
    against: str
    uses_held: bool


@record
class BlockRolled(Event):
    kind: ClassVar[str] = "block_rolled"
    blocker: str
    attacker: str
    faces: tuple[int, ...]
    needed: int
    success: bool
    blocker_ocv: CVChain  # the Block's side of 11 + OCV - OCV
    attacker_ocv: CVChain


@record
class AttackRolled(Event):
    kind: ClassVar[str] = "attack_rolled"
    attacker: str
    target: str
    attack: str
    maneuver: str
    ocv: CVChain
    dcv: CVChain
    faces: tuple[int, ...]
    total: int
    needed: int
    hit: bool
    dcv_hit: int
    automatic: str
    notes: tuple[str, ...] = ()


@record
class DamageRolled(Event):
    kind: ClassVar[str] = "damage_rolled"
    attacker: str
    target: str
    attack: str
    damage_kind: str
    base_dice: str
    dice: str
    added: tuple[tuple[str, int], ...]
    capped: bool
    faces: tuple[int, ...]
    stun: int
    body: int
    multiplier: int
    multiplier_face: int
    flat: tuple[tuple[str, int], ...] = ()
    doubled: str = ""
    notes: tuple[str, ...] = ()


@record
class DamageTakenEvent(Event):
    kind: ClassVar[str] = "damage_taken"
    target: str
    source: str
    stun_rolled: int
    body_rolled: int
    stun_defense: int
    body_defense: int
    stun_taken: int
    body_taken: int
    stun_after: int
    body_after: int
    rule: str


@record
class DamageModified(Event):
    """An advantage or a defense at work on one hit (rules-powers §0): ``modifier`` at ``level``
    turned ``part`` from ``before`` into ``after`` (Armor Piercing 1: rPD 12 -> 6)."""

    kind: ClassVar[str] = "damage_modified"
    target: str
    attack: str
    modifier: str
    level: int
    part: str
    before: int
    after: int


@record
class ChargeUsed(Event):
    """One of an attack's Charges spent (rules-powers §1.10); ``left`` remain for the battle."""

    kind: ClassVar[str] = "charge_used"
    actor: str
    attack: str
    left: int


@record
class AutofireHits(Event):
    """An Autofire burst that hit (rules-powers §1.5): of ``shots`` fired, one hit and one more
    for every 2 points the roll was ``made_by``, up to the shots: ``hits`` are damaged one by one."""

    kind: ClassVar[str] = "autofire_hits"
    attacker: str
    target: str
    attack: str
    shots: int
    made_by: int
    hits: int


@record
class AreaHit(Event):
    """An Area Of Effect attack that hit its cell (rules-powers §1.4): everyone ``inside`` the
    ``shape`` of ``metres`` at ``cell`` (a Radius's centre, the cell a Cone or Line points at) is
    hit, nearest the centre first."""

    kind: ClassVar[str] = "area_hit"
    attacker: str
    attack: str
    shape: str
    metres: int
    cell: tuple[int, int]
    inside: tuple[str, ...]


@record
class EntangleRolled(Event):
    """An Entangle that hit (rules-powers §3.2): its dice counted as Normal BODY (a pip adds 1) make
    its BODY, 0 holding nothing; its rPD = rED are its dice and any extra. On a target already held,
    ``total_body`` is the stronger's BODY + 1 (``stacked``)."""

    kind: ClassVar[str] = "entangle_rolled"
    attacker: str
    target: str
    attack: str
    faces: tuple[int, ...]
    body: int
    defense: int
    total_body: int
    stacked: bool = False


@record
class EntangleAttacked(Event):
    """An Entangle struck to break it (rules-powers §3.2): no attack roll; the BODY rolled
    (``using`` STR or an attack) less its rPD/rED comes off its BODY; at 0 its captive is free."""

    kind: ClassVar[str] = "entangle_attacked"
    actor: str
    target: str  # the one held
    using: str
    faces: tuple[int, ...]
    body: int
    defense: int
    body_left: int
    freed: bool


@record
class FlashRolled(Event):
    """A Flash that hit (rules-powers §3.3): its dice counted as Normal BODY, less the target's
    Flash Defense, are the Segments it cannot see (the Segment it lands in not counted)."""

    kind: ClassVar[str] = "flash_rolled"
    attacker: str
    target: str
    attack: str
    faces: tuple[int, ...]
    body: int
    defense: int
    segments: int
    until_turn: int = 0
    until_segment: int = 0


@record
class AdjustmentRolled(Event):
    """A Drain that hit or an Aid given (rules-powers §3.4): the dice's total, less Power Defense
    against a Drain, is the Active Points of effect (an Aid held to its ceiling); ``before`` and
    ``after`` are the characteristic's value."""

    kind: ClassVar[str] = "adjustment_rolled"
    actor: str
    target: str
    attack: str
    power: str  # "drain" or "aid"
    characteristic: str
    faces: tuple[int, ...]
    total: int
    defense: int
    ap: int
    before: int
    after: int


@record
class AdjustmentFaded(Event):
    """After Segment 12 a Drain's Active Points come back and an Aid's fade, 5 a Turn (rules-powers
    §3.4): ``ap_left`` remain; the characteristic is ``value`` now."""

    kind: ClassVar[str] = "adjustment_faded"
    actor: str
    power: str
    characteristic: str
    ap_left: int
    before: int
    value: int


@record
class Healed(Event):
    """A Healing (rules-powers §3.4, simplified Healing): the dice's total in STUN and their Normal
    BODY count in BODY, never above the maximum."""

    kind: ClassVar[str] = "healed"
    actor: str
    target: str
    attack: str
    faces: tuple[int, ...]
    stun_gained: int
    body_gained: int
    stun: int
    body: int


@record
class EscapeRolled(Event):
    """A try to break a Grab (rules-powers §4.1): each side's STR dice, their Normal BODY counted;
    the held one is free with more BODY than its holder."""

    kind: ClassVar[str] = "escape_rolled"
    actor: str
    holder: str
    strength: int
    faces: tuple[int, ...]
    body: int
    holder_strength: int
    holder_faces: tuple[int, ...]
    holder_body: int
    freed: bool


@record
class DisarmRolled(Event):
    """A Disarm that hit (rules-powers §4.2): STR against STR, the Normal BODY each one's dice
    count; with more, the attacker knocks ``weapon`` away."""

    kind: ClassVar[str] = "disarm_rolled"
    actor: str
    target: str
    weapon: str
    strength: int
    faces: tuple[int, ...]
    body: int
    target_strength: int
    target_faces: tuple[int, ...]
    target_body: int
    success: bool


@record
class PresenceRolled(Event):
    """A Presence Attack (rules-powers §3.6): PRE's dice (and the attack's own) rolled once."""

    kind: ClassVar[str] = "presence_rolled"
    actor: str
    attack: str
    dice: str
    faces: tuple[int, ...]
    total: int


@record
class PresenceEffect(Event):
    """What a Presence Attack's ``total`` does to one foe in sight, by its ``pre``: ``level`` 0
    (unmoved) to 4 (cowed), to its next Phase."""

    kind: ClassVar[str] = "presence_effect"
    actor: str
    target: str
    pre: int
    total: int
    level: int
    words: str


@record
class SlotSwitched(Event):
    """A Multipower's slot in use changed (rules-powers §5.1): a Zero-Phase action."""

    kind: ClassVar[str] = "slot_switched"
    actor: str
    multipower: str
    old: str
    new: str


@record
class Recovered(Event):
    kind: ClassVar[str] = "recovered"
    actor: str
    stun_gained: int
    end_gained: int
    stun: int
    end: int
    why: str


@record
class EnduranceSpent(Event):
    kind: ClassVar[str] = "endurance_spent"
    actor: str
    amount: int
    end_after: int
    what: str


@record
class StunForEnd(Event):
    kind: ClassVar[str] = "stun_for_end"
    actor: str
    overdraw: int
    faces: tuple[int, ...]
    stun: int
    stun_after: int


@record
class Pushed(Event):
    kind: ClassVar[str] = "pushed"
    actor: str
    wanted: int
    allowed: int
    faces: tuple[int, ...]
    needed: int
    success: bool


@record
class KnockbackRolled(Event):
    kind: ClassVar[str] = "knockback"
    target: str
    body: int
    faces: tuple[int, ...]
    resistance: int
    metres: int
    outcome: str
    start: tuple[int, int]
    end: tuple[int, int]
    hit_wall: bool


@record
class HaymakerWindup(Event):
    kind: ClassVar[str] = "haymaker_windup"
    actor: str
    target: str
    attack: str
    lands_turn: int
    lands_segment: int


@record
class HaymakerFizzled(Event):
    kind: ClassVar[str] = "haymaker_fizzled"
    actor: str
    target: str
    why: str


@record
class PostSegment12(Event):
    kind: ClassVar[str] = "post_segment_12"
    turn: int


@record
class BodyLost(Event):
    """Dying: 1 BODY lost at the end of each Turn."""

    kind: ClassVar[str] = "body_lost"
    actor: str
    body_after: int


@record
class SpdChanged(Event):
    kind: ClassVar[str] = "spd_changed"
    actor: str
    old: int
    new: int
    voluntary: bool
    resume_turn: int
    resume_segment: int


@record
class DefenseTaken(Event):
    """A defensive maneuver (Dodge, Block) or a Recovery, taken in a Phase or by Aborting."""

    kind: ClassVar[str] = "defense_taken"
    actor: str
    maneuver: str
    dcv: int
