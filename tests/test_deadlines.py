"""Hard deadlines a hostile plugin cannot swallow.

A plugin that catches the stop and loops is a runaway: the process ends itself, naming it. One
stuck where no signal reaches it is killed from outside at the battle's deadline. A batch lists
such a battle by its seed and plays every other battle exactly as it would without the fault,
whatever the number of workers; a single headless battle ends with a clear error naming the
plugin, keeping the log up to the fault.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from slugfest.core.batch import simulate as sim
from slugfest.core.engine.plugins import hookimpl
from slugfest.core.testing import hero, scenario
from slugfest.scenarios import bundled

pytestmark = pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer") or sys.platform == "win32",
                                reason="POSIX timers and fork")

PUNCH = [{"name": "Punch", "kind": "normal", "range": "hth"}]


def duel():
    return scenario("hero", {"A": [hero("a", (5, 5), attacks=PUNCH, DEX=15)],
                             "B": [hero("b", (6, 5), attacks=PUNCH)]}, turn_limit=2)


def swallow_forever() -> None:
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass


def beyond_signals() -> None:
    """Stuck where the timer's signal is never delivered (as in a long C call)."""
    import signal

    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    while True:
        time.sleep(0.01)


class HangsOnSeed:
    """An AI that hangs in the battle with one seed and answers nothing in every other."""

    def __init__(self, seed: int, hang) -> None:
        self.seed, self.hang = seed, hang

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        if battle.seed == self.seed:
            self.hang()
        return None


def test_a_batch_lists_a_battle_whose_plugin_caught_the_stop_by_seed_and_plays_the_rest(monkeypatch):
    monkeypatch.setenv("SLUGFEST_PLUGIN_TIMEOUT", "0.1")
    monkeypatch.setattr(sim, "CHUNK", 4)
    monkeypatch.setattr(sim, "ROUNDS", 1)  # chunks of CHUNK battles, however short the batch
    clean_one, _ = sim.simulate(duel(), 12, 1, jobs=1)
    stubborn = [("stubborn-ai", HangsOnSeed(sim.battle_seed(1, 5), swallow_forever))]
    started = time.monotonic()
    alone, _ = sim.simulate(duel(), 12, 1, jobs=1, plugins=stubborn)
    # About a second alone (3 s for the whole test); the bound is loose because the suite runs a
    # worker per core and a busy machine once took over 30 s here. The battle deadline it must
    # beat is 600 s: what is checked is that the runaway's worker was ended, not waited out.
    assert time.monotonic() - started < 120, "the runaway ends its worker long before the battle deadline"
    [error] = alone.errors
    assert error.index == 5 and error.seed == sim.battle_seed(1, 5)
    assert "plugin 'stubborn-ai' would not stop: slugfest_choose_action" in error.error
    assert alone.n == 11 == clean_one.n - 1
    split, _ = sim.simulate(duel(), 12, 1, jobs=2, plugins=stubborn)
    assert split.as_dict() == alone.as_dict(), "the same battles whatever the number of workers"


def test_a_battle_stuck_beyond_signals_is_killed_at_its_deadline_and_named(monkeypatch):
    monkeypatch.setenv("SLUGFEST_PLUGIN_TIMEOUT", "0.1")
    monkeypatch.setattr(sim, "CHUNK", 4)
    monkeypatch.setattr(sim, "ROUNDS", 1)  # chunks of CHUNK battles, however short the batch
    frozen = [("frozen-ai", HangsOnSeed(sim.battle_seed(1, 2), beyond_signals))]
    started = time.monotonic()
    agg, _ = sim.simulate(duel(), 8, 1, jobs=2, deadline=1.0, plugins=frozen)
    assert time.monotonic() - started < 120  # loose for a busy machine (see above): the default deadline is 600 s
    [error] = agg.errors
    assert error.index == 2 and error.seed == sim.battle_seed(1, 2)
    assert error.error == ("stopped at its deadline of 1 s: plugin 'frozen-ai' was running "
                           "slugfest_choose_action")
    assert agg.n == 7


def test_a_batch_with_a_third_party_plugin_runs_in_a_worker_even_for_one_job(monkeypatch):
    seen = []
    real = sim._run_parallel
    monkeypatch.setattr(sim, "_run_parallel", lambda *a, **k: (seen.append(a[3]), real(*a, **k)))
    sim.simulate(duel(), 3, 1, jobs=1)
    assert seen == [], "built-in plugins alone: played in this process"
    agg, _ = sim.simulate(duel(), 3, 1, jobs=1, plugins=[("quiet-ai", HangsOnSeed(-1, swallow_forever))])
    assert seen == [1] and agg.n == 3


@pytest.mark.parametrize("var, raw", [("SLUGFEST_BATTLE_DEADLINE", "forever"), ("SLUGFEST_PLUGIN_TIMEOUT", "inf")])
def test_a_bad_setting_stops_the_batch_before_its_first_battle(monkeypatch, var, raw):
    from slugfest.core.settings import SettingError

    monkeypatch.setenv(var, raw)
    monkeypatch.setattr(sim, "run_one", lambda *a: pytest.fail("a battle ran"))
    with pytest.raises(SettingError, match=var):
        sim.simulate(duel(), 3, 1, jobs=1)


# -- a single headless battle with an installed hostile plugin ----------------------------------

PLUGIN = '''\
"""{doc}"""
import signal
import time

from slugfest import answers_for


@answers_for("{name}")
def slugfest_choose_action(battle, decision):
    {body}
'''

BODIES = {
    "stubborn": ("Catches the stop and loops.",
                 "while True:\n        try:\n            while True:\n                pass\n"
                 "        except BaseException:\n            pass"),
    "frozen": ("Blocks the timer's signal and sleeps.",
               "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})\n    while True:\n        time.sleep(0.01)"),
}


@pytest.fixture
def hostile_install(tmp_path):
    """An installed distribution with two hostile AIs, found through its entry points."""
    dist = tmp_path / "hostile_ais-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: hostile-ais\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[slugfest]\n" + "".join(f"{n} = hostile_{n}\n" for n in BODIES))
    for name, (doc, body) in BODIES.items():
        (tmp_path / f"hostile_{name}.py").write_text(PLUGIN.format(doc=doc, name=name, body=body))
    return tmp_path


def battle_with_ai(tmp_path: Path, ai: str) -> Path:
    text = Path(bundled()["hero-duel"]).read_text().replace('ai = "default"', f'ai = "{ai}"', 1)
    path = tmp_path / f"{ai}.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("ai, env, needle", [
    ("stubborn", {}, "slugfest: plugin 'stubborn' would not stop: slugfest_choose_action ran past its time limit"),
    ("frozen", {"SLUGFEST_BATTLE_DEADLINE": "2"},
     "slugfest: the battle (with plugins 'frozen', 'stubborn') ran past its deadline of 2 s "
     "(SLUGFEST_BATTLE_DEADLINE) and was stopped: plugin 'frozen' was running slugfest_choose_action."),
])
def test_a_single_battle_with_a_plugin_that_will_not_stop_ends_naming_it(hostile_install, ai, env, needle):
    path = battle_with_ai(hostile_install, ai)
    run_env = {**os.environ, "PYTHONPATH": str(hostile_install), "SLUGFEST_PLUGIN_TIMEOUT": "0.1", **env}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "slugfest", "battle", str(path)], env=run_env,
                          capture_output=True, text=True, timeout=120)
    assert time.monotonic() - started < 60
    assert done.returncode == 3, done.stderr
    assert needle in done.stderr and "Traceback" not in done.stderr
    assert done.stdout.startswith("=== Duel at the Docks"), "the log up to the fault is kept"


def test_a_plugin_that_ends_its_worker_process_costs_only_its_own_battle():
    """os._exit or a crash in C: the worker dies with no word; its shared-memory slot still says
    which battle and which plugin call were under way, so only that battle is listed."""
    def end_process() -> None:
        os._exit(0)

    agg, _ = sim.simulate(duel(), 8, 1, jobs=2, plugins=[("exiting-ai", HangsOnSeed(sim.battle_seed(1, 6), end_process))])
    [error] = agg.errors
    assert error.index == 6 and error.seed == sim.battle_seed(1, 6)
    assert error.error == "its worker process crashed: plugin 'exiting-ai' was running slugfest_choose_action"
    assert agg.n == 7


# -- the stop lands only in the plugin's own code ---------------------------------------------------

def test_the_timer_stops_only_a_plugin_call_past_twice_its_limit_and_only_in_the_plugins_code():
    import inspect
    import signal

    from slugfest.core.engine import guard

    here = inspect.currentframe()
    in_guard = _frame_of_file(guard.__file__)
    assert guard._on_alarm(signal.SIGALRM, here) is None, "no plugin call under way: the program is not stopped"
    started = time.perf_counter()
    guard._enter("slow-ai", "slugfest_choose_action", started, 0.001)
    signal.setitimer(signal.ITIMER_REAL, 0)  # the test fires the handler itself
    try:
        time.sleep(0.003)
        assert guard._on_alarm(signal.SIGALRM, in_guard) is None, \
            "in the guard's own bookkeeping the timer only fires again a moment later"
        with pytest.raises(guard.PluginTimeout):
            guard._on_alarm(signal.SIGALRM, here)
    finally:
        guard._leave(started)
    assert guard.running() is None
    guard._enter("quick-ai", "slugfest_choose_action", time.perf_counter(), 10.0)
    try:
        assert guard._on_alarm(signal.SIGALRM, here) is None, "not yet past twice its limit"
    finally:
        guard._leave(guard._calls[guard._MAIN_THREAD.ident][-1].started)
    assert guard.running() is None and guard._armed is False


def test_the_timer_holds_its_stop_while_a_garbage_collector_callback_runs_inside_the_plugin_call():
    """An exception raised in a gc callback (a test runner's timing hook) is swallowed as
    "unraisable" and the plugin call goes on: the stop waits for the plugin's own code."""
    import gc
    import signal
    import sys

    from slugfest.core.engine import guard

    seen: list = []

    def callback(phase, info):
        if phase == "start":
            try:
                seen.append(guard._on_alarm(signal.SIGALRM, sys._getframe()))
            except guard.PluginTimeout:
                seen.append("stopped")

    started = time.perf_counter()
    guard._enter("slow-ai", "slugfest_choose_action", started, 0.001)
    signal.setitimer(signal.ITIMER_REAL, 0)  # the test fires the handler itself
    gc.callbacks.append(callback)
    try:
        time.sleep(0.003)
        gc.collect()
        with pytest.raises(guard.PluginTimeout):  # back in the plugin's code, it stops
            guard._on_alarm(signal.SIGALRM, sys._getframe())
    finally:
        gc.callbacks.remove(callback)
        guard._leave(started)
    assert seen == [None] and guard.running() is None


def _frame_of_file(filename: str):
    """A frame whose code says it is in ``filename`` (how the handler tells the guard's own code)."""
    space: dict = {}
    exec(compile("import sys\nframe = sys._getframe(0)", filename, "exec"), space)  # noqa: S102
    return space["frame"]


class SlowOnce:
    """Takes about twice its limit once (the stop then lands around the call's end)."""

    def __init__(self, limit, seed):
        self.limit, self.rng = limit, __import__("random").Random(seed)

    @hookimpl(tryfirst=True)
    def slugfest_choose_action(self, battle, decision):
        end = time.perf_counter() + 2 * self.limit - self.rng.uniform(-20e-6, 60e-6)
        while time.perf_counter() < end:
            pass
        return None


def test_a_plugin_ending_as_its_stop_fires_never_lets_the_stop_escape_into_the_battle():
    from slugfest.core.engine.events import BattleEnded
    from slugfest.core.testing import battle_with

    for seed in range(20):
        b = battle_with(duel(), seed=seed, plugins=[("slow-ai", SlowOnce(0.02, seed))], plugin_timeout=0.02)
        b.run()  # a PluginTimeout escaping here would fail the test
        assert isinstance(b.events[-1], BattleEnded)
