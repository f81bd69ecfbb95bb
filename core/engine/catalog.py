"""Which plugins there are: the built-ins and the ``slugfest`` entry points, found once.

The catalog is what ``slugfest plugins`` lists and what a battle's plugin host
(:mod:`core.engine.plugins`) registers from. Two environment variables steer it:

* ``SLUGFEST_PLUGINS``: a comma-separated allow-list of third-party plugin names;
* ``SLUGFEST_BLOCK_PLUGINS``: a comma-separated block-list (built-ins included).

A third-party package that raises, or never returns, while it is imported is catalogued as
``broken`` with the reason in words (:func:`load_failure`), so one bad package never stops the
game; one written for an older Slugfest is told where the modules it imports went (:data:`MOVED`).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from importlib.metadata import version as _v
from typing import Any

from .. import settings
from ..errors import PluginError
from .guard import call_timed

ENTRY_POINT_GROUP = "slugfest"

#: Built-in plugins: (registered name, module). Registered like any third-party plugin.
BUILTINS: tuple[tuple[str, str], ...] = (
    ("hero-rules", "slugfest.core.hero.plugin"),
    ("marvel-rules", "slugfest.core.marvel.plugin"),
    ("default", "slugfest.plugins.default_ai"),
    ("aggressive", "slugfest.plugins.aggressive"),
    ("tactician", "slugfest.plugins.tactician"),
    ("planner", "slugfest.plugins.planner"),
    ("cautious", "slugfest.plugins.cautious"),
    ("berserker", "slugfest.plugins.berserker"),
    ("random", "slugfest.plugins.random_ai"),
    ("hit-locations", "slugfest.plugins.hit_locations"),
    ("fixed-stun-multiplier", "slugfest.plugins.fixed_stun_multiplier"),
    ("criticals", "slugfest.plugins.critical_hits"),
    ("glancing-blows", "slugfest.plugins.glancing_blows"),
    ("lethal", "slugfest.plugins.lethal"),
)

_HOUSE_RULE_HOOKS = frozenset({"slugfest_attack_step", "slugfest_damage_step"})


@dataclass
class PluginInfo:
    name: str
    plugin: Any
    version: str
    source: str  # "built-in" or the distribution that provides it
    description: str
    hooks: tuple[str, ...]
    kind: str  # "rules", "ai", "house-rule", "observer"
    systems: tuple[str, ...] = ()  # rules systems it is for (a house rule's SLUGFEST_SYSTEMS); () = any


def describe(plugin: Any) -> str:
    doc = inspect.getdoc(plugin) or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def hooks_of(plugin: Any) -> tuple[str, ...]:
    return tuple(sorted(n for n in dir(plugin) if n.startswith("slugfest_")))


def kind_of(hooks: Iterable[str]) -> str:
    hooks = set(hooks)
    if "slugfest_rules_systems" in hooks:
        return "rules"
    if hooks & _HOUSE_RULE_HOOKS:
        return "house-rule"
    if "slugfest_choose_action" in hooks:
        return "ai"
    return "observer"


def _env_list(var: str) -> set[str] | None:
    return settings.plugin_names(var)


@functools.lru_cache(maxsize=1)
def catalog() -> dict[str, PluginInfo]:
    """Every plugin that may be used: built-ins plus allowed entry points, by registered name."""
    blocked = _env_list("SLUGFEST_BLOCK_PLUGINS") or set()
    allowed = _env_list("SLUGFEST_PLUGINS")
    found: dict[str, PluginInfo] = {}
    try:
        own_version = _v("slugfest")
    except metadata.PackageNotFoundError:
        own_version = "dev"
    for name, modname in BUILTINS:
        if name in blocked:
            continue
        mod = importlib.import_module(modname)
        hooks = hooks_of(mod)
        found[name] = PluginInfo(name, mod, own_version, "built-in", describe(mod), hooks, kind_of(hooks),
                                 tuple(getattr(mod, "SLUGFEST_SYSTEMS", ())))
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in blocked or (allowed is not None and ep.name not in allowed) or ep.name in found:
            continue
        try:  # on the watchdog's clock: an import that raises anything, or never ends, is that plugin's
            obj = call_timed(ep.load, ep.name, "import", settings.plugin_timeout())
        except PluginError as exc:  # a broken third-party package must not break the game
            cause = exc.__cause__ if exc.__cause__ is not None else exc
            found[ep.name] = PluginInfo(ep.name, None, "?", _dist_name(ep), load_failure(cause), (), "broken")
            continue
        hooks = hooks_of(obj)
        dist = ep.dist
        found[ep.name] = PluginInfo(ep.name, obj, dist.version if dist else "?", _dist_name(ep), describe(obj), hooks,
                                    kind_of(hooks), tuple(getattr(obj, "SLUGFEST_SYSTEMS", ())))
    return found


#: The top-level names Slugfest's modules had before they moved under ``slugfest`` (0.2).
OLD_TOP_LEVEL = ("core", "plugins", "tui", "scenarios")

#: Where the modules of ``slugfest.core`` went when it was split into subpackages (0.3).
MOVED = {
    **{m: f"engine.{m}" for m in ("actions", "events", "context", "system", "hookspecs", "plugins", "guard",
                                  "isolation", "choosing", "battle", "forking", "view", "session")},
    **{m: f"rules.{m}" for m in ("dice", "grid", "reach", "records", "odds", "vitals", "memo", "validate")},
    **{m: f"files.{m}" for m in ("scenario", "schema", "locate", "bounds", "saves", "importing")},
    "files": "files.atomic",
    **{m: f"batch.{m}" for m in ("simulate", "stats", "sweep", "balance", "ladder", "shards", "cluster", "plan",
                                 "pace", "figures", "mirror")},
    "batch_report": "batch.report", "words": "render.words",
    **{m: f"testing.{m}" for m in ("fuzzing", "faults", "extremes", "soak")},
}


def moved_to(module: str) -> str | None:
    """Where a module a plugin imports lives now (``core.actions`` or ``slugfest.core.actions``:
    ``slugfest.core.engine.actions``), or None if it did not move."""
    parts = module.split(".")
    if parts[0] == "slugfest":
        parts = parts[1:]
    if len(parts) < 2 or parts[0] != "core" or parts[1] not in MOVED:
        return None
    return ".".join(["slugfest", "core", MOVED[parts[1]], *parts[2:]])


def load_failure(exc: BaseException) -> str:
    """Why a plugin failed to load, in words that say what to change. A plugin written for
    Slugfest 0.1 imports ``core.plugins`` (or ``core.actions``...): those modules now live under
    ``slugfest``, and the names a plugin needs are importable from ``slugfest`` itself; one
    written for 0.2 may import a module of ``slugfest.core`` that has moved since (:data:`MOVED`)."""
    missing = getattr(exc, "name", None) if isinstance(exc, ModuleNotFoundError) else None
    if not missing:
        return f"failed to load: {type(exc).__name__}: {exc}"
    now = moved_to(missing)
    if missing.split(".")[0] in OLD_TOP_LEVEL:
        return (f"failed to load: it imports {missing!r}, Slugfest's module path before 0.2; write "
                f"'from slugfest import hookimpl, Action, Choice' instead (and '{now or 'slugfest.' + missing}' "
                "for anything else)")
    if now is not None:
        return (f"failed to load: it imports {missing!r}, which is {now!r} since Slugfest 0.3; the names a "
                "plugin needs are importable from 'slugfest' itself")
    return f"failed to load: {type(exc).__name__}: {exc}"


def _dist_name(ep: metadata.EntryPoint) -> str:
    return ep.dist.name if ep.dist else "?"


def installed_plugin_names() -> dict[str, PluginInfo]:
    return {n: i for n, i in catalog().items() if i.kind != "broken"}
