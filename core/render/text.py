"""The readable text log: one renderer, with one formatting function per event type.

Each rules system registers formatters for its own events (its ``narration`` module). An
event with no formatter is shown by its kind and fields, never dropped. A formatter may return
a :class:`Quiet` heading, said only if a line follows it before the next :class:`Heading`.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, TypeVar

from ..engine.events import (
    ActionChosen, ActionRefused, BattleEnded, BattleStarted, Event, Moved, Note, PluginFailed, to_jsonable)

E = TypeVar("E", bound=Event)
Formatter = Callable[[Event, "TextLog"], "str | None"]
FORMATTERS: dict[type, Formatter] = {}


def formats(cls: type[E]) -> Callable[[Callable[[E, "TextLog"], str | None]], Callable[[E, "TextLog"], str | None]]:
    def register(fn: Callable[[E, "TextLog"], str | None]) -> Callable[[E, "TextLog"], str | None]:
        FORMATTERS[cls] = fn  # type: ignore[assignment]
        return fn

    return register


class Heading(str):
    """A line that says where in the battle the lines after it happen (a HERO Segment with
    Phases in it): it takes the place of a :class:`Quiet` heading nothing followed."""


class Quiet(Heading):
    """A heading said only if a line follows it before the next heading: a HERO Segment in
    which no one has a Phase is passed over in silence, unless something happens in it (a
    Haymaker wound up the Segment before lands at its end), which then reads under its own
    Segment rather than under the Turn before. It is said with that line, as one text."""


class TextLog:
    """Turns events into lines. ``names`` maps combatant ids to display names."""

    def __init__(self, names: dict[str, str] | None = None, verbose: bool = True) -> None:
        self.names = names or {}
        self.verbose = verbose
        self._ids: re.Pattern[str] | None = None  # the ids, as :meth:`named` finds them
        self._unsaid: str | None = None  # a Quiet heading no line has followed yet

    def name(self, cid: str) -> str:
        return self.names.get(cid, cid)

    def named(self, label: str) -> str:
        """An action's label (:meth:`Action.label`, which names combatants by id) with each
        combatant's name for its id: "grab -> Razorback", not "grab -> razorback". An id is
        replaced only as a whole word ("b" in "strike Punch -> b", never the b of "Blast")."""
        if not self.names:
            return label
        if self._ids is None:
            ids = sorted((i for i in self.names if i), key=len, reverse=True)
            self._ids = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
        return self._ids.sub(lambda m: self.names[m.group(1)], label) if self._ids is not None else label

    def roll_offs(self, order: Iterable[str], rolls: Iterable[tuple[str, int]]) -> str:
        """A roll-off's dice (``rolls``: (who, roll) as made, a re-roll among those still tied
        after the first) said beside each roller, in ``order`` (who acts first first): "Solaris 3
        then 6, Leech 3 then 2". Listed as they were made, a re-roll read like another tie."""
        by: dict[str, list[int]] = {}
        for who, roll in rolls:
            by.setdefault(who, []).append(roll)
        return ", ".join(f"{self.name(w)} {' then '.join(map(str, by[w]))}" for w in order if w in by)

    def line(self, event: Event) -> str | None:
        """The event's text (None when it says nothing here), a :class:`Quiet` heading still
        unsaid before it."""
        text = self._said(event)
        if isinstance(text, Quiet):
            self._unsaid = str(text)
            return None
        unsaid = self._unsaid
        if unsaid is None:
            return text
        if text is None:
            if self.verbose or self._said(event, verbose=True) is None:
                return None
            # the full log says something here: the brief one puts the heading on the same
            # event, alone, so the two never place it under different events
            self._unsaid = None
            return unsaid
        self._unsaid = None
        return text if isinstance(text, Heading) else f"{unsaid}\n{text}"

    def reset(self) -> None:
        """Forget a :class:`Quiet` heading still unsaid (the log starts again: a rewind)."""
        self._unsaid = None

    def _said(self, event: Event, verbose: bool | None = None) -> str | None:
        """The event's own text, as this log (or, with ``verbose``, the full or brief one) says it."""
        fn = FORMATTERS.get(type(event))
        if fn is None:
            data = to_jsonable(event)
            data.pop("event", None)
            return f"[{event.kind}] " + ", ".join(f"{k}={v}" for k, v in data.items())
        if verbose is None or verbose == self.verbose:
            return fn(event, self)
        mode, self.verbose = self.verbose, verbose
        try:
            return fn(event, self)
        finally:
            self.verbose = mode

    def lines(self, events: Iterable[Event]) -> list[str]:
        out = []
        for e in events:
            text = self.line(e)
            if text is not None:
                out.append(text)
        return out


@formats(BattleStarted)
def _started(e: BattleStarted, log: TextLog) -> str:
    sides = "; ".join(f"{name}: {', '.join(log.name(c) for c in members)}" for name, members in e.sides)
    opts = ", ".join(f"{k}={_toml_word(v)}" for k, v in e.options) or "defaults"
    rules = f"; house rules: {', '.join(e.house_rules)}" if e.house_rules else ""
    return f"=== {e.scenario} ({e.system}, seed {e.seed}) ===\n{sides}\nrules: {opts}{rules}"


def _toml_word(v: object) -> str:
    """Option values as a scenario file writes them (true, not True)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v) if isinstance(v, str) else str(v)


@formats(ActionChosen)
def _chosen(e: ActionChosen, log: TextLog) -> str | None:
    if e.action == "declines" and e.action_kind == "none" and e.chosen_by != "player":
        return None  # an AI passing on an offer made on someone else's roll (Marvel: Interpose, Help, Karma)
    reason = f"  ({e.reason})" if e.reason else ""
    return f"  {log.name(e.actor)} -> {log.named(e.action)}{reason}"


@formats(ActionRefused)
def _refused(e: ActionRefused, log: TextLog) -> str:
    return f"  ! {e.chosen_by} chose '{log.named(e.action)}' for {log.name(e.actor)}: refused, {e.why}"


@formats(PluginFailed)
def _failed(e: PluginFailed, log: TextLog) -> str:
    return f"  ! plugin {e.plugin!r} failed in {e.hook}: {e.error} ({e.fallback})"


@formats(Moved)
def _moved(e: Moved, log: TextLog) -> str:
    return f"    {log.name(e.actor)} {e.why}: {e.start[0]},{e.start[1]} -> {e.end[0]},{e.end[1]} ({e.distance} {e.unit})"


@formats(Note)
def _note(e: Note, log: TextLog) -> str:
    return f"    [{e.source}] {e.text}"


@formats(BattleEnded)
def _ended(e: BattleEnded, log: TextLog) -> str:
    who = f"{e.winner} win" if e.winner else "Draw"
    standing = ", ".join(log.name(s) for s in e.survivors) or "no one"
    return f"=== {who}: {e.reason}, in {e.unit.title()} {e.rounds}. Still standing: {standing} ==="
