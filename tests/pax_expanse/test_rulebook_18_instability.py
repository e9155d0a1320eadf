"""Rulebook "Instability": a Dominance Check revealed while another lies in the market scores the lower one, places
the objective as the higher one says, discards both, and the refill goes on; with the final check, the game ends."""

from __future__ import annotations

from px_rulebook import GAME, data, kinds, market, put, table, turn

from games.pax_expanse.state import GameState

# 101-104: Dominance Checks 1-4 (objective to Tycho, Mars, Jupiter, Earth; objective points 2, 2, 3, 4).


def unstable(low: int, high: int) -> GameState:
    """The market holds check `low`; anna buys the free card of the top row, and the refill draws check `high`."""
    state = table()
    market(state, [1, 2, low, 3, 4, 5], [21, 22, 23, 24, 25, 26])
    state.deck = [high, 31, 32]
    put(state, "fleets", "belt", "un", 1)  # the UN dominates
    put(state, "supporters", "belt", "anna", 1)  # anna controls the Belt, where the objective lies
    return state


BUY = {"actions": [{"action": "purchase", "row": 1, "column": 1}]}


def test_the_lower_check_scores_and_the_higher_places_the_objective() -> None:
    """"immediately perform a Dominance Check using the lower-numbered card, place the objective token as
    instructed by the higher-numbered card, and then discard both Dominance Check cards"."""
    step = turn(unstable(101, 102), BUY)
    assert "instability" in kinds(step)
    assert step.state.checks == [1]
    assert step.state.players["anna"].vp == 5 + 2  # check 1: first place, and its objective points
    assert step.state.objective == "mars"
    assert 101 in step.state.discard and 102 in step.state.discard
    assert [d["check"] for d in data(step, "dominance-check")] == [1]


def test_the_market_is_refilled_after_instability() -> None:
    """"and fill the empty spaces in the market as described above"."""
    step = turn(unstable(101, 102), BUY)
    assert step.state.market[0] == [2, 3, 4, 5, 31, 32]
    assert step.state.deck == []


def test_instability_with_the_final_check_ends_the_game() -> None:
    """"If the final Dominance Check card was discarded in this way, the Dominance Check will count as the final
    check and the game ends"; it scores as check 3."""
    step = turn(unstable(103, 104), BUY)
    assert step.state.phase == "over" and GAME.prompts(step.state) == []
    assert step.state.checks == [3]
    assert step.state.players["anna"].vp == 5 + 3
    assert GAME.result(step.state) is not None


def test_a_single_check_revealed_simply_enters_the_market() -> None:
    """No other Dominance Check in the market: no instability."""
    state = unstable(6, 102)
    step = turn(state, BUY)
    assert "instability" not in kinds(step) and 102 in step.state.market[0]
