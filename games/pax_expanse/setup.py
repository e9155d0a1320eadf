"""Setup (rulebook "Setup"): the draw deck from six piles, the market, turn order and influence, the Rocinante."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rng import Rng
from games.pax_expanse import cards
from games.pax_expanse.state import COLUMNS, ROWS, GameState, Player, Rocinante

#: Starting influence by position in turn order (rulebook table), by number of players.
START_INFLUENCE: dict[int, tuple[int, ...]] = {3: (2, 3, 4), 4: (1, 2, 3, 4)}


def build_deck(rng: Rng) -> tuple[list[int], list[int]]:
    """The draw deck (top first) and the assets left out, built from the six piles of data/setup.yaml.

    Each pile gets its shuffled assets and events, shuffled together; a Dominance Check goes on top of its pile;
    the piles are stacked with pile 1 on top.
    """
    assets = sorted(cards.assets())
    rng.shuffle(assets)
    events = cards.events()
    checks = {e.dominance.check: n for n, e in events.items() if e.dominance is not None}
    others = sorted(n for n, e in events.items() if e.dominance is None)
    rng.shuffle(others)
    deck: list[int] = []
    for pile in cards.piles():
        contents = [assets.pop(0) for _ in range(pile.assets)] + [others.pop(0) for _ in range(pile.events)]
        rng.shuffle(contents)
        if pile.dominance_check is not None:
            contents.insert(0, checks[pile.dominance_check])
        deck.extend(contents)
    if others:
        raise ValueError(f"setup piles leave events unused: {others}")
    return deck, sorted(assets)


def fill_market(state: GameState) -> None:
    """Fill the empty market slots column by column from the left, the top row first in each column."""
    for column in range(COLUMNS):
        for row in range(ROWS):
            if state.market[row][column] is None and state.deck:
                state.market[row][column] = state.deck.pop(0)


def new_game(seats: Sequence[str], rng: Rng) -> GameState:
    """The state after setup, with every seat's starting loyalty still to be chosen."""
    if len(seats) not in START_INFLUENCE or len(set(seats)) != len(seats):
        raise ValueError(f"Pax Expanse needs 3 or 4 different seats, got {list(seats)}")
    board = cards.board()
    deck, unused = build_deck(rng)
    first = rng.below(len(seats))
    order = [seats[(first + i) % len(seats)] for i in range(len(seats))]
    colours = cards.loyalty().colours
    players = {seat: Player(seat, colour=colours[order.index(seat)],
                            influence=START_INFLUENCE[len(seats)][order.index(seat)]) for seat in seats}
    ai_deck = sorted(cards.rocinante().ai_cards)
    rng.shuffle(ai_deck)
    state = GameState(seats=list(seats), players=players, order=order, climate=board.climate_at_start,
                      objective=board.objective_at_start, deck=deck, unused=unused,
                      rocinante=Rocinante(board.rocinante_at_start, deck=ai_deck), phase="loyalty",
                      current=order[0])
    fill_market(state)
    return state
