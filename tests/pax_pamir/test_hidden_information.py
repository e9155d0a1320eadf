"""Hidden information: a view shows a seat its own hand, other hands only as counts, and never the deck order."""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

SEATS = ("anna", "bob", "cati", "dora")
PRIVATE_KEYS = {"unused", "standing", "automata", "paused", "start", "answers"}


def card_numbers(node: Any) -> set[int]:
    """Every card number a view shows (card entries carry a `number`)."""
    found: set[int] = set()
    if isinstance(node, dict):
        if isinstance(node.get("number"), int) and "kind" in node:
            found.add(node["number"])
        for value in node.values():
            found |= card_numbers(value)
    elif isinstance(node, list):
        for value in node:
            found |= card_numbers(value)
    return found


def keys(node: Any) -> set[str]:
    """Every mapping key anywhere in a view."""
    if isinstance(node, dict):
        return set(node) | {k for v in node.values() for k in keys(v)}
    if isinstance(node, list):
        return {k for v in node for k in keys(v)}
    return set()


def secret(state: GameState, viewer: str | None) -> set[int]:
    """Cards `viewer` may not see: the deck, the unused cards and every other seat's hand."""
    hidden = set(state.deck) | set(state.unused)
    for seat in state.seats:
        if seat != viewer:
            hidden |= set(state.players[seat].hand)
    return hidden


def test_views_through_robot_games_never_show_a_hidden_card_or_private_data() -> None:
    checked = 0
    for seed in range(3):
        state = GAME.setup(SEATS, {}, Rng(f"hidden/{seed}"))
        step = 0
        while GAME.result(state) is None and step < 400:
            for viewer in (*state.seats, None):
                view = GAME.view(state, viewer)
                assert card_numbers(view) & secret(state, viewer) == set(), (seed, step, viewer)
                assert keys(view) & PRIVATE_KEYS == set(), (seed, step, viewer)
                assert view["deck"].keys() == {"count", "checks_left", "check_windows"}
                for player in view["players"]:
                    assert player["hand_count"] == len(state.players[player["seat"]].hand)
                    assert (player["hand"] is not None) == (player["seat"] == viewer)
                checked += 1
            (prompt,) = GAME.prompts(state)
            rng = Rng.for_step(seed, step, "robot")
            state = GAME.apply(state, {prompt.seat: GAME.random_order(state, prompt.seat, rng)}, rng).state
            step += 1
    assert checked > 300
