"""engine.datafile reads every data file a game ships exactly as ruamel's own safe loader does."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files
from importlib.resources.abc import Traversable

import pytest
from ruamel.yaml.error import YAMLError

from engine import datafile, registry


def _yaml_files(folder: Traversable) -> Iterator[Traversable]:
    for entry in folder.iterdir():
        if entry.is_dir():
            yield from _yaml_files(entry)
        elif entry.name.endswith((".yaml", ".yml")):
            yield entry


def _shipped() -> list[tuple[str, Traversable]]:
    """Every YAML file in the data folder of every registered game (its examples are orders: not read so)."""
    found = []
    for game_id in sorted(registry.games()):
        data = files(type(registry.get(game_id)).__module__.rpartition(".")[0]) / "data"
        if data.is_dir():
            found += [(f"{game_id}:{path.name}", path) for path in _yaml_files(data)]
    return found


SHIPPED = _shipped()


def test_games_ship_data_files() -> None:
    assert len(SHIPPED) >= 10  # the three Pax and 5X games' cards, maps, events, robots' cards


@pytest.mark.parametrize(("name", "path"), SHIPPED, ids=[name for name, _ in SHIPPED])
def test_the_fast_reader_gives_the_values_the_safe_loader_gives(name: str, path: Traversable) -> None:
    text = path.read_text(encoding="utf-8")
    assert datafile.plain(text) == datafile.pure(text)


def test_the_readers_disagree_on_some_text_so_each_shipped_file_is_compared() -> None:
    if datafile.LIBYAML is None:
        pytest.skip("ruamel.yaml's C parser is not installed: plain() is pure() here")
    text = "remove: [fleet:mcr, supporter:ben]\n"  # libyaml refuses a colon inside a flow list; ruamel reads it
    assert datafile.pure(text) == {"remove": ["fleet:mcr", "supporter:ben"]}
    with pytest.raises(YAMLError):
        datafile.plain(text)


def test_the_shipped_files_are_read_fast() -> None:
    assert datafile.LIBYAML is not None, "ruamel.yaml[libyaml] (pyproject) brings the C parser"
