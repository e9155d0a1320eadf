"""The report model: one reader's share of a step, and nothing more."""

from __future__ import annotations

import json

import pytest

from pbem import orders
from pbem.reports import report_model
from pbem.store import GameDir

from .conftest import EVIL, SCRIPT


def test_model_names_game_step_label_and_reader(finished: GameDir) -> None:
    model = report_model(finished, 1, "anna")
    assert model["game"] == {"id": "tiny-test", "title": "Tiny & <Test> Game", "name": "tiny&game"}
    assert (model["step"], model["label"], model["seat"]) == (1, "round 2", "anna")
    assert model["seats"] == ["anna", "bob", SCRIPT, EVIL, "wakhan", "dora"]
    assert model["deadline"] == "2026-12-01 18:00 UTC"


def test_model_is_plain_json(finished: GameDir) -> None:
    model = report_model(finished, 2, "bob")
    assert json.loads(json.dumps(model)) == model


def test_private_events_reach_only_their_seat(finished: GameDir) -> None:
    texts = {seat: [e["text"] for e in report_model(finished, 1, seat)["events"]] for seat in ("anna", "bob", None)}
    assert [t for t in texts["anna"] if t.startswith("SECRET")] == [t for t in texts["anna"] if "SECRET-anna" in t]
    assert any(t.startswith("SECRET-anna-") for t in texts["anna"])
    assert not any("SECRET-anna" in t for t in texts["bob"] + texts[None])
    assert not any("SECRET" in t for t in texts[None])
    # Public events are in every reader's list, in the order they happened.
    assert [t for t in texts["bob"] if not t.startswith("SECRET")] == texts[None]


def test_private_event_data_does_not_say_who_else_saw_it(finished: GameDir) -> None:
    events = report_model(finished, 1, "anna")["events"]
    secret = next(e for e in events if e["text"].startswith("SECRET"))
    assert secret["private"] is True and "to" not in secret


def test_views_come_from_the_game_per_reader(finished: GameDir) -> None:
    state = finished.state(1)
    assert report_model(finished, 1, "anna")["view"]["hand"] == state["hands"]["anna"]
    assert "hand" not in report_model(finished, 1, None)["view"]


def test_prompted_seat_gets_prompt_and_an_order_document_for_the_next_step(finished: GameDir) -> None:
    model = report_model(finished, 1, "anna")
    assert model["owes_order"] is True and model["prompt"]["kind"] == "play"
    doc = orders.parse(model["order_template"], "template")
    assert doc.problems == []
    assert doc.header == {"game": "tiny&game", "seat": "anna", "step": 2}
    assert model["order_template"].splitlines()[3].startswith("# token: ")  # a hint, not a token
    assert doc.body == {"play": min(finished.state(1)["hands"]["anna"])}


def test_seat_sitting_out_owes_nothing(finished: GameDir) -> None:
    # In round 2 (after step 1) the seat at index 2 sits out.
    model = report_model(finished, 1, SCRIPT)
    assert model["owes_order"] is False
    assert model["prompt"] is None and model["order_template"] is None
    assert SCRIPT not in [p["seat"] for p in model["waiting_for"]]


def test_others_learn_who_owes_what_kind_but_not_the_prompt_text(finished: GameDir) -> None:
    model = report_model(finished, 1, "bob")
    anna = next(p for p in model["waiting_for"] if p["seat"] == "anna")
    assert anna == {"seat": "anna", "kind": "play"}
    assert "Play one of your cards" not in json.dumps(model["waiting_for"])


def test_public_model_has_no_prompt_or_template(finished: GameDir) -> None:
    model = report_model(finished, 0, None)
    assert model["seat"] is None and model["prompt"] is None and model["order_template"] is None
    assert model["owes_order"] is False
    assert [p["seat"] for p in model["waiting_for"]] == ["anna", SCRIPT, EVIL, "wakhan", "dora"]  # bob sits out


def test_final_step_carries_the_result(finished: GameDir) -> None:
    last = finished.current_step()
    model = report_model(finished, last, "anna")
    assert model["result"]["winners"] and set(model["result"]["scores"]) == set(model["seats"])
    assert model["waiting_for"] == [] and model["order_template"] is None
    assert report_model(finished, 0, "anna")["result"] is None


def test_unknown_seat_is_refused(finished: GameDir) -> None:
    with pytest.raises(KeyError, match="no seat 'zoe'"):
        report_model(finished, 0, "zoe")


@pytest.mark.parametrize(
    "options, shown",
    [
        ({}, None),
        ({"deadline": "weekdays 18:00"}, "weekdays 18:00"),
        ({"deadline": "weekdays 18:00", "deadline.timezone": "Europe/Berlin"}, "weekdays 18:00 (Europe/Berlin)"),
        (
            {"deadline": {"rule": "mon,thu 20:30", "timezone": "Asia/Tokyo", "grace_minutes": 30}},
            "mon,thu 20:30 (Asia/Tokyo)",
        ),
        ({"deadline": {"rule": "48 hours after the last step"}}, "48 hours after the last step"),
    ],
)
def test_deadline_rule_is_shown_in_words(finished: GameDir, options: dict, shown: str | None) -> None:
    saved = finished.meta.options
    finished.meta.options = options
    try:
        assert report_model(finished, 0, "anna")["deadline"] == shown
    finally:
        finished.meta.options = saved
