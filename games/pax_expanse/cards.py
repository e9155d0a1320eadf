"""Pax Expanse card data: typed, validated, read-only views of the YAML files in `data/`."""

# load(directory) reads and checks all seven files of a directory, so an owner of a printed copy can check a
# transcription of their own; the other functions read the project's files once and cache them. Importing
# this module registers no game.

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from engine.carddata import CardDataError, Parse, checked, parse, read
from games.pax.data import Ability, load_abilities
from games.pax_expanse.crew_loaders import load_loyalty, load_piles, load_rocinante
from games.pax_expanse.loaders import load_assets, load_board, load_events
from games.pax_expanse.model import Asset, Board, Event, Loyalty, Region, Rocinante, SetupPile

#: The card data, package data of this package (read through importlib.resources, so it works installed).
DATA_DIR: Traversable = files(__package__) / "data"
FILES = ("map.yaml", "abilities.yaml", "assets.yaml", "events.yaml", "rocinante.yaml", "loyalty.yaml", "setup.yaml")

__all__ = ["DATA_DIR", "FILES", "CardDataError", "Content", "abilities", "assets", "board", "border", "card",
           "content", "events", "load", "loyalty", "piles", "rocinante"]


@dataclass(frozen=True)
class Content:
    """Everything the data files hold, checked against each other."""

    board: Board
    abilities: Mapping[str, Ability]
    assets: Mapping[int, Asset]
    events: Mapping[int, Event]
    rocinante: Rocinante
    loyalty: Loyalty
    piles: tuple[SetupPile, ...]
    #: Each asset's special ability (or None), by number: what the rules ask of a Network most often.
    ability_of: Mapping[int, str | None]


def load(directory: Traversable = DATA_DIR) -> Content:
    """Read and check every data file in `directory`; CardDataError names the file, line, entry and field."""
    if directory is DATA_DIR:  # the shipped files, fast: every command opening a game reads them
        return checked(lambda how: _load(directory, how))
    return _load(directory, parse)  # an owner's transcription, which libyaml might read otherwise


def _load(directory: Traversable, how: Parse) -> Content:
    """Every data file in `directory`, each parsed by `how`, checked against each other."""
    def values(name: str) -> Any:
        return read(directory / name, how)

    the_board = load_board(values("map.yaml"))
    the_abilities = load_abilities(values("abilities.yaml"))
    the_assets = load_assets(values("assets.yaml"), the_board, the_abilities)
    unused = sorted(set(the_abilities) - {a.ability for a in the_assets.values()})
    if unused:
        raise CardDataError(f"abilities.yaml: ability {unused[0]!r} is printed on no asset")
    return Content(
        board=the_board,
        abilities=the_abilities,
        assets=the_assets,
        events=load_events(values("events.yaml"), the_board),
        rocinante=load_rocinante(values("rocinante.yaml"), the_board),
        loyalty=load_loyalty(values("loyalty.yaml")),
        piles=load_piles(values("setup.yaml")),
        ability_of={number: asset.ability for number, asset in the_assets.items()},
    )


@functools.cache
def content() -> Content:
    """The project's own data files, read and checked once."""
    return load(DATA_DIR)


def board() -> Board:
    """The map, suits, climate track and factions."""
    return content().board


def abilities() -> Mapping[str, Ability]:
    """Every special ability, by id."""
    return content().abilities


def assets() -> Mapping[int, Asset]:
    """All 100 assets, by number."""
    return content().assets


def events() -> Mapping[int, Event]:
    """All 16 events, by number (101-116)."""
    return content().events


def rocinante() -> Rocinante:
    """The Rocinante's crew reference cards, AI cards and tie-break orderings."""
    return content().rocinante


def loyalty() -> Loyalty:
    """The player colours and the 12 loyalty cards."""
    return content().loyalty


def piles() -> tuple[SetupPile, ...]:
    """The six setup piles of the draw deck."""
    return content().piles


def card(number: int) -> Asset | Event:
    """The asset or event with this number (KeyError if there is none)."""
    if number in assets():
        return assets()[number]
    if number in events():
        return events()[number]
    raise KeyError(f"no Pax Expanse card numbered {number!r}")


def border(a: Region, b: Region) -> str:
    """The id of the border between two adjacent regions (KeyError if they are not adjacent)."""
    return board().border(a, b)
