"""`slugfest ladder` (issue 16): a round robin played in both seatings, rated by Bradley-Terry."""

import json
import math

import pytest

from slugfest import cli
from slugfest.core.batch import ladder as lad
from slugfest.core.files.scenario import dump_scenario, load_scenario, parse_scenario
from slugfest.scenarios import bundled


def test_two_entrants_rate_apart_by_the_log_odds_of_their_record():
    ladder = lad.Ladder(["a", "b"])
    ladder.add("a", "b", 40, 10, 0)
    ladder.add("b", "a", 15, 35, 0)  # the other seating: a won 35 of 50 from the second seat
    a, b = ladder.ratings()
    # a scored 75 and b 25, each with a quarter of a draw's point added both ways (the prior)
    assert a.name == "a" and a.rating - b.rating == pytest.approx(400 * math.log10(75.25 / 25.25), abs=1e-6)
    assert a.rating + b.rating == pytest.approx(3000)  # mean 1500
    assert a.low < a.rating < a.high and a.score == 0.75 and a.games == 100


def test_a_longer_record_gives_a_narrower_interval():
    def width(games):
        ladder = lad.Ladder(["a", "b"])
        ladder.add("a", "b", games * 3 // 4, games // 4, 0)
        best = ladder.ratings()[0]
        return best.high - best.low

    assert width(4000) < width(400) / 3


def test_ratings_follow_the_matchups_and_a_clean_sweep_stays_finite():
    ladder = lad.Ladder(["weak", "middle", "strong"])
    ladder.add("strong", "middle", 70, 30, 0)
    ladder.add("middle", "weak", 70, 30, 0)
    ladder.add("strong", "weak", 100, 0, 0)
    ranked = ladder.ratings()
    assert [r.name for r in ranked] == ["strong", "middle", "weak"]
    assert all(math.isfinite(r.rating) and math.isfinite(r.high) for r in ranked)


def test_a_draw_scores_half_a_win_each_way():
    ladder = lad.Ladder(["a", "b"])
    ladder.add("a", "b", 0, 0, 10)
    a, b = ladder.ratings()
    assert a.rating == pytest.approx(1500) and b.rating == pytest.approx(1500) and a.score == 0.5


def test_every_ai_pairing_is_played_in_both_seatings():
    data = dump_scenario(load_scenario(bundled()["hero-brawl"]))
    pairings = list(lad.ai_pairings(data, ["default", "random", "cautious"]))
    assert sorted((p.first, p.second) for p in pairings) == sorted(
        [("default", "random"), ("random", "default"), ("default", "cautious"), ("cautious", "default"),
         ("random", "cautious"), ("cautious", "random")])
    p = pairings[0]
    assert {c["ai"] for c in p.data["sides"][0]["combatants"]} == {p.first}
    assert {c["ai"] for c in p.data["sides"][1]["combatants"]} == {p.second}
    parse_scenario(p.data, "<ladder>")  # a scenario the loader accepts


def test_a_combatant_ladder_plays_duels_on_the_files_first_cells_both_ways():
    data = dump_scenario(load_scenario(bundled()["hero-brawl"]))
    ids = [c["id"] for c in lad.roster(data)][:3]
    pairings = list(lad.combatant_pairings(data, ids))
    assert len(pairings) == 6
    cells = [data["sides"][0]["combatants"][0]["position"], data["sides"][1]["combatants"][0]["position"]]
    for p in pairings:
        duel = parse_scenario(p.data, "<ladder>")
        assert [[c.id for c in s.combatants] for s in duel.sides] == [[p.first], [p.second]]
        assert [list(s.combatants[0].position) for s in duel.sides] == cells


def test_the_ladder_command_ranks_random_last_and_writes_the_table(tmp_path, capsys):
    out = tmp_path / "ladder.json"
    assert cli.main(["ladder", "hero-duel", "--ais", "default,random", "--runs", "30", "--jobs", "1",
                     "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "ratings (Bradley-Terry" in text and "matchups" in text
    doc = json.loads(out.read_text())
    assert [r["name"] for r in doc["ratings"]] == ["default", "random"]
    m = doc["matchups"]
    assert m["default"]["random"]["wins"] == m["random"]["default"]["losses"]
    assert m["default"]["random"]["wins"] + m["default"]["random"]["losses"] + m["default"]["random"]["draws"] == 60


def test_a_combatant_ladder_from_the_command_line(capsys):
    assert cli.main(["ladder", "hero-brawl", "--combatants", "bulwark,sunflare,rampart", "--runs", "5",
                     "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "combatant ladder (duels), 3 entrants, 6 seatings" in text


@pytest.mark.parametrize("argv,said", [
    (["--ais", "default,tacticain"], "did you mean 'tactician'"),
    (["--ais", "default,default"], "at least two different AIs"),
    (["--combatants", "bulwark,nobody"], "no combatant 'nobody'"),
    (["--combatants", "bulwark"], "at least two entrants"),
    (["--combatants", "--mirror"], "drop --ais and --mirror"),
])
def test_a_ladder_that_cannot_be_played_says_why(argv, said, capsys):
    assert cli.main(["ladder", "hero-brawl", "--runs", "2", *argv]) == 2
    assert said in capsys.readouterr().err


def test_the_second_entrant_is_credited_with_the_wins_of_every_side_after_the_first(capsys, monkeypatch):
    """A roster of three sides: one AI runs the first, the other the rest, and all of theirs count."""
    import slugfest.core.batch.simulate as sim
    from slugfest.core.batch.stats import Aggregate

    def fake(scenario, runs, base, jobs, *a, **kw):
        agg = Aggregate([s.name for s in scenario.sides], "turn", "STUN")
        first, second, third = (s.name for s in scenario.sides)
        agg.n, agg.draws = 10, 1
        agg.wins.update({first: 4, second: 3, third: 2})
        return agg, False

    data = dump_scenario(load_scenario(bundled()["hero-brawl"]))
    data["sides"].append({"name": "Third", "combatants": [data["sides"][1]["combatants"].pop()]})
    monkeypatch.setattr(sim, "simulate", fake)
    import tomli_w, tempfile, os

    with tempfile.NamedTemporaryFile("wb", suffix=".toml", delete=False) as f:
        f.write(tomli_w.dumps(data).encode())
    try:
        assert cli.main(["ladder", f.name, "--ais", "default,random", "--runs", "10", "--json", "-"]) == 0
    finally:
        os.unlink(f.name)
    doc = json.loads(capsys.readouterr().out)
    m = doc["matchups"]["default"]["random"]
    assert (m["wins"], m["losses"], m["draws"]) == (4 + 5, 5 + 4, 2)  # each seating: 4 to 3 + 2


def test_a_ladder_without_ais_ranks_every_installed_ai_but_the_planner(monkeypatch):
    """The planner plays each decision out many times over: a default ladder of thousands of
    battles would wait on it. Named, it is ranked like any other."""
    import slugfest.core.batch.ladder as core_ladder

    ranked = []

    def entrants_only(pairings, run, entrants, *rest, **kw):  # who would play, and no battle
        ranked.append(list(entrants))
        raise KeyboardInterrupt

    monkeypatch.setattr(core_ladder, "play", entrants_only)
    for argv in ([], ["--ais", "planner,tactician"]):
        cli.main(["ladder", "hero-duel", "--runs", "1", "--jobs", "1", "--no-progress", *argv])
    everyone, named = ranked
    assert "planner" not in everyone and {"default", "tactician", "random"} <= set(everyone)
    assert named == ["planner", "tactician"]
