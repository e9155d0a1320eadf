"""Pax Pamir by mail: paused turns and their replay, standing orders, defaults, templates, views and labels."""

from __future__ import annotations

import json

from pp_helpers import MARKET, bribe_position, position, texts, turn
from ruamel.yaml import YAML

from engine.rng import Rng
from games.pax_pamir import GAME, orders


def test_a_missing_bribe_answer_pauses_for_the_ruler_then_the_turn_goes_on() -> None:
    order = {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2},
                         {"action": "purchase", "row": 1, "column": 1}]}
    first = turn(bribe_position(), order)
    assert [p.seat for p in GAME.prompts(first.state)] == ["bob"]
    assert first.state.players["anna"].hand == [25, 26]  # nothing of action 1 happened yet
    second = turn(first.state, {"answer": 2})
    assert second.state.paused is None
    assert second.state.players["anna"].court == [25] and second.state.players["bob"].rupees == 6
    assert 1 in second.state.players["anna"].hand
    # Events before the pause were reported in the first step and are not repeated.
    assert not set(texts(first)) & set(texts(second))


def test_standing_bribe_orders_answer_for_an_absent_ruler_and_persist() -> None:
    state = bribe_position()
    state.current = "bob"
    bob_turn = turn(state, {"standing": {"bribe": "waive"}}, seat="bob").state
    assert bob_turn.standing == {"bob": {"bribe": "waive"}}
    bob_turn.current = "anna"
    new = turn(bob_turn, {"actions": [{"action": "play", "card": 25, "side": "left"}]}).state
    assert new.players["anna"].court == [25] and new.players["anna"].rupees == 3


def test_an_action_made_illegal_by_a_later_answer_is_skipped_with_an_event() -> None:
    # After paying a bribe of 2, Anna has 1 rupee left: the purchase in column 3 (cost 2) can no longer be made.
    order = {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2},
                         {"action": "purchase", "row": 1, "column": 3}]}
    first = turn(bribe_position(), order)
    second = turn(first.state, {"answer": 2})
    assert any("action 2 (purchase) is not taken" in t for t in texts(second))
    assert second.state.players["anna"].rupees == 1 and second.state.paused is None


def test_the_payer_is_asked_when_its_order_set_no_bribe_limit() -> None:
    first = turn(bribe_position(), {"actions": [{"action": "play", "card": 25, "side": "left"}]})
    second = turn(first.state, {"answer": 1})
    (prompt,) = GAME.prompts(second.state)
    assert prompt.seat == "anna" and "pay or refuse" in prompt.text
    assert GAME.default_order(second.state, "anna") == {"answer": "refuse"}
    (problem,) = GAME.check(second.state, "anna", {"answer": "maybe"})
    assert problem.path == ("answer",) and "pay, refuse" in problem.message
    third = turn(second.state, {"answer": "refuse"})
    assert third.state.players["anna"].hand == [25, 26] and third.state.paused is None


def test_missing_impact_choices_ask_the_player_with_the_legal_ones() -> None:
    state = position(hands={"anna": [8]}, market=MARKET)  # Kabul Bazaar: two roads and a spy
    step = turn(state, {"actions": [{"action": "play", "card": 8, "side": "left", "roads": ["kabul-punjab"]}]})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "herat-kabul, kabul-kandahar, kabul-punjab, kabul-transcaspia" in prompt.text
    step = turn(step.state, {"answer": "herat-kabul"})
    assert step.state.roads == {"herat-kabul": {"british": 1}, "kabul-punjab": {"british": 1}}
    assert step.state.spies == {"8": {"anna": 1}}  # the only Kabul card in play: no question


def test_bad_impact_choice_is_a_problem_at_its_path() -> None:
    state = position(hands={"anna": [8]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "play", "card": 8, "side": "left",
                                                         "roads": ["herat-persia"]}]})
    assert problem.path == ("actions", 0, "roads", 0) and "kabul-punjab" in problem.message


def test_view_shows_only_the_own_hand_and_never_a_paused_order() -> None:
    first = turn(bribe_position(), {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2}]})
    for seat, hand in (("anna", [25, 26]), ("bob", None), (None, None)):
        view = GAME.view(first.state, seat)
        anna = next(p for p in view["players"] if p["seat"] == "anna")
        assert (anna["hand"] and [c["number"] for c in anna["hand"]]) == hand or (hand is None and anna["hand"] is None)
        assert anna["hand_count"] == 2
        text = json.dumps(view)
        assert '"bribe": 2' not in text and "paused" not in view  # Anna's limit stays hers
        assert "start" not in view and "deck" in view and isinstance(view["deck"]["count"], int)
    assert GAME.view(first.state, "bob")["waiting_for"] == "bob"


def test_labels_say_whose_turn_and_who_is_awaited() -> None:
    state = GAME.setup(["anna", "bob"], {}, Rng("label"))
    first = state.loyalty_order[0]
    assert GAME.label(state) == f"{first.capitalize()} chooses loyalty"
    first_turn = bribe_position()
    assert GAME.label(first_turn) == "Anna's turn 1"
    paused = turn(first_turn, {"actions": [{"action": "play", "card": 25, "side": "left"}]}).state
    assert GAME.label(paused) == "Anna's turn 1, waiting for Bob"


def test_templates_parse_and_pass_check_and_defaults_pass_check_through_a_game() -> None:
    yaml = YAML(typ="safe")
    state = GAME.setup(["anna", "bob", "cati"], {}, Rng("templates"))
    for step_number in range(60):
        if GAME.result(state) is not None:
            break
        (prompt,) = GAME.prompts(state)
        body = yaml.load(GAME.template(state, prompt.seat)) or {}
        assert GAME.check(state, prompt.seat, body) == [], (step_number, body)
        default = GAME.default_order(state, prompt.seat)
        assert GAME.check(state, prompt.seat, default) == [], (step_number, default)
        for other in state.seats:
            if other != prompt.seat:
                assert yaml.load(GAME.template(state, other)) in (None, {}) or "standing" in yaml.load(
                    GAME.template(state, other))
        rng = Rng.for_step("templates", step_number, "robot")
        order = GAME.random_order(state, prompt.seat, rng) if step_number % 3 else default
        state = GAME.apply(state, {prompt.seat: order}, rng).state


def test_standing_orders_are_checked() -> None:
    state = position(market=MARKET)
    (problem,) = GAME.check(state, "anna", {"standing": {"bribe": "sometimes"}})
    assert problem.path == ("standing", "bribe")
    (problem,) = GAME.check(state, "anna", {"standing": {"mood": 1}})
    assert problem.path == ("standing", "mood")
    (problem,) = GAME.check(state, "anna", {"standing": {"safe_house": "perhaps"}})
    assert problem.path == ("standing", "safe_house")
    assert GAME.check(state, "anna", {"standing": {"safe_house": "yes"}}) == []  # yes and no read as true and false
    assert GAME.check(state, "anna", {"standing": {"safe_house": False, "bribe": 1, "discard": [3]}}) == []


def test_example_order_files_pass_check() -> None:
    from pathlib import Path

    import games.pax_pamir as package

    folder = Path(package.__file__).parent / "examples"
    files = sorted(folder.glob("*.yaml"))
    assert files
    for path in files:
        document = YAML(typ="safe").load(path.read_text())
        assert {"game", "seat", "step"} <= set(document), path.name
        body = {k: v for k, v in document.items() if k not in ("game", "seat", "step")}
        if "loyalty" in body:
            assert orders.loyalty_problems(body) == [], path.name
        elif "answer" in body:
            assert orders.standing_problems(body) == [] and set(body) <= {"answer", "standing"}, path.name
        else:
            assert orders.turn_problems(body) == [], path.name


def test_a_payer_short_of_the_price_is_not_asked_and_keeps_the_card() -> None:
    state = bribe_position()
    state.players["anna"].rupees = 1
    state.standing = {"bob": {"bribe": "full"}}
    step = turn(state, {"actions": [{"action": "play", "card": 25, "side": "left"}]})
    assert step.state.paused is None and step.state.players["anna"].hand == [25, 26]
    assert any("cannot pay the bribe of 2" in t for t in texts(step))


def test_orders_parsed_with_round_trip_yaml_are_stored_as_plain_data() -> None:
    from io import StringIO

    body = YAML().load(StringIO("actions:  # mine\n  - {action: play, card: 25, side: left}  # Harlan\n"))
    step = turn(bribe_position(), body)
    assert type(step.state.paused.order) is dict and type(step.state.paused.order["actions"]) is list
    assert json.loads(json.dumps(GAME.encode(step.state))) == GAME.encode(step.state)


def test_turn_template_marks_dear_cards_hostage_cards_and_waived_bribes() -> None:
    state = position(rupees={"anna": 2}, courts={"anna": [9], "bob": [10]}, hands={"anna": [25]},
                     market=[[1, 2, 3, 4, 5, 6], [7, 8, 11, 12, 13, 14]])
    state.spies = {"9": {"bob": 1}}
    state.tribes = {"punjab": {"bob": 2}}
    text = GAME.template(state, "anna")
    words = " ".join(line.lstrip("#").strip() for line in text.splitlines())
    assert "row 1, column 2: Jan-Fishan Khan (2), cost 1." in words and "row 1, column 3: Prince Akbar Khan" in words
    assert "row 1, column 4" not in words  # too dear: counted, not offered
    assert "Too dear for your 2 rupees now: 6 more cards of the market, costing 3 to 5." in words
    assert "held hostage by bob, who may ask a bribe of at most 1 (hostage_bribe: is the most you pay)" in words
    assert "bob rules punjab and may ask up to 2 rupees." in words
    assert "\n#- {action: play, card: 25, side: right, bribe: 2}\n" in text
    state.players["anna"].court.append(42)  # Barakzai Sadars: Charismatic Courtiers
    text = GAME.template(state, "anna")
    assert "bob rules punjab, but you owe no bribe now." in " ".join(line.lstrip("#").strip() for line in text.splitlines())
    assert "\n#- {action: play, card: 25, side: right}\n" in text


def test_a_bad_answer_given_by_key_is_a_problem_at_that_key() -> None:
    # All of anna's cylinders are in play: Madali Khan's tribe must take one from the map.
    state = position(courts={"anna": [7]}, hands={"anna": [93]})
    state.tribes = {"kabul": {"anna": 5}, "herat": {"anna": 5}}
    play = {"action": "play", "card": 93, "side": "left"}
    (problem,) = GAME.check(state, "anna", {"actions": [play], "answers": {"actions.0.take-cylinder-1": "spy:7"}})
    assert problem.path == ("answers", "actions.0.take-cylinder-1")
    assert "choose one of tribe:herat, tribe:kabul" in problem.message
    order = {"actions": [play], "answers": {"actions.0.take-cylinder-1": "tribe:herat",
                                            "actions.0.take-cylinder-2": "tribe:kabul"}}
    new = turn(state, order).state
    assert new.tribes == {"kabul": {"anna": 4}, "herat": {"anna": 4}, "transcaspia": {"anna": 2}}
    assert new.paused is None and new.current == "bob"
