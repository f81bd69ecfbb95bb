"""Slugfest's core: the rules systems and the battle loop that drives them, read from the
bottom up: :mod:`.rules` (dice, the map, records every rules system is built from),
:mod:`.engine` (decisions, events, the plugin API and the loop), the rules systems
(:mod:`.hero`, :mod:`.marvel`), :mod:`.files` (scenarios, saves, imports), :mod:`.batch`
(many battles and their statistics), :mod:`.render` (the text and JSONL logs), and
:mod:`.testing` (helpers for tests, and the reliability campaigns the game never imports).

Nothing in this package imports Textual or ``tui``: the core is pure rules and the loop
that drives them, and everything a user sees is rendered from the events it emits.
"""
