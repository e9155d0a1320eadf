"""Rulebook "Setup" and "Starting Loyalty", through Game.setup, prompts and apply."""

from __future__ import annotations

import pytest

from engine.rng import Rng
from games.pax_expanse import cards
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

THREE = ("anna", "ben", "cleo")
FOUR = ("anna", "ben", "cleo", "dora")


def fresh(seats: tuple[str, ...] = THREE, seed: str = "setup") -> GameState:
    return GAME.setup(seats, {}, Rng(seed))


def test_the_political_climate_starts_at_peace() -> None:
    """"Place the political climate marker on the "Peace" space"."""
    assert GAME.view(fresh(), None)["climate"]["at"] == "peace"


def test_eros_in_the_belt_the_rocinante_in_the_outer_planets_every_region_uncontrolled() -> None:
    """"Place the Eros objective token in the Belt region. Place the Rocinante token in the Outer Planets region.
    Place 1 Dominance token in each region showing the white "uncontrolled" side"."""
    seen = GAME.view(fresh(), None)
    assert seen["objective"] == "belt"
    assert seen["rocinante"]["region"] == "outer_planets" and not seen["rocinante"]["damaged"]
    assert seen["regions"] and all(r["faction_control"] is None and r["player_control"] is None
                                   for r in seen["regions"])


@pytest.mark.parametrize("seats, influence", [(THREE, [2, 3, 4]), (FOUR, [1, 2, 3, 4])])
def test_starting_influence_follows_turn_order(seats: tuple[str, ...], influence: list[int]) -> None:
    """The starting influence table: 3 players 2/3/4, 4 players 1/2/3/4, by turn order from the first player."""
    for seed in ("a", "b", "c"):
        state = fresh(seats, seed)
        assert [state.players[s].influence for s in state.order] == influence


def test_the_first_player_is_chosen_at_random() -> None:
    """"Determine a first player randomly"; turn order then runs around the table from them."""
    firsts = {fresh(seed=str(n)).order[0] for n in range(12)}
    assert firsts == set(THREE)
    state = fresh(seed="x")
    start = THREE.index(state.order[0])
    assert state.order == [THREE[(start + i) % 3] for i in range(3)]


def test_the_market_is_twelve_cards_filled_column_by_column_top_row_first() -> None:
    """"an array of 12 face-up cards ... two rows and six columns ... filling each market column (top row first),
    starting with the leftmost column"; with pile 1 on top, all twelve are assets."""
    from games.pax_expanse.setup import build_deck

    deck, _ = build_deck(Rng("market"))
    state = GAME.setup(THREE, {}, Rng("market"))
    laid = [state.market[r][c] for c in range(6) for r in range(2)]
    assert laid == deck[:12]
    assert all(n in cards.assets() for n in laid)
    assert state.deck == deck[12:]


def test_the_dominance_checks_top_piles_three_to_six_in_ascending_order() -> None:
    """"Dominance Check card 1 is the top card of pile 3, card 2 is at the top of pile 4, and so on", the piles
    stacked lowest-numbered on top; piles of 12/9/9/9/9/12 assets with the events in piles 3-6 (our reading)."""
    deck = fresh().deck  # pile 1 went to the market
    checks = {n: e.dominance.check for n, e in cards.events().items() if e.dominance is not None}
    assert [(i, checks[n]) for i, n in enumerate(deck) if n in checks] == [(9, 1), (22, 2), (35, 3), (48, 4)]
    assert len(deck) == 9 + 13 * 3 + 16
    for start, end in ((0, 9), (9, 22), (22, 35), (35, 48), (48, 64)):
        events = [n for n in deck[start:end] if n in cards.events() and n not in checks]
        assert len(events) == (0 if start == 0 else 3)


def test_the_rocinante_ai_deck_is_shuffled_with_its_top_card_face_up() -> None:
    """"Shuffle the Rocinante AI deck ... then flip the top card ... faceup, leaving it on top of the deck"."""
    decks = {tuple(fresh(seed=str(n)).rocinante.deck) for n in range(3)}
    assert len(decks) == 3 and all(sorted(d) == sorted(cards.rocinante().ai_cards) for d in decks)
    state = fresh()
    public = GAME.view(state, None)["rocinante"]
    assert public["face_up"]["number"] == state.rocinante.deck[0]
    # The rest of the deck shows only as a count: no discard yet, so no other AI card is named.
    assert public["deck_count"] == 24 and public["discard_count"] == 0 and public["last"] is None


def test_each_player_has_ten_control_markers_to_play_and_each_faction_twelve_tokens() -> None:
    """"eleven control markers ... One is used to track victory points" and "Each faction has twelve tokens"."""
    seen = GAME.view(fresh(), None)
    assert len(seen["players"]) == 3 and {p["markers_in_supply"] for p in seen["players"]} == {10}
    assert {f["id"]: f["tokens_in_supply"] for f in seen["factions"]} == {"un": 12, "mcr": 12, "opa": 12}
    assert {p["vp"] for p in seen["players"]} == {0}


def test_starting_loyalty_is_chosen_by_everyone_at_once_and_revealed_together() -> None:
    """"Each player secretly chooses 1 of their loyalty cards ... Once all players have chosen, they reveal ...
    simultaneously ... Play then begins with the player to the left of the Rocinante reference cards"."""
    state = fresh()
    assert sorted(p.seat for p in GAME.prompts(state)) == sorted(THREE)
    assert {p.kind for p in GAME.prompts(state)} == {"loyalty"}
    step = GAME.apply(state, {"anna": {"loyalty": "opa"}, "ben": {"loyalty": "un"}, "cleo": {"loyalty": "opa"}},
                      Rng("x"))
    assert {s: p.loyalty for s, p in step.state.players.items()} == {"anna": "opa", "ben": "un", "cleo": "opa"}
    assert [p.seat for p in GAME.prompts(step.state)] == [state.order[0]]
    assert GAME.prompts(step.state)[0].kind == "turn"


def test_a_starting_loyalty_must_be_one_of_the_three_factions() -> None:
    """Each player's three loyalty cards are the UN, the MCR and the OPA."""
    state = fresh()
    assert GAME.check(state, "anna", {"loyalty": "belters"})
    assert GAME.check(state, "anna", {"loyalty": "mcr"}) == []
