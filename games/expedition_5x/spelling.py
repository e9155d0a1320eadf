"""The words of Expedition to 5X's orders, so that `Excavate`, `Settlement`, `t02` and `Alone:` are read as
`excavate`, `settlement`, `T02` and `alone:` (engine.spelling)."""

from __future__ import annotations

import functools
from typing import Any

from engine.spelling import Reading, Vocabulary, read_words
from games.expedition_5x.cards import ACTIONS, cards
from games.expedition_5x.state import BID_CASES
from games.expedition_5x.tableau import NEW, OLD

#: The words a wish's sides take besides a card: any, none, your settlement; new or old on top.
SIDE_WORDS = ("any", "none", "settlement", NEW, OLD)


@functools.cache
def vocabulary() -> Vocabulary:
    """The action cards, the wish words, the cards by id, and the bid's cases (keys of `bid:`)."""
    deck = cards()
    return Vocabulary((*ACTIONS, *SIDE_WORDS, *deck.technologies, *deck.settlements, *BID_CASES), word_keys=("bid",))


def read(order: Any) -> tuple[Any, list[Reading]]:
    """The order with its words in their canonical spelling, and the readings made."""
    return read_words(order, vocabulary())
