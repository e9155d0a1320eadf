"""Pax Expanse's caretaker: through `pbem robot --style caretaker` in a 4-player game with the Rocinante, its orders
stored with their reasons, the game replaying exactly and coming out the same from the same seed; its sample of the
hidden cards keeps what the seat sees; the bench counts its games."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine import registry
from engine.contract import has_caretaker
from engine.rng import Rng
from games.pax_expanse import caretaker
from games.pax_expanse.dominance import check_of
from games.pax_expanse.state import GameState
from pbem import bench
from pbem.cli import main

SEATS = ("anna", "ben", "cleo", "dan")


def pbem(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def caretaker_game(folder: Path, seed: str = "care-1") -> None:
    """A 4-player Pax Expanse game, anna under the caretaker and the others random robots, played to its end."""
    pbem("new", str(folder), "--game", "pax-expanse", "--seed", seed, *[a for s in SEATS for a in ("--player", s)])
    assert "the caretaker now plays: anna" in pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    for seat in SEATS[1:]:
        pbem("robot", str(folder), "--seat", seat)
    assert "the game is over" in pbem("run", "--no-reports", str(folder))


def stored_orders(folder: Path, seat: str) -> list[str]:
    """The order documents the seat's step folders hold, in step order."""
    return [path.read_text() for path in sorted(folder.glob(f"steps/*/orders/{seat}.yaml"))]


def test_pax_expanse_offers_a_caretaker() -> None:
    assert has_caretaker(registry.get("pax-expanse"))


@pytest.mark.slow  # a whole game by pbem, replayed
def test_a_caretaker_seat_replays_exactly_and_is_the_same_from_the_same_seed(tmp_path: Path) -> None:
    caretaker_game(tmp_path / "first")
    caretaker_game(tmp_path / "second")
    assert "replay exactly" in pbem("replay", str(tmp_path / "first"))
    events = "".join(p.read_text() for p in (tmp_path / "first").glob("steps/*/events.json"))
    assert "rocinante-turn" in events  # the Rocinante took its turns in the game
    first, second = stored_orders(tmp_path / "first", "anna"), stored_orders(tmp_path / "second", "anna")
    assert first and [text.replace("second", "first") for text in second] == first
    assert first[0].startswith("# caretaker orders for anna\n# caretaker: loyalty ")
    turns = [text for text in first if "actions:" in text]
    assert turns and all(text.startswith("# caretaker orders for anna\n# caretaker: ") for text in turns)
    assert "# caretaker: position weighed" in turns[0]
    with_standing = [text for text in first if "standing:" in text]
    assert len(with_standing) == 1 and "bribe: full" in with_standing[0]  # answered in advance, once
    ben = stored_orders(tmp_path / "first", "ben")
    assert ben and all(text.startswith("# robot orders for ben\n") and "caretaker" not in text for text in ben)


def dealt(seed: str) -> GameState:
    """A 4-player game after the loyalty step, at the first seat's turn."""
    game = registry.get("pax-expanse")
    state = game.setup(list(SEATS), {}, Rng.for_step(seed, 0))
    orders = {p.seat: game.random_order(state, p.seat, Rng.for_robot(seed, 1, p.seat)) for p in game.prompts(state)}
    found: GameState = game.apply(state, orders, Rng.for_step(seed, 1)).state
    assert found.phase == "turns"
    return found


def test_the_sample_deals_only_what_the_seat_cannot_see_and_keeps_what_is_public() -> None:
    state = dealt("care-sample")
    seat = state.current
    sampled = caretaker.sample(state, seat, Rng("sample"))
    assert sampled.players[seat].hand == state.players[seat].hand
    assert [check_of(n) for n in sampled.deck] == [check_of(n) for n in state.deck]  # checks stay where they lie
    for other in state.seats:
        assert len(sampled.players[other].hand) == len(state.players[other].hand)
        assert all(n <= caretaker.ASSETS for n in sampled.players[other].hand)
    def unseen(s: GameState) -> Counter[int]:
        return Counter([*s.deck, *s.unused, *(n for o in s.seats if o != seat for n in s.players[o].hand)])
    assert unseen(sampled) == unseen(state) and len(sampled.unused) == len(state.unused)
    assert sampled.rocinante.deck[0] == state.rocinante.deck[0]
    assert sorted(sampled.rocinante.deck) == sorted(state.rocinante.deck)
    assert sampled.deck != state.deck  # the order below the public places was dealt again
    assert sampled.market == state.market and sampled.discard == state.discard


def test_the_caretakers_turn_passes_the_rules_and_says_why() -> None:
    game = registry.get("pax-expanse")
    state = dealt("care-turn")
    seat = state.current
    order = caretaker.caretaker_order(game, state, seat, Rng("turn"))
    assert order is not None and not game.check(state, seat, order)
    reasons = caretaker.caretaker_reasons(state, seat, order)
    assert reasons and any(line.text.startswith("position weighed") and line.public for line in reasons)
    assert caretaker.caretaker_reasons(state, seat, {"actions": []}) == []


@pytest.mark.slow  # whole games
def test_the_bench_plays_seeded_pax_expanse_games_with_one_caretaker_seat() -> None:
    first = bench.caretaker_games("pax-expanse", 4, range(2))
    again = bench.caretaker_games("pax-expanse", 4, range(2))
    assert first.games == 2 and first.turns > 10 and 0 < first.cpu and first.slowest <= first.cpu
    assert (first.wins, first.turns) == (again.wins, again.turns)  # the same seeds play the same games
