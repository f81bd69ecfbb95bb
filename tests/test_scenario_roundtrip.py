"""Writing scenarios back: load -> dump_scenario -> tomli-w -> load gives an equal Scenario,
and the atomic writer never leaves a temp file or a half-written target behind."""

from __future__ import annotations

import os
import stat
import tomllib

import pytest
import tomli_w

import slugfest.core.files.atomic as files_mod
from slugfest.core.files.atomic import write_text_atomic, write_toml_atomic
from slugfest.core.files.scenario import ScenarioError, dump_scenario, load_scenario, parse_scenario_text
from slugfest.scenarios import bundled

NAMES = sorted(bundled())


def test_there_are_the_three_bundled_hero_scenarios():
    assert {"hero-duel", "hero-brawl", "hero-heroic"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_load_dump_load_gives_an_equal_scenario(name):
    original = load_scenario(bundled()[name])
    text = tomli_w.dumps(dump_scenario(original))
    again = parse_scenario_text(text.encode("utf-8"), f"{name} (dumped)")
    assert again == original
    assert again.path != original.path  # where it came from is not part of the scenario
    # and the canonical form is a fixed point
    assert tomli_w.dumps(dump_scenario(again)) == text


@pytest.mark.parametrize("name", NAMES)
def test_the_round_trip_through_a_file(name, tmp_path):
    original = load_scenario(bundled()[name])
    target = tmp_path / f"{name}.toml"
    write_toml_atomic(dump_scenario(original), target)
    assert load_scenario(target) == original
    assert os.listdir(tmp_path) == [target.name]


def test_the_heroic_scenario_keeps_its_weapons_through_the_round_trip():
    sc = load_scenario(bundled()["hero-heroic"])
    assert sc.options.campaign == "heroic"
    attacks = {a.name: a for c in sc.combatants for a in c.sheet.attacks}
    assert str(attacks["Dagger"].dice) == "1d6-1" and attacks["Dagger"].kind == "killing"
    assert attacks["Flintlock Pistol"].kind == "killing" and not attacks["Flintlock Pistol"].hth
    assert attacks["Belaying Pin"].kind == "normal" and attacks["Belaying Pin"].str_min
    assert all(a.end == 0 for a in attacks.values())
    wielders = {(c.id, a.name): c.sheet.characteristics.STR - a.str_min
                for c in sc.combatants for a in c.sheet.attacks if a.str_min}
    assert any(v < 0 for v in wielders.values()) and any(v >= 5 for v in wielders.values())
    assert any(c.sheet.rPD for c in sc.combatants) and any(not c.sheet.rPD for c in sc.combatants)


def test_the_brawl_has_every_attack_kind_and_the_defenses_they_name():
    sc = load_scenario(bundled()["hero-brawl"])
    assert [len(s.combatants) for s in sc.sides] == [4, 4]
    kinds = {a.kind for c in sc.combatants for a in c.sheet.attacks}
    assert kinds == {"normal", "killing", "nnd", "avld"}
    assert {c.sheet.characteristics.SPD for c in sc.combatants} >= {3, 6}
    assert all(3 <= c.sheet.characteristics.SPD <= 6 for c in sc.combatants)
    for c in sc.combatants:
        for a in c.sheet.attacks:
            if a.kind in ("nnd", "avld"):
                have = [d.id for d in sc.combatants if d.sheet.special().get(a.defense, 0) > 0]
                assert have and len(have) < len(sc.combatants), (a.name, a.defense)
    assert sc.map.obstacles


# -- the atomic writer -----------------------------------------------------------------------

def test_a_write_leaves_no_temp_file_and_normal_permissions(tmp_path):
    target = tmp_path / "out.toml"
    write_toml_atomic({"battle": {"name": "x"}}, target)
    assert os.listdir(tmp_path) == ["out.toml"]
    assert tomllib.loads(target.read_text()) == {"battle": {"name": "x"}}
    mode = stat.S_IMODE(target.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask  # not the 0600 of a temp file


def test_an_existing_file_keeps_its_permissions(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o640)
    write_text_atomic("new", target)
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_symbolic_link_is_followed_not_replaced(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_text_atomic("new", link)
    assert link.is_symlink() and real.read_text() == "new"
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real.json"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_something_other_than_a_file_is_written_in_place_not_renamed_over(tmp_path):
    """A device or a pipe (``--json /dev/stdout``) must receive the text, not be replaced."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # open before the write: no thread to wait on
    try:
        write_text_atomic("through the pipe", pipe)
        assert os.read(reader, 100) == b"through the pipe"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(pipe.stat().st_mode)


def test_a_named_pipe_nobody_reads_is_refused_not_waited_on(tmp_path, monkeypatch):
    from slugfest.core.files import atomic

    monkeypatch.setattr(atomic, "READER_GRACE", 0.0)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(OSError, match="a named pipe .FIFO. that no process is reading"):
        write_text_atomic("nobody", pipe)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="descriptors named through /proc")
def test_a_descriptor_path_is_appended_to_never_truncated_or_replaced(tmp_path):
    """``--out /dev/fd/N`` (``/dev/stdout`` under ``>> log``): the file open on it keeps what it had."""
    log = tmp_path / "all.log"
    log.write_text("earlier runs\n")
    with open(log, "a") as fh:
        write_text_atomic("this run\n", f"/dev/fd/{fh.fileno()}")
    assert log.read_text() == "earlier runs\nthis run\n"
    assert os.listdir(tmp_path) == ["all.log"]


class _DiesHalfway:
    """A file object that writes half of what it is given, then fails (a full disk, a crash)."""

    def __init__(self, fh):
        self.fh = fh

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()
        return False

    def write(self, data):
        self.fh.write(data[: len(data) // 2])
        self.fh.flush()
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("where", ["write", "fsync", "replace"])
def test_a_failure_mid_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch, where):
    target = tmp_path / "scenario.toml"
    target.write_text("# the old file\n")
    real_fdopen = os.fdopen
    if where == "write":
        monkeypatch.setattr(files_mod.os, "fdopen", lambda fd, mode: _DiesHalfway(real_fdopen(fd, mode)))
    else:
        def boom(*args, **kwargs):
            raise OSError(5, f"{where} failed")

        monkeypatch.setattr(files_mod.os, where, boom)
    with pytest.raises(OSError):
        write_toml_atomic({"battle": {"name": "new " * 1000}}, target)
    monkeypatch.undo()
    assert target.read_text() == "# the old file\n"
    assert os.listdir(tmp_path) == ["scenario.toml"]


def test_an_interrupt_mid_write_also_cleans_up(tmp_path, monkeypatch):
    target = tmp_path / "log.jsonl"

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(files_mod.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text_atomic("{}\n" * 100, target)
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []


def test_unencodable_data_touches_nothing(tmp_path):
    target = tmp_path / "s.toml"
    target.write_text("old")
    with pytest.raises(TypeError):
        write_toml_atomic({"battle": {"when": object()}}, target)
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["s.toml"]


def test_a_dumped_scenario_with_a_bad_edit_is_still_validated(tmp_path):
    data = dump_scenario(load_scenario(bundled()["hero-duel"]))
    data["sides"][0]["combatants"][0]["characteristics"]["SPD"] = 0
    target = tmp_path / "edited.toml"
    write_toml_atomic(data, target)
    with pytest.raises(ScenarioError) as info:
        load_scenario(target)
    (problem,) = info.value.problems
    assert problem.path == "sides[0].combatants[0].characteristics.SPD"
    assert target.read_text().splitlines()[problem.line - 1].strip() == "SPD = 0"


def test_a_write_clears_the_temp_files_that_killed_writes_left_behind(tmp_path):
    """A save killed mid-write leaves its temp file; the next write of the same file removes the
    ones whose writing process is gone, and keeps a live writer's."""
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone = int(dead.stdout)
    target = tmp_path / "battle-save.toml"
    left = [tmp_path / f".battle-save.toml.{gone}.abc123.tmp", tmp_path / f".battle-save.toml.{gone}.def456.tmp"]
    mine = tmp_path / f".battle-save.toml.{os.getppid()}.live.tmp"  # a process that is alive
    other = tmp_path / f".other.toml.{gone}.x.tmp"
    for p in (*left, mine, other):
        p.write_text("half a save")
    write_text_atomic("done = true\n", target)
    assert target.read_text() == "done = true\n"
    assert not any(p.exists() for p in left) and mine.exists() and other.exists()


def test_an_exported_map_writes_one_cell_a_line_and_reads_back_equal():
    from slugfest.core.files.atomic import toml_text

    original = load_scenario(bundled()["hero-duel"])
    text = toml_text(dump_scenario(original))
    assert "obstacles = [\n    [14, 6],\n    [14, 7]," in text
    assert parse_scenario_text(text.encode("utf-8"), "hero-duel (exported)") == original
    assert toml_text({"a": [[1, -2], [3, 4]]}) == tomli_w.dumps({"a": [[1, -2], [3, 4]]}).replace(
        "[\n        1,\n        -2,\n    ]", "[1, -2]").replace("[\n        3,\n        4,\n    ]", "[3, 4]")
