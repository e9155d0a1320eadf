"""Pax Expanse's own checks for the conformance suite: the rulebook's invariants after every step (components,
influence, cards, limits, checks, encoding, what each seat sees), influence kept between steps, the kernel's
robot memo, what a reader may not see, and the words its orders are made of."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from pax.robot_memo import filed_turn_taken, order_filed

from engine.contract import Game, Order, Prompt, Step
from games.pax_expanse import cards, queries
from games.pax_expanse.game import GAME
from games.pax_expanse.model import FACTIONS
from games.pax_expanse.state import MARKERS, ROCINANTE, TOKENS, GameState

__all__ = ["HOSTILE_KEYS", "HOSTILE_SPLICES", "HOSTILE_VALUES", "SWEEP", "check_invariants", "invariants",
           "order_invariants", "perturb", "step_invariants", "view_invariants"]

#: Robot games per setup in the slow sweep (150 per seat count were played before).
SWEEP = 150
#: Every card of the game that moves between deck, market, hands, Networks and discard: 100 assets, 16 events.
CARDS = 116
#: Assets are numbered 1–100; events and Dominance Checks come after.
ASSETS = 100
#: Event kinds by which influence enters the game from the bank (+) or leaves it (-), with the field they carry.
BANK = {"influence": ("amount", 1), "influence-to-bank": ("amount", -1), "money-removed": ("amount", -1)}
HOSTILE_KEYS: list[Any] = ["action", "card", "side", "bribe", "transports", "agents", "row", "column", "target",
                           "climate", "region", "actions", "cleanup", "network", "hand", "answers", "answer",
                           "loyalty", "standing", "discard", "moves", "remove", "site", "effect", "units", "from"]
HOSTILE_VALUES: list[Any] = ["left", "right", "belt", "mars-belt", "un", "opa", "full", "waive",
                             {"action": "purchase"}, {"action": "extort", "card": 1}, 116, 117]
HOSTILE_SPLICES = ["card: 13.0", "actions:", "row: 9", "- {action: play}"]


def invariants(game: Game, state: GameState) -> None:
    """The rulebook's invariants, and how a game ends (the suite round-trips the encoding of every state itself)."""
    check_invariants(state, round_trip=False)
    if game.result(state) is not None:
        assert state.checks, "a game ends with a Dominance Check"


def influence_total(state: GameState) -> int:
    """Influence held by the players and lying on the market."""
    return sum(p.influence for p in state.players.values()) + sum(sum(row) for row in state.market_influence)


def bank_change(step: Step) -> int:
    """Influence the step took from the bank (positive) or returned to it (negative), from its events."""
    change = 0
    for event in step.events:
        kind = event.data.get("kind")
        if kind in BANK:
            field, sign = BANK[kind]
            change += sign * int(event.data[field])
    return change


def card_places(state: GameState) -> list[int]:
    """Every card found anywhere, once per place it is found in (events in force once per card)."""
    found = list(state.deck) + list(state.discard) + list(state.unused)
    found += [n for row in state.market for n in row if n is not None]
    for player in state.players.values():
        found += player.hand + player.network + player.rewards
    found += sorted({e.card for e in state.effects})
    return found


def check_invariants(state: GameState, *, round_trip: bool = True) -> None:
    """Pieces within the components, no negative influence, every card in one place, a canonical encoding (left
    to the caller with `round_trip` False: the conformance suite round-trips every state itself).

    A paused turn's working state is mid-resolution (an event being resolved is in no pile yet), so card places
    are checked on the state the paused turn replays from.
    """
    for seat in state.seats:
        player = state.players[seat]
        supporters = sum(c.get(seat, 0) for c in state.supporters.values())
        agents = sum(c.get(seat, 0) for c in state.agents.values())
        assert supporters + agents + player.favours <= MARKERS, (seat, supporters, agents, player.favours)
        assert 0 <= queries.markers_in_play(state, seat) <= MARKERS, seat
        assert 0 <= player.favours <= 3, (seat, player.favours)
        assert player.influence >= 0, (seat, player.influence)
        assert set(player.exhausted) <= set(player.network), (seat, player.exhausted, player.network)
    for faction in FACTIONS:
        assert 0 <= queries.tokens_in_play(state, faction) <= TOKENS, faction
    for nested in (state.supporters, state.fleets, state.transports, state.agents):
        assert all(count > 0 for inner in nested.values() for count in inner.values()), nested
    assert all(value >= 0 for row in state.market_influence for value in row), state.market_influence
    on_assets = {int(number) for number in state.agents}
    in_networks = {n for p in state.players.values() for n in p.network}
    assert on_assets <= in_networks, ("agents on an asset outside every Network", on_assets - in_networks)
    places = Counter(card_places(GameState.decode(state.paused.start) if state.paused else state))
    assert not [n for n, k in places.items() if k > 1], ("cards in two places", places)
    assert sorted(places) == sorted([*cards.assets(), *cards.events()]), ("cards lost or invented", len(places))
    assert len(places) == CARDS
    assert len(state.checks) == len(set(state.checks)) <= 4, state.checks
    if not round_trip:
        return
    data = GAME.encode(state)
    assert GAME.encode(GAME.decode(json.loads(json.dumps(data, sort_keys=True)))) == data
    assert GAME.decode(json.loads(json.dumps(data))) == state


def view_invariants(game: Game, state: GameState, reader: str | None, seen: dict[str, Any]) -> None:
    """No reader sees another seat's hand, the questions put to others, others' standing orders, a paused order,
    or the Rocinante's AI deck below its face-up card."""
    for seat in state.seats:
        [entry] = [p for p in seen["players"] if p["seat"] == seat]
        hand = None if entry["hand"] is None else [c["number"] for c in entry["hand"]]
        assert hand == (state.players[seat].hand if reader == seat else None), (reader, seat)
        assert entry["hand_count"] == len(state.players[seat].hand)
    assert isinstance(seen["deck"], dict) and "unused" not in seen
    # Everyone sees who is asked; only the seat asked sees the question's words.
    assert all(q["text"] is None for q in seen["asked"] if q["seat"] != reader)
    own = state.standing.get(reader, {}) if reader is not None else {}
    assert seen["standing"] == own and "paused" not in seen  # its own only
    assert "deck" not in seen["rocinante"]  # a count only
    assert seen["rocinante"]["deck_count"] == len(state.rocinante.deck)


def check_limits_after_turn(state: GameState, seat: str) -> None:
    """After a seat's cleanup, its Network and hand are within their limits."""
    assert len(state.players[seat].network) <= queries.network_limit(state, seat), (seat, state.players[seat])
    assert len(state.players[seat].hand) <= queries.hand_limit(state, seat), (seat, state.players[seat])


def step_invariants(game: Game, turn: Any) -> None:
    """Influence moves only as the events say; limits hold after cleanup; a turn answers its own questions; the
    memo is spent."""
    after: GameState = turn.state
    assert influence_total(after) == influence_total(turn.before) + bank_change(turn.after), (
        turn.number, [(e.text, e.data) for e in turn.after.events])
    (first, *_) = turn.prompts
    # Limits hold right after cleanup: not when the game ended mid-turn (no cleanup), nor after the Rocinante's
    # turn, which may discard an asset that raised a limit.
    if (len(turn.prompts) == 1 and first.kind == "turn" and after.paused is None and after.phase != "over"
            and not any(e.data.get("kind") == "rocinante-turn" for e in turn.after.events)):
        check_limits_after_turn(after, first.seat)
    if after.paused is not None and after.paused.seat != ROCINANTE and first.kind == "turn":
        # An order answers its own decisions: only other seats are waited for. (The Rocinante's turn that may
        # follow in the same step asks anyone, the mover too, where agents go.)
        assert first.seat not in after.paused.seats(), after.paused.questions
    filed_turn_taken(turn)


def order_invariants(game: Game, state: GameState, prompt: Prompt, order: Order) -> None:
    """The robot memo: a turn is filed as it was built."""
    order_filed(game, state, prompt, order)


def perturb(state: dict[str, Any], viewer: str | None) -> None:
    """Other seats' hands and, before the reveal, their secret starting loyalty; the order of the draw deck, the
    assets left out, the Rocinante's AI deck below its face-up card; other hands in a paused turn's snapshot.

    The Dominance Checks stay where they are: setup puts each on top of its pile in the open, so how many cards
    lie above each is public. Only assets move between hands and the deck.
    """
    checks = {n for n, e in cards.events().items() if e.dominance is not None}
    deck: list[int] = state["deck"]
    assets = [i for i, card in enumerate(deck) if card <= ASSETS]
    for seat, player in state["players"].items():
        if seat == viewer:
            continue
        if player["hand"] and assets:
            position = assets.pop()
            player["hand"][0], deck[position] = deck[position], player["hand"][0]
        if state["phase"] == "loyalty" and player["loyalty"] is not None:
            player["loyalty"] = next(f for f in ("un", "mcr", "opa") if f != player["loyalty"])
    movable = [i for i, card in enumerate(deck) if card not in checks]
    for first, second in zip(movable[::2], movable[1::2], strict=False):
        deck[first], deck[second] = deck[second], deck[first]
    if len(state["unused"]) > 1:
        state["unused"].append(state["unused"].pop(0))
    ai: list[int] = state["rocinante"]["deck"]
    if len(ai) > 2:
        ai[1:] = reversed(ai[1:])
    paused = state.get("paused")
    if paused:
        for seat, player in paused["start"]["players"].items():
            if seat != viewer:
                player["hand"].reverse()
