"""Loading and calling plugins: the host side of :mod:`core.engine.hookspecs`.

``get_plugin_manager()`` adds the hook specs, then registers the plugins of the catalog
(:mod:`core.engine.catalog`: the built-ins, then third-party plugins from the ``slugfest``
entry-point group, in the manner of pluggy's eggsample and datasette).

Each hook implementation is wrapped at registration so an exception escaping it becomes a
:class:`core.errors.PluginError` that names the plugin and the hook. ``check_pending()``
makes a misspelt ``slugfest_*`` hook a load-time error.

House rules (plugins implementing the attack or damage step that are not rules systems)
are registered in a battle only when its scenario lists them.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pluggy

from .. import settings
from ..errors import PluginError, UnknownPlugin
from ..files.schema import did_you_mean
from . import hookspecs
from .catalog import catalog
from .guard import PluginTimeout, Tracker, guard

if TYPE_CHECKING:
    from .actions import Choice, Decision
    from .view import BattleView

__all__ = ["hookimpl", "answers_for", "PluginTimeout", "get_plugin_manager"]

hookimpl = pluggy.HookimplMarker("slugfest")

#: An AI's ``slugfest_choose_action``: a function (battle, decision), or a plugin class's
#: method (self, battle, decision), answering a Choice or None.
ChooseAction = Callable[..., "Choice | None"]


def answers_for(name: str, **marks: Any) -> Callable[[ChooseAction], ChooseAction]:
    """Mark a function as the ``slugfest_choose_action`` of the AI behaviour ``name``.

    The function is called only for decisions whose ``decision.controller`` is ``name`` (the
    combatants a scenario gives to that AI), so it need not check; the battle routes each
    decision straight to the AI it belongs to instead of asking every AI installed. ``marks``
    are :data:`hookimpl`'s (``tryfirst``, ``trylast``)::

        from slugfest import answers_for, Choice

        @answers_for("sample-coward")
        def slugfest_choose_action(battle, decision):
            ...
    """

    def mark(fn: ChooseAction) -> ChooseAction:
        routed: ChooseAction
        if next(iter(inspect.signature(fn).parameters), "") == "self":  # a method of a plugin class
            @functools.wraps(fn)
            def method(self: Any, battle: BattleView, decision: Decision) -> Choice | None:
                return fn(self, battle, decision) if decision.controller == name else None
            routed = method
        else:
            @functools.wraps(fn)
            def function(battle: BattleView, decision: Decision) -> Choice | None:
                return fn(battle, decision) if decision.controller == name else None
            routed = function
        setattr(routed, "slugfest_answers_for", name)  # read by the host to route decisions (PluginHost.choosers)
        marked: ChooseAction = hookimpl(**marks)(routed)
        return marked

    return mark

def get_plugin_manager(house_rules: Iterable[str] = (), extra: Iterable[tuple[str, Any]] = (),
                       only: Iterable[str] | None = None) -> PluginHost:
    """Build a plugin manager for one battle.

    :param house_rules: registered names of house-rule plugins to switch on: installed ones, or
        plugins given in ``extra``.
    :param extra: ``(name, plugin)`` pairs registered directly (tests, embedding apps). They are
        always registered, house rules included, whatever ``house_rules`` and ``only`` say; one
        named like a catalogued plugin takes that plugin's place.
    :param only: if given, the only catalogued plugins to register (rules systems are always in).
    """
    pm = pluggy.PluginManager("slugfest")
    pm.add_hookspecs(hookspecs)
    tracker = Tracker(budget=settings.plugin_timeout())  # a battle sets its own; this times what comes before
    extra = list(extra)
    given = {name for name, _ in extra}
    wanted_rules = set(house_rules)
    infos = catalog()
    for name in sorted(wanted_rules - given):
        if name not in infos or infos[name].kind == "broken":
            raise UnknownPlugin(f"house rule {name!r} is not installed (or is blocked)")
    only_set = set(only) if only is not None else None
    for name, info in infos.items():
        if info.kind == "broken" or name in given:
            continue
        if info.kind == "house-rule" and name not in wanted_rules:
            continue
        if only_set is not None and name not in only_set and info.kind != "rules" and name not in wanted_rules:
            continue
        _register(pm, info.plugin, name, tracker, timed=info.source != "built-in")
    for name, plugin in extra:
        _register(pm, plugin, name, tracker, timed=True)
    host = PluginHost(pm, tracker)
    host.trusted = {name for name, info in infos.items() if info.source == "built-in" and name not in given}
    return host


def _register(pm: pluggy.PluginManager, plugin: Any, name: str, tracker: Tracker, timed: bool) -> None:
    """Register ``plugin`` guarded: in its place, a stand-in holding its hook implementations
    wrapped by :func:`.guard.guard` (so what escapes one is a PluginError naming it, and a
    third-party one runs on the watchdog's clock), which pluggy then registers, checks and calls
    as it would the plugin itself."""
    specs = {n for n in dir(hookspecs) if n.startswith("slugfest_")}
    for attr in dir(plugin):
        if attr.startswith("slugfest_") and attr not in specs:
            raise PluginError(name, "registration", f"{attr!r} is not a slugfest hook{did_you_mean(attr, specs)}")
    try:
        pm.register(_stand_in(pm, plugin, name, tracker, timed), name=name)
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        try:
            pm.unregister(name=name)
        except Exception:
            pass
        raise PluginError(name, "registration", str(exc)) from None


class Guarded:
    """What is registered for a plugin: its hook implementations, guarded; ``plugin`` is the
    plugin itself (a module, a class instance)."""

    def __init__(self, plugin: Any) -> None:
        self.plugin = plugin


def _stand_in(pm: pluggy.PluginManager, plugin: Any, name: str, tracker: Tracker, timed: bool) -> Guarded:
    out = Guarded(plugin)
    marker = f"{pm.project_name}_impl"  # where pluggy's hookimpl decorator leaves its options
    for attr in dir(plugin):
        if not attr.startswith("slugfest_"):
            continue
        opts = pm.parse_hookimpl_opts(plugin, attr)
        if opts is None:
            continue
        fn = getattr(plugin, attr)
        wrapped = guard(fn, name, attr, bool(opts.get("wrapper") or opts.get("hookwrapper")), tracker, timed)
        setattr(wrapped, marker, getattr(fn, marker, opts))
        setattr(out, attr, wrapped)
    return out


#: What each plugin answered to ``slugfest_rules_systems`` (its systems, or why it failed), by
#: the plugin object: asked once per program, as every battle's host would ask it again, and a
#: plugin that hangs there would cost its time limit each time.
_SYSTEMS_ASKED: dict[int, tuple[Any, list[Any], str]] = {}


def _asked_for_systems(impl: Any) -> tuple[list[Any], str]:
    plugin = impl.plugin.plugin if isinstance(impl.plugin, Guarded) else impl.plugin
    key = id(plugin)
    known = _SYSTEMS_ASKED.get(key)
    if known is not None and known[0] is plugin:
        return known[1], known[2]
    try:
        group = impl.function()
        problem = _systems_problem(group)
        failure = f"plugin {impl.plugin_name!r} failed in slugfest_rules_systems: {problem}" if problem else ""
    except PluginError as exc:
        group, failure = [], str(exc)
    systems = [] if failure else list(group)
    _SYSTEMS_ASKED[key] = (plugin, systems, failure)  # the plugin is kept, so its id stays its own
    return systems, failure


def _systems_problem(group: object) -> str:
    """Why what a ``slugfest_rules_systems`` returned is not a list of rules systems ("" if it is)."""
    if not isinstance(group, (list, tuple)):
        return f"expected a list of rules systems, got {type(group).__name__}"
    for system in group:
        name = getattr(system, "name", None)
        if not isinstance(name, str) or not name:
            return f"expected rules systems with a name, got {system!r}"[:200]
    return ""


@dataclass(frozen=True)
class Chooser:
    """One AI hook implementation a decision may be put to."""

    plugin: str
    call: Callable[..., Any]  # the guarded implementation: (battle, decision) -> Choice | None
    timed: bool  # a third-party plugin: put on the watchdog's clock


@dataclass
class PluginHost:
    """A typed facade over the plugin manager, so call sites name hooks and get results checked."""

    pm: pluggy.PluginManager
    tracker: Tracker
    _systems: dict[str, Any] | None = field(default=None)
    _own: dict[tuple[str, str], Any] = field(default_factory=dict)
    _chains: dict[str, tuple[Chooser, ...] | None] = field(default_factory=dict)
    #: Plugins that are part of the program (built-ins): not put on the watchdog's clock.
    trusted: set[str] = field(default_factory=set)
    #: Plugins whose ``slugfest_rules_systems`` failed, with why (their systems are left out).
    system_failures: dict[str, str] = field(default_factory=dict)
    _owners: dict[Any, list[str]] = field(default_factory=dict)

    @property
    def hook(self) -> Any:
        return self.pm.hook

    def untrusted(self) -> list[str]:
        """The registered plugins that are not the program's own (third-party, or given in code):
        the ones whose calls are timed, and whose battles run where they can be killed."""
        return sorted(name for name, _ in self.pm.list_name_plugin() if name not in self.trusted)

    def systems(self) -> dict[str, Any]:
        """The rules systems by name. Each plugin is asked on its own (guarded, and timed when
        third-party), so one that fails or answers nonsense is left out, and said why in
        :attr:`system_failures`, instead of taking every system down with it."""
        if self._systems is None:
            out: dict[str, Any] = {}
            owners: dict[Any, list[str]] = {}
            for impl in self.pm.hook.slugfest_rules_systems.get_hookimpls():
                group, failure = _asked_for_systems(impl)
                owners[impl.plugin] = []
                if failure:
                    self.system_failures[impl.plugin_name] = failure
                    continue
                for system in group:
                    out.setdefault(system.name, system)
                owners[impl.plugin] = [system.name for system in group]
            self._systems, self._owners = out, owners
        return self._systems

    def own_step(self, hook_name: str, system_name: str) -> tuple[str, Any] | None:
        """The rules system's own implementation of a step hook, as (plugin name, function to
        call with the hook's arguments in the hookspec's order, positionally), when no other
        plugin implements that hook; otherwise None.

        With no house rule registered, calling it directly gives exactly what the hook call
        would (every other implementation belongs to a rules system and answers None for a
        foreign system's attack) without pluggy's dispatch: measured over whole battles
        (callgrind, issue 33), going through pluggy instead costs hero-brawl 2.0% more
        instructions and marvel-brawl 3.3%. The function is the unguarded one: a rules system's code is not
        put on a clock anywhere else (its turn loop is not either), and a failure in it is a
        bug the battle reports rather than routes around.
        """
        key = (hook_name, system_name)
        if key not in self._own:
            self._own[key] = self._find_own(hook_name, system_name)
        found: tuple[str, Any] | None = self._own[key]
        return found

    def _find_own(self, hook_name: str, system_name: str) -> tuple[str, Any] | None:
        self.systems()
        rules_plugins = self._owners  # each rules plugin's systems, asked once (see systems)
        caller = getattr(self.pm.hook, hook_name)
        impls = caller.get_hookimpls()
        if any(i.plugin not in rules_plugins or i.wrapper or i.hookwrapper for i in impls):
            return None
        own = [i for i in impls if system_name in rules_plugins[i.plugin]]
        if len(own) != 1:
            return None
        fn = getattr(own[0].function, "__wrapped__", own[0].function)
        names, spec = tuple(own[0].argnames), tuple(caller.spec.argnames)
        if names != spec:  # an implementation that takes fewer arguments, or names them in another order
            picks = [spec.index(n) for n in names]

            def call(*args: Any) -> Any:
                return fn(*[args[i] for i in picks])
            return own[0].plugin_name, call
        return own[0].plugin_name, fn

    def choosers(self, controller: str) -> tuple[Chooser, ...] | None:
        """The ``slugfest_choose_action`` implementations that may answer a decision of
        ``controller``, in the order pluggy calls them (pluggy's documented order: last
        registered first, ``tryfirst`` before and ``trylast`` after the rest, which is its list
        of implementations read backwards): every implementation except those marked with
        :func:`answers_for` another AI (they would return None). ``None`` when a wrapper is on
        the hook: then only pluggy's own call gets it right. Asking this chain rather than
        pluggy's firstresult call saves a battle 2.7% of its instructions in hero-brawl and
        3.1% in marvel-brawl (callgrind, issue 33); tests/test_plugin_api.py checks the two
        agree."""
        if controller not in self._chains:
            impls = self.pm.hook.slugfest_choose_action.get_hookimpls()
            if any(i.wrapper or i.hookwrapper for i in impls):
                self._chains[controller] = None
            else:
                self._chains[controller] = tuple(
                    Chooser(i.plugin_name, i.function, i.plugin_name not in self.trusted)
                    for i in reversed(impls)  # pluggy calls the last-registered (and tryfirst) first
                    if getattr(i.function, "slugfest_answers_for", controller) == controller)
        return self._chains[controller]

    def names(self) -> list[str]:
        return [n for n, _ in self.pm.list_name_plugin()]

    def plugin(self, name: str) -> Any:
        """The plugin registered as ``name`` (the module or object itself, not its guarded stand-in), or None."""
        registered = self.pm.get_plugin(name)
        return registered.plugin if isinstance(registered, Guarded) else registered

    def without(self, hook_name: str, plugins: Iterable[str]) -> Any:
        """The hook caller minus some plugins (used to go on after a plugin failed)."""
        objs = [self.pm.get_plugin(n) for n in plugins]
        return self.pm.subset_hook_caller(hook_name, remove_plugins=[o for o in objs if o is not None])


def refresh() -> None:
    """Forget what was discovered (after installing a plugin, or changing the env variables)."""
    catalog.cache_clear()
    _default_host.cache_clear()


def rules_systems() -> dict[str, Any]:
    """The installed rules systems by name (for loading scenarios outside a battle)."""
    return _default_host().systems()


@functools.lru_cache(maxsize=1)
def _default_host() -> PluginHost:
    return get_plugin_manager()
