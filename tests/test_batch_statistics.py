"""The balancer's statistics (issue 16): every figure an exact sum, so a batch split any way
(processes, --shard parts, merged in any order) reports the same, key for key; rates carry
their counts; --precision stops where the intervals are narrow enough, whatever --jobs is."""

import json

import pytest

from slugfest import cli
from slugfest.core.batch import simulate as sim
from slugfest.core.batch.report import REPORT_WIDTH, Table, combatant_tables, render_report, share
from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.batch.shards import ShardError, merge_parts, parse_shard, shard_range
from slugfest.core.batch.stats import Aggregate, widest_half_width
from slugfest.scenarios import bundled


@pytest.fixture(scope="module")
def duel():
    return load_scenario(bundled()["hero-duel"])


@pytest.fixture(scope="module")
def marvel_duel():
    return load_scenario(bundled()["marvel-seed"])


@pytest.mark.parametrize("runs,parts", [(90, 3), (100, 7), (5, 5), (1, 1), (1000, 16)])
def test_shards_cover_every_battle_of_the_batch_once(runs, parts):
    seen = []
    for i in range(1, parts + 1):
        first, count = shard_range(runs, i, parts)
        seen += range(first, first + count)
    assert seen == list(range(runs))


@pytest.mark.parametrize("text,expected", [("3/10", (3, 10)), (" 1 / 1 ", (1, 1))])
def test_a_shard_is_written_part_slash_parts(text, expected):
    assert parse_shard(text) == expected


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0"])
def test_a_shard_outside_its_batch_is_refused_with_the_form_expected(text):
    with pytest.raises(ShardError, match="--shard"):
        parse_shard(text)


@pytest.mark.parametrize("name", ["duel", "marvel_duel"])
def test_parts_merged_in_any_order_report_exactly_the_whole_batch(name, request):
    scenario = request.getfixturevalue(name)
    whole, _ = sim.simulate(scenario, 24, 9)
    parts = []
    for i in range(1, 4):
        first, count = shard_range(24, i, 3)
        part, _ = sim.simulate(scenario, count, 9, first=first)
        parts.append(part)
    merged = Aggregate.from_state(json.loads(json.dumps(parts[2].state())))
    merged.merge(parts[0])
    merged.merge(Aggregate.from_state(parts[1].state()))
    assert merged.as_dict() == whole.as_dict()


def test_an_aggregate_survives_json_without_losing_a_digit(duel):
    agg, _ = sim.simulate(duel, 10, 3)
    again = Aggregate.from_state(json.loads(json.dumps(agg.state())))
    assert again.as_dict() == agg.as_dict() and again.state() == agg.state()


def test_the_tally_counts_stun_and_body_by_attack_as_the_log_does(duel):
    from slugfest.core.hero.events import AttackRolled, DamageTakenEvent

    b = Battle(duel, seed=sim.battle_seed(5, 0))
    b.run()
    t = b.system.tally(b, 0)
    taken = [e for e in b.events if isinstance(e, DamageTakenEvent)]
    assert sum(c.taken["BODY"] for c in t.combatants.values()) == sum(e.body_taken for e in taken)
    assert sum(c.taken["STUN"] for c in t.combatants.values()) == sum(e.stun_taken for e in taken)
    for c in t.combatants.values():
        attacks = [e for e in b.events if isinstance(e, AttackRolled) and e.attacker == c.id]
        assert sum(a.uses for a in c.by_attack.values()) == c.attacks == len(attacks)
        assert sum(a.dealt["STUN"] for a in c.by_attack.values()) == c.dealt["STUN"] == c.damage_dealt


def test_knock_outs_are_credited_to_whoever_last_hurt_the_fallen(duel):
    from slugfest.core.hero.events import StatusChanged

    for i in range(6):
        b = Battle(duel, seed=sim.battle_seed(2, i))
        b.run()
        t = b.system.tally(b, i)
        kos = [e for e in b.events if isinstance(e, StatusChanged) and e.status == "knocked out" and e.active]
        ironclad, sparkwing = t.combatants["ironclad"], t.combatants["sparkwing"]
        assert ironclad.knockouts == sum(e.actor == "sparkwing" for e in kos)
        assert sparkwing.knockouts == sum(e.actor == "ironclad" for e in kos)
        assert (t.first_knockout is None) == (not kos)


def test_a_rate_of_nothing_is_a_dash_and_a_rate_says_what_it_is_of():
    assert share(0, 0) == "—"
    assert share(5, 5) == "100.0% of 5"
    assert share(621, 1000) == "62.1% of 1,000"


def test_the_report_shows_hit_rates_with_counts_both_pools_and_each_attack(duel):
    agg, _ = sim.simulate(duel, 6, 1)
    text = render_report(agg.as_dict(), duel)
    heads = [h for t in combatant_tables(agg.as_dict()) for h in t.head]
    assert "STUN dealt" in heads and "BODY taken" in heads and "Phases lost to Aborts" in heads
    assert all(word in text for word in ("dealt", "taken", "Aborts"))  # headings may wrap, never vanish
    assert max(map(len, text.splitlines())) <= REPORT_WIDTH  # it reads in a 100-column terminal
    spark = agg.as_dict()["combatants"]["sparkwing"]
    assert f"of {spark['attacks']:,}" in text
    assert "Lightning Bolt" in text.split("per attack")[1]
    assert "dealt won/lost" not in text  # the cryptic heading is gone


def test_a_table_too_wide_wraps_its_headings_at_word_breaks_aligned_at_the_bottom():
    t = Table("t", ("combatant", "Phases lost to being Stunned", "hit%"), (("bulwark", "0.20", "77.8% of 793"),),
              ("bulwark",), 1)
    assert t.lines(80) == ["combatant  Phases lost to being Stunned          hit%",
                           "bulwark                            0.20  77.8% of 793"]
    assert t.lines(40) == ["           Phases lost to",
                           "combatant   being Stunned          hit%",
                           "bulwark              0.20  77.8% of 793"]
    assert t.lines(30) == ["           Phases lost",
                           "              to being",
                           "combatant      Stunned          hit%",
                           "bulwark           0.20  77.8% of 793"]


def test_a_table_for_a_narrow_screen_splits_into_parts_that_each_name_the_row(duel):
    agg, _ = sim.simulate(duel, 4, 1)
    table = combatant_tables(agg.as_dict())[0]  # per combatant: 10 columns
    assert table.split(100) == [table]
    parts = table.split(60)
    assert len(parts) > 1
    # each part repeats the row's key (combatant and side), then the next columns that fit
    assert all(p.head[:2] == ("combatant", "side") and max(map(len, p.lines(60))) <= 60 for p in parts)
    assert [h for p in parts for h in p.head[2:]] == list(table.head[2:])  # every column once, in order
    assert [r[:2] for r in parts[-1].rows] == [r[:2] for r in table.rows]
    attacks = combatant_tables(agg.as_dict())[2]  # per attack: keyed by combatant and attack
    assert all(p.head[:2] == ("combatant", "attack") for p in attacks.split(40))


def test_a_combatant_that_never_attacked_shows_a_dash_not_zero_percent(duel):
    agg, _ = sim.simulate(duel, 2, 1)
    summary = agg.as_dict()
    summary["combatants"]["ironclad"].update(attacks=0, hits=0, hit_rate=None)
    row = next(line for line in render_report(summary, duel).splitlines() if line.split()[:1] == ["ironclad"])
    assert " — " in row and "0.0% of" not in row


def test_precision_stops_at_the_first_hundred_where_every_interval_is_narrow_enough(duel):
    agg, _ = sim.simulate(duel, 5000, 4, until=lambda a: widest_half_width(a) <= 0.09)
    assert agg.n % 100 == 0 and widest_half_width(agg) <= 0.09
    earlier, _ = sim.simulate(duel, agg.n - 100, 4)
    assert widest_half_width(earlier) > 0.09 or agg.n == 100  # it did not stop late


def test_precision_stops_at_the_same_battle_on_two_processes(duel):
    """Battles fold in index order, so where the rule is met does not depend on ``jobs``
    (checked every 25 battles here, a looser interval: the same rule, fewer battles)."""
    def narrow(a):
        return widest_half_width(a) <= 0.15

    one, _ = sim.simulate(duel, 5000, 4, until=narrow, check_every=25)
    two, _ = sim.simulate(duel, 5000, 4, jobs=2, until=narrow, check_every=25)
    assert one.n % 25 == 0 and one.n < 5000 and two.as_dict() == one.as_dict()


def test_simulate_shard_and_merge_commands_give_the_whole_batch_key_for_key(tmp_path, capsys):
    for i in (1, 2):
        assert cli.main(["simulate", "hero-duel", "--runs", "40", "--jobs", "1", "--shard", f"{i}/2",
                         "--json", str(tmp_path / f"p{i}.json"), "--no-progress"]) == 0
    assert cli.main(["simulate", "hero-duel", "--runs", "40", "--jobs", "2", "--json", str(tmp_path / "w.json"),
                     "--no-progress"]) == 0
    assert cli.main(["merge", str(tmp_path / "p2.json"), str(tmp_path / "p1.json"),
                     "--json", str(tmp_path / "m.json")]) == 0
    out = capsys.readouterr().out
    assert "merged 2 parts of 2" in out
    merged = json.loads((tmp_path / "m.json").read_text())
    whole = json.loads((tmp_path / "w.json").read_text())
    assert merged.pop("merged") == {"parts": [1, 2], "of": 2, "missing": [], "incomplete": []}
    assert merged == whole


def test_merge_refuses_parts_that_do_not_belong_together(tmp_path, capsys):
    def part(scenario, i, of, name, runs="20"):
        assert cli.main(["simulate", scenario, "--runs", runs, "--jobs", "1", "--shard", f"{i}/{of}",
                         "--json", str(tmp_path / name), "--no-progress"]) == 0
        return str(tmp_path / name)

    a1, a2, a3 = part("hero-duel", 1, 3, "a1.json"), part("hero-duel", 2, 3, "a2.json"), part("hero-duel", 3, 3, "a3.json")
    other = part("marvel-seed", 1, 3, "b1.json")
    longer = part("hero-duel", 3, 3, "c3.json", runs="30")
    capsys.readouterr()
    assert cli.main(["merge", a1, a1]) == 2
    assert "part 1 of 3 again" in capsys.readouterr().err
    assert cli.main(["merge", a2, other]) == 2
    assert "a part of a batch of scenario" in capsys.readouterr().err
    assert cli.main(["merge", a1, longer]) == 2
    assert "a different --runs" in capsys.readouterr().err
    assert cli.main(["merge", a1, a3]) == 2
    assert "part 2 of 3 is missing" in capsys.readouterr().err
    assert cli.main(["merge", a1, a3, "--partial"]) == 0
    assert "missing: 2" in capsys.readouterr().out
    (tmp_path / "junk.json").write_text("{}")
    assert cli.main(["merge", a1, str(tmp_path / "junk.json")]) == 2
    assert "not a part of a batch" in capsys.readouterr().err


def test_a_shard_without_a_file_to_write_is_refused(capsys):
    assert cli.main(["simulate", "hero-duel", "--runs", "10", "--shard", "1/2"]) == 2
    assert "--json FILE" in capsys.readouterr().err


@pytest.mark.parametrize("value,error", [("2", "write 2%"), ("50%", "from 0.1% to 25%"), ("abc", "such as 0.02")])
def test_a_precision_is_a_half_width_below_one(value, error, capsys):
    assert cli.main(["simulate", "hero-duel", "--precision", value]) == 2
    assert error in capsys.readouterr().err


def test_the_precision_line_says_whether_it_was_reached(capsys):
    assert cli.main(["simulate", "hero-duel", "--precision", "1%", "--runs", "200", "--jobs", "1",
                     "--no-progress"]) == 0
    assert "precision: NOT reached" in capsys.readouterr().out


def test_the_length_histogram_plots_as_plain_text_off_a_terminal(capsys):
    assert cli.main(["simulate", "hero-duel", "--runs", "20", "--jobs", "1", "--plot", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "battles by length (turns), 20 battles" in text and "\x1b[" not in text


def test_a_part_whose_shard_is_malformed_is_refused_not_a_traceback(tmp_path):
    good = {"kind": "slugfest-shard", "state": {}, "scenario": "x", "system": "hero", "turn_limit": 1,
            "base_seed": 1, "runs_requested": 2, "fingerprint": "f"}
    for shard in (None, {"part": 7, "of": 2}, {"part": "1", "of": 2}):
        with pytest.raises(ShardError, match="expected part and of"):
            merge_parts([("p.json", {**good, "shard": shard})])


def test_two_figure_cells_line_up_on_their_joint():
    """Issue 37: "39.6% of 788" under "80.7% of 1,962" stood two places to the right, and so did
    "6.7 / 5.4" under "139.2 / 123.1": each part now lines up with the same part above it."""
    t = Table("t", ("combatant", "hit%", "STUN dealt in wins / losses"),
              (("bulwark", "80.7% of 1,962", "73.0 / 64.1"), ("miasma", "39.6% of 788", "139.2 / 123.1"),
               ("idle", "—", "—")), ("bulwark", "miasma", "idle"), 1)
    assert t.lines(100) == ["combatant            hit%  STUN dealt in wins / losses",
                            "bulwark    80.7% of 1,962                 73.0 /  64.1",
                            "miasma     39.6% of   788                139.2 / 123.1",
                            "idle                    —                            —"]
    sweep = Table("", ("SPD", "Heroes wins (95% CI)", "vs first"),
                  (("2", "6.7% (2%-21%)", "baseline"), ("8", "100.0% (89%-100%)", "+93.3% (+84% to +100%)")),
                  ("2", "8"), 0)  # an interval in brackets stays whole: spaces inside it would read as a column gap
    assert sweep.lines(100) == ["SPD  Heroes wins (95% CI)                vs first",
                                "  2         6.7% (2%-21%)                baseline",
                                "  8     100.0% (89%-100%)  +93.3% (+84% to +100%)"]


def test_the_headline_comes_first_and_the_coverage_last_in_a_few_lines(duel):
    """Issue 37: a line per coverage key (a hundred of them) buried who wins how often. The
    report opens on the win rates with their intervals (aligned on the dash), the mean length
    and the first knock-out; the coverage closes it, in columns, what never fired as one list."""
    from slugfest.core.hero.stats import CATALOGUE

    agg, _ = sim.simulate(duel, 6, 1)
    summary = agg.as_dict(CATALOGUE)
    lines = render_report(summary, duel).splitlines()
    assert lines[2].startswith("side") and lines[3].startswith("Heroes") and lines[4].startswith("Villains")
    assert lines[5].startswith("draws") and lines[6].startswith("battle length (turns): mean")
    assert lines[7].startswith("first knock-out")
    assert lines[3].index(" - ") == lines[4].index(" - ")
    at = {word: next(i for i, line in enumerate(lines) if line.startswith(word))
          for word in ("per combatant", "battles by length", "coverage")}
    assert at["per combatant"] < at["battles by length"] < at["coverage"]
    coverage = lines[at["coverage"]:]
    cov = summary["coverage"]
    fired = {**cov["actions"], **cov["rules"]}
    text = "\n".join(coverage)
    for key, count in fired.items():
        group, _, name = key.partition(":")
        assert any(f"{name} " in line and f" {count:,} #{cov['first_battle'][key]}" in line for line in coverage), key
    assert all(name.partition(":")[2] in text for name in cov["never_fired"])
    assert cov["never_fired"] and len(coverage) < (len(fired) + len(cov["never_fired"])) / 3  # it was a line each
    assert max(map(len, lines)) <= REPORT_WIDTH


def test_knockback_stopped_at_the_maps_edge_is_counted_as_stopped_short_not_as_a_wall(duel):
    """Issue 37: the map's edge was logged as "slams into a wall"; the coverage called every stop
    "knockback into a wall" too. hero-duel seed 2 knocks Ironclad from 24,5 to the east edge, 29,5."""
    from slugfest.core.hero.events import KnockbackRolled

    b = Battle(duel, seed=2)
    b.run()
    stopped = [e for e in b.events if isinstance(e, KnockbackRolled) and e.hit_wall]
    assert [(e.start, e.end, e.stopped_by) for e in stopped] == [((24, 5), (29, 5), "edge")] and duel.map.width == 30
    from slugfest.core.render.text import TextLog

    assert any("by the map's edge" in line for line in TextLog().lines(b.events))  # it says which
    rules = b.system.tally(b, 0).rules
    assert rules["rule:knockback stopped short"] == 1 and not any("wall" in k for k in rules)


def test_a_plugin_failing_in_the_batch_is_counted_and_named_in_the_headline(duel):
    """hero-arsenal's default AI failed in 5 of 20 battles (a KeyError, the first legal action
    taken instead) and the report said nothing: the win rates were not all the AI's they claim."""
    from slugfest import hookimpl
    from slugfest.core.batch.stats import FAILED
    from slugfest.core.engine.events import PluginFailed
    from slugfest.core.testing import battle_with

    class Flaky:
        """An AI that fails on every decision: the engine contains it and the next AI decides."""

        @hookimpl
        def slugfest_choose_action(self, battle, decision):
            raise ZeroDivisionError("flaky")

    plugins = [("flaky", Flaky())]
    b = battle_with(duel, seed=sim.battle_seed(1, 0), plugins=plugins)
    b.run()
    failures = sum(isinstance(e, PluginFailed) for e in b.events)
    assert failures and b.system.tally(b, 0).rules[f"{FAILED}flaky in slugfest_choose_action"] == failures
    agg, _ = sim.simulate(duel, 2, 1, plugins=plugins)
    summary = agg.as_dict()
    text = render_report(summary, duel)
    count = summary["coverage"]["rules"][f"{FAILED}flaky in slugfest_choose_action"]
    headline = " ".join(text.split("\n\nper combatant")[0].split())
    assert (f"! plugin flaky failed in slugfest_choose_action {count:,} times, first in battle #0 (replay it "
            "with --play-by-play 0)") in headline
    assert FAILED not in text.split("\ncoverage")[1]  # said once, at the top
