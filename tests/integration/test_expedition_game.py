"""A complete Expedition to 5X game through the CLI: reports, mail, secrecy, replay and the book."""

from __future__ import annotations

import email
import email.policy
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from reports.pdfcheck import page_count

from pbem.cli import main
from pbem.store import GameDir, open_game

pytestmark = pytest.mark.slow

SEATS = ("anna", "ben", "cleo", "dara")
HIDDEN_KEYS = {"water", "hand", "choice", "bid", "bids", "playable"}


def pbem(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameDir, dict[str, str]]:
    """A 4-player robot game played to its end with every report rendered and every mail queued."""
    folder = tmp_path_factory.mktemp("x5") / "expedition"
    out = pbem("new", str(folder), "--game", "expedition-5x", "--seed", "77",
               *(arg for seat in SEATS for arg in ("--player", f"{seat}:{seat}@example.org")))
    tokens = dict(re.findall(r"^  (\w+): (\S+)$", out, re.MULTILINE))
    assert set(tokens) == set(SEATS)
    pbem("robot", str(folder), "--seat", "all")
    assert "the game is over" in pbem("run", str(folder))
    return open_game(folder), tokens


def test_every_step_has_every_report(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = played
    for step in gd.steps():
        names = {p.name for p in gd.report_dir(step).iterdir()}
        for stem in (*SEATS, "public"):
            assert {f"{stem}.html", f"{stem}.json", f"{stem}.txt"} <= names, (step, stem)
        # Every seat is mailed every step (Expedition's default policy), with its PDF when the mail asks for its
        # orders or has the result (a mail that asks nothing is light); nobody mails the public one.
        for stem in SEATS:
            model = json.loads((gd.report_dir(step) / f"{stem}.json").read_text(encoding="utf-8"))
            asks = model["owes_order"] or model["result"] is not None
            assert (f"{stem}.pdf" in names) == asks, (step, stem)
        assert "public.pdf" not in names, step
        assert (gd.report_dir(step) / ".complete").exists()


def test_views_in_reports_hide_other_seats_water_hand_and_bids(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = played
    for step in gd.steps():
        state = gd.state(step)
        over = gd.game.result(state) is not None
        for seat in (*SEATS, None):
            stem = seat or "public"
            model = json.loads((gd.report_dir(step) / f"{stem}.json").read_text())
            assert model["view"] == json.loads(json.dumps(gd.game.view(state, seat)))
            if seat is not None:
                assert model["view"]["you"]["seat"] == seat
            if not over:
                for player in model["view"]["players"]:
                    assert not HIDDEN_KEYS & set(player), (step, stem, player["seat"])


def test_private_events_reach_only_their_seats(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = played
    checked = 0
    for step in gd.steps():
        events = gd.events(step)
        for seat in (*SEATS, None):
            stem = seat or "public"
            model = json.loads((gd.report_dir(step) / f"{stem}.json").read_text())
            assert [e["text"] for e in model["events"]] == [e.text for e in events if e.visible_to(seat)]
            html = (gd.report_dir(step) / f"{stem}.html").read_text()
            text = (gd.report_dir(step) / f"{stem}.txt").read_text()
            for event in events:
                if not event.visible_to(seat) and not any(e.text == event.text for e in events if e.visible_to(seat)):
                    escaped = event.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                    assert escaped not in html and event.text not in text, (step, stem, event.text)
                    checked += 1
    assert checked > 0, "the game had private events to check"


def test_no_token_appears_in_any_report_or_mail(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, tokens = played
    files = [p for p in gd.root.rglob("*") if p.is_file()]
    assert len(files) > 100
    for path in files:
        data = path.read_bytes()
        for token in tokens.values():
            assert token.encode() not in data, path


def test_each_seat_gets_a_mail_per_step_with_pdf_and_alternatives(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = played
    mails = sorted(gd.outbox_dir().glob("*.eml"))
    assert len(mails) == len(gd.steps()) * len(SEATS)
    message = email.message_from_bytes(mails[-1].read_bytes(), policy=email.policy.default)
    assert message["Message-ID"] and gd.name in message["Subject"]
    assert message.get_body(("plain",)) is not None and message.get_body(("html",)) is not None
    pdfs = [part for part in message.iter_attachments() if part.get_content_type() == "application/pdf"]
    assert len(pdfs) == 1 and pdfs[0].get_content().startswith(b"%PDF")


def test_replay_reproduces_every_snapshot(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = played
    assert "replay exactly" in pbem("replay", str(gd.root))


def test_book_prints_every_report_of_a_seat(played: tuple[GameDir, dict[str, str]], tmp_path: Path) -> None:
    gd, _ = played
    out = tmp_path / "anna.pdf"
    pbem("book", str(gd.root), "--seat", "anna", "-o", str(out))
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert page_count(data) >= len(gd.steps()), "every step starts on a page of its own"


def test_status_json_at_the_end(played: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = played
    info = json.loads(pbem("status", str(gd.root), "--json"))
    assert info["finished"] is True and info["waiting_for"] == []
    assert set(info["scores"]) == set(SEATS) and info["winners"]
