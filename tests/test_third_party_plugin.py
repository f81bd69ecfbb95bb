"""A third-party plugin package is found through the ``slugfest`` entry-point group, listed by
``slugfest plugins``, selected by scenarios by name, and plays in a battle."""

import sys
import textwrap
from pathlib import Path

import pytest

from slugfest import cli
from slugfest.core.engine import catalog, plugins
from slugfest.core.engine.battle import Battle
from slugfest.core.engine.events import Moved
from slugfest.core.testing import hero, scenario

SAMPLE = Path(__file__).parent / "sample_plugin"


@pytest.fixture
def sample_installed(tmp_path, monkeypatch):
    """Make the sample package importable and give it installed-distribution metadata, which is
    all an installed wheel adds for entry-point discovery."""
    dist = tmp_path / "slugfest_sample-1.2.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: slugfest-sample\nVersion: 1.2.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [slugfest]
        sample-coward = slugfest_sample.coward
        sample-lucky = slugfest_sample.lucky
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(SAMPLE))
    plugins.refresh()
    yield
    plugins.refresh()
    for mod in [m for m in sys.modules if m.startswith("slugfest_sample")]:
        del sys.modules[mod]


def test_slugfest_plugins_lists_the_installed_third_party_plugins(sample_installed, capsys):
    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "sample-coward" in out and "slugfest-sample" in out and "1.2.0" in out
    assert "sample-lucky" in out and "house-rule" in out
    assert "default" in out and "hero-rules" in out


def coward_scenario(**battle):
    punch = [{"name": "Punch", "kind": "normal", "range": "hth", "knockback": False}]
    return scenario("hero", {
        "Heroes": [hero("runner", (5, 5), attacks=punch, ai="sample-coward", SPD=4, DEX=20)],
        "Villains": [hero("chaser", (7, 5), attacks=punch, SPD=2, DEX=10)],
    }, width=30, height=12, turn_limit=2, **battle)


def test_a_scenario_selects_the_third_party_ai_by_name(sample_installed):
    b = Battle(coward_scenario())
    b.run()
    runs = [e for e in b.events if isinstance(e, Moved) and e.actor == "runner"]
    assert runs and all("falls back" in e.why for e in runs)


def test_the_third_party_house_rule_is_used_only_when_the_scenario_lists_it(sample_installed):
    plain = Battle(coward_scenario())
    assert "sample-lucky" not in plain.host.names()
    lucky = Battle(coward_scenario(house_rules=["sample-lucky"]))
    assert "sample-lucky" in lucky.host.names()


def test_a_blocked_plugin_is_not_installed_for_scenarios(sample_installed, monkeypatch):
    monkeypatch.setenv("SLUGFEST_BLOCK_PLUGINS", "sample-coward")
    plugins.refresh()
    from slugfest.core.files.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="sample-coward"):
        coward_scenario()


def test_the_allow_list_admits_only_named_third_party_plugins(sample_installed, monkeypatch):
    monkeypatch.setenv("SLUGFEST_PLUGINS", "sample-lucky")
    plugins.refresh()
    names = set(plugins.catalog())
    assert "sample-lucky" in names and "sample-coward" not in names
    assert {"default", "hero-rules"} <= names  # built-ins are not subject to the allow-list


@pytest.fixture
def old_style_installed(tmp_path, monkeypatch):
    """A plugin written for Slugfest 0.1, which imported ``core.plugins``."""
    pkg = tmp_path / "old_style"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from core.plugins import hookimpl\n\n@hookimpl\n"
                                     "def slugfest_choose_action(battle, decision):\n    return None\n")
    dist = tmp_path / "old_style-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: old-style\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[slugfest]\nold-style = old_style\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins.refresh()
    yield
    plugins.refresh()
    sys.modules.pop("old_style", None)


def test_a_plugin_on_the_old_core_import_path_is_told_what_to_write(old_style_installed, capsys):
    info = plugins.catalog()["old-style"]
    assert info.kind == "broken"
    assert "imports 'core'" in info.description and "from slugfest import hookimpl" in info.description
    assert cli.main(["plugins"]) == 0
    assert "from slugfest import hookimpl" in capsys.readouterr().out


def test_a_scenario_naming_it_says_it_failed_to_load_and_why(old_style_installed):
    from slugfest.core.files.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="installed but failed to load: it imports 'core'"):
        scenario("hero", {"A": [hero("a", ai="old-style")], "B": [hero("b", (2, 0))]})


def test_a_plugin_importing_a_module_of_core_that_has_moved_is_told_where_it_went():
    """Slugfest 0.3 split core/ into subpackages: a plugin written for 0.2 that imported
    ``slugfest.core.actions`` is told its new home, and that ``slugfest`` has what it needs."""
    import importlib

    exc = ModuleNotFoundError("No module named 'slugfest.core.actions'", name="slugfest.core.actions")
    said = catalog.load_failure(exc)
    assert "'slugfest.core.engine.actions' since Slugfest 0.3" in said and "'slugfest' itself" in said
    assert catalog.moved_to("core.battle") == "slugfest.core.engine.battle"
    assert catalog.moved_to("slugfest.core.hero.events") is None  # did not move
    for old in catalog.MOVED:
        importlib.import_module(catalog.moved_to(f"slugfest.core.{old}"))  # every new home exists
