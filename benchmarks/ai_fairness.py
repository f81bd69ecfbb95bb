"""Are balance numbers facts about the characters, or about the AI? (run on demand, not in CI)

    .venv/bin/python benchmarks/ai_fairness.py                 # every section, default sizes
    .venv/bin/python benchmarks/ai_fairness.py --runs 4000     # the issue's 8,000+ a system
    .venv/bin/python benchmarks/ai_fairness.py --only seat,dex --jobs 2

Sections (issue 18's goals, each printed with its figure and whether it meets the goal):

seat    Mirrored hero-brawl and marvel-brawl (one side against its exact copy on a mirrored
        map), both listing orders pooled: side A's share of decided battles must be within
        its 95% (Wilson) interval of 50%.
dex     The mirrored HERO roster with +1 DEX on side A (it wins every DEX tie): its win rate
        must not drop below the plain mirror's.
ladder  Every pair of built-in AIs on the mirrored rosters, both listing orders: random must
        lose to every other AI, tactician must do at least as well as default, and no passive
        AI (cautious) may beat both default and tactician.
waste   Per 100 decisions of the default AI in each bundled scenario: Haymakers that fizzle,
        END overdrawn and paid in STUN, Multiple Attack strikes at a foe already down or
        needing 4- or less (a 1.9% chance), Marvel
        reactions refused; the goal is at most 2 per 100 in each, and Haymaker fizzles under
        5% of those thrown.

Battles are fought with seeds 0, 1, 2...: the same command prints the same figures.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from slugfest.core.engine.battle import Battle  # noqa: E402
from slugfest.core.batch.mirror import adjust_side, mirror_first_fitting, swap_sides  # noqa: E402
from slugfest.core.engine.plugins import get_plugin_manager  # noqa: E402
from slugfest.core.files.scenario import dump_scenario, load_scenario, parse_scenario  # noqa: E402
from slugfest.core.batch.simulate import simulate  # noqa: E402
from slugfest.core.batch.stats import wilson  # noqa: E402
from slugfest.scenarios import bundled  # noqa: E402

MIRRORS = {"hero": "hero-brawl", "marvel": "marvel-brawl"}
MINDS = ("default", "tactician", "aggressive", "cautious", "berserker", "random")
PASSIVE = ("cautious",)


def mirror_data(name: str, **kw: Any) -> dict[str, Any]:
    """The bundled scenario ``name`` mirrored on the first of its sides that fits one half."""
    try:
        return mirror_first_fitting(dump_scenario(load_scenario(bundled()[name])), **kw)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def wins_of(data: dict[str, Any], runs: int, jobs: int) -> tuple[Counter, int]:
    """Wins by side name and draws over ``runs`` battles (seeds 0..runs-1)."""
    agg, _ = simulate(parse_scenario(data, "<mirror>"), runs, 0, jobs=jobs)
    return agg.wins, agg.draws


def pooled(data: dict[str, Any], runs: int, jobs: int, seat: list[int] | None = None) -> tuple[int, int]:
    """Side A's wins and the decided battles, pooled over both listing orders (``seat``, if
    given, gets the first-listed side's wins added to its first item, and the decided battles
    to its second)."""
    a = data["sides"][0]["name"]
    wins_a = decided = 0
    for d in (data, swap_sides(data)):
        wins, _ = wins_of(d, runs, jobs)
        wins_a += wins[a]
        decided += sum(wins.values())
        if seat is not None:
            seat[0] += wins[d["sides"][0]["name"]]
            seat[1] += sum(wins.values())
    return wins_a, decided


def share(wins: int, n: int) -> str:
    if not n:
        return "— (no decided battles)"
    lo, hi = wilson(wins, n)
    return f"{wins / n:6.1%} of {n} decided (95%: {lo:.1%}-{hi:.1%})"


def verdict(ok: bool) -> str:
    return "meets the goal" if ok else "MISSES the goal"


def section_seat(runs: int, jobs: int) -> None:
    print("seat: mirrored rosters, side A's share of decided battles, both listing orders pooled")
    for system, name in MIRRORS.items():
        data = mirror_data(name)
        seat = [0, 0]
        wins, n = pooled(data, runs, jobs, seat)
        lo, hi = wilson(wins, n) if n else (0, 1)
        print(f"  {system:7} {name:13} {share(wins, n)}  {verdict(lo <= 0.5 <= hi)}")
        lo, hi = wilson(*seat) if seat[1] else (0, 1)
        print(f"  {'':7} {'listed first':13} {share(*seat)}  {verdict(lo <= 0.5 <= hi)}")


def section_dex(runs: int, jobs: int) -> None:
    print("dex: mirrored HERO roster, side A with +1 DEX (wins every DEX tie)")
    data = mirror_data(MIRRORS["hero"])
    a = data["sides"][0]["name"]
    base_w, base_n = pooled(data, runs, jobs)
    plus_w, plus_n = pooled(adjust_side(data, a, "DEX", 1), runs, jobs)
    base = base_w / base_n if base_n else 0.0
    lo, hi = wilson(plus_w, plus_n) if plus_n else (0, 1)
    print(f"  plain mirror  {share(base_w, base_n)}")
    print(f"  +1 DEX        {share(plus_w, plus_n)}  {verdict(hi >= base)} (not below the plain mirror's {base:.1%})")


def section_ladder(runs: int, jobs: int) -> None:
    """The AIs' round robin of ``slugfest ladder`` (core/ladder.py) on the mirrored rosters: each
    pairing in both seatings and, for each, both listing orders, so neither the seat nor being
    listed first is worth anything; then the ratings and the goals' checks."""
    from slugfest.cli.ladder import render_ladder
    from slugfest.core.batch import ladder as lad

    print("ladder: every pair of AIs on the mirrored rosters, both seatings and both listing orders")
    for system, name in MIRRORS.items():
        ladder = lad.Ladder(list(MINDS))
        for p in lad.ai_pairings(mirror_data(name), list(MINDS)):
            first, second = p.data["sides"][0]["name"], p.data["sides"][1]["name"]
            for d in (p.data, swap_sides(p.data)):
                agg, _ = simulate(parse_scenario(d, "<mirror>"), runs, 0, jobs=jobs)
                ladder.add(p.first, p.second, agg.wins[first], agg.wins[second], agg.draws)
        print(f"  {system} ({name}):")
        for line in render_ladder(ladder).splitlines():
            print("  " + line)

        def rate(x: str, y: str) -> float:
            r = ladder.record(x, y)
            return r.wins / r.decided if r.decided else 0.5

        random_last = all(rate("random", m) < 0.5 for m in MINDS if m != "random")
        tactician = rate("tactician", "default") >= 0.5
        passive = [p for p in PASSIVE if rate(p, "default") > 0.5 and rate(p, "tactician") > 0.5]
        print(f"    random below every other AI: {verdict(random_last)}; tactician >= default "
              f"({rate('tactician', 'default'):.0%}): {verdict(tactician)}; no passive AI above both: "
              f"{verdict(not passive)}{' (' + ', '.join(passive) + ')' if passive else ''}")


def section_waste(runs: int) -> None:
    print("waste: per 100 decisions of the default AI (goal: at most 2 in each; Haymaker fizzles under 5% of those thrown)")
    host = get_plugin_manager()
    for name, path in bundled().items():
        sc = load_scenario(path)
        data = dump_scenario(sc)
        for s in data["sides"]:
            for c in s["combatants"]:
                c["ai"] = "default"
        sc = parse_scenario(data, name)
        counts: Counter = Counter()
        for seed in range(runs):
            b = Battle(sc, seed=seed, host=host)
            b.run()
            _count_waste(b.events, counts, free_reactions=sc.system == "marvel")
        per = 100 / counts["decisions"] if counts["decisions"] else 0.0
        thrown = counts["haymakers"]
        rows = [("Haymaker out of reach", counts["fizzled"]), ("END paid in STUN", counts["stun for end"]),
                ("Multiple Attack strike at a foe down", counts["strike at the fallen"]),
                ("Multiple Attack strike needing 4- or less", counts["hopeless strike"]),
                ("reaction refused", counts["reaction refused"])]
        worst = max(n * per for _, n in rows)
        fizz = f"{counts['fizzled'] / thrown:.0%} of {thrown} thrown" if thrown else "none thrown"
        print(f"  {name:18} {counts['decisions']:6} decisions: " +
              ", ".join(f"{label} {n * per:.1f}" for label, n in rows) +
              f" | Haymakers {fizz}  {verdict(worst <= 2 and (not thrown or counts['fizzled'] / thrown < 0.05))}")


def _count_waste(events: list[Any], counts: Counter, free_reactions: bool) -> None:
    """Tally one battle's wasted decisions of the default AI. A refused reaction counts only
    where reactions are free (Marvel); a HERO Abort costs the next Phase, so refusing it is
    usually right; and only a reaction to an attack on the refuser itself, and not one that pays
    Focus (Blur, Shield: Focus is fight too, kept until hurt) (the next attack check's
    target): declining to Interpose for a healthy ally keeps the reaction on purpose. A strike "at a foe already down" is a Multiple Attack's strike at a foe an
    earlier strike (or someone else) felled (a Haymaker landing on one is not: it was thrown
    while the foe stood, and lands whatever happens)."""
    fallen: set[str] = set()
    default_ids: set[str] = set()
    refused: list[str] = []  # who declined a reaction since the last attack check
    for e in events:
        kind = type(e).__name__
        if kind == "ActionChosen" and e.chosen_by == "default":
            counts["decisions"] += 1
            default_ids.add(e.actor)
            if e.maneuver == "haymaker":
                counts["haymakers"] += 1
            if (free_reactions and e.decision == "abort" and e.action_kind == "none" and e.action == "no reaction"
                    and not e.reason.startswith("keeps its Focus")):  # a reaction power that costs Focus
                refused.append(e.actor)
        elif kind == "AttackCheck":
            counts["reaction refused"] += e.target in refused
            refused.clear()
        elif kind == "HaymakerFizzled" and e.actor in default_ids and e.why.endswith("out of reach"):
            counts["fizzled"] += 1  # the target walked (or was knocked) away: the wind-up was wasted
        elif kind == "StunForEnd" and e.actor in default_ids:
            counts["stun for end"] += 1
        elif kind == "StatusChanged" and e.status in ("knocked out", "dying", "dead"):
            if e.active:
                fallen.add(e.actor)
            elif e.status == "knocked out":
                fallen.discard(e.actor)  # woke up
        elif kind == "AttackRolled" and e.attacker in default_ids and e.maneuver == "multiple attack":
            if e.target in fallen:
                counts["strike at the fallen"] += 1  # a later strike of a sequence, its target felled by an earlier one
            if e.needed <= 4:
                counts["hopeless strike"] += 1  # 1 in 54 or worse: a strike the sequence should have dropped


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=1000, help="battles per listing order (seat, dex; default 1000)")
    p.add_argument("--ladder-runs", type=int, default=100, help="battles per pair and order (default 100)")
    p.add_argument("--waste-runs", type=int, default=100, help="battles per bundled scenario (default 100)")
    p.add_argument("--jobs", type=int, default=1, help="processes for the batches (default 1)")
    p.add_argument("--only", default="seat,dex,ladder,waste", help="sections to run, comma-separated")
    args = p.parse_args(argv)
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    started = time.perf_counter()
    for section in wanted:
        if section == "seat":
            section_seat(args.runs, args.jobs)
        elif section == "dex":
            section_dex(args.runs, args.jobs)
        elif section == "ladder":
            section_ladder(args.ladder_runs, args.jobs)
        elif section == "waste":
            section_waste(args.waste_runs)
        else:
            p.error(f"unknown section {section!r} (seat, dex, ladder, waste)")
        print()
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
