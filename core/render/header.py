"""The header line of a log: which battle it is and the scene as it starts.

Events say what changed, never what was there before: a reader of a bare event stream does not
know the map, where anyone stood or how much STUN or Health they had. The header says so once,
from the rules system's own snapshot (the figures the app shows), and names what a person needs
to play the same battle again (scenario, seed, plugins with their versions, Slugfest's version).
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

from ..engine.battle import Battle
from ..engine.catalog import catalog
from .event_schema import HEADER_KIND, SCHEMA_VERSION


def slugfest_version() -> str:
    try:
        return metadata.version("slugfest")
    except metadata.PackageNotFoundError:  # a source tree that is not installed
        return "dev"


def header(battle: Battle) -> dict[str, Any]:
    """The header of ``battle``, taken before its first event (its snapshot is the opening scene)."""
    sc = battle.scenario
    infos = catalog()
    own = f"{sc.system}-rules"  # the built-ins' names; a third party's system is found by its name
    wanted = [own if own in infos else next((n for n, i in infos.items() if i.kind == "rules" and sc.system in n), own)]
    wanted += sorted({c.ai for c in sc.combatants}) + list(sc.house_rules)
    plugins = []
    for name in dict.fromkeys(wanted):
        info = infos.get(name)
        plugins.append({"name": name, "kind": info.kind if info else "unknown",
                        "version": info.version if info else "", "source": info.source if info else ""})
    # no file path: the same battle read from another copy of its file gives the same bytes
    return {
        "event": HEADER_KIND, "schema": SCHEMA_VERSION, "slugfest": slugfest_version(), "scenario": sc.name,
        "system": sc.system, "seed": battle.seed, "plugins": plugins,
        "map": {"width": sc.map.width, "height": sc.map.height,
                "obstacles": [list(cell) for cell in sorted(sc.map.obstacles)]},
        "combatants": battle.snapshot()["combatants"],
    }
