"""What both Pax games' data files hold alike: the map's regions and borders, and the cards' special abilities."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.carddata import CardDataError, Entry, label, plain, top_list

Region = str


@dataclass(frozen=True)
class Map:
    """The regions and the borders between them; each game's board adds its own tracks and sides."""

    regions: tuple[Region, ...]
    region_names: Mapping[Region, str]
    borders: tuple[str, ...]  # each the two regions' ids sorted and joined by '-'
    border_regions: Mapping[str, tuple[Region, Region]]
    neighbours: Mapping[Region, tuple[Region, ...]]

    def border(self, a: Region, b: Region) -> str:
        """The id of the border between two adjacent regions (KeyError if they are not adjacent)."""
        key = "-".join(sorted((a, b)))
        if key not in self.border_regions:
            raise KeyError(f"{a!r} and {b!r} share no border")
        return key


@dataclass(frozen=True)
class Ability:
    """A card's special ability."""

    id: str
    title: str
    text: str


def read_borders(file: str, rows: Any, regions: tuple[Region, ...],
                 line: int | None) -> dict[str, tuple[Region, Region]]:
    """The borders section of a map: each joins two different regions and is named by them, sorted."""
    borders: dict[str, tuple[Region, Region]] = {}
    for row in top_list(file, rows, "borders"):
        entry = Entry(file, label(row, "id", "border"), row, ("id", "regions"), line)
        pair = entry.choices("regions", regions, "region")
        if len(pair) != 2 or pair[0] == pair[1]:
            entry.fail(f"a border joins two different regions, got {list(pair)}", "regions")
        wanted = "-".join(sorted(pair))
        if entry.text("id") != wanted:
            entry.fail(f"must be the sorted region ids joined by '-', i.e. {wanted!r}", "id")
        if wanted in borders:
            entry.fail("border listed twice", "id")
        borders[wanted] = (pair[0], pair[1])
    return borders


def neighbours(regions: tuple[Region, ...], borders: Mapping[str, tuple[Region, Region]],
               order: Callable[[Region], Any] | None = None) -> Mapping[Region, tuple[Region, ...]]:
    """Each region's neighbours across the borders, sorted by `order` (by id when not given)."""
    adjacent: dict[Region, set[Region]] = {region: set() for region in regions}
    for a, b in borders.values():
        adjacent[a].add(b)
        adjacent[b].add(a)
    return MappingProxyType({r: tuple(sorted(adjacent[r], key=order)) for r in regions})


def load_abilities(raw: Any, file: str = "abilities.yaml") -> Mapping[str, Ability]:
    """The special abilities from abilities.yaml, by their snake_case id."""
    if not isinstance(raw, dict):
        raise CardDataError(f"{file}: expected a mapping of ability id to ability")
    result = {}
    for ident, body in raw.items():
        entry = Entry(file, f"ability {plain(ident)!r}", body, ("title", "text"))
        if not isinstance(ident, str) or not ident.isidentifier() or ident != ident.lower():
            entry.fail(f"ability id must be snake_case, got {plain(ident)!r}")
        result[str(ident)] = Ability(id=str(ident), title=entry.text("title"), text=entry.text("text"))
    return MappingProxyType(result)
