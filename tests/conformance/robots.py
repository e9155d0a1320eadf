"""Robot games step by step, with every registered game's hooks checked: the one driver the suite and the games'
own tests play through.

The steps, seeds and random streams are engine.simulate.play_out's, so a game played here is the very game the
bench times and tests/integration fingerprints.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Event, Game, Order, Prompt, Result, State, Step
from engine.rng import Rng
from engine.simulate import MAX_STEPS, GameDidNotEnd

from .hooks import invariants, order_invariants, step_invariants, view_invariants

#: How a seat's order is chosen: from the state, its prompt and the robot's stream for that step and seat.
Choose = Callable[[Game, State, Prompt, Rng], Order]


def robot(game: Game, state: State, prompt: Prompt, rng: Rng) -> Order:
    """The game's own robot order."""
    return game.random_order(state, prompt.seat, rng)


def silent(seat: str) -> Choose:
    """Robots for every seat but `seat`, which never writes and so takes the deadline default at every prompt."""

    def choose(game: Game, state: State, prompt: Prompt, rng: Rng) -> Order:
        return game.default_order(state, seat) if prompt.seat == seat else game.random_order(state, prompt.seat, rng)

    return choose


@dataclass(frozen=True)
class Turn:
    """One step of a robot game: the state before it, who was asked, the orders given and what the rules made."""

    number: int
    seed: str | int
    before: State
    prompts: tuple[Prompt, ...]
    orders: Mapping[str, Order]
    after: Step
    #: The new state's encoding as JSON text, its keys as encode lays them out (snapshot sorts them).
    text: str

    @property
    def state(self) -> State:
        """The state after the step."""
        return self.after.state

    def rng(self) -> Rng:
        """The step's random stream, afresh (apply drew from the first one)."""
        return Rng.for_step(self.seed, self.number)


def snapshot(game: Game, state: State) -> str:
    """The state's encoding as canonical text: equal texts, equal states."""
    return json.dumps(game.encode(state), sort_keys=True, default=str)


def laid_out(game: Game, state: State) -> str:
    """The state's encoding as JSON text, unsorted: cheaper than snapshot, and the same for one state object as
    long as nothing changes it."""
    return json.dumps(game.encode(state), default=str)


def round_trip_kept(game: Game, turn: Turn) -> None:
    """decode(encode(s)) encodes to what s encoded to (compared as data: decoding may lay keys out anew)."""
    encoded = json.loads(turn.text)
    assert game.encode(game.decode(json.loads(turn.text))) == encoded, \
        f"step {turn.number}: encode(decode(encode(s))) differs"


def plain(events: Sequence[Event]) -> list[tuple[Any, ...]]:
    """Events as comparable values."""
    return [(e.text, e.to, json.dumps(dict(e.data), sort_keys=True, default=str)) for e in events]


def turns(game: Game, state: State, seed: str | int, choose: Choose = robot,
          drawn: Callable[[State, Prompt, Order], None] | None = None) -> Iterator[Turn]:
    """Every step from `state` to the game's end; `drawn` sees each order before check does.

    Whatever the game, a game not over asks someone and each seat once, every order chosen passes check, and
    nothing the step does (prompts, robot orders, check, apply) changes the state it starts from.
    """
    text = laid_out(game, state)
    for number in range(1, MAX_STEPS + 1):
        if game.result(state) is not None:
            return
        prompts = tuple(game.prompts(state))
        assert prompts, f"step {number}: a game that is not over waits for nobody"
        assert len({p.seat for p in prompts}) == len(prompts), f"step {number}: a seat asked twice: {prompts}"
        orders: dict[str, Order] = {}
        for prompt in prompts:
            order = choose(game, state, prompt, Rng.for_robot(seed, number, prompt.seat))
            if drawn is not None:
                drawn(state, prompt, order)
            problems = game.check(state, prompt.seat, order)
            assert problems == [], f"step {number}: the order of {prompt.seat} is refused: {problems} in {order}"
            orders[prompt.seat] = order
        after = game.apply(state, orders, Rng.for_step(seed, number))
        assert laid_out(game, state) == text, f"step {number}: the state changed under its own step"
        text = laid_out(game, after.state)
        yield Turn(number, seed, state, prompts, orders, after, text)
        state = after.state
    raise GameDidNotEnd(f"{game.id} seed {seed}: no result after {MAX_STEPS} steps")


@dataclass
class Played:
    """A whole robot game: where it started and every step."""

    game: Game
    seed: str | int
    start: State
    turns: list[Turn] = field(default_factory=list)

    @property
    def state(self) -> State:
        """The final state."""
        return self.turns[-1].state if self.turns else self.start

    @property
    def result(self) -> Result:
        """The game's result."""
        result = self.game.result(self.state)
        assert result is not None
        return result

    @property
    def events(self) -> list[Event]:
        """Every event of the game, in order."""
        return [event for turn in self.turns for event in turn.after.events]


def setup(game: Game, seats: Sequence[str], options: Mapping[str, Any], seed: str | int) -> State:
    """The game set up as play_out sets it up."""
    return game.setup(list(seats), dict(options), Rng.for_step(seed, 0))


def play(game: Game, seats: Sequence[str], options: Mapping[str, Any], seed: str | int, *,
         start: State | None = None, choose: Choose = robot, thorough: bool = True) -> Played:
    """A whole game with every hook of the game checked, then replayed from its archived orders.

    After setup and after every step: the game's `invariants`, the encode/decode round trip, and the game's
    `step_invariants`. At the end the result names winners among the scores, with the top score. `thorough` (the
    fast suite's games; a sweep leaves it out, as views and second resolutions would make it several times
    dearer) adds every reader's view at every step (plain data, and the game's `view_invariants`), every order
    drawn to the game's `order_invariants`, and the replay: setup plus the orders alone rebuild every state and
    every event exactly (each step applied to a decoded copy of the last, as pbem replays an archive).
    """
    check, check_step, check_view = invariants(game), step_invariants(game), view_invariants(game)
    check_order = order_invariants(game) if thorough else None
    state = setup(game, seats, options, seed) if start is None else start
    played = Played(game, seed, state)

    def kept(state: State) -> None:
        check(game, state)
        if thorough:
            for reader in [*seats, None]:
                view = game.view(state, reader)
                json.dumps(view)  # a view is plain data
                check_view(game, state, reader, view)

    def drawn(state: State, prompt: Prompt, order: Order) -> None:
        assert check_order is not None
        check_order(game, state, prompt, order)

    kept(state)
    for turn in turns(game, state, seed, choose, drawn if check_order else None):
        round_trip_kept(game, turn)
        kept(turn.state)
        check_step(game, turn)
        played.turns.append(turn)
    result = played.result
    assert result.winners and set(result.winners) <= set(result.scores), result
    assert set(seats) <= set(result.scores), (seats, result)
    top = max(result.scores.values())
    assert all(result.scores[winner] == top for winner in result.winners), result
    if thorough:
        replay(played)
    return played


def replay(played: Played) -> None:
    """Setup and the archived orders rebuild every state and event of a played game."""
    game = played.game
    state = game.decode(json.loads(snapshot(game, played.start)))
    for turn in played.turns:
        step = game.apply(game.decode(json.loads(snapshot(game, state))), copy.deepcopy(dict(turn.orders)),
                          turn.rng())
        assert snapshot(game, step.state) == snapshot(game, turn.state), f"step {turn.number}: replay differs"
        assert plain(step.events) == plain(turn.after.events), f"step {turn.number}: replayed events differ"
        state = step.state
