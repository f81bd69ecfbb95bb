"""The measurements ``bench.py`` takes, run inside one checkout (this one or another).

    python benchmarks/probe.py ROOT WHAT NAME RUNS [SIDE]

``ROOT`` is a checkout: an older one keeps its modules at the top (``core.battle``), a newer one
under ``slugfest`` (``slugfest.core.engine.battle``); the probe imports whichever the checkout has, so
``bench.py`` can time two checkouts side by side with the same code. It prints one JSON object.

``WHAT`` is one of:

* ``battles``: ``RUNS`` seeded battles of the bundled scenario ``NAME`` in this process, as a
  batch runs them, in CPU time (:data:`clock`): battles per second, whole-battle microseconds
  per attack roll (everything: the turn loop, menus, AIs, hooks, events, resolution), and
  microseconds per Phase or turn;
* ``resolution``: the same battles with a clock around every attack's resolution (the rules
  system's ``resolve_attack``: the Abort or reaction offer, END, the attack and damage steps,
  the effects, the events), less the time the AIs spent answering questions inside it, and a
  clock around every AI decision (``Battle.decide``: a Phase or turn, and a question's answer
  apart), so the whole splits into what the AIs take a decision and what the engine takes a
  Phase or turn (the clock, the menus, the rules, the events) however differently two
  checkouts' AIs play. The AIs' share holds what they ask of the rules system while deciding:
  the picture's expected harm of each option is worked out when an AI asks for it, and the
  check that its pick is legal runs inside ``decide`` too;
* ``forks``: what ``Battle.fork()`` costs at a Phase or turn decision and at a question in the
  middle of an action, beside what a Phase or turn costs (a checkout without forks: nothing);
* ``roster``: the battles of a roster of ``SIDE`` a side built from copies of ``NAME``'s
  combatants on a map enlarged to fit them: microseconds per Phase (HERO) or turn (Marvel).
"""

from __future__ import annotations

import copy
import importlib
import importlib.abc
import importlib.util
import inspect
import json
import math
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ATTACK_EVENTS = {"attack_rolled", "attack_check"}
#: The ``battles`` and ``roster`` figures are this process's CPU time: what the machine's other
#: work takes is not counted (issue 35 judges battles per core by CPU time). The measurements
#: that time parts inside the battles (an attack's resolution, an AI's decision, a fork) read
#: the parts and their whole on the wall clock, since a CPU clock costs a microsecond a
#: reading, as much as answering a question: take those on an idle machine.
clock = time.process_time


class _Checkout(importlib.abc.MetaPathFinder):
    """Imports ``slugfest`` and its parts from one checkout's folders, as its pyproject maps
    them (``slugfest.core`` from ``core/``...), whatever else is installed: the venv's editable
    install points at the checkout it was made from, not at the one being timed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        config = tomllib.loads((root / "pyproject.toml").read_text())
        self.folders = {name: root / folder for name, folder in config["tool"]["setuptools"]["package-dir"].items()}

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        folder = self.folders.get(fullname)
        if folder is None:
            return None
        return importlib.util.spec_from_file_location(fullname, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])


#: Where each module the probe needs lives, newest layout first: core/ in subpackages (issue 33),
#: or flat, as before it.
PLACES = {"battle": ("engine.battle", "battle"), "scenario": ("files.scenario", "scenario"),
          "simulate": ("batch.simulate", "simulate"), "sweep": ("batch.sweep", "sweep"),
          "plugins": ("engine.plugins", "plugins")}


def load(root: Path) -> dict[str, Any]:
    """The checkout's modules: an older checkout's from its top (``core.battle``), a newer one's
    from under ``slugfest`` (``slugfest.core.battle``, or ``slugfest.core.engine.battle`` once core/
    has subpackages), imported from ``root`` either way."""
    root = root.resolve()
    new = (root / "slugfest" / "__init__.py").exists()
    if not new:
        sys.path.insert(0, str(root))
    elif not any(isinstance(f, _Checkout) and f.root == root for f in sys.meta_path):
        sys.meta_path.insert(0, _Checkout(root))
    core = "slugfest.core" if new else "core"
    layered = (root / "core" / "engine").is_dir()
    m = {name: importlib.import_module(f"{core}.{places[0] if layered else places[1]}")
         for name, places in PLACES.items()}
    m["bundled"] = importlib.import_module("slugfest.scenarios" if new else "scenarios").bundled
    m["new"] = new
    return m


def scenario(m: dict[str, Any], name: str) -> Any:
    return m["scenario"].load_scenario(m["bundled"]()[name])


def battles(m: dict[str, Any], sc: Any, runs: int, timer: Any = None) -> dict[str, float]:
    """The ``battles`` measurement, on the CPU clock (:data:`clock`) or ``timer``: the
    measurements that time parts inside the battles pass the wall clock they time those by, so
    a part and its whole are read on one clock."""
    timer = timer or clock
    host = m["plugins"].get_plugin_manager(house_rules=sc.house_rules)
    seed = m["simulate"].battle_seed
    Battle = m["battle"].Battle
    attacks = decisions = phases = 0
    spent = 0.0
    for i in range(runs):
        started = timer()
        b = Battle(sc, seed=seed(1, i), host=host)
        b.run()
        spent += timer() - started
        for e in b.events:
            kind = e.kind
            if kind in ATTACK_EVENTS:
                attacks += 1
            elif kind == "action_chosen":
                decisions += 1
                phases += e.decision == "phase"
    return {"battles_per_s": runs / spent, "us_per_attack": spent / max(attacks, 1) * 1e6,
            "us_per_phase": spent / max(phases, 1) * 1e6, "attacks": attacks, "phases": phases,
            "decisions": decisions, "runs": runs}


def resolution(m: dict[str, Any], sc: Any, runs: int) -> dict[str, float]:
    """Microseconds per attack resolution timed inside whole battles (see the module's docstring).

    A checkout whose rules yield their questions (``resolve_attack`` is a generator) is timed
    while it runs, not while it waits on a question; an older one, whose rules asked through
    ``Battle.ask``, has the time its questions took taken off."""
    spent, asked, calls = [0.0], [0.0], [0]
    deciding, decisions, depth = {"phase": 0.0, "question": 0.0}, {"phase": 0, "question": 0}, [0]
    Battle = m["battle"].Battle

    def timed(original: Any) -> Any:
        def resolve(*args: Any, **kwargs: Any) -> Any:
            before, started = asked[0], time.perf_counter()
            try:
                made = original(*args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - started - (asked[0] - before)
                calls[0] += 1
            return _timed_steps(made, spent) if inspect.isgenerator(made) else made
        return resolve

    original_ask = getattr(Battle, "ask", None)
    original_decide = Battle.decide

    def decide(self: Any, decision: Any) -> Any:
        # the outermost call only: a planner's rollouts decide inside its own decision
        depth[0] += 1
        started = time.perf_counter()
        try:
            return original_decide(self, decision)
        finally:
            depth[0] -= 1
            if not depth[0]:
                kind = "phase" if decision.kind == "phase" else "question"
                deciding[kind] += time.perf_counter() - started
                decisions[kind] += 1

    def ask(self: Any, decision: Any) -> Any:
        started = time.perf_counter()
        try:
            return original_ask(self, decision)  # type: ignore[misc]
        finally:
            asked[0] += time.perf_counter() - started

    patched = [(owner, name, getattr(owner, name)) for owner, name in _resolvers(m, sc)]
    if original_ask is not None:
        Battle.ask = ask
    Battle.decide = decide
    for owner, name, original in patched:
        setattr(owner, name, timed(original))
    try:
        result = battles(m, sc, runs, time.perf_counter)
    finally:
        if original_ask is not None:
            Battle.ask = original_ask
        Battle.decide = original_decide
        for owner, name, original in patched:
            setattr(owner, name, original)
    whole = runs / result["battles_per_s"]
    ai = deciding["phase"] + deciding["question"]
    return {"us_per_resolution": spent[0] / max(calls[0], 1) * 1e6, "resolutions": calls[0],
            "instrumented_battles_per_s": result["battles_per_s"], "us_per_attack": result["us_per_attack"],
            "us_per_ai_phase": deciding["phase"] / max(decisions["phase"], 1) * 1e6,
            "us_per_ai_question": deciding["question"] / max(decisions["question"], 1) * 1e6,
            "ai_decisions": decisions["phase"] + decisions["question"], "ai_questions": decisions["question"],
            "us_engine_per_phase": (whole - ai) / max(result["phases"], 1) * 1e6, "ai_share": ai / whole}


def _timed_steps(rules: Any, spent: list[float]) -> Any:
    """Pass a rule's questions on (``yield from`` it), adding the time it runs between them to ``spent``."""
    reply = None
    while True:
        started = time.perf_counter()
        try:
            question = rules.send(reply)
        except StopIteration as done:
            spent[0] += time.perf_counter() - started
            return done.value
        spent[0] += time.perf_counter() - started
        reply = yield question


def _resolvers(m: dict[str, Any], sc: Any) -> list[tuple[Any, str]]:
    """Where the rules system's ``resolve_attack`` is looked up when an attack is resolved (and
    a Marvel Grab's ``resolve_grab``: its check is an attack check too)."""
    if m["new"]:
        found = []
        for module, name in (("combat", "resolve_attack"), ("maneuvers", "resolve_grab")):
            try:
                owner = importlib.import_module(f"slugfest.core.{sc.system}.{module}")
            except ImportError:
                continue
            if hasattr(owner, name):
                found.append((owner, name))
        return found
    system = m["plugins"].get_plugin_manager().systems()[sc.system]
    return [(type(system), "resolve_attack")]


def roster_data(m: dict[str, Any], name: str, side: int) -> dict[str, Any]:
    """``name``'s scenario with ``side`` combatants a side, copies of its own, on a map enlarged
    to fit them: each side in columns two cells apart at its own edge, the gap between the
    sides and the map's obstacles as they were (moved along with the widened map)."""
    data = copy.deepcopy(m["sweep"].read_data(m["bundled"]()[name]))
    mp = data.setdefault("map", {})
    width, height = mp.get("width", 24), mp.get("height", 16)
    per_column = max(min(side, (height - 1) // 2), 1)
    columns = math.ceil(side / per_column)
    shift = 2 * (columns - 1)
    new_width, new_height = width + 2 * shift, max(height, 2 * per_column + 1)
    mp["width"], mp["height"] = new_width, new_height
    mp["obstacles"] = [[x + shift, y] for x, y in mp.get("obstacles", [])]
    for wall in mp.get("walls", []):
        wall["x"] += shift
    taken = set()
    for s_index, s in enumerate(data["sides"]):
        originals = s["combatants"]
        out = []
        for k in range(side):
            c = copy.deepcopy(originals[k % len(originals)])
            c["id"], c["name"] = f"{c['id']}-{k}", f"{c['name']} {k}"
            col, row = divmod(k, per_column)
            x = 1 + 2 * col if s_index == 0 else new_width - 2 - 2 * col
            c["position"] = [x, 1 + 2 * row]
            taken.add((x, 1 + 2 * row))
            out.append(c)
        s["combatants"] = out
    mp["obstacles"] = [o for o in mp["obstacles"] if tuple(o) not in taken]
    mp["walls"] = [w for w in mp.get("walls", []) if not any(
        w["x"] <= x < w["x"] + w.get("width", 1) and w["y"] <= y < w["y"] + w.get("height", 1) for x, y in taken)]
    return data


def forks(m: dict[str, Any], sc: Any, runs: int) -> dict[str, float]:
    """What ``Battle.fork()`` costs, beside what a Phase or turn costs: the battles of
    :func:`battles` fought again with every question waiting (so a fork can be made at each),
    a fork made at every Phase or turn decision and at every question; microseconds each. A
    checkout without ``fork`` gives nothing."""
    Battle = m["battle"].Battle
    if not hasattr(Battle, "fork"):
        return {}
    plain = battles(m, sc, runs, time.perf_counter)
    host = m["plugins"].get_plugin_manager(house_rules=sc.house_rules)
    seed = m["simulate"].battle_seed
    ids = [c.id for c in sc.combatants]
    at_phase, at_question, n_phase, n_question = 0.0, 0.0, 0, 0
    for i in range(runs):
        b = Battle(sc, seed=seed(1, i), host=host, player_controlled=ids)
        while (d := b.advance()) is not None:
            started = time.perf_counter()
            b.fork()
            spent = time.perf_counter() - started
            if b.asking:
                at_question, n_question = at_question + spent, n_question + 1
            else:
                at_phase, n_phase = at_phase + spent, n_phase + 1
            choice, who = b.decide(d)
            b.submit(d, choice, who, checked=True)
    return {"us_per_phase": plain["us_per_phase"], "us_per_fork_at_phase": at_phase / max(n_phase, 1) * 1e6,
            "us_per_fork_at_question": at_question / max(n_question, 1) * 1e6, "forks": n_phase + n_question}


def main() -> None:
    root, what, name, runs = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    m = load(root)
    if what == "battles":
        out = battles(m, scenario(m, name), runs)
    elif what == "resolution":
        out = resolution(m, scenario(m, name), runs)
    elif what == "forks":
        out = forks(m, scenario(m, name), runs)
    elif what == "roster":
        side = int(sys.argv[5])
        sc = m["scenario"].parse_scenario(roster_data(m, name, side), f"{name} x{side}")
        out = battles(m, sc, runs)
    else:
        raise SystemExit(f"unknown measurement {what!r}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
