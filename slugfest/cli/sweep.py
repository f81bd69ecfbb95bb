"""``slugfest sweep``: one or two parameters varied, every value on the same battles, compared."""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Any

from slugfest.core.render.words import plural

from .common import (EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, JOBS_DEFAULT, SCENARIO_HELP, add_ai, add_force, ai_clash,
                     batch_inputs, played_data, positive_int, prose, report_stream, seed, write_out, write_json)
from .progress import Bars


def add_parsers(sub: Any) -> dict[str, Any]:
    from .batch import precision

    w = sub.add_parser("sweep", help="vary one or two parameters and compare the values",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Run the same battles for each value of a parameter (or each pair of values of two "
                                   "parameters).\nEvery value uses the same dice streams (common random numbers), so "
                                   "differences come from\nthe change, not from luck, and each value's difference from "
                                   "the first is given with a paired\n95% interval. Each row carries the batch's length, "
                                   "knock-outs and damage; --json has every\nvalue's whole report, --csv the table, "
                                   "--plot the first side's win rate against the value.",
                       epilog="PARAM is COMBATANT.KEY (ironclad.SPD, sparkwing.attacks.Lightning Bolt.dice)\n"
                              "or a dotted path into the file (sides[0].combatants[0].characteristics.SPD).\n"
                              "examples:\n"
                              "  slugfest sweep hero-duel --param ironclad.SPD --values 3,4,5,6 --runs 500 --plot\n"
                              "  slugfest sweep hero-duel --param 'sparkwing.attacks.Lightning Bolt.dice' "
                              "--values 8d6,10d6,12d6\n"
                              "  slugfest sweep hero-duel --param ironclad.SPD --values 3,4,5 --param2 sparkwing.SPD "
                              "--values2 4,5 --csv grid.csv\n"
                              "Ctrl-C stops early: the values run side by side, 100 battles at a time, so each row\n"
                              "says how many it finished; the paired column compares only the battles both values ran.")
    w.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    w.add_argument("--param", required=True, metavar="PARAM", help="what to vary (see below)")
    w.add_argument("--values", required=True, metavar="V1,V2,...", help="comma-separated values")
    w.add_argument("--param2", metavar="PARAM", help="a second parameter, for a grid of every pair of values")
    w.add_argument("--values2", metavar="V1,V2,...", help="the second parameter's values")
    w.add_argument("--runs", type=positive_int, default=None, help="battles per value (default 500)")
    w.add_argument("--precision", type=precision, metavar="P",
                   help="run until every value's win-rate intervals are within ±P; --runs is then the most per "
                        "value (default 20000)")
    w.add_argument("--seed", type=seed, default=None, help="base seed, the same for every value (default: the scenario's)")
    w.add_argument("--jobs", type=positive_int, default=JOBS_DEFAULT, help=f"worker processes (default: all {JOBS_DEFAULT} cores)")
    w.add_argument("--json", metavar="FILE", help="also write every value's whole report as JSON (- for standard "
                                                  "output; the table then goes to standard error)")
    w.add_argument("--csv", metavar="FILE", help="also write the table as CSV (- for standard output)")
    add_ai(w)
    add_force(w)
    w.add_argument("--plot", action="store_true", help="plot the first side's win rate against the value, with "
                                                       "its interval (one parameter)")
    w.add_argument("--no-progress", action="store_true", help="no progress on stderr (bars on a terminal; otherwise a plain line every 5 s)")
    return {"sweep": cmd_sweep}


def _values(text: str, flag: str) -> list[Any] | str:
    from slugfest.core.batch.sweep import parse_value

    texts = [v.strip() for v in text.split(",")]
    if not any(texts) or "" in texts:
        return (f"slugfest: {flag} expects comma-separated values such as 3,4,5, got {text!r}"
                + (" (an empty value in it)" if any(texts) else ""))
    return [parse_value(t) for t in texts]


def _variants(args: argparse.Namespace) -> tuple[list[tuple[Any, ...]], list[Any]] | int:
    """Each combination of values and the scenario with it, all checked before any battle
    runs; or the exit code when one is wrong (each problem printed)."""
    from slugfest.core.errors import SlugfestError
    from slugfest.core.files.scenario import parse_scenario
    from slugfest.core.batch.sweep import SweepError, set_parameter

    if (args.param2 is None) != (args.values2 is None):
        print("slugfest: --param2 and --values2 go together (a grid needs both)", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.param2 is not None and args.param2.strip() == args.param.strip():
        print(f"slugfest: --param2 is {args.param2!r} again: a grid needs two different parameters (the second "
              "would overwrite the first)", file=sys.stderr)
        return EXIT_BAD_INPUT
    params = [args.param] + ([args.param2] if args.param2 else [])
    clash = ai_clash(args, params)
    if clash:
        print(clash, file=sys.stderr)
        return EXIT_BAD_INPUT
    data = played_data(args)
    lists = []
    for text, flag in ((args.values, "--values"), (args.values2, "--values2")):
        if text is None:
            continue
        got = _values(text, flag)
        if isinstance(got, str):
            print(got, file=sys.stderr)
            return EXIT_BAD_INPUT
        twice = sorted({repr(v) for v in got if got.count(v) > 1})
        if twice:
            print(f"slugfest: {flag} gives {', '.join(twice)} more than once; each value once, please (the same "
                  "value runs the same battles)", file=sys.stderr)
            return EXIT_BAD_INPUT
        lists.append(got)
    combos = list(itertools.product(*lists))
    variants = []
    problems: list[tuple[str, str]] = []  # (the variant's label, what is wrong with it)
    for combo in combos:
        d = data
        where = " and ".join(f"{p} = {v!r}" for p, v in zip(params, combo))
        label = f"{args.scenario} with {where}"
        try:
            for param, v in zip(params, combo):
                d = set_parameter(d, param, v)
            variants.append(parse_scenario(d, label))
        except SweepError as exc:  # the parameter itself is wrong: the same for every value
            print(str(exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        except SlugfestError as exc:
            problems.append((label, str(exc)))
    if not problems:
        return combos, variants
    if len(problems) == len(combos) > 1 and len({text.replace(label, "") for label, text in problems}) == 1:
        # a key that is wrong whatever its value: said once, not once a value
        print(problems[0][1], file=sys.stderr)
        print(f"slugfest: the same with every value of {', '.join(params)}", file=sys.stderr)
    else:
        for _, text in problems:
            print(text, file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_sweep(args: argparse.Namespace) -> int:

    from slugfest.core.engine.plugins import get_plugin_manager
    from slugfest.core.batch.report import played_words
    from slugfest.core.batch.simulate import simulate_many
    from slugfest.core.batch.stats import BattleTally, widest_half_width

    scenario = batch_inputs(args, args.json, args.csv)
    if isinstance(scenario, int):
        return scenario
    if args.json == "-" and args.csv == "-":
        print("slugfest: --json - and --csv - would both write to standard output; send one to a file", file=sys.stderr)
        return EXIT_BAD_INPUT
    swept = _variants(args)
    if isinstance(swept, int):
        return swept
    combos, variants = swept
    base = scenario.seed if args.seed is None else args.seed
    runs = args.runs if args.runs is not None else (20_000 if args.precision is not None else 500)
    sides = [s.name for s in scenario.sides]
    first_side = sides[0]
    params = [args.param] + ([args.param2] if args.param2 else [])
    table = report_stream(args.json if args.json == "-" else args.csv)
    print(prose(f"{scenario.name}: {' x '.join(params)} over "
                f"{plural(len(combos), 'pair' if len(params) > 1 else 'value')}{' of values' if len(params) > 1 else ''}, "
                f"{'up to ' if args.precision else ''}{plural(runs, 'battle', grouped=True)} each (the same seeds for "
                f"every value), seed {base}{played_words(args.ai)}"), file=table)
    outcomes: list[list[int | None]] = [[None] * runs for _ in variants]

    def seen(v: int, result: Any) -> None:
        if isinstance(result, BattleTally):
            outcomes[v][result.index] = int(result.winner == first_side)

    until = None
    if args.precision is not None:
        until = lambda aggs: all(widest_half_width(a) <= args.precision for a in aggs)  # noqa: E731
    bars = Bars([" ".join(map(str, c)) if len(c) > 1 else f"{args.param} = {c[0]}" for c in combos],
                [runs] * len(combos), not args.no_progress)
    aggs, interrupted = simulate_many(variants, runs, base, args.jobs, bars, until=until, on_battle=seen)
    bars.done()
    system = get_plugin_manager(house_rules=scenario.house_rules).systems()[scenario.system]
    rows = [_row(combo, agg.as_dict(getattr(system, "catalogue", ())), outcomes[i], outcomes[0], sides, params,
                 complete=agg.n + len(agg.errors) == runs or (args.precision is not None and not interrupted))
            for i, (combo, agg) in enumerate(zip(combos, aggs))]
    for line in render_rows(rows, sides, params, summary_unit(aggs)):
        print(line, file=table)
    if len(params) == 2:
        for line in render_grid(rows, combos, first_side, params):
            print(line, file=table)
    if args.plot:
        print(plot_rows(rows, first_side, params, colour=table.isatty()) if len(params) == 1 else
              "(--plot draws one parameter; for a grid see the table above)", file=table)
    if args.precision is not None:
        widest = max(r["widest_half_width"] for r in rows)
        met = widest <= args.precision
        n = rows[0]["battles"]
        why = "" if met else ("; stopped by Ctrl-C" if interrupted else "; raise --runs or ask less")
        print(f"\nprecision: {'every' if met else 'NOT every'} value's win-rate intervals within ±{args.precision:.1%} "
              f"(widest ±{widest:.1%}) after {plural(n, 'battle', grouped=True)} each{why}", file=table)
    if interrupted:
        counts = [str(r["battles"]) for r in rows]
        said = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " and " + counts[-1]
        print(f"interrupted: the rows stopped at {said} battles of {runs:,} (the values run side by side, "
              "100 battles at a time)", file=sys.stderr)
    if args.csv:
        problem = write_out(args.csv, csv_text(rows, sides, params))
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.json:
        doc = {"scenario": scenario.name, "ai": args.ai, "params": params, "param": args.param, "base_seed": base, "runs": runs,
               "interrupted": interrupted, "rows": rows}
        failed = write_json(args.json, doc)
        if failed:
            return failed
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def summary_unit(aggs: list[Any]) -> tuple[str, str]:
    return aggs[0].time_unit, aggs[0].damage_unit


def _row(combo: tuple[Any, ...], summary: dict[str, Any], mine: list[int | None], base: list[int | None],
         sides: list[str], params: list[str], complete: bool) -> dict[str, Any]:
    from slugfest.core.batch.stats import wilson
    from slugfest.core.batch.sweep import paired_difference, side_figures

    n = summary["battles"]
    mean, lo, hi, pairs = paired_difference(mine, base)  # battles not run or failed are None: left out
    row: dict[str, Any] = {"value": combo[0] if len(combo) == 1 else list(combo),
                           "values": dict(zip(params, combo)), "battles": n,
                           "complete": complete, "draws": summary["draws"], "sides": {}}
    widest = 0.0
    for s in sides:
        w = summary["sides"][s]["wins"]
        lo_s, hi_s = wilson(w, n)
        widest = max(widest, (hi_s - lo_s) / 2)
        row["sides"][s] = {"wins": w, "rate": summary["sides"][s]["rate"], "ci95": [round(lo_s, 4), round(hi_s, 4)],
                           **side_figures(summary, s)}
    row["widest_half_width"] = round(widest, 4)
    row["vs_first_value"] = {"side": sides[0], "difference": round(mean, 4), "ci95": [round(lo, 4), round(hi, 4)],
                             "paired_battles": pairs}
    row["length_mean"] = summary["length"]["mean"]
    row["report"] = summary
    return row


def render_rows(rows: list[dict[str, Any]], sides: list[str], params: list[str], units: tuple[str, str]) -> list[str]:
    """The sweep's table: a row per value with its outcome (win rates, draws, the difference
    from the first value) and how its battles went (length, knock-outs, damage). When one table
    would run wider than the report's width, the two halves are printed as two tables."""
    from slugfest.core.batch.report import REPORT_WIDTH, Table

    time_unit, damage = units
    first = sides[0]
    outcome_head = [*(f"{s} wins (95% CI)" for s in sides), "draws", f"{first} vs first (paired CI)"]
    course_head = [f"{time_unit}s", *(f"KO'd {s}" for s in sides), *(f"{damage} by {s}" for s in sides)]
    keys, outcomes, courses = [], [], []
    for i, r in enumerate(rows):
        combo = r["value"] if isinstance(r["value"], list) else [r["value"]]
        keys.append([str(v) for v in combo])
        cells = []
        for s in sides:
            x = r["sides"][s]
            lo, hi = x["ci95"]
            cells.append(f"{x['rate']:.1%} ({lo:.0%}-{hi:.0%})" if x["rate"] is not None else "—")
        cells.append(f"{r['draws']:,}")
        d = r["vs_first_value"]
        cells.append("baseline" if i == 0 else "—" if not d["paired_battles"] else
                     f"{d['difference']:+.1%} ({d['ci95'][0]:+.0%} to {d['ci95'][1]:+.0%})")
        outcomes.append(cells)
        cells = [f"{r['length_mean']:.2f}" if r["battles"] else "—"]
        cells += [f"{r['sides'][s]['knocked_out']:.0%}" if r["sides"][s]["knocked_out"] is not None else "—"
                  for s in sides]
        cells += [f"{r['sides'][s]['dealt']:,.1f}" if r["sides"][s]["dealt"] is not None else "—" for s in sides]
        if not r["complete"]:
            cells[-1] += f"  (stopped at {r['battles']:,})"
        courses.append(cells)

    def table(head: list[str], cells: list[list[str]]) -> list[str]:
        body = tuple(tuple(k + c) for k, c in zip(keys, cells))
        return Table("", (*params, *head), body, tuple(str(i) for i in range(len(body))), 0).lines()

    whole = table(outcome_head + course_head, [o + c for o, c in zip(outcomes, courses)])
    if max(map(len, whole)) <= REPORT_WIDTH:
        return whole
    return [*table(outcome_head, outcomes), "",
            f"how the battles went ({time_unit}s and damage: means per battle; KO'd: share of the side knocked out):",
            *table(course_head, courses)]


def render_grid(rows: list[dict[str, Any]], combos: list[tuple[Any, ...]], side: str, params: list[str]) -> list[str]:
    """The first side's win rate for every pair of values: rows the first parameter's."""
    firsts = list(dict.fromkeys(c[0] for c in combos))
    seconds = list(dict.fromkeys(c[1] for c in combos))
    rate = {tuple(c): r["sides"][side]["rate"] for c, r in zip(combos, rows)}
    w = max(8, *(len(str(v)) for v in firsts))
    lines = ["", f"{side} win rate: rows {params[0]}, columns {params[1]}",
             " " * w + "".join(f"{str(v):>9}" for v in seconds)]
    for a in firsts:
        lines.append(f"{str(a):>{w}}" + "".join(f"{rate[(a, b)]:9.1%}" if rate.get((a, b)) is not None else f"{'—':>9}"
                                               for b in seconds))
    return lines


def plot_rows(rows: list[dict[str, Any]], side: str, params: list[str], colour: bool = False) -> str:
    """The first side's win rate against the value, with the interval's ends, in the terminal
    (in colour only for a terminal: a file or a pipe gets plain characters)."""
    import plotext as plt

    labels = [str(r["value"]) for r in rows]
    xs = list(range(1, len(rows) + 1))
    rate = [100 * (r["sides"][side]["rate"] or 0) for r in rows]
    lo = [100 * r["sides"][side]["ci95"][0] for r in rows]
    hi = [100 * r["sides"][side]["ci95"][1] for r in rows]
    plt.clear_figure()
    plt.plotsize(min(100, 30 + 12 * len(rows)), 18)
    plt.theme("clear")
    plt.plot(xs, hi, color="gray", label="95% interval")
    plt.plot(xs, lo, color="gray")
    plt.plot(xs, rate, marker="●", label=f"{side} win %")
    plt.hline(50, "gray")
    plt.xticks(xs, labels)
    plt.ylim(0, 100)
    plt.xlabel(params[0])
    plt.title(f"{side} win rate by {params[0]} (%)")
    text = plt.build()
    return "\n" + (text if colour else plt.uncolorize(text))


def csv_text(rows: list[dict[str, Any]], sides: list[str], params: list[str]) -> str:
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([*params, "battles", *(f"{s} {k}" for s in sides for k in ("wins", "rate", "ci95 low", "ci95 high",
                                                                           "knocked out", "damage dealt")),
                "draws", "difference vs first value", "difference ci95 low", "difference ci95 high", "length mean"])
    for r in rows:
        combo = r["value"] if isinstance(r["value"], list) else [r["value"]]
        d = r["vs_first_value"]
        w.writerow([*combo, r["battles"],
                    *(x for s in sides for x in (r["sides"][s]["wins"], r["sides"][s]["rate"], *r["sides"][s]["ci95"],
                                                 r["sides"][s]["knocked_out"], r["sides"][s]["dealt"])),
                    r["draws"], d["difference"], *d["ci95"], r["length_mean"]])
    return out.getvalue()
