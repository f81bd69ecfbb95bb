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


def test_every_possessive_the_code_writes_goes_through_the_one_helper():
    """Issue 37's audit: some 35 f-strings wrote ``f"{name}'s"`` by hand, so one log read
    "Jessica Jones' turn" and "Jessica Jones's Karma". Only :func:`possessive` may add the ``'s``."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    by_hand = re.compile(r"\}'s\b")
    found = [f"{path.relative_to(root)}:{n}" for folder in ("core", "plugins", "tui", "slugfest")
             for path in sorted((root / folder).rglob("*.py")) if path.name != "words.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if by_hand.search(line)]
    assert found == []


def test_one_log_writes_jessica_jones_possessive_one_way():
    """The audit's own pair (``marvel-hydra``, seed 1): "Jessica Jones' turn" from the narration
    and "Jessica Jones's Karma" from the rules' roll text; now both through :func:`possessive`."""
    from slugfest.core.engine.battle import Battle
    from slugfest.core.files.scenario import load_scenario
    from slugfest.core.render.text import TextLog
    from slugfest.scenarios import bundled

    sc = load_scenario(bundled()["marvel-hydra"])
    b = Battle(sc, seed=1)
    b.run()
    log = "\n".join(TextLog({c.id: c.name for c in sc.combatants}).lines(b.events))
    assert "(trouble: Jessica Jones' Karma)" in log and "Jessica Jones' turn" in log
    assert "Jones's" not in log
