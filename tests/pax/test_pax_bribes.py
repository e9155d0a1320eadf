"""The kernel's bribes (Pax Expanse: Play, Intimidation, Political Climate: Prosperity)."""

from __future__ import annotations

import pytest
from pax_toy import RULES, ToyState, toy_context, toy_state

from games.pax.bribes import HOSTAGE, PLAY
from games.pax.context import Pause


def _controlled() -> ToyState:
    state = toy_state()
    state.controllers["earth"] = "bob"
    state.supporters["earth"] = {"bob": 2, "anna": 1}
    return state


def test_play_bribe_goes_to_the_controller_up_to_their_supporters() -> None:
    state = _controlled()
    assert RULES.play_bribe(state, "anna", 11) == ("bob", 2)
    assert RULES.play_bribe(state, "anna", 12) is None  # nobody controls mars


def test_the_controller_plays_freely() -> None:
    assert RULES.play_bribe(_controlled(), "bob", 11) is None


def test_intimidation_needs_one_enemy_with_more_agents_than_each_other_player() -> None:
    state = toy_state()
    state.players["anna"].tableau = [11]
    state.agents[11] = {"bob": 2, "cati": 1, "anna": 1}
    assert RULES.hostage_bribe(state, 11) == ("bob", 2)
    state.agents[11] = {"bob": 2, "cati": 2}
    assert RULES.hostage_holder(state, 11) is None
    state.agents[11] = {"anna": 3, "bob": 2}
    assert RULES.hostage_holder(state, 11) is None  # the owner's own agents protect the card


def test_the_receiver_is_asked_how_much_of_the_bribe_it_wants() -> None:
    ctx = toy_context(toy_state())
    with pytest.raises(Pause) as paused:
        RULES.settle_bribe(ctx, "anna", "bob", 2, PLAY, ("actions", 0, "bribe"), "play Card 11")
    question = paused.value.question
    assert question.seat == "bob" and question.options == (0, 1, 2) and question.default == 2


def test_any_portion_of_the_bribe_can_be_waived() -> None:
    state = toy_state()
    state.standing["bob"] = {"bribe": 1}
    ctx = toy_context(state, {"actions": [{"bribe": 3}]})
    assert RULES.settle_bribe(ctx, "anna", "bob", 2, PLAY, ("actions", 0, "bribe"), "play Card 11")
    assert (state.players["anna"].money, state.players["bob"].money) == (9, 11)
    assert ctx.events[-1].text == "anna pays bob a bribe of 1 influence to play Card 11."


def test_a_bribe_not_paid_means_the_action_is_not_taken() -> None:
    state = toy_state()
    state.standing["bob"] = {"bribe": "full"}
    ctx = toy_context(state, {"actions": [{"bribe": 1}]})
    assert not RULES.settle_bribe(ctx, "anna", "bob", 2, PLAY, ("actions", 0, "bribe"), "play Card 11")
    assert state.players["anna"].money == 10 and ctx.events[-1].data["kind"] == "bribe-refused"


def test_prosperity_waives_play_bribes_but_not_intimidation() -> None:
    state = toy_state()
    state.prosperity = True
    ctx = toy_context(state)
    assert RULES.settle_bribe(ctx, "anna", "bob", 2, PLAY, ("actions", 0, "bribe"), "play Card 11")
    with pytest.raises(Pause):
        RULES.settle_bribe(ctx, "anna", "bob", 2, HOSTAGE, ("actions", 0, "hostage_bribe"), "use Card 11")
