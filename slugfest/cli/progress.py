"""Progress of long batches on standard error, with ``rich.progress``: a bar per part (one for
a batch, one per value of a sweep), each with its count, rate and time left. Shown only when
standard error is a terminal, so logs and pipes stay clean."""

from __future__ import annotations

import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn
from rich.text import Text

from slugfest.core.batch.pace import Pace


class _Rate(ProgressColumn):
    """Battles per second, once :class:`~slugfest.core.batch.pace.Pace` can say (rich's own
    speed would read a chunk of 25 battles folded in a millisecond as thousands a second)."""

    def render(self, task: Any) -> Text:
        rate = task.fields.get("rate")
        return Text(f"{rate:,.1f}/s" if rate else "", style="progress.data.speed")


class _Left(ProgressColumn):
    """The time left at that rate (``-:--:--`` until it is known)."""

    def render(self, task: Any) -> Text:
        left = task.fields.get("left")
        if task.finished or left is None:
            return Text("-:--:--" if not task.finished else "0:00:00", style="progress.remaining")
        whole = int(left + 0.5)
        return Text(f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}", style="progress.remaining")


class Bars:
    """Bars labelled ``labels`` of ``totals`` battles each, fed :class:`core.batch.pace.Progress`."""

    def __init__(self, labels: list[str], totals: list[int], enabled: bool = True) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.seen: list[int] = [0] * len(labels)
        self.errors = 0
        if not self.enabled:
            return
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _Rate(),
                                 TextColumn("ETA"), _Left(), TimeElapsedColumn(),
                                 console=Console(stderr=True), transient=False, refresh_per_second=8)
        self.tasks = [self.progress.add_task(label, total=total, rate=None, left=None)
                      for label, total in zip(labels, totals)]
        self.totals = totals
        self.paces = [Pace(time.monotonic) for _ in labels]
        self.labels = labels
        self.progress.start()

    def __call__(self, p: Any) -> None:
        if not self.enabled:
            return
        parts = p.parts or (p.done,)
        for i, (task, done) in enumerate(zip(self.tasks, parts)):
            if done != self.seen[i]:
                rate, left = self.paces[i].update(done, self.totals[i])
                if rate is not None:
                    self.progress.update(task, completed=done, rate=rate, left=left)
                else:
                    self.progress.update(task, completed=done)
                self.seen[i] = done
        if p.errors != self.errors:
            self.errors = p.errors
            self.progress.update(self.tasks[0], description=f"{self.labels[0]} ({p.errors} failed)")

    def done(self) -> None:
        if self.enabled:
            self.progress.stop()
