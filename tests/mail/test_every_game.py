"""Orders by mail work for every installed game: a robot's legal orders, mailed, are accepted as they are."""

from __future__ import annotations

import email.policy
from pathlib import Path

import pytest

from engine import registry
from engine.rng import Rng
from pbem import store
from pbem.mail import settings as mail_settings
from pbem.mail.handle import handle
from pbem.orders import dump_body, render

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
    seats = [store.Seat(f"p{i}", f"p{i}@example.org") for i in range(count)]
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
