"""A short slice of the reliability campaign (``scripts/fuzz.py`` runs the whole of it): mutated
scenarios and corrupted saves are accepted or refused with the program's own error naming the
file, battles of extreme legal sheets keep every invariant, and every kind of faulty plugin is
reported by name with the battle's state intact."""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from slugfest import cli
from slugfest.core.testing import extremes, faults, surfaces
from slugfest.core.testing import fuzzing as fz
from slugfest.core.files import locate

BASES = fz.base_scenarios()
#: Bounded for the suite: each property runs a few seconds.
QUICK = settings(max_examples=400, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@QUICK
@given(st.randoms(use_true_random=False))
def test_a_mutated_scenario_is_accepted_and_plays_or_is_refused_naming_the_file(rng):
    verdict = fz.scenario_case(rng, BASES)
    assert verdict.outcome in ("accepted", "refused")
    assert verdict.problem == ""


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    return fz.base_saves(folder, count=4), folder


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_a_corrupted_save_loads_and_plays_on_or_is_a_save_error_naming_the_file(saves, rng):
    texts, folder = saves
    verdict = fz.save_case(rng, texts, folder)
    assert verdict.outcome in ("accepted", "refused")
    assert verdict.problem == ""


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(["hero", "marvel"]))
def test_extreme_legal_sheets_keep_every_figure_in_range_under_every_ai(rng, system):
    verdict = extremes.extreme_case(rng, system)
    assert (verdict.outcome, verdict.problem) == ("accepted", "")


@pytest.mark.parametrize("system", ["hero", "marvel"])
@pytest.mark.parametrize("fault", [f for f in faults.FAULTS if not f.isolated], ids=lambda f: f.name)
def test_a_faulty_plugin_is_reported_by_name_and_the_battle_is_intact(fault, system):
    verdict = faults.fault_case(fault, system)
    assert (verdict.outcome, verdict.problem) == ("contained", "")


def test_the_campaign_covers_at_least_25_kinds_of_faulty_plugin():
    assert len({f.name for f in faults.FAULTS}) == len(faults.FAULTS) >= 25
    assert any(f.isolated for f in faults.FAULTS), "one swallows the stop (tests/test_deadlines.py plays it)"


def test_the_mutations_reach_every_kind_of_outcome():
    """The generator is not so gentle that everything loads, nor so rough that nothing does."""
    outcomes = {fz.scenario_case(random.Random(i), BASES, play=False).outcome for i in range(120)}
    assert outcomes == {"accepted", "refused"}


def test_checking_a_file_full_of_mistakes_scans_its_text_once(monkeypatch, tmp_path):
    """Locating problems is linear: one scan of the text, however many problems it has."""
    scans = []
    real = locate._key_lines
    monkeypatch.setattr(locate, "_key_lines", lambda text: scans.append(1) or real(text))
    path = tmp_path / "mistakes.toml"
    path.write_text(fz.mistakes_text(60_000))
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["check", str(path)]) == 2
    first, second = err.getvalue().splitlines()[:2]
    assert first.endswith("problems in this scenario:") and int(first.split(": ")[1].split()[0]) > 2000
    assert f"{path}:22: map.obstacles[0]: expected [x, y] inside the 30x16 map" in second
    assert scans == [1]


# -- the surfaces added since (issue 36): merge parts, .hdc files, edge arguments -------------------

@pytest.fixture(scope="module")
def surface_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("surfaces")
    surfaces.prepare_arguments(folder)
    return folder


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    return surfaces.base_parts(tmp_path_factory.mktemp("parts"), ("hero-duel",))


@pytest.mark.parametrize("seed", range(20))
def test_a_merge_of_a_mutated_part_reports_or_is_refused_naming_the_file(parts, tmp_path, seed):
    verdict = surfaces.merge_case(random.Random(seed), parts, tmp_path)
    assert verdict.outcome in ("accepted", "refused") and verdict.problem == ""


@pytest.mark.parametrize("seed", range(20))
def test_an_import_of_a_mutated_hdc_file_writes_a_scenario_or_is_refused(tmp_path, seed):
    verdict = surfaces.hdc_case(random.Random(seed), surfaces.base_hdc_files(), tmp_path)
    assert verdict.outcome in ("accepted", "refused") and verdict.problem == ""


@pytest.mark.parametrize("command", surfaces.COMMANDS)
def test_every_command_given_an_edge_argument_runs_or_says_why_with_exit_2(surface_folder, command):
    verdict = surfaces.argument_case(random.Random(command), surface_folder, command)
    assert verdict.outcome in ("accepted", "refused") and verdict.problem == ""



# -- the cases issue 36 found, made again with random variations (scripts/fuzz.py --known) -----------

@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    return surfaces.prepare_bench(tmp_path_factory.mktemp("known"))


IN_PROCESS = [c for c in surfaces.KNOWN_CASES if not c.process]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("case", IN_PROCESS, ids=lambda c: c.name)
def test_a_known_hostile_input_is_refused_naming_file_key_and_expectation_or_runs(bench, case, seed):
    """Strict: a refusal names the file, the key and what was expected; inputs are left byte
    for byte; no output is half-written and nothing else is left behind."""
    verdict = surfaces.known_case(random.Random(seed), bench, case)
    assert verdict.outcome in ("accepted", "refused") and verdict.problem == ""


@pytest.mark.parametrize("name, seed", [("stray-thread", 1), ("closed-streams", 2)])
def test_a_known_hostile_plugin_cannot_hang_or_crash_the_command(bench, name, seed):
    """One variation each, as a process of its own (a second or two)."""
    verdict = surfaces.known_case(random.Random(seed), bench, name)
    assert (verdict.outcome, verdict.problem) == ("accepted", "")


def test_the_known_cases_cover_every_input_item_of_the_issue_the_other_kinds_do_not():
    """Items 3 (its preferences half), 7, 8 and 9 are the data-folder kind's; 14 is no input."""
    assert sorted(c.item for c in surfaces.KNOWN_CASES) == [1, 2, 3, 4, 5, 6, 10, 11, 12, 13]
    assert {"prefs-fifo", "prefs-dev-zero", "prefs-deep", "prefs-recent-long", "folder-loop"} <= set(
        surfaces.DATA_FOLDER_KINDS)
