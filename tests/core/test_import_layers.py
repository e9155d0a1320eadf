"""No import cycle in pbem/ or engine/, and every import goes down the layers ARCHITECTURE.md describes.

The graph is read from the source (ast), not from a running interpreter: every `import` and `from … import`
counts, at the top of a module, inside a function or under `if TYPE_CHECKING:` alike, so an import moved into
a function cannot hide a cycle. An import names the module it names (a package's `__init__` is its own node).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine
import pbem

ROOTS = {"engine": Path(engine.__file__).resolve().parent, "pbem": Path(pbem.__file__).resolve().parent}

#: The layers, lowest first: a module imports only from its own layer and those before it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("engine", ("engine",)),
    ("core", ("pbem", "pbem.version", "pbem.files", "pbem.yamlhelp", "pbem.orders", "pbem.integrity", "pbem.records", "pbem.game_yaml",
              "pbem.pending", "pbem.store",
              "pbem.moderation", "pbem.deadlines", "pbem.intake", "pbem.robots", "pbem.warnings", "pbem.replay",
              "pbem.status", "pbem.progress", "pbem.clikit")),
    ("reports", ("pbem.reports",)),
    ("site", ("pbem.site.build", "pbem.site.capability", "pbem.site.feed", "pbem.site.ledger", "pbem.site.output",
              "pbem.site.replay", "pbem.site.steps", "pbem.site")),
    ("mail: settings and bookkeeping", ("pbem.mail", "pbem.mail.settings", "pbem.mail.headers", "pbem.mail.text",
                                        "pbem.mail.scrub", "pbem.mail.ratelimit", "pbem.mail.queue",
                                        "pbem.mail.mailbox", "pbem.mail.deadlines", "pbem.mail.retired",
                                        "pbem.mail.flowed")),
    ("batch", ("pbem.batch",)),
    ("mail: what pbem sends", ("pbem.mail.report_message", "pbem.mail.compose", "pbem.mail.policy", "pbem.mail.due",
                               "pbem.mail.tell", "pbem.mail.press", "pbem.mail.report", "pbem.mail.digest",
                               "pbem.mail.notices")),
    ("mail: what a received mail means", ("pbem.mail.message", "pbem.mail.tomoderator", "pbem.mail.preferences",
                                          "pbem.mail.address", "pbem.mail.timezone",
                                          "pbem.mail.requests", "pbem.mail.reply", "pbem.mail.answer_orders",
                                          "pbem.mail.answer_requests", "pbem.mail.answer_unproven",
                                          "pbem.mail.answer_unrouted", "pbem.mail.handle")),
    ("mail: transport", ("pbem.mail.imap", "pbem.mail.smtp", "pbem.mail.dovecot", "pbem.mail.loopback")),
    ("mail: tick", ("pbem.mail.tick",)),
    ("moderator's commands", ("pbem.control", "pbem.players", "pbem.rollback", "pbem.preview", "pbem.control_cli")),
    ("command line", ("pbem.mail.cli", "pbem.site.cli", "pbem.orders_cli", "pbem.archive_cli", "pbem.cli")),
    # Tools that drive the whole command line, as a moderator would: measurements, the demo and the mail loop.
    ("tools", ("pbem.mail.volume", "pbem.mail.bench", "pbem.mail.trial", "pbem.bench", "pbem.bench_reference",
               "pbem.demo")),
]


def _modules() -> dict[str, Path]:
    """Every module under engine/ and pbem/, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for top, folder in ROOTS.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [top, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _known(name: str) -> str | None:
    """The module of ours an import reaches: the name itself, else the nearest enclosing one."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> dict[str, int]:
    """The modules of ours that `module` imports anywhere in its source, each with the first line doing so."""
    found: dict[str, int] = {}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from pbem.mail import compose` imports the module pbem.mail.compose, not only the package.
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        for name in names:
            target = _known(name)
            if target is not None and target != module:
                found.setdefault(target, node.lineno)
    return found


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def _layer(module: str) -> int | None:
    """The index of the layer a module belongs to: its own name listed, else its nearest listed package."""
    for index, (_, names) in enumerate(LAYERS):
        if module in names:
            return index
    for index, (_, names) in enumerate(LAYERS):
        if any(module.startswith(name + ".") for name in names if name not in ("pbem", "pbem.mail", "pbem.site")):
            return index
    return None


def _cycle() -> list[str] | None:
    """One import cycle as a list of modules (first = last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(GRAPH[module]):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(GRAPH):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_the_graph_sees_imports_inside_functions() -> None:
    # control.py imports the renderer inside a function (Jinja loads only for a rendered step).
    assert "pbem.reports.render" in GRAPH["pbem.control"]
    assert "pbem.mail.compose" in GRAPH["pbem.mail.tell"]


def test_no_import_cycle() -> None:
    cycle = _cycle()
    assert cycle is None, "import cycle: " + " -> ".join(
        f"{a} (line {GRAPH[a][b]})" for a, b in zip(cycle, cycle[1:], strict=False)) + f" -> {cycle[-1]}"


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if _layer(m) is None] == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module: str) -> None:
    own = _layer(module)
    assert own is not None
    upward = [f"{target} (line {line}, layer {LAYERS[layer][0]})" for target, line in sorted(GRAPH[module].items())
              if (layer := _layer(target)) is not None and layer > own]
    assert upward == [], f"{module} (layer {LAYERS[own][0]}) imports from above: {', '.join(upward)}"


def test_reports_import_nothing_from_mail_and_mail_nothing_from_the_commands() -> None:
    def reach(prefix: str, targets: tuple[str, ...]) -> list[str]:
        return [f"{m} -> {t}" for m in GRAPH if m == prefix or m.startswith(prefix + ".") for t in GRAPH[m]
                if any(t == x or t.startswith(x + ".") for x in targets)]

    assert reach("pbem.reports", ("pbem.mail", "pbem.site", "pbem.control", "pbem.cli")) == []
    commands = ("pbem.control", "pbem.control_cli", "pbem.players", "pbem.rollback", "pbem.cli")
    tools = ("pbem.mail.volume", "pbem.mail.bench", "pbem.mail.trial")  # they drive the command line (the layer "tools")
    assert [line for line in reach("pbem.mail", commands) if not line.startswith(tools)] == []
