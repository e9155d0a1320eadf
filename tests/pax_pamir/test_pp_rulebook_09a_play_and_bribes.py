"""Rulebook, Core Actions: Play (p. 11), first part: which card may be played, and the ruler's bribe.

Impact icons are in test_pp_rulebook_09b_impact_icons.py, the patriot's loyalty change in
test_pp_rulebook_09c_loyalty_change.py.
"""

from __future__ import annotations

from typing import Any

from pp_helpers import MARKET, position, turn

from games.pax_pamir import GAME
from games.pax_pamir.ruling import ruler
from games.pax_pamir.state import GameState

# Zorawar Singh Kahluria (33): Punjab, military, impact army, army; no patriot, no choice to make.
ZORAWAR = 33


def punjab(tribes: dict[str, int], armies: dict[str, int] | None = None,
           standing: dict[str, dict[str, Any]] | None = None, **kwargs: Any) -> GameState:
    """Anna (British) holds Zorawar Singh Kahluria, Bob has Paolo Avitabile (26, Punjab) in court; Punjab holds
    these tribes and armies."""
    kwargs.setdefault("hands", {"anna": [ZORAWAR]})
    kwargs.setdefault("courts", {"bob": [26]})
    state = position(market=MARKET, **kwargs)
    state.standing = dict(standing or {})
    state.tribes = {"punjab": dict(tribes)}
    state.armies = {"punjab": dict(armies or {})}
    return state


def play(card: int = ZORAWAR, **fields: Any) -> dict[str, Any]:
    """A play order entry to the right of the court."""
    return {"action": "play", "card": card, "side": "right", **fields}


def bribes(step: Any) -> list[tuple[str, int]]:
    """(kind, paid) of each bribe event of a step."""
    return [(e.data["kind"], e.data.get("paid", 0)) for e in step.events
            if e.data.get("kind") in ("bribe", "bribe-refused")]


def test_play_in_a_region_you_rule_is_free() -> None:
    """Play: 'If you are the ruler of that card's region ... you play freely.'"""
    state = punjab({"anna": 2, "bob": 1}, courts={"anna": [26], "bob": []})
    assert ruler(state, "punjab") == "anna"
    step = turn(state, {"actions": [play()]})
    assert bribes(step) == [] and step.state.players["anna"].rupees == 4
    assert step.state.players["anna"].court == [26, ZORAWAR]


def test_play_in_a_region_nobody_rules_is_free() -> None:
    """Play: '(or no one rules it), you play freely' — a tie for the most ruling pieces is no ruler."""
    state = punjab({"bob": 1, "cati": 1}, standing={"bob": {"bribe": "full"}, "cati": {"bribe": "full"}})
    assert ruler(state, "punjab") is None
    step = turn(state, {"actions": [play()]})
    assert bribes(step) == [] and step.state.players["anna"].court == [ZORAWAR]


def test_play_bribe_is_the_rulers_tribes_in_the_region_not_its_armies() -> None:
    """Play: 'a bribe of rupees equal to the number of the ruler's tribes in that region' — loyal armies help
    Bob rule but raise no price."""
    state = punjab({"bob": 1}, {"russian": 2}, standing={"bob": {"bribe": "full"}})
    step = turn(state, {"actions": [play(bribe=4)]})
    assert bribes(step) == [("bribe", 1)]
    assert step.state.players["anna"].rupees == 3 and step.state.players["bob"].rupees == 5
    assert step.state.players["anna"].court == [ZORAWAR]


def test_play_the_ruler_may_waive_a_portion_of_the_bribe() -> None:
    """Play: 'any portion can be waived by the ruler' — Bob, with three tribes, asks one rupee."""
    state = punjab({"bob": 3}, standing={"bob": {"bribe": 1}})
    step = turn(state, {"actions": [play(bribe=3)]})
    assert bribes(step) == [("bribe", 1)] and step.state.players["bob"].rupees == 5


def test_play_the_ruler_may_waive_the_whole_bribe() -> None:
    """Play: the bribe 'paid or waived' lets the card be played; waived, nothing changes hands."""
    state = punjab({"bob": 3}, standing={"bob": {"bribe": "waive"}}, rupees={"anna": 0})
    step = turn(state, {"actions": [play(bribe=0)]})
    assert bribes(step) == [("bribe", 0)]
    assert step.state.players["anna"].court == [ZORAWAR] and step.state.players["bob"].rupees == 4


def test_play_a_bribe_the_player_cannot_pay_means_the_action_is_not_taken() -> None:
    """Play: 'If the bribe is not paid or waived, the action is not taken' — the card stays in hand and the two
    actions of the turn are still there to take."""
    state = punjab({"bob": 2}, standing={"bob": {"bribe": "full"}}, rupees={"anna": 1})
    order = {"actions": [play(bribe=2), {"action": "purchase", "row": 1, "column": 1},
                         {"action": "purchase", "row": 1, "column": 2}], "cleanup": {"hand": [1]}}
    step = turn(state, order)
    anna = step.state.players["anna"]
    assert bribes(step) == [("bribe-refused", 0)]
    assert anna.court == [] and ZORAWAR in anna.hand and 2 in anna.hand
    assert step.state.players["bob"].rupees == 4 and anna.rupees == 0


def test_play_without_a_bribe_limit_the_ruler_names_the_price_then_the_player_decides() -> None:
    """Play: the ruler commands a bribe 'of up to' their tribes (rulebook example); the player then pays or not."""
    state = punjab({"bob": 2})
    step = turn(state, {"actions": [play()]})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and "up to 2" in prompt.text
    step = turn(step.state, {"answer": 2})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "pay or refuse" in prompt.text
    step = turn(step.state, {"answer": "pay"})
    assert step.state.players["anna"].court == [ZORAWAR]
    assert step.state.players["anna"].rupees == 2 and step.state.players["bob"].rupees == 6


def test_play_the_ruler_is_judged_when_each_card_is_played() -> None:
    """Play: the bribe goes to whoever rules the region at the moment of play. Anna bribes Bob (one tribe) to play
    Ranjit Singh (24: tribe, tribe, army); now ruling the Punjab herself, she plays Zorawar Singh freely."""
    state = punjab({"bob": 1}, standing={"bob": {"bribe": "full"}}, hands={"anna": [24, ZORAWAR]})
    step = turn(state, {"actions": [play(24, bribe=1), play(bribe=0)]})
    assert bribes(step) == [("bribe", 1)]
    assert step.state.players["anna"].court == [24, ZORAWAR] and step.state.players["anna"].rupees == 3


def test_play_a_card_bought_this_turn_may_be_played_the_same_turn() -> None:
    """Play: 'Play any card from your hand' — a card purchased by the first action is in hand for the second."""
    state = position(market=[[ZORAWAR, 2, 3, 4, 5, 6], MARKET[1]])
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}, play()]})
    assert step.state.players["anna"].court == [ZORAWAR] and step.state.players["anna"].hand == []


def test_play_only_a_card_from_your_own_hand() -> None:
    """Play: the card comes 'from your hand' — not from the market, another hand, or the court."""
    state = position(market=[[ZORAWAR, 2, 3, 4, 5, 6], MARKET[1]], courts={"anna": [26]}, hands={"bob": [31]})
    for card in (ZORAWAR, 31, 26):
        (problem,) = GAME.check(state, "anna", {"actions": [play(card)]})
        assert problem.path == ("actions", 0, "card") and "not in your hand" in problem.message


def test_play_the_ruler_cannot_ask_more_than_his_tribes() -> None:
    """Play: the bribe is at most 'the number of the ruler's tribes in that region': Bob, with two, cannot ask
    three (and a standing order asking more is cut down to two)."""
    state = punjab({"bob": 2})
    paused = turn(state, {"actions": [play()]}).state
    (problem,) = GAME.check(paused, "bob", {"answer": 3})
    assert "3 is not a choice" in problem.message
    state.standing = {"bob": {"bribe": 5}}
    step = turn(state, {"actions": [play(bribe=5)]})
    assert bribes(step) == [("bribe", 2)] and step.state.players["anna"].rupees == 2


def test_play_reveals_the_cards_name_and_region_to_everyone() -> None:
    """Play: 'First reveal it and announce its name and region' — the play is a public event naming both."""
    state = position(market=MARKET, hands={"anna": [ZORAWAR]})
    step = turn(state, {"actions": [play()]})
    (event,) = [e for e in step.events if e.data.get("kind") == "play"]
    assert event.to is None and "Zorawar Singh Kahluria" in event.text and "(Punjab)" in event.text
