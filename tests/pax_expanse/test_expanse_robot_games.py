"""Whole Pax Expanse games played by robots (prompts -> random_order -> check -> apply), with the rulebook's
invariants checked after every step: components, influence, cards, limits, checks, encoding and replay."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import games.pax_expanse
from engine.contract import Step
from engine.rng import Rng
from games.pax_expanse import cards, queries
from games.pax_expanse.game import PaxExpanse
from games.pax_expanse.model import FACTIONS
from games.pax_expanse.state import MARKERS, ROCINANTE, TOKENS, GameState

GAME = PaxExpanse()

SEATS = ("anna", "ben", "cleo", "dara")
#: Every card of the game that moves between deck, market, hands, Networks and discard: 100 assets, 16 events.
CARDS = 116
#: A guard against a rules bug that never ends a game (robot games end in well under a thousand steps).
MAX_STEPS = 3000
#: Event kinds by which influence enters the game from the bank (+) or leaves it (-), with the field they carry.
BANK = {"influence": ("amount", 1), "influence-to-bank": ("amount", -1), "money-removed": ("amount", -1)}


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


def check_invariants(state: GameState) -> None:
    """Pieces within the components, no negative influence, every card in one place, a canonical encoding.

    A paused turn's working state is mid-resolution (an event being resolved is in no pile yet), so card places
    are checked on the state the paused turn replays from.
    """
    for seat in state.seats:
        player = state.players[seat]
        supporters = sum(c.get(seat, 0) for c in state.supporters.values())
        agents = sum(c.get(seat, 0) for c in state.agents.values())
        assert supporters + agents + player.favours <= MARKERS, (seat, supporters, agents, player.favours)
        assert 0 <= player.favours <= 3, (seat, player.favours)
        assert player.influence >= 0, (seat, player.influence)
        assert set(player.exhausted) <= set(player.network), (seat, player.exhausted, player.network)
    for faction in FACTIONS:
        assert queries.tokens_in_play(state, faction) <= TOKENS, faction
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
    data = GAME.encode(state)
    assert GAME.encode(GAME.decode(json.loads(json.dumps(data, sort_keys=True)))) == data


def check_limits_after_turn(state: GameState, seat: str) -> None:
    """After a seat's cleanup, its Network and hand are within their limits."""
    assert len(state.players[seat].network) <= queries.network_limit(state, seat), (seat, state.players[seat])
    assert len(state.players[seat].hand) <= queries.hand_limit(state, seat), (seat, state.players[seat])


def play_game(players: int, seed: int, invariants: bool = True) -> tuple[GameState, list[dict[str, Any]],
                                                                            list[dict[str, Any]]]:
    """Play one robot game to its end: the final state, every step's orders, and every step's encoded state."""
    state = GAME.setup(SEATS[:players], {}, Rng(f"px/{seed}/setup"))
    archive: list[dict[str, Any]] = []
    snapshots: list[dict[str, Any]] = []
    while GAME.result(state) is None:
        prompts = GAME.prompts(state)
        assert prompts, "a game not over waits for someone"
        orders = {}
        for prompt in prompts:
            order = GAME.random_order(state, prompt.seat, Rng.for_robot(seed, len(archive), prompt.seat))
            problems = GAME.check(state, prompt.seat, order)
            assert not problems, (len(archive), prompt, order, problems)
            orders[prompt.seat] = order
        before = influence_total(state)
        step = GAME.apply(state, orders, Rng.for_step(seed, len(archive)))
        if invariants:
            assert influence_total(step.state) == before + bank_change(step), (
                len(archive), [(e.text, e.data) for e in step.events])
            check_invariants(step.state)
            # Limits hold right after cleanup: not when the game ended mid-turn (no cleanup), nor after the
            # Rocinante's turn, which may discard an asset that raised a limit.
            if (len(prompts) == 1 and prompts[0].kind == "turn" and step.state.paused is None
                    and step.state.phase != "over"
                    and not any(e.data.get("kind") == "rocinante-turn" for e in step.events)):
                check_limits_after_turn(step.state, prompts[0].seat)
            if step.state.paused is not None and step.state.paused.seat != ROCINANTE and prompts[0].kind == "turn":
                # A robot answers its own decisions in its order: only other seats are waited for. (The Rocinante's
                # turn that may follow in the same step asks anyone, the robot too, where agents go.)
                assert prompts[0].seat not in step.state.paused.seats(), step.state.paused.questions
        state = step.state
        archive.append(orders)
        snapshots.append(GAME.encode(state))
        assert len(archive) < MAX_STEPS, "a robot game should end"
    return state, archive, snapshots


def check_finished(state: GameState) -> None:
    """The game ended by the rules: the last Dominance Check (or instability's) with winners among the seats."""
    result = GAME.result(state)
    assert result is not None and result.winners
    assert set(result.winners) <= set(state.seats)
    assert state.checks, "a game ends with a Dominance Check"
    best = max(result.scores.values())
    assert all(result.scores[w] == best for w in result.winners)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_robot_games_end_with_invariants_kept(players: int, seed: int) -> None:
    state, _, _ = play_game(players, seed)
    check_finished(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_many_robot_games(players: int) -> None:
    # 150 games per player count: 300 seeded games over 3 and 4 players.
    for seed in range(100, 250):
        state, _, _ = play_game(players, seed)
        check_finished(state)


@pytest.mark.parametrize("players", [3, 4])
def test_replaying_archived_orders_rebuilds_every_state_exactly(players: int) -> None:
    seed = 77
    _, archive, snapshots = play_game(players, seed, invariants=False)
    replayed = GAME.setup(SEATS[:players], {}, Rng(f"px/{seed}/setup"))
    for number, orders in enumerate(archive):
        step = GAME.apply(GAME.decode(GAME.encode(replayed)), orders, Rng.for_step(seed, number))
        replayed = step.state
        assert GAME.encode(replayed) == snapshots[number], number


def test_no_seat_sees_another_seats_hand_at_any_step() -> None:
    state = GAME.setup(SEATS[:3], {}, Rng("px/hidden/setup"))
    state.standing = {"anna": {"bribe": "full"}, "ben": {"bribe": "waive", "discard": [40]}}  # private to each
    steps = 0
    while GAME.result(state) is None and steps < 400:
        for seat in state.seats:
            for other in state.seats:
                seen = GAME.view(state, other)
                [entry] = [p for p in seen["players"] if p["seat"] == seat]
                hand = None if entry["hand"] is None else [c["number"] for c in entry["hand"]]
                assert hand == (state.players[seat].hand if other == seat else None)
                assert entry["hand_count"] == len(state.players[seat].hand)
                assert isinstance(seen["deck"], dict) and "unused" not in seen
                # Everyone sees who is asked; only the seat asked sees the question's words.
                assert all(q["text"] is None for q in seen["asked"] if q["seat"] != other)
                assert seen["standing"] == state.standing.get(other, {}) and "paused" not in seen  # its own only
                assert "deck" not in seen["rocinante"]  # the AI deck below its face-up card: a count only
                assert seen["rocinante"]["deck_count"] == len(state.rocinante.deck)
        orders = {p.seat: GAME.random_order(state, p.seat, Rng.for_robot("hidden", steps, p.seat))
                  for p in GAME.prompts(state)}
        state = GAME.apply(state, orders, Rng.for_step("hidden", steps)).state
        steps += 1


def test_the_secret_loyalty_choice_is_one_step_for_every_seat() -> None:
    state = GAME.setup(SEATS[:4], {}, Rng("px/loyalty/setup"))
    prompts = GAME.prompts(state)
    assert sorted(p.seat for p in prompts) == sorted(SEATS[:4]) and {p.kind for p in prompts} == {"loyalty"}
    orders = {p.seat: GAME.random_order(state, p.seat, Rng.for_robot("loyalty", 0, p.seat)) for p in prompts}
    state = GAME.apply(state, orders, Rng.for_step("loyalty", 0)).state
    assert all(state.players[s].loyalty == orders[s]["loyalty"] for s in SEATS[:4])
    assert [p.kind for p in GAME.prompts(state)] == ["turn"]


@pytest.mark.parametrize("players", [3, 4])
def test_a_silent_seat_takes_the_deadline_default_at_every_prompt_and_the_game_ends(players: int) -> None:
    # Anna never writes: every prompt of hers (loyalty, turns, bribes asked of her, discards) takes its default.
    seed = 31 + players
    state = GAME.setup(SEATS[:players], {}, Rng(f"px/{seed}/setup"))
    steps = defaults = 0
    while GAME.result(state) is None:
        orders = {}
        for prompt in GAME.prompts(state):
            if prompt.seat == "anna":
                order = GAME.default_order(state, "anna")
                defaults += 1
            else:
                order = GAME.random_order(state, prompt.seat, Rng.for_robot(seed, steps, prompt.seat))
            assert GAME.check(state, prompt.seat, order) == [], (steps, prompt, order)
            orders[prompt.seat] = order
        step = GAME.apply(state, orders, Rng.for_step(seed, steps))
        if ("anna" in orders and "actions" in orders["anna"] and step.state.paused is not None
                and step.state.paused.seat != ROCINANTE):
            assert "anna" not in step.state.paused.seats(), "a default turn answers its own questions"
        check_invariants(step.state)
        state = step.state
        steps += 1
        assert steps < MAX_STEPS
    assert defaults > 10
    check_finished(state)


def question_name(key: str) -> str:
    """A question key without its place in the order, its number and its seat: actions.1.bribe-play-2 -> bribe-play."""
    key = re.sub(r"^(actions\.\d+\.|files\.|cleanup\.)", "", key)
    key = re.sub(r"(-\d+|\.\d+)$", "", key)
    return re.sub(r"\.(" + "|".join(SEATS) + r")$", ".SEAT", key)


def test_every_question_robot_games_raise_is_in_the_orders_guide() -> None:
    guide = (Path(games.pax_expanse.__file__).parent / "orders.md").read_text()
    documented = " ".join(re.findall(r"`([^`]*)`", guide))
    asked: set[str] = set()
    for players, seed in ((3, 1), (4, 2), (3, 3), (4, 4)):
        _, archive, snapshots = play_game(players, seed, invariants=False)
        asked |= {question_name(k) for orders in archive for o in orders.values() for k in (o.get("answers") or {})}
        asked |= {question_name(q["key"]) for s in snapshots if s["paused"] for q in s["paused"]["questions"]}
    assert {"bribe-play", "hand"} <= asked
    assert sorted(name for name in asked if name not in documented) == []


def test_a_robot_giving_new_standing_orders_builds_its_turn_with_them_in_force() -> None:
    # Anna's old standing discard answered her own cleanup; a robot order replacing it must not then pause on her.
    from px_helpers import market, position

    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, networks={"anna": [85, 34, 45, 91]},
                     hands={"anna": [93]})
    market(state, [46, 47, 48, 49, 50, 51], [52, 53, 54, 55, 56, 57])
    state.standing = {"anna": {"discard": [85]}}
    standing_given = 0
    for number in range(80):
        order = GAME.random_order(state, "anna", Rng(f"px/standing/{number}"))
        standing_given += "standing" in order
        assert GAME.check(state, "anna", order) == [], order
        after = GAME.apply(state, {"anna": order}, Rng("x")).state
        assert after.paused is None or "anna" not in after.paused.seats(), order
    assert standing_given
