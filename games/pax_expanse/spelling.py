"""The words of Pax Expanse's orders, so that `Rally`, `Left`, `Mars`, `Outer Planets`, `earth-belt`, `UN` and `Anna`
are read as `rally`, `left`, `mars`, `outer_planets`, `belt-earth`, `un` and `anna` (engine.spelling)."""

from __future__ import annotations

import functools

from engine.spelling import Vocabulary
from games.pax_expanse import cards, orders
from games.pax_expanse.actions.favour import EFFECTS
from games.pax_expanse.context import AGENT_MOVE_WORDS
from games.pax_expanse.state import ROCINANTE, GameState
from games.pax_expanse.turn import KINDS

#: Words of the orders besides the map's, the factions' and the seats': sides, the pieces a compound answer names
#: ("fleet:mcr", "transport:mcr:belt-tycho"), and the answers the questions and standing orders take.
WORDS = ("left", "right", "fleet", "transport", "supporter", "agent", "favour", ROCINANTE, "pay", "refuse", "full",
         "waive", "none", "home", *EFFECTS, *AGENT_MOVE_WORDS, *orders.FILES)
#: The fields that take true or false (`yes` and `no` read as those).
YES_NO = ("supporter", "reward")
#: Mappings whose keys are words (`files: {Compromising_Files_Mars: 22}`).
WORD_KEYS = ("files",)


def vocabulary(state: GameState, seat: str) -> Vocabulary:
    """The words `seat`'s order may hold now: the static ones, the seats, and the choices of its open questions."""
    asked = [q for q in state.paused.questions if q["seat"] == seat] if state.paused is not None else []
    options = tuple(o for q in asked for o in q["options"] if isinstance(o, str))
    # A yes-or-no question (a supporter to remove, a reward to take) is answered true or false: `yes` reads so.
    yes_no = tuple(q["key"] for q in asked if any(isinstance(o, bool) for o in q["options"]))
    return _vocabulary(tuple(state.seats), options, ("answer", *yes_no) if yes_no else ())


@functools.lru_cache(maxsize=256)
def _vocabulary(seats: tuple[str, ...], options: tuple[str, ...], answers: tuple[str, ...]) -> Vocabulary:
    board = cards.board()
    aliases = {**{name: region for region, name in board.region_names.items()},
               **{f.name: f.id for f in board.factions}, **{f.short: f.id for f in board.factions},
               **{space.name: space.id for space in board.climate}, **dict(zip(board.suit_names.values(),
                                                                              board.suit_names, strict=True))}
    return Vocabulary((*KINDS, *WORDS, *board.regions, *(f.id for f in board.factions),
                       *(space.id for space in board.climate), *board.suits, *seats, *options),
                      aliases=aliases, pairs=board.borders, yes_no=(*YES_NO, *answers), word_keys=WORD_KEYS)
