"""Untrusted input: files nested too deep, settings out of range, exact save versions, plugins
that raise what an ordinary ``except Exception`` would miss, and results holding NaN or numbers
where the log expects text. Each is refused with the program's own message, naming the file and
key or the plugin, and the battle goes on as it would without the fault."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from slugfest import cli
from slugfest.core import settings
from slugfest.core.engine.battle import Battle
from slugfest.core.files.bounds import MAX_NESTING, UnreadableToml, nesting_problem, parse_toml
from slugfest.core.engine.events import BattleEnded, PluginFailed
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.files.scenario import ScenarioError, load_scenario
from slugfest.core.engine.session import SaveError, Session, is_save_file
from slugfest.core.batch.sweep import SweepError, parse_value, read_data
from slugfest.core.testing import battle_with, events_of, hero, scenario
from slugfest.scenarios import bundled

DUEL_FILE = bundled()["hero-duel"]
DEEP = "[rules]\nx = " + "[" * 400 + "]" * 400 + "\n"


# -- nesting is bounded before the parser recurses ---------------------------------------------

def test_nesting_is_measured_outside_strings_and_comments():
    assert nesting_problem('a = "[[[[[[[[[[[[[[[[[[[[[[[[[[["\n# [[[[[[[[[[[[[[[[[[[[[[[[[[[[\n', limit=3) is None
    assert nesting_problem("b = '''\n[[[[[[[[[[\n'''\n", limit=3) is None
    assert nesting_problem("c = [[1, 2], [3, 4]]\n", limit=2) is None
    assert nesting_problem("ok = 1\nc = [[[1]]]\n", limit=2) == (2, "expected arrays and inline tables nested at most 2 deep, got deeper here")


def test_toml_nested_deeper_than_the_bound_is_refused_with_its_line():
    with pytest.raises(UnreadableToml) as info:
        parse_toml(DEEP, 1_000_000)
    assert info.value.line == 2 and f"at most {MAX_NESTING} deep" in info.value.message


def test_too_big_and_undecodable_text_are_refused_before_parsing():
    with pytest.raises(UnreadableToml, match="at most 10 bytes, got 11"):
        parse_toml(b"a = 1234567", 10)
    with pytest.raises(UnreadableToml, match="expected UTF-8 text"):
        parse_toml(b"a = '\xff'", 100)


def test_a_deeply_nested_scenario_is_a_scenario_error_naming_file_and_line(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(Path(DUEL_FILE).read_text() + DEEP.replace("[rules]", "[extra]"))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    text = str(info.value)
    assert str(path) in text and "nested at most" in text and "Traceback" not in text


def test_a_deeply_nested_save_is_a_save_error_and_not_taken_for_a_save(tmp_path):
    s = Session.from_path(DUEL_FILE, seed=2)
    s.step()
    good = tmp_path / "good.toml"
    s.save(good)
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text() + "\n[deep]\nx = " + "[" * 400 + "]" * 400 + "\n")
    with pytest.raises(SaveError, match=r"bad\.toml:\d+: not a readable TOML save: expected arrays"):
        Session.load(bad)
    assert is_save_file(good) and not is_save_file(bad)


def test_a_sweep_reads_its_scenario_and_values_within_the_same_bounds(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(DEEP)
    with pytest.raises(SweepError, match=r"deep\.toml:2: expected arrays"):
        read_data(path)
    with pytest.raises(SweepError, match="cannot read the scenario"):
        read_data(tmp_path / "missing.toml")
    assert parse_value("[" * 500) == "[" * 500, "a value too deep to be TOML is taken as text"
    assert parse_value("7") == 7 and parse_value("12d6") == "12d6"


def test_check_reports_a_deep_file_as_a_mistake_and_exits_2(tmp_path, capsys):
    path = tmp_path / "deep.toml"
    path.write_text(DEEP)
    code = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in out + err and "nested at most" in out + err


# -- settings from the environment ----------------------------------------------------------------

@pytest.mark.parametrize("raw", ["inf", "1e308", "1e-9", "nan", "-3", "abc", "0.01"])
def test_a_plugin_timeout_out_of_range_is_a_setting_error_naming_the_variable(raw, monkeypatch, capsys):
    monkeypatch.setenv("SLUGFEST_PLUGIN_TIMEOUT", raw)
    with pytest.raises(settings.SettingError, match=r"SLUGFEST_PLUGIN_TIMEOUT: expected 0 \(no limit\) or a number "
                                                    r"of seconds from 0\.05 to 3600, got '" + raw):
        settings.plugin_timeout()
    assert cli.main(["battle", "hero-duel", "--brief"]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("slugfest: SLUGFEST_PLUGIN_TIMEOUT") and "Traceback" not in err


@pytest.mark.parametrize("raw, seconds", [("0", None), ("", 5.0), ("0.05", 0.05), ("3600", 3600.0), (" 2 ", 2.0)])
def test_a_plugin_timeout_in_range_is_used(raw, seconds, monkeypatch):
    monkeypatch.setenv("SLUGFEST_PLUGIN_TIMEOUT", raw)
    assert settings.plugin_timeout() == seconds


def test_the_plugin_timeout_defaults_to_five_seconds(monkeypatch):
    monkeypatch.delenv("SLUGFEST_PLUGIN_TIMEOUT", raising=False)
    assert settings.plugin_timeout() == 5.0
    monkeypatch.setenv("SLUGFEST_PLUGIN_TIMEOUT", "0.5")
    assert Battle(scenario("hero", {"A": [hero("a")], "B": [hero("b", (3, 0))]})).plugin_timeout == 0.5


@pytest.mark.parametrize("raw", ["0", "0.5", "86401", "inf", "soon"])
def test_a_battle_deadline_out_of_range_is_refused(raw, monkeypatch):
    monkeypatch.setenv("SLUGFEST_BATTLE_DEADLINE", raw)
    with pytest.raises(settings.SettingError, match="SLUGFEST_BATTLE_DEADLINE: expected a number of seconds from 1 to 86400"):
        settings.battle_deadline()


def test_plugin_name_lists_are_checked(monkeypatch):
    monkeypatch.setenv("SLUGFEST_BLOCK_PLUGINS", " lucky , grim-ai,")
    assert settings.plugin_names("SLUGFEST_BLOCK_PLUGINS") == {"lucky", "grim-ai"}
    monkeypatch.setenv("SLUGFEST_BLOCK_PLUGINS", "lucky;rm -rf")
    with pytest.raises(settings.SettingError, match="SLUGFEST_BLOCK_PLUGINS: expected comma-separated plugin names"):
        settings.plugin_names("SLUGFEST_BLOCK_PLUGINS")


def test_blocking_the_rules_systems_names_them_in_the_scenario_error():
    """Run as a process: the plugin catalogue is read once per program."""
    env = {**os.environ, "SLUGFEST_BLOCK_PLUGINS": "hero-rules,marvel-rules"}
    done = subprocess.run([sys.executable, "-m", "slugfest", "check", str(DUEL_FILE)], env=env,
                          capture_output=True, text=True, timeout=60)
    text = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in text
    assert "battle.system" in text and "'hero'" in text and "SLUGFEST_BLOCK_PLUGINS" in text
    assert "expected one of ," not in text


# -- saves: exact versions ----------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["2.0", "true", '"2"', "3", "0"])
def test_a_save_format_must_be_exactly_an_integer_it_reads(fmt, tmp_path):
    s = Session.from_path(DUEL_FILE, seed=2)
    path = tmp_path / "s.toml"
    s.save(path)
    text = path.read_text()
    assert "format = 2\n" in text
    path.write_text(text.replace("format = 2\n", f"format = {fmt}\n", 1))
    with pytest.raises(SaveError, match=r"save\.format: expected 1 or 2, got "):
        Session.load(path)


# -- plugins that raise what `except Exception` misses ----------------------------------------

PUNCH = [{"name": "Punch", "kind": "normal", "range": "hth"}]


def duel():
    return scenario("hero", {"A": [hero("a", (5, 5), attacks=PUNCH, DEX=15)],
                             "B": [hero("b", (6, 5), attacks=PUNCH)]}, turn_limit=3)


class RaisesBase:
    def __init__(self, exc):
        self.exc = exc

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        raise self.exc


@pytest.mark.parametrize("exc, needle", [(SystemExit(3), "SystemExit: 3"), (KeyboardInterrupt(), "KeyboardInterrupt"),
                                         (GeneratorExit(), "GeneratorExit"), (MemoryError(), "MemoryError"),
                                         (RecursionError("deep"), "RecursionError: deep")])
def test_an_ai_raising_a_base_exception_is_reported_and_the_battle_goes_on(exc, needle):
    b = battle_with(duel(), seed=4, plugins=[("rude-ai", RaisesBase(exc))], plugin_timeout=5)
    b.run()
    failures = events_of(b, PluginFailed)
    assert failures[0].plugin == "rude-ai" and needle in failures[0].error
    assert isinstance(b.events[-1], BattleEnded)
    plain = battle_with(duel(), seed=4)
    plain.run()
    assert [e for e in b.events if not isinstance(e, PluginFailed)] == plain.events


class NaNDamage:
    def __init__(self, change):
        self.change = change

    @hookimpl(wrapper=True)
    def slugfest_damage_step(self, battle, attack, hit):
        result = yield
        return self.change(result)


@pytest.mark.parametrize("change, needle", [
    (lambda r: replace(r, taken=replace(r.taken, stun=float("nan"))), "stun taken must be an integer, got nan"),
    (lambda r: replace(r, taken=replace(r.taken, body=True)), "body taken must be an integer, got True"),
    (lambda r: replace(r, notes=(3,)), "notes must be a tuple of texts, got (3,)"),
    (lambda r: replace(r, notes="a string is not a tuple"), "notes must be a tuple of texts"),
    (lambda r: replace(r, notes=("x" * 5000,)), "notes too many or too long"),
    (lambda r: replace(r, roll=replace(r.roll, stun=float("inf"))), "the roll's stun must be a whole number, got inf"),
    (lambda r: replace(r, taken=replace(r.taken, rule=7)), "reasons must be text"),
])
def test_a_damage_result_holding_nan_or_non_text_is_refused_before_the_log(change, needle):
    b = battle_with(duel(), seed=9, plugins=[("odd-rule", NaNDamage(change))])
    b.run()
    failures = [f for f in events_of(b, PluginFailed) if f.plugin == "odd-rule"]
    assert failures and needle in failures[0].error and failures[0].hook == "slugfest_damage_step"
    plain = battle_with(duel(), seed=9)
    plain.run()
    assert [e for e in b.events if not isinstance(e, PluginFailed)] == plain.events


# -- reads are bounded, and only regular files are read -----------------------------------------

def test_an_integer_longer_than_python_converts_is_refused_not_a_crash(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(Path(DUEL_FILE).read_text().replace("turn_limit = 20", "turn_limit = " + "9" * 5000, 1))
    with pytest.raises(ScenarioError, match="expected whole numbers of at most 4300 digits, got one of 5000 digits"):
        load_scenario(path)
    assert not is_save_file(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="POSIX files")
def test_a_name_leading_to_a_device_or_a_fifo_is_refused_without_reading_it(tmp_path):
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for path, kind in ((zero, "a device"), (fifo, "a FIFO")):
        with pytest.raises(ScenarioError, match=f"expected a regular file, got {kind}"):
            load_scenario(path)
        with pytest.raises(SaveError, match=f"expected a regular file, got {kind}"):
            Session.load(path)
        assert not is_save_file(path)
        with pytest.raises(SweepError, match=f"expected a regular file, got {kind}"):
            read_data(path)


def test_a_file_growing_past_the_bound_is_read_no_further(tmp_path):
    from slugfest.core.files.bounds import read_limited

    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * 5000)
    assert read_limited(path, 5000) == b"#" * 5000
    with pytest.raises(UnreadableToml, match="at most 4999 bytes, got 5000"):
        read_limited(path, 4999)


def test_the_data_folder_comes_from_the_environment_or_the_per_user_folder(monkeypatch, tmp_path):
    from slugfest.core.settings import SettingError, data_dir

    monkeypatch.setenv("SLUGFEST_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    monkeypatch.setenv("SLUGFEST_DATA_DIR", "  ")
    with pytest.raises(SettingError, match="SLUGFEST_DATA_DIR: expected a folder path"):
        data_dir()
    monkeypatch.delenv("SLUGFEST_DATA_DIR")
    assert data_dir().name == "slugfest"
