"""A batch's report as one self-contained HTML page: the terminal report's own text (its
tables, in its words), with its figures drawn: win rates with their 95% intervals, the
battle-length histogram, each combatant's damage dealt and taken; and links to the replays of
the battles worth watching (the shortest, the longest, the first win of each side), written
beside it by ``slugfest simulate --html``.

The drawings are SVG written here, with no script and nothing fetched: the page opens from
disk anywhere, and the same summary gives the same bytes.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..render.words import plural

BAR = "#5fa8f5"
OTHER = "#f07a5a"
SIDE_COLORS = ("#5fa8f5", "#f07a5a", "#7fd07f", "#d38ff0", "#f5d25f", "#5fe0d8")

STYLE = """
body { margin:0 auto; max-width:1100px; padding:10px; background:#15171c; color:#dde1e8; font:14px/1.4 system-ui, sans-serif; }
h1 { font-size:20px; margin:4px 0; } h2 { font-size:15px; margin:18px 0 6px; color:#8a92a0; text-transform:uppercase; letter-spacing:.04em; }
.meta { color:#8a92a0; }
.figs { display:grid; grid-template-columns:repeat(auto-fit, minmax(320px, 1fr)); gap:12px; }
.fig { background:#1e2128; border:1px solid #2c313a; border-radius:6px; padding:8px; }
.fig svg { width:100%; height:auto; display:block; }
svg text { fill:#dde1e8; font:11px system-ui, sans-serif; }
pre { background:#1e2128; border:1px solid #2c313a; border-radius:6px; padding:8px; overflow-x:auto; font:12px/1.35 ui-monospace, Menlo, Consolas, monospace; }
a { color:#f5c542; }
table { border-collapse:collapse; } td, th { padding:3px 8px; border-bottom:1px solid #2c313a; text-align:left; }
"""


def report_page(summary: dict[str, Any], report_text: str, replays: Sequence[tuple[str, dict[str, Any], str]],
                command: str = "") -> str:
    """The page of a batch: ``summary`` (the JSON report), ``report_text`` (the terminal's), and
    ``replays``: (label, the notable battle, the replay file's name beside this page)."""
    e = html.escape
    n = summary["battles"]
    title = f"{summary['scenario']}: {plural(n, 'battle', grouped=True)}"
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             f"<meta name=\"generator\" content=\"slugfest\"><title>{e(title)}: Slugfest report</title>"
             f"<style>{STYLE}</style></head><body>",
             f"<h1>{e(title)}</h1><div class=\"meta\">{e(summary['system'])} · base seed {summary['base_seed']}"
             f"{' · ' + e(command) if command else ''}{' · stopped early' if summary.get('interrupted') else ''}</div>"]
    if replays:
        rows = "".join(f"<tr><td>{e(label)}</td><td><a href=\"{e(href)}\">battle #{b['index']}</a></td>"
                       f"<td>seed {b['seed']}</td><td>{e(plural(b['length'], summary['length']['unit']))}, "
                       f"{e(b['winner'] + ' won' if b['winner'] else 'a draw')}</td></tr>"
                       for label, b, href in replays)
        parts.append(f"<h2>Battles to watch</h2><table>{rows}</table>")
    if n:
        parts.append("<h2>Figures</h2><div class=\"figs\">")
        parts.append(f"<div class=\"fig\">{win_rates_svg(summary)}</div>")
        parts.append(f"<div class=\"fig\">{length_svg(summary)}</div>")
        parts.append(f"<div class=\"fig\">{damage_svg(summary)}</div>")
        parts.append("</div>")
    parts.append(f"<h2>The report</h2><pre>{e(report_text)}</pre></body></html>\n")
    return "".join(parts)


def _svg(width: int, height: int, body: str, label: str) -> str:
    return (f"<svg viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{html.escape(label)}\">"
            f"<text x=\"0\" y=\"13\" font-weight=\"bold\">{html.escape(label)}</text>{body}</svg>")


def win_rates_svg(summary: dict[str, Any]) -> str:
    """Each side's win rate as a bar, its 95% (Wilson) interval as a line across it."""
    rows = [(side, s["rate"], s["ci95"]) for side, s in summary["sides"].items()]
    if summary["battles"] and summary.get("draws"):
        rows.append(("draws", summary["draws"] / summary["battles"], None))
    left, width, step = 110, 260, 26
    body = []
    for k, (name, rate, ci) in enumerate(rows):
        y = 24 + k * step
        color = SIDE_COLORS[k % len(SIDE_COLORS)] if ci is not None else "#8a92a0"
        body.append(f"<text x=\"0\" y=\"{y + 13}\">{html.escape(name[:16])}</text>"
                    f"<rect x=\"{left}\" y=\"{y + 2}\" width=\"{width * rate:.1f}\" height=\"14\" fill=\"{color}\"/>")
        if ci is not None:
            lo, hi = left + width * ci[0], left + width * ci[1]
            body.append(f"<path d=\"M{lo:.1f} {y + 9}H{hi:.1f}M{lo:.1f} {y + 4}V{y + 14}M{hi:.1f} {y + 4}V{y + 14}\" "
                        f"stroke=\"#fff\" stroke-width=\"1.5\"/>")
            said = f"{rate:.1%} ({ci[0]:.1%}-{ci[1]:.1%})"
        else:
            said = f"{rate:.1%}"
        body.append(f"<text x=\"{left + width + 6}\" y=\"{y + 13}\">{said}</text>")
    return _svg(left + width + 120, 30 + len(rows) * step, "".join(body), "win rates, with 95% intervals")


def length_svg(summary: dict[str, Any]) -> str:
    """The battle-length histogram: battles by the number of Turns (rounds) they lasted."""
    hist = {int(k): v for k, v in summary["length"]["histogram"].items()}
    unit = summary["length"]["unit"]
    lengths = list(range(min(hist), max(hist) + 1)) if hist else []
    top = max(hist.values(), default=1)
    bar, gap, height, base = 22, 4, 120, 150
    body = []
    for k, length in enumerate(lengths):
        count = hist.get(length, 0)
        h = height * count / top
        x = 10 + k * (bar + gap)
        body.append(f"<rect x=\"{x}\" y=\"{base - h:.1f}\" width=\"{bar}\" height=\"{h:.1f}\" fill=\"{BAR}\"/>"
                    f"<text x=\"{x + bar / 2}\" y=\"{base + 14}\" text-anchor=\"middle\">{length}</text>")
        if count:
            body.append(f"<text x=\"{x + bar / 2}\" y=\"{base - h - 3:.1f}\" text-anchor=\"middle\">{count}</text>")
    width = max(300, 20 + len(lengths) * (bar + gap))
    return _svg(width, base + 20, "".join(body), f"battles by length ({unit}s)")


def damage_svg(summary: dict[str, Any]) -> str:
    """Each combatant's mean damage dealt and taken per battle (the report's damage unit)."""
    unit = summary.get("damage_unit", "damage")
    people = summary["combatants"]
    top = max([1.0, *(max(c["damage_dealt"]["mean"], c["damage_taken"]["mean"]) for c in people.values())])
    left, width, step = 110, 230, 30
    sides = list(dict.fromkeys(c["side"] for c in people.values()))
    body = [f"<rect x=\"{left}\" y=\"20\" width=\"10\" height=\"8\" fill=\"{BAR}\"/><text x=\"{left + 14}\" y=\"28\">"
            f"dealt</text><rect x=\"{left + 60}\" y=\"20\" width=\"10\" height=\"8\" fill=\"{OTHER}\"/>"
            f"<text x=\"{left + 74}\" y=\"28\">taken</text>"]
    for k, (cid, c) in enumerate(people.items()):
        y = 34 + k * step
        dealt, taken = c["damage_dealt"]["mean"], c["damage_taken"]["mean"]
        mark = SIDE_COLORS[sides.index(c["side"]) % len(SIDE_COLORS)]
        body.append(f"<circle cx=\"4\" cy=\"{y + 10}\" r=\"4\" fill=\"{mark}\"/>"
                    f"<text x=\"12\" y=\"{y + 14}\">{html.escape(cid[:15])}</text>"
                    f"<rect x=\"{left}\" y=\"{y + 2}\" width=\"{width * dealt / top:.1f}\" height=\"11\" fill=\"{BAR}\"/>"
                    f"<rect x=\"{left}\" y=\"{y + 14}\" width=\"{width * taken / top:.1f}\" height=\"11\" fill=\"{OTHER}\"/>"
                    f"<text x=\"{left + width * dealt / top + 4:.1f}\" y=\"{y + 12}\">{dealt:.1f}</text>"
                    f"<text x=\"{left + width * taken / top + 4:.1f}\" y=\"{y + 24}\">{taken:.1f}</text>")
    return _svg(left + width + 60, 40 + len(people) * step, "".join(body), f"{unit} per battle, by combatant")
