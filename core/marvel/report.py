"""What a Marvel battle shows of itself: the snapshot the renderers and the app draw, the
system-neutral figures an AI reasons with, and the invariants the soak checks."""

from __future__ import annotations


from typing import Any

from ..engine.context import RulesContext
from ..rules.vitals import Vitals
from .movement import speed
from .state import Fighter, MarvelState


def snapshot(ctx: RulesContext) -> dict[str, Any]:
    st: MarvelState = ctx.state
    out: dict[str, Any] = {"round": st.round, "order": list(st.order), "combatants": []}
    for f in st.fighters.values():
        out["combatants"].append({
            "id": f.id, "name": f.name, "side": f.side, "position": list(f.pos),
            "Health": [f.health, f.health_max], "Focus": [f.focus, f.focus_max], "Karma": f.karma,
            "initiative": f.initiative.total if f.initiative else None,
            "reactions": f.reactions, "conditions": list(f.conditions()),
        })
    return out


def _longest(f: Fighter) -> int:
    """Spaces the sheet's longest attack reaches without moving (1: close attacks only); kept
    in the fighter's memo (an AI reads every combatant's vitals at every turn)."""
    found = f.memo.get("longest")
    if found is None:
        found = f.memo["longest"] = max((a.range or 1 for a in f.sheet.attacks), default=1)
    return found


def vitals(ctx: RulesContext, cid: str) -> Vitals:
    """System-neutral figures of a combatant now (:func:`figure_vitals`), kept on the fighter
    (:attr:`.state.Fighter.shown`) with everything of its state they follow from
    (:func:`_vitals_key`): an AI reads every combatant's vitals at every turn, and most of them
    have not changed since the last one (issue 35)."""
    f: Fighter = ctx.state.fighters[cid]
    key = _vitals_key(f)
    kept = f.shown
    if kept is not None and kept[0] == key:
        return kept[1]
    found = figure_vitals(f)
    f.shown = (key, found)
    return found


def _vitals_key(f: Fighter) -> tuple:
    """Everything of ``f`` its vitals follow from that can change in a battle (its id, name,
    side, sheet and maxima cannot): Health, Focus, its space, and the conditions
    :meth:`.state.Fighter.conditions` names and :func:`.movement.speed` reads. A change to any
    of these makes ``Fighter.shown`` stale: a field read there belongs here too
    (and in the list of changes tests/marvel/test_marvel_vitals_kept.py makes one at a time)."""
    return f.health, f.focus, f.pos, f.dodging, f.timed, f.holding, f.active


def figure_vitals(f: Fighter) -> Vitals:
    """:func:`vitals` worked out from ``f`` as it stands (nothing kept)."""
    # Fight left: Health until unconscious, or Focus until shattered (Focus 0 only demoralizes).
    health = min(max(f.health, 0) / f.health_max, max(f.focus + f.focus_max, 0) / (2 * f.focus_max))
    return Vitals(f.id, f.name, f.side, f.pos, not f.out, not f.killed, health,
                  max(f.focus, 0) / f.focus_max, False, f.conditions(), speed(f), _longest(f))


def invariant_violations(ctx: RulesContext) -> list[str]:
    """Figures out of range in the current state (the soak checks after every event)."""
    out = []
    st: MarvelState = ctx.state
    for f in st.fighters.values():
        if f.health > f.health_max:
            out.append(f"{f.id}: Health {f.health} above its maximum {f.health_max}")
        if f.focus > f.focus_max:
            out.append(f"{f.id}: Focus {f.focus} above its maximum {f.focus_max}")
        if f.karma < 0:
            out.append(f"{f.id}: negative Karma {f.karma}")
        if not 0 <= f.reactions <= f.reactions_per_round:
            out.append(f"{f.id}: {f.reactions} reactions left of {f.reactions_per_round}")
        if not ctx.grid.open(f.pos):
            out.append(f"{f.id}: standing in a wall or off the map at {f.pos}")
    cells = [f.pos for f in st.fighters.values() if not f.killed]
    if len(cells) != len(set(cells)):
        out.append("two combatants share a cell")
    return out
