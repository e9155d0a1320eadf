"""What a seat may see: the whole public table and its own hand; other hands only as counts, the draw deck as a
count with the public places of its Dominance Checks, and of the Rocinante's AI deck only its face-up card."""

from __future__ import annotations

from typing import Any

from engine.words import settle_marks
from games.pax.view import discard_view, hand_view, market_view, tableau_view
from games.pax_expanse import cards, queries
from games.pax_expanse.dominance import check_of, dominant_faction, regions_per_faction
from games.pax_expanse.model import Asset, Event
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState


def card_data(number: int) -> dict[str, Any]:
    """The printed facts of an asset or event, for reports."""
    found = cards.card(number)
    if isinstance(found, Event):
        return _event_data(found)
    return _asset_data(found)


def _asset_data(asset: Asset) -> dict[str, Any]:
    board = cards.board()
    ability = cards.abilities()[asset.ability] if asset.ability else None
    return {
        "number": asset.number, "kind": "asset", "name": asset.name, "region": asset.region,
        "region_name": "the Rocinante's region" if asset.crew else board.region_names[asset.region],
        "suit": asset.suit, "suit_name": board.suit_names[asset.suit], "rank": asset.rank,
        "actions": list(asset.actions), "impact": list(asset.impact), "loyalist": asset.loyalist,
        "reward": asset.reward, "crew": asset.crew,
        "ability": {"id": ability.id, "title": ability.title, "text": ability.text} if ability else None,
    }


def _event_data(event: Event) -> dict[str, Any]:
    board = cards.board()
    check = event.dominance
    return {
        "number": event.number, "kind": "event", "name": event.title,
        "purchased": {"title": event.purchased.title, "text": event.purchased.text},
        "discarded": {"title": event.discarded.title, "text": event.discarded.text},
        "dominance_check": None if check is None else {
            "check": check.check, "faction_scoring": list(check.faction_scoring),
            "player_scoring": list(check.player_scoring), "objective_points": check.objective_points,
            "objective_to": check.objective_to, "objective_to_name": board.region_names[check.objective_to]},
    }


def ai_card_data(number: int) -> dict[str, Any]:
    """A Rocinante AI card: its crew member, its actions top first, and where the Rocinante goes after."""
    rocinante = cards.rocinante()
    card = rocinante.ai_cards[number]
    crew = rocinante.crew[card.crew]
    return {
        "number": number, "crew": card.crew, "crew_name": crew.name, "both_actions": crew.both_actions,
        "actions": [{"id": a, "title": rocinante.actions[a].title, "text": rocinante.actions[a].text}
                    for a in card.actions],
        "location": card.location, "location_name": cards.board().region_names[card.location],
    }


def colour_of(state: GameState, seat: str) -> str:
    """The seat's player colour id (setup deals them in turn order; a position set up by hand may lack one)."""
    loyalty = cards.loyalty()
    colour = state.players[seat].colour
    if colour in loyalty.colour_css:
        return colour
    order = state.order or state.seats
    return loyalty.colours[order.index(seat) % len(loyalty.colours)]


def seat_colours(state: GameState) -> dict[str, str]:
    """Each seat's player colour, as CSS, in seating order."""
    css = cards.loyalty().colour_css
    return {s: css[colour_of(state, s)] for s in state.seats}


def view(state: GameState, seat: str | None) -> dict[str, Any]:
    """The report model of `state` for `seat` (None: the public)."""
    board = cards.board()
    controlled = regions_per_faction(state)
    return {
        "game": "pax-expanse",
        "seat": seat,
        "names": {"regions": dict(board.region_names), "factions": {f.id: f.short for f in board.factions},
                  "suits": dict(board.suit_names)},
        "phase": state.phase,
        "turn_number": state.turn_number,
        "round": state.round,
        "current": state.current,
        "order": list(state.order),
        "asked": _asked(state, seat),
        # A seat's standing orders say how it will answer others; only it sees them.
        "standing": dict(state.standing.get(seat, {})) if seat is not None else {},
        "climate": {"at": state.climate, "favoured": queries.favoured_suit(state),
                    "track": [{"id": c.id, "name": c.name, "suit": c.suit} for c in board.climate]},
        "factions": [{"id": f.id, "name": f.name, "short": f.short, "colour": f.colour, "home": f.home,
                      "regions": controlled[f.id], "tokens_in_play": queries.tokens_in_play(state, f.id),
                      "tokens_in_supply": queries.tokens_in_supply(state, f.id)} for f in board.factions],
        "dominant": dominant_faction(state),
        "seat_colours": seat_colours(state),
        "regions": [_region(state, r) for r in board.regions],
        "borders": [{"id": b, "regions": list(board.border_regions[b]), "transports": dict(state.transports.get(b, {}))}
                    for b in board.borders],
        "objective": state.objective,
        "objective_name": board.region_names.get(state.objective, state.objective),
        "rocinante": _rocinante(state),
        "market": market_view(state, RULES, seat, "influence", card_data),
        "deck": {"count": len(state.deck), "checks": _checks_in_deck(state)},
        "discard": discard_view(state.discard, card_data),
        "effects": [_effect(state, e.card, e.id, e.lasts, e.seat, e.target) for e in state.effects],
        "checks_done": list(state.checks),
        "players": [_player(state, s, seat) for s in (state.order or state.seats)],
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


def _asked(state: GameState, seat: str | None) -> list[dict[str, Any]]:
    """The questions a paused turn waits on: everyone sees who is asked what kind of thing; only the seat asked
    sees the question's words (they may name cards from its hand)."""
    if state.paused is None:
        return []
    return [{"seat": q["seat"], "kind": q.get("kind", ""), "text": settle_marks(q.get("text") or "") if q["seat"] == seat else None}
            for q in state.paused.questions]


def _region(state: GameState, region: str) -> dict[str, Any]:
    return {
        "id": region, "name": cards.board().region_names[region],
        "fleets": dict(state.fleets.get(region, {})), "supporters": dict(state.supporters.get(region, {})),
        "faction_control": queries.faction_control(state, region),
        "player_control": queries.player_control(state, region),
    }


def _rocinante(state: GameState) -> dict[str, Any]:
    """The token and the AI deck as everyone sees them: the face-up card, the counts, the discard pile's top."""
    ship = state.rocinante
    return {
        "region": ship.region, "region_name": cards.board().region_names[ship.region], "damaged": ship.damaged,
        "face_up": ai_card_data(ship.face_up) if ship.face_up is not None else None,
        "deck_count": len(ship.deck), "discard_count": len(ship.discard),
        "last": ai_card_data(ship.discard[-1]) if ship.discard else None, "turns": ship.turns,
    }


def _checks_in_deck(state: GameState) -> list[dict[str, int]]:
    """Each Dominance Check still in the draw deck and how many cards lie above it.

    Public: setup puts each check on top of its pile in the open, and cards leave the deck only from the top,
    so everyone can count where each check is, though not what lies between.
    """
    return [{"check": c, "above": i} for i, n in enumerate(state.deck) if (c := check_of(n)) is not None]


def _effect(state: GameState, card: int, effect_id: str, lasts: str, seat: str | None,
            target: str | None) -> dict[str, Any]:
    event = cards.events()[card]
    half = event.purchased if event.purchased.id == effect_id else event.discarded
    return {"card": card, "id": effect_id, "title": half.title, "text": half.text, "lasts": lasts, "seat": seat,
            "target": target}


def _player(state: GameState, seat: str, viewer: str | None) -> dict[str, Any]:
    player = state.players[seat]
    board = cards.board()
    network = tableau_view(state, RULES, seat, player.network, state.turn, card_data, "agents", "favoured",
                           "intimidated_by")
    for entry in network:
        entry["region_now"] = queries.asset_region(state, entry["number"])
        entry["exhausted"] = entry["number"] in player.exhausted
    # Starting loyalty is chosen in secret and revealed only once all have chosen (rulebook, "Starting Loyalty").
    own = viewer == seat
    loyalty = player.loyalty if own or state.phase != "loyalty" else None
    colour = colour_of(state, seat)
    loyalty_card = next((c for c in cards.loyalty().cards if c.colour == colour and c.faction == loyalty), None)
    costs = list(loyalty_card.favour_costs) if loyalty_card else []
    return {
        "seat": seat, "colour": cards.loyalty().colour_css[colour], "colour_name": cards.loyalty().colour_names[colour],
        "loyalty": loyalty, "influence": player.influence, "vp": player.vp,
        "network": network, **hand_view(player.hand, seat, viewer, card_data),
        "favours": player.favours, "favour_costs": costs,
        "next_favour_cost": costs[player.favours] if player.favours < len(costs) else None,
        "rewards": [card_data(n) for n in player.rewards],
        "reputation": {f.id: queries.reputation(state, seat, f.id) for f in board.factions},
        "stars": {suit: queries.stars(state, seat, suit) for suit in board.suits},
        "network_limit": queries.network_limit(state, seat), "hand_limit": queries.hand_limit(state, seat),
        "markers_in_supply": queries.markers_in_supply(state, seat),
        "markers_in_play": queries.markers_in_play(state, seat),
        "controls": queries.regions_of_player(state, seat),
    }
