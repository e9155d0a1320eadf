"""Delivery through a real SMTP server: sent once, recorded with the server's answer, failures retried."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from pbem.mail import compose, notices, smtp
from pbem.mail.dovecot import free_port
from pbem.mail.handle import handle
from pbem.mail.smtp import read_ledger

from .conftest import Site, write_settings
from .mails import order_mail, order_text

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def queue_check(site: Site) -> None:
    raw = order_mail(order_text("g1", "anna", 1, site.tokens["anna"])).as_bytes(policy=email.policy.SMTP)
    handle(site.root, site.settings, raw)


def test_the_outbox_is_delivered_once_and_recorded(site: Site) -> None:
    queue_check(site)
    result = smtp.send(site.root, site.settings)
    assert len(result.sent) == 1 and not result.failed
    [mail] = site.smtp.received
    assert mail.recipients == ["anna@example.org"] and mail.sender == "pbem@games.example"
    assert mail.message["Auto-Submitted"] == "auto-replied"
    assert list(site.gd.outbox_dir().glob("*.eml")) == []
    assert len(list((site.gd.mail_dir() / "sent").glob("*.eml"))) == 1
    [entry] = read_ledger(site.gd.mail_dir())
    assert entry["status"] == "sent" and entry["answer"].startswith("250 2.0.0 Ok: queued as TEST")
    assert smtp.send(site.root, site.settings).sent == []
    assert len(site.smtp.received) == 1


def test_a_file_put_back_after_sending_is_not_sent_twice(site: Site) -> None:
    queue_check(site)
    smtp.send(site.root, site.settings)
    [sent] = (site.gd.mail_dir() / "sent").glob("*.eml")
    (site.gd.outbox_dir() / sent.name).write_bytes(sent.read_bytes())  # a rerun queues the same mail again
    smtp.send(site.root, site.settings)
    assert len(site.smtp.received) == 1


def test_a_refusing_server_is_recorded_retried_then_given_up(site: Site) -> None:
    queue_check(site)
    site.smtp.refuse = "451 4.3.0 try again later"
    first = smtp.send(site.root, site.settings)
    assert first.failed and "451" in first.failed[0][1]
    assert len(list(site.gd.outbox_dir().glob("*.eml"))) == 1
    site.smtp.refuse = None
    assert len(smtp.send(site.root, site.settings).sent) == 1
    assert [e["status"] for e in read_ledger(site.gd.mail_dir())] == ["failed", "sent"]


def test_after_max_attempts_the_mail_is_set_aside(site: Site) -> None:
    queue_check(site)
    site.smtp.refuse = "550 5.1.1 no such user"
    settings = site.settings.__class__(**{**site.settings.__dict__, "max_attempts": 2})
    smtp.send(site.root, settings)
    result = smtp.send(site.root, settings)
    assert result.gave_up
    assert len(list((site.gd.mail_dir() / "failed").glob("*.eml"))) == 1
    site.smtp.refuse = None
    assert smtp.send(site.root, settings).failed == []
    [note] = site.smtp.to("mod@example.org")  # the moderator hears of it
    assert "could not deliver" in note.text()


def test_an_unreachable_server_fails_every_mail_and_keeps_them(site: Site, tmp_path: Path) -> None:
    queue_check(site)
    settings = write_settings(site.root, None, free_port())  # nothing listens there
    settings = settings.__class__(**{**settings.__dict__, "max_attempts": 1})
    for _ in range(3):  # an outage is no mail's fault: it never uses up the attempts
        result = smtp.send(site.root, settings)
        assert result.failed and "Connection refused" in result.failed[0][1] and not result.gave_up
    assert len(list(site.gd.outbox_dir().glob("*.eml"))) == 1
    assert {e["status"] for e in read_ledger(site.gd.mail_dir())} == {"not sent"}


def test_a_mail_interrupted_while_sending_is_held_not_resent(site: Site) -> None:
    queue_check(site)
    [queued] = site.gd.outbox_dir().glob("*.eml")
    sending = site.gd.mail_dir() / "sending"
    sending.mkdir(parents=True)
    queued.rename(sending / queued.name)  # as a run killed between handing over and filing it leaves it
    result = smtp.send(site.root, site.settings)
    assert result.held and site.smtp.received == []
    assert (site.gd.mail_dir() / "held" / queued.name).exists()


def test_welcome_mail_carries_the_token_once_and_no_copy_keeps_it(site: Site) -> None:
    tokens = notices.issue_tokens(site.gd, ["anna", "ben"])
    notices.queue_welcome(site.gd, site.settings, tokens)
    smtp.send(site.root, site.settings)
    [to_anna] = site.smtp.to("anna@example.org")
    assert tokens["anna"] in to_anna.text() and tokens["ben"] not in to_anna.text()
    assert any(line.strip().startswith("token:") and tokens["anna"] in line for line in to_anna.text().splitlines())
    for path in (site.gd.mail_dir() / "sent").glob("*.eml"):
        assert tokens["anna"] not in path.read_text() and tokens["ben"] not in path.read_text()
    assert tokens["anna"] not in (site.gd.mail_dir() / "ledger.jsonl").read_text()
    assert tokens["anna"] not in (site.gd.root / "game.yaml").read_text()


def test_report_mail_gets_our_sender_threading_and_the_deadline_calendar(site: Site) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin"}
    site.gd.save_meta()
    msg = email.message.EmailMessage()
    msg["From"] = "pbem@localhost"
    msg["To"] = "anna@example.org"
    msg["Subject"] = "[g1] report"
    msg.set_content("your report")
    (site.gd.outbox_dir()).mkdir(parents=True, exist_ok=True)
    (site.gd.outbox_dir() / "0000-anna.eml").write_bytes(bytes(msg))
    smtp.send(site.root, site.settings)
    [mail] = site.smtp.received
    got = mail.message
    assert got["From"].addresses[0].addr_spec == "pbem@games.example"
    assert got["Message-ID"] and compose.thread_root(site.settings, "g1", "anna") in got["References"]
    calendars = [p for p in got.walk() if p.get_content_type() == "text/calendar"]
    assert calendars and b"DTSTART:" in calendars[0].get_payload(decode=True)
    assert "(America/New_York)" in mail.text().split("\n")[0]  # the exact deadline, in anna's zone


@pytest.mark.parametrize("subject", ["=?utf-8?q?hi=0D=0ABcc:_evil@x.example?=", "hi\r\nBcc: evil@x.example", "x\u2028Bcc: evil@x.example"])
def test_player_text_never_adds_a_header(site: Site, subject: str) -> None:
    msg = compose.build(site.settings, to=["anna@example.org"], subject=subject, text="x\n", kind="check",
                        message_id="<a@b>", game="g1\r\nBcc: evil@x.example", seat="anna\nBcc: evil@x.example")
    compose.queue(site.gd.outbox_dir(), "evil", msg)
    smtp.send(site.root, site.settings)
    [mail] = site.smtp.received
    assert mail.recipients == ["anna@example.org"]
    head = mail.data.split(b"\r\n\r\n")[0]
    assert b"\r\nBcc" not in head and b"\nBcc" not in head


def test_a_welcome_mail_given_up_on_keeps_no_token(site: Site) -> None:
    tokens = notices.issue_tokens(site.gd, ["anna"])
    notices.queue_welcome(site.gd, site.settings, tokens)
    site.smtp.refuse = "550 5.1.1 no such user"
    settings = site.settings.__class__(**{**site.settings.__dict__, "max_attempts": 1})
    assert smtp.send(site.root, settings).gave_up
    [kept] = (site.gd.mail_dir() / "failed").glob("*.eml")
    assert tokens["anna"] not in kept.read_text() and "welcome" in kept.read_text()
    assert not list(site.gd.outbox_dir().glob("*.eml"))
    site.smtp.refuse = None
    smtp.send(site.root, settings)
    [note] = site.smtp.to("mod@example.org")
    assert "pbem mail welcome" in note.text()


def test_a_recipient_refused_while_others_accept_is_reported_to_the_moderator(site: Site) -> None:
    # pbem's own answers go to one address each; a mail to two (queued by hand) still meets a refused one.
    msg = compose.build(site.settings, to=["anna@example.org", "anna.work@example.com"], subject="[g1] two",
                        text="Two addresses.\n", kind="check", message_id=compose.make_id(site.settings, "check", "g1", "anna", "two"),
                        game="g1", seat="anna")
    compose.queue(site.gd.outbox_dir(), "check-two", msg)
    site.smtp.refuse_rcpt = {"anna.work@example.com"}
    result = smtp.send(site.root, site.settings)
    assert len(result.sent) == 1 and site.smtp.received[0].recipients == ["anna@example.org"]
    assert result.refused and "anna.work@example.com" in result.refused[0][1] and "550" in result.refused[0][1]
    smtp.send(site.root, site.settings)
    [note] = site.smtp.to("mod@example.org")
    assert "anna.work@example.com" in note.text()
    assert len(site.smtp.to("anna@example.org")) == 1  # the mail itself is not sent again


def test_a_long_message_id_threads_the_answer_as_it_is(site: Site) -> None:
    mid = "<CAKx7Zq1Yd6hH1o=Gk1Tq3bZx4p9s_8Yc8V5Lb9vN3H2+Jx8ZqQ-long.enough.to.fold@mail.gmail.com>"
    raw = order_mail(order_text("g1", "anna", 1, site.tokens["anna"]), message_id=mid).as_bytes(policy=email.policy.SMTP)
    handle(site.root, site.settings, raw)
    smtp.send(site.root, site.settings)
    [mail] = site.smtp.received
    assert b"=?" not in mail.data.split(b"\r\n\r\n")[0]  # ids are never encoded words: clients could not match them
    assert str(mail.message["In-Reply-To"]) == mid and str(mail.message["References"]).split()[-1] == mid
