"""Batches on a Dask cluster (``--cluster ADDRESS``): the same battles, the same report.

Dask distributed (the optional extra ``slugfest[cluster]``) does the scheduling: the batch is cut
into spans of battles, each span a task that plays its battles with the seeds they have in the
whole batch and returns its aggregate's exact state (:meth:`core.batch.stats.Aggregate.state`, far
smaller than its tallies). Spans are merged as they finish, in whatever order; since every
figure is an integer sum, count, least or greatest, the report is the local run's, key for key.

What can go wrong, and what happens:

- A worker dies mid-span (killed, out of memory): Dask runs the span again elsewhere, up to its
  ``distributed.scheduler.allowed-failures`` setting; a span that keeps killing workers is
  reported battle by battle with the seeds that replay it, and the batch goes on.
- A battle raises: it is one error with its seed, as in a local run (:func:`core.batch.simulate.run_one`).
- A span runs past the battles' deadline (``SLUGFEST_BATTLE_DEADLINE`` for each battle in it, a
  plugin that will not stop): its battles are reported with their seeds and the batch finishes
  without it. The worker thread cannot be stopped from outside and stays busy until it returns.

``slugfest worth`` and ``optimise`` pair each battle of a change with the same battle of the
unchanged sheet, so they need each battle's outcome, not an aggregate: their spans
(:func:`run_wins`) return whether the side won each battle, and :func:`wins_on_cluster` puts
each span at its own battles, in whatever order they finish.

``ADDRESS`` is a scheduler's address (``tcp://10.0.0.5:8786``), or ``local`` / ``local:N`` to
start a cluster of N worker processes on this machine (what the suite tests with).
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable

from .. import settings
from ..engine.plugins import get_plugin_manager
from ..errors import SlugfestError
from ..files.scenario import Scenario
from .pace import Progress
from .plan import battle_seed
from .simulate import run_one
from .stats import Aggregate, BattleError, BattleTally

#: Battles per task: enough that scheduling costs little beside them (a few ms per task against
#: seconds of battles), few enough that a lost worker costs little and progress moves.
SPAN = 200


#: The most worker processes ``local:N`` starts (each is a Python process of its own).
MOST_LOCAL_WORKERS = 256
#: Seconds to wait for a scheduler to answer before saying none did.
CONNECT_SECONDS = 5


class ClusterError(SlugfestError):
    pass


def _dask() -> Any:
    try:
        # imported here: an optional extra (slugfest[cluster]), and ~0.5 s to import
        import distributed
    except ImportError:
        raise ClusterError("--cluster needs Dask distributed: pip install 'slugfest[cluster]' (from a checkout: "
                           "pip install -e '.[cluster]')") from None
    return distributed


def connect(address: str) -> tuple[Any, Any]:
    """(client, local cluster or None) for ``address``."""
    distributed = _dask()
    if address == "local" or address.startswith("local:"):
        count = address.partition(":")[2]
        if address.startswith("local:") and not (count.isascii() and count.isdigit() and len(count) <= 4
                                                 and 1 <= int(count) <= MOST_LOCAL_WORKERS):
            shown = address if len(address) <= 40 else address[:37] + "..."
            raise ClusterError(f"--cluster {shown}: expected local or local:N, N a number of worker processes "
                               f"from 1 to {MOST_LOCAL_WORKERS}")

        n = int(count) if count else (os.cpu_count() or 1)
        quiet_resource_tracker()
        cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=40)
        return distributed.Client(cluster), cluster
    port = address.rpartition(":")[2]
    if "://" in address and port.isdigit() and not 1 <= int(port[:6]) <= 65535:
        raise ClusterError(f"--cluster {address[:60]}: expected a port from 1 to 65535, got {port[:10]}")
    try:
        return distributed.Client(address, timeout=CONNECT_SECONDS), None
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"--cluster {address}: no Dask scheduler answered there ({exc})") from None
    except ValueError as exc:
        raise ClusterError(f"--cluster {address}: expected a scheduler's address such as tcp://10.0.0.5:8786, or "
                           f"local / local:N ({exc})") from None
    except Exception as exc:  # not a Dask scheduler at the other end: its answer can break the client any way
        raise ClusterError(f"--cluster {address}: what answered there is not a Dask scheduler "
                           f"({type(exc).__name__}: {str(exc)[:100]})") from None


def quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (if it is not running yet) with its standard
    error on the null device.

    A local cluster's worker processes share this process's tracker. When one is killed while it
    holds a semaphore, the tracker is later told to forget a name it no longer has, and prints
    a ``KeyError`` traceback of its own for each: a dozen foreign tracebacks under a report that
    is right (the battles were run again). The tracker is not ours to fix, so it is quietened;
    what the batch lost is in the report."""
    from multiprocessing import resource_tracker  # imported here: only a local cluster starts one

    try:
        saved, null = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(null, 2)
        resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def run_span(scenario: Scenario, first: int, count: int, base_seed: int, pool: list[str], counts: list[str],
             time_unit: str, damage_unit: str) -> dict[str, Any]:
    """One task: battles ``first`` to ``first + count - 1``, as an aggregate's state."""
    host = get_plugin_manager(house_rules=scenario.house_rules)
    agg = Aggregate([s.name for s in scenario.sides], time_unit, damage_unit, pool, counts)
    for i in range(first, first + count):
        result = run_one(scenario, i, base_seed, host)
        if isinstance(result, BattleTally):
            agg.add(result)
        else:
            agg.error(result)
    return agg.state()


@dataclass
class ClusterRun:
    aggregate: Aggregate
    interrupted: bool
    lost_spans: int  # spans reported battle by battle because they could not be run


def simulate_on_cluster(scenario: Scenario, runs: int, base_seed: int, address: str, *, first: int = 0,
                        on_progress: Callable[[Progress], None] | None = None, span: int = SPAN,
                        deadline: float | None = None, task: Callable[..., dict[str, Any]] = run_span,
                        client: Any = None) -> ClusterRun:
    """Battles ``first`` .. ``first + runs - 1`` of the batch on the cluster at ``address`` (or
    on ``client``, already connected); see the module's docstring."""
    distributed = _dask()
    if deadline is None:
        deadline = settings.battle_deadline()
    system = get_plugin_manager(house_rules=scenario.house_rules).systems()[scenario.system]
    merged = Aggregate.for_system([s.name for s in scenario.sides], system)
    own = client is None
    cluster = None
    if own:
        client, cluster = connect(address)
    lost = 0
    interrupted = False
    done = 0
    futures: dict[Any, tuple[int, int]] = {}
    run_id = uuid.uuid4().hex[:12]  # task keys of their own: another batch's spans are never taken for these
    try:
        spans = [(s, min(span, first + runs - s)) for s in range(first, first + runs, span)]
        # The scenario goes with each task (it is small): a copy scattered to the workers once would
        # be lost with them when a span kills every worker holding it, and take the other spans along.
        futures = {client.submit(task, scenario, s, n, base_seed, merged.pools, merged.count_names, merged.time_unit,
                                 merged.damage_unit, pure=False, key=f"slugfest-span-{run_id}-{s}"): (s, n)
                   for s, n in spans}
        pending = set(futures)
        under_way = _under_way(client, span, runs)
        stall = _Watchdog(client, pending, deadline * span)
        try:
            for finished in distributed.as_completed(list(futures)):
                stall.moved()
                pending.discard(finished)
                s, n = futures[finished]
                try:
                    merged.merge(Aggregate.from_state(finished.result()))
                except Exception as exc:  # noqa: BLE001 - KilledWorker, a lost connection...: the span, not the batch
                    why = (f"its cluster task ran past the deadline of {deadline:g} s per battle" if stall.fired
                           else f"its cluster task failed: {type(exc).__name__}: {exc}")
                    _lose(merged, s, n, base_seed, why)
                    lost += 1
                done += n
                if on_progress is not None:
                    on_progress(Progress(done, runs, len(merged.errors), under_way=under_way))
        finally:
            stall.stop()
    except KeyboardInterrupt:
        interrupted = True
        for fut in futures:
            fut.cancel()
    finally:
        if own:
            client.close()
            if cluster is not None:
                cluster.close()
    return ClusterRun(merged, interrupted, lost)


def run_wins(scenario: Scenario, first: int, count: int, base_seed: int, side: str) -> list[int | None]:
    """One task of a paired batch: for battles ``first`` .. ``first + count - 1``, whether
    ``side`` won each (1 or 0; None for a battle that failed, which the pairing leaves out)."""
    host = get_plugin_manager(house_rules=scenario.house_rules)
    out: list[int | None] = []
    for i in range(first, first + count):
        result = run_one(scenario, i, base_seed, host)
        out.append(int(result.winner == side) if isinstance(result, BattleTally) else None)
    return out


def wins_on_cluster(scenarios: list[Scenario], runs: int, base_seed: int, side: str, client: Any, *, first: int = 0,
                    on_progress: Callable[[Progress], None] | None = None, span: int = SPAN,
                    task: Callable[..., list[int | None]] = run_wins) -> tuple[list[list[int | None]], bool, int]:
    """What ``slugfest worth`` and ``optimise`` need of a batch, on a connected ``client``: each
    scenario's 0/1 series of "``side`` won" over battles ``first`` .. ``first + runs - 1`` (the
    same seeds for all, so the series pair battle by battle as a local run's do), whether Ctrl-C
    stopped it, and how many spans could not be run (their battles are None: left out of every
    pair, as a failed battle is). Spans come back in any order; each lands at its own battles."""
    distributed = _dask()
    series: list[list[int | None]] = [[None] * runs for _ in scenarios]
    run_id = uuid.uuid4().hex[:12]
    futures: dict[Any, tuple[int, int, int]] = {}
    lost = 0
    parts = [0] * len(scenarios)
    interrupted = False
    try:
        for v, sc in enumerate(scenarios):
            for s in range(first, first + runs, span):
                n = min(span, first + runs - s)
                fut = client.submit(task, sc, s, n, base_seed, side, pure=False, key=f"slugfest-wins-{run_id}-{v}-{s}")
                futures[fut] = (v, s, n)
        under_way = _under_way(client, span, runs * len(scenarios))
        for finished in distributed.as_completed(list(futures)):
            v, s, n = futures[finished]
            try:
                series[v][s - first:s - first + n] = finished.result()
            except Exception:  # noqa: BLE001 - a lost worker or connection: these battles, not the batch
                lost += 1
            parts[v] += n
            if on_progress is not None:
                on_progress(Progress(sum(parts), runs * len(scenarios), 0, tuple(parts), under_way))
    except KeyboardInterrupt:
        interrupted = True
        for fut in futures:
            fut.cancel()
    return series, interrupted, lost


class _Watchdog:
    """Cancels what is left when no span has finished for ``limit`` seconds (a plugin that will
    not stop holds its worker; the batch finishes without its spans)."""

    def __init__(self, client: Any, pending: set[Any], limit: float) -> None:
        self.client, self.pending, self.limit = client, pending, limit
        self.last = time.monotonic()
        self.fired = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True, name="slugfest-cluster-watchdog")
        self._thread.start()

    def moved(self) -> None:
        self.last = time.monotonic()

    def _watch(self) -> None:
        while not self._stop.wait(min(1.0, self.limit)):
            if time.monotonic() - self.last > self.limit and self.pending:
                self.fired = True
                self.client.cancel(list(self.pending))
                return

    def stop(self) -> None:
        self._stop.set()


def _under_way(client: Any, span: int, total: int) -> int:
    """Battles the cluster plays at once (a span on each worker thread, at most the batch): the
    first round of them arrives together, which the progress display's pace waits out
    (:attr:`core.batch.pace.Progress.under_way`)."""
    return max(min(sum(client.nthreads().values()) * span, total), 1)


def _lose(agg: Aggregate, first: int, count: int, base_seed: int, why: str) -> None:
    """Every battle of a span that could not be run, as an error with its seed."""
    lost = Aggregate(agg.sides, agg.time_unit, agg.damage_unit, agg.pools, agg.count_names)
    for i in range(first, first + count):
        lost.error(BattleError(i, battle_seed(base_seed, i), why))
    agg.merge(lost)
