"""One deadline everywhere: every mail, .ics, report, status line and site page of a seat names the same moment."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import icalendar
import pytest
from click.testing import CliRunner
from conformance.cases import Case, firsts

from engine.rng import Rng
from pbem import control, control_cli, deadlines, game_yaml, intake, store
from pbem.cli import main
from pbem.mail import notices, requests, smtp
from pbem.mail import settings as mail_settings
from pbem.mail.flowed import readable
from pbem.mail.tick import default_renderer, tick
from pbem.orders import dump_body, render
from pbem.reports import render_step, report_model
from pbem.reports.names import report_stem
from pbem.site import build, seat_folder
from pbem.status import describe, status

from .conftest import Site

#: Monday 30 November 2026, 19:33 Berlin: less than the turn minimum before Monday's 20:00.
SETUP = datetime(2026, 11, 30, 18, 33, tzinfo=UTC)
OPTIONS = {"deadline": {"rule": "daily 20:00", "timezone": "Europe/Berlin", "turn_hours": 12}}


def _mails(gd: store.GameDir) -> list[tuple[Path, EmailMessage]]:
    found = []
    for path in sorted(gd.outbox_dir().glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        found.append((path, msg))
    return found


def _text(msg: EmailMessage) -> str:
    body = msg.get_body(("plain",))
    assert body is not None
    return readable(body)  # as a client shows it: a flowed body's soft breaks joined


def _calendar(msg: EmailMessage) -> datetime | None:
    for part in msg.walk():
        if part.get_content_type() == "text/calendar":
            event = next(iter(icalendar.Calendar.from_ical(part.get_content()).walk("VEVENT")))
            moment = event.decoded("dtstart")
            assert isinstance(moment, datetime)
            return moment
    return None


def _owing(gd: store.GameDir) -> list[str]:
    state = gd.state()
    pending = gd.pending()
    return sorted({p.seat for p in gd.game.prompts(state)
                   if p.seat not in pending and not gd.meta.seat(p.seat).robot and gd.meta.seat(p.seat).address})


def _check(gd: store.GameDir, settings: mail_settings.Settings, site: Path, now: datetime, seen: set[str]) -> None:
    """Every place a seat owing orders reads its deadline names the moment the one function gives."""
    policy = deadlines.policy(gd.meta.options)
    assert policy is not None
    step = gd.current_step()
    info = json.loads(_pbem("status", str(gd.root), "--json"))
    described = _pbem("status", str(gd.root))
    build(gd.root.parent, site, settings.report_config())
    owing = _owing(gd)
    assert owing, f"{gd.game.id}: nobody owes orders"
    # Mail queued since the last check, prepared as `pbem mail send` does (the deadline line goes on top).
    fresh = [(path, msg) for path, msg in _mails(gd) if path.name not in seen]
    seen.update(path.name for path, _ in fresh)
    for seat in owing:
        moment = deadlines.seat_deadline(gd, seat, now)
        assert moment is not None
        said = deadlines.local_text(moment, gd.meta.seat(seat).timezone, policy.zone)
        where = f"{gd.game.id} step {step} seat {seat}"
        for path, msg in fresh:
            if msg["X-Pbem-Seat"] != seat:
                continue
            prepared, _, _ = smtp.prepare(path, settings, gd, now)
            body = _text(prepared)
            if "Deadline" in body or "deadline:" in body:
                assert said in body, (where, path.name, body[:600])
            calendar = _calendar(prepared)
            if calendar is not None:
                assert calendar == moment, (where, path.name)
        stem = report_stem(seat)
        folder = gd.report_dir(step)
        model = json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))
        assert model["deadline_at"] == said, where
        assert said in (folder / f"{stem}.html").read_text(encoding="utf-8"), where
        assert said in (folder / f"{stem}.txt").read_text(encoding="utf-8"), where
        assert datetime.fromisoformat(info["deadlines"][seat]) == moment, where
        assert f"{seat}: {moment.astimezone(UTC):%a %Y-%m-%d %H:%M} UTC" in described or (
            f"deadline: {moment.astimezone(UTC):%a %Y-%m-%d %H:%M} UTC" in described), (where, described)
        _, answer, _ = requests.answer(gd, settings, seat, {"status": True}, gd.meta.seat(seat).address, now)
        assert f"Your deadline: {said}." in answer, where
        page = (site / gd.name / seat_folder(gd, seat) / f"{step:04d}.html").read_text(encoding="utf-8")
        assert "deadline" not in page.lower() or said in page, where


def _pbem(*args: str) -> str:
    """What a `pbem` command prints; it must succeed."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, (args, result.output, result.exc_info)
    return result.output


def _play_one_step(gd: store.GameDir, settings: mail_settings.Settings, now: datetime) -> None:
    """The seats owing orders send random legal ones; a tick resolves the step and opens the next."""
    state = gd.state()
    step = gd.current_step() + 1
    with gd.lock():
        for seat in _owing(gd):
            order = gd.game.random_order(state, seat, Rng.for_step("deadline-test", step, seat))
            intake.submit(gd, render({"game": gd.name, "seat": seat, "step": step}, dump_body(order)), f"{seat}.yaml")
    summary = tick(gd.root.parent, settings, now=now, render=default_renderer(settings), mail=False)
    assert not summary.errors, summary.errors
    assert gd.current_step() == step


@pytest.mark.slow
@pytest.mark.parametrize("case", firsts(), ids=lambda case: case.name)  # one of each game and robot variant
def test_every_mail_report_status_and_page_names_the_one_deadline(case: Case, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, count, extra = case.game_id, case.setup.players, case.options
    root = tmp_path / "games"
    root.mkdir()
    (root / "pbem.yaml").write_text("from: pbem@games.example\n", encoding="utf-8")
    settings = mail_settings.load(root)
    zones = ["America/New_York", "Asia/Tokyo", None]
    seats = [game_yaml.Seat(f"p{i}", f"p{i}@example.org", timezone=zones[i % 3], mail="every", pdf=False)
             for i in range(count)]
    gd, tokens = store.create(root / "g", game_id, "deadline-seed", seats, {**OPTIONS, **extra})
    site = tmp_path / "site"
    seen: set[str] = set()
    with gd.lock():
        notices.queue_welcome(gd, settings, tokens, now=SETUP)
    tick(root, settings, now=SETUP, render=default_renderer(settings), mail=False)
    render_step(gd, 0, settings.report_config())  # the setup's reports, as `pbem report` writes them
    _check(gd, settings, site, SETUP, seen)

    later = SETUP + timedelta(minutes=20)
    _play_one_step(gd, settings, later)
    _check(gd, settings, site, later, seen)

    seat = _owing(gd)[0]
    monkeypatch.setattr(control_cli, "_now", lambda: later)
    _pbem("deadline", str(gd.root), "--seat", seat, "--extend", "1d", "--why", "travel")
    _check(gd, settings, site, later, seen)

    _pbem("hold", str(gd.root), "--why", "a rules question")
    resumed = later + timedelta(hours=3)
    monkeypatch.setattr(control_cli, "_now", lambda: resumed)
    _pbem("resume", str(gd.root))
    _check(gd, settings, site, resumed, seen)


MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _with_deadline(site: Site) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin"}
    site.gd.save_meta()


def test_status_lists_each_owing_seat_with_its_own_deadline(offline: Site) -> None:
    _with_deadline(offline)
    with offline.gd.lock():
        control.set_deadline(offline.gd, MONDAY_9, extend=timedelta(days=2), seat="ben", why="travel")
    info = status(offline.gd)
    ben = deadlines.seat_deadline(offline.gd, "ben")
    anna = deadlines.seat_deadline(offline.gd, "anna")
    assert ben is not None and anna is not None and ben > anna
    assert info["deadlines"] == {"anna": anna.isoformat(), "ben": ben.isoformat(), "cleo": anna.isoformat()}
    assert datetime.fromisoformat(info["deadline"]) == ben  # the step closes with the latest
    assert f"anna: {anna:%a %Y-%m-%d %H:%M} UTC" in describe(info)


def test_a_players_status_answer_names_only_their_own_deadline(offline: Site) -> None:
    _with_deadline(offline)
    with offline.gd.lock():
        control.set_deadline(offline.gd, MONDAY_9, extend=timedelta(days=2), seat="ben", why="travel")
    ben = deadlines.seat_deadline(offline.gd, "ben")
    anna = deadlines.seat_deadline(offline.gd, "anna")
    assert ben is not None and anna is not None
    _, lines, _ = requests.answer(offline.gd, offline.settings, "anna", {"status": True}, "anna@example.org", MONDAY_9)
    said = "\n".join(lines)
    assert f"{ben:%a %Y-%m-%d %H:%M}" not in said and "ben:" not in said
    assert f"Your deadline: {deadlines.seat_deadline_text(offline.gd, 'anna', MONDAY_9)}." in said  # in her own zone


def test_a_held_game_shows_no_deadline_anywhere(offline: Site) -> None:
    _with_deadline(offline)
    with offline.gd.lock():
        control.set_deadline(offline.gd, MONDAY_9, extend=timedelta(hours=1))
        control.hold(offline.gd, "a rules question", MONDAY_9)
    assert deadlines.seat_deadline(offline.gd, "anna") is None
    assert status(offline.gd)["deadline"] is None and status(offline.gd)["deadlines"] == {}
    assert report_model(offline.gd, 0, "anna")["deadline_at"] is None


def test_a_players_status_answer_names_no_process(offline: Site) -> None:
    with offline.gd.lock():  # as when the answer is written: the mail handler holds the game's lock
        _, lines, _ = requests.answer(offline.gd, offline.settings, "anna", {"status": True}, "anna@example.org", MONDAY_9)
    said = "\n".join(lines)
    assert "pid" not in said and "being worked on" not in said
