"""The Slugfest app: a scenario picker, then the battle screen.

``make_app()`` is the factory the ``slugfest`` command, the tests and the snapshot tests share;
``run()`` builds one and runs it. Neither touches the battle rules: those live in ``core/``,
driven through :class:`core.session.Session`.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable

from textual import on
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from slugfest.core.battle import Battle
from slugfest.core.errors import SlugfestError
from slugfest.core.guard import stuck_calls
from slugfest.core.scenario import Scenario
from slugfest.core.session import Session, is_save_file

from .screens.battle import DEFAULT_SPEED, BattleScreen
from .screens.files import PathDialog
from .screens.picker import PickerScreen

BattleFactory = Callable[[Scenario, int, frozenset[str]], Battle]


class SlugfestApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Slugfest"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (150, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(self, scenario_path: str | Path | None = None, scenarios_dir: str | Path | None = None,
                 seed: int | None = None, *, player_controlled: tuple[str, ...] = (),
                 battle_factory: BattleFactory | None = None, speed: int = DEFAULT_SPEED,
                 rng_seed: int | None = None, include_bundled: bool = True) -> None:
        super().__init__()
        self.include_bundled = include_bundled
        self.scenario_path = scenario_path
        self.scenarios_dir = scenarios_dir
        self.seed = seed
        self.player_controlled = player_controlled
        self.battle_factory = battle_factory
        self.speed = speed
        self.rng = random.Random(rng_seed)
        #: The last battle saved or loaded here, and its scenario's path: Ctrl+S and Ctrl+O offer it.
        self.last_save_path: str | None = None
        self.last_save_scenario: str | None = None

    def get_default_screen(self) -> Screen:
        return PickerScreen(self.scenarios_dir, self.include_bundled)

    def on_mount(self) -> None:
        if self.scenario_path is not None:
            self.open_path(self._resolve(self.scenario_path), self.seed, player_controlled=self.player_controlled)

    @staticmethod
    def _resolve(path: str | Path) -> Path:
        from slugfest.scenarios import find

        return find(str(path))

    # -- opening battles -------------------------------------------------------------------

    def open_path(self, path: Path, seed: int | None = None, *, save: bool | None = None,
                  player_controlled: tuple[str, ...] = ()) -> bool:
        """Open a scenario (new battle) or a save (the battle continues). Problems are shown,
        not raised; returns whether a battle screen opened."""
        try:
            if save if save is not None else (path.suffix == ".toml" and is_save_file(path)):
                session = Session.load(path, battle_factory=self.battle_factory)
                self.remember_save(path, session.scenario_path)
                if seed is not None:
                    self.notify("a save keeps its own seed", timeout=4)
            else:
                from slugfest.core.scenario import load_scenario

                session = Session(load_scenario(path), seed=seed, player_controlled=player_controlled,
                                  scenario_path=str(path), battle_factory=self.battle_factory)
        except (SlugfestError, ValueError, OSError) as exc:
            self.notify(str(exc), title="Cannot open the battle", severity="error", timeout=10)
            return False
        self.open_session(session)
        return True

    def open_session(self, session: Session) -> None:
        """Show a battle, replacing any battle screen already open."""
        if isinstance(self.screen, BattleScreen):
            self.switch_screen(self._battle_screen(session))
        else:
            self.push_screen(self._battle_screen(session))

    def _battle_screen(self, session: Session) -> BattleScreen:
        return BattleScreen(session, speed=self.speed, rng=self.rng)

    @on(PickerScreen.Chosen)
    def _chosen(self, message: PickerScreen.Chosen) -> None:
        self.open_path(message.path, message.seed, save=message.save)

    # -- save paths ----------------------------------------------------------------------

    def remember_save(self, path: str | Path, scenario_path: str | None) -> None:
        self.last_save_path = str(path)
        self.last_save_scenario = scenario_path or ""

    def save_path_for(self, scenario_path: str | None) -> str:
        """The path Ctrl+S offers: where this scenario's battle was last saved (or loaded from)
        here, else ``<data folder>/<scenario>-save.toml``."""
        if self.last_save_path and self.last_save_scenario == (scenario_path or ""):
            return self.last_save_path
        return default_save_path(scenario_path)

    def load_path_default(self) -> str:
        """The path Ctrl+O offers: the last save written or opened here, else the save Ctrl+S
        would offer for the open battle (or the scenario highlighted in the picker)."""
        if self.last_save_path:
            return self.last_save_path
        screen = self.screen
        if not isinstance(screen, (BattleScreen, PickerScreen)):
            screen = next((s for s in reversed(self.screen_stack) if isinstance(s, (BattleScreen, PickerScreen))),
                          screen)
        if isinstance(screen, BattleScreen):
            return self.save_path_for(screen.session.scenario_path)
        if isinstance(screen, PickerScreen):
            item = screen.highlighted_item()
            if item is not None:
                return str(item.path) if item.save else default_save_path(str(item.path))
        return default_save_path(None)

    def action_load_save(self) -> None:
        self.push_screen(PathDialog("Open a saved battle", self.load_path_default()), self._load_from)

    def _load_from(self, path: str | None) -> None:
        if path:
            self.open_path(Path(path), save=True)


def default_save_path(scenario_path: str | Path | None) -> str:
    """``<data folder>/<scenario>-save.toml`` (``battle-save.toml`` without a scenario path): the
    per-user data folder, or ``SLUGFEST_DATA_DIR`` (:func:`core.settings.data_dir`), so saves do
    not litter the folder the game was started in."""
    from slugfest.core.settings import data_dir

    return str(data_dir() / f"{Path(scenario_path or 'battle').stem}-save.toml")


def make_app(scenario_path: str | Path | None = None, scenarios_dir: str | Path | None = None,
             seed: int | None = None, **options: Any) -> SlugfestApp:
    """The app: the picker, or straight into ``scenario_path`` (a scenario, a bundled scenario's
    name, or a save). ``options`` go to :class:`SlugfestApp` (``player_controlled``,
    ``battle_factory``, ``speed``, ``rng_seed``, ``include_bundled``)."""
    return SlugfestApp(scenario_path, scenarios_dir, seed, **options)


def run(scenario_path: str | Path | None = None, scenarios_dir: str | Path | None = None,
        seed: int | None = None) -> None:
    """Run the interface until the player quits (``slugfest`` and ``slugfest play SCENARIO``)."""
    # Our own loop, not asyncio.run: that would wait, on the way out, for the threads the battle
    # ran in, and a plugin that would not stop holds one of them for ever.
    loop = asyncio.new_event_loop()
    try:
        make_app(scenario_path, scenarios_dir, seed).run(loop=loop)
        stuck = stuck_calls()
        if stuck:
            # The terminal is restored by now: end here, saying why, without joining that thread.
            plugin, hook = stuck[0]
            print(f"slugfest: plugin {plugin!r} was still running {hook} at exit; it was left behind.",
                  file=sys.stderr)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()
