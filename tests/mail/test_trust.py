"""What a received mail means and the answers it draws: no one's address in another's mail, attached mails,
a lost token without [game], the same answer after a crash, the limits' figures, and an undated mail."""

from __future__ import annotations

import email
import email.policy
import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from pbem import players
from pbem.mail.flowed import readable
from pbem.mail.handle import handle
from pbem.mail.mailbox import state_dir
from pbem.mail.message import parse_mail
from pbem.mail.ratelimit import Limits

from .conftest import Site
from .mails import order_mail, order_text
from .test_handle import body, outbox, send

NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
#: Everyone who writes in the test of who sees whose address: each address is a person of its own.
PEOPLE = ("anna@example.org", "ben@example.org", "ben.work@office.example", "cleo@example.org", "dora@example.org",
          "eve@evil.example", "mallory@evil.example", "trudy@evil.example")


def _raw(msg: EmailMessage) -> bytes:
    return msg.as_bytes(policy=email.policy.SMTP)


def _all_queued(root: Path) -> list[tuple[Path, EmailMessage]]:
    """Every mail pbem queued under a root: each game's outbox and pbem's own."""
    found = []
    for path in sorted(root.rglob("outbox/*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        found.append((path, msg))
    return found


def _everything_in(msg: EmailMessage) -> str:
    """A mail's headers and every text part, decoded: what its reader can see."""
    parts = [str(value) for value in msg.values()]
    for part in msg.walk():
        if part.get_content_maintype() == "text":
            parts.append(readable(part) if part.get_content_type() == "text/plain" else str(part.get_content()))
    return "\n".join(parts)


# -- point 3: no mail to one person carries another person's address ---------------------------------------
def test_the_new_holder_of_a_seat_is_not_shown_the_old_holders_address(offline: Site) -> None:
    players.replace(offline.gd, "cleo", "dora@example.org", NOON)
    old = order_mail(order_text("g1", "cleo", 1, offline.tokens["cleo"], "pick: 2\n"), sender="cleo@example.org")
    handle(offline.root, offline.settings, _raw(old), now=NOON)
    [notice] = [m for m in outbox(offline) if m["To"] == "dora@example.org" and "tried your seat" in str(m["Subject"])]
    text = body(notice)
    assert "cleo@example.org" not in _everything_in(notice)
    assert "not from your registered address" in text and "2026-11-30 12:00 UTC" in text


def test_the_seat_notice_says_the_mail_came_from_the_registered_address_when_it_did(offline: Site) -> None:
    own = order_mail(order_text("g1", "anna", 1, "W" * 22), sender="anna@example.org")
    handle(offline.root, offline.settings, _raw(own), now=NOON)
    [notice] = [m for m in outbox(offline) if m["To"] == "anna@example.org"]
    assert "from your registered address" in body(notice) and "not from" not in body(notice)


def test_no_mail_to_one_person_carries_another_persons_address(offline: Site) -> None:
    tokens = offline.tokens
    mails = [
        order_mail(order_text("g1", "anna", 1, tokens["anna"], "pick: 2\n"), sender="anna@example.org"),
        # ben's orders from another address, with the token: both addresses are answered, each alone
        order_mail(order_text("g1", "ben", 1, tokens["ben"], "pick: 3\n"), sender="ben.work@office.example"),
        order_mail(order_text("g1", "anna", 1, "W" * 22), sender="eve@evil.example"),  # a stranger tries anna
        order_mail(order_text("g1", "zed", 1, "W" * 22), sender="mallory@evil.example"),
        order_mail(order_text("g1", "cleo", 1, "W" * 22), sender="cleo@example.org"),  # cleo's wrong token
        order_mail("Where do I find the rules?\n", sender="ben@example.org", subject="[g1] a question"),
        order_mail("I lost it.\n", sender="anna@example.org", subject="lost token"),
        order_mail("game: g1\nseat: anna\n", sender="trudy@evil.example", subject="[nogame] orders"),
    ]
    for n, msg in enumerate(mails):
        handle(offline.root, offline.settings, _raw(msg), now=NOON + timedelta(minutes=n))
    players.replace(offline.gd, "cleo", "dora@example.org", NOON + timedelta(hours=1))
    late = order_mail(order_text("g1", "cleo", 1, tokens["cleo"], "pick: 1\n"), sender="cleo@example.org")
    handle(offline.root, offline.settings, _raw(late), now=NOON + timedelta(days=1))
    queued = _all_queued(offline.root)
    assert len(queued) >= 12
    for path, msg in queued:
        to = {a.addr_spec.lower() for a in msg["To"].addresses}
        if to == {"mod@example.org"}:
            continue  # the moderator may know every address
        text = _everything_in(msg).lower()
        others = {a for a in PEOPLE if a in text} - to
        assert not others, f"{path.name} to {sorted(to)} names {sorted(others)}"
    to_ben = [m for _p, m in queued if "check" in str(m["X-Pbem-Kind"]) and m["X-Pbem-Seat"] == "ben"]
    assert {str(m["To"]) for m in to_ben} == {"ben@example.org", "ben.work@office.example"}


def test_an_answer_to_another_address_goes_to_each_address_alone(offline: Site) -> None:
    msg = order_mail(order_text("g1", "ben", 1, offline.tokens["ben"], "pick: 3\n"), sender="ben.work@office.example")
    assert send(offline, msg).status == "accepted"  # type: ignore[attr-defined]
    [registered] = [m for m in outbox(offline) if str(m["To"]) == "ben@example.org"]
    [sender] = [m for m in outbox(offline) if str(m["To"]) == "ben.work@office.example"]
    assert "ACCEPTED" in body(registered) and "ACCEPTED" in body(sender)
    assert "not from this seat's registered address" in " ".join(body(registered).split())
    assert "a copy goes to the seat's registered address" in " ".join(body(sender).split())


# -- point 5: orders inside an attached mail ----------------------------------------------------------------
def _forwarded_as_attachment(inner_text: str, outer_text: str = "Sent to the wrong address, sorry.\n",
                             subject: str = "Fwd: orders") -> EmailMessage:
    inner = order_mail(inner_text, subject="orders")
    inner.replace_header("To", "wrong@example.org")
    outer = order_mail(outer_text, subject=subject)
    outer.add_attachment(inner)
    return outer


def test_orders_in_an_attached_mail_are_read_as_from_a_forwarded_one(offline: Site) -> None:
    token = offline.tokens["anna"]
    msg = _forwarded_as_attachment(order_text("g1", "anna", 1, token, "pick: 1\n"))
    outcome = send(offline, msg)
    assert outcome.status == "accepted"  # type: ignore[attr-defined]
    assert "pick: 1" in offline.gd.pending()["anna"]
    [answer] = outbox(offline)
    assert answer["To"] == "anna@example.org" and "ACCEPTED" in body(answer)
    assert "attached mail" in body(answer)
    for stored in (offline.gd.mail_dir() / "in").glob("*.eml"):
        assert token.encode() not in stored.read_bytes()  # the archive keeps no token, attached or not


def test_orders_written_in_the_mail_win_over_an_attached_mail(offline: Site) -> None:
    token = offline.tokens["anna"]
    msg = _forwarded_as_attachment(order_text("g1", "anna", 1, token, "pick: 1\n"),
                                   outer_text=order_text("g1", "anna", 1, token, "pick: 2\n"))
    assert send(offline, msg).status == "accepted"  # type: ignore[attr-defined]
    assert "pick: 2" in offline.gd.pending()["anna"]


def test_problems_in_an_attached_mail_name_it_and_its_own_lines() -> None:
    msg = _forwarded_as_attachment("Hi,\n\ngame: g1\nseat: anna\nstep: 1\npick: [\n")
    mail = parse_mail(_raw(msg))
    assert mail.text is not None and mail.text.split("\n")[2] == "game: g1"  # the attached mail's line 3
    assert mail.source == "attached-mail"


def test_an_attached_mail_without_orders_leaves_the_mail_a_question(offline: Site) -> None:
    msg = _forwarded_as_attachment("Can we play on Sunday?\n", outer_text="What do you think?\n", subject="Fwd: [g1] Sunday")
    assert send(offline, msg).status == "moderator"  # type: ignore[attr-defined]


def test_an_order_file_inside_an_attached_mail_is_read_when_the_mail_has_none_of_its_own() -> None:
    inner = order_mail("my orders are attached\n", subject="orders")
    inner.add_attachment(b"game: g1\nseat: anna\nstep: 1\npick: 3\n", maintype="text", subtype="plain", filename="orders.yaml")
    outer = order_mail("see the attached mail\n", subject="Fwd: orders")
    outer.add_attachment(inner)
    mail = parse_mail(_raw(outer))
    assert mail.source == "orders.yaml" and mail.text is not None and "pick: 3" in mail.text


# -- point 7: "lost token" without [game] -----------------------------------------------------------------
def test_lost_token_without_game_from_the_address_of_one_seat_goes_to_the_moderator(offline: Site) -> None:
    msg = order_mail("I lost my token, please send a new one.\n", sender="ben@example.org", subject="lost token")
    outcome = send(offline, msg)
    assert outcome.status == "moderator" and outcome.game == "g1" and outcome.seat == "ben"  # type: ignore[attr-defined]
    mails = outbox(offline)
    [moderator] = [m for m in mails if m["To"] == "mod@example.org"]
    assert "pbem mail welcome" in body(moderator) and "--seat ben" in body(moderator)
    [told] = [m for m in mails if m["To"] == "ben@example.org"]
    assert "new token" in body(told)


def test_lost_token_without_game_from_an_address_of_several_seats_is_answered_with_its_games(offline: Site) -> None:
    from pbem import game_yaml, store

    from .conftest import GAME

    store.create(offline.root / "g2", GAME.id, "seed-2", [game_yaml.Seat("bea", "ben@example.org"),
                                                           game_yaml.Seat("carl", "carl@example.org")])
    msg = order_mail("I lost my token.\n", sender="ben@example.org", subject="Lost token")
    assert send(offline, msg).status == "unroutable"  # type: ignore[attr-defined]
    [told] = outbox(offline, root_level=True)
    assert told["To"] == "ben@example.org"
    text = body(told)
    assert "[g1]" in text and "[g2]" in text and "carl" not in text
    again = order_mail("I lost my token!\n", sender="ben@example.org", subject="Lost token")
    send(offline, again)
    assert len(outbox(offline, root_level=True)) == 1  # once a day: the From may be forged


def test_lost_token_without_game_from_an_unknown_address_is_not_answered(offline: Site) -> None:
    msg = order_mail("I lost my token.\n", sender="who@evil.example", subject="lost token")
    assert send(offline, msg).status == "unroutable"  # type: ignore[attr-defined]
    assert outbox(offline, root_level=True) == [] and outbox(offline) == []


# -- point 10: the same answer after a crash between "orders stored" and "answer sent" --------------------
def _answer_bytes(site: Site, key: str) -> bytes:
    data = (site.gd.outbox_dir() / f"check-{key}.eml").read_bytes()
    return re.sub(rb"(?m)^Date: .*\r?\n", b"", data)


def _crash_after_storing(site: Site, key: str) -> None:
    """Undo what a run killed after keeping the orders would not have done: the answer and the mail's record."""
    (site.gd.outbox_dir() / f"check-{key}.eml").unlink()
    for record in state_dir(site.root).glob(f"seen/**/{key}.json"):
        record.unlink()
    for record in state_dir(site.root).glob("seen/content/*/*.json"):
        if key in record.read_text(encoding="utf-8"):
            record.unlink()


def test_a_rerun_after_a_crash_answers_accepted_as_the_first_run_would(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 1\n"))
    first = send(offline, msg)
    assert first.status == "accepted"  # type: ignore[attr-defined]
    key = first.key  # type: ignore[attr-defined]
    uninterrupted = _answer_bytes(offline, key)
    _crash_after_storing(offline, key)
    again = send(offline, msg)
    assert again.status == "accepted"  # type: ignore[attr-defined]
    assert _answer_bytes(offline, key) == uninterrupted


def test_a_rerun_after_a_crash_answers_replaced_when_earlier_orders_stood(offline: Site) -> None:
    token = offline.tokens["anna"]
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date="Mon, 30 Nov 2026 10:00:00 +0000"))
    msg = order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"), date="Mon, 30 Nov 2026 11:00:00 +0000")
    first = send(offline, msg)
    assert first.status == "replaced"  # type: ignore[attr-defined]
    uninterrupted = _answer_bytes(offline, first.key)  # type: ignore[attr-defined]
    _crash_after_storing(offline, first.key)  # type: ignore[attr-defined]
    assert send(offline, msg).status == "replaced"  # type: ignore[attr-defined]
    assert _answer_bytes(offline, first.key) == uninterrupted  # type: ignore[attr-defined]


def test_a_rerun_after_a_crash_answers_withdrawn_as_the_first_run_would(offline: Site) -> None:
    token = offline.tokens["anna"]
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date="Mon, 30 Nov 2026 10:00:00 +0000"))
    msg = order_mail(order_text("g1", "anna", 1, token, "withdraw: true\n"), date="Mon, 30 Nov 2026 11:00:00 +0000")
    first = send(offline, msg)
    assert first.status == "withdrawn"  # type: ignore[attr-defined]
    uninterrupted = _answer_bytes(offline, first.key)  # type: ignore[attr-defined]
    _crash_after_storing(offline, first.key)  # type: ignore[attr-defined]
    send(offline, msg)
    assert _answer_bytes(offline, first.key) == uninterrupted  # type: ignore[attr-defined]
    assert b"WITHDRAWN" in uninterrupted


# -- the limits' figures agree ----------------------------------------------------------------------------
def test_the_moderators_figures_count_every_mail_whose_answer_was_held_back(offline: Site) -> None:
    for n in range(3):  # wrong tokens from anna's own address: one notice, two held back
        handle(offline.root, offline.settings, _raw(order_mail(order_text("g1", "anna", 1, "W" * 22, f"pick: {n + 1}\n"))),
               now=NOON + timedelta(minutes=n))
    with Limits.open(offline.root, NOON + timedelta(hours=1)) as limits:
        figures = "\n".join(limits.figures())
    assert "mails without a valid token: 3" in figures
    assert "answers held back by the limits: 2 (to senders: 0, seat notices: 2, other notices: 0)" in figures


def test_one_forged_mail_counts_once_however_many_answers_it_would_draw(offline: Site) -> None:
    for n in range(2):  # a stranger twice: its second answer and the second seat notice are held back
        handle(offline.root, offline.settings, _raw(order_mail(order_text("g1", "anna", 1, "W" * 22, f"pick: {n + 1}\n"),
                                                                sender="eve@evil.example")), now=NOON)
    with Limits.open(offline.root, NOON) as limits:
        figures = "\n".join(limits.figures())
    assert "mails without a valid token: 2" in figures
    assert "answers held back by the limits: 2 (to senders: 1, seat notices: 1, other notices: 0)" in figures


# -- an undated mail is refused for what it is ------------------------------------------------------------
def test_an_undated_mail_is_refused_as_undated_not_as_older(offline: Site) -> None:
    token = offline.tokens["anna"]
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date="Mon, 30 Nov 2026 10:00:00 +0000"))
    msg = order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"))
    del msg["Date"]
    outcome = send(offline, msg)
    assert outcome.status == "rejected"  # type: ignore[attr-defined]
    assert "older" not in outcome.detail and "Date" in outcome.detail  # type: ignore[attr-defined]
    answer = outbox(offline)[-1]
    assert "older" not in str(answer["Subject"]) and "no date" in str(answer["Subject"])
    logged = (state_dir(offline.root) / "log.jsonl").read_text(encoding="utf-8").splitlines()[-1]
    assert "older than" not in logged



def test_an_address_change_is_answered_at_the_address_that_asked_and_the_new_one_is_asked_to_confirm(offline: Site) -> None:
    text = f"game: g1\nseat: anna\ntoken: {offline.tokens['anna']}\naddress: anna@new.example\n"
    assert send(offline, order_mail(text, sender="anna@example.org")).status == "request"  # type: ignore[attr-defined]
    [answer] = [m for m in outbox(offline) if m["X-Pbem-Kind"] == "check"]
    assert str(answer["To"]) == "anna@example.org" and "confirmation code to anna@new.example" in body(answer)
    [confirm] = [m for m in outbox(offline) if str(m["To"]) == "anna@new.example"]
    assert "confirm this address" in str(confirm["Subject"]) and "anna@example.org" not in _everything_in(confirm)
    assert offline.tokens["anna"] not in _everything_in(confirm)


def test_a_rerun_after_a_crash_relays_press_once_and_answers_with_its_number(offline: Site) -> None:
    from pbem.mail import press

    text = f"game: g1\nseat: anna\ntoken: {offline.tokens['anna']}\npress:\n  to: [ben]\n  text: Kabul?\n"
    msg = order_mail(text)
    first = send(offline, msg)
    assert first.status == "press"  # type: ignore[attr-defined]
    uninterrupted = _answer_bytes(offline, first.key)  # type: ignore[attr-defined]
    relayed = sorted(p.name for p in offline.gd.outbox_dir().glob("press-*.eml"))
    _crash_after_storing(offline, first.key)  # type: ignore[attr-defined]
    send(offline, msg)
    assert len(press.messages(offline.gd)) == 1
    assert sorted(p.name for p in offline.gd.outbox_dir().glob("press-*.eml")) == relayed
    assert _answer_bytes(offline, first.key) == uninterrupted  # type: ignore[attr-defined]
