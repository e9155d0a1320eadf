"""Checking a seat's order: every key, type and value, with precise problems; a good order becomes a Choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.contract import Problem
from engine.quoting import quoted
from games.expedition_5x import spelling
from games.expedition_5x.cards import ACTIONS, Cards, cards
from games.expedition_5x.stages import due_seats, excavators, revealed
from games.expedition_5x.state import BID, BID_CASES, CHOOSE, OVER, Choice, State, Wish, auction_case
from games.expedition_5x.tableau import (
    NEW,
    OLD,
    active_improvements,
    group_of,
    left_attachments,
    matches,
    placements,
    right_attachments,
    technologies_in,
)

ORDER_KEYS: tuple[str, ...] = ("action", "bid", "wishes")
#: After the reveal, an Excavate player who left the auction's case open sends only this.
BID_STAGE_KEYS: tuple[str, ...] = ("bid",)
WISH_KEYS: tuple[str, ...] = ("card", "left", "left_top", "right", "right_top")
MAX_WISHES = 15


def _title(action: str) -> str:
    return action.capitalize()


def _is_whole(value: Any) -> bool:
    """A YAML integer (bool is an int in Python, but `yes` is not a number of water)."""
    return isinstance(value, int) and not isinstance(value, bool)


def sure_gain(state: State, seat: str) -> int:
    """Water this seat's visible Excavate improvements are certain to give before the bids are revealed."""
    # Improvements come before the basic action, so a bid may spend them: +1 water corners, and a count of
    # Excavate cards, which counts at least the seat's own (and, for a late scout, the Excavate cards revealed).
    # Die rolls and steals may give nothing, so they are not counted.
    excavators = 1 + sum(1 for s in revealed(state).values() if s == "excavate")
    gain = 0
    for _card, side in active_improvements(state.players[seat].tableau, cards()):
        if side.action != "excavate":
            continue
        if side.improvement == "water":
            gain += 1
        elif side.improvement == "count" and side.target == "excavate":
            gain += excavators
    return gain


def bid_limit(state: State, seat: str) -> int:
    """The highest bid this seat may send: its water now plus the sure gains before the auction."""
    return state.players[seat].water + sure_gain(state, seat)


def bid_range(state: State, seat: str) -> str:
    """The legal bids in words, for messages and the template."""
    water, gain = state.players[seat].water, sure_gain(state, seat)
    more = f", and your Excavate improvements give {gain} more before the bids" if gain else ""
    return f"from 1 to {water + gain} (you have {water}{more})"


def playable(state: State, seat: str) -> list[str]:
    """Action cards this seat may play now: its hand, without Excavate when it cannot bid even 1 water."""
    player = state.players[seat]
    return [a for a in ACTIONS if a in player.hand and (a != "excavate" or bid_limit(state, seat) >= 1)]


def _check_action(state: State, seat: str, value: Any) -> tuple[list[Problem], str | None]:
    player = state.players[seat]
    choices = ", ".join(playable(state, seat))
    if value is None:
        return [Problem(("action",), f"action is missing; you can play: {choices}")], None
    if not isinstance(value, str) or value.strip().lower() not in ACTIONS:
        message = f"action must be one of your action cards, not {quoted(value)}; you can play: {choices}"
        return [Problem(("action",), message)], None
    action = value.strip().lower()
    if action in player.discards:
        message = f"{_title(action)} is in your discard pile until you play Expand; you can play: {choices}"
        return [Problem(("action",), message)], None
    if action == "excavate" and bid_limit(state, seat) < 1:
        message = f"Excavate needs a bid of at least 1 water and you have none; you can play: {choices}"
        return [Problem(("action",), message)], None
    return [], action


def _check_number(state: State, seat: str, value: Any, path: tuple[str | int, ...]) -> tuple[list[Problem], int]:
    if not _is_whole(value) or not 1 <= value <= bid_limit(state, seat):
        wanted = f"{' '.join(map(str, path))} must be a whole number of water {bid_range(state, seat)}"
        return [Problem(path, f"{wanted}, not {quoted(value)}")], 0
    return [], int(value)


def _check_bid(state: State, seat: str, value: Any) -> tuple[list[Problem], int | dict[str, int]]:
    """A bid given in advance: one number for either auction, a number per case, or nothing (asked later)."""
    if value is None:
        return [], {}
    if not isinstance(value, Mapping):
        return _check_number(state, seat, value, ("bid",))
    problems = [
        Problem(("bid", str(k)), f"unknown key {quoted(str(k))} in bid; the keys are: {', '.join(BID_CASES)}")
        for k in value
        if k not in BID_CASES
    ]
    bids: dict[str, int] = {}
    for case in BID_CASES:
        if value.get(case) is not None:
            found, bids[case] = _check_number(state, seat, value[case], ("bid", case))
            problems += found
    return problems, bids


def auction_words(state: State, seat: str) -> str:
    """The auction a bidder faces once the cards are revealed, in the rulebook's words."""
    others = [s for s in excavators(state) if s != seat]
    if not others:
        return ("you are the only one who played Excavate: you bid against the die, and win a technology only "
                "if your bid is higher than the roll")
    return (f"Excavate was also played by {', '.join(others)}: the bids are revealed together, identical bids "
            "are removed and the highest remaining bid chooses first")


def _check_late_bid(state: State, seat: str, order: Mapping[str, Any]) -> tuple[list[Problem], Choice | None]:
    """The bid stage: the auction's case is known, so the bid is one number, at most the water now."""
    problems = [
        Problem((str(k),), f"unknown key {quoted(str(k))}; after the reveal only the bid is asked (bid: 2)")
        for k in order
        if k not in BID_STAGE_KEYS
    ]
    water = state.players[seat].water
    # Checked orders leave every bidder at least 1 water here; only other card data could leave none, and
    # then the bid is lowered to nothing when revealed, as the order reference says.
    most = max(water, 1)
    wanted = f"bid must be a whole number of water from 1 to {most} (you have {water})"
    value = order.get("bid")
    if value is None:
        problems.append(Problem(("bid",), f"the auction needs your bid: {wanted}; {auction_words(state, seat)}"))
    elif not _is_whole(value) or not 1 <= value <= most:
        plain = "; the auction is known now, so write one number" if isinstance(value, Mapping) else ""
        problems.append(Problem(("bid",), f"{wanted}, not {quoted(value)}{plain}"))
    if problems or not isinstance(value, int):
        return problems, None
    held = state.pending[seat]
    case = auction_case(state.pending)
    bid = {**held.bid, case: value} if isinstance(held.bid, dict) else value
    return [], Choice(held.action, bid, list(held.wishes))


def _market_list(state: State, deck: Cards) -> str:
    return ", ".join(f"{c} ({deck.name(c)})" for c in state.market)


def _norm_id(value: Any) -> str | None:
    return value.strip().upper() if isinstance(value, str) else None


def _check_side(
    state: State, seat: str, tech: str, which: str, value: Any, path: tuple[str | int, ...], deck: Cards
) -> tuple[list[Problem], str]:
    """A side constraint: any, none, or a group end (the word settlement names your settlement card)."""
    player = state.players[seat]
    ends = (left_attachments if which == "left" else right_attachments)(player.tableau, deck, tech)
    symbol = _title(deck.technologies[tech].side(which).action)
    edge = "right" if which == "left" else "left"
    options = ", ".join(f"{c} ({deck.name(c)})" for c in ends)
    legal = f"it can join the {edge} end of: {options}; or write none" if ends else (
        f"no group of yours shows {symbol} on its {edge} end, so write none or leave it out"
    )
    if value is None:
        return [], "any"
    text = value.strip().lower() if isinstance(value, str) else None
    if text in ("any", "none"):
        return [], text
    card = player.settlement if text == "settlement" else _norm_id(value)
    if card is None or card not in ends:
        return [Problem(path, f"{tech}'s {which} side shows {symbol}; {legal} (not {quoted(value)})")], "any"
    return [], card


def _check_top(value: Any, path: tuple[str | int, ...]) -> tuple[list[Problem], str]:
    if value is None:
        return [], "any"
    text = value.strip().lower() if isinstance(value, str) else None
    if text not in (NEW, OLD, "any"):
        message = f"write new (the won card on top), old (it goes underneath) or any, not {quoted(value)}"
        return [Problem(path, message)], "any"
    return [], text


def _not_in_market(state: State, card: str | None, value: Any, deck: Cards) -> str:
    """Why a wished card cannot be bought, and what can."""
    market = f"the market holds {_market_list(state, deck)}"
    if card is None:
        return f"a wish names a market technology by its id, not {quoted(value)}; {market}"
    if card not in deck.technologies:
        return f"there is no technology {quoted(value)}; {market}"
    if state.deck and card == state.deck[0]:
        return f"{card} is on top of the deck and not for sale yet; {market}"
    if card in state.discard:
        return f"{card} was discarded from the market; {market}"
    owner = next((s for s in state.seats if card in technologies_in(state.players[s].tableau, deck)), None)
    if owner is not None:
        return f"{card} already belongs to {owner}; {market}"
    return f"{card} is not in the market yet; {market}"


def _check_wish(
    state: State, seat: str, index: int, entry: Any, seen: dict[str, int], deck: Cards
) -> tuple[list[Problem], Wish | None]:
    path: tuple[str | int, ...] = ("wishes", index)
    raw: Mapping[str, Any] = entry if isinstance(entry, Mapping) else {"card": entry}
    card_path = (*path, "card") if isinstance(entry, Mapping) else path
    problems = [
        Problem((*path, str(k)), f"unknown key {quoted(str(k))} in a wish; the keys are: {', '.join(WISH_KEYS)}")
        for k in raw
        if k not in WISH_KEYS
    ]
    card = _norm_id(raw.get("card"))
    if card is None or card not in state.market:
        return [*problems, Problem(card_path, _not_in_market(state, card, raw.get("card"), deck))], None
    if card in seen:
        return [*problems, Problem(card_path, f"{card} is already on your wish list (entry {seen[card] + 1})")], None
    seen[card] = index
    sides: dict[str, str] = {}
    for which in ("left", "right"):
        found, sides[which] = _check_side(state, seat, card, which, raw.get(which), (*path, which), deck)
        problems += found
        found, sides[f"{which}_top"] = _check_top(raw.get(f"{which}_top"), (*path, f"{which}_top"))
        problems += found
    if problems:
        return problems, None
    wish = Wish(card, sides["left"], sides["left_top"], sides["right"], sides["right_top"])
    tableau = state.players[seat].tableau
    if not any(matches(p, wish) for p in placements(tableau, deck, card)):
        same = wish.left not in ("any", "none") and wish.right not in ("any", "none") and (
            group_of(tableau, wish.left) == group_of(tableau, wish.right)
        )
        why = "both sides would join the same group" if same else "no placement fits these choices"
        return [Problem(path, f"{card} cannot be placed like this: {why}")], None
    return [], wish


def _check_wishes(state: State, seat: str, value: Any, deck: Cards) -> tuple[list[Problem], list[Wish]]:
    if value is None:
        return [], []
    if not isinstance(value, list):
        market = _market_list(state, deck)
        message = f"wishes must be a list of technologies from the market ({market}), best first, one per line"
        return [Problem(("wishes",), message)], []
    if len(value) > MAX_WISHES:
        return [Problem(("wishes",), f"at most {MAX_WISHES} wishes, not {len(value)}")], []
    problems: list[Problem] = []
    wishes: list[Wish] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(value):
        found, wish = _check_wish(state, seat, index, entry, seen, deck)
        problems += found
        if wish is not None:
            wishes.append(wish)
    return problems, wishes


def _why_not_due(state: State, seat: str) -> str:
    """Why a seat owes no order now, in the words of the round's stages."""
    if state.stage == OVER:
        return "the game is over: no more orders"
    if state.stage == BID:
        return ("only the Excavate players whose order gave no bid for this auction bid now; "
                "your order for this round is complete")
    if state.stage == CHOOSE:
        return ("you scouted last round, so you choose after the others have revealed their cards; "
                "wait for that prompt")
    return "your card for this round is already chosen; only last round's scouts choose now"


def check_order(state: State, seat: str, order: Any) -> tuple[list[Problem], Choice | None]:
    """Every problem with an order (its words read in any case: spelling.py), and the Choice it means when there
    are none."""
    order, _ = spelling.read(order)
    if seat not in state.players:
        return [Problem((), f"{seat!r} is not a seat in this game")], None
    if seat not in due_seats(state):
        return [Problem((), _why_not_due(state, seat))], None
    keys = BID_STAGE_KEYS if state.stage == BID else ORDER_KEYS
    if not isinstance(order, Mapping):
        return [Problem((), f"an order is a set of keys: {', '.join(keys)}")], None
    if state.stage == BID:
        return _check_late_bid(state, seat, order)
    problems = [
        Problem((str(k),), f"unknown key {quoted(str(k))}; the keys are: {', '.join(ORDER_KEYS)}")
        for k in order
        if k not in ORDER_KEYS
    ]
    found, action = _check_action(state, seat, order.get("action"))
    problems += found
    bid: int | dict[str, int] = 0
    wishes: list[Wish] = []
    # Bid and wishes matter only to an Excavate card; with any other card they are ignored, as documented.
    if action == "excavate":
        found, bid = _check_bid(state, seat, order.get("bid"))
        problems += found
        found, wishes = _check_wishes(state, seat, order.get("wishes"), cards())
        problems += found
    if problems or action is None:
        return problems, None
    return [], Choice(action, bid, wishes)
