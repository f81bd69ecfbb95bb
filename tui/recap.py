"""What a prompt repeats of the log it covers: the player's own last action and how it came out,
first, then the newest lines. Pure functions of the events and the text log, so the rule of what
counts as the player's action and its result is tested without the app.

After Sparkwing's Lightning Bolt, two Post-Segment-12 recoveries, a Segment heading and a Phase
line had pushed its result out of the prompt's four lines; at 80x24 a long roll line was cut
before its HIT or miss. Hence: the verdict joins the head line, the clock's own lines are left
out (the dialog and the status bar say them), and so are the AIs' reasons.
"""

from __future__ import annotations

import re

from slugfest.core.engine.events import ActionChosen, Event
from slugfest.core.render.text import TextLog

#: The clock's lines, which a prompt's recap leaves out (the dialog and the status bar say them).
CLOCK_KINDS = frozenset({"segment_started", "phase_started", "turn_started", "round_started"})
#: The reason an AI gives for its choice, at the end of an "X -> action" line.
AI_REASON = re.compile(r"  \(.*\)$")
#: A line that says how an action came out: damage taken, a Block, a knockback, a change of status.
_RESULT = re.compile(r"\b(takes|blocked|block fails|knocked)\b|is now|is no longer")
#: A roll's verdict on an attack line (HERO: "...: HIT; would hit up to DCV 8"; Marvel: "...: HIT, Fantastic success!").
_VERDICT = re.compile(r"\b(HIT|miss)\b( \([^)]*\))?(, Fantastic success)?")
#: The answers to an attack that belong to it (see :func:`_ends_action`).
_ANSWERS = frozenset({"none", "dodge", "block", "dive", "karma", "help", "interpose", "power", "escape", "team"})
#: How far back to look for the player's last action.
_LOOK_BACK = 600


def _players(e: Event) -> bool:
    """An action the player chose (not a question declined)."""
    return isinstance(e, ActionChosen) and e.chosen_by == "player" and e.action_kind != "none"


def _ends_action(e: Event) -> bool:
    """The next action or a new Segment, Phase, turn or round. A defence or a help answering it
    (a Dodge, a Block, Karma, an Interpose) is part of the action; a held Phase or a reaction
    that strikes (HERO's held attack, Marvel's Ram) is an action of its own."""
    if isinstance(e, ActionChosen):
        return e.decision != "abort" or e.action_kind not in _ANSWERS
    return e.kind in CLOCK_KINDS


def own_result(events: list[Event], recap: TextLog, names: dict[str, str], most: int = 3) -> tuple[str, ...]:
    """``You (Sparkwing): strike Lightning Bolt -> Ironclad: HIT`` and the lines of how it came
    out (the damage taken, a status changed), at most ``most`` lines; () before the player acts."""
    begin = next((i for i in range(len(events) - 1, max(len(events) - _LOOK_BACK, 0) - 1, -1)
                  if _players(events[i])), None)
    if begin is None:
        return ()
    end = next((i for i in range(begin + 1, len(events)) if _ends_action(events[i])), len(events))
    # an entry's first line is its result; the rest (the END it cost, a note) can wait for the log
    lines = [entry.strip().split("\n")[0] for entry in recap.lines(events[begin + 1:end]) if entry.strip()]
    if not lines:
        return ()
    # the roll's verdict joins the head, so a narrow dialog never cuts it off a long roll line
    verdicts = [m.group(0) for line in lines if (m := _VERDICT.search(line))]
    results = [line for line in lines if _RESULT.search(line) and not _VERDICT.search(line)]
    chosen = events[begin]
    assert isinstance(chosen, ActionChosen)
    action = recap.named(chosen.action)  # ids as names, as the log writes them
    head = f"You ({names.get(chosen.actor, chosen.actor)}): {action}"
    if verdicts:
        head += ": " + ", ".join(verdicts[:3]) + (" ..." if len(verdicts) > 3 else "")
    elif not results:
        results = lines[:1]  # a move, a Recovery: its one line says how it went
    return (head, *results[:most - 1]) if most > 1 else (head,)
