"""What a seat may see: the whole public table, its own hand; other hands only as counts, the deck as a count."""

from __future__ import annotations

from typing import Any

from engine.words import settle_marks
from games.pax.view import discard_view, hand_view, market_view, tableau_view
from games.pax_pamir import cards, market, queries
from games.pax_pamir.dominance import dominant_coalition
from games.pax_pamir.palette import SEAT_COLOURS
from games.pax_pamir.rules import RULES
from games.pax_pamir.ruling import ruler
from games.pax_pamir.seats import seat_rules
from games.pax_pamir.setup import PILE_BASE, PILES
from games.pax_pamir.state import GameState


def card_data(number: int) -> dict[str, Any]:
    """The printed facts of a card, for reports."""
    found = cards.card(number)
    if isinstance(found, cards.EventCard):
        return {
            "number": number, "kind": "event", "title": found.title, "dominance_check": found.dominance_check,
            "purchased": {"title": found.purchased.title, "text": found.purchased.text},
            "discarded": {"title": found.discarded.title, "text": found.discarded.text},
        }
    ability = cards.abilities()[found.ability] if found.ability else None
    return {
        "number": number, "kind": "court", "name": found.name, "region": found.region, "suit": found.suit,
        "rank": found.rank, "actions": list(found.actions), "impact": list(found.impact),
        "patriot": found.patriot, "prize": found.prize, "leveraged": "leverage" in found.impact,
        "ability": {"id": ability.id, "title": ability.title, "text": ability.text} if ability else None,
    }


def view(state: GameState, seat: str | None) -> dict[str, Any]:
    """The report model of `state` for `seat` (None: the public)."""
    board = cards.board()
    colours = {s: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, s in enumerate(state.seats)}
    return {
        "game": "pax-pamir",
        "seat": seat,
        "phase": state.phase,
        "turn_number": state.turn_number,
        "current": state.paused.seat if state.paused else state.current,
        "waiting_for": state.paused.questions[0]["seat"] if state.paused else None,
        "question": "; ".join(settle_marks(q["text"]) for q in state.paused.questions) if state.paused else None,
        "loyalty_order": list(state.loyalty_order),
        "favored": state.favored,
        "suits": list(board.suits),
        "coalitions": [{"id": c, "name": board.coalition_names[c], "colour": board.colours[c],
                        "blocks_in_play": queries.blocks_in_play(state, c),
                        "blocks_in_supply": queries.blocks_in_supply(state, c)} for c in board.coalitions],
        "dominant": dominant_coalition(state),
        "seat_colours": colours,
        "regions": [_region(state, r) for r in board.regions],
        "borders": [{"id": b, "regions": list(board.border_regions[b]),
                     "roads": dict(state.roads.get(b, {}))} for b in board.borders],
        "market": market_view(state, RULES, seat, "rupees", card_data),
        "deck": {"count": len(state.deck), "checks_left": market.dominance_checks_left(state),
                 "check_windows": check_windows(state)},
        "discard": discard_view(state.discard, card_data),
        "players": [_player(state, s, seat, colours[s]) for s in state.seats],
        "effects": [{"id": e.id, "card": e.card, "title": _effect_title(e.card, e.id), "lasts": e.lasts,
                     "seat": e.seat, "target": e.target} for e in state.effects],
        "checks_done": state.checks_done,
        "wakhan": _automata(state),
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


def _automata(state: GameState) -> dict[str, Any] | None:
    """What the table sees of a seat the game plays itself (Wakhan's AI cards), None when none plays."""
    return next((shown for s in state.seats if (shown := seat_rules(state, s).public_view(state)) is not None), None)


def _effect_title(number: int, effect_id: str) -> str:
    event = cards.event_cards()[number]
    return event.purchased.title if event.purchased.id == effect_id else event.discarded.title


def _region(state: GameState, region: str) -> dict[str, Any]:
    return {
        "id": region, "name": cards.board().region_names[region], "ruler": ruler(state, region),
        "tribes": dict(state.tribes.get(region, {})), "armies": dict(state.armies.get(region, {})),
    }


def _player(state: GameState, seat: str, viewer: str | None, colour: str) -> dict[str, Any]:
    player = state.players[seat]
    court = tableau_view(state, RULES, seat, player.court, state.turn, card_data, "spies", "favored", "hostage_of")
    return {
        "seat": seat, "colour": colour, "loyalty": player.loyalty, "rupees": player.rupees, "score": player.score,
        "court": court, **hand_view(player.hand, seat, viewer, card_data),
        "gifts": list(player.gifts), "prizes": [card_data(n) for n in player.prizes],
        "influence": queries.influence(state, seat),
        "stars": {suit: queries.stars(state, seat, suit) for suit in cards.board().suits},
        "court_limit": queries.court_limit(state, seat), "hand_limit": queries.hand_limit(state, seat),
        "cylinders_in_supply": queries.cylinders_in_supply(state, seat),
        "cylinders_in_play": queries.cylinders_in_play(state, seat),
        "rules": [r for r in cards.board().regions if ruler(state, r) == seat],
        "automaton": player.automaton,
    }


def check_windows(state: GameState) -> list[dict[str, int]]:
    """For each Dominance Check still in the deck: the fewest and most cards drawn before it can appear.

    Everyone knows how the deck was built (one check in each of the four bottom piles), so the span of each
    pile is public, though not where in it the check lies.
    """
    players = len(state.seats)
    sizes = [PILE_BASE + players, PILE_BASE + players + 2] + [PILE_BASE + players + 2] * (PILES - 2)
    total = sum(sizes)
    drawn = total - len(state.deck)
    checks = {n for n, e in cards.event_cards().items() if e.dominance_check}
    windows = []
    start = 0
    for size in sizes:
        end = start + size
        if any(n in checks for n in state.deck[max(0, start - drawn):max(0, end - drawn)]):
            windows.append({"from": max(0, start - drawn), "to": end - drawn - 1})
        start = end
    return windows
