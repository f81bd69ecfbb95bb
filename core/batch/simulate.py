"""Many AI-vs-AI battles: seeded, parallel, aggregated as they finish.

Battle ``i`` of a batch with base seed ``S`` always uses the seed :func:`battle_seed` (S, i),
so the results are the same whatever the number of processes, and battle ``i`` can be
replayed alone (``--play-by-play``). Results are folded into an :class:`core.batch.stats.Aggregate`
in index order as they arrive; a battle that raises, or a worker process that dies, becomes
an error record carrying its seed, and the rest of the batch goes on.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import traceback
from collections import deque
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from typing import Any, Callable, Iterable

from .. import settings
from ..engine.battle import Battle
from ..engine.isolation import Beacons, SlotReading, runaway_words
from ..engine.plugins import get_plugin_manager
from ..files.scenario import Scenario
from .pace import Progress
from .plan import Plan, battle_seed
from .stats import Aggregate, BattleError, BattleTally

#: The most battles a worker plays before handing them back (each hand-back is a little IPC).
CHUNK = 25
#: Rounds of chunks a batch is cut into at least (each process a chunk a round), so the first
#: battles come back soon and the count moves in small steps: 200 planner battles on two
#: processes came back 25 at a time, the first after eight seconds.
ROUNDS = 8


def tally_of(battle: Battle, index: int) -> BattleTally:
    return battle.system.tally(battle, index)


def run_one(scenario: Scenario, index: int, base_seed: int, host: Any = None) -> BattleTally | BattleError:
    seed = battle_seed(base_seed, index)
    try:
        b = Battle(scenario, seed=seed, host=host)
        b.run()
        return tally_of(b, index)
    except Exception as exc:  # one bad battle must not sink the batch; its seed replays it
        last = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        where = f" at {os.path.basename(last.filename)}:{last.lineno}" if last else ""
        return BattleError(index, seed, f"{type(exc).__name__}: {exc}{where}")


_worker_plan: Plan | None = None
_worker_hosts: dict[tuple[str, ...], Any] = {}
_worker_plugins: tuple = ()
_worker_beacons: Beacons | None = None


def _host_for(scenario: Scenario, hosts: dict[tuple[str, ...], Any], plugins: tuple) -> Any:
    """One plugin host per set of house rules (a sweep may vary them), built once."""
    key = tuple(scenario.house_rules)
    if key not in hosts:
        hosts[key] = get_plugin_manager(house_rules=scenario.house_rules, extra=plugins)
    return hosts[key]


def _init_worker(plan: Plan, beacons: Beacons | None = None, plugins: tuple = ()) -> None:
    global _worker_plan, _worker_hosts, _worker_plugins, _worker_beacons
    _worker_plan = plan
    _worker_plugins = plugins
    _worker_hosts = {}
    for sc in plan.scenarios:
        _host_for(sc, _worker_hosts, plugins)
    _worker_beacons = beacons
    if beacons is not None:
        beacons.claim()


def _run_chunk(start: int, stop: int, base_seed: int,
               skip: frozenset[int] = frozenset()) -> list[BattleTally | BattleError | None]:
    """Positions ``start`` to ``stop`` of the plan (None for those in ``skip``: stopped at
    their deadline before), each announced in the worker's beacon slot as it starts."""
    plan = _worker_plan
    assert plan is not None
    beacons = _worker_beacons
    out: list[BattleTally | BattleError | None] = []
    for g in range(start, stop):
        if g in skip:
            out.append(None)
            continue
        if beacons is not None:
            beacons.playing(g)
        v, i = plan.locate(g)
        scenario = plan.scenarios[v]
        out.append(run_one(scenario, i, plan.base_seed, _host_for(scenario, _worker_hosts, _worker_plugins)))
    if beacons is not None:
        beacons.playing(None)
    return out


def _chunk_entry(start: int, stop: int, base_seed: int,
                 skip: frozenset[int] = frozenset()) -> list[BattleTally | BattleError | None]:
    """What a worker runs; looks ``_run_chunk`` up when called (tests replace it)."""
    return _run_chunk(start, stop, base_seed, skip)


class _Enough(Exception):
    """The batch's stopping rule is met (``until``): no more battles are wanted."""


def simulate(scenario: Scenario, runs: int, base_seed: int, jobs: int = 1,
             on_progress: Callable[[Progress], None] | None = None,
             deadline: float | None = None, plugins: Iterable[tuple[str, Any]] = (), *,
             first: int = 0, until: Callable[[Aggregate], bool] | None = None,
             check_every: int = 100) -> tuple[Aggregate, bool]:
    """Run ``runs`` battles over ``jobs`` processes. Returns (aggregate, interrupted).

    The battles are those of index ``first`` to ``first + runs - 1`` of the batch, so a batch
    can be run in parts (``--shard``) and the parts' aggregates merged into the whole's. With
    ``until``, the batch stops early once ``until(aggregate)`` holds, asked after every
    ``check_every`` battles: battles fold in index order, so where it stops does not depend on
    ``jobs`` (``--precision`` stops this way).

    Ctrl-C stops the batch and keeps every battle that finished before it, in order. See
    :func:`workers` for how many processes start; the results are the same whatever ``jobs`` is.
    With a third-party plugin in play the battles run in worker processes even for ``jobs=1``:
    one that runs past ``deadline`` seconds (default ``SLUGFEST_BATTLE_DEADLINE``) is killed
    with its worker and listed among the errors by its seed, naming the plugin that was running.
    The battles of the built-in plugins alone run in this process for ``jobs=1`` (no process to
    start, and no code that is not the program's own). ``plugins`` are plugins given in code, as
    (name, plugin) pairs, as for :func:`core.engine.plugins.get_plugin_manager` (they reach the workers
    by fork, or pickled where processes are spawned).
    """
    many = None if until is None else (lambda aggs: until(aggs[0]))
    aggs, interrupted = simulate_many((scenario,), runs, base_seed, jobs, on_progress, deadline, plugins,
                                      first=first, until=many, check_every=check_every)
    return aggs[0], interrupted


def simulate_many(scenarios: Iterable[Scenario], runs: int, base_seed: int, jobs: int = 1,
                  on_progress: Callable[[Progress], None] | None = None,
                  deadline: float | None = None, plugins: Iterable[tuple[str, Any]] = (), *,
                  first: int = 0, until: Callable[[list[Aggregate]], bool] | None = None,
                  check_every: int = 100,
                  on_battle: Callable[[int, BattleTally | BattleError], None] | None = None,
                  ) -> tuple[list[Aggregate], bool]:
    """:func:`simulate` for several scenarios at once (a sweep's variants), in one pool: each
    runs the same battles (the same seeds) as the others, and they advance together in blocks
    of ``check_every`` battles (see :class:`Plan`), so ``until`` is asked of all of them after
    each round of blocks. ``on_battle(scenario's position, result)`` sees every battle as it is
    folded (a sweep keeps each battle's outcome to pair the values' results)."""
    settings.plugin_timeout()  # a bad setting is one clear error now, not one per battle
    if deadline is None:
        deadline = settings.battle_deadline()
    plugins = tuple(plugins)
    scenarios = tuple(scenarios)
    plan = Plan(scenarios, runs, base_seed, first, check_every)
    hosts: dict[tuple[str, ...], Any] = {}
    aggs = []
    for sc in scenarios:
        system = _host_for(sc, hosts, plugins).systems()[sc.system]
        aggs.append(Aggregate.for_system([s.name for s in sc.sides], system))
    interrupted = False
    folded = [0] * len(scenarios)
    errors = [0]
    round_of_blocks = check_every * len(scenarios)

    def fold(g: int, result: BattleTally | BattleError) -> None:
        v, _ = plan.locate(g)
        agg = aggs[v]
        if isinstance(result, BattleError):
            agg.error(result)
            errors[0] += 1
        else:
            agg.add(result)
        folded[v] += 1
        if on_battle is not None:
            on_battle(v, result)
        if on_progress is not None:
            on_progress(Progress(g + 1, plan.total, errors[0], tuple(folded), under_way))
        if until is not None and (g + 1) % round_of_blocks == 0 and g + 1 < plan.total and until(aggs):
            raise _Enough

    serial = jobs <= 1 and not any(h.untrusted() for h in hosts.values())
    processes = 1 if serial else workers(plan.total, jobs)
    chunk = chunk_for(plan.total, processes)
    under_way = 1 if serial else min(processes * chunk, plan.total)  # played at once (Progress.under_way)
    try:
        if serial:
            for g in range(plan.total):
                v, i = plan.locate(g)
                fold(g, run_one(scenarios[v], i, base_seed, hosts[tuple(scenarios[v].house_rules)]))
        else:
            _run_parallel(plan, plan.total, base_seed, processes, fold, deadline, plugins, chunk)
    except KeyboardInterrupt:
        interrupted = True
    except _Enough:
        pass
    return aggs, interrupted


def workers(runs: int, jobs: int) -> int:
    """Worker processes for ``runs`` battles when ``jobs`` are asked for: never more than the
    chunks of battles there are to hand out (``--jobs 300`` for 40 battles starts two). A batch
    asked to run in processes keeps at least one, even for a single chunk: a battle that kills
    its process is then reported with its seed instead of taking the batch down."""
    return max(1, min(jobs, -(-runs // CHUNK)))


def chunk_for(runs: int, processes: int) -> int:
    """Battles a worker plays before handing them back: :data:`CHUNK` for a long batch, fewer
    for a short one, so that it is cut into at least :data:`ROUNDS` rounds of chunks. The
    battles and their order of folding are the same whatever the size."""
    return max(1, min(CHUNK, -(-runs // (processes * ROUNDS))))


#: Seconds between looks at the workers' clocks while waiting for a chunk.
POLL = 0.25
#: Seconds the workers get to exit once the batch is done (see :meth:`_Supervisor._close`).
EXIT_GRACE = 2.0


def _run_parallel(plan: Plan, runs: int, base_seed: int, jobs: int,
                  fold: Callable[[int, BattleTally | BattleError], None], deadline: float = 600.0,
                  plugins: tuple = (), chunk: int = CHUNK) -> None:
    """Chunks of the plan's ``runs`` positions over a process pool, folded in order.

    Each worker announces the battle it plays in a :class:`~core.engine.isolation.Beacons` slot; one
    playing a battle for more than ``deadline`` seconds is killed, and that battle becomes an
    error with its seed and the plugin that was running (a worker whose plugin would not stop
    ends itself the same way, sooner). The chunks in flight with it are played again, without
    the stopped battle, so no other battle is lost or changed.

    When a worker dies otherwise, every chunk in flight fails with it and the culprit is
    unknown; those chunks are run again one at a time, so only a chunk that kills a worker on
    its own is reported as crashed (with its seeds), and no other battle is lost.
    """
    _Supervisor(plan, runs, base_seed, jobs, fold, deadline, plugins, chunk).run()


Span = tuple[int, int]


class _Supervisor:
    """One parallel batch: the pool, the chunks still to hand out and in flight, the battles
    stopped, and the results waiting for their turn to be folded (see :func:`_run_parallel`)."""

    def __init__(self, plan: Plan, runs: int, base_seed: int, jobs: int,
                 fold: Callable[[int, BattleTally | BattleError], None], deadline: float, plugins: tuple,
                 chunk: int = CHUNK) -> None:
        self.plan, self.stop, self.base_seed, self.jobs, self.chunk = plan, runs, base_seed, jobs, chunk
        self.fold, self.deadline, self.plugins = fold, deadline, plugins
        self.ctx = multiprocessing.get_context()
        self.chunks: deque[Span] = deque((s, min(s + chunk, runs)) for s in range(0, runs, chunk))
        self.pending: deque[tuple[Span, Future]] = deque()
        self.suspects: set[Span] = set()  # chunks in flight when a worker died: each run alone
        self.stopped: dict[int, BattleError] = {}  # battles stopped (deadline, crash), by position
        self.done: dict[int, list[BattleTally | BattleError]] = {}  # finished chunks, by first position
        self.next_start = 0  # the first position not yet folded
        self.killed = False  # a worker was killed at its deadline since the pool started
        self.pool, self.beacons = self._start()

    def _start(self) -> tuple[ProcessPoolExecutor, Beacons]:
        beacons = Beacons(self.jobs, self.ctx)
        return ProcessPoolExecutor(max_workers=self.jobs, mp_context=self.ctx, initializer=_init_worker,
                                   initargs=(self.plan, beacons, self.plugins)), beacons

    def _restart(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool, self.beacons = self._start()
        self.killed = False

    def run(self) -> None:
        try:
            while self.chunks or self.pending:
                self._hand_out()
                if not self.pending:  # broken with nothing in flight: just start again
                    self._restart()
                    continue
                span, fut = self.pending[0]
                try:
                    results = fut.result(timeout=POLL)
                    self.pending.popleft()
                except TimeoutError:
                    self.killed |= _stop_overdue(self.beacons, self.deadline, self.plan, self.stopped)
                    continue
                except BrokenExecutor:
                    self.pending.popleft()
                    crashed = self._after_crash(span)
                    if crashed is None:
                        continue
                    results = crashed
                self._finish(span, results)
            self._close()
        finally:
            self.pool.shutdown(wait=False, cancel_futures=True)  # interrupted or failed: do not wait

    def _close(self) -> None:
        """All done: let the workers exit cleanly before the interpreter does, but wait no more
        than :data:`EXIT_GRACE` seconds for one. A process does not exit while a thread it
        started is running, and a plugin may have started one that never ends: such a worker
        has no battle left to play, so it is killed rather than waited on for ever."""
        workers = list(getattr(self.pool, "_processes", {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        until = time.monotonic() + EXIT_GRACE
        for process in workers:
            process.join(max(until - time.monotonic(), 0))
        for process in workers:
            if process.is_alive():
                process.kill()
                process.join(EXIT_GRACE)

    def _hand_out(self) -> None:
        """Submit chunks up to two per worker, or one at a time while a crash is hunted down."""
        limit = 1 if self.suspects else self.jobs * 2
        while self.chunks and len(self.pending) < limit:
            span = self.chunks[0]
            skip = frozenset(i for i in range(*span) if i in self.stopped)
            try:
                fut = self.pool.submit(_chunk_entry, span[0], span[1], self.base_seed, skip)
            except BrokenExecutor:
                return  # the pool broke under a chunk already in flight: the caller sees it
            self.pending.append((self.chunks.popleft(), fut))

    def _after_crash(self, span: Span) -> list[BattleTally | BattleError | None] | None:
        """The pool broke while ``span`` was first in line. If that chunk ran alone and nothing
        else explains the crash, it is the culprit: its results (the battle under way listed as
        crashed, else the whole chunk), or None when the rest of it is to be played again. Else
        every chunk in flight is queued again (as a suspect, unless a deadline or a plugin's
        runaway explains the crash) and None."""
        explained = _stopped_by_plugins(self.beacons, self.plan, self.stopped) or self.killed
        if not explained and span in self.suspects and not self.pending:
            # Its worker's slot says which battle was under way (and in which plugin call): that
            # one is listed, the rest of the chunk played again; if it cannot say, the chunk.
            self.suspects.discard(span)
            culprit = _battle_under_way(self.beacons, span)
            if culprit is None:
                return [self.plan.error(g, "worker process crashed") for g in range(*span)]
            assert culprit.index is not None
            self.stopped[culprit.index] = self.plan.error(culprit.index,
                                                          f"its worker process crashed: {culprit.culprit()}")
            self.chunks.appendleft(span)
            self._restart()
            return None
        for other in (span, *(s for s, _ in self.pending)):
            if not explained:
                self.suspects.add(other)
            self.chunks.append(other)
        self.pending.clear()
        self.chunks = deque(sorted(self.chunks))
        self._restart()
        return None

    def _finish(self, span: Span, results: list[BattleTally | BattleError | None]) -> None:
        """Keep a finished chunk, then fold every chunk whose turn has come, in index order
        (whatever order the chunks finish in)."""
        self.suspects.discard(span)
        self.done[span[0]] = [self.stopped[span[0] + k] if r is None else r for k, r in enumerate(results)]
        while self.next_start in self.done:
            part = self.done.pop(self.next_start)
            for k, r in enumerate(part):
                self.fold(self.next_start + k, r)
            self.next_start = min(self.next_start + self.chunk, self.stop)


def _stop_overdue(beacons: Beacons, deadline: float, plan: Plan, stopped: dict[int, BattleError]) -> bool:
    """Kill every worker whose battle has run past ``deadline``; True if one was."""
    any_killed = False
    for r in beacons.readings():
        if r.index is None or r.seconds <= deadline or r.index in stopped:
            continue
        stopped[r.index] = plan.error(r.index, f"stopped at its deadline of {deadline:g} s: {r.culprit()}")
        if r.pid not in {p.pid for p in multiprocessing.active_children()}:
            continue  # it ended on its own meanwhile (and its pid may be someone else's now)
        try:
            os.kill(r.pid, signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        except OSError:
            pass
        any_killed = True
    return any_killed


def _battle_under_way(beacons: Beacons, span: tuple[int, int]) -> SlotReading | None:
    """The reading of the worker that was playing a battle of ``span`` when it died."""
    for r in beacons.readings():
        if r.index is not None and span[0] <= r.index < span[1]:
            return r
    return None


def _stopped_by_plugins(beacons: Beacons, plan: Plan, stopped: dict[int, BattleError]) -> bool:
    """Record the battles whose worker ended itself over a plugin that would not stop."""
    found = False
    for r in beacons.readings():
        if r.runaway and r.index is not None and r.index not in stopped:
            stopped[r.index] = plan.error(r.index, f"stopped: {runaway_words(r)}")
            found = True
    return found


def replay(scenario: Scenario, index: int, base_seed: int) -> Battle:
    """Battle ``index`` of a batch, replayed with its full event log."""
    b = Battle(scenario, seed=battle_seed(base_seed, index))
    b.run()
    return b
