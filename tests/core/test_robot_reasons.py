"""The caretaker's reasons travel only in pbem's own files: kept beside its pending order, tied to that order's text,
stored in step.json with the step it played; an order a person sends never carries any, whatever it comments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner
from highest_unique.game import HighestUnique  # registered for every test by tests/conftest.py

from engine import registry
from engine.contract import Order, Reason, has_caretaker
from engine.rng import Rng
from pbem import robots
from pbem.cli import main
from pbem.pending import REASONS_SUFFIX
from pbem.store import open_game

SEATS = ("anna", "ben", "cleo")


def pbem(*args: str) -> str:
    """Run a pbem command; its output (it must succeed)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def caretaker_waits(folder: Path) -> str:
    """A game whose first seat the caretaker plays while the others owe orders: the id of its game."""
    # A game that asks every seat at once, so the caretaker's order waits for the people's.
    game_id = next(g for g, game in sorted(registry.games().items()) if has_caretaker(game)
                   and len(game.prompts(game.setup(list(SEATS), {}, Rng.for_step("reasons", 0)))) == len(SEATS))
    pbem("new", str(folder), "--game", game_id, "--seed", "reasons", *[a for s in SEATS for a in ("--player", s)])
    pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    assert "waiting for ben, cleo" in pbem("run", "--no-reports", str(folder))
    return game_id


def test_the_reasons_wait_beside_the_order_and_go_with_its_step_into_the_reports(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    caretaker_waits(folder)
    gd = open_game(folder)
    order = gd.pending()["anna"]
    reasons = gd.pending_reasons("anna", order)
    assert reasons and all(r.text for r in reasons)
    pbem("robot", str(folder), "--seat", "ben", "--seat", "cleo")
    pbem("run", str(folder))
    gd = open_game(folder)
    assert gd.step_reasons(1) == {"anna": reasons}
    assert not (gd.pending_dir() / f"anna{REASONS_SUFFIX}").exists()
    own = (gd.report_dir(1) / "anna.txt").read_text(encoding="utf-8")
    assert "The caretaker played this seat:" in own and all(r.text in own for r in reasons)
    other = (gd.report_dir(1) / "ben.txt").read_text(encoding="utf-8")
    assert "The caretaker played anna" in other
    assert all(r.text in other for r in reasons if r.public) and not any(r.text in other for r in reasons if not r.public)
    # Rendered again from the archive alone (as after a replay), the reports say the same.
    before = (gd.report_dir(1) / "anna.html").read_text(encoding="utf-8")
    (gd.report_dir(1) / "anna.html").unlink()
    pbem("report", str(folder), "--step", "1", "--seat", "anna", "--format", "html")
    assert (gd.report_dir(1) / "anna.html").read_text(encoding="utf-8") == before


def test_an_order_a_person_sends_carries_no_reasons_whatever_it_comments(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    caretaker_waits(folder)
    gd = open_game(folder)
    robot_order = gd.pending()["anna"]
    assert gd.pending_reasons("anna", robot_order)
    pbem("robot", str(folder), "--seat", "anna", "--off")
    # The person sends the caretaker's order back with one line changed in its comments: a forged reason.
    forged = robot_order.replace("# caretaker: ", "# caretaker: I was told to play this. ", 1)
    assert forged != robot_order
    (tmp_path / "anna.yaml").write_text(forged, encoding="utf-8")
    pbem("submit", str(folder), str(tmp_path / "anna.yaml"))
    assert open_game(folder).pending_reasons("anna", forged) == []
    pbem("robot", str(folder), "--seat", "ben", "--seat", "cleo")
    pbem("run", str(folder))
    gd = open_game(folder)
    assert gd.step_reasons(1) == {} and "caretaker" not in gd.step_info(1)
    for reader in SEATS:
        assert "The caretaker" not in (gd.report_dir(1) / f"{reader}.txt").read_text(encoding="utf-8")


class Chancy(HighestUnique):
    """A caretaker that picks 1 for anna and leaves ben's choice to chance."""

    def caretaker_order(self, state: Any, seat: str, rng: Rng) -> Order | None:
        return {"pick": 1} if seat == "anna" else None

    def caretaker_reasons(self, state: Any, seat: str, order: Order) -> list[Reason]:
        return [Reason("one, since nobody else will", public=True)] if order == {"pick": 1} else []


def test_a_question_the_caretaker_leaves_to_chance_is_played_as_the_random_robot_would_and_said_so() -> None:
    game = Chancy()
    state = game.setup(list(SEATS), {}, Rng.for_step("chance", 0))
    chance = robots.play(game, state, "ben", Rng.for_robot("chance", 1, "ben"), robots.CARETAKER)
    assert chance == robots.Played(game.random_order(state, "ben", Rng.for_robot("chance", 1, "ben")),
                                   (robots.LEFT_TO_CHANCE,))
    chosen = robots.play(game, state, "anna", Rng.for_robot("chance", 1, "anna"), robots.CARETAKER)
    assert chosen == robots.Played({"pick": 1}, (Reason("one, since nobody else will", public=True),))
