"""Are balance figures facts about the characters, or about the AIs? (run on demand, not in CI)

    .venv/bin/python benchmarks/ai_fairness.py --jobs 2                     # every section, default sizes
    .venv/bin/python benchmarks/ai_fairness.py --only seat,dex --runs 250   # a quicker look
    .venv/bin/python benchmarks/ai_fairness.py --only dex,ladder --ais tactician,planner --ladder-runs 200
    .venv/bin/python benchmarks/ai_fairness.py --only waste --scenarios all --waste-runs 50

Sections (issue 34's goals; each line prints its figure and whether it meets the goal):

seat    Is being listed first worth anything? Each scenario's mirrored roster (one side against
        its exact copy on a mirrored map: core/batch/mirror.py), with the scenario's own AIs,
        once with each side listed first. Goal: the first-listed side's share of the decided
        battles has 50% inside its 95% interval. The original side's share (the left half of
        the map against the right) is printed with the same goal.
dex     Is acting first worth anything? The mirrored roster with the same AI on both sides
        (each of --ais) and one side a step quicker: +1 DEX in HERO (it wins every DEX tie),
        +1 initiative modifier in Marvel (d616 + the modifier, rules/marvel.md 3.2), given in
        turn to the original side and to its twin, each listed first and second (4 variants).
        Goal: the quicker side's share's 95% lower bound at least 50%.
ladder  Do better AIs win? Each scenario as written, with one AI on every combatant of the
        first side and another on the rest, in both seatings: tactician against default (goal:
        lower bound above 50%), and with planner in --ais, planner against tactician (goal: at
        least 65% in HERO, 55% in Marvel, over 400+ distinct battles) and the planner's CPU time
        per decision as a multiple of the tactician's (goal: at most 20x). Any other AI named in
        --ais plays the default AI (figures only).
waste   Per 100 decisions of the default AI (every combatant on it): strikes at a foe already
        down, attacks as likely as a 3- or less when one as likely as an 8- or better is on the
        same menu, Haymakers into a Dodge, Haymakers out of reach when they land, END overdrawn
        and paid in STUN, Multiple Attack strikes needing 4- or less, Marvel reactions refused.
        Goal: at most 2 per 100 of each, and under 5% of the Haymakers thrown fizzling.

Seeds: every variant (a listing order, a seating, an AI pairing, a scenario, the quicker side)
fights on seeds of its own: its base seed is a hash (BLAKE2b, the same on every machine and run,
unlike Python's hash()) of --seed and the variant's name, and battle i of it has the seed
core.batch.plan.battle_seed(base, i), as `slugfest simulate` does. Each battle is counted once,
in the one variant that fought it. Why: mirrored battles in both listing orders on the SAME seeds
are mirror images of one another (the same dice fall to the same fighter's twin), so pooling them
gives "side A" 50% by construction and counts every battle twice; the interval then claims twice
the sample there is (issue 34). The same command prints the same figures.

Sizes at the defaults, over the four scenarios: seat 4,000 battles; dex 8,000 for each AI in
--ais; the ladder 1,600 for each pairing; waste 400. --jobs N runs each batch over N processes
(the figures are the same whatever N is).

Cost: a HERO battle of the default AI or the tactician takes well under a second; planner looks
ahead at about 18 times the tactician's cost per decision at its default budget
(SLUGFEST_PLANNER_CANDIDATES, _ROLLOUTS, _DEPTH trade its strength for time), so a planner ladder
of 200 battles a seating takes minutes a scenario on two cores: name it in --ais only for that. Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Iterator

from slugfest import answers_for, hookimpl
from slugfest.cli.progress import Bars
from slugfest.core.batch.ladder import ai_pairings
from slugfest.core.batch.mirror import adjust_side, mirror_first_fitting, swap_sides
from slugfest.core.batch.pace import Progress
from slugfest.core.batch.plan import battle_seed
from slugfest.core.batch.simulate import simulate_many
from slugfest.core.batch.stats import Aggregate, BattleError, BattleTally, wilson
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.catalog import catalog
from slugfest.core.engine.plugins import get_plugin_manager
from slugfest.core.files.scenario import dump_scenario, load_scenario, parse_scenario
from slugfest.core.hero.three_dice import hit_chance
from slugfest.scenarios import bundled

SCENARIOS = ("hero-brawl", "hero-arsenal", "marvel-brawl", "marvel-xmen")
SECTIONS = ("seat", "dex", "ladder", "waste")
#: A step quicker, in each system: (the value core.batch.mirror.adjust_side moves, its words).
QUICKER = {"hero": ("DEX", "+1 DEX"), "marvel": ("initiative", "+1 initiative")}
#: The share of decided battles planner must win against the tactician, and over how many.
PLANNER_GOAL = {"hero": 0.65, "marvel": 0.55}
PLANNER_BATTLES = 400
#: The planner's CPU time per decision may be at most this many times the tactician's.
COST_GOAL = 20.0
#: Wasted decisions of the default AI: at most this many per 100 decisions, of each kind.
WASTE_GOAL = 2.0
#: ...and under this share of its Haymakers may fizzle (the target out of reach when it lands).
FIZZLE_GOAL = 0.05
#: "Needing 3- or less" and "an 8- or better": the chances of those 3d6 rolls (0.5% and 26%),
#: so a Marvel attack (a d616 check) is judged by the same odds.
HOPELESS, FAIR = hit_chance(3), hit_chance(8)


def variant_seed(seed: int, name: str) -> int:
    """The base seed of the variant ``name``: a BLAKE2b hash of ``seed`` and the name, so every
    variant fights battles of its own, the same on every run (Python's hash() of a string
    changes from one process to the next)."""
    digest = hashlib.blake2b(f"{seed}/{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def share(wins: int, n: int) -> str:
    if not n:
        return "- (no decided battles)"
    lo, hi = wilson(wins, n)
    return f"{wins / n:6.1%} of {n} decided (95%: {lo:.1%}-{hi:.1%})"


def verdict(ok: bool) -> str:
    return "meets the goal" if ok else "MISSES the goal"


@dataclass
class Row:
    """One printed figure: the wins it counts over the decided battles, how many battles were
    fought for it (draws and errors included), and whether it meets its goal."""

    label: str
    wins: int
    decided: int
    battles: int
    ok: bool
    variants: list[str] = field(default_factory=list)  # the variants whose battles it counts, once each


@dataclass
class Campaign:
    """What every section shares: sizes, processes, the base seed, progress on standard error,
    and the seeds each variant fought (so a test can see no two variants share a battle)."""

    seed: int = 0
    jobs: int = 1
    progress: bool = True
    played: dict[str, list[int]] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    errors: int = 0
    _bars: Any = None
    _done: int = 0  # battles of the section under way finished before the batch under way

    def begin(self, label: str, total: int) -> None:
        """A section of ``total`` battles starts: its progress bar (or plain lines) on stderr."""
        self._bars = Bars([label], [total], self.progress)
        self._done = 0

    def tick(self, done: int) -> None:
        """``done`` battles of the batch under way are finished."""
        if self._bars is not None:
            self._bars(Progress(self._done + done, 0, self.errors))

    def count(self, battles: int) -> None:
        """``battles`` more are finished, outside a batch (the waste section's own pool)."""
        self._done += battles
        self.tick(0)

    def end(self) -> None:
        if self._bars is not None:
            self._bars.done()
        self._bars = None

    def fight(self, name: str, data: dict[str, Any], runs: int) -> Aggregate:
        """``runs`` battles of the variant ``name`` on its own seeds (:func:`variant_seed`)."""
        if name in self.played:
            raise ValueError(f"variant {name!r} fought twice: each battle is counted once")
        seeds: list[int] = []

        def seen(_: int, result: BattleTally | BattleError) -> None:
            seeds.append(result.seed)
            if isinstance(result, BattleError):
                self.errors += 1
                print(f"  error in {name}, seed {result.seed}: {result.error}", file=sys.stderr)

        aggs, interrupted = simulate_many((parse_scenario(data, name),), runs, variant_seed(self.seed, name),
                                          self.jobs, lambda p: self.tick(p.done), on_battle=seen)
        if interrupted:
            raise KeyboardInterrupt
        self.played[name] = seeds
        self._done += runs
        return aggs[0]


def mirror_data(name: str, **kw: Any) -> dict[str, Any]:
    """The bundled scenario ``name`` mirrored on the first of its sides that fits one half."""
    try:
        return mirror_first_fitting(scenario_data(name), **kw)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def scenario_data(name: str) -> dict[str, Any]:
    return dump_scenario(load_scenario(bundled()[name]))


def section_seat(c: Campaign, scenarios: list[str], runs: int) -> list[Row]:
    print("seat: mirrored rosters, each side listed first on seeds of its own; goal: 50% inside the 95% interval")
    c.begin("seat", 2 * runs * len(scenarios))
    rows = []
    for name in scenarios:
        data = mirror_data(name)
        original = data["sides"][0]["name"]
        first = original_wins = decided = battles = 0
        names = []
        for listing in (data, swap_sides(data)):
            listed_first = listing["sides"][0]["name"]
            variant = f"seat/{name}/{listed_first} listed first"
            agg = c.fight(variant, listing, runs)
            names.append(variant)
            first += agg.wins[listed_first]
            original_wins += agg.wins[original]
            decided += sum(agg.wins.values())
            battles += agg.n + len(agg.errors)
        for label, wins in (("listed first", first), (f"{original} (original)", original_wins)):
            lo, hi = wilson(wins, decided)
            row = Row(f"{name} {label}", wins, decided, battles, decided > 0 and lo <= 0.5 <= hi, names)
            rows.append(row)
            print(f"  {name:13} {label:28} {share(wins, decided)}  {verdict(row.ok)}")
    c.end()
    return rows


def section_dex(c: Campaign, scenarios: list[str], ais: list[str], runs: int) -> list[Row]:
    print("dex: mirrored rosters, the same AI on both sides, one side a step quicker (+1 DEX in HERO, "
          "+1 initiative in Marvel); goal: its share's 95% lower bound at least 50%")
    c.begin("dex", 4 * runs * len(scenarios) * len(ais))
    rows = []
    for name in scenarios:
        for ai in ais:
            data = mirror_data(name, ai=ai, twin_ai=ai)
            key, words = QUICKER[str(data["battle"]["system"])]
            wins = decided = battles = 0
            names = []
            for quick in (s["name"] for s in data["sides"]):
                adjusted = adjust_side(data, quick, key, 1)
                for listing in (adjusted, swap_sides(adjusted)):
                    variant = f"dex/{name}/{ai}/{words} for {quick}/{listing['sides'][0]['name']} listed first"
                    agg = c.fight(variant, listing, runs)
                    names.append(variant)
                    wins += agg.wins[quick]
                    decided += sum(agg.wins.values())
                    battles += agg.n + len(agg.errors)
            lo, _ = wilson(wins, decided)
            row = Row(f"{name} {ai} {words}", wins, decided, battles, decided > 0 and lo >= 0.5, names)
            rows.append(row)
            print(f"  {name:13} {ai:10} {words:14} {share(wins, decided)}  {verdict(row.ok)}")
    c.end()
    return rows


def ladder_pairs(ais: list[str]) -> Iterator[tuple[str, str]]:
    """The pairings the ladder plays: tactician against default, planner (if named) against the
    tactician, and any other AI named against default."""
    yield "tactician", "default"
    if "planner" in ais:
        yield "planner", "tactician"
    for ai in ais:
        if ai not in ("default", "tactician", "planner"):
            yield ai, "default"


def section_ladder(c: Campaign, scenarios: list[str], ais: list[str], runs: int, cost_runs: int) -> list[Row]:
    print("ladder: each scenario as written, one AI per side, both seatings on seeds of their own")
    pairs = list(ladder_pairs(ais))
    c.begin("ladder", 2 * runs * len(scenarios) * len(pairs))
    rows = []
    for name in scenarios:
        data = scenario_data(name)
        system = str(data["battle"]["system"])
        for x, y in pairs:
            wins = losses = battles = 0
            names = []
            for p in ai_pairings(data, [x, y]):
                variant = f"ladder/{name}/{p.first} vs {p.second}"
                agg = c.fight(variant, p.data, runs)
                names.append(variant)
                first = agg.wins[p.data["sides"][0]["name"]]
                rest = sum(agg.wins.values()) - first
                wins += first if p.first == x else rest
                losses += rest if p.first == x else first
                battles += agg.n + len(agg.errors)
            decided = wins + losses
            lo, _ = wilson(wins, decided)
            if (x, y) == ("tactician", "default"):
                ok, goal = decided > 0 and lo > 0.5, "lower bound above 50%"
            elif (x, y) == ("planner", "tactician"):
                target = PLANNER_GOAL[system]
                ok = decided > 0 and wins / decided >= target and battles >= PLANNER_BATTLES
                goal = f"at least {target:.0%} over {PLANNER_BATTLES}+ battles" + (
                    f"; {battles} fought" if battles < PLANNER_BATTLES else "")
            else:
                ok, goal = True, "figures only"
            row = Row(f"{name} {x} vs {y}", wins, decided, battles, ok, names)
            rows.append(row)
            judged = verdict(ok) if goal != "figures only" else "no goal"
            print(f"  {name:13} {x + ' vs ' + y:24} {share(wins, decided)}  {judged} ({goal})")
    c.end()
    if "planner" in ais:
        print(f"ladder cost: planner against tactician, {cost_runs} battle(s) a seating played in this process, each "
              f"AI's decisions timed in process CPU time (time.process_time) from its hook call to its answer; "
              f"goal: at most {COST_GOAL:.0f}x")
        for name in scenarios:
            rows.append(cost_row(c, name, scenario_data(name), cost_runs))
    return rows


class Metered:
    """An AI standing in for itself, timed: the process CPU time (``time.process_time``: this
    process's own, so other programs on the machine do not count) from the start of each of its
    hook calls to its answer, and how many there were. Decisions its own lookahead makes on
    forks of the battle (planner's rollouts) are inside its calls, so they count as its cost."""

    busy = False  # a metered call under way: one inside it (there should be none) is its cost, not its own

    def __init__(self, name: str) -> None:
        self.name = name
        self.hook = catalog()[name].plugin.slugfest_choose_action
        self.seconds = 0.0
        self.decisions = 0
        self.slugfest_choose_action = answers_for(name)(self.choose)

    def choose(self, battle: Any, decision: Any) -> Any:
        if Metered.busy:
            return self.hook(battle, decision)
        Metered.busy = True
        started = time.process_time()
        try:
            return self.hook(battle, decision)
        finally:
            self.seconds += time.process_time() - started
            self.decisions += 1
            Metered.busy = False


def cost_row(c: Campaign, name: str, data: dict[str, Any], runs: int) -> Row:
    """The planner's CPU time per decision against the tactician's, over ``runs`` battles of each
    seating of planner against the tactician, played in this process (each AI stood in for by a
    :class:`Metered` copy of itself: the battles are the same ones). A decision is every call
    each answers: Phases and turns, and the questions in the middle of an action (an Abort, a
    reaction), which the planner hands to the tactician's rules; so the ratio is of what each
    costs a battle per decision it makes."""
    meters = [Metered("planner"), Metered("tactician")]
    host = get_plugin_manager(extra=[(m.name, m) for m in meters])
    names = []
    for p in ai_pairings(data, ["planner", "tactician"]):
        variant = f"cost/{name}/{p.first} vs {p.second}"
        seeds = [battle_seed(variant_seed(c.seed, variant), i) for i in range(runs)]
        sc = parse_scenario(p.data, variant)
        for i, seed in enumerate(seeds):
            if c.progress:
                print(f"progress: {variant}: battle {i + 1} of {runs}", file=sys.stderr, flush=True)
            Battle(sc, seed=seed, host=host, plugin_timeout=None).run()
        c.played[variant] = seeds
        names.append(variant)
    planner, tactician = meters
    per = [m.seconds / m.decisions * 1000 if m.decisions else 0.0 for m in meters]
    times = per[0] / per[1] if per[1] else float("inf")
    ok = times <= COST_GOAL
    print(f"  {name:13} planner {per[0]:.1f} ms ({planner.decisions} decisions) against the "
          f"tactician's {per[1]:.2f} ms ({tactician.decisions}): {times:.0f}x  {verdict(ok)} (at most {COST_GOAL:.0f}x)")
    return Row(f"{name} planner cost", 0, 0, 2 * runs, ok, names)


# -- wasted decisions ----------------------------------------------------------------------


class MenuWatch:
    """Sees each Phase or turn the default AI decides (a wrapper: it changes nothing) and counts
    an attack as likely to hit as a 3- or less chosen when one as likely as an 8- or better was
    on the same menu (the rules system's own odds, ``decision.picture.odds``)."""

    def __init__(self) -> None:
        self.hopeless = 0

    @hookimpl(wrapper=True)
    def slugfest_choose_action(self, battle: Any, decision: Any) -> Any:
        choice = yield
        picture = decision.picture
        if (choice is not None and decision.controller == "default" and decision.kind == "phase"
                and picture is not None and hasattr(picture, "odds")):
            mine = picture.odds(choice.action)
            if mine is not None and mine.chance <= HOPELESS + 1e-9:
                others = (picture.odds(a) for a in decision.menu if a != choice.action)
                self.hopeless += any(o is not None and o.chance >= FAIR - 1e-9 for o in others)
        return choice


def waste_of(name: str, seeds: list[int]) -> Counter:
    """The default AI's wasted decisions over battles of ``name`` on ``seeds`` (a worker's task)."""
    data = scenario_data(name)
    for s in data["sides"]:
        for c in s["combatants"]:
            c["ai"] = "default"
    sc = parse_scenario(data, name)
    watch = MenuWatch()
    host = get_plugin_manager(house_rules=sc.house_rules, extra=[("waste-watch", watch)])
    counts: Counter = Counter()
    for seed in seeds:
        b = Battle(sc, seed=seed, host=host, plugin_timeout=None)
        b.run()
        count_waste(b.events, counts, free_reactions=sc.system == "marvel")
    counts["hopeless attack"] += watch.hopeless
    return counts


WASTE_ROWS = (("strike at a foe already down", "strike at the fallen"),
              ("3- with an 8- at hand", "hopeless attack"),
              ("Haymaker into a Dodge", "haymaker into dodge"),
              ("Haymaker out of reach", "fizzled"),
              ("END paid in STUN", "stun for end"),
              ("Multiple Attack strike needing 4- or less", "hopeless strike"),
              ("reaction refused", "reaction refused"))


def section_waste(c: Campaign, scenarios: list[str], runs: int) -> list[Row]:
    print(f"waste: per 100 decisions of the default AI (goal: at most {WASTE_GOAL:g} of each; "
          f"Haymaker fizzles under {FIZZLE_GOAL:.0%} of those thrown)")
    c.begin("waste", runs * len(scenarios))
    rows = []
    chunk = 5
    for name in scenarios:
        variant = f"waste/{name}"
        seeds = [battle_seed(variant_seed(c.seed, variant), i) for i in range(runs)]
        parts = [seeds[i:i + chunk] for i in range(0, runs, chunk)]
        counts: Counter = Counter()
        if c.jobs <= 1:
            for part in parts:
                counts += waste_of(name, part)
                c.count(len(part))
        else:
            with ProcessPoolExecutor(max_workers=min(c.jobs, len(parts))) as pool:
                for part, got in zip(parts, pool.map(waste_of, [name] * len(parts), parts)):
                    counts += got
                    c.count(len(part))
        c.played[variant] = seeds
        per = 100 / counts["decisions"] if counts["decisions"] else 0.0
        thrown = counts["haymakers"]
        worst = max(counts[key] * per for _, key in WASTE_ROWS)
        fizz = f"{counts['fizzled'] / thrown:.0%} of {thrown} thrown" if thrown else "none thrown"
        ok = worst <= WASTE_GOAL and (not thrown or counts["fizzled"] / thrown < FIZZLE_GOAL)
        rows.append(Row(f"{name} waste", 0, 0, runs, ok, [variant]))
        print(f"  {name:13} {counts['decisions']:6} decisions: " +
              ", ".join(f"{label} {counts[key] * per:.1f}" for label, key in WASTE_ROWS) +
              f" | Haymakers {fizz}  {verdict(ok)}")
    c.end()
    return rows


DOWN = {"knocked out", "dying", "dead", "unconscious", "killed"}


def count_waste(events: list[Any], counts: Counter, free_reactions: bool) -> None:
    """Tally one battle's wasted decisions of the default AI.

    A strike "at a foe already down": an attack roll (HERO) or check (Marvel) of the default AI
    at a foe that was down (knocked out, dying, dead; Marvel: unconscious, killed) when the
    attack was chosen, or that an earlier strike of the same Multiple Attack felled; a Haymaker
    landing on a foe felled meanwhile is not (it was thrown while the foe stood). A Haymaker
    "into a Dodge": thrown at a foe whose Dodge was standing when it was chosen and still stood
    when it landed (its DCV names the Dodge). A refused reaction counts only where reactions are
    free (Marvel; a HERO Abort costs the next Phase, so refusing it is usually right), only a
    reaction to an attack on the refuser itself (declining to Interpose for a healthy ally
    keeps the reaction on purpose), and not one that pays Focus (Blur, Shield: Focus is fight
    too, kept until hurt)."""
    fallen: set[str] = set()
    dodging: set[str] = set()
    default_ids: set[str] = set()
    chosen: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {}  # actor -> (maneuver, down, dodging) when chosen
    refused: list[str] = []  # who declined a reaction since the last attack check
    for e in events:
        kind = type(e).__name__
        if kind == "ActionChosen":
            if e.action_kind == "dodge":
                dodging.add(e.actor)  # until its next Phase
            elif e.decision == "phase":
                dodging.discard(e.actor)
            if e.chosen_by != "default":
                continue
            counts["decisions"] += 1
            default_ids.add(e.actor)
            if e.decision == "phase":
                chosen[e.actor] = (e.maneuver, frozenset(fallen), frozenset(dodging))
            if e.maneuver == "haymaker":
                counts["haymakers"] += 1
            if (free_reactions and e.decision == "abort" and e.action_kind == "none" and e.action == "no reaction"
                    and not e.reason.startswith("keeps its Focus")):  # a reaction power that costs Focus
                refused.append(e.actor)
        elif kind in ("AttackRolled", "AttackCheck"):
            if kind == "AttackCheck":
                counts["reaction refused"] += e.target in refused
                refused.clear()
            if e.attacker not in default_ids:
                continue
            maneuver, down_then, dodging_then = chosen.get(e.attacker, ("", frozenset(), frozenset()))
            sequence = getattr(e, "maneuver", "") == "multiple attack"
            if e.target in down_then or (sequence and e.target in fallen):
                counts["strike at the fallen"] += 1
            if kind == "AttackRolled":
                if sequence and e.needed <= 4:
                    counts["hopeless strike"] += 1  # 1 in 54 or worse: a strike the sequence should have dropped
                if (e.maneuver == "haymaker" and e.target in dodging_then
                        and any("dodge" in m.source.lower() for m in e.dcv.modifiers)):
                    counts["haymaker into dodge"] += 1
        elif kind == "HaymakerFizzled" and e.actor in default_ids and e.why.endswith("out of reach"):
            counts["fizzled"] += 1  # the target walked (or was knocked) away: the wind-up was wasted
        elif kind == "StunForEnd" and e.actor in default_ids:
            counts["stun for end"] += 1
        elif kind in ("StatusChanged", "ConditionChanged"):
            status = e.status if kind == "StatusChanged" else e.condition
            if status in DOWN:
                if e.active:
                    fallen.add(e.actor)
                    dodging.discard(e.actor)
                elif status in ("knocked out", "unconscious"):
                    fallen.discard(e.actor)  # woke up


# -- the command line ----------------------------------------------------------------------


def names_of(text: str, known: list[str], what: str, parser: argparse.ArgumentParser) -> list[str]:
    wanted = list(dict.fromkeys(x.strip() for x in text.split(",") if x.strip()))
    for x in wanted:
        if x not in known:
            parser.error(f"{what}: no {x!r} (known: {', '.join(known)})")
    if not wanted:
        parser.error(f"{what}: name at least one (known: {', '.join(known)})")
    return wanted


def parser() -> argparse.ArgumentParser:
    head, body = __doc__.split("\n\n", 1)
    p = argparse.ArgumentParser(prog="ai_fairness.py", description=head, epilog=body,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--only", default=",".join(SECTIONS), metavar="S,S",
                   help=f"sections to run, in this order (default: {','.join(SECTIONS)})")
    p.add_argument("--scenarios", default=",".join(SCENARIOS), metavar="NAME,NAME",
                   help=f"bundled scenarios for every section, or 'all' (default: {','.join(SCENARIOS)})")
    p.add_argument("--ais", default="tactician", metavar="AI,AI",
                   help="the AIs under test: each plays the dex mirror against itself, and planner (or any other "
                        "AI) named here joins the ladder (default: tactician; planner costs ~18x per decision)")
    p.add_argument("--runs", type=int, default=500,
                   help="seat and dex: battles per variant (seat: 2 a scenario; dex: 4 a scenario and AI; default 500)")
    p.add_argument("--ladder-runs", type=int, default=200,
                   help="ladder: battles per seating of each pairing (2 seatings; default 200, the 400 the planner goal asks)")
    p.add_argument("--cost-runs", type=int, default=1,
                   help="ladder with planner: battles per seating timed for the cost per decision, in this process "
                        "(default 1)")
    p.add_argument("--waste-runs", type=int, default=100, help="waste: battles per scenario (default 100)")
    p.add_argument("--jobs", type=int, default=1, help="processes for the batches (default 1)")
    p.add_argument("--seed", type=int, default=0,
                   help="hashed with each variant's name into its base seed: another value draws a fresh sample (default 0)")
    p.add_argument("--no-progress", action="store_true", help="no progress on standard error")
    return p


def main(argv: list[str] | None = None, campaign: Campaign | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    for opt in ("runs", "ladder_runs", "cost_runs", "waste_runs", "jobs"):
        if getattr(args, opt) < 1:
            p.error(f"--{opt.replace('_', '-')}: expected a whole number of at least 1")
    sections = names_of(args.only, list(SECTIONS), "--only", p)
    known = sorted(bundled())
    scenarios = known if args.scenarios.strip() == "all" else names_of(args.scenarios, known, "--scenarios", p)
    ais = names_of(args.ais, sorted(n for n, info in catalog().items() if info.kind == "ai"), "--ais", p)
    c = campaign if campaign is not None else Campaign()
    c.seed, c.jobs, c.progress = args.seed, args.jobs, not args.no_progress
    started = time.perf_counter()
    try:
        for section in sections:
            if section == "seat":
                c.rows += section_seat(c, scenarios, args.runs)
            elif section == "dex":
                c.rows += section_dex(c, scenarios, ais, args.runs)
            elif section == "ladder":
                c.rows += section_ladder(c, scenarios, ais, args.ladder_runs, args.cost_runs)
            else:
                c.rows += section_waste(c, scenarios, args.waste_runs)
            print()
    except KeyboardInterrupt:
        c.end()
        print("interrupted: the figures above are complete; the section under way is not", file=sys.stderr)
        return 130
    failed = f", {c.errors} battles failed (see standard error)" if c.errors else ""
    print(f"({time.perf_counter() - started:.0f} s, {sum(len(s) for s in c.played.values())} distinct battles{failed})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
