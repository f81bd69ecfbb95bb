"""``slugfest import``: Hero Designer characters (``.hdc``) into scenario TOML, with a report of
what the battle models of each (see :mod:`slugfest.core.hero.hdc`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import EXIT_BAD_INPUT, EXIT_OK, add_force, input_path, load, seed, unwritable, write_out

DESCRIPTION = """\
Read Hero Designer character files (.hdc) and write a scenario with them in it.

Each file's characteristics, movement, defenses, Combat Skill Levels and attacks (Blast,
Hand-to-Hand Attack, Killing Attacks, NND and AVLD, with the advantages the engine models)
become a combatant. Everything else in the file is listed in the report, element by element:
imported (and into what), in part (and what was dropped) or ignored (and why).

Hero Designer's UTF-16 files and UTF-8 copies are both read. A 5th Edition character is
converted to 6th Edition values, each conversion a line of its report ("converted from 5th
Edition"): figured characteristics worked out from its primaries (PD = STR/5, SPD = 1 + DEX/10,
OCV = DEX/3...), inches as 2 m, Armor and Force Field as Resistant Protection, 5e costs for
Active Points. A 5e element with no defined conversion (a Cone, an Explosion) is listed by name.
"""

EPILOG = """\
examples:
  slugfest import hero.hdc villain.hdc          hero against villain, written to hero-vs-villain.toml
  slugfest import a.hdc b.hdc --against c.hdc   a and b on one side, c on the other
  slugfest import new.hdc --into hero-brawl --side Vanguard --out brawl2.toml
                                                add a character to a side of a scenario
  slugfest import hero.hdc villain.hdc --strict refuse unless everything that changes a fight imported
  slugfest import hero.hdc villain.hdc --out - --json report.json
                                                the scenario on standard output, the report as JSON

Then: slugfest check FILE, slugfest battle FILE, or slugfest play FILE.
"""


def add_parsers(sub: Any) -> dict[str, Any]:
    p = sub.add_parser("import", help="turn Hero Designer .hdc characters into a scenario",
                       description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("characters", nargs="+", metavar="CHARACTER.hdc",
                   help="Hero Designer files; with no --against or --into, each is on a side of its own")
    p.add_argument("--against", nargs="+", metavar="CHARACTER.hdc", default=[],
                   help="the other side: CHARACTERs on one side, these on the other")
    p.add_argument("--into", metavar="SCENARIO", help="add the characters to this HERO scenario instead of a new one")
    p.add_argument("--side", metavar="NAME", help="with --into: the side they join (its name, in any case)")
    p.add_argument("--new-side", action="store_true", help="with --into: make --side NAME a new side if there is none")
    p.add_argument("--out", metavar="FILE",
                   help="where to write the scenario (- for standard output); default: the characters' names "
                        "joined with -vs-, in this folder (needed with --into, which never rewrites its scenario)")
    add_force(p)
    p.add_argument("--strict", action="store_true",
                   help="write nothing if anything that changes a fight (a characteristic, movement, a defense, an "
                        "attack, Combat Skill Levels, a framework slot) was ignored or imported only in part")
    p.add_argument("--json", metavar="FILE", help="also write the reports as JSON to FILE (- for standard output)")
    p.add_argument("--quiet", action="store_true", help="print only the summary line of each report")
    p.add_argument("--seed", type=seed, default=1, help=f"the new scenario's seed, from 0 to {2**63 - 1} (default 1)")
    return {"import": cmd_import}


def _inputs(args: argparse.Namespace) -> list[str]:
    """The files this import reads (none of them is ever written over)."""
    return [*args.characters, *args.against, *([input_path(args.into)] if args.into else [])]


def cmd_import(args: argparse.Namespace) -> int:
    from slugfest.core.errors import SlugfestError
    from slugfest.core.hero.hdc import HdcError, import_file
    from slugfest.core.hero.hdc.scenario import add_to, new_scenario, scenario_text

    problem = _arguments_problem(args)
    if problem:
        return _usage(problem)
    scenario, side = None, ""
    if args.into:
        scenario, error = load(args.into)
        if error:
            print(error, file=sys.stderr)
            return EXIT_BAD_INPUT
        chosen = _side(scenario, args.side, args.new_side)
        if chosen is None:
            names = ", ".join(repr(s.name) for s in scenario.sides)
            return _usage(f"{args.into} has no side {args.side!r}; its sides are {names} "
                          f"(add --new-side to make {args.side!r} a side of its own)")
        side = chosen
    imported, failed = [], False
    for path in [*args.characters, *args.against]:
        try:
            imported.append(import_file(path))
        except HdcError as exc:
            print(f"slugfest: {exc}", file=sys.stderr)
            failed = True
    if failed:
        print("slugfest: nothing written", file=sys.stderr)
        return EXIT_BAD_INPUT
    if scenario is not None:
        try:
            data = add_to(scenario, side, imported)
        except ValueError as exc:
            print(f"slugfest: {args.into}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    else:
        n = len(args.characters)
        data = new_scenario([imported[:n], imported[n:]] if args.against else [[m] for m in imported], seed=args.seed)
    reports_to = sys.stderr if "-" in (args.out, args.json) else sys.stdout
    for m in imported:
        print(m.report.text() if not args.quiet else f"{m.name} ({m.report.file}): {m.report.summary()}",
              file=reports_to)
        print(file=reports_to)
    if args.json:
        failed_json = unwritable(args.json, force=args.force, inputs=_inputs(args)) or write_out(
            args.json, json.dumps([m.report.as_json() for m in imported], indent=2) + "\n")
        if failed_json:
            print(failed_json, file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.strict:
        bad = [(m, e) for m in imported for e in m.report.strict_failures()]
        if bad:
            for m, e in bad:
                print(f"slugfest: {m.report.file}: {e.label}: {e.status}" + (f" ({e.gap})" if e.gap else ""),
                      file=sys.stderr)
            print(f"slugfest: --strict: {len(bad)} elements that change a fight were not imported whole; "
                  f"no scenario written", file=sys.stderr)
            return EXIT_BAD_INPUT
    out = args.out or _default_out(imported, len(args.characters) if args.against else None)
    try:
        text = scenario_text(data, imported, out)
    except SlugfestError as exc:  # the importer wrote something the loader refuses: a bug, not the user's
        print(f"slugfest: internal error: the imported scenario does not validate; please report it with the "
              f".hdc files:\n{exc}", file=sys.stderr)
        return 70
    failed_out = unwritable(out, force=args.force, inputs=_inputs(args)) or write_out(out, text)
    if failed_out:
        print(failed_out, file=sys.stderr)
        return EXIT_BAD_INPUT
    if out != "-":
        names = ", ".join(m.name for m in imported)
        campaign = data.get("rules", {}).get("campaign", "superheroic")
        print(f"wrote {out} ({names}; {campaign} rules); try: slugfest battle {out}", file=reports_to)
    return EXIT_OK


def _arguments_problem(args: argparse.Namespace) -> str:
    """What is wrong with the options together (checked before any file is read), or ""."""
    if args.into and args.against:
        return "--against makes a new scenario; --into adds to an existing one: give one of them"
    if (args.side or args.new_side) and not args.into:
        return "--side goes with --into (a new scenario names its sides after the characters)"
    if args.into and not args.side:
        return "--into needs --side NAME: the side the characters join"
    if args.into and not args.out:
        return ("--into needs --out FILE (it never rewrites the scenario you gave, whose comments would be "
                "lost); --out - prints it")
    if args.out == "-" and args.json == "-":
        return "--out - and --json - would both go to standard output; write one of them to a file"
    if not args.into:
        sides = 2 if args.against else len(args.characters)
        if sides < 2:
            return "a new scenario needs two sides: give two characters, or --against, or --into"
        if sides > 8:
            return (f"a scenario has at most 8 sides, got {sides} characters each on their own; use --against "
                    f"to make two teams")
    return ""


def _side(scenario: Any, wanted: str, new: bool) -> str | None:
    """The side ``wanted`` names (its case need not match), itself with --new-side, else None."""
    for s in scenario.sides:
        if s.name.casefold() == wanted.casefold():
            return s.name
    return wanted if new else None


def _default_out(imported: list[Any], split: int | None) -> str:
    from slugfest.core.hero.hdc.importer import slug

    def team(members: list[Any]) -> str:
        return "-and-".join(slug(m.name) for m in members)

    if split is not None:
        stem = f"{team(imported[:split])}-vs-{team(imported[split:])}"
    else:
        stem = "-vs-".join(slug(m.name) for m in imported)
    return f"{stem[:80]}.toml"


def _usage(message: str) -> int:
    print(f"slugfest import: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
