"""Rulebook "Key Terms and Concepts": the favoured suit, the Network, rank and privilege, loyalty and reputation."""

from __future__ import annotations

from px_rulebook import kinds, numbers, player, table, turn, view

# 3 and 5: UN loyalists of Earth (subterfuge 1); 17: Earth asset with a UN reward; 13: economics 1 of Earth;
# 25: an OPA loyalist of Mars (political 1; supporter, influence, climate towards Prosperity).


def test_one_suit_is_always_favoured_by_the_climate() -> None:
    """"One suit is always considered favoured by the current political climate"."""
    state = table()
    for climate, suit in (("prosperity", "economics"), ("peace", "political"), ("cold_war", "subterfuge"),
                          ("war", "war")):
        state.climate = climate
        assert view(state)["climate"]["favoured"] == suit


def test_reputation_is_loyalists_plus_rewards_plus_favours() -> None:
    """"your total reputation with a faction is the sum of the number of that faction's loyalists in your
    Network, the number of your rewards for that faction, and the number of your favours"."""
    state = table(networks={"anna": [3, 5, 13]})
    state.players["anna"].rewards = [17]
    state.players["anna"].favours = 2
    assert player(view(state), "anna")["reputation"] == {"un": 5, "mcr": 0, "opa": 0}


def test_the_network_may_grow_past_its_limit_during_the_turn() -> None:
    """"While your Network can grow to any size during your turn, during cleanup you must discard" down to three
    plus the green stars: four plays in one turn are legal, and cleanup asks for the excess."""
    state = table(networks={"anna": [13, 17, 21]}, hands={"anna": [14]})
    step = turn(state, {"actions": [{"action": "play", "card": 14, "side": "right"}],
                        "cleanup": {"network": [13]}})
    assert step.state.players["anna"].network == [17, 21, 14]
    assert "discard-asset" in kinds(step)


def test_changing_loyalty_returns_favours_and_discards_old_loyalists_and_rewards() -> None:
    """"Whenever you change loyalty, first return your favours to your supply and discard any rewards and
    loyalists you had previously accumulated ... Finally, adjust your loyalty cards"."""
    state = table(networks={"anna": [3, 5, 17]}, hands={"anna": [25]})
    state.players["anna"].rewards = [17]
    state.players["anna"].favours = 2
    step = turn(state, {"actions": [{"action": "play", "card": 25, "side": "right"}]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "opa"
    assert anna.favours == 0 and anna.rewards == []
    assert anna.network == [17, 25]
    assert player(view(step.state), "anna")["markers_in_supply"] == 10 - 1  # the new supporter only


def test_economic_stars_keep_loyalists_and_rewards_when_changing_loyalty() -> None:
    """"economic stars on cards in your Network can help you retain loyalists and rewards": one economic star
    keeps one, of the player's choice."""
    state = table(networks={"anna": [3, 5, 13]}, hands={"anna": [25]})
    state.players["anna"].rewards = [17]
    step = turn(state, {"actions": [{"action": "play", "card": 25, "side": "right"}],
                        "answers": {"actions.0.keep-1": ["loyalist:5"]}})
    anna = step.state.players["anna"]
    assert anna.network == [5, 13, 25] and anna.rewards == []


def test_gaining_reputation_with_your_own_faction_does_not_change_loyalty() -> None:
    """"To change your loyalty, you must gain a reputation point associated with a different faction"."""
    state = table(networks={"anna": [3]}, hands={"anna": [5]})
    state.players["anna"].favours = 1
    step = turn(state, {"actions": [{"action": "play", "card": 5, "side": "left", "agents": [5]}]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "un" and anna.favours == 1 and anna.network == [5, 3]


def test_your_hand_is_yours_alone_until_you_play_a_card() -> None:
    """"Each player is associated with a hand of cards", and Play: "first reveal that card to everyone": the other
    seats see how many cards anna holds, never which, until one is played."""
    state = table(hands={"anna": [13, 14]})
    assert numbers(player(view(state, "anna"), "anna")["hand"]) == [13, 14]
    assert player(view(state, "ben"), "anna")["hand"] is None
    assert player(view(state, "ben"), "anna")["hand_count"] == 2
    step = turn(state, {"actions": [{"action": "play", "card": 14, "side": "right"}]})
    assert numbers(player(view(step.state, "ben"), "anna")["network"]) == [14]
    assert player(view(step.state, "ben"), "anna")["hand"] is None


def test_a_loyalty_change_discards_only_the_old_loyaltys_loyalists_as_orders_md_reads_it() -> None:
    """Our reading (orders.md, "A loyalty change discards the old loyalty's loyalists and rewards"): anna, MCR, with
    the MCR loyalist 68 and the UN loyalist 3 kept at an earlier change, plays the OPA loyalist 25: 68 goes, 3
    stays (the rulebook's "matching your current loyalty", not every loyalist "previously accumulated")."""
    state = table(loyalty={"anna": "mcr", "ben": "un", "cleo": "opa"}, networks={"anna": [3, 68]},
                  hands={"anna": [25]})
    step = turn(state, {"actions": [{"action": "play", "card": 25, "side": "right"}]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "opa" and anna.network == [3, 25] and 68 in step.state.discard
