"""Component limits and agents on discarded assets (rulebook "General Rules")."""

from __future__ import annotations

import pytest
from px_helpers import position, put, turn_context

from games.pax.context import Pause
from games.pax_expanse import pieces, queries
from games.pax_expanse.network import discard_asset


def test_component_limits_take_a_marker_from_play_and_convert_it() -> None:
    state = position(loyalty={"anna": "un"}, networks={"anna": [1]})
    put(state, "supporters", "mars", "anna", 9)
    state.players["anna"].favours = 1
    ctx = turn_context(state, answers={"take-piece-1": "supporter:mars"})
    assert pieces.place_marker(ctx, "anna", "agent", "1")
    assert state.supporters["mars"]["anna"] == 8
    assert state.agents == {"1": {"anna": 1}}
    assert queries.markers_in_supply(state, "anna") == 0


def test_component_limits_exclude_pieces_placed_this_turn() -> None:
    state = position(loyalty={"anna": "un"})
    put(state, "supporters", "mars", "anna", 9)
    ctx = turn_context(state)
    assert pieces.place_marker(ctx, "anna", "supporter", "earth")  # the tenth, from the supply
    assert pieces.marker_sources(state, "anna") == ["supporter:mars"]
    state.supporters["mars"]["anna"] = 0
    del state.supporters["mars"]
    put(state, "supporters", "belt", "anna", 9)
    assert pieces.marker_sources(state, "anna") == ["supporter:belt"]  # not the Earth supporter placed this turn


def test_component_limits_none_to_take_means_no_placement() -> None:
    state = position(loyalty={"anna": "un", "ben": "un"})
    put(state, "fleets", "mars", "un", 12)
    ctx = turn_context(state)
    state.turn.placed = {"fleet:mars:un": 12}  # type: ignore[union-attr]
    assert not pieces.place_token(ctx, "anna", "un", "fleet", "earth")
    assert "earth" not in state.fleets


def test_component_limits_take_a_token_from_play_asks_the_placing_seat() -> None:
    state = position(loyalty={"anna": "un"})
    put(state, "fleets", "mars", "un", 11)
    put(state, "transports", "belt-earth", "un", 1)
    with pytest.raises(Pause) as pause:
        pieces.place_token(turn_context(state), "anna", "un", "fleet", "earth")
    assert pause.value.question.seat == "anna"
    assert pause.value.question.options == ("fleet:mars", "transport:belt-earth")


def test_agents_on_discarded_assets_move_to_an_adjacent_asset_by_their_owners_in_player_order() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"},
                     networks={"anna": [1, 22], "ben": [40], "cleo": [81]}, current="ben")
    put(state, "agents", "22", "anna")
    put(state, "agents", "22", "cleo")
    ctx = turn_context(state, "ben", answers={"agent-moves-1": 81, "agent-moves-2": 1})
    discard_asset(ctx, 22, "test")
    assert state.players["anna"].network == [1]
    assert state.agents == {"81": {"cleo": 1}, "1": {"anna": 1}}
    moves = [e.data["seat"] for e in ctx.events if e.data.get("kind") == "agent-moves"]
    assert moves == ["cleo", "anna"]  # from the current player, ben, around the table


def test_an_agent_placed_this_turn_keeps_its_mark_when_its_asset_is_discarded() -> None:
    """Component Limits exclude pieces placed this turn: anna's agent placed on 22 this turn moves to 1 when 22 leaves
    play, and stays excluded there; her older agent, which moved first, may be taken."""
    state = position(loyalty={"anna": "un"}, networks={"anna": [1, 22, 81]})
    put(state, "agents", "22", "anna")
    put(state, "supporters", "mars", "anna", 8)
    ctx = turn_context(state, answers={"agent-moves-1": 81, "agent-moves-2": 1})
    assert pieces.place_marker(ctx, "anna", "agent", "22")
    discard_asset(ctx, 22, "test")
    assert state.agents == {"81": {"anna": 1}, "1": {"anna": 1}}
    assert pieces.marker_sources(state, "anna") == ["supporter:mars", "agent:81"]


def test_agents_on_discarded_assets_with_nowhere_to_go_return_to_supply() -> None:
    state = position(loyalty={"anna": "un"}, networks={"anna": [22]})
    put(state, "agents", "22", "ben", 2)
    ctx = turn_context(state)
    discard_asset(ctx, 22, "test")
    assert state.agents == {}
    assert state.discard == [22]


def test_removed_fleets_and_transports_are_named_by_their_faction() -> None:
    state = position(loyalty={"anna": "mcr"})
    put(state, "fleets", "mars", "un", 2)
    ctx = turn_context(state)
    pieces.remove_piece(ctx, "fleet", "mars", "un", 2, "destroyed by anna")
    assert ctx.events[-1].text == "2 UN fleets removed from Mars (destroyed by anna)"


def test_a_placed_token_takes_the_article_its_faction_is_spoken_with() -> None:
    state = position(loyalty={"anna": "un"})
    ctx = turn_context(state)
    assert pieces.place_token(ctx, "anna", "un", "fleet", "earth")
    assert ctx.events[-1].text.startswith("anna places a UN fleet on Earth")
