"""Expedition to 5X's own checks for the conformance suite: cards and technologies in one place, water moved
only as the events say and by the amounts the rules pay, who may see what, the order template's width, and what
a reader may not see."""

from __future__ import annotations

import json
from typing import Any

from engine.contract import Event, Game, Order, Prompt
from games.expedition_5x.cards import ACTIONS, cards
from games.expedition_5x.resolve import DRILL_TABLE, PLUNDER_TABLE
from games.expedition_5x.state import BID, OVER, State
from games.expedition_5x.tableau import technologies_in

__all__ = ["SWEEP", "invariants", "order_invariants", "perturb", "step_invariants", "view_invariants"]

#: Robot games per setup in the slow sweep (200 per seat count were played before).
SWEEP = 200
#: Rounds of a game, and the most steps they take (a round has at most a scout stage and a bid stage).
ROUNDS = 15
MOST_STEPS = 3 * ROUNDS
#: The widest line of an order template: it must fit a mail client's window.
WIDTH = 84


def invariants(game: Game, state: State) -> None:
    """Every technology in one place, every action card in hand, discards or on the table, a canonical encoding;
    a game ends after its 15th round with the deck used up."""
    techs = list(state.deck) + list(state.market) + list(state.discard)
    for seat in state.seats:
        player = state.players[seat]
        techs += technologies_in(player.tableau, cards())
        assert player.water >= 0, (seat, player.water)
        # At the bid stage the revealed cards lie on the table, out of the hand and not yet discarded.
        table = [state.pending[seat].action] if state.stage == BID else []
        assert sorted(player.hand + player.discards + table, key=ACTIONS.index) == list(ACTIONS)
        assert "expand" in player.hand + table
    assert sorted(techs) == sorted(cards().technologies), "every technology is in exactly one place"
    assert len(state.market) <= len(state.seats) - 1
    text = json.dumps(game.encode(state), sort_keys=True)
    decoded = game.decode(json.loads(text))
    assert decoded == state
    assert json.dumps(game.encode(decoded), sort_keys=True) == text
    result = game.result(state)
    if result is not None:
        assert state.round == ROUNDS and state.deck == [] and set(result.scores) == set(state.seats)


def step_invariants(game: Game, turn: Any) -> None:
    """Water moves only as the events say, by what the rules pay, and in private when moved in private; rounds go
    one at a time."""
    before, after = turn.before, turn.state
    assert turn.number <= MOST_STEPS, "a game lasts at most three steps a round"
    assert after.round in (before.round, before.round + 1), (before.round, after.round)
    moved = {seat: 0 for seat in before.seats}
    for event in turn.after.events:
        for seat, delta in event.data.get("water", {}).items():
            moved[seat] += delta
    assert {s: after.players[s].water for s in after.seats} == {
        s: before.players[s].water + moved[s] for s in before.seats}, "water moves only by events"
    check_amounts(turn.after.events)
    for event in turn.after.events:  # water moved in private stays private
        moved = set(event.data.get("water", {}))
        if event.to is not None:
            assert moved <= set(event.to)
        else:
            assert event.data["kind"] not in ("steal", "plundered") or not moved


def order_invariants(game: Game, state: State, prompt: Prompt, order: Order) -> None:
    """The order template of the prompted seat fits a mail window."""
    assert max(len(line) for line in game.template(state, prompt.seat).splitlines()) <= WIDTH


def view_invariants(game: Game, state: State, reader: str | None, view: dict[str, Any]) -> None:
    """Views hold no other seat's water (until the end), hand or held choice; a seat's own held choice is its own."""
    for entry in view["players"]:
        if state.stage != OVER:
            assert "water" not in entry
        assert "hand" not in entry and "choice" not in entry
    if reader is None:
        assert view["you"] is None
    else:
        assert view["you"]["seat"] == reader
        held = view["you"]["choice"]
        assert held is None or state.pending[reader].bid == held["bid"]


def check_amounts(events: list[Event]) -> None:
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


def perturb(state: dict[str, Any], viewer: str | None) -> None:
    """Other seats' water (until the screens lift), hands and held choices; the deck below its top card."""
    over = state["stage"] == "over"
    for seat, player in state["players"].items():
        if seat == viewer:
            continue
        if not over:
            player["water"] += 7
        player["hand"].reverse()
        choice = state.get("pending", {}).get(seat)
        if choice is not None:
            bid = choice["bid"]  # a number, or bids by case held for after the reveal
            choice["bid"] = {case: amount + 1 for case, amount in bid.items()} if isinstance(bid, dict) else bid + 1
            choice["wishes"].reverse()
    if len(state["deck"]) > 2:
        rest = state["deck"][1:]
        rest.reverse()
        state["deck"][1:] = rest
