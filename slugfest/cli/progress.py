"""Progress of long batches on standard error, with ``rich.progress``: a bar per part (one for
a batch, one per value of a sweep), each with its count, rate and time left. When standard
error is not a terminal (a log file, CI, a pipe), a bar would print escape codes or nothing, so
a plain line is written instead every :data:`EVERY` seconds: a three-minute ladder run under
``nohup`` or CI said nothing at all until it was done."""

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


#: Seconds between two plain progress lines when standard error is not a terminal.
EVERY = 5.0


def _clock(seconds: float) -> str:
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


#: When this process last wrote a plain progress line (or began its first batch): ``balance``,
#: ``worth`` and ``optimise`` run batch after batch, each with bars of its own, and a batch of
#: under 5 s never said anything (balance went 16 s silent over four values).
_WRITTEN: list[float] = []


class PlainLines:
    """Progress as plain lines, one every :data:`EVERY` seconds, for a standard error that is not
    a terminal: ``progress: hero-brawl 1,200 of 2,000 battles (60%), 45.3/s, 0:00:18 left``.

    A chunk of battles arrives whole and is folded a battle at a time, a few microseconds apart
    (:data:`Pace.BURST`): a line written at the first battle of an arrival would count one
    battle of it and read a rate of 1.1/s where 18 were played. So the line due shows the
    figures as the last whole arrival left them: at the first report of the next arrival (one
    later than a burst), or, when it fell due within an arrival, at the next. ``written`` (a one-element list, or empty) is when the last line
    was written by any batch of the command: the next is due :data:`EVERY` seconds after it,
    whichever batch it falls in."""

    def __init__(self, labels: list[str], totals: list[int], out: Any, clock: Any = time.monotonic,
                 written: list[float] | None = None) -> None:
        self.labels, self.totals, self.out, self.clock = labels, totals, out, clock
        self.paces = [Pace(clock) for _ in labels]
        self.whole = Pace(clock)  # the batches together, for a line about several
        self.written = [] if written is None else written
        if not self.written:
            self.written.append(clock())
        self.due = False
        self.shown: tuple[Any, ...] | None = None  # the figures as of the last report
        self.seen_at: float | None = None  # and when it came

    @property
    def last(self) -> float:
        return self.written[0]

    def __call__(self, p: Any) -> None:
        now = self.clock()
        if self.seen_at is not None and now - self.seen_at > Pace.BURST and (self.due or now - self.last >= EVERY):
            self.due = True
            self.flush(now)  # a new arrival: the one before is whole, and the line due shows it
        parts = tuple(p.parts or (p.done,))
        under_way = p.under_way
        rates = [pace.update(done, total, under_way) for pace, done, total in zip(self.paces, parts, self.totals)]
        self.shown = (parts, rates, self.whole.update(sum(parts), sum(self.totals), under_way), p.errors)
        self.seen_at = now
        if not self.due and now - self.last >= EVERY:
            self.due = True

    def flush(self, now: float | None = None) -> None:
        """Write the line that is due, with the figures of the last report (the end of a batch
        writes it too)."""
        if not self.due or self.shown is None:
            return
        self.due = False
        self.written[0] = self.clock() if now is None else now
        parts, rates, whole, errors = self.shown
        if len(self.labels) == 1:
            self.write(parts, rates, errors)
        else:
            self.write_several(parts, whole, errors)

    def write(self, parts: Any, rates: list[tuple[float | None, float | None]], errors: int = 0) -> None:
        bits = []
        for label, done, total, (rate, left) in zip(self.labels, parts, self.totals, rates):
            bits.append(f"{label} {done:,} of {total:,} battles ({done / total:.0%}){_pace(rate, left)}"
                        if total else label)
        failed = f"; {errors} failed" if errors else ""
        print("progress: " + "; ".join(bits) + failed, file=self.out, flush=True)

    def write_several(self, parts: Any, whole: tuple[float | None, float | None], errors: int = 0) -> None:
        """One short line for batches side by side (``worth`` measures nineteen changes at once:
        a part each made a line of 1,500 characters): how many are done, the battles of all of
        them with their pace, and those under way."""
        done, total = sum(parts), sum(self.totals)
        finished = sum(1 for d, t in zip(parts, self.totals) if d >= t)
        going = [f"{label} {d:,} of {t:,}" for label, d, t in zip(self.labels, parts, self.totals) if 0 < d < t]
        line = (f"progress: {finished} of {len(self.labels)} batches done, {done:,} of {total:,} battles "
                f"({done / total if total else 0:.0%}){_pace(*whole)}")
        if going:
            line += "; under way: " + ", ".join(going[:3]) + (f" and {len(going) - 3} more" if len(going) > 3 else "")
        if errors:
            line += f"; {errors} failed"
        print(line, file=self.out, flush=True)


def _pace(rate: float | None, left: float | None) -> str:
    return f", {rate:,.1f}/s, {_clock(left)} left" if rate and left is not None else ""


class Bars:
    """Bars labelled ``labels`` of ``totals`` battles each, fed :class:`core.batch.pace.Progress`;
    plain lines instead (:class:`PlainLines`) when standard error is not a terminal."""

    def __init__(self, labels: list[str], totals: list[int], enabled: bool = True) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.plain = PlainLines(labels, totals, sys.stderr, written=_WRITTEN) if enabled and not self.enabled else None
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
        if self.plain is not None:
            self.plain(p)
        if not self.enabled:
            return
        parts = p.parts or (p.done,)
        for i, (task, done) in enumerate(zip(self.tasks, parts)):
            if done != self.seen[i]:
                rate, left = self.paces[i].update(done, self.totals[i], p.under_way)
                if rate is not None:
                    self.progress.update(task, completed=done, rate=rate, left=left)
                else:
                    self.progress.update(task, completed=done)
                self.seen[i] = done
        if p.errors != self.errors:
            self.errors = p.errors
            self.progress.update(self.tasks[0], description=f"{self.labels[0]} ({p.errors} failed)")

    def done(self) -> None:
        if self.plain is not None:
            self.plain.flush()
        if self.enabled:
            self.progress.stop()
