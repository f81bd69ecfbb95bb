"""``slugfest balance``: the value of one parameter that makes a matchup even."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from slugfest.core.render.words import plural

from .common import (EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, JOBS_DEFAULT, SCENARIO_HELP, add_ai, add_force, ai_clash,
                     batch_inputs, played_data, positive_int, prose, report_stream, seed, write_json)
from .progress import Bars


def add_parsers(sub: Any) -> dict[str, Any]:
    p = sub.add_parser("balance", help="find the value of one parameter that makes the matchup even",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Search a range of whole values of one parameter for the one at which a side wins "
                                   "as often as it\nloses (or wins a target share of the decided battles). Every "
                                   "value runs the same seeds, so\nthe search compares like with like; it bisects, "
                                   "assuming the win rate rises or falls with the\nvalue. It reports the value, its "
                                   "rate with a 95% interval, where between two values the\nrate crosses the "
                                   "target, and how many battles the search used.",
                       epilog="PARAM is named as for `slugfest sweep` (COMBATANT.KEY or a dotted path).\n"
                              "examples:\n"
                              "  slugfest balance hero-duel --param ironclad.SPD --range 2..8\n"
                              "  slugfest balance hero-duel --param 'sparkwing.attacks.Lightning Bolt.dice' "
                              "--range 4d6..14d6\n"
                              "  slugfest balance marvel-seed --param spider-man.abilities.Agility --range 1..8 "
                              "--target 60% --side Heroes")
    p.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    p.add_argument("--param", required=True, metavar="PARAM", help="what to vary")
    p.add_argument("--range", required=True, metavar="LOW..HIGH", help="whole values to search, e.g. 2..8 or 6d6..14d6")
    p.add_argument("--target", default="50%", metavar="RATE",
                   help="the side's share of decided battles to reach (default 50%%: even)")
    p.add_argument("--side", metavar="NAME", help="whose rate (default: the side of the combatant PARAM names, "
                                                  "else the first side)")
    p.add_argument("--runs", type=positive_int, default=400, help="battles per value tried (default 400)")
    p.add_argument("--seed", type=seed, default=None, help="base seed, the same for every value (default: the scenario's)")
    p.add_argument("--jobs", type=positive_int, default=JOBS_DEFAULT, help=f"worker processes (default: all {JOBS_DEFAULT} cores)")
    p.add_argument("--json", metavar="FILE", help="also write the search as JSON (- for standard output)")
    add_ai(p)
    add_force(p)
    p.add_argument("--no-progress", action="store_true", help="no progress on stderr (bars on a terminal; otherwise a plain line every 5 s)")
    return {"balance": cmd_balance}


def _target(text: str) -> float | None:
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        return None
    return value if 0 < value < 1 else None


def cmd_balance(args: argparse.Namespace) -> int:

    from slugfest.core.batch.balance import BalanceError, parse_range, search
    from slugfest.core.errors import SlugfestError
    from slugfest.core.files.scenario import parse_scenario
    from slugfest.core.files.schema import did_you_mean
    from slugfest.core.batch.simulate import simulate
    from slugfest.core.batch.report import played_words
    from slugfest.core.batch.sweep import SweepError, set_parameter

    scenario = batch_inputs(args, args.json)
    if isinstance(scenario, int):
        return scenario
    clash = ai_clash(args, [args.param])
    if clash:
        print(clash, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        knob = parse_range(args.range)
    except BalanceError as exc:
        print(f"slugfest: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    target = _target(args.target)
    if target is None:
        print(f"slugfest: --target expects a share between 0 and 1, such as 50% or 0.6, got {args.target!r}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    sides = [s.name for s in scenario.sides]
    side = args.side
    if side is None:
        named = args.param.split(".", 1)[0]
        side = next((c.side for c in scenario.combatants if c.id == named), sides[0])
    elif side not in sides:
        match = next((s for s in sides if s.casefold() == side.casefold()), None)
        if match is None:
            print(f"slugfest: --side: no side {side!r}{did_you_mean(side, sides)} (sides: {', '.join(sides)})",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        side = match
    data = played_data(args)
    variants = {}
    for v in (knob.low, knob.high):  # a wrong parameter or value is said before any battle runs
        try:
            variants[v] = parse_scenario(set_parameter(data, args.param, knob.value(v)),
                                         f"{args.scenario} with {args.param} = {knob.value(v)!r}")
        except SweepError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        except SlugfestError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_BAD_INPUT
    base = scenario.seed if args.seed is None else args.seed
    out = report_stream(args.json)
    print(prose(f"{scenario.name}: bringing the share of decided battles {side} win to {target:.0%} by {args.param} "
                f"over {knob.value(knob.low)}..{knob.value(knob.high)}, {plural(args.runs, 'battle', grouped=True)} "
                f"per value (the same seeds), seed {base}{played_words(args.ai)}"), file=out)

    def measure(v: int) -> tuple[int, int, int]:
        variant = variants.get(v)
        if variant is None:
            variant = parse_scenario(set_parameter(data, args.param, knob.value(v)),
                                     f"{args.scenario} with {args.param} = {knob.value(v)!r}")
        bar = Bars([f"{args.param} = {knob.value(v)}"], [args.runs], not args.no_progress)
        try:
            agg, interrupted = simulate(variant, args.runs, base, args.jobs, bar)
        finally:
            bar.done()
        if interrupted:
            raise KeyboardInterrupt
        return agg.wins[side], sum(agg.wins.values()), agg.n

    def said(p: Any) -> None:
        lo, hi = p.interval
        rate = f"{p.rate:6.1%} ({lo:.1%}-{hi:.1%})" if p.rate is not None else "     — (every battle a draw)"
        print(f"  {args.param} = {str(knob.value(p.value)):>8}   {rate} of {p.decided:,} decided", file=out, flush=True)

    def legal(v: int) -> bool:
        try:
            parse_scenario(set_parameter(data, args.param, knob.value(v)), args.scenario)
        except SlugfestError:
            return False
        return True

    try:
        found = search(knob, target, measure, said, legal)
    except KeyboardInterrupt:
        print("interrupted: the search stopped before it found a value", file=sys.stderr)
        return EXIT_INTERRUPTED
    except SlugfestError as exc:  # a value inside the range the scenario refuses
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    best = found.best
    print("", file=out)
    if found.outside:
        print(prose(f"no value found: {found.outside}"), file=out)
    elif best is not None:
        lo, hi = best.interval
        verdict = ("the target lies within its 95% interval" if found.within
                   else "the target lies OUTSIDE its interval: the step of one is too coarse here, or raise --runs")
        print(prose(f"balanced at {args.param} = {knob.value(best.value)}: {side} {best.rate:.1%} "
                    f"({lo:.1%}-{hi:.1%}) of {best.decided:,} decided; {verdict}"), file=out)
        if found.crossing is not None:
            print(f"the rate crosses {target:.0%} near {found.crossing:.2f} (between the two values around it)", file=out)
    print(f"battles used: {found.battles:,} over {plural(len(found.probes), 'value')}", file=out)
    if args.json:
        doc = {"scenario": scenario.name, "ai": args.ai, "param": args.param, "side": side, "target": target, "base_seed": base,
               "runs_per_value": args.runs, "battles": found.battles, "found": not found.outside,
               "why_not": found.outside or None,
               "value": knob.value(best.value) if best is not None else None,
               "rate": round(best.rate, 4) if best is not None and best.rate is not None else None,
               "ci95": [round(x, 4) for x in best.interval] if best is not None else None,
               "target_within_interval": found.within, "crossing": round(found.crossing, 3) if found.crossing is not None else None,
               "probes": [{"value": knob.value(p.value), "wins": p.wins, "decided": p.decided, "battles": p.battles}
                          for p in found.probes]}
        failed = write_json(args.json, doc)
        if failed:
            return failed
    return EXIT_OK
