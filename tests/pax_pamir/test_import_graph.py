"""The Pax Pamir modules import one another one way only: no cycle, not even through an import inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import games.pax_pamir

PACKAGE = "games.pax_pamir"
ROOT = Path(games.pax_pamir.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports anywhere in its code."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    found.add(child if child in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
        graph[name] = {m for m in found if m != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle, as the modules along it, or [] when there is none."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = 1
        path.append(name)
        for child in sorted(graph.get(name, ())):
            if state.get(child) == 1:
                return path[path.index(child):] + [child]
            if child not in state:
                found = visit(child)
                if found:
                    return found
        state[name] = 2
        path.pop()
        return []

    for name in sorted(graph):
        if name not in state:
            found = visit(name)
            if found:
                return found
    return []


def test_the_import_graph_finds_a_cycle_when_there_is_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_pax_pamir_modules_import_each_other_without_cycles() -> None:
    graph = _graph()
    assert "games.pax_pamir.court" in graph["games.pax_pamir.pieces"]  # the graph sees real imports
    assert _cycle(graph) == [], " -> ".join(_cycle(graph))
