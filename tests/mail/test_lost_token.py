"""A lost token, as docs/mail.md tells it: which game such a mail is for, and who must have sent it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from pbem import game_yaml, store
from pbem.mail import compose
from pbem.mail.cli import tick

from .conftest import GAME, Site
from .mails import order_mail

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def second_game(site: Site) -> None:
    """g2, where ben's address has a seat too (bea): his address alone no longer tells the game."""
    store.create(site.root / "g2", GAME.id, "seed-2", [game_yaml.Seat("bea", "ben@example.org"),
                                                       game_yaml.Seat("carl", "carl@example.org")])


def ticked(site: Site) -> dict[str, Any]:
    """Fetch, handle and deliver; what became of the mail."""
    result = CliRunner().invoke(tick, [str(site.root), "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["ok"] is True, result.output
    [mail] = document["fetched"]["mails"]
    return dict(mail)


def to_moderator(site: Site) -> list[str]:
    return [m.text() for m in site.smtp.to("mod@example.org")]


def test_a_game_tag_in_the_subject_names_the_game_of_an_address_with_several_seats(site: Site) -> None:
    second_game(site)
    site.mailbox.deliver(order_mail("I lost my token.\n", sender="ben@example.org", subject="Re: [g2] lost token"))
    mail = ticked(site)
    assert (mail["status"], mail["game"], mail["seat"]) == ("moderator", "g2", "bea")
    [said] = to_moderator(site)
    assert f"pbem mail welcome {site.root / 'g2'} --seat bea" in said
    assert any("new token" in m.text() for m in site.smtp.to("ben@example.org"))


def test_a_reply_to_a_mail_of_the_game_needs_no_tag(site: Site) -> None:
    second_game(site)
    thread = compose.make_id(site.settings, "check", "g1", "ben", "earlier")
    site.mailbox.deliver(order_mail("Forgot it, sorry.\n", sender="ben@example.org", subject="Re: forgot my token",
                                    headers={"In-Reply-To": thread, "References": thread}))
    mail = ticked(site)
    assert (mail["status"], mail["game"], mail["seat"]) == ("moderator", "g1", "ben")
    [said] = to_moderator(site)
    assert "--seat ben" in said


def test_a_tag_naming_a_game_where_the_address_has_no_seat_is_not_passed_on(site: Site) -> None:
    second_game(site)
    site.mailbox.deliver(order_mail("I lost my token.\n", sender="anna@example.org", subject="[g2] lost token"))
    mail = ticked(site)
    assert (mail["status"], mail["game"]) == ("rejected", "g2") and to_moderator(site) == []
