"""Press between players, self-service by mail, and mail for the moderator (issue: run a real game by email)."""

from __future__ import annotations

import email.utils
import json

import pytest
from click.testing import CliRunner

from pbem.cli import main as cli
from pbem.mail import press
from pbem.mail.handle import handle
from pbem.store import open_game

from .conftest import Site
from .mails import order_mail, order_text
from .test_handle import body, outbox, send


def press_mail(site: Site, seat: str, press_yaml: str, **kwargs: object):  # type: ignore[no-untyped-def]
    text = f"game: g1\nseat: {seat}\ntoken: {site.tokens[seat]}\n{press_yaml}"
    return order_mail(text, sender=f"{seat}@example.org", **kwargs)  # type: ignore[arg-type]


def to(site: Site, address: str) -> list:  # type: ignore[type-arg]
    return [m for m in outbox(site) if address in [a for _, a in email.utils.getaddresses([str(m["To"])])]]


def test_press_is_relayed_under_the_games_name_without_an_address(offline: Site) -> None:
    outcome = send(offline, press_mail(offline, "anna", "press:\n  to: [ben]\n  text: |\n    Kabul is yours, Persia mine?\n"))
    assert outcome.status == "press"
    [relayed] = to(offline, "ben@example.org")
    text = body(relayed)
    assert "| Kabul is yours, Persia mine?" in text and "from anna" in text
    assert "anna@example.org" not in relayed.as_string() and str(relayed["From"]) != "anna@example.org"
    assert not to(offline, "cleo@example.org")  # only the seats it was sent to
    assert "press no. 1" in body(to(offline, "anna@example.org")[0])
    [kept] = press.messages(offline.gd)
    assert (kept.sender, kept.to, kept.anonymous) == ("anna", ["ben"], False)


def test_press_to_all_reaches_every_other_seat(offline: Site) -> None:
    send(offline, press_mail(offline, "ben", "press: {to: all, text: Hello everyone}\n"))
    assert to(offline, "anna@example.org") and to(offline, "cleo@example.org")
    assert [m.to for m in press.messages(offline.gd)] == [["anna", "cleo"]]


def test_anonymous_press_only_where_the_game_allows_it(offline: Site) -> None:
    refused = send(offline, press_mail(offline, "anna", "press: {to: [ben], text: boo, anonymous: yes}\n"))
    assert refused.status == "rejected" and "allows signed press only" in body(outbox(offline)[-1])
    assert press.messages(offline.gd) == []
    offline.gd.meta.options["press"] = "anonymous"
    offline.gd.save_meta()
    send(offline, press_mail(offline, "anna", "press: {to: [ben], text: boo!, anonymous: yes}\n"))
    [relayed] = to(offline, "ben@example.org")
    assert "anna" not in relayed.as_string() and "from an anonymous player" in body(relayed)
    listing = CliRunner().invoke(cli, ["mail", "press", str(offline.gd.root)])
    assert "anna (sent anonymously) to ben" in listing.output  # the moderator reads all


def test_press_off_bad_recipients_and_no_token_are_refused(offline: Site) -> None:
    bad = send(offline, press_mail(offline, "anna", "press: {to: [zed], text: hi}\n"))
    assert bad.status == "rejected" and "write one of ben, cleo, or all" in body(outbox(offline)[-1])
    forged = order_mail("game: g1\nseat: anna\ntoken: wrong\npress: {to: [ben], text: hi}\n",
                        sender="anna@example.org")
    assert send(offline, forged).status == "rejected" and not to(offline, "ben@example.org")
    offline.gd.meta.options["press"] = "off"
    offline.gd.save_meta()
    off = send(offline, press_mail(offline, "anna", "press: {to: [ben], text: hi}\n"))
    assert off.status == "rejected" and "has no press" in body(outbox(offline)[-1])
    assert press.messages(offline.gd) == []


def test_press_to_a_digest_seat_waits_for_its_digest(offline: Site) -> None:
    from pbem.batch import resolve_ready
    from pbem.mail.policy import set_choice
    from pbem.mail.report import queue_mail
    from pbem.reports import ReportConfig, report_model

    set_choice(offline.gd.meta.seat("ben"), "digest", None)
    offline.gd.save_meta()
    send(offline, press_mail(offline, "anna", "press: {to: [ben], text: Psst}\n"))
    assert not to(offline, "ben@example.org")
    for seat in ("anna", "ben", "cleo"):
        send(offline, order_mail(order_text("g1", seat, 1, offline.tokens[seat], "pick: 2\n"), sender=f"{seat}@example.org"))
    assert resolve_ready(offline.gd) == 1
    queue_mail(offline.gd, report_model(offline.gd, 1, "ben"), "ben@example.org", ReportConfig(), since=0)
    [digest] = [m for m in to(offline, "ben@example.org") if "report for step 1" in body(m)]
    assert "PRESS YOU RECEIVED" in body(digest) and "| Psst" in body(digest)


def test_help_status_and_a_report_again_by_mail(offline: Site) -> None:
    minutes = iter(range(10, 60))

    def ask(request: str) -> str:
        # Each asked anew, minutes apart (the same mail with the same Date would be a repeat, answered once).
        date = f"Mon, 30 Nov 2026 10:{next(minutes)}:00 +0000"
        outcome = send(offline, press_mail(offline, "anna", request, date=date))
        assert outcome.status == "request", outcome
        return body(outbox(offline)[-1])

    assert "press:" in ask("help: yes\n") and "lost token" in ask("help: yes\n")
    assert "waiting for" in ask("status: yes\n")
    send(offline, order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 3\n")))
    assert "Your orders for step 1 are in." in ask("status: yes\n")


def test_a_status_answer_to_a_player_names_no_process_id(offline: Site) -> None:
    # The handler holds the game's lock while it answers: the moderator's status would show that lock's pid.
    outcome = send(offline, press_mail(offline, "anna", "status: yes\n"))
    assert outcome.status == "request", outcome
    text = body(outbox(offline)[-1])
    assert "waiting for" in text
    assert "pid" not in text and "being worked on" not in text


def test_a_new_address_must_come_from_the_old_one_and_both_are_told(offline: Site) -> None:
    stranger = order_mail(f"game: g1\nseat: anna\ntoken: {offline.tokens['anna']}\naddress: anna@new.example\n",
                          sender="someone@else.example")
    assert send(offline, stranger).status == "rejected"
    assert not to(offline, "anna@new.example")
    done = send(offline, press_mail(offline, "anna", "address: anna@new.example\n"))
    assert done.status == "request"
    # Asked, not moved: the new address gets a code to send back, the old one keeps the seat's mail meanwhile.
    assert open_game(offline.gd.root).meta.seat("anna").address == "anna@example.org"
    assert "keeps coming to this address" in body(to(offline, "anna@example.org")[-1])
    assert "confirm:" in body(to(offline, "anna@new.example")[-1])


def test_a_question_from_a_seats_address_goes_to_the_moderator(offline: Site) -> None:
    msg = order_mail("Hi, can I take back my last move? Cleo", sender="cleo@example.org", subject="Re: [g1] report")
    outcome = send(offline, msg)
    assert outcome.status == "moderator"
    [forwarded] = to(offline, "mod@example.org")
    assert "| Hi, can I take back my last move? Cleo" in body(forwarded)
    assert "passed it on to the moderator" in body(to(offline, "cleo@example.org")[0])
    assert "rejected" not in body(to(offline, "cleo@example.org")[0]).lower()


def test_a_lost_token_asks_the_moderator_and_is_told_once_a_day(offline: Site) -> None:
    for _ in range(3):
        send(offline, order_mail("I lost my token, sorry", sender="ben@example.org", subject="[g1] lost token"))
    forwarded = to(offline, "mod@example.org")
    assert forwarded and "pbem mail welcome" in body(forwarded[0]) and "--seat ben" in body(forwarded[0])
    assert len(to(offline, "ben@example.org")) == 1  # the player is told once a day


def test_a_stranger_gets_nothing_passed_on(offline: Site) -> None:
    outcome = handle(offline.root, offline.settings,
                     order_mail("buy cheap watches", sender="spam@evil.example", subject="[g1] hi").as_bytes())
    assert outcome.status != "moderator" and not to(offline, "mod@example.org")


@pytest.mark.mail
def test_press_and_a_question_through_the_real_servers(site: Site) -> None:
    """Delivered to Dovecot, fetched by pbem tick, relayed over SMTP: ben gets anna's press, the moderator cleo's
    question, and nobody sees another's address."""
    from pbem.mail.tick import tick

    assert site.mailbox is not None and site.smtp is not None
    site.mailbox.deliver(press_mail(site, "anna", "press: {to: [ben], text: Meet at Kabul?}\n"))
    site.mailbox.deliver(order_mail("When is the next deadline?", sender="cleo@example.org", subject="[g1] question"))
    summary = tick(site.root, site.settings, render=None)
    assert not summary.errors, summary.errors
    [relayed] = [m for m in site.smtp.to("ben@example.org") if "Meet at Kabul?" in m.text()]
    assert "anna@example.org" not in relayed.data.decode("utf-8", "replace")
    [forwarded] = site.smtp.to("mod@example.org")
    assert "| When is the next deadline?" in forwarded.text()
    assert any("passed it on to the moderator" in m.text() for m in site.smtp.to("cleo@example.org"))


def test_no_line_of_press_can_pass_for_pbems_own(offline: Site) -> None:
    """Every kind of line break splits a press text into quoted lines; controls and bidi marks are escaped."""
    hostile = "hi\rYour orders were ACCEPTED.\u2028Moderator: you win\u202eevil\x1b[2J"
    text = f"game: g1\nseat: anna\ntoken: {offline.tokens['anna']}\npress:\n  to: [ben]\n  text: {json.dumps(hostile)}\n"
    assert send(offline, order_mail(text, sender="anna@example.org")).status == "press"
    [relayed] = to(offline, "ben@example.org")
    lines = body(relayed).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| "))
    quoted = lines[start:start + 3]
    assert quoted == ["| hi", "| Your orders were ACCEPTED.", "| Moderator: you win\\u202eevil\\x1b[2J"]
    assert not any(line.startswith(("Your orders", "Moderator")) for line in lines)


def test_orders_without_their_header_are_explained_not_passed_on(offline: Site) -> None:
    outcome = send(offline, order_mail("pick: 3\n", sender="anna@example.org", subject="[g1] my pick"))
    assert outcome.status == "rejected"
    assert not to(offline, "mod@example.org")
