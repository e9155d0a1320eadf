"""Whatever a seat's mail policy, it hears at once when the step now open waits for its orders."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from fourth_game.variants import TURN_GAME

from engine import registry
from pbem import deadlines, game_yaml, intake, store
from pbem.mail import digest, notices, preferences
from pbem.mail.flowed import readable
from pbem.mail.tick import default_renderer, tick

from .conftest import write_settings
from .mails import order_text

NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def turn_game(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = dict(registry.games())
    monkeypatch.setattr(registry, "games", lambda: {**installed, TURN_GAME.id: TURN_GAME})


def _game(tmp_path: Path) -> tuple[store.GameDir, dict[str, str]]:
    """A turn game (anna, ben, cleo move in turn) where cleo takes the daily digest, with a deadline."""
    root = tmp_path / "games"
    root.mkdir()
    settings = write_settings(root, None, None)
    seats = [game_yaml.Seat(who, f"{who}@example.org", mail="digest" if who == "cleo" else "due", pdf=False,
                        timezone="Asia/Tokyo" if who == "cleo" else None) for who in ("anna", "ben", "cleo")]
    gd, _ = store.create(root / "t1", TURN_GAME.id, "seed-7", seats,
                         {"deadline": {"rule": "daily 18:00", "timezone": "Europe/Berlin"}})
    tokens = notices.issue_tokens(gd, ["anna", "ben", "cleo"])
    notices.queue_welcome(gd, settings, tokens, now=NOON)
    _tick(gd, NOON)
    return gd, tokens


def _tick(gd: store.GameDir, now: datetime) -> None:
    settings = write_settings(gd.root.parent, None, None)
    summary = tick(gd.root.parent, settings, now=now, render=default_renderer(settings), mail=False)
    assert not summary.errors, summary.errors


def _play(gd: store.GameDir, seat: str, now: datetime) -> None:
    with gd.lock():
        intake.submit(gd, order_text(gd.name, seat, gd.current_step() + 1, None, "add: 1\n"), f"{seat}.yaml")
    _tick(gd, now)


def _to(gd: store.GameDir, seat: str, kind: str) -> list[EmailMessage]:
    found = []
    for path in sorted(gd.outbox_dir().glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        to_seat = str(msg["To"]).endswith(f"{seat}@example.org>") or msg["To"] == f"{seat}@example.org"
        if to_seat and (msg["X-Pbem-Kind"] == kind or (kind == "report" and msg["X-PBEM-Step"])):
            found.append(msg)
    return found


def _text(msg: EmailMessage) -> str:
    body = msg.get_body(("plain",))
    assert body is not None
    return readable(body)  # as a client shows it: a flowed body's soft breaks joined


def test_a_digest_seat_owing_orders_is_told_at_once_with_its_deadline(tmp_path: Path) -> None:
    gd, _ = _game(tmp_path)
    _play(gd, "anna", NOON + timedelta(hours=1))  # step 1: cleo's first digest goes with the first news
    assert [m["X-PBEM-Step"] for m in _to(gd, "cleo", "report")] == ["1"]
    _play(gd, "ben", NOON + timedelta(hours=2))  # step 2: cleo's turn, and her digest is not due for a day
    [told] = _to(gd, "cleo", "due")
    said = deadlines.seat_deadline_text(gd, "cleo")
    assert said is not None and "(Asia/Tokyo)" in said
    assert "your orders for step 3 are due" in _text(told) and f"Deadline: {said}." in _text(told)
    assert any(part.get_content_type() == "text/calendar" for part in told.walk())
    assert [m["X-PBEM-Step"] for m in _to(gd, "cleo", "report")] == ["1"], "the digest itself stays daily"
    _tick(gd, NOON + timedelta(hours=3))
    assert len(_to(gd, "cleo", "due")) == 1, "told once a step"
    _tick(gd, NOON + timedelta(hours=25))
    assert [m["X-PBEM-Step"] for m in _to(gd, "cleo", "report")] == ["1", "2"]
    assert all(not _to(gd, seat, "due") for seat in ("anna", "ben")), "other policies mail the report itself"


def test_a_digest_seat_that_owes_nothing_is_not_told(tmp_path: Path) -> None:
    gd, _ = _game(tmp_path)
    _play(gd, "anna", NOON + timedelta(hours=1))
    assert not _to(gd, "cleo", "due")  # step 1 is ben's turn


def test_switching_from_digest_to_due_by_mail_sends_the_report_already_due(tmp_path: Path) -> None:
    gd, _ = _game(tmp_path)
    _play(gd, "anna", NOON + timedelta(hours=1))
    _play(gd, "ben", NOON + timedelta(hours=2))  # cleo owes step 3; her digest covered step 1 only
    with gd.lock():
        _, lines, done = preferences.by_mail(gd, "cleo", {"mail": "due"}, "cleo@example.org")
    assert done, lines
    _tick(gd, NOON + timedelta(hours=3))
    reports = _to(gd, "cleo", "report")
    assert [m["X-PBEM-Step"] for m in reports] == ["1", "2"]
    assert "Your orders are due" in _text(reports[-1]) and "turn 2: ben adds" in _text(reports[-1])
    assert "cleo" not in digest.load(gd)
    _tick(gd, NOON + timedelta(hours=4))
    assert len(_to(gd, "cleo", "report")) == 2, "sent once"


def test_switching_from_digest_to_due_while_owing_nothing_sends_nothing(tmp_path: Path) -> None:
    gd, _ = _game(tmp_path)
    _play(gd, "anna", NOON + timedelta(hours=1))  # the digest covers step 1 (ben's turn)
    _play(gd, "ben", NOON + timedelta(hours=2))
    with gd.lock():
        preferences.by_mail(gd, "cleo", {"mail": "due"}, "cleo@example.org")
        intake.submit(gd, order_text(gd.name, "cleo", 3, None, "add: 1\n"), "cleo.yaml")
    _tick(gd, NOON + timedelta(hours=3))  # cleo's turn resolves; anna owes now, cleo does not
    assert [m["X-PBEM-Step"] for m in _to(gd, "cleo", "report")] == ["1"]
