"""`slugfest worth` and `slugfest optimise` (issue 39): prices of changes from battles, and the
best build under a budget."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from slugfest import cli
from slugfest.core.batch.optimise import builds, head_to_head, race
from slugfest.core.batch.sweep import read_data, with_ai
from slugfest.core.batch.worth import (Change, Worth, allocate, cut, make_variant, menu_for, ranked, rows_of,
                                       thirds_separated, worth_of)
from slugfest.core.files.scenario import load_scenario, parse_scenario
from slugfest.scenarios import find


@pytest.fixture(scope="module")
def duel():
    return load_scenario(find("hero-duel")), read_data(find("hero-duel"))


def step(menu, label):
    return next(c for c in menu if c.label == label)


def test_a_changes_price_is_the_difference_of_the_sheets_prices(duel):
    sc, data = duel
    menu = menu_for(sc, "sparkwing")
    assert make_variant(data, sc, "sparkwing", {step(menu, "+1 SPD"): 1}).price == 10
    assert make_variant(data, sc, "sparkwing", {step(menu, "+3 DEX"): 3}).price == 18
    assert make_variant(data, sc, "sparkwing", {step(menu, "+1d6 Lightning Bolt"): 1}).price == 5
    assert make_variant(data, sc, "sparkwing", {step(menu, "+1d6 Arc Lance"): 1}).price == 15  # 3 DC a killing die
    assert make_variant(data, sc, "sparkwing", {step(menu, "+4 rPD"): 1}).price == 6


def test_a_build_is_written_where_the_file_keeps_each_value(duel):
    sc, data = duel
    menu = menu_for(sc, "sparkwing")
    v = make_variant(data, sc, "sparkwing", {step(menu, "+1 SPD"): 2, step(menu, "+1d6 Lightning Bolt"): 1,
                                             step(menu, "+4 rED"): 1})
    sheet = v.scenario.combatant("sparkwing").sheet
    assert sheet.characteristics.SPD == 8 and sheet.rED == 14 and str(sheet.attacks[0].dice) == "13d6"
    assert sc.combatant("sparkwing").sheet.characteristics.SPD == 6  # the original is untouched
    assert v.scenario.combatant("ironclad").sheet == sc.combatant("ironclad").sheet


def test_a_step_the_scenario_refuses_is_refused_in_the_loaders_words(duel):
    sc, data = duel
    v = make_variant(data, sc, "sparkwing", {step(menu_for(sc, "sparkwing"), "+1 SPD"): 7})  # SPD 13
    assert v.scenario is None and "SPD" in v.refused


def test_a_campaign_cap_refuses_a_build_that_passes_it(duel):
    sc, data = duel
    v = make_variant(data, sc, "sparkwing", {step(menu_for(sc, "sparkwing"), "+1 SPD"): 1}, caps={"SPD": 6})
    assert v.scenario is None and v.refused == "SPD 7 is above the cap of 6"


def test_marvel_changes_are_priced_in_rank_equivalents_and_a_power_past_its_top_level_is_refused():
    sc, data = load_scenario(find("marvel-seed")), read_data(find("marvel-seed"))
    menu = menu_for(sc, "she-hulk")
    assert make_variant(data, sc, "she-hulk", {step(menu, "+1 Melee"): 1}).price == Fraction(1, 5)
    mighty = make_variant(data, sc, "she-hulk", {step(menu, "Mighty +1 level"): 1})  # Mighty 4 is the top
    assert mighty.scenario is None and "Mighty" in mighty.refused


def test_one_ai_plays_every_combatant_on_every_side(duel):
    _, data = duel
    played = parse_scenario(with_ai(data, "cautious"))
    assert {c.ai for c in played.combatants} == {"cautious"}


def test_a_changes_worth_is_its_paired_gain_per_point():
    w = worth_of("+1 SPD", Fraction(10), [1, 1, 0, 1], [1, 0, 0, 1])
    assert w.gain == 0.25 and w.per_unit == pytest.approx(0.025) and w.pairs == 4
    lo, hi = w.per_unit_interval
    assert lo == pytest.approx(w.gain_low / 10) and hi == pytest.approx(w.gain_high / 10)


def row(label, per, half):
    return Worth(label, Fraction(1), per, per - half, per + half, 100, 0.5)


def test_the_table_is_best_value_first_and_says_whether_the_thirds_part():
    rows = ranked([row("c", 0.00, 0.01), row("a", 0.05, 0.01), row("b", 0.03, 0.01)])
    assert [w.label for w in rows] == ["a", "b", "c"]
    assert thirds_separated(rows) == (True, 1)
    assert thirds_separated(ranked([row("a", 0.05, 0.03), row("b", 0.03, 0.01), row("c", 0.0, 0.03)])) == (False, 1)


def test_the_builds_spend_the_budget_so_no_step_more_fits():
    a, b, c = Change("A", "x"), Change("B", "y"), Change("C", "z")
    found = builds([(a, Fraction(10)), (b, Fraction(6)), (c, Fraction(5))], Fraction(12))
    assert found == [{a: 1}, {b: 2}, {b: 1, c: 1}, {c: 2}]
    prices = {a: 10, b: 6, c: 5}
    for build in builds([(a, Fraction(10)), (b, Fraction(6)), (c, Fraction(5))], Fraction(25)):
        spent = sum(prices[k] * n for k, n in build.items())
        assert spent <= 25 and 25 - spent < 5


def test_the_race_halves_the_field_on_the_same_battles_until_the_best_two_play_a_last_round():
    strength = [0.2, 0.9, 0.5, 0.7, 0.1, 0.6, 0.3, 0.4]  # build k wins battle i when (i * 7 % 10) / 10 < strength
    asked = []

    def play(keys, start, count):
        asked.append((tuple(keys), start, count))
        return [[int((i * 7 % 10) / 10 < strength[k]) for i in range(start, start + count)] for k in keys], False

    r = race(len(strength), 10, play)
    assert asked == [(tuple(range(8)), 0, 10), ((1, 2, 3, 5), 10, 10), ((1, 3), 20, 20)]
    assert [e.key for e in r.standing()[:2]] == [1, 3] and r.battles == 80 + 40 + 40


def test_head_to_head_sets_the_build_against_its_unchanged_twin_alone_on_a_mirrored_map(duel):
    sc, data = duel
    one, other, side = head_to_head(data, sc, "ironclad", {step(menu_for(sc, "ironclad"), "+1 SPD"): 1})
    a, b = parse_scenario(one), parse_scenario(other)
    assert side == "Heroes" and [s.name for s in b.sides] == ["Heroes (twin)", "Heroes"]
    me, twin = a.combatant("ironclad"), a.combatant("ironclad-twin")
    assert me.sheet.characteristics.SPD == 5 and twin.sheet == sc.combatant("ironclad").sheet
    assert twin.position == (a.map.width - 1 - me.position[0], me.position[1])


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_worth_prices_the_chosen_changes_on_a_few_battles_and_names_the_ai(capsys, tmp_path):
    doc = tmp_path / "w.json"
    code, out, _ = run(capsys, "worth", "hero-duel", "--combatant", "sparkwing", "--runs", "3", "--jobs", "1",
                       "--changes", "+1 SPD,+1d6 Lightning Bolt", "--plot", "--no-progress", "--json", str(doc))
    assert code == 0
    assert "played by the tactician AI" in out and "AI: tactician" in out and "battles used: 9" in out
    assert "in Villains' win rate per" in " ".join(out.split())  # a plural side's possessive (issue 37: "Heroes's")
    got = json.loads(doc.read_text())
    assert got["ai"] == "tactician" and {r["change"] for r in got["rows"]} == {"+1 SPD", "+1d6 Lightning Bolt"}
    assert [r["per_unit"] for r in got["rows"]] == sorted((r["per_unit"] for r in got["rows"]), reverse=True)


@pytest.mark.parametrize("argv,said", [
    (["--combatant", "ironclad2"], "no combatant 'ironclad2'"),
    (["--combatant", "ironclad", "--changes", "+1 SPX"], "no change '+1 SPX'"),
    (["--combatant", "ironclad", "--ai", "nonesuch"], "--ai: expected an installed AI plugin, got 'nonesuch'"),
])
def test_worth_says_what_is_wrong_before_any_battle(capsys, argv, said):
    code, _, err = run(capsys, "worth", "hero-duel", "--no-progress", *argv)
    assert code == 2 and said in err and "Traceback" not in err


def test_optimise_reports_what_it_tried_the_battles_and_the_head_to_head(capsys, tmp_path):
    doc = tmp_path / "o.json"
    code, out, _ = run(capsys, "optimise", "hero-duel", "--combatant", "ironclad", "--budget", "10", "--jobs", "1",
                       "--screen-runs", "1", "--steps", "2", "--race-runs", "1", "--candidates", "3",
                       "--duel-runs", "2", "--no-progress", "--json", str(doc))
    assert code == 0
    got = json.loads(doc.read_text())
    assert got["ai"] == "tactician" and got["winner"]["price"] <= 10 and len(got["kept"]) <= 2
    screen = len(got["screen"]) + 1
    race_battles = sum(n * b - (got["rounds"][i - 1]["battles_each"] * n if i else 0)
                       for i, (n, b) in enumerate((r["builds"], r["battles_each"]) for r in got["rounds"]))
    last = got["rounds"][-1]["battles_each"]
    assert got["battles"] == screen + race_battles + last + got["head_to_head"]["battles"]
    assert "head to head against the unchanged sheet" in out and "AI: tactician" in out


def test_optimise_head_to_head_seats_each_way_on_battles_of_its_own(capsys, monkeypatch):
    """On a mirrored map the same seed seated the other way is the same battle mirrored: each
    seating must fight battles of its own, or the interval counts every battle twice."""
    from slugfest.core.batch import simulate

    seen = []
    real = simulate.simulate_many

    def recording(scenarios, runs, base, *args, first=0, **kw):
        scenarios = list(scenarios)
        seen.append(set(range(first, first + runs)))
        return real(scenarios, runs, base, *args, first=first, **kw)

    monkeypatch.setattr(simulate, "simulate_many", recording)
    code, out, _ = run(capsys, "optimise", "hero-duel", "--combatant", "ironclad", "--budget", "10", "--jobs", "1",
                       "--screen-runs", "1", "--steps", "2", "--race-runs", "1", "--candidates", "3",
                       "--duel-runs", "4", "--no-progress")
    duels = seen[-2:]  # the head to head is the last measurement, one call a seating
    assert code == 0 and "head to head against the unchanged sheet" in out
    assert duels == [{0, 1}, {2, 3}]


def test_optimise_refuses_a_bad_cap_and_a_budget_of_nothing(capsys):
    assert run(capsys, "optimise", "hero-duel", "--combatant", "ironclad", "--budget", "0")[0] == 2
    code, _, err = run(capsys, "optimise", "hero-duel", "--combatant", "ironclad", "--budget", "5", "--cap", "SPD")
    assert code == 2 and "--cap expects NAME=N" in err
    code, _, err = run(capsys, "optimise", "hero-duel", "--combatant", "ironclad", "--budget", "5", "--cap", "SDP=6")
    assert code == 2 and "--cap SDP: Ironclad's sheet has no such value (did you mean" in err


def test_check_costs_prices_each_sheet_and_names_the_readings(capsys):
    code, out, _ = run(capsys, "check", "hero-duel", "marvel-seed", "--costs")
    assert code == 0
    assert "ironclad: 252.5 CP (205 characteristics" in out and "Lightning Bolt 60" in out
    assert "reading: a flier's Flight" in out
    assert "she-hulk: 5.20 rank-equivalents (rank 4: 21 ability points of 20, 4 power levels of 16)" in out


def test_the_apps_cards_show_the_price_check_costs_totals():
    from slugfest.tui.systems import price_figures

    assert price_figures(load_scenario(find("hero-duel"))) == {"ironclad": [("CP", "252.5")], "sparkwing": [("CP", "306")]}
    assert price_figures(load_scenario(find("marvel-seed")))["she-hulk"] == [("rank-eq", "5.20")]


def test_a_change_that_moved_no_battle_is_worth_nothing_within_the_rule_of_three():
    w = worth_of("+10 END", Fraction(2), [1, 0, 1, 0] * 25, [1, 0, 1, 0] * 25)
    assert w.gain == 0 and (w.gain_low, w.gain_high) == (pytest.approx(-0.03), pytest.approx(0.03))


def test_the_cut_between_the_thirds_names_only_the_changes_whose_intervals_reach_across_it():
    # k = 2: top a, b; middle c, d; bottom e, f. a and f are clear of any line between 0.02 and
    # 0.03; b's lower end and e's upper end reach past each other, so both must play on.
    rows = ranked([row("a", 0.06, 0.01), row("b", 0.03, 0.02), row("c", 0.025, 0.03), row("d", 0.024, 0.03),
                   row("e", 0.02, 0.02), row("f", -0.02, 0.01)])
    line, across = cut(rows)
    assert 0.02 < line < 0.03 and [w.label for w in across] == ["b", "e"]
    assert cut(ranked([row("a", 0.05, 0.01), row("b", 0.03, 0.01), row("c", 0.0, 0.01)])) is None  # parted
    assert cut(rows[:2]) is None  # two rows have no thirds


def test_the_cut_falls_where_fewest_battles_would_clear_it():
    # b (top) reaches down to 0.005, e (bottom) up to 0.012. e's estimate (0) is near any line
    # between them: its interval would have to shrink to less than half to clear one at 0.005
    # (about 476 battles more, its 100 battles x ((0.012 / 0.005)^2 - 1)); b's estimate is 0.05
    # above, so a line just above e's upper end costs b about 40. The line goes there.
    rows = ranked([row("a", 0.09, 0.01), row("b", 0.05, 0.045), row("c", 0.03, 0.05), row("d", 0.02, 0.05),
                   row("e", 0.0, 0.012), row("f", -0.05, 0.01)])
    line, across = cut(rows)
    assert 0.012 < line < 0.013 and [w.label for w in across] == ["b"]


def sequential_play(rates, asked):
    """Change k (1..) wins battle i when (i * 7 % 20) / 20 < rates[k - 1]; the unchanged sheet never wins."""
    def play(keys, start, count):
        asked.append((tuple(keys), start, count))
        return [[int(k > 0 and (i * 7 % 20) / 20 < rates[k - 1]) for i in range(start, start + count)]
                for k in keys], False
    return play


def test_later_rounds_go_only_to_the_changes_across_the_line_with_the_unchanged_sheet_beside_them():
    rates = [0.9, 0.7, 0.5, 0.45, 0.35, 0.1]  # per point (price 1): a gain of the rate itself
    asked = []
    got = allocate(list("abcdef"), [Fraction(1)] * 6, 20, 200, 10, sequential_play(rates, asked))
    assert asked[0] == ((0, 1, 2, 3, 4, 5, 6), 0, 20)
    assert all(keys[0] == 0 and 1 not in keys and 6 not in keys for keys, _, _ in asked[1:])  # a and f never again
    # b (0.70) and e (0.35) straddle the line after 20 battles; 20 more each part them
    # (b from +0.556, e up to +0.500), while a fixed 40 a change would have played 280.
    assert asked[1:] == [((0, 2, 5), 20, 10), ((0, 2, 5), 30, 10)]
    assert thirds_separated(rows_of(list("abcdef"), [Fraction(1)] * 6, got.series))[0]
    assert got.battles == 7 * 20 + 3 * 10 + 3 * 10 == 200 and got.played(0) == 40 and got.played(1) == 20
    assert got.series[1][20:] == [None] * 20  # not played there, so not paired there


def test_a_change_stops_at_the_most_battles_it_may_play_and_most_equal_to_runs_is_one_round():
    asked = []
    allocate(list("abcdef"), [Fraction(1)] * 6, 20, 20, 10, sequential_play([0.9, 0.7, 0.5, 0.45, 0.35, 0.1], asked))
    assert asked == [((0, 1, 2, 3, 4, 5, 6), 0, 20)]
    asked = []
    got = allocate(list("abcdef"), [Fraction(1)] * 6, 20, 25, 10, sequential_play([0.9, 0.7, 0.5, 0.45, 0.35, 0.1], asked))
    assert asked[1:] == [((0, 2, 5), 20, 5)] and max(got.played(k) for k in range(1, 7)) == 25


def test_the_rounds_are_told_in_a_line_the_first_in_full_then_how_many_changes_each_later_one_played():
    from slugfest.cli.worth import _rounds_words

    assert _rounds_words([(9, 0, 200), (3, 200, 100), (2, 300, 100), (2, 400, 100)]) == (
        "9 changes and the unchanged sheet on battles 0-199; then 3 rounds more, up to battle 499: "
        "1 for 3 changes, 2 for 2 changes")
    assert _rounds_words([(16, 0, 200)]) == "16 changes and the unchanged sheet on battles 0-199"


def test_worth_plays_later_rounds_for_the_changes_in_doubt_and_counts_every_battle(capsys, tmp_path):
    doc = tmp_path / "w.json"
    code, out, _ = run(capsys, "worth", "hero-duel", "--combatant", "ironclad", "--runs", "6", "--max-runs", "12",
                       "--seed", "3", "--jobs", "1", "--changes", "+5 ED,+1 OCV,+5 PD,+4 m Running", "--no-progress",
                       "--json", str(doc))
    got = json.loads(doc.read_text())
    assert code == 0 and got["rounds"][0] == {"changes": 4, "first": 0, "battles_each": 6} and len(got["rounds"]) > 1
    assert got["battles"] == sum((r["changes"] + 1) * r["battles_each"] for r in got["rounds"])
    assert max(r["paired_battles"] for r in got["rows"]) <= 12 == got["max_runs"]
    assert f"battles used: {got['battles']:,} (4 changes and the unchanged sheet on battles 0-5; then" in out


def test_an_indented_sentence_of_a_report_wraps_under_itself():
    """optimise's "   head to head against the unchanged sheet ..." went on at two spaces, left
    of its own item."""
    from slugfest.cli.common import prose

    text = prose("   head to head against the unchanged sheet (one on one, mirrored map, both seatings): 37.5% "
                 "(21.2%-57.3%) of 24 decided of 40 battles: it does NOT beat the original sheet surely")
    first, *rest = text.splitlines()
    assert first.startswith("   head to head") and rest
    assert all(line.startswith("     ") and not line[5].isspace() for line in rest)
    assert max(map(len, text.splitlines())) <= 100
