"""`pbem site ROOT OUT`: publish the games' archive as a static web site."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from engine.words import counted
from pbem import progress
from pbem.clikit import FOLDER, folder
from pbem.store import StoreError

if TYPE_CHECKING:
    from pbem.reports.config import ReportConfig


@click.command("site")
@click.argument("root", type=FOLDER)
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@click.option("--links", "base_url", metavar="URL",
              help="Also print each seat's private address under URL (for the moderator to check; pbem "
                   "mails each seat only its own).")
def site(root: Path, out: Path, base_url: str | None) -> None:
    """Write every game under ROOT (or the game ROOT) as a static web site in OUT.

    Public pages show what any spectator may see; each seat's private history lives at an unguessable
    address derived from a secret the game keeps. Plain HTML and CSS: open OUT/index.html from disk or
    serve OUT with any web server. Files whose content has not changed are not rewritten.

    \b
    Example:
      pbem site games/ /var/www/pbem
    """
    from pbem.site import build, game_dirs, seat_links
    from pbem.store import open_game

    folder(root)  # a root that is missing is rejected input (exit 1), as for every command
    config = _config(root)
    if base_url is None and config is not None:
        base_url = config.site_url
    try:
        with progress.ticking(f"site: publishing {len(game_dirs(root))} game(s)"):
            summary = build(root, out, config)
    except (StoreError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    for problem in summary.problems:
        click.echo(f"Error: {problem}", err=True)
    click.echo(f"{counted(len(summary.games), 'game')}: {counted(summary.written, 'file')} written, {summary.unchanged} unchanged, "
               f"{summary.removed} removed")
    if base_url:
        for game_folder in game_dirs(root):
            try:
                gd = open_game(game_folder)
            except StoreError:
                continue  # named above: not published
            for seat, url in seat_links(gd, base_url).items():
                click.echo(f"{gd.name} {seat}: {url}")
    click.echo(f"site: {summary.index}")
    if summary.problems:
        raise SystemExit(1)


def _config(root: Path) -> ReportConfig | None:
    """The settings `pbem tick` publishes with (pbem.yaml beside the games): the feeds' absolute links need site.url."""
    from pbem.mail import settings as mail_settings

    games = root.parent if (root / "game.yaml").is_file() else root
    if not (games / mail_settings.SETTINGS_FILE).is_file():
        return None
    try:
        return mail_settings.load(games).report_config()
    except mail_settings.SettingsError as exc:
        raise click.ClickException(str(exc)) from None
