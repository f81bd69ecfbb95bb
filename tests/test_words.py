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
