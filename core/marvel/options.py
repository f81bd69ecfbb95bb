"""The Marvel scenario options (``[rules]``): the defaults follow the seed and the rules brief;
each other reading the README documents is an option here."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..rules.records import record
from ..files.schema import Table


# -- options --------------------------------------------------------------------------------

@record
class MarvelOptions:
    """Scenario ``[rules]`` for Marvel. Defaults follow the seed; other readings are options."""

    fantastic_damage: str = "close"  # seed: a Fantastic close attack doubles; "all": every attack
    holding_back: bool = True  # Heroic characters stop 1 short of killing or shattering
    knockback: bool = True  # Mighty characters knock back on a Fantastic close attack
    minimum_pools: bool = True  # Health and Focus at least 10
    stacked_rerolls: str = "repick"  # several edges/troubles: "repick" the die each time, or "distinct"
    bonus_round: bool = True  # a Fantastic initiative roll acts once before round 1
    long_range: bool = True  # ranged attacks reach twice their listed range
    range_penalty: str = "trouble"  # beyond the listed range (up to twice it) the attack has trouble; or "none"
    karma_recovery: str = "rank"  # Karma recovery: Marvel die x rank; "rank+ability" adds the ability
    interpose: bool = True  # the basic reaction Interpose: an ally within reach becomes the target
    help_teammate: bool = True  # the basic reaction Help Teammate: an edge on an ally's failed attack
    karma_edges: bool = True  # Karma spent for an edge on a failed attack, or for trouble on a hit against one
    team_maneuvers: bool = True  # each side may call one team maneuver a battle (rules/marvel.md §4.5)
    ram: bool = True  # the basic reaction Ram: a straight charge, then a close attack (rules/marvel.md §3.5)
    fastball_special: bool = True  # the basic reaction Fastball Special: a thrown ally strikes as it lands


def parse_options(t: Table) -> MarvelOptions:
    opts = MarvelOptions(
        fantastic_damage=t.choice("fantastic_damage", ("close", "all"), "close"),
        holding_back=t.boolean("holding_back", True),
        knockback=t.boolean("knockback", True),
        minimum_pools=t.boolean("minimum_pools", True),
        stacked_rerolls=t.choice("stacked_rerolls", ("repick", "distinct"), "repick"),
        bonus_round=t.boolean("bonus_round", True),
        long_range=t.boolean("long_range", True),
        range_penalty=t.choice("range_penalty", ("trouble", "none"), "trouble"),
        karma_recovery=t.choice("karma_recovery", ("rank", "rank+ability"), "rank"),
        interpose=t.boolean("interpose", True),
        help_teammate=t.boolean("help_teammate", True),
        karma_edges=t.boolean("karma_edges", True),
        team_maneuvers=t.boolean("team_maneuvers", True),
        ram=t.boolean("ram", True),
        fastball_special=t.boolean("fastball_special", True),
    )
    t.finish()
    return opts


def dump_options(o: MarvelOptions) -> dict[str, Any]:
    default = MarvelOptions()
    return {f.name: getattr(o, f.name) for f in fields(o) if getattr(o, f.name) != getattr(default, f.name)}
