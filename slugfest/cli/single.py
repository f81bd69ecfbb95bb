"""The commands about one battle or one file: ``battle``, ``play``, ``check``, ``scenarios``,
``plugins`` and ``export``."""

from __future__ import annotations

import argparse
import io
import os
import sys
from typing import TYPE_CHECKING, Any

from .common import (EXIT_BAD_INPUT, EXIT_OK, EXIT_PLUGIN, SCENARIO_HELP, STREAMS, add_ai, add_force, ai_line, handled, input_path,
                     load, played_by, seed, unwritable, write_out)

if TYPE_CHECKING:  # the commands import the engine when they run, so that --help starts at once
    from slugfest.core.engine.events import Event


def add_parsers(sub: Any) -> dict[str, Any]:
    """The subcommands of this module, each with its handler (the names main dispatches on)."""
    b = sub.add_parser("battle", help="play one battle headless and print its log",
                       description="Play one battle with every combatant driven by its AI, and print the log.",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="The text log shows who acts when (HERO: the Segment; Marvel: the round), every roll "
                              "with its target number\nand its modifiers, damage before and after defenses, and every "
                              "change of status.")
    b.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    b.add_argument("--seed", type=seed, help="dice seed, 0 or more (default: the scenario's own seed)")
    b.add_argument("--log", choices=("text", "jsonl"), default="text", help="log format (default: text)")
    b.add_argument("--out", metavar="FILE", help="write the log to FILE (written whole, atomically; - for standard output, "
                                                 "the default)")
    b.add_argument("--brief", action="store_true", help="text log without CV chains and END spending")
    b.add_argument("--html", metavar="FILE", help="also write the battle as a replay page (one self-contained HTML "
                                                 "file: open it in any browser; see `slugfest replay --help`)")
    b.add_argument("--on-plugin-error", choices=("fallback", "stop"), default="fallback",
                   help="when a plugin fails: go on without it (default) or stop the battle, keeping the log")
    add_ai(b)
    add_force(b)

    c = sub.add_parser("check", help="validate scenario files",
                       description="Validate scenario files and report every problem in each one "
                                   "(on stderr, as file:line: key.path: expected X, got Y), then warns of "
                                   "what is legal but likely a mistake (file:line: key.path: warning: ..., "
                                   "e.g. an NND against a special defense no combatant has, with the "
                                   "nearest name). Exit code 0 when all are valid (warnings or not), 2 otherwise.")
    c.add_argument("scenarios", nargs="+", metavar="SCENARIO", help="one or more: " + SCENARIO_HELP)
    c.add_argument("--costs", action="store_true",
                   help="also price each valid file's sheets: HERO in Character Points (characteristics above "
                        "their 6e base, defenses, movement, each power's Real Points), Marvel in rank-equivalents "
                        "(a rank buys 5 ability points and 4 powers)")

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
    pl.add_argument("--seed", type=seed, default=None, help="dice seed (default: the scenario's own)")
    pl.add_argument("--scenarios", metavar="DIR", help="also list the .toml files in DIR in the picker")

    r = sub.add_parser("replay", help="turn a save or a JSONL log into an HTML replay page",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Write a battle as one self-contained HTML page that opens from disk in any "
                                   "browser (no server,\nno network): the map with everyone moving, the Speed "
                                   "Chart or the initiative order, each\ncombatant's pools over the battle, and "
                                   "the log in the terminal's words, each roll's full\nmodifier chain a click "
                                   "away; step, play, or jump to a Turn or round.",
                       epilog="examples:\n"
                              "  slugfest battle hero-brawl --seed 7 --html brawl.html      straight from a battle\n"
                              "  slugfest battle hero-duel --log jsonl --out duel.jsonl\n"
                              "  slugfest replay duel.jsonl                                 writes duel.html\n"
                              "  slugfest replay my-save.toml --out save.html --play-out    a save, played to its end\n"
                              "\nA JSONL log starts with its header (the scene and who played it); the log's "
                              "shape is\ndocs/events.md. In the app, press h to write the battle so far to the "
                              "data folder.")
    r.add_argument("source", metavar="FILE", help="a save file (.toml, from the app) or a JSONL log (battle --log jsonl)")
    r.add_argument("--out", metavar="FILE", help="the HTML file to write (default: FILE with .html in place of its "
                                                 "suffix)")
    r.add_argument("--play-out", action="store_true", help="a save: let the AIs play the battle to its end first "
                                                          "(default: as far as it was saved)")
    add_force(r)

    e = sub.add_parser("export", help="write a scenario back out as canonical TOML",
                       description="Load a scenario and write it back with tomli-w (a round trip check, or a starting point).")
    e.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    e.add_argument("--out", metavar="FILE", required=True, help="where to write it; - prints it instead")
    add_force(e)
    return {"battle": cmd_battle, "check": cmd_check, "scenarios": cmd_scenarios, "plugins": cmd_plugins,
            "play": cmd_play, "export": cmd_export, "replay": cmd_replay}


def cmd_battle(args: argparse.Namespace) -> int:
    from slugfest.core.engine.battle import Battle
    from slugfest.core.errors import PluginError, UnknownPlugin
    from slugfest.core.engine.isolation import can_isolate, run_in_child
    from slugfest.core.settings import battle_deadline
    from slugfest.core.render.text import TextLog

    scenario, error = load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        if "got neither" not in error:
            print(f"\n(`slugfest check {args.scenario}` validates a file; `slugfest scenarios` lists the bundled ones.)",
                  file=sys.stderr)
        return EXIT_BAD_INPUT
    scenario = played_by(args, scenario)
    if isinstance(scenario, int):
        return scenario
    problem = (unwritable(args.out, force=args.force, inputs=(input_path(args.scenario),))
               or unwritable(args.html, force=args.force, inputs=(input_path(args.scenario),)))
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        battle = Battle(scenario, seed=args.seed, on_plugin_error=args.on_plugin_error)
    except (UnknownPlugin, PluginError) as exc:
        print(f"slugfest: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    buffer = io.StringIO() if args.out else None
    out = buffer if buffer is not None else sys.stdout
    if args.log != "jsonl":
        log = TextLog({c.id: c.name for c in scenario.combatants}, verbose=not args.brief)
        played = f"\n{ai_line(args)}" if ai_line(args) else ""  # (the JSONL header names the plugins already)

        def show(e):
            line = log.line(e)
            if line is not None:
                out.write(line + (played if e.kind == "battle_started" else "") + "\n")

        battle.listen(show)
    untrusted = battle.host.untrusted()
    if untrusted and can_isolate():
        # Third-party code: play where it can be killed, so one that will not stop cannot hang us.
        names = ", ".join(repr(n) for n in untrusted)
        return run_in_child(lambda: handled(lambda: _finish(battle, args, buffer)), battle_deadline(),
                            f"the battle (with plugins {names})")
    return _finish(battle, args, buffer)


def _finish(battle: Any, args: argparse.Namespace, buffer: io.StringIO | None) -> int:
    """Play the battle out and write its log (and replay) where they were asked for; the exit code."""
    from slugfest.core.render import jsonl
    from slugfest.core.render.replay_input import battle_replay, started_header

    opening = started_header(battle)  # starts the battle: its first events reach the text log's listener
    if args.log == "jsonl":
        out = buffer if buffer is not None else sys.stdout
        # the header first (the scene as it starts, which starting the battle sets), then every event
        out.write(jsonl.dumps_header(opening) + "\n")
        for event in battle.events:
            out.write(jsonl.dumps(event) + "\n")

        def write(event: Event) -> None:
            out.write(jsonl.dumps(event) + "\n")
        battle.listen(write)
    outcome = battle.run()
    if args.html:
        from slugfest.core.render.html import page

        failed = write_out(args.html, page(battle_replay(battle, opening)))
        if failed:
            print(failed, file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"replay written to {args.html}", file=sys.stderr)
    if buffer is not None:
        failed = write_out(args.out, buffer.getvalue())
        if failed:
            print(failed, file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.out not in STREAMS:
            print(f"{'Draw' if outcome.winner is None else outcome.winner + ' win'} ({outcome.reason}); "
                  f"log written to {args.out}", file=sys.stderr)
    return EXIT_PLUGIN if battle.halted else EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """The Textual app. A scenario is validated here first, so its problems print as text."""
    from slugfest.core.engine.session import is_save_file
    from slugfest.scenarios import find

    if args.scenario is not None:
        path = find(args.scenario)
        if not (path.exists() and is_save_file(path)):
            _, error = load(args.scenario)
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
        scenario, error = load(name)
        if error:
            bad += 1
            print(error, file=sys.stderr)
        else:
            n = len(scenario.combatants)
            print(f"{name}: ok ({scenario.system}, {len(scenario.sides)} sides, {n} combatants, "
                  f"{scenario.map.width}x{scenario.map.height} map)")
            for line in warnings_of(name, scenario):
                print(line, file=sys.stderr)
            if getattr(args, "costs", False):
                from .costs import cost_lines

                for line in cost_lines(scenario):
                    print(line)
    return EXIT_BAD_INPUT if bad else EXIT_OK


def warnings_of(name: str, scenario: Any) -> list[str]:
    """The rules system's warnings about a valid scenario (mistakes no schema can refuse, such as
    a misspelt special defense), as ``file:line: key: warning: ...`` lines."""
    from slugfest.core.files.locate import KeyLines
    from slugfest.core.engine.plugins import rules_systems
    from slugfest.scenarios import find

    system = rules_systems().get(scenario.system)
    found = getattr(system, "warnings", None)
    items = found(scenario) if callable(found) else []
    if not items:
        return []
    path = find(name)
    lines = KeyLines(path.read_text(encoding="utf-8"))
    out = []
    for key, message in items:
        line = lines.locate(key)
        out.append(f"{path}:{line}: {key}: warning: {message}" if line else f"{path}: {key}: warning: {message}")
    return out


def cmd_scenarios(args: argparse.Namespace) -> int:
    from slugfest.scenarios import DEFAULT, bundled

    for name, path in bundled().items():
        scenario, error = load(str(path))
        if error:
            print(f"{name:22} (invalid: see `slugfest check {name}`)")
            continue
        mark = "  (default)" if name == DEFAULT else ""
        print(f"{name:22} {scenario.system:7} {scenario.name}{mark}")
        if scenario.description:
            print(f"{'':30} {scenario.description}")
    return EXIT_OK


def cmd_plugins(args: argparse.Namespace) -> int:
    from slugfest.core.engine.catalog import catalog

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
    from slugfest.core.files.atomic import toml_text
    from slugfest.core.files.scenario import dump_scenario

    scenario, error = load(args.scenario)
    if error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    text = toml_text(dump_scenario(scenario))
    if args.out == "-":
        sys.stdout.write(text)
        return EXIT_OK
    failed = unwritable(args.out, force=args.force, inputs=(input_path(args.scenario),)) or write_out(args.out, text)
    if failed:
        print(failed, file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"wrote {args.out}")
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    """A save or a JSONL log as an HTML replay page."""
    from slugfest.core.render.html import page
    from slugfest.core.render.replay import ReplayInputError
    from slugfest.core.render.replay_input import replay_from_file

    target = args.out or str(os.path.splitext(args.source)[0] + ".html")
    if os.path.abspath(target) == os.path.abspath(args.source):
        print(f"slugfest: --out {target} would replace the file read from; name another", file=sys.stderr)
        return EXIT_BAD_INPUT
    problem = unwritable(target, force=args.force, inputs=(args.source,))
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        data = replay_from_file(args.source, play_out=args.play_out)
    except ReplayInputError as exc:
        print(f"slugfest: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    text = page(data)
    failed = write_out(target, text)
    if failed:
        print(failed, file=sys.stderr)
        return EXIT_BAD_INPUT
    steps = len(data["steps"])
    print(f"wrote {target} ({len(text.encode()) // 1024:,} KB, {steps:,} steps, {len(data['turns'])} "
          f"{'Turns' if data['header']['system'] == 'hero' else 'rounds'}): open it in a browser")
    return EXIT_OK
