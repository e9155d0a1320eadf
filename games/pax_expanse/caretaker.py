"""The caretaker: orders meant to win for a seat whose player left, decided from what that seat may see.

Each turn the hidden information is sampled once (`sample`): the cards the seat cannot see (other hands, the draw
deck but its Dominance Checks, the assets left out) are dealt again at random into the same places, the
Rocinante's AI deck below its face-up card is shuffled, and other seats' secret standing orders are replaced by an
assumption. On that sample the random robot's turn builder (robot.py) makes candidate turns, each resolved by the
game as a whole step (a Dominance Check it sets off, the Rocinante's turn when it ends the round); the candidate
whose resulting position scores best is played. The search is the Pax games' (games/pax/caretaker.py); the
sampling and the weights are Pax Expanse's, here. See CARETAKER.md.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Reason
from engine.plain import plain_copy
from engine.rng import Rng
from games.pax.caretaker import Caretaker, reasons_of, remember
from games.pax_expanse import cards, queries
from games.pax_expanse.dominance import check_of, dominant_faction, faction_scoring, player_scoring, regions_per_faction
from games.pax_expanse.model import FACTIONS, REGIONS
from games.pax_expanse.state import GameState

#: Candidate turns tried per turn: in 4-player games against random robots (200 seeded games each) 24 won 88 %,
#: 48 won 93.5 % at some 75 ms of CPU a decision.
CANDIDATES = 48
#: Assets are numbered 1-100; events and Dominance Checks come after.
ASSETS = 100
#: The weights of the position's features: points first, then what wins points at the next check (what a check
#: now would award, the regions the seat controls, its faction's lead and its reputation with it).
WEIGHTS = {"points": 10.0, "check": 2.5, "regions": 1.5, "lead": 1.0, "reputation": 1.5, "influence": 0.5,
           "network": 0.9, "markers": 1.0, "hand": 0.3}
#: What the sample assumes of other seats' secret standing orders: they ask the full bribe, their agents go to the
#: first asset offered.
ASSUMED_STANDING = {"bribe": "full", "agent_moves": ["first"]}


class ExpanseCaretaker(Caretaker[GameState]):
    """Pax Expanse's sampling, weights and standing orders for the shared search (games/pax/caretaker.py)."""

    CANDIDATES = CANDIDATES
    WEIGHTS = WEIGHTS
    STANDING = {"bribe": "full", "agent_moves": ["own", "first"]}
    STANDING_REASON = ("standing orders: ask the full bribe (influence is worth more to it than goodwill); an agent "
                       "whose asset leaves play goes to its own asset if one is next to it, else the first offered")

    def sample(self, state: GameState, seat: str, rng: Rng) -> GameState:
        """A copy of `state` with what `seat` may not see dealt again at random (`sample`)."""
        return sample(state, seat, rng)

    def features(self, state: GameState, seat: str) -> dict[str, float]:
        """Points, the check now, regions, faction lead, reputation, influence, Network, markers, hand."""
        return features(state, seat)


CARETAKER = ExpanseCaretaker()


def caretaker_order(game: Any, state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """The caretaker's order for `seat` now; None where it leaves the decision to the random robot (a question)."""
    if state.phase == "loyalty":
        faction = loyalty_choice(state)
        name = cards.board().faction(faction).short
        # Starting loyalty is secret until every seat has chosen: its reason stays with the seat.
        return remember(state, seat, {"loyalty": faction}, (Reason(
            f"loyalty {name}: the faction controlling the most regions now, the likeliest to be dominant at a "
            "check"),))
    if state.paused is not None:
        return None
    choice = CARETAKER.choose_turn(game, state, seat, rng)
    return remember(state, seat, choice.order, choice.reasons)


def caretaker_reasons(state: GameState, seat: str, order: dict[str, Any]) -> list[Reason]:
    """Why the caretaker chose `order` from `state` (empty for an order it did not choose)."""
    return reasons_of(state, seat, order)


def loyalty_choice(state: GameState) -> str:
    """The secret starting loyalty: the faction controlling the most regions on the public board (first on ties)."""
    counts = regions_per_faction(state)
    return max(FACTIONS, key=lambda f: (counts[f], -FACTIONS.index(f)))


def sample(state: GameState, seat: str, rng: Rng) -> GameState:
    """A copy of `state` with what `seat` may not see dealt again at random, consistently with what it sees.

    The unseen cards (other hands, the deck but its Dominance Checks, whose places are public, the cards left out)
    are gathered and sorted, so their old places tell nothing, shuffled, and dealt back: into hand places the
    first assets of the shuffled cards (hands hold only assets), the rest into the deck and the cards left out in
    order. Sizes stay as they are: they are public.
    """
    # Through the stored form, so the sample is the same however the state was reached (the order of its
    # mappings, which the robot's draws follow, is the stored one).
    copy = GameState.decode(state.encode())
    hands: list[tuple[list[int], int]] = []
    for other in copy.seats:
        if other != seat:
            hand = copy.players[other].hand
            hands += [(hand, i) for i in range(len(hand))]
    rest = [(copy.deck, i) for i, card in enumerate(copy.deck) if check_of(card) is None]
    rest += [(copy.unused, i) for i in range(len(copy.unused))]
    unseen = sorted(pile[i] for pile, i in hands + rest)
    rng.shuffle(unseen)
    assets = [card for card in unseen if card <= ASSETS][:len(hands)]
    for (pile, i), card in zip(hands, assets, strict=True):
        pile[i] = card
    left = list(unseen)
    for card in assets:
        left.remove(card)
    for (pile, i), card in zip(rest, left, strict=True):
        pile[i] = card
    ai = copy.rocinante.deck
    if len(ai) > 2:
        below = sorted(ai[1:])  # the face-up card is public; the order below it is not
        rng.shuffle(below)
        ai[1:] = below
    copy.standing = {s: (plain_copy(ASSUMED_STANDING) if s != seat else plain_copy(copy.standing.get(seat, {})))
                     for s in copy.seats}
    return copy


def check_now(state: GameState) -> dict[str, int]:
    """The points each seat would score if the next Dominance Check in the deck were resolved now."""
    upcoming = [c for c in (check_of(n) for n in state.deck) if c is not None]
    if not upcoming:
        return {}
    number = next(n for n, e in cards.events().items() if e.dominance is not None and e.dominance.check == upcoming[0])
    dominance = cards.events()[number].dominance
    assert dominance is not None
    faction = dominant_faction(state)
    if faction is not None:
        awards = dict(faction_scoring(state, faction, dominance.faction_scoring))
    else:
        awards = dict(player_scoring(state, dominance.player_scoring))
    holder = queries.player_control(state, state.objective)
    if holder is not None:
        awards[holder] = awards.get(holder, 0) + dominance.objective_points
    return awards


def features(state: GameState, seat: str) -> dict[str, float]:
    """What the caretaker weighs in a position, for `seat`, each as a lead over the best other seat where it can."""
    others = [s for s in state.seats if s != seat]
    player = state.players[seat]
    points = {s: state.players[s].vp for s in state.seats}
    awards = check_now(state)
    loyalty = player.loyalty
    lead = 0.0
    reputation = 0.0
    if loyalty is not None:
        counts = regions_per_faction(state)
        rival = max((n for f, n in counts.items() if f != loyalty), default=0)
        lead = float(max(-4, min(4, counts[loyalty] - rival)))
        reputation = float(queries.reputation(state, seat, loyalty))
    held = [queries.player_control(state, region) for region in REGIONS]
    return {
        "points": float(points[seat] - max((points[s] for s in others), default=0)),
        "check": float(awards.get(seat, 0) - max((awards.get(s, 0) for s in others), default=0)),
        "regions": float(held.count(seat)),
        "lead": lead,
        "reputation": reputation,
        "influence": float(min(player.influence, 12)),
        "network": float(len(player.network)),
        "markers": float(queries.markers_in_play(state, seat)),
        "hand": float(min(len(player.hand), 3)),
    }
