"""Marvel-specific events: initiative, rounds and turns, d616 checks with every reroll, damage
figured step by step, pools and conditions. Kinds are distinct from other systems' kinds."""

from __future__ import annotations

from typing import ClassVar

from ..engine.events import Event
from ..rules.records import record
from .d616 import D616
from .damage import DamageCalc


@record
class InitiativeRolled(Event):
    kind: ClassVar[str] = "initiative_rolled"
    actor: str
    roll: D616
    modifier_name: str  # "Vigilance", or "initiative modifier" when the sheet gives one
    modifier: int
    total: int


@record
class InitiativeOrder(Event):
    """The order kept for the whole fight; who gets the bonus round; tie-break rolls."""

    kind: ClassVar[str] = "initiative_order"
    order: tuple[str, ...]
    bonus_round: tuple[str, ...]
    tie_breaks: tuple[tuple[str, int], ...] = ()


@record
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int  # 0 is the bonus round
    order: tuple[str, ...]
    bonus: bool = False


@record
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    actor: str
    round: int
    health: int
    health_max: int
    focus: int
    focus_max: int
    karma: int
    conditions: tuple[str, ...] = ()


@record
class TurnSkipped(Event):
    kind: ClassVar[str] = "turn_skipped"
    actor: str
    reason: str


@record
class ReactionUsed(Event):
    kind: ClassVar[str] = "reaction_used"
    actor: str
    reaction: str
    against: str
    effect: str
    reactions_left: int


@record
class Dodging(Event):
    """The Dodge action: attacks against the actor have trouble until its next turn."""

    kind: ClassVar[str] = "dodging"
    actor: str


@record
class AttackCheck(Event):
    """A d616 attack check against the target's defense."""

    kind: ClassVar[str] = "attack_check"
    attacker: str
    target: str
    attack: str
    category: str  # close, ranged, mental
    ability: str
    score: int
    modifiers: tuple[tuple[str, int], ...]
    roll: D616
    total: int
    defense: str
    tn: int
    tn_note: str
    hit: bool
    fantastic: bool  # a Fantastic success
    automatic: str = ""  # why it hit whatever the roll ("6-M-6", "target unconscious")
    notes: tuple[str, ...] = ()


@record
class DamageFigured(Event):
    kind: ClassVar[str] = "damage_figured"
    attacker: str
    target: str
    attack: str
    calc: DamageCalc
    notes: tuple[str, ...] = ()


@record
class DamageApplied(Event):
    kind: ClassVar[str] = "damage_applied"
    target: str
    source: str
    pool: str
    damage: int  # as figured
    taken: int  # after holding back
    before: int
    after: int
    maximum: int
    held_back: str = ""  # why less than the damage was taken
    #: The sum behind ``damage`` when no DamageFigured line shows it (a Ram's impact on the
    #: rammer: "dM 5 x multiplier 2 (rank 3 + Club 1 - Sturdy 2) + Melee 3 = 13"); "" otherwise.
    terms: str = ""


@record
class ConditionChanged(Event):
    kind: ClassVar[str] = "condition_changed"
    actor: str
    condition: str  # unconscious, killed, demoralized, shattered
    active: bool
    why: str


@record
class KnockedBack(Event):
    kind: ClassVar[str] = "knocked_back"
    target: str
    attacker: str
    multiplier: int
    spaces: int  # the knockback the rule gives
    travelled: int  # cells actually crossed on the map
    start: tuple[int, int]
    end: tuple[int, int]
    stopped: bool  # an obstacle, a combatant or the map edge stopped it (no extra damage)


@record
class CheckRolled(Event):
    """A non-attack action check (Karma recovery)."""

    kind: ClassVar[str] = "check_rolled"
    actor: str
    purpose: str
    ability: str
    score: int
    roll: D616
    total: int
    tn: int
    success: bool
    fantastic: bool


@record
class Recovered(Event):
    kind: ClassVar[str] = "karma_recovery"
    actor: str
    pool: str
    gained: int
    after: int
    maximum: int
    karma_left: int
    how: str


@record
class Regained(Event):
    """A power gave back part of a pool at the end of its holder's turn (Healing Factor)."""

    kind: ClassVar[str] = "regained"
    actor: str
    power: str
    pool: str
    gained: int
    after: int
    maximum: int


@record
class PowerUsed(Event):
    """A power put to use (as a standard action or a reaction), its Focus paid."""

    kind: ClassVar[str] = "power_used"
    actor: str
    power: str
    level: int
    how: str  # "action", "reaction", or the attack an attack power goes with
    cost: int
    focus_before: int
    focus_after: int
    lasts: str  # "round" (until its next turn), "concentration", or "instant" (that attack)
    effect: str


@record
class PowerEnded(Event):
    """A power in use stopped: its round was over, or concentration broke."""

    kind: ClassVar[str] = "power_ended"
    actor: str
    power: str
    why: str


@record
class KarmaSpent(Event):
    """Karma spent on a check (rules/marvel.md §4.6): an edge on its own, or trouble on an attack
    against it."""

    kind: ClassVar[str] = "karma_spent"
    actor: str
    effect: str
    karma_left: int


@record
class TeamManeuver(Event):
    """A side calls its team maneuver (rules/marvel.md §4.5): who takes part, what each paid."""

    kind: ClassVar[str] = "team_maneuver"
    actor: str
    side: str
    maneuver: str
    members: tuple[str, ...]
    paid: str
    effect: str


@record
class TeamManeuverEnded(Event):
    kind: ClassVar[str] = "team_maneuver_ended"
    side: str
    maneuver: str


@record
class Absorbed(Event):
    """A protection in use takes some of a hit (Elemental Protection, rules/marvel.md §4.3)."""

    kind: ClassVar[str] = "absorbed"
    actor: str
    power: str
    absorbed: int
    left: int
    how: str
