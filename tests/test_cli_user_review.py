"""CLI behaviours a new user ran into: no silent overwrite on export, saves refused by battle
and check with a pointer to `play`, house rules checked against the system."""

from core import cli
from core.session import Session
from core.scenario import load_scenario
from scenarios import bundled


def test_export_refuses_to_replace_a_file_without_force(tmp_path, capsys):
    target = tmp_path / "mine.toml"
    target.write_text("# my own scenario\n")
    assert cli.main(["export", "hero-duel", "--out", str(target)]) == 2
    assert "already exists" in capsys.readouterr().err and target.read_text() == "# my own scenario\n"
    assert cli.main(["export", "hero-duel", "--out", str(target), "--force"]) == 0
    assert "[battle]" in target.read_text()


def test_export_to_dash_prints_the_scenario(capsys):
    assert cli.main(["export", "hero-duel", "--out", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("[battle]") and 'system = "hero"' in out


def test_battle_and_check_on_a_save_file_point_to_play(tmp_path, capsys):
    save = tmp_path / "fight-save.toml"
    s = Session(load_scenario(bundled()["hero-duel"]))
    s.step()
    s.save(save)
    for command in ("battle", "check"):
        assert cli.main([command, str(save)]) == 2
        err = capsys.readouterr().err
        assert "saved battle" in err and "slugfest play" in err


def test_the_rules_line_writes_options_as_toml_does(capsys):
    assert cli.main(["battle", "marvel-hydra", "--seed", "1"]) == 0
    rules = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("rules:"))
    assert "True" not in rules and "False" not in rules
