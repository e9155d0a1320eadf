"""`make demo`: robots play complete games through the same commands a moderator uses.

Usage: python -m pbem.demo DIR
"""

from __future__ import annotations

import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import click

from engine import contract, registry
from engine.contract import Game
from engine.words import plural
from pbem.cli import main as cli
from pbem.store import open_game

NAMES = ("anna", "ben", "cleo", "dara", "emil", "fay", "gus", "hana")


@dataclass(frozen=True)
class Plan:
    """One demo game: its folder, game id, seed, seats (NAME:ADDRESS) and whether every step gets reports."""

    folder: str
    game: str
    seed: str
    players: tuple[str, ...]
    every_step: bool


def plan(game: Game) -> Plan:
    """How the demo plays `game`, from the game's own `demo` (engine.contract.Demo)."""
    wanted = contract.demo(game)
    counts = game.seat_counts({})
    seats = wanted.seats if wanted.seats is not None else 4 if 4 in counts else max(counts)
    if seats not in counts or seats > len(NAMES):
        raise ValueError(f"{game.id}: a demo of {seats} seats; the game takes {counts.start}-{counts.stop - 1}")
    players = tuple(f"{name}:{name}@example.org" for name in NAMES[:seats])
    return Plan(wanted.folder or game.id, game.id, wanted.seed, players, wanted.every_step_reports)


def plans() -> list[Plan]:
    """The demo of every installed game, in the registry's order."""
    return [plan(game) for game in registry.games().values()]


def pbem(*args: str) -> None:
    """Run one pbem command as a moderator would, stopping the demo if it fails."""
    click.echo(f"$ pbem {' '.join(args)}")
    try:
        cli.main(list(args), prog_name="pbem", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)


def play(root: Path, demo: Plan) -> None:
    """Create one game, hand every seat to a robot, and run it to the end."""
    folder = root / demo.folder
    if folder.exists():
        shutil.rmtree(folder)
    started = time.perf_counter()
    pbem("new", str(folder), "--game", demo.game, "--seed", demo.seed,
         *(arg for p in demo.players for arg in ("--player", p)))
    pbem("robot", str(folder), "--seat", "all")
    if demo.every_step:
        pbem("run", str(folder))
    else:
        pbem("run", "--no-reports", str(folder))
        pbem("report", str(folder))
    pbem("status", str(folder))
    gd = open_game(folder)
    last = gd.current_step()
    pdfs = sorted(gd.root.glob("steps/*/reports/*.pdf"))
    mails = sorted(gd.outbox_dir().glob("*.eml"))
    click.echo(f"\n{gd.game.title}: {last} steps in {time.perf_counter() - started:.1f} s")
    click.echo(f"  {len(pdfs)} PDF reports, the last step's in {gd.report_dir(last)}/")
    if demo.every_step:
        click.echo(f"  {len(mails)} mails ready to send in {gd.outbox_dir()}/")
    else:
        click.echo("  (reports of the final step only, to keep the demo short)")
    result = gd.game.result(gd.state())
    if result is not None:
        click.echo("  final scores: " + ", ".join(f"{seat} {score}" for seat, score in result.scores.items()))
        click.echo(f"  {plural('winner', len(result.winners))}: {', '.join(result.winners)}\n")


def run(root: Path) -> None:
    """Play every demo game under `root`, then publish them all as a web site."""
    games = root / "games"  # one folder of games, as a moderator keeps them: the site covers it whole
    games.mkdir(parents=True, exist_ok=True)
    for demo in plans():
        play(games, demo)
    pbem("site", str(games), str(root / "site"))
    click.echo(f"\nThe games are in {games}/; open {root / 'site' / 'index.html'} in a browser to step through them.")


if __name__ == "__main__":
    run(Path(sys.argv[1] if len(sys.argv) > 1 else "demo-games"))
