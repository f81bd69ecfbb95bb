"""`slugfest balance` (issue 16): bisect a whole-valued parameter for an even matchup."""

import json

import pytest

from slugfest import cli
from slugfest.core.batch.balance import BalanceError, Knob, parse_range, search


def measuring(rates):
    """A measure from a table of value -> share of 1,000 decided battles, counting the calls."""
    calls = []

    def measure(v):
        calls.append(v)
        wins = round(rates[v] * 1000)
        return wins, 1000, 1000

    return measure, calls


def test_the_search_bisects_to_the_two_values_around_the_target():
    rates = {v: 0.1 * v for v in range(1, 10)}  # 10% at 1 .. 90% at 9
    measure, calls = measuring(rates)
    found = search(Knob(1, 9), 0.47, measure)
    assert found.best.value == 5 and found.crossing == pytest.approx(4.7)
    assert calls == [1, 9, 5, 3, 4]  # the ends, then halves
    assert found.battles == 5000 and not found.outside


def test_a_falling_rate_is_searched_the_other_way():
    rates = {v: 1 - 0.1 * v for v in range(1, 10)}
    measure, _ = measuring(rates)
    found = search(Knob(1, 9), 0.5, measure)
    assert found.best.value == 5 and found.within


def test_a_target_outside_the_ranges_rates_is_said_not_guessed():
    rates = {v: 0.6 + 0.01 * v for v in range(1, 10)}
    measure, calls = measuring(rates)
    found = search(Knob(1, 9), 0.5, measure)
    assert "below every rate in the range" in found.outside and "widen the range below 1" in found.outside
    assert calls == [1, 9] and found.best.value == 1


def test_at_the_edge_of_the_legal_values_the_advice_is_to_change_something_else():
    rates = {v: 0.1 + 0.01 * v for v in range(1, 13)}  # rising, and short of 50% even at the top
    measure, _ = measuring(rates)
    found = search(Knob(1, 12), 0.5, measure, legal=lambda v: 1 <= v <= 12)
    assert "widen" not in found.outside
    assert found.outside.endswith("the scenario allows no value above 12, so this parameter alone cannot reach the "
                                  "target: change another one as well")
    # one step is still legal on the side that matters: widen that way
    found = search(Knob(1, 11), 0.5, measure, legal=lambda v: 1 <= v <= 12)
    assert found.outside.endswith("widen the range above 11")
    # a falling rate needs the low end to move, and a range cannot go below 0
    found = search(Knob(0, 4), 0.9, measuring({v: 0.5 - 0.1 * v for v in range(5)})[0])
    assert found.outside.endswith("a range starts at 0 at the lowest, so this parameter alone cannot reach the "
                                  "target: change another one as well")


@pytest.mark.parametrize("text,knob", [("2..8", Knob(2, 8)), ("6d6..14d6", Knob(6, 14, "d6")), (" 1 .. 3 ", Knob(1, 3))])
def test_a_range_is_two_whole_values_maybe_with_dice(text, knob):
    assert parse_range(text) == knob
    assert parse_range("6d6..14d6").value(9) == "9d6"


@pytest.mark.parametrize("text", ["8..2", "5..5", "2..8d6", "a..b", "2-8"])
def test_a_range_that_cannot_be_searched_is_refused(text):
    with pytest.raises(BalanceError, match="--range"):
        parse_range(text)


def test_balance_finds_an_even_speed_for_the_hero_duel(tmp_path, capsys):
    out = tmp_path / "balance.json"
    assert cli.main(["balance", "hero-duel", "--param", "ironclad.SPD", "--range", "2..8", "--runs", "50",
                     "--jobs", "1", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    doc = json.loads(out.read_text())
    assert doc["found"] and doc["side"] == "Heroes" and 2 < doc["value"] < 8
    assert doc["battles"] == 50 * len(doc["probes"]) and f"battles used: {doc['battles']:,}" in text
    lo, hi = doc["ci95"]
    assert doc["target_within_interval"] == (lo <= 0.5 <= hi)


@pytest.mark.parametrize("argv,said", [
    (["--param", "ironclad.SPD", "--range", "2..8", "--target", "150%"], "--target expects a share"),
    (["--param", "ironclad.SPD", "--range", "2..8", "--side", "Nobody"], "no side 'Nobody'"),
    (["--param", "ironclad.SPDD", "--range", "2..8"], "ironclad.SPDD"),
    (["--param", "ironclad.SPD", "--range", "8..2"], "--range"),
])
def test_a_balance_that_cannot_run_says_why_before_any_battle(argv, said, capsys):
    assert cli.main(["balance", "hero-duel", "--runs", "5", *argv]) == 2
    assert said in capsys.readouterr().err


def test_a_midpoint_with_every_battle_drawn_stops_the_search_and_says_why():
    rates = {v: 0.1 * v for v in range(0, 11)}
    calls = []

    def measure(v):
        calls.append(v)
        return (0, 0, 100) if v == 5 else (round(rates[v] * 100), 100, 100)

    found = search(Knob(0, 10), 0.5, measure)
    assert calls == [0, 10, 5]
    assert "no battle was decided at 5" in found.outside and found.crossing is None
