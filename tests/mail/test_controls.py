"""The moderator's controls (docs/mail.md, "The moderator's controls"), each logged and told to the players."""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import batch, control, game_yaml, intake, moderation, players, records, rollback, store
from pbem.cli import main
from pbem.mail import deadlines
from pbem.mail.due import deadline_text
from pbem.mail.flowed import readable
from pbem.mail.retired import retired_seat
from pbem.mail.tick import tick, tick_game

from .conftest import GAME, SEATS, Site
from .mails import order_text

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # the deadline is 18:00 Berlin = 17:00 UTC that day


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


def set_deadline(site: Site, **extra: object) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin", "remind_hours": [2], **extra}
    site.gd.save_meta()


def queued(site: Site, kind: str) -> dict[str, EmailMessage]:
    """The queued mails of one kind, by the seat they go to."""
    found: dict[str, EmailMessage] = {}
    for path in sorted(site.gd.outbox_dir().glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        if str(msg.get("X-Pbem-Kind")) == kind:
            found[str(msg["X-Pbem-Seat"])] = msg
    return found


def text(msg: EmailMessage) -> str:
    body = msg.get_body(("plain",))
    assert body is not None
    return readable(body)  # as a client shows it: a flowed body's soft breaks joined


def submit_all(gd: store.GameDir, picks: dict[str, int]) -> None:
    step = gd.current_step() + 1
    with gd.lock():
        for seat, pick in picks.items():
            intake.submit(gd, order_text(gd.name, seat, step, None, f"pick: {pick}\n"), f"{seat}.yaml")


def control_log(gd: store.GameDir) -> list[dict[str, object]]:
    lines = (gd.root / "log.jsonl").read_text(encoding="utf-8").splitlines()
    return [entry for entry in map(json.loads, lines) if entry.get("moderator")]


def folder_hash(root: Path) -> str:
    digest = hashlib.sha256()
    # The lock file records who holds it and since when (crash reports); it is not part of the game.
    for path in sorted(p for p in root.rglob("*") if p.name != ".lock"):
        digest.update(str(path.relative_to(root)).encode())
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


# -- hold and resume -------------------------------------------------------------------------------------
def test_hold_stops_resolution_deadline_and_reminders_and_players_are_told_why(offline: Site) -> None:
    set_deadline(offline)
    tick_game(offline.gd, offline.settings, MONDAY_9, None)  # the deadline opens: Monday 17:00 UTC
    with offline.gd.lock():
        control.hold(offline.gd, "cleo is in hospital", MONDAY_9 + timedelta(hours=1))
    told = queued(offline, "hold")
    assert sorted(told) == ["anna", "ben", "cleo"]
    assert "cleo is in hospital" in text(told["anna"]) and "no deadline runs" in text(told["anna"])
    submit_all(offline.gd, {"anna": 3, "ben": 1, "cleo": 2})  # orders are still taken while held
    # Past the reminder time and past the deadline: nothing happens while held.
    for hours in (7.5, 9, 30):
        done = tick_game(offline.gd, offline.settings, MONDAY_9 + timedelta(hours=hours), None)
        assert done == ["held by the moderator (cleo is in hospital): nothing done"]
    assert offline.gd.current_step() == 0 and not queued(offline, "remind")
    assert batch.run_game(offline.gd).resolved == [] and offline.gd.current_step() == 0
    assert deadline_text(offline.gd, "ben", MONDAY_9) is None  # mail while held names no deadline
    assert [e["control"] for e in control_log(offline.gd)] == ["hold"]


def test_resume_gives_back_the_time_left_when_the_game_was_held(offline: Site) -> None:
    set_deadline(offline)
    tick_game(offline.gd, offline.settings, MONDAY_9, None)
    with offline.gd.lock():
        control.hold(offline.gd, "a holiday", MONDAY_9 + timedelta(hours=1))
        paused, _ = control.resume(offline.gd, MONDAY_9 + timedelta(hours=25))
    assert paused == timedelta(hours=24)
    track = deadlines.load_track(offline.gd.root)
    assert track is not None and track.deadline == datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
    told = queued(offline, "resume")
    assert "Tuesday 1 December 2026, 12:00 EST (America/New_York)" in text(told["anna"])
    assert moderation.held(offline.gd) is None
    assert tick_game(offline.gd, offline.settings, MONDAY_9 + timedelta(hours=26), None) == []  # not due yet
    assert "deadline passed" in tick_game(offline.gd, offline.settings, MONDAY_9 + timedelta(hours=33), None)[0]
    assert offline.gd.current_step() == 1


def test_hold_twice_resume_unheld_and_run_force_while_held_are_refused(offline: Site) -> None:
    game = str(offline.gd.root)
    assert invoke("hold", game, "--why", "a question of rules")[0] == 0
    code, out = invoke("hold", game, "--why", "again")
    assert code == 1 and "already held (a question of rules)" in out
    code, out = invoke("run", "--force", game)
    assert code == 1 and "held by the moderator (a question of rules)" in out
    assert offline.gd.current_step() == 0
    assert invoke("resume", game)[0] == 0
    code, out = invoke("resume", game)
    assert code == 1 and "g1 is not held" in out


# -- deadlines -------------------------------------------------------------------------------------------
def test_extend_the_deadline_for_the_whole_game(offline: Site) -> None:
    set_deadline(offline)
    tick_game(offline.gd, offline.settings, MONDAY_9, None)
    with offline.gd.lock():
        new, _ = control.set_deadline(offline.gd, MONDAY_9, extend=timedelta(days=2), why="a holiday")
    assert new == datetime(2026, 12, 2, 17, 0, tzinfo=UTC)
    told = queued(offline, "deadline")
    assert sorted(told) == ["anna", "ben", "cleo"]
    assert "a holiday" in text(told["ben"]) and "Wednesday 2 December 2026, 18:00 CET" in text(told["ben"])
    assert tick_game(offline.gd, offline.settings, MONDAY_9 + timedelta(hours=9), None) == []  # the old deadline
    assert control_log(offline.gd)[-1]["deadline"] == new.isoformat()
    code, out = invoke("status", str(offline.gd.root))
    assert code == 0 and "deadline: Wed 2026-12-02 17:00 UTC" in out


def test_one_seat_gets_its_own_deadline_and_the_step_waits_for_it(offline: Site) -> None:
    set_deadline(offline)
    tick_game(offline.gd, offline.settings, MONDAY_9, None)
    at = control.parse_moment("2026-12-01 20:00", "Europe/Berlin")
    with offline.gd.lock():
        control.set_deadline(offline.gd, MONDAY_9, at=at, seat="cleo")
    assert sorted(queued(offline, "deadline")) == ["cleo"]  # only the seat it touches is told
    assert "Tuesday 1 December 2026, 20:00 CET" in (deadline_text(offline.gd, "cleo", MONDAY_9) or "")
    assert "Monday 30 November 2026, 18:00 CET" in (deadline_text(offline.gd, "ben", MONDAY_9) or "")
    assert tick_game(offline.gd, offline.settings, MONDAY_9 + timedelta(hours=9), None) == []
    assert offline.gd.current_step() == 0
    tick_game(offline.gd, offline.settings, datetime(2026, 12, 1, 19, 1, tzinfo=UTC), None)
    assert offline.gd.current_step() == 1


@pytest.mark.parametrize(("args", "error"), [
    (["--extend", "-2h"], "write a positive span"),
    (["--at", "2020-01-01 10:00"], "is not in the future"),
    (["--at", "tomorrow"], "write the deadline as YYYY-MM-DD HH:MM"),
    (["--extend", "1d", "--seat", "zed"], "unknown seat 'zed'"),
])
def test_a_deadline_that_cannot_be_is_refused_in_one_line(offline: Site, args: list[str], error: str) -> None:
    set_deadline(offline)
    code, out = invoke("deadline", str(offline.gd.root), *args)
    assert code == 1 and error in out and "Traceback" not in out


def test_a_game_without_deadline_rule_has_no_deadline_to_set(offline: Site) -> None:
    code, out = invoke("deadline", str(offline.gd.root), "--extend", "1d")
    assert code == 1 and "has no deadline rule" in out


@pytest.mark.parametrize(("option", "error"), [
    ("deadline.timezone=Mars/Olympus", "unknown time zone 'Mars/Olympus'"),
    ("deadline=dialy 18:00", "'dialy' is not a day"),
    ("deadline.zone=Europe/Berlin", "deadline.zone: unknown; the deadline keys are rule, timezone"),
    ("deadline.missed=later", "'later' is not one of default, robot, caretaker, wait"),
])
def test_deadline_options_are_checked_at_pbem_new(tmp_path: Path, option: str, error: str) -> None:
    extra = [] if option.startswith("deadline=") else ["--option", "deadline=daily 18:00"]
    code, out = invoke("new", str(tmp_path / "g"), "--game", GAME.id, "--seed", "1", "--player", "anna",
                       "--player", "ben", "--option", option, *extra)
    assert code == 1 and error in out
    assert not (tmp_path / "g").exists()


def test_a_turn_never_opens_with_minutes_to_its_deadline(tmp_path: Path) -> None:
    seats = [game_yaml.Seat(n) for n in ("anna", "ben", "cleo")]
    options = {"deadline": {"rule": "daily 18:00", "timezone": "UTC"}}
    five_to_six = datetime(2026, 11, 30, 17, 55, tzinfo=UTC)
    pamir, _ = store.create(tmp_path / "pp", "pax-pamir", "7", seats, options)  # a step is one seat's turn
    policy = deadlines.policy(pamir.meta.options)
    assert policy is not None and deadlines.is_turn(pamir.root)
    track = deadlines.current(pamir.root, 0, policy, five_to_six)
    assert track.deadline == datetime(2026, 12, 1, 18, 0, tzinfo=UTC)  # at least 12 hours: the next day
    solo, _ = store.create(tmp_path / "solo", "pax-pamir", "7", seats[:1], {**options, "wakhan": "yes"})
    assert deadlines.is_turn(solo.root)  # against Wakhan every step is the one player's turn
    expedition, _ = store.create(tmp_path / "x5", "expedition-5x", "7", seats, options)  # everyone at once
    assert not deadlines.is_turn(expedition.root)
    assert deadlines.current(expedition.root, 0, policy, five_to_six).deadline == datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    shorter = deadlines.policy({"deadline": {**options["deadline"], "turn_hours": 0}})
    assert shorter is not None and shorter.turn_minimum == timedelta(0)


# -- rollback --------------------------------------------------------------------------------------------
def test_rollback_archives_the_undone_steps_and_their_orders_count_again(offline: Site) -> None:
    gd = offline.gd
    for picks in ({"anna": 3, "ben": 1, "cleo": 2}, {"anna": 2, "ben": 2, "cleo": 1}, {"anna": 1, "ben": 3, "cleo": 3}):
        submit_all(gd, picks)
        with gd.lock():
            batch.run_game(gd)
    assert gd.current_step() == 3
    before = {step: gd.step_dir(step).joinpath("state.json").read_bytes() for step in (2, 3)}
    with gd.lock():
        done = rollback.rollback(gd, 1, "ben's pick was misread", MONDAY_9)
    assert gd.steps() == [0, 1] and done.undone == [2, 3]
    for step in (2, 3):  # nothing deleted: the undone steps are kept whole
        assert (done.folder / records.step_name(step) / "state.json").read_bytes() == before[step]
    assert sorted(gd.pending()) == ["anna", "ben", "cleo"] == done.restored
    assert "pick: 2" in gd.pending()["anna"]
    assert moderation.revision(gd) == 1
    told = queued(offline, "rollback")
    assert "steps 2–3" in text(told["ben"]) and "misread" in text(told["ben"])
    assert "Your orders for step 2 still count" in text(told["ben"])
    assert control_log(gd)[-1]["undone"] == [2, 3]
    from pbem.replay import replay

    assert replay(gd) is None
    with gd.lock():
        batch.run_game(gd)  # the same orders: the same step 2 again
    assert gd.step_dir(2).joinpath("state.json").read_bytes() == before[2]
    assert replay(gd) is None


def test_rollback_with_drop_orders_keeps_none_and_defaults_are_never_restored(offline: Site) -> None:
    gd = offline.gd
    submit_all(gd, {"anna": 3})
    with gd.lock():
        batch.run_game(gd, force=True)  # ben and cleo get defaults
        done = rollback.rollback(gd, 0, "defaults by mistake", MONDAY_9)
    assert done.restored == ["anna"] and sorted(gd.pending()) == ["anna"]
    submit_all(gd, {"ben": 3})
    with gd.lock():
        batch.run_game(gd, force=True)
        done = rollback.rollback(gd, 0, "again", MONDAY_9 + timedelta(seconds=1), keep_orders=False)
    assert done.restored == [] and gd.pending() == {}
    assert "Send your orders for step 1 again." in text(queued(offline, "rollback")["anna"])
    assert len(list((gd.root / "rolledback").iterdir())) == 2


def test_rollback_restores_neither_robot_nor_caretaker_orders_played_for_a_late_seat(offline: Site) -> None:
    seats = [game_yaml.Seat(n, f"{n}@example.org") for n in ("anna", "ben", "cleo")]
    gd, _ = store.create(offline.root / "x5", "expedition-5x", "7", seats)
    with gd.lock():
        batch.play_robots(gd, ["anna"], "orders anna wrote herself")
        batch.play_robots(gd, ["ben"], "{style} orders: {seat} sent none by the deadline", "random")
        batch.play_robots(gd, ["cleo"], "{style} orders: {seat} sent none by the deadline", "caretaker")
        assert gd.pending()["cleo"].startswith("# caretaker orders: cleo sent none")
        batch.run_game(gd)
        done = rollback.rollback(gd, 0, "a late order was found", MONDAY_9)
    # Only what a person sent counts again; the deadline's robots play anew if the seats stay silent.
    assert done.restored == ["anna"] and sorted(gd.pending()) == ["anna"]


def test_rollback_refuses_a_step_that_is_not_before_the_last(offline: Site) -> None:
    code, out = invoke("rollback", str(offline.gd.root), "--to", "0", "--why", "x")
    assert code == 1 and "cannot roll back to step 0" in out


def test_a_rolled_back_step_is_mailed_again_as_a_new_mail(offline: Site) -> None:
    from pbem.mail.tick import default_renderer

    gd = offline.gd
    render = default_renderer(offline.settings)
    submit_all(gd, {"anna": 3, "ben": 1, "cleo": 2})
    with gd.lock():
        batch.run_game(gd, render=render)
    first = (gd.outbox_dir() / "0001-anna.eml").read_bytes()
    with gd.lock():
        rollback.rollback(gd, 0, "wrong seed of rules", MONDAY_9)
    assert not (gd.outbox_dir() / "0001-anna.eml").exists()  # unsent mail of an undone step is set aside
    assert (gd.outbox_dir() / "0000-anna.r1.eml").is_file()  # step 0's report again, as a new mail
    with gd.lock():
        batch.run_game(gd, render=render)
    again = gd.outbox_dir() / "0001-anna.r1.eml"
    old_id = email.message_from_bytes(first)["Message-ID"]
    new_id = email.message_from_bytes(again.read_bytes())["Message-ID"]
    assert old_id != new_id and ".r1." in new_id


# -- preview, resend, broadcast, replace, robots ---------------------------------------------------------
def test_preview_shows_the_next_step_and_changes_nothing(offline: Site) -> None:
    game = str(offline.gd.root)
    submit_all(offline.gd, {"anna": 3})
    before = folder_hash(offline.gd.root)
    code, out = invoke("preview", game)
    assert code == 0, out
    assert "orders: anna submitted, ben default, cleo default" in out
    assert "anna scores 3 in round 1." in out  # ben and cleo both pick the default, 1
    assert folder_hash(offline.gd.root) == before
    assert offline.gd.current_step() == 0


def test_resend_queues_a_report_as_a_new_mail(offline: Site) -> None:
    code, out = invoke("resend", str(offline.gd.root), "--seat", "ben", "--step", "0")
    assert code == 0, out
    [path] = offline.gd.outbox_dir().glob("0000-ben.resend-*.eml")
    msg = email.message_from_bytes(path.read_bytes())
    assert msg["To"].endswith("<ben@example.org>") and ".resend-" in msg["Message-ID"]
    invoke("resend", str(offline.gd.root), "--seat", "ben", "--step", "0")
    assert len(list(offline.gd.outbox_dir().glob("0000-ben.resend-*.eml"))) == 2
    assert invoke("resend", str(offline.gd.root), "--seat", "ben", "--step", "9")[1].startswith("Error: no step 9")


def test_broadcast_reaches_every_player(offline: Site) -> None:
    code, out = invoke("broadcast", str(offline.gd.root), "--subject", "holiday", "No deadline over Christmas.")
    assert code == 0, out
    told = queued(offline, "broadcast")
    assert sorted(told) == ["anna", "ben", "cleo"]
    assert "No deadline over Christmas." in text(told["cleo"]) and "holiday" in str(told["cleo"]["Subject"])
    assert control_log(offline.gd)[-1]["control"] == "broadcast"


def test_replace_a_seats_person_mails_the_new_token_to_the_new_address_only(offline: Site) -> None:
    old_token = offline.tokens["cleo"]
    code, out = invoke("replace", str(offline.gd.root), "cleo", "--address", "dora@example.org")
    assert code == 0, out
    gd = store.open_game(offline.gd.root)
    assert gd.meta.seat("cleo").address == "dora@example.org"
    assert not game_yaml.token_matches(old_token, gd.meta.seat("cleo").token_hash)
    mails = {p.name: p.read_bytes() for p in gd.outbox_dir().glob("*.eml")}
    [welcome] = [data for name, data in mails.items() if name.startswith("welcome-cleo")]
    assert b"To: dora@example.org" in welcome
    token = next(line.split(b": ", 1)[1].strip() for line in welcome.split(b"\n") if line.startswith(b"Your secret token is"))
    assert game_yaml.token_matches(token.decode(), gd.meta.seat("cleo").token_hash)
    assert all(token not in data for name, data in mails.items() if not name.startswith("welcome-cleo"))
    [farewell] = [data for name, data in mails.items() if name.startswith("replaced-")]
    assert b"To: cleo@example.org" in farewell
    told = queued(offline, "replace")
    assert sorted(told) == ["anna", "ben"] and "dora" not in text(told["anna"])
    assert "token" not in json.dumps(control_log(gd))


def test_replace_a_seat_by_a_robot_retires_its_player_and_the_robot_plays(offline: Site) -> None:
    old_token = offline.tokens["cleo"]
    submit_all(offline.gd, {"cleo": 2})  # what the departing player left for the next step is not played
    code, out = invoke("replace", str(offline.gd.root), "cleo", "--robot", "random")
    assert code == 0 and "a random robot now plays seat cleo" in out, out
    gd = store.open_game(offline.gd.root)
    cleo = gd.meta.seat("cleo")
    assert cleo.robot and cleo.robot_style is None and cleo.address is None and cleo.holder == 1
    assert not game_yaml.token_matches(old_token, cleo.token_hash) and retired_seat(gd, old_token) == "cleo"
    assert "cleo" not in gd.pending()
    mails = {p.name: p.read_bytes() for p in gd.outbox_dir().glob("*.eml")}
    [farewell] = [data for name, data in mails.items() if name.startswith("replaced-")]
    assert b"To: cleo@example.org" in farewell and b"a robot" in farewell
    assert not any(name.startswith("welcome-") for name in mails)  # no token is made for anyone to read
    told = queued(offline, "replace")
    assert sorted(told) == ["anna", "ben"] and "now played by a robot" in text(told["anna"])
    assert control_log(gd)[-1]["robot"] == "random" and control_log(gd)[-1]["withdrawn"] is True
    code, out = invoke("status", str(gd.root), "--json")
    assert [(s["name"], s["robot"], s["robot_style"]) for s in json.loads(out)["seats"]] == [
        ("anna", False, None), ("ben", False, None), ("cleo", True, "random")]
    submit_all(gd, {"anna": 1, "ben": 3})
    with gd.lock():
        assert batch.resolve_ready(gd) == 1  # the robot played cleo's turn
    # And back to a person: a new address and token.
    code, out = invoke("replace", str(gd.root), "cleo", "--address", "dora@example.org")
    assert code == 0, out
    assert not store.open_game(gd.root).meta.seat("cleo").robot


def test_replace_takes_one_of_address_and_robot_and_only_a_style_the_game_has(offline: Site) -> None:
    root = str(offline.gd.root)
    assert invoke("replace", root, "cleo")[0] == 2
    assert invoke("replace", root, "cleo", "--address", "dora@example.org", "--robot", "random")[0] == 2
    code, out = invoke("replace", root, "cleo", "--robot", "caretaker")
    assert code != 0 and "has no caretaker" in out
    assert store.open_game(offline.gd.root).meta.seat("cleo").address == "cleo@example.org"


def test_robot_and_back_the_players_are_told(offline: Site) -> None:
    assert invoke("robot", str(offline.gd.root), "--seat", "ben")[0] == 0
    told = queued(offline, "robot")
    assert sorted(told) == ["anna", "ben", "cleo"] and "a robot now plays ben" in text(told["anna"])
    assert invoke("robot", str(offline.gd.root), "--seat", "ben", "--off")[0] == 0
    assert [e["control"] for e in control_log(offline.gd)] == ["robot", "person"]


def test_orders_the_moderator_submits_are_confirmed_to_the_player(offline: Site, tmp_path: Path) -> None:
    orders = tmp_path / "ben.yaml"
    orders.write_text(order_text("g1", "ben", 1, None, "pick: 1\n"), encoding="utf-8")
    code, out = invoke("submit", str(offline.gd.root), str(orders))
    assert code == 0 and "queued a mail telling ben" in out
    [told] = queued(offline, "submitted").values()
    assert told["To"] == "ben@example.org" and "pick: 1" in text(told) and "entered orders for you" in text(told)


# -- status ----------------------------------------------------------------------------------------------
def test_status_of_a_root_is_one_line_per_game(offline: Site) -> None:
    set_deadline(offline)
    tick(offline.root, offline.settings, now=MONDAY_9, mail=False)
    other, _ = store.create(offline.root / "g2", GAME.id, "seed-2", SEATS)
    submit_all(offline.gd, {"anna": 3})
    with other.lock():
        control.hold(other, "waiting for a ruling", MONDAY_9)
    code, out = invoke("status", str(offline.root), "--zone", "Europe/Berlin")
    assert code == 0, out
    g1, g2 = out.strip().split("\n")
    assert g1.startswith("g1") and "deadline Mon 2026-11-30 18:00 CET" in g1 and "missing: ben, cleo" in g1
    assert g2.startswith("g2") and "HELD (waiting for a ruling)" in g2
    code, out = invoke("status", str(offline.gd.root))  # one game still works as before
    assert code == 0 and "waiting for: ben, cleo" in out and "deadline: Mon 2026-11-30 17:00 UTC" in out
    code, out = invoke("status", str(other.root), "--json")
    assert json.loads(out)["held"] == "waiting for a ruling"
    code, out = invoke("status", str(offline.root), "--json")
    assert [row["name"] for row in json.loads(out)] == ["g1", "g2"]


def test_status_of_a_folder_without_games_says_so(tmp_path: Path) -> None:
    code, out = invoke("status", str(tmp_path))
    assert code == 1 and "not a pbem game directory" in out


def test_confirmation_without_mail_settings_queues_nothing(tmp_path: Path) -> None:
    gd, _ = store.create(tmp_path / "solo", GAME.id, "1", SEATS)
    assert players.confirm_submitted(gd, "ben", 1, order_text("solo", "ben", 1, None), False) == []
