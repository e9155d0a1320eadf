"""Every example order file of games/pax_expanse/examples is a legal order in a real position, and does there what
its comment says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from px_helpers import market, position, put
from ruamel.yaml import YAML

import games.pax_expanse as package
from engine.rng import Rng
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

FOLDER = Path(package.__file__).parent / "examples"
HEADER = ("game", "seat", "step")


def example(name: str) -> tuple[str, dict[str, Any]]:
    """The seat and the body of example file `name`."""
    document = YAML(typ="safe").load((FOLDER / name).read_text())
    assert set(HEADER) <= set(document), name
    return document["seat"], {k: v for k, v in document.items() if k not in HEADER}


def accepted(state: GameState, name: str) -> GameState:
    """The state after the example's order, which check accepts, is applied."""
    seat, body = example(name)
    assert GAME.check(state, seat, body) == [], name
    return GAME.apply(state, {seat: body}, Rng("example")).state


def table(order: tuple[str, ...] = ("anna", "ben", "cleo")) -> GameState:
    """Anna loyal to Mars, Ben to Earth, Cleo to the Belt; a market of assets with no events."""
    state = position(seats=order, loyalty={"anna": "mcr", "ben": "un", "cleo": "opa"})
    market(state, [45, 46, 47, 48, 49, 50], [51, 52, 53, 54, 55, 56])
    return state


def test_every_example_file_is_covered_here() -> None:
    covered = {"01-loyalty.yaml", "02-turn-purchase-and-play.yaml", "03-answer-bribe.yaml",
               "04-turn-event-choice.yaml", "05-standing-orders.yaml", "06-turn-extort-rally-mobilise.yaml",
               "07-turn-combat-eliminate-favour.yaml"}
    assert {p.name for p in FOLDER.glob("*.yaml")} == covered


def test_example_loyalty_is_the_secret_choice_of_one_seat() -> None:
    state = GAME.setup(("anna", "ben", "cleo"), {}, Rng("examples"))
    seat, body = example("01-loyalty.yaml")
    assert GAME.check(state, seat, body) == []
    after = GAME.apply(state, {seat: body, "ben": {"loyalty": "un"}, "cleo": {"loyalty": "opa"}}, Rng("x")).state
    assert after.players["anna"].loyalty == "mcr"


def bribe_table() -> GameState:
    """Anna's turn: Ben controls Earth with two supporters and has the Back-Channel Envoy (1) in his Network."""
    state = table()
    state.players["anna"].influence = 5
    state.players["anna"].hand = [13, 41, 57]
    state.players["ben"].network = [1]
    put(state, "supporters", "earth", "ben", 2)
    return state


def test_example_turn_purchase_and_play_waits_for_bens_bribe_then_plays() -> None:
    paused = accepted(bribe_table(), "02-turn-purchase-and-play.yaml")
    assert paused.paused is not None and paused.paused.seats() == ["ben"]
    assert [q["kind"] for q in paused.paused.questions] == ["bribe"]
    done = accepted(paused, "03-answer-bribe.yaml")
    anna = done.players["anna"]
    assert done.paused is None and done.current == "ben"
    assert anna.network == [13] and sorted(anna.hand) == [47, 57]
    assert anna.influence == 5 - 2 + 2  # two for the purchase, none for the waived bribe, two from the bank
    assert done.transports == {"earth-mars": {"mcr": 1}} and done.agents == {"1": {"anna": 1}}
    assert 41 in done.discard


def test_example_turn_purchase_and_play_pays_the_bribe_ben_asks() -> None:
    state = bribe_table()
    state.standing = {"ben": {"bribe": "full"}}
    after = accepted(state, "02-turn-purchase-and-play.yaml")
    assert after.paused is None
    assert after.players["ben"].influence == 2 and after.players["anna"].influence == 5 - 2 - 2 + 2


def test_example_event_choice_clears_the_region_named_in_the_entry() -> None:
    state = table(("anna", "cleo", "ben"))
    state.current = "cleo"
    market(state, [116, 46, 47, 48, 49, 50], [51, 52, 53, 54, 55, 56])
    put(state, "fleets", "mars", "mcr", 2)
    put(state, "supporters", "mars", "anna", 1)
    put(state, "fleets", "earth", "un", 1)
    after = accepted(state, "04-turn-event-choice.yaml")
    assert "mars" not in after.fleets and "mars" not in after.supporters
    assert after.fleets == {"earth": {"un": 1}}


def test_example_standing_orders_waive_the_next_bribe_owed_to_ben() -> None:
    state = table(("ben", "cleo", "anna"))
    state.current = "ben"
    put(state, "supporters", "earth", "ben", 2)
    after = accepted(state, "05-standing-orders.yaml")
    assert after.standing == {"ben": {"bribe": "waive", "discard": [57]}}
    after.players["cleo"].hand = [13]
    step = GAME.apply(after, {"cleo": {"actions": [{"action": "play", "card": 13, "side": "right",
                                                    "transports": ["belt-earth"], "agents": [13]}]}}, Rng("x"))
    assert step.state.paused is None and step.state.players["cleo"].network == [13]
    assert any(e.data.get("kind") == "bribe" and e.data.get("paid") == 0 for e in step.events)


def full_market(state: GameState) -> None:
    """A market of twelve assets, so action costs find a card in each row to take them."""
    market(state, [45, 46, 47, 48, 49, 50], [51, 52, 53, 54, 55, 56])


def test_example_extort_rally_mobilise_at_peace() -> None:
    state = table()
    full_market(state)
    state.players["anna"].loyalty = "un"
    state.players["anna"].influence = 4
    state.players["ben"].influence = 3
    state.players["anna"].network = [10, 13, 15]
    put(state, "supporters", "earth", "ben", 1)
    put(state, "fleets", "earth", "un", 2)
    after = accepted(state, "06-turn-extort-rally-mobilise.yaml")
    assert after.players["ben"].influence == 2 and after.players["anna"].influence == 4 + 1 - 4
    assert sum(sum(row) for row in after.market_influence) == 4
    assert after.fleets == {"earth": {"un": 1}, "mars": {"un": 1}, "belt": {"un": 1}}
    assert after.transports == {"belt-earth": {"un": 1}}


def test_example_combat_eliminate_favour_at_peace() -> None:
    state = table()
    full_market(state)
    state.players["anna"].loyalty = "un"
    state.players["anna"].influence = 4
    state.players["anna"].network = [16, 9, 3]
    state.players["ben"].loyalty = "mcr"
    state.players["ben"].network = [1]
    put(state, "fleets", "earth", "un", 2)
    put(state, "fleets", "earth", "mcr", 1)
    put(state, "supporters", "earth", "ben", 1)
    put(state, "agents", "1", "anna", 1)
    after = accepted(state, "07-turn-combat-eliminate-favour.yaml")
    assert after.fleets == {"earth": {"un": 2}} and after.supporters == {}
    assert after.players["ben"].network == [] and 1 in after.discard and after.agents == {}
    assert after.players["anna"].favours == 1 and after.players["anna"].influence == 0


@pytest.mark.parametrize("name", sorted(p.name for p in FOLDER.glob("*.yaml")))
def test_example_files_have_the_header_and_a_comment(name: str) -> None:
    text = (FOLDER / name).read_text()
    assert text.startswith("# "), "each example says what it does"
    example(name)
