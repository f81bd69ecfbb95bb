"""Checks on what plugins hand back, shared by every rules system's validators: a result goes into
the battle's state and its log only once every field is of the kind the log and the rules use."""

from __future__ import annotations


def whole(v: object) -> bool:
    """A whole number, not a bool, not a float (so never NaN or infinite)."""
    return type(v) is int


def notes_problem(notes: object) -> str:
    """Why a result's notes cannot go into the log ("" if they can): a tuple of short texts."""
    if not isinstance(notes, tuple) or not all(isinstance(n, str) for n in notes):
        return f"notes must be a tuple of texts, got {notes!r}"[:200]
    if len(notes) > 100 or any(len(n) > 2000 for n in notes):
        return "notes too many or too long for a log line"
    return ""
