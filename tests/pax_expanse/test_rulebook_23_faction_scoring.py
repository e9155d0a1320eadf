"""Rulebook "Faction Scoring": only players loyal to the dominant faction score, placed by reputation; war stars
break ties, then tied places' points are combined and split as evenly as possible, the remainder lost."""

from __future__ import annotations

from px_rulebook import market, put, table, turn

from games.pax_expanse.state import GameState

BUY_CHECK = {"actions": [{"action": "purchase", "row": 1, "column": 1}]}
FOUR = ("anna", "ben", "cleo", "dora")

# 21: Earth war 2 (two red stars); 20: Earth war 1 (a UN loyalist); 3, 5: UN loyalists (subterfuge).


def un_dominant(seats: tuple[str, ...] = ("anna", "ben", "cleo"), **loyalty: str) -> GameState:
    loyal = {"anna": "un", "ben": "un", "cleo": "un", "dora": "un", **loyalty}
    state = table(seats=seats, loyalty={s: loyal[s] for s in seats})
    market(state, [101, 1], [21])
    put(state, "fleets", "earth", "un", 1)
    return state


def vps(state: GameState) -> dict[str, int]:
    return {s: p.vp for s, p in state.players.items()}


def test_players_placed_by_reputation_score_first_second_and_third() -> None:
    """"The player with the highest reputation collects the 1st place VPs ... second-highest ... the 2nd place VPs,
    and ... third-highest ... the 3rd place VPs"."""
    state = un_dominant()
    state.players["ben"].favours = 2
    state.players["cleo"].favours = 1
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 1, "ben": 5, "cleo": 3}


def test_only_players_loyal_to_the_dominant_faction_score() -> None:
    """"only players who are loyal to the dominant faction ... will score VPs"."""
    state = un_dominant(ben="mcr")
    state.players["ben"].favours = 3
    state.players["anna"].favours = 1
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 5, "ben": 0, "cleo": 3}


def test_reputation_counts_loyalists_rewards_and_favours() -> None:
    """A player's reputation is the sum of loyalists, rewards and favours for that faction: anna's loyalist and
    reward (2) beat ben's one favour."""
    state = un_dominant(seats=("anna", "ben", "cleo"), cleo="opa")
    state.players["anna"].network = [3]
    state.players["anna"].rewards = [17]
    state.players["ben"].favours = 1
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 5, "ben": 3, "cleo": 0}


def test_a_fourth_loyal_player_scores_nothing() -> None:
    """"If there are more than three players loyal to the faction, then any remaining players do not collect any
    VPs"."""
    state = un_dominant(FOUR)
    for seat, favours in (("anna", 3), ("ben", 2), ("cleo", 1)):
        state.players[seat].favours = favours
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 5, "ben": 3, "cleo": 1, "dora": 0}


def test_war_stars_break_a_tie_in_reputation() -> None:
    """"If there is a tie between the reputations of any of the loyal players, then the tie is broken by the number
    of military (red) stars in the player's Network"."""
    state = un_dominant(cleo="opa")
    state.players["ben"].network = [21]
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 3, "ben": 5, "cleo": 0}


def test_still_tied_the_places_points_are_split_evenly() -> None:
    """"If there is still a tie, combine the VPs for the tied position(s) and then split them as evenly as possible
    between the tied players": anna and ben tied first share 5 + 3."""
    state = un_dominant()
    state.players["anna"].favours = 1
    state.players["ben"].favours = 1
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 4, "ben": 4, "cleo": 1}


def test_the_remainder_of_a_split_is_lost() -> None:
    """"(with any remainder being lost)": three tied for second of four share 3 + 1 + 0, one each, and one point is
    lost."""
    state = un_dominant(FOUR)
    state.players["anna"].favours = 2
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 5, "ben": 1, "cleo": 1, "dora": 1}
