"""Expedition to 5X cards and play areas at their largest: no corner, crystal, junction or name overlaps another.

The largest play area the rules allow: one technology won each of the 15 rounds, all joined into one group
with the settlement (16 cards), every junction covering a corner; and every card drawn alone, for sale or not.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.draw import layout
from games.expedition_5x import draw as x5_draw
from games.expedition_5x.cards import ROUNDS, cards
from games.expedition_5x.views import card_view
from pbem.reports.pictures import template_globals

DECK = cards()
ALL = [*DECK.settlements, *DECK.technologies]


def placed(card_id: str, left: bool, right: bool, active: bool) -> dict[str, Any]:
    card = card_view(card_id, DECK)
    for which, visible in (("left", left), ("right", right)):
        card[which]["visible"] = visible
        card[which]["crystal_active"] = active and card[which]["crystal"] is not None
    return card


@pytest.mark.parametrize("card_id", ALL)
@pytest.mark.parametrize("forsale", [True, False])
def test_every_card_alone_is_clean(card_id: str, forsale: bool) -> None:
    drawing = x5_draw.single(card_view(card_id, DECK), forsale)
    assert layout.problems(drawing) == []


@pytest.mark.parametrize("card_id", ALL)
def test_every_card_placed_with_corners_covered_and_crystals_lit_is_clean(card_id: str) -> None:
    drawing = x5_draw.group({"cards": [placed(card_id, False, False, True)], "tops": []})
    assert layout.problems(drawing) == []


def test_the_widest_texts_a_card_can_carry_still_fit() -> None:
    """Longest action and improvement in both corners, both covered, every crystal a lit joker, a long name."""
    card = placed("T01", False, False, True)
    for which in ("left", "right"):
        card[which].update(action="excavate", improvement="count", target="excavate", crystal="X", crystal_active=True)
    card["centre"] = "X"
    card["name"] = "The Exceedingly Long Name Of A Card"
    drawing = x5_draw.group({"cards": [card], "tops": []})
    assert layout.problems(drawing) == []
    texts = {m.id: m.text for m in drawing.marks if m.shape == "text"}
    assert texts["T01:left:improvement"] == texts["T01:right:improvement"] == "+1 per Excavate"  # shrunk, not cut


def test_the_largest_play_area_wraps_and_is_clean() -> None:
    """A technology each round, all joined to the settlement in one group: 16 cards, 15 junctions."""
    ids = ["S1", *list(DECK.technologies)[:ROUNDS]]
    group = {"cards": [placed(c, i % 2 == 0, i % 3 != 0, True) for i, c in enumerate(ids)],
             "tops": ["left" if i % 2 else "right" for i in range(len(ids) - 1)]}
    drawing = x5_draw.group(group)
    assert layout.problems(drawing) == []
    assert drawing.width <= x5_draw.PER_ROW * (x5_draw.W + x5_draw.GAP) + 2 * x5_draw.GAP  # wrapped, not a strip
    junctions = [m for m in drawing.marks if m.id.startswith("junction:") and not m.id.endswith(":arrow")]
    assert len(junctions) == len(ids) - 1 + 3  # each of the three wraps shows its junction at both rows
    assert str(template_globals("expedition-5x")["x5_group_svg"](group)).count('class="x5-crystal') == sum(
        1 + (c["left"]["crystal"] is not None) + (c["right"]["crystal"] is not None) for c in group["cards"][1:])
