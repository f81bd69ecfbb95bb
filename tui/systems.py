"""What the interface shows differently per rules system, kept in one place.

Everything else in ``tui/`` renders generically from ``system.snapshot(battle)``: a
combatant's ``[current, max]`` pairs become bars, its other numbers small figures, its
``status`` or ``conditions`` words its state. The functions here add what a snapshot does
not carry (HERO's current OCV and DCV, the modifier chains of a roll, the attacks a
character has) and fall back to nothing for a system they do not know.

Functions taking a ``battle`` read live rules state: call them where the battle is not being
changed (the battle screen calls them in its worker, under the session lock).
"""

from __future__ import annotations

from typing import Any

from slugfest.core.events import Event
from slugfest.core.words import plural

#: Snapshot keys that are not figures to show.
_NOT_FIGURES = frozenset({"id", "name", "side", "position", "status", "conditions", "ai", "controller"})


# -- from snapshot data ---------------------------------------------------------------------

def bars(c: dict[str, Any]) -> list[tuple[str, int | float, int | float]]:
    """``(label, current, maximum)`` for each ``[current, max]`` pair, in snapshot order."""
    out = []
    for key, value in c.items():
        if key in _NOT_FIGURES:
            continue
        if (isinstance(value, (list, tuple)) and len(value) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
            out.append((key, value[0], value[1]))
    return out


def figures(c: dict[str, Any]) -> list[tuple[str, str]]:
    """Single numbers (HERO: SPD; Marvel: rank, initiative...) as ``(label, text)``."""
    out = []
    for key, value in c.items():
        if key in _NOT_FIGURES:
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append((key, str(value)))
    return out


def conditions(c: dict[str, Any]) -> list[str]:
    words: list[str] = []
    for key in ("status", "conditions"):
        value = c.get(key)
        if isinstance(value, (list, tuple)):
            words.extend(str(v) for v in value)
        elif isinstance(value, str) and value:
            words.append(value)
    return words


#: Conditions that take a combatant out of the fight, and ones that hamper it.
OUT_WORDS = frozenset({"knocked out", "dead", "dying", "unconscious", "killed", "defeated", "shattered"})
HURT_WORDS = frozenset({"stunned", "prone", "staggered", "paralyzed", "grabbed", "bleeding", "demoralized"})


def is_out(c: dict[str, Any]) -> bool:
    return any(w in OUT_WORDS for w in conditions(c))


def clock(snapshot: dict[str, Any], time_unit: str = "turn") -> str:
    """Where the battle is in time: ``Turn 2, Segment 10`` (HERO) or ``Round 3`` (Marvel)."""
    parts = []
    if "turn" in snapshot:
        parts.append(f"Turn {snapshot['turn']}")
    if "segment" in snapshot:
        parts.append(f"Segment {snapshot['segment']}")
    if "round" in snapshot:
        parts.append(f"Round {snapshot['round']}")
    return ", ".join(parts) if parts else time_unit.title()


def distance_text(cells: int, metres_per_cell: float, cell_unit: str) -> str:
    """A distance as the system counts it: HERO in metres (``46 m``), Marvel in spaces."""
    if cell_unit == "m":
        metres = cells * metres_per_cell
        return f"{metres:g} m"
    unit = cell_unit or "cell"
    return plural(cells, unit)


def cell_text(metres_per_cell: float, cell_unit: str) -> str:
    """What one map cell is: ``1 cell = 2 m`` or ``1 cell = 1 space (1.5 m)``."""
    if cell_unit == "m":
        return f"1 cell = {metres_per_cell:g} m"
    return f"1 cell = 1 {cell_unit or 'cell'} ({metres_per_cell:g} m)"


# -- from the live battle (call under the session lock) ------------------------------------------

def extras(battle: Any) -> dict[str, list[tuple[str, str]]]:
    """Figures a snapshot lacks, per combatant id (HERO: DEX, OCV and the current DCV)."""
    system = battle.system
    out: dict[str, list[tuple[str, str]]] = {}
    if getattr(system, "name", "") == "hero" and battle.state is not None:
        for cid, f in battle.state.fighters.items():
            try:
                dcv = system.dcv_chain(battle, f).value
            except Exception:  # a display nicety must never break the screen
                dcv = f.ch.DCV
            out[cid] = [("OCV", str(f.ch.OCV)), ("DCV", str(dcv)), ("DEX", str(f.ch.DEX))]
    return out


def attacks_of(battle: Any, cid: str) -> list[tuple[str, bool]]:
    """``(attack name, hand-to-hand)`` for each attack the combatant has, if the system says."""
    try:
        view = battle.system.combatant_view(battle, cid)
    except Exception:
        return []
    sheet = getattr(view, "sheet", None)
    out = []
    for a in getattr(sheet, "attacks", ()) or ():
        name = getattr(a, "name", None)
        if isinstance(name, str):
            out.append((name, bool(getattr(a, "hth", False))))
    return out


def skill_levels(battle: Any, cid: str) -> int:
    """How many Combat Skill Levels the combatant may put into OCV, DCV or damage (HERO; 0 elsewhere)."""
    if getattr(battle.system, "name", "") != "hero":
        return 0
    try:
        csl = battle.system.combatant_view(battle, cid).sheet.csl
    except Exception:  # a display nicety must never break the prompt
        return 0
    return csl if isinstance(csl, int) else 0


def supports_push(system_name: str) -> bool:
    """Whether the system lets an attacker push (spend extra points on) an attack: HERO only."""
    return system_name == "hero"


def maneuvers_for(system_name: str, hth: bool) -> tuple[str, ...]:
    """The maneuvers a player may try with an attack (the rules say which are legal now)."""
    if system_name == "hero":
        return ("strike", "haymaker", "move through") if hth else ("strike", "brace", "set")
    return ()  # other systems: the maneuvers their menu offers


# -- the log ------------------------------------------------------------------------------

def event_details(event: Event) -> list[str]:
    """Extra lines for an expanded log entry: the full modifier chain of a roll."""
    kind = getattr(event, "kind", "")
    if kind == "attack_rolled":
        return _hero_attack_details(event)
    if kind == "damage_rolled":
        return _hero_damage_details(event)
    return []


def _chain_lines(chain: Any, steps: dict[int, str]) -> list[str]:
    lines = [f"{chain.name} {chain.base}  (base)"]
    for m in chain.modifiers:
        step = steps.get(m.step, f"step {m.step}")
        lines.append(f"  {m.text():<28} [{m.step}. {step}]")
    lines.append(f"  = {chain.value}")
    return lines


def _hero_attack_details(e: Any) -> list[str]:
    try:
        from slugfest.core.hero.combat_values import DCV_STEPS, OCV_STEPS
    except ImportError:  # pragma: no cover
        return []
    lines = [f"roll: 3d6 {list(e.faces)} = {e.total}; needs 11 + OCV {e.ocv.value} - DCV {e.dcv.value} "
             f"= {e.needed} or less -> {'HIT' if e.hit else 'miss'}"]
    lines += ["      " + ln for ln in _chain_lines(e.ocv, OCV_STEPS)]
    lines += ["      " + ln for ln in _chain_lines(e.dcv, DCV_STEPS)]
    return ["      " + lines[0]] + lines[1:]


def _hero_damage_details(e: Any) -> list[str]:
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
