"""The shared Pax kernel imports only `engine` and itself, and never names a game or an automated opponent; each
game imports the kernel, never another game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import games.pax

GAMES = Path(games.pax.__file__).parent.parent
KERNEL = GAMES / "pax"
#: Names of games and automata the kernel must not know (its hooks carry every difference).
NAMES = re.compile(r"pamir|expanse|wakhan|rocinante|rupee|coalition|afghan|british|russian", re.IGNORECASE)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_kernel_imports_only_engine_and_itself() -> None:
    for path in KERNEL.rglob("*.py"):
        ours = {m for m in _imports(path) if m.split(".")[0] in ("games", "pbem", "engine")}
        wrong = {m for m in ours if not (m.startswith("engine") or m == "games.pax" or m.startswith("games.pax."))}
        assert not wrong, f"{path.name} imports {sorted(wrong)}"


def test_kernel_never_names_a_game_or_an_automaton() -> None:
    for path in KERNEL.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not NAMES.search(line), f"{path.name}:{number}: {line.strip()}"


def test_no_game_imports_another_game() -> None:
    packages = [p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists() and p.name != "pax"]
    for package in packages:
        for path in package.rglob("*.py"):
            for module in _imports(path):
                parts = module.split(".")
                if parts[0] == "games" and len(parts) > 1:
                    assert parts[1] in (package.name, "pax"), f"{path.relative_to(GAMES)} imports {module}"
                assert parts[0] != "pbem", f"{path.relative_to(GAMES)} imports {module}"
