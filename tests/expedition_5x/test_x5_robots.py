"""Robot games through the engine contract, with the game's invariants checked after every step."""

from __future__ import annotations

import json

import pytest
from x5_helpers import SEATS

from engine.rng import Rng
from games.expedition_5x import GAME
from games.expedition_5x.cards import ACTIONS, cards
from games.expedition_5x.resolve import DRILL_TABLE, PLUNDER_TABLE
from games.expedition_5x.state import BID, OVER
from games.expedition_5x.tableau import technologies_in

SEEDS = 200


def _check_invariants(state, ledger):
    techs = list(state.deck) + list(state.market) + list(state.discard)
    for seat in state.seats:
        player = state.players[seat]
        techs += technologies_in(player.tableau, cards())
        assert player.water == ledger[seat] and player.water >= 0
        # At the bid stage the revealed cards lie on the table, out of the hand and not yet discarded.
        table = [state.pending[seat].action] if state.stage == BID else []
        assert sorted(player.hand + player.discards + table, key=ACTIONS.index) == list(ACTIONS)
        assert "expand" in player.hand + table
    assert sorted(techs) == sorted(cards().technologies), "every technology is in exactly one place"
    assert len(state.market) <= len(state.seats) - 1
    text = json.dumps(GAME.encode(state), sort_keys=True)
    decoded = GAME.decode(json.loads(text))
    assert decoded == state
    assert json.dumps(GAME.encode(decoded), sort_keys=True) == text


def _check_secrecy(state, events):
    for seat in [None, *state.seats]:
        view = GAME.view(state, seat)
        if seat is None:
            json.dumps(view)  # views are plain data
        for entry in view["players"]:
            if state.stage != OVER:
                assert "water" not in entry
            assert "hand" not in entry and "choice" not in entry
        if seat is None:
            assert view["you"] is None
        else:
            assert view["you"]["seat"] == seat
            held = view["you"]["choice"]
            assert held is None or state.pending[seat].bid == held["bid"]
    for event in events:
        moved = set(event.data.get("water", {}))
        if event.to is not None:
            assert moved <= set(event.to)
        else:
            assert event.data["kind"] not in ("steal", "plundered") or not moved


def _check_amounts(events, state_before):
    """Recompute what each rule pays from the round's revealed cards, bids and rolls."""
    played = next((e.data["played"] for e in events if e.data.get("kind") == "played"), None)
    if played is None:
        return
    count = {a: sum(1 for x in played.values() if x == a) for a in ACTIONS}
    bids = next((e.data["bids"] for e in events if e.data.get("kind") in ("bids",)), {})
    solo = next((e.data for e in events if e.data.get("kind") == "solo-bid"), None)
    for event in events:
        kind, water = event.data.get("kind"), event.data.get("water", {})
        if kind == "drill":
            assert list(water.values()) in ([DRILL_TABLE.get(count["drill"], 0)], [])
        elif kind == "plunder":
            if water:
                assert list(water.values()) == [PLUNDER_TABLE[count["plunder"]]]
            else:
                assert count["plunder"] >= 3 or count["excavate"] + count["expand"] == 0
        elif kind == "plundered":
            assert -PLUNDER_TABLE[count["plunder"]] * count["plunder"] <= sum(water.values()) <= 0
        elif kind == "scout":
            assert sum(water.values()) == event.data["roll"]
        elif kind == "win":
            bid = bids.get(event.data["seat"], solo["bid"] if solo else None)
            assert water == {event.data["seat"]: -bid}
        elif kind == "lose":
            assert list(water.values()) in ([-1], [])
        elif kind == "steal":
            assert sum(water.values()) == 0 and all(abs(d) == 1 for d in water.values())
        elif kind == "improve":
            assert len(water) <= 1 and all(d > 0 for d in water.values())
        else:
            assert not water, f"{kind} events move no water"


def play_robot_game(players: int, seed: int) -> int:
    """One whole game of random legal orders; the number of steps."""
    seats = SEATS[:players]
    state = GAME.setup(seats, {}, Rng.for_step(seed, 0))
    ledger = {s: 5 for s in seats}
    _check_invariants(state, ledger)
    step_no, rounds = 0, 0
    while GAME.result(state) is None:
        step_no += 1
        prompts = GAME.prompts(state)
        assert prompts and len({p.seat for p in prompts}) == len(prompts)
        orders = {}
        for prompt in prompts:
            order = GAME.random_order(state, prompt.seat, Rng.for_step(seed, step_no, f"robot/{prompt.seat}"))
            assert GAME.check(state, prompt.seat, order) == []
            orders[prompt.seat] = order
        before = json.dumps(GAME.encode(state), sort_keys=True)
        step = GAME.apply(state, orders, Rng.for_step(seed, step_no))
        assert json.dumps(GAME.encode(state), sort_keys=True) == before, "apply must not change its input"
        _check_amounts(step.events, state)
        for event in step.events:
            for seat, delta in event.data.get("water", {}).items():
                ledger[seat] += delta
        if step.state.round != state.round or step.state.stage == OVER:
            rounds += 1
        state = step.state
        _check_invariants(state, ledger)
        _check_secrecy(state, step.events)
    assert rounds == 15 and state.round == 15 and state.deck == []
    result = GAME.result(state)
    assert result.winners and set(result.scores) == set(seats)
    return step_no


@pytest.mark.parametrize("players", [3, 4, 5])
def test_robot_games_finish_after_15_rounds_keeping_every_invariant(players):
    steps = [play_robot_game(players, seed) for seed in range(SEEDS)]
    assert min(steps) >= 15 and max(steps) <= 45  # a round has at most a scout stage and a bid stage
    assert max(steps) > 15, "some games should have had a scout stage or a bid stage"


@pytest.mark.parametrize("players", [3, 5])
def test_templates_and_default_orders_always_pass_check(players):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    for seed in range(20):
        state = GAME.setup(SEATS[:players], {}, Rng.for_step(seed, 0))
        step_no = 0
        while GAME.result(state) is None:
            step_no += 1
            orders = {}
            for prompt in GAME.prompts(state):
                template = GAME.template(state, prompt.seat)
                assert GAME.check(state, prompt.seat, yaml.load(template)) == []
                assert max(len(line) for line in template.splitlines()) <= 72
                assert GAME.check(state, prompt.seat, GAME.default_order(state, prompt.seat)) == []
                orders[prompt.seat] = GAME.random_order(state, prompt.seat, Rng.for_step(seed, step_no, prompt.seat))
            state = GAME.apply(state, orders, Rng.for_step(seed, step_no)).state
