"""Mail people want to receive: per-seat policies (every, due, digest), PDFs only when needed, the setup report
with the welcome, deadlines only on mail asking for orders — through the real IMAP and SMTP servers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner
from fourth_game.variants import TURN_GAME, TURNS

from engine import registry
from pbem import game_yaml, store
from pbem.cli import main
from pbem.mail import digest, imap, notices, smtp
from pbem.mail.flowed import readable
from pbem.mail.policy import choice_of, default_policy
from pbem.mail.tick import default_renderer, tick

from .conftest import Site
from .mails import order_mail, order_text

NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


@pytest.fixture(autouse=True)
def turn_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the turn-by-turn variant of the fourth game beside the installed games."""
    installed = dict(registry.games())
    monkeypatch.setattr(registry, "games", lambda: {**installed, TURN_GAME.id: TURN_GAME})


def turn_game_at(site: Site, name: str = "t1", *, robots: bool = False, **mail: tuple[str, bool]) -> store.GameDir:
    """A turn game for anna, ben and cleo under the site's root; `mail` sets seats' (policy, pdf)."""
    seats = []
    for who in ("anna", "ben", "cleo"):
        policy, pdf = mail.get(who, (default_policy(TURN_GAME), True))
        seats.append(game_yaml.Seat(who, f"{who}@example.org", robot=robots, mail=policy, pdf=pdf))
    gd, _ = store.create(site.root / name, TURN_GAME.id, "seed-7", seats)
    return gd


def reports(site: Site, seat: str, game: str = "t1") -> list[EmailMessage]:
    """The report mails of one game a seat received, in the order they arrived."""
    return [m.message for m in site.smtp.to(f"{seat}@example.org")
            if m.message["X-PBEM-Step"] is not None and m.message["X-PBEM-Game"] == game]


def text(msg: EmailMessage) -> str:
    body = msg.get_body(("plain",))
    assert body is not None
    return readable(body)  # as a client shows it: a flowed body's soft breaks joined


def has(msg: EmailMessage, content_type: str) -> bool:
    return any(part.get_content_type() == content_type for part in msg.walk())


@pytest.mark.slow  # a whole robot game by mail, with its PDFs
def test_due_mails_a_seat_only_when_it_owes_orders_with_what_happened_since(site: Site) -> None:
    gd = turn_game_at(site, robots=True, cleo=("due", False))
    result = tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    assert not result.errors, result.errors
    assert gd.game.result(gd.state()) is not None
    # Turns go anna, ben, cleo, anna, ben, cleo: each seat is due twice, and hears the result at the end.
    steps = {seat: [int(m["X-PBEM-Step"]) for m in reports(site, seat)] for seat in ("anna", "ben", "cleo")}
    assert steps == {"anna": [0, 3, 6], "ben": [1, 4, 6], "cleo": [2, 5, 6]}, "and in the order they happened"
    anna_3 = text(reports(site, "anna")[1])
    assert "SINCE YOUR LAST MAIL" in anna_3 and "turn 2: ben adds" in anna_3 and "turn 3: cleo adds" in anna_3
    assert "SECRET-ben" not in anna_3 and "SECRET-cleo" not in anna_3, "others' secrets stay theirs"
    assert "SECRET-anna-turn-1" in anna_3, "her own secret of turn 1 is in her digest"
    assert "GAME OVER" in text(reports(site, "anna")[-1]) and "turn 5: ben adds" in text(reports(site, "anna")[-1])
    # cleo wants no PDF: her mail has none, says none, and nobody rendered one for her.
    assert all(not has(m, "application/pdf") for m in reports(site, "cleo"))
    assert "attached as a PDF" not in text(reports(site, "cleo")[0])
    assert all(has(m, "application/pdf") for m in reports(site, "anna"))
    assert not list(gd.root.glob("steps/*/reports/cleo.pdf")) and not list(gd.root.glob("steps/*/reports/public.pdf"))
    assert len(list(gd.root.glob("steps/*/reports/*.pdf"))) == 6  # anna's and ben's three mails each
    assert len(list(gd.root.glob("steps/*/reports/*.html"))) == (TURNS + 1) * 4  # HTML for every reader, always


@pytest.mark.slow  # a whole robot game by mail, with its PDFs
def test_every_mails_each_step_as_before(site: Site) -> None:
    turn_game_at(site, robots=True, anna=("every", True), ben=("every", True), cleo=("every", True))
    tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    for seat in ("anna", "ben", "cleo"):
        assert [int(m["X-PBEM-Step"]) for m in reports(site, seat)] == list(range(TURNS + 1))


def test_digest_is_at_most_one_mail_a_day(site: Site) -> None:
    gd = turn_game_at(site, cleo=("digest", True))
    tokens = notices.issue_tokens(gd, ["anna", "ben", "cleo"])
    notices.queue_welcome(gd, site.settings, tokens, now=NOON)
    render = default_renderer(site.settings)
    assert render is not None
    tick(site.root, site.settings, now=NOON, render=render)
    for hour, seat in ((1, "anna"), (2, "ben")):
        site.mailbox.deliver(order_mail(order_text("t1", seat, hour, tokens[seat], "add: 2\n"), sender=f"{seat}@example.org"))
        tick(site.root, site.settings, now=NOON + timedelta(hours=hour), render=render)
    assert store.open_game(gd.root).current_step() == 2
    first = reports(site, "cleo")
    assert [int(m["X-PBEM-Step"]) for m in first] == [1], "one digest, at the first news"
    assert "turn 1: anna adds 2" in text(first[0])
    tick(site.root, site.settings, now=NOON + timedelta(hours=23), render=render)
    assert len(reports(site, "cleo")) == 1, "not a second one the same day"
    tick(site.root, site.settings, now=NOON + timedelta(hours=25), render=render)
    later = reports(site, "cleo")
    assert [int(m["X-PBEM-Step"]) for m in later] == [1, 2]
    assert "Your orders are due" in text(later[1]) and has(later[1], "application/pdf")
    assert digest.load(store.open_game(gd.root))["cleo"]["through"] == 2
    tick(site.root, site.settings, now=NOON + timedelta(hours=50), render=render)
    assert len(reports(site, "cleo")) == 2, "no news, no mail"


def test_the_welcome_carries_the_setup_report_and_only_the_seat_that_owes_gets_a_deadline(site: Site) -> None:
    gd = turn_game_at(site, ben=("due", False))
    gd.meta.options["deadline"] = {"rule": "daily 18:00", "timezone": "Europe/Berlin"}
    gd.save_meta()
    tokens = notices.issue_tokens(gd, ["anna", "ben", "cleo"])
    notices.queue_welcome(gd, site.settings, tokens, now=NOON)
    tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    welcome = {seat: [m for m in site.smtp.to(f"{seat}@example.org") if m.message["X-Pbem-Game"] == "t1"]
               for seat in ("anna", "ben", "cleo")}
    assert all(len(mails) == 1 and mails[0].message["X-Pbem-Kind"] == "welcome" for mails in welcome.values())
    anna, ben = welcome["anna"][0].message, welcome["ben"][0].message
    # The setup report is in the welcome: text, HTML and (by choice) the PDF; no separate step-0 mail.
    assert "Step 0 - turn 1 (anna)" in text(anna) and anna.get_body(("html",)) is not None
    assert has(anna, "application/pdf") and not has(ben, "application/pdf")
    # anna owes the first turn: her welcome asks for orders and carries the deadline; ben's does not.
    # Monday 18:00 is only 5 hours after noon: a turn gets at least turn_hours (12), so Tuesday 18:00.
    assert "Deadline: Tuesday 1 December 2026, 18:00 CET" in text(anna) and has(anna, "text/calendar")
    assert "Deadline: Monday" not in text(ben) and not has(ben, "text/calendar")  # the report names only the rule


def _every_game_mail(site: Site) -> tuple[store.GameDir, dict[str, str]]:
    gd = turn_game_at(site, anna=("every", True), ben=("every", True), cleo=("every", True))
    gd.meta.options["deadline"] = {"rule": "daily 18:00", "timezone": "Europe/Berlin"}
    gd.save_meta()
    tokens = notices.issue_tokens(gd, ["anna", "ben", "cleo"])
    notices.queue_welcome(gd, site.settings, tokens, now=NOON)
    return gd, tokens


def test_only_report_mail_asking_for_orders_carries_the_deadline(site: Site) -> None:
    _, tokens = _every_game_mail(site)
    site.mailbox.deliver(order_mail(order_text("t1", "anna", 1, tokens["anna"], "add: 1\n")))
    tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    step_1 = {seat: reports(site, seat)[-1] for seat in ("anna", "ben", "cleo")}
    assert all(m["X-PBEM-Step"] == "1" for m in step_1.values())
    assert has(step_1["ben"], "text/calendar") and text(step_1["ben"]).startswith("Deadline: ")
    for seat in ("anna", "cleo"):  # they owe nothing now
        assert not has(step_1[seat], "text/calendar") and "Deadline: Monday" not in text(step_1[seat])


def test_a_player_changes_their_mail_policy_by_mail(site: Site) -> None:
    token = site.tokens["anna"]
    site.mailbox.deliver(order_mail(f"game: g1\nseat: anna\ntoken: {token}\nmail: digest\npdf: no\n"))
    tick(site.root, site.settings, now=NOON)
    [answer] = site.smtp.to("anna@example.org")
    assert "mail policy changed" in str(answer.message["Subject"])
    assert "Your mail policy is now: digest, without the PDF attached." in answer.text()
    seat = store.open_game(site.gd.root).meta.seat("anna")
    assert (seat.mail, seat.pdf) == ("digest", False)
    assert "mail: digest" in (site.gd.root / "game.yaml").read_text()
    assert site.mailbox.count("pbem/processed") == 1


@pytest.mark.parametrize(("body", "sender", "why"), [
    ("mail: weekly\n", "anna@example.org", "write every, due or digest"),
    ("pdf: maybe\n", "anna@example.org", "write yes or no"),
    ("mail: due\n", "someone@else.example", "only the seat's registered address may change it"),
])
def test_a_policy_request_that_is_refused_changes_nothing(site: Site, body: str, sender: str, why: str) -> None:
    site.mailbox.deliver(order_mail(f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\n{body}", sender=sender))
    tick(site.root, site.settings, now=NOON)
    answers = [m for m in site.smtp.received if "not changed" in str(m.message["Subject"])]
    assert answers and why in answers[0].text()
    seat = store.open_game(site.gd.root).meta.seat("anna")
    assert (seat.mail, seat.pdf) == (None, None)


def test_the_moderator_changes_a_policy_and_the_player_is_told(site: Site) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["mail", "policy", str(site.gd.root), "ben", "due,no-pdf"])
    assert result.exit_code == 0 and "ben: due, without the PDF attached; the player is told" in result.output
    assert choice_of(store.open_game(site.gd.root).meta.seat("ben")).policy == "due"
    assert runner.invoke(main, ["mail", "policy", str(site.gd.root), "ben"]).output == "ben: due, without the PDF attached\n"
    bad = runner.invoke(main, ["mail", "policy", str(site.gd.root), "ben", "hourly"])
    assert bad.exit_code == 1 and "write every, due or digest" in bad.output
    smtp.send(site.root, site.settings)
    [told] = site.smtp.to("ben@example.org")
    assert "your mail policy is now due" in str(told.message["Subject"]) and "mail: digest" in told.text()


def test_the_moderator_sets_what_light_mail_carries_and_a_bad_list_is_refused(site: Site) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["mail", "policy", str(site.gd.root), "ben", "--attach", "pdf,map"])
    assert result.exit_code == 0, result.output
    assert "mail that asks nothing of you carries the PDF and the map too" in result.output
    seat = store.open_game(site.gd.root).meta.seat("ben")
    assert choice_of(seat).attach == frozenset({"pdf", "map"})
    cleared = runner.invoke(main, ["mail", "policy", str(site.gd.root), "ben", "due", "--attach", "none"])
    assert cleared.exit_code == 0 and cleared.output.startswith("ben: due, ") and "carries" not in cleared.output
    bad = runner.invoke(main, ["mail", "policy", str(site.gd.root), "ben", "--attach", "poster"])
    assert bad.exit_code == 1 and "'poster' is not something a mail can carry" in bad.output and "Traceback" not in bad.output


def test_new_gives_turn_games_due_and_takes_a_policy_per_player(tmp_path: Path) -> None:
    runner = CliRunner()
    made = runner.invoke(main, ["new", str(tmp_path / "p"), "--game", "pax-pamir", "--seed", "1",
                                "--player", "anna:anna@example.org", "--player", "ben:ben@example.org:digest,no-pdf",
                                "--player", "cleo:cleo@example.org:every"])
    assert made.exit_code == 0, made.output
    seats = store.open_game(tmp_path / "p").meta
    assert [(s.mail, s.pdf) for s in seats.seats] == [("due", True), ("digest", False), ("every", True)]
    made = runner.invoke(main, ["new", str(tmp_path / "e"), "--game", "expedition-5x", "--seed", "1",
                                "--player", "anna", "--player", "ben", "--player", "cleo"])
    assert made.exit_code == 0 and {s.mail for s in store.open_game(tmp_path / "e").meta.seats} == {"every"}
    bad = runner.invoke(main, ["new", str(tmp_path / "x"), "--game", "pax-pamir", "--seed", "1",
                               "--player", "anna:anna@example.org:weekly", "--player", "ben"])
    assert bad.exit_code == 2 and "write every, due or digest" in bad.output and not (tmp_path / "x").exists()


def test_an_old_game_yaml_without_a_policy_keeps_every_report_with_its_pdf(site: Site) -> None:
    path = site.gd.root / "game.yaml"
    assert "mail:" in path.read_text()  # written as null by this version …
    path.write_text("\n".join(line for line in path.read_text().splitlines()
                              if line.strip() not in ("mail:", "pdf:")) + "\n")  # … and absent from older ones
    gd = store.open_game(site.gd.root)
    assert all(choice_of(s).policy == "every" and choice_of(s).pdf for s in gd.meta.seats)
    tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    mails = [m for m in site.smtp.received if m.message["X-PBEM-Step"] == "0"]
    assert len(mails) == 3 and all(has(m.message, "application/pdf") for m in mails)


def _key_order_reversed(first: EmailMessage, second: EmailMessage) -> None:
    """Give the two mails Message-IDs whose outbox names sort the wrong way round (names are hashes of them)."""
    from pbem.mail.message import mail_key

    for n in range(1000):
        a, b = f"<a{n}@player.example>", f"<b{n}@player.example>"
        if mail_key(a, b"") > mail_key(b, b""):
            first.replace_header("Message-ID", a)
            second.replace_header("Message-ID", b)
            return
    raise AssertionError("no pair found")


def test_answers_to_one_seat_keep_the_order_they_happened_in(site: Site) -> None:
    accept = order_mail(order_text("g1", "anna", 1, site.tokens["anna"]))
    withdraw = order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "withdraw: true\n"))
    _key_order_reversed(accept, withdraw)
    site.mailbox.deliver(accept)
    imap.fetch(site.root, site.settings, now=NOON)
    site.mailbox.deliver(withdraw)
    imap.fetch(site.root, site.settings, now=NOON + timedelta(minutes=1))
    names = sorted(p.name for p in site.gd.outbox_dir().glob("check-*.eml"))
    assert len(names) == 2
    smtp.send(site.root, site.settings)
    subjects = [str(m.message["Subject"]) for m in site.smtp.to("anna@example.org")]
    assert subjects == ["[g1] anna: orders accepted", "[g1] anna: orders withdrawn"]


def test_a_mail_that_must_be_retried_holds_back_later_mail_to_the_same_person(site: Site) -> None:
    from pbem.mail import compose

    def queue(name: str, to: str) -> None:
        msg = compose.build(site.settings, to=[to], subject=name, text=name + "\n", kind="test",
                            message_id=compose.make_id(site.settings, "test", "g1", None, name), game="g1")
        compose.queue(site.gd.outbox_dir(), name, msg)

    queue("zz-first", "anna@example.org")
    queue("aa-second", "anna@example.org")  # made later, though its name sorts first
    queue("mm-other", "ben@example.org")
    site.smtp.refuse = "451 4.3.0 try again later"
    failed = smtp.send(site.root, site.settings)
    tried = [e["file"] for e in smtp.read_ledger(site.gd.mail_dir())]
    assert tried == ["zz-first.eml", "mm-other.eml"], "the second mail to anna waits behind the first"
    assert any("waits behind earlier mail to anna@example.org" in why for _, why in failed.failed)
    site.smtp.refuse = None
    smtp.send(site.root, site.settings)
    assert [str(m.message["Subject"]) for m in site.smtp.to("anna@example.org")] == ["zz-first", "aa-second"]


def test_the_calendar_file_is_what_a_calendar_reads(site: Site) -> None:
    import icalendar

    from pbem.mail import deadlines

    moment = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)
    data = deadlines.ics("u1@games.example", moment, "pbem: orders for g1, step 2", "Send them; before 18:00.", NOON)
    [event] = icalendar.Calendar.from_ical(data).walk("VEVENT")
    assert event.decoded("dtstart") == moment and str(event["summary"]) == "pbem: orders for g1, step 2"
    [alarm] = event.walk("VALARM")
    assert alarm.decoded("trigger") == timedelta(hours=-2)



def test_a_policy_game_yaml_does_not_know_is_an_error_naming_its_line(site: Site) -> None:
    path = site.gd.root / "game.yaml"
    path.write_text(path.read_text().replace("mail:\n", "mail: weekly\n", 1))
    with pytest.raises(store.StoreError, match=r"game.yaml:\d+: seat anna: mail: 'weekly'; write every, due or digest"):
        store.open_game(site.gd.root)


@pytest.mark.slow  # a whole robot game by mail, with its PDFs
def test_the_volume_count_plays_a_robot_game_and_counts_mail_per_player(tmp_path: Path) -> None:
    from pbem.mail.volume import measure

    found = measure(tmp_path / "games", TURN_GAME.id, "3", 3)
    # The welcome (queued by pbem new, carrying the setup) and a report for each turn owed and for the end.
    assert found["steps"] == TURNS
    assert found["mails"] == {"anna@example.org": 3, "ben@example.org": 4, "cleo@example.org": 4}
    # One PDF per mail that asks for orders or ends the game: anna's welcome (hers is the first turn), then
    # anna's 2, ben's 3 and cleo's 3 reports; ben's and cleo's welcomes ask nothing yet and come light.
    assert found["pdfs"] == 9 and found["html"] == (TURNS + 1) * 4


def test_the_help_answer_names_every_choice_a_player_can_set_by_mail() -> None:
    from pbem.mail import preferences, requests
    from pbem.mail.policy import parse_attach

    lines = requests.HELP.splitlines()
    for key in sorted(preferences.KEYS | requests.KEYS - {"help"}):
        assert any(line.lstrip().startswith(f"{key}:") or f"; {key}:" in line for line in lines), key
    # The example it gives is one pbem takes.
    example = next(line.split("attach:", 1)[1].split("  ")[0].strip() for line in lines if "attach:" in line)
    assert parse_attach(example.strip("[]")) == ["pdf", "map"]


def test_the_players_guide_documents_every_line_the_help_answer_offers() -> None:
    from pbem.mail import preferences, requests

    guide = (Path(__file__).resolve().parents[2] / "docs" / "players.md").read_text(encoding="utf-8")
    for key in sorted(preferences.KEYS | requests.KEYS | {"withdraw", "press", "confirm"}):
        # In the text (`key: …`) or as a line of an example mail.
        assert f"`{key}:" in guide or f"\n{key}:" in guide, key
