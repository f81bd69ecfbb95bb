"""The plain-text report of a batch of battles, read off its summary (``Aggregate.as_dict``).

Every rate is printed with the count it is a rate of ("62.1% of 840"), and a dash where there
was nothing to count: "100%" of five attacks, or "0%" of none, reads as a fact it is not.
Figures per combatant are means per battle; per attack, damage is per use (misses included),
which is what the attack is worth each time it is chosen.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from ..files.scenario import Scenario
from .stats import FAILED
from ..render.words import plural

#: How wide the terminal report's tables and prose may run: it fits a 100-column terminal, and a
#: report saved to a file reads the same whatever terminal printed it.
REPORT_WIDTH = 100


def share(k: int, n: int) -> str:
    """``k`` of ``n`` as a percentage with its count, or a dash when ``n`` is 0."""
    return f"{k / n:.1%} of {n:,}" if n else "—"


def pct(k: int, n: int) -> str:
    return f"{k / n:.1%}" if n else "—"


def per(value: float | None, places: int = 1) -> str:
    return "—" if value is None else f"{value:.{places}f}"


def notable_rows(summary: dict[str, Any]) -> list[tuple[str, dict[str, Any] | None, bool]]:
    """The report's battles worth replaying, as (label, the battle or None, whether the label
    leaves the outcome to be said): what the terminal report and the app both list."""
    notable = summary.get("notable_battles")
    if not notable or notable["shortest"] is None:
        return []
    rows = [("shortest", notable["shortest"], True), ("longest", notable["longest"], True),
            ("first draw", notable["first_draw"], False)]
    return rows + [(f"first {side} win", b, False) for side, b in notable["first_win"].items()]


def _notable_lines(summary: dict[str, Any], unit: str) -> list[str]:
    """Battles worth replaying with ``--play-by-play K``."""
    rows = notable_rows(summary)
    if not rows:
        return []
    width = max([24, *(len(label) for label, _, _ in rows)])
    lines = ["", "notable battles (replay one with --play-by-play K):"]
    for label, b, says_outcome in rows:
        if b is None:
            lines.append(f"  {label:{width}} none")
            continue
        outcome = (f", {b['winner']} won" if b["winner"] else ", draw") if says_outcome else ""
        lines.append(f"  {label:{width}} #{b['index']:<6} {plural(b['length'], unit)}{outcome}")
    return lines


@dataclass(frozen=True)
class Table:
    """A table of the report: its title, headings and rows (the combatant of each row, for
    whoever colours rows by side), the first ``left`` columns left-aligned."""

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_ids: tuple[str, ...]
    left: int

    def lines(self, width: int = REPORT_WIDTH) -> list[str]:
        """The heading lines, then a line per row (see :meth:`render`)."""
        heading, rows = self.render(width)
        return [*heading, *rows]

    def render(self, width: int = REPORT_WIDTH) -> tuple[list[str], list[str]]:
        """Columns as wide as their widest cell, two spaces apart; when that is wider than
        ``width``, headings wrap onto two lines, then three, so a column is only as wide as its
        figures need (a heading's words are never broken). Returns the heading's lines (aligned
        at the bottom, like the figures under them) and the rows' lines."""
        rows = _aligned_parts(self.rows, self.left)
        data = [max((len(r[i]) for r in rows), default=0) for i in range(len(self.head))]
        for depth in (1, 2, 3):
            wrapped = [_wrap_heading(h, d, depth) for h, d in zip(self.head, data)]
            widths = [max(d, *(len(x) for x in w)) for d, w in zip(data, wrapped)]
            if sum(widths) + 2 * (len(widths) - 1) <= width:
                break
        depth = max(len(w) for w in wrapped)

        def line(cells: tuple[str, ...] | list[str]) -> str:
            return "  ".join(c.ljust(w) if i < self.left else c.rjust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        heading = [line([(w[k - depth + len(w)] if k - depth + len(w) >= 0 else "") for w in wrapped])
                   for k in range(depth)]
        return heading, [line(r) for r in rows]


    def split(self, width: int) -> list["Table"]:
        """The table as one or more tables no wider than ``width`` (when it can be done): each
        repeats the row's key (the first column, or the ``left`` ones: a combatant and its
        attack) and takes as many of the next columns, in order, as fit. For a narrow screen;
        the terminal report's 100 columns need none."""
        keys = list(range(max(min(self.left, len(self.head) - 1), 1)))
        if max(map(len, self.lines(width)), default=0) <= width or len(self.head) < len(keys) + 2:
            return [self]
        parts: list[Table] = []
        columns: list[int] = []
        for i in range(len(keys), len(self.head)):
            trial = self._columns([*keys, *columns, i])
            if columns and max(map(len, trial.lines(width))) > width:
                parts.append(self._columns([*keys, *columns]))
                columns = []
            columns.append(i)
        parts.append(self._columns([*keys, *columns]))
        return parts

    def _columns(self, keep: list[int]) -> "Table":
        left = sum(1 for i in keep if i < self.left)
        return Table(self.title, tuple(self.head[i] for i in keep), tuple(tuple(r[i] for i in keep) for r in self.rows),
                     self.row_ids, left)


#: The joints of a cell made of two figures ("62.1% of 840", "73.0 / 64.1").
_JOINTS = (" of ", " / ")


def _aligned_parts(rows: tuple[tuple[str, ...], ...], left: int = 0) -> list[tuple[str, ...]]:
    """The rows with each right-aligned two-figure column lined up on its joint: "39.6% of 788"
    under "80.7% of 1,962" reads as ``39.6% of   788``, its percentage under the others, not two
    characters to their right. (An interval in brackets is left whole: padding inside it would
    read as a gap between two columns.) A cell with no figure in it (a dash for nothing counted,
    "baseline") is left as it is; the first ``left`` columns (names) are never touched."""
    columns = list(zip(*rows)) if rows else []
    for i, cells in enumerate(columns):
        if i < left:
            continue
        figured = [c for c in cells if any(ch.isdigit() for ch in c)]
        joint = next((j for j in _JOINTS if figured and all(c.count(j) == 1 for c in figured)), None)
        if joint is None:
            continue
        split = [c.split(joint) if c in figured else None for c in cells]
        before = max(len(p[0]) for p in split if p)
        after = max(len(p[1]) for p in split if p)
        columns[i] = tuple(f"{p[0]:>{before}}{joint}{p[1]:>{after}}" if p else c for p, c in zip(split, cells))
    return list(zip(*columns)) if columns else []


def _wrap_heading(heading: str, least: int, most_lines: int) -> list[str]:
    """``heading`` in at most ``most_lines`` lines, as narrow as that allows but no narrower
    than ``least`` (the widest figure under it)."""
    if most_lines == 1 or len(heading) <= least:
        return [heading]
    for w in range(max(least, max(len(word) for word in heading.split())), len(heading) + 1):
        lines = textwrap.wrap(heading, w, break_long_words=False, break_on_hyphens=False)
        if len(lines) <= most_lines:
            return lines
    return [heading]


def first_knockout_line(summary: dict[str, Any]) -> str:
    ko = summary["first_knockout"]
    n = summary["battles"]
    if not ko["battles_with_one"]:
        return f"first knock-out: none in {plural(n, 'battle', grouped=True)}"
    return (f"first knock-out: {ko['unit']} {ko['mean']:.2f} on average (sd {ko['stdev']:.2f}), in "
            f"{ko['battles_with_one']:,} of {plural(n, 'battle', grouped=True)} ({ko['battles_with_one'] / n:.1%})")


def combatant_tables(summary: dict[str, Any], names: dict[str, str] | None = None) -> list[Table]:
    """Per combatant (damage and fate), what each did (knock-outs, Phases or turns), per attack:
    what the terminal report prints and the app's statistics screen shows."""
    names = names or {}
    n = summary["battles"]
    pools = summary.get("pools") or [summary["damage_unit"]]
    main = summary["damage_unit"]
    people = summary["combatants"]
    ids = tuple(people)
    rows = tuple((names.get(cid, cid), c["side"], per(c.get("attacks_per_battle")), share(c["hits"], c["attacks"]),
                  *(per(c["dealt"][p]["mean"] if n else None) for p in pools),
                  *(per(c["taken"][p]["mean"] if n else None) for p in pools),
                  pct(c["knocked_out"], n), pct(c["killed"], n)) for cid, c in people.items())
    unowned = ("knockback stopped short (by a wall, someone or the map's edge)"
               + (", STUN paid for END" if "STUN" in pools  # HERO pays END in STUN
                  else ", a Ram's impact on the rammer, Bleeding"))
    tables = [Table(f"per combatant (means per battle; knocked out, killed: share of the {plural(n, 'battle', grouped=True)}; "
                    f"hit%: of its attacks, — if none; taken also counts what no one dealt: {unowned})",
                    ("combatant", "side", "attacks", "hit%", *(f"{p} dealt" for p in pools),
                     *(f"{p} taken" for p in pools), "knocked out", "killed"), rows, ids, 2)]
    counts = summary.get("count_names") or []
    did: list[tuple[str, ...]] = []
    for c in people.values():
        won, lost = c["damage_dealt_when_won"], c["damage_dealt_when_lost"]
        split = (f"{won['mean']:.1f}" if won["n"] else "—") + " / " + (f"{lost['mean']:.1f}" if lost["n"] else "—")
        did.append((f"{c['knockouts_caused']:,}", f"{c['kills_caused']:,}",
                     *(per(c["counts"][k]["per_battle"], 2) for k in counts), split))
    tables.append(Table(f"what each did (knock-outs and kills it caused: in all {plural(n, 'battle', grouped=True)}; "
                        "the rest: means per battle)",
                        ("combatant", "KOs caused", "kills caused", *counts, f"{main} dealt in wins / losses"),
                        tuple((names.get(cid, cid), *r) for cid, r in zip(ids, did)), ids, 1))
    attack_rows, attack_ids = [], []
    for cid, c in people.items():
        for name, a in c.get("by_attack", {}).items():
            attack_rows.append((names.get(cid, cid), name, f"{a['uses']:,}", share(a["hits"], a["uses"]),
                                *(per(a["dealt_per_use"][p]) for p in pools)))
            attack_ids.append(cid)
    if attack_rows:
        unmade = ("; an attack chosen but never made, its maker knocked out paying its END, is no use, though "
                  "the coverage counts the choice") if "STUN" in pools else ""  # HERO pays END in STUN
        tables.append(Table("per attack (damage per use, misses included; a use with no attack roll, as a Throw "
                            f"from a Grab, lands and counts as a hit{unmade})",
                            ("combatant", "attack", "uses", "hit%", *(f"{p} per use" for p in pools)),
                            tuple(attack_rows), tuple(attack_ids), 2))
    return tables


def combatant_lines(summary: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """The per-combatant and per-attack tables, as text. The per-combatant table's rows stand
    under their side's name rather than beside it: a side column as wide as "Masters of Evil"
    pushed marvel-brawl's table to 106 columns."""
    lines: list[str] = []
    for t in combatant_tables(summary, names):
        lines += ["", *textwrap.wrap(f"{t.title}:", REPORT_WIDTH, subsequent_indent="  ")]
        if "side" not in t.head:
            lines += ["  " + x for x in t.lines(REPORT_WIDTH - 2)]
            continue
        at = t.head.index("side")
        heading, rows = t._columns([i for i in range(len(t.head)) if i != at]).render(REPORT_WIDTH - 4)
        lines += ["    " + x for x in heading]
        side = None
        for row, cells in zip(rows, t.rows):
            if cells[at] != side:
                side = cells[at]
                lines.append(f"  {side}")
            lines.append("    " + row)
    return lines


def headline_lines(summary: dict[str, Any], limit: int) -> list[str]:
    """Who wins how often, with the 95% interval, and how long a battle lasts: what the report
    is read for, so it comes first (the intervals aligned on their dash)."""
    n = summary["battles"]
    sides = summary["sides"]
    width = max([24, *(len(side) for side in sides)])
    lines = [f"{'side':{width}} {'wins':>6} {'rate':>7}   95% CI (Wilson)"]
    for side, s in sides.items():
        lo, hi = s["ci95"]
        shown = f"{s['rate']:7.1%}" if s["rate"] is not None else f"{'—':>7}"
        lines.append(f"{side:{width}} {s['wins']:6,d} {shown}   {lo:6.1%} - {hi:.1%}")
    cut = summary["cut_off_at_limit"]
    draws = f"{'draws':{width}} {summary['draws']:6,d} {summary['draws'] / n if n else 0:7.1%}"
    if summary["draws"]:
        draws += f"   ({cut:,} of them reached the limit of {plural(limit, summary['length']['unit'])})"
    lines.append(draws)
    ln = summary["length"]
    lines.append(f"battle length ({ln['unit']}s): mean {ln['mean']:.2f}, sd {ln['stdev']:.2f}, "
                 f"min {ln['min']:g}, max {ln['max']:g}")
    if summary.get("first_knockout") is not None:
        lines.append(first_knockout_line(summary))
    return lines + failure_lines(summary)


def failure_lines(summary: dict[str, Any]) -> list[str]:
    """Plugins that failed in the batch's battles (each contained: the next AI decided, or the
    first legal action was taken): the figures are not all the named AI's, so the headline says
    so, with the first battle to replay."""
    cov = summary["coverage"]
    first = cov.get("first_battle", {})
    failed = {k: v for k, v in cov["rules"].items() if k.startswith(FAILED)}
    lines = []
    for k, v in failed.items():
        plugin, _, hook = k[len(FAILED):].partition(" in ")
        where = f", first in battle #{first[k]} (replay it with --play-by-play {first[k]})" if k in first else ""
        lines.append(textwrap.fill(f"! plugin {plugin} failed in {hook} {plural(v, 'time', grouped=True)}{where}; "
                                   "each time the battle went on without it (the log says how)", REPORT_WIDTH,
                                   subsequent_indent="  ", break_on_hyphens=False))
    return lines


def histogram_lines(summary: dict[str, Any]) -> list[str]:
    """How many battles lasted each length, as bars."""
    ln = summary["length"]
    hist = ln["histogram"]
    if not hist:
        return []
    peak = max(hist.values())
    lines = ["", f"battles by length ({ln['unit']}s):"]
    for k, v in hist.items():
        lines.append(f"  {k:>4} | {'#' * max(1, round(40 * v / peak))} {v:,}")
    return lines


#: How the coverage groups its keys, by the word before the colon.
_GROUPS = {"action": "actions", "abort": "aborts", "reaction": "reactions", "rule": "rules"}


def coverage_lines(summary: dict[str, Any], width: int = REPORT_WIDTH) -> list[str]:
    """What fired and how often (with the first battle it fired in, to replay it), grouped as
    actions, aborts, reactions and rules, in as many columns as fit; then, per group, what never
    fired, as one wrapped list. A check of the batch, not its result: it comes last and keeps
    short (it was a line per key, a hundred lines under the figures)."""
    cov = summary["coverage"]
    first = cov.get("first_battle", {})
    fired = {k: v for k, v in {**cov["actions"], **cov["rules"]}.items() if not k.startswith(FAILED)}  # in the headline
    never = cov["never_fired"]
    total = len(fired) + len(never)
    lines = ["", f"coverage ({len(fired)} of {total} actions and rules fired; times fired, and #K: the first "
                 "battle it fired in):"]
    groups: dict[str, tuple[list[str], list[str]]] = {}
    for key in sorted({*fired, *never}):
        kind, _, name = key.partition(":")
        groups.setdefault(kind, ([], []))[0 if key in fired else 1].append(name)
    label_w = max(len(_GROUPS.get(k, k)) for k in groups) + 1 if groups else 0
    indent = " " * (2 + label_w + 1)
    for kind in sorted(groups, key=lambda k: (list(_GROUPS).index(k) if k in _GROUPS else len(_GROUPS), k)):
        yes, no = groups[kind]
        label = f"  {_GROUPS.get(kind, kind) + ':':{label_w}} "
        cells = [(name, f"{fired[f'{kind}:{name}']:,}", f"#{first[f'{kind}:{name}']}"
                  if f"{kind}:{name}" in first else "") for name in yes]
        rows: list[str] = []
        if cells:
            name_w = max(len(c[0]) for c in cells)
            count_w = max(len(c[1]) for c in cells)
            first_w = max(len(c[2]) for c in cells)
            cell_w = name_w + 1 + count_w + 1 + first_w
            per_row = max(1, (width - len(indent) + 3) // (cell_w + 3))
            depth = -(-len(cells) // per_row)  # down the first column, then the next: read in order
            for r in range(depth):
                row = [cells[c * depth + r] for c in range(per_row) if c * depth + r < len(cells)]
                rows.append("   ".join(f"{n:{name_w}} {k:>{count_w}} {f:{first_w}}" for n, k, f in row).rstrip())
        if no:
            glued = "; ".join(name.replace(" ", "\u00a0") for name in no)  # no break inside a name
            wrapped = textwrap.wrap(f"never fired: {glued}", width - len(indent), break_on_hyphens=False,
                                    subsequent_indent="  ")
            rows += [w.replace("\u00a0", " ") for w in wrapped]
        lines += [(label if i == 0 else indent) + r for i, r in enumerate(rows)]
    return lines


def played_words(ai: str | None) -> str:
    """How a report says one AI played everyone (``--ai``): ", every combatant played by the
    tactician AI"; "" when the scenario's own AIs played."""
    return f", every combatant played by the {ai} AI" if ai else ""


def render_report(summary: dict[str, Any], scenario: Scenario | None = None) -> str:
    """The plain-text report for the terminal: the headline first (who wins how often, how long
    a battle lasts), then each combatant's and each attack's figures, the battles by length and
    those worth replaying, and last the coverage. The scenario's name, system and turn limit
    come from ``scenario`` or, for merged parts of a batch, from the summary itself."""
    n = summary["battles"]
    name = scenario.name if scenario is not None else summary["scenario"]
    system = scenario.system if scenario is not None else summary["system"]
    limit = scenario.turn_limit if scenario is not None else summary["turn_limit"]
    lines = [f"{name}: {plural(n, 'battle', grouped=True)} ({system}){played_words(summary.get('ai'))}", ""]
    lines += headline_lines(summary, limit)
    if summary["errors"]:
        lines.append(f"{plural(len(summary['errors']), 'battle')} failed: listed at the end")
    lines += combatant_lines(summary)
    lines += histogram_lines(summary)
    lines += _notable_lines(summary, summary["length"]["unit"])
    lines += coverage_lines(summary)
    if summary["errors"]:
        lines += ["", f"{plural(len(summary['errors']), 'battle')} failed (replay with --play-by-play INDEX):"]
        for e in summary["errors"][:10]:
            lines.append(f"  battle {e['index']} (seed {e['seed']}): {e['error']}")
    return "\n".join(lines)
