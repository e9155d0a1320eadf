"""Rulebook "Game End and Victory": the game ends after the final Dominance Check; most victory points wins, then
most red stars among the tied, then most influence; still tied, the tied players share the win."""

from __future__ import annotations

from px_rulebook import GAME, market, put, table, turn

from games.pax_expanse.state import GameState

# 104: Dominance Check 4, the final one. Here the MCR controls Mars and so is dominant, and nobody is loyal to it,
# so nobody scores. 21: Earth war 2 (two red stars); 14: Earth war 1 (one red star).


def final(vp: dict[str, int], influence: dict[str, int] | None = None) -> GameState:
    state = table(loyalty={"anna": "un", "ben": "un", "cleo": "un"}, influence=influence or {})
    put(state, "fleets", "mars", "mcr", 1)
    market(state, [104, 1], [2])
    for seat, points in vp.items():
        state.players[seat].vp = points
    return state


BUY_FINAL = {"actions": [{"action": "purchase", "row": 1, "column": 1}]}


def test_the_game_ends_after_the_final_dominance_check() -> None:
    """"A game of Pax Expanse ends after the final Dominance Check is resolved, and the player with the most
    victory points wins"."""
    step = turn(final({"anna": 3, "ben": 7, "cleo": 5}), BUY_FINAL)
    assert step.state.phase == "over" and GAME.prompts(step.state) == []
    result = GAME.result(step.state)
    assert result is not None and result.winners == ("ben",)


def test_an_earlier_check_does_not_end_the_game() -> None:
    """Checks 1-3 are not final."""
    state = final({"anna": 3})
    state.market[0][0] = 103
    step = turn(state, BUY_FINAL)
    assert step.state.phase == "turns" and GAME.result(step.state) is None


def test_a_tie_on_points_goes_to_the_most_red_stars_among_the_tied() -> None:
    """"the player with the most red stars in their Network among the tied players wins"."""
    state = final({"anna": 6, "ben": 6, "cleo": 2})
    state.players["ben"].network = [21]
    state.players["cleo"].network = [21, 14]
    step = turn(state, BUY_FINAL)
    assert step.state.winners == ["ben"]


def test_then_the_most_influence_among_the_tied() -> None:
    """"If there is still a tie, the player with the most influence among the tied players wins"."""
    step = turn(final({"anna": 6, "ben": 6, "cleo": 2}, {"anna": 1, "ben": 4, "cleo": 9}), BUY_FINAL)
    assert step.state.winners == ["ben"]


def test_still_tied_the_tied_players_share_the_win() -> None:
    """"If there is still a tie, whoever can make the best pot of coffee wins": the engine cannot judge coffee, so
    every player still tied is a winner."""
    step = turn(final({"anna": 6, "ben": 6, "cleo": 2}, {"anna": 3, "ben": 3}), BUY_FINAL)
    assert step.state.winners == ["anna", "ben"]
