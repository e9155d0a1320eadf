"""Rulebook "Exhausting an Asset": an asset used for an action is exhausted; an exhausted asset cannot act; every
asset is refreshed at the end of a player's turn."""

from __future__ import annotations

from px_rulebook import GAME, kinds, problems, put, table, turn

# 10: Earth political 1 (Rally); 16: Earth war 2 (Combat, Favour); 13: Earth economics 1 (Extort, Favour).


def test_a_destabilised_asset_is_upright_again_when_the_turn_ends() -> None:
    """"All assets are refreshed (turned upright) at the end of a player's turn" holds for every Network: an asset
    of ben's exhausted by destabilisation during anna's turn is upright when ben's turn comes."""
    state = table(influence={"anna": 10}, networks={"anna": [16], "ben": [13]}, current="anna")
    state.climate = "war"
    put(state, "fleets", "earth", "un", 1)
    put(state, "supporters", "earth", "ben", 1)
    step = turn(state, {"actions": [{"action": "combat", "card": 16, "site": "earth", "remove": ["supporter:ben"],
                                     "exhaust": [13]}]})
    assert "exhaust" in kinds(step)
    assert 13 not in step.state.players["ben"].exhausted


def test_an_asset_used_is_exhausted_for_the_rest_of_the_turn() -> None:
    """"When using an asset for its action, exhaust the card": a second action with it is refused at its path."""
    state = table(influence={"anna": 10}, networks={"anna": [10]})
    found = problems(state, {"actions": [{"action": "rally", "card": 10, "units": ["earth"]},
                                         {"action": "rally", "card": 10, "units": ["earth"]}]})
    assert found and found[0].path[:2] == ("actions", 1)


def test_every_asset_is_refreshed_at_the_end_of_a_players_turn() -> None:
    """"All assets are refreshed (turned upright) at the end of a player's turn"."""
    state = table(influence={"anna": 10}, networks={"anna": [10]})
    step = turn(state, {"actions": [{"action": "rally", "card": 10, "units": ["earth"]}]})
    assert all(p.exhausted == [] for p in step.state.players.values())
    assert GAME.prompts(step.state)[0].seat == "ben"
