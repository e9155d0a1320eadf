"""The mail commands: `pbem mail fetch|send|welcome` and `pbem tick` (thin: parse, call, print)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from engine.words import counted
from pbem.clikit import FOLDER, Rejected, finish, folder, json_option, open_folder
from pbem.files import Busy
from pbem.mail import imap, notices, smtp
from pbem.mail import settings as mail_settings
from pbem.mail.deadlines import DeadlineError
from pbem.mail.mailbox import DEFERRED
from pbem.mail.settings import Settings, SettingsError
from pbem.store import StoreError

ROOT = FOLDER
SETTINGS = click.option("--settings", "settings_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                        help="The settings file (default: ROOT/pbem.yaml).")


class MailError(Rejected):
    """A mail command that cannot do its work: exit code 1."""


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
    return mail_settings.load(folder(root), path)


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
    if _undelivered(result):
        sys.exit(1)


def _print_send(result: smtp.SendSummary) -> None:
    click.echo(f"sent {counted(len(result.sent), 'mail')}")
    # An outage is said once, not once per waiting mail: cron mails the moderator all of it (`--json` lists each).
    alike = [path for path, answer in result.failed if result.unreachable and _held_up(answer, result.unreachable)]
    if alike:
        click.echo(f"failed (will retry): the SMTP server cannot be used ({result.unreachable}); "
                   f"{counted(len(alike), 'mail')} stay queued for the next run", err=True)
    for path, answer in result.failed:
        if path not in alike:
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
        gd = open_folder(directory)
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
@click.option("--attach", "attach_text", metavar="pdf,map|none",
              help="What mail that asks nothing of the seat carries all the same (the player's 'attach:').")
@SETTINGS
def policy(directory: Path, seat: str, choice: str | None, attach_text: str | None, settings_path: Path | None) -> None:
    """Show or change the mail a seat gets; the player is told by mail.

    \b
    every   a report after every step
    due     a mail when the seat owes orders, with what happened since its last mail, and the final result
    digest  at most one mail a day (sent by pbem tick), with everything since the last

    \b
    Example:
      pbem mail policy games/g1 anna digest,no-pdf
      pbem mail policy games/g1 anna --attach pdf,map
      pbem mail policy games/g1 anna            # show it
    """
    from datetime import UTC, datetime

    from pbem.mail import preferences
    from pbem.mail.policy import PolicyError, choice_of, parse_attach, parse_choice

    with user_errors():
        gd = open_folder(directory)
        if seat not in gd.meta.seat_names:
            raise MailError(f"unknown seat {seat!r}; the seats are {', '.join(gd.meta.seat_names)}")
        if choice is None and attach_text is None:
            click.echo(f"{seat}: {choice_of(gd.meta.seat(seat)).describe()}")
            return
        try:
            wanted, pdf = parse_choice(choice) if choice is not None else (None, None)
            attach = parse_attach(attach_text) if attach_text is not None else None
        except PolicyError as exc:
            raise MailError(str(exc)) from None
        root = gd.root.resolve().parent
        settings = _settings(root, settings_path) if settings_path or (root / mail_settings.SETTINGS_FILE).is_file() else None
        with gd.lock():
            _, after = preferences.change(gd, seat, wanted, pdf, attach)
            told = settings is not None and preferences.queue_notice(gd, settings, seat, after, datetime.now(UTC)) is not None
    click.echo(f"{seat}: {after.describe()}" + ("; the player is told by mail" if told else ""))


@mail.command("press")
@click.argument("directory", type=ROOT)
@click.option("--seat", help="Only the messages this seat sent or received.")
@json_option("ok, game, seat, messages: number, step, at, sender, to, anonymous, text (oldest first)")
def press_command(directory: Path, seat: str | None, as_json: bool) -> None:
    """Read a game's press: every message players sent one another, oldest first (anonymous ones with
    their sender: the moderator reads all).

    \b
    Example:
      pbem mail press games/g1 --seat anna
      pbem mail press games/g1 --json
    """
    from pbem.mail import press

    with user_errors():
        gd = open_folder(directory)
        found = [m for m in press.messages(gd) if seat is None or seat == m.sender or seat in m.to]
    if as_json:
        finish({"game": gd.name, "seat": seat, "messages": [
            {"number": m.number, "step": m.step, "at": m.at, "sender": m.sender, "to": m.to,
             "anonymous": m.anonymous, "text": m.text} for m in found]}, None)
        return
    if not found:
        click.echo(f"{gd.name}: no press" + (f" to or from {seat}" if seat else ""))
    for message in found:
        how = " (sent anonymously)" if message.anonymous else ""
        click.echo(f"no. {message.number}, step {message.step}, {message.at}: {message.sender}{how} to "
                   f"{', '.join(message.to)}")
        for line in press.quoted_lines(message.text):
            click.echo(f"  | {line}")


def _fetched(result: imap.FetchSummary | None) -> dict[str, Any] | None:
    """A fetch as JSON: each mail's outcome (which never holds a token), and the errors."""
    if result is None:
        return None
    return {"mails": [{"status": o.status, "game": o.game, "seat": o.seat, "sender": o.sender, "detail": o.detail}
                      for o in result.outcomes], "errors": result.errors}


def _held_up(answer: str, unreachable: str) -> bool:
    """Whether a mail failed for the outage itself, or waits behind an earlier mail that did."""
    return answer == unreachable or answer.startswith(smtp.WAITS)


def _sent(result: smtp.SendSummary | None) -> dict[str, Any] | None:
    """A delivery as JSON, by outbox file."""
    if result is None:
        return None
    return {"sent": result.sent, "failed": [{"file": path, "answer": answer} for path, answer in result.failed],
            "gave_up": result.gave_up, "held": result.held,
            "refused": [{"file": path, "why": why} for path, why in result.refused],
            "unreachable": result.unreachable}


def _undelivered(sent: smtp.SendSummary | None) -> str | None:
    """What of a delivery needs the moderator, in one line (failed, given up, held, refused), or None."""
    if sent is None:
        return None
    parts = [f"{len(found)} {what}" for found, what in ((sent.failed, "failed (to retry)"), (sent.gave_up, "given up"),
                                                          (sent.held, "held"),
                                                          (sent.refused, "refused for some recipients")) if found]
    return f"mail not delivered: {', '.join(parts)}" if parts else None


@click.command()
@click.argument("root", type=ROOT)
@click.option("--no-mail", is_flag=True, help="Only deadlines and resolution: no IMAP, no SMTP.")
@SETTINGS
@json_option("ok, busy, other (the tick running, when busy), fetched (mails: status, game, seat, sender, "
             "detail; errors) or null, games (name: what was done, one line each), sent (sent, failed, gave_up, "
             "held, refused, unreachable) or null, errors")
def tick(root: Path, no_mail: bool, settings_path: Path | None, as_json: bool) -> None:
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

    folder(root)  # a root that is missing is rejected input; a tick must not make one
    with user_errors():
        settings = None if no_mail and not (root / mail_settings.SETTINGS_FILE).exists() else _settings(root, settings_path)
        result = run_tick(root, settings, render=default_renderer(settings), mail=not no_mail)
    said, stale = other_tick(root, result.other) if result.busy else ("", False)
    if as_json:
        errors = [said] if stale else result.errors
        error = "; ".join([*errors, *filter(None, [_undelivered(result.sent)])]) or None
        finish({"busy": result.busy, "other": result.other if result.busy else None,
                "fetched": _fetched(result.fetched), "games": result.games, "sent": _sent(result.sent),
                "errors": errors}, error)
        return
    if result.busy:
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
    if result.errors or _undelivered(result.sent):
        sys.exit(1)
