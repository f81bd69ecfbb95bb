"""Do two checkouts fight the same battles? (run on demand, not in CI)

    .venv/bin/python benchmarks/same_battles.py                       # digests of this checkout
    .venv/bin/python benchmarks/same_battles.py --against /tmp/base   # compare with another checkout
    .venv/bin/python benchmarks/same_battles.py --against /tmp/base --show hero-brawl/default/3

Every bundled scenario is fought over a fixed set of seeds, once with the AIs its file names and
once with every combatant given each built-in mind, and each battle's JSONL log and text log are
hashed. With ``--against``, the other checkout's code fights the same battles in a subprocess
(an older checkout imports ``core.*`` from its own folder; a newer one ``slugfest.core.*``), and
every battle whose JSONL logs differ is listed; those whose text logs alone differ (the same
battles, narrated anew) are counted apart. ``--show`` prints the first lines where one battle's
JSONL logs part. A redesign that keeps the rules and the AIs as they were lists no battle.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
#: Not `planner`: its picks are the tactician's checked by the default AI's rollouts (both here), at
#: some hundred times the cost.
MINDS = ("default", "aggressive", "tactician", "cautious", "berserker", "random")


def _modules(root: Path) -> dict:
    """The checkout's battle, scenario, rendering and sweep modules, whichever layout it has
    (imported from ``root`` as the benchmark's probe does)."""
    import importlib

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from probe import load

    mods = load(root)
    prefix = "slugfest.core" if mods["new"] else "core"
    mods["jsonl"] = importlib.import_module(f"{prefix}.render.jsonl")
    mods["text"] = importlib.import_module(f"{prefix}.render.text")
    # Narration registers the text formatters of each system's events.
    for system in ("hero", "marvel"):
        importlib.import_module(f"{prefix}.{system}.narration")
    return mods


def battles(mods: dict, seeds: int) -> list[tuple[str, object]]:
    """(label, scenario) for every bundled scenario as written and with each mind for everyone."""
    out = []
    for name, path in mods["bundled"]().items():
        data = mods["sweep"].read_data(path)
        out.append((f"{name}/as-written", mods["scenario"].parse_scenario(data, str(path))))
        for mind in MINDS:
            d = json.loads(json.dumps(data))
            for side in d["sides"]:
                for c in side["combatants"]:
                    c["ai"] = mind
            out.append((f"{name}/{mind}", mods["scenario"].parse_scenario(d, str(path))))
    return out


def fight(mods: dict, sc: object, seed: int) -> tuple[list[str], list[str]]:
    """One battle's digests, [its JSONL log's, its text log's], and the JSONL lines."""
    b = mods["battle"].Battle(sc, seed=seed)
    b.run()
    lines = [mods["jsonl"].dumps(e) for e in b.events]
    names = {c.id: c.name for c in sc.combatants}  # type: ignore[attr-defined]
    text = mods["text"].TextLog(names).lines(b.events)
    return [_digest(lines), _digest(text)], lines


def _digest(lines: list[str]) -> str:
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()


def emit(root: Path, seeds: int, show: str | None) -> None:
    mods = _modules(root)
    base = mods["simulate"].battle_seed
    if show:
        label, _, index = show.rpartition("/")
        sc = dict(battles(mods, seeds))[label]
        print("\n".join(fight(mods, sc, base(11, int(index)))[1]))
        return
    digests = {}
    for label, sc in battles(mods, seeds):
        for i in range(seeds):
            digests[f"{label}/{i}"] = fight(mods, sc, base(11, i))[0]
    json.dump(digests, sys.stdout)


def run_in(root: Path, seeds: int, show: str | None = None) -> str:
    cmd = [sys.executable, __file__, "--emit", str(root), "--seeds", str(seeds)]
    if show:
        cmd += ["--show", show]
    return subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=str(root)).stdout


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--against", type=Path, help="another checkout to compare with")
    p.add_argument("--seeds", type=int, default=12, help="seeds per scenario and mind (default 12)")
    p.add_argument("--show", help="LABEL/INDEX: print where one battle's JSONL logs part")
    p.add_argument("--emit", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.emit:
        emit(args.emit, args.seeds, args.show)
        return 0
    if args.show:
        if not args.against:
            print(run_in(HERE, args.seeds, args.show))
            return 0
        mine = run_in(HERE, args.seeds, args.show).splitlines()
        theirs = run_in(args.against, args.seeds, args.show).splitlines()
        for i, (a, b) in enumerate(zip(mine, theirs)):
            if a != b:
                print(f"event {i}:\n  here:    {a}\n  against: {b}")
                return 1
        print("same events" if len(mine) == len(theirs) else f"{len(mine)} events here, {len(theirs)} against")
        return 0
    mine = json.loads(run_in(HERE, args.seeds))
    if not args.against:
        total = hashlib.sha256(json.dumps(mine, sort_keys=True).encode()).hexdigest()
        print(f"{len(mine)} battles, digest of digests {total[:16]}")
        return 0
    theirs = json.loads(run_in(args.against, args.seeds))
    differ, told, only_here, missing = compare(mine, theirs)
    print(f"{len(mine)} battles here, {len(theirs)} against; {len(differ)} differ"
          + (f" (and {len(told)} are the same battles told differently: only their text logs differ)" if told else ""))
    for k in differ[:40]:
        print(f"  {k}")
    if only_here:
        print(f"  only here: {', '.join(only_here[:10])}")
    if missing:
        print(f"  missing here: {', '.join(missing[:10])}")
    return 1 if differ or missing or only_here else 0


def compare(mine: dict[str, list[str]], theirs: dict[str, list[str]]
            ) -> tuple[list[str], list[str], list[str], list[str]]:
    """(the battles whose events differ, those told differently (their text logs alone
    differ), those fought only here, those fought only there), each sorted, from two
    checkouts' [events digest, text digest] by battle."""
    both = mine.keys() & theirs.keys()
    differ = sorted(k for k in both if theirs[k][0] != mine[k][0])
    told = sorted(k for k in both if theirs[k][0] == mine[k][0] and theirs[k][1] != mine[k][1])
    return differ, told, sorted(mine.keys() - theirs.keys()), sorted(theirs.keys() - mine.keys())


if __name__ == "__main__":
    sys.exit(main())
