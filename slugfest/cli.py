"""The ``slugfest`` command: watch a battle, validate scenarios, list what is installed.

Exit codes: 0 success; 2 bad input (a usage error, an invalid scenario, an unknown
plugin); 3 a plugin failed and the user asked to stop on plugin errors; 70 an internal
error (a bug: please report it with the command line and the seed).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import os
import sys
import traceback
from typing import Sequence

from .core.words import plural

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_PLUGIN = 3
EXIT_INTERNAL = 70

EPILOG = """\
examples:
  slugfest                                  open the app: pick a scenario, watch or play it
  slugfest play hero-duel                   open the app straight on a battle (or a save)
  slugfest battle hero-duel                 watch the bundled duel, as readable text
  slugfest battle hero-brawl --seed 7       a bundled scenario with other dice
  slugfest battle hero-brawl --brief | tail -1
                                            just the result line
  slugfest battle my.toml --log jsonl --out fight.jsonl
                                            one JSON object per event, for tools
  slugfest check scenarios/*.toml           validate files, every problem at once
  slugfest scenarios                        list the bundled scenarios
  slugfest plugins                          list AI behaviours, house rules, systems
  slugfest export hero-duel --out my.toml   a bundled scenario as a file to edit
  slugfest simulate hero-brawl --runs 2000  win rates, damage, coverage over many battles
  slugfest sweep hero-duel --param ironclad.SPD --values 3,4,5,6
                                            win rate against a changed parameter

SCENARIO is a path to a .toml file or the name of a bundled scenario.
The same scenario, seed and plugins always give the same battle, byte for byte.

exit codes:
  0   ok
  2   bad input: an invalid scenario (every problem is listed, as file:line: key: ...),
      a missing file, an unknown plugin, bad arguments, an --out file that cannot be written
  3   a plugin failed and you asked for --on-plugin-error stop (the log so far is kept)
  70  internal error: a bug; please report it with the command line and the seed
"""


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {2**63 - 1}, got {value}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number from 1 to 10,000,000 (battles, processes)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 10_000_000:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to 10000000, got {value}")
    return value


_SCENARIO_HELP = "a .toml file or a bundled scenario name (`slugfest scenarios` lists them)"


def _version() -> str:
    try:
        return importlib.metadata.version("slugfest")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="slugfest",
        description="Superhero tabletop combats (HERO System 6th Edition, Marvel Multiverse RPG) that play "
                    "themselves out, rule by rule.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--scenarios", metavar="DIR", help="with no COMMAND: the app's picker also lists the .toml files in DIR")
    p.add_argument("--version", action="version", version=f"slugfest {_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    b = sub.add_parser("battle", help="play one battle headless and print its log",
                       description="Play one battle with every combatant driven by its AI, and print the log.",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="The text log shows who acts when (HERO: the Segment; Marvel: the round), every roll "
                              "with its target number\nand its modifiers, damage before and after defenses, and every "
                              "change of status.")
    b.add_argument("scenario", metavar="SCENARIO", help=_SCENARIO_HELP)
    b.add_argument("--seed", type=_seed, help="dice seed, 0 or more (default: the scenario's own seed)")
    b.add_argument("--log", choices=("text", "jsonl"), default="text", help="log format (default: text)")
    b.add_argument("--out", metavar="FILE", help="write the log to FILE (written whole, atomically; - for standard output, "
                                                 "the default)")
    b.add_argument("--brief", action="store_true", help="text log without CV chains and END spending")
    b.add_argument("--on-plugin-error", choices=("fallback", "stop"), default="fallback",
                   help="when a plugin fails: go on without it (default) or stop the battle, keeping the log")

    c = sub.add_parser("check", help="validate scenario files",
                       description="Validate scenario files and report every problem in each one "
                                   "(on stderr, as file:line: key.path: expected X, got Y). "
                                   "Exit code 0 when all are valid, 2 otherwise.")
    c.add_argument("scenarios", nargs="+", metavar="SCENARIO", help="one or more: " + _SCENARIO_HELP)

    sub.add_parser("scenarios", help="list the bundled scenarios",
                   description="List the bundled scenarios: name (usable wherever SCENARIO is asked), system, title.")
    sub.add_parser("plugins", help="list installed plugins (AI behaviours, house rules, rules systems)",
                   description="List every installed plugin: its name (what scenarios write in `ai` and "
                               "`house_rules`), kind, version, where it comes from, the hooks it implements "
                               "and what it does. SLUGFEST_PLUGINS / SLUGFEST_BLOCK_PLUGINS filter them.")

    pl = sub.add_parser("play", help="open the Textual app on a scenario (or a saved battle)",
                        formatter_class=argparse.RawDescriptionHelpFormatter,
                        description="Watch or play a battle in the terminal app: autoplay, step, step back, "
                                    "take control of combatants,\nsave and reload. Press ? in the app for its keys.",
                        epilog="examples:\n  slugfest play hero-duel\n  slugfest play my.toml --seed 3\n"
                               "  slugfest play saved-battle.toml        continue a saved battle\n"
                               "  slugfest --scenarios ./my-scenarios    the picker lists your files too")
    pl.add_argument("scenario", metavar="SCENARIO", nargs="?", help="a scenario, a bundled name, or a save file")
    pl.add_argument("--seed", type=_seed, default=None, help="dice seed (default: the scenario's own)")
    pl.add_argument("--scenarios", metavar="DIR", help="also list the .toml files in DIR in the picker")

    jobs_default = os.cpu_count() or 1
    m = sub.add_parser("simulate", help="run many AI-vs-AI battles and report statistics",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Run N independent battles of one scenario (battle i always uses the same seed, "
                                   "whatever --jobs is)\nand report win rates with 95% confidence intervals, battle "
                                   "length, damage, knockouts, hit rates\nand which actions and rules fired.",
                       epilog="examples:\n"
                              "  slugfest simulate hero-brawl --runs 1000\n"
                              "  slugfest simulate hero-duel --runs 5000 --seed 42 --json duel.json\n"
                              "  slugfest simulate hero-duel --runs 100 --play-by-play 17   the full log of battle 17\n"
                              "Ctrl-C stops early and reports the battles that finished.")
    m.add_argument("scenario", metavar="SCENARIO", help=_SCENARIO_HELP)
    m.add_argument("--runs", type=positive_int, default=1000, help="number of battles (default 1000)")
    m.add_argument("--seed", type=_seed, default=None, help="base seed (default: the scenario's seed)")
    m.add_argument("--jobs", type=positive_int, default=jobs_default,
                   help=f"worker processes (default: all {jobs_default} cores)")
    m.add_argument("--json", metavar="FILE", help="also write the full statistics as JSON (- for standard "
                                                  "output; the table then goes to standard error)")
    m.add_argument("--play-by-play", type=int, metavar="K", help="print battle K of the batch with its full log")
    m.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")

    w = sub.add_parser("sweep", help="vary one parameter and report the win rate for each value",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Run the same batch of battles for each value of one parameter. Every value "
                                   "uses the same dice\nstreams (common random numbers), so differences come "
                                   "from the change, not from luck.",
                       epilog="PARAM is COMBATANT.KEY (ironclad.SPD, sparkwing.attacks.Lightning Bolt.dice)\n"
                              "or a dotted path into the file (sides[0].combatants[0].characteristics.SPD).\n"
                              "examples:\n"
                              "  slugfest sweep hero-duel --param ironclad.SPD --values 3,4,5,6 --runs 500\n"
                              "  slugfest sweep hero-duel --param 'sparkwing.attacks.Lightning Bolt.dice' "
                              "--values 8d6,10d6,12d6\n"
                              "Ctrl-C stops early: the rows that finished are reported, the last one marked partial.")
    w.add_argument("scenario", metavar="SCENARIO", help=_SCENARIO_HELP)
    w.add_argument("--param", required=True, metavar="PARAM", help="what to vary (see below)")
    w.add_argument("--values", required=True, metavar="V1,V2,...", help="comma-separated values")
    w.add_argument("--runs", type=positive_int, default=500, help="battles per value (default 500)")
    w.add_argument("--seed", type=_seed, default=None, help="base seed, the same for every value (default: the scenario's)")
    w.add_argument("--jobs", type=positive_int, default=jobs_default, help=f"worker processes (default: all {jobs_default} cores)")
    w.add_argument("--json", metavar="FILE", help="also write the table as JSON (- for standard output; the "
                                                  "table then goes to standard error)")
    w.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")

    e = sub.add_parser("export", help="write a scenario back out as canonical TOML",
                       description="Load a scenario and write it back with tomli-w (a round trip check, or a starting point).")
    e.add_argument("scenario", metavar="SCENARIO", help=_SCENARIO_HELP)
    e.add_argument("--out", metavar="FILE", required=True, help="where to write it; - prints it instead")
    e.add_argument("--force", action="store_true", help="replace FILE if it already exists")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2): argparse has printed why
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    try:
        if args.command is None:
            if sys.stdin.isatty() and sys.stdout.isatty():
                args = argparse.Namespace(command="play", scenario=None, seed=None, scenarios=args.scenarios)
            else:  # no terminal to draw the app in (a pipe, CI): show the default battle as text
                from slugfest.scenarios import DEFAULT

                print(f"(no terminal for the app: playing {DEFAULT} headless; `slugfest --help` for more)",
                      file=sys.stderr)
                args = build_parser().parse_args(["battle", DEFAULT])
        handler = {"battle": cmd_battle, "check": cmd_check, "scenarios": cmd_scenarios,
                   "plugins": cmd_plugins, "export": cmd_export, "simulate": cmd_simulate,
                   "sweep": cmd_sweep, "play": cmd_play}[args.command]
        return handler(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`slugfest battle ... | head`): not an error. Point stdout at
        # /dev/null so the interpreter's final flush does not complain again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        return EXIT_OK
    except Exception:
        print("slugfest: internal error (a bug). Please report it with the command line:", file=sys.stderr)
        traceback.print_exc()
        return EXIT_INTERNAL


def _load(name: str):
    """(scenario, None) or (None, the message to print)."""
    from slugfest.core.errors import SlugfestError
    from slugfest.core.scenario import load_scenario
    from slugfest.core.schema import did_you_mean
    from slugfest.scenarios import bundled, find

    path = find(name)
    if path.exists() and path.suffix == ".toml":
        from slugfest.core.session import is_save_file

        if is_save_file(path):
            return None, (f"{name}: this is a saved battle, not a scenario; continue it with "
                          f"`slugfest play {name}`")
    if not path.exists() and path.suffix != ".toml" and "/" not in name and os.sep not in name:
        names = list(bundled())
        return None, (f"{name}: expected a .toml file or the name of a bundled scenario, got neither"
                      f"{did_you_mean(name, names)} (bundled: {', '.join(names)})")
    try:
        return load_scenario(path), None
    except SlugfestError as exc:
        return None, str(exc)


#: Output paths that mean a stream this process already has open: written to it, never reopened
#: (reopening ``/dev/stdout`` would truncate a file the shell opened for appending).
_STREAMS = {"-": "stdout", "/dev/stdout": "stdout", "/dev/fd/1": "stdout",
            "/dev/stderr": "stderr", "/dev/fd/2": "stderr"}


def _write_out(path: str, text: str) -> str | None:
    """Write an --out or --json file atomically (``-``: standard output); the reason it
    failed, or None."""
    from slugfest.core.scenario import write_text_atomic

    if path in _STREAMS:
        stream = getattr(sys, _STREAMS[path])
        stream.write(text)
        stream.flush()
        return None
    try:
        write_text_atomic(text, path)
    except OSError as exc:
        return f"slugfest: cannot write {path}: {exc.strerror or exc}"
    return None


def _report_stream(json_path: str | None):
    """Where a batch's table goes: standard error when the JSON takes standard output."""
    return sys.stderr if _STREAMS.get(json_path or "") == "stdout" else sys.stdout


def _unwritable(path: str | None) -> str | None:
    """Why an output file could not be written, checked before a long run rather than after
    it (the write itself can still fail, e.g. on a full disk); None if it looks writable.

    A plain file is replaced by renaming a new one into its folder, so the folder must be
    writable; anything else (a device, a pipe) is written in place, so it must be."""
    from slugfest.core.scenario import written_in_place

    if path is None or path in _STREAMS:
        return None
    real = os.path.realpath(path)
    folder = os.path.dirname(real)
    if os.path.isdir(real):
        return f"slugfest: cannot write {path}: it is a directory"
    if not os.path.isdir(folder):
        return f"slugfest: cannot write {path}: there is no directory {folder}"
    in_place = written_in_place(path)
    if not os.access(path if in_place else folder, os.W_OK):
        return f"slugfest: cannot write {path}: permission denied" + ("" if in_place else f" in {folder}")
    return None


def cmd_battle(args: argparse.Namespace) -> int:
    from slugfest.core.battle import Battle
    from slugfest.core.errors import PluginError, UnknownPlugin
    from slugfest.core.render import jsonl
    from slugfest.core.render.text import TextLog

    scenario, error = _load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        if "got neither" not in error:
            print(f"\n(`slugfest check {args.scenario}` validates a file; `slugfest scenarios` lists the bundled ones.)",
                  file=sys.stderr)
        return EXIT_BAD_INPUT
    unwritable = _unwritable(args.out)
    if unwritable:
        print(unwritable, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        battle = Battle(scenario, seed=args.seed, on_plugin_error=args.on_plugin_error)
    except (UnknownPlugin, PluginError) as exc:
        print(f"slugfest: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    buffer = io.StringIO() if args.out else None
    out = buffer if buffer is not None else sys.stdout
    if args.log == "jsonl":
        battle.listen(lambda e: (out.write(jsonl.dumps(e)), out.write("\n")))
    else:
        log = TextLog({c.id: c.name for c in scenario.combatants}, verbose=not args.brief)

        def show(e):
            line = log.line(e)
            if line is not None:
                out.write(line + "\n")

        battle.listen(show)
    outcome = battle.run()
    if buffer is not None:
        failed = _write_out(args.out, buffer.getvalue())
        if failed:
            print(failed, file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.out not in _STREAMS:
            print(f"{'Draw' if outcome.winner is None else outcome.winner + ' win'} ({outcome.reason}); "
                  f"log written to {args.out}", file=sys.stderr)
    return EXIT_PLUGIN if battle.halted else EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """The Textual app. A scenario is validated here first, so its problems print as text."""
    from slugfest.core.session import is_save_file
    from slugfest.scenarios import find

    if args.scenario is not None:
        path = find(args.scenario)
        if not (path.exists() and is_save_file(path)):
            _, error = _load(args.scenario)
            if error:
                print(error, file=sys.stderr)
                return EXIT_BAD_INPUT
        args.scenario = str(path)
    if args.scenarios is not None and not os.path.isdir(args.scenarios):
        print(f"slugfest: --scenarios expects a folder, got {args.scenarios!r}", file=sys.stderr)
        return EXIT_BAD_INPUT
    from slugfest.tui.app import run

    run(args.scenario, args.scenarios, args.seed)
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    bad = 0
    for name in args.scenarios:
        scenario, error = _load(name)
        if error:
            bad += 1
            print(error, file=sys.stderr)
        else:
            n = len(scenario.combatants)
            print(f"{name}: ok ({scenario.system}, {len(scenario.sides)} sides, {n} combatants, "
                  f"{scenario.map.width}x{scenario.map.height} map)")
    return EXIT_BAD_INPUT if bad else EXIT_OK


def cmd_scenarios(args: argparse.Namespace) -> int:
    from slugfest.scenarios import DEFAULT, bundled

    for name, path in bundled().items():
        scenario, error = _load(str(path))
        if error:
            print(f"{name:22} (invalid: see `slugfest check {name}`)")
            continue
        mark = "  (default)" if name == DEFAULT else ""
        print(f"{name:22} {scenario.system:7} {scenario.name}{mark}")
        if scenario.description:
            print(f"{'':30} {scenario.description}")
    return EXIT_OK


def cmd_plugins(args: argparse.Namespace) -> int:
    from slugfest.core.plugins import catalog

    rows = sorted(catalog().values(), key=lambda i: (i.kind, i.name))
    w = max([len("NAME")] + [len(i.name) for i in rows])
    src = max([len("FROM")] + [len(i.source) for i in rows])
    print(f"{'NAME':{w}}  {'KIND':10}  {'VERSION':8}  {'FROM':{src}}  HOOKS")
    for info in rows:
        hooks = ", ".join(h.removeprefix("slugfest_") for h in info.hooks)
        print(f"{info.name:{w}}  {info.kind:10}  {info.version:8}  {info.source:{src}}  {hooks}")
        if info.description:
            print(f"{'':{w}}  {info.description}")
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    import tomli_w

    from slugfest.core.scenario import dump_scenario

    scenario, error = _load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    text = tomli_w.dumps(dump_scenario(scenario))
    if args.out == "-":
        sys.stdout.write(text)
        return EXIT_OK
    if os.path.exists(args.out) and not args.force:
        print(f"slugfest: {args.out} already exists; add --force to replace it (or --out - to print)", file=sys.stderr)
        return EXIT_BAD_INPUT
    failed = _write_out(args.out, text)
    if failed:
        print(failed, file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"wrote {args.out}")
    return EXIT_OK




class _ProgressLine:
    """A one-line progress bar with rate and ETA on stderr (only when stderr is a terminal)."""

    def __init__(self, label: str, enabled: bool) -> None:
        import time

        from slugfest.core.simulate import Pace

        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.clock = time.monotonic
        self.pace = Pace(time.monotonic)
        self.last = 0.0

    def __call__(self, p) -> None:
        if not self.enabled:
            return
        rate, left = self.pace.update(p.done, p.total)
        now = self.clock()
        if now - self.last < 0.1 and p.done < p.total:
            return
        self.last = now
        width = 30
        filled = int(width * p.done / p.total) if p.total else width
        errors = f", {p.errors} failed" if p.errors else ""
        pace = (f"{rate:,.0f}/s ETA {int(left) // 60}:{int(left) % 60:02d}" if rate is not None and left is not None
                else "starting…" if p.done == 0 else "")
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {p.done}/{p.total} "
                         f"{pace}{errors}   ")
        sys.stderr.flush()

    def done(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


def cmd_simulate(args: argparse.Namespace) -> int:
    import json

    from slugfest.core.plugins import get_plugin_manager
    from slugfest.core.render.text import TextLog
    from slugfest.core.simulate import render_report, replay, simulate

    scenario, error = _load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    base = scenario.seed if args.seed is None else args.seed
    if args.play_by_play is not None:
        if args.json:
            print("slugfest: --play-by-play prints one battle's log and no statistics; "
                  "drop --json (or run the batch without --play-by-play)", file=sys.stderr)
            return EXIT_BAD_INPUT
        if not 0 <= args.play_by_play < args.runs:
            print(f"slugfest: --play-by-play expects a battle index from 0 to {args.runs - 1}", file=sys.stderr)
            return EXIT_BAD_INPUT
        b = replay(scenario, args.play_by_play, base)
        print(f"battle {args.play_by_play} of {args.runs} (seed {b.seed}: `slugfest battle {args.scenario} "
              f"--seed {b.seed}` plays it again)", file=sys.stderr)
        log = TextLog({c.id: c.name for c in scenario.combatants})
        for line in log.lines(b.events):
            print(line)
        return EXIT_OK
    unwritable = _unwritable(args.json)
    if unwritable:
        print(unwritable, file=sys.stderr)
        return EXIT_BAD_INPUT
    system = get_plugin_manager(house_rules=scenario.house_rules).systems()[scenario.system]
    bar = _ProgressLine(scenario.name, not args.no_progress)
    agg, interrupted = simulate(scenario, args.runs, base, args.jobs, bar)
    bar.done()
    summary = agg.as_dict(getattr(system, "catalogue", ()))
    summary.update({"scenario": scenario.name, "system": scenario.system, "base_seed": base,
                    "runs_requested": args.runs, "interrupted": interrupted})
    if interrupted and agg.n == 0:
        # Nothing finished: a table of zeros would read as results, so there is no report.
        print("interrupted before any battle finished: nothing to report"
              + (f", {args.json} not written" if args.json else ""), file=sys.stderr)
        return 130
    if interrupted:
        print(f"interrupted: reporting the {agg.n} battles that finished", file=sys.stderr)
    # With the JSON on standard output, the table goes to standard error: stdout stays parseable.
    print(render_report(summary, scenario), file=_report_stream(args.json))
    if args.json:
        problem = _write_out(args.json, json.dumps(summary, indent=2) + "\n")
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
    return 130 if interrupted else EXIT_OK


def cmd_sweep(args: argparse.Namespace) -> int:
    import json

    from slugfest.core.errors import SlugfestError
    from slugfest.core.scenario import parse_scenario
    from slugfest.core.simulate import simulate
    from slugfest.core.stats import wilson
    from slugfest.core.sweep import SweepError, parse_value, read_data, set_parameter
    from slugfest.scenarios import find

    scenario, error = _load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    unwritable = _unwritable(args.json)
    if unwritable:
        print(unwritable, file=sys.stderr)
        return EXIT_BAD_INPUT
    base = scenario.seed if args.seed is None else args.seed
    data = read_data(find(args.scenario))
    texts = [v.strip() for v in args.values.split(",")]
    if not any(texts) or "" in texts:
        print(f"slugfest: --values expects comma-separated values such as 3,4,5, got {args.values!r}"
              + (" (an empty value in it)" if any(texts) else ""), file=sys.stderr)
        return EXIT_BAD_INPUT
    values = [parse_value(t) for t in texts]
    variants = []
    failed = False
    for v in values:  # every value is checked before any battle runs
        try:
            variants.append(parse_scenario(set_parameter(data, args.param, v), f"{args.scenario} with {args.param} = {v!r}"))
        except SweepError as exc:  # the parameter itself is wrong: the same for every value
            print(str(exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        except SlugfestError as exc:
            print(str(exc), file=sys.stderr)
            failed = True
    if failed:
        return EXIT_BAD_INPUT
    table = _report_stream(args.json)
    sides = [s.name for s in scenario.sides]
    width = max([18, *(len(s) for s in sides)])
    print(f"{scenario.name}: {args.param} over {len(values)} values, {args.runs} battles each, seed {base}", file=table)
    print(f"{'value':>14}  " + "  ".join(f"{s:>{width}} (95% CI)   " for s in sides) + f"{'draws':>6}", file=table)
    rows = []
    interrupted = False
    for v, variant in zip(values, variants):
        bar = _ProgressLine(f"{args.param} = {v}", not args.no_progress)
        agg, interrupted = simulate(variant, args.runs, base, args.jobs, bar)
        bar.done()
        cells = []
        row = {"value": v, "battles": agg.n, "complete": not interrupted, "draws": agg.draws, "sides": {}}
        for s in sides:
            lo, hi = wilson(agg.wins[s], agg.n)
            rate = agg.wins[s] / agg.n if agg.n else 0
            cells.append(f"{rate:>{width}.1%} " + f"({lo:.0%}-{hi:.0%})".ljust(11))  # under "(95% CI)   " whatever its width
            row["sides"][s] = {"wins": agg.wins[s], "rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)]}
        rows.append(row)
        note = f"  (interrupted after {agg.n} battles)" if interrupted else ""
        print(f"{str(v):>14}  " + "  ".join(cells) + f"{agg.draws:>6}{note}", file=table)
        if interrupted:
            skipped = len(values) - len(rows)
            print("interrupted: the last row is partial"
                  + (f"; {plural(skipped, 'value')} not run" if skipped else ""),
                  file=sys.stderr)
            break
    if args.json:
        problem = _write_out(args.json, json.dumps({"scenario": scenario.name, "param": args.param,
                                                    "base_seed": base, "runs": args.runs, "interrupted": interrupted,
                                                    "rows": rows}, indent=2) + "\n")
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_BAD_INPUT
    return 130 if interrupted else EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
