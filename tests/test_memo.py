"""``core.rules.memo.SheetMemos``: figures derived from a frozen sheet are shared between battles,
and sharing them never changes a battle."""

from __future__ import annotations

from slugfest.core.engine.battle import Battle
from slugfest.core.rules.memo import SheetMemos
from slugfest.core.engine.plugins import get_plugin_manager
from slugfest.core.files.scenario import load_scenario
from slugfest.scenarios import bundled


class Sheet:  # a plain object: equal only to itself
    pass


def test_equal_sheets_share_one_dict_as_a_workers_fresh_copy_of_the_scenario_must():
    import pickle

    sc = load_scenario(bundled()["hero-brawl"])
    copy = pickle.loads(pickle.dumps(sc))
    memos = SheetMemos()
    a, b = sc.combatants[0], copy.combatants[0]
    assert a.sheet is not b.sheet and a.sheet == b.sheet
    assert memos.for_sheet(a.sheet, sc.options) is memos.for_sheet(b.sheet, copy.options)
    assert len(memos) == 1


def test_a_sheet_that_cannot_be_hashed_is_kept_by_identity():
    memos = SheetMemos()
    opts = object()
    sheet = {"mutable": True}
    assert memos.for_sheet(sheet, opts) is memos.for_sheet(sheet, opts)
    assert memos.for_sheet(sheet, opts) is not memos.for_sheet({"mutable": True}, opts)


def test_one_dict_per_sheet_and_options_pair():
    memos = SheetMemos()
    a, b, opts, other_opts = Sheet(), Sheet(), object(), object()
    assert memos.for_sheet(a, opts) is memos.for_sheet(a, opts)
    assert memos.for_sheet(a, opts) is not memos.for_sheet(b, opts)
    assert memos.for_sheet(a, opts) is not memos.for_sheet(a, other_opts)


def test_the_store_stays_bounded_and_keeps_its_sheets_alive():
    memos = SheetMemos(limit=4)
    opts = object()
    for _ in range(10):
        memos.for_sheet(Sheet(), opts)["seen"] = True  # each sheet dies here but for the store
    assert len(memos) <= 4
    kept = Sheet()
    first = memos.for_sheet(kept, opts)
    first["x"] = 1
    assert memos.for_sheet(kept, opts)["x"] == 1


def _events(name: str, seed: int, host) -> list[str]:
    sc = load_scenario(bundled()[name])
    b = Battle(sc, seed=seed, host=host)
    b.run()
    return [repr(e) for e in b.events]


def test_battles_with_warm_memos_play_exactly_as_with_cold_ones(monkeypatch):
    """Run a battle, run others on the same sheets (filling the shared figures with other
    ranges, maneuvers and conditions), then the first again: byte for byte the same."""
    for name in ("hero-brawl", "marvel-brawl"):
        host = get_plugin_manager()
        system = host.systems()[load_scenario(bundled()[name]).system]
        monkeypatch.setattr(system, "_memos", SheetMemos())  # cold
        first = _events(name, 7, host)
        for seed in range(8, 14):
            _events(name, seed, host)
        assert _events(name, 7, host) == first
