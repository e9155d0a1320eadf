"""The map's words as players read them in event lines and warnings: the names map.yaml gives, never an id."""

from __future__ import annotations

from typing import Any

from engine.words import article
from games.pax_pamir import cards


def region(ident: Any) -> str:
    """A region's name ("Punjab"); anything else as it is."""
    return cards.board().region_names.get(ident, str(ident)) if isinstance(ident, str) else str(ident)


def coalition(ident: Any) -> str:
    """A coalition's name ("Russian"); anything else as it is."""
    return cards.board().coalition_names.get(ident, str(ident)) if isinstance(ident, str) else str(ident)


def a_coalition(ident: Any) -> str:
    """A coalition's name with its article: "an Afghan", "a British"."""
    name = coalition(ident)
    return f"{article(name)} {name}"


def border(ident: Any) -> str:
    """A border as a place: "the border of Kabul and Punjab"; anything else as it is."""
    pair = cards.board().border_regions.get(ident) if isinstance(ident, str) else None
    if pair is None:
        return str(ident)
    return f"the border of {region(pair[0])} and {region(pair[1])}"


def place(ident: Any) -> str:
    """A region's or a border's name, whichever `ident` is."""
    if isinstance(ident, str) and ident in cards.board().border_regions:
        return border(ident)
    return region(ident)
