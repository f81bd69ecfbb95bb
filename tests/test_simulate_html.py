"""Issue 38: `simulate --html` writes the batch's report as a page (its tables, its figures) and
a replay of each notable battle beside it, each played again from its seed."""

from __future__ import annotations

import json
import re

from slugfest import cli
from slugfest.core.render.html import data_of


def test_the_report_page_links_a_replay_of_each_notable_battle(capsys, tmp_path):
    target, data = tmp_path / "duel.html", tmp_path / "duel.json"
    assert cli.main(["simulate", "hero-duel", "--runs", "6", "--jobs", "1", "--seed", "3", "--no-progress",
                     "--html", str(target), "--json", str(data)]) == 0
    out, err = capsys.readouterr()
    assert "report written to" in err
    text = target.read_text(encoding="utf-8")
    summary = json.loads(data.read_text(encoding="utf-8"))
    assert "<script" not in text and not re.search(r"""(src|href)=["']?https?:""", text)
    assert "win rates, with 95% intervals" in text and "battles by length (turns)" in text
    assert "STUN per battle, by combatant" in text
    assert out.strip().splitlines()[0] in text  # the terminal report's own words
    for side, s in summary["sides"].items():
        assert f"{s['rate']:.1%} ({s['ci95'][0]:.1%}-{s['ci95'][1]:.1%})" in text
    shortest = summary["notable_battles"]["shortest"]
    link = f'href="duel-battle{shortest["index"]}.html"'
    assert link in text and f"seed {shortest['seed']}" in text
    replay = data_of((tmp_path / f"duel-battle{shortest['index']}.html").read_text(encoding="utf-8"))
    assert replay["header"]["seed"] == shortest["seed"]
    assert replay["turns"][-1][0] == f"Turn {shortest['length']}"  # the same battle, as long as the batch said
    assert f"{shortest['winner']} win" in replay["steps"][-1][0]
    linked = set(re.findall(r'href="([^"]+)"', text))
    assert linked == {p.name for p in tmp_path.glob("duel-battle*.html")}


def test_html_is_refused_for_a_part_of_a_batch(capsys, tmp_path):
    assert cli.main(["simulate", "hero-duel", "--runs", "4", "--shard", "1/2", "--json", str(tmp_path / "p.json"),
                     "--html", str(tmp_path / "r.html")]) == 2
    assert "--html reports a whole batch" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
