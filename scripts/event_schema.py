#!/usr/bin/env python3
"""Write the JSONL log's schema (derived from the event classes) to the package and to docs/,
or validate every event of every bundled scenario over many seeds against it.

    python scripts/event_schema.py                  # write core/render/events.schema.json and docs/
    python scripts/event_schema.py --check          # exit 1 if either file differs from the code
    python scripts/event_schema.py --validate 50    # every bundled scenario, seeds 0..49: every line valid?

After a change to an event: write the files, bump SCHEMA_VERSION in core/render/event_schema.py
and add a line for the new version to docs/events.md (tests/test_event_schema.py checks both).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    from slugfest.core.render import event_schema
    from slugfest.core.testing.schema_check import validate_bundled

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check", action="store_true", help="only compare the files with the code")
    p.add_argument("--validate", type=int, metavar="SEEDS", help="play every bundled scenario with seeds 0..SEEDS-1 "
                                                                 "and validate every line of each log")
    args = p.parse_args()
    if args.validate:
        start = time.perf_counter()
        done = validate_bundled(range(args.validate), progress=lambda name, n: print(f"  {name}: {n:,} lines valid",
                                                                                      file=sys.stderr))
        lines = sum(done.values())
        print(f"{len(done)} scenarios x {args.validate} seeds: {lines:,} lines, every one valid against schema "
              f"version {event_schema.SCHEMA_VERSION} ({time.perf_counter() - start:.1f} s)")
        return 0
    from jsonschema import Draft202012Validator

    schema = event_schema.build_schema()
    Draft202012Validator.check_schema(schema)  # a valid draft 2020-12 schema, or no file is written
    text = event_schema.schema_text(schema)
    targets = [event_schema.SCHEMA_FILE, ROOT / "docs" / "events.schema.json"]
    stale = [t for t in targets if not t.exists() or t.read_text(encoding="utf-8") != text]
    if args.check:
        for t in stale:
            print(f"{t} differs from the event classes: run python scripts/event_schema.py", file=sys.stderr)
        return 1 if stale else 0
    for t in stale:
        t.write_text(text, encoding="utf-8")
        print(f"wrote {t}")
    print(f"schema version {event_schema.SCHEMA_VERSION}, fingerprint {event_schema.fingerprint(event_schema.build_schema())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
