"""The moderator's commands: hold, resume, deadline, rollback, preview, resend, broadcast, replace (thin)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

import click

from engine.words import counted, plural
from pbem import control, players
from pbem import preview as previewing
from pbem import rollback as rolling
from pbem.clikit import FOLDER as GAME
from pbem.clikit import Rejected, known_seat, open_folder, user_errors
from pbem.mail.deadlines import DeadlineError, settings_of
from pbem.mail.settings import SettingsError
from pbem.store import GameDir


class Refused(Rejected):
    """A control pbem refuses: exit code 1, nothing changed."""


@contextmanager
def game_locked(directory: Path, *, check: bool = True) -> Iterator[GameDir]:
    """The game, locked, with the library's errors and those of mail settings and deadlines as one clear line
    (check=False: a damaged one too)."""
    with user_errors(SettingsError, DeadlineError):
        gd = open_folder(directory, check=check)
        with gd.lock():
            yield gd


def _queued(paths: list[Path]) -> None:
    if paths:
        click.echo(f"queued {counted(len(paths), 'mail')}; deliver with `pbem mail send` or the next `pbem tick`")


def _now() -> datetime:
    return datetime.now(UTC)


@click.command()
@click.argument("directory", type=GAME)
@click.option("--why", required=True, help="Why the game is held: the players are told.")
def hold(directory: Path, why: str) -> None:
    """Hold a game: no step is resolved, no deadline runs and no reminder goes out until `pbem resume`.

    \b
    Example:
      pbem hold games/g1 --why "cleo is in hospital until Friday"
    """
    with game_locked(directory) as gd:
        queued = control.hold(gd, why, _now())
    click.echo(f"{gd.name}: held ({' '.join(why.split())})")
    _queued(queued)


@click.command()
@click.argument("directory", type=GAME)
def resume(directory: Path) -> None:
    """End a hold; the open deadline moves on by as long as the game was held.

    \b
    Example:
      pbem resume games/g1
    """
    with game_locked(directory) as gd:
        paused, queued = control.resume(gd, _now())
    click.echo(f"{gd.name}: resumed after {str(paused).split('.')[0]} on hold")
    _queued(queued)


@click.command()
@click.argument("directory", type=GAME)
@click.option("--at", "at_text", metavar="'YYYY-MM-DD HH:MM'", help="The new deadline, on the clock of --zone.")
@click.option("--extend", metavar="SPAN", help="Move the deadline later by 24h, 2d, 90m …")
@click.option("--seat", help="Only this seat's deadline (the step waits for it; only it is told).")
@click.option("--zone", help="Time zone of --at (default: the deadline rule's).")
@click.option("--why", default="", help="Told to the players.")
def deadline(directory: Path, at_text: str | None, extend: str | None, seat: str | None, zone: str | None,
             why: str) -> None:
    """Set or extend the deadline of the open step, for the whole game or one seat; the players are told.

    \b
    Example:
      pbem deadline games/g1 --extend 2d --why "a holiday"
      pbem deadline games/g1 --seat anna --at "2026-12-04 18:00" --zone Europe/Berlin
    """
    if (at_text is None) == (extend is None):
        raise click.UsageError("give either --at or --extend")
    with game_locked(directory) as gd:
        known_seat(gd, seat)
        rule_zone = zone or str((settings_of(gd.meta.options) or {}).get("timezone") or "UTC")
        at = control.parse_moment(at_text, rule_zone) if at_text is not None else None
        span = control.parse_span(extend) if extend is not None else None
        new, queued = control.set_deadline(gd, _now(), at=at, extend=span, seat=seat, why=why)
    whose = f"{seat}'s deadline" if seat else "deadline"
    click.echo(f"{gd.name}: {whose} is now {new:%Y-%m-%d %H:%M} UTC")
    _queued(queued)


@click.command()
@click.argument("directory", type=GAME)
@click.option("--to", "to", type=int, required=True, help="The step to go back to (it stays; later ones are undone).")
@click.option("--why", required=True, help="Why: the players are told.")
@click.option("--drop-orders", is_flag=True, help="Do not keep the orders people sent for the step after --to.")
def rollback(directory: Path, to: int, why: str, drop_orders: bool) -> None:
    """Undo the steps after --to; they move to rolledback/<time>/ in the game folder (nothing is deleted).

    Orders people sent for step --to + 1 count again (unless --drop-orders). Each player is told and gets
    the report of step --to again; the steps played from there are mailed as new mails.

    \b
    Example:
      pbem rollback games/g1 --to 12 --why "ben's orders were entered for the wrong step"
    """
    with game_locked(directory, check=False) as gd:  # a rollback is how a damaged game plays on
        done = rolling.rollback(gd, to, why, _now(), keep_orders=not drop_orders)
    steps = ", ".join(map(str, done.undone))
    click.echo(f"{gd.name}: undid {plural('step', len(done.undone))} {steps}; kept in {done.folder}")
    if done.restored:
        click.echo(f"orders for step {to + 1} still count for: {', '.join(done.restored)}")
    _queued(done.queued)


@click.command()
@click.argument("directory", type=GAME)
def preview(directory: Path) -> None:
    """Show what the next step would be with the orders in and defaults for the missing; nothing changes.

    \b
    Example:
      pbem preview games/g1
    """
    with game_locked(directory) as gd:
        found = previewing.preview(gd)
    click.echo(previewing.describe(found, gd.name))


@click.command()
@click.argument("directory", type=GAME)
@click.option("--seat", required=True, help="Whose report.")
@click.option("--step", type=int, help="Which step (default: the current one).")
def resend(directory: Path, seat: str, step: int | None) -> None:
    """Mail a seat's report of a step again, as a new mail.

    \b
    Example:
      pbem resend games/g1 --seat anna --step 3
    """
    with game_locked(directory) as gd:
        path = players.resend(gd, seat, step, _now())
    click.echo(f"queued {path}")


@click.command()
@click.argument("directory", type=GAME)
@click.option("--subject", default="", help="The mail's subject.")
@click.option("--file", "text_file", type=click.File("r", encoding="utf-8"), help="The message (default: MESSAGE).")
@click.argument("message", required=False)
def broadcast(directory: Path, subject: str, text_file: TextIO | None, message: str | None) -> None:
    """Mail a message from the moderator to every player of a game.

    \b
    Example:
      pbem broadcast games/g1 --subject "holiday" "No deadline falls between 24 and 26 December."
    """
    text = text_file.read() if text_file is not None else message
    if not text:
        raise click.UsageError("give the MESSAGE or --file")
    with game_locked(directory) as gd:
        queued = players.broadcast(gd, subject, text, _now())
    _queued(queued)


@click.command()
@click.argument("directory", type=GAME)
@click.argument("seat")
@click.option("--address", help="The new player's mail address.")
@click.option("--robot", "style", type=click.Choice(["random", "caretaker"]),
              help="Hand the seat to a robot of this style for good, instead of a new person.")
def replace(directory: Path, seat: str, address: str | None, style: str | None) -> None:
    """Give a seat to a new person (--address: new address and token, mailed to the new address only) or to a robot
    for good (--robot random|caretaker); the old player's token and private pages stop working; all are told.

    \b
    Examples:
      pbem replace games/g1 cleo --address dora@example.org
      pbem replace games/g1 cleo --robot caretaker
    """
    if (address is None) == (style is None):
        raise click.UsageError("give exactly one of --address (a new person) and --robot (a robot of that style)")
    with game_locked(directory) as gd:
        if style is not None:
            queued = players.replace_by_robot(gd, seat, style, _now())
        else:
            assert address is not None
            queued = players.replace(gd, seat, address, _now())
    if style is not None:
        who = "the caretaker" if style == "caretaker" else "a random robot"
        click.echo(f"{gd.name}: {who} now plays seat {seat}; its old token no longer works")
    else:
        click.echo(f"{gd.name}: seat {seat} now belongs to {address}; its old token no longer works")
    _queued(queued)


@click.command("timezone")
@click.argument("directory", type=GAME)
@click.argument("seat")
@click.argument("zone")
def timezone_(directory: Path, seat: str, zone: str) -> None:
    """Set the time zone deadlines are written in, in a seat's mail (an IANA name; `default`: the rule's).

    The player is told, with the next deadline on the new clock.

    \b
    Example:
      pbem timezone games/g1 anna Europe/Berlin
    """
    from pbem.mail import timezone as zones
    from pbem.mail.tell import tell

    with game_locked(directory) as gd:
        known_seat(gd, seat)
        try:
            name = zones.check_zone(zone)
        except zones.ZoneError as exc:
            raise Refused(f"{gd.name}: {exc}") from None
        now = _now()
        zones.set_zone(gd, seat, name, "moderator", now)
        try:
            settings = control.settings_of(gd)
        except control.ControlError as exc:
            raise Refused(str(exc)) from None
        lines = [f"The moderator set the time zone of seat {seat} in game {gd.name} ({gd.game.title}).",
                 *zones.described(gd, seat, now)]
        shown = name or "the deadline rule's time zone"
        queued = tell(gd, settings, [seat], f"{seat}: your time zone is now {shown}", lines, "timezone", now)
    click.echo(f"{gd.name}: seat {seat} reads deadlines in {shown}")
    _queued(queued)


COMMANDS = (hold, resume, deadline, rollback, preview, resend, broadcast, replace, timezone_)
