"""The scrolling combat log: the text log's lines, one entry per event, brief by default.

An entry whose verbose form says more (a roll's OCV/DCV chains, the END spent, the damage
added) is marked ``▸``; selecting it (Enter or a click) expands it to the full chain, ``▾``.
``v`` expands or collapses every entry. Lines that only the verbose log shows (END spending)
are folded into the entry before them rather than dropped.

The log follows the battle while its view is at the end. Scrolled up (to read back, or with a
line highlighted to rewind to), it stays where the reader is, and its lower border counts the
entries that arrived below; scrolling back to the end (``End``) follows again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from slugfest.core.engine.events import Event
from slugfest.core.render.text import TextLog

from .. import systems

# Styles by event kind, from the theme.
_KIND_STYLE = {
    "battle_started": "bold $text-primary",
    "segment_started": "bold",
    "post_segment_12": "bold $text-muted",
    "phase_started": "$text-muted",
    "phase_skipped": "$text-muted italic",
    "status_changed": "bold $text-warning",
    "action_refused": "bold $text-error",
    "plugin_failed": "bold $text-error",
    "battle_ended": "bold $text-success",
    "recovered": "$text-success",
}
_HIT = re.compile(r"\bHIT\b")
_MISS = re.compile(r"\bmiss\b")
_REASON = re.compile(r"  \(.*\)$")


@dataclass
class Entry:
    event_index: int
    kind: str
    brief: str
    verbose: str
    details: list[str] = field(default_factory=list)
    folded: list[str] = field(default_factory=list)
    expanded: bool = False
    actor: str = ""

    @property
    def expandable(self) -> bool:
        return bool(self.details or self.folded or self.verbose != self.brief)


def _actor(e: Event) -> str:
    return str(getattr(e, "actor", "") or getattr(e, "attacker", "") or "")


def _tighten(text: str) -> str:
    """The text log indents two spaces a level; one is enough in a narrow panel."""
    out = []
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        out.append(" " * ((len(line) - len(stripped)) // 2) + stripped)
    return "\n".join(out)


class CombatLog(OptionList):
    """Log entries as options of an :class:`OptionList` (fast for long battles)."""

    def __init__(self, names: dict[str, str], system: Any = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.system = system  # the battle's rules system: it gives a roll's details
        self._brief = TextLog(names, verbose=False)
        self._verbose = TextLog(names, verbose=True)
        self.entries: list[Entry] = []
        self.expand_all = False
        self.unseen = 0  # entries added below while the reader was scrolled away
        self.hint = ""  # the lower border's own words, when nothing waits below
        self._lines_width = -1  # the width the option list laid its lines out at

    def _update_lines(self) -> None:
        """Textual's option list lays out each new entry's wrapped lines once, at the width of
        the moment, and lays them out again only on a resize. The scrollbar appearing narrows
        the content without resizing the widget, so entries laid out before it kept their wider
        wrap and lost their last line (issue 21: an initiative line ended "... + Vigilance 3 ="
        without its total). Here the layout starts again whenever the content width changes."""
        width = self.scrollable_content_region.width
        if width != self._lines_width and self.scrollable_content_region:
            self._lines_width = width
            self._option_render_cache.clear()
            self._line_cache.clear()
        super()._update_lines()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Lines wrap, so there is nothing to scroll sideways: ← and → go on to the battle
        screen (step back, step) even with the log focused, and the keys panel does not list
        them twice."""
        if action in ("scroll_left", "scroll_right", "page_left", "page_right"):
            return False
        return super().check_action(action, parameters)

    # -- building ------------------------------------------------------------------------

    def reset(self, events: Iterable[Event]) -> None:
        self.entries = []
        self.clear_options()
        self._brief.reset()  # a heading the old log had not said yet is not the new one's
        self._verbose.reset()
        self._seen_all()
        self.add_events(events, 0)

    @property
    def at_end(self) -> bool:
        """Whether the view shows the log's last line (within a line: a wrapped entry may not
        fill the last row)."""
        return self.max_scroll_y - self.scroll_y <= 1

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self.unseen and self.at_end:
            self._seen_all()

    def _seen_all(self) -> None:
        self.unseen = 0
        if self.hint:
            self.border_subtitle = self.hint

    def add_events(self, events: Iterable[Event], first_index: int) -> None:
        last = self.highlighted is None or self.highlighted >= self.option_count - 1
        follow = self.at_end or (last and self.highlighted is not None) or not self.entries
        new: list[Entry] = []
        changed: set[int] = set()
        for offset, e in enumerate(events):
            brief = self._brief.line(e)
            verbose = self._verbose.line(e)
            if brief is None:
                if verbose is not None:
                    self._fold(verbose, _actor(e), new, changed)
                continue
            new.append(Entry(first_index + offset, e.kind, brief, verbose or brief,
                             systems.event_details(e, self.system), expanded=self.expand_all, actor=_actor(e)))
        for i in changed:
            self.replace_option_prompt_at_index(i, self.prompt(self.entries[i]))
        if new:
            self.entries.extend(new)
            self.add_options(Option(self.prompt(en)) for en in new)
        if follow and self.entries:
            if self.highlighted is not None and last:
                self.highlighted = len(self.entries) - 1
            self.scroll_end(animate=False, immediate=False)
        elif new:
            self.unseen += len(new)
            self.border_subtitle = f"▼ {self.unseen} new below · End: follow the battle"

    def _fold(self, text: str, actor: str, new: list[Entry], changed: set[int]) -> None:
        """Attach a verbose-only line (END spent) to a recent entry about the same combatant."""
        recent = [(None, en) for en in reversed(new)] + [(i, self.entries[i])
                                                         for i in range(len(self.entries) - 1, -1, -1)]
        recent = recent[:6]
        if not recent:
            return
        index, target = next(((i, en) for i, en in recent if actor and en.actor == actor), recent[0])
        target.folded.extend(text.splitlines())
        if index is not None:
            changed.add(index)

    def prompt(self, en: Entry) -> Content:
        marker = ("▾ " if en.expanded else "▸ ") if en.expandable else "  "
        text = _tighten((en.verbose if en.expanded else en.brief).rstrip("\n"))
        body = self._style(text, en.kind)
        if en.expanded:
            extra = [*en.details, *en.folded]
            if extra:
                body = body + Content("\n") + Content.styled(_tighten("\n".join(extra)), "$text-muted")
        # Indent continuation lines under the marker.
        if "\n" in body.plain:
            body = Content("\n  ").join(body.split("\n"))
        return Content.styled(marker, "$text-accent") + body

    def _style(self, text: str, kind: str) -> Content:
        content = Content.styled(text, _KIND_STYLE.get(kind, ""))
        if kind == "action_chosen":
            if text.endswith("(player's choice)"):
                content = Content.styled(text, "bold $text-accent")
            else:
                content = content.highlight_regex(_REASON, style="$text-muted italic")
        if kind == "attack_rolled":
            content = content.highlight_regex(_HIT, style="bold $text-success")
            content = content.highlight_regex(_MISS, style="bold $text-warning")
        if kind in ("status_changed",) and ("knocked out" in text or " dead" in text or "dying" in text):
            content = Content.styled(text, "bold $text-error")
        return content

    # -- interaction ---------------------------------------------------------------------

    def toggle(self, index: int) -> None:
        en = self.entries[index]
        if not en.expandable:
            return
        en.expanded = not en.expanded
        self.replace_option_prompt_at_index(index, self.prompt(en))

    def set_expand_all(self, expanded: bool) -> None:
        self.expand_all = expanded
        for i, en in enumerate(self.entries):
            if en.expandable and en.expanded != expanded:
                en.expanded = expanded
                self.replace_option_prompt_at_index(i, self.prompt(en))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is self:
            event.stop()
            self.toggle(event.option_index)

    def highlighted_event(self) -> int | None:
        """The event index of the highlighted entry, if any."""
        if self.highlighted is None or not 0 <= self.highlighted < len(self.entries):
            return None
        return self.entries[self.highlighted].event_index

    def text(self) -> str:
        """Everything the log shows now, as plain text (tests read it)."""
        prompts = (self.get_option_at_index(i).prompt for i in range(self.option_count))
        return "\n".join(p.plain if isinstance(p, Content) else str(p) for p in prompts)
