"""Batch battles: reproducible whatever the number of processes, aggregated as they come,
failures reported with their seeds, Ctrl-C keeps what finished; sweeps share dice streams."""

import json
import re

import pytest

from slugfest import cli
from slugfest.core.batch import simulate as sim
from slugfest.core.batch.report import REPORT_WIDTH, render_report
from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.batch.pace import Pace, Progress
from slugfest.core.batch.stats import Aggregate, Sums, wilson
from slugfest.core.batch.sweep import SweepError, parse_value, read_data, set_parameter
from slugfest.scenarios import bundled


@pytest.fixture(scope="module")
def duel():
    return load_scenario(bundled()["hero-duel"])


def test_wilson_interval_matches_published_values():
    # 8 successes out of 10 -> 0.4902 to 0.9433 (Wilson 1927; e.g. Newcombe 1998, table I).
    lo, hi = wilson(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (0.0, 1.0)  # no battles: no information
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and round(hi, 4) == 0.1611


def test_mean_and_spread_from_integer_sums_match_the_textbook_formulas():
    r = Sums()
    for x in [2, 4, 4, 4, 5, 5, 7, 9]:
        r.add(x)
    assert r.mean == 5 and round(r.stdev, 4) == 2.1381 and (r.lo, r.hi) == (2, 9)


def test_sums_split_anywhere_and_merged_equal_the_sums_of_the_whole():
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    whole = Sums()
    for x in values:
        whole.add(x)
    for cut in range(len(values) + 1):
        left, right = Sums(), Sums()
        for x in values[:cut]:
            left.add(x)
        for x in values[cut:]:
            right.add(x)
        right.merge(left)  # the later part first: merging is order-free
        assert right.state() == whole.state()


def test_battle_seeds_depend_only_on_the_base_seed_and_the_index():
    assert sim.battle_seed(7, 3) == sim.battle_seed(7, 3)
    assert len({sim.battle_seed(7, i) for i in range(1000)}) == 1000
    assert sim.battle_seed(7, 3) != sim.battle_seed(8, 3)


def test_the_same_batch_gives_the_same_statistics_whatever_the_number_of_processes(duel):
    one, _ = sim.simulate(duel, 30, 5, jobs=1)
    two, _ = sim.simulate(duel, 30, 5, jobs=2)
    assert one.as_dict() == two.as_dict()
    assert one.n == 30 and sum(one.wins.values()) + one.draws == 30


def test_the_tally_adds_up_with_the_battle_log(duel):
    b = Battle(duel, seed=sim.battle_seed(5, 0))
    b.run()
    t = b.system.tally(b, 0)
    from slugfest.core.hero.events import AttackRolled, DamageTakenEvent

    attacks = [e for e in b.events if isinstance(e, AttackRolled)]
    assert sum(c.attacks for c in t.combatants.values()) == len(attacks)
    assert sum(c.hits for c in t.combatants.values()) == sum(e.hit for e in attacks)
    taken = sum(e.stun_taken for e in b.events if isinstance(e, DamageTakenEvent))
    assert sum(c.damage_taken for c in t.combatants.values()) == taken
    assert t.winner == b.outcome.winner and t.rounds == b.outcome.rounds


def test_a_battle_that_raises_becomes_an_error_with_its_seed_and_the_batch_goes_on(duel, tally_fails_at):
    tally_fails_at(3)
    agg, _ = sim.simulate(duel, 6, 1, jobs=1)
    assert agg.n == 5 and len(agg.errors) == 1
    e = agg.errors[0]
    assert e.index == 3 and e.seed == sim.battle_seed(1, 3) and "broken tally" in e.error


def test_a_crashed_worker_loses_only_its_own_battles(duel, monkeypatch):
    import os

    real = sim._run_chunk

    def dying(start, stop, base_seed, *rest):
        if start == 5:
            os._exit(1)  # the worker process dies outright, taking the chunks in flight with it
        return real(start, stop, base_seed, *rest)

    monkeypatch.setattr(sim, "_run_chunk", dying)  # forked workers inherit the patch
    monkeypatch.setattr(sim, "CHUNK", 5)
    monkeypatch.setattr(sim, "ROUNDS", 1)  # chunks of CHUNK battles, however short the batch
    agg, _ = sim.simulate(duel, 20, 1, jobs=2)
    crashed = sorted(e.index for e in agg.errors if e.error == "worker process crashed")
    assert crashed == [5, 6, 7, 8, 9]  # only the chunk that kills a worker on its own
    assert agg.n == 15
    assert all(e.seed == sim.battle_seed(1, e.index) for e in agg.errors)


def test_no_more_processes_start_than_there_are_chunks_of_battles(duel, monkeypatch):
    """``--jobs 300`` for 40 battles: two chunks of work, so two workers, not 300."""
    started = []
    real = sim.ProcessPoolExecutor

    def counting(max_workers, **kwargs):
        started.append(max_workers)
        return real(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", counting)
    monkeypatch.setattr(sim, "CHUNK", 20)
    monkeypatch.setattr(sim, "ROUNDS", 1)  # chunks of CHUNK battles, however short the batch
    many, _ = sim.simulate(duel, 40, 1, jobs=300)
    assert started == [2]
    one, _ = sim.simulate(duel, 20, 1, jobs=300)  # one chunk, still in a process of its own
    assert started == [2, 1]
    here, _ = sim.simulate(duel, 20, 1, jobs=1)  # --jobs 1: in this process
    assert started == [2, 1]
    assert many.n == 40 and one.n == 20 and here.as_dict() == one.as_dict()


def test_ctrl_c_keeps_the_battles_that_finished(duel):
    def interrupt(progress):
        if progress.done == 4:
            raise KeyboardInterrupt

    agg, interrupted = sim.simulate(duel, 50, 1, jobs=1, on_progress=interrupt)
    assert interrupted and agg.n == 4


def test_memory_stays_flat_the_aggregate_keeps_no_battle(duel):
    agg, _ = sim.simulate(duel, 20, 1, jobs=1)
    sizes = {k: len(v) for k, v in vars(agg).items() if isinstance(v, (list, dict))}
    assert sizes["errors"] == 0 and sizes["combatants"] == 2  # per combatant, not per battle


def test_simulate_command_prints_the_report_and_writes_json(tmp_path, capsys):
    out = tmp_path / "stats.json"
    assert cli.main(["simulate", "hero-duel", "--runs", "12", "--jobs", "1", "--seed", "3",
                     "--json", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "95% CI (Wilson)" in text and "battle length" in text and "never fired" in text
    data = json.loads(out.read_text())
    assert data["battles"] == 12 and set(data["sides"]) == {"Heroes", "Villains"}
    assert data["base_seed"] == 3 and "coverage" in data


def test_play_by_play_replays_one_battle_of_the_batch(duel, capsys):
    assert cli.main(["simulate", "hero-duel", "--runs", "10", "--seed", "3", "--play-by-play", "4"]) == 0
    text = capsys.readouterr().out
    b = sim.replay(duel, 4, 3)
    assert f"seed {sim.battle_seed(3, 4)}" in text
    assert text.strip().splitlines()[-1].startswith("===") and str(b.outcome.rounds) in text.splitlines()[-1]


def test_sweep_parameters_by_combatant_and_by_path():
    data = read_data(bundled()["hero-duel"])
    a = set_parameter(data, "ironclad.SPD", 6)
    assert a["sides"][0]["combatants"][0]["characteristics"]["SPD"] == 6
    assert data["sides"][0]["combatants"][0]["characteristics"]["SPD"] == 4  # the original is untouched
    b = set_parameter(data, "sparkwing.attacks.Lightning Bolt.dice", "8d6")
    assert b["sides"][1]["combatants"][0]["attacks"][0]["dice"] == "8d6"
    c = set_parameter(data, "battle.turn_limit", 3)
    assert c["battle"]["turn_limit"] == 3
    with pytest.raises(SweepError):
        set_parameter(data, "sparkwing.attacks.Nope.dice", "1d6")
    assert parse_value("7") == 7 and parse_value("12d6") == "12d6" and parse_value("true") is True


def test_a_sweep_uses_the_same_dice_streams_for_every_value(capsys):
    """Common random numbers: the baseline value gives exactly the batch's own results."""
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "4,6", "--runs", "8",
                     "--jobs", "1", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    agg, _ = sim.simulate(load_scenario(bundled()["hero-duel"]), 8, 2, jobs=1)
    rate = agg.wins["Heroes"] / 8
    row = next(line for line in text.splitlines() if line.strip().startswith("4 "))
    assert f"{rate:.1%}" in row


def test_an_invalid_sweep_value_is_reported_as_bad_input(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "0", "--runs", "2"]) == 2
    assert "SPD" in capsys.readouterr().err


@pytest.mark.parametrize("param, expected", [
    ("ironclad", "say which of its keys to vary, e.g. ironclad.SPD"),
    ("sparkwing.attacks.Lightning Bolt", "expected COMBATANT.attacks.ATTACK.KEY, e.g. sparkwing.attacks.Lightning Bolt.dice"),
    ("sparkwing.attacks.Lightning Blot.dice", "did you mean 'Lightning Bolt'?"),
])
def test_a_wrong_sweep_parameter_says_what_is_expected(param, expected):
    with pytest.raises(SweepError, match=re.escape(expected)):
        set_parameter(read_data(bundled()["hero-duel"]), param, 1)


def test_a_wrong_sweep_parameter_is_reported_once_not_once_per_value(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "nobody.SPD", "--values", "3,4,5", "--runs", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("nobody") == 2 and "neither a combatant" in err  # the message names it, and is printed once


def test_an_empty_sweep_value_is_refused_not_dropped(capsys):
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "3,,4", "--runs", "2"]) == 2
    assert "an empty value in it" in capsys.readouterr().err


def test_an_interrupted_sweep_reports_every_value_on_the_same_battles_so_far(tmp_path, capsys, monkeypatch):
    """The values run side by side in one pool, a block of battles at a time: a Ctrl-C leaves each
    value's row with the battles it finished, each marked partial."""
    real = sim.run_one
    count = [0]

    def stopping(*args, **kw):
        count[0] += 1
        if count[0] == 10:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(sim, "run_one", stopping)
    out = tmp_path / "sweep.json"
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "4,5,6", "--runs", "6",
                     "--jobs", "1", "--json", str(out), "--no-progress"]) == 130
    captured = capsys.readouterr()
    assert "interrupted: the rows stopped at 6, 3 and 0 battles of 6" in captured.err
    assert "(stopped at 3)" in captured.out
    data = json.loads(out.read_text())
    assert data["interrupted"] is True
    assert [(r["value"], r["battles"], r["complete"]) for r in data["rows"]] == [(4, 6, True), (5, 3, False),
                                                                                    (6, 0, False)]


def test_a_batch_interrupted_before_any_battle_finished_reports_nothing(tmp_path, capsys, monkeypatch):
    """A table of zeros (0% wins, an interval of 0-0%) would read as a result: say instead that
    nothing finished, leave the JSON file unwritten, and exit as an interrupted run does."""
    monkeypatch.setattr(sim, "simulate", lambda scenario, runs, base, jobs, on_progress=None, **kw:
                        (Aggregate([s.name for s in scenario.sides], "Turns", "STUN"), True))
    out = tmp_path / "stats.json"
    assert cli.main(["simulate", "hero-duel", "--runs", "50", "--json", str(out), "--no-progress"]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"interrupted before any battle finished: nothing to report, {out} not written" in captured.err
    assert not out.exists()


def test_a_json_file_that_cannot_be_written_is_refused_before_the_batch_runs(tmp_path, capsys, monkeypatch):
    def must_not_run(*args, **kwargs):
        raise AssertionError("the batch ran before the output path was checked")

    monkeypatch.setattr(sim, "simulate", must_not_run)
    missing = tmp_path / "no-such-dir" / "stats.json"
    assert cli.main(["simulate", "hero-duel", "--runs", "5", "--json", str(missing)]) == 2
    assert f"there is no directory {missing.parent}" in capsys.readouterr().err
    assert cli.main(["sweep", "hero-duel", "--param", "ironclad.SPD", "--values", "4", "--json", str(tmp_path)]) == 2
    assert "it is a directory" in capsys.readouterr().err
    monkeypatch.setattr(Battle, "run", must_not_run)
    assert cli.main(["battle", "hero-duel", "--out", str(missing)]) == 2
    assert "there is no directory" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["-", "/dev/stdout"])
def test_json_on_standard_output_keeps_the_table_off_it(where, capsys):
    assert cli.main(["simulate", "hero-duel", "--runs", "4", "--jobs", "1", "--json", where, "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["battles"] == 4
    assert "95% CI (Wilson)" in captured.err


def test_play_by_play_with_json_is_refused_rather_than_ignored(tmp_path, capsys):
    out = tmp_path / "x.json"
    assert cli.main(["simulate", "hero-duel", "--runs", "10", "--play-by-play", "3", "--json", str(out)]) == 2
    assert "drop --json" in capsys.readouterr().err and not out.exists()


def test_coverage_counts_prone_when_a_combatant_stands_up():
    """Nothing emits "prone: on" (a knockback or a knock-out puts a target down), but standing
    up is an event of its own, and the coverage block must not call the rule unused."""
    from slugfest.core.hero.events import StatusChanged

    brawl = load_scenario(bundled()["hero-brawl"])
    for index in range(10):
        b = Battle(brawl, seed=sim.battle_seed(1, index))
        b.run()
        stood = sum(1 for e in b.events if isinstance(e, StatusChanged) and e.status == "prone" and not e.active)
        if stood:
            assert b.system.tally(b, index).rules["rule:prone"] == stood
            return
    pytest.fail("no one stood up in ten brawls")


def test_the_report_prints_side_names_whole_each_over_its_combatants_within_100_columns():
    """marvel-brawl's side column ("Masters of Evil") pushed its table to 106 columns: the rows
    now stand under their side's name, printed whole."""
    brawl = load_scenario(bundled()["marvel-brawl"])
    agg, _ = sim.simulate(brawl, 2, 1, jobs=1)
    report = render_report({**agg.as_dict(), "scenario": brawl.name}, brawl)
    assert max(map(len, report.splitlines())) <= REPORT_WIDTH
    block = report.split("per combatant")[1].split("\n\n")[0].splitlines()  # the first table
    under: dict[str, str] = {}
    side = None
    names = {s.name for s in brawl.sides}
    for row in block:
        if row.strip() in names:
            side = row.strip()
        elif row.split() and row.split()[0] in {c.id for c in brawl.combatants}:
            under[row.split()[0]] = side
    assert under == {c.id: s.name for s in brawl.sides for c in s.combatants}


def test_notable_battles_and_first_firings_point_at_the_battles_that_show_them(duel):
    """The report names battles worth replaying by index; each must be the battle it claims."""
    agg, _ = sim.simulate(duel, 12, 4, jobs=1)
    data = agg.as_dict()
    tallies = []
    for i in range(12):
        b = sim.replay(duel, i, 4)
        tallies.append(b.system.tally(b, i))
    lengths = [t.rounds for t in tallies]
    notable = data["notable_battles"]
    assert notable["shortest"]["index"] == lengths.index(min(lengths))
    assert notable["longest"]["index"] == lengths.index(max(lengths))
    assert notable["longest"]["seed"] == sim.battle_seed(4, notable["longest"]["index"])
    for side, first in notable["first_win"].items():
        winners = [t.winner for t in tallies]
        assert (first["index"] if first else None) == (winners.index(side) if side in winners else None)
    for tag, index in data["coverage"]["first_battle"].items():
        fired_in = [i for i, t in enumerate(tallies) if t.actions[tag] or t.rules[tag]]
        assert index == fired_in[0]
    assert "notable battles (replay one with --play-by-play K)" in render_report(data, duel)


def test_the_pace_is_measured_from_the_first_battles_finished_not_from_the_start():
    """Processes take seconds to start: a batch whose first 25 battles arrive after 3 s and
    the next 25 half a second later runs at 50 battles/s, not 50 in 3.5 s."""
    now = [0.0]
    pace = Pace(lambda: now[0])
    assert pace.update(0, 1000) == (None, None)  # nothing finished yet
    now[0] = 3.0
    assert pace.update(25, 1000) == (None, None)  # one report: no rate yet
    now[0] = 3.2
    assert pace.update(30, 1000) == (None, None)  # too soon after it to tell
    now[0] = 3.5
    rate, left = pace.update(50, 1000)
    assert rate == pytest.approx(50.0) and left == pytest.approx(19.0)


def test_the_pace_waits_for_the_second_round_of_chunks_when_workers_play_them_side_by_side():
    """Two workers finish their first chunks within moments of each other: 50 battles in 0.6 s
    is not the pace (it would say 4 s left of a 30 s batch). The next round is: 50 battles
    in the 10 s one chunk takes, 5 a second."""
    now = [0.0]
    pace = Pace(lambda: now[0])
    now[0] = 6.0
    assert pace.update(25, 200, under_way=50) == (None, None)  # the first worker's chunk
    now[0] = 6.6
    assert pace.update(50, 200, under_way=50) == (None, None)  # the second's: the same round
    now[0] = 16.0
    rate, left = pace.update(75, 200, under_way=50)
    assert rate == pytest.approx(5.0) and left == pytest.approx(25.0)
    # the two in step (folded together): the round's 50 at once, then the next
    both = Pace(lambda: now[0])
    now[0] = 6.0
    both.update(50, 200, under_way=50)
    now[0] = 16.0
    assert both.update(75, 200, under_way=50) == (None, None)
    now[0] = 16.01
    assert both.update(100, 200, under_way=50) == pytest.approx((50 / 10.01, 100 * 10.01 / 50))


def test_one_process_of_quick_battles_gets_a_pace_after_half_a_second():
    """One battle every 10 ms, each a report of its own: the rate is there once half a second
    has passed since the first (bursts are a pool's chunks, not a quick battle after another)."""
    now = [0.0]
    pace = Pace(lambda: now[0])
    got = []
    for done in range(1, 101):
        now[0] = done * 0.01
        got.append(pace.update(done, 1000))
    assert got[:50] == [(None, None)] * 50  # under half a second since the first
    rate, left = got[59]  # battle 60, at 0.6 s (those within 50 ms of the first count with it)
    assert rate == pytest.approx(100.0, rel=0.15) and left == pytest.approx(940 / rate)


def test_a_parallel_batch_says_how_many_battles_it_plays_at_once_and_a_serial_one_says_one(monkeypatch):
    duel = load_scenario(bundled()["hero-duel"])
    seen = []
    sim.simulate(duel, 3, 1, 1, seen.append)
    assert [p.under_way for p in seen] == [1, 1, 1]
    # the pool's part played here: what matters is what the progress reports say
    monkeypatch.setattr(sim, "_run_parallel", lambda plan, total, seed, processes, fold, *rest: [
        fold(g, sim.run_one(duel, g, seed)) for g in range(total)])
    seen.clear()
    sim.simulate(duel, 60, 1, 2, seen.append)
    assert len(seen) == 60 and {p.under_way for p in seen} == {2 * 4}  # two processes, a chunk of 4 each
    seen.clear()
    monkeypatch.setattr(sim, "ROUNDS", 1)
    sim.simulate(duel, 31, 1, 2, seen.append)
    assert {p.under_way for p in seen} == {31}  # two chunks of 16 and 15: never more than the batch


@pytest.mark.parametrize("runs, processes, chunk", [
    (100_000, 8, 25), (4000, 2, 25), (200, 2, 13), (60, 2, 4), (3, 2, 1), (400, 2, 25)])
def test_a_short_batch_is_cut_into_eight_rounds_of_chunks_and_a_long_one_into_chunks_of_25(runs, processes, chunk):
    """200 planner battles on two processes came back 25 at a time, the first after eight
    seconds: a short batch hands back fewer at a time (the battles are the same)."""
    assert sim.chunk_for(runs, processes) == chunk


def test_the_chunk_size_changes_no_figure(duel, monkeypatch):
    """Two processes, their chunks finishing in any order, folded in battle order all the same."""
    assert sim.workers(50, 2) == 2
    monkeypatch.setattr(sim, "ROUNDS", 1)
    whole, _ = sim.simulate(duel, 50, 1, jobs=2)  # two chunks of 25
    monkeypatch.setattr(sim, "ROUNDS", 25)
    cut, _ = sim.simulate(duel, 50, 1, jobs=2)  # fifty chunks of 1
    assert cut.as_dict() == whole.as_dict() == sim.simulate(duel, 50, 1, jobs=1)[0].as_dict()


def test_the_progress_bar_shows_no_rate_for_a_chunk_folded_at_once_then_the_pace(monkeypatch):
    """A chunk of 25 battles is folded in a millisecond: the bar's rate waits for the pace
    (no '2,741/s' while the true rate is 9/s), then shows it and the time left."""
    from slugfest.cli import progress

    now = [10.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(progress.sys.stderr, "isatty", lambda: True, raising=False)
    bars = progress.Bars(["hero-brawl"], [200])
    bars.progress.stop()  # the figures are read off the task; nothing needs drawing
    now[0] = 16.0
    for done in range(1, 26):  # the first chunk, all at once, six seconds in
        bars(Progress(done, 200, 0))
    task = bars.progress.tasks[0]
    assert task.completed == 25 and task.fields["rate"] is None
    rendered = progress._Rate().render(task).plain
    assert rendered == "" and progress._Left().render(task).plain == "-:--:--"
    now[0] = 18.5  # the next chunk, 2.5 s later: 10 battles a second
    for done in range(26, 51):
        bars(Progress(done, 200, 0))
    task = bars.progress.tasks[0]
    assert task.fields["rate"] == pytest.approx(10.0)
    assert progress._Rate().render(task).plain == "10.0/s"
    assert progress._Left().render(task).plain == "0:00:15"  # 150 battles left at 10/s


def test_off_a_terminal_progress_is_a_plain_line_every_few_seconds_with_count_rate_and_time_left():
    """Issue 37: a three-minute ladder under CI or ``nohup`` printed nothing until it was done. A
    line is due every 5 s; it waits for the arrival it fell in to be whole (a chunk's battles
    are folded a few microseconds apart), so it never reads 1.1/s in a batch going at 18."""
    import io

    from slugfest.cli import progress

    now = [0.0]
    out = io.StringIO()
    lines = progress.PlainLines(["hero-brawl"], [2000], out, clock=lambda: now[0])
    for second, done in ((1.0, 100), (3.0, 300), (4.9, 490)):  # within the first 5 s: silent
        now[0] = second
        lines(Progress(done, 2000, 0))
    assert out.getvalue() == ""
    now[0] = 5.0
    lines(Progress(500, 2000, 0))  # a new arrival, its first battle: the line shows the last whole one
    # 390 battles in the 3.9 s since the first report: 100/s, 1,510 left in 15 s
    assert out.getvalue() == "progress: hero-brawl 490 of 2,000 battles (24%), 100.0/s, 0:00:15 left\n"
    lines(Progress(510, 2000, 0))  # the rest of that arrival, a moment later
    now[0] = 7.0
    lines(Progress(700, 2000, 1))
    assert out.getvalue().count("\n") == 1  # the next line waits its 5 s
    now[0] = 10.0
    lines(Progress(1000, 2000, 1))
    assert out.getvalue().splitlines()[-1] == "progress: hero-brawl 700 of 2,000 battles (35%), 100.0/s, 0:00:13 left; 1 failed"
    lines(Progress(1010, 2000, 1))  # the rest of that arrival
    now[0] = 15.0
    lines(Progress(1500, 2000, 1))
    assert out.getvalue().count("\n") == 3  # 5 s on, the next arrival shows the last whole one
    assert out.getvalue().splitlines()[-1].startswith("progress: hero-brawl 1,010 of 2,000 battles (50%)")



def test_plain_progress_lines_keep_their_pace_across_the_batches_of_one_command():
    """``balance`` runs a batch per value, each with bars of its own: a batch shorter than 5 s
    said nothing, and four of them in a row kept 16 s of silence. The next line is due 5 s
    after the last one any batch of the command wrote."""
    import io

    from slugfest.cli import progress

    now = [0.0]
    out = io.StringIO()
    written: list[float] = []
    for start in (0.0, 3.0, 6.0):  # three batches of 3 s each
        now[0] = start
        batch = progress.PlainLines(["ironclad.SPD = 4"], [150], out, clock=lambda: now[0], written=written)
        for done in (50, 100, 150):
            now[0] += 1.0
            batch(Progress(done, 150, 0))
        batch.flush()  # the batch's end
    # due at the second batch's second arrival, 5 s after the first batch began: its first arrival
    # is whole (too soon for a rate)
    assert out.getvalue().splitlines() == ["progress: ironclad.SPD = 4 50 of 150 battles (33%)"]
    assert written == [5.0]


def test_a_plain_progress_line_about_many_batches_says_how_many_are_done_and_which_are_under_way():
    """``worth`` measures a batch per change side by side: a part each made one line of 1,500
    characters. Several batches make one short line: how many are done, the battles of all with
    their pace, and the few under way."""
    import io

    from slugfest.cli import progress

    now = [0.0]
    out = io.StringIO()
    labels = ["as it is", "+1 SPD", "+3 DEX", "+1 OCV"]
    lines = progress.PlainLines(labels, [40] * 4, out, clock=lambda: now[0], written=[])
    now[0] = 1.0
    lines(Progress(40, 160, 0, (40, 0, 0, 0)))
    now[0] = 4.0
    lines(Progress(100, 160, 2, (40, 40, 20, 0)))  # 60 battles in the 3 s since the first report
    now[0] = 6.0
    lines(Progress(120, 160, 2, (40, 40, 40, 0)))  # a line due: the last whole arrival's figures
    assert out.getvalue() == ("progress: 2 of 4 batches done, 100 of 160 battles (62%), 20.0/s, 0:00:03 left; "
                              "under way: +3 DEX 20 of 40; 2 failed\n")
