"""Survey (on demand): every Hero Designer file in a folder, imported and played.

    .venv/bin/python scripts/hdc_survey.py                      # ../shared/fixtures/hdc, recursively
    .venv/bin/python scripts/hdc_survey.py FOLDER --seed 3 --json survey.json

For each ``.hdc`` file: its edition, whether it imports (or the refusal, word for word), the
share of its fight-relevant elements imported whole (the characteristics, movement, defenses,
attacks, levels and slots that ``--strict`` looks at: ``Report.strict_failures``'s domain), and
whether the character plays a battle against a copy of itself (``slugfest import F F`` then
``slugfest battle``, in one process). The real files never enter the repository, so this is a
script and not a test; the suite's tests run one short slice of the same on synthetic files.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import parse_scenario
from slugfest.core.hero.hdc import HdcError, import_file
from slugfest.core.hero.hdc.fifth import CALCULATED_KIND
from slugfest.core.hero.hdc.reading import read_character
from slugfest.core.hero.hdc.report import IMPORTED
from slugfest.core.hero.hdc.scenario import new_scenario

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures" / "hdc"


def survey_file(path: Path, seed: int) -> dict[str, Any]:
    """One file's row: edition, outcome of the import, whole/relevant counts, the battle played."""
    row: dict[str, Any] = {"file": path.name}
    try:
        row["template"] = read_character(path).template
        imported = import_file(path)
    except HdcError as exc:
        row.update(imported=False, refusal=exc.message)
        return row
    relevant = [e for top in imported.report.entries for e in top.walk()  # the file's own elements only
                if e.combat and e.kind not in ("modifier", "adder", CALCULATED_KIND)]
    whole = sum(1 for e in relevant if e.status == IMPORTED)
    row.update(imported=True, character=imported.name, relevant=len(relevant), whole=whole,
               dropped=[f"{e.status}: {e.label}" + (f" ({e.gap})" if e.gap else "")
                        for e in relevant if e.status != IMPORTED])
    scenario = parse_scenario(new_scenario([[imported], [imported]], seed=seed), f"{path.name} (mirror match)")
    outcome = Battle(scenario, seed=seed).run()
    row.update(rounds=outcome.rounds, result=outcome.reason)
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("folder", nargs="?", default=str(DEFAULT), help=f"where the .hdc files are (default {DEFAULT})")
    p.add_argument("--seed", type=int, default=3, help="the battles' seed (default 3)")
    p.add_argument("--json", metavar="FILE", help="also write every row (with its dropped elements) as JSON")
    p.add_argument("--dropped", action="store_true", help="list each file's elements not imported whole")
    args = p.parse_args(argv)
    folder = Path(args.folder)
    files = sorted(folder.rglob("*.hdc"), key=lambda f: f.name.lower()) if folder.is_dir() else []
    if not files:
        print(f"hdc_survey: no .hdc files under {folder}", file=sys.stderr)
        return 2
    rows = []
    for n, path in enumerate(files, 1):
        print(f"[{n}/{len(files)}] {path.name}", file=sys.stderr)
        rows.append(survey_file(path, args.seed))
    print(f"{'file':36} {'template':28} {'whole/relevant':>15}  battle")
    for r in rows:
        if not r["imported"]:
            print(f"{r['file']:36} {r.get('template', '')[:28]:28} {'refused':>15}  {r['refusal'][:60]}")
            continue
        share = f"{r['whole']}/{r['relevant']} {100 * r['whole'] // max(1, r['relevant']):3d}%"
        print(f"{r['file']:36} {r['template'][:28]:28} {share:>15}  {r['rounds']} rounds, {r['result']}")
        if args.dropped:
            for d in r["dropped"]:
                print(f"    {d[:150]}")
    done = [r for r in rows if r["imported"]]
    whole, relevant = sum(r["whole"] for r in done), sum(r["relevant"] for r in done)
    print(f"{len(done)} of {len(rows)} files import and play; fight-relevant elements imported whole: "
          f"{whole} of {relevant} ({100 * whole / max(1, relevant):.0f}%)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
