"""The caretaker decides from what its seat may see: changing only other seats' hidden information (their hands,
the deck's order, the cards left out, secret loyalties, an automaton's deck; as the game's conformance hook
`perturb` says) never changes the caretaker's order. And what it says of its seat's secrets stays with that seat:
no other seat's report, no public page and no other seat's pages hold a private reason."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conformance.hooks import perturb
from markupsafe import escape

from engine import registry
from engine.contract import Game, caretaker_order, has_caretaker
from engine.rng import Rng
from engine.simulate import robot_setups
from pbem.cli import main
from pbem.site.build import slug
from pbem.site.capability import seat_folder
from pbem.store import open_game

#: Turns of each game at which the caretaker is asked, then asked again on the changed state.
STEPS = 60


def caretaker_games() -> list[Any]:
    """(game, seats, options) of every installed game with a caretaker and a perturb hook, each robot setup."""
    cases = []
    for game_id, game in sorted(registry.games().items()):
        if not has_caretaker(game) or perturb(game) is None:
            continue
        for index, setup in enumerate(robot_setups(game)):
            seats = [f"seat{n}" for n in range(1, setup.players + 1)]
            # The first setup of each game in `make test-fast`; the others replay the same turns at more seats.
            cases.append(pytest.param(game, seats, dict(setup.options), id=f"{game_id}-{setup.label}",
                                      marks=[pytest.mark.slow] if index else []))
    return cases


def prompted_states(game: Game, seats: list[str], options: dict[str, Any], seed: str) -> Iterator[tuple[int, Any, str]]:
    """(step, state, seat) for each prompt of a seeded random robot game, for its first STEPS steps."""
    state = game.setup(seats, options, Rng.for_step(seed, 0))
    for step in range(1, STEPS + 1):
        if game.result(state) is not None:
            return
        orders = {}
        for prompt in game.prompts(state):
            yield step, state, prompt.seat
            orders[prompt.seat] = game.random_order(state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
        state = game.apply(state, orders, Rng.for_step(seed, step)).state


@pytest.mark.parametrize(("game", "seats", "options"), caretaker_games())
def test_the_caretakers_orders_do_not_change_when_only_others_hidden_information_changes(
        game: Game, seats: list[str], options: dict[str, Any]) -> None:
    change = perturb(game)
    assert change is not None
    compared = 0
    for step, state, seat in prompted_states(game, seats, options, "caretaker-leak"):
        data = json.loads(json.dumps(game.encode(state)))
        change(data, seat)
        changed = game.decode(data)
        if game.encode(changed) == game.encode(state):
            continue  # nothing hidden from this seat yet (a loyalty choice before the deal, say)
        mine = caretaker_order(game, state, seat, Rng.for_robot("caretaker-leak", step, seat))
        theirs = caretaker_order(game, changed, seat, Rng.for_robot("caretaker-leak", step, seat))
        assert mine == theirs, f"step {step}, {seat}: the order changed with what {seat} may not see"
        compared += 1
    assert compared >= 5


def pbem(*args: str) -> str:
    """Run a pbem command; its output (it must succeed)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def said(text: str, files: list[Path]) -> list[Path]:
    """The files that hold `text`, as written or as HTML writes it."""
    forms = {text, str(escape(text))}
    return [path for path in files if any(form in path.read_text(encoding="utf-8") for form in forms)]


@pytest.mark.slow  # a whole game of every game with a caretaker, published as a site
@pytest.mark.parametrize("game_id", [g for g, game in sorted(registry.games().items()) if has_caretaker(game)])
def test_others_reports_and_the_public_site_never_hold_a_private_reason(tmp_path: Path, game_id: str) -> None:
    folder, site = tmp_path / "g", tmp_path / "site"
    counts = registry.get(game_id).player_counts
    players = ["anna", "ben", "cleo"][:3 if 3 in counts else min(counts)]
    pbem("new", str(folder), "--game", game_id, "--seed", "caretaker-reasons", *[a for s in players for a in ("--player", s)])
    pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    pbem("robot", str(folder), *[a for s in players[1:] for a in ("--seat", s)])
    pbem("run", str(folder))
    pbem("site", str(folder), str(site))
    gd = open_game(folder)
    played = [(step, reason) for step in gd.steps() for reason in gd.step_reasons(step).get("anna", [])]
    private = [(step, r.text) for step, r in played if not r.public]
    public = [(step, r.text) for step, r in played if r.public]
    assert private, "the game's caretaker gave no private reason to look for"
    own_pages = site / slug(gd.name) / seat_folder(gd, "anna")
    pages = [p for p in site.rglob("*") if p.suffix in (".html", ".xml")]
    others_pages = [p for p in pages if own_pages not in p.parents]
    for step, text in private:
        reports = gd.report_dir(step)
        mine = [reports / f"anna.{ext}" for ext in ("html", "txt", "json")]
        theirs = [p for p in reports.iterdir() if p.suffix in (".html", ".txt", ".json") and p not in mine]
        assert said(text, mine) == mine, f"step {step}: anna's report lacks its reason {text!r}"
        assert not said(text, theirs), f"step {step}: a private reason reached {said(text, theirs)}"
        assert not said(text, others_pages), f"step {step}: a private reason reached {said(text, others_pages)}"
        assert said(text, [own_pages / f"{step:04d}.html"]), f"step {step}: anna's own page lacks {text!r}"
    for step, text in public[:20]:
        assert said(text, [gd.report_dir(step) / "ben.txt", site / slug(gd.name) / "log.html"])
