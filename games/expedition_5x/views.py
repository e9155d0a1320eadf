"""What each seat may see: the public table, plus its own screen and hand; never another's water, hand or bid."""

from __future__ import annotations

from typing import Any

from games.expedition_5x.cards import ROUNDS, Cards, Side
from games.expedition_5x.market import market_limit
from games.expedition_5x.orders import playable
from games.expedition_5x.scoring import crystal_points, water_points
from games.expedition_5x.stages import due_seats, revealed
from games.expedition_5x.state import BID, BID_CASES, OVER, SCOUT, Choice, Group, State
from games.expedition_5x.tableau import active_crystals, corner_visible, edge_active

SCORE_NOTE = "Scores so far count activated crystals only; water stays behind the screens until the end."
FINAL_NOTE = "The screens are lifted: the final scores add 1 point per 2 water to the crystal points."


def side_view(side: Side) -> dict[str, Any]:
    """One side of a technology card."""
    return {"action": side.action, "improvement": side.improvement, "target": side.target,
            "crystal": side.crystal, "text": side.describe()}


def card_view(card_id: str, deck: Cards) -> dict[str, Any]:
    """Any card, as the report draws it."""
    if card_id in deck.settlements:
        s = deck.settlements[card_id]
        return {"id": s.id, "name": s.name, "kind": "settlement", "centre": None,
                "left": {"action": s.left, "improvement": None, "target": None, "crystal": None, "text": ""},
                "right": {"action": s.right, "improvement": None, "target": None, "crystal": None, "text": ""}}
    t = deck.technologies[card_id]
    return {"id": t.id, "name": t.name, "kind": "technology", "centre": t.centre,
            "left": side_view(t.left), "right": side_view(t.right)}


def tableau_view(tableau: list[Group], deck: Cards) -> list[dict[str, Any]]:
    """Groups left to right, each card with which corners show and which edge crystals are activated."""
    groups = []
    for group in tableau:
        row = []
        for index, card_id in enumerate(group.cards):
            card = card_view(card_id, deck)
            for which in ("left", "right"):
                card[which]["visible"] = corner_visible(group, index, which)
                card[which]["crystal_active"] = (
                    card[which]["crystal"] is not None and edge_active(group, index, which, deck))
            row.append(card)
        groups.append({"cards": row, "tops": list(group.tops)})
    return groups


def bid_text(bid: int | dict[str, int]) -> str:
    """A held bid in words: "3", "2 alone, 4 contested", "asked after the reveal"."""
    if isinstance(bid, int):
        return str(bid)
    cases = [f"{bid[c]} {c}" for c in BID_CASES if c in bid]
    if len(cases) == len(BID_CASES):
        return ", ".join(cases)
    return ", ".join([*cases, "otherwise asked after the reveal"]) if cases else "asked after the reveal"


def choice_view(choice: Choice) -> dict[str, Any]:
    """A seat's own held choice."""
    return {"action": choice.action, "bid": choice.bid, "bid_text": bid_text(choice.bid),
            "wishes": [vars(w).copy() for w in choice.wishes]}


def label(state: State) -> str:
    """Where the game stands."""
    if state.stage == OVER:
        return "game over"
    if state.stage == BID:
        return f"round {state.round}, bids"
    return f"round {state.round}, scouts choose" if state.stage == SCOUT else f"round {state.round}"


def build_view(state: State, seat: str | None, deck: Cards, result: dict[str, Any] | None) -> dict[str, Any]:
    """The view for one seat (None: the public)."""
    shown = revealed(state)
    players = []
    for s in state.seats:
        p = state.players[s]
        crystals = active_crystals(p.tableau, deck)
        entry: dict[str, Any] = {
            "seat": s, "settlement": card_view(p.settlement, deck), "discards": list(p.discards),
            "late": p.late, "revealed": shown.get(s), "last_played": state.last_played.get(s),
            "tableau": tableau_view(p.tableau, deck), "crystals": sorted(crystals),
            "crystal_points": crystal_points(crystals),
        }
        if state.stage == OVER:  # the screens are lifted for the final count
            entry["water"] = p.water
            entry["water_points"] = water_points(p.water)
        players.append(entry)
    view: dict[str, Any] = {
        "game": "expedition-5x", "round": state.round, "rounds": ROUNDS, "stage": state.stage,
        "label": label(state), "seats": list(state.seats), "due": due_seats(state),
        "market": [card_view(c, deck) for c in state.market], "market_limit": market_limit(len(state.seats)),
        "deck_top": card_view(state.deck[0], deck) if state.deck else None, "deck_count": len(state.deck),
        "discarded_technologies": [card_view(c, deck) for c in state.discard],
        "players": players, "scores": {e["seat"]: e["crystal_points"] for e in players},
        "scores_note": FINAL_NOTE if state.stage == OVER else SCORE_NOTE, "you": None, "result": result,
    }
    if seat is not None and seat in state.players:
        me = state.players[seat]
        held = state.pending.get(seat)
        view["you"] = {
            # A card already chosen lies face down on the table, no longer in hand.
            "seat": seat, "water": me.water, "hand": [a for a in me.hand if held is None or a != held.action],
            "playable": playable(state, seat),
            "choice": choice_view(held) if held is not None else None,
            "due": seat in view["due"],
        }
    return view
