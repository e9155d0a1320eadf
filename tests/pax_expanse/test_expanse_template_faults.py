"""Pax Expanse's order template says what the rules say (issue 19, faults 2 to 4, and its ready lines): a bribe's
amounts are amounts, a waived bribe is not claimed, an action with no legal target is not offered, and every
ready line shows the fields the action needs (orders.md "Your order template")."""

from __future__ import annotations

from px_actions import table
from px_helpers import put
from ruamel.yaml import YAML

from games.pax.context import OrderError, Question
from games.pax.paused import Paused
from games.pax.template import Trial
from games.pax_expanse.game import GAME
from games.pax_expanse.orders import question_to_data
from games.pax_expanse.state import GameState
from games.pax_expanse.template import TEMPLATE, order_template

LUNA_PORT, SECRETARY_GENERAL, UNDERSECRETARY = 12, 7, 2  # 7 holds Diplomatic Immunity


def words(template: str) -> str:
    """The template's comments as one line of words, wrapping undone."""
    return " ".join(" ".join(line.lstrip("#").strip() for line in template.splitlines()).split())


def paused_on(state: GameState, question: Question) -> GameState:
    """`state` with anna's turn paused on `question`."""
    state.paused = Paused(state.encode(), "anna", {"actions": []}, {}, [question_to_data(question)], 0)
    return state


def test_fault_2_a_bribe_s_amounts_are_not_labelled_as_cards() -> None:
    """Rulebook "Intimidation": the intimidating player names an amount from 0 to their agents there."""
    bribe = Question("ben", "actions.0.bribe-hostage", "bribe", "anna wants to use Luna Gravity-Well Port; ben may "
                     "ask a bribe of up to 2 influence: how many are asked", (0, 1, 2), default=2)
    text = order_template(paused_on(table(networks={"anna": [LUNA_PORT]}), bribe), "ben")
    assert "# Choices: 0, 1, 2.\n" in text
    row = Question("anna", "actions.0.odd-row-1", "choice", "an odd action cost: the market row", (1, 2), default=1)
    assert "# Choices: 1, 2.\n" in order_template(paused_on(table(), row), "anna")
    # An agent's move is a card: its number keeps its name.
    move = Question("ben", "actions.0.agent-moves-1", "agent-move", "move your agent", (LUNA_PORT,), default=12)
    assert f"Choices: {LUNA_PORT} (Luna Gravity-Well Port)." in words(order_template(paused_on(table(), move), "ben"))


def test_fault_3_a_bribe_diplomatic_immunity_waives_is_not_claimed() -> None:
    """Diplomatic Immunity: its holder owes no intimidation bribe to use its own assets."""
    state = table(networks={"anna": [LUNA_PORT]}, influence={"cleo": 3})
    put(state, "agents", str(LUNA_PORT), "ben", 2)  # ben intimidates Luna Gravity-Well Port
    put(state, "supporters", "earth", "cleo")
    text = order_template(state, "anna")
    assert "intimidated by ben, who may ask a bribe of at most 2" in words(text)
    assert f"#- {{action: extort, card: {LUNA_PORT}, from: [cleo, cleo], bribe: 2}}\n" in text
    state.players["anna"].network.insert(0, SECRETARY_GENERAL)
    text = order_template(state, "anna")
    assert "intimidated by" not in text and "bribe: 2" not in text
    assert f"#- {{action: extort, card: {LUNA_PORT}, from: [cleo, cleo]}}\n" in text


def test_fault_4_an_action_with_no_legal_target_is_not_offered_and_says_why() -> None:
    """Eliminate: discard an asset where you have an agent; Anna has none anywhere."""
    state = table(networks={"anna": [UNDERSECRETARY]}, influence={"anna": 4})
    text = order_template(state, "anna")
    assert "eliminate: not now; you have no agent on an asset that may be eliminated." in words(text)
    assert "action: eliminate" not in text and "one of none" not in text
    put(state, "agents", str(UNDERSECRETARY), "anna")
    text = order_template(state, "anna")
    assert f"#- {{action: eliminate, card: {UNDERSECRETARY}, target: {UNDERSECRETARY}, reward: true}}" in text


def test_a_mobilise_ready_line_shows_its_moves_and_is_accepted() -> None:
    """Mobilise: as many moves as the asset's rank (its `moves:` were never shown before)."""
    state = table(networks={"anna": [LUNA_PORT]})
    put(state, "fleets", "belt", "un", 1)
    line = next(line for line in order_template(state, "anna").splitlines() if "action: mobilise" in line)
    assert line == f"#- {{action: mobilise, card: {LUNA_PORT}, moves: [{{fleet: belt, to: earth}}]}}"
    order = YAML(typ="safe", pure=True).load("actions:\n" + line[1:] + "\n")
    assert GAME.check(state, "anna", order) == []


def test_an_entry_is_tried_on_the_rules_and_its_open_choices_filled_in_before_it_is_offered() -> None:
    """Play: an agent icon needs an asset of the card's region; left out, the deadline's default (the card itself) is written into the entry."""
    state = table(networks={"ben": [45]}, hands={"anna": [40]})  # two Belt assets once 40 is played
    refused = TEMPLATE.trial(state, "anna", {"action": "mobilise", "card": LUNA_PORT, "moves": []})
    assert isinstance(refused, OrderError)
    tried = TEMPLATE.trial(state, "anna", {"action": "play", "card": 40, "side": "right"})
    assert isinstance(tried, Trial) and tried.entry["agents"] == [40] and tried.asked["agents"].options == (45, 40)
