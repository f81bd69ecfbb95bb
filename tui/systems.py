"""Reading a rules system's snapshot, the same way for every system.

Everything in ``tui/`` renders from what the rules system's interface gives
(:class:`core.engine.system.RulesSystem`): the snapshot, where a combatant's ``[current, max]`` pairs
become bars, its other numbers small figures, its ``status`` or ``conditions`` words its state
and its ``phases`` a row of the Speed Chart; the figures a snapshot lacks (``figures``); what the
player's prompt may offer (``player_options``); the details of a roll (``event_details``).
Nothing here knows which system it shows.
"""

from __future__ import annotations

from typing import Any

from slugfest.core.engine.events import Event
from slugfest.core.prices import UNITS, price, shown
from slugfest.core.render.words import plural

#: Snapshot keys that are not figures to show.
_NOT_FIGURES = frozenset({"id", "name", "side", "position", "status", "conditions", "ai", "controller", "phases"})


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
HURT_WORDS = frozenset({"stunned", "prone", "staggered", "paralyzed", "grabbed", "pinned", "bleeding", "ablaze",
                        "blinded", "slowed", "off-balance", "poisoned", "corroding", "demoralized"})


#: A condition that a pool at 0 or below brings, what it means and when worse comes (Marvel:
#: seed, "Effects of Damage"): a card read "Focus -28/90" and "demoralized" with no word of
#: what either means. ``{worst}`` is minus the pool's maximum.
CONDITION_NOTES = (
    ("demoralized", "Focus", "trouble on all actions, no Focus to spend, until Focus 1; shattered at Focus {worst}"),
)


def condition_notes(c: dict[str, Any]) -> list[str]:
    """What each of ``c``'s pool conditions means (:data:`CONDITION_NOTES`), ``word: meaning``."""
    words = conditions(c)
    pools = {key: mx for key, _, mx in bars(c)}
    return [f"{word}: {note.format(worst=f'-{pools[pool]:g}')}" for word, pool, note in CONDITION_NOTES
            if word in words and pool in pools]


def is_out(c: dict[str, Any]) -> bool:
    return any(w in OUT_WORDS for w in conditions(c))


def clock(snapshot: dict[str, Any], time_unit: str = "turn") -> str:
    """Where the battle is in time: ``Turn 2, Segment 10`` (HERO) or ``Round 3`` (Marvel)."""
    parts = []
    if "turn" in snapshot:
        parts.append(f"Turn {snapshot['turn']}")
    if "segment" in snapshot:
        parts.append(f"Segment {snapshot['segment']}")
    if "round" in snapshot:  # Marvel's round 0 is the bonus round, as the log and the dialogs call it
        parts.append(f"Round {snapshot['round']}" if snapshot["round"] else "Bonus round")
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


# -- the log ------------------------------------------------------------------------------

def event_details(event: Event, system: Any) -> list[str]:
    """Extra lines for an expanded log entry (the full modifier chain of a roll), as the
    battle's rules system gives them; none for a system that does not say."""
    describe = getattr(system, "event_details", None)
    if describe is None:
        return []
    try:
        return list(describe(event))
    except Exception:  # a display nicety must never break the screen
        return []


# -- from the scenario ----------------------------------------------------------------------

def price_figures(scenario: Any) -> dict[str, list[tuple[str, str]]]:
    """Each combatant's sheet price as a card figure (``CP 252``, ``rank-eq 5.20``): what
    `slugfest check --costs` totals; none for a system with no price list."""
    out: dict[str, list[tuple[str, str]]] = {}
    for c in scenario.combatants:
        points = price(scenario.system, c.sheet)
        if points is not None:
            out[c.id] = [(UNITS[scenario.system], shown(scenario.system, points))]
    return out
