"""Mutable HERO battle state: each fighter's current figures and conditions, and the clock."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules.grid import Cell
from ..rules.statecopy import copier
from .combat_values import Modifier
from .sheet import Characteristics, HeroAttack, HeroOptions, HeroSheet

if TYPE_CHECKING:
    from .entry import Maneuver


@dataclass(frozen=True, slots=True)
class InForce:
    """What a maneuver leaves on its user until it lapses (6E1: its DCV lasts until the user's
    next Phase; a Dodge or Block taken by Aborting, to the end of that Phase's Segment, rules
    §1.5). Its entry of the table says everything else: whether it stops an incoming attack (a
    Block), what ends it sooner (:attr:`.entry.Maneuver.ends`). Made by :func:`.entry.put_in_force`."""

    entry: Maneuver  #: the maneuver used last (or Aborted to)
    #: The entry whose DCV modifiers its user has (its own; a Martial form's; or, for a maneuver
    #: with none of its own, such as a plain Block, the one that was in force before), or None.
    dcv_of: Maneuver | None = None
    #: A Martial Arts maneuver's DCV from the attack used with it (a Martial Strike's +2).
    attack_dcv: int = 0
    blocks: int = 0  #: Blocks made with it this Phase: each makes the next roll 2 harder
    #: The absolute Segment at whose end it lapses (an Abort's); -1: at its user's next Phase.
    lapses_at: int = -1
    #: False once what its entry ``ends`` on befell its user (a Block's user Stunned): it
    #: defends no more, but its DCV stays until it lapses.
    stands: bool = True

    @property
    def dcv(self) -> tuple[Modifier, ...]:
        """The DCV modifiers it gives its user."""
        return self.dcv_of.dcv if self.dcv_of is not None else ()

    def defends(self, kind: str) -> bool:
        """Whether it is a defence of ``kind`` (``"dodge"``, ``"block"``) still standing."""
        return self.stands and self.entry.kind == kind


@dataclass(frozen=True, slots=True)
class PendingHaymaker:
    target: str
    attack: str
    lands_at: int  # absolute Segment at whose end it lands
    push: int = 0
    levels: str = ""
    aim: str = ""


@dataclass(frozen=True, slots=True)
class Entanglement:
    """An Entangle holding a fighter (rules-powers §3.2): its BODY left and its rPD = rED. Frozen,
    as every record a fighter holds: a change replaces it, so a forked battle may share it."""

    body: int
    defense: int
    by: str  # who entangled it first (a second Entangle adds to this one)
    power: str


@dataclass(frozen=True, slots=True)
class Controlled:
    """A Mind Control's (or a Mental Illusion's) hold on a fighter (rules-powers §3.5, :mod:`.mind_control`)."""

    by: str  # the controller
    side: str  # the side the controller fought for: a turned fighter fights for it
    power: str
    level: int  # 3: it stands down; 4: it is turned on its friends
    penalty: int  # off its breakout EGO rolls: 1 for every 5 points the roll passed the level
    served: int = 0  # its Phases that passed under it so far
    kind: str = "mind_control"  # or "mental_illusions": the power that holds it


@dataclass(slots=True)
class Fighter:
    """One fighter's figures and conditions now. Every field holds a value, a frozen record or a
    frozenset, or a mapping that a change replaces, never edits: so a forked battle shares them
    all (:mod:`core.engine.forking`) and a copy is one constructor call. Only ``memo`` and ``expected``,
    caches, are edited in place, and they are replaced when what they follow from changes."""

    id: str
    name: str
    side: str
    ai: str
    sheet: HeroSheet
    pos: Cell
    stun: int
    body: int
    end: int
    spd: int
    stunned: bool = False
    #: Took STUN or BODY while Stunned: the next Phase is lost too, recovery comes the one after.
    recovery_slipped: bool = False
    stunned_by_attack: int = -1  # which attack (HeroState.attacks) Stunned it: its own knockback does not count
    ko: bool = False
    ko_at: int = -1
    dead: bool = False
    prone: bool = False
    recovering: bool = False
    half_used: bool = False
    #: What the maneuver it used (or Aborted to) leaves on it until it lapses, or None.
    in_force: InForce | None = None
    #: Attacks knocked out of its hands by a Disarm (an Accessible Focus), gone for the battle.
    disarmed: frozenset[str] = frozenset()
    haymaker: PendingHaymaker | None = None
    held: bool = False
    held_requeued_at: int = -1
    aborted: bool = False
    resume_at: int = 0
    pending_spd: int = 0
    phases: int = 0
    csl_dcv: int = 0
    #: Charges spent so far, by attack name (an attack with ``charges`` on the sheet).
    charges_used: Mapping[str, int] = field(default_factory=dict)
    #: An Entangle holding it (rules-powers §3.2), or None.
    entangle: Entanglement | None = None
    #: The one it holds in a Grab, and the one holding it (rules-powers §4.1); None: none.
    holding: str | None = None
    held_by: str | None = None
    #: Its hold is a Choke Hold (rules-powers §4.3): its Squeezes do the choke's NND.
    choking: bool = False
    #: STR added to its hold while it lasts (a Grab By's +v/10, 6E1's maneuver table).
    grip: int = 0
    #: Flashed: blind to the end of this absolute Segment (rules-powers §3.3); -1: it sees.
    blind_until: int = -1
    #: Flashed in a sense group other than Sight: to the end of which absolute Segment, by group
    #: (rules-powers §3.3; :data:`.sheet.SENSE_GROUPS`). Replaced, never edited in place.
    flashed_senses: Mapping[str, int] = field(default_factory=dict)
    #: Those it does not see but has heard with a Half-Phase PER roll (rules-powers §3.3), until its
    #: next Phase (:mod:`.senses`).
    heard: frozenset[str] = frozenset()
    #: Active Points of Drains on it and of Aids to it, by characteristic (rules-powers §3.4):
    #: its characteristics follow from these and the sheet (:func:`.powers.readjust`).
    drained: Mapping[str, int] = field(default_factory=dict)
    aided: Mapping[str, int] = field(default_factory=dict)
    #: (power, characteristic) pools given Active Points this Turn: they start to fade after the
    #: next Segment 12, not this one (a Drain in Segment 12 is not half gone at once).
    fresh: frozenset[tuple[str, str]] = frozenset()
    #: (healer, power) pairs that have healed it: a Healing works once a battle on one target.
    healed_by: frozenset[tuple[str, str]] = frozenset()
    #: A Zero-Phase action just taken: the same Phase goes on with a new choice (clock.open_phase).
    continues: bool = False
    #: The Zero-Phase actions taken this Phase (each once a Phase: a Presence Attack, a switch).
    free_done: frozenset[str] = frozenset()
    #: A Presence Attack's hold on it until its next Phase (rules-powers §3.6): 0 none, 1
    #: impressed, 2 a Half Phase lost, 3 awed (the Phase lost, ½ DCV), 4 cowed (the Phase lost, DCV 0).
    presence: int = 0
    #: A Mind Control's hold on it (rules-powers §3.5), or None.
    control: Controlled | None = None
    #: The slot each of its Multipowers has in use (rules-powers §5.1), by Multipower name.
    slots: Mapping[str, str] = field(default_factory=dict)
    #: The damage this fighter's attacks are expected to do, by target and way of attacking (the
    #: AI's estimate, :mod:`.estimate`): it follows from the two fighters' sheets and
    #: characteristics, so it is worked out once a battle for each pair. Every key starts with
    #: the target's id: a Drain or an Aid that changes a fighter's characteristics drops the keys
    #: about it and its own table, no other (:func:`.powers.readjust`).
    expected: dict = field(default_factory=dict, repr=False, compare=False)
    #: Figures that follow from the sheet and the options alone (defenses, CV chains, an
    #: attack's END and dice, what a foe's dice are expected to do through its defenses,
    #: :func:`.spread.expected_taken`), worked out once: the engine shares this dict between battles
    #: of the same combatant under the same options (see :mod:`core.rules.memo`). Every key
    #: names whatever else the figure depends on (the maneuver, the range, the conditions).
    memo: dict = field(default_factory=dict, repr=False, compare=False)
    #: The characteristics now: the sheet's, until a Drain or an Aid changes them
    #: (:func:`.powers.readjust`, which also gives the fighter a memo of its own then); stored
    #: rather than looked up through the sheet, since nearly every rule reads them. The SPD the
    #: Speed Chart reads lives in ``spd``.
    ch: Characteristics = field(init=False, repr=False, compare=False)
    #: Its last vitals, with the state they were worked out from (:func:`.report.vitals`, which
    #: says what makes them stale), or None: a cache, replaced, never edited.
    shown: tuple | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.ch = self.sheet.characteristics

    @property
    def dodging(self) -> bool:
        """A Dodge in force and standing (:class:`InForce`)."""
        return self.in_force is not None and self.in_force.defends("dodge")

    @property
    def blocking(self) -> bool:
        """A Block in force and standing: it may stop a hand-to-hand attack (:class:`InForce`)."""
        return self.in_force is not None and self.in_force.defends("block")

    @property
    def blind(self) -> bool:
        """Flashed: it cannot see its foes (rules-powers §3.3)."""
        return self.blind_until >= 0

    @property
    def standing_down(self) -> bool:
        """Under a Mind Control that made it stand down: its Phases pass without an action."""
        return self.control is not None and self.control.level == 3

    @property
    def turned(self) -> bool:
        """Turned on its friends by a Mind Control: it fights for the controller's side."""
        return self.control is not None and self.control.level == 4

    @property
    def allegiance(self) -> str:
        """The side it fights for now: its own, or, turned by a Mind Control, its controller's.
        Who is friend and foe (the menu's targets, the AI's reckoning) follows this; who wins
        the battle follows :attr:`side` (see :func:`.clock.next_decision`)."""
        c = self.control
        return c.side if c is not None and c.level == 4 else self.side

    @property
    def dying(self) -> bool:
        return self.body <= 0 and not self.dead

    def attack(self, name: str) -> HeroAttack:
        """The sheet's attack of that name (KeyError if there is none); the table of them is
        kept in the memo, as the sheet never changes."""
        by_name = self.memo.get("attacks")
        if by_name is None:
            by_name = self.memo["attacks"] = {a.name: a for a in self.sheet.attacks}
        return by_name[name]

    def ready(self, atk: HeroAttack) -> bool:
        """Whether ``atk`` is in its hands and powers now: not knocked away by a Disarm, and, a
        Multipower's slot, the slot in use (rules-powers §4.2, §5.1)."""
        if atk.name in self.disarmed or (atk.weapon and atk.weapon in self.disarmed):
            return False  # a weapon maneuver goes with its weapon
        mp = self.sheet.multipower_of(atk.name) if self.sheet.multipowers else None
        return mp is None or self.slots.get(mp.name) == atk.name

    def spend_charges(self, atk: HeroAttack, shots: int = 1) -> None:
        """``shots`` of ``atk``'s Charges spent (a new mapping: see the class's docstring)."""
        self.charges_used = {**self.charges_used, atk.name: self.charges_used.get(atk.name, 0) + shots}

    def charges_left(self, atk: HeroAttack) -> int | None:
        """Uses left of an attack bought with Charges (None: it has no Charges)."""
        if atk.charges is None:
            return None
        return atk.charges - self.charges_used.get(atk.name, 0)

    def out_of_fight(self, options: HeroOptions) -> bool:
        """Knocked out, dead, or dying (unless the scenario lets the dying act)."""
        return self.ko or self.dead or (self.body <= 0 and not options.dying_can_act)


@dataclass(slots=True)
class HeroState:
    fighters: dict[str, Fighter]
    options: HeroOptions
    turn: int = 1
    segment: int = 12
    queue: list[str] | None = None
    natural: set[str] = field(default_factory=set)  # who has a Phase in this Segment by SPD
    ranks: dict[str, int] = field(default_factory=dict)  # this Segment's DEX order (ties rolled off)
    recovering_now: list[str] = field(default_factory=list)
    post12_done: set[int] = field(default_factory=set)
    attacks: int = 0  # attacks resolved so far: tells one attack's damage from the next one's
    #: The Darkness fields laid, by their user: the cells each covers (:mod:`.senses`). Replaced,
    #: never edited in place.
    darkness: dict[str, frozenset[Cell]] = field(default_factory=dict)
    #: The Darkness attack each of those fields came from: what its user pays END for each Phase
    #: it keeps it up (:func:`.fields.keep_up`). Replaced with ``darkness``, never edited in place.
    darkness_powers: dict[str, str] = field(default_factory=dict)
    #: The Images laid, by their user: the cells each covers, and the attack it came from
    #: (:mod:`.senses`); replaced, never edited in place.
    images: dict[str, frozenset[Cell]] = field(default_factory=dict)
    images_powers: dict[str, str] = field(default_factory=dict)
    #: (viewer, user) pairs: the viewer made its PER roll against that user's Images and sees
    #: through it (until the user lays another).
    seen_through: frozenset[tuple[str, str]] = frozenset()

    @property
    def abs_segment(self) -> int:
        return (self.turn - 1) * 12 + self.segment

    def copy(self) -> HeroState:
        """A copy sharing nothing the rules change in place (a forked battle's, :mod:`core.engine.forking`)."""
        twin = _copy_state(self)
        twin.fighters = {fid: _copy_fighter(f) for fid, f in self.fighters.items()}
        return twin


#: ``memo`` and ``expected`` are caches a change replaces, never edits: a copy may share them.
_copy_fighter = copier(Fighter, shared=("memo", "expected"))
_copy_state = copier(HeroState, shared=("fighters",))
