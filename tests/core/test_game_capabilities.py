"""A game's optional capabilities are typed attributes of engine.contract.GameBase, with defaults a new game keeps:
its template packages, how the demo plays it, which bench figures it stands for, its automated opponents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from highest_unique import GAME as TOY  # registered for every test by tests/conftest.py

from engine import contract, registry
from engine.contract import Bench, Demo, GameBase
from engine.rng import Rng
from pbem import bench
from pbem.demo import plan as demo_plan
from pbem.demo import plans as demo_plans


class Newcomer(GameBase):
    """A game installed after pbem was written: it declares nothing but its id, title and seat counts."""

    id = "newcomer"
    title = "Newcomer"
    player_counts = range(2, 4)

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        return self.player_counts


def test_a_game_that_declares_nothing_keeps_the_defaults() -> None:
    game = Newcomer()
    assert contract.template_packages(game) == {"newcomer": __package__}  # its own package's templates/
    assert contract.demo(game) == Demo() and contract.bench(game) == Bench() and contract.automata(game) == ()
    assert not contract.turn_steps(game)
    plan = demo_plan(game)  # four seats are not allowed: its largest count, and its id as the folder
    assert (plan.folder, plan.game, plan.seed, plan.every_step) == ("newcomer", "newcomer", "2026", True)
    assert plan.players == ("anna:anna@example.org", "ben:ben@example.org", "cleo:cleo@example.org")


def test_a_caretaker_is_offered_only_by_a_game_that_overrides_it_and_else_the_random_robot_plays() -> None:
    assert not contract.has_caretaker(Newcomer()) and not contract.has_caretaker(TOY)
    assert contract.has_caretaker(registry.get("pax-pamir"))
    state = TOY.setup(["anna", "ben"], {}, Rng("caretaker"))
    played = contract.caretaker_order(TOY, state, "anna", Rng("robot"))
    assert played == TOY.random_order(state, "anna", Rng("robot"))
    assert contract.caretaker_reasons(TOY, state, "anna", played) == []


def test_a_game_states_its_own_demo_and_template_packages() -> None:
    class Family(Newcomer):
        template_packages = {"newcomer": "somewhere.newcomer", "family": "somewhere.family"}
        demo = Demo(folder="fam", seed="7", seats=2, every_step_reports=False)

    game = Family()
    assert contract.template_packages(game) == {"newcomer": "somewhere.newcomer", "family": "somewhere.family"}
    plan = demo_plan(game)
    assert (plan.folder, plan.seed, len(plan.players), plan.every_step) == ("fam", "7", 2, False)


def test_a_demo_of_a_seat_count_the_game_refuses_is_an_error() -> None:
    class Crowded(Newcomer):
        demo = Demo(seats=5)

    with pytest.raises(ValueError, match="newcomer: a demo of 5 seats; the game takes 2-3"):
        demo_plan(Crowded())


def test_every_installed_game_has_a_demo_of_its_own() -> None:
    plans = demo_plans()
    assert [p.game for p in plans] == list(registry.games())
    assert len({p.folder for p in plans}) == len(plans)  # one folder each under the demo's games
    for plan in plans:
        assert len(plan.players) in registry.games()[plan.game].seat_counts({}), plan


def test_a_figure_goes_to_the_first_game_that_offers_it_else_to_the_first_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Offering(Newcomer):
        id = "offering"
        bench = Bench(reports=True)

    monkeypatch.setattr(registry, "games", lambda: {"newcomer": Newcomer(), "offering": Offering(), TOY.id: TOY})
    assert bench.report_game().id == "offering"
    assert registry.first(lambda game: contract.bench(game).mail_volume).id == "newcomer"
    monkeypatch.setattr(registry, "games", lambda: {})
    with pytest.raises(registry.UnknownGame, match="no game is installed"):
        registry.first(lambda game: True)
