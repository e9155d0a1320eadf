"""Real servers for the mail tests: Dovecot (IMAP) and aiosmtpd (SMTP) on loopback, started by pbem.mail.loopback
as `make mail-loop` starts them, and a game under a root (of the fourth game, Highest Unique, which
tests/conftest.py registers for every test)."""

from __future__ import annotations

import email
import email.policy
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from highest_unique import GAME
from imapclient import IMAPClient

from pbem import game_yaml, store
from pbem.mail import loopback
from pbem.mail import settings as mail_settings
from pbem.mail.loopback import DovecotError, LocalDovecot, Received, SinkHandler, SmtpSink, binary

_Handler = SinkHandler  # the name tests that start their own sink (TLS) use
__all__ = ["Received", "SmtpSink", "_Handler"]  # what the mail tests import from here

PASSWORD = "imap-secret-pw"
SMTP_USER_PASSWORD = "smtp-secret-pw"
SEATS = [
    game_yaml.Seat("anna", "anna@example.org", timezone="America/New_York"),
    game_yaml.Seat("ben", "ben@example.org"),
    game_yaml.Seat("cleo", "cleo@example.org"),
]


@pytest.fixture(scope="session")
def dovecot() -> Iterator[LocalDovecot]:
    """One Dovecot for the session (users are emptied between tests)."""
    if binary() is None:
        if os.environ.get("CI"):  # `make test` installs it: in CI a missing server is a failure, not a skip
            pytest.fail("dovecot is not installed although CI is set (make test installs dovecot-imapd)")
        pytest.skip("dovecot is not installed (make test installs dovecot-imapd)")
    try:
        server = LocalDovecot({"pbem": PASSWORD})
        server.start()
    except DovecotError as exc:
        pytest.fail(f"dovecot would not start: {exc}")
    yield server
    server.stop()


@pytest.fixture()
def mailbox(dovecot: LocalDovecot) -> Iterator[Mailbox]:
    """pbem's mailbox, emptied for this test."""
    box = Mailbox(dovecot)
    box.empty()
    yield box
    box.close()


class Mailbox:
    """The test's view of the IMAP account: deliver mail into it and look at its folders."""

    def __init__(self, server: LocalDovecot):
        self.server = server
        self.client = IMAPClient(server.host, port=server.port, ssl=False)
        self.client.login("pbem", PASSWORD)

    def empty(self) -> None:
        """Delete every message and every folder but INBOX."""
        for flags, _delim, name in self.client.list_folders():
            if b"\\Noselect" in flags:
                continue
            self.client.select_folder(name)
            uids = self.client.search(["ALL"])
            if uids:
                self.client.delete_messages(uids)
                self.client.expunge()
        self.client.unselect_folder() if self.client.has_capability("UNSELECT") else None
        for _flags, _delim, name in sorted(self.client.list_folders(), key=lambda f: -len(f[2])):
            if name != "INBOX" and self.client.folder_exists(name):  # a parent goes with its last child
                self.client.delete_folder(name)

    def deliver(self, raw: bytes | EmailMessage, *, seen: bool = False, at: datetime | None = None) -> None:
        """A mail arrives in INBOX (optionally already marked read by a person, optionally at a given time)."""
        data = raw.as_bytes(policy=email.policy.SMTP) if isinstance(raw, EmailMessage) else raw
        self.client.append("INBOX", data, flags=[b"\\Seen"] if seen else [], msg_time=at)

    def count(self, folder: str) -> int:
        """Messages in a folder (0 when it does not exist)."""
        if not self.client.folder_exists(folder):
            return 0
        return int(self.client.folder_status(folder, ["MESSAGES"])[b"MESSAGES"])

    def close(self) -> None:
        """Log out."""
        try:
            self.client.logout()
        except Exception:
            pass


@pytest.fixture()
def smtp_sink() -> Iterator[SmtpSink]:
    """A real SMTP server on loopback for this test."""
    with loopback.smtp_sink() as sink:
        yield sink


@dataclass
class Site:
    """A games root with pbem.yaml pointing at the test servers, and one game in it."""

    root: Path
    gd: store.GameDir
    tokens: dict[str, str]
    settings: mail_settings.Settings
    mailbox: Mailbox | None
    smtp: SmtpSink | None


def write_settings(root: Path, imap_port: int | None, smtp_port: int | None) -> mail_settings.Settings:
    """pbem.yaml for the test servers (passwords from the environment)."""
    loopback.write_settings(root, imap_port, smtp_port)
    return mail_settings.load(root)


@pytest.fixture()
def site(tmp_path: Path, mailbox: Mailbox, smtp_sink: SmtpSink, monkeypatch: pytest.MonkeyPatch) -> Site:
    """A root with one game (anna, ben, cleo) and both servers."""
    monkeypatch.setenv("PBEM_TEST_IMAP_PASSWORD", PASSWORD)
    root = tmp_path / "games"
    root.mkdir()
    settings = write_settings(root, mailbox.server.port, smtp_sink.port)
    gd, tokens = store.create(root / "g1", GAME.id, "seed-1", SEATS)
    return Site(root, gd, tokens, settings, mailbox, smtp_sink)


@pytest.fixture()
def offline(tmp_path: Path) -> Site:
    """A root with one game and settings, without servers (for handling mail directly)."""
    root = tmp_path / "games"
    root.mkdir()
    settings = write_settings(root, None, None)
    gd, tokens = store.create(root / "g1", GAME.id, "seed-1", SEATS)
    return Site(root, gd, tokens, settings, None, None)
