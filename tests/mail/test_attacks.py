"""Order mail as an attacker or a careless client writes it: replays, reused ids, injected headers, other games."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from pbem import store
from pbem.mail.handle import handle
from pbem.mail.mailbox import state_dir

from .conftest import GAME, SEATS, Site
from .mails import order_mail, order_text
from .test_handle import body, outbox, send

# Dates long past, so a mail is never dated after it arrived, whenever the tests run.
EARLY = "Sun, 29 Nov 2020 10:00:00 +0000"
LATER = "Sun, 29 Nov 2020 11:00:00 +0000"


def test_an_old_withdrawal_replayed_does_not_withdraw_newer_orders(offline: Site) -> None:
    token = offline.tokens["anna"]
    withdraw = order_mail(order_text("g1", "anna", 1, token, "withdraw: true\n"), date=EARLY)
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date="Sun, 29 Nov 2020 09:00:00 +0000"))
    assert send(offline, withdraw).status == "withdrawn"
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date=LATER))
    replay = withdraw.as_bytes(policy=email.policy.SMTP).replace(b"Message-ID: <", b"Message-ID: <replayed-")
    assert send(offline, replay).status == "duplicate"  # the same mail under a new id: a repeat, not answered
    assert "pick: 3" in offline.gd.pending()["anna"]
    assert send(offline, replay.replace(b"replayed-", b"touched-").replace(b"withdraw: true", b"withdraw: true  # now")).status == "rejected"
    assert "pick: 3" in offline.gd.pending()["anna"]
    assert "were written before" in body(outbox(offline)[-1]) or "was written before" in body(outbox(offline)[-1])


def test_old_orders_replayed_after_a_withdrawal_do_not_come_back(offline: Site) -> None:
    token = offline.tokens["anna"]
    orders = order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date=EARLY)
    send(offline, orders)
    assert send(offline, order_mail(order_text("g1", "anna", 1, token, "withdraw: true\n"), date=LATER)).status == "withdrawn"
    replay = orders.as_bytes(policy=email.policy.SMTP).replace(b"Message-ID: <", b"Message-ID: <replayed-")
    assert send(offline, replay).status == "duplicate"
    assert send(offline, replay.replace(b"replayed-", b"touched-").replace(b"pick: 2", b"pick: 2  # again")).status == "rejected"
    assert "anna" not in offline.gd.pending()


def test_a_reused_message_id_with_other_content_is_handled_and_answered(offline: Site) -> None:
    token = offline.tokens["anna"]
    first = order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), message_id="<fixed@client.example>", date=EARLY)
    second = order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"), message_id="<fixed@client.example>", date=LATER)
    assert send(offline, first).status == "accepted"
    assert send(offline, second).status == "replaced"
    assert "pick: 1" in offline.gd.pending()["anna"]
    assert len(outbox(offline)) == 2  # both answered
    assert send(offline, second).status == "duplicate"  # the very same mail again is still recognised
    assert send(offline, first).status == "duplicate"
    assert len(outbox(offline)) == 2


def test_a_message_id_with_an_encoded_word_cannot_inject_a_header(offline: Site) -> None:
    evil = b"<=?utf-8?q?x=0D=0ABcc:_evil@x.example?=@x.example>"
    raw = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"]), message_id="<plain@x.example>").as_bytes(
        policy=email.policy.SMTP).replace(b"<plain@x.example>", evil)
    outcome = send(offline, raw)
    assert outcome.status == "accepted"
    [reply] = outbox(offline)
    assert reply["Bcc"] is None and "evil" not in str(reply["In-Reply-To"] or "") + str(reply["References"])


def test_encoded_words_in_subject_and_from_name_never_reach_our_headers(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"]))
    raw = msg.as_bytes(policy=email.policy.SMTP)
    raw = raw.replace(b"From: Player <", b"From: =?utf-8?q?Anna=0D=0ABcc:_evil@x.example?= <")
    raw = raw.replace(b"Subject: orders", b"Subject: =?utf-8?q?orders=0D=0ABcc:_evil@x.example?=")
    assert send(offline, raw).status == "accepted"
    [path] = offline.gd.outbox_dir().glob("*.eml")
    head = path.read_bytes().split(b"\n\n")[0].split(b"\r\n\r\n")[0]
    assert b"Bcc" not in head and b"evil" not in head


def test_a_token_of_one_game_does_not_authenticate_orders_for_another(offline: Site) -> None:
    store.create(offline.root / "g2", GAME.id, "seed-2", SEATS)
    mail = order_mail(order_text("g2", "anna", 1, offline.tokens["anna"], "pick: 1\n"), sender="anna@example.org")
    outcome = send(offline, mail)
    assert outcome.status == "rejected" and outcome.game == "g2"
    assert store.open_game(offline.root / "g2").pending() == {} and offline.gd.pending() == {}
    [path] = (offline.root / "g2" / "mail" / "outbox").glob("*.eml")
    reply = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert "the seat and token do not match" in body(reply)  # type: ignore[arg-type]


def test_crlf_in_the_yaml_never_reaches_a_header(offline: Site) -> None:
    text = 'game: g1\nseat: "anna\\r\\nBcc: evil@x.example"\nstep: 1\ntoken: x\npick: 3\n'
    assert send(offline, order_mail(text)).status == "rejected"
    for path in offline.gd.outbox_dir().glob("*.eml"):
        assert b"Bcc" not in path.read_bytes().split(b"\r\n\r\n")[0]


def test_the_stored_raw_mail_keeps_no_token(offline: Site) -> None:
    token = offline.tokens["anna"]
    plain = order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date=EARLY)
    encoded = order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date=LATER)
    encoded.set_content(order_text("g1", "anna", 1, token, "pick: 3\n"), cte="base64")
    attached = order_mail("see attachment\n", date="Sun, 29 Nov 2020 12:00:00 +0000")
    attached.add_attachment(order_text("g1", "anna", 1, token, "pick: 1\n").encode(), maintype="application",
                            subtype="octet-stream", filename="orders.yaml")
    wrong = order_mail(order_text("g1", "ben", 1, token), sender="ben@example.org")  # anna's token, ben's seat
    assert [send(offline, m).status for m in (plain, encoded, attached, wrong)] == ["accepted", "replaced", "replaced", "rejected"]
    stored = list((offline.gd.mail_dir() / "in").glob("*.eml"))
    assert len(stored) == 4
    for path in stored:
        data = path.read_bytes()
        assert token.encode() not in data
        parsed = email.message_from_bytes(data, policy=email.policy.default)
        for part in parsed.walk():
            if not part.is_multipart():
                assert token.encode() not in (part.get_payload(decode=True) or b"")
    assert "pick: 1" in offline.gd.pending()["anna"]
    assert token not in "".join(p.read_text() for p in offline.gd.root.rglob("*") if p.is_file() and p.suffix != ".pdf")


def test_nothing_is_handled_twice_after_a_crash_between_storing_and_recording(offline: Site, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pbem.mail.handle as handle_module

    raw = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"])).as_bytes(policy=email.policy.SMTP)
    real = handle_module._finish

    def crash(*_args: object, **_kw: object) -> None:
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(handle_module, "_finish", crash)
    try:
        handle(offline.root, offline.settings, raw)
    except KeyboardInterrupt:
        pass
    monkeypatch.setattr(handle_module, "_finish", real)
    again = handle(offline.root, offline.settings, raw)
    assert again.status == "accepted"  # as the first run said: answered once more under the same name
    assert len(list(offline.gd.outbox_dir().glob("*.eml"))) == 1
    assert len(list((state_dir(offline.root) / "seen").glob("??/*.json"))) == 1
    assert Path(offline.gd.mail_dir() / "in").is_dir()


def test_a_huge_mail_for_no_game_is_logged_not_answered(offline: Site) -> None:
    head = b"From: victim@example.net\r\nMessage-ID: <huge-spam@x>\r\nSubject: photos\r\n\r\n"
    outcome = handle(offline.root, offline.settings, head, truncated=True)
    assert outcome.status == "unroutable" and "not answered" in outcome.detail
    assert not list((state_dir(offline.root) / "outbox").glob("*.eml"))
    tagged = head.replace(b"huge-spam", b"huge-tagged").replace(b"photos", b"[nogame] photos")
    assert handle(offline.root, offline.settings, tagged, truncated=True).status == "unroutable"
    [reply] = (state_dir(offline.root) / "outbox").glob("*.eml")
    assert b"larger than" in reply.read_bytes()


def test_a_mail_without_message_id_is_answered_and_known_by_its_content(offline: Site) -> None:
    token = offline.tokens["anna"]
    raw = (b"From: anna@example.org\r\nDate: " + EARLY.encode() + b"\r\nSubject: orders\r\n\r\n"
           + order_text("g1", "anna", 1, token, "pick: 2\n").encode())
    assert send(offline, raw).status == "accepted"
    assert send(offline, raw).status == "duplicate"
    other = raw.replace(b"pick: 2", b"pick: 3").replace(EARLY.encode(), LATER.encode())
    assert send(offline, other).status == "replaced"
    replies = outbox(offline)
    assert len(replies) == 2 and all(r["In-Reply-To"] is None or "@" in str(r["In-Reply-To"]) for r in replies)


def test_a_clock_running_ahead_does_not_lock_out_the_next_correction(offline: Site) -> None:
    from datetime import UTC, datetime

    token = offline.tokens["anna"]
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    ahead = order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date="Tue, 01 Dec 2026 12:00:00 +0000")
    right = order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date="Mon, 30 Nov 2026 12:05:00 +0000")
    assert handle(offline.root, offline.settings, ahead.as_bytes(policy=email.policy.SMTP), now=now).status == "accepted"
    later = now.replace(minute=6)
    assert handle(offline.root, offline.settings, right.as_bytes(policy=email.policy.SMTP), now=later).status == "replaced"
    assert "pick: 3" in offline.gd.pending()["anna"]


def test_a_mail_of_blank_lines_for_no_game_is_logged_not_answered(offline: Site) -> None:
    outcome = send(offline, order_mail("\n" * 200_000 + "hello\n", sender="victim@example.net", subject="x"))
    assert outcome.status == "unroutable" and "not answered" in outcome.detail
    assert send(offline, order_mail("\n\n   game: nope\n", sender="anna@example.org")).detail == "no known game named in the mail"


def test_orders_the_yaml_parser_rejects_are_kept_without_their_token(offline: Site) -> None:
    token = offline.tokens["anna"]
    broken = order_text("g1", "anna", 1, token, "pick: [3\n")
    assert send(offline, order_mail(broken, subject="[g1] orders")).status == "rejected"  # routed by the tag
    assert send(offline, order_mail(broken)).status == "unroutable"  # no header read, no tag: which game?
    [in_game] = (offline.gd.mail_dir() / "in").glob("*.eml")
    [unrouted] = (state_dir(offline.root) / "unrouted").glob("*.eml")
    for stored in (in_game, unrouted):
        assert token.encode() not in stored.read_bytes() and b"removed-by-pbem" in stored.read_bytes()
    assert "mail:5:7: not valid YAML: the '[' opened here is not closed" in body(outbox(offline)[0])
