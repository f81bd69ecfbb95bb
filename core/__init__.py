"""Slugfest's rules core: dice, scenarios, the battle loop, events and plugin hooks.

Nothing in this package imports Textual or ``tui``: the core is pure rules and the loop
that drives them, and everything a user sees is rendered from the events it emits.
"""
