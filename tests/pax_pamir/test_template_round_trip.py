"""A player who mails the order template back unchanged sends a legal order, in every kind of game and step."""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML

from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

SEATS = ("anna", "bob", "cati", "dora", "emil")
GAMES = [(str(n), seed) for n in (2, 3, 4, 5) for seed in range(3)] + \
        [(f"w{n}", seed) for n in (1, 2) for seed in range(4)]


def setup(kind: str, seed: int) -> GameState:
    """A robot game of `kind`: a player count, or w1/w2 for one or two humans against Wakhan."""
    if kind.startswith("w"):
        return GAME.setup(SEATS[:int(kind[1:])], {"wakhan": True}, Rng(f"template/{kind}/{seed}"))
    return GAME.setup(SEATS[:int(kind)], {}, Rng(f"template/{kind}/{seed}"))


@pytest.mark.parametrize(("kind", "seed"), GAMES)
def test_unedited_templates_parse_and_pass_check_at_every_step(kind: str, seed: int) -> None:
    yaml = YAML(typ="safe", pure=True)
    state = setup(kind, seed)
    step = 0
    while GAME.result(state) is None:
        (prompt,) = GAME.prompts(state)
        for seat in state.seats:
            if state.players[seat].automaton:
                continue
            body = yaml.load(GAME.template(state, seat)) or {}
            if seat == prompt.seat:
                assert GAME.check(state, seat, body) == [], (step, body)
            else:
                assert set(body) <= {"standing"}, (step, seat, body)
        rng = Rng.for_step(seed, step, "robot")
        # Every fifth step the template itself is the order, so the game goes on from what it produced.
        if step % 5 == 4:
            order = yaml.load(GAME.template(state, prompt.seat)) or {}
        else:
            order = GAME.random_order(state, prompt.seat, rng)
        state = GAME.apply(state, {prompt.seat: order}, rng).state
        step += 1
        assert step < 3000
