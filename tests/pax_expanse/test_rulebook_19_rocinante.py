"""Rulebook "The Rocinante": after every player, the face-up AI card is resolved (the top action, the bottom only if
the top cannot be; both on James Holden's cards), only in the Rocinante's region; then it moves, the card is
discarded and a new one flipped; an empty deck is reshuffled."""

from __future__ import annotations

from px_rulebook import data, kinds, put, table, turn

from games.pax_expanse.state import GameState

# AI cards: 1 Holden (Open Broadcast, then Rally the Crowd; to the Belt); 3 Holden (Open Broadcast; to Mars);
# 9 Amos (Clean Up the Mess, else Break Some Heads; to Earth); 13 Alex (Strafing Run, else Escort Duty; to Mars).


def round_end(deck: list[int], region: str = "tycho") -> GameState:
    """Cleo, last in turn order, is to act; anna leads on points, cleo trails."""
    state = table(current="cleo")
    state.players["anna"].vp = 5
    state.players["ben"].vp = 2
    state.rocinante.deck = list(deck)
    state.rocinante.region = region
    return state


END: dict[str, list[object]] = {"actions": []}


def test_the_top_action_is_performed_when_it_can_be() -> None:
    """"For all AI cards except for James Holden's, perform the top action": Alex's Strafing Run removes fleets of
    the first faction hurt, and Escort Duty is not performed."""
    state = round_end([13, 1])
    put(state, "fleets", "tycho", "un", 2)
    step = turn(state, END)
    assert step.state.fleets == {}
    assert [d["action"] for d in data(step, "rocinante-action")] == ["alex_strafing_run"]


def test_the_bottom_action_only_if_the_top_cannot_be_resolved() -> None:
    """"only if you cannot resolve the top action (usually because no pieces of the required type exist in the
    Rocinante's current region) then perform the bottom action instead": no fleet to strafe, so Escort Duty places
    a fleet of the trailing player's faction."""
    step = turn(round_end([13, 1]), END)
    assert [d["action"] for d in data(step, "rocinante-action")] == ["alex_escort"]
    assert step.state.fleets == {"tycho": {"opa": 1}}


def test_james_holdens_cards_perform_both_actions_top_to_bottom() -> None:
    """"For James Holden's cards, perform both actions, top to bottom"."""
    state = round_end([1, 3])
    put(state, "supporters", "tycho", "anna", 2)
    step = turn(state, END)
    assert [d["action"] for d in data(step, "rocinante-action")] == ["holden_broadcast", "holden_rally_the_crowd"]
    assert step.state.supporters == {"tycho": {"anna": 1, "cleo": 1}}


def test_the_crew_only_touches_the_rocinantes_region() -> None:
    """"Actions performed by the Rocinante will only ever affect components present in the Rocinante's current
    region"."""
    state = round_end([13, 1])
    put(state, "fleets", "mars", "un", 2)
    step = turn(state, END)
    assert step.state.fleets == {"mars": {"un": 2}, "tycho": {"opa": 1}}


def test_then_the_rocinante_moves_to_the_cards_location_and_a_new_card_is_flipped() -> None:
    """"Once the actions have been performed, the Rocinante moves directly to the location stated at the bottom of
    the card. Then discard the card and flip the new top card of the deck faceup"."""
    step = turn(round_end([9, 13, 1], region="outer_planets"), END)
    assert step.state.rocinante.region == "earth"  # not adjacent to the Outer Planets: it moves directly
    assert step.state.rocinante.discard == [9] and step.state.rocinante.deck == [13, 1]
    seen = kinds(step)
    acted = [i for i, k in enumerate(seen) if k in ("rocinante-action", "rocinante-skip")]
    assert acted and max(acted) < seen.index("rocinante-move")


def test_an_exhausted_ai_deck_is_reshuffled_from_the_discard_pile() -> None:
    """"If the Rocinante AI deck ever runs out of cards, shuffle the discard pile to form a new deck"."""
    state = round_end([3])
    state.rocinante.discard = [1, 9, 13]
    step = turn(state, END)
    assert sorted(step.state.rocinante.deck) == [1, 3, 9, 13] and step.state.rocinante.discard == []
    assert "rocinante-reshuffle" in kinds(step)
