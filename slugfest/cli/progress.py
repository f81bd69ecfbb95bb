"""Progress of long batches on standard error, with ``rich.progress``: a bar per part (one for
a batch, one per value of a sweep), each with its count, rate and time left. Shown only when
standard error is a terminal, so logs and pipes stay clean."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)
from rich.text import Text


class _Rate(ProgressColumn):
    """Battles per second, once rich has seen enough of them to say."""

    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f}/s" if speed else "", style="progress.data.speed")


class Bars:
    """Bars labelled ``labels`` of ``totals`` battles each, fed :class:`core.batch.pace.Progress`."""

    def __init__(self, labels: list[str], totals: list[int], enabled: bool = True) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.seen: list[int] = [0] * len(labels)
        self.errors = 0
        if not self.enabled:
            return
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _Rate(),
                                 TextColumn("ETA"), TimeRemainingColumn(), TimeElapsedColumn(),
                                 console=Console(stderr=True), transient=False, refresh_per_second=8)
        self.tasks = [self.progress.add_task(label, total=total) for label, total in zip(labels, totals)]
        self.labels = labels
        self.progress.start()

    def __call__(self, p: Any) -> None:
        if not self.enabled:
            return
        parts = p.parts or (p.done,)
        for i, (task, done) in enumerate(zip(self.tasks, parts)):
            if done != self.seen[i]:
                self.progress.update(task, completed=done)
                self.seen[i] = done
        if p.errors != self.errors:
            self.errors = p.errors
            self.progress.update(self.tasks[0], description=f"{self.labels[0]} ({p.errors} failed)")

    def done(self) -> None:
        if self.enabled:
            self.progress.stop()
