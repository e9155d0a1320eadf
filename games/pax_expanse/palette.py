"""The colours that tell Pax Expanse's pieces apart, declared once: the player colours (loyalty data), the
factions' tokens (map data) and the space of each region they stand on; the map and the view read them here.

Chosen to stay distinct under protanopia, deuteranopia and tritanopia and to stand out from every region's
space (tests/reports/test_palettes.py); every piece also carries a letter, so colour is never the only cue.
"""

from __future__ import annotations

from games.pax_expanse import cards

#: Each region's space on the map.
SPACE = {"earth": "#dbe8f6", "mars": "#f6e1d9", "belt": "#ece7dc", "tycho": "#e4e6ef", "jupiter": "#f4e9d2",
         "outer_planets": "#dcefef"}


def faction_cue(short: str) -> str:
    """The letter on a faction's tokens: the first of its short name (U, M, O)."""
    return short[:1].upper()


def palette() -> dict[str, str]:
    """Every piece colour by `<kind>:<name>`, and the space as `ground:<region>` (GameBase.palette)."""
    loyalty = cards.loyalty()
    return {**{f"seat:{c}": loyalty.colour_css[c] for c in loyalty.colours},
            **{f"faction:{f.id}": f.colour for f in cards.board().factions},
            **{f"ground:{r}": c for r, c in SPACE.items()}}
