"""The caretaker: orders meant to win for a seat whose player left, decided from what that seat may see.

Each turn the hidden information is sampled once (a determinization, `sample`): the court cards the seat cannot
see (other hands, the deck, the cards left out) are dealt again at random into the same places, Wakhan's AI deck
below its top card is shuffled, and other seats' secret standing orders are replaced by an assumption (rulers ask
the full bribe). On that sample the random robot's own turn builder (robot.py) makes candidate turns, each resolved
by the game as a whole step (a Dominance Check it sets off, Wakhan's turn after it); the candidate whose resulting
position scores best (`value`) is played. The search is the Pax games' (games/pax/caretaker.py); the sampling and
the weights are Pax Pamir's, here. See CARETAKER.md.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Reason
from engine.plain import plain_copy
from engine.rng import Rng
from games.pax.caretaker import Caretaker, Choice, reasons_of, remember
from games.pax_pamir import cards, names, queries
from games.pax_pamir.dominance import check_scores
from games.pax_pamir.robot import loyalty_default
from games.pax_pamir.ruling import ruler
from games.pax_pamir.state import GameState

#: Candidate turns tried per turn: against Wakhan (200 seeded games each) 64 won 49 % of the games, 96 58 %, 128
#: 63 %, at some 100 ms of CPU a decision, cheap enough for 200-game benches.
CANDIDATES = 128
#: Court cards are numbered 1-100; events and Dominance Checks come after.
COURT_CARDS = 100
#: The weights of the position's features (value): points first, then what wins points at the next checks; cylinders
#: in play weigh much, since a check without a dominant coalition (the common case) is scored by them.
WEIGHTS = {"points": 10.0, "check": 2.5, "lead": 1.0, "influence": 1.5, "rulers": 1.5, "rupees": 0.5,
           "court": 0.9, "cylinders": 2.0, "hand": 0.3}


class PamirCaretaker(Caretaker[GameState]):
    """Pax Pamir's sampling, weights and standing orders for the shared search (games/pax/caretaker.py)."""

    CANDIDATES = CANDIDATES
    WEIGHTS = WEIGHTS
    STANDING = {"bribe": "full"}
    STANDING_REASON = "standing order: as a ruler ask the full bribe, rupees being worth more to it than goodwill"

    def sample(self, state: GameState, seat: str, rng: Rng) -> GameState:
        """The hidden court cards dealt again, Wakhan's AI deck shuffled below its top (`sample`)."""
        return sample(state, seat, rng)

    def features(self, state: GameState, seat: str) -> dict[str, float]:
        """Points, the check now, coalition lead, influence, rulers, rupees, court, cylinders, hand (`features`)."""
        return features(state, seat)

    def entry_text(self, entry: dict[str, Any]) -> str:
        """An action entry in a few words (a play names the side of the court)."""
        if entry.get("action") == "play":
            return f"play card {entry.get('card')} on the {entry.get('side')} of the court"
        return super().entry_text(entry)


CARETAKER = PamirCaretaker()


def caretaker_order(game: Any, state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """The caretaker's order for `seat` now; None where it leaves the decision to the random robot (a question)."""
    if state.phase == "loyalty":
        coalition = loyalty_default(state)
        # Pax Pamir's loyalty is chosen in the open (every report shows it), so its reason is public.
        return remember(state, seat, {"loyalty": coalition}, (Reason(
            f"loyalty {names.coalition(coalition)}: the coalition fewest players have chosen so far, so its "
            "influence is shared with the fewest rivals", public=True),))
    if state.paused is not None:
        return None
    choice = choose_turn(game, state, seat, rng)
    return remember(state, seat, choice.order, choice.reasons)


def caretaker_reasons(state: GameState, seat: str, order: dict[str, Any]) -> list[Reason]:
    """Why the caretaker chose `order` from `state` (empty for an order it did not choose)."""
    return reasons_of(state, seat, order)


def choose_turn(game: Any, state: GameState, seat: str, rng: Rng) -> Choice:
    """The best of CANDIDATES turns built on one sample of the hidden information, checked on the real state.

    Each candidate is resolved by the game as a step of its own, so what follows in the same step is weighed too:
    a Dominance Check the turn sets off, and against Wakhan her answer (her turn after it, from the sampled AI deck).
    """
    return CARETAKER.choose_turn(game, state, seat, rng)


def sample(state: GameState, seat: str, rng: Rng) -> GameState:
    """A copy of `state` with what `seat` may not see dealt again at random, consistently with what it sees.

    The unseen court cards are gathered, sorted (so their old places tell nothing) and dealt back at random into
    the same places: other hands, the court cards' places in the deck (where the Dominance Checks lie is public),
    the cards left out at setup.
    """
    copy = state.clone()
    places: list[tuple[list[int], int]] = []
    for other in copy.seats:
        if other != seat:
            hand = copy.players[other].hand
            places += [(hand, i) for i in range(len(hand))]
    places += [(copy.deck, i) for i, card in enumerate(copy.deck) if card <= COURT_CARDS]
    places += [(copy.unused, i) for i, card in enumerate(copy.unused) if card <= COURT_CARDS]
    unseen = sorted(pile[i] for pile, i in places)
    rng.shuffle(unseen)
    for (pile, i), card in zip(places, unseen, strict=True):
        pile[i] = card
    events = [i for i, card in enumerate(copy.unused) if card > COURT_CARDS]
    left_out = sorted(copy.unused[i] for i in events)
    rng.shuffle(left_out)
    for i, card in zip(events, left_out, strict=True):
        copy.unused[i] = card
    for automaton in copy.automata.values():
        ai = automaton.get("ai") if isinstance(automaton, dict) else None
        if isinstance(ai, dict) and len(ai.get("deck", [])) > 2:
            rest = sorted(ai["deck"][1:])  # the next card's back is public; the rest is not
            rng.shuffle(rest)
            ai["deck"][1:] = rest
    # Other seats' standing orders are secret: assume every ruler asks the full bribe, nothing else.
    copy.standing = {s: ({"bribe": "full"} if s != seat else plain_copy(copy.standing.get(seat, {})))
                     for s in copy.seats}
    return copy


def features(state: GameState, seat: str) -> dict[str, float]:
    """What the caretaker weighs in a position, for `seat`, each as a lead over the best other seat where it can."""
    others = [s for s in state.seats if s != seat]
    player = state.players[seat]
    points = {s: state.players[s].score for s in state.seats}
    _, awards = check_scores(state, final=False)
    loyalty = player.loyalty
    blocks = {c: queries.blocks_in_play(state, c) for c in cards.board().coalitions}
    lead = 0.0
    if loyalty is not None:
        rival = max((n for c, n in blocks.items() if c != loyalty), default=0)
        lead = float(max(-4, min(4, blocks[loyalty] - rival)))
    rulers = [ruler(state, region) for region in cards.board().regions]
    return {
        "points": float(points[seat] - max((points[s] for s in others), default=0)),
        "check": float(awards.get(seat, 0) - max((awards.get(s, 0) for s in others), default=0)),
        "lead": lead,
        "influence": float(queries.influence(state, seat)) if loyalty is not None else 0.0,
        "rulers": float(rulers.count(seat)),
        "rupees": float(min(player.rupees, 12)),
        "court": float(len(player.court)),
        "cylinders": float(queries.cylinders_in_play(state, seat)),
        "hand": float(min(len(player.hand), 3)),
    }


def value(state: GameState, seat: str) -> float:
    """How good the position is for `seat`: a won game above all, a lost one below all, else the weighed features."""
    return CARETAKER.value(state, seat)
