"""The mail commands, as a moderator types them."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pbem import store
from pbem.mail.cli import mail, tick
from pbem.mail.dovecot import free_port

from .conftest import GAME, SEATS, Site, write_settings
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


def test_an_unreachable_server_is_one_line_however_many_mails_wait(site: Site) -> None:
    """Cron mails the moderator whatever a run prints: an outage is one line, not one per queued mail."""
    run("welcome", str(site.gd.root))
    write_settings(site.root, None, free_port())  # nothing listens there
    code, out = run("send", str(site.root))
    failed = [line for line in out.splitlines() if line.startswith("failed")]
    assert code == 1 and len(failed) == 1, out
    assert "3 mails stay queued" in failed[0] and "Connection refused" in failed[0]
    assert len(list(site.gd.outbox_dir().glob("*.eml"))) == 3


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


def json_run(*args: str) -> tuple[int, dict[str, Any], str]:
    """A mail command with --json: its exit code, its document and what it said on stderr."""
    command = tick if args[0] == "tick" else mail
    result = CliRunner().invoke(command, [*(args[1:] if args[0] == "tick" else args), "--json"])
    return result.exit_code, json.loads(result.stdout), result.stderr


def test_tick_json_names_each_mail_each_game_and_each_delivery(site: Site) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"]), sender="anna@example.org"))
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, "not-bens-token"), sender="ben@example.org"))
    code, document, err = json_run("tick", str(site.root))
    assert code == 0 and err == "" and document["ok"] is True and "error" not in document
    assert document["busy"] is False and document["other"] is None and document["errors"] == []
    mails = sorted(document["fetched"]["mails"], key=lambda m: m["sender"])
    assert [(m["status"], m["game"], m["seat"], m["sender"]) for m in mails] == [
        ("accepted", "g1", "anna", "anna@example.org"), ("rejected", "g1", "ben", "ben@example.org")]
    assert document["fetched"]["errors"] == [] and set(document["games"]) == {"g1"}
    sent = document["sent"]
    assert len(sent["sent"]) == len(site.smtp.received) >= 2 and sent["failed"] == sent["held"] == []
    printed = json.dumps(document)
    assert not any(token in printed for token in site.tokens.values())
    assert not any(seat.token_hash in printed for seat in store.open_game(site.gd.root).meta.seats)


def test_tick_json_a_delivery_that_failed_is_ok_false_with_one_line(site: Site) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"]), sender="anna@example.org"))
    site.smtp.refuse = "451 4.3.0 try again later"
    code, document, err = json_run("tick", str(site.root))
    failed = document["sent"]["failed"]
    assert code == 1 and document["ok"] is False and failed and document["sent"]["sent"] == []
    assert document["error"] == f"mail not delivered: {len(failed)} failed (to retry)"
    assert err == f"Error: mail not delivered: {len(failed)} failed (to retry)\n"
    assert all(f["file"].endswith(".eml") for f in failed) and "451 4.3.0" in failed[0]["answer"]
    assert document["sent"]["unreachable"] is None  # the server answered: each mail's failure is its own


def test_tick_json_while_another_tick_runs_says_who(site: Site) -> None:
    from pbem.files import locked
    from pbem.mail.mailbox import state_dir

    with locked(state_dir(site.root) / "tick.lock", wait=False):
        code, document, _ = json_run("tick", str(site.root))
    assert code == 0 and document["ok"] is True and document["busy"] is True
    assert document["other"]["pid"] == os.getpid() and document["fetched"] is None and document["sent"] is None


def test_mail_press_json_lists_what_players_sent_by_mail(site: Site) -> None:
    press = "press:\n  to: [ben]\n  text: |\n    Kabul is yours,\n    Persia mine?\n"
    text = f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\n{press}"
    site.mailbox.deliver(order_mail(text, sender="anna@example.org"))
    assert run("fetch", str(site.root))[0] == 0
    code, document, err = json_run("press", str(site.gd.root))
    assert code == 0 and err == "" and document["ok"] is True and document["game"] == "g1" and document["seat"] is None
    [message] = document["messages"]
    assert {k: v for k, v in message.items() if k != "at"} == {
        "number": 1, "step": 0, "sender": "anna", "to": ["ben"], "anonymous": False,
        "text": "Kabul is yours,\nPersia mine?\n"}
    assert site.tokens["anna"] not in json.dumps(document)
    code, document, _ = json_run("press", str(site.gd.root), "--seat", "cleo")
    assert code == 0 and document["messages"] == [] and document["seat"] == "cleo"
