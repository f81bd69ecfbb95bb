"""The commands that run one batch of battles and report it: ``simulate``, and ``merge`` for a
batch run in parts (``--shard``) on several machines."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from slugfest.core.render.words import plural

from .progress import Bars

from .common import (EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, JOBS_DEFAULT, SCENARIO_HELP, add_ai, add_force, ai_line, battle_index,
                     input_path, load, played_by, positive_int, report_stream, seed, unwritable, write_out, write_json)


def add_parsers(sub: Any) -> dict[str, Any]:
    """The subcommands of this module, each with its handler (the names main dispatches on)."""
    m = sub.add_parser("simulate", help="run many AI-vs-AI battles and report statistics",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Run N independent battles of one scenario (battle i always uses the same seed, "
                                   "whatever --jobs is)\nand report win rates with 95% confidence intervals, battle "
                                   "length, damage, knockouts, hit rates\nand which actions and rules fired.",
                       epilog="examples:\n"
                              "  slugfest simulate hero-brawl --runs 1000\n"
                              "  slugfest simulate hero-brawl --runs 1000 --ai tactician   every combatant played by the tactician\n"
                              "  slugfest simulate hero-duel --runs 5000 --seed 42 --json duel.json\n"
                              "  slugfest simulate hero-duel --runs 100 --play-by-play 17   the full log of battle 17\n"
                              "  slugfest simulate hero-duel --precision 2%   as many battles as a ±2% interval needs\n"
                              "  slugfest simulate hero-brawl --runs 500 --html brawl.html\n"
                              "      the report as a page, linking replays of the shortest and longest battles\n"
                              "  slugfest simulate hero-brawl --runs 100000 --shard 3/10 --json part3.json\n"
                              "      one tenth of a batch, on any machine; `slugfest merge part*.json` reports the whole\n"
                              "Ctrl-C stops early and reports the battles that finished.")
    m.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    m.add_argument("--runs", type=positive_int, default=None, help="number of battles (default 1000)")
    m.add_argument("--seed", type=seed, default=None, help="base seed (default: the scenario's seed)")
    m.add_argument("--jobs", type=positive_int, default=JOBS_DEFAULT,
                   help=f"worker processes (default: all {JOBS_DEFAULT} cores)")
    m.add_argument("--json", metavar="FILE", help="also write the full statistics as JSON (- for standard "
                                                  "output; the table then goes to standard error)")
    m.add_argument("--play-by-play", type=battle_index, metavar="K", help="print battle K of the batch with its full log")
    m.add_argument("--precision", type=precision, metavar="P",
                   help="run until every win rate's 95%% interval is within ±P (0.02 or 2%%), checked every 100 "
                        "battles; --runs is then the most to run (default 100000)")
    m.add_argument("--shard", metavar="I/N", help="run only part I of N of the batch (its battles keep their seeds) "
                                                 "and write it with --json for `slugfest merge`")
    m.add_argument("--plot", action="store_true", help="also plot the battle-length histogram in the terminal")
    m.add_argument("--html", metavar="FILE", help="also write the report as a web page (its tables, win rates with "
                                                 "intervals, the length histogram, damage by combatant), with the "
                                                 "replays of the notable battles beside it (FILE-battleK.html)")
    m.add_argument("--cluster", metavar="ADDRESS",
                   help="run the battles on a Dask cluster (a scheduler's tcp://HOST:PORT, or local / local:N for N "
                        "worker processes here; needs pip install 'slugfest[cluster]'): the same report as a local run")
    m.add_argument("--no-progress", action="store_true", help="no progress on stderr (a bar on a terminal; otherwise a plain line every 5 s)")
    add_ai(m)
    add_force(m)

    g = sub.add_parser("merge", help="join the parts of a batch run with --shard into one report",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Merge the JSON files written by `slugfest simulate ... --shard I/N --json FILE` "
                                   "into the report\nof the whole batch. The result is the same, key for key, as "
                                   "running the batch in one go:\nevery figure is an exact sum. Parts of different "
                                   "scenarios, seeds or batch sizes are refused.",
                       epilog="example:\n"
                              "  for i in 1 2 3 4; do slugfest simulate hero-brawl --runs 40000 --shard $i/4 "
                              "--json part$i.json & done; wait\n"
                              "  slugfest merge part*.json --json brawl.json")
    g.add_argument("parts", nargs="+", metavar="PART.json", help="the parts' JSON files, in any order")
    g.add_argument("--json", metavar="FILE", help="also write the merged statistics as JSON (- for standard output)")
    g.add_argument("--partial", action="store_true", help="report even if some parts are missing (they are named)")
    add_force(g)

    return {"simulate": cmd_simulate, "merge": cmd_merge}


def precision(text: str) -> float:
    """An argparse type: a half width for a win-rate interval, as 0.02 or 2%."""
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a half width such as 0.02 or 2%, got {text!r}") from None
    if not raw.endswith("%") and value >= 1:
        raise argparse.ArgumentTypeError(f"{text} is not below 1; for percentage points write {text}%")
    if not 0.001 <= value <= 0.25:
        raise argparse.ArgumentTypeError(f"expected a half width from 0.1% to 25%, got {text}")
    return value


def cmd_simulate(args: argparse.Namespace) -> int:

    from slugfest.core.engine.plugins import get_plugin_manager
    from slugfest.core.render.text import TextLog
    from slugfest.core.batch.report import render_report
    from slugfest.core.batch.simulate import replay

    scenario, error = load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    scenario = played_by(args, scenario)
    if isinstance(scenario, int):
        return scenario
    base = scenario.seed if args.seed is None else args.seed
    if args.play_by_play is not None:
        if args.json:
            print("slugfest: --play-by-play prints one battle's log and no statistics; "
                  "drop --json (or run the batch without --play-by-play)", file=sys.stderr)
            return EXIT_BAD_INPUT
        runs = args.runs or 1000
        if not 0 <= args.play_by_play < runs:
            print(f"slugfest: --play-by-play expects a battle index from 0 to {runs - 1}", file=sys.stderr)
            return EXIT_BAD_INPUT
        b = replay(scenario, args.play_by_play, base)
        print(f"battle {args.play_by_play} of {runs} (seed {b.seed}: `slugfest battle {args.scenario} "
              f"--seed {b.seed}{f' --ai {args.ai}' if args.ai else ''}` plays it again)", file=sys.stderr)
        log = TextLog({c.id: c.name for c in scenario.combatants})
        for e in b.events:
            line = log.line(e)
            if line is not None:
                print(line + (f"\n{ai_line(args)}" if e.kind == "battle_started" and ai_line(args) else ""))
        return EXIT_OK
    problem = (unwritable(args.json, force=args.force, inputs=(input_path(args.scenario),))
               or unwritable(args.html, force=args.force, inputs=(input_path(args.scenario),)))
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.html and args.shard:
        print("slugfest: --html reports a whole batch; a part (--shard) is written with --json for `slugfest merge`",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    shard = None
    if args.shard is not None:
        from slugfest.core.batch.shards import ShardError, parse_shard

        try:
            shard = parse_shard(args.shard)
        except ShardError as exc:
            print(f"slugfest: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if not args.json:
            print("slugfest: --shard writes its part for `slugfest merge`: give --json FILE", file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.precision is not None:
            print("slugfest: --precision decides the number of battles as they finish, which parts run apart "
                  "cannot do; give --runs instead", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.cluster is not None and args.precision is not None:
        print("slugfest: --precision stops a batch in battle order, which a cluster finishing spans in any order "
              "cannot; give --runs with --cluster", file=sys.stderr)
        return EXIT_BAD_INPUT
    host = get_plugin_manager(house_rules=scenario.house_rules)
    system = host.systems()[scenario.system]
    header, agg, interrupted = _run_batch(args, scenario, base, shard)
    summary = {**agg.as_dict(getattr(system, "catalogue", ())), **header}
    if interrupted and agg.n == 0:
        # Nothing finished: a table of zeros would read as results, so there is no report.
        print("interrupted before any battle finished: nothing to report"
              + (f", {args.json} not written" if args.json else ""), file=sys.stderr)
        return EXIT_INTERRUPTED
    if interrupted:
        print(f"interrupted: reporting the {agg.n} battles that finished", file=sys.stderr)
    # With the JSON on standard output, the table goes to standard error: stdout stays parseable.
    out = report_stream(args.json)
    text = render_report(summary, scenario)
    if args.precision is not None:
        text += "\n\n" + _precision_line(summary, args.precision)
    print(text, file=out)
    if args.plot and agg.n:
        print(length_plot(summary, colour=out.isatty()), file=out)
    if args.html:
        failed = _write_html(args, scenario, summary, text)
        if failed:
            print(failed, file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.json:
        document = summary
        if shard is not None:
            from slugfest.core.files.scenario import dump_scenario
            from slugfest.core.batch.shards import fingerprint, part_document

            document = {**part_document(agg, scenario=scenario.name, system=scenario.system,
                                        turn_limit=scenario.turn_limit, base_seed=base, runs=summary["runs_requested"],
                                        shard=shard, print_=fingerprint(dump_scenario(scenario), host.names()),
                                        interrupted=interrupted, ai=args.ai), "summary": summary}
        code = write_json(args.json, document)
        if code:
            return code
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def _run_batch(args: argparse.Namespace, scenario: Any, base: int,
               shard: tuple[int, int] | None) -> tuple[dict[str, Any], Any, bool]:
    """Run the battles the options ask for: (the summary's header, the aggregate, interrupted)."""
    from slugfest.core.batch.simulate import simulate
    from slugfest.core.batch.stats import widest_half_width

    runs = args.runs if args.runs is not None else (100_000 if args.precision is not None else 1000)
    first, count = 0, runs
    label = scenario.name
    if shard is not None:
        from slugfest.core.batch.shards import shard_range

        first, count = shard_range(runs, *shard)
        label = f"{scenario.name} part {shard[0]}/{shard[1]}"
        if count == 0:
            print(f"note: part {shard[0]} of {shard[1]} of {plural(runs, 'battle')} holds no battles (more parts than "
                  "battles); it is written anyway, so the parts still merge", file=sys.stderr)
    until = None
    if args.precision is not None:
        until = lambda agg: widest_half_width(agg) <= args.precision  # noqa: E731
    bar = Bars([label], [count], not args.no_progress)
    if args.cluster is not None:
        from slugfest.core.batch.cluster import simulate_on_cluster

        try:
            ran = simulate_on_cluster(scenario, count, base, args.cluster, first=first, on_progress=bar)
        finally:
            bar.done()
        agg, interrupted = ran.aggregate, ran.interrupted
        if ran.lost_spans:
            print(f"{plural(ran.lost_spans, 'span')} of battles could not be run on the cluster: listed among the "
                  "failed battles with their seeds", file=sys.stderr)
    else:
        agg, interrupted = simulate(scenario, count, base, args.jobs, bar, first=first, until=until)
        bar.done()
    header = {"scenario": scenario.name, "system": scenario.system, "turn_limit": scenario.turn_limit,
              "base_seed": base, "runs_requested": runs, "interrupted": interrupted, "ai": args.ai}
    if shard is not None:
        header["shard"] = {"part": shard[0], "of": shard[1], "first": first, "battles": count}
    if args.precision is not None:
        header["precision"] = {"asked": args.precision, "reached": round(widest_half_width(agg), 4),
                               "met": widest_half_width(agg) <= args.precision}
    return header, agg, interrupted


def _write_html(args: argparse.Namespace, scenario: Any, summary: dict[str, Any], text: str) -> str | None:
    """The report page and, beside it, a replay of each notable battle (played again from its
    seed); why a file could not be written, or None."""
    import os

    from slugfest.core.batch.report import notable_rows
    from slugfest.core.batch.report_page import report_page
    from slugfest.core.engine.battle import Battle
    from slugfest.core.render.html import page
    from slugfest.core.render.replay_input import battle_replay, started_header

    stem = os.path.splitext(args.html)[0]
    replays, written = [], set()
    for label, b, _ in notable_rows(summary):
        if b is None:
            continue
        target = f"{stem}-battle{b['index']}.html"
        if target not in written:
            problem = unwritable(target, force=args.force, inputs=(input_path(args.scenario),))
            if problem:
                return problem
            battle = Battle(scenario, seed=b["seed"])
            opening = started_header(battle)
            battle.run()
            failed = write_out(target, page(battle_replay(battle, opening)))
            if failed:
                return failed
            written.add(target)
        replays.append((label, b, os.path.basename(target)))
    command = f"slugfest simulate {args.scenario} --runs {summary['runs_requested']} --seed {summary['base_seed']}"
    if args.ai:
        command += f" --ai {args.ai}"
    failed = write_out(args.html, report_page(summary, text, replays, command))
    if failed is None:
        print(f"report written to {args.html}, with {plural(len(written), 'replay')} beside it", file=sys.stderr)
    return failed


def length_plot(summary: dict[str, Any], colour: bool = False) -> str:
    """The battle-length histogram as a bar chart (plain characters unless on a terminal)."""
    import plotext as plt

    hist = summary["length"]["histogram"]
    unit = summary["length"]["unit"]
    plt.clear_figure()
    plt.plotsize(min(100, 30 + 4 * len(hist)), 16)
    plt.theme("clear")
    plt.bar(list(hist), list(hist.values()), width=0.6)
    plt.title(f"battles by length ({unit}s), {plural(summary['battles'], 'battle', grouped=True)}")
    plt.xlabel(f"{unit}s")
    text = plt.build()
    return "\n" + (text if colour else plt.uncolorize(text))


def _precision_line(summary: dict[str, Any], asked: float) -> str:
    p = summary["precision"]
    n = summary["battles"]
    if p["met"]:
        return (f"precision: every win rate's 95% interval is within ±{p['reached']:.1%} (asked ±{asked:.1%}) "
                f"after {plural(n, 'battle', grouped=True)}")
    if summary.get("interrupted"):
        return (f"precision: NOT reached: the widest interval is still ±{p['reached']:.1%} (asked ±{asked:.1%}) "
                f"after {plural(n, 'battle', grouped=True)}, when Ctrl-C stopped the batch")
    return (f"precision: NOT reached: the widest interval is still ±{p['reached']:.1%} (asked ±{asked:.1%}) "
            f"after {plural(n, 'battle', grouped=True)}, the most --runs allows; raise --runs or ask less")


def cmd_merge(args: argparse.Namespace) -> int:

    from slugfest.core.batch.report import render_report
    from slugfest.core.engine.plugins import get_plugin_manager
    from slugfest.core.batch.shards import MAX_PART_BYTES, ShardError, merge_parts, spans
    from slugfest.core.files.bounds import UnreadableFile, parse_json, read_limited

    problem = unwritable(args.json, force=args.force, inputs=args.parts)
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    documents = []
    for name in args.parts:
        try:
            documents.append((name, parse_json(read_limited(name, MAX_PART_BYTES), MAX_PART_BYTES)))
        except OSError as exc:
            print(f"slugfest: {name}: cannot read it ({exc.strerror or exc})", file=sys.stderr)
            return EXIT_BAD_INPUT
        except UnreadableFile as exc:
            print(f"slugfest: {name}{f':{exc.line}' if exc.line else ''}: {exc.message}", file=sys.stderr)
            return EXIT_BAD_INPUT
    try:
        merged = merge_parts(documents)
    except ShardError as exc:
        print(f"slugfest: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    head = merged.header
    if merged.missing and not args.partial:
        gone = spans(merged.missing)
        print(f"slugfest: {'part' if len(merged.missing) == 1 else 'parts'} {gone} of {head['of']} "
              f"{'is' if len(merged.missing) == 1 else 'are'} missing; merge them too, "
              "or give --partial to report the parts you have", file=sys.stderr)
        return EXIT_BAD_INPUT
    system = get_plugin_manager().systems().get(head["system"])
    summary = merged.aggregate.as_dict(getattr(system, "catalogue", ()))
    summary.update({"scenario": head["scenario"], "system": head["system"], "turn_limit": head["turn_limit"],
                    "base_seed": head["base_seed"], "runs_requested": head["runs_requested"], "ai": head.get("ai"),
                    "interrupted": bool(merged.missing or merged.incomplete),
                    "merged": {"parts": merged.parts, "of": head["of"], "missing": merged.missing,
                               "incomplete": merged.incomplete}})
    out = report_stream(args.json)
    print(render_report(summary), file=out)
    note = f"\nmerged {plural(len(merged.parts), 'part')} of {head['of']}"
    if merged.missing:
        note += f"; missing: {spans(merged.missing)}"
    if merged.incomplete:
        note += f"; stopped early (Ctrl-C): {', '.join(map(str, merged.incomplete))}"
    print(note, file=out)
    if args.json:
        failed = write_json(args.json, summary)
        if failed:
            return failed
    return EXIT_OK
