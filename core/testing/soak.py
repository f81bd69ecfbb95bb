"""Soak runs: many seeded battles with invariants checked after every event.

Checked: the system's own figure ranges (:meth:`RulesSystem.invariant_violations`), that no
one who cannot act (knocked out, unconscious, dead, stunned...) is given a choice, that the
clock never passes the scenario's limit, and that nothing happens after the battle ends.
A violation or an exception is reported with the scenario, the AI and the seed that replays it.
"""

from __future__ import annotations

import gc
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..batch.plan import battle_seed
from ..engine.battle import Battle
from ..engine.events import ActionChosen, BattleEnded, Event, PluginFailed
from ..engine.plugins import get_plugin_manager
from ..files.scenario import Scenario


@dataclass
class SoakReport:
    battles: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)
    #: The resident memory (KB) of the process that played each chunk of battles, taken after
    #: a garbage collection when the chunk ends, in chunk order: memory that grew with the
    #: number of battles would show as a rise from the first chunks to the last. (Not the
    #: high-water mark: one long battle late in a run would raise that without any leak.)
    rss_kb: list[int] = field(default_factory=list)


class InvariantChecker:
    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.ended = False
        self.problems: list[str] = []

    def __call__(self, event: Event) -> None:
        b = self.battle
        if self.ended and not (isinstance(event, PluginFailed) and event.hook == "slugfest_battle_end"):
            self.problems.append(f"{event.kind} after the battle ended")
        if isinstance(event, BattleEnded):
            self.ended = True
        if b.state is None:
            return
        if isinstance(event, ActionChosen) and event.decision == "phase" and event.action_kind != "none":
            v = b.vitals(event.actor)
            if not v.able or v.disabled:
                self.problems.append(f"{event.actor} chose {event.action!r} while unable to act ({', '.join(v.conditions)})")
        if b.rounds > b.scenario.turn_limit + 1:
            self.problems.append(f"clock at {b.rounds}, past the limit of {b.scenario.turn_limit}")
        for p in b.invariant_violations():
            self.problems.append(f"after {event.kind}: {p}")


def with_ai(scenario: Scenario, ai: str) -> Scenario:
    """The same scenario with every combatant driven by ``ai``."""
    sides = tuple(replace(s, combatants=tuple(replace(c, ai=ai) for c in s.combatants)) for s in scenario.sides)
    return replace(scenario, sides=sides)


def soak(scenarios: Iterable[tuple[str, Scenario]], ais: Iterable[str], battles: int, base_seed: int = 0,
         progress: Any = None, jobs: int = 1) -> SoakReport:
    """Battle ``i`` plays scenario x AI number ``i`` modulo their count, with seed
    ``battle_seed(base_seed, i)``, whatever ``jobs`` is."""
    plan = [(name, sc, ai) for name, sc in scenarios for ai in ais]
    report = SoakReport()
    step = 200
    chunks = [(s, min(s + step, battles)) for s in range(0, battles, step)]
    if jobs <= 1:
        parts: Iterable[SoakReport] = (_soak_range(plan, a, b, base_seed) for a, b in chunks)
        for part in parts:
            _add(report, part, progress, battles)
        return report

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_soak_range, plan, a, b, base_seed) for a, b in chunks]
        for fut in futures:
            _add(report, fut.result(), progress, battles)
    return report


def _add(report: SoakReport, part: SoakReport, progress: Any, total: int) -> None:
    report.battles += part.battles
    report.events += part.events
    report.problems.extend(part.problems)
    report.rss_kb.extend(part.rss_kb)
    if progress:
        progress(report.battles, total)


def _soak_range(plan: list, start: int, stop: int, base_seed: int) -> SoakReport:
    report = SoakReport()
    hosts: dict[tuple[str, ...], Any] = {}
    for i in range(start, stop):
        name, sc, ai = plan[i % len(plan)]
        variant = with_ai(sc, ai)
        key = variant.house_rules
        host = hosts.get(key) or hosts.setdefault(key, get_plugin_manager(house_rules=key))
        seed = battle_seed(base_seed, i)
        b = Battle(variant, seed=seed, host=host)
        checker = InvariantChecker(b)
        b.listen(checker)
        try:
            b.run()
        except Exception as exc:  # a crash is a finding, with its seed
            report.problems.append(f"{name} ai={ai} seed={seed}: {type(exc).__name__}: {exc}")
        for p in checker.problems[:3]:
            report.problems.append(f"{name} ai={ai} seed={seed}: {p}")
        report.battles += 1
        report.events += len(b.events)
    gc.collect()
    report.rss_kb.append(resident_kb())
    return report


def resident_kb() -> int:
    """This process's resident memory now, in KB (Linux; 0 where the platform cannot tell)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError, AttributeError):
        return 0
