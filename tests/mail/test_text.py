"""Order text out of mail bodies: traps, format=flowed, HTML, quoted replies; line numbers kept."""

from __future__ import annotations

import pytest

from pbem.mail.message import parse_mail
from pbem.mail.text import clean_order_text, html_to_text, strip_quotes, unflow, untrap
from pbem.orders import parse


def test_look_alike_spaces_quotes_and_dashes_become_plain() -> None:
    assert untrap("bid:\u00a03\u200b\r\nname: \u201cx\u201d\n\u2013 a") == 'bid: 3\nname: "x"\n- a'


def test_format_flowed_is_joined_and_unstuffed() -> None:
    assert unflow("a long \nline\n  indented\n", delsp=False) == "a long line\n indented\n"
    assert unflow("word-\nnext", delsp=True) == "word-\nnext"
    assert unflow("cut \nhere", delsp=True) == "cuthere"


def test_quotes_attributions_signatures_become_empty_lines() -> None:
    text = "bid: 3\n\nOn Mon, 30 Nov 2026 at 10:00, pbem <p@x> wrote:\n> bid: 1\n-- \nAnna\n"
    assert strip_quotes(text) == "bid: 3\n\n\n\n\n\n"


def test_outlook_original_message_is_cut() -> None:
    text = "bid: 2\nFrom: pbem <p@x>\nSent: Monday\nbid: 9\n"
    assert strip_quotes(text) == "bid: 2\n\n\n\n"


def test_a_greeting_above_the_orders_keeps_line_numbers() -> None:
    cleaned = clean_order_text("Hi!\n\ngame: g1\nbid: x: y\n")
    doc = parse(cleaned, "mail")
    assert doc.problems and doc.problems[0].line == 4


def test_html_blocks_breaks_and_nbsp_indentation() -> None:
    html = "<p>game: g1<br>orders:</p><div>&nbsp;&nbsp;- a</div><ul><li>x</li></ul><pre>k:\n  v: 1</pre>"
    assert clean_order_text(html_to_text(html)) == "game: g1\norders:\n  - a\n- x\nk:\n  v: 1\n"


def test_html_quotes_scripts_and_styles_are_dropped() -> None:
    html = "<style>p{}</style><script>x()</script><div>bid: 1</div><blockquote>bid: 9</blockquote><div class=gmail_quote>old</div>"
    assert html_to_text(html).strip() == "bid: 1"


@pytest.mark.parametrize("raw", [
    b"",
    b"\xff\xfe\x00garbage",
    b"Content-Type: multipart/mixed\r\n\r\nno boundary at all",
    b"Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not base64",
    b"From: =?x-unknown?q?=FF?= <a@b.example>\r\nSubject: =?utf-8?b?broken\r\n\r\nbid: 1",
    b"Content-Type: message/rfc822\r\n\r\nFrom: x\r\n\r\ninner",
    b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i) for i in range(3000)),
])
def test_no_mail_is_too_broken_to_read(raw: bytes) -> None:
    assert len(parse_mail(raw).key) == 32  # read without raising, and remembered by a key


def test_multipart_report_is_a_bounce() -> None:
    raw = (b"From: postmaster@mx.example\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
           b"--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nAction: failed\r\n--b--\r\n")
    assert parse_mail(raw).automatic is not None


def test_our_own_address_is_a_loop() -> None:
    assert parse_mail(b"From: pbem@games.example\r\n\r\nhi", own=("pbem@games.example",)).automatic is not None


def test_a_forwarded_mail_is_not_read_as_orders() -> None:
    raw = (b"From: a@b.example\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n"
           b"game: g1\r\n--b\r\nContent-Type: message/rfc822\r\n\r\nFrom: x@y.example\r\n\r\nbid: 9\r\n--b--\r\n")
    mail = parse_mail(raw)
    assert mail.text == "game: g1\n"


def test_a_spoofed_or_multiple_from_gives_no_address() -> None:
    assert parse_mail(b"From: a@b.example, c@d.example\r\n\r\nx").sender is None
    assert parse_mail(b'From: "x@evil.example" <a@b.example>\r\n\r\nx').sender == "a@b.example"
    assert parse_mail(b"From: =?utf-8?q?A=0D=0ABcc:_x@y?= <a@b.example>\r\n\r\nx").sender == "a@b.example"


def test_orders_copied_with_the_welcome_mail_s_indentation() -> None:
    doc = parse(clean_order_text("Hi,\n    game: g1\n    seat: anna\n    bid: 2\n"), "mail")
    assert not doc.problems and doc.header == {"game": "g1", "seat": "anna"} and doc.body == {"bid": 2}


def test_an_empty_plain_part_beside_the_html_is_passed_over() -> None:
    raw = (b"From: a@b.example\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n"
           b" \r\n--b\r\nContent-Type: text/html\r\n\r\n<div>game: g1</div><div>bid:&nbsp;2</div>\r\n--b--\r\n")
    assert parse_mail(raw).text == "game: g1\nbid: 2\n"


def test_rfc2231_content_type_parameters_are_read() -> None:
    raw = (b"From: a@b.example\r\nContent-Type: text/plain; charset*=utf-8''utf-8; format*=us-ascii''flowed\r\n\r\n"
           b"game: g1\r\nbid: \r\n 2\r\n")
    assert parse_mail(raw).text == "game: g1\nbid: 2\n"


def test_broken_tags_are_text_and_whole_tags_stay() -> None:
    from pbem.mail.text import defuse

    assert defuse("<a<a<b>x</b> 1 < 2 <!-- c --> <br/>") == "&lt;a&lt;a<b>x</b> 1 &lt; 2 <!-- c --> <br/>"
    assert defuse("ok <!-- never closed <div>hidden</div>") == "ok "
    assert html_to_text("<div>bid: 2</div>" + "<a" * 20000) .startswith("bid: 2\n<a<a")  # read, not stalled


def test_a_long_line_is_never_taken_for_an_attribution() -> None:
    line = "Am " + "schrieb " * 5000 + ":"
    assert strip_quotes(f"{line}\n> quoted\n") == f"{line}\n\n"


def test_stray_end_tags_are_ignored_and_a_quote_still_closes() -> None:
    assert html_to_text("<div>bid: 2</p><blockquote>old</span></blockquote><p>x</div>y") == "bid: 2\nx\ny"
    assert html_to_text("<div>" * 30000 + "bid: 1" + "</p>" * 30000).strip() == "bid: 1"  # read, not stalled
