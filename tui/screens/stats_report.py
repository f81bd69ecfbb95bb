"""The statistics screen's report, laid out for the screen's width: pure functions from a
batch's summary (``Aggregate.as_dict``, as ``slugfest simulate`` builds it) to styled Content.
The screen (:mod:`.simulate`) runs the batch and shows what these return; the plain-text report
of the command line is :func:`core.batch.report.render_report`, whose tables these reuse."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

from textual.content import Content

from slugfest.core.batch.report import combatant_tables, first_knockout_line, notable_rows, played_words
from slugfest.core.files.scenario import Scenario
from slugfest.core.render.words import plural
from slugfest.scenarios import bundled

from ..widgets import side_style

_EIGHTHS = " ▏▎▍▌▋▊▉"


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[:max(width - 1, 0)] + "…"


def _bar(value: float, peak: float, width: int) -> str:
    """A horizontal bar of ``value / peak`` of ``width`` cells, in eighths of a cell."""
    eighths = round(8 * width * value / peak) if peak else 0
    if value > 0:
        eighths = max(eighths, 1)
    return "█" * (eighths // 8) + (_EIGHTHS[eighths % 8] if eighths % 8 else "")


def _track(rate: float, lo: float, hi: float, width: int, style: str) -> Content:
    """The 0-100% line with the confidence interval drawn on it and the rate marked."""
    def cell(x: float) -> int:
        return min(width - 1, max(0, int(x * width)))

    a, b, at = cell(lo), cell(hi), cell(rate)
    parts: list[tuple[str, str]] = []
    for i in range(width):
        if i == at:
            parts.append(("●", f"bold {style}"))
        elif a <= i <= b:
            parts.append(("━", style))
        else:
            parts.append(("·", "$text-disabled"))
    return Content.assemble(*parts)


def _scale(width: int) -> str:
    line = [" "] * width
    line[0] = "0"
    mid = "50"
    start = width // 2 - 1
    line[start:start + len(mid)] = mid
    line[width - 4:] = "100%"
    return "".join(line)


def _buckets(hist: dict[str, int]) -> list[tuple[str, int]]:
    """Every length from the shortest battle to the longest (gaps as 0), in at most 24 rows."""
    counts = {int(float(k)): v for k, v in hist.items()}
    lo, hi = min(counts), max(counts)
    span = hi - lo + 1
    step = max(1, math.ceil(span / 24))
    out = []
    for start in range(lo, hi + 1, step):
        stop = min(start + step - 1, hi)
        label = str(start) if stop == start else f"{start}-{stop}"
        out.append((label, sum(counts.get(k, 0) for k in range(start, stop + 1))))
    return out


def report_content(summary: dict[str, Any], scenario: Scenario, width: int, letters: dict[str, str],
                   names: dict[str, str], side_index: dict[str, int], scenario_path: str | None = None) -> Content:
    """The report, laid out for ``width`` cells (it reads well from 60)."""
    n = summary["battles"]
    ln = summary["length"]
    unit = ln["unit"]
    lines: list[Content] = []
    head: list[tuple[str, str] | str] = [(plural(n, "battle", grouped=True), "bold"),
                                         (f" · base seed {summary['base_seed']}", "$text-muted"),
                                         (played_words(summary.get("ai")).replace(",", " ·", 1), "$text-muted")]
    if summary.get("interrupted"):
        head.append((f" · stopped early ({n:,} of {summary['runs_requested']:,})", "bold $text-warning"))
    if summary["errors"]:
        head.append((f" · {len(summary['errors'])} failed", "bold $text-error"))
    lines += [Content.assemble(*head), Content("")]
    if n == 0:
        lines.append(Content.styled("no battle finished", "$text-muted"))
        return Content("\n").join(lines + _errors(summary, scenario_path, width))

    # who wins
    name_w = 20
    track_w = max(12, min(30, width - 57))
    lines.append(Content.assemble(("Win rates", "bold $text-primary")))
    lines.append(Content.styled(f"  {'':{name_w}} {'wins':>6} {'rate':>7}   {'95% CI (Wilson)':<15}  {_scale(track_w)}",
                                "$text-muted"))
    for side, s in summary["sides"].items():
        style = side_style(side_index.get(side, 0))
        lo, hi = s["ci95"]
        ci = f"{lo:.1%} – {hi:.1%}"
        lines.append(Content.assemble(
            "  ", (f"{_fit(side, name_w):{name_w}}", f"bold {style}"), (f" {s['wins']:6,d} ", ""),
            (f"{s['rate']:7.1%}", "bold"), (f"   {ci:<15}  ", "$text-muted"),
            _track(s["rate"], lo, hi, track_w, style)))
    draws = summary["draws"]
    cut = summary["cut_off_at_limit"]
    lines.append(Content.assemble(
        "  ", (f"{'draws':{name_w}}", "$text-muted"), f" {draws:6,d} ", f"{draws / n:7.1%}",
        (f"   {cut:,} cut off at the {unit} limit" if cut else "", "$text-muted")))
    lines.append(Content(""))

    # how long
    lines.append(Content.assemble((f"Battle length ({unit}s)", "bold $text-primary"),
                                  ((f"   mean {ln['mean']:.2f} · sd {ln['stdev']:.2f} · "
                                    f"min {ln['min']:g} · max {ln['max']:g}"), "$text-muted")))
    buckets = _buckets(ln["histogram"]) if ln["histogram"] else []
    if buckets:
        label_w = max(len(label) for label, _ in buckets)
        bar_w = max(10, min(50, width - label_w - 18))
        peak = max(v for _, v in buckets)
        for label, v in buckets:
            lines.append(Content.assemble(
                (f"  {label:>{label_w}} ", "$text-muted"), ("│", "$text-disabled"),
                (f"{_bar(v, peak, bar_w):{bar_w}}", "$text-primary"),
                (f" {v:6,d}", ""), (f" {v / n:6.1%}", "$text-muted")))
    lines.append(Content(""))

    if "first_knockout" in summary:
        lines += [*(Content.styled(t, "$text-muted") for t in textwrap.wrap(first_knockout_line(summary), width)),
                  Content("")]

    # each combatant: the report's own tables (core.batch.report), rows in their side's colour
    for table in combatant_tables(summary, names):
        title = table.title[0].upper() + table.title[1:]
        lines += [Content.styled(t, "bold $text-primary") for t in textwrap.wrap(title, width, subsequent_indent="  ")]
        for part in table.split(width - 2):  # a narrow screen: in parts, each naming the row
            heading, rows = part.render(width - 2)
            lines += [Content.styled("  " + h, "$text-muted") for h in heading]
            for cid, row in zip(part.row_ids, rows):
                style = side_style(side_index.get(summary["combatants"][cid]["side"], 0))
                lines.append(Content.assemble((letters.get(cid, "?"), f"bold {style}"), " ", (row, style)))
            lines.append(Content(""))

    lines += _notable(summary, scenario_path, side_index, width)

    # what fired
    cov = summary["coverage"]
    fired = sorted({**cov["actions"], **cov["rules"]}.items())
    first = cov.get("first_battle", {})
    about = "times each action and rule fired, and the first battle it fired in"
    if len("Coverage   " + about) <= width:
        lines.append(Content.assemble(("Coverage", "bold $text-primary"), ("   " + about, "$text-muted")))
    else:
        lines += [Content.styled("Coverage", "bold $text-primary"), Content.styled("  " + about, "$text-muted")]
    if fired:
        name_w = max(len(k) for k, _ in fired)
        col = name_w + 16
        per_row = max(1, (width - 2) // (col + 2))
        for i in range(0, len(fired), per_row):
            parts: list[tuple[str, str] | str] = ["  "]
            for k, v in fired[i:i + per_row]:
                where = f"#{first[k]}" if k in first else ""
                parts += [(f"{k:{name_w}}", ""), (f" {v:8,d}", "$text-muted"), (f" {where:<6}", "bold"), "  "]
            lines.append(Content.assemble(*parts).rstrip())
    if cov["never_fired"]:
        lines.append(Content.styled("  never fired:", "$text-warning"))
        glued = ", ".join(tag.replace(" ", "\u00a0") for tag in cov["never_fired"])  # no break inside a tag
        lines += [Content(line.replace("\u00a0", " "))
                  for line in textwrap.wrap(glued, width - 4, initial_indent="    ", subsequent_indent="    ",
                                            break_on_hyphens=False)]
    return Content("\n").join(lines + _errors(summary, scenario_path, width))


def _as_typed(scenario_path: str | None) -> str:
    """The scenario as one would type it on the command line: a bundled one by its name, a
    file under the current folder relative to it, anything else as it is."""
    if scenario_path is None:
        return "SCENARIO"
    path = Path(scenario_path).resolve()
    for name, bundled_path in bundled().items():
        if bundled_path.resolve() == path:
            return name
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return scenario_path


def replay_command(summary: dict[str, Any], where: str, index: str) -> str:
    """The command that plays battle ``index`` of this batch again, move by move: the same
    battles need the same AI (``--ai``) as well as the same seed and count."""
    played = f" --ai {summary['ai']}" if summary.get("ai") else ""
    return (f"replay one: slugfest simulate {where} --runs {summary['runs_requested']} "
            f"--seed {summary['base_seed']}{played} --play-by-play {index}")


def _notable(summary: dict[str, Any], scenario_path: str | None, side_index: dict[str, int],
             width: int = 100) -> list[Content]:
    """Battles worth replaying (see ``core.batch.stats.Aggregate``), with the command that replays one."""
    rows = notable_rows(summary)
    if not rows:
        return []
    unit = summary["length"]["unit"]
    where = _as_typed(scenario_path)
    label_w = max(len(label) for label, _, _ in rows)
    command = replay_command(summary, where, "K")
    out = [Content.styled("Notable battles", "bold $text-primary"),
           *(Content.styled(t, "$text-muted") for t in textwrap.wrap(command, width, initial_indent="  ",
                                                                     subsequent_indent="    ",
                                                                     break_on_hyphens=False))]
    for label, b, result in rows:
        if b is None:
            out.append(Content.assemble((f"  {label:{label_w}}", ""), ("  none", "$text-muted")))
            continue
        parts: list[tuple[str, str] | str] = [(f"  {label:{label_w}}", ""), (f"  #{b['index']:<6}", "bold"),
                                              (f" {b['length']} {unit}s", "$text-muted")]
        if result:
            parts.append((f", {b['winner']} won", side_style(side_index.get(b["winner"], 0)))
                         if b["winner"] else (", draw", "$text-muted"))
        out.append(Content.assemble(*parts))
    out.append(Content(""))
    return out


def _errors(summary: dict[str, Any], scenario_path: str | None, width: int = 100) -> list[Content]:
    errors = summary["errors"]
    if not errors:
        return []
    where = _as_typed(scenario_path)
    command = replay_command(summary, where, "INDEX")
    out = [Content(""), Content.styled(f"{len(errors):,} battles failed", "bold $text-error"),
           *(Content.styled(t, "$text-muted") for t in textwrap.wrap(command, width, initial_indent="  ",
                                                                     subsequent_indent="    ",
                                                                     break_on_hyphens=False))]
    for e in errors[:10]:
        out.append(Content.assemble((f"  battle {e['index']}", "bold"), (f" (seed {e['seed']}): ", "$text-muted"),
                                    e["error"]))
    if len(errors) > 10:
        out.append(Content.styled(f"  … and {len(errors) - 10} more", "$text-muted"))
    return out
