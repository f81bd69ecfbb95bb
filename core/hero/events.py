"""HERO-specific events: the Speed Chart, attack rolls with their CV chains, damage steps."""

from __future__ import annotations

from typing import ClassVar

from ..engine.events import Event
from ..rules.records import record
from .combat_values import CVChain


@record
class SegmentStarted(Event):
    kind: ClassVar[str] = "segment_started"
    turn: int
    segment: int
    order: tuple[str, ...]
    tie_breaks: tuple[tuple[str, int], ...] = ()


@record
class OrderRaised(Event):
    """``actor`` takes its place in this Segment at ``order_dex``: its ``dex`` plus ``reflexes``
    (Lightning Reflexes, +DEX to act earlier with all actions). Follows the ``segment_started``
    whose order it explains, once for each such actor in it."""

    kind: ClassVar[str] = "order_raised"
    actor: str
    dex: int
    reflexes: int
    order_dex: int


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
    #: The defense a Normal or Killing hit met, by its normal part's name ("PD", "ED"; the
    #: resistant part is "rPD", "rED"); "" for the others, and in a log of version 5 or earlier.
    defense: str = ""


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
class Recovered(Event):
    """A Recovery: ``rec`` (the character's REC) back to STUN and END, never above their
    maxima ``stun_max`` and ``end_max``: the log shows the cap when less than REC came back.
    The three are ``None`` only in a log of schema version 1 or 2, which did not have them."""

    kind: ClassVar[str] = "recovered"
    actor: str
    stun_gained: int
    end_gained: int
    stun: int
    end: int
    why: str
    rec: int | None = None
    stun_max: int | None = None
    end_max: int | None = None


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
    #: What stopped the flight short (``hit_wall``): "wall", "edge" (the map's) or the id of the
    #: combatant in the way; "" for a flight nothing stopped, and in a log of version 5 or earlier.
    stopped_by: str = ""


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


# The events of the powers and maneuvers beyond a plain attack live in their own module; they are
# named here too, so that every HERO event can be imported from this one module.
from .power_events import (  # noqa: F401
    AdjustmentFaded, AdjustmentRolled, AreaAimed, AreaHit, AutofireHits, BreakoutRolled, DarknessLaid, DisarmRolled,
    EntangleAttacked, ImagesLaid, PerceptionRolled,
    EntangleRolled, EscapeRolled, FlashRolled, Healed, MindControlRolled, PresenceEffect, PresenceRolled,
    SlotSwitched)
