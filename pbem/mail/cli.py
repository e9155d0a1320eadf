"""The mail commands: `pbem mail fetch|send|welcome` and `pbem tick` (thin: parse, call, print)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from engine.words import counted
from pbem.files import Busy
from pbem.mail import imap, notices, smtp
from pbem.mail import settings as mail_settings
from pbem.mail.deadlines import DeadlineError
from pbem.mail.handle import DEFERRED
from pbem.mail.settings import Settings, SettingsError
from pbem.store import StoreError, open_game

ROOT = click.Path(exists=True, file_okay=False, path_type=Path)
SETTINGS = click.option("--settings", "settings_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                        help="The settings file (default: ROOT/pbem.yaml).")


class MailError(click.ClickException):
    """A mail command that cannot do its work: exit code 1."""

    exit_code = 1


@contextmanager
def user_errors() -> Iterator[None]:
    """The library's expected failures as one clear line."""
    try:
        yield
    except (SettingsError, StoreError, DeadlineError) as exc:
        raise MailError(str(exc)) from None
    except Busy as exc:
        raise MailError(f"{exc}; try again later") from None
    except OSError as exc:  # a folder that is missing or a file, no permission, a full disk
        where = f": {exc.filename}" if exc.filename else ""
        raise MailError(f"{exc.strerror or exc}{where}") from None


def _settings(root: Path, path: Path | None) -> Settings:
    return mail_settings.load(root, path)


@click.group()
def mail() -> None:
    """Orders by mail: fetch them from IMAP, deliver the outbox over SMTP, send each seat its token.

    The settings live in ROOT/pbem.yaml (see docs/mail.md). `pbem tick ROOT` runs everything from cron.

    \b
    Example:
      pbem mail welcome games/g1    # after pbem new: each seat's token by mail
      pbem mail fetch games/        # read order mail, answer it at once
      pbem mail send games/         # deliver every game's outbox
    """


@mail.command()
@click.argument("root", type=ROOT)
@SETTINGS
def fetch(root: Path, settings_path: Path | None) -> None:
    """Read new order mail for the games under ROOT, store and check it, and queue the answers.

    \b
    Example:
      pbem mail fetch games/
    """
    with user_errors():
        result = imap.fetch(root, _settings(root, settings_path))
    for outcome in result.outcomes:
        where = f"{outcome.game}/{outcome.seat}" if outcome.game else "-"
        click.echo(f"{outcome.status:10} {where:24} {outcome.sender or '-'}  {outcome.detail}")
    for error in result.errors:
        click.echo(f"error: {error}", err=True)
    left = sum(o.status == DEFERRED for o in result.outcomes)
    click.echo(f"{counted(len(result.outcomes) - left, 'mail')} handled" + (f", {left} left in the inbox for the next run"
                                                                  if left else ""))
    if result.errors:
        sys.exit(1)


@mail.command()
@click.argument("root", type=ROOT)
@SETTINGS
def send(root: Path, settings_path: Path | None) -> None:
    """Deliver every game's outbox under ROOT over SMTP; failures stay queued for the next run.

    \b
    Example:
      pbem mail send games/
    """
    with user_errors():
        result = smtp.send(root, _settings(root, settings_path))
    _print_send(result)
    if result.failed or result.gave_up or result.held or result.refused:
        sys.exit(1)


def _print_send(result: smtp.SendSummary) -> None:
    click.echo(f"sent {counted(len(result.sent), 'mail')}")
    for path, answer in result.failed:
        click.echo(f"failed (will retry): {path}: {answer}", err=True)
    for path in result.gave_up:
        click.echo(f"gave up (see the ledger): {path}", err=True)
    for path in result.held:
        click.echo(f"held (a crashed run may have sent it; move it back to outbox/ to resend): {path}", err=True)
    for path, why in result.refused:
        click.echo(f"sent, but refused for some recipients: {path}: {why}", err=True)


@mail.command()
@click.argument("directory", type=ROOT)
@click.option("--seat", "seats", multiple=True, help="Only this seat (repeatable; default: every seat with an address).")
@SETTINGS
def welcome(directory: Path, seats: tuple[str, ...], settings_path: Path | None) -> None:
    """Give seats a new secret token and queue the welcome mail that carries it (old tokens stop working).

    \b
    Example:
      pbem mail welcome games/g1              # after pbem new
      pbem mail welcome games/g1 --seat anna  # anna lost her token
    """
    with user_errors():
        gd = open_game(directory)
        settings = _settings(gd.root.resolve().parent, settings_path)
        names = list(seats) or [s.name for s in gd.meta.seats if s.address and not s.robot]
        for name in names:
            if name not in gd.meta.seat_names:
                raise MailError(f"unknown seat {name!r}; the seats are {', '.join(gd.meta.seat_names)}")
            if not gd.meta.seat(name).address:
                raise MailError(f"seat {name} has no mail address in game.yaml")
        with gd.lock():
            tokens = notices.issue_tokens(gd, names)
            queued = notices.queue_welcome(gd, settings, tokens)
    for path in queued:
        click.echo(f"queued {path}")
    click.echo("new tokens are in the queued mail only; run `pbem mail send` to deliver them")


@mail.command()
@click.argument("directory", type=ROOT)
@click.argument("seat")
@click.argument("choice", required=False, metavar="[every|due|digest][,pdf|,no-pdf]")
@SETTINGS
def policy(directory: Path, seat: str, choice: str | None, settings_path: Path | None) -> None:
    """Show or change the mail a seat gets; the player is told by mail.

    \b
    every   a report after every step
    due     a mail when the seat owes orders, with what happened since its last mail, and the final result
    digest  at most one mail a day (sent by pbem tick), with everything since the last

    \b
    Example:
      pbem mail policy games/g1 anna digest,no-pdf
      pbem mail policy games/g1 anna            # show it
    """
    from datetime import UTC, datetime

    from pbem.mail import preferences
    from pbem.mail.policy import PolicyError, choice_of, parse_choice

    with user_errors():
        gd = open_game(directory)
        if seat not in gd.meta.seat_names:
            raise MailError(f"unknown seat {seat!r}; the seats are {', '.join(gd.meta.seat_names)}")
        if choice is None:
            click.echo(f"{seat}: {choice_of(gd.meta.seat(seat)).describe()}")
            return
        try:
            wanted, pdf = parse_choice(choice)
        except PolicyError as exc:
            raise MailError(str(exc)) from None
        root = gd.root.resolve().parent
        settings = _settings(root, settings_path) if settings_path or (root / mail_settings.SETTINGS_FILE).is_file() else None
        with gd.lock():
            _, after = preferences.change(gd, seat, wanted, pdf)
            told = settings is not None and preferences.queue_notice(gd, settings, seat, after, datetime.now(UTC)) is not None
    click.echo(f"{seat}: {after.describe()}" + ("; the player is told by mail" if told else ""))


@mail.command("press")
@click.argument("directory", type=ROOT)
@click.option("--seat", help="Only the messages this seat sent or received.")
def press_command(directory: Path, seat: str | None) -> None:
    """Read a game's press: every message players sent one another, oldest first (anonymous ones with
    their sender: the moderator reads all).

    \b
    Example:
      pbem mail press games/g1 --seat anna
    """
    from pbem.mail import press

    with user_errors():
        gd = open_game(directory)
        found = [m for m in press.messages(gd) if seat is None or seat == m.sender or seat in m.to]
    if not found:
        click.echo(f"{gd.name}: no press" + (f" to or from {seat}" if seat else ""))
    for message in found:
        how = " (sent anonymously)" if message.anonymous else ""
        click.echo(f"no. {message.number}, step {message.step}, {message.at}: {message.sender}{how} to "
                   f"{', '.join(message.to)}")
        for line in press.quoted_lines(message.text):
            click.echo(f"  | {line}")


@click.command()
@click.argument("root", type=ROOT)
@click.option("--no-mail", is_flag=True, help="Only deadlines and resolution: no IMAP, no SMTP.")
@SETTINGS
def tick(root: Path, no_mail: bool, settings_path: Path | None) -> None:
    """Do everything due for every game under ROOT: fetch orders, resolve steps, remind, send mail.

    Safe to run from cron every few minutes, also twice at once (the second run does nothing). A game
    another process works on is left for the next tick, with its mail kept in the inbox; a game lock
    held for more than 30 min is reported with the holder's pid, and the tick exits 1. A tick may take
    30 min: a tick that finds an older one still holding tick.lock names it and exits 1.

    \b
    Example (crontab):
      */5 * * * *  cd /srv/pbem && PBEM_SMTP_PASSWORD=... pbem tick games/
    """
    from pbem.mail.tick import default_renderer, other_tick
    from pbem.mail.tick import tick as run_tick

    with user_errors():
        settings = None if no_mail and not (root / mail_settings.SETTINGS_FILE).exists() else _settings(root, settings_path)
        result = run_tick(root, settings, render=default_renderer(settings), mail=not no_mail)
    if result.busy:
        said, stale = other_tick(root, result.other)
        if stale:
            raise MailError(said)
        click.echo(said)
        return
    if result.fetched is not None:
        click.echo(f"fetched {counted(len(result.fetched.outcomes), 'mail')}")
    for game, lines in result.games.items():
        for line in lines:
            click.echo(f"{game}: {line}")
    if result.sent is not None:
        _print_send(result.sent)
    for error in result.errors:
        click.echo(f"error: {error}", err=True)
    sent = result.sent
    if result.errors or (sent is not None and (sent.failed or sent.gave_up or sent.held or sent.refused)):
        sys.exit(1)
