"""The colours that tell Expedition to 5X's crystals apart, declared once: the drawings read them here.

Chosen to stay distinct under protanopia, deuteranopia and tritanopia and to stand out from a technology card
(tests/reports/test_palettes.py); every crystal also carries its letter, so colour is never the only cue.
"""

from __future__ import annotations

#: The crystals: blue, green and purple score as sets; X (gold) is the joker.
CRYSTAL = {"blue": "#4a7fd4", "green": "#0f5a2a", "purple": "#6a3a8a", "X": "#8f7a10"}
#: A technology card, for sale and not for sale yet: the ground a crystal is drawn on.
CARD, CARD_NOT_YET = "#f4efe6", "#e4e0da"


def crystal_cue(colour: str) -> str:
    """The letter on a crystal: its colour's initial (B, G, P), X for the joker."""
    return colour[:1].upper()


def palette() -> dict[str, str]:
    """Every crystal colour as `crystal:<colour>`, and the cards as `ground:<card>` (GameBase.palette)."""
    return {**{f"crystal:{c}": css for c, css in CRYSTAL.items()},
            "ground:card": CARD, "ground:card_not_yet": CARD_NOT_YET}
