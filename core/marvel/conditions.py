"""Health, Focus and the conditions damage causes (seed: "Effects of Damage").

* Health and Focus maxima: 30 x Resilience and 30 x Vigilance, at least 10 (the minimum is an
  option), unless the sheet gives them.
* unconscious: Health below 1. No actions; defense against ranged attacks is 10; close
  attacks hit automatically.
* killed: Health at or below -max Health.
* demoralized: Focus at 0 or below. Trouble on every action.
* shattered: Focus at or below -max Focus. Frozen in place by fear: out of the fight.
"""

from __future__ import annotations

POOL_MINIMUM = 10


def pool_max(ability: int, given: int | None = None, minimum: bool = True) -> int:
    if given is not None:
        return given
    value = 30 * ability
    return max(value, POOL_MINIMUM) if minimum else max(value, 1)


def unconscious(health: int) -> bool:
    return health < 1


def killed(health: int, health_max: int) -> bool:
    return health <= -health_max


def demoralized(focus: int) -> bool:
    return focus <= 0


def shattered(focus: int, focus_max: int) -> bool:
    return focus <= -focus_max


def conditions(health: int, health_max: int, focus: int, focus_max: int) -> tuple[str, ...]:
    """The damage conditions in a fixed order (killed hides unconscious)."""
    out: list[str] = []
    if killed(health, health_max):
        out.append("killed")
    elif unconscious(health):
        out.append("unconscious")
    if shattered(focus, focus_max):
        out.append("shattered")
    elif demoralized(focus):
        out.append("demoralized")
    return tuple(out)


def out_of_fight(health: int, health_max: int, focus: int, focus_max: int) -> bool:
    """Unconscious, killed or shattered: no longer able to fight."""
    return unconscious(health) or shattered(focus, focus_max)


# -- conditions that come and go (rules/marvel.md §5) ------------------------------------------

from dataclasses import dataclass  # noqa: E402  (the table below is apart from the pool rules above)


@dataclass(frozen=True)
class Condition:
    """A condition an attack or a power inflicts, one entry each (rules/marvel.md §5, §4.4).

    ``rounds`` 1: it lasts through its victim's next turn and ends at the end of it (a
    stunned character loses that turn: it ends then). This is our reading of "1 round" in the
    Fantastic effects table: the victim's own turn is what the condition takes from it. 0: it
    lasts until ended by its own rule (``treated_with``: an action and a check against TN 10, by
    the victim or an ally next to it; ``ends_on_healing``; ``start_check`` passed with a
    Fantastic; prone: standing up). A prone character stands up as its turn begins, so the
    trouble on its own Melee attacks the rules give never comes up here: it attacks only on
    its turn.
    """

    name: str
    rule: str
    rounds: int = 0
    loses_turn: bool = False  #: its next turn is lost
    edge_against: str = ""  #: attacks against it have an edge: "all" or "close"
    trouble_against: str = ""  #: attacks against it have trouble: "ranged"
    defenseless: bool = False  #: as the unconscious: close attacks hit it automatically, ranged ones need 10
    own_trouble: tuple[str, ...] = ()  #: its own checks with trouble: abilities, "attacks" or "all"
    barred: tuple[str, ...] = ()  #: abilities it cannot act with (no attack or check with them)
    speed: str = ""  #: "halved" (rounded up) or "none": what it does to every movement mode
    health_per_turn: int = 0  #: Health lost at the end of each of its own turns
    start_check: tuple[()] | tuple[str, int, int] = ()  #: (ability, TN, Health lost on a failure): free, as each turn starts
    treated_with: str = ""  #: the ability of the check (TN 10) an action makes to end it
    treating: tuple[str, str] = ("ends", "")  #: the log's verb and object for that action: "puts out" "flames"
    ends_on_healing: bool = False  #: it ends when the victim regains any Health
    breaks_concentration: bool = False
    stands_up: bool = False  #: it ends when its turn comes, at the cost of the movement action
    affects: str = ""  #: for a condition whose effect nothing in a battle here rolls, what it would touch
    hold: bool = False  #: a hold: it ends when the victim escapes (or its holder lets go)

    def troubles(self, ability: str, attack: bool) -> bool:
        """Whether it gives trouble to its victim's own check with ``ability`` (an attack or not)."""
        own = self.own_trouble
        return bool(own) and ("all" in own or ability in own or (attack and "attacks" in own))


TREAT_TN = 10
#: An Escape from a hold no one keeps (a power made it: Iron's pin) is a Melee check against 20
#: (rules/marvel.md §3.4).
POWER_HOLD_TN = 20

TIMED: dict[str, Condition] = {c.name: c for c in (
    Condition("stunned", "rules/marvel.md §5 (Stunned): cannot act, attacks against it have an edge", rounds=1,
              loses_turn=True, edge_against="all", breaks_concentration=True),
    Condition("prone", "rules/marvel.md §5 (Prone): its Melee attacks have trouble, close attacks against it an "
              "edge, ranged ones trouble; standing up takes the movement action", edge_against="close",
              trouble_against="ranged", breaks_concentration=True, stands_up=True),
    Condition("bleeding", "rules/marvel.md §5 (Bleeding): 5 Health lost at the end of each of its turns; an "
              "action and a Logic check against TN 10 stops it, as does regaining Health", health_per_turn=5,
              treated_with="Logic", treating=("stops", "bleeding"), ends_on_healing=True),
    Condition("ablaze", "rules/marvel.md §5 (Ablaze): 5 Health lost at the end of each of its turns; an "
              "action and an Agility check against TN 10 puts it out", health_per_turn=5, treated_with="Agility",
              treating=("puts out", "flames")),
    Condition("paralyzed", "rules/marvel.md §5 (Paralyzed): no movement and no Melee or Agility actions; close "
              "attacks hit it automatically, ranged ones need 10", rounds=1, defenseless=True,
              barred=("Melee", "Agility"), speed="none"),
    Condition("blinded", "rules/marvel.md §5 (Blinded): speed halved, trouble on its attacks, an edge on attacks "
              "against it", rounds=1, edge_against="all", own_trouble=("attacks",), speed="halved"),
    Condition("slowed", "rules/marvel.md §4.4 (Earth: half speed for a round)", rounds=1, speed="halved"),
    Condition("off-balance", "rules/marvel.md §4.4 (Force: trouble on all actions for a round)", rounds=1,
              own_trouble=("all",)),
    Condition("surprised", "rules/marvel.md §5 (Surprised): enemies have an edge on it", rounds=1,
              edge_against="all"),
    Condition("deafened", "rules/marvel.md §5 (Deafened): trouble on hearing-dependent checks", rounds=1,
              affects="hearing-dependent checks and hearing-based powers: none are rolled in a battle here"),
    Condition("grabbed", "rules/marvel.md §5 (Grabbed): it cannot move while held; an Escape (Melee against its "
              "holder's Melee defense) ends it", speed="none", hold=True),
    Condition("pinned", "rules/marvel.md §5 (Pinned): as grabbed, and trouble on its Melee and Agility checks",
              speed="none", own_trouble=("Melee", "Agility"), hold=True),
    Condition("poisoned", "rules/marvel.md §5 (Poisoned): a free Resilience check against TN 18 as each of its "
              "turns starts: 1 Health lost on a failure, cured on a Fantastic success",
              start_check=("Resilience", 18, 1)),
    Condition("corroding", "rules/marvel.md §5 (Corroding): 5 Health lost at the end of each of its turns, until "
              "washed off with plenty of water (none on a battle map here)", health_per_turn=5),
)}

#: What a Fantastic hit with an elemental attack inflicts, by element (rules/marvel.md §4.4), for
#: a round (Iron's pin too: a power-made hold, escaped against TN 20). Hellfire (damage split
#: between Health and Focus) and Swarm (frightened, a narrative condition) are not modelled.
ELEMENTS: dict[str, str] = {
    "Air": "prone", "Earth": "slowed", "Electricity": "stunned", "Energy": "blinded", "Fire": "ablaze",
    "Force": "off-balance", "Ice": "paralyzed", "Sound": "deafened", "Water": "surprised", "Toxin": "poisoned",
    "Chemical": "corroding", "Iron": "pinned",
}
#: The elements whose effect lasts a round though the condition's own entry lasts until ended:
#: Iron pins for a round (a grab's pin lasts until an escape).
ELEMENTS_FOR_A_ROUND = frozenset({"Iron"})
#: The elements whose Fantastic effect is not modelled, and why: a scenario naming one is told.
UNMODELLED_ELEMENTS: dict[str, str] = {
    "Hellfire": "its effect, the damage split between Health and Focus, is not modelled",
    "Swarm": "its effect, frightened, is a narrative condition the rules barely define",
}
