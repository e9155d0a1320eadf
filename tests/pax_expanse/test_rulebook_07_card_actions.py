"""Rulebook "Core Actions", "Card-Based Actions" and "Bonus Actions": actions from assets in the Network, one
action per asset a turn, and the favoured suit's actions outside the two-action limit."""

from __future__ import annotations

from px_rulebook import market, problems, put, table, turn

from games.pax_expanse.state import GameState

# 13: Earth economics 1 (Extort, Favour); 10: Earth political 1 (Rally); 12: Earth economics 2 (Extort, Mobilise);
# 27: Mars political 1 (Rally, Extort).


def rich_table(networks: dict[str, list[int]], hands: dict[str, list[int]] | None = None) -> GameState:
    state = table(influence={"anna": 20, "ben": 5}, networks=networks, hands=hands)
    put(state, "supporters", "earth", "ben", 1)
    put(state, "supporters", "mars", "ben", 1)
    market(state, [1, 2, 3, 4, 5, 6], [21, 22, 23, 24, 25, 26])
    return state


def rally(card: int) -> dict[str, object]:
    return {"action": "rally", "card": card, "units": ["earth"]}


def test_an_action_needs_an_asset_in_your_network_that_displays_it() -> None:
    """"can only be taken if you have a card in your Network which displays that action"."""
    state = rich_table(networks={"anna": [13]}, hands={"anna": [10]})
    found = problems(state, {"actions": [rally(13)]})
    assert found and found[0].path == ("actions", 0, "action") and "no rally action" in found[0].message
    found = problems(state, {"actions": [rally(10)]})
    assert found and found[0].path == ("actions", 0, "card") and "not in your network" in found[0].message.lower()


def test_each_asset_takes_only_one_action_a_turn() -> None:
    """"Each card can only be used for one action each turn, regardless of the number of action icons"."""
    state = rich_table(networks={"anna": [13]})
    found = problems(state, {"actions": [{"action": "extort", "card": 13, "from": ["ben"]},
                                         {"action": "favour", "card": 13, "effect": "favour"}]})
    assert found and found[0].path == ("actions", 1, "card") and "already acted" in found[0].message


def test_favoured_assets_are_bonus_actions() -> None:
    """"Actions on cards matching the current political climate do not count against your turn's two-action limit":
    at Peace (political), a political Rally plus two other actions."""
    state = rich_table(networks={"anna": [10, 12, 13]})
    body = {"actions": [rally(10), {"action": "extort", "card": 12, "from": ["ben", "ben"]},
                        {"action": "favour", "card": 13, "effect": "favour"}]}
    assert problems(state, body) == []
    step = turn(state, body)
    assert step.state.players["anna"].favours == 1


def test_a_favoured_asset_still_acts_only_once() -> None:
    """"Remember: each of these cards can still only be used for a single action per turn"."""
    state = rich_table(networks={"anna": [27]})
    found = problems(state, {"actions": [{"action": "rally", "card": 27, "units": ["mars"]},
                                         {"action": "extort", "card": 27, "from": ["ben"]}]})
    assert found and found[0].path[:2] == ("actions", 1)


def test_purchase_and_play_always_count_against_the_limit() -> None:
    """The core actions are not card-based, so no climate makes them free: two of them end the turn's actions."""
    state = rich_table(networks={"anna": [10]})
    found = problems(state, {"actions": [{"action": "purchase", "row": 1, "column": 1},
                                         {"action": "purchase", "row": 2, "column": 1}, rally(10),
                                         {"action": "purchase", "row": 1, "column": 2}]})
    assert found and found[0].path[:2] == ("actions", 3)
