"""Mail as real clients write it: forwards, sign-offs, cut lines, hard wraps, UTF-16 attachments, old attachments.

The samples in samples/ are written the way Thunderbird, Gmail, Apple Mail, Outlook and Windows Notepad
write them (the token is filled in by the test). Each must be accepted with the orders the player meant.
"""

from __future__ import annotations

import base64
import email
import email.policy
from email.message import Message
from pathlib import Path

import pytest
from conformance.cases import Case, params

from engine import registry
from engine.rng import Rng
from pbem import game_yaml, store
from pbem.mail import settings as mail_settings
from pbem.mail.handle import handle
from pbem.mail.message import attachment_text
from pbem.mail.text import clean_order_text
from pbem.orders import TEMPLATE_WIDTH, parse, render
from pbem.reports.model import TOKEN_HINT, report_model

from .conftest import Site
from .mails import order_mail

SAMPLES = Path(__file__).parent / "samples"


def sample(name: str, token: str) -> bytes:
    """A sample mail with the seat's token in place of TOKEN, also inside base64 parts (in any encoding)."""
    msg = email.message_from_bytes((SAMPLES / name).read_bytes(), policy=email.policy.compat32)
    for part in msg.walk():
        if str(part.get("Content-Transfer-Encoding", "")).lower() == "base64":
            data = part.get_payload(decode=True)
            for codec in ("utf-8", "utf-16-le"):
                data = data.replace("TOKEN".encode(codec), token.encode(codec))
            part.set_payload(base64.encodebytes(data).decode("ascii"))
    return msg.as_bytes(policy=email.policy.compat32).replace(b"TOKEN", token.encode("ascii"))


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.eml")))
def test_a_client_sample_is_accepted_with_the_orders_meant(name: str, offline: Site) -> None:
    outcome = handle(offline.root, offline.settings, sample(name, offline.tokens["anna"]))
    assert outcome.status == "accepted", outcome
    assert "pick: 3" in offline.gd.pending()["anna"]


# --- each cleaning step on its own, with the line numbers a player sees ---------------------------------------


def test_a_forwards_own_orders_win_over_the_forwarded_ones() -> None:
    text = "game: g1\nbid: 2\n\n-------- Forwarded Message --------\nSubject: \torders\n\ngame: g1\nbid: 5\n"
    cleaned = clean_order_text(text)
    assert "bid: 2" in cleaned and "bid: 5" not in cleaned


def test_a_forwarded_order_keeps_its_line_numbers() -> None:
    text = "see below\n\n---------- Forwarded message ---------\nFrom: A <a@x>\nDate: today\n\ngame: g1\nbid: x: y\n"
    doc = parse(clean_order_text(text), "mail")
    assert doc.problems and doc.problems[0].line == 8


def test_an_outlook_forward_is_read_only_when_the_subject_says_forward() -> None:
    text = "________________________________\nFrom: Anna\nSent: Monday\nSubject: orders\n\ngame: g1\nbid: 4\n"
    assert "bid: 4" in clean_order_text(text, forward=True)
    assert "bid: 4" not in clean_order_text(text)  # a reply's quoted original is never read as orders


def test_a_sign_off_without_dashes_is_left_out_and_said() -> None:
    notes: list[str] = []
    cleaned = clean_order_text("game: g1\nbid: 4\n\nThanks,\nCleo\n", notes=notes)
    assert cleaned == "game: g1\nbid: 4\n"
    assert notes == ["the last lines of your mail ('Thanks, / Cleo') were read as a sign-off and left out"]


def test_lines_that_could_be_orders_are_never_taken_for_a_sign_off() -> None:
    for tail in ("bid: 4", "  - T03", "# a comment", "[T03, T07]", "- Anna"):
        text = f"game: g1\nbid: 4\n\n{tail}\n"
        assert clean_order_text(text).rstrip("\n").endswith(tail.rstrip()), tail


def test_only_the_text_between_the_cut_lines_is_read() -> None:
    text = "Here:\n-------- 8< --------\ngame: g1\nbid: 4\n-------- 8< --------\nbye: now\n"
    assert clean_order_text(text) == "\n\ngame: g1\nbid: 4\n"


def test_utf16_without_a_byte_order_mark_is_recognised() -> None:
    notes: list[str] = []
    for codec in ("utf-16-le", "utf-16-be"):
        assert attachment_text("game: g1\nbid: 4\n".encode(codec), Message(), notes) == "game: g1\nbid: 4\n"
    assert notes and "UTF-16" in notes[0]


# --- Outlook wraps plain text at 76 columns: every template line fits 72 ---------------------------------------

def templates(game_id: str, players: int, options: dict[str, object], steps: int = 60) -> list[str]:
    """Every order template a robot game asks for, rendered as pbem renders it for a report."""
    game = registry.get(game_id)
    seats = [f"p{i}" for i in range(players)]
    state = game.setup(seats, options, Rng(f"width/{game_id}/{players}"))
    found = []
    for step in range(steps):
        prompts = game.prompts(state)
        if game.result(state) is not None or not prompts:
            break
        for prompt in prompts:
            found.append(render({"game": "g", "seat": prompt.seat, "step": step + 1},
                                TOKEN_HINT + game.template(state, prompt.seat)))
        orders = {p.seat: game.random_order(state, p.seat, Rng.for_step("width", step, p.seat)) for p in prompts}
        state = game.apply(state, orders, Rng.for_step("width", step)).state
    return found


@pytest.mark.parametrize("case", params())
def test_every_template_line_fits_72_columns_and_still_parses(case: Case) -> None:
    found = templates(case.game_id, case.setup.players, dict(case.options))
    assert found
    for text in found:
        too_long = [line for line in text.split("\n") if len(line) > TEMPLATE_WIDTH]
        assert not too_long, too_long
        assert parse(text, "template").problems == []


def outlook(text: str, width: int = 76) -> str:
    """Plain text as Outlook sends it: every line longer than `width` broken at its last space before it."""
    out = []
    for line in text.split("\n"):
        while len(line) > width and " " in line[:width]:
            cut = line.rindex(" ", 0, width)
            out.append(line[:cut])
            line = line[cut + 1:]
        out.append(line)
    return "\n".join(out)


def test_an_outlook_wrapped_pax_pamir_template_is_accepted(tmp_path: Path) -> None:
    root = tmp_path / "games"
    root.mkdir()
    (root / "pbem.yaml").write_text("from: pbem@games.example\n", encoding="utf-8")
    settings = mail_settings.load(root)
    seats = [game_yaml.Seat(name, f"{name}@example.org") for name in ("anna", "ben", "cleo")]
    gd, tokens = store.create(root / "g", "pax-pamir", "outlook-seed", seats)
    seat = report_model(gd, 0, None)["waiting_for"][0]["seat"]
    template = report_model(gd, 0, seat)["order_template"]
    text = outlook(template.replace(TOKEN_HINT, f"token: {tokens[seat]}\n", 1))
    assert text.count("\n") == template.count("\n"), "every template line fits, so Outlook breaks none of them"
    raw = order_mail(text, sender=f"{seat}@example.org").as_bytes(policy=email.policy.SMTP)
    outcome = handle(root, settings, raw)
    assert outcome.status == "accepted", outcome


@pytest.mark.mail
def test_every_client_sample_through_the_real_servers(site: Site) -> None:
    """Each sample delivered to Dovecot and fetched by `pbem tick`: each is answered ACCEPTED over SMTP."""
    from pbem.mail.tick import tick

    names = sorted(p.name for p in SAMPLES.glob("*.eml"))
    for name in names:
        assert site.mailbox is not None and site.smtp is not None
        site.mailbox.deliver(sample(name, site.tokens["anna"]))
        summary = tick(site.root, site.settings, render=None)
        assert not summary.errors, (name, summary.errors)
        answers = [m for m in site.smtp.to("anna@example.org") if "ACCEPTED" in m.text()]
        assert len(answers) == names.index(name) + 1, name
        assert "pick: 3" in site.gd.pending()["anna"], name
        site.gd.withdraw_pending("anna")
