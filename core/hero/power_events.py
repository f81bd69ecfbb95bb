"""HERO events of the powers and maneuvers beyond a plain attack (rules-powers §1.4-§5.1): bursts and
areas, Entangle, Flash, Drain, Aid and Healing, Mind Control, the Grab family and Disarm, Presence
Attacks and Multipowers. :mod:`.events` re-exports them, so every HERO event is ``events.<Name>``."""

from __future__ import annotations

from typing import ClassVar

from ..engine.events import Event
from ..rules.records import record


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
class AreaAimed(Event):
    """An Area Of Effect attack aimed, before its roll (rules-powers §1.4): its ``shape`` of
    ``size`` (metres, or 2 m cells for a Surface or Any Area) at ``cell``, where ``target``
    stands ("" for an empty cell); the roll that follows is against that cell's DCV."""

    kind: ClassVar[str] = "area_aimed"
    attacker: str
    attack: str
    shape: str
    size: int
    cell: tuple[int, int]
    target: str


@record
class AreaHit(Event):
    """An Area Of Effect attack that hit its cell (rules-powers §1.4): everyone ``inside`` the
    ``shape`` of ``metres`` (a Radius, Cone or Line) or of ``cells`` (a Surface or Any Area, 2 m
    each) at ``cell`` (a Radius's centre, where a laid area starts, the cell a Cone or Line
    points at) is hit, nearest the centre first; ``friends`` those of them (the attacker too) on
    its side as it fights now (a Mind Control may have turned either)."""

    kind: ClassVar[str] = "area_hit"
    attacker: str
    attack: str
    shape: str
    metres: int
    cell: tuple[int, int]
    inside: tuple[str, ...]
    friends: tuple[str, ...] = ()
    cells: int = 0


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
    #: The sense group it struck (rules-powers §3.3): "sight" blinds; another group leaves OCV
    #: and DCV as they were (only Sight targets here).
    sense: str = "sight"


@record
class DarknessLaid(Event):
    """A Darkness that hit its cell (rules-powers §1.4's roll against the cell): a field of
    ``cells`` cells around ``cell`` that no one sees into or out of (:mod:`.senses`), ``inside``
    it now; ``replaced``: the user's earlier field is gone (one field each)."""

    kind: ClassVar[str] = "darkness_laid"
    actor: str
    attack: str
    cell: tuple[int, int]
    cells: int
    inside: tuple[str, ...]
    replaced: bool = False


@record
class ImagesLaid(Event):
    """An Images that hit its cell (rules-powers §1.4's roll against the cell): an opaque visual
    illusion over ``cells`` cells around ``cell``, hiding those ``inside`` it from whoever
    believes it (:mod:`.senses`), with ``per`` levels of minus to the PER rolls that see through
    it; ``replaced``: the user's earlier Images is gone (one each)."""

    kind: ClassVar[str] = "images_laid"
    actor: str
    attack: str
    cell: tuple[int, int]
    cells: int
    inside: tuple[str, ...]
    per: int = 0
    replaced: bool = False


@record
class PerceptionRolled(Event):
    """A PER roll, 3d6 against ``needed``. With ``sense`` "sight": against ``owner``'s Images
    ``attack`` (our reading: at the start of each Phase of one it hides a foe from; 9 + INT/5
    less the Images' PER levels), ``made``: ``actor`` sees through it from now on. With "hearing":
    the Half-Phase roll with a Nontargeting Sense for ``owner``, a foe it cannot see (rules-powers
    §3.3; ``attack`` ""), ``made``: it has heard it until its next Phase."""

    kind: ClassVar[str] = "perception_rolled"
    actor: str
    owner: str
    attack: str
    faces: tuple[int, ...]
    needed: int
    made: bool
    sense: str = "sight"


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
    stun_max: int | None = None  # the caps; None only in a log of schema version 1 or 2
    body_max: int | None = None


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
class MindControlRolled(Event):
    """A Mind Control that hit (rules-powers §3.5, :mod:`.mind_control`): its dice's ``total``
    less the target's ``mental_defense`` against its ``ego``: ``level`` 0 (nothing) to 4
    (turned), and whether this hold is the one it is under now (``took``)."""

    kind: ClassVar[str] = "mind_control_rolled"
    actor: str
    target: str
    attack: str
    faces: tuple[int, ...]
    total: int
    mental_defense: int
    ego: int
    level: int
    words: str
    took: bool
    power: str = "Mind Control"  # or "Mental Illusions"


@record
class BreakoutRolled(Event):
    """A Mind Controlled fighter's EGO roll to break free, at the start of each Phase after the
    first it serves: 3d6 against ``needed`` (its EGO roll less the hold's ``penalty``)."""

    kind: ClassVar[str] = "breakout_rolled"
    actor: str
    controller: str
    faces: tuple[int, ...]
    needed: int
    penalty: int
    made: bool
    power: str = "Mind Control"  # or "Mental Illusions"
