"""The first screen: the bundled scenarios (and any ``.toml`` in the scenarios folder), with the
highlighted one described beside the list. Enter opens it; a seed may be typed first."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from slugfest.core.errors import SlugfestError
from slugfest.core.engine.plugins import rules_systems
from slugfest.core.files.scenario import Scenario, load_scenario
from slugfest.core.engine.session import is_save_file
from slugfest.core.render.words import plural
from slugfest.core.files.paths import is_dir, resolved

from .importing import imports_folder


@dataclass
class Listing:
    """One entry of the picker: a scenario (or a save) and what loading it said."""

    key: str
    path: Path
    origin: str  # "bundled", "folder", "imported"
    scenario: Scenario | None = None
    error: str = ""
    save: bool = False


def gather(scenarios_dir: str | Path | None, include_bundled: bool = True) -> list[Listing]:
    """The bundled scenarios, then the ``.toml`` files of ``scenarios_dir`` (sorted by name),
    then the scenarios imported here before (with the bundled ones: a picker of one folder only
    shows that folder)."""
    from slugfest.scenarios import bundled

    out: list[Listing] = [Listing(name, path, "bundled") for name, path in bundled().items()] if include_bundled else []
    if scenarios_dir is not None:
        folder = Path(scenarios_dir)
        files = sorted(folder.glob("*.toml")) if is_dir(folder) else []
        out.extend(Listing(p.stem, p, "folder") for p in files)
    imports = imports_folder()  # in the data folder, which may be any path (too long, a loop): asked safely
    if include_bundled and is_dir(imports) and (scenarios_dir is None or resolved(scenarios_dir) != resolved(imports)):
        out.extend(Listing(p.stem, p, "imported") for p in sorted(imports.glob("*.toml")))
    for item in out:
        if item.origin == "folder" and is_save_file(item.path):
            item.save = True
            continue
        try:
            item.scenario = load_scenario(item.path)
        except SlugfestError as exc:
            if hasattr(exc, "file") and hasattr(exc, "render"):
                exc.file = item.path.name  # problems read "file.toml:5: key: ...", whatever the folder
                item.error = exc.render()
            else:
                item.error = str(exc)
    return out


def _time_unit(system: str) -> str:
    """What a scenario's ``turn_limit`` counts, as its rules system names it (turn, round)."""
    found = rules_systems().get(system)
    return found.time_unit if found is not None else "turn"


def describe(item: Listing) -> Content:
    if item.save:
        return Content.assemble((f"{item.key}\n", "bold"), ("a saved battle in progress\n\n", "$text-muted"),
                                f"{item.path.name}\n\nEnter continues it where it was saved.")
    if item.scenario is None:
        return Content.assemble((f"{item.key}\n", "bold $text-error"), ("this scenario has problems:\n\n", "$text-error"),
                                item.error)
    sc = item.scenario
    lines: list[Content] = [
        Content.styled(sc.name, "bold"),
        Content.styled(f"{sc.system} · seed {sc.seed} · map {sc.map.width}×{sc.map.height} · "
                       f"up to {plural(sc.turn_limit, _time_unit(sc.system))}", "$text-muted"),
        Content(""),
    ]
    if sc.description:
        lines += [Content(sc.description), Content("")]
    for side in sc.sides:
        lines.append(Content.styled(side.name, "bold"))
        for c in side.combatants:
            lines.append(Content(f"  {c.name}  ({c.id}, AI: {c.ai})"))
    if sc.house_rules:
        lines += [Content(""), Content(f"house rules: {', '.join(sc.house_rules)}")]
    where = {"bundled": "bundled with Slugfest", "imported": "imported from Hero Designer files"}.get(
        item.origin, "from the scenarios folder")
    lines += [Content(""), Content.styled(f"{item.path.name}, {where}", "$text-muted")]
    return Content("\n").join(lines)


class PickerScreen(Screen[None]):
    """Choose a battle."""

    BINDINGS = [
        Binding("ctrl+o", "load", "Load save"),
        Binding("i", "import_characters", "Import .hdc"),
        Binding("q", "app.quit", "Quit"),
    ]

    class Chosen(Message):
        """The player chose a scenario (or a save) to open."""

        def __init__(self, path: Path, seed: int | None, save: bool) -> None:
            super().__init__()
            self.path = path
            self.seed = seed
            self.save = save

    def __init__(self, scenarios_dir: str | Path | None = None, include_bundled: bool = True, **kw: Any) -> None:
        super().__init__(**kw)
        self.scenarios_dir = scenarios_dir
        self.items = gather(scenarios_dir, include_bundled)
        self.import_text = ""

    def compose(self) -> ComposeResult:
        yield Static(Content.assemble(("Slugfest", "bold $text-primary"),
                                      ("  choose a battle: ↑↓ and Enter", "$text-muted")), id="picker-title")
        with Horizontal(id="picker-main"):
            options = []
            for item in self.items:
                options.append(self._option(item))
            yield OptionList(*options, id="scenarios")
            with VerticalScroll(id="scenario-info"):
                yield Static(id="scenario-text")
        with Horizontal(id="picker-bar"):
            yield Label("Seed", id="seed-label")
            yield Input(placeholder="the scenario's own", id="seed", type="integer")
            yield Static(id="picker-message")
        yield Footer(show_command_palette=False)  # ctrl+p is in the help (?), not worth a footer slot

    @staticmethod
    def _option(item: Listing) -> Option:
        if item.save:
            label = Content.assemble((item.key, "bold"), ("  saved battle", "$text-accent"))
        elif item.scenario is None:
            label = Content.assemble((item.key, "bold"), ("  invalid", "$text-error"))
        else:
            label = Content.assemble((item.key, "bold"), (f"  {item.scenario.system}", "$text-muted"),
                                     ("\n" + item.scenario.name, ""))
        return Option(label, id=f"{item.origin}:{item.key}")

    def on_mount(self) -> None:
        ol = self.query_one("#scenarios", OptionList)
        ol.focus()
        if self.items:
            ol.highlighted = 0
            self._show(0)
        else:
            self.query_one("#scenario-text", Static).update("No scenarios found.")

    def _show(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self.query_one("#scenario-text", Static).update(describe(self.items[index]))

    @on(OptionList.OptionHighlighted, "#scenarios")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    @on(OptionList.OptionSelected, "#scenarios")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        item = self.items[event.option_index]
        if item.scenario is None and not item.save:
            self.message(f"{item.key} cannot be played: see its problems on the right", error=True)
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                self.message(f"seed must be a whole number, not {seed_text!r}", error=True)
                return
            if seed < 0:
                self.message("seed must be 0 or more", error=True)
                return
        self.post_message(self.Chosen(item.path, seed, item.save))

    @on(Input.Submitted, "#seed")
    def _seed_entered(self) -> None:
        ol = self.query_one("#scenarios", OptionList)
        if ol.highlighted is not None:
            ol.action_select()

    def highlighted_item(self) -> Listing | None:
        i = self.query_one("#scenarios", OptionList).highlighted
        return self.items[i] if i is not None and 0 <= i < len(self.items) else None

    def message(self, text: str, error: bool = False) -> None:
        self.query_one("#picker-message", Static).update(Content.styled(text, "$text-error" if error else "$text-muted"))

    def action_load(self) -> None:
        self.app.action_load_save()  # type: ignore[attr-defined]

    # -- importing Hero Designer characters ------------------------------------------------

    def action_import_characters(self) -> None:
        from .files import PathDialog
        from .importing import HINT

        self.app.push_screen(PathDialog("Import Hero Designer characters (.hdc)", self.import_text, HINT),
                             self._import_from)

    def _import_from(self, text: str | None) -> None:
        from .importing import ImportReport, import_characters

        if not text:
            return
        self.import_text = text  # offered again by the next i, so a refused path can be corrected
        try:
            path, names, reports = import_characters(text)
        except (ValueError, SlugfestError) as exc:
            self.message("nothing imported: see the note", error=True)
            self.app.notify(str(exc), title="Cannot import", severity="error", timeout=12)
            return
        self.import_text = ""
        item = Listing(path.stem, path, "imported", load_scenario(path))
        self.items.append(item)
        ol = self.query_one("#scenarios", OptionList)
        ol.add_option(self._option(item))
        ol.highlighted = len(self.items) - 1
        self.message(f"imported {', '.join(names)} into {path}")

        def chosen(play: bool | None) -> None:
            if play:
                self.post_message(self.Chosen(path, None, False))

        self.app.push_screen(ImportReport(path, reports), chosen)
