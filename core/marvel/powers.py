"""The Marvel powers and traits the engine models: one entry each, named as the book names them.

Each :class:`Power` says, as data, what it changes (a multiplier, a damage reduction, an edge,
a defense, troubles on the attacks made against its holder, Health regained each turn...), how
it is used (always on, a standard action, a reaction, or with an attack), how long it lasts
(permanent, one round, concentration) and what it costs in Focus. The rules modules read these
fields; none of them names a power. Facts: rules/marvel.md §2.4 (defense swaps), §3.3 (extra
reactions), §3.7 (durations and concentration) and §4.3 (the table of powers).

Adding a power is an entry here (and, if it does something no field says yet, the field and
the one place that reads it), plus its tests.
"""

from __future__ import annotations

from dataclasses import dataclass

#: How a power is used: always on; a standard action on the holder's turn; a reaction; or
#: together with one of the holder's attacks (the menu offers the attack with it).
USES = ("permanent", "action", "reaction", "attack")
#: How long it lasts once used (rules/marvel.md §3.7): permanent; until the start of the
#: holder's next turn; until broken or dropped (concentration); or just that attack.
DURATIONS = ("permanent", "round", "concentration", "instant")


@dataclass(frozen=True)
class Power:
    """One power or trait (see the module's docstring). Fields that do not apply stay empty."""

    name: str
    does: str  #: one line: what it does in the engine
    rule: str = "rules/marvel.md §4.3"
    levels: int = 0  #: its highest level; 0 for a power without levels
    uses: tuple[str, ...] = ("permanent",)
    duration: str = "permanent"
    focus: tuple[int, ...] = ()  #: Focus cost by level (one figure for a power without levels)
    multiplier: str = ""  #: attacks with this ability get +level to the multiplier
    reduction: str = ""  #: damage to this pool is reduced by the level (1 without levels)
    edge: str = ""  #: "Melee attacks" or "initiative": an edge on those rolls
    defense_bonus: tuple[tuple[str, int], ...] = ()  #: (defense, bonus) while it applies
    defends_with: tuple[()] | tuple[str, str] = ()  #: (this defense, may be used against attacks on that one)
    trouble_on: str = ""  #: attacks against the holder have trouble: "close", "all" or "Agility defense"
    extra_reactions: int = 0
    regains: str = ""  #: the pool it regains Resilience of at the end of the holder's turns
    with_attacks: str = ""  #: attack power: the attacks it goes with ("ranged", "close", "any")
    attack_trouble: bool = False  #: attack power: the attack has trouble
    damage_times: tuple[int, int] = (1, 1)  #: attack power: damage x on a success, x on a Fantastic
    doubles_ability: str = ""  #: attacks with this ability add it twice to the damage
    min_distance: int = 0  #: attack power: only at targets at least this many spaces away
    whole_turn: bool = False  #: attack power: takes the movement action too (no move first)
    inflicts: str = ""  #: attack power: a condition its hit inflicts when it does damage
    #: attack power with more than one target, each hit for half damage (full on a Fantastic), one
    #: roll for all: "split" (up to two targets the attack reaches), "around" (every foe within
    #: ``radius`` of the attacker, its reach for 0) or "burst" (everyone within ``radius`` of the
    #: target, friend or foe, the attacker apart)
    spread: str = ""
    radius: int = 0
    suppressive: bool = False  #: attack power: against Vigilance defense, Health DR applies, the damage goes to Focus
    fantastic_inflicts: str = ""  #: attack power: a condition a Fantastic hit inflicts when it does damage
    flat_damage: int = 0  #: attack power: flat damage added (Focus spent / 2); in use: to attacks of ``boosts``
    attack_edge: bool = False  #: attack power: the attack has an edge
    once: bool = False  #: usable once a battle
    takes_reaction: bool = False  #: attack power used as a reaction on making the attack: it spends one
    sets_m: bool = False  #: attack power: the Marvel die becomes an M, and the attack ignores trouble
    equal_or_higher: bool = False  #: attack power: only against a target of equal or higher rank
    boosts: str = ""  #: in use: the ability whose attacks gain ``flat_damage``
    lowers: tuple[()] | tuple[str, int] = ()  #: in use: (ability, change) to its score and defense
    steadies: bool = False  #: knockback shortened by 1 space per point of its Melee defense
    absorbs: tuple[int, ...] = ()  #: in use: a Health hit up to this (by level) is absorbed; a bigger one ends it
    #: a reaction to a Health hit that does damage: "brace" (1 Health ignored per Focus spent, at
    #: least the power's Focus), "convert" (the hit's Health damage becomes Focus, up to twice its maximum)
    on_hit: str = ""

    def cost(self, level: int) -> int:
        """The Focus it costs at ``level`` (0 for a power that costs none)."""
        if not self.focus:
            return 0
        return self.focus[min(max(level, 1), len(self.focus)) - 1]

    @property
    def active_use(self) -> bool:
        """Whether it must be used to work (an action or a reaction), not always on."""
        return "action" in self.uses or "reaction" in self.uses


def _leveled(name: str, does: str, **kw) -> Power:
    return Power(name, does, levels=4, **kw)


#: Every power the engine models, by name, in the order the README lists them.
CATALOGUE: dict[str, Power] = {p.name: p for p in (
    _leveled("Mighty", "+level to the multiplier of Melee attacks", multiplier="Melee"),
    _leveled("Accuracy", "+level to the multiplier of Agility attacks", multiplier="Agility"),
    _leveled("Discipline", "+level to the multiplier of Ego attacks", multiplier="Ego"),
    _leveled("Brilliance", "+level to the multiplier of Logic attacks", multiplier="Logic"),
    _leveled("Sturdy", "Health damage reduction equal to its level", reduction="Health"),
    _leveled("Uncanny", "Focus damage reduction equal to its level", reduction="Focus"),
    Power("Reinforced Skeleton", "Health damage reduction 1", reduction="Health"),
    Power("Flexible Bones", "Health damage reduction 1", levels=1, reduction="Health"),
    Power("Blazing Fast Fists", "an edge on Melee attacks", edge="Melee attacks"),
    Power("Spider-Sense", "an edge on initiative; +2 Agility defense", edge="initiative",
          defense_bonus=(("Agility", 2),)),
    Power("Situational Awareness", "an edge on initiative", edge="initiative"),
    Power("Combat Reflexes", "one extra reaction each round", rule="rules/marvel.md §3.3", extra_reactions=1),
    Power("Unflappable Poise", "close attacks against it have trouble", trouble_on="close"),
    Power("Brawling", "its Melee defense may be used against Agility attacks", rule="rules/marvel.md §2.4",
          defends_with=("Melee", "Agility")),
    Power("Evasion", "its Agility defense may be used against Melee attacks", rule="rules/marvel.md §2.4",
          defends_with=("Agility", "Melee")),
    Power("Integrity", "its Logic defense may be used against Ego attacks", rule="rules/marvel.md §2.4",
          defends_with=("Logic", "Ego")),
    Power("Wisdom", "its Ego defense may be used against Logic attacks", rule="rules/marvel.md §2.4",
          defends_with=("Ego", "Logic")),
    Power("Healing Factor", "regains Resilience Health at the end of each of its turns", regains="Health"),
    Power("Spider-Dodge", "reaction: an attack against its Agility defense has trouble",
          uses=("reaction",), duration="instant", trouble_on="Agility defense"),
    Power("Slow-Motion Dodge", "reaction: an attack against its Agility defense has trouble",
          uses=("reaction",), duration="instant", trouble_on="Agility defense"),
    Power("Shield Deflection", "reaction: an attack against its Agility defense has trouble",
          uses=("reaction",), duration="instant", trouble_on="Agility defense"),
    Power("Blur", "standard action or reaction, 5 Focus: attacks against it have trouble until its next turn",
          uses=("action", "reaction"), duration="round", focus=(5,), trouble_on="all"),
    Power("Defense Stance", "standard action, concentration: close attacks against it have trouble",
          uses=("action",), duration="concentration", trouble_on="close"),
    Power("Attack Stance", "standard action, concentration: its Melee is added twice to its close damage",
          uses=("action",), duration="concentration", doubles_ability="Melee"),
    _leveled("Shield", "standard action or reaction, concentration, 0/5/15/25 Focus: Health damage "
             "reduction equal to its level", uses=("action", "reaction"), duration="concentration",
             focus=(0, 5, 15, 25), reduction="Health"),
    Power("Headshot", "with a ranged attack, 15 Focus: the attack has trouble; a hit does double damage, "
          "a Fantastic one triple, and stuns if it does damage", uses=("attack",), duration="instant",
          focus=(15,), with_attacks="ranged", attack_trouble=True, damage_times=(2, 3), inflicts="stunned"),
    Power("Sniping", "with a ranged attack at a target 20 or more spaces away, 5 Focus, no move first: a "
          "Fantastic hit does triple damage", uses=("attack",), duration="instant", focus=(5,),
          with_attacks="ranged", damage_times=(1, 3), min_distance=20, whole_turn=True),
)}

def _split(name: str, with_attacks: str) -> Power:
    return Power(name, f"with a {with_attacks} attack: one roll against up to two targets it reaches; half damage, "
                 "full on a Fantastic", uses=("attack",), duration="instant", with_attacks=with_attacks, spread="split")


def _area(name: str, focus: int, does: str, spread: str, radius: int = 0, with_attacks: str = "close") -> Power:
    return Power(name, f"with a {with_attacks} attack, {focus} Focus: one roll against {does}; half damage, full on "
                 "a Fantastic", uses=("attack",), duration="instant", focus=(focus,), with_attacks=with_attacks,
                 spread=spread, radius=radius)


CATALOGUE.update({p.name: p for p in (
    _split("Fast Strikes", "close"), _split("Fast Attacks", "close"), _split("Spider-Strike", "close"),
    _split("Snap Shooting", "ranged"), _split("Weapons Blazing", "ranged"),
    _area("Whirling Frenzy", 5, "every foe within its reach", "around"),
    _area("Dance of Death", 10, "every foe within its reach", "around"),
    _area("Unrelenting Smash", 15, "every foe within its reach", "around"),
    _area("Ground-Shaking Stomp", 10, "every foe within 2 spaces of it", "around", 2),
    _area("Elemental Burst", 10, "everyone within 2 spaces of the target, friend or foe", "burst", 2, "ranged"),
)})

def _focused(name: str, focus: int, with_attacks: str, edge: bool) -> Power:
    return Power(name, f"with a {with_attacks} attack, {focus} Focus: +{focus // 2} damage"
                 + (", and an edge" if edge else ""), uses=("attack",), duration="instant", focus=(focus,),
                 with_attacks=with_attacks, flat_damage=focus // 2, attack_edge=edge)


CATALOGUE.update({p.name: p for p in (
    _focused("Smash", 10, "close", True), _focused("Focused Fury", 10, "close", True),
    _focused("Focused Strike", 5, "close", False), _focused("Elemental Blast", 5, "ranged", False),
    _focused("Bolts of Balthakk", 5, "ranged", False),
    Power("Suppressive Fire", "with a ranged attack: against Vigilance defense; Health damage reduction applies, then "
          "the damage goes to Focus; a Fantastic hit doubles it and stuns", uses=("attack",), duration="instant",
          with_attacks="ranged", suppressive=True, damage_times=(1, 2), fantastic_inflicts="stunned"),
    Power("Covering Fire", "with a ranged attack: as Suppressive Fire", uses=("attack",), duration="instant",
          with_attacks="ranged", suppressive=True, damage_times=(1, 2), fantastic_inflicts="stunned"),
    Power("Combat Trickery", "with an attack, once a battle, 5 Focus, on a target of equal or higher rank: the Marvel "
          "die becomes an M (a Fantastic) and the attack ignores trouble", uses=("attack",), duration="instant",
          focus=(5,), with_attacks="any", once=True, sets_m=True, equal_or_higher=True, takes_reaction=True),
    Power("Anger", "standard action, concentration, 10 Focus: +15 damage to its Melee attacks, -2 Logic",
          uses=("action",), duration="concentration", focus=(10,), flat_damage=15, boosts="Melee",
          lowers=("Logic", -2)),
    Power("Immovable", "reaction when knocked back: 1 space less per point of its Melee defense",
          steadies=True),
    _leveled("Elemental Protection", "standard action or reaction, concentration, 5/10/15/20 Focus: a Health hit "
             "up to 10/20/30/40 is absorbed; a bigger one breaks it and the rest goes through",
             uses=("action", "reaction"), duration="concentration", focus=(5, 10, 15, 20), absorbs=(10, 20, 30, 40)),
    Power("Brace for Impact", "reaction to a Health hit, 5 or more Focus: 1 Health damage ignored per Focus spent",
          uses=("reaction",), duration="instant", focus=(5,), on_hit="brace"),
    Power("Energy Absorption", "reaction to a Health hit, 15 Focus: the hit's Health damage becomes Focus, up to "
          "twice its maximum", uses=("reaction",), duration="instant", focus=(15,), on_hit="convert"),
    _leveled("Telekinetic Protection", "as Elemental Protection", uses=("action", "reaction"),
             duration="concentration", focus=(5, 10, 15, 20), absorbs=(10, 20, 30, 40)),
)})

#: Sources of an edge on initiative, in catalogue order.
INITIATIVE_EDGES = tuple(p.name for p in CATALOGUE.values() if p.edge == "initiative")


def levels_text(p: Power) -> str:
    """How the README and errors name a power: "Mighty 1-4", "Flexible Bones 1", "Blur"."""
    if p.levels > 1:
        return f"{p.name} 1-{p.levels}"
    return f"{p.name} 1" if p.levels == 1 else p.name
