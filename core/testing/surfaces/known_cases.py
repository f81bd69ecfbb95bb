"""The cases issue 36 found crashing or hanging the program, as one kind of the campaign: each
an entry of :data:`KNOWN_CASES` (its number in the issue's list, and how to make it again with
random variations), run under the strict verdict of :mod:`.trial`. Items 3 (a preferences file
that is a FIFO or a link to ``/dev/zero``), 7, 8 and 9 are the app's: the data-folder kind plays
them (:mod:`.data_folders`); item 14 is the suite's own timing, no input."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..fuzzing import Verdict, _timed
from . import known_inputs as inputs
from . import known_plugins as plugins
from .known_inputs import Bench, prepare_bench
from .trial import Trial, trial_verdict


@dataclass(frozen=True)
class KnownCase:
    """``item``: its number in issue 36's list. ``process``: it runs the command as a process of
    its own (a plugin loaded by entry point), so it takes a second or more."""

    name: str
    item: int
    make: Callable[[random.Random, Bench], Trial]
    process: bool = False


KNOWN_CASES: tuple[KnownCase, ...] = (
    KnownCase("merge-state-type", 1, inputs.merge_state_type),
    KnownCase("merge-shard-count", 2, inputs.merge_shard_count),
    KnownCase("device-input", 3, inputs.device_input),
    KnownCase("hdc-number", 4, inputs.hdc_number),
    KnownCase("import-seed", 5, inputs.import_seed),
    KnownCase("shard-argument", 6, inputs.shard_argument),
    KnownCase("stray-thread", 10, plugins.stray_thread, process=True),
    KnownCase("closed-streams", 11, plugins.closed_streams, process=True),
    KnownCase("killed-workers", 12, plugins.killed_workers, process=True),
    KnownCase("output-overwrite", 13, inputs.output_overwrite),
)
NAMED = {case.name: case for case in KNOWN_CASES}


def known_case(rng: random.Random, bench: Bench, case: KnownCase | str) -> Verdict:
    """``case`` made again from ``rng`` in a folder of its own under the bench's (removed after)."""
    case = NAMED[case] if isinstance(case, str) else case
    folder = bench.folder / f"case-{rng.randrange(10**9)}"
    folder.mkdir()
    try:
        trial = case.make(rng, replace(bench, folder=folder))
        return _timed(f"known-{case.name}", lambda: trial_verdict(trial))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


__all__ = ["KNOWN_CASES", "KnownCase", "known_case", "prepare_bench"]
