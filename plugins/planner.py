"""Planner: plays its few best options out on forks of the battle and takes the one that leaves its side best off.

The tactician (:mod:`.tactician`) picks by rules of thumb over the rules system's expected harm;
the planner checks those picks against what actually follows. At a Phase or turn it gathers a
few candidates (at most ``SLUGFEST_PLANNER_CANDIDATES``):

1. the tactician's pick, which it keeps unless another is clearly better;
2. the default AI's pick, the attacks the picture expects most harm from, a Recovery (below
   :data:`REST_BELOW` of its fight or stamina), and holding the Phase, as far as the menu
   offers them.

Each candidate is played out on ``SLUGFEST_PLANNER_ROLLOUTS`` forks of the battle
(:meth:`BattleView.fork`), ``SLUGFEST_PLANNER_DEPTH`` Phases or turns deep. Every decision in a
fork, both sides', is the default AI's: the planner never reads its opponents' minds, and its
own lookahead does not call itself. A fork rolls dice of its own, from a seed drawn from the
battle's seed and the number of events so far, so the real battle is not foreseen and still
replays byte for byte from its seed; every candidate meets the same dice streams (common random
numbers), so the comparison is of the choices, not of the luck.

A rollout is scored by what is left of each side (:func:`standing`): the fight left in its own
side less the fight left in the others (each combatant counts 0..1), plus one for each side the
battle ended in favour of. The tactician's pick is replaced only by a candidate whose mean score
is at least ``MARGIN`` better, so a coin-flip difference does not overturn a sound pick. The
log's reason says what was weighed and by how much.

An attack the tactician picks that the picture expects to take at least :data:`CLEAR` of what
its target has left is kept without looking ahead: a strong blow rarely loses to a move or a
Recovery, and the rollouts it saves are a quarter of the planner's cost. Questions in the middle
of an action (an Abort, a reaction) go to the tactician: the planner weighs Phases and turns.
"""

from __future__ import annotations

from collections.abc import Iterable

from slugfest import Action, BattleView, Choice, Decision
from slugfest.core import settings

from . import default_ai, tactician
from ._choosing import FREE
from ._mind import answer_for

NAME = "planner"

#: How much better (in combatants' worth of fight) a candidate's mean score must be to replace
#: the tactician's pick. Measured in hero-brawl against the tactician (3 rollouts of 8, 40
#: battles in each seating): at 0.05 the planner won 55% of the decided battles (43-66), at
#: 0.15 70% (58-79): three rollouts are noisy, and a small gain is mostly the noise.
MARGIN = 0.15

#: A tactician's attack expected to take at least this share of what its target has left is
#: kept without looking ahead (None: look ahead at every Phase or turn). Measured in hero-brawl
#: against the tactician (4 candidates, 3 rollouts of 8, 60 battles in each seating, the same
#: seeds): looking ahead everywhere won 61.2% of 98 decided at 83x the tactician's CPU per
#: decision; skipping picks worth 0.3 or more, 63.8% of 105 at 61x; 0.15, 56.1% of 107 at 50x.
#: (Smaller budgets everywhere, 21-35x, won 52-55%: no better than the tactician.)
CLEAR: float | None = 0.3

# The default budget (kept with the other settings, :func:`slugfest.core.settings.planner_budget`):
# 3 candidates, 2 rollouts of 3 Phases or turns. Measured in hero-brawl against the tactician once the estimate took each
# roll through the defenses (issue 34; 200 battles a seating, CPU per decision over 3 battles a
# seating): 4 of 3 of 8 won 73.4% of 353 decided at 68x the tactician's CPU per decision; 3 of
# 2 of 6, 71.3% of 342 at 23x; 3 of 2 of 5, 65.4% of 344 at 23x; 3 of 2 of 4, 70.3% of 350
# (65.3-74.8) at 18x; 2 of 2 of 6, 67.5% of 354 at 15x. A deeper rollout buys little once the
# first blows are struck: most of the gain is in the first Phases after the choice. Once the
# tactician and the default AI got cheaper (session 49), 3 of 2 of 4 cost 23x in hero-brawl and
# 20x in hero-arsenal (12 battles a seating); 3 of 2 of 3 plays as well for less (ai_fairness's
# seeds, 200 a seating, depth 4 against 3: hero-brawl 68.8% of 352 and 66.6% of 347, hero-arsenal
# 51.1% of 380 and 58.8% of 379, another 150 a seating there 54.3% and 48.0%, marvel-brawl 47.3%
# and 46.1%, marvel-xmen 47.8% and 46.1%) at 18x, 19x, 17x and 12x.
ATTACKS = ("attack", "multiple-attack", "move-through")

#: A Recovery (HERO's, or a Marvel Karma recovery) is a candidate only below this share of the
#: actor's fight or of its stamina (END; Marvel's Focus), what a Recovery gives back: that shows
#: in the score at once, what the blow it gives up would have done shows later (a foe nearer
#: its end, a Phase or a turn of its harm lost), so a few Phases or turns of rollout overrate
#: it. Measured against the tactician (150 battles a seating, the same seeds, two sets), on the
#: fight left alone: hero-arsenal 51.2% of 498 decided -> 60.2% of 498; hero-brawl 71.9% of 260
#: -> 69.0% of 248 (within the margin of error); marvel-brawl 49.7% of 300 -> 52.5% of 299.
#: Reading stamina too (a Recovery at END 0 and a whole fight was never weighed) played the
#: same: 60.0% (61.9% on those seeds), 69.8% (69.0%), Marvel 51.3% (51.3%) and 46.7% (48.3%).
#: (A tactician's own Recovery, such as its rest when tired, is always weighed, as its pick.)
REST_BELOW = 0.5

#: The AI that plays every decision inside a rollout, for both sides.
ROLLOUT_AI = default_ai.NAME


def standing(battle: BattleView, side: str) -> float:
    """``side``'s fight left less every other side's (each combatant 0..1), plus one for each
    side the battle has ended in favour of (``side``'s win counts +1, a foe's -1)."""
    score = 0.0
    for c in battle.scenario.combatants:
        v = battle.vitals(c.id)
        score += v.health if v.side == side else -v.health
    out = battle.outcome
    if out is not None and out.winner is not None:
        score += 1.0 if out.winner == side else -1.0
    return score


def candidates(battle: BattleView, decision: Decision, kept: Action, limit: int) -> list[Action]:
    """``kept`` first, then the default AI's pick, the attacks expected to harm most, a
    Recovery and a Hold, as far as the menu offers them, without repeats, at most ``limit``;
    no Recovery but ``kept`` at :data:`REST_BELOW` of the actor's fight and stamina or more."""
    menu = decision.menu
    out = [kept]
    me = battle.vitals(decision.actor)
    rest = min(me.health, me.stamina) < REST_BELOW

    def add(actions: Iterable[Action]) -> None:
        for a in actions:
            if len(out) >= limit:
                return
            if a in menu and a not in out and (rest or a.kind != "recover"):
                out.append(a)

    add([default_pick(battle)])
    picture = decision.picture
    if picture is not None:
        attacks = [a for a in menu if a.kind in ATTACKS]
        add(sorted(attacks, key=picture.harm, reverse=True)[:2])
    add(a for a in menu if a.kind == "recover")
    add(a for a in menu if a.kind == "hold")
    return out


def default_pick(battle: BattleView) -> Action:
    """What the default AI would do here, asked on a fork: it may roll dice (a melee standoff's
    1 in 6), and the real battle's dice are not the planner's to roll for a mere candidate."""
    fork = battle.fork(seed=rollout_seed(battle, -1), player_controlled=())
    pending = fork.advance()
    assert pending is not None, "a fork waits on the decision being made"
    return default_ai.choose(fork.view, pending).action


def choose(battle: BattleView, decision: Decision) -> Choice:
    first = tactician.choose(battle, decision)
    if decision.kind != "phase" or len(decision.menu) < 2 or battle.is_fork:
        return first
    if first.action.kind in FREE:  # a Zero-Phase action takes no time: no Phase's action is its rival
        return Choice(first.action, f"{first.reason} (takes no time: kept without looking ahead)", dict(first.meta))
    if clear(decision, first.action):
        return Choice(first.action, f"{first.reason} (a clear blow: kept without looking ahead)", dict(first.meta))
    limit, rollouts, depth = settings.planner_budget()
    options = candidates(battle, decision, first.action, limit)
    if len(options) < 2:
        return first
    side = battle.vitals(decision.actor).side
    seeds = [rollout_seed(battle, k) for k in range(rollouts)]
    scores = [sum(rollout(battle, a, side, s, depth) for s in seeds) / len(seeds) for a in options]
    best = max(range(len(options)), key=lambda i: (scores[i] - (0 if i == 0 else MARGIN), -i))
    if best == 0:
        return Choice(first.action, f"{first.reason} (looked ahead: {_weighed(options, scores)})",
                      dict(first.meta))
    return Choice(options[best], f"looked ahead: {options[best].label()} leaves its side best off "
                                 f"({scores[best]:+.2f} against the tactician's {first.action.label()}, "
                                 f"{scores[0]:+.2f}; {rollouts} rollouts of {depth})")


def clear(decision: Decision, pick: Action) -> bool:
    """Whether the tactician's pick needs no checking: an attack the picture expects to take at
    least :data:`CLEAR` of what its target has left."""
    picture = decision.picture
    return (CLEAR is not None and picture is not None and pick.kind in ATTACKS
            and picture.harm(pick) >= CLEAR)


def rollout_seed(battle: BattleView, k: int) -> int:
    """The dice seed of rollout ``k`` at this moment of the battle: from its seed and the
    events so far, so it is the same whenever the battle is replayed."""
    return (battle.seed * 1_000_003 + len(battle.events) * 7_919 + k) % (2 ** 63)


def rollout(battle: BattleView, action: Action, side: str, seed: int, depth: int) -> float:
    """``action`` taken on a fork with dice ``seed``, then ``depth`` Phases or turns played by
    the default AI for everyone; the score (:func:`standing`) for ``side``."""
    fork = battle.fork(seed=seed, ai=ROLLOUT_AI, player_controlled=())
    pending = fork.advance()
    assert pending is not None, "a fork waits on the decision being made"
    fork.submit(pending, Choice(action, "planner: rollout"))
    fork.play_out(depth)
    return standing(fork.view, side)


def _weighed(options: list[Action], scores: list[float]) -> str:
    others = ", ".join(f"{a.label()} {s:+.2f}" for a, s in zip(options[1:], scores[1:]))
    return f"{scores[0]:+.2f} against {others}"


slugfest_choose_action = answer_for(NAME, choose)
