"""`make demo`: robots play complete games through the same commands a moderator uses.

Usage: python -m pbem.demo DIR
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import click

from pbem.cli import main as cli
from pbem.store import open_game

PLAYERS = ("anna:anna@example.org", "ben:ben@example.org", "cleo:cleo@example.org", "dara:dara@example.org")
#: (folder, game, seed, players, render every step): a Pax Pamir or Pax Expanse step is one turn, so their demos
#: render the final step only, to keep `make demo` short; `pbem run` renders every step in real play.
DEMOS = (
    ("expedition", "expedition-5x", "2026", PLAYERS, True),
    ("pamir", "pax-pamir", "2026", PLAYERS[:3], False),
    ("expanse", "pax-expanse", "2026", PLAYERS, False),
)


def pbem(*args: str) -> None:
    """Run one pbem command as a moderator would, stopping the demo if it fails."""
    click.echo(f"$ pbem {' '.join(args)}")
    try:
        cli.main(list(args), prog_name="pbem", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)


def play(root: Path, name: str, game: str, seed: str, players: tuple[str, ...], every_step: bool) -> None:
    """Create one game, hand every seat to a robot, and run it to the end."""
    folder = root / name
    if folder.exists():
        shutil.rmtree(folder)
    started = time.perf_counter()
    pbem("new", str(folder), "--game", game, "--seed", seed, *(arg for p in players for arg in ("--player", p)))
    pbem("robot", str(folder), "--seat", "all")
    if every_step:
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
    if every_step:
        click.echo(f"  {len(mails)} mails ready to send in {gd.outbox_dir()}/")
    else:
        click.echo("  (reports of the final step only, to keep the demo short)")
    result = gd.game.result(gd.state())
    if result is not None:
        click.echo("  final scores: " + ", ".join(f"{seat} {score}" for seat, score in result.scores.items()))
        click.echo(f"  winner(s): {', '.join(result.winners)}\n")


def run(root: Path) -> None:
    """Play every demo game under `root`, then publish them all as a web site."""
    games = root / "games"  # one folder of games, as a moderator keeps them: the site covers it whole
    games.mkdir(parents=True, exist_ok=True)
    for name, game, seed, players, every_step in DEMOS:
        play(games, name, game, seed, players, every_step)
    pbem("site", str(games), str(root / "site"))
    click.echo(f"\nThe games are in {games}/; open {root / 'site' / 'index.html'} in a browser to step through them.")


if __name__ == "__main__":
    run(Path(sys.argv[1] if len(sys.argv) > 1 else "demo-games"))
