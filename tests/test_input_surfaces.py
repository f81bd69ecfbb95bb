"""The surfaces added since the first reliability campaigns (issue 36): batch parts given to
``merge``, character files given to ``import``, numeric arguments, and the one rule for the
files a command writes. Each hostile input ends in the program's own message and exit 2, never
a traceback, a hang or exit 70; no output replaces a file without ``--force``, and none ever
replaces one of the command's own inputs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from slugfest.core.batch import simulate as sim
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import bundled
from slugfest.core.batch.state_schema import StateProblem, check_state
from slugfest.core.files.bounds import UnreadableFile, bounded_fraction, parse_json, read_limited
from slugfest.core.testing import surfaces as fz
from slugfest.core.testing.surfaces.known_plugins import install

run = fz.run_cli


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    """A real batch of hero-duel in two parts, as `simulate --shard I/2 --json` writes them."""
    return fz.base_parts(tmp_path_factory.mktemp("parts"), ("hero-duel",))


def _write(folder: Path, name: str, doc) -> str:
    path = folder / name
    path.write_text(json.dumps(doc))
    return str(path)


# -- merge: the structure of a part is checked before anything is summed ----------------------

@pytest.mark.parametrize("key, value, expected", [
    (("state", "n"), "12", "state.n: expected a whole number from 0"),
    (("state", "n"), -3, "state.n: expected a whole number from 0"),
    (("state", "n"), True, "state.n: expected a whole number from 0"),
    (("state", "wins"), [1, 2], "state.wins: expected an object"),
    (("state", "length"), [1, 2], "state.length: expected an array of 5 items"),
    (("state", "histogram"), [[1]], "state.histogram[0]: expected an array of 2 items"),
    (("state", "sides"), [], "state.sides: expected at least one side"),
    (("state", "notable", "shortest"), [0, 1, "Heroes", "x", 6, "no"], "state.notable.shortest[5]: expected true or false"),
    (("system",), ["hero"], "system: expected a name"),
    (("base_seed",), -1, "base_seed: expected a whole number from 0"),
])
def test_a_part_with_a_wrongly_typed_value_is_refused_naming_the_file_and_the_key(parts, tmp_path, capsys, key,
                                                                                  value, expected):
    doc = json.loads(json.dumps(parts[0]))
    target = doc
    for k in key[:-1]:
        target = target[k]
    target[key[-1]] = value
    code, _, err = run(["merge", _write(tmp_path, "bad.json", doc), _write(tmp_path, "good.json", parts[1])])
    assert code == 2 and "Traceback" not in err
    assert f"bad.json: {expected}" in err


def test_a_combatants_sums_are_checked_to_the_last_item(parts):
    state = json.loads(json.dumps(parts[0]["state"]))
    cid = next(iter(state["combatants"]))
    state["combatants"][cid]["dealt"]["STUN"] = [2, 10, 50, 9, 1]  # least above greatest
    with pytest.raises(StateProblem, match=rf"state\.combatants\.{cid}\.dealt\.STUN\[4\]"):
        check_state(state)
    check_state(parts[1]["state"])  # and a real one passes


def test_a_part_claiming_a_billion_parts_is_refused_at_once(parts, tmp_path):
    doc = {**parts[0], "shard": {**parts[0]["shard"], "of": 10**9}}
    code, _, err = run(["merge", _write(tmp_path, "huge.json", doc), "--partial"])
    assert code == 2 and "huge.json: its shard is" in err and "<= 100000" in err


def test_missing_parts_are_listed_as_runs_of_numbers(parts, tmp_path):
    doc = {**parts[0], "shard": {**parts[0]["shard"], "part": 1, "of": 100_000}}
    code, _, err = run(["merge", _write(tmp_path, "one.json", doc)])
    assert code == 2 and "parts 2-100000 of 100000 are missing" in err


@pytest.mark.parametrize("device", ["fifo", "/dev/zero", "/dev/urandom"])
def test_merge_and_import_refuse_a_fifo_or_a_device_rather_than_wait_on_it(tmp_path, device):
    if device == "fifo":
        device = str(tmp_path / "pipe")
        os.mkfifo(device)
    code, _, err = run(["merge", device])
    assert code == 2 and f"{device}: expected a regular file" in err
    code, _, err = run(["import", device, device, "--out", str(tmp_path / "x.toml")])
    assert code == 2 and f"{device}: expected a regular file" in err


def test_a_part_nested_deeper_than_any_part_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = run(["merge", str(path)])
    assert code == 2 and "deep.json:1: expected arrays and objects nested at most" in err


def test_json_is_read_within_bounds(tmp_path):
    assert parse_json(b'{"a": [1, 2]}', 100) == {"a": [1, 2]}
    with pytest.raises(UnreadableFile, match="at most 4300 digits"):
        parse_json(b"[" + b"9" * 5000 + b"]", 10_000)
    with pytest.raises(UnreadableFile, match="expected JSON"):
        parse_json(b'{"a": }', 100)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(UnreadableFile, match="at most 100 bytes"):
        read_limited(big, 100)


# -- numbers are bounded before they are computed --------------------------------------------

def test_an_exponent_is_bounded_before_the_number_is_worked_out():
    assert bounded_fraction("2.5") == bounded_fraction("5/2") == bounded_fraction(" 25e-1 ")
    for text in ("1e-1000000000", "1e1000000000", "9" * 31, "1e31", "nan", "1/0x2", ""):
        with pytest.raises(ValueError):
            bounded_fraction(text)


def test_an_hdc_level_of_a_billion_digits_is_refused_by_name(tmp_path):
    hdc = tmp_path / "levels.hdc"
    hdc.write_bytes(fz.SYNTHETIC_HDC.replace('LEVELS="15"', 'LEVELS="1e-1000000000"').encode())
    code, _, err = run(["import", str(hdc), str(hdc), "--out", str(tmp_path / "x.toml")])
    assert code == 2 and "levels.hdc: <STR XMLID='STR'>: LEVELS: expected a number" in err


# -- arguments: every number checked, with a message and exit 2 -----------------------------

@pytest.mark.parametrize("argv, expected", [
    (["import", "a.hdc", "b.hdc", "--seed", "-1"], "expected a seed from 0 to 9223372036854775807, got -1"),
    (["import", "a.hdc", "b.hdc", "--seed", str(2**63)], "expected a seed from 0 to 9223372036854775807"),
    (["simulate", "hero-duel", "--seed", "9" * 5000], "got a number of 5000 digits"),
    (["simulate", "hero-duel", "--runs", "1e3"], "expected a whole number, got '1e3'"),
    (["simulate", "hero-duel", "--shard", "1/" + "9" * 5000, "--json", "x.json"], "whole numbers of at most 100000 parts"),
    (["simulate", "hero-duel", "--shard", "1/1000000000", "--json", "x.json"], "expected from 1 to 100000 parts"),
    (["simulate", "hero-duel", "--play-by-play", "-1"], "expected a battle's index from 0"),
    (["battle", "hero-duel", "--seed", "0x10"], "expected a whole number, got '0x10'"),
    (["simulate", "hero-duel", "--cluster", "local:" + "9" * 5000], "N a number of worker processes from 1 to 256"),
    (["simulate", "hero-duel", "--cluster", "tcp://10.0.0.1:99999"], "expected a port from 1 to 65535, got 99999"),
])
def test_a_numeric_argument_out_of_range_is_a_usage_error(tmp_path, monkeypatch, argv, expected):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(argv)
    assert code == 2 and expected in err and "Traceback" not in err


# -- outputs: one rule for every command that writes -------------------------------------------

def test_no_command_replaces_an_existing_file_without_force(tmp_path, parts):
    old = tmp_path / "old.json"
    p1, p2 = _write(tmp_path, "p1.json", parts[0]), _write(tmp_path, "p2.json", parts[1])
    for argv in (["simulate", "hero-duel", "--runs", "2", "--jobs", "1", "--no-progress", "--json", str(old)],
                 ["merge", p1, p2, "--json", str(old)],
                 ["battle", "hero-duel", "--out", str(old)],
                 ["export", "hero-duel", "--out", str(old)]):
        old.write_text("keep me")
        code, _, err = run(argv)
        assert code == 2 and f"{old} already exists; add --force to replace it" in err, argv
        assert old.read_text() == "keep me"
        code, _, err = run([*argv, "--force"])
        assert code == 0, err
        assert old.read_text() != "keep me"


def test_no_command_writes_over_its_own_input_even_with_force(tmp_path, parts):
    p1, p2 = _write(tmp_path, "p1.json", parts[0]), _write(tmp_path, "p2.json", parts[1])
    before = Path(p1).read_text()
    code, _, err = run(["merge", p1, p2, "--json", p1, "--force"])
    assert code == 2 and f"cannot write {p1}: it is an input of this command" in err
    assert Path(p1).read_text() == before
    scenario = tmp_path / "mine.toml"
    run(["export", "hero-duel", "--out", str(scenario)])
    for argv in (["battle", str(scenario), "--out", str(scenario), "--force"],
                 ["simulate", str(scenario), "--runs", "2", "--json", str(scenario), "--force"],
                 ["export", str(scenario), "--out", str(scenario), "--force"]):
        code, _, err = run(argv)
        assert code == 2 and "it is an input of this command" in err, argv


# -- plugins' threads and the standard streams ------------------------------------------------

class StartsAThreadThatNeverEnds:
    """An observer leaving a thread behind in the worker process: the process cannot exit
    while it runs, and the batch used to wait on it for ever."""

    @hookimpl
    def slugfest_battle_start(self, battle):
        threading.Thread(target=_spin, daemon=False).start()


def _spin() -> None:
    while True:
        time.sleep(0.05)


def test_a_plugins_stray_thread_cannot_keep_a_batch_from_finishing(monkeypatch):
    monkeypatch.setattr(sim, "EXIT_GRACE", 0.1)  # how long a worker gets to exit: not the point here
    duel = load_scenario(bundled()["hero-duel"])
    agg, interrupted = sim.simulate(duel, 3, 1, jobs=1, plugins=[("stray-thread", StartsAThreadThatNeverEnds())])
    assert (agg.n, interrupted, agg.errors) == (3, False, [])


HOSTILE_STREAMS = '''\
"""Takes the standard streams away from the command that runs it."""
import os
import sys

from slugfest import hookimpl


@hookimpl
def slugfest_battle_start(battle):
    sys.stdout.close()
    sys.stderr.close()
    os.close(1)
'''


def test_a_plugin_that_closes_the_standard_streams_cannot_crash_the_command(tmp_path):
    dist = tmp_path / "closer-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: closer\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[slugfest]\ncloser = closer_plugin\n")
    (tmp_path / "closer_plugin.py").write_text(HOSTILE_STREAMS)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code, clean, _ = run(["battle", "hero-duel"])
    done = subprocess.run([sys.executable, "-m", "slugfest", "battle", "hero-duel"], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout == clean and "Heroes win" in done.stdout


# -- a local cluster's killed workers: no foreign tracebacks --------------------------------------

TRACKER = """
import sys
from multiprocessing import resource_tracker
if sys.argv[1] == "quiet":
    from slugfest.core.batch.cluster import quiet_resource_tracker
    quiet_resource_tracker()
resource_tracker.ensure_running()
resource_tracker.unregister("/slugfest-never-registered", "semaphore")  # what a killed worker leaves it to do
"""


@pytest.mark.parametrize("mode", ["loud", "quiet"])
def test_the_resource_tracker_a_local_cluster_shares_prints_no_tracebacks(mode):
    done = subprocess.run([sys.executable, "-c", TRACKER, mode], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert ("KeyError" in done.stderr) == (mode == "loud"), done.stderr  # the fault is real, and quietened


@pytest.mark.parametrize("act", ["sys.stdout = None", "sys.stdout = open(os.devnull, 'w')\n    sys.stdout.close()",
                                 "os.close(1)\n    sys.__stdout__.close()\n    sys.stdout = None"])
def test_a_plugin_that_replaces_stdout_at_the_end_leaves_no_traceback(tmp_path, act):
    """The battle's child process flushed whatever a plugin had left in ``sys.stdout`` and printed
    a traceback under a battle that ran to its end (found by the campaign's closed-streams kind)."""
    home = install(tmp_path, "replacer", f"import os\nimport sys\nfrom slugfest import hookimpl\n\n\n@hookimpl\n"
                                         f"def slugfest_battle_end(battle):\n    {act}\n")
    _, clean, _ = run(["battle", "hero-duel", "--seed", "988"])
    done = subprocess.run([sys.executable, "-m", "slugfest", "battle", "hero-duel", "--seed", "988"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(home)}, timeout=300)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == clean


@pytest.mark.parametrize("argv", [["battle", "hero-duel", "--brief"],
                                  ["simulate", "hero-duel", "--runs", "3", "--jobs", "1", "--no-progress"]])
def test_a_thread_a_plugin_starts_when_loaded_cannot_keep_the_program_from_ending(tmp_path, argv):
    """Found by the campaign's stray-thread kind: a thread started at import lives in the main
    process, which printed its report and then waited for the thread at exit, for ever."""
    home = install(tmp_path, "spinner", "import threading\nimport time\n\n\ndef _spin():\n    while True:\n"
                                        "        time.sleep(0.05)\n\n\nthreading.Thread(target=_spin, name='spinner').start()\n")
    done = subprocess.run([sys.executable, "-m", "slugfest", *argv], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(home)}, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "win" in done.stdout or "3 battles" in done.stdout
    note = done.stderr.partition("slugfest: ended with ")[2]
    assert "thread(s) still running (" in note and "spinner" in note, done.stderr


def test_a_thread_that_ends_within_the_grace_is_not_called_a_plugins_and_the_program_goes_on():
    """A pool shut down without waiting leaves its manager thread a moment to finish: ``balance``
    ended once with "1 thread(s) still running (Thread-5): a plugin's, most likely" about it. Run in
    a process of its own, where that thread is the only other one (calling it stray ends the process)."""
    code = ("import threading, time\n"
            "from slugfest.cli.stray_threads import end_despite_stray_threads\n"
            "finishing = threading.Thread(target=time.sleep, args=(0.3,), name='finishing')\n"
            "finishing.start()\n"
            "end_despite_stray_threads(0, grace=5.0)\n"
            "print('went on', finishing.is_alive())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "went on False\n", "")


KILLS_ITS_WORKER = '''\
"""Kills the worker process that plays a battle, the first two times (a marker file each)."""
import os

from slugfest import hookimpl


@hookimpl
def slugfest_battle_start(battle):
    for i in range(2):
        try:
            os.close(os.open(os.path.join({markers!r}, str(i)), os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            continue
        os.kill(os.getpid(), 9)
'''


def test_a_local_cluster_whose_workers_are_killed_reports_the_whole_batch_and_no_tracebacks(tmp_path):
    """Item 12 end to end, through the command line: two worker processes of ``--cluster local:2``
    are killed mid-battle (SIGKILL), their battles are run again, and the report is the whole
    batch's with nothing else on standard error (the resource tracker's KeyError tracebacks)."""
    pytest.importorskip("distributed")
    markers = tmp_path / "kills"
    markers.mkdir()
    home = install(tmp_path, "worker-killer", KILLS_ITS_WORKER.format(markers=str(markers)))
    done = subprocess.run([sys.executable, "-m", "slugfest", "simulate", "hero-duel", "--runs", "20", "--cluster",
                           "local:2", "--no-progress", "--seed", "5"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(home)}, timeout=300)
    assert sorted(os.listdir(markers)) == ["0", "1"]  # two workers did die
    assert done.returncode == 0 and done.stderr == "", done.stderr
    _, local, _ = run(["simulate", "hero-duel", "--runs", "20", "--jobs", "1", "--no-progress", "--seed", "5"])
    assert done.stdout.split("\n\n")[:2] == local.split("\n\n")[:2]  # the same wins and lengths as a local run


ENDS_BY_RAISING = '''\
from slugfest import hookimpl


@hookimpl
def slugfest_battle_end(battle):
    raise RuntimeError("an observer failing at the end")
'''


@pytest.mark.parametrize("scenario", ["hero-duel", "marvel-seed"])
def test_an_observer_failing_at_a_battles_end_does_not_fail_the_battles_of_a_batch(tmp_path, scenario):
    home = install(tmp_path, "end-raiser", ENDS_BY_RAISING)
    done = subprocess.run([sys.executable, "-m", "slugfest", "simulate", scenario, "--runs", "3", "--jobs", "1",
                           "--no-progress"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(home)}, timeout=300)
    assert done.returncode == 0 and "3 battles" in done.stdout
    assert "failed (replay with --play-by-play" not in done.stdout, done.stdout[-300:]
