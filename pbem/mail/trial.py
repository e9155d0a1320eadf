"""`make mail-loop`: the whole mail loop on one machine, to see the mail players would get.

Usage: python -m pbem.mail.trial [--game GAME] DIR

Starts Dovecot and an SMTP sink on loopback (pbem.mail.loopback, as the mail tests do), creates a game in
DIR/games whose pbem.yaml points at them, queues the welcome mail, runs `pbem tick`, delivers an order mail
from every player into pbem's inbox, runs `pbem tick` again (fetch, answer, resolve, report, send), and
writes every mail the sink received to DIR/mails as .eml files.
"""

from __future__ import annotations

import email.policy
import email.utils
import os
import re
import secrets
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import click
from imapclient import IMAPClient

from engine import registry
from engine.rng import Rng
from engine.words import counted
from pbem.cli import main as cli
from pbem.game_yaml import Seat
from pbem.mail import loopback, notices
from pbem.mail import settings as mail_settings
from pbem.orders import dump_body, render
from pbem.store import GameDir, create

NAMES = ("anna", "ben", "cleo", "dara", "emil", "fay", "gus", "hana")
PASSWORD_ENV = "PBEM_LOOP_IMAP_PASSWORD"
#: Left in DIR so a later run knows the folder is its own and may empty it.
MARK = ".pbem-mail-loop"
SEED = "mail-loop"


class TrialError(click.ClickException):
    """The loop cannot run: what is missing, and how to get it."""


def prepare(out: Path) -> tuple[Path, Path]:
    """DIR/games and DIR/mails, emptied when an earlier run made them; never a folder of someone else's."""
    if out.exists() and any(out.iterdir()) and not (out / MARK).exists():
        raise TrialError(f"{out} is not empty and was not made by the mail loop; name a new folder")
    out.mkdir(parents=True, exist_ok=True)
    (out / MARK).write_text("made by `make mail-loop` (python -m pbem.mail.trial): emptied by its next run\n",
                            encoding="utf-8")
    games, mails = out / "games", out / "mails"
    for folder in (games, mails):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
    return games, mails


def order_mails(gd: GameDir, tokens: dict[str, str]) -> list[EmailMessage]:
    """One mail of legal orders from each player who owes orders, as a mail client writes it."""
    state = gd.state()
    mails = []
    for prompt in gd.game.prompts(state):
        seat = prompt.seat
        order = gd.game.random_order(state, seat, Rng.for_step(SEED, gd.current_step() + 1, seat))
        header = {"game": gd.name, "seat": seat, "step": gd.current_step() + 1, "token": tokens[seat]}
        msg = EmailMessage()
        msg["From"] = email.utils.formataddr((seat.title(), str(gd.meta.seat(seat).address)))
        msg["To"] = "pbem@games.example"
        msg["Subject"] = f"Re: [{gd.name}] orders for step {gd.current_step() + 1}"
        msg["Date"] = email.utils.formatdate()
        msg["Message-ID"] = email.utils.make_msgid(f"{seat}-orders", "players.example")
        msg.set_content(render(header, dump_body(order)))
        mails.append(msg)
    return mails


def tick(root: Path) -> None:
    """`pbem tick ROOT`, as cron runs it."""
    click.echo(f"$ pbem tick {root}")
    try:
        cli.main(["tick", str(root)], prog_name="pbem", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        raise TrialError("pbem tick failed; see above") from None


def _file_name(index: int, mail: loopback.Received) -> str:
    kind = str(mail.message.get("X-Pbem-Kind") or ("report" if mail.message.get("X-PBEM-Step") else "mail"))
    who = mail.recipients[0].partition("@")[0] if mail.recipients else "nobody"
    return re.sub(r"[^A-Za-z0-9_.-]", "_", f"{index:03d}-{who}-{kind}") + ".eml"


def write_mails(received: list[loopback.Received], folder: Path) -> list[Path]:
    """Every mail the sink received, as .eml files in the order they were sent."""
    paths = []
    for index, mail in enumerate(received, 1):
        path = folder / _file_name(index, mail)
        path.write_bytes(mail.data)
        paths.append(path)
    return paths


def run(out: Path, game_id: str | None = None, players: int = 3) -> list[Path]:
    """The whole loop; the .eml files written, in sending order."""
    if loopback.binary() is None:
        raise TrialError("dovecot is not installed: `make mail-loop` installs it (make sysdeps-test)")
    games = registry.games()
    game = games.get(game_id) if game_id else next(iter(games.values()), None)
    if game is None:
        raise TrialError(f"unknown game {game_id!r}; the games are {', '.join(games) or 'none (none installed)'}")
    counts = game.seat_counts({})
    seats = players if players in counts else counts.start
    root, mail_folder = prepare(out)
    password = secrets.token_urlsafe(12)
    os.environ[PASSWORD_ENV] = password  # read by the tick, as a moderator's cron passes it
    try:
        with loopback.dovecot({"pbem": password}) as imap, loopback.smtp_sink() as sink:
            click.echo(f"Dovecot (IMAP) on 127.0.0.1:{imap.port}, the SMTP sink on 127.0.0.1:{sink.port}")
            loopback.write_settings(root, imap.port, sink.port, password_env=PASSWORD_ENV)
            settings = mail_settings.load(root)
            gd, tokens = create(root / "trial", game.id, SEED,
                                [Seat(name, f"{name}@players.example") for name in NAMES[:seats]])
            click.echo(f"created {gd.root} ({game.title}, {counted(seats, 'player')}); welcome mail queued")
            notices.queue_welcome(gd, settings, tokens, now=datetime.now(UTC))
            tick(root)
            orders = order_mails(gd, tokens)
            with _inbox(imap, password) as client:
                for msg in orders:
                    client.append("INBOX", msg.as_bytes(policy=email.policy.SMTP))
            click.echo(f"delivered {counted(len(orders), 'order mail')} from the players to pbem's inbox")
            tick(root)
            with sink.lock:
                received = list(sink.received)
    except (loopback.DovecotError, loopback.LoopbackError) as exc:
        raise TrialError(str(exc)) from None
    finally:
        os.environ.pop(PASSWORD_ENV, None)
    paths = write_mails(received, mail_folder)
    click.echo(f"\n{counted(len(paths), 'mail')} that players would get, in {mail_folder}/:")
    for path, mail in zip(paths, received, strict=True):
        click.echo(f"  {path.name}: to {', '.join(mail.recipients)}: {mail.message['Subject']}")
    click.echo(f"The game is in {gd.root}/ (its mail log: {root}/.pbem/); open an .eml file in a mail client to read it.")
    return paths


@contextmanager
def _inbox(server: loopback.LocalDovecot, password: str) -> Iterator[IMAPClient]:
    """pbem's IMAP account, logged in for the block."""
    client = IMAPClient(server.host, port=server.port, ssl=False)
    client.login("pbem", password)
    try:
        yield client
    finally:
        client.logout()


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path), default="mail-loop")
@click.option("--game", "game_id", help="The game to play (default: the first installed).")
@click.option("--players", type=int, default=3, show_default=True, help="How many players, if the game allows it.")
def main(directory: Path, game_id: str | None, players: int) -> None:
    """Run the whole mail loop on loopback servers and write the mail players would get to DIRECTORY/mails."""
    run(directory, game_id, players)


if __name__ == "__main__":
    main(sys.argv[1:], prog_name="python -m pbem.mail.trial")
