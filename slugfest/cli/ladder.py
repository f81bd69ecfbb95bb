"""``slugfest ladder``: a round robin of AIs, or of a roster's combatants, rated."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from slugfest.core.render.words import plural

from .common import (EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, JOBS_DEFAULT, SCENARIO_HELP, add_force, batch_inputs,
                     positive_int, prose, report_stream, seed, write_json)
from .progress import Bars


def add_parsers(sub: Any) -> dict[str, Any]:
    p = sub.add_parser("ladder", help="a round robin of AIs (or of a roster's combatants), sides swapped, rated",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Every entrant against every other, each pairing played in both seatings with the "
                                   "same seeds, so\nwhatever a seat is worth (the stronger team, the better cell, being "
                                   "listed first) cancels out.\nPrints each matchup (the row's share of decided battles, "
                                   "with its 95% interval) and a rating\nper entrant: a Bradley-Terry fit on the Elo "
                                   "scale (mean 1500; +191 is 3-to-1 odds), with its interval.",
                       epilog="entrants:\n"
                              "  AIs (the default): one AI runs every combatant of the first side, the other the rest;\n"
                              "  --combatants: each combatant of the file against each other one, as duels on the file's\n"
                              "  map (on the first and second sides' first cells).\n"
                              "examples:\n"
                              "  slugfest ladder hero-brawl --runs 200\n"
                              "  slugfest ladder marvel-brawl --ais default,tactician,random --mirror\n"
                              "  slugfest ladder marvel-brawl --combatants --runs 100 --json roster.json")
    p.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    p.add_argument("--ais", metavar="A,B,...", help="the AIs to rank (default: every AI installed but planner, "
                                                  "which looks ahead at some hundred times the cost of a "
                                                  "decision: name it to rank it)")
    p.add_argument("--combatants", nargs="?", const="", metavar="ID,ID,...",
                   help="rank the file's combatants instead (all, or those listed), in duels")
    p.add_argument("--mirror", action="store_true",
                   help="AIs on a mirrored roster: one side against its exact copy on a mirrored map")
    p.add_argument("--runs", type=positive_int, default=100, help="battles per pairing and seating (default 100)")
    p.add_argument("--seed", type=seed, default=None, help="base seed, the same for every pairing (default: the scenario's)")
    p.add_argument("--jobs", type=positive_int, default=JOBS_DEFAULT, help=f"worker processes (default: all {JOBS_DEFAULT} cores)")
    p.add_argument("--json", metavar="FILE", help="also write the matchups and ratings as JSON (- for standard output)")
    add_force(p)
    p.add_argument("--no-progress", action="store_true", help="no progress on stderr (a bar on a terminal; otherwise a plain line every 5 s)")
    return {"ladder": cmd_ladder}


#: AIs a ladder leaves out unless named: each of their decisions plays the battle out many times.
DEAR = frozenset({"planner"})


def _installed_ais() -> list[str]:
    from slugfest.core.files.scenario import ai_names

    return ai_names()


def cmd_ladder(args: argparse.Namespace) -> int:

    from slugfest.core.batch import ladder as lad
    from slugfest.core.files.scenario import dump_scenario, parse_scenario
    from slugfest.core.files.schema import did_you_mean
    from slugfest.core.batch.pace import Progress
    from slugfest.core.batch.simulate import simulate

    scenario = batch_inputs(args, args.json)
    if isinstance(scenario, int):
        return scenario
    base = scenario.seed if args.seed is None else args.seed
    data = dump_scenario(scenario)
    if args.combatants is not None:
        if args.ais or args.mirror:
            print("slugfest: --combatants ranks the file's characters, each with its own AI; drop --ais and --mirror",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        ids = [str(c["id"]) for c in lad.roster(data)]
        wanted = list(dict.fromkeys(x.strip() for x in args.combatants.split(",") if x.strip())) or ids
        for x in wanted:
            if x not in ids:
                print(f"slugfest: --combatants: no combatant {x!r} in {args.scenario}{did_you_mean(x, ids)} "
                      f"(its combatants: {', '.join(ids)})", file=sys.stderr)
                return EXIT_BAD_INPUT
        if len(wanted) < 2:
            print("slugfest: a ladder needs at least two entrants", file=sys.stderr)
            return EXIT_BAD_INPUT
        entrants, pairings, what = wanted, list(lad.combatant_pairings(data, wanted)), "combatant ladder (duels)"
    else:
        known = _installed_ais()
        entrants = ([x.strip() for x in args.ais.split(",") if x.strip()] if args.ais is not None
                    else [x for x in known if x not in DEAR])
        if args.ais is not None and not entrants:
            print(f"slugfest: --ais expects AI names separated by commas (installed: {', '.join(known)})",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        for x in entrants:
            if x not in known:
                print(f"slugfest: --ais: no AI named {x!r}{did_you_mean(x, known)} (installed: {', '.join(known)})",
                      file=sys.stderr)
                return EXIT_BAD_INPUT
        if len(set(entrants)) < 2:
            print("slugfest: a ladder needs at least two different AIs", file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.mirror:
            from slugfest.core.batch.mirror import mirror_first_fitting

            try:
                data = mirror_first_fitting(data)
            except ValueError as exc:
                print(f"slugfest: --mirror: {exc}", file=sys.stderr)
                return EXIT_BAD_INPUT
        entrants = list(dict.fromkeys(entrants))
        pairings = list(lad.ai_pairings(data, entrants))
        what = "AI ladder" + (" (mirrored roster)" if args.mirror else "")
    out = report_stream(args.json)
    print(prose(f"{scenario.name}: {what}, {plural(len(entrants), 'entrant')}, {plural(len(pairings), 'seating')} of "
                f"{plural(args.runs, 'battle', grouped=True)}, seed {base}"), file=out)
    bars = Bars([f"{len(pairings)} seatings"], [len(pairings) * args.runs], not args.no_progress)
    finished = [0]

    def run(p: lad.Pairing) -> tuple[int, int, int]:
        variant = parse_scenario(p.data, f"{args.scenario} ({p.first} vs {p.second})")
        agg, interrupted = simulate(variant, args.runs, base, args.jobs,
                                    lambda pr: bars(Progress(finished[0] + pr.done, 0, pr.errors, under_way=pr.under_way)))
        finished[0] += args.runs
        if interrupted:
            raise KeyboardInterrupt
        first = variant.sides[0].name
        # the second entrant plays every side after the first: all their wins are its wins
        return agg.wins[first], sum(v for k, v in agg.wins.items() if k != first), agg.draws

    try:
        ladder = lad.play(pairings, run, entrants)
    except KeyboardInterrupt:
        bars.done()
        print("interrupted: a ladder needs every pairing; nothing to report", file=sys.stderr)
        return EXIT_INTERRUPTED
    bars.done()
    print(render_ladder(ladder), file=out)
    if args.json:
        doc = {"scenario": scenario.name, "system": scenario.system, "kind": "combatants" if args.combatants is not None
               else "ais", "mirrored": bool(args.mirror), "base_seed": base, "runs_per_seating": args.runs,
               **ladder.as_dict()}
        failed = write_json(args.json, doc)
        if failed:
            return failed
    return EXIT_OK


def render_ladder(ladder: Any) -> str:
    from slugfest.core.batch.stats import wilson

    names = ladder.entrants
    w = max(10, *(len(n) for n in names))
    lines = ["", prose("ratings (Bradley-Terry on the Elo scale, mean 1500, with 95% intervals; score: points of "
                       "games, a draw half; half a draw added to every pairing keeps a clean sweep's rating finite):")]
    for i, r in enumerate(ladder.ratings(), 1):
        lines.append(f"  {i:2}. {r.name:{w}} {r.rating:6.0f}  ({r.low:.0f} to {r.high:.0f})   "
                     f"score {r.score:5.1%} of {r.games:,}")
    lines += ["", prose("matchups: the row's share (%) of decided battles against the column, with its 95% "
                        "interval; draws apart:")]
    cell = 13
    lines.append("  " + " " * w + "".join(f"{n[:cell - 1]:>{cell}}" for n in names) + f"{'draws':>8}")
    for a in names:
        cells = []
        draws = 0
        for b in names:
            if a == b:
                cells.append(f"{'·':>{cell}}")
                continue
            rec = ladder.record(a, b)
            draws += rec.draws
            if not rec.decided:
                cells.append(f"{'—':>{cell}}")
                continue
            lo, hi = wilson(rec.wins, rec.decided)
            cells.append(f"{100 * rec.wins / rec.decided:.0f} ({100 * lo:.0f}-{100 * hi:.0f})".rjust(cell))
        lines.append(f"  {a:{w}}" + "".join(cells) + f"{draws:>8,}")
    return "\n".join(lines)
