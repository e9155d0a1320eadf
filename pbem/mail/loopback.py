"""Mail servers on loopback, for the mail tests and the trial loop (`make mail-loop`): Dovecot and an SMTP sink.

Dovecot (pbem.mail.dovecot) holds pbem's inbox; the sink is an aiosmtpd server that keeps every mail it
accepts in memory instead of delivering it, so what players would get can be read or written out.
"""

from __future__ import annotations

import email
import email.policy
import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from pbem.mail.dovecot import DovecotError, LocalDovecot, binary, free_port
from pbem.mail.flowed import readable

__all__ = ["DovecotError", "LocalDovecot", "LoopbackError", "Received", "SinkHandler", "SmtpSink", "binary", "dovecot", "free_port",
           "smtp_sink", "write_settings"]


class LoopbackError(RuntimeError):
    """A loopback server cannot run here (what it needs is not installed)."""


@dataclass
class Received:
    """One mail the SMTP sink accepted."""

    sender: str
    recipients: list[str]
    data: bytes

    @functools.cached_property
    def message(self) -> EmailMessage:
        """The mail parsed (once: a test reads a mail's headers many times, and parsing was most of its time)."""
        msg = email.message_from_bytes(self.data, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        return msg

    def text(self) -> str:
        """The plain-text body, as a client reads it (a flowed body's soft breaks joined)."""
        body = self.message.get_body(("plain",))
        assert isinstance(body, EmailMessage)
        return readable(body)


@dataclass
class SmtpSink:
    """What an SMTP sink received; `refuse` makes it answer DATA with that reply, `refuse_rcpt` refuses addresses."""

    host: str
    port: int
    received: list[Received] = field(default_factory=list)
    refuse: str | None = None
    refuse_rcpt: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def to(self, address: str) -> list[Received]:
        """Mail received for one address."""
        with self.lock:
            return [r for r in self.received if address in r.recipients]


class SinkHandler:
    """The aiosmtpd handler that keeps each mail in its sink."""

    def __init__(self, sink: SmtpSink):
        self.sink = sink

    async def handle_RCPT(self, server: object, session: object, envelope: Any, address: str,
                          options: list[str]) -> str:  # the name aiosmtpd calls
        if address in self.sink.refuse_rcpt:
            return "550 5.1.1 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: object, session: object, envelope: Any) -> str:  # the name aiosmtpd calls
        if self.sink.refuse is not None:
            return self.sink.refuse
        with self.sink.lock:
            self.sink.received.append(
                Received(envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.original_content)))
        return "250 2.0.0 Ok: queued as TEST"


@contextmanager
def smtp_sink(host: str = "127.0.0.1") -> Iterator[SmtpSink]:
    """An SMTP sink listening on loopback while the block runs."""
    try:
        from aiosmtpd.controller import Controller
    except ImportError:
        raise LoopbackError("aiosmtpd is not installed (pip install -e '.[test]', which `make venv` runs)") from None
    sink = SmtpSink(host, free_port())
    controller = Controller(SinkHandler(sink), hostname=sink.host, port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


@contextmanager
def dovecot(users: dict[str, str]) -> Iterator[LocalDovecot]:
    """A Dovecot with these users (name: password) on loopback while the block runs; DovecotError if it cannot start."""
    server = LocalDovecot(users)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def write_settings(root: Path, imap_port: int | None, smtp_port: int | None, *, imap_user: str = "pbem",
                   password_env: str = "PBEM_TEST_IMAP_PASSWORD") -> None:
    """pbem.yaml for servers on loopback, without TLS (the IMAP password comes from the environment)."""
    lines = ["from: pbem@games.example", "from_name: pbem games", "moderator: mod@example.org", "max_message_bytes: 200000"]
    if imap_port:
        lines += ["imap:", "  host: 127.0.0.1", f"  port: {imap_port}", "  security: plain", f"  user: {imap_user}",
                  f"  password_env: {password_env}", "  timeout: 10"]
    if smtp_port:
        lines += ["smtp:", "  host: 127.0.0.1", f"  port: {smtp_port}", "  security: plain", "  timeout: 10"]
    (root / "pbem.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
