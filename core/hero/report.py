"""What a HERO battle shows of itself: the snapshot the renderers and the app draw, the
system-neutral figures an AI reasons with, the invariants the soak checks, and the details the
app unfolds under a roll.
"""

from __future__ import annotations

from typing import Any

from ..engine.context import RulesContext
from ..engine.events import Event
from ..render.words import possessive
from ..rules.vitals import Vitals
from . import senses
from .adjustment import adjusted
from .chains import dcv_chain
from .combat_values import DCV_STEPS, OCV_STEPS, CVChain
from .mind_control import CARD_WORDS, STANDS_DOWN
from .movement import METRES_PER_CELL, cells
from .speed import SPEED_CHART
from .state import Fighter, HeroState


#: What :func:`status_words` calls each of its flags, in their order: Stunned, prone, holding its
#: Phase, winding up a Haymaker, Dodging, Blocking, taking a Recovery, in an Entangle, Flashed,
#: held in a Grab, holding one, and a Presence Attack's two worst results.
FLAG_WORDS = ("stunned", "prone", "holding", "haymaker", "dodging", "blocking", "recovering", "entangled", "flashed",
              "grabbed", "grabbing", "awed", "cowed")


def status_words(f: Fighter) -> list[str]:
    """A fighter's conditions as the log and the app name them."""
    if f.dead:
        return ["dead"]
    out = []
    if f.ko:
        out.append("knocked out")
    if f.body <= 0:
        out.append("dying")
    flags = (f.stunned, f.prone, f.held, f.haymaker, f.dodging, f.blocking, f.recovering, f.entangle is not None,
             f.blind, f.held_by is not None, f.holding is not None, f.presence == 3, f.presence == 4)
    if any(flags):  # most fighters have none, most of the time (an AI reads everyone's at every Phase)
        out.extend(word for flag, word in zip(flags, FLAG_WORDS) if flag)
    hold = f.control
    if hold is not None and hold.level >= STANDS_DOWN:  # a Mind Control's or a Mental Illusion's
        out.append(CARD_WORDS[hold.kind][hold.level - STANDS_DOWN])
    return out


def snapshot(ctx: RulesContext) -> dict[str, Any]:
    st: HeroState = ctx.state
    out: dict[str, Any] = {"turn": st.turn, "segment": st.segment, "combatants": []}
    for f in st.fighters.values():
        ch = f.ch
        out["combatants"].append({
            "id": f.id, "name": f.name, "side": f.side, "position": list(f.pos),
            "STUN": [f.stun, ch.STUN], "BODY": [f.body, ch.BODY], "END": [f.end, ch.END], "SPD": f.spd,
            "status": status_words(f) + senses.conditions(ctx, f), "phases": sorted(SPEED_CHART[min(max(f.spd, 1), 12)]) if f.spd > 0 else [],
            **({"fights_for": f.allegiance} if f.turned else {}),  # turned by a Mind Control
        })
    fields = {kind: sorted([list(c) for c in cells]) for kind, cells in
              (("darkness", senses.dark_cells(st)), ("images", _image_cells(st))) if cells}
    if fields:  # the cells a Darkness or an Images covers, for the map (none: no key, as before)
        out["fields"] = fields
    return out


def _image_cells(st: HeroState) -> frozenset[tuple[int, int]]:
    """Every cell an Images of a user still in the fight covers."""
    lit = [cells for owner, cells in st.images.items() if not st.fighters[owner].out_of_fight(st.options)]
    return frozenset().union(*lit)


def _longest(f: Fighter) -> int:
    """Cells the sheet's longest attack reaches without moving (1: hand-to-hand only); kept in
    the fighter's memo (an AI reads every combatant's vitals at every Phase)."""
    found = f.memo.get("longest")
    if found is None:
        found = f.memo["longest"] = max(max((1 if a.hth else a.range_m // METRES_PER_CELL
                                             for a in f.sheet.attacks), default=1), 1)
    return found


def vitals(ctx: RulesContext, cid: str) -> Vitals:
    """System-neutral figures of a combatant now (:func:`figure_vitals`), kept on the fighter
    (:attr:`.state.Fighter.shown`) with everything of its state they follow from
    (:func:`_vitals_key`): an AI reads every combatant's vitals at every decision, and most of
    them have not changed since the last one (issue 35). Worked out afresh while a Darkness or
    an Images is laid: what those hide follows from other fighters too."""
    st: HeroState = ctx.state
    f: Fighter = st.fighters[cid]
    if st.darkness or st.images:
        return figure_vitals(ctx, f)
    key = _vitals_key(f)
    kept = f.shown
    if kept is not None and kept[0] == key:
        return kept[1]
    found = figure_vitals(ctx, f)
    f.shown = (key, found)
    return found


def _vitals_key(f: Fighter) -> tuple:
    """Everything of ``f`` its vitals follow from that can change in a battle (its id, name,
    sheet and the options cannot): its figures and characteristics, cell, allegiance (a Mind
    Control), and every condition :func:`status_words` and :func:`.senses.conditions` name.
    A change to any of these makes ``Fighter.shown`` stale: a field read there belongs here
    too, and in the list of changes tests/hero/test_vitals_kept.py makes one at a time."""
    return (f.stun, f.body, f.end, f.ch, f.pos, f.dead, f.ko, f.stunned, f.prone, f.held, f.haymaker, f.in_force,
            f.recovering, f.entangle, f.blind_until, f.flashed_senses, f.held_by, f.holding, f.presence, f.control)


def figure_vitals(ctx: RulesContext, f: Fighter) -> Vitals:
    """:func:`vitals` worked out from ``f`` as it stands (nothing kept)."""
    ch = f.ch
    stun, body = f.stun / ch.STUN, f.body / ch.BODY
    least = body if body < stun else stun  # (comparisons, not min and max: with the picture's
    # distances and the price of a lowered DCV, 0.7% of a hero-brawl battle's instructions, issue 35)
    stamina = f.end / ch.END if ch.END else 1.0
    return Vitals(f.id, f.name, f.allegiance, f.pos, not f.out_of_fight(ctx.options), not f.dead,
                  0.0 if least < 0.0 else least, 0.0 if stamina < 0.0 else stamina,
                  f.stunned or f.standing_down, tuple(status_words(f) + senses.conditions(ctx, f)), cells(f, True),
                  _longest(f))


def invariant_violations(ctx: RulesContext) -> list[str]:
    """Figures out of range in the current state (the soak checks after every event)."""
    out = []
    st: HeroState = ctx.state
    for f in st.fighters.values():
        ch = f.ch
        if f.stun > ch.STUN:
            out.append(f"{f.id}: STUN {f.stun} above its maximum {ch.STUN}")
        if not 0 <= f.end <= ch.END:
            out.append(f"{f.id}: END {f.end} outside 0..{ch.END}")
        if f.body > ch.BODY:
            out.append(f"{f.id}: BODY {f.body} above its maximum {ch.BODY}")
        if f.dead and (f.ko or f.stunned):
            out.append(f"{f.id}: dead yet also knocked out or stunned")
        if f.recovery_slipped and not f.stunned:
            out.append(f"{f.id}: a Stunned recovery slipped, yet it is not Stunned")
        if f.ko and f.stun >= 0 and ctx.options.knockout == "below-zero" and f.stun > 0:
            out.append(f"{f.id}: knocked out with {f.stun} STUN")
        if not ctx.grid.open(f.pos):
            out.append(f"{f.id}: standing in a wall or off the map at {f.pos}")
        out.extend(_power_violations(st, f))
    cells_taken = [f.pos for f in st.fighters.values() if not f.dead]
    if len(cells_taken) != len(set(cells_taken)):
        out.append("two combatants share a cell")
    return out


def _power_violations(st: HeroState, f: Fighter) -> list[str]:
    """The powers' and maneuvers' state out of joint: a Grab held one way only, an Entangle with
    no BODY left, a characteristic below its floor or not what its Drains and Aids make it."""
    out = []
    if f.holding is not None and st.fighters[f.holding].held_by != f.id:
        out.append(f"{f.id}: holds {f.holding}, who is not held by it")
    if f.held_by is not None and st.fighters[f.held_by].holding != f.id:
        out.append(f"{f.id}: held by {f.held_by}, who does not hold it")
    if f.dead and (f.holding is not None or f.held_by is not None):
        out.append(f"{f.id}: dead yet still in a Grab")
    if f.choking and f.holding is None:
        out.append(f"{f.id}: choking no one")
    if f.entangle is not None and f.entangle.body <= 0:
        out.append(f"{f.id}: held by an Entangle of {f.entangle.body} BODY")
    base = f.sheet.characteristics
    for c in {*f.drained, *f.aided}:
        want = adjusted(c, getattr(base, c), f.drained.get(c, 0), f.aided.get(c, 0))
        if getattr(f.ch, c) != want:
            out.append(f"{f.id}: {c} {getattr(f.ch, c)}, its Drains and Aids make it {want}")
    if f.spd < 1 or f.ch.SPD < 1:
        out.append(f"{f.id}: SPD below 1")
    for m in f.sheet.multipowers:
        if f.slots.get(m.name) not in m.slots:
            out.append(f"{f.id}: {possessive(m.name)} slot in use {f.slots.get(m.name)!r} is not one of its slots")
    return out


def figures(ctx: RulesContext) -> dict[str, list[tuple[str, str]]]:
    """What the snapshot lacks, per combatant: OCV, the DCV now (its maneuver and conditions
    counted), DEX, a characteristic a Drain or an Aid has moved, an Entangle holding it, the slot
    each Multipower has in use, and the Charges left of each attack bought with them."""
    out: dict[str, list[tuple[str, str]]] = {}
    if ctx.state is None:
        return out
    for cid, f in ctx.state.fighters.items():
        row = [("OCV", str(f.ch.OCV)), ("DCV", str(dcv_chain(f).value)), ("DEX", str(f.ch.DEX))]
        base = f.sheet.characteristics
        for c in sorted({*f.drained, *f.aided}):  # a Drain or an Aid at work: the value now, the sheet's beside it
            row.append((c, f"{getattr(f.ch, c)} (of {getattr(base, c)})"))
        if f.entangle is not None:
            row.append(("Entangle", f"BODY {f.entangle.body}, rPD/rED {f.entangle.defense}"))
        for m in f.sheet.multipowers:
            row.append((m.name, f.slots.get(m.name, "")))
        charged = [a for a in f.sheet.attacks if a.charges is not None]
        for a in charged:
            label = "Charges" if len(charged) == 1 else f"{a.name} charges"
            row.append((label, f"{f.charges_left(a)}/{a.charges}"))
        out[cid] = row
    return out


def event_details(event: Event) -> list[str]:
    """Extra lines under an expanded log entry: the full modifier chains of a roll."""
    kind = getattr(event, "kind", "")
    if kind == "attack_rolled":
        return _attack_details(event)
    if kind == "damage_rolled":
        return _damage_details(event)
    if kind == "block_rolled":
        return _block_details(event)
    return []


def _block_details(e: Any) -> list[str]:
    """A Block's roll with both OCV checklists: the blocker's and the attacker's."""
    lines = [f"roll: 3d6 {list(e.faces)} = {sum(e.faces)}; needs 11 + OCV {e.blocker_ocv.value} - OCV "
             f"{e.attacker_ocv.value} (-2 per earlier Block) = {e.needed} or less -> "
             f"{'blocked' if e.success else 'fails'}"]
    lines += ["      blocker's " + ln if i == 0 else "      " + ln
              for i, ln in enumerate(_chain_lines(e.blocker_ocv, OCV_STEPS))]
    lines += ["      attacker's " + ln if i == 0 else "      " + ln
              for i, ln in enumerate(_chain_lines(e.attacker_ocv, OCV_STEPS))]
    return ["      " + lines[0]] + lines[1:]


def _chain_lines(chain: CVChain, steps: dict[int, str]) -> list[str]:
    lines = [f"{chain.name} {chain.base}  (base)"]
    for m in chain.modifiers:
        step = steps.get(m.step, f"step {m.step}")
        lines.append(f"  {m.text():<28} [{m.step}. {step}]")
    lines.append(f"  = {chain.value}")
    return lines


def _attack_details(e: Any) -> list[str]:
    lines = [f"roll: 3d6 {list(e.faces)} = {e.total}; needs 11 + {e.ocv.name} {e.ocv.value} - {e.dcv.name} "
             f"{e.dcv.value} = {e.needed} or less -> {'HIT' if e.hit else 'miss'}"]
    lines += ["      " + ln for ln in _chain_lines(e.ocv, OCV_STEPS)]
    lines += ["      " + ln for ln in _chain_lines(e.dcv, DCV_STEPS)]
    return ["      " + lines[0]] + lines[1:]


def _damage_details(e: Any) -> list[str]:
    lines = []
    if getattr(e, "added", ()):
        for src, n in e.added:
            lines.append(f"      +{n} DC from {src}")
        if e.capped:
            lines.append("      (added damage capped at double the base)")
    for src, n in getattr(e, "flat", ()):
        lines.append(f"      +{n} {src}")
    if getattr(e, "damage_kind", "") == "killing":
        lines.append(f"      STUN = BODY {e.body} x multiplier {e.multiplier} (die showed {e.multiplier_face})")
    if getattr(e, "doubled", ""):
        lines.append(f"      {e.doubled}")
    return lines
