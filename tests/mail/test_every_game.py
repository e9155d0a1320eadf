"""Orders by mail work for every installed game: a robot's legal orders, mailed, are accepted as they are, and
played through the real IMAP and SMTP servers they carry a game from its welcome, step by step."""

from __future__ import annotations

import email.policy
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conformance.cases import Case, firsts

from engine import registry
from engine.rng import Rng
from pbem import game_yaml, store
from pbem.mail import notices
from pbem.mail import settings as mail_settings
from pbem.mail.handle import handle
from pbem.mail.tick import default_renderer, tick
from pbem.orders import dump_body, render

from .conftest import Site
from .mails import order_mail

INSTALLED = sorted(registry.games())


@pytest.mark.parametrize("game_id", INSTALLED)
def test_mailed_robot_orders_are_accepted(game_id: str, tmp_path: Path) -> None:
    game = registry.get(game_id)
    root = tmp_path / "games"
    root.mkdir()
    (root / "pbem.yaml").write_text("from: pbem@games.example\n", encoding="utf-8")
    settings = mail_settings.load(root)
    count = game.player_counts.start
    seats = [game_yaml.Seat(f"p{i}", f"p{i}@example.org") for i in range(count)]
    gd, tokens = store.create(root / "g", game_id, "mail-seed", seats)
    state = gd.state()
    prompted = [p.seat for p in game.prompts(state)]
    assert prompted, f"{game_id} prompts nobody at the start"
    for seat in prompted:
        order = game.random_order(state, seat, Rng.for_step("mail", 1, seat))
        text = render({"game": "g", "seat": seat, "step": 1, "token": tokens[seat]}, dump_body(order))
        raw = order_mail(text, sender=f"{seat}@example.org").as_bytes(policy=email.policy.SMTP)
        outcome = handle(root, settings, raw)
        assert outcome.status == "accepted", (outcome, text)
    assert sorted(gd.pending()) == sorted(prompted)


#: Steps of each game played through the servers: the whole of a short game, the opening of a long one.
STEPS = 3
MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@pytest.mark.mail
@pytest.mark.slow  # a tick through both servers, with every seat's reports, for each step of each game
@pytest.mark.parametrize("case", firsts(), ids=lambda case: case.name)  # one of each game and robot variant
def test_robot_orders_mailed_through_the_servers_play_the_game(case: Case, site: Site) -> None:
    """Every game by mail: the welcome goes out, each prompted seat mails its robot's order to the IMAP box, the
    tick reads and accepts it, resolves the step and sends every seat its report, step after step."""
    game = case.game
    seats = [game_yaml.Seat(name, f"{name}@example.org", mail="every", pdf=False) for name in case.seats]
    gd, tokens = store.create(site.root / "every", case.game_id, "mail-seed", seats, dict(case.options))
    renderer = default_renderer(site.settings)
    notices.queue_welcome(gd, site.settings, tokens, now=MONDAY_9)
    first = tick(site.root, site.settings, now=MONDAY_9, render=renderer)
    assert not first.errors, first.errors
    assert site.smtp is not None and site.mailbox is not None
    assert all(any(m.message["X-Pbem-Kind"] == "welcome" for m in site.smtp.to(s.address or "")) for s in seats)
    done = first
    for number in range(1, STEPS + 1):
        state = gd.state()
        if game.result(state) is not None:
            break
        prompted = [p.seat for p in game.prompts(state)]
        for seat in prompted:
            order = game.random_order(state, seat, Rng.for_robot("mail", number, seat))
            text = render({"game": "every", "seat": seat, "step": number, "token": tokens[seat]}, dump_body(order))
            site.mailbox.deliver(order_mail(text, sender=f"{seat}@example.org"))
        done = tick(site.root, site.settings, now=MONDAY_9 + timedelta(minutes=10 * number), render=renderer)
        assert not done.errors, done.errors
        assert done.fetched is not None and [o.status for o in done.fetched.outcomes] == ["accepted"] * len(prompted)
        assert gd.current_step() == number, done.games.get("every")
        for seat in seats:
            assert [m for m in site.smtp.to(seat.address or "") if m.message["X-PBEM-Step"] == str(number)], (
                f"{seat.name} got no report of step {number}")
    if game.result(gd.state()) is not None:
        assert "the game is over" in done.games["every"]
    sent = [m.message["Message-ID"] for m in site.smtp.received]
    assert len(sent) == len(set(sent)), "nothing is sent twice"
