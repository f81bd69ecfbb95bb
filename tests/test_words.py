"""Words the log and the app print: a possessive that never reads "Heroes's" (issue 37)."""

import pytest

from slugfest.core.render.words import possessive


@pytest.mark.parametrize("name,expected", [
    ("Heroes", "Heroes'"), ("Claws", "Claws'"), ("Magnetic Bonds", "Magnetic Bonds'"),  # plurals
    ("Enchantress", "Enchantress's"), ("Colossus", "Colossus's"), ("Solaris", "Solaris's"),  # singular names
    ("Thor", "Thor's"), ("Pistol", "Pistol's"),
])
def test_a_plural_takes_a_bare_apostrophe_and_a_name_its_apostrophe_s(name, expected):
    assert possessive(name) == expected


def test_an_action_line_names_its_combatants_not_their_ids():
    """Issue 37: "Bulwark -> grab -> razorback": the log names every combatant, in a Multiple
    Attack's pairs and a refusal too, and replaces an id only as a whole word."""
    from slugfest.core.engine.events import ActionChosen, ActionRefused
    from slugfest.core.render.text import TextLog

    log = TextLog({"bulwark": "Bulwark", "razorback": "Razorback", "b": "Blaze", "she-hulk": "She-Hulk"})
    assert log.line(ActionChosen("bulwark", "grab -> razorback", "", "ai")) == "  Bulwark -> grab -> Razorback"
    assert log.named("multiple attack [Punch->razorback, Kick->she-hulk]") == \
        "multiple attack [Punch->Razorback, Kick->She-Hulk]"
    assert log.named("strike Blast -> b (push 5)") == "strike Blast -> Blaze (push 5)"  # not the B of Blast
    refused = ActionRefused("bulwark", "strike Punch -> b", "out of reach", "stubborn")
    assert log.line(refused) == "  ! stubborn chose 'strike Punch -> Blaze' for Bulwark: refused, out of reach"
    assert TextLog().named("strike Punch -> b") == "strike Punch -> b"  # no names known: as it is


def test_every_possessive_the_log_and_the_app_write_goes_through_the_one_helper():
    """Issue 37's audit: f-strings wrote ``f"{name}'s"`` by hand, so one log read "Jessica
    Jones' turn" and "Jessica Jones's Karma". The narrations and the app add the ``'s`` only
    through :func:`possessive`. (The words the rules put in events, an edge's "Jessica Jones's
    Karma", stay as they are: a save's digest covers them, so changing them breaks old saves.)"""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    files = [root / "core" / "hero" / "narration.py", root / "core" / "marvel" / "narration.py",
             *sorted((root / "core" / "render").glob("*.py")), *sorted((root / "tui").rglob("*.py"))]
    by_hand = re.compile(r"\}'s\b")
    found = [f"{path.relative_to(root)}:{n}" for path in files if path.name != "words.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if by_hand.search(line)]
    assert found == []
