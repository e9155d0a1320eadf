"""Setup: the draw deck built by player count, the market, rupees, and the order of the loyalty choices."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rng import Rng
from games.pax.market import COLUMNS, ROWS
from games.pax_pamir import cards
from games.pax_pamir.state import GameState, Player

PILES = 6
PILE_BASE = 5  # court cards per pile besides one per player


def build_deck(players: int, rng: Rng) -> tuple[list[int], list[int]]:
    """The draw deck (top first) and the unused cards, as the rulebook builds them for `players` seats.

    Six piles of 5 + players court cards; a Dominance Check in each of the four rightmost piles; two other events
    in the second pile and one in each pile right of it; each pile shuffled alone, then stacked left pile on top.
    """
    court = sorted(cards.court_cards())
    rng.shuffle(court)
    size = PILE_BASE + players
    piles = [court[i * size:(i + 1) * size] for i in range(PILES)]
    unused = court[PILES * size:]
    events = cards.event_cards()
    checks = sorted(n for n, e in events.items() if e.dominance_check)
    others = sorted(n for n, e in events.items() if not e.dominance_check)
    rng.shuffle(checks)
    for pile, check in zip(piles[2:], checks, strict=True):
        pile.append(check)
    rng.shuffle(others)
    piles[1].extend(others[:2])
    for pile, event in zip(piles[2:], others[2:6], strict=True):
        pile.append(event)
    unused.extend(others[6:])
    deck: list[int] = []
    for pile in piles:
        rng.shuffle(pile)
        deck.extend(pile)
    return deck, sorted(unused)


def new_game(seats: Sequence[str], rng: Rng) -> GameState:
    """The state after setup: deck and market built, four rupees each, loyalty to be chosen from a random seat."""
    deck, unused = build_deck(len(seats), rng)
    state = GameState(seats=list(seats), players={s: Player(s) for s in seats}, deck=deck, unused=unused,
                      favored=cards.board().suits[0])
    for column in range(COLUMNS):
        for row in range(ROWS):
            state.market[row][column] = state.deck.pop(0)
    first = rng.below(len(seats))
    state.loyalty_order = [seats[(first + i) % len(seats)] for i in range(len(seats))]
    state.current = state.loyalty_order[0]
    state.phase = "loyalty"
    return state
