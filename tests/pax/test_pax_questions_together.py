"""Issue 19 across pbem: `pbem new` records `questions: together` for the Pax games, and the bench's prompt figure
counts fewer steps per turn under it than under the rules of older games."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import contract, registry
from games.pax.together import together_option
from pbem.bench import asking
from pbem.game_yaml import Seat
from pbem.store import create

#: The games whose new games ask a seat's independent questions together.
PAX = sorted(game_id for game_id, game in registry.games().items() if contract.new_options(game).get("questions"))


@pytest.mark.parametrize("game_id", PAX)
def test_a_game_made_now_records_questions_together_unless_told_otherwise(tmp_path: Path, game_id: str) -> None:
    seats = [Seat(s) for s in ("anna", "ben", "cleo")]
    made, _ = create(tmp_path / "new", game_id, 1, seats)
    assert made.meta.options == {"questions": "together", "resume": "at-part"} and made.state().together
    older, _ = create(tmp_path / "old", game_id, 1, seats, {"questions": "one-at-a-time", "resume": "from-start"})
    assert not older.state().together and not older.state().resumes_at_part
    assert made.game.encode(made.state()) == {**older.game.encode(older.state()), "questions": "together",
                                              "resume": "at-part"}


def test_a_bad_value_of_the_option_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="together or one-at-a-time, not 'sometimes'"):
        together_option({"questions": "sometimes"})


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PAX)
def test_asking_together_takes_fewer_steps_per_turn(game_id: str) -> None:
    game = registry.get(game_id)
    players = contract.bench(game).prompts
    before = asking(game_id, players, range(2), {})
    after = asking(game_id, players, range(2), contract.new_options(game))
    assert before.turns > 50 and after.turns > 50
    assert before.prompts_per_turn > 0.3  # robots that answer nothing in advance are asked often
    assert after.steps_per_turn < before.steps_per_turn and after.prompts_per_turn < before.prompts_per_turn
