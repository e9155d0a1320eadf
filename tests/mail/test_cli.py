"""The mail commands, as a moderator types them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import store
from pbem.mail.cli import mail, tick

from .conftest import GAME, SEATS, Site
from .mails import order_mail, order_text

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def run(*args: str) -> tuple[int, str]:
    command = tick if args[0] == "tick" else mail
    result = CliRunner().invoke(command, list(args[1:] if args[0] == "tick" else args))
    return result.exit_code, result.output


def test_welcome_send_fetch_and_tick(site: Site) -> None:
    code, out = run("welcome", str(site.gd.root))
    assert code == 0 and out.count("queued /") == 3
    code, out = run("send", str(site.root))
    assert code == 0 and "sent 3 mails" in out
    token = next(line.split(": ", 1)[1] for line in site.smtp.to("ben@example.org")[0].text().splitlines()
                 if line.startswith("Your secret token is: "))
    assert token not in out
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, token), sender="ben@example.org"))
    code, out = run("fetch", str(site.root))
    assert code == 0 and "accepted" in out and "g1/ben" in out and token not in out
    code, out = run("tick", str(site.root))
    # ben's order check only: the setup report went with each welcome mail, never on its own.
    assert code == 0 and "sent 1 mail" in out
    assert not [m for m in site.smtp.received if m.message["X-PBEM-Step"] == "0"]
    welcome = site.smtp.to("anna@example.org")[0].message
    assert welcome["X-Pbem-Kind"] == "welcome" and "Step 0" in welcome.get_body(("plain",)).get_content()


def test_welcome_for_one_seat_rotates_only_its_token(site: Site) -> None:
    before = {s.name: s.token_hash for s in site.gd.meta.seats}
    code, _ = run("welcome", str(site.gd.root), "--seat", "anna")
    after = {s.name: s.token_hash for s in store.open_game(site.gd.root).meta.seats}
    assert code == 0 and after["anna"] != before["anna"] and after["ben"] == before["ben"]
    code, out = run("welcome", str(site.gd.root), "--seat", "zed")
    assert code == 1 and "unknown seat 'zed'" in out


def test_missing_settings_is_one_clear_line(tmp_path: Path) -> None:
    root = tmp_path / "games"
    store.create(root / "g1", GAME.id, "s", SEATS)
    code, out = run("fetch", str(root))
    assert code == 1 and "no mail settings" in out and "Traceback" not in out
    code, out = run("tick", str(root), "--no-mail")
    assert code == 0


def test_a_broken_deadline_setting_is_reported_not_raised(tmp_path: Path) -> None:
    root = tmp_path / "games"
    store.create(root / "g1", GAME.id, "s", SEATS, {"deadline": "whenever"})
    code, out = run("tick", str(root), "--no-mail")
    assert code == 1 and "deadline rule 'whenever'" in out and "Traceback" not in out
