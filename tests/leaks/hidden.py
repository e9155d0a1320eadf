"""Hidden information by game: change only what other seats may not see, for non-interference checks.

A report (or site page) leaks nothing exactly when it renders the same after every piece of hidden
information that its reader may not see has been changed. Each function below changes, in a stored
snapshot's JSON, what the rulebook keeps from `viewer` (None: the public), and nothing else.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from pbem.cli import main as cli
from pbem.store import GAME_NAME, GameDir

Perturb = Callable[[dict[str, Any], str | None], None]
#: Pax Pamir's court cards are numbered 1–100; events and Dominance Checks come after.
COURT_CARDS = 100
#: Marks the private event planted for another seat: it must never reach the viewer's pages.
PLANTED = "PLANTED-SECRET-7f3a"


def _rotate(items: list[Any]) -> None:
    if len(items) > 1:
        items.append(items.pop(0))


def pax_pamir(state: dict[str, Any], viewer: str | None) -> None:
    """Other seats' hands, the order of court cards in the deck, the unused cards, Wakhan's AI deck.

    Where the Dominance Checks lie in the deck stays: which pile each check was shuffled into is public
    (the setup builds the piles in the open), so only court cards (numbers up to 100) change places.
    """
    deck: list[int] = state["deck"]
    court = [i for i, card in enumerate(deck) if card <= COURT_CARDS]
    for seat, player in state["players"].items():
        if seat == viewer or not player["hand"] or not court:
            continue
        # Swap one hand card with a court card of the deck: counts stay, the secret content changes.
        position = court.pop()
        player["hand"][0], deck[position] = deck[position], player["hand"][0]
    for first, second in zip(court[::2], court[1::2], strict=False):
        deck[first], deck[second] = deck[second], deck[first]
    _rotate(state["unused"])
    for automaton in (state.get("automata") or {}).values():
        ai = automaton.get("ai") if isinstance(automaton, dict) else None
        if ai and len(ai.get("deck", [])) > 2:
            # The next card's back is public (it is printed on the card before it); the rest is not.
            rest = ai["deck"][1:]
            rest.reverse()
            ai["deck"][1:] = rest


def expedition_5x(state: dict[str, Any], viewer: str | None) -> None:
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


def pax_expanse(state: dict[str, Any], viewer: str | None) -> None:
    """Other seats' hands and, before the reveal, their secret starting loyalty; the order of the draw deck, the
    assets left out, the Rocinante's AI deck below its face-up card; other hands in a paused turn's snapshot.

    The Dominance Checks stay where they are: setup puts each on top of its pile in the open, so how many cards
    lie above each is public. Only assets (numbers up to 100) move between hands and the deck.
    """
    from games.pax_expanse import cards

    checks = {n for n, e in cards.events().items() if e.dominance is not None}
    deck: list[int] = state["deck"]
    assets = [i for i, card in enumerate(deck) if card <= COURT_CARDS]
    for seat, player in state["players"].items():
        if seat == viewer:
            continue
        if player["hand"] and assets:
            position = assets.pop()
            player["hand"][0], deck[position] = deck[position], player["hand"][0]
        if state["phase"] == "loyalty" and player["loyalty"] is not None:
            player["loyalty"] = next(f for f in ("un", "mcr", "opa") if f != player["loyalty"])
    movable = [i for i, card in enumerate(deck) if card not in checks]
    for first, second in zip(movable[::2], movable[1::2], strict=False):
        deck[first], deck[second] = deck[second], deck[first]
    _rotate(state["unused"])
    ai: list[int] = state["rocinante"]["deck"]
    if len(ai) > 2:
        ai[1:] = reversed(ai[1:])
    paused = state.get("paused")
    if paused:
        for seat, player in paused["start"]["players"].items():
            if seat != viewer:
                player["hand"].reverse()


PERTURB: dict[str, Perturb] = {"pax-pamir": pax_pamir, "expedition-5x": expedition_5x, "pax-expanse": pax_expanse}


def perturbed_copy(game: Path, into: Path, game_id: str, viewer: str | None, perturb: Perturb | None = None) -> Path:
    """A copy of a stored game whose every snapshot has the viewer's unseen information changed.

    `perturb` says how for a game this module does not know (a game's conformance hook).

    Each step also gains a private event for another seat, carrying PLANTED.
    """
    copy = into / game.name
    # The site's secret is copied too, so private pages land at the same capability paths.
    shutil.copytree(game, copy, ignore=shutil.ignore_patterns("reports", "mail"))
    seats = json.loads((copy / "steps" / "0000" / "state.json").read_text())["seats"]
    other = next(s for s in seats if s != viewer)
    for state_file in sorted(copy.glob("steps/*/state.json")):
        state = json.loads(state_file.read_text())
        (perturb or PERTURB[game_id])(state, viewer)
        state_file.write_text(json.dumps(state, sort_keys=True, separators=(",", ":")))
        events_file = state_file.with_name("events.json")
        events = json.loads(events_file.read_text()) if events_file.exists() else []
        events.append({"text": f"{PLANTED} for {other}", "to": [other], "data": {"secret": PLANTED}})
        events_file.write_text(json.dumps(events))
    return copy


def robot_game(root: Path, name: str, game_id: str, players: list[str], *options: str, steps: int = 40) -> Path:
    """A seeded robot game made through pbem's own commands, cut after `steps` steps.

    A name `pbem new` refuses is given to the folder once made, as a game made before names were checked.
    """
    folder = root / name
    runner = CliRunner()
    made = folder if GAME_NAME.match(name) else root / "renamed-game"
    args = ["new", str(made), "--game", game_id, "--seed", f"leak-{name}"]
    for player in players:
        args += ["--player", f"{player}:{player}@example.org"]
    for option in options:
        args += ["--option", option]
    outcome = runner.invoke(cli, args, catch_exceptions=False)
    assert outcome.exit_code == 0, outcome.output
    made.rename(folder)
    for command in (["robot", str(folder), "--seat", "all"], ["run", "--no-reports", str(folder)]):
        outcome = runner.invoke(cli, command, catch_exceptions=False)
        assert outcome.exit_code == 0, outcome.output
    for part in ("steps", "archive"):  # as the game stood then: no step, nor orders archived, after `steps`
        for step_dir in folder.glob(f"{part}/*"):
            if step_dir.name.isdigit() and int(step_dir.name) > steps:
                shutil.rmtree(step_dir)
    gd = GameDir(folder)
    gd.note_last_step(min(steps, max(gd.steps())))
    return folder
