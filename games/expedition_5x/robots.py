"""Orders the game writes itself: the documented default for a missed deadline, and random legal orders."""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from games.expedition_5x.cards import cards
from games.expedition_5x.orders import bid_limit, playable
from games.expedition_5x.state import ALONE, BID, CONTESTED, State
from games.expedition_5x.tableau import placements


def default_order(state: State, seat: str) -> dict[str, Any]:
    """Drill when it is in hand, otherwise Expand (always in hand): neither can cost water; a missed bid is 1."""
    if state.stage == BID:
        return {"bid": 1}  # the lowest bid: it costs at most the 1 water every loser returns
    return {"action": "drill" if "drill" in state.players[seat].hand else "expand"}


def _advance_bid(state: State, seat: str, rng: Rng) -> int | dict[str, int] | None:
    """A bid given in advance, in each form: one number, a number per auction, one case only, or none."""
    most = bid_limit(state, seat)
    form = rng.below(4)
    if form == 0:
        return rng.randint(1, most)
    if form == 1:
        return {ALONE: rng.randint(1, most), CONTESTED: rng.randint(1, most)}
    if form == 2:
        return {rng.choice([ALONE, CONTESTED]): rng.randint(1, most)}
    return None


def random_order(state: State, seat: str, rng: Rng) -> dict[str, Any]:
    """A random legal order, exercising every order key and placement form."""
    player, deck = state.players[seat], cards()
    if state.stage == BID:
        return {"bid": rng.randint(1, max(1, player.water))}
    action = rng.choice(playable(state, seat))
    order: dict[str, Any] = {"action": action}
    if action != "excavate":
        return order
    bid = _advance_bid(state, seat, rng)
    if bid is not None:
        order["bid"] = bid
    wishes: list[Any] = []
    for card in rng.sample(state.market, rng.randint(0, len(state.market))):
        form = rng.below(3)
        if form == 0:
            wishes.append(card)
        elif form == 1:
            wishes.append({"card": card})
        else:
            where = rng.choice(list(placements(player.tableau, deck, card)))
            wish: dict[str, Any] = {"card": card}
            for which, end, top in (("left", where.left, where.left_top), ("right", where.right, where.right_top)):
                wish[which] = "none" if end is None else ("settlement" if end == player.settlement else end)
                if end is not None:
                    wish[f"{which}_top"] = top
            wishes.append(wish)
    if wishes:
        order["wishes"] = wishes
    return order
