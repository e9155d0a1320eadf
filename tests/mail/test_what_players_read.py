"""What players read in mail, through the real servers: a status that speaks of the player, answers that agree
with the report they arrive with, a clear word for a retired token, lines a hard-wrapping client keeps, tabs
and Windows-1252 read as the player meant."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime

import pytest

from engine import registry
from engine.rng import Rng
from pbem import game_yaml, players, store
from pbem.mail import notices
from pbem.mail.flowed import readable
from pbem.mail.tick import default_renderer, tick
from pbem.orders import dump_body, render

from .conftest import Received, Site
from .mails import order_mail, order_text

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # the deadline is 18:00 Berlin = 17:00 UTC that day


def set_deadline(site: Site, **extra: object) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin", **extra}
    site.gd.save_meta()


def request(site: Site, seat: str, body: str, *, token: str | None = None, game: str = "g1",
            minute: int = 0) -> object:
    """A self-service request (no step line, as the help text shows it) mailed to the IMAP box.

    Its Date is `minute` minutes after MONDAY_9: the same request sent twice within one second of the clock
    would be the same mail resent, which pbem rightly answers once.
    """
    text = f"game: {game}\nseat: {seat}\ntoken: {token or site.tokens[seat]}\n{body}"
    msg = order_mail(text, sender=f"{seat}@example.org", date=format_datetime(MONDAY_9 + timedelta(minutes=minute)))
    assert site.mailbox is not None
    site.mailbox.deliver(msg)
    return msg


def sent_to(site: Site, address: str) -> list[Received]:
    """Every mail the SMTP server took for this address."""
    assert site.smtp is not None
    return site.smtp.to(address)


def answers(site: Site, address: str, kind: str = "check") -> list[Received]:
    return [m for m in sent_to(site, address) if m.message["X-Pbem-Kind"] == kind]


def run(site: Site, minutes: int = 0) -> None:
    done = tick(site.root, site.settings, now=MONDAY_9 + timedelta(minutes=minutes), render=default_renderer(site.settings))
    assert not done.errors, done.errors


@pytest.mark.slow  # the tick renders every report of the step
def test_a_status_answer_speaks_of_the_player(site: Site) -> None:
    set_deadline(site, early=False)  # all orders in does not resolve the step before its deadline
    request(site, "anna", "status: yes\n")
    run(site)
    [first] = answers(site, "anna@example.org")
    text = first.text()
    assert "orders now are for step 1 (round 1)" in text
    assert "It is your turn: pbem needs your orders for step 1 and has none from you yet." in text
    assert "Your deadline: Monday 30 November 2026, 12:00 EST (America/New_York)." in text  # her own zone
    assert "Still waiting for: ben, cleo." in text
    assert "waiting for: anna" not in text and "run pbem run" not in text  # nothing meant for the moderator

    for minute, seat in enumerate(("anna", "ben", "cleo"), start=1):
        assert site.mailbox is not None
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat], "pick: 2\n"), sender=f"{seat}@example.org"))
        run(site, minute)
    request(site, "anna", "status: yes\n", minute=10)
    run(site, 10)
    text = answers(site, "anna@example.org")[-1].text()
    assert "Your orders for step 1 are in. You may replace or withdraw them until your deadline, Monday" in text
    assert "All orders for step 1 are in; it is resolved at its deadline." in text
    assert "It is your turn" not in text


@pytest.mark.slow  # a Pax Pamir game's reports are rendered
def test_a_status_answer_tells_a_player_whose_turn_it_is_not(site: Site) -> None:
    seats = [game_yaml.Seat("anna", "anna@example.org"), game_yaml.Seat("ben", "ben@example.org")]
    gd, tokens = store.create(site.root / "pp", "pax-pamir", "seed-1", seats)
    mover = next(p.seat for p in gd.game.prompts(gd.state()))
    other = "ben" if mover == "anna" else "anna"
    for seat in (mover, other):
        request(site, seat, "status: yes\n", token=tokens[seat], game="pp")
    run(site)
    said = {seat: answers(site, f"{seat}@example.org")[-1].text() for seat in (mover, other)}
    assert "It is your turn: pbem needs your orders for step 1" in said[mover]
    assert "It is not your turn: no orders are due from you for step 1." in said[other]
    assert f"Still waiting for: {mover}." in said[other]
    label = gd.game.label(gd.state())
    assert all(f"orders now are for step 1 ({label})" in text for text in said.values())


@pytest.mark.slow  # the tick renders the reports of the step it resolves
def test_the_last_answer_of_a_step_agrees_with_the_report_it_arrives_with(site: Site) -> None:
    assert site.mailbox is not None and site.smtp is not None
    for pick, seat in enumerate(("anna", "ben", "cleo"), start=1):
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat], f"pick: {pick}\n"),
                                        sender=f"{seat}@example.org"))
    run(site)
    assert site.gd.current_step() == 1
    last = answers(site, "cleo@example.org")
    reports = [m for m in sent_to(site, "cleo@example.org") if m.message["X-PBEM-Step"] == "1"]
    assert len(last) == 1 and len(reports) == 1  # the answer and the report went out in the same run
    text = last[0].text()
    assert "Step 1 is resolved with these orders; its report, with what step 2 asks, follows in its own mail." in text
    assert "next run" not in text
    assert "You may send new orders until the deadline" not in text  # the step takes no more orders


def test_an_old_token_after_replace_is_told_it_no_longer_works(site: Site) -> None:
    old = site.tokens["cleo"]
    with site.gd.lock():
        players.replace(site.gd, "cleo", "dora@example.org", MONDAY_9)
    run(site)
    # The former player asks for the status, with the header the help text shows (no step line).
    request(site, "cleo", "status: yes\n", token=old)
    run(site, 5)
    [answer] = answers(site, "cleo@example.org")
    text = answer.text()
    assert "this token no longer works for seat cleo; nothing was stored." in text
    assert "missing 'step:'" not in text and "do not match" not in text
    assert answer.message["Subject"] == "[g1] cleo: this token no longer works"
    assert not site.gd.pending()
    assert old not in answer.data.decode("ascii", "replace")  # not even the retired token is mailed back


def test_an_old_token_after_a_new_welcome_is_told_it_no_longer_works(site: Site) -> None:
    old = site.tokens["anna"]
    with site.gd.lock():
        notices.queue_welcome(site.gd, site.settings, notices.issue_tokens(site.gd, ["anna"]), now=MONDAY_9)
    run(site)
    assert site.mailbox is not None
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, old, "pick: 2\n")))
    run(site, 5)
    [answer] = answers(site, "anna@example.org")
    text = answer.text()
    assert "this token no longer works for seat anna" in text
    assert "the token from that welcome mail" in text and '"lost token"' in text
    assert not site.gd.pending()
    # A token that was never the seat's is still told only that seat and token do not match.
    request(site, "ben", "status: yes\n", token="not-a-token-of-ben")
    run(site, 10)
    said = [m.text() for m in sent_to(site, "ben@example.org") if m.message["X-Pbem-Kind"] == "check"]
    assert said and all("no longer works" not in t for t in said)


def raw_mail(body: bytes, content_type: str, sender: str = "anna@example.org") -> bytes:
    """A mail as an old client writes it: the body's bytes as they are, under the Content-Type given."""
    head = (f"From: Anna <{sender}>\r\nTo: pbem@games.example\r\nSubject: orders\r\n"
            f"Date: Mon, 30 Nov 2026 09:00:00 +0000\r\nMessage-ID: <cp-{abs(hash(body))}@player.example>\r\n"
            f"MIME-Version: 1.0\r\nContent-Type: {content_type}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    return head.encode("ascii") + body


@pytest.mark.parametrize("content_type", ["text/plain", "text/plain; charset=iso-8859-1"])
def test_a_windows_1252_mail_is_read_as_written(site: Site, content_type: str) -> None:
    orders = order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3  # that\u2019s mine \u2013 Zo\u00eb\n")
    body = ("Gr\u00fc\u00dfe,\r\n\r\n" + orders.replace("\n", "\r\n")).encode("cp1252")
    assert b"\x92" in body and b"\x96" in body  # the bytes ISO 8859-1 leaves to control characters
    assert site.mailbox is not None
    site.mailbox.deliver(raw_mail(body, content_type))
    run(site)
    [answer] = answers(site, "anna@example.org")
    text = answer.text()
    assert "ACCEPTED" in text
    assert "UTF-8" not in text and "Windows-1252" not in text and "Notes:" not in text  # nothing worth a word
    assert "that's mine \u2013 Zo\u00eb" in site.gd.pending()["anna"]


def test_a_mail_whose_charset_is_wrong_says_what_it_was_read_as(site: Site) -> None:
    orders = order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3  # Zo\u00eb\n")
    assert site.mailbox is not None
    site.mailbox.deliver(raw_mail(orders.encode("cp1252"), "text/plain; charset=utf-8"))
    run(site)
    text = answers(site, "anna@example.org")[0].text()
    assert "the text was not valid utf-8; it was read as Windows-1252" in text
    assert "read as UTF-8" not in text
    assert "# Zo\u00eb" in site.gd.pending()["anna"]


def test_orders_indented_with_tabs_are_read_as_meant_and_the_answer_says_so(site: Site) -> None:
    press = "press:\n\tto: [ben]\n\ttext: |\n\t\tKabul is yours,\n\t\tPersia mine?\n"
    assert site.mailbox is not None
    site.mailbox.deliver(order_mail(f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\n{press}"))
    run(site)
    [answer] = answers(site, "anna@example.org")
    assert "press sent" in str(answer.message["Subject"])
    assert "tabs were read as indentation" in answer.text()
    [relayed] = [m for m in sent_to(site, "ben@example.org") if m.message["X-Pbem-Kind"] == "press"]
    assert "| Kabul is yours,\n| Persia mine?" in relayed.text()  # the block's lines, as written


def test_tabs_mixed_with_spaces_are_refused_with_line_and_column(site: Site) -> None:
    press = "press:\n\tto: [ben]\n\t  text: hello\n"
    assert site.mailbox is not None
    # Orders YAML cannot read name no game: the subject's tag does.
    site.mailbox.deliver(order_mail(f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\n{press}", subject="[g1] press"))
    run(site)
    [answer] = answers(site, "anna@example.org")
    text = answer.text()
    assert "mail:6:2: this line's indentation mixes tabs and spaces, so pbem cannot tell how deep it is meant" in text
    assert "tabs were read as indentation" not in text
    assert not [m for m in sent_to(site, "ben@example.org") if m.message["X-Pbem-Kind"] == "press"]


def text_parts(received: Received) -> list[EmailMessage]:
    return [p for p in received.message.walk() if isinstance(p, EmailMessage) and p.get_content_type() == "text/plain"]


def wire_lines(part: EmailMessage) -> list[str]:
    """A text part's lines as a client that knows nothing of format=flowed shows them."""
    return str(part.get_content()).replace("\r\n", "\n").split("\n")


@pytest.mark.slow  # every installed game by mail for two steps, every report rendered
def test_every_text_part_a_seeded_game_sends_fits_76_columns(site: Site) -> None:
    assert site.mailbox is not None and site.smtp is not None
    games = {"g1": (site.gd, site.tokens)}
    for game_id in sorted(registry.games()):
        count = registry.get(game_id).player_counts.start
        seats = [game_yaml.Seat(name, f"{name}@{game_id}.example", pdf=False) for name in ("anna", "ben", "cleo", "dora")[:count]]
        games[game_id] = store.create(site.root / game_id, game_id, "wrap-seed", seats)
    for gd, tokens in games.values():
        notices.queue_welcome(gd, site.settings, tokens, now=MONDAY_9)
    run(site)
    for number in (1, 2):
        for name, (gd, tokens) in games.items():
            state = gd.state()
            for prompt in gd.game.prompts(state):
                address = str(gd.meta.seat(prompt.seat).address)
                order = gd.game.random_order(state, prompt.seat, Rng.for_robot("wrap", number, prompt.seat))
                text = render({"game": name, "seat": prompt.seat, "step": number, "token": tokens[prompt.seat]}, dump_body(order))
                site.mailbox.deliver(order_mail(text, sender=address))
                head = f"game: {name}\nseat: {prompt.seat}\ntoken: {tokens[prompt.seat]}\n"
                site.mailbox.deliver(order_mail(head + "status: yes\n", sender=address))
                site.mailbox.deliver(order_mail(head.replace(tokens[prompt.seat], "W" * 22) + "pick: 1\n", sender=address))
        run(site, 10 * number)
    kinds = {str(m.message["X-Pbem-Kind"] or "report") for m in site.smtp.received}
    assert {"welcome", "check", "report"} <= kinds, kinds
    flowed = 0
    for received in site.smtp.received:
        for part in text_parts(received):
            where = (received.message["Subject"], part.get_filename())
            assert all(len(line) <= 76 for line in wire_lines(part)), (where, max(wire_lines(part), key=len))
            if part.get_param("format") == "flowed":
                flowed += 1
                shown = readable(part)
                assert any(len(line) > 76 for line in shown.split("\n")), where  # flowed only where it was needed
    assert flowed, "no mail needed flowing: the test shows nothing"


@pytest.mark.slow  # a Pax Pamir report is rendered
def test_the_pax_pamir_text_report_is_sent_flowed_and_rejoins_as_written(site: Site) -> None:
    from pbem.reports.names import report_stem

    seats = [game_yaml.Seat("anna", "anna@example.org", pdf=False), game_yaml.Seat("ben", "ben@example.org", pdf=False)]
    gd, tokens = store.create(site.root / "pp", "pax-pamir", "wrap-seed", seats)
    notices.queue_welcome(gd, site.settings, tokens, now=MONDAY_9)
    run(site)
    mover = next(p.seat for p in gd.game.prompts(gd.state()))
    order = gd.game.random_order(gd.state(), mover, Rng.for_robot("wrap", 1, mover))
    assert site.mailbox is not None and site.smtp is not None
    site.mailbox.deliver(order_mail(render({"game": "pp", "seat": mover, "step": 1, "token": tokens[mover]},
                                           dump_body(order)), sender=f"{mover}@example.org"))
    run(site, 10)
    stored = (gd.report_dir(1) / f"{report_stem(mover)}.txt").read_text(encoding="utf-8")
    assert max(len(line) for line in stored.split("\n")) > 76  # the report itself has long lines
    [report] = [m for m in sent_to(site, f"{mover}@example.org") if m.message["X-PBEM-Step"] == "1"]
    [part] = [p for p in text_parts(report) if p.get_filename() is None]
    assert part.get_param("format") == "flowed" and part.get_param("delsp") == "no"
    assert all(len(line) <= 76 for line in wire_lines(part))
    shown = readable(part)
    # Every line of the text report comes back whole in a client that knows format=flowed.
    body_lines = set(shown.split("\n"))
    missing = [line for line in stored.rstrip("\n").split("\n") if line.rstrip(" ") and line.rstrip(" ") not in body_lines]
    assert not missing, missing[:3]


@pytest.mark.slow  # a Pax Pamir report is rendered
def test_orders_copied_from_a_client_that_does_not_unflow_are_still_read(site: Site) -> None:
    seats = [game_yaml.Seat("anna", "anna@example.org", pdf=False), game_yaml.Seat("ben", "ben@example.org", pdf=False)]
    gd, tokens = store.create(site.root / "pp", "pax-pamir", "wrap-seed", seats)
    notices.queue_welcome(gd, site.settings, tokens, now=MONDAY_9)
    run(site)
    mover = next(p.seat for p in gd.game.prompts(gd.state()))
    [welcome] = [m for m in sent_to(site, f"{mover}@example.org") if m.message["X-Pbem-Kind"] == "welcome"]
    [part] = text_parts(welcome)
    assert part.get_param("format") == "flowed"
    lines = wire_lines(part)  # as Outlook shows it: soft breaks left as they are, stuffed lines with their space
    cuts = [i for i, line in enumerate(lines) if "8<" in line]
    # The template between the cut lines, with the token line written in as the report asks.
    copied = "\n".join(f"token: {tokens[mover]}" if line.startswith("# token:") else line
                       for line in lines[cuts[0] + 1 : cuts[1]])
    assert f"token: {tokens[mover]}" in copied
    reply = order_mail(copied + "\n\nOn Mon, 30 Nov 2026 at 10:00, pbem wrote:\n" +
                       "\n".join("> " + line for line in lines) + "\n", sender=f"{mover}@example.org",
                       subject="Re: " + str(welcome.message["Subject"]))
    assert site.mailbox is not None
    site.mailbox.deliver(reply)
    run(site, 10)
    [answer] = answers(site, f"{mover}@example.org")
    text = answer.text()
    assert "Your orders were ACCEPTED." in text, text
    assert "Notes:" not in text  # nothing of the quoted mail was taken for orders


def test_a_flowed_body_comes_back_as_written_through_the_servers(site: Site) -> None:
    """Long prose, indentation, quote marks, an mbox 'From', runs of spaces and a signature survive the trip."""
    from pbem.mail import compose

    lines = ["word " * 30 + "end", "    indented " + "and long " * 12, "> not a quote but " + "long " * 20,
             "From the start " + "of a long line " * 6, "a  b   c " * 12 + "d", "-- ", "short", "x" * 90]
    text = "\n".join(line if line == "-- " else line.rstrip() for line in lines) + "\n"
    msg = compose.build(site.settings, to=["anna@example.org"], subject="flowed", text=text, kind="check",
                        message_id=compose.make_id(site.settings, "check", "g1", "anna", "flowed"), game="g1", seat="anna")
    compose.queue(site.gd.outbox_dir(), "flowed", msg)
    run(site)
    [received] = [m for m in sent_to(site, "anna@example.org") if m.message["Subject"] == "[g1] flowed" or
                  m.message["Subject"] == "flowed"]
    [part] = text_parts(received)
    assert part.get_param("format") == "flowed"
    assert all(len(line) <= 76 for line in wire_lines(part) if " " in line.strip())  # all but the one long word
    assert readable(part) == text


def test_an_old_token_in_orders_yaml_cannot_read_is_still_named(site: Site) -> None:
    old = site.tokens["ben"]
    with site.gd.lock():
        notices.queue_welcome(site.gd, site.settings, notices.issue_tokens(site.gd, ["ben"]), now=MONDAY_9)
    run(site)
    assert site.mailbox is not None
    broken = order_text("g1", "ben", 1, old, "pick: [3\n")  # no header read: the subject's tag names the game
    site.mailbox.deliver(order_mail(broken, sender="ben@example.org", subject="[g1] orders"))
    run(site, 5)
    [answer] = answers(site, "ben@example.org")
    assert "this token no longer works for seat ben" in answer.text()


def every_seats_orders_in_one_fetch(site: Site) -> None:
    """Each seat's orders for step 1 in the inbox, then one tick reads them all."""
    assert site.mailbox is not None
    for seat in ("anna", "ben", "cleo"):
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat], "pick: 2\n"), sender=f"{seat}@example.org"))
    run(site)


@pytest.mark.slow  # the tick renders every report of the step
def test_the_answers_of_one_fetch_agree_with_the_report_the_same_tick_sends(site: Site) -> None:
    """Three seats' orders in one fetch complete the step, which the same tick resolves: no answer still waits for
    a seat whose orders were in the batch, each says its step is resolved, and the report follows it."""
    set_deadline(site)  # all orders in: the step is resolved at once
    every_seats_orders_in_one_fetch(site)
    assert site.gd.current_step() == 1
    for seat in ("anna", "ben", "cleo"):
        mails = sent_to(site, f"{seat}@example.org")
        kinds = ["report" if m.message["X-PBEM-Step"] == "1" else m.message["X-Pbem-Kind"] for m in mails]
        assert kinds.count("check") == 1 and kinds.count("report") == 1, kinds
        text = mails[kinds.index("check")].text()
        assert "Your orders were ACCEPTED." in text
        assert "Step 1 is resolved with these orders; its report, with what step 2 asks, follows in its own mail." in text
        assert "Still waiting for: ben" not in text and "Still waiting for: cleo" not in text
        assert "All orders for step 1 are in" not in text
        assert "You may send new orders until the deadline" not in text  # the report tells what step 2 asks
        assert kinds.index("check") < kinds.index("report")  # the report it speaks of follows in the same delivery


@pytest.mark.slow  # the tick renders every report of the step
def test_answers_say_where_the_game_stands_after_the_whole_batch_when_the_step_waits(site: Site) -> None:
    """No step resolved (it waits for its deadline): the earlier seats' answers do not wait for a seat whose orders
    the same batch held."""
    set_deadline(site, early=False)
    every_seats_orders_in_one_fetch(site)
    assert site.gd.current_step() == 0
    for seat in ("anna", "ben", "cleo"):
        [answer] = answers(site, f"{seat}@example.org")
        text = answer.text()
        assert "Still waiting for" not in text
        assert "All orders for step 1 are in; it is resolved at its deadline." in text
