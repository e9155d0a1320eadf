"""`check` judges what it can beyond a question the turn stops at (orders.md "When your turn waits for an answer";
rulebook "Sequence of Play": two actions, plus the bonus actions of assets the political climate favours)."""

from __future__ import annotations

from typing import Any

from px_actions import table
from px_helpers import market, put

from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

LUNA_PORT, OBSERVER_ON_CERES, TOOL_GUILD, MARKET_CARD = 12, 40, 45, 59


def agent_position() -> GameState:
    """Anna holds the Inner Planets Observer on Ceres (a Belt agent icon; nobody controls the Belt) and has Luna
    Gravity-Well Port (economics: not favoured at Peace) in her Network, able to extort from Ben; Ben's Belter
    Tool Guild is a second Belt asset, so playing the Observer without `agents:` asks where its agent goes."""
    state = table(networks={"anna": [LUNA_PORT], "ben": [TOOL_GUILD]}, hands={"anna": [OBSERVER_ON_CERES]},
                  influence={"anna": 2, "ben": 2})
    put(state, "supporters", "earth", "ben")
    market(state, [MARKET_CARD])
    return state


def three_actions(agents: list[int] | None) -> dict[str, Any]:
    play: dict[str, Any] = {"action": "play", "card": OBSERVER_ON_CERES, "side": "right"}
    if agents is not None:
        play["agents"] = agents
    return {"actions": [{"action": "purchase", "row": 1, "column": 1}, play,
                        {"action": "extort", "card": LUNA_PORT, "from": ["ben"]}]}


def test_an_action_too_many_is_refused_whether_or_not_the_agent_is_placed_in_advance() -> None:
    state = agent_position()
    (given,) = GAME.check(state, "anna", three_actions([TOOL_GUILD]))
    (asked,) = GAME.check(state, "anna", three_actions(None))
    assert given == asked
    assert asked.path == ("actions", 2, "action") and asked.message.startswith("no actions left")


def test_two_actions_with_the_agent_left_to_ask_are_valid_and_say_what_will_be_asked() -> None:
    state = agent_position()
    order = three_actions(None)
    order["actions"].pop()
    assert GAME.check(state, "anna", order) == []
    assert any(w.startswith("You will be asked:") for w in GAME.warnings(state, "anna", order))


def test_an_entry_only_some_answers_refuse_is_valid_with_a_note_naming_it() -> None:
    """Ben controls the Belt with two supporters: if he asks both, Anna has none left for column 2's card."""
    state = agent_position()
    put(state, "supporters", "belt", "ben", 2)
    market(state, [MARKET_CARD, TOOL_GUILD + 1])
    order = {"actions": [{"action": "play", "card": OBSERVER_ON_CERES, "side": "right", "bribe": 2,
                          "agents": [TOOL_GUILD]},
                         {"action": "purchase", "row": 1, "column": 2}]}
    assert GAME.check(state, "anna", order) == []
    note = GAME.warnings(state, "anna", order)[-1]
    assert note.startswith("Action 2 (purchase) cannot be judged until the questions above are answered")
