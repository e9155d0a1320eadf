"""The caretaker: orders meant to win for a seat whose player left, decided from what that seat may see.

Each turn the hidden information is sampled once (a determinization, `sample`): the court cards the seat cannot
see (other hands, the deck, the cards left out) are dealt again at random into the same places, Wakhan's AI deck
below its top card is shuffled, and other seats' secret standing orders are replaced by an assumption (rulers ask
the full bribe). On that sample the random robot's own turn builder (robot.py) makes candidate turns, each resolved
by the game as a whole step (a Dominance Check it sets off, Wakhan's turn after it); the candidate whose resulting
position scores best (`value`) is played. See CARETAKER.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.memo import ResolvedTurns
from engine.rng import Rng
from games.pax.plain import plain_copy
from games.pax.robot import build_turn, random_choice
from games.pax_pamir import cards, names, queries
from games.pax_pamir.dominance import check_scores
from games.pax_pamir.robot import PamirTurn, loyalty_default
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


@dataclass(frozen=True)
class Choice:
    """A turn the caretaker chose: the order, and one line per decision saying why."""

    order: dict[str, Any]
    reasons: tuple[str, ...]


#: The reasons of the caretaker's latest orders, by the state they were chosen from (pbem asks right after).
REASONS: ResolvedTurns[tuple[str, ...]] = ResolvedTurns()


def caretaker_order(game: Any, state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """The caretaker's order for `seat` now; None where it leaves the decision to the random robot (a question)."""
    if state.phase == "loyalty":
        coalition = loyalty_default(state)
        order: dict[str, Any] = {"loyalty": coalition}
        REASONS.put(state, seat, order, (f"loyalty {names.coalition(coalition)}: the coalition fewest players have "
                                         "chosen so far, so its influence is shared with the fewest rivals",))
        return order
    if state.paused is not None:
        return None
    choice = choose_turn(game, state, seat, rng)
    REASONS.put(state, seat, choice.order, choice.reasons)
    return choice.order


def caretaker_reasons(state: GameState, seat: str, order: dict[str, Any]) -> list[str]:
    """Why the caretaker chose `order` from `state` (empty for an order it did not choose)."""
    found = REASONS.take(state, seat, order)
    return list(found) if found is not None else []


def choose_turn(game: Any, state: GameState, seat: str, rng: Rng) -> Choice:
    """The best of CANDIDATES turns built on one sample of the hidden information, checked on the real state.

    Each candidate is resolved by the game as a step of its own, so what follows in the same step is weighed too:
    a Dominance Check the turn sets off, and against Wakhan her answer (her turn after it, from the sampled AI deck).
    """
    sampled = sample(state, seat, rng)
    before = features(sampled, seat)
    scored: list[tuple[float, int, dict[str, Any], GameState]] = []
    for index in range(CANDIDATES):
        order, after = _candidate(game, sampled, seat, rng)
        scored.append((value(after, seat), index, order, after))
    # Best first; among equals the earlier candidate, so the choice depends on nothing but the stream.
    scored.sort(key=lambda item: (-item[0], item[1]))
    for score, _, order, after in scored:
        order = _with_standing(state, seat, order)
        if not game.check(state, seat, order):
            return Choice(order, tuple(_reasons(order, before, features(after, seat), score)))
    order = _with_standing(state, seat, {})
    return Choice(order, ("no candidate turn passed the rules on the real board: no actions this turn",))


def _candidate(game: Any, start: GameState, seat: str, rng: Rng) -> tuple[dict[str, Any], GameState]:
    """A random turn of `seat` from `start` and the state after the step it makes (with what follows in it)."""
    robot = PamirTurn(start, seat, random_choice(rng), rng)
    order = build_turn(robot, start)  # filed for the apply just below, which takes the turn so resolved
    after: GameState = game.apply(start, {seat: order}, Rng(f"caretaker/{rng.below(1 << 30)}")).state
    return plain_copy(order), after


def _with_standing(state: GameState, seat: str, order: dict[str, Any]) -> dict[str, Any]:
    """The order with the caretaker's standing orders, set once: as a ruler it asks the full bribe of anyone."""
    if state.standing.get(seat, {}).get("bribe") == "full":
        return order
    return {**order, "standing": {"bribe": "full"}}


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
    if state.phase == "over":
        return 1000.0 if seat in state.winners else -1000.0
    found = features(state, seat)
    return sum(WEIGHTS[k] * v for k, v in found.items())


def _reasons(order: dict[str, Any], before: dict[str, float], after: dict[str, float], score: float) -> list[str]:
    """One line per action of the chosen turn, then one for what the turn was weighed on."""
    lines = [f"action {n}: {_entry_text(entry)}, part of the best of {CANDIDATES} turns tried on a sample of the "
             "hidden cards" for n, entry in enumerate(order.get("actions") or [], 1) if isinstance(entry, dict)]
    if not lines:
        lines.append(f"no actions: none of {CANDIDATES} turns tried left a better position than doing nothing")
    changes = [f"{k} {after[k] - before[k]:+g}" for k in WEIGHTS if after[k] != before[k]]
    lines.append(f"position weighed {score:.1f} ({', '.join(changes) or 'unchanged'})")
    if "standing" in order:
        lines.append("standing order: as a ruler ask the full bribe, rupees being worth more to it than goodwill")
    return lines


def _entry_text(entry: dict[str, Any]) -> str:
    """An action entry in a few words."""
    kind = str(entry.get("action"))
    if kind == "purchase":
        return f"purchase the card in row {entry.get('row')}, column {entry.get('column')} of the market"
    if kind == "play":
        return f"play card {entry.get('card')} on the {entry.get('side')} of the court"
    return f"{kind} with card {entry.get('card')}"


def reasons_for(lines: Sequence[str]) -> str:
    """The reasons as one comment block of an order document."""
    return "".join(f"# caretaker: {line}\n" for line in lines)
