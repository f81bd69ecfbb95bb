"""The Slugfest app: a scenario picker, then the battle screen.

``make_app()`` is the factory the ``slugfest`` command, the tests and the snapshot tests share;
``run()`` builds one and runs it. Neither touches the battle rules: those live in ``core/``,
driven through :class:`core.engine.session.Session`.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from slugfest.core.engine.battle import Battle
from slugfest.core.errors import SlugfestError
from slugfest.core.engine.guard import stuck_calls
from slugfest.core.files.scenario import Scenario
from slugfest.core.engine.session import Session, is_save_file

from .screens.battle import DEFAULT_SPEED, SPEEDS, BattleScreen
from .screens.files import PathDialog
from .screens.picker import PickerScreen

BattleFactory = Callable[[Scenario, int, frozenset[str]], Battle]


class SlugfestApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "Slugfest"
    # ctrl+p: the game's commands (get_system_commands) with Textual's theme picker and quit
    ENABLE_COMMAND_PALETTE = True
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (150, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(self, scenario_path: str | Path | None = None, scenarios_dir: str | Path | None = None,
                 seed: int | None = None, *, player_controlled: tuple[str, ...] = (),
                 battle_factory: BattleFactory | None = None, speed: int | None = None,
                 rng_seed: int | None = None, include_bundled: bool = True) -> None:
        super().__init__()
        from .preferences import load

        #: Theme, speed and recent saves remembered between runs (tui/preferences.py).
        self.preferences, self.preferences_note = load()
        if speed is None:
            remembered = self.preferences.speed
            speed = remembered if remembered is not None and remembered < len(SPEEDS) else DEFAULT_SPEED
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
        theme = self.preferences.theme
        if theme is not None and theme in self.available_themes:
            self.theme = theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.preferences_note:
            self.notify(self.preferences_note, title="Preferences", severity="warning", timeout=8)
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
                from slugfest.core.files.scenario import load_scenario

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

    # -- the command palette ---------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Any:
        """The game's commands first (each with the key that does it too), then Textual's theme
        picker and quit; not Textual's generic key list: ``?`` is the game's own help."""
        if isinstance(screen, BattleScreen):
            yield SystemCommand("Play or pause", "autoplay the battle (space)", screen.action_toggle_play)
            yield SystemCommand("Step", "one action forward (→)", screen.action_step)
            yield SystemCommand("Step back", "one action back, replayed exactly (←)", screen.action_back)
            yield SystemCommand("Restart with a new seed", "the same scenario, other dice (r)", screen.action_restart)
            yield SystemCommand("Save the battle", "to a TOML save in your data folder (ctrl+s)", screen.action_save)
            yield SystemCommand("Open a saved battle", "continue a save, recent ones listed (ctrl+o)",
                                screen.action_load)
            yield SystemCommand("Export the event log", "one JSON object per event (e)", screen.action_export)
            yield SystemCommand("Export an HTML replay", "the battle so far as one web page, to show anyone (h)",
                                screen.action_export_html)
            yield SystemCommand("Run statistics", "many AI-vs-AI battles of this scenario (m)", screen.action_simulate)
            yield SystemCommand("Expand or collapse the log", "every roll's full chain (v)", screen.action_verbose)
            yield SystemCommand("Game help", "keys, panels and the rules options in force (?)", screen.action_help)
            yield SystemCommand("Back to the scenarios", "the picker (Esc)", screen.action_leave)
        elif isinstance(screen, PickerScreen):
            yield SystemCommand("Open a saved battle", "continue a save, recent ones listed (ctrl+o)",
                                screen.action_load)
            yield SystemCommand("Import Hero Designer characters", "two or more .hdc files into a scenario (i)",
                                screen.action_import_characters)
        for command in super().get_system_commands(screen):
            if command.title != "Keys":
                yield command

    # -- what is remembered between runs --------------------------------------------------

    def _theme_changed(self, theme: Any) -> None:
        self.preferences.theme = getattr(theme, "name", str(theme))
        self._keep_preferences()

    def remember_speed(self, speed: int) -> None:
        self.speed = speed
        self.preferences.speed = speed
        self._keep_preferences()

    def _keep_preferences(self) -> None:
        from .preferences import save

        problem = save(self.preferences)
        if problem:
            self.notify(problem, title="Preferences", severity="warning", timeout=6)

    # -- save paths ----------------------------------------------------------------------

    def remember_save(self, path: str | Path, scenario_path: str | None) -> None:
        self.last_save_path = str(path)
        self.last_save_scenario = scenario_path or ""
        self.preferences.remember(str(path))
        self._keep_preferences()

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
        screen: Screen[Any] = self.screen
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
        recent = self.preferences.existing_recent()
        self.push_screen(PathDialog("Open a saved battle", self.load_path_default(), recent=recent), self._load_from)

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
