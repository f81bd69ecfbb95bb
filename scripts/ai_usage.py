#!/usr/bin/env python3
"""How much of what the rules offer does each AI behaviour use, and how well does it fight?

Runs seeded battles over the bundled scenarios with every combatant given one mind (the same
roster, the same per-battle seeds for every mind), and prints, per mind and rules system:

* the distinct actions it chose out of those its menus offered (HERO: each maneuver, Move
  Through, Multiple Attack, moving toward someone or to a chosen cell, Retreat, Dodge, Block,
  Recovery, Hold, Aborting to Dodge or Block, pushing, and each use of Combat Skill Levels where
  a character has some; Marvel: close, ranged and mental attacks, the moves, Retreat, Dodge, the
  Karma recovery of each pool, defensive reactions), with the ones it never used;
* the win rates of each scenario's sides with everyone on that mind;
* (unless ``--no-versus``) the mind's win rate against the default AI: the mind on one side,
  ``default`` on the other, both ways round.

    python scripts/ai_usage.py                 # 40 battles per scenario and pairing
    python scripts/ai_usage.py --runs 100 --jobs 4 --minds tactician,cautious

Battle ``i`` of every batch uses the seed ``core.batch.simulate.battle_seed(SEED, i)``, so the figures
are the same whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any


from slugfest.core.engine.actions import Action, Decision
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.plugins import get_plugin_manager, hookimpl
from slugfest.core.files.scenario import parse_scenario
from slugfest.core.batch.simulate import battle_seed
from slugfest.core.batch.sweep import read_data

MINDS = ("default", "aggressive", "tactician", "cautious", "berserker", "random")
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
ATTACK_KINDS = ("attack", "multiple-attack", "move-through")


# -- what a menu offers, what a choice uses -------------------------------------------------

def action_key(battle: Any, decision: Decision, a: Action) -> str | None:
    """A name for the kind of action (not its target): ``attack/haymaker``, ``move/to a cell``..."""
    hero = battle.system.name == "hero"
    if decision.kind == "abort":
        return None if a.kind == "none" else f"{'abort' if hero else 'reaction'}:{a.kind}"
    if a.kind == "attack":
        if hero:
            return f"attack/{a.maneuver}"
        return f"attack/{battle.sheet(decision.actor).attack(a.attack).category}"
    if a.kind == "move":
        return "move/to a cell" if a.destination is not None else "move/toward"
    if a.kind == "recover" and a.maneuver:
        return f"recover/{a.maneuver.split()[-1]}"
    return a.kind


def option_keys(a: Action) -> list[str]:
    out = []
    if a.push:
        out.append("push")
    if a.levels:
        out.append(f"CSL to {a.levels}")
    return out


def offered_keys(battle: Any, decision: Decision) -> set[str]:
    keys = {k for a in decision.menu if (k := action_key(battle, decision, a))}
    if decision.kind != "phase":
        return keys
    if any(a.kind == "move" for a in decision.menu):
        keys.add("move/to a cell")
    if battle.system.name == "hero" and any(a.kind in ATTACK_KINDS for a in decision.menu):
        keys.add("push")
        if battle.player_options(decision.actor).levels:
            keys.update({"CSL to ocv", "CSL to dcv", "CSL to damage"})
    return keys


class Probe:
    """Sees every decision and the choice made (a wrapper: it changes nothing)."""

    def __init__(self) -> None:
        self.offered: set[str] = set()
        self.used: Counter = Counter()
        self.watch: set[str] = set()

    @hookimpl(wrapper=True)
    def slugfest_choose_action(self, battle: Any, decision: Decision) -> Any:
        choice = yield
        if choice is not None and decision.actor in self.watch:
            self.offered |= offered_keys(battle, decision)
            key = action_key(battle, decision, choice.action)
            if key:
                self.used[key] += 1
                for k in option_keys(choice.action):
                    self.used[k] += 1
        return choice


# -- running ---------------------------------------------------------------------------------

def scenario_for(path: Path, minds: tuple[str, ...]) -> Any:
    """The scenario with side ``i``'s combatants all on ``minds[i]`` (the last mind for the rest)."""
    data = read_data(path)
    for i, side in enumerate(data["sides"]):
        for c in side["combatants"]:
            c["ai"] = minds[min(i, len(minds) - 1)]
    return parse_scenario(data, str(path))


def run_batch(path: str, minds: tuple[str, ...], watch_side: int | None, runs: int, base_seed: int) -> dict:
    """``runs`` battles of one scenario with its sides on ``minds``; what the watched side chose."""
    try:
        return _run_batch(path, minds, watch_side, runs, base_seed)
    except Exception as exc:  # crosses the process boundary as plain text
        raise RuntimeError(f"{Path(path).stem} with {', '.join(minds)}: {type(exc).__name__}: {exc}") from None


def _run_batch(path: str, minds: tuple[str, ...], watch_side: int | None, runs: int, base_seed: int) -> dict:
    sc = scenario_for(Path(path), minds)
    probe = Probe()
    sides = [s.name for s in sc.sides]
    probe.watch = {c.id for i, s in enumerate(sc.sides) for c in s.combatants if watch_side in (None, i)}
    host = get_plugin_manager(house_rules=sc.house_rules, extra=[("ai-usage-probe", probe)])
    wins: Counter = Counter()
    for i in range(runs):
        b = Battle(sc, seed=battle_seed(base_seed, i), host=host)
        b.run()
        wins[b.outcome.winner if b.outcome.winner is not None else "draw"] += 1
    return {"path": path, "minds": minds, "system": sc.system, "sides": sides, "wins": wins,
            "offered": probe.offered, "used": probe.used, "runs": runs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=40, help="battles per scenario and pairing (default 40)")
    ap.add_argument("--seed", type=int, default=2024, help="base seed (default 2024)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all CPUs)")
    ap.add_argument("--minds", default=",".join(MINDS), help="comma-separated AI names")
    ap.add_argument("--no-versus", action="store_true", help="skip the battles against the default AI")
    args = ap.parse_args(argv)
    minds = tuple(m.strip() for m in args.minds.split(",") if m.strip())
    paths = sorted(str(p) for p in SCENARIOS.glob("*.toml"))

    jobs: list[tuple] = []
    for mind in minds:
        for p in paths:
            jobs.append((p, (mind,), None, args.runs, args.seed))
            if not args.no_versus and mind != "default":
                jobs.append((p, (mind, "default"), 0, args.runs, args.seed))
                jobs.append((p, ("default", mind), 1, args.runs, args.seed))
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(run_batch, *zip(*jobs)))
    else:
        results = [run_batch(*j) for j in jobs]

    systems = sorted({r["system"] for r in results})
    print(f"{args.runs} battles per scenario and pairing, base seed {args.seed}; scenarios: "
          + ", ".join(Path(p).stem for p in paths))
    print("\nDistinct actions used / offered (everyone on the mind, every scenario of the system):")
    for system in systems:
        for mind in minds:
            offered: set[str] = set()
            used: Counter = Counter()
            for r in results:
                if r["system"] == system and r["minds"] == (mind,):
                    offered |= r["offered"]
                    used.update(r["used"])
            never = sorted(offered - set(used))
            print(f"  {system:7} {mind:11} {len(set(used) & offered):3d} / {len(offered):<3d}"
                  + (f" never: {', '.join(never)}" if never else ""))
    print("\nWin rates of the same roster under each mind (everyone on it; the rest are draws):")
    print(f"  {'scenario':18} {'side':18}" + "".join(f"{m:>11}" for m in minds))
    for p in paths:
        rows = {m: next(x for x in results if x["path"] == p and x["minds"] == (m,)) for m in minds}
        first = rows[minds[0]]
        for i, side in enumerate([*first["sides"], "draw"]):
            label = Path(p).stem if i == 0 else ""
            print(f"  {label:18} {side[:18]:18}"
                  + "".join(f"{r['wins'][side] / r['runs']:>11.0%}" for r in rows.values()))
    if not args.no_versus:
        print("\nAgainst the default AI (the mind on one side, default on the other, both ways round):")
        for system in systems:
            for mind in minds:
                if mind == "default":
                    continue
                won = n = draws = 0
                for r in results:
                    if r["system"] != system or len(r["minds"]) != 2 or mind not in r["minds"]:
                        continue
                    side = r["sides"][r["minds"].index(mind)]
                    won += r["wins"][side]
                    draws += r["wins"]["draw"]
                    n += r["runs"]
                print(f"  {system:7} {mind:11} wins {won / n:4.0%}, draws {draws / n:4.0%} of {n} battles")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
