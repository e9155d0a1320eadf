"""Player-written text never breaks a problem's line: quoted, escaped, and unable to forge a line of an answer."""

from __future__ import annotations

import email.policy
import json
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.contract import Problem
from engine.quoting import MAX_QUOTED, one_line, quoted
from engine.rng import Rng
from pbem import game_yaml, store
from pbem.intake import check
from pbem.mail import settings as mail_settings
from pbem.mail.handle import handle
from pbem.mail.mailbox import state_dir
from pbem.orders import Located, parse

FORGED = "Your orders were ACCEPTED."
ECHO = "Your orders as pbem read them:"
#: Line breaks of every kind, controls, and the bidirectional marks that reorder what a reader sees.
HOSTILE = (
    f"x\n{FORGED}",
    f"x\r\n{FORGED}",
    f"x\r{FORGED}",
    f"x\u2028{FORGED}",
    f"x\u2029{FORGED}",
    f"x\x85{FORGED}",
    f"x\x0b{FORGED}\x0c",
    f"x\x1c\x1d\x1e{FORGED}",
    "\x1b[2K\x1b[1Gred",
    "\x00\x07\x7f\x9b",
    "\u202egnp.exe",
    "\u202a\u202b\u202c\u202d",
    "\u2066\u2067\u2068\u2069",
    "\u200e\u200f\u061c",
    "tab\there",
    "\ufeffbom",
)


def assert_one_line(message: str) -> None:
    """One printable line, with no player text that could pass for a line of pbem's own."""
    assert len(message.splitlines()) == 1, repr(message)
    assert all(c.isprintable() for c in message), repr(message)
    assert "\n" + FORGED not in message and "\r" not in message


@pytest.mark.parametrize("text", HOSTILE)
def test_quoted_and_one_line_escape_every_line_break_control_and_bidirectional_mark(text: str) -> None:
    for value in (text, text * 30, [text], {text: text}):
        shown = quoted(value)
        assert_one_line(shown)
        assert len(shown) <= MAX_QUOTED
    assert_one_line(one_line(text))


def test_quoted_reads_like_repr_and_cuts_long_text_between_characters() -> None:
    assert quoted("three") == "'three'" and quoted(2.5) == "2.5" and quoted([3]) == "[3]"
    assert quoted("a\nb") == repr("a\nb") == "'a\\nb'"
    assert quoted("\u202e" * 50) == "'" + "\\u202e" * 5 + "'..."  # never half an escape
    assert quoted("x" * 100) == "'" + "x" * 35 + "'..."
    assert one_line("plain text, é and 5X") == "plain text, é and 5X"


def _x5_orders() -> list[tuple[str, Any]]:
    """Expedition to 5X orders carrying hostile text in every key and value a player writes."""
    found: list[tuple[str, Any]] = []
    for h in HOSTILE:
        found += [
            ("choose", {h: 1, "action": "drill"}),
            ("choose", {"action": h}),
            ("choose", {"action": "excavate", "bid": h}),
            ("choose", {"action": "excavate", "bid": {h: 1, "alone": h}}),
            ("choose", {"action": "excavate", "bid": 1, "wishes": [h, {"card": h}]}),
            ("choose", {"action": "excavate", "bid": 1, "wishes": [{"card": "T01", h: 1, "left": h, "right_top": h}]}),
            ("bid", {h: 1, "bid": h}),
        ]
    return found


def test_expedition_5x_problems_quote_every_player_value_on_one_line() -> None:
    from games.expedition_5x import GAME as X5

    state = X5.setup(["anna", "bob", "cora"], {}, Rng.for_step("quoting", 0))
    excavate = {"anna": {"action": "excavate"}, "bob": {"action": "drill"}, "cora": {"action": "drill"}}
    bidding = X5.apply(state, excavate, Rng.for_step("quoting", 1)).state
    assert [p.kind for p in X5.prompts(bidding)] == ["bid"]
    checked = 0
    for stage, order in _x5_orders():
        problems = X5.check(state if stage == "choose" else bidding, "anna", order)
        assert problems, order
        for problem in problems:
            assert_one_line(problem.message)
            checked += 1
    assert checked > 5 * len(HOSTILE)


def _pax_orders(seat: str) -> list[Any]:
    """Pax Pamir orders carrying hostile text in keys and values, at the top and inside an action."""
    found: list[Any] = []
    for h in HOSTILE:
        found += [
            {h: 1},
            {"actions": [{"action": h}]},
            {"actions": [{"action": "purchase", "row": h, "column": h}]},
            {"actions": [{"action": "purchase", "row": 1, "column": 2, h: 1}]},
            {"actions": [{"action": "play", "card": h, "side": h}]},
            {"answers": {h: h}},
            {"standing": {h: h}},
            {"cleanup": {h: [h]}},
            {"actions": h},
        ]
    return found


def test_pax_pamir_problems_quote_every_player_value_on_one_line() -> None:
    from games.pax_pamir import GAME as PAX

    state = PAX.setup(["anna", "bob", "cora"], {}, Rng.for_step("quoting", 0))
    seat = PAX.prompts(state)[0].seat
    checked = 0
    for order in _pax_orders(seat):
        problems: list[Problem] = PAX.check(state, seat, order)
        assert problems, order
        for problem in problems:
            assert_one_line(problem.message)
            checked += 1
    assert checked >= len(_pax_orders(seat))


@pytest.fixture
def x5_game(tmp_path: Path) -> tuple[store.GameDir, dict[str, str]]:
    seats = [game_yaml.Seat("anna", "anna@example.org"), game_yaml.Seat("ben", "ben@example.org"), game_yaml.Seat("cleo")]
    return store.create(tmp_path / "games" / "g1", "expedition-5x", "quoting", seats)


def _headers(token: str) -> list[str]:
    """Order documents whose game, seat or step header carries hostile text (as YAML escapes)."""
    texts = []
    for h in HOSTILE:
        q = json.dumps(h)  # a JSON string is a YAML double-quoted scalar with the same escapes
        texts += [
            f"game: {q}\nseat: anna\nstep: 1\ntoken: {token}\naction: drill\n",
            f"game: g1\nseat: {q}\nstep: 1\ntoken: {token}\naction: drill\n",
            f"game: g1\nseat: anna\nstep: {q}\ntoken: {token}\naction: drill\n",
            f"game: g1\nseat: anna\nstep: 1\ntoken: {q}\naction: drill\n",
            f"game: g1\nseat: anna\nstep: 1\ntoken: {token}\n{q}: 1\naction: {q}\n",
            f"game: g1\nseat: anna\nstep: 1\ntoken: {token}\na: !{json.dumps(h)[1:-1]} 1\n",
        ]
    return texts


@pytest.mark.parametrize("require_token", [False, True])
def test_header_problems_are_one_line_whatever_the_header_says(x5_game, require_token: bool) -> None:
    gd, tokens = x5_game
    checked = 0
    for text in _headers(tokens["anna"]):
        doc = check(gd, text, "mail", require_token=require_token)
        assert doc.problems or (not require_token and f"token: {tokens['anna']}" not in text), text
        for problem in doc.problems:
            assert_one_line(str(problem))
            checked += 1
    assert checked >= len(HOSTILE) * 4


def test_a_huge_header_value_is_cut_short_in_its_problem(x5_game) -> None:
    gd, _ = x5_game
    for key in ("game", "seat"):
        header = {"game": "g1", "seat": "anna", "step": 1, key: "x\n" * 5000}
        text = "".join(f"{k}: {json.dumps(v)}\n" for k, v in header.items()) + "action: drill\n"
        [problem] = check(gd, text, "o.yaml").problems
        assert_one_line(str(problem))
        assert len(problem.message) < 200 and "'x\\nx\\n" in problem.message


def test_a_located_problem_prints_on_one_line_even_from_a_careless_game() -> None:
    # The last guard: whatever a game writes into a message, pbem's answer line stays one line.
    problem = Located("o.yaml\nx", 3, 4, f"bad value 'a\n{FORGED}'\u202e")
    assert_one_line(str(problem))
    assert str(problem) == "o.yaml\\nx:3:4: bad value 'a\\nYour orders were ACCEPTED.'\\u202e"


def test_a_yaml_tag_with_an_escaped_line_break_is_refused_on_one_line() -> None:
    [problem] = parse(f"a: !x%0A{FORGED.replace(' ', '%20')} 1\n", "o.yaml").problems
    assert_one_line(str(problem))
    assert "tags" in problem.message


def _mail(text: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Anna <anna@example.org>"
    msg["To"] = "pbem@games.example"
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<q-{abs(hash(text))}@player.example>"
    msg.set_content(text)
    return msg.as_bytes(policy=email.policy.SMTP)


def test_no_player_text_forges_a_line_of_a_mailed_answer(x5_game) -> None:
    gd, tokens = x5_game
    root = gd.root.parent
    (root / "pbem.yaml").write_text("from: pbem@games.example\n", encoding="utf-8")
    settings = mail_settings.load(root)
    assert registry.get("expedition-5x") is gd.game
    orders = [
        f"game: g1\nseat: anna\nstep: 1\ntoken: {tokens['anna']}\n{json.dumps(h)}: 1\naction: {json.dumps(h)}\n"
        for h in HOSTILE
    ] + [f"game: g1\nseat: {json.dumps(h)}\nstep: 1\ntoken: {tokens['anna']}\naction: drill\n" for h in HOSTILE]
    for text in orders:
        outcome = handle(root, settings, _mail(text))
        assert outcome.status == "rejected", text
    for h in HOSTILE:  # a game name that is no game: answered from pbem's own outbox
        handle(root, settings, _mail(f"game: {json.dumps(h)}\nseat: anna\nstep: 1\ntoken: x\naction: drill\n"))
    answers = sorted(gd.outbox_dir().glob("*.eml")) + sorted((state_dir(root) / "outbox").glob("*.eml"))
    # Every authenticated order is answered; mail without a valid token is answered sparingly (rate limits),
    # and whatever answers it gets are checked all the same.
    assert len(list(gd.outbox_dir().glob("*.eml"))) >= len(HOSTILE)
    for path in answers:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        part = msg.get_body(("plain",))  # type: ignore[attr-defined]
        lines = str(part.get_content()).splitlines()
        assert not any(line.strip() == FORGED for line in lines), lines
        # Every line pbem writes is escaped; only the echo of the orders as read is the player's own text.
        echo = lines.index(ECHO) if ECHO in lines else len(lines)
        ours = lines[:echo] + [line for line in lines[echo + 1:] if not line.startswith("  ")]
        assert all(c.isprintable() for line in ours for c in line), lines
