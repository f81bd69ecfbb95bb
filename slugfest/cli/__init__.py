"""The ``slugfest`` command: watch a battle, run batches, validate scenarios, list what is installed.

Exit codes: 0 success; 2 bad input (a usage error, an invalid scenario, an unknown
plugin); 3 a plugin failed and the user asked to stop on plugin errors; 130 interrupted;
70 an internal error (a bug: please report it with the command line and the seed).
The commands live beside this module: ``single.py`` (one battle or one file) and ``batch.py``
(many battles); ``common.py`` holds what they share.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import balance, batch, hdc, ladder, single, sweep, worth
from .common import EXIT_BAD_INPUT, handled, positive_int, version
from .stray_threads import end_despite_stray_threads
from .streams import kept_streams

__all__ = ["main", "build_parser", "positive_int"]

EPILOG = """\
examples:
  slugfest                                  open the app: pick a scenario, watch or play it
  slugfest play hero-duel                   open the app straight on a battle (or a save)
  slugfest battle hero-duel                 watch the bundled duel, as readable text
  slugfest battle hero-brawl --seed 7       a bundled scenario with other dice
  slugfest battle hero-brawl --brief | tail -1
                                            just the result line
  slugfest battle my.toml --log jsonl --out fight.jsonl
                                            a header, then one JSON object per event (docs/events.md)
  slugfest replay fight.jsonl               that log (or a save) as one HTML page to share
  slugfest battle hero-brawl --html brawl.html
                                            a battle and its replay page at once
  slugfest check scenarios/*.toml           validate files, every problem at once
  slugfest scenarios                        list the bundled scenarios
  slugfest plugins                          list AI behaviours, house rules, systems
  slugfest export hero-duel --out my.toml   a bundled scenario as a file to edit
  slugfest import hero.hdc villain.hdc      Hero Designer characters into a scenario, with a report
  slugfest simulate hero-brawl --runs 2000  win rates, damage, coverage over many battles
  slugfest sweep hero-duel --param ironclad.SPD --values 3,4,5,6
                                            win rate against a changed parameter
  slugfest worth hero-duel --combatant ironclad
                                            win rate bought per Character Point, change by change
  slugfest optimise hero-duel --combatant ironclad --budget 25
                                            the build that spends 25 more points best

SCENARIO is a path to a .toml file or the name of a bundled scenario.
The same scenario, seed and plugins always give the same battle, byte for byte.

exit codes:
  0   ok
  2   bad input: an invalid scenario (every problem is listed, as file:line: key: ...),
      a missing file, an unknown plugin, bad arguments, an --out file that cannot be written,
      a SLUGFEST_* setting out of range
  3   a plugin failed and you asked for --on-plugin-error stop, or a plugin would not stop
      (it ran past its time limit and caught the stop, or past SLUGFEST_BATTLE_DEADLINE);
      the log so far is kept
  70  internal error: a bug; please report it with the command line and the seed
"""



def build_parser() -> argparse.ArgumentParser:
    return _parser()[0]


def _parser() -> tuple[argparse.ArgumentParser, dict[str, Callable[[argparse.Namespace], int]]]:
    p = argparse.ArgumentParser(
        prog="slugfest",
        description="Superhero tabletop combats (HERO System 6th Edition, Marvel Multiverse RPG) that play "
                    "themselves out, rule by rule.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--scenarios", metavar="DIR", help="with no COMMAND: the app's picker also lists the .toml files in DIR")
    p.add_argument("--version", action="version", version=f"slugfest {version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    handlers: dict[str, Any] = {}
    handlers.update(single.add_parsers(sub))
    handlers.update(batch.add_parsers(sub))
    handlers.update(hdc.add_parsers(sub))
    handlers.update(ladder.add_parsers(sub))
    handlers.update(balance.add_parsers(sub))
    handlers.update(sweep.add_parsers(sub))
    handlers.update(worth.add_parsers(sub))
    return p, handlers


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser, handlers = _parser()
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2): argparse has printed why
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    code = handled(lambda: _dispatch(parser, handlers, args))
    if argv is None:  # the program itself: a plugin's thread cannot keep it from ending
        end_despite_stray_threads(code)
    return code


def _dispatch(parser: argparse.ArgumentParser, handlers: dict[str, Any], args: argparse.Namespace) -> int:
    if args.command is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            args = argparse.Namespace(command="play", scenario=None, seed=None, scenarios=args.scenarios)
        else:  # no terminal to draw the app in (a pipe, CI): show the default battle as text
            from slugfest.scenarios import DEFAULT

            print(f"(no terminal for the app: playing {DEFAULT} headless; `slugfest --help` for more)",
                  file=sys.stderr)
            args = parser.parse_args(["battle", DEFAULT])
    if args.command == "play":  # the app draws on the terminal itself
        return handlers[args.command](args)
    with kept_streams():  # a plugin that closes stdout cannot end the command (see streams.py)
        return handlers[args.command](args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
