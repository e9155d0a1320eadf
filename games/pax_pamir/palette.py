"""The colours that tell Pax Pamir's pieces apart, declared once: the seats' cylinders, the coalitions' blocks
(from the map data) and the land they stand on; the map, the view and the report's CSS all read them here.

Chosen to stay distinct under protanopia, deuteranopia and tritanopia and to stand out from every region's land
(tests/reports/test_palettes.py); every piece also carries a letter, so colour is never the only cue.
"""

from __future__ import annotations

from games.pax_pamir import cards

#: The seats' cylinders, in seating order: blue, red, grey, black and tan, as the printed cylinders.
SEAT_COLOURS = ("#1a397b", "#8c2813", "#7c7c7c", "#1a1a1a", "#a67a49")

#: Each region's land on the map.
LAND = {"transcaspia": "#efe6cf", "persia": "#f4e4cc", "herat": "#f1ecd4", "kabul": "#f4e6d0",
        "kandahar": "#efe8cc", "punjab": "#f3e2c8"}


def coalition_cue(name: str) -> str:
    """The letter on a coalition's blocks: its initial (A, B, R)."""
    return name[:1].upper()


def palette() -> dict[str, str]:
    """Every piece colour by `<kind>:<name>`, and the land as `ground:<region>` (GameBase.palette)."""
    board = cards.board()
    return {**{f"seat:{i + 1}": c for i, c in enumerate(SEAT_COLOURS)},
            **{f"coalition:{c}": board.colours[c] for c in board.coalitions},
            **{f"ground:{r}": c for r, c in LAND.items()}}
