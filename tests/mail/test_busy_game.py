"""A game another process holds never stops the mail: its mail waits in the inbox, the other games go on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import store
from pbem.cli import main
from pbem.files import locked
from pbem.mail import handle as handling
from pbem.mail import tick as ticking
from pbem.mail.mailbox import state_dir
from pbem.mail.tick import tick

from .conftest import GAME, SEATS, Site
from .mails import order_mail, order_text

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

class Holder:
    """Another process holding a game's lock with flock, as a hung `pbem run` or an operator's `flock` does."""

    def __init__(self, lock: Path, *, age_seconds: float = 0):
        self.process = subprocess.Popen([sys.executable, "-c", f"""
import fcntl, json, os, time
fd = os.open({str(lock)!r}, os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0)
os.pwrite(fd, json.dumps({{"pid": os.getpid(), "since": time.time() - {age_seconds}}}).encode() + b"\\n", 0)
print("held", flush=True)
time.sleep(600)
"""], stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None and self.process.stdout.readline() == "held\n"

    @property
    def pid(self) -> int:
        return self.process.pid

    def release(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


@pytest.fixture()
def two_games(site: Site, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Site, store.GameDir, dict[str, str]]]:
    """The site's game g1 and a second game g2 under the same root; a busy game is given up on quickly."""
    monkeypatch.setattr(handling, "LOCK_WAIT_SECONDS", 0.2)
    g2, tokens = store.create(site.root / "g2", GAME.id, "seed-2", SEATS)
    yield site, g2, tokens


def _checks(site: Site, game: str) -> list[str]:
    assert site.smtp is not None
    return [str(m.message["Message-ID"]) for m in site.smtp.received
            if m.message["X-Pbem-Kind"] == "check" and str(m.message["Subject"]).startswith(f"[{game}]")]


@pytest.mark.mail
def test_mail_for_a_game_another_process_holds_waits_in_the_inbox_while_other_games_are_answered(
        two_games: tuple[Site, store.GameDir, dict[str, str]]) -> None:
    site, g2, tokens2 = two_games
    assert site.mailbox is not None
    holder = Holder(site.gd.root / ".lock")
    try:
        site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3\n")))
        site.mailbox.deliver(order_mail(order_text("g2", "anna", 1, tokens2["anna"], "pick: 1\n")))
        first = tick(site.root, site.settings, now=MONDAY_9, render=None)
        assert not first.errors, first.errors  # held for a short while only: no alarm
        assert [o.status for o in first.fetched.outcomes] == ["deferred", "accepted"]
        assert len(_checks(site, "g2")) == 1 and _checks(site, "g1") == []
        assert site.mailbox.count("INBOX") == 1  # g1's mail is kept where it was, token and all
        assert "anna" in g2.pending() and "anna" not in site.gd.pending()
        assert "busy" in first.games["g1"][0]
        again = tick(site.root, site.settings, now=MONDAY_9, render=None)  # still held: still waiting
        assert [o.status for o in again.fetched.outcomes] == ["deferred"]
    finally:
        holder.release()
    later = tick(site.root, site.settings, now=MONDAY_9, render=None)
    assert not later.errors, later.errors
    assert [o.status for o in later.fetched.outcomes] == ["accepted"]
    assert "anna" in site.gd.pending()
    assert site.mailbox.count("INBOX") == 0 and site.mailbox.count("pbem/processed") == 2
    assert len(_checks(site, "g1")) == 1 and len(_checks(site, "g2")) == 1  # each mail answered once
    assert len(list((state_dir(site.root) / "seen").glob("??/*.json"))) == 2
    assert tick(site.root, site.settings, now=MONDAY_9, render=None).fetched.outcomes == []


@pytest.mark.mail
def test_mail_for_a_game_locked_past_the_limit_is_kept_and_the_fetch_names_the_holder_and_fails(
        two_games: tuple[Site, store.GameDir, dict[str, str]]) -> None:
    site, g2, tokens2 = two_games
    assert site.mailbox is not None
    holder = Holder(site.gd.root / ".lock", age_seconds=2 * 3600 + 60)
    try:
        site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3\n")))
        site.mailbox.deliver(order_mail(order_text("g2", "anna", 1, tokens2["anna"], "pick: 1\n")))
        result = CliRunner().invoke(main, ["mail", "fetch", str(site.root)])
        assert result.exit_code == 1, result.output
        assert f"g1: locked for more than 30 min by pid {holder.pid}, for 2 h 1 min" in result.output
        assert "1 mail handled, 1 left in the inbox for the next run" in result.output
        assert site.mailbox.count("INBOX") == 1 and len(_checks(site, "g2")) == 0  # queued, not yet sent
        assert "anna" in g2.pending()
        result = CliRunner().invoke(main, ["tick", str(site.root)])
        assert result.exit_code == 1, result.output
        assert result.output.count(f"pid {holder.pid}") == 1, result.output  # one line about it, not one per part
        assert site.mailbox.count("INBOX") == 1
    finally:
        holder.release()
    result = CliRunner().invoke(main, ["tick", str(site.root)])
    assert result.exit_code == 0, result.output
    assert site.mailbox.count("INBOX") == 0
    assert len(_checks(site, "g1")) == 1 and len(_checks(site, "g2")) == 1
    logged = [json.loads(line) for line in (state_dir(site.root) / "log.jsonl").read_text().splitlines()]
    assert any(e.get("event", "").startswith("game busy") and e.get("game") == "g1" for e in logged)


def test_handle_leaves_mail_for_a_held_game_unrecorded_and_unanswered_and_handles_it_once_free(
        offline: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handling, "LOCK_WAIT_SECONDS", 0.1)
    raw = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 3\n")).as_bytes()
    busy: set[str] = set()
    with locked(offline.gd.root / ".lock"):  # a second descriptor: flock refuses it even in this process
        outcome = handling.handle(offline.root, offline.settings, raw, now=MONDAY_9, busy=busy)
        assert (outcome.status, outcome.game, busy) == ("deferred", "g1", {"g1"})
        assert outcome.lock is not None and outcome.lock["pid"] == os.getpid()
        monkeypatch.setattr(handling, "LOCK_WAIT_SECONDS", 60)  # a game found busy is not waited for again
        started = time.monotonic()
        assert handling.handle(offline.root, offline.settings, raw, now=MONDAY_9, busy=busy).status == "deferred"
        assert time.monotonic() - started < 30
    assert handling.seen(offline.root, outcome.key) is None
    assert not list(offline.gd.outbox_dir().glob("check-*")) and "anna" not in offline.gd.pending()
    assert handling.handle(offline.root, offline.settings, raw, now=MONDAY_9).status == "accepted"
    assert handling.handle(offline.root, offline.settings, raw, now=MONDAY_9).status == "duplicate"
    assert len(list(offline.gd.outbox_dir().glob("check-*"))) == 1


@pytest.mark.mail
def test_a_tick_applies_no_deadline_to_a_game_whose_mail_it_had_to_leave(
        two_games: tuple[Site, store.GameDir, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    site, _, _ = two_games
    assert site.mailbox is not None
    # The server's arrival times cannot lie in the future (Dovecot clamps them), so this game runs in the past.
    opened = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=3)
    site.gd.meta.options["deadline"] = {"rule": "1 hours after the last step", "grace_minutes": 0}
    site.gd.save_meta()
    tick(site.root, site.settings, now=opened, render=None)  # the deadline: opened + 1 h
    holder = Holder(site.gd.root / ".lock")
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3\n")),
                         at=opened + timedelta(minutes=30))
    real = ticking.imap.fetch

    def fetch_then_free(*args: object, **kw: object) -> object:
        done = real(*args, **kw)  # type: ignore[arg-type]
        holder.release()  # the other process ends between the fetch and the deadlines
        return done

    monkeypatch.setattr(ticking.imap, "fetch", fetch_then_free)
    try:
        first = tick(site.root, site.settings, now=opened + timedelta(hours=2), render=None)
    finally:
        holder.release()
    monkeypatch.setattr(ticking.imap, "fetch", real)
    assert [o.status for o in first.fetched.outcomes] == ["deferred"]
    assert site.gd.current_step() == 0 and "busy" in first.games["g1"][0]  # no default orders over anna's mail
    later = tick(site.root, site.settings, now=opened + timedelta(hours=2, minutes=5), render=None)
    assert [o.status for o in later.fetched.outcomes] == ["accepted"]  # it arrived in time
    assert site.gd.step_info(1)["orders"] == {"anna": "submitted", "ben": "default", "cleo": "default"}
