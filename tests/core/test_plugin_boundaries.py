"""pbem learns which games exist only from the registry: no module of pbem/ and no shared template names a game
or imports one, and no test keeps a hand list of the games.

What names a game is read from the registry, so a new game is covered the day it is installed: its id, its title
(also without a parenthesised edition), the packages of its code and templates, its automated opponents and the
pictures its templates call.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

import pbem
import templates
from engine import registry
from engine.contract import Game, GameBase, automata, template_packages

PBEM = Path(pbem.__file__).resolve().parent
TEMPLATES = Path(templates.__file__).resolve().parent
TESTS = Path(__file__).resolve().parents[1]
#: Read once, at collection: the installed games and the fourth game the test setup registers (tests/conftest.py).
GAMES: dict[str, Game] = dict(registry.games())


def _packages(game: Game) -> set[str]:
    """The packages of a game's code and templates, dotted and without the `games.` every plug-in here sits in."""
    module = type(game).__module__
    dotted = {sys.modules[module].__package__ or module, *template_packages(game).values()}
    return dotted | {name.removeprefix("games.") for name in dotted}


def names_of(game: Game) -> set[str]:
    """Every name that would name `game` in pbem's source."""
    found = {game.id, game.title, game.title.split("(")[0].strip(), *_packages(game), *automata(game)}
    if isinstance(game, GameBase):
        found |= set(game.robot_variants) | set(game.pictures())
    return {name for name in found if name}


def _pattern(name: str) -> str:
    """`name` as a case-insensitive whole word, its parts joined by any separator ("Pax Pamir", "pax_pamir")."""
    parts = re.findall(r"[a-z0-9]+", name.lower())
    return r"(?<![a-z0-9])" + r"[\W_]*".join(map(re.escape, parts)) + r"(?![a-z0-9])"


NAMES: dict[str, re.Pattern[str]] = {
    game_id: re.compile("|".join(sorted({_pattern(name) for name in names_of(game)}, key=len, reverse=True)),
                        re.IGNORECASE)
    for game_id, game in GAMES.items()
}


def named(text: str) -> list[str]:
    """The ids of the games `text` names."""
    return [game_id for game_id, pattern in NAMES.items() if pattern.search(text)]


def _naming(text: str) -> str:
    """What in `text` names which game: "'Pax' (pax-expanse), 'pax-pamir' (pax-pamir)"."""
    return ", ".join(f"{found.group()!r} ({game_id})" for game_id, pattern in NAMES.items()
                     if (found := pattern.search(text)))


def _words(tree: ast.AST) -> Iterator[tuple[int, str, str]]:
    """(line, kind, text) of every string literal, identifier and imported module of a module."""
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield line, "string", node.value
        elif isinstance(node, ast.Name):
            yield line, "identifier", node.id
        elif isinstance(node, ast.Attribute):
            yield line, "identifier", node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield line, "identifier", node.name
        elif isinstance(node, ast.arg):
            yield line, "identifier", node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield line, "identifier", node.arg
        elif isinstance(node, ast.alias):
            yield line, "import", node.name
            if node.asname:
                yield line, "identifier", node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, "import", node.module


def _comments(source: str) -> Iterator[tuple[int, str, str]]:
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], "comment", token.string


def python_names(source: str, where: str) -> list[str]:
    """Each place in a module's source (and its file name) that names a registered game."""
    found = [f"{where}: the file's name names {_naming(where)}"] if named(where) else []
    for line, kind, text in [*_words(ast.parse(source)), *_comments(source)]:
        for offset, part in enumerate(text.splitlines()):  # a docstring's own line, not the whole of it
            if named(part):
                found.append(f"{where}:{line + offset}: {kind} {part.strip()!r} names {_naming(part)}")
    return found


def text_names(text: str, where: str) -> list[str]:
    """Each line of a text file (a template, a stylesheet) that names a registered game."""
    return [f"{where}:{number}: {line.strip()!r} names {_naming(line)}"
            for number, line in enumerate(text.splitlines(), 1) if named(line)]


def game_imports(source: str, where: str) -> list[str]:
    """Each import of the `games` package or a module below it, wherever in the module it stands."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:  # `from . import games` is pbem's own
            modules = [node.module or ""]
        else:
            continue
        found += [f"{where}:{node.lineno}: imports {m}" for m in modules if m == "games" or m.startswith("games.")]
    return found


def _ids(node: ast.AST) -> set[str]:
    """The games a literal's strings stand for, anywhere inside it: an id, or a label that starts with a title."""
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            text = child.value
            found |= {game_id for game_id, game in GAMES.items()
                      if text == game_id or re.match(re.escape(game.title) + r"(?!\w)", text)}
    return found


def hand_lists(source: str, where: str) -> list[str]:
    """Each list, tuple, set or dict literal that holds two or more games: a list of the games kept by hand."""
    return [f"{where}:{node.lineno}: {sorted(_ids(node))}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.List | ast.Tuple | ast.Set | ast.Dict) and len(_ids(node)) >= 2]


def _sources(root: Path) -> list[tuple[Path, str]]:
    return [(path, path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py"))]


def test_the_registry_gives_names_to_look_for() -> None:
    assert len(GAMES) >= 2, "the checks below need the installed games"
    for game_id, game in GAMES.items():
        assert game_id in named(game_id) and game_id in named(game.title)
    assert not named("pbem: a play-by-email turn processor for board games; games, seats, steps, robots")


def test_no_module_of_pbem_names_a_game() -> None:
    found = [hit for path, source in _sources(PBEM) for hit in python_names(source, str(path.relative_to(PBEM.parent)))]
    assert found == [], "pbem must ask the registry (and the game's GameBase attributes):\n" + "\n".join(found)


def test_no_module_of_pbem_imports_a_game() -> None:
    found = [hit for path, source in _sources(PBEM) for hit in game_imports(source, str(path.relative_to(PBEM.parent)))]
    assert found == [], "\n".join(found)


def test_no_shared_template_names_a_game() -> None:
    files = [p for p in sorted(TEMPLATES.rglob("*")) if p.is_file() and p.suffix in (".j2", ".css", ".py")]
    assert any(p.suffix == ".j2" for p in files)  # the package is where the checks look for it
    found = [f"{path.name}: the file's name names {_naming(path.name)}" for path in files if named(path.name)]
    found += [hit for path in files
              for hit in text_names(path.read_text(encoding="utf-8"), str(path.relative_to(TEMPLATES)))]
    assert found == [], "a game's partials and pictures belong in its own package:\n" + "\n".join(found)


def test_no_test_keeps_a_hand_list_of_games() -> None:
    found = [hit for path, source in _sources(TESTS) for hit in hand_lists(source, str(path.relative_to(TESTS)))]
    assert found == [], "ask the registry (engine.registry.games, engine.simulate.robot_setups):\n" + "\n".join(found)


# The checks can fail: each finds a name planted in a source of its own.

def _planted(game: Game) -> dict[str, str]:
    """Sources naming `game` each in one way."""
    package = sorted(_packages(game), key=len)[-1]
    ident = re.sub(r"\W", "_", game.id)
    sources = {
        "string": f"GAME = {game.id!r}\n",
        "f-string": f"label = f'{{count}} {game.title}'\n",
        "docstring": f'def play() -> None:\n    """Plays a game of {game.title}."""\n',
        "comment": f"LIMIT = 3  # as {game.title} wants\n",
        "function": f"def draw_{ident}() -> None:\n    pass\n",
        "attribute": f"x = registry.{ident}\n",
        "keyword": f"call({ident}=1)\n",
        "import": f"from {package} import GAME\n",
        "import as": f"import json as {ident}\n",
    }
    sources |= {f"automaton {name}": f"SEAT = {name.lower()!r}\n" for name in automata(game)}
    return sources


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_name_check_finds_a_game_named_in_any_way(game_id: str) -> None:
    for kind, source in _planted(GAMES[game_id]).items():
        found = python_names(source, "pbem/planted.py")
        assert found and all(game_id in hit for hit in found), (kind, source)
    module = re.sub(r"\W", "_", game_id)
    assert python_names("", f"pbem/reports/{module}_map.py")  # a module named after the game
    assert text_names(f"{{% include '{game_id}/report.html.j2' %}}\n", "report.html.j2")


def test_the_name_check_passes_a_module_naming_no_game() -> None:
    source = '"""Reports."""\n\nimport json\n\n# a turn-by-turn game\nGAME = registry.get(game_id)  # by id\n'
    assert python_names(source, "pbem/reports/model.py") == []
    assert text_names("{% include partial %}\n", "report.html.j2") == []


def test_the_import_check_finds_a_game_imported_anywhere() -> None:
    package = "games." + re.sub(r"\W", "_", sorted(GAMES)[0])
    source = f"import json\n\ndef load() -> None:\n    from {package} import GAME\n    import games\n"
    assert game_imports(source, "pbem/x.py") == [f"pbem/x.py:4: imports {package}", "pbem/x.py:5: imports games"]
    assert game_imports("from engine import registry\nfrom . import games\n", "pbem/x.py") == []


def test_the_hand_list_check_finds_two_games_in_one_literal() -> None:
    first, second = sorted(GAMES)[:2]
    title = GAMES[second].title
    assert hand_lists(f"GAMES = ({first!r}, {second!r})\n", "t.py") == [f"t.py:1: {sorted([first, second])}"]
    assert hand_lists(f"CASES = [({first!r}, 3), ({second!r}, 4)]\n", "t.py")
    assert hand_lists(f"LABELS = {{{first!r}: 1, 'x': {title + ', 3 players'!r}}}\n", "t.py")
    assert hand_lists(f"ONE = ({first!r}, 'anna')\nGAMES = sorted(registry.games())\n", "t.py") == []
