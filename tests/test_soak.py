"""A small soak: every bundled scenario, invariants checked after every event."""

from slugfest.core.files.scenario import load_scenario
from slugfest.core.testing.soak import InvariantChecker, soak
from slugfest.scenarios import bundled


def test_bundled_scenarios_keep_every_invariant_over_a_seeded_batch():
    scenarios = [(n, load_scenario(p)) for n, p in bundled().items()]
    report = soak(scenarios, ["default"], battles=2 * len(scenarios), base_seed=99)
    assert report.problems == []
    assert report.battles == 2 * len(scenarios) and report.events > 100 * report.battles
    assert len(report.rss_kb) == 1 and report.rss_kb[0] > 10_000  # one chunk; a Python process's KB


def test_the_checker_catches_a_figure_out_of_range():
    from slugfest.core.engine.battle import Battle

    b = Battle(load_scenario(bundled()["hero-duel"]))
    checker = InvariantChecker(b)
    b.listen(checker)
    b.step()
    b.state.fighters["ironclad"].end = -3
    b.step()
    assert any("END -3" in p for p in checker.problems)
