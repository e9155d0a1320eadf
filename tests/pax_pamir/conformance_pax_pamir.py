"""Pax Pamir's own checks for the conformance suite: its invariants, rupees kept between steps, Wakhan's own
rules, the kernel's robot memo, what a reader may not see, and the words its orders are made of."""

from __future__ import annotations

from typing import Any

from pax.robot_memo import filed_turn_taken, order_filed
from pp_helpers import check_invariants, rupee_change, rupees_total

from engine.contract import Game, Order, Prompt
from games.pax_pamir.game import PaxPamir
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.deck import load

__all__ = ["HOSTILE_KEYS", "HOSTILE_VALUES", "SWEEP", "invariants", "order_invariants", "perturb",
           "step_invariants"]

#: Robot games per setup in the slow sweep (250 per seat count and 300 against Wakhan were played before).
SWEEP = 300
#: Court cards are numbered 1–100; events and Dominance Checks come after.
COURT_CARDS = 100
HOSTILE_KEYS: list[Any] = ["action", "card", "side", "bribe", "roads", "spies", "row", "column", "site", "remove",
                           "target", "place", "price", "moves", "take", "hostage_bribe", "answers", "cleanup",
                           "blackmail", "standing", "answer"]
HOSTILE_VALUES: list[Any] = ["left", "kabul", "herat-kabul", 8.0, {"action": "tax"}, 117]


def invariants(game: Game, state: GameState) -> None:
    """Pieces within the components and never a count of none, every card in one place, a canonical encoding;
    Wakhan's own, and how a game ends (the suite round-trips the encoding of every state itself)."""
    check_invariants(state, round_trip=False)
    for nested in (state.tribes, state.armies, state.roads, state.spies):
        assert all(n > 0 for counts in nested.values() for n in counts.values()), nested
    wakhan = SEAT in state.players
    if wakhan:
        check_wakhan(state)
        assert all(prompt.seat != SEAT for prompt in game.prompts(state)), "Wakhan is never asked for an order"
    if game.result(state) is not None:
        assert state.phase == "over" and state.winners
        assert not wakhan or load(state).discard, "a game against Wakhan ends after a turn of hers"


def check_wakhan(state: GameState) -> None:
    """Her own invariants: no loyalty ever, 24 AI cards with the card in play face up, her seat an automaton."""
    player = state.players[SEAT]
    assert player.loyalty is None and player.automaton == "wakhan"
    ai = load(state)
    assert sorted(ai.deck + ai.discard) == list(range(1, 25)) and ai.deck
    assert ai.card is None or ai.discard[-1] == ai.card


def step_invariants(game: Game, turn: Any) -> None:
    """Rupees are created or removed only as the events say; a turn answers its own questions; the memo is spent."""
    assert rupees_total(turn.state) == rupees_total(turn.before) + rupee_change(turn.after), (
        turn.number, [e.text for e in turn.after.events])
    (first, *_) = turn.prompts
    paused = turn.state.paused
    if first.kind == "turn" and paused is not None and paused.seat == first.seat and not _waited_for_wakhan(game, turn):
        # An order answers all its own decisions: only someone else can be waited for. (Wakhan's turn that may
        # follow in the same step asks anyone, the mover too; so may the mover's turn once she has answered it
        # in the same step, since the robot built the order only up to her question.)
        assert paused.questions[0]["seat"] != first.seat, (turn.number, paused.questions[0])
    filed_turn_taken(turn)


def _waited_for_wakhan(game: Game, turn: Any) -> bool:
    """Whether the step's rules alone, before Wakhan's part, left the mover's turn waiting for her answer."""
    assert isinstance(game, PaxPamir)
    alone = game.seats_step(turn.before, turn.orders, turn.rng()).state.paused
    return alone is not None and alone.questions[0]["seat"] == SEAT


def order_invariants(game: Game, state: GameState, prompt: Prompt, order: Order) -> None:
    """The robot memo: a turn is filed as it was built."""
    order_filed(game, state, prompt, order)


def perturb(state: dict[str, Any], viewer: str | None) -> None:
    """Other seats' hands, the order of court cards in the deck, the unused cards, Wakhan's AI deck.

    Where the Dominance Checks lie in the deck stays: which pile each check was shuffled into is public
    (the setup builds the piles in the open), so only court cards change places.
    """
    deck: list[int] = state["deck"]
    court = [i for i, card in enumerate(deck) if card <= COURT_CARDS]
    for seat, player in state["players"].items():
        if seat == viewer or not player["hand"] or not court:
            continue
        # Swap one hand card with a court card of the deck: counts stay, the secret content changes.
        position = court.pop()
        player["hand"][0], deck[position] = deck[position], player["hand"][0]
    for first, second in zip(court[::2], court[1::2], strict=False):
        deck[first], deck[second] = deck[second], deck[first]
    _rotate(state["unused"])
    for automaton in (state.get("automata") or {}).values():
        ai = automaton.get("ai") if isinstance(automaton, dict) else None
        if ai and len(ai.get("deck", [])) > 2:
            # The next card's back is public (it is printed on the card before it); the rest is not.
            rest = ai["deck"][1:]
            rest.reverse()
            ai["deck"][1:] = rest


def _rotate(items: list[Any]) -> None:
    if len(items) > 1:
        items.append(items.pop(0))
