"""What a seat may see: the whole public table and its own hand; other hands, the draw deck and the AI deck
below its face-up card only as counts; a paused turn's snapshot, orders and other seats' questions never."""

from __future__ import annotations

from typing import Any

from games.pax_expanse import queries
from games.pax_expanse.model import FACTIONS, REGIONS
from games.pax_expanse.state import GameState


def view(state: GameState, seat: str | None) -> dict[str, Any]:
    """The public state plus what only `seat` may see (None: the public)."""
    data = state.encode()
    for name, player in data["players"].items():
        player["hand_count"] = len(player["hand"])
        if name != seat:
            player["hand"] = None
        player["reputation"] = {f: queries.reputation(state, name, f) for f in FACTIONS}
        player["markers_in_supply"] = queries.markers_in_supply(state, name)
        player["regions"] = queries.regions_of_player(state, name)
    data["deck"] = {"count": len(state.deck)}
    del data["unused"]
    rocinante = data["rocinante"]
    rocinante["face_up"] = state.rocinante.face_up
    rocinante["deck"] = {"count": len(state.rocinante.deck)}
    data["standing"] = {seat: data["standing"][seat]} if seat in data["standing"] else {}
    paused = data.pop("paused")
    data["waiting_for"] = state.due_seats()
    data["questions"] = [q for q in paused["questions"] if q["seat"] == seat] if paused else []
    data["turn_of"] = paused["seat"] if paused else data["current"]
    data["control"] = {r: {"faction": queries.faction_control(state, r), "player": queries.player_control(state, r)}
                       for r in REGIONS}
    data["tokens_in_supply"] = {f: queries.tokens_in_supply(state, f) for f in FACTIONS}
    data["favoured_suit"] = queries.favoured_suit(state)
    data["seat"] = seat
    data["game"] = "pax-expanse"
    return data
