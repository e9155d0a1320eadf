"""Holding an auction for the market's technologies among the players of Excavate."""

from __future__ import annotations

from collections import Counter

from engine.contract import Event
from engine.rng import Rng
from games.expedition_5x.cards import DIE_FACES, Cards
from games.expedition_5x.ledger import change, note
from games.expedition_5x.placing import best_placement, choose_technology
from games.expedition_5x.state import ALONE, CONTESTED, Choice, State, bid_for
from games.expedition_5x.tableau import describe, place


def effective_bid(state: State, seat: str, choice: Choice, case: str = ALONE) -> int:
    """The bid as revealed: never more than the water behind the screen when bids are revealed."""
    bid = bid_for(choice, case)
    # The bid stage asks every Excavate player whose order left this case open, so the bid is known here.
    assert bid is not None, f"{seat} has no bid for an auction {case}"
    # Checked orders never bid more than the round's starting water plus the sure gains of the bidder's
    # Excavate improvements, which are paid before the auction, and the card data gives Excavate no
    # improvement that steals from Excavate players, so this cap only matters with other card data.
    return min(bid, state.players[seat].water)


def _win(state: State, seat: str, bid: int, choice: Choice, deck: Cards, events: list[Event]) -> None:
    """Pay the whole bid, take a technology and place it at once."""
    player = state.players[seat]
    card, wish = choose_technology(player.tableau, state.market, choice.wishes, deck)
    placement = best_placement(player.tableau, card, deck, wish)
    state.market.remove(card)
    player.tableau = place(player.tableau, placement)
    why = "from the wish list" if wish is not None else "by the default choice"
    change(state, events, {seat: -bid}, f"{seat} pays {bid} water and takes {card} ({deck.name(card)}) {why}, "
           f"placing it {describe(placement, deck)}.", "win", card=card, seat=seat)


def _lose(state: State, seat: str, events: list[Event], why: str) -> None:
    """A bidder without a technology returns 1 water to the supply and takes the rest of the bid back."""
    fee = min(1, state.players[seat].water)
    change(state, events, {seat: -fee}, f"{seat} {why}, returns {fee} water to the supply and keeps the rest.", "lose")


def hold_auction(state: State, bidders: list[str], choices: dict[str, Choice], rng: Rng, deck: Cards,
                 events: list[Event]) -> set[str]:
    """Resolve the auction; the seats that won a technology."""
    case = ALONE if len(bidders) == 1 else CONTESTED
    bids = {seat: effective_bid(state, seat, choices[seat], case) for seat in bidders}
    if len(bidders) == 1:
        seat = bidders[0]
        roll = rng.roll(DIE_FACES)
        note(events, f"{seat} bids {bids[seat]} water alone and rolls {roll}.", "solo-bid", bid=bids[seat], roll=roll)
        if bids[seat] > roll:
            _win(state, seat, bids[seat], choices[seat], deck, events)
            return {seat}
        _lose(state, seat, events, "does not beat the die")
        return set()
    shown = ", ".join(f"{s} {bids[s]}" for s in bidders)
    note(events, f"The Excavate bids are revealed: {shown}.", "bids", bids=dict(bids))
    counts = Counter(bids.values())
    # A bid lowered to nothing (no water left when bids are revealed) cannot win; only other card data allows it.
    broke = [s for s in bidders if bids[s] < 1]
    tied = [s for s in bidders if counts[bids[s]] > 1 and s not in broke]
    if tied:
        note(events, f"Identical bids are removed from the auction: {', '.join(tied)}.", "tied", seats=tied)
    # Higher bids choose first; bids are unique among those left, so the order is fully determined.
    ranked = sorted((s for s in bidders if s not in tied and s not in broke), key=lambda s: -bids[s])
    if not ranked:
        note(events, "Nobody is left in the auction: no technology is won.", "no-winner")
    winners: set[str] = set()
    for seat in ranked:
        if not state.market:
            _lose(state, seat, events, "finds the market empty")
            continue
        _win(state, seat, bids[seat], choices[seat], deck, events)
        winners.add(seat)
    for seat in tied:
        _lose(state, seat, events, "is out of the auction")
    for seat in broke:
        _lose(state, seat, events, "has no water left to bid")
    return winners
