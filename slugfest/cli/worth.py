"""``slugfest worth`` and ``slugfest optimise``: what spending on one character buys in wins."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Any

from slugfest.core.render.words import plural, possessive

from .common import (EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, JOBS_DEFAULT, SCENARIO_HELP, add_force, batch_inputs,
                     played_data, positive_int, prose, report_stream, seed, write_json)
from .progress import Bars

DEFAULT_AI = "tactician"
AI_HELP = ("the AI that plays every combatant on every side (default: tactician). A price depends on how "
           "well both sides play, so one AI plays them all and every report names it. The tactician is "
           "the default because it plays well at the speed a price table needs; the planner plays better in HERO "
           "but costs about 20 times the CPU per decision (the README has the figures)")


#: The first round's battles per change, and the most a change plays as a multiple of them.
RUNS = 200
MAX_RUNS_TIMES = 10


def add_parsers(sub: Any) -> dict[str, Any]:
    w = sub.add_parser("worth", help="what each change to a character is worth, in win rate per point",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Price a menu of changes to one combatant (HERO: +1 SPD, +3 DEX, +5 PD, +1d6 on "
                                   "each attack...;\nMarvel: +1 on each ability, a level more of a levelled power) by "
                                   "the win rate each buys\nits side per Character Point (HERO) or per "
                                   "rank-equivalent (Marvel: a rank buys 5 ability\npoints and 4 powers, so an ability "
                                   "point is 1/5 of a rank, a power level 1/4). Every change\nplays the same battles "
                                   "as the unchanged sheet (common random numbers), so each gain\ncomes with a paired "
                                   "95% interval; the table is sorted by value, best first, and says\nwhether the "
                                   "intervals part its top third from its bottom third. After a first round\n(--runs "
                                   "each), later rounds go only to the changes whose intervals still reach\nacross the "
                                   "line between the thirds (up to --max-runs each), so the battles go where\nthe "
                                   "table is still in doubt. A change's price is the difference of the sheet's\nprice "
                                   "before and after (`slugfest check --costs`).\n"
                                   "A win rate is the side's share of all the battles (a draw is not a win).",
                       epilog="examples:\n"
                              "  slugfest worth hero-duel --combatant ironclad\n"
                              "  slugfest worth hero-brawl --combatant sunflare --max-runs 1000 --plot\n"
                              "  slugfest worth hero-duel --combatant sparkwing --changes '+1 SPD,+3 DEX,+1d6 Lightning Bolt'\n"
                              "  slugfest worth marvel-seed --combatant shang-chi --ai default\n"
                              "Ctrl-C stops early and reports the battles every change finished (they run side by side).")
    _common(w)
    w.add_argument("--changes", metavar="LABEL,...", help="only these changes of the menu (as the table labels "
                                                          "them); default: all of them")
    w.add_argument("--runs", type=positive_int, default=RUNS,
                   help=f"battles per change in the first round (default {RUNS}); later rounds play half as many "
                        "each, only for the changes whose intervals still reach across the line between the top "
                        "and bottom thirds")
    w.add_argument("--max-runs", type=positive_int, default=None, metavar="N",
                   help=f"the most battles any change plays (default {MAX_RUNS_TIMES} x --runs); --max-runs equal to "
                        "--runs plays every change the same battles and no more")
    w.add_argument("--plot", action="store_true", help="also draw each change's worth and interval")
    w.add_argument("--json", metavar="FILE", help="also write the table as JSON (- for standard output)")
    add_force(w)

    o = sub.add_parser("optimise", aliases=["optimize"], help="the best way to spend a budget of points on a character",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Search the ways to spend BUDGET more points on one combatant for the build that "
                                   "wins most\nagainst the scenario's foes. First every step of the `slugfest worth` "
                                   "menu is screened\n(--screen-runs battles each); the best steps are combined into every "
                                   "build that spends the\nbudget (within the scenario's limits and any --cap), and "
                                   "the builds are raced on common\nrandom numbers, the worse half dropped each round "
                                   "while the battles double. The winner is\ngiven with its paired interval against "
                                   "the runner-up and against the unchanged sheet,\nthen fought head to head against "
                                   "the unchanged sheet (a mirrored one-on-one, both\nseatings): it beats the sheet "
                                   "when the lower end of its 95% interval is above 50%.",
                       epilog="examples:\n"
                              "  slugfest optimise hero-duel --combatant ironclad --budget 25\n"
                              "  slugfest optimise hero-duel --combatant sparkwing --budget 30 --cap SPD=7 --cap DEX=26\n"
                              "  slugfest optimise marvel-seed --combatant she-hulk --budget 1   (one rank-equivalent)")
    _common(o)
    o.add_argument("--budget", required=True, type=_budget, metavar="N",
                   help="points to spend: Character Points (HERO) or rank-equivalents (Marvel)")
    o.add_argument("--cap", action="append", default=[], metavar="NAME=N",
                   help="a campaign limit the build may not pass, e.g. SPD=6 or Melee=7 (repeatable; a value the "
                        "sheet already has above it may stay). A scenario states no campaign limits of its own, so "
                        "they are given here; what its loader refuses (SPD above 12, an ability past its rank's cap, "
                        "a power past its top level) no build passes either, and the doubling cap is a rule of play "
                        "the battles already apply")
    o.add_argument("--steps", type=positive_int, default=6, help="how many of the screened steps to combine "
                                                                "(the best by worth; default 6)")
    o.add_argument("--screen-runs", type=positive_int, default=100, help="battles per step in the screen (default 100)")
    o.add_argument("--race-runs", type=positive_int, default=25,
                   help="battles per build in the race's first round (doubled each round; default 25)")
    o.add_argument("--candidates", type=positive_int, default=32, help="the most builds to race (default 32)")
    o.add_argument("--duel-runs", type=positive_int, default=400,
                   help="battles of the winner against the unchanged sheet, head to head (default 400)")
    o.add_argument("--json", metavar="FILE", help="also write the search and its result as JSON (- for standard output)")
    add_force(o)
    return {"worth": cmd_worth, "optimise": cmd_optimise, "optimize": cmd_optimise}


def _common(p: Any) -> None:
    p.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    p.add_argument("--combatant", required=True, metavar="ID", help="whose sheet to change (its id in the scenario)")
    p.add_argument("--ai", default=DEFAULT_AI, metavar="NAME", help=AI_HELP)
    p.add_argument("--seed", type=seed, default=None, help="base seed (default: the scenario's)")
    p.add_argument("--jobs", type=positive_int, default=JOBS_DEFAULT, help=f"worker processes (default: all {JOBS_DEFAULT} cores)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run the battles on a Dask cluster (a scheduler's tcp://HOST:PORT, or local / local:N for N "
                        "worker processes here; needs pip install 'slugfest[cluster]'): the same table as a local run")
    p.add_argument("--no-progress", action="store_true", help="no progress on stderr (bars on a terminal; otherwise a plain line every 5 s)")


def _budget(text: str) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"expected a number of points such as 25 (or 1/2 for Marvel), got {text!r}")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected more than 0 points, got {text!r}")
    return value


def _setup(args: argparse.Namespace, *outputs: str | None) -> tuple[Any, dict[str, Any], str] | int:
    """The scenario with every combatant played by ``--ai``, its data, and the combatant's side;
    or the exit code after saying what is wrong (before any battle runs)."""
    from slugfest.core.files.schema import did_you_mean
    from slugfest.core.batch.sweep import SweepError

    scenario = batch_inputs(args, *outputs)  # played by --ai (a NAME no AI answers to is refused there)
    if isinstance(scenario, int):
        return scenario
    ids = [c.id for c in scenario.combatants]
    if args.combatant not in ids:
        print(f"slugfest: --combatant: no combatant {args.combatant!r} in {args.scenario}"
              f"{did_you_mean(args.combatant, ids)} (combatants: {', '.join(ids)})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        data = played_data(args)  # what the changes are made to
    except SweepError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    return scenario, data, scenario.combatant(args.combatant).side


def _chosen(menu: list[Any], wanted: str | None) -> list[Any] | str:
    from slugfest.core.files.schema import did_you_mean

    if not wanted:
        return menu
    labels = {c.label.casefold(): c for c in menu}
    out = []
    for text in (t.strip() for t in wanted.split(",")):
        if text.casefold() not in labels:
            names = [c.label for c in menu]
            return f"slugfest: --changes: no change {text!r}{did_you_mean(text, names)} (the menu: {', '.join(names)})"
        out.append(labels[text.casefold()])
    return list(dict.fromkeys(out))


class Runner:
    """Where a command's battles run: here in ``--jobs`` processes, or on the ``--cluster`` (one
    connection for the whole command, opened before its first battle and closed after its last).
    Either way each battle has the seed it has in the batch, so the tables are the same."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.jobs = args.jobs
        self.address = args.cluster
        self.progress = not args.no_progress
        self.client: Any = None
        self.cluster: Any = None
        self.lost = 0  # spans of battles the cluster could not run

    def __enter__(self) -> "Runner":
        return self

    def connect(self) -> Any:
        """The cluster's client (connected once the inputs are checked, before the report's
        first line, so a bad input is said first and a bad address before any report), or None
        to run here."""
        if self.address is not None and self.client is None:
            from slugfest.core.batch.cluster import connect

            self.client, self.cluster = connect(self.address)
        return self.client

    def __exit__(self, *exc: Any) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def measure(self, variants: list[Any], runs: int, base: int, side: str, labels: list[str],
                first: int = 0) -> tuple[list[list[int | None]], bool]:
        """Play battles ``first`` .. ``first + runs - 1`` of every variant (the same seeds for
        all), with a bar each; each variant's 0/1 series of "``side`` won" by battle, and whether
        Ctrl-C stopped it."""
        from slugfest.core.batch.simulate import simulate_many
        from slugfest.core.batch.stats import BattleTally

        client = self.connect()
        bars = Bars(labels, [runs] * len(variants), self.progress)
        try:
            if client is not None:
                from slugfest.core.batch.cluster import wins_on_cluster

                series, interrupted, lost = wins_on_cluster(variants, runs, base, side, client, first=first,
                                                            on_progress=bars)
                self.lost += lost
                return series, interrupted
            series = [[None] * runs for _ in variants]

            def seen(v: int, result: Any) -> None:
                if isinstance(result, BattleTally):
                    series[v][result.index - first] = int(result.winner == side)

            _, interrupted = simulate_many(variants, runs, base, self.jobs, bars, first=first, on_battle=seen)
            return series, interrupted
        finally:
            bars.done()

    def fight(self, scenario: Any, runs: int, base: int, first: int, on_progress: Any) -> tuple[list[Any], bool]:
        """Battles ``first`` .. ``first + runs - 1`` of ``scenario``, as aggregates, and whether
        Ctrl-C stopped them."""
        client = self.connect()
        if client is not None:
            from slugfest.core.batch.cluster import simulate_on_cluster

            ran = simulate_on_cluster(scenario, runs, base, "", first=first, on_progress=on_progress, client=client)
            self.lost += ran.lost_spans
            return [ran.aggregate], ran.interrupted
        from slugfest.core.batch.simulate import simulate_many

        return simulate_many([scenario], runs, base, self.jobs, on_progress, first=first)

    def say_lost(self, out: Any) -> None:
        if self.lost:
            print(f"{plural(self.lost, 'span')} of battles could not be run on the cluster: their battles are left out "
                  "of every pair (each row's pairs say how many it kept)", file=out)


def cmd_worth(args: argparse.Namespace) -> int:

    from slugfest.core.batch.worth import make_variant, menu_for

    got = _setup(args, args.json)
    if isinstance(got, int):
        return got
    scenario, data, side = got
    menu = _chosen(menu_for(scenario, args.combatant), args.changes)
    if isinstance(menu, str):
        print(menu, file=sys.stderr)
        return EXIT_BAD_INPUT
    variants: list[Any] = []
    refused: list[Any] = []
    for change in menu:
        v = make_variant(data, scenario, args.combatant, {change: 1}, file=args.scenario)
        (variants if v.scenario is not None and v.price > 0 else refused).append(v)
    if not variants:
        print(f"slugfest: no change on the menu can be made to {args.combatant}: "
              + "; ".join(f"{v.label}: {v.refused or 'costs nothing'}" for v in refused), file=sys.stderr)
        return EXIT_BAD_INPUT
    with Runner(args) as runner:
        runner.connect()
        return _price_table(args, runner, scenario, side, variants, refused)


def _price_table(args: argparse.Namespace, runner: Runner, scenario: Any, side: str, variants: list[Any],
                 refused: list[Any]) -> int:
    """The price table of ``variants`` (one change each), its rounds played by ``runner``."""
    from slugfest.core.batch.worth import UNITS, allocate, rows_of, thirds_separated

    unit = UNITS[scenario.system]
    base = scenario.seed if args.seed is None else args.seed
    most = max(args.runs, args.max_runs if args.max_runs is not None else MAX_RUNS_TIMES * args.runs)
    name = scenario.combatant(args.combatant).name
    block = max(1, args.runs // 2)
    out = report_stream(args.json)
    later = (f"; then, while the thirds do not part, {plural(block, 'battle', grouped=True)} more a round for the changes "
             f"whose intervals reach across the line between them, up to {most:,} a change" if most > args.runs else "")
    print(prose(f"{scenario.name}: what each change to {name} ({side}) is worth, in {possessive(side)} win rate per "
                f"{_unit_words(unit)}; every combatant played by the {args.ai} AI; "
                f"{plural(args.runs, 'battle', grouped=True)} per change and for the unchanged sheet{later}; the same "
                f"seeds for all, the unchanged sheet on every battle a change plays (base seed {base})"), file=out)
    labels = [v.label for v in variants]
    scenarios = [scenario] + [v.scenario for v in variants]

    def play(keys: list[int], start: int, count: int) -> tuple[list[list[int | None]], bool]:
        return runner.measure([scenarios[k] for k in keys], count, base, side,
                              [(labels[k - 1] if k else "as it is") for k in keys], start)

    done = allocate(labels, [v.price for v in variants], args.runs, most, block, play)
    series, interrupted = done.series, done.interrupted
    rows = rows_of(labels, [v.price for v in variants], series)
    played = [x for x in series[0] if x is not None]
    base_rate = sum(played) / len(played) if played else 0.0
    for line in worth_table(rows, unit, side, base_rate):
        print(line, file=out)
    parted, third = thirds_separated(rows)
    battles = done.battles
    if third:
        print("", file=out)
        why = "" if parted else (f": raise --max-runs to tell them apart (the changes across the line have "
                                 f"{most:,} battles)" if not interrupted else "")
        print(prose(f"the intervals {'PART' if parted else 'do NOT part'} the top third ({third} changes) from the "
                    f"bottom third{why}"), file=out)
    for v in refused:
        print(f"not priced: {v.label}: {v.refused or 'it costs nothing'}", file=out)
    if args.plot:
        print("\n" + "\n".join(worth_plot(rows, unit)), file=out)
    runner.say_lost(out)
    print(prose(f"battles used: {battles:,} ({_rounds_words(done.rounds)}); AI: {args.ai}"), file=out)
    if interrupted:
        print("interrupted: stopped before the last round's battles were all played; each row's gain is read from "
              "the battles both it and the unchanged sheet finished (its pairs)", file=out)
        print("interrupted: the rows stopped early (see their pairs)", file=sys.stderr)
    if args.json:
        doc = {"scenario": scenario.name, "combatant": args.combatant, "side": side, "ai": args.ai, "unit": unit,
               "base_seed": base, "runs": args.runs, "max_runs": most, "battles": battles,
               "rounds": [{"changes": n, "first": s, "battles_each": c} for n, s, c in done.rounds],
               "baseline_rate": round(base_rate, 4), "thirds_parted": parted, "interrupted": interrupted,
               "rows": [_row_json(w) for w in rows],
               "refused": [{"change": v.label, "why": v.refused or "costs nothing"} for v in refused]}
        failed = write_json(args.json, doc)
        if failed:
            return failed
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def _rounds_words(rounds: list[tuple[int, int, int]]) -> str:
    """The rounds of a sequential table in a line: the first in full, then how many changes
    played each later one (each with the unchanged sheet beside them)."""
    n, first, count = rounds[0]
    words = f"{plural(n, 'change')} and the unchanged sheet on battles {first:,}-{first + count - 1:,}"
    if len(rounds) > 1:
        runs: list[list[int]] = []  # [changes, rounds in a row with that many]
        for r in rounds[1:]:
            if runs and runs[-1][0] == r[0]:
                runs[-1][1] += 1
            else:
                runs.append([r[0], 1])
        words += (f"; then {plural(len(rounds) - 1, 'round')} more, up to battle {rounds[-1][1] + rounds[-1][2] - 1:,}: "
                  + ", ".join(f"{times} for {plural(n, 'change')}" for n, times in runs))
    return words


def _unit_words(unit: str) -> str:
    return "Character Point" if unit == "CP" else "rank-equivalent"


def _price(p: Fraction) -> str:
    return f"{int(p)}" if p.denominator == 1 else f"{float(p):.2f}"


def _row_json(w: Any) -> dict[str, Any]:
    lo, hi = w.per_unit_interval
    return {"change": w.label, "price": float(w.price), "win_rate": round(w.rate, 4), "gain": round(w.gain, 4),
            "gain_ci95": [round(w.gain_low, 4), round(w.gain_high, 4)], "per_unit": round(w.per_unit, 5),
            "per_unit_ci95": [round(lo, 5), round(hi, 5)], "paired_battles": w.pairs}


def worth_table(rows: list[Any], unit: str, side: str, base_rate: float) -> list[str]:
    """The price table: one row per change, best value first."""
    from slugfest.core.batch.report import Table

    head = ("change", unit, f"{side} wins", "gain (paired 95% CI)", f"per {unit} (95% CI)", "pairs")
    body = [("(as it is)", "0", f"{base_rate:.1%}", "", "", "")]
    for w in rows:
        lo, hi = w.per_unit_interval
        body.append((w.label, _price(w.price), f"{w.rate:.1%}", f"{w.gain:+.1%} ({w.gain_low:+.1%} to {w.gain_high:+.1%})",
                     f"{w.per_unit:+.2%} ({lo:+.2%} to {hi:+.2%})", f"{w.pairs:,}"))
    return Table("", head, tuple(body), tuple(str(i) for i in range(len(body))), 1).lines()


def worth_plot(rows: list[Any], unit: str, width: int = 48) -> list[str]:
    """Each change's worth per unit as a dot on its 95% interval, around a zero line: a picture
    of which intervals overlap, best first (plain characters, so a file or a pipe keeps it)."""
    lows = [w.per_unit_interval[0] for w in rows] + [0.0]
    highs = [w.per_unit_interval[1] for w in rows] + [0.0]
    lo, hi = min(lows), max(highs)
    span = (hi - lo) or 1.0

    def col(x: float) -> int:
        return max(0, min(width - 1, round((x - lo) / span * (width - 1))))

    name_w = max(len(w.label) for w in rows)
    lines = [f"{'':{name_w}}  win rate per {unit}: {lo:+.2%} .. {hi:+.2%}  (| is no gain)"]
    for w in rows:
        cells = [" "] * width
        a, b = (col(x) for x in w.per_unit_interval)
        for i in range(a, b + 1):
            cells[i] = "-"
        cells[col(0.0)] = "|"
        cells[col(w.per_unit)] = "o"
        lines.append(f"{w.label:{name_w}}  {''.join(cells)}")
    return lines


def _caps(texts: list[str]) -> dict[str, int] | str:
    caps = {}
    for text in texts:
        name, eq, value = text.partition("=")
        if not eq or not name.strip() or not value.strip().lstrip("-").isdigit():
            return f"slugfest: --cap expects NAME=N, such as SPD=6 or Melee=7, got {text!r}"
        caps[name.strip()] = int(value)
    return caps


def cmd_optimise(args: argparse.Namespace) -> int:
    with Runner(args) as runner:
        return _optimise(args, runner)


def _optimise(args: argparse.Namespace, runner: Runner) -> int:

    from slugfest.core.batch.optimise import builds, estimate, head_to_head, race
    from slugfest.core.batch.stats import wilson
    from slugfest.core.batch.worth import (UNITS, cap_names, describe, make_variant, menu_for, paired, ranked,
                                           worth_of)
    from slugfest.core.errors import SlugfestError
    from slugfest.core.files.scenario import parse_scenario
    from slugfest.core.files.schema import did_you_mean

    caps = _caps(args.cap)
    if isinstance(caps, str):
        print(caps, file=sys.stderr)
        return EXIT_BAD_INPUT
    got = _setup(args, args.json)
    if isinstance(got, int):
        return got
    scenario, data, side = got
    unit = UNITS[scenario.system]
    cid = args.combatant
    name = scenario.combatant(cid).name
    known = cap_names(scenario.combatant(cid).sheet)
    for cap in caps:
        if cap not in known:
            print(f"slugfest: --cap {cap}: {possessive(name)} sheet has no such value{did_you_mean(cap, known)} "
                  f"(it has {', '.join(known)})", file=sys.stderr)
            return EXIT_BAD_INPUT
    base = scenario.seed if args.seed is None else args.seed
    runner.connect()
    out = report_stream(args.json)
    progress = not args.no_progress
    budget = args.budget
    print(prose(f"{scenario.name}: the best way to spend {_price(budget)} {unit} more on {name} ({side}) against the "
                f"scenario's foes; every combatant played by the {args.ai} AI; base seed {base}"), file=out)

    # 1. the screen: every step on its own
    steps = []
    refused = []
    for change in menu_for(scenario, cid):
        v = make_variant(data, scenario, cid, {change: 1}, caps, args.scenario)
        if v.scenario is None or v.price <= 0 or v.price > budget:
            refused.append((change.label, v.refused or ("costs nothing" if v.price <= 0 else "costs more than the budget")))
        else:
            steps.append(v)
    if not steps:
        print(f"slugfest: no step fits a budget of {_price(budget)} {unit}: "
              + "; ".join(f"{label}: {why}" for label, why in refused), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"\n1. screen: {plural(len(steps), 'step')} on {plural(args.screen_runs, 'battle')} each (battles "
          f"0-{args.screen_runs - 1})", file=out)
    series, stopped = runner.measure([scenario] + [v.scenario for v in steps], args.screen_runs, base, side,
                                     ["as it is"] + [v.label for v in steps])
    if stopped:
        print("interrupted: stopped in the screen", file=sys.stderr)
        return EXIT_INTERRUPTED
    screened = ranked([worth_of(v.label, v.price, series[i + 1], series[0]) for i, v in enumerate(steps)])
    by_label = {v.label: v for v in steps}
    kept = [w for w in screened if w.gain > 0][:args.steps] or screened[:1]
    for w in screened:
        mark = "kept" if w in kept else "    "
        print(f"   {mark} {w.label:<24} {_price(w.price):>5} {unit}  {w.per_unit:+.2%} per {unit}", file=out)
    for label, why in refused:
        print(f"   not a step: {label}: {why}", file=out)
    gains = {by_label[w.label].build[0][0]: w.gain for w in kept}
    unit_steps = [(by_label[w.label].build[0][0], w.price) for w in kept]

    # 2. the race
    options = builds(unit_steps, budget)
    options.sort(key=lambda b: (-estimate(b, gains), describe(b)))
    variants: list[Any] = []
    for b in options:
        if len(variants) >= args.candidates:
            break
        v = make_variant(data, scenario, cid, b, caps, args.scenario)
        if v.scenario is not None and v.price <= budget:
            variants.append(v)
    if not variants:
        print("slugfest: no build of the kept steps is allowed (see the steps above)", file=sys.stderr)
        return EXIT_BAD_INPUT
    first = args.screen_runs
    print(f"\n2. race: {plural(len(variants), 'build')} of the kept steps (of {len(options):,} that spend the budget), "
          f"from battle {first} on, the worse half out each round", file=out)

    def play(keys: list[int], start: int, count: int) -> tuple[list[list[int | None]], bool]:
        return runner.measure([variants[k].scenario for k in keys], count, base, side,
                              [variants[k].label for k in keys], first=first + start)

    r = race(len(variants), args.race_runs, play)
    for n, battles in r.rounds:
        print(f"   {plural(n, 'build'):>10} to battle {first + battles - 1}", file=out)
    standing = r.standing()
    for e in standing[:8]:
        v = variants[e.key]
        left = "still in" if e.out_in is None else f"out in round {e.out_in + 1}"
        print(f"   {e.rate:6.1%} of {sum(x is not None for x in e.series):>4}  {_price(v.price):>5} {unit}  "
              f"{v.label}  ({left})", file=out)
    if len(standing) > 8:
        print(f"   ... and {len(standing) - 8} more", file=out)
    if r.interrupted:
        print("interrupted: stopped in the race", file=sys.stderr)
        return EXIT_INTERRUPTED
    win = standing[0]
    winner = variants[win.key]
    n_last = len(win.series)
    control, stopped = runner.measure([scenario], n_last, base, side, ["as it is"], first=first)
    if stopped:
        print("interrupted: stopped measuring the unchanged sheet", file=sys.stderr)
        return EXIT_INTERRUPTED

    # 3. the verdict
    print(f"\n3. the winner: {winner.label} ({_price(winner.price)} {unit})", file=out)
    doc: dict[str, Any] = {"scenario": scenario.name, "combatant": cid, "side": side, "ai": args.ai, "unit": unit,
                           "budget": float(budget), "base_seed": base, "caps": caps,
                           "screen": [_row_json(w) for w in screened], "kept": [w.label for w in kept],
                           "builds_spending_budget": len(options), "raced": len(variants),
                           "rounds": [{"builds": n, "battles_each": b} for n, b in r.rounds],
                           "winner": {"build": winner.label, "price": float(winner.price), "win_rate": round(win.rate, 4)}}
    if len(standing) > 1:
        second = standing[1]
        d, lo, hi, pairs = paired(win.series, second.series)
        print(f"   against the runner-up ({variants[second.key].label}): {d:+.1%} ({lo:+.1%} to {hi:+.1%}, paired, "
              f"{pairs} battles){'' if lo > 0 else ': not told apart; either is as good on these battles'}", file=out)
        doc["runner_up"] = {"build": variants[second.key].label, "difference": round(d, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    d, lo, hi, pairs = paired(win.series, control[0])
    played = [x for x in control[0] if x is not None]
    print(f"   against the foes: {side} win {win.rate:.1%} with it, {sum(played) / max(1, len(played)):.1%} as it is: "
          f"{d:+.1%} ({lo:+.1%} to {hi:+.1%}, paired, {pairs} battles)", file=out)
    doc["vs_unchanged"] = {"difference": round(d, 4), "ci95": [round(lo, 4), round(hi, 4)], "battles": pairs}
    try:
        one, other, build_side = head_to_head(data, scenario, cid, dict(winner.build))
        duel = [parse_scenario(one, f"{args.scenario}: {name} with {winner.label} against the unchanged sheet"),
                parse_scenario(other, f"{args.scenario}: the same, seated the other way")]
    except (SlugfestError, ValueError) as exc:
        print(f"   head to head: cannot be set up ({exc})", file=out)
        duel = []
    wins = decided = duels = 0
    if duel:
        half = max(1, args.duel_runs // 2)
        from slugfest.core.batch.pace import Progress

        bars = Bars(["head to head", "seated the other way"], [half, half], progress)

        def seating(k: int) -> Any:
            """Seating ``k``'s progress as the two bars read it."""
            return lambda p: bars(Progress(k * half + p.done, 2 * half, p.errors,
                                           tuple(half if j < k else p.done if j == k else 0 for j in range(2)),
                                           p.under_way))

        # Each seating fights battles of its own (seeds half..2*half-1 for the second): on a
        # mirrored map the same seed seated the other way is the same battle mirrored, and
        # counting it twice would claim twice the sample there is (issue 34's fairness finding).
        aggs: list[Any] = []
        try:
            for k, seated in enumerate(duel):
                fought, stopped = runner.fight(seated, half, base, k * half, seating(k))
                aggs.extend(fought)
                if stopped:
                    break
        finally:
            bars.done()
        for agg in aggs:
            wins += agg.wins.get(build_side, 0)
            decided += sum(agg.wins.values())
            duels += agg.n
        lo, hi = wilson(wins, decided)
        beats = decided > 0 and lo > 0.5
        print(prose(f"   head to head against the unchanged sheet (one on one, mirrored map, both seatings): "
                    f"{wins / max(1, decided):.1%} ({lo:.1%}-{hi:.1%}) of {decided} decided of {duels} battles: "
                    + ("it BEATS the original sheet (the interval's lower end is above 50%)" if beats else
                       "it does NOT beat the original sheet surely (the interval reaches 50%)")), file=out)
        doc["head_to_head"] = {"wins": wins, "decided": decided, "battles": duels, "rate": round(wins / max(1, decided), 4),
                               "ci95": [round(lo, 4), round(hi, 4)], "beats_original": beats}
    runner.say_lost(out)
    total = sum(1 for s in series for x in s if x is not None) + r.battles + len(played) + duels
    print(f"\nbattles used: {total:,} (screen {sum(1 for s in series for x in s if x is not None):,}, race {r.battles:,}, "
          f"unchanged sheet {len(played):,}, head to head {duels:,}); AI: {args.ai}", file=out)
    doc["battles"] = total
    if args.json:
        failed = write_json(args.json, doc)
        if failed:
            return failed
    return EXIT_OK
