"""The shape of core/: read from the bottom up, with no import circles.

Imports are read from the source, as written: those at module level and those inside functions
alike (a function-local import that dodges a circle is still a circle), but not those under
``if TYPE_CHECKING:``, which only annotations read. A function-local import is allowed only where
it buys start-up time, and says so in a comment ("imported here: ...").
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "core"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(CORE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["slugfest", "core", *parts])


MODULES = {module_name(p): p for p in CORE.rglob("*.py")}


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def imports(path: Path) -> Iterator[tuple[ast.stmt, bool]]:
    """Each import statement of a module but those under TYPE_CHECKING, and whether it is inside a function."""
    def visit(node: ast.AST, local: bool) -> Iterator[tuple[ast.stmt, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, local
            else:
                yield from visit(child, local or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return visit(ast.parse(path.read_text()), False)


def targets(name: str, path: Path, node: ast.stmt) -> set[str]:
    """The modules of core/ an import statement loads."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in MODULES}
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = name.split(".")
        if path.name != "__init__.py":
            base = base[:-1]
        base = base[:len(base) - (node.level - 1)]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    named = {f"{module}.{a.name}" for a in node.names} & MODULES.keys()
    return named or ({module} & MODULES.keys())


def graph() -> dict[str, set[str]]:
    return {name: {t for node, _ in imports(path) for t in targets(name, path, node)} - {name}
            for name, path in MODULES.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_core_has_no_import_circle():
    edges = graph()
    found = circles(edges)
    said = ["; ".join(f"{a} -> {', '.join(sorted(edges[a] & set(part)))}" for a in part) for part in found]
    assert not found, "import circles: " + " | ".join(said)


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_a_function_local_import_says_why_it_is_not_at_the_top():
    unexplained = []
    for name, path in MODULES.items():
        lines = path.read_text().splitlines()
        for node, local in imports(path):
            if not local:
                continue
            said = lines[node.lineno - 1:node.end_lineno]
            k = node.lineno - 2  # the comments and imports just above it (a group shares one reason)
            while k >= 0 and lines[k].strip().startswith(("#", "from ", "import ")):
                said.append(lines[k])
                k -= 1
            if "imported here" not in " ".join(said).lower():
                unexplained.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not unexplained, f"function-local imports without a reason: {unexplained}"


def test_the_game_never_imports_the_test_helpers_or_the_reliability_campaigns():
    for folder in ("core", "tui", "plugins", "slugfest"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.is_relative_to(CORE / "testing"):
                continue
            name = module_name(path) if path.is_relative_to(CORE) else ""
            for node, _ in imports(path):
                loaded = targets(name, path, node) if name else {getattr(node, "module", "") or ""}
                assert not any(m.startswith("slugfest.core.testing") for m in loaded), path


def test_the_rules_building_blocks_import_nothing_of_core_above_them():
    for name, path in MODULES.items():
        if not name.startswith("slugfest.core.rules"):
            continue
        for node, _ in imports(path):
            for t in targets(name, path, node):
                assert t.startswith("slugfest.core.rules") or t in ("slugfest.core.errors", "slugfest.core.settings",
                                                                    "slugfest.core"), f"{name} imports {t}"
