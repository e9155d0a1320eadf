"""Report mail: the structure a mail client sees, stable ids and threading, and no header injection."""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from pbem.mail.flowed import readable
from pbem.mail.report_message import header_text, message_id, thread_root_id
from pbem.reports import report_stem
from pbem.store import GameDir

from .conftest import EVIL, SCRIPT

HEADERS = {
    "from", "to", "subject", "message-id", "in-reply-to", "references", "auto-submitted",
    "x-pbem-game", "x-pbem-step", "x-pbem-seat", "mime-version", "content-type",
}


def _mail(gd: GameDir, step: int, seat: str) -> tuple[bytes, EmailMessage]:
    raw = (gd.outbox_dir() / f"{step:04d}-{report_stem(seat)}.eml").read_bytes()
    msg = message_from_bytes(raw, policy=policy.default)
    assert isinstance(msg, EmailMessage)
    return raw, msg


def test_mail_has_text_and_html_alternatives_and_both_attachments(rendered: GameDir) -> None:
    _, msg = _mail(rendered, 1, "anna")
    assert msg.get_content_type() == "multipart/mixed"
    alternative = next(p for p in msg.iter_parts() if p.get_content_type() == "multipart/alternative")
    assert [p.get_content_type() for p in alternative.iter_parts()] == ["text/plain", "text/html"]
    text = readable(msg.get_body(preferencelist=("plain",)))  # as a client shows it, soft breaks joined
    html = msg.get_body(preferencelist=("html",)).get_content()
    assert "Fill in the attached orders-step-2.yaml" in text and "report for anna" in text
    assert '<div class="cover">' in html and '<section class="report"' in html
    attachments = {p.get_filename(): p for p in msg.iter_attachments()}
    assert set(attachments) == {"tiny_game-step-0001-anna.pdf", "orders-step-2.yaml"}
    pdf = attachments["tiny_game-step-0001-anna.pdf"]
    assert pdf.get_content_type() == "application/pdf"
    assert pdf.get_content() == (rendered.report_dir(1) / "anna.pdf").read_bytes()
    template = attachments["orders-step-2.yaml"].get_content().replace("\r\n", "\n")  # SMTP lines end in CRLF
    assert template == (rendered.report_dir(1) / "anna.order.yaml").read_text()


def test_subject_names_game_label_and_seat(rendered: GameDir) -> None:
    _, msg = _mail(rendered, 2, "bob")
    assert msg["Subject"] == "[tiny&game] round 3 - report for bob"
    assert msg["To"].addresses[0].addr_spec == "bob@example.org"
    assert msg["From"].addresses[0].addr_spec == "turns@pbem.example"
    assert msg["Auto-Submitted"] == "auto-generated"
    assert msg["X-PBEM-Seat"] == "bob"


def test_no_orders_due_means_no_template_attached(rendered: GameDir) -> None:
    _, msg = _mail(rendered, 1, SCRIPT)  # sits out in round 2
    # A mail that asks nothing is light: no template, and no PDF either (pbem.mail.policy).
    assert [p.get_filename() for p in msg.iter_attachments()] == []
    text = msg.get_body(preferencelist=("plain",)).get_content()
    assert "No orders are due from you this step." in text and "attached as a PDF" not in text


def test_message_ids_are_stable_and_thread_each_seat(rendered: GameDir) -> None:
    ids = {step: _mail(rendered, step, "anna")[1] for step in rendered.steps()}
    assert ids[0]["Message-ID"] == thread_root_id("tiny&game", "anna", "pbem.example")
    assert ids[0]["In-Reply-To"] is None and ids[0]["References"] is None
    for step in rendered.steps()[1:]:
        msg = ids[step]
        assert msg["Message-ID"] == message_id("tiny&game", "anna", step, "pbem.example")
        assert msg["In-Reply-To"] == ids[step - 1]["Message-ID"]
        assert msg["References"].split()[0] == ids[0]["Message-ID"]
    assert len({m["Message-ID"] for m in ids.values()}) == len(ids)
    assert _mail(rendered, 1, "bob")[1]["Message-ID"] != ids[1]["Message-ID"]
    assert re.fullmatch(r"<0001\.anna\.tiny_game\.[0-9a-f]{16}@pbem\.example>", ids[1]["Message-ID"])


def test_a_seat_name_cannot_inject_headers(rendered: GameDir) -> None:
    raw, msg = _mail(rendered, 1, EVIL)
    assert msg["Bcc"] is None and msg["X-PBEM-Seat"] is None
    assert {k.lower() for k in msg.keys()} <= HEADERS
    head = raw.split(b"\r\n\r\n", 1)[0]
    assert re.search(rb"(?im)^bcc:", head) is None
    assert "\r" not in msg["Subject"] and "\n" not in msg["Subject"]
    assert msg["Subject"] == "[tiny&game] round 2 - report for evilBcc: x@y"
    assert [a.addr_spec for a in msg["To"].addresses] == ["evil@example.org"]


def test_mail_lines_fit_smtp(rendered: GameDir) -> None:
    raw, _ = _mail(rendered, 3, "anna")
    assert max(len(line) for line in raw.split(b"\r\n")) <= 78
    assert b"\n" not in raw.replace(b"\r\n", b"")


@pytest.mark.parametrize(
    "raw, clean",
    [
        ("a\r\nBcc: x", "aBcc: x"),
        ("tab\there", "tabhere"),
        ("line\u2028sep\u2029par", "lineseppar"),
        ("nul\x00del\x7fc1\x85", "nuldelc1"),
        ("  many   spaces  ", "many spaces"),
    ],
)
def test_header_text_strips_controls_and_line_breaks(raw: str, clean: str) -> None:
    assert header_text(raw) == clean


def test_message_id_refuses_a_domain_that_is_not_one() -> None:
    with pytest.raises(ValueError, match="not a mail domain"):
        message_id("g", "anna", 1, "evil>\r\nBcc: x")
