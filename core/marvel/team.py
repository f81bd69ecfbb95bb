"""Team maneuvers (rules/marvel.md §4.5): a side pools its Focus for an effect that lasts the round.

One entry per maneuver and level in :data:`MANEUVERS`. Our readings where the rules are silent:

* **When**: a team maneuver costs no action (no rule gives it one). As each round starts, each side
  that has not used its one maneuver of the battle is asked, through the member of it who acts
  first that round, whether to call one; its effect lasts until the next round starts.
* **Who**: the members still in the fight who can pay take part (each pays the level's Focus,
  never below 1, or 1 Karma when short of Focus: §4.5); at least two must. The effect is theirs.
* **Level**: the participants' average rank, rounded down: 1-2 gives level 1, 3-4 level 2, 5-6
  level 3. A team may call its level or a lower one (it costs less). Levels are not cumulative:
  each is its own row of the table.
* The Rally at level 3 brings back one killed or shattered member of the side (it does not pay):
  its Health and Focus rise to at least 0, so the killed are unconscious again, the shattered
  demoralized but back in the fight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.actions import Action, Asking, Decision
from ..engine.context import RulesContext
from ..render.words import possessive
from . import events as ev
from .effects import announce, flags, karma_recovery
from .state import Fighter, MarvelState

COST = {1: 5, 2: 10, 3: 15}


@dataclass(frozen=True)
class Maneuver:
    """One team maneuver at one level (see the module's docstring)."""

    kind: str  #: "Offensive", "Defensive" or "Rally"
    level: int
    does: str
    edge: bool = False  #: an edge on the team's attacks
    twice: bool = False  #: the team's attacks rolled twice, the better kept
    fantastic: bool = False  #: the Marvel die of the team's attacks on equal or higher ranks becomes an M
    reduction: int = 0  #: Health damage reduction for the team
    trouble: bool = False  #: attacks against the team have trouble
    recovery: bool = False  #: each member makes a free Karma-style recovery roll at once
    revives: bool = False  #: one killed or shattered member returns (the action's target)

    @property
    def name(self) -> str:
        return f"{self.kind} {self.level}"


MANEUVERS: dict[str, Maneuver] = {m.name: m for m in (
    Maneuver("Offensive", 1, "an edge on the team's attacks", edge=True),
    Maneuver("Offensive", 2, "each of the team's attacks rolled twice, the better kept", twice=True),
    Maneuver("Offensive", 3, "the Marvel die of the team's attacks on equal or higher ranks becomes an M",
             fantastic=True),
    Maneuver("Defensive", 1, "Health damage reduction 2 for the team", reduction=2),
    Maneuver("Defensive", 2, "Health damage reduction 4 for the team", reduction=4),
    Maneuver("Defensive", 3, "Health damage reduction 8 for the team", reduction=8),
    Maneuver("Rally", 1, "attacks against the team have trouble", trouble=True),
    Maneuver("Rally", 2, "each member makes a free recovery roll", recovery=True),
    Maneuver("Rally", 3, "one killed or shattered member returns to Health and Focus 0 at least", revives=True),
)}


@dataclass(frozen=True)
class TeamEffect:
    """A side's team maneuver in effect this round."""

    maneuver: Maneuver
    members: frozenset[str] = field(default_factory=frozenset)


def level_for(ranks: list[int]) -> int:
    """The level a team of these ranks may call: its average rank, rounded down, halved up."""
    return (sum(ranks) // len(ranks) + 1) // 2


def can_pay(f: Fighter, cost: int) -> str:
    """How ``f`` pays ``cost`` Focus for its share: "Focus", "Karma" (short of Focus), or "" (it cannot)."""
    if f.out:
        return ""
    if not f.demoralized and f.focus - cost >= 1:
        return "Focus"
    return "Karma" if f.karma >= 1 else ""


def effect_on(st: MarvelState, f: Fighter) -> Maneuver | None:
    """The team maneuver ``f`` takes part in this round, or None."""
    if not st.team:
        return None
    effect = st.team.get(f.side)
    return effect.maneuver if effect is not None and f.id in effect.members else None


def offer_team(ctx: RulesContext, side: str, caller: Fighter) -> Asking[None]:
    """Ask ``caller`` (its side's first to act this round) whether the side calls its team
    maneuver now; carry it out if so (see the module's docstring)."""
    st: MarvelState = ctx.state
    team = [f for f in st.fighters.values() if f.side == side and not f.out]
    level = level_for([f.sheet.rank for f in team]) if len(team) >= 2 else 0
    menu: list[Action] = []
    for lv in range(1, level + 1):
        if sum(1 for f in team if can_pay(f, COST[lv])) < 2:
            break
        for kind in ("Offensive", "Defensive", "Rally"):
            m = MANEUVERS[f"{kind} {lv}"]
            if m.revives:
                fallen = [f.id for f in st.fighters.values() if f.side == side and (f.killed or f.shattered)]
                menu.extend(Action("team", target=fid, maneuver=m.name) for fid in fallen)
            else:
                menu.append(Action("team", maneuver=m.name))
    if not menu:
        return
    context = (f"Round {st.round}: call {possessive(side)} team maneuver (once a battle; each member pays "
               f"{'/'.join(str(COST[lv]) for lv in range(1, level + 1))} Focus by level, or 1 Karma)?")
    choice = yield Decision(caller.id, (Action("none", maneuver="declines"), *menu), caller.ai, "abort", context,
                            free=True)
    a = choice.action
    if a.kind == "team":
        call(ctx, side, caller, MANEUVERS[a.maneuver], a.target)


def call(ctx: RulesContext, side: str, caller: Fighter, m: Maneuver, revive: str = "") -> None:
    """The side's members who can pay do so; the effect is theirs for the round."""
    st: MarvelState = ctx.state
    cost = COST[m.level]
    members: list[str] = []
    paid: list[str] = []
    for f in st.fighters.values():
        if f.side != side:
            continue
        how = can_pay(f, cost)
        if not how:
            continue
        before = flags(f)
        if how == "Focus":
            f.focus -= cost
        else:
            f.karma -= 1
        members.append(f.id)
        paid.append(f"{f.name} {cost} Focus" if how == "Focus" else f"{f.name} 1 Karma")
        announce(ctx, f, before)
    st.team[side] = TeamEffect(m, frozenset(members))
    st.team_used.add(side)
    ctx.emit(ev.TeamManeuver(actor=caller.id, side=side, maneuver=m.name, members=tuple(members), paid=", ".join(paid),
                             effect=m.does))
    if m.recovery:
        for fid in members:
            f = st.fighters[fid]
            pool = min(("Health", "Focus"), key=lambda p: f.pool(p) / f.pool_max(p))
            if f.pool(pool) < f.pool_max(pool) and not f.out:
                karma_recovery(ctx, f, pool, free=f"{m.name}")
    if m.revives and revive:
        _revive(ctx, st.fighters[revive], m)


def _revive(ctx: RulesContext, g: Fighter, m: Maneuver) -> None:
    was_killed, was_shattered = g.killed, g.shattered
    before = flags(g)
    g.health, g.focus = max(g.health, 0), max(g.focus, 0)
    for name, was in (("killed", was_killed), ("shattered", was_shattered)):
        if was:
            ctx.emit(ev.ConditionChanged(actor=g.id, condition=name, active=False,
                                         why=f"{m.name}: Health {g.health}, Focus {g.focus}"))
    announce(ctx, g, before)


def end_round(ctx: RulesContext) -> None:
    """The team maneuvers of the round that is over end."""
    st: MarvelState = ctx.state
    for side, effect in list(st.team.items()):
        del st.team[side]
        ctx.emit(ev.TeamManeuverEnded(side=side, maneuver=effect.maneuver.name))
