"""Lightning Reflexes (6e's talent; rules/hero6e.md §1.3): +DEX to act earlier in a Segment,
with all actions. It raises the DEX the Segment's order is taken by, and nothing else; equal
raised DEX is settled by the same 1d6 roll-off as equal DEX. Scripted dice throughout."""

from __future__ import annotations

import pytest

from slugfest.core.files.schema import Problems, Table
from slugfest.core.hero import events as ev
from slugfest.core.hero.chains import ocv_chain
from slugfest.core.hero.clock import order_dex
from slugfest.core.hero.hdc import IGNORED, IMPORTED, import_file
from slugfest.core.hero.points import bill
from slugfest.core.hero.sheet_keys import dump_sheet, parse_sheet
from slugfest.core.render.text import TextLog
from slugfest.core.testing import battle_with, events_of, hero, scenario

from hdc_files import character, part, write
from hero_script import fight


def trio(quick: int = 0, **kw):
    """Slow (DEX 10, Lightning Reflexes ``quick``) against Sharp (DEX 14) and Even (DEX 12), all
    SPD 2: each has a Phase in Segment 12, where the battle starts."""
    return {"A": [hero("slow", position=(0, 0), DEX=10, lightning_reflexes=quick, **kw)],
            "B": [hero("sharp", position=(5, 0), DEX=14), hero("even", position=(5, 2), DEX=12)]}


def first_order(b):
    return events_of(b, ev.SegmentStarted)[0].order


def test_lightning_reflexes_raise_the_dex_of_the_order_so_dex_10_plus_5_acts_before_dex_14():
    b = fight(trio(quick=5), [], turn_limit=1)
    assert first_order(b) == ("slow", "sharp", "even")
    (raised,) = [e for e in events_of(b, ev.OrderRaised) if e.actor == "slow"][:1]
    assert (raised.dex, raised.reflexes, raised.order_dex) == (10, 5, 15)
    assert TextLog({"slow": "Slow"}).line(raised) == "  (Slow acts at DEX 15 in the order: DEX 10 +5 Lightning Reflexes)"


def test_without_them_the_same_three_go_in_plain_dex_order_and_nothing_is_noted():
    b = fight(trio(), [], turn_limit=1)
    assert first_order(b) == ("sharp", "even", "slow")
    assert not events_of(b, ev.OrderRaised)


def test_a_raised_dex_equal_to_another_is_a_tie_settled_by_the_segments_roll_off():
    # DEX 10 +2 = 12 ties Even's DEX 12: the 1d6 roll-off (Slow rolls 2, Even 5) puts Even first
    b = fight(trio(quick=2), [2, 5], turn_limit=1)
    (seg,) = events_of(b, ev.SegmentStarted)[:1]
    assert seg.order == ("sharp", "even", "slow") and seg.tie_breaks == (("slow", 2), ("even", 5))


def test_only_the_order_changes_not_the_dex_the_rest_of_the_rules_read():
    b = battle_with(scenario("hero", trio(quick=5), turn_limit=1), dice=[])
    b.start()
    slow = b.state.fighters["slow"]
    assert order_dex(slow) == 15 and slow.ch.DEX == 10
    assert ocv_chain(slow, slow.attack("Punch"), b.state.fighters["sharp"], None, "").value == 3


def test_the_quick_one_goes_first_in_every_segment_it_has_a_phase_in():
    # SPD 2: Phases in Turn 1 Segment 12, Turn 2 Segments 6 and 12; each noted where it is
    b = fight(trio(quick=5), [], turn_limit=2)
    orders = [e.order for e in events_of(b, ev.SegmentStarted) if e.order]
    assert orders == [("slow", "sharp", "even")] * 3
    assert len(events_of(b, ev.OrderRaised)) == 3


# -- scenario keys, price, import -----------------------------------------------------------------

def read(keys):
    problems = Problems()
    sheet = parse_sheet(Table(keys, "combatants[0]", problems))
    return sheet, [(p.path, p.message) for p in problems.items]


def test_the_key_is_a_whole_number_of_dex_written_back_as_it_was_read():
    sheet, problems = read({"lightning_reflexes": 3})
    assert not problems and sheet.lightning_reflexes == 3
    assert dump_sheet(sheet)["lightning_reflexes"] == 3 and "lightning_reflexes" not in dump_sheet(read({})[0])


@pytest.mark.parametrize("value, says", [
    (31, "expected an integer from 0 to 30, got an integer 31"),
    ({"dex": 2, "actions": ["Blast"]}, "Lightning Reflexes for listed actions only are not modelled"),
])
def test_a_bad_value_is_refused_by_its_key_with_the_reason(value, says):
    _, problems = read({"lightning_reflexes": value})
    (path, message), = problems
    assert path == "combatants[0].lightning_reflexes" and says in message


def test_they_cost_1_cp_for_each_dex():
    sheet, _ = read({"lightning_reflexes": 3})
    lines = [ln for ln in bill(sheet).lines if ln.what == "Lightning Reflexes"]
    assert [ln.points for ln in lines] == [3]


def test_hero_designers_talent_for_all_actions_imports_and_for_one_action_is_named_not_modelled(tmp_path):
    result = import_file(write(tmp_path / "c.hdc", character(talents=(
        part("TALENT", "LIGHTNING_REFLEXES_ALL", LEVELS=2, ALIAS="Lightning Reflexes: +2 DEX to act first with All "
             "Actions"),
        part("TALENT", "LIGHTNING_REFLEXES_SINGLE", LEVELS=4, INPUT="Blast", ALIAS="Lightning Reflexes: +4 DEX to act "
             "first with Single Action"),
    ))))
    assert result.sheet["lightning_reflexes"] == 2
    every = [e for top in result.report.entries for e in top.walk() if e.label.startswith("Lightning Reflexes")]
    assert [(e.status, e.combat) for e in every] == [(IMPORTED, True), (IGNORED, True)]
    assert every[0].into == "lightning_reflexes 2 (+DEX for the order within a Segment)"
    assert every[1].why.startswith("Lightning Reflexes for listed actions (Blast): acting earlier")
