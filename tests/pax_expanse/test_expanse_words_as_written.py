"""Words in orders are read as players write them: any case, a region by its name, a border's regions in either
order; the answer to the order shows how each was read."""

from __future__ import annotations

from px_helpers import market, position, put

from engine.rng import Rng
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState


def peace_table() -> GameState:
    """Example 06's position: Anna loyal to the UN with the Earth Commodity Exchange (13), the General Assembly
    Bloc (10) and the UN Home Fleet (15); Ben has a supporter on Earth, the UN two fleets there."""
    state = position(seats=("anna", "ben", "cleo"), loyalty={"anna": "un", "ben": "un", "cleo": "opa"})
    market(state, [45, 46, 47, 48, 49, 50], [51, 52, 53, 54, 55, 56])
    state.players["anna"].influence = 4
    state.players["ben"].influence = 3
    state.players["anna"].network = [10, 13, 15]
    put(state, "supporters", "earth", "ben", 1)
    put(state, "fleets", "earth", "un", 2)
    return state


def test_actions_seats_regions_and_borders_as_players_write_them_are_accepted() -> None:
    state = peace_table()
    order = {"actions": [{"action": "Extort", "card": 13, "from": ["Ben"]},
                         {"action": "RALLY", "card": 10, "units": ["Earth", "earth-belt"]},
                         {"action": "mobilise", "card": 15, "moves": [{"fleet": "EARTH", "to": "Mars"},
                                                                      {"fleet": "earth", "to": "the Belt"}]}]}
    assert GAME.check(state, "anna", order) == []
    said = GAME.warnings(state, "anna", order)
    assert said[:8] == ["`Extort` is read as `extort`.", "`Ben` is read as `ben`.", "`RALLY` is read as `rally`.",
                        "`Earth` is read as `earth`.", "`earth-belt` is read as `belt-earth`.",
                        "`EARTH` is read as `earth`.", "`Mars` is read as `mars`.", "`the Belt` is read as `belt`."]
    after = GAME.apply(state, {"anna": order}, Rng("words")).state
    assert after.transports == {"belt-earth": {"un": 1}}
    assert after.fleets == {"earth": {"un": 1}, "mars": {"un": 1}, "belt": {"un": 1}}


def test_a_starting_loyalty_by_the_factions_name_or_its_letters() -> None:
    state = GAME.setup(["anna", "ben", "cleo"], {}, Rng("loyalty"))
    for written in ("UN", "United Nations", "un"):
        assert GAME.check(state, "anna", {"loyalty": written}) == [], written
    assert GAME.warnings(state, "anna", {"loyalty": "United Nations"}) == ["`United Nations` is read as `un`."]


def test_a_yes_or_no_question_is_answered_yes() -> None:
    state = position(seats=("anna", "ben", "cleo"), loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"})
    market(state, [45, 46, 47, 48, 49, 50], [51, 52, 53, 54, 55, 56])
    state.players["anna"].influence = 4
    state.players["anna"].network = [1]
    state.players["ben"].network = [9]  # the Hardline Security Minister, with the OPA's reward
    put(state, "agents", "9", "anna", 1)
    order = {"actions": [{"action": "eliminate", "card": 1, "target": 9}]}
    assert GAME.check(state, "anna", order) == []
    asked = GAME.apply(state, {"anna": order}, Rng("words")).state
    (prompt,) = GAME.prompts(asked)
    assert prompt.seat == "anna" and "reward" in prompt.text
    assert GAME.check(asked, "anna", {"answer": "Yes"}) == []
    assert GAME.warnings(asked, "anna", {"answer": "Yes"})[0] == "`Yes` is read as `true`."
    after = GAME.apply(asked, {"anna": {"answer": "Yes"}}, Rng("words")).state
    assert after.players["anna"].rewards == [9]
