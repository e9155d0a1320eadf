"""Pax Expanse's view: everything public, each seat's own hand, and nothing another seat keeps hidden."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.draw import layout
from engine.rng import Rng
from games.pax_expanse import board as expanse_map
from games.pax_expanse import cards
from games.pax_expanse.setup import new_game
from games.pax_expanse.state import GameState
from games.pax_expanse.view import ai_card_data, card_data, view

SEATS = ["chris", "robin", "mel", "dana"]


def fresh(players: int = 4) -> GameState:
    """A game just set up, before the starting loyalties."""
    return new_game(SEATS[:players], Rng.for_step("expanse-view", 0))


def dealt() -> GameState:
    """A game under way: loyalties chosen, a few cards in every hand and Network."""
    state = fresh()
    for seat, faction in zip(SEATS, ("mcr", "un", "opa", "un"), strict=True):
        state.players[seat].loyalty = faction
    assets = [n for n in state.deck if n <= 100]
    for i, seat in enumerate(SEATS):
        state.players[seat].hand = assets[3 * i:3 * i + 2]
        state.players[seat].network = [assets[3 * i + 2]]
        state.deck.remove(assets[3 * i + 2])
        for n in state.players[seat].hand:
            state.deck.remove(n)
    state.phase = "turns"
    return state


def as_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def test_a_seat_sees_its_own_hand_and_only_how_many_cards_the_others_hold() -> None:
    state = dealt()
    seen = {p["seat"]: p for p in view(state, "chris")["players"]}
    assert [c["number"] for c in seen["chris"]["hand"]] == state.players["chris"].hand
    for other in SEATS[1:]:
        assert seen[other]["hand"] is None
        assert seen[other]["hand_count"] == len(state.players[other].hand)


def test_the_public_sees_no_hand() -> None:
    assert all(p["hand"] is None for p in view(dealt(), None)["players"])


def _secrets_changed(state: GameState, viewer: str | None) -> GameState:
    """The same position with every secret `viewer` may not see changed: other hands, the deck's order (the
    Dominance Checks stay where setup put them), the assets left out, the AI deck below its face-up card, other
    seats' standing orders."""
    other = state.clone()
    checks = {n for n, e in cards.events().items() if e.dominance is not None}
    movable = [i for i, n in enumerate(other.deck) if n not in checks]
    for seat in SEATS:
        hand = other.players[seat].hand
        if seat != viewer and hand:
            position = movable.pop()
            hand[0], other.deck[position] = other.deck[position], hand[0]
    for a, b in zip(movable[::2], movable[1::2], strict=False):
        other.deck[a], other.deck[b] = other.deck[b], other.deck[a]
    other.unused.reverse()
    other.rocinante.deck[1:] = reversed(other.rocinante.deck[1:])
    for seat in SEATS:
        if seat != viewer:
            other.standing[seat] = {"bribe": 3}
    return other


@pytest.mark.parametrize("viewer", [*SEATS, None])
def test_view_does_not_change_when_only_what_the_reader_may_not_see_changes(viewer: str | None) -> None:
    """Hidden information reaches a seat only through view(): its view is the same after every secret of the
    other seats, the draw deck and the AI deck has changed."""
    state = dealt()
    other = _secrets_changed(state, viewer)
    assert other.deck != state.deck and other.rocinante.deck != state.rocinante.deck
    assert as_json(view(state, viewer)) == as_json(view(other, viewer))


def test_secrets_of_the_reader_do_change_its_view() -> None:
    """The check above can fail: a seat's own hand does show."""
    state = dealt()
    assert as_json(view(state, "robin")) != as_json(view(_secrets_changed(state, "chris"), "robin"))


def test_setup_shows_climate_peace_objective_in_the_belt_rocinante_in_the_outer_planets() -> None:
    """Setup: climate at Peace, the objective in the Belt, the Rocinante in the Outer Planets, every region
    uncontrolled, the top AI card face up; loyalties are not known until all have chosen."""
    state = fresh(3)
    seen = view(state, None)
    assert seen["climate"]["at"] == "peace" and seen["climate"]["favoured"] == "political"
    assert seen["objective"] == "belt"
    assert seen["rocinante"]["region"] == "outer_planets" and not seen["rocinante"]["damaged"]
    assert seen["rocinante"]["face_up"] == ai_card_data(state.rocinante.deck[0])
    assert seen["rocinante"]["deck_count"] == 24
    assert all(r["faction_control"] is None and r["player_control"] is None for r in seen["regions"])
    assert [p["loyalty"] for p in seen["players"]] == [None] * 3
    assert [p["influence"] for p in seen["players"]] == [2, 3, 4]  # in turn order


def test_only_the_face_up_ai_card_is_shown() -> None:
    """Setup: the AI deck is shuffled and its top card flipped face up; the cards below stay unknown."""
    state = fresh()
    seen = view(state, None)["rocinante"]
    assert seen["face_up"]["number"] == state.rocinante.deck[0]
    assert set(seen) == {"region", "region_name", "damaged", "face_up", "deck_count", "discard_count", "last", "turns"}
    assert seen["deck_count"] == len(state.rocinante.deck) and seen["last"] is None


def test_dominance_checks_in_the_deck_are_counted_from_the_top() -> None:
    """Build the Draw Deck: each Dominance Check tops its pile, so how many cards lie above it is public."""
    state = fresh()
    checks = view(state, None)["deck"]["checks"]
    assert [c["check"] for c in checks] == [1, 2, 3, 4]
    for entry in checks:
        number = next(n for n, e in cards.events().items() if e.dominance and e.dominance.check == entry["check"])
        assert state.deck[entry["above"]] == number


def test_controlling_a_region_the_belt_example() -> None:
    """Controlling a Region, the rulebook's example: Chris (MCR) controls the Belt as a player, the OPA as a
    faction; the map shows both."""
    state = dealt()
    state.supporters["belt"] = {"chris": 2, "robin": 2, "mel": 1}
    state.fleets["belt"] = {"mcr": 2, "un": 1, "opa": 1}
    state.transports["belt-earth"] = {"opa": 1}
    state.transports["belt-tycho"] = {"opa": 1}
    seen = view(state, None)
    belt = next(r for r in seen["regions"] if r["id"] == "belt")
    assert (belt["player_control"], belt["faction_control"]) == ("chris", "opa")
    drawing = expanse_map.draw(seen)
    assert layout.problems(drawing) == []
    texts = {m.id: m.text for m in drawing.marks if m.shape == "text"}
    assert texts["faction:belt"] == "OPA control" and texts["player:belt"] == "controlled by chris"


def test_network_shows_agents_exhaustion_and_intimidation() -> None:
    """Intimidation: one enemy with more agents on an asset than each other player intimidates it."""
    state = dealt()
    number = state.players["chris"].network[0]
    state.agents[str(number)] = {"robin": 2, "mel": 1}
    state.players["chris"].exhausted = [number]
    entry = next(p for p in view(state, None)["players"] if p["seat"] == "chris")["network"][0]
    assert entry["agents"] == {"robin": 2, "mel": 1}
    assert entry["exhausted"] is True
    assert entry["intimidated_by"] == "robin"


def test_loyalty_card_favours_and_the_next_favours_cost() -> None:
    """Favour: the first favour costs 2, the second 4, the third 6; no more than three."""
    state = dealt()
    chris = state.players["chris"]
    for favours, cost in ((0, 2), (1, 4), (2, 6), (3, None)):
        chris.favours = favours
        seen = next(p for p in view(state, None)["players"] if p["seat"] == "chris")
        assert seen["favour_costs"] == [2, 4, 6]
        assert seen["next_favour_cost"] == cost


def test_card_data_speaks_pax_expanse() -> None:
    asset = card_data(1)
    assert asset["kind"] == "asset" and asset["region"] == "earth" and asset["region_name"] == "Earth"
    check = card_data(101)
    assert check["kind"] == "event" and check["dominance_check"]["check"] == 1
    crew = next(n for n, a in cards.assets().items() if a.crew)
    assert card_data(crew)["region_name"] == "the Rocinante's region"


def test_every_map_of_a_view_is_clean() -> None:
    """The map drawn from a real view (not a hand-made dict) has no overlaps, at setup and under way."""
    for state in (fresh(3), fresh(), dealt()):
        for viewer in (None, state.seats[0]):
            assert layout.problems(expanse_map.draw(view(state, viewer))) == []


def test_starting_loyalty_stays_secret_until_all_have_chosen() -> None:
    """Starting Loyalty: each player chooses in secret; the choices are revealed together once all are in."""
    state = fresh()
    state.players["chris"].loyalty = "mcr"
    chose_other = state.clone()
    chose_other.players["chris"].loyalty = "opa"
    for viewer in ("robin", None):
        seen = next(p for p in view(state, viewer)["players"] if p["seat"] == "chris")
        assert seen["loyalty"] is None and seen["favour_costs"] == []
        assert as_json(view(state, viewer)) == as_json(view(chose_other, viewer))
    own = next(p for p in view(state, "chris")["players"] if p["seat"] == "chris")
    assert own["loyalty"] == "mcr"
    state.phase = "turns"  # revealed: everyone sees every loyalty
    assert next(p for p in view(state, "robin")["players"] if p["seat"] == "chris")["loyalty"] == "mcr"


def test_standing_orders_show_only_to_their_seat() -> None:
    state = dealt()
    state.standing["chris"] = {"bribe": "waive"}
    assert view(state, "chris")["standing"] == {"bribe": "waive"}
    assert view(state, "robin")["standing"] == {} and view(state, None)["standing"] == {}



def _lift(state: GameState, number: int) -> None:
    """Take card `number` out of wherever setup dealt it (a hand, a Network, the deck or the market)."""
    for player in state.players.values():
        for pile in (player.hand, player.network):
            if number in pile:
                pile.remove(number)
    if number in state.deck:
        state.deck.remove(number)
    state.market = [[None if n == number else n for n in row] for row in state.market]


def test_market_tells_the_holder_of_martian_patronage_its_free_purchases() -> None:
    """Martian Patronage: assets with an MCR loyalist bar are free to its holder; the market says so to that seat
    alone, and every other reader sees the column's cost."""
    state = dealt()
    patron = next(n for n, a in cards.assets().items() if a.ability == "martian_patronage")
    loyalist = next(n for n, a in cards.assets().items() if a.loyalist == "mcr" and n != patron)
    _lift(state, patron)
    _lift(state, loyalist)
    state.players["chris"].network.append(patron)
    state.market[0][4] = loyalist
    slot = view(state, "chris")["market"][0][4]
    assert slot["cost"] == 4 and slot["your_cost"] == 0
    assert view(state, "robin")["market"][0][4]["your_cost"] == 4
    assert "your_cost" not in view(state, None)["market"][0][4]
