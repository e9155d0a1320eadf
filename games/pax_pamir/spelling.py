"""The words of Pax Pamir's orders, so that `Purchase`, `Right`, `Kabul`, `punjab-kandahar` and `Anna` are read as
`purchase`, `right`, `kabul`, `kandahar-punjab` and `anna` (engine.spelling)."""

from __future__ import annotations

import functools

from engine.spelling import Vocabulary
from games.pax_pamir import cards, orders
from games.pax_pamir.actions.betray import PRIZE_ANSWERS
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import KINDS

#: Words of the orders besides the map's and the seats': sides, the pieces a compound answer names ("tribe:kabul",
#: "road:herat-kabul:british"), and the answers the questions and standing orders take.
WORDS = ("left", "right", "army", "road", "tribe", "spy", "gift", "pay", "refuse", "none", "supply",
         *PRIZE_ANSWERS, *orders.BRIBE_RULES, *orders.COURTLY_ANSWERS)
#: The fields that take true or false (`yes` and `no` read as those).
YES_NO = ("safe_house",)
#: Mappings whose keys are regions (`blackmail: {Kandahar: 45}`).
WORD_KEYS = ("blackmail",)


def vocabulary(state: GameState, seat: str) -> Vocabulary:
    """The words `seat`'s order may hold now: the static ones, the seats, and the choices of its open question."""
    asked = state.paused.questions if state.paused is not None and state.paused.questions[0]["seat"] == seat else []
    options = tuple(dict.fromkeys(o for q in asked for o in q["options"] if isinstance(o, str)))
    return _vocabulary(tuple(state.seats), options)


@functools.lru_cache(maxsize=256)
def _vocabulary(seats: tuple[str, ...], options: tuple[str, ...]) -> Vocabulary:
    board = cards.board()
    aliases = {**{name: region for region, name in board.region_names.items()},
               **{name: coalition for coalition, name in board.coalition_names.items()}}
    return Vocabulary((*KINDS, *WORDS, *board.regions, *board.coalitions, *board.suits, *seats, *options),
                      aliases=aliases, pairs=board.borders, yes_no=YES_NO, word_keys=WORD_KEYS)
