"""Rulebook "Cleanup": the Network and hand limits, events in the leftmost column, and the refill of the market."""

from __future__ import annotations

from px_rulebook import data, kinds, market, problems, table, turn

# 13, 14, 17, 21: Earth assets without green stars; 7: Earth political 2; 8: Earth political 1;
# 4: Earth subterfuge 2; 105: discarded, climate to War; 116: discarded, climate to Peace.


def test_the_network_limit_is_three_plus_green_stars() -> None:
    """"if you have more cards in your Network than three plus the sum of the green (Diplomacy) stars ... discard
    cards in your Network until you are within your limit"."""
    state = table(networks={"anna": [13, 14, 17, 21]})
    found = problems(state, {"actions": [], "cleanup": {"network": [13, 14]}})
    assert found and found[0].path == ("cleanup", "network")
    step = turn(state, {"actions": [], "cleanup": {"network": [14]}})
    assert step.state.players["anna"].network == [13, 17, 21]
    state.players["anna"].network = [13, 14, 17, 21, 7]
    step = turn(state, {"actions": []})
    assert len(step.state.players["anna"].network) == 5


def test_discarding_a_political_asset_lowers_the_limit_again() -> None:
    """The limit counts the green stars of the cards still in the Network: five cards against a limit of four;
    discarding 8 (its one green star) leaves four against a limit of three, so one more goes."""
    state = table(networks={"anna": [8, 13, 14, 17, 21]})
    step = turn(state, {"actions": [], "cleanup": {"network": [8]},
                        "answers": {"cleanup.network-1": [13]}})
    assert step.state.players["anna"].network == [14, 17, 21]


def test_the_hand_limit_is_two_plus_yellow_stars() -> None:
    """"if you have more cards in your hand than two plus the sum of the yellow (Subterfuge) stars on cards in your
    Network, discard cards in your hand until you are within your limit"."""
    state = table(hands={"anna": [13, 14, 17, 21, 22]}, networks={"anna": [4]})
    step = turn(state, {"actions": [], "cleanup": {"hand": [22]}})
    assert step.state.players["anna"].hand == [13, 14, 17, 21]
    state.players["anna"].network = []
    found = problems(state, {"actions": [], "cleanup": {"hand": [22]}})
    assert found and found[0].path == ("cleanup", "hand")


def test_events_in_the_leftmost_column_are_discarded_and_resolved_top_row_first() -> None:
    """"discard any event cards that are in the leftmost column ... The top row is always discarded first, followed
    by the bottom row. When an event card is discarded, resolve the text at the bottom of the card": War then Peace
    leaves Peace."""
    state = table()
    state.climate = "cold_war"
    market(state, [105, 1], [116, 2])
    step = turn(state, {"actions": []})
    assert step.state.climate == "peace"
    assert [d["climate"] for d in data(step, "climate")] == ["war", "peace"]


def test_influence_on_a_discarded_event_stays_for_the_card_moving_in() -> None:
    """"Any influence tokens on the discarded event will remain in their position" and "If a card moves into a space
    with influence tokens from a previously-discarded event card, those tokens are placed on the new card"."""
    state = table()
    market(state, [113, 1, 2, 3, 4, 5], [21, 22, 23, 24, 25, 26])
    state.market_influence[0][0] = 2
    state.market_influence[0][1] = 1
    state.deck = [31]
    step = turn(state, {"actions": []})
    assert step.state.market[0] == [1, 2, 3, 4, 5, 31]
    assert step.state.market_influence[0] == [3, 0, 0, 0, 0, 0]


def test_cards_slide_left_with_their_influence_and_new_cards_fill_the_right() -> None:
    """"moving all the cards in that market row (along with their influence tokens) to their leftmost position and
    then draw new cards to fill in any rightmost empty spaces"."""
    state = table(influence={"anna": 5})
    market(state, [1, 2, 3, 4, 5, 6], [21, 22, 23, 24, 25, 26])
    state.market_influence[0][3] = 2
    state.deck = [31, 32, 33]
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 3}]})
    assert step.state.market[0] == [1, 2, 4, 5, 6, 31]
    assert step.state.market_influence[0] == [1, 1, 2, 0, 0, 0]
    assert step.state.deck == [32, 33]


def test_an_event_sliding_into_the_leftmost_column_waits_for_the_next_cleanup() -> None:
    """Only the events in the leftmost column when cleanup's third step begins are discarded."""
    state = table(influence={"anna": 5})
    market(state, [1, 113, 2], [21, 22])
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert step.state.market[0][0] == 113
    assert "event" not in kinds(step) and step.state.players["anna"].influence == 5


def test_a_dominance_check_in_the_leftmost_column_is_triggered() -> None:
    """"Dominance Checks are resolved whenever one of the Dominance Check event cards is purchased by a player or
    triggered during cleanup"."""
    state = table()
    market(state, [101, 1], [21])
    step = turn(state, {"actions": []})
    assert step.state.checks == [1]


def test_the_hand_limit_counts_the_yellow_stars_left_after_the_network_discards() -> None:
    """Cleanup: first the Network is cut to its limit, second the hand to two plus the yellow stars "on cards in
    your Network": discarding the subterfuge-2 asset in the first step leaves a hand limit of 2, not 4."""
    state = table(networks={"anna": [4, 13, 14, 17]}, hands={"anna": [21, 22, 23, 24]})
    step = turn(state, {"actions": [], "cleanup": {"network": [4], "hand": [21, 22]}})
    assert step.state.players["anna"].network == [13, 14, 17]
    assert step.state.players["anna"].hand == [23, 24]
