"""Rulebook "Exhausting an Asset": an asset used for an action is exhausted; an exhausted asset cannot act; assets
are refreshed at the end of a player's turn (their owner's: see the first test)."""

from __future__ import annotations

from px_rulebook import GAME, kinds, problems, put, table, turn

# 10: Earth political 1 (Rally); 16: Earth war 2 (Combat, Favour); 13: Earth economics 1 (Extort, Favour).


def test_an_exhausted_asset_cannot_act_until_its_owner_refreshes_it() -> None:
    """"An exhausted asset may not be exhausted again (and therefore cannot be used for actions)". Our reading of
    "All assets are refreshed ... at the end of a player's turn": a player's own assets, at the end of their turn,
    since refreshing every Network would make destabilisation do nothing. So ben's asset, exhausted by anna's
    destabilisation (here at War), cannot act in ben's next turn, and is upright after it."""
    state = table(influence={"anna": 10, "ben": 5, "cleo": 5}, networks={"anna": [16], "ben": [13]})
    state.climate = "war"
    put(state, "fleets", "earth", "un", 1)
    put(state, "supporters", "earth", "ben", 1)
    put(state, "supporters", "earth", "cleo", 1)
    step = turn(state, {"actions": [{"action": "combat", "card": 16, "site": "earth", "remove": ["supporter:ben"],
                                     "exhaust": [13]}]})
    assert "exhaust" in kinds(step) and step.state.players["ben"].exhausted == [13]
    found = problems(step.state, {"actions": [{"action": "extort", "card": 13, "from": ["cleo"]}]})
    assert found and found[0].path == ("actions", 0, "card") and "exhausted" in found[0].message
    step = turn(step.state, {"actions": []})
    assert step.state.players["ben"].exhausted == []


def test_an_asset_used_is_exhausted_for_the_rest_of_the_turn() -> None:
    """"When using an asset for its action, exhaust the card": a second action with it is refused at its path."""
    state = table(influence={"anna": 10}, networks={"anna": [10]})
    found = problems(state, {"actions": [{"action": "rally", "card": 10, "units": ["earth"]},
                                         {"action": "rally", "card": 10, "units": ["earth"]}]})
    assert found and found[0].path[:2] == ("actions", 1)


def test_your_assets_are_refreshed_at_the_end_of_your_turn() -> None:
    """"All assets are refreshed (turned upright) at the end of a player's turn"."""
    state = table(influence={"anna": 10}, networks={"anna": [10]})
    step = turn(state, {"actions": [{"action": "rally", "card": 10, "units": ["earth"]}]})
    assert all(p.exhausted == [] for p in step.state.players.values())
    assert GAME.prompts(step.state)[0].seat == "ben"
