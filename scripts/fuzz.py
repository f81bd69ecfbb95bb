"""The reliability campaign (on demand): hostile files, extreme sheets and faulty plugins.

    .venv/bin/python scripts/fuzz.py                       # the full campaign, a few minutes
    .venv/bin/python scripts/fuzz.py --scenarios 500 --saves 100 --extreme 200   # a quick look
    .venv/bin/python scripts/fuzz.py --replay extreme:1234  # one case again, with its traceback
    .venv/bin/python scripts/fuzz.py --surfaces-only        # merge parts, .hdc, data folders, arguments,
                                                            # and the cases issue 36 found (--known)

Each case is seeded (case i of a kind uses seed BASE+i), so a finding replays alone. Counts go to
standard output; a finding is listed with the seed that replays it, and the exit code is 1 when
there is any. The generators are in core/testing/: fuzzing.py (scenarios, saves), extremes.py
(sheets), faults.py (plugins) and surfaces/ (a module per surface: merge parts, .hdc files, edge
arguments to every command, hostile preferences and data folders, which this script plays in the
app itself, and the known cases: each input or plugin issue 36 found crashing or hanging a
command, made again with random variations and judged strictly);
tests/test_fuzz.py runs a short slice.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from slugfest.cli import positive_int
from slugfest.core.testing import extremes, faults, surfaces
from slugfest.core.testing import fuzzing as fz

KINDS = ("scenario", "save", "extreme", "merge", "hdc", "data-folder", "argument", "known")
#: The kinds of core/testing/surfaces/, each case in a folder of its own (see _surface_cases).
SURFACE_KINDS = ("merge", "hdc", "data-folder", "argument", "known")
#: Kinds whose summary counts the cases per sub-kind (the verdict's ``kind``) beside their outcomes.
PER_SUB_KIND = ("extreme", "argument", "known")
#: The real Hero Designer files (never in the repository): mutated beside the synthetic one when present.
HDC_FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "hdc"


def _cases(kind: str, start: int, stop: int, base: int) -> list[tuple[int, fz.Verdict]]:
    """Cases ``start`` to ``stop`` of ``kind`` (a worker's share)."""
    out = []
    if kind in SURFACE_KINDS:
        return _surface_cases(kind, start, stop, base)
    if kind == "save":
        with tempfile.TemporaryDirectory(prefix="slugfest-fuzz-") as folder:
            saves = fz.base_saves(folder)
            for i in range(start, stop):
                out.append((base + i, fz.save_case(random.Random(base + i), saves, folder)))
        return out
    bases = fz.base_scenarios() if kind == "scenario" else None
    for i in range(start, stop):
        rng = random.Random(base + i)
        out.append((base + i, fz.scenario_case(rng, bases) if kind == "scenario" else extremes.extreme_case(rng)))
    return out


def _surface_cases(kind: str, start: int, stop: int, base: int) -> list[tuple[int, fz.Verdict]]:
    """Cases of the surfaces added after the first campaigns (core/testing/surfaces/), each in
    a folder of its own that is also the working directory (a relative path stays in it)."""
    out = []
    home = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="slugfest-fuzz-") as folder:
        os.chdir(folder)
        try:
            if kind == "merge":
                parts = surfaces.base_parts(folder)
            elif kind == "hdc":
                bases = surfaces.base_hdc_files(HDC_FIXTURES)
            elif kind == "argument":
                surfaces.prepare_arguments(folder)
            elif kind == "known":
                bench = surfaces.prepare_bench(folder)
            for i in range(start, stop):
                rng = random.Random(base + i)
                if kind == "merge":
                    v = surfaces.merge_case(rng, parts, folder)
                elif kind == "hdc":
                    v = surfaces.hdc_case(rng, bases, folder)
                elif kind == "argument":  # the command is the seed's, as --replay argument:SEED takes it
                    v = surfaces.argument_case(rng, folder, surfaces.COMMANDS[(base + i) % len(surfaces.COMMANDS)])
                elif kind == "known":  # the case is the seed's: --replay known:SEED plays it again
                    v = surfaces.known_case(rng, bench, surfaces.KNOWN_CASES[(base + i) % len(surfaces.KNOWN_CASES)])
                else:
                    v = data_folder_case(rng, folder)
                out.append((base + i, v))
        finally:
            os.chdir(home)
    return out


def data_folder_case(rng: random.Random, folder: str) -> fz.Verdict:
    """The app started with a hostile data folder or preferences file (SLUGFEST_DATA_DIR): it
    must start, save with ctrl+s (or say why it cannot), list the recent saves with ctrl+o and
    quit, with a note where something could not be used, never a crash or a hang."""
    import asyncio  # imported here: only this kind plays the app

    from slugfest.tui.app import make_app

    kind, value = surfaces.hostile_data_folder(rng, folder)
    os.environ["SLUGFEST_DATA_DIR"] = value

    async def play() -> tuple[int, BaseException | None]:
        app = make_app("hero-duel", seed=rng.randrange(1000))
        async with app.run_test(size=(100, 32)) as pilot:
            for keys in (("right",), ("ctrl+s",), ("enter",), ("ctrl+o",), ("escape",)):
                await app.workers.wait_for_complete()
                await pilot.press(*keys)
                await pilot.pause()
            await app.workers.wait_for_complete()
        return app.return_code or 0, getattr(app, "_exception", None)

    def run() -> tuple[str, str]:
        code, error = asyncio.run(play())
        if error is not None or code not in (0, None):
            return "internal", f"{kind}: the app ended with {type(error).__name__ if error else code}: {error}"[:300]
        return "accepted", ""

    try:
        verdict = fz._timed("data-folder", run)
    finally:
        os.environ.pop("SLUGFEST_DATA_DIR", None)
    return verdict if not verdict.problem else fz.Verdict(verdict.kind, verdict.outcome, f"{kind}: {verdict.problem}",
                                                          verdict.seconds)


def run_kind(kind: str, count: int, base: int, jobs: int
             ) -> tuple[collections.Counter, list[str], float, tuple[float, str]]:
    """(outcomes, findings, seconds, the slowest case's seconds and kind) of ``count`` cases of ``kind``."""
    started = time.monotonic()
    slowest = (0.0, "")
    outcomes: collections.Counter = collections.Counter()
    findings: list[str] = []
    step = max(1, min(250, -(-count // (jobs * 4))))
    spans = [(s, min(s + step, count)) for s in range(0, count, step)]
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(_cases, [kind] * len(spans), [a for a, _ in spans], [b for _, b in spans],
                             [base] * len(spans)):
            for seed, v in part:
                outcomes[v.kind if kind in PER_SUB_KIND else v.outcome] += 1
                if kind in PER_SUB_KIND:
                    outcomes[v.outcome] += 1
                slowest = max(slowest, (v.seconds, v.kind))
                if v.problem:
                    findings.append(f"{kind}:{seed}: {v.problem}")
            done += len(part)
            print(f"\r  {kind}: {done}/{count}", end="", file=sys.stderr, flush=True)
    print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    return outcomes, findings, time.monotonic() - started, slowest


def run_faults() -> tuple[int, list[str], float]:
    started = time.monotonic()
    findings = []
    n = 0
    for fault in faults.FAULTS:
        for system in ("hero", "marvel"):
            v = faults.fault_case(fault, system)
            n += 1
            if v.problem:
                findings.append(f"{v.kind}: {v.problem}")
            print(f"\r  faulty plugins: {n}/{2 * len(faults.FAULTS)}", end="", file=sys.stderr, flush=True)
    print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    return n, findings, time.monotonic() - started


def time_check() -> tuple[float, int, int]:
    """Seconds ``slugfest check`` takes on a file of about 1 MB full of mistakes."""
    from slugfest import cli

    text = fz.mistakes_text()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mistakes.toml"
        path.write_text(text)
        err = io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            cli.main(["check", str(path)])
        seconds = time.perf_counter() - started
    first = err.getvalue().split("\n", 1)[0]
    problems = int(first.split(": ", 1)[1].split(" ", 1)[0]) if ": " in first else 0
    return seconds, len(text.encode()), problems


def replay(what: str) -> int:
    kind, _, seed_text = what.partition(":")
    if kind not in (*KINDS, "fault") or not seed_text:
        print(f"fuzz.py: --replay expects KIND:SEED with KIND one of {', '.join(KINDS)} (or fault:NAME), got {what!r}",
              file=sys.stderr)
        return 2
    fz.HANG_SECONDS = float("inf")
    if kind == "fault":
        for fault in faults.FAULTS:
            if fault.name == seed_text:
                for system in ("hero", "marvel"):
                    print(faults.fault_case(fault, system))
                return 0
        print(f"fuzz.py: no fault named {seed_text!r}", file=sys.stderr)
        return 2
    seed = int(seed_text)
    if kind in SURFACE_KINDS:
        if kind == "argument":  # the command is the one case SEED of the campaign ran
            rng_case = random.Random(seed)
            folder = tempfile.mkdtemp(prefix="slugfest-fuzz-")
            surfaces.prepare_arguments(folder)
            print(surfaces.argument_case(rng_case, folder, surfaces.COMMANDS[seed % len(surfaces.COMMANDS)]))
        else:
            print(_surface_cases(kind, 0, 1, seed)[0][1])
        return 0
    rng = random.Random(seed)
    if kind == "scenario":
        name, text = rng.choice(fz.base_scenarios())
        raw = fz.mutate_text(text, rng)
        print(f"mutated {name}:\n{raw.decode('utf-8', 'replace')}\n")
        print(fz.scenario_case(random.Random(seed)))
    elif kind == "save":
        with tempfile.TemporaryDirectory() as folder:
            print(fz.save_case(rng, fz.base_saves(folder), folder))
    else:
        print(extremes.extreme_case(rng))
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scenarios", type=int, default=10_000, help="mutated scenario files (default 10000)")
    p.add_argument("--saves", type=int, default=600, help="corrupted saves (default 600)")
    p.add_argument("--extreme", type=int, default=3_000, help="battles of extreme legal sheets (default 3000)")
    p.add_argument("--merges", type=int, default=1_000, help="merges with mutated batch parts (default 1000)")
    p.add_argument("--hdc", type=int, default=1_500, help="imports of mutated .hdc files (default 1500)")
    p.add_argument("--data-folders", type=int, default=110,
                   help="app runs with hostile preferences or data folders (default 110)")
    p.add_argument("--arguments", type=int, default=110,
                   help=f"edge arguments per command, for each of the {len(surfaces.COMMANDS)} commands (default 110)")
    p.add_argument("--known", type=int, default=20,
                   help=f"each of the {len(surfaces.KNOWN_CASES)} cases issue 36 found crashing or hanging a command, "
                        "made again this many times with random variations (default 20)")
    p.add_argument("--surfaces-only", action="store_true",
                   help="only the merge parts, .hdc files, data folders, arguments and known cases (no scenarios, "
                        "saves, extreme battles or faulty plugins)")
    p.add_argument("--no-faults", action="store_true", help="skip the faulty plugins")
    p.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    cores = os.cpu_count() or 1
    p.add_argument("--jobs", type=positive_int, default=cores, help=f"worker processes (default: all {cores} cores)")
    p.add_argument("--replay", metavar="KIND:SEED", help="run one case again (as listed among the findings)")
    args = p.parse_args()
    if args.replay:
        return replay(args.replay)
    print(f"Slugfest reliability campaign (base seed {args.seed}, {args.jobs} processes)")
    findings: list[str] = []
    if args.surfaces_only:
        args.scenarios = args.saves = args.extreme = 0
        args.no_faults = True
    for kind, count, label in (("scenario", args.scenarios, "mutated scenarios"), ("save", args.saves, "corrupted saves"),
                               ("extreme", args.extreme, "extreme battles"), ("merge", args.merges, "mutated merge parts"),
                               ("hdc", args.hdc, "mutated .hdc files"),
                               ("data-folder", args.data_folders, "hostile data folders"),
                               ("argument", args.arguments * len(surfaces.COMMANDS), "edge arguments"),
                               ("known", args.known * len(surfaces.KNOWN_CASES), "known cases")):
        if count <= 0:
            continue
        outcomes, found, seconds, slowest = run_kind(kind, count, args.seed, args.jobs)
        findings += found
        if kind == "extreme":
            detail = (f"HERO {outcomes['extreme-hero']}, Marvel {outcomes['extreme-marvel']}, "
                      f"across {len(fz.AIS)} AIs; sheets the validator refused {outcomes['refused']}")
        elif kind == "argument":
            per = ", ".join(f"{c} {outcomes['argument-' + c]}" for c in surfaces.COMMANDS)
            detail = (f"{per}; ran {outcomes['accepted']}, refused with a message {outcomes['refused']}; "
                      f"exits 70 {outcomes['internal']}")
        elif kind == "known":
            per = ", ".join(f"{c.name} (item {c.item}) {outcomes['known-' + c.name]}" for c in surfaces.KNOWN_CASES)
            detail = (f"{per}; ran {outcomes['accepted']}, refused naming the file, key and what was expected "
                      f"{outcomes['refused']}; tracebacks or exits 70 {outcomes['internal']}; "
                      f"slowest {slowest[0]:.1f} s ({slowest[1].removeprefix('known-')})")
        elif kind == "data-folder":
            detail = f"the app started, saved, listed and quit in {outcomes['accepted']}"
        else:
            detail = f"accepted {outcomes['accepted']}, refused with the file named {outcomes['refused']}"
        hangs = sum("a hang" in f for f in found)
        print(f"  {label:<20} {count:>6}  {detail}; findings {len(found)} (hangs {hangs})  [{seconds:.1f} s]")
    if not args.no_faults:
        n, found, seconds = run_faults()
        findings += found
        print(f"  {'faulty plugins':<20} {len(faults.FAULTS):>6}  kinds x HERO and Marvel = {n} battles; "
              f"contained and named {n - len(found)}; findings {len(found)}  [{seconds:.1f} s]")
    if args.surfaces_only:
        return _verdict(findings)
    seconds, size, problems = time_check()
    print(f"  {'check, 1 MB of errors':<20} {seconds:>6.2f}  s for {size:,} bytes and {problems:,} problems (goal: under 2 s)")
    return _verdict(findings)


def _verdict(findings: list[str]) -> int:
    if findings:
        print(f"\nFindings ({len(findings)}); replay one with --replay KIND:SEED:")
        for f in findings[:50]:
            print("  " + f.replace("\n", "\n    "))
        return 1
    print("\nFindings: none.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
